//! Napoleon at Waterloo's answers to the shared model, validation and
//! sheet ([`Plugin`]).

use super::model::NawOptions;
use crate::hex::Hex;
use crate::rules::plugin::{
    BlankScenario, MapOfficer, Plugin, RuleSupport, StartTerrain, UnitMark,
};
use crate::scenario::limits::{MAX_CRT_COLUMNS, MAX_ODDS_TERM};
use crate::scenario::{
    HexsideFeature, Issues, Location, Map, Placement, Scenario, Unit, UnitId, field,
};
use crate::sheet::flow::Flow;
use crate::sheet::{Page, Paper};
use std::collections::{BTreeMap, BTreeSet};

impl Plugin for NawOptions {
    fn support(&self) -> RuleSupport {
        RuleSupport {
            name: "Napoleon at Waterloo",
            summary: "SPI's folio game: strength-point counters, zones of control, odds combat on a CRT, loss thresholds and exits, the Grouchy variant.",
            crt: true,
            rule_combat: "the Combat Results Table [7.0]",
            // Hexes and units are indexed with 16 bits in its engine.
            max_hexes: 65_000,
            max_units: 60_000,
            sides: 2,
            victory_hexes: false,
            elevation: false,
            hills: false,
            strongholds: false,
            hexside_features: &HexsideFeature::ALL,
            facing: false,
            unit_factors: true,
            loss_threshold: Some("strength points (0: none)"),
            forces: false,
            exit_conditions: 1,
            variants: 1,
            rivers: true,
            hexes: true,
            boxes: false,
            guns_without_strength: false,
            start_terrain: StartTerrain::TerrainTable,
            rule_victory: "the victory conditions of [8.0]-[8.4]: loss thresholds and exits",
            movement_table: "",
            movement_source: "",
            crossing_rule: "",
        }
    }

    fn blank(&self) -> BlankScenario {
        BlankScenario {
            terrain: super::model::terrain(),
            crt: super::model::crt(),
            sides: ["French", "Allied"],
            loss_threshold: Some(40),
            turns: 10,
        }
    }

    fn prepare_blank(&self, _s: &mut Scenario) {}

    fn game_length(&self, turns: u32) -> u32 {
        turns
    }

    fn set_game_length(&mut self, turns: &mut u32, n: u32) {
        *turns = n;
    }

    fn game_length_field(&self) -> Option<&'static str> {
        None
    }

    /// Nothing beyond the shared unit: strength and movement are the
    /// counter's own.
    fn prepare_unit(&self, _s: &Scenario, _u: &mut Unit) {}

    fn unit_faces(&self, _u: &Unit) -> bool {
        false
    }

    /// Strength and movement as printed ("4-4").
    fn counter_label(&self, u: &Unit) -> String {
        u.factors()
    }

    fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)> {
        Some((u.movement, true))
    }

    fn unit_kind_name(&self, u: &Unit) -> String {
        u.kind.name().to_string()
    }

    fn stronghold_word(&self) -> &'static str {
        "stronghold"
    }

    fn is_outskirts(&self, _map: &Map, _h: Hex) -> bool {
        false
    }

    /// The game has no officers on the map.
    fn officers(&self, _s: &Scenario) -> Vec<MapOfficer> {
        Vec::new()
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

    /// One unit a hex at the start [4.4], and the CRT.
    fn check(&self, s: &Scenario, map: Option<&Map>, out: &mut Issues) {
        if map.is_some() {
            let mut at_start: BTreeMap<Hex, &UnitId> = BTreeMap::new();
            for u in &s.units {
                let Placement::Start(h) = u.placement else {
                    continue;
                };
                if let Some(first) = at_start.get(&h) {
                    let name = if u.designation.is_empty() {
                        u.id.to_string()
                    } else {
                        format!("{} ({})", u.designation, u.id)
                    };
                    out.error(
                        Location::Hex(h),
                        format!("{name} starts on {h}, where unit {first} already stands: units may not stack [4.4]"),
                    );
                } else {
                    at_start.insert(h, &u.id);
                }
            }
        }
        check_crt(s, out);
    }

    /// Nothing of the options is placed on the map.
    fn tile(
        &mut self,
        _copies: &[(u32, Hex)],
        _name: &dyn Fn(&str, u32) -> String,
        _shift: &dyn Fn(Hex, Hex) -> Hex,
    ) {
    }

    fn sheet_victory(&self, flow: &mut Flow, s: &Scenario, _map: &Map) {
        super::sheet::victory(flow, s);
    }

    fn sheet_sections(&self, flow: &mut Flow, s: &Scenario, map: &Map) {
        super::sheet::order_of_battle(flow, s, map);
        super::sheet::reinforcements(flow, s, map);
        super::sheet::chits(flow, s);
        super::sheet::crt(flow, s);
        crate::sheet::sections::terrain_effects(flow, map);
        crate::sheet::sections::turn_track(flow, s);
        super::sheet::loss_tracks(flow, s);
    }

    fn sheet_contents(&self) -> &'static str {
        "orders of battle, reinforcements, victory conditions, loss tracks, variant chit tables, Combat Results Table, Terrain Effects Chart, turn track"
    }

    fn mirrored_battle(&self, seed: u64) -> (Scenario, Map) {
        super::generate::mirrored_battle(seed)
    }

    fn sheet_pages(&self, _s: &Scenario, _paper: Paper) -> Vec<Page> {
        Vec::new()
    }
}

