//! The window's defects found by a new user (issue 16, items 9 to 14 and
//! 16), each driven through egui_kittest as that user would meet it.

mod common;

use common::{ctrl, harness, hx, root, waterloo_copy};
use egui::{Key, Modifiers, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::file_prompt::Dialogs;
use vedette::hex::Hex;

fn hex_pos(h: &Harness<'_, VedetteApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    let c = app
        .view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .center(hex);
    pos2(c.x as f32, c.y as f32)
}

/// Replaces the text of the field labelled `label` by typing.
fn type_into(h: &mut Harness<'_, VedetteApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run();
}

fn no_dialogs(app: &mut VedetteApp) {
    app.dialogs = Dialogs::Unavailable("no file-dialog service in this test".into());
}

#[test]
fn issue16_item9_without_a_file_dialog_every_file_action_takes_a_typed_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = waterloo_copy(dir.path());
    let mut app = VedetteApp::empty();
    no_dialogs(&mut app);
    let mut h = harness(app);

    // File > New, then Ctrl+S on the untitled scenario: a typed-path
    // window saying why, proposing a file in the scenarios folder.
    ctrl(&mut h, Key::N);
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().doc.is_some());
    ctrl(&mut h, Key::S);
    let prompt = h
        .state()
        .path_prompt
        .clone()
        .expect("Ctrl+S asks for a path");
    h.get_by_label("Save scenario as");
    h.get_by_label_contains("No file dialog is available");
    let proposed = std::path::PathBuf::from(&prompt.path);
    assert_eq!(
        proposed.file_name().and_then(|n| n.to_str()),
        Some("untitled.ron")
    );
    assert!(
        proposed.parent().is_some_and(|p| p.ends_with("scenarios")),
        "starts in the scenarios folder: {}",
        prompt.path
    );
    // Typed without an extension: saved as .ron, and the document knows it.
    let target = dir.path().join("scenarios/pickup");
    type_into(&mut h, "File:", &target.display().to_string());
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().path_prompt.is_none());
    let saved = dir.path().join("scenarios/pickup.ron");
    assert!(saved.is_file(), "written");
    assert!(!h.state().is_modified());
    assert!(h.state().title().contains("pickup"));

    // Save As from the menu: an existing file is replaced only on a
    // second press.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Save As…").click();
    h.run();
    type_into(&mut h, "File:", &copy.display().to_string());
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label_contains("already exists: press Save again");
    assert_eq!(
        std::fs::read_to_string(&copy).expect("read"),
        std::fs::read_to_string(root().join("scenarios/waterloo.ron")).expect("read"),
        "not replaced yet"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().path_prompt.is_none());

    // Ctrl+O: a missing file is named in the window; a real one opens.
    ctrl(&mut h, Key::O);
    h.get_by_label("Open scenario");
    type_into(
        &mut h,
        "File:",
        &dir.path().join("nothing.ron").display().to_string(),
    );
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label_contains("There is no file");
    type_into(&mut h, "File:", &copy.display().to_string());
    h.get_by_label("Open").click();
    h.run();
    let doc = h.state().doc.as_ref().expect("opened");
    assert_eq!(doc.scenario.title, "Napoleon at Waterloo");
    assert!(h.state().path_prompt.is_none());

    // Export map to a file, from the menu: proposed in the maps folder.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Export map to a file").click();
    h.run();
    let p = h.state().path_prompt.clone().expect("asks where");
    assert!(p.path.contains("maps"), "{}", p.path);
    let map = dir.path().join("maps/copy-map.ron");
    type_into(&mut h, "File:", &map.display().to_string());
    h.key_press(Key::Enter);
    h.run();
    assert!(map.is_file(), "Enter in the field confirms");
}

/// A plain label (a column heading), not the fields it labels.
fn heading(h: &Harness<'_, VedetteApp>, text: &'static str) -> egui::Rect {
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Label
            && (n.label().as_deref() == Some(text) || n.value().as_deref() == Some(text))
    })
    .rect()
}

fn open_map_settings_terrain(h: &mut Harness<'_, VedetteApp>) {
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Map settings…").click();
    h.run();
    h.get_by_label("Terrain effects").click();
    h.run();
}

