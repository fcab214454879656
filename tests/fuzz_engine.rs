//! Fuzzing past the loader (issue 16): damaged scenarios are validated
//! and, when `validate` lets them through, played: a game is started and
//! driven by random (and now and then heuristic) commands. No case may
//! panic, abort or allocate absurdly (the allocator of `common/fuzz.rs`
//! refuses absurd sizes: a terrain cost of 4,294,967,295 once made the
//! engine ask for 4 GiB).
//!
//! Cases are generated from a fixed seed, so a failure names a case that
//! can be replayed. `cargo test` runs 25,000 (sized for CI);
//! `VEDETTE_FUZZ_CASES=100000` (or more) is the longer sweep, run before
//! an issue touching the engine or the loader is resolved.

#[path = "common/fuzz.rs"]
mod fuzz;

use fuzz::{Rng, mutate_text, play};
use std::panic::{AssertUnwindSafe, catch_unwind};
use vedette::hex::Dir;
use vedette::scenario::*;

const WATERLOO: &str = include_str!("../scenarios/waterloo.ron");
const WATERLOO_MAP: &str = include_str!("../maps/waterloo.ron");
const TUTORIAL: &str = include_str!("../scenarios/tutorial.ron");

fn waterloo() -> (Scenario, Map) {
    let s = parse_scenario(WATERLOO, "waterloo.ron").expect("waterloo");
    let m = parse_map(WATERLOO_MAP, "map.ron").expect("map");
    (s, m)
}

fn tutorial() -> (Scenario, Map) {
    let s = parse_scenario(TUTORIAL, "tutorial.ron").expect("tutorial");
    let m = match &s.map {
        MapSource::Inline(m) => (**m).clone(),
        MapSource::File(_) => unreachable!("the tutorial's map is inline"),
    };
    (s, m)
}

/// One structured damage to a scenario or its map.
fn mutate(rng: &mut Rng, s: &mut Scenario, m: &mut Map) {
    let n_units = s.units.len();
    match rng.below(24) {
        0 if n_units > 0 => s.units[rng.below(n_units)].strength = rng.number(),
        1 if n_units > 0 => s.units[rng.below(n_units)].movement = rng.number(),
        2 if n_units > 0 => {
            let h = rng.hex(m);
            s.units[rng.below(n_units)].placement = Placement::Start(h);
        }
        3 if n_units > 0 => {
            let turn = rng.number();
            let entry = (0..rng.below(4)).map(|_| rng.hex(m)).collect();
            s.units[rng.below(n_units)].placement = Placement::Reinforcement { turn, entry };
        }
        4 if n_units > 0 => {
            s.units.remove(rng.below(n_units));
        }
        5 if n_units > 0 => {
            let mut u = s.units[rng.below(n_units)].clone();
            if rng.chance(2) {
                u.id = UnitId::new(format!("x{}", rng.next() % 1000));
            }
            u.placement = Placement::Start(rng.hex(m));
            s.units.push(u);
        }
        6 if n_units > 0 => {
            let i = rng.below(n_units);
            // A side that is not there (or none left to pick).
            s.units[i].side = if rng.chance(4) || s.sides.is_empty() {
                SideId::new("Nobody")
            } else {
                s.sides[rng
                    .below(s.sides.len().max(1))
                    .min(s.sides.len().saturating_sub(1))]
                .id
                .clone()
            };
        }
        7 if !m.terrain_kinds.is_empty() => {
            let i = rng.below(m.terrain_kinds.len());
            m.terrain_kinds[i].movement = match rng.below(3) {
                0 => MovementRule::Cost(rng.number()),
                1 => MovementRule::RoadOnly(rng.number()),
                _ => MovementRule::Prohibited,
            };
        }
        8 if !m.terrain_kinds.is_empty() => {
            let i = rng.below(m.terrain_kinds.len());
            m.terrain_kinds[i].defence_multiplier = rng.number();
        }
        9 => {
            let h = rng.hex(m);
            let code = [b'.', b'T', b'W', b'-', b'?'][rng.below(5)] as char;
            m.set_code(h, code);
        }
        10 => {
            let h = rng.hex(m);
            let dir = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW][rng.below(6)];
            if let Some(side) = m.grid().hexside(h, dir) {
                let f = HexsideFeature::ALL[rng.below(4)];
                m.hexsides.entry(side).or_default().insert(f);
            }
        }
        11 => {
            m.hexside_effects.river = if rng.chance(2) {
                Crossing::Prohibited
            } else {
                Crossing::Extra(rng.number())
            };
            m.hexside_effects.ford = Crossing::Extra(rng.number());
        }
        12 if !s.victory.loss_thresholds.is_empty() => {
            let i = rng.below(s.victory.loss_thresholds.len());
            s.victory.loss_thresholds[i].points = rng.number();
        }
        13 => {
            s.victory.loss_thresholds.clear();
        }
        14 if !s.victory.exits.is_empty() => {
            let e = &mut s.victory.exits[0];
            e.units = rng.number();
            if rng.chance(2) {
                e.hexes = (0..rng.below(5)).map(|_| rng.hex(m)).collect();
            }
        }
        15 => s.turns = rng.number(),
        16 => {
            let c = rng.below(s.crt.columns.len().max(1) + 1);
            if c < s.crt.columns.len() {
                s.crt.columns[c] = Odds::new(1 + rng.number() % 200, 1 + rng.number() % 200);
            } else {
                s.crt.columns.push(Odds::new(7, 1));
            }
        }
        17 if !s.crt.rows.is_empty() => {
            let r = rng.below(s.crt.rows.len());
            if rng.chance(2) {
                s.crt.rows[r].die = rng.number();
            } else {
                s.crt.rows[r].results.pop();
            }
        }
        18 => {
            // A resize that leaves the terrain rows as they were.
            if rng.chance(2) {
                m.columns = rng.number() % 1200;
            } else {
                m.rows = rng.number() % 1200;
            }
        }
        19 => {
            s.victory.victory_hexes.push(VictoryHex {
                hex: rng.hex(m),
                side: s.sides.first().map(|x| x.id.clone()).unwrap_or_default(),
                points: rng.number(),
            });
        }
        20 if !s.sides.is_empty() => {
            if rng.chance(3) {
                s.sides.pop();
            } else {
                let ids: Vec<UnitId> = s
                    .units
                    .iter()
                    .take(rng.below(8))
                    .map(|u| u.id.clone())
                    .collect();
                let i = rng.below(s.sides.len());
                s.sides[i].forces.push(Force {
                    name: "F".into(),
                    leader: Some(Leader {
                        name: "L".into(),
                        factor: (rng.number() as i32).wrapping_sub(2),
                        hex: Some(rng.hex(m)),
                    }),
                    units: ids,
                });
            }
        }
        21 => {
            let h = rng.hex(m);
            m.hexes.insert(
                h,
                HexDetail {
                    elevation: rng.number() as i32,
                    hill: rng.chance(2),
                    stronghold: rng.chance(2),
                },
            );
        }
        22 if n_units > 0 => {
            let i = rng.below(n_units);
            s.units[i].kind = UnitKind::ALL[rng.below(3)];
            s.units[i].facing = Some(Dir::NE);
            // Now and then the scenario changes rule set, so the hex
            // miniatures validator sees damaged scenarios too.
            if rng.chance(4) {
                s.rules = RuleSet::Napoleon(Box::default());
            }
        }
        _ => {
            if let Some(v) = s.variants.first_mut()
                && let Some(t) = v.tables.first_mut()
                && let Some(c) = t.chits.first_mut()
            {
                c.code = rng.number();
                if let Some(ch) = c.changes.first_mut() {
                    ch.turn = Some(rng.number());
                }
            }
        }
    }
}

