//! Every option of `RULINGS-NAPOLEON.md` described for the editor: its
//! ruling, a label, a sentence on what it does and the values it takes,
//! so Scenario settings lists them all from this one table (and a test
//! checks the table covers every option field). Values are read and set
//! by field name through serde, so the editor needs no code per option.

use crate::rules::napoleon::model::NapoleonOptions;
pub use crate::scenario::options::*;
#[cfg(test)]
use serde_json::Value;

/// The options, in the order of the rulings.
pub const OPTION_DOCS: &[OptionDoc] = &[
    flag(
        "final_step_each_impulse",
        "N1",
        "Final Step after every impulse",
        "Take the break tests of the Final Step after each impulse rather than once at the end of the turn.",
    ),
    choice(
        "maneuver_order",
        "N2",
        "Order of the Maneuver & Combat phase",
        "Whether the side with initiative moves all its forces first, or the sides alternate a force at a time.",
        &[
            (
                "by_side",
                "by side: the initiative side's forces, then the other's",
            ),
            ("alternate_forces", "alternate forces between the sides"),
        ],
    ),
    choice(
        "turn_end_roll",
        "N3",
        "Initiative dice over 8",
        "From the second impulse on, initiative dice totalling over 8 end the turn.",
        &[
            (
                "skip_impulse",
                "the turn ends at once, the impulse unplayed",
            ),
            ("play_then_end", "the impulse is played, then the turn ends"),
        ],
    ),
    OptionDoc {
        field: "max_impulses_per_turn",
        ruling: "N3",
        label: "Most impulses in a turn",
        explain: "A cap on impulses per turn; none leaves it to the dice.",
        kind: OptionKind::Limit { min: 1, max: 99 },
    },
    OptionDoc {
        field: "turn_limit",
        ruling: "N4",
        label: "Turn limit",
        explain: "The game ends after this many turns, a draw unless an army has broken; none plays until one breaks.",
        kind: OptionKind::Limit { min: 1, max: 999 },
    },
    choice(
        "front_arc",
        "N7",
        "Front arc of guns",
        "Which hexes lie in a gun's front arc for bombardment.",
        &[
            ("wedge120", "the 120° wedge ahead of its front hexsides"),
            (
                "half_plane",
                "every hex ahead of the line through its flanks",
            ),
        ],
    ),
    flag(
        "fire_over_units_from_hill",
        "N8, N101",
        "Guns on a hill fire over units",
        "Units in a corridor hex lower than the gun's hex do not block its fire; woods, towns and higher ground still do.",
    ),
    choice(
        "elimination_threshold",
        "N19",
        "When a unit is eliminated",
        "How many casualty points eliminate an infantry or cavalry unit.",
        &[
            ("combat_factor", "casualties equal to its combat factor"),
            ("fixed", "a fixed number of casualties (below)"),
        ],
    ),
    number(
        "casualties_to_eliminate",
        "N19",
        "Casualties that eliminate (fixed)",
        "With a fixed threshold, the casualty points that eliminate a unit.",
        1,
        20,
    ),
    number(
        "artillery_capacity",
        "N19",
        "Casualties that eliminate a gun",
        "The casualty points a foot or horse gun takes before it is eliminated.",
        1,
        20,
    ),
    flag(
        "artillery_damage_reduces_dice",
        "N19",
        "Damaged guns roll fewer dice",
        "Each casualty on a gun removes one of its bombardment dice.",
    ),
    number(
        "pickup_points",
        "N18",
        "Pick-up game points",
        "The points each side spends on its army in a pick-up game.",
        1,
        100_000,
    ),
    number(
        "pickup_columns",
        "N23",
        "Pick-up table columns",
        "Columns of the pick-up table; 1 and this one are the side edges.",
        4,
        200,
    ),
    number(
        "pickup_reserve_depth",
        "N23",
        "Pick-up reserve depth",
        "Rows from its edge in which a side deploys its reserve.",
        1,
        50,
    ),
    choice(
        "attacker_edge",
        "N23",
        "Attacker's edge",
        "The map edge the attacker of a pick-up game deploys from.",
        &[("north", "north"), ("south", "south")],
    ),
    number(
        "edge_margin",
        "N24",
        "Terrain kept from the edges",
        "Hexes between a pick-up game's terrain features and the map edges.",
        0,
        20,
    ),
    number(
        "feature_spacing",
        "N24",
        "Spacing of terrain features",
        "Hexes between pick-up terrain features.",
        0,
        20,
    ),
    number(
        "forward_feature_spacing",
        "N27",
        "Spacing of forward features",
        "Hexes between forward terrain features (1: they may touch).",
        0,
        20,
    ),
    choice(
        "cavalry_tie",
        "N26",
        "Cavalry tie",
        "Who is superior in cavalry when both sides have as much.",
        &[
            ("no_superior", "neither"),
            ("attacker", "the attacker"),
            ("defender", "the defender"),
        ],
    ),
    choice(
        "village_points",
        "N33",
        "Victory locations held by",
        "Which side a victory location counts for in the break test.",
        &[
            ("occupied", "the side with a unit in it"),
            ("controlled", "the last side to have a unit in it"),
        ],
    ),
    number(
        "skirmish_range",
        "N37",
        "Skirmish range",
        "Hexes within which forces may skirmish with each other.",
        1,
        20,
    ),
    flag(
        "town_save_vs_bombardment",
        "N43",
        "Towns save against bombardment",
        "A unit in a town rolls to save each bombardment casualty.",
    ),
    number(
        "rerolls_per_check",
        "N46",
        "Re-rolls per command check",
        "How often the General may spend an ADC to re-roll one force's check.",
        0,
        9,
    ),
    choice(
        "leader_melee",
        "N51",
        "Leaders in melee",
        "What a leader adds to his force's melees.",
        &[
            (
                "attached_plus_only",
                "a +1 leader adds to the unit he is with",
            ),
            ("attached_full", "his factor adds to the unit he is with"),
            (
                "whole_force_full",
                "his factor adds to every unit of his force",
            ),
        ],
    ),
    choice(
        "engagement_snapshot",
        "N53",
        "Engaged forces fixed",
        "When it is decided which forces are engaged (within 3 hexes of the enemy).",
        &[
            ("impulse_start", "at the start of the impulse"),
            ("activation", "when each force activates"),
        ],
    ),
    flag(
        "engaged_check_mandatory",
        "N54",
        "Engaged forces must check",
        "Every engaged force must take its command check each impulse.",
    ),
    number(
        "general_adjacent_bonus",
        "N55",
        "General next to a force",
        "Added to a force's command check when its General is with or next to it.",
        -3,
        3,
    ),
    number(
        "retreat_min_distance",
        "N60",
        "Retreat! distance",
        "Hexes from the enemy a force ends at after a Retreat! result.",
        1,
        20,
    ),
    flag(
        "charge_keeps_cohesion",
        "N61",
        "Charge! keeps cohesion",
        "Under Charge! the force must still end contiguous.",
    ),
    choice(
        "maneuver_movement",
        "N63",
        "Movement far from the enemy",
        "How units move when no enemy is near.",
        &[
            ("free_facing", "facing changes freely"),
            ("same_as_combat", "as in contact, with facing rules"),
        ],
    ),
    choice(
        "zoc_hexes",
        "N66",
        "Zone of control",
        "Which hexes around an infantry or cavalry unit are its zone of control.",
        &[
            ("all_adjacent", "all six hexes around it"),
            ("front_only", "only the hexes across its front hexsides"),
        ],
    ),
    choice(
        "gun_when_host_eliminated",
        "N77",
        "Gun of an eliminated unit",
        "What becomes of a gun whose host unit is eliminated in melee.",
        &[
            ("eliminated", "it is eliminated too"),
            ("evasion_roll", "it rolls to evade, as a contacted gun"),
        ],
    ),
    flag(
        "melee_mandatory",
        "N78",
        "Melee is compulsory",
        "Units of the active force in contact with the enemy must attack.",
    ),
    flag(
        "town_units_may_attack",
        "N79",
        "Units in towns may attack",
        "Units in a town may attack out of it.",
    ),
    number(
        "max_pursuits",
        "N87",
        "Pursuits per cavalry unit",
        "How many pursuits a cavalry unit may make in one activation.",
        0,
        9,
    ),
    choice(
        "blocked_retreat",
        "N84",
        "A unit that cannot move back",
        "What happens to a melee's loser with no rear hex open.",
        &[
            (
                "extra_casualty_if_friends",
                "it takes a casualty and stays if friends block it, else it is eliminated",
            ),
            ("eliminated", "it is eliminated"),
        ],
    ),
    choice(
        "town_assault_support",
        "N88",
        "Support in a town assault",
        "Which side counts support in a melee against a town.",
        &[
            ("attacker_none", "the attacker counts none"),
            ("none_either_side", "neither side counts any"),
        ],
    ),
    number(
        "woods_defence_modifier",
        "N89",
        "Woods in melee",
        "Added to a defender in woods.",
        -3,
        3,
    ),
    number(
        "road_bonus",
        "N91",
        "Road bonus",
        "Extra hexes for a move made entirely along a road.",
        0,
        9,
    ),
    flag(
        "cavalry_barred_from_outskirts",
        "N92",
        "Cavalry kept out of outskirts",
        "Cavalry may not enter a hex next to a town.",
    ),
    choice(
        "vulnerable_rule",
        "N93",
        "Attacking a vulnerable unit",
        "What an attack on a vulnerable unit (in column, in a defile) gains.",
        &[
            ("plus_two", "+2 to the attacker"),
            ("minus_one_and_reroll", "-1 to the defender and a re-roll"),
            ("both", "both"),
        ],
    ),
    choice(
        "finished_turns",
        "N99",
        "Turns in the break test",
        "Which turns count as finished in the Final Step's break test.",
        &[
            ("before_current", "those before the current turn"),
            ("including_current", "those including the current turn"),
        ],
    ),
];

