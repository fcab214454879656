//! Setup sheet speed. Target (issue 7): the Waterloo sheet generated in
//! under 1 s: layout plus PDF, and the map image as PNG for `render`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::scenario;
use vedette::sheet::{self, Paper};

fn benches(c: &mut Criterion) {
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
    let mut group = c.benchmark_group("sheet");
    group.sample_size(20);
    group.bench_function("Waterloo layout (A4)", |b| {
        b.iter(|| sheet::layout(black_box(&s), &m, Paper::A4))
    });
    group.bench_function("Waterloo setup sheet: layout + PDF (A4)", |b| {
        b.iter(|| {
            let pages = sheet::layout(black_box(&s), &m, Paper::A4);
            sheet::pdf::write(&pages, &s.title).expect("writes")
        })
    });
    group.bench_function("Waterloo map image: PNG at 48 px a hex", |b| {
        b.iter(|| {
            let page = sheet::map_page::map_image(black_box(&m), Some(&s));
            sheet::raster::png(&page, 4.0).expect("encodes")
        })
    });
    group.finish();
}

criterion_group!(sheet_benches, benches);
criterion_main!(sheet_benches);
