//! The One Hour Napoleonic options as the window and the sheet show them:
//! each "Option" of `RULINGS-ONE-HOUR.md` with its ruling, what it does
//! and its values, and the troop table's numbers (Vedette defaults) by
//! dotted path. Read and set through [`DocumentedOptions`].

use crate::rules::one_hour::model::OneHourOptions;
use crate::scenario::options::{DocumentedOptions, OptionDoc, choice, flag, number};

impl DocumentedOptions for OneHourOptions {}

/// The options, in the order of the rulings.
pub const OPTION_DOCS: &[OptionDoc] = &[
    flag(
        "min_move_one_box",
        "H3",
        "A unit may always move one box",
        "A unit may always step one box even when the step costs more than its allowance.",
    ),
    choice(
        "diagonal_corner_rule",
        "H3",
        "A diagonal step is refused when",
        "Which boxes sharing the corner of a diagonal step must hold an enemy or impassable ground to stop it.",
        &[
            ("both_block", "both boxes beside the corner block"),
            ("either_blocks", "either box beside the corner blocks"),
        ],
    ),
    flag(
        "pivot_after_shooting",
        "H4",
        "A unit that shot may still pivot",
        "Lets a unit that shot in step 2 pivot in step 3 (it still may not move).",
    ),
    choice(
        "range_metric",
        "H5",
        "Range is counted",
        "How boxes of range are counted between shooter and target.",
        &[
            ("chebyshev", "in boxes, diagonals as 1 (the larger offset)"),
            ("step_cost", "as a move: diagonals 1.5, rounded up"),
        ],
    ),
    flag(
        "artillery_fires_from_strongpoint",
        "H6",
        "Artillery may fire from a strongpoint",
        "Artillery never fires from a town; with this on, a strongpoint is not a town for that.",
    ),
    flag(
        "overhead_ignores_terrain",
        "H7",
        "Firing overhead ignores terrain too",
        "A shooter on higher ground ignores units in the boxes between; with this on, their woods and towns as well.",
    ),
    choice(
        "blocked_retreat",
        "H8",
        "A unit that cannot retreat",
        "What happens to a unit driven back by fire when every box it could retreat to is blocked.",
        &[
            ("extra_hit", "stays and takes 1 extra hit"),
            ("stay", "stays, no extra hit"),
            ("rout", "routs"),
        ],
    ),
    number(
        "turn_limit",
        "H9",
        "Game length",
        "Game turns (each side's player turn) before the objectives decide; the scenario's own length caps it.",
        1,
        99,
    ),
    choice(
        "turn_structure",
        "H9",
        "Turn structure",
        "I go, you go; or both sides draw, then both shoot with hits applied after all fire, then move in turn.",
        &[
            ("alternate", "alternate player turns"),
            (
                "simultaneous_fire",
                "simultaneous fire: both draw, both shoot, hits after all fire",
            ),
        ],
    ),
    choice(
        "halvings_beyond_quarter",
        "H17",
        "Three or more halvings",
        "The hit number after more halvings than quarter effect.",
        &[
            ("clamp_6", "still hit on a 6"),
            ("no_hits", "no die can hit"),
        ],
    ),
    choice(
        "light_infantry_half_hits",
        "H17",
        "Light infantry take half hits",
        "How fire at light infantry is halved.",
        &[
            ("half_effect", "half effect (hit on 5+)"),
            ("halve_hits_round_down", "halve the hits, rounded down"),
            ("halve_hits_round_up", "halve the hits, rounded up"),
        ],
    ),
    flag(
        "leader_extra_hit_requires_command",
        "H20",
        "A leader's extra hit only for his command",
        "A leader in the box lets a unit take one more hit only if he leads its command.",
    ),
    flag(
        "rally_requires_leader",
        "H21",
        "Rally only with a leader",
        "A unit may rally only with a leader of its command in its box.",
    ),
    number(
        "rally_leader_bonus",
        "H21",
        "Rally bonus with a leader",
        "Added to the rally die when a leader of the unit's command is in its box.",
        0,
        5,
    ),
    flag(
        "rally_next_to_enemy",
        "H21",
        "Rally next to the enemy",
        "A unit at range 1 of an enemy unit may still rally.",
    ),
    flag(
        "leader_risk_per_hit",
        "H24",
        "Leader risk for each hit",
        "A leader with a unit that is hit rolls for each hit, rather than once per event.",
    ),
    choice(
        "special_reroll_scope",
        "H25",
        "Leaders' rerolls",
        "How often a leader's reroll may be used.",
        &[
            ("per_leader_per_turn", "once per leader per turn"),
            ("per_unit_per_turn", "once per unit per turn"),
        ],
    ),
    choice(
        "impetuous_clears",
        "H30",
        "An impetuous unit's obligation clears",
        "When an impetuous unit stops having to charge.",
        &[
            ("on_no_target", "at its first turn with no target"),
            ("never", "never"),
        ],
    ),
    flag(
        "move_after_leaving_square",
        "H32",
        "A unit leaving square may move",
        "A unit that leaves square may still move that turn.",
    ),
    number(
        "road_diagonal_cost",
        "H33",
        "A diagonal road step (half boxes)",
        "What a diagonal step along a road costs in column of route, in half boxes (3 = 1.5 boxes).",
        2,
        4,
    ),
    choice(
        "card_amounts",
        "H39",
        "A card's number (1-3, 1-6)",
        "Whether a card's number is rolled, always the most, or picked by the chooser.",
        &[
            ("roll", "rolled"),
            ("max", "always the most"),
            ("chooser_picks", "picked by the chooser"),
        ],
    ),
    choice(
        "adverse_card_chooser",
        "H40",
        "Who picks the units of a harmful card",
        "A card that harms the drawer's units: who picks them.",
        &[
            ("opponent", "the opponent"),
            ("drawer", "the drawer"),
            ("random", "the dice"),
        ],
    ),
    flag(
        "double_action_optional",
        "H41",
        "A double action may be declined",
        "The drawer of a double action may take none.",
    ),
    choice(
        "deck_exhausted",
        "H43",
        "An empty deck",
        "What happens when a side's deck runs out.",
        &[
            ("reshuffle", "the discards are shuffled into a new deck"),
            ("stop_drawing", "no more cards are drawn"),
        ],
    ),
];