/// The scenario's Combat Results Table, on which Napoleon at Waterloo
/// resolves every attack [7.0].
pub fn check_crt(s: &Scenario, out: &mut Issues) {
    let crt = &s.crt;
    if crt.columns.is_empty() {
        out.error(
            field("crt.columns"),
            "the combat results table has no odds columns",
        );
    } else if crt.columns.len() > MAX_CRT_COLUMNS {
        out.error(
            field("crt.columns"),
            format!(
                "the combat results table has {} odds columns: at most {MAX_CRT_COLUMNS} are supported",
                crt.columns.len()
            ),
        );
    }
    for (i, c) in crt.columns.iter().enumerate() {
        if c.attack > MAX_ODDS_TERM || c.defence > MAX_ODDS_TERM {
            out.error(
                field(&format!("crt.columns[{i}]")),
                format!(
                    "CRT column {c}: odds go up to {MAX_ODDS_TERM}:1 and down to 1:{MAX_ODDS_TERM}"
                ),
            );
        }
    }
    for (i, w) in crt.columns.windows(2).enumerate() {
        if w[0].value_cmp(w[1]) != std::cmp::Ordering::Less {
            out.error(
                field(&format!("crt.columns[{}]", i + 1)),
                format!(
                    "CRT columns must go from worst to best odds, but {} follows {}",
                    w[1], w[0]
                ),
            );
        }
    }
    let mut dice = BTreeSet::new();
    for (i, row) in crt.rows.iter().enumerate() {
        let loc = field(&format!("crt.rows[{i}]"));
        if !(1..=6).contains(&row.die) {
            out.error(
                loc.clone(),
                format!(
                    "CRT row for die roll {} is not a roll of one six-sided die",
                    row.die
                ),
            );
        }
        if !dice.insert(row.die) {
            out.error(
                loc.clone(),
                format!("the CRT has two rows for die roll {}", row.die),
            );
        }
        if row.results.len() != crt.columns.len() {
            out.error(
                loc,
                format!(
                    "the CRT row for die roll {} has {} results for {} odds columns",
                    row.die,
                    row.results.len(),
                    crt.columns.len()
                ),
            );
        }
    }
    let missing: Vec<String> = (1..=6)
        .filter(|d| !dice.contains(d))
        .map(|d| d.to_string())
        .collect();
    if !missing.is_empty() {
        out.error(
            field("crt.rows"),
            format!("the CRT has no row for die roll {}", missing.join(", ")),
        );
    }
}