#[test]
fn issue16_item10_a_terrain_code_changed_alone_is_applied_and_headings_sit_above() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = waterloo_copy(dir.path());
    let mut h = harness(VedetteApp::open(path));
    open_map_settings_terrain(&mut h);
    let before = h.state().doc.as_ref().expect("open").map.clone();
    let first = before.terrain_kinds[0].clone();
    let unused = ('A'..='Z')
        .find(|c| before.terrain_kinds.iter().all(|t| t.code != *c))
        .expect("a free letter");

    // The headings are one row above the first row of fields, each over
    // its column.
    let code_heading = heading(&h, "Code");
    let name_heading = heading(&h, "Name");
    let fields: Vec<egui::Rect> = h.get_all_by_label("Code").map(|n| n.rect()).collect();
    assert_eq!(
        fields.len(),
        before.terrain_kinds.len(),
        "one code field a terrain"
    );
    let top_field = fields
        .iter()
        .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
        .expect("a field");
    assert!(
        code_heading.max.y <= top_field.min.y + 1.0,
        "Code heading {code_heading:?} above the first field {top_field:?}"
    );
    assert!(
        (code_heading.center().x - top_field.center().x).abs()
            < code_heading.width().max(top_field.width()),
        "Code heading {code_heading:?} over its column {top_field:?}"
    );
    assert!(
        name_heading.min.x > code_heading.max.x
            && (name_heading.min.y - code_heading.min.y).abs() < 2.0
    );
    // Each name field sits under the Name heading, in its column.
    for f in h.get_all_by_label("Name").map(|n| n.rect()) {
        assert!(
            f.min.x < name_heading.max.x
                && f.max.x > name_heading.min.x
                && f.min.y > name_heading.max.y - 1.0,
            "name field {f:?} under the heading {name_heading:?}"
        );
    }

    // Click into the first code field and type a new letter, as a user
    // does (the cursor lands after the old code): the code changes.
    let field = h
        .get_all_by_label("Code")
        .find(|n| n.rect() == *top_field)
        .expect("the field");
    field.click();
    h.run();
    h.get_all_by_label("Code")
        .find(|n| n.rect() == *top_field)
        .expect("the field")
        .type_text(&unused.to_string());
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let after = h.state().doc.as_ref().expect("open").map.clone();
    assert_eq!(
        after.terrain_kinds[0].code, unused,
        "the new code is applied"
    );
    let count = |m: &vedette::scenario::Map, c: char| {
        m.terrain
            .iter()
            .map(|r| r.chars().filter(|x| *x == c).count())
            .sum::<usize>()
    };
    assert_eq!(
        count(&after, unused),
        count(&before, first.code),
        "the hexes follow"
    );
    assert!(
        h.state()
            .doc
            .as_ref()
            .expect("open")
            .history
            .undo_label()
            .is_some()
    );
}

/// The hex under a screen point, as the map is drawn now.
fn hex_at(h: &Harness<'_, VedetteApp>, p: Pos2) -> Hex {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    app.view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .hex_at(vedette::hex::Point::new(p.x as f64, p.y as f64))
}

#[test]
fn issue16_item12_the_map_stays_still_when_the_left_panel_changes_width() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let target = hx("1010");
    let p = hex_pos(&h, target);
    let before = h.state().map_rect.expect("drawn");
    // Drag the tools panel's right edge 120 points to the right, as a
    // user widening it (or the inspector widening it) does.
    let edge = pos2(before.min.x - 1.0, before.center().y);
    h.hover_at(edge);
    h.step();
    h.drag_at(edge);
    h.step();
    for k in 1..=6 {
        h.hover_at(edge + egui::vec2(20.0 * k as f32, 0.0));
        h.step();
    }
    h.drop_at(edge + egui::vec2(120.0, 0.0));
    h.run();
    let after = h.state().map_rect.expect("drawn");
    assert!(
        after.min.x > before.min.x + 50.0,
        "the panel got wider: {before:?} -> {after:?}"
    );
    assert_eq!(
        hex_at(&h, p),
        target,
        "the hex under the pointer is the same"
    );
    let moved = hex_pos(&h, target) - p;
    assert!(moved.length() < 0.5, "the map moved by {moved:?}");
}

/// Types `text` into the number field labelled `label` and presses Enter.
fn type_number(h: &mut Harness<'_, VedetteApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn issue16_item13_a_refused_or_clamped_number_says_so_under_its_field() {
    let mut h = harness(VedetteApp::empty());
    ctrl(&mut h, Key::N);
    h.get_by_label("New scenario");
    type_number(&mut h, "Columns", "abc");
    h.get_by_label_contains("“abc” is not a number: the value was kept");
    type_number(&mut h, "Rows", "-5");
    h.get_by_label_contains("-5 is below the least allowed, 1: set to 1");
    h.get_by_label("Create").click();
    h.run();
    let doc = h.state().doc.as_ref().expect("created");
    assert_eq!(doc.map.rows, 1, "clamped, as the message said");
    assert!(doc.map.columns > 1, "letters kept the old value");
}

#[test]
fn issue16_item11_the_editor_has_a_legend_and_a_hovered_mark_says_what_it_is() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let (exit, side, entry, who) = {
        let doc = h.state().doc.as_ref().expect("open");
        let s = &doc.scenario;
        let e = &s.victory.exits[0];
        let side = s.side(&e.side).expect("a side").name.clone();
        let (entry, who) = s
            .units
            .iter()
            .find_map(|u| match &u.placement {
                vedette::scenario::Placement::Reinforcement { entry, .. } => {
                    Some((entry[0], u.designation.clone()))
                }
                _ => None,
            })
            .expect("a reinforcement");
        (e.hexes[0], side, entry, who)
    };
    // The legend, in the map's corner, names each mark the scenario uses.
    h.get_by_label_contains("Map legend");
    h.get_by_label(&format!("{side} exit hex"));
    h.get_by_label("reinforcement entry");
    // Hovering an exit hex says what it is; so does an entry hex.
    let p = hex_pos(&h, exit);
    h.hover_at(p);
    for _ in 0..20 {
        h.step();
    }
    h.run();
    h.get_by_label_contains(&format!("Exit hex for {side}"));
    let p = hex_pos(&h, entry);
    h.hover_at(p);
    for _ in 0..20 {
        h.step();
    }
    h.run();
    h.get_by_label_contains("Entry hex for");
    h.get_by_label_contains(&who);
    // View > Legend hides it.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Legend").click();
    h.run();
    assert!(!h.state().show_legend);
}

