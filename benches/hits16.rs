//! The 16-hits engine's speed (issue 37): a whole game of the heuristic
//! player against itself on the shipped Quatre Bras and on the tutorial,
//! on one core (the target is `vedette simulate SCENARIO --games 1000
//! --threads 2` under 10 s), a whole random game, and replaying a
//! recorded game.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::ai::{self, Computer, PlayerKind, RandomPlayer};
use vedette::engine::{Game, Rules, replay_on};
use vedette::rules::hits16::engine::Hits16;
use vedette::scenario;

fn load(text: &str) -> (scenario::Scenario, scenario::Map) {
    let s = scenario::parse_scenario(text, "s.ron").expect("parses");
    let scenario::MapSource::Inline(m) = &s.map else {
        panic!("the shipped 16-hits scenarios carry their maps")
    };
    let m = (**m).clone();
    (s, m)
}

fn heuristic_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> Game<Hits16> {
    let mut g: Game<Hits16> = Game::new(s, m, seed, ()).expect("starts");
    let know = Hits16::knowledge(g.board().clone());
    let tuning = Default::default();
    let mut a = Hits16::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 1);
    let mut b = Hits16::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 2);
    ai::play_out(&mut g, &mut [a.as_mut(), b.as_mut()], 200_000);
    g
}

fn random_game(s: &scenario::Scenario, m: &scenario::Map, seed: u64) -> usize {
    let mut g: Game<Hits16> = Game::new(s, m, seed, ()).expect("starts");
    let mut a = RandomPlayer::<Hits16>::new(seed * 2 + 1);
    let mut b = RandomPlayer::<Hits16>::new(seed * 2 + 2);
    ai::play_out(&mut g, &mut [&mut a, &mut b], 200_000)
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("16 hits");
    group.sample_size(20);
    for (name, text) in [
        ("Quatre Bras", include_str!("../scenarios/quatre-bras.ron")),
        (
            "the tutorial",
            include_str!("../scenarios/hits16-tutorial.ron"),
        ),
    ] {
        let (s, m) = load(text);
        group.bench_function(format!("a heuristic-vs-heuristic game, {name}"), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                heuristic_game(&s, &m, seed).history.len()
            })
        });
        group.bench_function(format!("a random game, {name}"), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                random_game(&s, &m, seed)
            })
        });
        let recorded = heuristic_game(&s, &m, 7);
        let log = recorded.log();
        println!(
            "{name}: recorded game of {} commands, {:?}",
            log.entries.len(),
            recorded.outcome()
        );
        let board = std::sync::Arc::new(Hits16::board(&s, &m).expect("board"));
        group.bench_function(format!("replay a recorded heuristic game, {name}"), |b| {
            b.iter(|| {
                replay_on(board.clone(), log.scenario.clone(), black_box(&log))
                    .expect("replays")
                    .history
                    .len()
            })
        });
    }
    group.finish();
}

criterion_group!(hits16, benches);
criterion_main!(hits16);
