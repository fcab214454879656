//! Engine speed: movement search, a full game of random legal play, and
//! replaying a recorded full game (target: 2,000 replays a second on one
//! core).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::ai::{self, RandomPlayer};
use vedette::engine::{replay, replay_on};
use vedette::rules::naw::engine::{Naw, VariantSetup};
use vedette::scenario;

type Game = vedette::engine::Game<Naw>;

fn waterloo() -> (scenario::Scenario, scenario::Map) {
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
    (s, m)
}

fn random_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> Game {
    let mut g = Game::new(s, m, seed, VariantSetup::Off).expect("starts");
    let mut a = RandomPlayer::new(seed * 2 + 1);
    let mut b = RandomPlayer::new(seed * 2 + 2);
    ai::play_out(&mut g, &mut [&mut a, &mut b], 100_000);
    g
}

fn benches(c: &mut Criterion) {
    let (s, m) = waterloo();
    let g = Game::new(&s, &m, 1, VariantSetup::Off).expect("starts");
    let cav = g
        .state
        .board()
        .unit_ix(&"107".into())
        .expect("Guard heavy cavalry");
    println!(
        "reachable hexes for 107 (4-5 cavalry): {}",
        g.state.reachable(cav).len()
    );
    c.bench_function("reachable: 5-MP cavalry on Waterloo", |b| {
        b.iter(|| black_box(&g.state).reachable(cav).len())
    });

    c.bench_function("full game of random legal play", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            random_game(&s, &m, seed).history.len()
        })
    });

    let recorded = random_game(&s, &m, 7);
    let log = recorded.log();
    println!(
        "recorded game: {} commands, {:?}",
        log.entries.len(),
        recorded.state.outcome()
    );
    c.bench_function("replay a recorded full game (from the scenario)", |b| {
        b.iter(|| {
            replay(&s, &m, black_box(&log))
                .expect("replays")
                .history
                .len()
        })
    });
    let board =
        std::sync::Arc::new(vedette::rules::naw::engine::Board::new(&s, &m).expect("board"));
    c.bench_function("replay a recorded full game (board built once)", |b| {
        b.iter(|| {
            replay_on(board.clone(), log.scenario.clone(), black_box(&log))
                .expect("replays")
                .history
                .len()
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
