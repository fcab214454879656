//! Napoleon at Waterloo's scenario data: the options a designer may read
//! another way (RULINGS R2, R11, R12), the terrain table and the Combat
//! Results Table a new blank scenario starts with.

use crate::scenario::{Colour, CombatResult, Crt, CrtRow, MovementRule, Odds, TerrainKind};
use serde::{Deserialize, Serialize};

/// Who chooses the hex a defeated unit retreats into (RULINGS R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub enum RetreatChooser {
    /// The retreating unit's owner [6.4].
    #[default]
    Owner,
    /// The victorious player (the 2nd-edition reading).
    Victor,
}

/// When an intervening hex blocks a bombardment at range 2 (RULINGS R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub enum LineOfSight {
    /// Blocked only if every candidate intervening hex blocks.
    #[default]
    BlockedIfAllBlock,
    /// Blocked if any candidate intervening hex blocks.
    BlockedIfAnyBlocks,
}

/// Options of the Napoleon at Waterloo rule set; each is a ruling a designer
/// may read another way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NawOptions {
    #[serde(default)]
    pub retreat_chooser: RetreatChooser,
    #[serde(default)]
    pub line_of_sight: LineOfSight,
    /// Whether bombarding artillery may advance after combat (R12).
    #[serde(default)]
    pub bombarding_artillery_advances: bool,
}

/// The terrain table of Napoleon at Waterloo, as decided in RULINGS R2:
/// clear and town 1 MP (town doubles the defender), woods entered only along
/// roads and doubling the defender, woods blocking bombardment.
pub fn terrain() -> Vec<TerrainKind> {
    vec![
        TerrainKind {
            id: "clear".into(),
            name: "Clear".into(),
            code: '.',
            colour: Colour(0xd9, 0xd4, 0xa0),
            movement: MovementRule::Cost(1),
            defence_multiplier: 1,
            blocks_line_of_sight: false,
        },
        TerrainKind {
            id: "town".into(),
            name: "Town".into(),
            code: 'T',
            colour: Colour(0xc0, 0x8a, 0x6a),
            movement: MovementRule::Cost(1),
            defence_multiplier: 2,
            blocks_line_of_sight: false,
        },
        TerrainKind {
            id: "woods".into(),
            name: "Woods".into(),
            code: 'W',
            colour: Colour(0x4f, 0x7a, 0x3c),
            movement: MovementRule::RoadOnly(1),
            defence_multiplier: 2,
            blocks_line_of_sight: true,
        },
    ]
}

/// The Napoleon at Waterloo table (the CRT as printed).
pub fn crt() -> Crt {
    use CombatResult::*;
    let columns = [
        (1, 5),
        (1, 4),
        (1, 3),
        (1, 2),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
    ]
    .map(|(a, d)| Odds::new(a, d))
    .to_vec();
    let rows = [
        [Ae, Ar, Ar, Dr, Dr, Dr, De, De, De, De],
        [Ae, Ae, Ar, Ar, Dr, Dr, Dr, De, De, De],
        [Ae, Ae, Ae, Ar, Dr, Dr, Dr, Dr, De, De],
        [Ae, Ae, Ae, Ar, Ar, Dr, Dr, Dr, De, De],
        [Ae, Ae, Ae, Ar, Ar, Ee, Dr, Ee, Ee, De],
        [Ae, Ae, Ae, Ae, Ar, Ar, Ee, Ee, Ee, De],
    ];
    Crt {
        columns,
        rows: rows
            .iter()
            .enumerate()
            .map(|(i, r)| CrtRow {
                die: i as u32 + 1,
                results: r.to_vec(),
            })
            .collect(),
    }
}
