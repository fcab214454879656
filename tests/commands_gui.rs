//! Issue 36 item 2: every window action is one command of one list, and
//! the command palette (Ctrl+Shift+P) and the keyboard shortcut sheet
//! (F1) are made from it.

mod common;

use common::{harness, root};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::commands::UiCommand;
use vedette::play::Seat;

/// The window on a scenario with its table open (F5, the seats, Start).
fn at_table(app: VedetteApp, seats: [Seat; 2]) -> Harness<'static, VedetteApp> {
    let mut h = harness(app);
    h.key_press(Key::F5);
    h.run();
    h.state_mut().start_dialog.as_mut().expect("start").seats = seats;
    h.get_by_label("Start").click();
    h.step();
    assert!(h.state().playtest.is_some(), "the table opens");
    h
}

/// Every command that applies where the window is, listed in the open
/// palette as "Group: label".
fn every_command_here_is_in_the_palette(h: &Harness<'static, VedetteApp>, here: &str) {
    for c in h.state().commands_here() {
        let label = h.state().label_now(c);
        assert!(
            h.query_all_by_label_contains(&format!("{}: {label}", c.group().name()))
                .next()
                .is_some(),
            "{here}: {c:?} is in the palette"
        );
    }
}

fn open_palette(h: &mut Harness<'static, VedetteApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    h.run();
    assert!(
        h.state().palette.is_some(),
        "Ctrl+Shift+P opens the palette"
    );
}

#[test]
fn issue36_ctrl_shift_p_then_export_sh_and_enter_opens_the_setup_sheet_export() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    assert!(!h.state().export.open);
    open_palette(&mut h);
    h.get_by_role_and_label(Role::TextInput, "Command palette")
        .type_text("export sh");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let app = h.state();
    assert!(
        app.palette.is_none(),
        "Enter runs the command and closes the palette"
    );
    assert!(app.export.open, "the export window is open");
    assert_eq!(app.export.kind, vedette::app::export::ExportKind::Sheet);
}

#[test]
fn issue36_the_palette_lists_every_command_of_the_editor_greyed_with_why() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    open_palette(&mut h);
    let cmds = h.state().commands_here();
    assert!(cmds.contains(&UiCommand::ExportSheet) && cmds.contains(&UiCommand::Palette));
    every_command_here_is_in_the_palette(&h, "the editor");
    // Nothing selected: "Delete unit" is there, greyed, saying why.
    assert!(
        h.query_by_label_contains("Edit: Delete unit — No unit is selected")
            .is_some()
    );
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().palette.is_none(), "Escape closes the palette");
}

#[test]
fn issue36_the_palette_at_each_table_lists_the_table_commands_and_the_rule_sets_own() {
    for scenario in [
        "scenarios/waterloo.ron",
        "scenarios/saint-aubin.ron",
        "scenarios/waterloo-one-hour.ron",
    ] {
        let mut h = at_table(
            VedetteApp::open(root().join(scenario)),
            [Seat::Human, Seat::Human],
        );
        h.run();
        open_palette(&mut h);
        let cmds = h.state().commands_here();
        assert!(cmds.contains(&UiCommand::EndPhase), "{scenario}");
        assert!(
            !cmds.contains(&UiCommand::ExportSheet),
            "{scenario}: editor only"
        );
        every_command_here_is_in_the_palette(&h, scenario);
    }
}

#[test]
fn issue36_f1_shows_the_shortcut_sheet_with_every_command_that_has_a_key() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().show_shortcuts);
    assert!(
        h.query_all_by_label("Keyboard shortcuts").count() >= 2,
        "the window and its F1 row"
    );
    let ctx = h.ctx.clone();
    for c in UiCommand::all() {
        if c.shortcuts().is_empty() {
            continue;
        }
        let keys = c.keys_text(&ctx);
        assert!(
            h.query_all_by_label(c.label()).next().is_some(),
            "{c:?}: its label is on the sheet"
        );
        assert!(
            h.query_all_by_label(&keys).next().is_some(),
            "{c:?}: its keys {keys} are on the sheet"
        );
    }
    // Help > Keyboard shortcuts toggles the same sheet.
    h.key_press(Key::F1);
    h.run();
    assert!(!h.state().show_shortcuts);
}

