//! One Hour Napoleonic's answers to the shared model, validation and
//! sheet ([`Plugin`]).

use super::model::{Commands, OneHourOptions, OneHourUnit, UnitType};
use crate::hex::Hex;
use crate::rules::plugin::{
    BlankScenario, MapOfficer, Plugin, RuleSupport, StartTerrain, UnitMark,
};
use crate::scenario::{Crt, HexsideFeature, Issues, Map, Scenario, Unit, check_text};
use crate::sheet::flow::Flow;
use crate::sheet::{Page, Paper};

impl Plugin for OneHourOptions {
    fn support(&self) -> RuleSupport {
        RuleSupport {
            name: "One Hour Napoleonic",
            summary: "Square boxes and I-go-you-go turns: a chance card, then shooting, then moves and cavalry charges; units take hits up to their quality and rout.",
            crt: false,
            rule_combat: "dice by range and charges, 3+ to hit (H15-H17, H27)",
            max_hexes: 65_000,
            max_units: 60_000,
            sides: 2,
            victory_hexes: true,
            elevation: true,
            hills: true,
            strongholds: true,
            hexside_features: &[HexsideFeature::Road],
            facing: true,
            unit_factors: false,
            loss_threshold: Some("units routed: the army breaks (0: none) [H9]"),
            forces: false,
            exit_conditions: 0,
            variants: 0,
            rivers: false,
            hexes: false,
            boxes: true,
            guns_without_strength: false,
            start_terrain: StartTerrain::TerrainTable,
            rule_victory: "the scenario's objectives and army morale at the turn limit (H9)",
            movement_table: "its type and formation (H14)",
            movement_source: "type and formation, H14",
            crossing_rule: "",
        }
    }

    fn blank(&self) -> BlankScenario {
        BlankScenario {
            terrain: super::model::terrain(),
            crt: Crt::default(),
            sides: ["French", "Allied"],
            loss_threshold: None,
            turns: 10,
        }
    }

    fn prepare_blank(&self, _s: &mut Scenario) {}

    /// The turn limit (H9) within the scenario's length.
    fn game_length(&self, turns: u32) -> u32 {
        self.turn_limit.min(turns.max(1))
    }

    fn set_game_length(&mut self, turns: &mut u32, n: u32) {
        *turns = n;
        self.turn_limit = n;
    }

