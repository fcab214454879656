//! Random legal play on Waterloo with invariants checked after every
//! command, and replay of the recorded games.

use super::*;
use crate::rules::naw::engine::board::UnitIx;

const WATERLOO: &str = include_str!("../../../../../scenarios/waterloo.ron");
const WATERLOO_MAP: &str = include_str!("../../../../../maps/waterloo.ron");

pub(crate) fn waterloo() -> (Scenario, Map) {
    let s = parse_scenario(WATERLOO, "waterloo.ron").expect("parses");
    let m = parse_map(WATERLOO_MAP, "map.ron").expect("parses");
    (s, m)
}

/// Plays one game choosing uniformly among legal commands, checking the
/// invariants after each; returns the game.
pub(crate) fn random_game(s: &Scenario, m: &Map, seed: u64, variant: VariantSetup) -> Game {
    let mut g = Game::new(s, m, seed, variant).expect("waterloo starts");
    let mut chooser = Dice::new(seed ^ 0x5eed);
    for _ in 0..20_000 {
        if g.is_over() {
            break;
        }
        let cmds = g.state.legal_commands();
        if cmds.is_empty() {
            let st = &g.state;
            let stacked: Vec<String> = (0..st.pos.len())
                .filter_map(|u| {
                    st.unit_hex(u as UnitIx)
                        .filter(|&h| st.occupancy().count[h as usize] > 1)
                        .map(|h| format!("{}@{}", st.board.units[u].id, st.board.hex(h)))
                })
                .collect();
            let last = st
                .last_moved
                .map(|l| (st.board.units[l as usize].id.clone(), st.movement_left(l)));
            let recent: Vec<String> = g
                .history
                .iter()
                .rev()
                .take(4)
                .map(|(c, _)| format!("{c:?}"))
                .collect();
            let show = |v: Vec<UnitIx>| -> Vec<String> {
                v.iter()
                    .map(|&u| {
                        format!(
                            "{}@{}",
                            st.board.units[u as usize].id,
                            st.unit_hex(u).map_or(Hex::new(0, 0), |h| st.board.hex(h))
                        )
                    })
                    .collect()
            };
            panic!(
                "no legal command in {:?} turn {} (seed {seed}): stacked {stacked:?}, last moved {last:?}, end movement: {:?}, end combat: {:?}, must attack {:?}, must be attacked {:?}, plan {:?}, recent {recent:?}",
                st.phase,
                st.turn,
                st.check(&Command::EndMovement),
                st.check(&Command::EndCombat),
                show(st.required_attackers()),
                show(st.required_defenders()),
                st.suggest_attacks(None),
            );
        }
        // Favour ending phases a little less than moving, so games see
        // contact; pick uniformly otherwise.
        let c = cmds[(chooser.roll(cmds.len() as u32) - 1) as usize].clone();
        let before = g.state.losses;
        match g.execute(&c) {
            Ok(events) => {
                let events = events.to_vec();
                check_invariants(&g, &c, &events, before)
            }
            Err(e) => panic!("legal command {c:?} refused: {e}"),
        }
    }
    assert!(g.is_over(), "game did not finish");
    g
}

fn check_invariants(g: &Game, c: &Command, events: &[Event], before: [u32; 2]) {
    let st = &g.state;
    let occ = st.occupancy();
    for (i, p) in st.pos.iter().enumerate() {
        if let Pos::OnMap(hx) = *p {
            let info = st.board.info(hx);
            assert!(
                info.on_map && info.cost.is_some(),
                "unit {i} on a prohibited hex after {c:?}"
            );
            // No unit shares a hex with an enemy.
            for (j, q) in st.pos.iter().enumerate() {
                if j != i && *q == Pos::OnMap(hx) {
                    assert_eq!(
                        st.side_of(i as UnitIx),
                        st.side_of(j as UnitIx),
                        "enemies share {} after {c:?}",
                        info.hex
                    );
                }
            }
        }
    }
    // No stacked friendly units once the Movement Phase is over.
    if matches!(c, Command::EndMovement) {
        assert!(
            occ.count.iter().all(|&n| n <= 1),
            "stacked after the Movement Phase"
        );
    }
    // Loss ledgers equal printed strength destroyed.
    for side in 0..2u8 {
        let destroyed: u32 = (0..st.pos.len())
            .filter(|&u| st.pos[u] == Pos::Eliminated && st.board.units[u].side == side)
            .map(|u| st.board.units[u].strength)
            .sum();
        assert_eq!(st.losses[side as usize], destroyed);
    }
    // Victory is declared exactly when its condition holds.
    let f = st.board.exit_side as usize;
    let a = 1 - f;
    let t = st.board.thresholds;
    let ended = events.iter().any(|e| matches!(e, Event::GameEnded { .. }));
    let allied_win =
        st.losses[f] >= t[f] && before[f] < t[f] && !(st.demoralized[a] && before[a] >= t[a]);
    let french_win = st.demoralized[a] && st.exited[f] >= st.board.exits_needed;
    if allied_win || french_win {
        assert!(
            st.outcome.is_some(),
            "a victory condition holds but the game goes on after {c:?}"
        );
    }
    if ended && !matches!(st.outcome, Some(Outcome::Draw { .. })) {
        assert!(
            allied_win || french_win || (st.losses[f] >= t[f] && st.losses[a] >= t[a]),
            "unexplained win"
        );
    }
    // Demoralization follows the Allied losses [8.2] (a game that ends in
    // the same instant need not announce it).
    if st.outcome.is_none() {
        assert_eq!(st.demoralized[a], st.losses[a] >= t[a]);
    } else if st.demoralized[a] {
        assert!(st.losses[a] >= t[a]);
    }
}