/// The troop characteristics table of N13-N19: Vedette defaults the text
/// lost or never printed, kept as scenario data (fields by dotted path).
pub const TROOP_DOCS: &[OptionDoc] = &[
    number(
        "troops.movement.infantry",
        "N14",
        "Infantry movement",
        "Hexes an infantry unit moves in an activation.",
        1,
        20,
    ),
    number(
        "troops.movement.cavalry",
        "N14",
        "Cavalry movement",
        "Hexes a cavalry unit moves; officers move as their nation's cavalry.",
        1,
        20,
    ),
    number(
        "troops.movement.cossack",
        "N14",
        "Cossack movement",
        "Hexes a Cossack unit moves.",
        1,
        20,
    ),
    number(
        "troops.movement.foot_artillery",
        "N14",
        "Foot artillery movement",
        "Hexes a foot gun moves.",
        1,
        20,
    ),
    number(
        "troops.movement.horse_artillery",
        "N14",
        "Horse artillery movement",
        "Hexes a horse gun moves.",
        1,
        20,
    ),
    number(
        "troops.infantry_skirmish",
        "N16",
        "Infantry skirmish factor",
        "An infantry unit's skirmish factor when the unit gives none.",
        0,
        9,
    ),
    number(
        "troops.cossack_skirmish",
        "N16",
        "Cossack skirmish factor",
        "A Cossack unit's skirmish factor when the unit gives none.",
        0,
        9,
    ),
    number(
        "troops.artillery_range",
        "3.5.2",
        "Artillery range",
        "Hexes a gun bombards.",
        1,
        20,
    ),
    number(
        "troops.bombardment_dice",
        "3.5.4",
        "Bombardment dice",
        "Dice each undamaged gun rolls.",
        1,
        9,
    ),
    number(
        "troops.points.infantry_per_factor",
        "N18",
        "Infantry points per factor",
        "Points per combat factor of an infantry unit.",
        0,
        999,
    ),
    number(
        "troops.points.skirmish_per_factor",
        "N18",
        "Points per skirmish factor",
        "Points per skirmish factor.",
        0,
        999,
    ),
    number(
        "troops.points.cavalry_per_factor",
        "N18",
        "Cavalry points per factor",
        "Points per combat factor of a cavalry unit.",
        0,
        999,
    ),
    number(
        "troops.points.cossack_extra",
        "N18",
        "Cossack extra points",
        "Points added for a Cossack unit.",
        0,
        999,
    ),
    number(
        "troops.points.foot_artillery",
        "N18",
        "Foot gun points",
        "Points for a foot gun.",
        0,
        999,
    ),
    number(
        "troops.points.horse_artillery",
        "N18",
        "Horse gun points",
        "Points for a horse gun.",
        0,
        999,
    ),
    number(
        "troops.points.leader.0",
        "N18",
        "Points for a -1 leader",
        "Points for a leader of factor -1.",
        0,
        999,
    ),
    number(
        "troops.points.leader.1",
        "N18",
        "Points for a 0 leader",
        "Points for a leader of factor 0.",
        0,
        999,
    ),
    number(
        "troops.points.leader.2",
        "N18",
        "Points for a +1 leader",
        "Points for a leader of factor +1.",
        0,
        999,
    ),
    number(
        "troops.points.general_per_factor",
        "N18",
        "General points per factor",
        "Points per command factor of the General.",
        0,
        999,
    ),
];

