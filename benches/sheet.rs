//! Setup sheet speed. Target (issue 7): the Waterloo sheet generated in
//! under 1 s: layout plus PDF, and the map image as PNG for `render`.
//! Target (issue 16, item 19): `render` of a generated 200x200 map to a PNG
//! of about 31 megapixels faster than Tiled's tmxrasterizer on the same
//! map (1.0 s of CPU), in at most 256 MiB (the memory is measured on the
//! command line; see the note).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::scenario::{self, generate};
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
    // 30 px across a hex: 5,200 x 6,000 pixels for 200x200 flat-top hexes.
    let (_, big) = generate::large_scenario(200, 200, 0, 7);
    group.sample_size(10);
    group.bench_function("render 200x200 map: PNG at 30 px a hex (31 MP)", |b| {
        b.iter(|| {
            let page = sheet::map_page::map_image(black_box(&big), None);
            sheet::raster::png(&page, 30.0 / sheet::MIN_HEX_MM).expect("encodes")
        })
    });
    group.finish();
}

criterion_group!(sheet_benches, benches);
criterion_main!(sheet_benches);