fn click_map(h: &mut Harness<'_, VedetteApp>, hex: Hex) {
    let p = hex_pos(h, hex);
    h.hover_at(p);
    h.step();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run();
}

/// Paints one hex with the terrain tool, a change to the document.
fn change_something(h: &mut Harness<'_, VedetteApp>) {
    h.key_press(Key::T);
    h.run();
    click_map(h, hx("0304"));
    assert!(h.state().is_modified());
}

#[test]
fn issue16_item14_recovery_offers_the_file_that_was_open_when_vedette_died() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = waterloo_copy(&dir.path().join("a"));
    let b = waterloo_copy(&dir.path().join("b"));
    let rec = dir.path().join("recovery");
    let mut app = VedetteApp::open(a.clone());
    app.recovery_dir = Some(rec.clone());
    no_dialogs(&mut app);
    let mut h = harness(app);

    // A is changed and autosaved, then undone back to the file: the
    // autosave goes with the changes.
    change_something(&mut h);
    h.state_mut().autosave_now();
    let files = || std::fs::read_dir(&rec).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files(), 1, "an autosave of A");
    ctrl(&mut h, Key::Z);
    assert!(!h.state().is_modified());
    h.state_mut().autosave_now();
    assert_eq!(files(), 0, "nothing to recover once undone");

    // A changed and autosaved again; the user closes A without saving it
    // (Ctrl+W, Don't save), opens B, changes B, and Vedette dies before
    // B's first autosave.
    change_something(&mut h);
    h.state_mut().autosave_now();
    ctrl(&mut h, Key::W);
    h.get_by_label("Don't save").click();
    h.run_steps(8);
    assert!(h.state().doc.is_none(), "the last tab closed is emptied");
    ctrl(&mut h, Key::O);
    type_into(&mut h, "File:", &b.display().to_string());
    h.get_by_label("Open").click();
    h.run();
    assert_eq!(
        h.state().doc.as_ref().and_then(|d| d.path.clone()),
        Some(b.clone())
    );
    change_something(&mut h);
    let mut next = VedetteApp::empty();
    next.recovery_dir = Some(rec.clone());
    next.check_recovery();
    assert!(
        next.recovery_offer.is_none(),
        "A's changes were let go: nothing to offer"
    );

    // This time B is autosaved before the crash: B is offered, by name.
    h.state_mut().autosave_now();
    drop(h);
    let mut next = VedetteApp::empty();
    next.recovery_dir = Some(rec.clone());
    next.check_recovery();
    let (offer, _) = next
        .recovery_offer
        .clone()
        .expect("B's autosave is offered");
    assert_eq!(offer.path, Some(b.clone()));
    let mut h = harness(next);
    h.get_by_label_contains(&format!("Unsaved changes to {}", b.display()));
    h.get_by_label("Recover").click();
    h.run();
    let app = h.state();
    assert_eq!(app.doc.as_ref().and_then(|d| d.path.clone()), Some(b));
    assert!(app.is_modified(), "recovered changes are unsaved");
}

/// Issue 35 item 20: an edit followed by no input at all still leaves a
/// recovery file: the window asks to be woken when the autosave is due
/// (so egui repaints an idle window then), and that frame writes it. After
/// Recover, Undo takes the recovered changes back to the file as saved.
#[test]
fn issue35_item20_an_idle_window_autosaves_and_recovered_changes_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = waterloo_copy(&dir.path().join("a"));
    let rec = dir.path().join("recovery");
    let mut app = VedetteApp::open(a.clone());
    app.recovery_dir = Some(rec.clone());
    no_dialogs(&mut app);
    let mut h = harness(app);
    let files = || std::fs::read_dir(&rec).map(|d| d.count()).unwrap_or(0);
    change_something(&mut h);
    assert_eq!(files(), 0, "no autosave yet");
    // With no input, the last frame asked for a repaint within the minute.
    let delay = h
        .output()
        .viewport_output
        .values()
        .map(|v| v.repaint_delay)
        .min()
        .expect("a viewport");
    assert!(
        delay <= std::time::Duration::from_secs(60),
        "an idle window must wake for its autosave (asked {delay:?})"
    );
    // The event loop wakes it 65 s later, with no input: one frame.
    let now = h.ctx.input(|i| i.time);
    h.input_mut().time = Some(now + 65.0);
    h.step();
    assert_eq!(files(), 1, "the recovery file exists 65 s after the edit");
    let edited = h.state().doc.as_ref().map(|d| d.map.clone()).expect("doc");
    drop(h);

    // Vedette died; the next start offers it, and Recover restores it.
    let mut next = VedetteApp::empty();
    next.recovery_dir = Some(rec.clone());
    next.check_recovery();
    let mut h = harness(next);
    h.get_by_label("Recover").click();
    h.run();
    assert!(h.state().is_modified());
    assert_eq!(
        h.state().doc.as_ref().map(|d| d.map.clone()),
        Some(edited.clone())
    );
    // Undo is there, and goes back to the file as saved.
    ctrl(&mut h, Key::Z);
    let saved = vedette::files::load_scenario(&a).expect("loads").map;
    assert_eq!(h.state().doc.as_ref().map(|d| d.map.clone()), Some(saved));
    ctrl(&mut h, Key::Y);
    assert_eq!(h.state().doc.as_ref().map(|d| d.map.clone()), Some(edited));
}

