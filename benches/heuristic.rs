//! The heuristic computer player's cost per command as maps and armies
//! grow. Target (issue 16, item 20): cost per command growing no faster
//! than the number of units, and a 200x200 game with 2,000 units in under
//! 5 s. Each benchmark plays one whole heuristic-vs-heuristic game; the
//! commands it took are printed, so the cost per command is the time
//! divided by them.

use criterion::{Criterion, criterion_group, criterion_main};
use std::sync::Arc;
use vedette::ai::Knowledge;
use vedette::engine::naw::Board;
use vedette::scenario::{self, generate};
use vedette::sim::{self, SimConfig};

fn benches(c: &mut Criterion) {
    let waterloo = {
        let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
            .expect("parses");
        let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
        (s, m)
    };
    let cases = [
        ("Waterloo (44 units)", waterloo, 20),
        (
            "100x100, 500 units",
            generate::large_scenario(100, 100, 500, 3),
            10,
        ),
        (
            "200x200, 2000 units",
            generate::large_scenario(200, 200, 2000, 7),
            10,
        ),
    ];
    let mut group = c.benchmark_group("heuristic");
    for (name, (s, m), samples) in cases {
        let board = Arc::new(Board::new(&s, &m).expect("sets up"));
        let know = Knowledge::new(board);
        let cfg = SimConfig::<vedette::engine::naw::Naw>::new(1, 1);
        let probe = sim::play_game(&know, &cfg, 0);
        println!(
            "{name}: game 0 takes {} commands ({:?} on Game-Turn {})",
            probe.commands, probe.result, probe.turn
        );
        group.sample_size(samples);
        group.bench_function(format!("whole game: {name}"), |b| {
            b.iter(|| sim::play_game(&know, &cfg, 0).commands)
        });
    }
    group.finish();
}

criterion_group!(heuristic, benches);
criterion_main!(heuristic);
