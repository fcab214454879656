//! The heuristic *Napoleon* player against the random one, and its
//! choices in small positions.

use super::*;
use crate::ai::play_out;
use crate::engine::Game;
use crate::engine::GameEnd;
use crate::scenario::{parse_map, parse_scenario};

fn saint_aubin() -> (crate::scenario::Scenario, crate::scenario::Map) {
    let s = parse_scenario(
        include_str!("../../../scenarios/saint-aubin.ron"),
        "saint-aubin.ron",
    )
    .expect("parses");
    let m = parse_map(
        include_str!("../../../maps/saint-aubin.ron"),
        "saint-aubin map",
    )
    .expect("parses");
    (s, m)
}

/// Plays `n` games heuristic against random, the heuristic on `side`;
/// returns (heuristic wins, draws, random wins).
fn match_up(n: u64, side: usize) -> (u32, u32, u32) {
    let (s, m) = saint_aubin();
    let mut tally = (0, 0, 0);
    for seed in 0..n {
        let mut game = Game::<Napoleon>::new(&s, &m, seed, ()).unwrap();
        let know = Napoleon::knowledge(game.board().clone());
        let mut h = Napoleon::computer(
            PlayerKind::Heuristic,
            &know,
            &NapoleonTuning::default(),
            seed + 1000,
        );
        let mut r = Napoleon::computer(
            PlayerKind::Random,
            &know,
            &NapoleonTuning::default(),
            seed + 2000,
        );
        let mut players: [&mut dyn Player<Napoleon>; 2] = if side == 0 {
            [h.as_mut(), r.as_mut()]
        } else {
            [r.as_mut(), h.as_mut()]
        };
        play_out(&mut game, &mut players, 200_000);
        match game.outcome() {
            Some(GameEnd::Win { side: w, .. }) if w as usize == side => tally.0 += 1,
            Some(GameEnd::Win { .. }) => tally.2 += 1,
            _ => tally.1 += 1,
        }
    }
    tally
}

#[test]
fn heuristic_beats_random_from_either_side() {
    for side in 0..2 {
        let (w, d, l) = match_up(20, side);
        eprintln!("side {side}: heuristic {w} wins, {d} draws, {l} losses");
    }
}

#[test]
#[ignore]
fn diagnose_one_game() {
    let (s, m) = saint_aubin();
    for seed in 0..1u64 {
        let mut game = Game::<Napoleon>::new(&s, &m, seed, ()).unwrap();
        let know = Napoleon::knowledge(game.board().clone());
        let mut h = Napoleon::computer(
            PlayerKind::Heuristic,
            &know,
            &NapoleonTuning::default(),
            seed + 1000,
        );
        let mut r = Napoleon::computer(
            PlayerKind::Random,
            &know,
            &NapoleonTuning::default(),
            seed + 2000,
        );
        let players: [&mut dyn Player<Napoleon>; 2] = [h.as_mut(), r.as_mut()];
        let t = std::time::Instant::now();
        let mut n = 0;
        let mut last_turn = 0;
        while !game.is_over() && n < 200_000 {
            let side = game.to_act() as usize & 1;
            let Some(cmd) = players[side].choose(&game.state) else {
                break;
            };
            if game.execute(&cmd).is_err() {
                break;
            }
            n += 1;
            if game.state.turn != last_turn {
                last_turn = game.state.turn;
                let st = &game.state;
                let d: Vec<u32> = st.units_of(0).map(|u| st.enemy_distance(u)).collect();
                eprintln!("  turn {last_turn}: heuristic distances {d:?}");
            }
            if let Some(e) = game
                .log()
                .entries
                .last()
                .map(|e| e.events.clone())
                .unwrap_or_default()
                .iter()
                .find(|e| matches!(e, crate::engine::napoleon::Event::CommandChecked { .. }))
            {
                if let crate::engine::napoleon::Event::CommandChecked {
                    force,
                    result,
                    total,
                    ..
                } = e
                {
                    if game.board().forces[*force as usize].side == 0 {
                        eprintln!(
                            "    check {} total {total} -> {result:?}",
                            game.board().forces[*force as usize].name
                        );
                    }
                }
            }
        }
        let mut counts = std::collections::BTreeMap::new();
        for entry in &game.log().entries {
            let name = format!("{:?}", entry.command);
            let name = format!("C:{}", name.split([' ', '{', '(']).next().unwrap_or(""));
            *counts.entry(name).or_insert(0) += 1;
            for e in &entry.events {
                let name = format!("{e:?}");
                let name = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *counts.entry(name).or_insert(0) += 1;
            }
        }
        eprintln!(
            "seed {seed}: {n} commands in {:?}, lost {:?}, outcome {:?}",
            t.elapsed(),
            game.state.lost,
            game.outcome()
        );
        eprintln!("  {counts:?}");
    }
}
