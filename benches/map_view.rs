//! The editor's frame cost on the CPU, headless (no GPU): the whole window
//! built by `VedetteApp::ui` and tessellated into triangles, as eframe does
//! every frame before handing them to the GPU. Targets (issue 4): Waterloo
//! at default zoom under 2 ms; a 200x200 map with 2,000 units at full
//! zoom-out under 10 ms, also while painting.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::app::VedetteApp;
use vedette::app::document::OpenDoc;
use vedette::edit::{self, Document, History};
use vedette::hex::Hex;
use vedette::scenario::{self, generate};

fn raw_input(time: f64) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1400.0, 900.0),
        )),
        time: Some(time),
        ..Default::default()
    }
}

/// One frame: the UI pass plus tessellation.
fn frame(ctx: &egui::Context, app: &mut VedetteApp, time: f64) -> usize {
    let mut out = ctx.run_ui(raw_input(time), |ui| app.ui(ui));
    // No GPU takes the texture changes; dropping them unapplied is what
    // a debug build's assertion asks to be said.
    out.textures_delta.clear();
    let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
    prims.len()
}

fn warmed(app: &mut VedetteApp) -> egui::Context {
    let ctx = egui::Context::default();
    // A few frames to fit the view and settle the layout.
    for i in 0..4 {
        frame(&ctx, app, i as f64 * 0.016);
    }
    ctx
}

fn doc(s: scenario::Scenario, m: scenario::Map) -> OpenDoc {
    OpenDoc {
        deployment_log: None,
        map_write_consent: None,
        disk: Vec::new(),
        path: None,
        map_path: None,
        data: Document {
            scenario: s,
            map: m,
        },
        history: History::default(),
    }
}

fn benches(c: &mut Criterion) {
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
    let mut group = c.benchmark_group("editor frame");
    group.sample_size(30);

    let mut app = VedetteApp::with_doc(doc(s, m));
    let ctx = warmed(&mut app);
    let mut t = 1.0;
    group.bench_function("Waterloo, fitted to 1400x900", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&ctx, &mut app, t))
        })
    });

    let (bs, bm) = generate::large_scenario(200, 200, 2000, 7);
    let mut big = VedetteApp::with_doc(doc(bs, bm));
    let ctx = warmed(&mut big);
    group.bench_function("200x200, 2000 units, full zoom-out", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&ctx, &mut big, t))
        })
    });

    // The same on square boxes (issue 18).
    let (xs, xm) = generate::large_scenario_on(
        vedette::hex::Grid::new(
            vedette::hex::Orientation::Boxes,
            vedette::hex::Stagger::Even,
        ),
        200,
        200,
        2000,
        7,
    );
    let mut boxes = VedetteApp::with_doc(doc(xs, xm));
    let box_ctx = warmed(&mut boxes);
    group.bench_function("200x200 boxes, 2000 units, full zoom-out", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&box_ctx, &mut boxes, t))
        })
    });

    // Painting: every frame a brush dab lands (an edit merged into the
    // open stroke, the texture patched, the redraw). The problems list is
    // refreshed once, when the stroke ends (`load+validate 200x200` in the
    // scenario bench gives that cost).
    let centre = Hex::new(100, 100);
    let mut k = 0u32;
    group.bench_function("200x200, 2000 units, painting with the 7-hex brush", |b| {
        b.iter(|| {
            k += 1;
            if let Some(d) = big.doc.as_mut() {
                let h = Hex::new(centre.col + (k % 40) as i32, centre.row);
                let code = if k % 80 < 40 { 'W' } else { '.' };
                let hexes = edit::brush(&d.map, h, 1);
                if let Some(e) = edit::paint(d, &hexes, code) {
                    d.apply_in_stroke(e).expect("applies");
                }
            }
            t += 0.016;
            black_box(frame(&ctx, &mut big, t))
        })
    });
    group.finish();

    // The playtest table: Waterloo, the French 2nd Cavalry selected (its
    // reachable hexes drawn) and the cursor over a hex (path preview); and
    // in the Combat Phase with the required attack drafted (odds panel,
    // CRT column, obligation markers).
    let mut group = c.benchmark_group("playtest frame");
    group.sample_size(30);
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
        .expect("parses");
    let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
    let mut app = VedetteApp::with_doc(doc(s, m));
    let choice = vedette::app::playtest::StartChoice {
        seats: [vedette::play::Seat::Human; 2],
        seed: 1,
        variant: vedette::app::playtest::VariantChoice::Off,
        chits: [1, 1],
    };
    app.start_playtest(choice).expect("starts");
    let ctx = warmed(&mut app);
    if let Some(p) = app.table_mut::<vedette::rules::naw::window::table::NawTable>() {
        p.select_next_mover();
        p.hovered = Some(Hex::new(3, 12));
    }
    group.bench_function("Waterloo, movement, a unit selected", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&ctx, &mut app, t))
        })
    });
    if let Some(p) = app.table_mut::<vedette::rules::naw::window::table::NawTable>() {
        p.end_phase();
        p.take_suggestion();
    }
    group.bench_function("Waterloo, combat, an attack drafted", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&ctx, &mut app, t))
        })
    });

    // One Hour's table on Waterloo tiled 4x4 (64x40 boxes, 608 units;
    // issue 35, item 16: under 8 ms a frame), in the Move step with a
    // unit selected, so its boxes and targets are drawn too.
    let s = scenario::parse_scenario(include_str!("../scenarios/waterloo-one-hour.ron"), "s.ron")
        .expect("parses");
    let m =
        scenario::parse_map(include_str!("../maps/waterloo-boxes.ron"), "m.ron").expect("parses");
    let (ts, tm) = generate::tiled(&s, &m, 4).expect("boxes tile");
    let mut app = VedetteApp::with_doc(doc(ts, tm));
    app.start_playtest(choice).expect("starts");
    let ctx = warmed(&mut app);
    group.bench_function("One Hour, Waterloo 4x4 (608 units), fitted", |b| {
        b.iter(|| {
            t += 0.016;
            black_box(frame(&ctx, &mut app, t))
        })
    });
    group.finish();
}

criterion_group!(map_benches, benches);
criterion_main!(map_benches);