    fn game_length_field(&self) -> Option<&'static str> {
        Some("turn_limit")
    }

    /// Type, quality and traits from the start, so the inspector can edit
    /// them.
    /// A unit whose data says another kind (its kind was changed) takes
    /// its kind's.
    fn prepare_unit(&self, _s: &Scenario, u: &mut Unit) {
        if u.one_hour
            .as_ref()
            .is_none_or(|x| x.unit_type.kind() != u.kind)
        {
            u.one_hour = Some(OneHourUnit::from_kind(u.kind));
        }
    }

    fn unit_faces(&self, _u: &Unit) -> bool {
        true
    }

    /// The hits a unit takes before it routs and its traits' initials
    /// (H13, H37: "7 S" for an excellent steadfast unit).
    fn counter_label(&self, u: &Unit) -> String {
        let x = OneHourUnit::read(u);
        let mut traits = String::new();
        for (on, letter) in [
            (x.steadfast, 'S'),
            (x.conscript, 'C'),
            (x.reluctant, 'R'),
            (x.impetuous, 'I'),
            (self.has_shock(&x), 'K'),
            (x.rifles, 'r'),
        ] {
            if on {
                traits.push(letter);
            }
        }
        if traits.is_empty() {
            self.hits_of(&x).to_string()
        } else {
            format!("{} {traits}", self.hits_of(&x))
        }
    }

    /// Units move by type and formation (H14), not by a number.
    fn unit_movement(&self, _u: &Unit) -> Option<(u32, bool)> {
        None
    }

    fn unit_kind_name(&self, u: &Unit) -> String {
        OneHourUnit::read(u).unit_type.name().to_string()
    }

    /// The map's stronghold flag is a strongpoint (H35).
    fn stronghold_word(&self) -> &'static str {
        "strongpoint"
    }

    fn is_outskirts(&self, _map: &Map, _h: Hex) -> bool {
        false
    }

    /// The leaders who start on the map (their initial), army commanders
    /// (who lead every command) as Generals. Leaders arriving later are
    /// listed with the reinforcements.
    fn officers(&self, _s: &Scenario) -> Vec<MapOfficer> {
        self.leaders
            .iter()
            .filter(|l| l.arrives.is_none())
            .filter_map(|l| {
                let h = l.start?;
                Some(MapOfficer {
                    hex: h,
                    general: l.commands == Commands::All,
                    label: l.name.chars().next().map_or(String::new(), String::from),
                    name: l.name.clone(),
                })
            })
            .collect()
    }

    fn officer_legend(&self) -> Option<[&'static str; 2]> {
        Some(["Army commander", "Leader (initial)"])
    }

    /// Light infantry a dot where the cross meets, heavy cavalry a second
    /// bar.
    fn unit_mark(&self, u: &Unit) -> UnitMark {
        match u.one_hour.as_ref().map(|x| x.unit_type) {
            Some(UnitType::LightInfantry) => UnitMark::Dot,
            Some(UnitType::HeavyCavalry) => UnitMark::SecondBar,
            _ => UnitMark::Plain,
        }
    }

    fn unit_mark_legend(&self) -> &'static [(UnitMark, &'static str)] {
        &[
            (UnitMark::Dot, "light infantry (a dot in the cross)"),
            (UnitMark::SecondBar, "heavy cavalry (a second bar)"),
        ]
    }

    fn drawn_roads(&self, _s: &Scenario) -> (Vec<(String, Vec<Hex>)>, &'static str) {
        (Vec::new(), "")
    }

    fn draws_areas(&self, _s: &Scenario) -> bool {
        false
    }

    /// The leaders' and cards' texts, then what the rules forbid at
    /// set-up (`model::setup`).
    fn check(&self, s: &Scenario, map: Option<&Map>, out: &mut Issues) {
        for (i, l) in self.leaders.iter().enumerate() {
            let p = format!("rules.leaders[{i}].name");
            check_text(out, &p, "a leader name", &l.name, false);
        }
        for (i, d) in self.decks.iter().enumerate() {
            for (j, c) in d.cards.iter().enumerate() {
                let p = format!("rules.decks[{i}].cards[{j}]");
                check_text(out, &format!("{p}.title"), "a card title", &c.title, false);
                check_text(out, &format!("{p}.text"), "a card's text", &c.text, false);
            }
        }
        if let Some(map) = map {
            super::model::setup::check(s, map, self, out);
        }
    }

    /// Every copy's leaders and fortified boxes.
    fn tile(
        &mut self,
        copies: &[(u32, Hex)],
        name: &dyn Fn(&str, u32) -> String,
        shift: &dyn Fn(Hex, Hex) -> Hex,
    ) {
        let orig = self.clone();
        self.leaders = copies
            .iter()
            .flat_map(|&(i, off)| {
                orig.leaders.iter().map(move |l| {
                    let mut l = l.clone();
                    l.name = name(&l.name, i);
                    l.start = l.start.map(|h| shift(h, off));
                    l
                })
            })
            .collect();
        self.fortified = copies
            .iter()
            .flat_map(|&(_, off)| orig.fortified.iter().map(move |&h| shift(h, off)))
            .collect();
    }

    fn sheet_victory(&self, flow: &mut Flow, s: &Scenario, map: &Map) {
        super::sheet::victory(flow, s, map);
    }

    fn sheet_sections(&self, flow: &mut Flow, s: &Scenario, map: &Map) {
        super::sheet::sections(flow, s, map);
    }

    fn sheet_contents(&self) -> &'static str {
        "victory conditions, orders of battle, reinforcements, the turn, terrain, hit roster, chance cards"
    }

    fn mirrored_battle(&self, seed: u64) -> (Scenario, Map) {
        super::generate::mirrored_battle(seed)
    }

    /// The decks, as cards to cut out.
    fn sheet_pages(&self, s: &Scenario, paper: Paper) -> Vec<Page> {
        super::sheet::card_pages(s, paper)
    }
}
