//! Batch playtest speed: complete Waterloo games between two heuristic
//! players. Target (issue 6): 10,000 games in under 20 s on two cores, i.e.
//! at least 500 games a second across two threads.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use vedette::rules::naw::engine::Board;
use vedette::rules::naw::player::NawKnowledge;
use vedette::scenario;
use vedette::sim::{self, SimConfig};

fn board() -> Arc<Board> {
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
    Arc::new(Board::new(&s, &m).expect("sets up"))
}

fn benches(c: &mut Criterion) {
    let b = board();
    let know = NawKnowledge::new(b.clone());
    let cfg = SimConfig::<vedette::rules::naw::engine::Naw>::new(1, 1);
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(1));
    group.bench_function("one heuristic-vs-heuristic game of Waterloo", |bench| {
        let mut i = 0;
        bench.iter(|| {
            i += 1;
            sim::play_game(&know, &cfg, i).commands
        })
    });
    let games = 200;
    group.throughput(Throughput::Elements(games as u64));
    group.sample_size(10);
    for threads in [1, 2] {
        let cfg = SimConfig::<vedette::rules::naw::engine::Naw> {
            threads,
            ..SimConfig::new(games, 1)
        };
        group.bench_function(
            format!("batch of {games} games on {threads} thread(s)"),
            |bench| {
                bench.iter(|| sim::run(b.clone(), &cfg, &|_| {}, &AtomicBool::new(false)).len())
            },
        );
    }
    group.finish();
}

criterion_group!(simulate, benches);
criterion_main!(simulate);