/// Runs cases `from..to` of the sequence; returns the failures.
fn run_cases(from: u64, to: u64) -> (Vec<String>, u64) {
    let (w, wm) = waterloo();
    let (t, tm) = tutorial();
    let mut failures = Vec::new();
    let mut played = 0u64;
    for case in from..to {
        let mut rng = Rng(0xF022_0016 ^ case.wrapping_mul(0x2545_f491_4f6c_dd1d));
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let (mut s, mut m) = if rng.chance(4) {
                (w.clone(), wm.clone())
            } else {
                (t.clone(), tm.clone())
            };
            if rng.chance(8) {
                // Through the text reader first.
                let text = mutate_text(&mut rng, &scenario_to_ron(&s));
                match parse_scenario(&text, "fuzz.ron") {
                    Ok(parsed) => {
                        if let MapSource::Inline(inline) = &parsed.map {
                            m = (**inline).clone();
                        }
                        s = parsed;
                    }
                    Err(_) => return false,
                }
            }
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut s, &mut m);
            }
            let issues = validate(&s, &m);
            // What is written loads back, whatever it holds.
            let written = scenario_to_ron(&s);
            let again = parse_scenario(&written, "again.ron");
            assert!(
                again.is_ok(),
                "written scenario does not load: {:?}",
                again.err()
            );
            let _ = map_to_ron(&m);
            if issues.iter().any(|i| i.severity == Severity::Error) {
                return false;
            }
            let heuristic = rng.chance(16);
            play(&mut rng, &s, &m, heuristic);
            true
        }));
        match outcome {
            Ok(true) => played += 1,
            Ok(false) => {}
            Err(p) => {
                failures.push(format!("case {case}: {}", fuzz::panic_message(&*p)));
            }
        }
    }
    (failures, played)
}

fn cases() -> u64 {
    std::env::var("VEDETTE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25_000)
}

/// The cases in four parts, so the test threads share them.
fn part(k: u64) {
    let n = cases();
    let (from, to) = (n * k / 4, n * (k + 1) / 4);
    let (failures, played) = run_cases(from, to);
    fuzz::assert_no_failures(&failures, from, to);
    // Most cases must get past validation into a game, or the fuzzing
    // says little about the engine.
    assert!(
        played * 5 >= (to - from),
        "only {played} of {} cases reached a game",
        to - from
    );
}

#[test]
fn fuzz_part_1_of_4() {
    part(0);
}

#[test]
fn fuzz_part_2_of_4() {
    part(1);
}

#[test]
fn fuzz_part_3_of_4() {
    part(2);
}

#[test]
fn fuzz_part_4_of_4() {
    part(3);
}
