//! The window's defects found by a new user (issue 16, items 9 to 14 and
//! 16), each driven through egui_kittest as that user would meet it.

mod common;

use common::{harness, hx, root, waterloo_copy};
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

fn ctrl(h: &mut Harness<'_, VedetteApp>, key: Key) {
    h.key_press_modifiers(Modifiers::COMMAND, key);
    h.run();
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
