//! The 16-hits rules' answers to the shared model, validation and sheet
//! ([`Plugin`]).

use super::model::{Formation, Hits16Options, Hits16Unit};
use crate::hex::Hex;
use crate::rules::plugin::{
    BlankScenario, MapOfficer, Plugin, RuleSupport, StartTerrain, UnitMark,
};
use crate::scenario::{Crt, HexsideFeature, Issues, Map, Scenario, SideId, Unit, check_text};
use crate::sheet::flow::Flow;
use crate::sheet::{Page, Paper};

/// The letter a counter prints for a formation.
fn formation_letter(f: Formation) -> &'static str {
    match f {
        Formation::Line => "L",
        Formation::AttackColumn => "C",
        Formation::MarchColumn => "M",
        Formation::Square => "Sq",
        Formation::Skirmish => "Sk",
        Formation::CavalryLine => "",
        Formation::Limbered => "Lb",
        Formation::Unlimbered => "",
    }
}

/// The nation a new unit of `side` takes: the one most of the side's
/// units have, else the side's name ("British").
fn side_nation(s: &Scenario, side: &SideId) -> String {
    let mut count: std::collections::BTreeMap<&str, usize> = Default::default();
    for u in s.units.iter().filter(|u| &u.side == side) {
        if let Some(x) = &u.hits16
            && !x.nation.trim().is_empty()
        {
            *count.entry(x.nation.trim()).or_default() += 1;
        }
    }
    // The most common, the first in order on a tie.
    let best = count
        .iter()
        .max_by_key(|&(n, c)| (*c, std::cmp::Reverse(*n)));
    match best {
        Some((n, _)) => n.to_string(),
        None => s
            .side(side)
            .map_or_else(|| side.to_string(), |x| x.name.clone()),
    }
}

impl Plugin for Hits16Options {
    fn support(&self) -> RuleSupport {
        RuleSupport {
            name: "Napoleonic Wars (16 hits)",
            summary: "Measured miniatures rules on 10 cm hexes: 16 hits a unit, formations and fields of fire, charges and hand-to-hand that lasts across turns, Generals who rally.",
            crt: false,
            rule_combat: "a die and modifiers for hits, shooting and hand to hand [L77-101]",
            max_hexes: 65_000,
            max_units: 60_000,
            sides: 2,
            victory_hexes: true,
            elevation: false,
            hills: true,
            strongholds: false,
            hexside_features: &HexsideFeature::ALL,
            facing: true,
            unit_factors: false,
            loss_threshold: None,
            forces: false,
            exit_conditions: 0,
            variants: 0,
            rivers: true,
            hexes: true,
            boxes: false,
            guns_without_strength: false,
            start_terrain: StartTerrain::TerrainTable,
            rule_victory: "an army breaks at half its units lost, else victory hexes at the turn limit (M38)",
            movement_table: "its type's allowance in the Tables (M10)",
            movement_source: "Tables, M10",
            crossing_rule: "a river is crossed only at a bridge or ford, and no terrain costs movement (M3, M14)",
        }
    }

    fn blank(&self) -> BlankScenario {
        BlankScenario {
            terrain: super::model::terrain(),
            crt: Crt::default(),
            sides: ["French", "British"],
            loss_threshold: None,
            turns: self.turn_limit,
        }
    }

    fn prepare_blank(&self, _s: &mut Scenario) {}

    /// The turn limit (M38) within the scenario's length.
    fn game_length(&self, turns: u32) -> u32 {
        self.turn_limit.min(turns).max(1)
    }

    fn set_game_length(&mut self, turns: &mut u32, n: u32) {
        *turns = n;
        self.turn_limit = n;
    }

    fn game_length_field(&self) -> Option<&'static str> {
        Some("turn_limit")
    }

    /// Type, formation, rating and hits from the start, and the nation
    /// of its side (line needs one under the national line rule, M41),
    /// so a British unit may form line at once.
    /// A unit whose data says another kind (its kind was changed) takes
    /// its kind's.
    fn prepare_unit(&self, s: &Scenario, u: &mut Unit) {
        let mut x = Hits16Unit::read(u);
        if x.troop.kind() != u.kind {
            x = Hits16Unit {
                nation: x.nation,
                ..Hits16Unit::from_kind(u.kind)
            };
        }
        if x.nation.trim().is_empty() {
            x.nation = side_nation(s, &u.side);
        }
        u.hits16 = Some(x);
    }

    /// A square has no facing (M8).
    fn unit_faces(&self, u: &Unit) -> bool {
        Hits16Unit::read(u).formation() != Formation::Square
    }

    /// M5, M10: the hits a unit has left of its 16, and its formation's
    /// initial; movement is the type's allowance.
    fn counter_label(&self, u: &Unit) -> String {
        let x = Hits16Unit::read(u);
        let left = 16u32.saturating_sub(x.hits);
        match formation_letter(x.formation()) {
            "" => left.to_string(),
            l => format!("{left} {l}"),
        }
    }

    fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)> {
        Some((*self.move_hexes.get(Hits16Unit::read(u).troop), false))
    }

    fn unit_kind_name(&self, u: &Unit) -> String {
        Hits16Unit::read(u).troop.name().to_string()
    }

    fn stronghold_word(&self) -> &'static str {
        "stronghold"
    }

    fn is_outskirts(&self, _map: &Map, _h: Hex) -> bool {
        false
    }

    /// The Generals on the table, by their initial.
    fn officers(&self, _s: &Scenario) -> Vec<MapOfficer> {
        self.generals
            .iter()
            .filter_map(|g| {
                let h = g.hex?;
                Some(MapOfficer {
                    hex: h,
                    general: true,
                    label: g.name.chars().next().map_or(String::new(), String::from),
                    name: g.name.clone(),
                })
            })
            .collect()
    }

    fn officer_legend(&self) -> Option<[&'static str; 2]> {
        None
    }

    fn unit_mark(&self, _u: &Unit) -> UnitMark {
        UnitMark::Plain
    }

    fn unit_mark_legend(&self) -> &'static [(UnitMark, &'static str)] {
        &[]
    }

    fn drawn_roads(&self, _s: &Scenario) -> (Vec<(String, Vec<Hex>)>, &'static str) {
        (Vec::new(), "")
    }

    fn draws_areas(&self, _s: &Scenario) -> bool {
        false
    }

    /// The Generals' names, then what the rules forbid at set-up
    /// (`model::setup`).
    fn check(&self, s: &Scenario, map: Option<&Map>, out: &mut Issues) {
        for (i, g) in self.generals.iter().enumerate() {
            let p = format!("rules.generals[{i}]");
            check_text(
                out,
                &format!("{p}.name"),
                "a General's name",
                &g.name,
                false,
            );
            check_text(out, &format!("{p}.id"), "a General's id", &g.id, false);
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
    }

    fn sheet_contents(&self) -> &'static str {
        "victory conditions, orders of battle, sequence of play, tables, terrain, hit roster"
    }

    fn mirrored_battle(&self, seed: u64) -> (Scenario, Map) {
        super::generate::mirrored_battle(seed)
    }

    fn sheet_pages(&self, _s: &Scenario, _paper: Paper) -> Vec<Page> {
        Vec::new()
    }
}