/// Issue 35 item 22, as issue 40 item 1 made it: a saved game opened in
/// the window (not "format version 2", which sounded like an older
/// Vedette; not an offer either) opens in the playtest table on the
/// scenario it names, and an army list opens in the pick-up wizard.
#[test]
fn issue40_item1_a_saved_game_or_an_army_list_opens_where_it_belongs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("game.ron");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vedette"))
        .current_dir(root())
        .args([
            "play",
            "scenarios/waterloo.ron",
            "--french",
            "heuristic",
            "--allied",
            "heuristic",
            "--max-commands",
            "12",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("vedette runs");
    assert!(log.exists(), "{out:?}");
    let mut app = VedetteApp::open(log.clone());
    no_dialogs(&mut app);
    let h = harness(app);
    assert!(h.state().playtest.is_some(), "the game opens in the table");
    assert!(h.state().doc.is_some(), "on the scenario it names");
    assert_eq!(h.state().open_error, None);
    // An army list opens in the pick-up wizard, on the first side.
    let mut app = VedetteApp::open(root().join("scenarios/armies/france-1813.ron"));
    no_dialogs(&mut app);
    let h = harness(app);
    assert!(h.state().pickup.is_some(), "the pick-up wizard is open");
    assert_eq!(h.state().open_error, None);
}

/// The typed-path window open now, as the test sees it.
fn prompt(h: &Harness<'_, VedetteApp>) -> vedette::app::file_prompt::PathPrompt {
    h.state()
        .path_prompt
        .clone()
        .expect("the typed-path window")
}

#[test]
fn issue35_item23_export_browse_without_a_file_dialog_takes_a_typed_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = waterloo_copy(dir.path());
    let mut app = VedetteApp::open(copy);
    no_dialogs(&mut app);
    let mut h = harness(app);
    ctrl(&mut h, Key::P);
    h.get_by_label("Export setup sheet");
    h.get_by_label("Browse…").click();
    h.run();
    // Not greyed out and silent: the typed-path window, saying why, on
    // the export window's own path.
    let p = prompt(&h);
    assert!(p.path.ends_with("waterloo-sheet.pdf"), "{}", p.path);
    h.get_by_label("Export setup sheet to");
    h.get_by_label_contains("No file dialog is available");
    // A name typed without an extension becomes a PDF in the field.
    let target = dir.path().join("handout");
    // Two "File:" fields are open now (the export window's and the typed
    // path's); the typed path's has the focus.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    let field = h
        .query_all_by_label("File:")
        .find(|n| n.is_focused())
        .expect("the focused field");
    field.type_text(&target.display().to_string());
    h.run();
    h.get_by_label("Choose").click();
    h.run();
    assert!(h.state().path_prompt.is_none(), "the window closes");
    let want = dir.path().join("handout.pdf");
    assert_eq!(h.state().export.path, want.display().to_string());
    // And the export writes there.
    h.get_by_label("Export").click();
    for _ in 0..600 {
        h.step();
        if !h.state().export.busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    h.run();
    assert!(want.is_file(), "{:?}", h.state().export.message);
}

#[test]
fn issue35_item25_a_broken_scenario_on_the_command_line_shows_the_problem_and_the_ways_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = waterloo_copy(dir.path());
    let good = std::fs::read_to_string(&copy).expect("read");
    let broken = dir.path().join("scenarios/broken.ron");
    // A quote left open on line 3.
    let mut lines: Vec<&str> = good.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("title:"))
        .expect("a title line");
    let bad = lines[at].replacen('"', "", 1);
    lines[at] = &bad;
    std::fs::write(&broken, lines.join("\n")).expect("write");
    let mut app = VedetteApp::open(broken.clone());
    no_dialogs(&mut app);
    let mut h = harness(app);
    assert!(h.state().doc.is_none());
    h.get_by_label("Could not open broken.ron");
    h.get_by_label("Problems");
    let line = format!("broken.ron:{}:", at + 1);
    assert!(
        h.query_all_by_label_contains(&line).count() >= 1,
        "the error gives its line and column ({line})"
    );
    // File > Open from the page: the typed-path window.
    h.get_by_label("Open a scenario…").click();
    h.run();
    assert_eq!(
        prompt(&h).action,
        vedette::app::file_prompt::FileAction::Open
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().path_prompt.is_none());
    // Fixed in a text editor: Try again opens it.
    std::fs::write(&broken, &good).expect("write");
    h.get_by_label("Try again").click();
    h.run();
    assert!(h.state().doc.is_some(), "{:?}", h.state().open_error);
    assert!(
        h.query_all_by_label("Could not open broken.ron")
            .next()
            .is_none()
    );
}

