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

#[test]
fn balance_panel_runs_a_batch_in_the_background_and_compares_runs() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.get_by_label("Balance").click();
    h.run();
    assert!(h.state().balance.open);
    h.get_by_label("No results yet.");
    h.state_mut().balance.games = 30;
    h.get_by_label("Run batch").click();
    h.run_steps(2);
    assert!(h.state().balance.running() || h.state().balance.current.is_some());
    h.state_mut().balance.wait();
    h.run_steps(3);
    let first = h.state().balance.current.as_ref().expect("results");
    assert_eq!(first.report.games, 30);
    assert!(
        !first.losses_by_hex.is_empty(),
        "units were destroyed somewhere"
    );
    let french = first.report.win_rate[0].rate;
    h.get_by_label("30 games, seed 1, heuristic vs heuristic");
    // A second run with another seed is shown against the first.
    h.state_mut().balance.seed = 2;
    h.get_by_label("Run batch").click();
    h.run_steps(2);
    h.state_mut().balance.wait();
    h.run_steps(3);
    let app = h.state();
    assert_eq!(
        app.balance
            .previous
            .as_ref()
            .map(|p| p.report.win_rate[0].rate),
        Some(french)
    );
    let now = app
        .balance
        .current
        .as_ref()
        .expect("second results")
        .report
        .win_rate[0]
        .rate;
    h.get_by_label(&format!("{:.1}% -> {:.1}%", french * 100.0, now * 100.0));
}

#[test]
fn balance_batches_can_be_cancelled() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let doc = h.state().doc.as_ref().expect("loaded");
    let (s, m) = (doc.scenario.clone(), doc.map.clone());
    h.state_mut().balance.games = 100_000;
    h.state_mut().balance.start(&s, &m);
    h.state_mut().balance.open = true;
    h.run_steps(2);
    h.get_by_label("Cancel").click();
    h.run_steps(1);
    h.state_mut().balance.wait();
    h.run_steps(1);
    let app = h.state();
    assert!(app.balance.current.is_none());
    let e = app.balance.error.clone().expect("says it was cancelled");
    assert!(e.starts_with("cancelled after"), "{e}");
}

/// Runs frames until the export on its worker thread has ended.
fn wait_export(h: &mut Harness<'static, VedetteApp>) {
    h.step();
    for _ in 0..600 {
        if !h.state().export.busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    assert!(!h.state().export.busy(), "the export ended");
}

#[test]
fn file_menu_exports_the_setup_sheet_and_the_map_image() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.get_by_label("File").click();
    h.run();
    h.run();
    h.get_by_label_contains("Export setup sheet").click();
    h.run();
    assert!(h.state().export.open);
    // The proposed file is beside the scenario; write elsewhere instead.
    assert!(h.state().export.path.ends_with("waterloo-sheet.pdf"));
    let pdf = dir.path().join("sheet.pdf");
    h.state_mut().export.path = pdf.display().to_string();
    h.get_by_label("Letter").click();
    h.run();
    h.get_by_label("Export").click();
    wait_export(&mut h);
    let bytes = std::fs::read(&pdf).expect("the sheet was written");
    assert!(bytes.starts_with(b"%PDF-"));
    let (ok, msg) = h.state().export.message.clone().expect("a message");
    assert!(ok, "{msg}");
    h.get_by_label(&msg);

    // Ctrl+Shift+E: the map image, PNG from the extension; a bad
    // extension is refused with a reason and nothing written.
    h.state_mut().export.open = false;
    h.run();
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::E,
    );
    h.run();
    assert!(h.state().export.open);
    assert!(h.state().export.path.ends_with("waterloo-map.png"));
    let bad = dir.path().join("map.bmp");
    h.state_mut().export.path = bad.display().to_string();
    h.get_by_label("Export").click();
    wait_export(&mut h);
    let (ok, msg) = h.state().export.message.clone().expect("a message");
    assert!(!ok && msg.contains(".png or .svg"), "{msg}");
    assert!(!bad.exists());
    let png = dir.path().join("map.png");
    h.state_mut().export.path = png.display().to_string();
    h.get_by_label("Export").click();
    wait_export(&mut h);
    let bytes = std::fs::read(&png).expect("the image was written");
    assert_eq!(&bytes[1..4], b"PNG");
}

/// Issue 19, item 5: the Balance panel plays a *Napoleon* scenario with
/// its heuristic players and speaks in its losses (units against each
/// army's break point).
#[test]
fn balance_panel_runs_a_napoleon_scenario() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/saint-aubin.ron")));
    h.get_by_label("Balance").click();
    h.run();
    h.state_mut().balance.games = 10;
    h.get_by_label("Run batch").click();
    h.run_steps(2);
    h.state_mut().balance.wait();
    h.run_steps(3);
    assert_eq!(h.state().balance.error, None);
    let run = h.state().balance.current.as_ref().expect("results");
    assert_eq!(run.report.games, 10);
    assert_eq!(run.report.loss_unit, "units");
    assert_eq!(
        run.report.sides,
        ["French".to_string(), "Prussian".to_string()]
    );
    // Heuristic armies fight: units fall somewhere on the map.
    assert!(!run.losses_by_hex.is_empty());
    h.get_by_label("10 games, seed 1, heuristic vs heuristic");
    h.get_by_label("Red discs on the map: units lost there per game.");
}

/// Issue 39 item 3: the Balance panel's sensitivity study lists the
/// numbers the rule set marks, runs in the background, draws its tornado
/// chart with the verdict, and exports the ranking typed to a path (no
/// file dialog needed).
#[test]
fn issue39_the_balance_panel_ranks_the_numbers_that_decide_the_balance() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/tutorial.ron")));
    h.get_by_label("Balance").click();
    h.run();
    h.get_by_label("Sensitivity: which numbers decide it")
        .click();
    h.run();
    h.get_by_label("Numbers to vary (4 of 4 ticked)");
    h.state_mut().balance.sensitivity.games = 60;
    h.get_by_label("Run study").click();
    h.run_steps(2);
    assert!(
        h.state().balance.sensitivity.running() || h.state().balance.sensitivity.result.is_some()
    );
    h.state_mut().balance.sensitivity.wait();
    h.run_steps(3);
    let (t, _) = h
        .state()
        .balance
        .sensitivity
        .result
        .clone()
        .expect("a ranking");
    assert_eq!(t.knobs.len(), 4);
    assert_eq!(t.base.games(), 60);
    // The game's length decides the tutorial: one turn fewer and the
    // French cannot get their units off in time.
    let top = &t.ranking()[0];
    assert_eq!(top.knob.path, "turns", "{:?}", t.ranking());
    assert!(!top.within_noise);
    h.get_by_label_contains("Base: French win");
    h.get_by_label_contains("move French's win rate beyond noise");
    let dir = tempfile::tempdir().expect("temp dir");
    let csv = dir.path().join("study.csv");
    h.get_by_label("Export to").focus();
    h.run();
    h.get_by_label("Export to")
        .type_text(csv.to_str().expect("utf-8"));
    h.run();
    assert_eq!(
        h.state().balance.sensitivity.path,
        csv.display().to_string()
    );
    // Below the chart: scroll the panel to the button, as a user would.
    h.get_by_label("Export ranking").scroll_to_me();
    h.run();
    h.get_by_label("Export ranking").click();
    h.run();
    let text = std::fs::read_to_string(&csv).unwrap_or_else(|e| {
        panic!(
            "the ranking is written: {e}; {:?}",
            h.state().balance.sensitivity.message
        )
    });
    assert!(text.starts_with("rank,path,label"), "{text}");
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("1,\"turns\"")),
        "{text}"
    );
}
