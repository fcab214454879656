//! Generated scenarios of any size, for benchmarks and stress tests. The
//! output depends only on the arguments (a simple integer hash stands in
//! for randomness, so no generator state is involved).

use super::map::{HexsideFeature, Map};
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
        RuleSet::default().blank().terrain,
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
        let mut u = Unit::new(
            UnitId::new(format!("u{i}")),
            SideId::new(side),
            kind,
            Hex::new(1, 1),
        );
        u.designation = format!("{}/{}", i % 7 + 1, i / 7 + 1);
        u.strength = 1 + (mix(seed ^ i as u64) % 7) as u32;
        u.movement = match kind {
            UnitKind::Infantry => 4,
            UnitKind::Cavalry => 5,
            UnitKind::Artillery => 3,
        };
        u.placement = placement;
        list.push(u);
    }
    let scenario = Scenario {
        version: FORMAT_VERSION,
        title: format!(
            "Generated {columns}x{rows}, {}",
            crate::words::counted(units, "unit", "units")
        ),
        author: "vedette".into(),
        description: String::new(),
        map: MapSource::Inline(Box::new(map.clone())),
        rules: RuleSet::default(),
        turns: 10,
        sides: vec![
            Side::new(
                "French".into(),
                "French".into(),
                super::map::Colour(0x2f, 0x5a, 0xa8),
            ),
            Side::new(
                "Allied".into(),
                "Allied".into(),
                super::map::Colour(0xb0, 0x30, 0x2a),
            ),
        ],
        units: list,
        crt: RuleSet::default().blank().crt,
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

/// `k` x `k` copies of a scenario and its map side by side, for measuring
/// how a rule set's engine and computer players grow with the size of a
/// battle (`k` = 2 is four times the map and the units). Every hex the
/// scenario names (starts, entries, exits, victory hexes, leaders' and
/// fortified boxes, places, areas, hexside features) is moved with its
/// copy; unit ids and officers' and forces' names get a suffix (`@2`) in
/// every copy but the first. `None` when copies would not keep the map's
/// shape: on hexes, a copy must move by an even number of shifted
/// columns (flat-top) or rows (pointy-top), so that map side must be even.
pub fn tiled(s: &Scenario, m: &Map, k: u32) -> Option<(Scenario, Map)> {
    let k = k.max(1);
    let grid = m.grid();
    match m.orientation {
        Orientation::FlatTop if m.columns % 2 == 1 && k > 1 => return None,
        Orientation::PointyTop if m.rows % 2 == 1 && k > 1 => return None,
        _ => {}
    }
    let (cols, rows) = (m.columns as i32, m.rows as i32);
    let mut map = m.clone();
    map.columns = m.columns.checked_mul(k)?;
    map.rows = m.rows.checked_mul(k)?;
    map.terrain = (0..k)
        .flat_map(|_| m.terrain.iter())
        .map(|row| row.repeat(k as usize))
        .collect();
    map.hexes.clear();
    map.hexsides.clear();
    map.places.clear();
    map.areas.clear();
    let tiles: Vec<(u32, Hex)> = (0..k * k)
        .map(|i| (i, Hex::new((i % k) as i32 * cols, (i / k) as i32 * rows)))
        .collect();
    let shift = |h: Hex, o: Hex| Hex::new(h.col + o.col, h.row + o.row);
    // An entry or exit hex on the map's edge stays on the edge of the
    // whole: moved with its copy along the edge it is on.
    let (big_cols, big_rows) = (cols * k as i32, rows * k as i32);
    let edge_shift = move |h: Hex, o: Hex| {
        let mut t = shift(h, o);
        if h.col == 1 {
            t.col = 1;
        } else if h.col == cols {
            t.col = big_cols;
        } else if h.row == 1 {
            t.row = 1;
        } else if h.row == rows {
            t.row = big_rows;
        }
        t
    };
    let name = |n: &str, i: u32| {
        if i == 0 {
            n.to_string()
        } else {
            format!("{n}@{}", i + 1)
        }
    };
    for &(i, o) in &tiles {
        for (h, d) in &m.hexes {
            map.hexes.insert(shift(*h, o), d.clone());
        }
        for (side, f) in &m.hexsides {
            if let Some(key) = grid.hexside(shift(side.hex, o), side.dir) {
                map.hexsides.insert(key, f.clone());
            }
        }
        for p in &m.places {
            map.places.push(super::map::Place {
                name: name(&p.name, i),
                hexes: p.hexes.iter().map(|&h| shift(h, o)).collect(),
            });
        }
        for a in &m.areas {
            map.areas.push(super::map::Area {
                name: name(&a.name, i),
                hexes: a.hexes.iter().map(|&h| shift(h, o)).collect(),
            });
        }
    }
    let mut out = s.clone();
    out.title = format!("{} ({k}x{k})", s.title);
    out.map = MapSource::Inline(Box::new(map.clone()));
    let id = |u: &UnitId, i: u32| UnitId::new(name(u.as_str(), i));
    out.units = tiles
        .iter()
        .flat_map(|&(i, o)| {
            s.units.iter().map(move |u| {
                let mut u = u.clone();
                u.id = id(&u.id, i);
                u.placement = match &u.placement {
                    Placement::Start(h) => Placement::Start(shift(*h, o)),
                    Placement::Reinforcement { turn, entry } => Placement::Reinforcement {
                        turn: *turn,
                        entry: entry.iter().map(|&h| edge_shift(h, o)).collect(),
                    },
                    Placement::Variant { entry } => Placement::Variant {
                        entry: entry.iter().map(|&h| edge_shift(h, o)).collect(),
                    },
                };
                u
            })
        })
        .collect();
    for (sd, orig) in out.sides.iter_mut().zip(&s.sides) {
        sd.forces = tiles
            .iter()
            .flat_map(|&(i, o)| {
                orig.forces.iter().map(move |f| Force {
                    name: name(&f.name, i),
                    leader: f.leader.as_ref().map(|l| Leader {
                        name: name(&l.name, i),
                        factor: l.factor,
                        hex: l.hex.map(|h| shift(h, o)),
                    }),
                    units: f.units.iter().map(|u| id(u, i)).collect(),
                })
            })
            .collect();
    }
    for e in &mut out.victory.exits {
        let mut hexes: Vec<Hex> = tiles
            .iter()
            .flat_map(|&(_, o)| e.hexes.iter().map(move |&h| edge_shift(h, o)))
            .collect();
        hexes.sort();
        hexes.dedup();
        e.hexes = hexes;
        e.units = e.units.saturating_mul(k * k);
    }
    out.victory.victory_hexes = tiles
        .iter()
        .flat_map(|&(_, o)| {
            s.victory.victory_hexes.iter().map(move |v| VictoryHex {
                hex: shift(v.hex, o),
                ..v.clone()
            })
        })
        .collect();
    for t in &mut out.victory.loss_thresholds {
        t.points = t.points.saturating_mul(k * k);
    }
    for v in &mut out.variants {
        for t in &mut v.tables {
            for c in &mut t.chits {
                for ch in &mut c.changes {
                    ch.units = tiles
                        .iter()
                        .flat_map(|&(i, _)| ch.units.iter().map(move |u| id(u, i)))
                        .collect();
                }
            }
        }
    }
    out.rules.plugin_mut().tile(&tiles, &name, &shift);
    Some((out, map))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Severity, parse_map, parse_scenario, validate};

    #[test]
    fn tiled_one_hour_waterloo_is_sixteen_valid_copies() {
        let s = parse_scenario(
            include_str!("../../scenarios/waterloo-one-hour.ron"),
            "s.ron",
        )
        .expect("parses");
        let m = parse_map(include_str!("../../maps/waterloo-boxes.ron"), "m.ron").expect("parses");
        let (t, tm) = tiled(&s, &m, 4).expect("boxes tile");
        assert_eq!((tm.columns, tm.rows), (64, 40));
        assert_eq!(t.units.len(), 16 * s.units.len());
        let errors: Vec<_> = validate(&t, &tm)
            .into_iter()
            .filter(|i| i.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn tiled_refuses_an_odd_count_of_shifted_columns() {
        let (s, m) = large_scenario(11, 8, 10, 1);
        assert!(tiled(&s, &m, 2).is_none());
        let (s, m) = large_scenario(12, 8, 10, 1);
        let (t, tm) = tiled(&s, &m, 2).expect("even columns tile");
        assert_eq!(t.units.len(), 40);
        let errors: Vec<_> = validate(&t, &tm)
            .into_iter()
            .filter(|i| i.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
    }
}