#[test]
fn issue35_item26_the_typed_path_window_focuses_lists_and_completes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = waterloo_copy(dir.path());
    std::fs::copy(&copy, dir.path().join("scenarios/wavre.ron")).expect("copy");
    std::fs::write(dir.path().join("scenarios/notes.txt"), "x").expect("write");
    let mut app = VedetteApp::open(copy);
    no_dialogs(&mut app);
    let mut h = harness(app);
    ctrl(&mut h, Key::O);
    // The field has the focus: typing goes straight in.
    assert!(h.get_by_label("File:").is_focused(), "the field is focused");
    // The folder's scenarios are listed, not the other files.
    h.get_by_label("waterloo.ron");
    h.get_by_label("wavre.ron");
    assert!(h.query_all_by_label("notes.txt").next().is_none());
    // Tab completes as far as the names agree, then the one name.
    let folder = dir.path().join("scenarios");
    let sep = std::path::MAIN_SEPARATOR;
    type_into(&mut h, "File:", &format!("{}{sep}w", folder.display()));
    h.key_press(Key::Tab);
    h.run();
    assert_eq!(prompt(&h).path, format!("{}{sep}wa", folder.display()));
    assert!(h.get_by_label("File:").is_focused(), "Tab keeps the focus");
    h.get_by_label("File:").type_text("v");
    h.run();
    h.key_press(Key::Tab);
    h.run();
    assert_eq!(
        prompt(&h).path,
        format!("{}{sep}wavre.ron", folder.display())
    );
    // A click on a listed name takes it; Open opens.
    type_into(&mut h, "File:", &format!("{}{sep}", folder.display()));
    h.get_by_label("waterloo.ron").click();
    h.run();
    assert!(prompt(&h).path.ends_with("waterloo.ron"));
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().path_prompt.is_none());
    assert!(h.state().open_error.is_none());
}

#[test]
fn issue35_item37_save_asks_before_writing_a_map_outside_the_scenario_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenarios = dir.path().join("project/scenarios");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&scenarios).expect("mkdir");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    let outside = elsewhere.join("map.ron");
    std::fs::copy(root().join("maps/waterloo.ron"), &outside).expect("copy");
    let text = std::fs::read_to_string(root().join("scenarios/waterloo.ron"))
        .expect("read")
        .replace("../maps/waterloo.ron", "../../elsewhere/map.ron");
    let scen = scenarios.join("battle.ron");
    std::fs::write(&scen, text).expect("write");
    let before = std::fs::read_to_string(&outside).expect("read");
    let mut h = harness(VedetteApp::open(scen.clone()));
    {
        let doc = h.state_mut().doc.as_mut().expect("a document");
        let at = hx("0101");
        let t = doc.map.terrain_at(at).expect("terrain").code;
        let other = doc
            .map
            .terrain_kinds
            .iter()
            .map(|k| k.code)
            .find(|c| *c != t)
            .expect("another terrain");
        let e = vedette::edit::paint(&doc.data, &[at], other).expect("an edit");
        doc.apply(e).expect("applies");
    }
    h.run();
    ctrl(&mut h, Key::S);
    h.get_by_label("Write the map outside the scenario's folder?");
    assert_eq!(
        std::fs::read_to_string(&outside).expect("read"),
        before,
        "nothing written before the answer"
    );
    h.get_by_label("Keep the map in the scenario file").click();
    h.run();
    assert!(!h.state().is_modified(), "{:?}", h.state().status);
    assert_eq!(std::fs::read_to_string(&outside).expect("read"), before);
    let saved = std::fs::read_to_string(&scen).expect("read");
    assert!(
        !saved.contains("elsewhere"),
        "the map is inside the scenario now"
    );
}

/// Where the map starts: the right edge of the tool panel.
fn map_left(h: &Harness<'_, VedetteApp>) -> f32 {
    h.state().map_rect.expect("drawn").min.x
}

#[test]
fn issue35_item29_the_tool_panel_keeps_its_width_whatever_is_selected() {
    for file in [
        "scenarios/waterloo.ron",
        "scenarios/waterloo-one-hour.ron",
        "scenarios/saint-aubin.ron",
    ] {
        let mut h = harness(VedetteApp::open(root().join(file)));
        h.run();
        let before = map_left(&h);
        // The Select tool on a counter: the inspector fills the panel.
        let first = h.state().doc.as_ref().expect("open").scenario.units[0]
            .start_hex()
            .expect("starts on the map");
        let p = hex_pos(&h, first);
        common::click_at(&mut h, p);
        assert!(
            h.state().tools.selected.is_some(),
            "{file}: a unit selected"
        );
        assert_eq!(
            map_left(&h),
            before,
            "{file}: the panel widened on selecting a unit"
        );
        // The Unit tool's template.
        h.key_press(Key::Escape);
        h.key_press(Key::U);
        h.run();
        assert_eq!(
            map_left(&h),
            before,
            "{file}: the panel widened for the Unit tool"
        );
    }
}

#[test]
fn issue35_item29_the_unit_tools_facing_carried_to_a_box_grid_is_the_nearest_side() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/saint-aubin.ron")));
    h.key_press(Key::U);
    h.run();
    h.get_by_label("SW").click();
    h.run();
    assert_eq!(h.state().tools.template.facing, vedette::hex::Dir::SW);
    // The same window, a One Hour scenario on boxes: S, not W (the sixth
    // hex side's index taken on a grid of four).
    h.state_mut()
        .load(root().join("scenarios/waterloo-one-hour.ron"));
    h.run();
    h.key_press(Key::U);
    h.run();
    let empty = hx("0101");
    let p = hex_pos(&h, empty);
    common::click_at(&mut h, p);
    let doc = h.state().doc.as_ref().expect("open");
    let placed = doc
        .scenario
        .units
        .iter()
        .find(|u| u.start_hex() == Some(empty))
        .expect("a unit placed on 0101");
    assert_eq!(placed.facing, Some(vedette::hex::Dir::S));
    // Q and E turn a counter through the box's four sides, never a corner.
    let id = placed.id.clone();
    h.state_mut().tools.selected = Some(id.clone());
    let mut seen = Vec::new();
    for _ in 0..4 {
        h.state_mut().rotate_selected(1);
        let doc = h.state().doc.as_ref().expect("open");
        seen.push(
            doc.scenario
                .unit(&id)
                .and_then(|u| u.facing)
                .map(|d| d.name()),
        );
    }
    assert_eq!(seen, ["W", "N", "E", "S"].map(Some));
}