#[test]
fn issue36_a_menu_item_and_its_key_do_the_same_thing() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    // View > Problems by menu, then by palette: both flip the same flag.
    let before = h.state().show_problems;
    h.get_by_label("View").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Problems").click();
    h.run();
    assert_ne!(h.state().show_problems, before, "the menu item toggles");
    // The tool keys pick the tools the Tools menu lists.
    h.key_press(Key::T);
    h.run();
    assert_eq!(h.state().tools.tool, vedette::app::tools::Tool::Brush);
    // Ctrl+Z with nothing to undo says why on the status bar.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().status.as_ref().map(|s| s.1.as_str()),
        Some("Nothing to undo")
    );
}

/// Commands played and the position, whatever the rule set's table.
fn game_of(h: &Harness<'static, VedetteApp>) -> (usize, String) {
    use vedette::rules::napoleon::window::table::NapoleonTable;
    use vedette::rules::naw::window::table::NawTable;
    use vedette::rules::one_hour::window::table::OneHourTable;
    let app = h.state();
    if let Some(t) = app.table::<NawTable>() {
        (t.session.len(), format!("{:?}", t.session.game.state))
    } else if let Some(t) = app.table::<NapoleonTable>() {
        (t.session.len(), format!("{:?}", t.session.game.state))
    } else if let Some(t) = app.table::<OneHourTable>() {
        (t.session.len(), format!("{:?}", t.session.game.state))
    } else {
        panic!("no table")
    }
}

/// Types a path into the typed-path window and presses its button.
fn answer_path(h: &mut Harness<'static, VedetteApp>, path: &std::path::Path, button: &str) {
    h.get_by_label("File:").focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("File:")
        .type_text(&path.display().to_string());
    h.step();
    h.get_by_label(button).click();
    for _ in 0..5 {
        h.step();
    }
}

/// Issue 36 item 3: a saved game of every rule set still loads through
/// the window, by the command list's keys (Ctrl+S, then Ctrl+O).
#[test]
fn issue36_item3_a_saved_game_of_each_rule_set_saves_and_loads_through_the_window() {
    let dir = tempfile::tempdir().expect("tmp");
    for (n, scenario) in [
        "scenarios/waterloo.ron",
        "scenarios/saint-aubin.ron",
        "scenarios/waterloo-one-hour.ron",
    ]
    .iter()
    .enumerate()
    {
        let mut app = VedetteApp::open(root().join(scenario));
        app.dialogs = vedette::app::file_prompt::Dialogs::Unavailable("no dialogs here".into());
        let mut h = at_table(app, [Seat::Computer(vedette::ai::PlayerKind::Heuristic); 2]);
        let mut frames = 0;
        while game_of(&h).0 < 4 {
            h.step();
            frames += 1;
            assert!(frames < 5_000, "{scenario}: the computers play");
        }
        // Space pauses the computers (the command list's Pause).
        h.key_press(Key::Space);
        h.step();
        h.step();
        let saved = game_of(&h);
        let log = dir.path().join(format!("game-{n}.ron"));
        h.key_press_modifiers(Modifiers::COMMAND, Key::S);
        h.step();
        answer_path(&mut h, &log, "Save");
        assert!(log.exists(), "{scenario}: Ctrl+S saved the game");
        // Played on, then loaded back: the saved position.
        h.key_press(Key::Space);
        while game_of(&h).0 < saved.0 + 2 {
            h.step();
        }
        h.key_press(Key::Space);
        h.step();
        h.key_press_modifiers(Modifiers::COMMAND, Key::O);
        h.step();
        answer_path(&mut h, &log, "Open");
        assert_eq!(
            game_of(&h),
            saved,
            "{scenario}: Ctrl+O loaded the saved game"
        );
    }
}

/// A table's own key that cannot act now says why on the message line
/// (the command list's availability), and its menu item is greyed.
#[test]
fn issue36_a_table_key_that_cannot_act_says_why() {
    use vedette::rules::napoleon::window::table::NapoleonTable;
    let mut h = at_table(
        VedetteApp::open(root().join("scenarios/saint-aubin.ron")),
        [Seat::Human, Seat::Human],
    );
    h.run();
    h.key_press(Key::Q);
    h.run();
    let t = h
        .state()
        .table::<NapoleonTable>()
        .expect("the Napoleon table");
    assert_eq!(
        t.message.as_ref().map(|m| m.1.as_str()),
        Some("Select a piece of the active force to turn it [3.7.2.8]")
    );
    assert!(
        h.state()
            .availability(UiCommand::TableKey(
                vedette::app::commands::TableKey::RotateLeft
            ))
            .is_err()
    );
}
