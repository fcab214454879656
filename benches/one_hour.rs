//! The One Hour Napoleonic engine's speed (issue 21): a whole game of the
//! heuristic player against itself on the shipped Waterloo in boxes, on
//! one core (the target is 1,000 such games in under 10 s on two cores),
//! a whole random game, and replaying a recorded game.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::ai::{self, Computer, PlayerKind, RandomPlayer};
use vedette::engine::one_hour::OneHour;
use vedette::engine::{Game, Rules, replay_on};
use vedette::scenario;

fn waterloo() -> (scenario::Scenario, scenario::Map) {
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo-one-hour.ron"), "s.ron")
        .expect("parses");
    let m =
        scenario::parse_map(include_str!("../maps/waterloo-boxes.ron"), "m.ron").expect("parses");
    (s, m)
}

fn heuristic_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> Game<OneHour> {
    let mut g: Game<OneHour> = Game::new(s, m, seed, ()).expect("starts");
    let know = OneHour::knowledge(g.board().clone());
    let tuning = Default::default();
    let mut a = OneHour::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 1);
    let mut b = OneHour::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 2);
    ai::play_out(&mut g, &mut [a.as_mut(), b.as_mut()], 200_000);
    g
}

fn random_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> usize {
    let mut g: Game<OneHour> = Game::new(s, m, seed, ()).expect("starts");
    let mut a = RandomPlayer::<OneHour>::new(seed * 2 + 1);
    let mut b = RandomPlayer::<OneHour>::new(seed * 2 + 2);
    ai::play_out(&mut g, &mut [&mut a, &mut b], 200_000)
}

fn benches(c: &mut Criterion) {
    let (s, m) = waterloo();
    let mut group = c.benchmark_group("one hour");
    group.sample_size(30);
    group.bench_function("a heuristic-vs-heuristic game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            heuristic_game(&s, &m, seed).history.len()
        })
    });
    group.bench_function("a random game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            random_game(&s, &m, seed)
        })
    });
    let recorded = heuristic_game(&s, &m, 7);
    let log = recorded.log();
    println!(
        "recorded game: {} commands, {:?}",
        log.entries.len(),
        recorded.outcome()
    );
    let board = std::sync::Arc::new(OneHour::board(&s, &m).expect("board"));
    group.bench_function("replay a recorded heuristic game", |b| {
        b.iter(|| {
            replay_on(board.clone(), log.scenario.clone(), black_box(&log))
                .expect("replays")
                .history
                .len()
        })
    });
    group.finish();
}

criterion_group!(one_hour, benches);
criterion_main!(one_hour);