#[test]
fn issue35_item21_the_editor_shows_the_movement_the_rules_use() {
    // *Napoleon*: the troop table's allowance, read-only (N14).
    let mut h = harness(VedetteApp::open(root().join("scenarios/saint-aubin.ron")));
    h.run();
    let inf = h
        .state()
        .doc
        .as_ref()
        .expect("open")
        .scenario
        .units
        .iter()
        .find(|u| u.kind == vedette::scenario::UnitKind::Infantry)
        .expect("infantry")
        .id
        .clone();
    h.state_mut().tools.selected = Some(inf);
    h.run();
    h.get_by_label("2 hexes (troop table, N14)");
    assert!(
        h.query_all_by_label("Movement").count() == 1,
        "a label, not a number field"
    );
    // The Unit tool's template likewise; a unit placed carries the
    // table's number.
    h.key_press(Key::Escape);
    h.key_press(Key::U);
    h.run();
    h.get_by_label("2 hexes (troop table, N14)");
    h.state_mut().tools.template.unit.kind = vedette::scenario::UnitKind::Cavalry;
    h.run();
    h.get_by_label("4 hexes (troop table, N14)");
    let placed = {
        let app = h.state();
        let doc = app.doc.as_ref().expect("open");
        app.tools.new_unit(doc, hx("0101"))
    };
    assert_eq!(placed.movement, 4);

    // One Hour: neither strength nor movement (H13, H14).
    let mut h = harness(VedetteApp::open(
        root().join("scenarios/waterloo-one-hour.ron"),
    ));
    h.key_press(Key::U);
    h.run();
    assert!(h.query_by_label("Strength").is_none());
    assert!(h.query_by_label("Movement").is_none());

    // Napoleon at Waterloo: the unit's own number, editable.
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(Key::U);
    h.run();
    h.get_by_label("Strength");
    h.get_by_label("Movement");
    assert!(h.query_by_label_contains("troop table").is_none());
}

/// The title in the open document.
fn title(h: &Harness<'_, VedetteApp>) -> String {
    h.state()
        .doc
        .as_ref()
        .expect("a document")
        .scenario
        .title
        .clone()
}

/// A window on a copy of Waterloo in `dir`, with one hex painted.
fn changed_waterloo(dir: &std::path::Path) -> (std::path::PathBuf, Harness<'static, VedetteApp>) {
    let scen = waterloo_copy(dir);
    let mut app = VedetteApp::open(scen.clone());
    no_dialogs(&mut app);
    let mut h = harness(app);
    change_something(&mut h);
    (scen, h)
}

/// Issue 40 item 4: a file changed on disk (by hand, or `git pull`) is
/// offered for reload; the reload is one undoable step, so Undo brings
/// back what was open; keeping one's own version is not asked again.
#[test]
fn issue40_item4_a_file_changed_on_disk_is_offered_for_reload_and_undo_keeps_yours() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (scen, mut h) = changed_waterloo(dir.path());
    h.state_mut().check_disk();
    assert_eq!(h.state().disk_prompt, None, "nothing changed on disk yet");
    // Touched but not changed: not a change.
    let text = std::fs::read_to_string(&scen).expect("read");
    std::fs::write(&scen, &text).expect("write");
    h.state_mut().check_disk();
    assert_eq!(h.state().disk_prompt, None, "the same bytes are no change");
    // Another program writes a new title (a longer file, whatever the
    // clock's resolution).
    std::fs::write(
        &scen,
        text.replace(
            "title: \"Napoleon at Waterloo\"",
            "title: \"Waterloo, revised\"",
        ),
    )
    .expect("write");
    h.state_mut().check_disk();
    h.run();
    h.get_by_label("Changed on disk");
    h.get_by_label("Reload").click();
    h.run();
    assert_eq!(title(&h), "Waterloo, revised");
    assert!(!h.state().is_modified(), "as on disk");
    // Undo: the version that was open, with its unsaved hex, comes back.
    ctrl(&mut h, Key::Z);
    assert_eq!(title(&h), "Napoleon at Waterloo");
    assert!(h.state().is_modified());
    ctrl(&mut h, Key::Y);
    assert_eq!(title(&h), "Waterloo, revised");
    // Changed again, and kept: not asked again until the next change.
    std::fs::write(
        &scen,
        text.replace(
            "title: \"Napoleon at Waterloo\"",
            "title: \"Waterloo, third\"",
        ),
    )
    .expect("write");
    h.state_mut().check_disk();
    h.run();
    h.get_by_label("Keep my version").click();
    h.run();
    h.state_mut().check_disk();
    assert_eq!(h.state().disk_prompt, None, "kept: not asked again");
    assert_eq!(title(&h), "Waterloo, revised");
}

