//! Generated scenarios of any size, for benchmarks and stress tests. The
//! output depends only on the arguments (a simple integer hash stands in
//! for randomness, so no generator state is involved).

use super::map::{HexsideFeature, Map, napoleon_at_waterloo_terrain};
use super::model::*;
use crate::hex::{Grid, Hex, Orientation, Stagger};

fn mix(mut x: u64) -> u64 {
    // SplitMix64 finaliser: a well-spread hash of the input.
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A `columns` x `rows` Waterloo-like map (mostly clear, some towns and
/// woods crossed by roads) with `units` units split between two sides, a
/// tenth of them reinforcements. Valid: `validate` reports no errors.
pub fn large_scenario(columns: u32, rows: u32, units: usize, seed: u64) -> (Scenario, Map) {
    large_scenario_on(
        Grid::new(Orientation::FlatTop, Stagger::Even),
        columns,
        rows,
        units,
        seed,
    )
}

/// [`large_scenario`] on any grid. On a box grid `validate` reports one
/// error, that the Napoleon at Waterloo rules are played on hexes; the
/// map, roads and units are as valid as on hexes.
pub fn large_scenario_on(
    grid: Grid,
    columns: u32,
    rows: u32,
    units: usize,
    seed: u64,
) -> (Scenario, Map) {
    let mut map = Map::filled(
        "Generated",
        columns,
        rows,
        grid,
        napoleon_at_waterloo_terrain(),
        '.',
    );
    for h in map.all_hexes().collect::<Vec<_>>() {
        let r = mix(seed ^ ((h.col as u64) << 20) ^ h.row as u64) % 100;
        let code = match r {
            0..=5 => 'T',
            6..=11 => 'W',
            _ => continue,
        };
        map.set_code(h, code);
    }
    // Give every woods hex a road to its south neighbour so it can be used.
    let woods: Vec<Hex> = map
        .hexes_on_map()
        .filter(|&h| map.code_at(h) == Some('W'))
        .collect();
    for h in woods {
        if let Some(side) = grid.hexside(h, crate::hex::Dir::S) {
            map.hexsides
                .entry(side)
                .or_default()
                .insert(HexsideFeature::Road);
        }
        if let Some(side) = grid.hexside(h, crate::hex::Dir::N) {
            map.hexsides
                .entry(side)
                .or_default()
                .insert(HexsideFeature::Road);
        }
    }
    let free: Vec<Hex> = map
        .hexes_on_map()
        .filter(|&h| map.code_at(h) == Some('.') && h.col > 1 && h.col < columns as i32)
        .collect();
    let entry: Vec<Hex> = (1..=rows as i32)
        .map(|r| Hex::new(columns as i32, r))
        .filter(|&h| map.code_at(h) == Some('.'))
        .take(8)
        .collect();
    let mut list = Vec::with_capacity(units);
    let step = (free.len() / units.max(1)).max(1);
    for i in 0..units {
        let side = if i % 2 == 0 { "French" } else { "Allied" };
        let kind = UnitKind::ALL[(mix(seed + i as u64) % 3) as usize];
        let placement = if i % 10 == 9 && !entry.is_empty() {
            Placement::Reinforcement {
                turn: 1 + (i as u32 % 10),
                entry: entry.clone(),
            }
        } else {
            Placement::Start(free[(i * step) % free.len()])
        };
        list.push(Unit {
            id: UnitId::new(format!("u{i}")),
            designation: format!("{}/{}", i % 7 + 1, i / 7 + 1),
            side: SideId::new(side),
            contingent: None,
            kind,
            strength: 1 + (mix(seed ^ i as u64) % 7) as u32,
            movement: match kind {
                UnitKind::Infantry => 4,
                UnitKind::Cavalry => 5,
                UnitKind::Artillery => 3,
            },
            placement,
            facing: None,
            troop: Default::default(),
            one_hour: None,
        });
    }
    let scenario = Scenario {
        version: FORMAT_VERSION,
        title: format!("Generated {columns}x{rows}, {units} units"),
        author: "vedette".into(),
        description: String::new(),
        map: MapSource::Inline(Box::new(map.clone())),
        rules: RuleSet::default(),
        turns: 10,
        sides: vec![
            Side {
                id: "French".into(),
                name: "French".into(),
                colour: super::map::Colour(0x2f, 0x5a, 0xa8),
                contingents: vec![],
                forces: vec![],
                army: None,
            },
            Side {
                id: "Allied".into(),
                name: "Allied".into(),
                colour: super::map::Colour(0xb0, 0x30, 0x2a),
                contingents: vec![],
                forces: vec![],
                army: None,
            },
        ],
        units: list,
        crt: Crt::napoleon_at_waterloo(),
        victory: Victory {
            loss_thresholds: vec![
                LossThreshold {
                    side: "French".into(),
                    points: 40,
                },
                LossThreshold {
                    side: "Allied".into(),
                    points: 40,
                },
            ],
            exits: vec![ExitCondition {
                side: "French".into(),
                hexes: (1..=columns.min(9) as i32)
                    .map(|c| Hex::new(c, 1))
                    .filter(|&h| map.code_at(h) != Some('W'))
                    .collect(),
                units: 7,
            }],
            victory_hexes: vec![],
        },
        variants: vec![],
        notes: String::new(),
    };
    (scenario, map)
}