/// The troop table's numbers (Vedette defaults), by dotted path. The
/// shooting tables by range are edited as tables.
pub const TROOP_DOCS: &[OptionDoc] = &[
    number(
        "troops.move_halves.line_infantry",
        "H14",
        "Line Infantry move (half boxes)",
        "Deployed move of line infantry, in half boxes (2 = 1 box).",
        0,
        20,
    ),
    number(
        "troops.move_halves.light_infantry",
        "H14",
        "Light Infantry move (half boxes)",
        "Deployed move of light infantry, in half boxes.",
        0,
        20,
    ),
    number(
        "troops.move_halves.cavalry",
        "H14",
        "Cavalry move (half boxes)",
        "Deployed move of cavalry, in half boxes.",
        0,
        20,
    ),
    number(
        "troops.move_halves.heavy_cavalry",
        "H14",
        "Heavy Cavalry move (half boxes)",
        "Deployed move of heavy cavalry, in half boxes.",
        0,
        20,
    ),
    number(
        "troops.move_halves.artillery",
        "H14",
        "Artillery move (half boxes)",
        "Deployed move of artillery, in half boxes.",
        0,
        20,
    ),
    number(
        "troops.leader_move_halves",
        "H23",
        "Leader alone (half boxes)",
        "A leader moving on his own, in half boxes.",
        0,
        20,
    ),
    number(
        "troops.column.line_infantry.cross_country",
        "H33",
        "Line Infantry column bonus",
        "Half boxes added in column of route across country.",
        0,
        10,
    ),
    number(
        "troops.column.line_infantry.road",
        "H33",
        "Line Infantry column bonus on road",
        "Half boxes added in column of route when every step is along the road.",
        0,
        10,
    ),
    number(
        "troops.column.light_infantry.cross_country",
        "H33",
        "Light Infantry column bonus",
        "Half boxes added in column of route across country.",
        0,
        10,
    ),
    number(
        "troops.column.light_infantry.road",
        "H33",
        "Light Infantry column bonus on road",
        "Half boxes added in column of route along the road.",
        0,
        10,
    ),
    number(
        "troops.column.cavalry.cross_country",
        "H33",
        "Cavalry column bonus",
        "Half boxes added in column of route across country.",
        0,
        10,
    ),
    number(
        "troops.column.cavalry.road",
        "H33",
        "Cavalry column bonus on road",
        "Half boxes added in column of route along the road.",
        0,
        10,
    ),
    number(
        "troops.column.heavy_cavalry.cross_country",
        "H33",
        "Heavy Cavalry column bonus",
        "Half boxes added in column of route across country.",
        0,
        10,
    ),
    number(
        "troops.column.heavy_cavalry.road",
        "H33",
        "Heavy Cavalry column bonus on road",
        "Half boxes added in column of route along the road.",
        0,
        10,
    ),
    number(
        "troops.column.artillery.cross_country",
        "H33",
        "Artillery column bonus",
        "Half boxes added in column of route across country.",
        0,
        10,
    ),
    number(
        "troops.column.artillery.road",
        "H33",
        "Artillery column bonus on road",
        "Half boxes added in column of route along the road.",
        0,
        10,
    ),
    number(
        "troops.charge_dice.line_infantry",
        "H27",
        "Line Infantry charge dice",
        "Infantry never charge; kept 0.",
        0,
        0,
    ),
    number(
        "troops.charge_dice.light_infantry",
        "H27",
        "Light Infantry charge dice",
        "Infantry never charge; kept 0.",
        0,
        0,
    ),
    number(
        "troops.charge_dice.cavalry",
        "H27",
        "Cavalry charge dice",
        "Dice a cavalry charge rolls.",
        1,
        10,
    ),
    number(
        "troops.charge_dice.heavy_cavalry",
        "H27",
        "Heavy Cavalry charge dice",
        "Dice a heavy cavalry charge rolls.",
        1,
        10,
    ),
    number(
        "troops.charge_dice.artillery",
        "H27",
        "Artillery charge dice",
        "Artillery never charges; kept 0.",
        0,
        0,
    ),
    number(
        "troops.vs_heavy_cavalry_dice",
        "H50",
        "Cavalry charging heavy cavalry",
        "Dice cavalry (not heavy) roll charging heavy cavalry.",
        0,
        10,
    ),
    number(
        "troops.quality_hits.poor",
        "H13",
        "Hits of a poor unit",
        "Hits a poor unit takes before it routs.",
        1,
        20,
    ),
    number(
        "troops.quality_hits.good",
        "H13",
        "Hits of a good unit",
        "Hits a good unit takes before it routs.",
        1,
        20,
    ),
    number(
        "troops.quality_hits.excellent",
        "H13",
        "Hits of an excellent unit",
        "Hits an excellent unit takes before it routs.",
        1,
        20,
    ),
    number(
        "troops.quality_hits.old_guard",
        "H13",
        "Hits of the Old Guard",
        "Hits an Old Guard unit takes before it routs.",
        1,
        20,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::options::OptionKind;
    use serde_json::Value;

    /// Every option field has a row, every row's values are ones the
    /// field takes, and every number of the troop table but the shooting
    /// tables has a row.
    #[test]
    fn every_one_hour_option_is_described_and_settable() {
        let d = OneHourOptions::default();
        let Ok(Value::Object(all)) = serde_json::to_value(&d) else {
            panic!("options serialise to a map");
        };
        // Scenario data edited in their own panels.
        let data = [
            "troops",
            "terrain",
            "leaders",
            "decks",
            "fortified",
            "first_side",
            "square_types",
            "shock_by_type",
        ];
        for f in all.keys() {
            if data.contains(&f.as_str()) {
                continue;
            }
            assert!(
                OPTION_DOCS.iter().any(|o| o.field == f),
                "no description for option {f}"
            );
        }
        for o in OPTION_DOCS.iter().chain(TROOP_DOCS) {
            let mut x = d.clone();
            match o.kind {
                OptionKind::Choice(values) => {
                    assert_eq!(
                        values
                            .iter()
                            .filter(|(v, _)| *v == d.option_value(o.field))
                            .count(),
                        1,
                        "{}: the default is one of the choices",
                        o.field
                    );
                    for (v, _) in values {
                        x.set_option(o.field, Value::from(*v)).expect(o.field);
                        assert_eq!(x.option_value(o.field), Value::from(*v));
                    }
                }
                OptionKind::Flag => {
                    x.set_option(o.field, Value::from(true)).expect(o.field);
                    assert_eq!(x.option_value(o.field), Value::from(true));
                }
                OptionKind::Number { min, max } | OptionKind::Limit { min, max } => {
                    let now = d.option_value(o.field).as_i64().expect(o.field);
                    assert!((min..=max).contains(&now), "{}: default in range", o.field);
                    x.set_option(o.field, Value::from(max)).expect(o.field);
                    assert_eq!(x.option_value(o.field), Value::from(max));
                }
            }
        }
        fn walk(prefix: &str, v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => m
                    .iter()
                    .for_each(|(k, v)| walk(&format!("{prefix}.{k}"), v, out)),
                _ => out.push(prefix.to_string()),
            }
        }
        let Some(Value::Object(troops)) = all.get("troops") else {
            panic!("a troop table");
        };
        let mut leaves = Vec::new();
        troops
            .iter()
            .filter(|(k, _)| !k.contains("dice") || *k == "charge_dice" || k.starts_with("vs_"))
            .for_each(|(k, v)| walk(&format!("troops.{k}"), v, &mut leaves));
        for l in leaves {
            assert!(TROOP_DOCS.iter().any(|o| o.field == l), "no row for {l}");
        }
        let mut x = d.clone();
        assert!(x.set_option("range_metric", Value::from("round")).is_err());
        assert_eq!(x, d);
    }
}
