//! The 16-hits options as the window and the sheet show them: each
//! "Option" of `RULINGS-16-HITS.md` with its ruling, what it does and its
//! values. The Tables' numbers (Vedette defaults) are
//! [`super::hits16::TABLE_DOCS`]. Read and set through
//! [`DocumentedOptions`].

use crate::rules::hits16::model::Hits16Options;
use crate::scenario::options::{DocumentedOptions, OptionDoc, OptionKind, choice, flag, number};

impl DocumentedOptions for Hits16Options {}

/// The options, in the order of the rulings.
pub const OPTION_DOCS: &[OptionDoc] = &[
    number(
        "cm_per_hex",
        "M1",
        "Centimetres a hex stands for",
        "Only converts the text's distances (\"within 20 cm\") and prints them on sheets.",
        1,
        100,
    ),
    choice(
        "distance_count",
        "M1, M39",
        "\"Within X cm\" counts",
        "How the text's \"within 20 cm\" (the march ban) and \"within 10 cm\" (artillery's protection) become hexes.",
        &[
            ("centre", "centre to centre: within 20 cm = distance 2"),
            ("gap", "the empty hexes between: within 20 cm = distance 3"),
        ],
    ),
    choice(
        "footprint",
        "M4",
        "A unit occupies",
        "Every unit, in every formation, holds one hex (the only reading for now, open question 1).",
        &[("one_hex", "one hex, in every formation")],
    ),
    number(
        "artillery_bases",
        "M5",
        "Bases of an artillery unit",
        "The bases artillery counts when a charge compares bases (M28).",
        1,
        8,
    ),
    choice(
        "line_rule",
        "M7, M41",
        "Who may form line",
        "\"British and elite French only or all armies before 1807\" [L9].",
        &[
            (
                "historical",
                "British, French Elite, every army before 1807",
            ),
            ("all", "every infantry unit"),
            ("per_unit", "each unit's own line_allowed"),
        ],
    ),
    flag(
        "town_all_front",
        "M8, M45",
        "A unit in a town has no flank or rear and fires all round",
        "A unit in a town fires at any hex [L70] and has six front hexsides.",
    ),
    flag(
        "formation_change_counts_as_move",
        "M9, M43",
        "A formation change stops shooting",
        "Off: a unit may form line or unlimber and fire the same turn.",
    ),
    choice(
        "general_moves_as",
        "M10",
        "Generals move as",
        "\"Generals move as cavalry\" [L35].",
        &[
            ("light_cavalry", "light cavalry"),
            ("heavy_cavalry", "heavy cavalry"),
        ],
    ),
    number(
        "rally_reach",
        "M12",
        "A General rallies units within (hexes)",
        "\"In base to base contact\": 1 = his hex or adjacent; 0 = his hex only.",
        0,
        3,
    ),
    OptionDoc {
        field: "max_rallies_per_general",
        ruling: "M12",
        label: "Rallies a General may make a phase",
        explain: "None: every unit in reach, one roll each.",
        kind: OptionKind::Limit { min: 0, max: 20 },
    },
    flag(
        "rally_one_heals",
        "M12, M46",
        "A rally roll of 1 still removes a hit",
        "The General is lost on a 1 either way.",
    ),
    flag(
        "no_contact_without_charge",
        "M16",
        "Contact only by charging",
        "A move that is not a charge may not enter a hex next to an enemy unit.",
    ),
    flag(
        "pivot_counts_as_move",
        "M19",
        "A pivot counts as moving for shooting",
        "A unit that pivoted has moved and, unless skirmishers, may not shoot [L55].",
    ),
    flag(
        "march_column_may_shoot",
        "M20",
        "March columns may shoot",
        "The text does not forbid it.",
    ),
    choice(
        "fire_arc",
        "M21, M49",
        "Field of fire",
        "\"Within 45° of their frontal facing\" [L69] on hexes.",
        &[
            (
                "corners_45",
                "45° from the front corners (3, 3, 5, 7, 9, 9 hexes)",
            ),
            ("centre_45", "45° from the centre (1, 3, 5, 5, 7, 9 hexes)"),
            ("wedge_120", "the 120° wedge (3, 5, 7, 9, 11, 13 hexes)"),
        ],
    ),
    choice(
        "line_of_fire",
        "M22, M50",
        "Line of fire",
        "The text has no line of sight; the default is a Vedette default.",
        &[
            (
                "units_and_cover_block",
                "blocked by units, woods and towns between",
            ),
            ("none", "never blocked"),
        ],
    ),
    number(
        "charge_pivot_hexsides",
        "M27, M51",
        "A charger may first turn (hexsides)",
        "0: it keeps its facing and its path runs up to 45° off it [L61].",
        0,
        3,
    ),
    flag(
        "charge_conform",
        "M27",
        "A charger turns to face its target on contact",
        "Closing to contact, not the turn of [L61].",
    ),
    choice(
        "outnumbered_counts",
        "M28",
        "\"Outnumbered\" counts",
        "Units may not charge an enemy with more bases remaining [L64].",
        &[
            ("bases", "bases, as on the table (skirmishers 8)"),
            ("steps", "strength steps, 4 - bases lost, for every unit"),
        ],
    ),
    flag(
        "cavalry_may_charge_town",
        "M29",
        "Cavalry may charge a unit in a town",
        "Off: only infantry may end in a town, so only infantry charge into one.",
    ),
    choice(
        "column_bonus",
        "M32",
        "\"Infantry in column\" in hand to hand",
        "Which formations take the column modifier.",
        &[
            ("attack_column", "attack column only"),
            ("any_column", "attack or march column"),
        ],
    ),
    flag(
        "hill_needs_higher_ground",
        "M32, M52",
        "A hill halves only against a roller below",
        "Off: any unit hit on a hill hex halves the hits.",
    ),
    choice(
        "skirmishers_when_charged",
        "M33, M53",
        "Skirmishers charged",
        "Skirmishers never charge; when charged they...",
        &[
            ("fight", "fight as infantry"),
            ("eliminated", "are eliminated, as artillery"),
        ],
    ),
    choice(
        "blocked_withdrawal",
        "M35",
        "A unit with nowhere to withdraw",
        "When every hexside it may withdraw across is closed.",
        &[
            ("eliminated", "is eliminated"),
            ("stay_d3", "stays in combat and takes 1D3 hits"),
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option of the rulings has a row, reads from the defaults and
    /// takes each of its values back.
    #[test]
    fn every_option_reads_and_takes_each_value() {
        let mut o = Hits16Options::default();
        for d in OPTION_DOCS {
            let v = o.option_value(d.field);
            assert!(
                !v.is_null() || matches!(d.kind, OptionKind::Limit { .. }),
                "{}",
                d.field
            );
            if let OptionKind::Choice(values) = d.kind {
                for (x, _) in values {
                    o.set_option(d.field, serde_json::Value::from(*x))
                        .unwrap_or_else(|e| panic!("{}: {e}", d.field));
                }
            }
        }
        assert!(
            o.set_option("fire_arc", serde_json::Value::from("sideways"))
                .is_err()
        );
    }
}