/// Issue 40 item 4: a save never silently writes over a file changed on
/// disk since it was opened; "Save over it" does, when asked.
#[test]
fn issue40_item4_save_never_silently_overwrites_a_newer_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (scen, mut h) = changed_waterloo(dir.path());
    let theirs = std::fs::read_to_string(&scen).expect("read").replace(
        "title: \"Napoleon at Waterloo\"",
        "title: \"Their Waterloo\"",
    );
    std::fs::write(&scen, &theirs).expect("write");
    // Saved before the window looked: the save itself asks.
    ctrl(&mut h, Key::S);
    h.get_by_label("Newer on disk");
    assert_eq!(std::fs::read_to_string(&scen).expect("read"), theirs);
    h.get_by_label("Save over it").click();
    h.run_steps(8);
    assert!(!h.state().is_modified(), "{:?}", h.state().status);
    let saved = std::fs::read_to_string(&scen).expect("read");
    assert!(
        saved.contains("title: \"Napoleon at Waterloo\""),
        "ours written"
    );
    assert!(
        saved.starts_with("// Vedette scenario\n"),
        "with its header"
    );
    // Again, and cancelled: nothing is written.
    {
        let doc = h.state_mut().doc.as_mut().expect("a document");
        let mut s = doc.scenario.clone();
        s.notes = "edited again".into();
        let e = vedette::edit::set_scenario(&doc.data, s).expect("an edit");
        doc.apply(e).expect("applies");
    }
    h.run();
    let theirs = saved.replace("title: \"Napoleon at Waterloo\"", "title: \"Theirs again\"");
    std::fs::write(&scen, &theirs).expect("write");
    ctrl(&mut h, Key::S);
    h.get_by_label("Newer on disk");
    h.get_by_label("Cancel").click();
    h.run_steps(8);
    assert_eq!(std::fs::read_to_string(&scen).expect("read"), theirs);
    assert!(h.state().is_modified());
    assert!(
        !matches!(
            h.state().disk_prompt,
            Some(vedette::app::DiskPrompt::SaveOver { .. })
        ),
        "cancelled"
    );
    // The window goes on offering the newer file (it looks every second).
    h.state_mut().disk_prompt = None;
    h.state_mut().check_disk();
    assert!(matches!(
        h.state().disk_prompt,
        Some(vedette::app::DiskPrompt::Changed(_))
    ));
    h.get_by_label("Keep my version").click();
    h.run_steps(8);
    ctrl(&mut h, Key::S);
    assert!(!h.state().is_modified(), "kept: the save writes over it");
    // Our own save is not a change on disk.
    h.state_mut().check_disk();
    assert_eq!(h.state().disk_prompt, None);
}

/// Issue 40 item 1: a map opened on its own is a new scenario on it, and
/// Save As refers to the map file rather than copying it.
#[test]
fn issue40_item1_a_map_opens_as_a_new_scenario_on_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    waterloo_copy(dir.path());
    let map = dir.path().join("maps/waterloo.ron");
    let mut app = VedetteApp::open(map.clone());
    no_dialogs(&mut app);
    let mut h = harness(app);
    h.run();
    let doc = h.state().doc.as_ref().expect("a document");
    assert_eq!(doc.map.name, "Waterloo, 18 June 1815");
    assert!(doc.path.is_none(), "a new scenario: Save As asks where");
    assert_eq!(doc.map_path.as_deref(), Some(map.as_path()));
    let to = dir.path().join("scenarios/mine.ron");
    assert!(h.state_mut().save_as(&to));
    let saved = std::fs::read_to_string(&to).expect("read");
    assert!(
        saved.contains("map: File(\"../maps/waterloo.ron\")"),
        "{saved}"
    );
    // A box map gets a rule set played on boxes.
    let app = VedetteApp::open(root().join("maps/waterloo-boxes.ron"));
    let doc = app.doc.as_ref().expect("a document");
    assert!(doc.map.grid().is_boxes());
    assert!(doc.scenario.rules.support().boxes);
}

