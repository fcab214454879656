//! The search player (issue 38): one decision that plans a turn (the
//! portfolio's scripts scored by playouts to the end of the game, budget
//! 16 playouts) at the start of each rule set's shipped scenario and of
//! its first held-out generated battle (issue 69), one flat Monte Carlo
//! decision (`mc:100`) there, and, for scale, one heuristic-vs-heuristic
//! game of the same scenario.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use vedette::ai::{self, Computer, MonteCarloPlayer, Player, PlayerKind, SearchPlayer};
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
        group.bench_function(format!("one mc:100 decision, {}", self.name), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let mut p = MonteCarloPlayer::<R>::new(&know, &tuning, 100, seed);
                black_box(p.choose(&start))
            })
        });
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

/// The first battle of each rule set's held-out half.
fn held_out(c: &mut Criterion) {
    for rules in vedette::rules::RuleSet::every() {
        let seed = vedette::sim::strength::HELD_OUT_FROM;
        let (s, m) = scenario::mirror::battle(&rules, seed);
        let name = format!("held-out battle {seed} ({})", rules.short_name());
        dispatch(
            &rules,
            Bench {
                c,
                name: &name,
                s: &s,
                m: &m,
            },
        );
    }
}

criterion_group!(search, benches, held_out);
criterion_main!(search);
