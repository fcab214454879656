//! The editor window driven through egui_kittest (AccessKit), headless.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;
use vedette::app::VedetteApp;
use vedette::hex::{Hex, Point};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn harness(app: VedetteApp) -> Harness<'static, VedetteApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_ui_state(|ui, app: &mut VedetteApp| app.ui(ui), app);
    h.run();
    h
}

#[test]
fn opens_waterloo_and_reports_the_hex_under_the_cursor() {
    let app = VedetteApp::open(root().join("scenarios/waterloo.ron"));
    let mut h = harness(app);
    assert_eq!(h.state().title(), "Vedette — Napoleon at Waterloo");
    h.get_by_label("0 errors, 0 warnings");
    // Hover the Hougoumont wood and read the status bar.
    let app = h.state();
    let doc = app.doc.as_ref().expect("scenario loaded");
    let rect = app.map_rect.expect("map drawn");
    let layout = app.view.layout(&doc.map, rect);
    let c: Point = layout.center(Hex::new(9, 14));
    h.hover_at(egui::pos2(c.x as f32, c.y as f32));
    h.run();
    assert_eq!(h.state().hovered, Some(Hex::new(9, 14)));
    h.get_by_label("0914  Woods  (Hougoumont)  |  British Infantry infantry 1-4 [206]");
}

#[test]
fn a_broken_file_shows_its_error_instead_of_the_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = dir.path().join("broken.ron");
    std::fs::write(&p, "(version: 1, title: \"x\",").expect("write");
    let mut h = harness(VedetteApp::open(p.clone()));
    assert!(h.state().doc.is_none());
    let msg = h.state().open_error.clone().expect("an error is shown");
    assert!(msg.starts_with(&format!("{}:1:", p.display())), "{msg}");
    h.get_by_label(&msg);
    h.run();
}

#[test]
fn hex_numbers_can_be_toggled() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/tutorial.ron")));
    assert!(h.state().draw.hex_numbers);
    h.get_by_label("Hex numbers").click();
    h.run();
    assert!(!h.state().draw.hex_numbers);
}