/// Issue 40 item 3: two scenarios open in tabs; a unit copied in one is
/// pasted in the other, and a region likewise (Shift+drag with the
/// Select tool); each document keeps its own undo history and unsaved
/// mark; Ctrl+W with unsaved changes asks first.
#[test]
fn issue40_item3_two_documents_in_tabs_copy_across_and_keep_their_own_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = waterloo_copy(dir.path());
    let b = dir.path().join("scenarios/tutorial.ron");
    std::fs::copy(root().join("scenarios/tutorial.ron"), &b).expect("copy");
    let mut app = VedetteApp::open(a.clone());
    no_dialogs(&mut app);
    assert!(app.open_in_tab(b.clone()));
    // Opening a file that is open shows its tab instead.
    assert!(app.open_in_tab(a.clone()));
    assert_eq!((app.tab_count(), app.active_tab()), (2, 0));
    let mut h = harness(app);
    h.get_by_label("Tutorial: the crossroads at Le Caillou");
    // Copy the first Waterloo unit on the map.
    let (unit, at) = {
        let doc = h.state().doc.as_ref().expect("Waterloo");
        let u = doc
            .scenario
            .units
            .iter()
            .find(|u| u.start_hex().is_some())
            .expect("a unit on the map");
        (u.clone(), u.start_hex().expect("on the map"))
    };
    let p = hex_pos(&h, at);
    common::click_at(&mut h, p);
    assert_eq!(h.state().tools.selected.as_ref(), Some(&unit.id));
    ctrl(&mut h, Key::C);
    assert!(h.state().clipboard.is_some(), "{:?}", h.state().status);
    // To the tutorial's tab, by its tab.
    h.get_by_label("Tutorial: the crossroads at Le Caillou")
        .click();
    h.run();
    assert_eq!(h.state().active_tab(), 1);
    let before = h
        .state()
        .doc
        .as_ref()
        .expect("tutorial")
        .scenario
        .units
        .len();
    let target = hx("0303");
    let p = hex_pos(&h, target);
    h.hover_at(p);
    h.run();
    ctrl(&mut h, Key::V);
    let doc = h.state().doc.as_ref().expect("tutorial");
    assert_eq!(
        doc.scenario.units.len(),
        before + 1,
        "{:?}",
        h.state().status
    );
    let pasted = doc.scenario.units.last().expect("pasted");
    assert_eq!(pasted.start_hex(), Some(target));
    assert_eq!(pasted.strength, unit.strength);
    assert!(h.state().is_modified());
    // Waterloo's tab: untouched, nothing to undo there.
    ctrl(&mut h, Key::Tab);
    assert_eq!(h.state().active_tab(), 0);
    assert!(!h.state().is_modified());
    assert!(
        h.state()
            .doc
            .as_ref()
            .expect("Waterloo")
            .history
            .undo_label()
            .is_none()
    );
    // A region of Waterloo, marked by Shift+drag, pasted in the tutorial.
    h.state_mut().tools.region = Some((hx("0506"), hx("0607")));
    ctrl(&mut h, Key::C);
    let copied = h.state().clipboard.clone().expect("copied");
    assert_eq!(copied.hexes.len(), 4);
    ctrl(&mut h, Key::Tab);
    let p = hex_pos(&h, hx("0202"));
    h.hover_at(p);
    h.run();
    ctrl(&mut h, Key::V);
    assert!(
        h.state()
            .status
            .as_ref()
            .is_some_and(|(ok, s)| *ok && s.contains("Pasted 4 hexes")),
        "{:?}",
        h.state().status
    );
    // The tutorial's own undo: the region, then the unit.
    ctrl(&mut h, Key::Z);
    ctrl(&mut h, Key::Z);
    let doc = h.state().doc.as_ref().expect("tutorial");
    assert_eq!(doc.scenario.units.len(), before);
    assert!(!h.state().is_modified(), "back to the file");
    // Ctrl+W closes the tab; with changes it asks first.
    ctrl(&mut h, Key::Y);
    ctrl(&mut h, Key::W);
    h.get_by_label("Save changes?");
    h.get_by_label("Don't save").click();
    h.run_steps(8);
    assert_eq!(h.state().tab_count(), 1);
    assert_eq!(h.state().doc.as_ref().and_then(|d| d.path.clone()), Some(a));
}

/// Issue 40 item 3: the desktop's Ctrl+C and Ctrl+V arrive as clipboard
/// events rather than keys (egui-winit turns them so): they copy and
/// paste too.
#[test]
fn issue40_item3_the_platforms_copy_and_paste_events_copy_and_paste() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = waterloo_copy(dir.path());
    let mut app = VedetteApp::open(a);
    no_dialogs(&mut app);
    let mut h = harness(app);
    h.state_mut().tools.region = Some((hx("0506"), hx("0607")));
    h.event(egui::Event::Copy);
    h.run();
    assert_eq!(
        h.state().clipboard.as_ref().map(|c| c.hexes.len()),
        Some(4),
        "{:?}",
        h.state().status
    );
    let p = hex_pos(&h, hx("1010"));
    h.hover_at(p);
    h.run();
    h.event(egui::Event::Paste("Vedette: 4 hexes".into()));
    h.run();
    assert!(h.state().is_modified(), "{:?}", h.state().status);
    let doc = h.state().doc.as_ref().expect("a document");
    assert_eq!(
        doc.history.undo_label().as_deref(),
        Some("paste 4 hexes"),
        "one undo step"
    );
}

/// Issue 40 item 3: quitting with two changed tabs asks about each in
/// turn; Cancel keeps every tab.
#[test]
fn issue40_item3_quitting_asks_about_every_changed_tab() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = waterloo_copy(&dir.path().join("a"));
    let b = waterloo_copy(&dir.path().join("b"));
    let mut app = VedetteApp::open(a);
    no_dialogs(&mut app);
    let mut h = harness(app);
    change_something(&mut h);
    assert!(h.state_mut().open_in_tab(b));
    h.run();
    change_something(&mut h);
    h.state_mut().switch_tab(0);
    h.run();
    let quit = |h: &mut Harness<'_, VedetteApp>| {
        let ctx = h.ctx.clone();
        h.state_mut().request(vedette::app::Pending::Close, &ctx);
        h.run_steps(8);
    };
    quit(&mut h);
    h.get_by_label("Save changes?");
    h.get_by_label("Cancel").click();
    h.run_steps(8);
    assert_eq!(h.state().tab_count(), 2, "cancel keeps both");
    quit(&mut h);
    h.get_by_label("Don't save").click();
    h.run_steps(8);
    // The other changed tab is asked about next.
    assert_eq!(h.state().tab_count(), 1);
    assert_eq!(h.state().prompt, Some(vedette::app::Pending::Close));
    assert!(h.state().is_modified());
}
