//! *Napoleon*'s answers to the shared model, validation and sheet
//! ([`Plugin`]).

use super::model::NapoleonOptions;
use crate::hex::Hex;
use crate::rules::plugin::{
    BlankScenario, MapOfficer, Plugin, RuleSupport, StartTerrain, UnitMark,
};
use crate::scenario::{Crt, HexsideFeature, Issues, Map, Scenario, Unit, check_text};
use crate::sheet::flow::Flow;
use crate::sheet::{Page, Paper};

impl Plugin for NapoleonOptions {
    fn support(&self) -> RuleSupport {
        RuleSupport {
            name: "Napoleon",
            summary: "Hex miniatures rules: forces under leaders, a General with ADCs, facing, initiative and impulses, one-to-one melee, the break test of the Final Step.",
            crt: false,
            rule_combat: "one-to-one melee [3.7.3]",
            max_hexes: 65_000,
            max_units: 60_000,
            sides: 2,
            victory_hexes: true,
            elevation: true,
            hills: true,
            strongholds: true,
            hexside_features: &[HexsideFeature::Road],
            facing: true,
            unit_factors: true,
            loss_threshold: None,
            forces: true,
            exit_conditions: 0,
            variants: 0,
            rivers: false,
            hexes: true,
            boxes: false,
            // Guns have no combat factor [1.5].
            guns_without_strength: true,
            // Terrain bars units by type, and stacking is by force
            // (`model::setup`).
            start_terrain: StartTerrain::OwnRules,
            rule_victory: "the break test of the Final Step [4.1]",
            movement_table: "its type's allowance in the troop table (N14)",
            movement_source: "troop table, N14",
            crossing_rule: "",
        }
    }

    fn blank(&self) -> BlankScenario {
        BlankScenario {
            terrain: super::model::terrain(),
            crt: Crt::default(),
            sides: ["French", "Prussian"],
            loss_threshold: None,
            turns: 10,
        }
    }

    /// An army per side, France's and Prussia's, each with a General of
    /// command factor 2 to place.
    fn prepare_blank(&self, s: &mut Scenario) {
        for (side, nation) in s.sides.iter_mut().zip(["France", "Prussia"]) {
            side.army = Some(super::model::Army {
                general: super::model::General {
                    name: format!("{} General", side.name),
                    command_factor: 2,
                    hex: None,
                },
                nation: nation.to_string(),
                aggressiveness: 0,
                cavalry_movement: None,
                break_point: None,
            });
        }
    }

    /// The turn limit (N4) within the scenario's length, else the
    /// scenario's length.
    fn game_length(&self, turns: u32) -> u32 {
        self.turn_limit.map_or(turns, |t| t.min(turns))
    }

    /// A turn limit the scenario sets follows its length.
    fn set_game_length(&mut self, turns: &mut u32, n: u32) {
        *turns = n;
        if self.turn_limit.is_some() {
            self.turn_limit = Some(n);
        }
    }

    fn game_length_field(&self) -> Option<&'static str> {
        Some("turn_limit")
    }

    /// The troop table gives the movement (N14).
    fn prepare_unit(&self, _s: &Scenario, u: &mut Unit) {
        u.movement = self.troops.movement.of_unit(u);
    }

    fn unit_faces(&self, _u: &Unit) -> bool {
        true
    }

    /// N14: these rules move a unit by its type's troop-table allowance,
    /// never by its own number.
    fn counter_label(&self, u: &Unit) -> String {
        format!("{}-{}", u.strength, self.troops.movement.of_unit(u))
    }

    fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)> {
        Some((self.troops.movement.of_unit(u), false))
    }

    fn unit_kind_name(&self, u: &Unit) -> String {
        u.kind.name().to_string()
    }

    /// A fortified town hex or farm [3.8.1.3].
    fn stronghold_word(&self) -> &'static str {
        "stronghold"
    }

    /// The outskirts cavalry may not enter (N92).
    fn is_outskirts(&self, map: &Map, h: Hex) -> bool {
        NapoleonOptions::is_outskirts(self, map, h)
    }

    /// The forces' leaders (their factor) and the armies' Generals (their
    /// command factor).
    fn officers(&self, s: &Scenario) -> Vec<MapOfficer> {
        let mut out = Vec::new();
        for sd in &s.sides {
            for f in &sd.forces {
                if let Some(l) = &f.leader
                    && let Some(h) = l.hex
                {
                    out.push(MapOfficer {
                        hex: h,
                        general: false,
                        label: format!("{:+}", l.factor),
                        name: l.name.clone(),
                    });
                }
            }
            if let Some(a) = &sd.army
                && let Some(h) = a.general.hex
            {
                out.push(MapOfficer {
                    hex: h,
                    general: true,
                    label: a.general.command_factor.to_string(),
                    name: a.general.name.clone(),
                });
            }
        }
        out
    }

    fn officer_legend(&self) -> Option<[&'static str; 2]> {
        Some(["General (command factor)", "Leader (factor)"])
    }

    fn unit_mark(&self, _u: &Unit) -> UnitMark {
        UnitMark::Plain
    }

    fn unit_mark_legend(&self) -> &'static [(UnitMark, &'static str)] {
        &[]
    }

    /// A pick-up battle's supply roads (N30, N33).
    fn drawn_roads(&self, s: &Scenario) -> (Vec<(String, Vec<Hex>)>, &'static str) {
        (super::sheet::supply_roads(s), "supply road (N30, N33)")
    }

    /// A pick-up battle's table areas decide where each side deploys and
    /// scores (N23, N33).
    fn draws_areas(&self, s: &Scenario) -> bool {
        super::sheet::is_pickup(s)
    }

    /// The armies' names, then what the rules forbid at set-up
    /// (`model::setup`).
    fn check(&self, s: &Scenario, map: Option<&Map>, out: &mut Issues) {
        for (i, side) in s.sides.iter().enumerate() {
            if let Some(a) = &side.army {
                let q = format!("sides[{i}].army");
                check_text(out, &format!("{q}.nation"), "a nation", &a.nation, false);
                let g = &a.general.name;
                check_text(
                    out,
                    &format!("{q}.general.name"),
                    "a General's name",
                    g,
                    false,
                );
            }
        }
        if let Some(map) = map {
            super::model::setup::check(s, map, self, out);
        }
    }

    /// Nothing of the options is placed on the map.
    fn tile(
        &mut self,
        _copies: &[(u32, Hex)],
        _name: &dyn Fn(&str, u32) -> String,
        _shift: &dyn Fn(Hex, Hex) -> Hex,
    ) {
    }

    fn sheet_victory(&self, flow: &mut Flow, s: &Scenario, map: &Map) {
        super::sheet::victory(flow, s, map);
    }

    fn sheet_sections(&self, flow: &mut Flow, s: &Scenario, map: &Map) {
        super::sheet::sections(flow, s, map);
        crate::sheet::sections::terrain_effects(flow, map);
        crate::sheet::sections::turn_track(flow, s);
    }

    fn sheet_contents(&self) -> &'static str {
        "victory conditions, orders of battle, command check, melee, artillery evasion, troop characteristics, rule options, casualty roster, Terrain Effects Chart, turn track"
    }

    fn mirrored_battle(&self, seed: u64) -> (Scenario, Map) {
        super::generate::mirrored_battle(seed)
    }

    fn sheet_pages(&self, _s: &Scenario, _paper: Paper) -> Vec<Page> {
        Vec::new()
    }
}
