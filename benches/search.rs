//! The search player (issue 38): one decision that plans a turn (the
//! portfolio's scripts scored by playouts to the end of the game, budget
//! 16 playouts) at the start of each rule set's shipped scenario, and,
//! for scale, one heuristic-vs-heuristic game of the same scenario.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use vedette::ai::{self, Computer, Player, PlayerKind, SearchPlayer};
use vedette::engine::Dice;
use vedette::rules::{Visit, dispatch};
use vedette::scenario;

struct Bench<'a> {
    c: &'a mut Criterion,
    name: &'a str,
    s: &'a scenario::Scenario,
    m: &'a scenario::Map,
}

impl Visit for Bench<'_> {
    type Output = ();
    fn visit<R: Computer>(self) {
        let board = Arc::new(R::board(self.s, self.m).expect("plays"));
        let know = R::knowledge(board.clone());
        let tuning = R::Tuning::default();
        let (start, _) = R::start(&board, &R::batch_setup(false), &mut Dice::new(1));
        let mut group = self.c.benchmark_group("search");
        group.sample_size(10);
        group.bench_function(
            format!("one search decision (budget 16), {}", self.name),
            |b| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    let mut p = SearchPlayer::<R>::new(&know, &tuning, 16, seed);
                    black_box(p.choose(&start))
                })
            },
        );
        group.bench_function(format!("a heuristic game, {}", self.name), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let mut g = vedette::engine::Game::<R>::with_board(
                    board.clone(),
                    seed,
                    R::batch_setup(false),
                    String::new(),
                );
                let mut x = R::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2);
                let mut y = R::computer(PlayerKind::Heuristic, &know, &tuning, seed * 2 + 1);
                ai::play_out(&mut g, &mut [x.as_mut(), y.as_mut()], 200_000)
            })
        });
        group.finish();
    }
}

fn benches(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, file) in [
        ("Waterloo", "waterloo.ron"),
        ("Saint-Aubin (Napoleon)", "saint-aubin.ron"),
        ("Waterloo (One Hour)", "waterloo-one-hour.ron"),
        ("Quatre Bras (16 hits)", "quatre-bras.ron"),
    ] {
        let l = vedette::files::load_scenario(&root.join("scenarios").join(file)).expect("loads");
        dispatch(
            &l.scenario.rules.clone(),
            Bench {
                c,
                name,
                s: &l.scenario,
                m: &l.map,
            },
        );
    }
}

criterion_group!(search, benches);
criterion_main!(search);