/// Hundreds of games of random legal play on Waterloo (a third with the
/// Grouchy variant), invariants checked after every command; every game's
/// log, written as RON and read back, replays to the same events. 400 in
/// `cargo test` (sized for CI); `VEDETTE_RANDOM_GAMES=2000` or more is
/// the longer sweep.
#[test]
fn random_games_keep_the_invariants_and_replay() {
    let (s, m) = waterloo();
    let games: u64 = std::env::var("VEDETTE_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 4) as u64;
    let results: Vec<(u64, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (s, m) = (&s, &m);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for seed in (w..games).step_by(workers as usize) {
                        let variant = if seed % 3 == 0 {
                            VariantSetup::Drawn
                        } else {
                            VariantSetup::Off
                        };
                        let g = random_game(s, m, seed, variant);
                        let log = g.log();
                        let text = to_ron(&log);
                        let back: crate::engine::GameLog<Naw> =
                            from_ron(&text, "log.ron").expect("log parses");
                        assert_eq!(back, log);
                        let again = replay(s, m, &back).expect("replays");
                        assert_eq!(again.state.outcome, g.state.outcome);
                        assert_eq!(to_ron(&again.log()), text, "replay is byte-identical");
                        let key = match &g.state.outcome {
                            Some(Outcome::Win { side, .. }) => side.to_string(),
                            _ => "draw".to_string(),
                        };
                        out.push((seed, key));
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    });
    assert_eq!(results.len() as u64, games);
    // Random play mostly draws; a rules bug that ended games at once would
    // show here.
    let finished_by_turn_limit = results.iter().filter(|(_, k)| k == "draw").count();
    assert!(finished_by_turn_limit > 0);
}

/// A log written before the rule-set boundary (version 1: no `rules`, the
/// setup called `variant`) still replays event for event, and is written
/// back in today's format, which reads back the same (issue 17).
#[test]
fn version_1_logs_replay_after_the_rule_set_boundary() {
    let (s, m) = waterloo();
    let text = include_str!("../../../../../tests/data/waterloo-full-game-v1.log.ron");
    assert!(text.contains("version: 1") && text.contains("variant: Drawn"));
    let log: crate::engine::GameLog<Naw> = ron::from_str(text).expect("a version 1 log reads");
    assert_eq!(log.rules, None);
    assert_eq!(log.setup, VariantSetup::Drawn);
    let game = replay(&s, &m, &log).expect("replays event for event");
    assert!(game.is_over());
    let now = game.log();
    assert_eq!(now.version, crate::engine::LOG_VERSION);
    assert_eq!(now.rules.as_deref(), Some("napoleon_at_waterloo"));
    assert_eq!(now.entries, log.entries);
    let written = crate::scenario::to_ron(&now);
    assert!(written.contains("version: 3,\n    rules: Some(\"napoleon_at_waterloo\"),"));
    assert!(written.contains("setup: Drawn"));
    let back: crate::engine::GameLog<Naw> = ron::from_str(&written).expect("reads back");
    assert_eq!(back, now);
}

/// A log of another rule set, or a newer format, is refused with a reason
/// rather than replayed wrongly.
#[test]
fn logs_of_other_rules_or_newer_versions_are_refused() {
    let (s, m) = waterloo();
    let text = include_str!("../../../../../tests/data/waterloo-full-game-v1.log.ron");
    let mut log: crate::engine::GameLog<Naw> = ron::from_str(text).expect("reads");
    log.rules = Some("one_hour".into());
    let e = replay(&s, &m, &log).expect_err("other rules");
    assert!(e.to_string().contains("one_hour rules"), "{e}");
    log.rules = None;
    log.version = 99;
    let e = replay(&s, &m, &log).expect_err("newer");
    assert!(e.to_string().contains("version 99"), "{e}");
}
