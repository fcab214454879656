//! Loading and validating scenarios: the shipped Waterloo and a generated
//! 200x200 map with 2,000 units (target: under 50 ms for the large one).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::scenario::{self, MapSource, generate};

fn load_and_validate(text: &str) -> usize {
    let s = scenario::parse_scenario(text, "bench.ron").expect("parses");
    let MapSource::Inline(m) = &s.map else {
        panic!("generated scenarios carry their map inline")
    };
    scenario::validate(&s, m).len()
}

fn benches(c: &mut Criterion) {
    let (big, _) = generate::large_scenario(200, 200, 2000, 1);
    let big_text = scenario::scenario_to_ron(&big);
    println!(
        "200x200 scenario with 2,000 units: {} bytes of RON",
        big_text.len()
    );
    c.bench_function("load+validate 200x200, 2000 units", |b| {
        b.iter(|| load_and_validate(black_box(&big_text)))
    });

    let waterloo = include_str!("../scenarios/waterloo.ron");
    let waterloo_map = include_str!("../maps/waterloo.ron");
    c.bench_function("load+validate waterloo", |b| {
        b.iter(|| {
            let s = scenario::parse_scenario(black_box(waterloo), "w.ron").expect("parses");
            let m = scenario::parse_map(black_box(waterloo_map), "m.ron").expect("parses");
            scenario::validate(&s, &m).len()
        })
    });
}

criterion_group!(benches_group, benches);
criterion_main!(benches_group);