impl DocumentedOptions for NapoleonOptions {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option field has a row, and every row's values are ones the
    /// field takes.
    #[test]
    fn every_option_is_described_and_settable() {
        let d = NapoleonOptions::default();
        let Ok(Value::Object(all)) = serde_json::to_value(&d) else {
            panic!("options serialise to a map");
        };
        // Scenario data edited elsewhere (troop table, terrain roles and
        // costs, the tie side) rather than options.
        let data = [
            "troops",
            "terrain",
            "terrain_move_cost",
            "initiative_tie_side",
        ];
        let mut fields: Vec<&str> = all.keys().map(String::as_str).collect();
        fields.extend(["max_impulses_per_turn", "turn_limit"]);
        for f in fields {
            if data.contains(&f) {
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
                    x.set_option(o.field, Value::from(max)).expect(o.field);
                    assert_eq!(x.option_value(o.field), Value::from(max));
                    x.set_option(o.field, Value::from(min)).expect(o.field);
                    assert_eq!(x.option_value(o.field), Value::from(min));
                }
            }
            if let OptionKind::Limit { .. } = o.kind {
                x.set_option(o.field, Value::Null).expect(o.field);
                assert_eq!(x.option_value(o.field), Value::Null);
            }
        }
        // Every number of the troop table has a row.
        let Some(Value::Object(troops)) = all.get("troops") else {
            panic!("a troop table");
        };
        fn walk(prefix: &str, v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => m
                    .iter()
                    .for_each(|(k, v)| walk(&format!("{prefix}.{k}"), v, out)),
                Value::Array(a) => a
                    .iter()
                    .enumerate()
                    .for_each(|(i, v)| walk(&format!("{prefix}.{i}"), v, out)),
                _ => out.push(prefix.to_string()),
            }
        }
        let mut leaves = Vec::new();
        troops
            .iter()
            .for_each(|(k, v)| walk(&format!("troops.{k}"), v, &mut leaves));
        assert!(leaves.len() >= 19, "{leaves:?}");
        for l in leaves {
            assert!(TROOP_DOCS.iter().any(|o| o.field == l), "no row for {l}");
        }
        // A value the field does not take is refused, nothing changed.
        let mut x = d.clone();
        assert!(x.set_option("front_arc", Value::from("round")).is_err());
        assert_eq!(x, d);
    }
}
