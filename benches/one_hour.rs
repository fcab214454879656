//! The One Hour Napoleonic engine's speed (issue 21): a whole game of the
//! heuristic player against itself on the shipped Waterloo in boxes, on
//! one core (the target is 1,000 such games in under 10 s on two cores),
//! a whole random game, and replaying a recorded game.
//!
//! Scaling (issue 35, item 16: the heuristic player's cost linear in units
//! per command): whole heuristic games on the shipped Waterloo tiled 1x1,
//! 2x2 and 4x4 (`scenario::generate::tiled`: 4 and 16 times the boxes and
//! the units; the 4x4 is a 64x40 map with 608 units). Before the timed
//! runs each size plays game 1 once and prints its commands and the time
//! per command, and the exponent of the time per command in the units
//! between the sizes (1 is linear).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::ai::{self, Computer, PlayerKind, RandomPlayer};
use vedette::engine::{Game, Rules, replay_on};
use vedette::rules::one_hour::engine::OneHour;
use vedette::scenario::{self, generate};

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

    let mut group = c.benchmark_group("one hour scaling");
    group.sample_size(10);
    let mut last: Option<(f64, f64)> = None;
    for k in [1, 2, 4] {
        let (ts, tm) = generate::tiled(&s, &m, k).expect("boxes tile");
        let units = ts.units.len();
        let t0 = std::time::Instant::now();
        let g = heuristic_game(&ts, &tm, 1);
        let secs = t0.elapsed().as_secs_f64();
        let commands = g.history.len();
        let per = secs / commands.max(1) as f64;
        let exponent = last.map(|(u0, p0)| (per / p0).ln() / (units as f64 / u0).ln());
        println!(
            "{k}x{k} ({} boxes, {units} units): game 1 takes {commands} commands in {:.2} s, \
             {:.1} us a command{}",
            tm.columns * tm.rows,
            secs,
            per * 1e6,
            exponent.map_or(String::new(), |e| format!(
                ", time a command grows as units^{e:.2}"
            ))
        );
        last = Some((units as f64, per));
        group.bench_function(
            format!("a heuristic game, Waterloo {k}x{k} ({units} units)"),
            |b| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    heuristic_game(&ts, &tm, seed).history.len()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(one_hour, benches);
criterion_main!(one_hour);
