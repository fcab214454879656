//! Helpers shared by the GUI tests (each test file uses some of them).
#![allow(dead_code)]

use egui::{Modifiers, Pos2};
use egui_kittest::Harness;
use std::path::{Path, PathBuf};
use vedette::app::VedetteApp;
use vedette::hex::Hex;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Waterloo copied into a temporary project (scenario and map), so saves
/// never touch the shipped files.
pub fn waterloo_copy(dir: &Path) -> PathBuf {
    for sub in ["scenarios", "maps"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
    }
    std::fs::copy(
        root().join("maps/waterloo.ron"),
        dir.join("maps/waterloo.ron"),
    )
    .expect("copy");
    let s = dir.join("scenarios/waterloo.ron");
    std::fs::copy(root().join("scenarios/waterloo.ron"), &s).expect("copy");
    s
}

/// The whole window at 1400x900, one settled frame drawn.
pub fn harness(app: VedetteApp) -> Harness<'static, VedetteApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut VedetteApp| app.ui(ui), app);
    h.run();
    h
}

pub fn hx(label: &str) -> Hex {
    label.parse().expect("a hex")
}

/// Ctrl (Cmd on macOS) with `key`, then the frames it causes.
pub fn ctrl(h: &mut Harness<'_, VedetteApp>, key: egui::Key) {
    h.key_press_modifiers(Modifiers::COMMAND, key);
    h.run();
}

/// A click at a screen point: hover, press and release, as a mouse does.
pub fn click_at(h: &mut Harness<'_, VedetteApp>, p: Pos2) {
    h.hover_at(p);
    h.step();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run();
}

/// A click at a screen point followed by a fixed few frames, for windows
/// that keep repainting (computer seats at work), where `run` would wait
/// for a settled frame that never comes.
pub fn click_at_steps(h: &mut Harness<'_, VedetteApp>, p: Pos2, steps: usize) {
    h.hover_at(p);
    h.step();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run_steps(steps);
}

/// Drags from one point to another in small steps, like a mouse.
pub fn drag(h: &mut Harness<'_, VedetteApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=10 {
        h.hover_at(from + (to - from) * (k as f32 / 10.0));
        h.step();
    }
    h.drop_at(to);
    h.run();
}
