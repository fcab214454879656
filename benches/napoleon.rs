//! The Napoleon engine's speed (issue 17): replaying a recorded full game
//! (target under 1 ms), legal-command generation on the shipped scenario
//! (target under 50 µs a call), a whole random game, and (issue 19) a
//! whole game of the heuristic player against itself, on one core: the
//! target is 1,000 such games in under 10 s on two cores.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::ai::{self, Computer, PlayerKind, RandomPlayer};
use vedette::engine::{Game, Rules, replay_on};
use vedette::rules::napoleon::engine::Napoleon;
use vedette::scenario;

fn saint_aubin() -> (scenario::Scenario, scenario::Map) {
    let s = scenario::parse_scenario(include_str!("../scenarios/saint-aubin.ron"), "s.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/saint-aubin.ron"), "m.ron").expect("parses");
    (s, m)
}

fn random_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> Game<Napoleon> {
    let mut g: Game<Napoleon> = Game::new(s, m, seed, ()).expect("starts");
    let mut a = RandomPlayer::<Napoleon>::new(seed * 2 + 1);
    let mut b = RandomPlayer::<Napoleon>::new(seed * 2 + 2);
    ai::play_out(&mut g, &mut [&mut a, &mut b], 200_000);
    g
}

fn benches(c: &mut Criterion) {
    let (s, m) = saint_aubin();
    let recorded = random_game(&s, &m, 7);
    let log = recorded.log();
    println!(
        "recorded game: {} commands, {:?}",
        log.entries.len(),
        recorded.outcome()
    );
    let board = std::sync::Arc::new(Napoleon::board(&s, &m).expect("board"));
    c.bench_function(
        "napoleon: replay a recorded full game (board built once)",
        |b| {
            b.iter(|| {
                replay_on(board.clone(), log.scenario.clone(), black_box(&log))
                    .expect("replays")
                    .history
                    .len()
            })
        },
    );

    // Legal commands at every position of the recorded game, in turn.
    let mut positions = Vec::new();
    let mut g: Game<Napoleon> = Game::with_board(board.clone(), log.seed, (), String::new());
    for e in &log.entries {
        positions.push(g.state.clone());
        g.execute(&e.command).expect("replays");
    }
    println!("{} positions", positions.len());
    let mut i = 0;
    c.bench_function(
        "napoleon: legal commands (positions of a game in turn)",
        |b| {
            b.iter(|| {
                i = (i + 1) % positions.len();
                black_box(&positions[i]).legal_commands().len()
            })
        },
    );

    c.bench_function("napoleon: a random game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            random_game(&s, &m, seed).history.len()
        })
    });
}

fn heuristic_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> usize {
    let mut g: Game<Napoleon> = Game::new(s, m, seed, ()).expect("starts");
    let know = Napoleon::knowledge(g.board().clone());
    let tuning = Default::default();
    let mut a = Napoleon::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 1);
    let mut b = Napoleon::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 2);
    ai::play_out(&mut g, &mut [a.as_mut(), b.as_mut()], 200_000)
}

fn heuristic(c: &mut Criterion) {
    let (s, m) = saint_aubin();
    let mut group = c.benchmark_group("napoleon heuristic");
    group.sample_size(20);
    // Reported as games per second on one core ("thrpt").
    group.throughput(criterion::Throughput::Elements(1));
    group.bench_function("a heuristic-vs-heuristic game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            heuristic_game(&s, &m, seed)
        })
    });
    group.finish();
}

criterion_group!(napoleon, benches, heuristic);
criterion_main!(napoleon);
