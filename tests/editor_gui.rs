//! The editor driven through egui_kittest like a designer would: keys,
//! clicks and drags on the real window, headless.

mod common;

use common::{ctrl, harness, hx, root, waterloo_copy};
use egui::{Modifiers, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::document::OpenDoc;
use vedette::hex::Hex;
use vedette::scenario::Placement;

fn hex_pos(h: &Harness<'_, VedetteApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    let c = app
        .view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .center(hex);
    pos2(c.x as f32, c.y as f32)
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

/// Presses at `from`, moves through `via` and releases at the last.
fn drag_map(h: &mut Harness<'_, VedetteApp>, path: &[Hex]) {
    let pts: Vec<Pos2> = path.iter().map(|&x| hex_pos(h, x)).collect();
    h.hover_at(pts[0]);
    h.step();
    h.drag_at(pts[0]);
    h.step();
    for w in pts.windows(2) {
        // Several small moves, like a real mouse.
        for k in 1..=4 {
            let t = k as f32 / 4.0;
            h.hover_at(w[0] + (w[1] - w[0]) * t);
            h.step();
        }
    }
    h.drop_at(*pts.last().expect("a path"));
    h.run();
}

#[test]
fn a_woods_patch_painted_with_the_brush_is_undone_in_one_step() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let before = h.state().doc.as_ref().expect("open").data.clone();
    h.key_press(egui::Key::T);
    h.run();
    h.get_by_label("7 hexes").click();
    h.run();
    h.get_by_label("Woods (W)").click();
    h.run();
    // Across open ground south of Mont-Saint-Jean: 0304 -> 0305 -> 0405.
    drag_map(&mut h, &[hx("0304"), hx("0305"), hx("0405")]);
    {
        let doc = h.state().doc.as_ref().expect("open");
        let grid = doc.map.grid();
        for c in ["0304", "0305", "0405"] {
            for n in grid.range(hx(c), 1) {
                assert_eq!(doc.map.code_at(n), Some('W'), "{n} painted");
            }
        }
        assert_eq!(doc.history.len(), 1, "one drag, one undo step");
        assert!(doc.is_modified());
    }
    assert!(h.state().title().ends_with(" *"), "{}", h.state().title());
    // The Edit menu says what Undo will undo.
    h.get_by_label("Edit").click();
    h.run();
    let undo_label = h
        .state()
        .doc
        .as_ref()
        .and_then(|d| d.history.undo_label())
        .expect("an undo");
    assert!(undo_label.starts_with("paint "), "{undo_label}");
    h.get_by_label(&format!("Undo {undo_label} Ctrl+Z")).click();
    h.run();
    let doc = h.state().doc.as_ref().expect("open");
    assert_eq!(doc.data, before, "one undo restores the map");
    assert!(!doc.is_modified());
    // And Ctrl+Shift+Z brings it back.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    h.run();
    assert_eq!(
        h.state()
            .doc
            .as_ref()
            .expect("open")
            .map
            .code_at(hx("0305")),
        Some('W')
    );
}

#[test]
fn a_unit_is_placed_edited_moved_deleted_and_undone_back() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let before = h.state().doc.as_ref().expect("open").data.clone();
    let n = before.scenario.units.len();
    // Unit tool: a click on an empty hex places a unit from the template.
    h.key_press(egui::Key::U);
    h.run();
    h.get_by_label("cavalry").click();
    h.run();
    click_map(&mut h, hx("0304"));
    let id = {
        let app = h.state();
        let doc = app.doc.as_ref().expect("open");
        assert_eq!(doc.scenario.units.len(), n + 1);
        let u = doc.scenario.units.last().expect("added");
        assert_eq!(u.start_hex(), Some(hx("0304")));
        assert_eq!(u.kind, vedette::scenario::UnitKind::Cavalry);
        assert_eq!(
            app.tools.selected.as_ref(),
            Some(&u.id),
            "the new unit is selected"
        );
        u.id.clone()
    };
    // The inspector edits its strength.
    // The inspector's field is the lower of the two "Strength" fields (the
    // other is the template's).
    let fields = h.get_all_by_label("Strength").collect::<Vec<_>>();
    let inspector = fields
        .iter()
        .max_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y))
        .expect("a field");
    inspector.set_value_accesskit(7.0);
    h.run();
    assert_eq!(
        h.state()
            .doc
            .as_ref()
            .and_then(|d| d.scenario.unit(&id))
            .map(|u| u.strength),
        Some(7)
    );
    // Drag the counter with the select tool to 0406.
    h.key_press(egui::Key::S);
    h.run();
    drag_map(&mut h, &[hx("0304"), hx("0405"), hx("0406")]);
    assert_eq!(
        h.state()
            .doc
            .as_ref()
            .and_then(|d| d.scenario.unit(&id))
            .and_then(|u| u.start_hex()),
        Some(hx("0406"))
    );
    assert_eq!(
        h.state().doc.as_ref().and_then(|d| d.history.undo_label()),
        Some(format!("move unit {id} to 0406"))
    );
    // Delete removes the selected counter.
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(
        h.state()
            .doc
            .as_ref()
            .expect("open")
            .scenario
            .unit(&id)
            .is_none()
    );
    // Four steps back: delete, move, strength, place.
    for _ in 0..4 {
        ctrl(&mut h, egui::Key::Z);
    }
    assert_eq!(h.state().doc.as_ref().expect("open").data, before);
}

#[test]
fn exit_hexes_are_marked_and_the_edit_is_saved_and_reopened_equal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = waterloo_copy(dir.path());
    let mut h = harness(VedetteApp::open(path.clone()));
    h.key_press(egui::Key::X);
    h.run();
    click_map(&mut h, hx("1101"));
    {
        let doc = h.state().doc.as_ref().expect("open");
        let french = doc
            .scenario
            .victory
            .exits
            .iter()
            .find(|e| e.side.as_str() == "French");
        assert!(french.expect("French exits").hexes.contains(&hx("1101")));
    }
    // A place name too, and a road hexside.
    h.key_press(egui::Key::N);
    h.run();
    h.get_by_label("Name").focus();
    h.run();
    h.get_by_label("Name").type_text("Ferme Test");
    h.run();
    assert_eq!(h.state().tools.place_name, "Ferme Test");
    click_map(&mut h, hx("0304"));
    assert_eq!(
        h.state()
            .doc
            .as_ref()
            .and_then(|d| d.map.place_at(hx("0304")))
            .map(|p| p.name.clone()),
        Some("Ferme Test".into())
    );
    // Ctrl+S saves to the file; the title loses its mark.
    assert!(h.state().title().ends_with(" *"));
    ctrl(&mut h, egui::Key::S);
    assert!(!h.state().title().ends_with(" *"), "{}", h.state().title());
    assert!(
        path.with_extension("ron.bak").exists(),
        "the previous version is kept"
    );
    let reopened = OpenDoc::load(&path).expect("reopens");
    assert_eq!(reopened.data, h.state().doc.as_ref().expect("open").data);
    // The map changed (a place name), so its file was written too.
    let map_text = std::fs::read_to_string(dir.path().join("maps/waterloo.ron")).expect("map");
    assert!(map_text.contains("Ferme Test"));
}

#[test]
fn reinforcement_entry_hexes_are_set_from_the_schedule() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(egui::Key::R);
    h.run();
    // The schedule lists the Prussians due on Game-Turn 3; pick 301.
    let doc = h.state().doc.as_ref().expect("open");
    let u = doc.scenario.unit(&"301".into()).expect("301").clone();
    let Placement::Reinforcement { turn: 3, entry } = &u.placement else {
        panic!("301 arrives on turn 3: {:?}", u.placement);
    };
    let before = entry.clone();
    h.get_by_label(&format!("301 {}", u.factors())).click();
    h.run();
    assert_eq!(
        h.state().tools.selected.as_ref().map(|i| i.as_str()),
        Some("301")
    );
    click_map(&mut h, hx("2301"));
    let doc = h.state().doc.as_ref().expect("open");
    let Placement::Reinforcement { entry, .. } =
        &doc.scenario.unit(&"301".into()).expect("301").placement
    else {
        panic!("still a reinforcement");
    };
    assert_eq!(entry.contains(&hx("2301")), !before.contains(&hx("2301")));
}

/// Issue 40 item 3: File > New opens a tab of its own, so nothing needs
/// saving first; the changed scenario keeps its tab and its changes, and
/// closing a tab with changes asks.
#[test]
fn new_opens_a_tab_and_closing_a_changed_one_asks() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(egui::Key::T);
    h.run();
    click_map(&mut h, hx("0304"));
    assert!(h.state().is_modified());
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("New… Ctrl+N").click();
    h.run();
    assert!(h.query_by_label("Save changes?").is_none());
    h.get_by_label("New scenario");
    h.get_by_label("Columns").set_value_accesskit(12.0);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let app = h.state();
    assert_eq!(app.tab_count(), 2);
    let doc = app.doc.as_ref().expect("a new document");
    assert_eq!((doc.map.columns, doc.map.rows), (12, 17));
    assert!(doc.scenario.units.is_empty());
    assert_eq!(app.title(), "Vedette — Untitled *");
    // Waterloo's tab kept its change.
    h.state_mut().switch_tab(0);
    assert!(h.state().is_modified());
    assert_eq!(
        h.state()
            .doc
            .as_ref()
            .map(|d| d.scenario.title.clone())
            .as_deref(),
        Some("Napoleon at Waterloo")
    );
    // Closing it asks; Cancel keeps it.
    ctrl(&mut h, egui::Key::W);
    h.get_by_label("Save changes?");
    h.get_by_label("Cancel").click();
    h.run_steps(8);
    assert_eq!(h.state().tab_count(), 2, "cancel keeps the tab");
    ctrl(&mut h, egui::Key::W);
    h.get_by_label("Don't save").click();
    h.run_steps(8);
    assert_eq!(h.state().tab_count(), 1);
    assert_eq!(h.state().title(), "Vedette — Untitled *");
}

#[test]
fn quitting_with_changes_asks_first() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(egui::Key::T);
    h.run();
    click_map(&mut h, hx("0304"));
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Quit").click();
    h.run();
    h.get_by_label("Save changes?");
    assert_eq!(h.state().prompt, Some(vedette::app::Pending::Close));
}

#[test]
fn clicking_a_problem_selects_its_unit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = waterloo_copy(dir.path());
    // Start a unit in woods without a road: validate reports the unit.
    let text = std::fs::read_to_string(&path).expect("read");
    let mut doc = OpenDoc::load(&path).expect("loads");
    let second = doc.data.scenario.units[1].id.clone();
    let e = vedette::edit::move_unit(&doc, &second, hx("2301"))
        .expect("on the map")
        .expect("moves");
    doc.apply(e).expect("applies");
    doc.save().expect("saves");
    assert_ne!(std::fs::read_to_string(&path).expect("read"), text);
    let mut h = harness(VedetteApp::open(path));
    let issue = h
        .state()
        .issues
        .iter()
        .find(|i| matches!(i.location, vedette::scenario::Location::Unit(_)))
        .cloned()
        .expect("a unit issue");
    let label = format!(
        "{}  {}: {}",
        match issue.severity {
            vedette::scenario::Severity::Error => "error",
            vedette::scenario::Severity::Warning => "warning",
        },
        issue.location,
        issue.message
    );
    h.get_by_label(&label).click();
    h.run();
    let vedette::scenario::Location::Unit(id) = issue.location else {
        unreachable!()
    };
    assert_eq!(h.state().tools.selected, Some(id.clone()));
    // The view is centred on it.
    let centre = h.state().map_rect.expect("drawn").center();
    assert!(
        (hex_pos(&h, hx("2301")) - centre).length() < 1.0,
        "{:?} vs {centre:?}",
        hex_pos(&h, hx("2301"))
    );
    // Moving the unit out of the woods clears the issue as you edit.
    h.key_press(egui::Key::S);
    h.run();
    drag_map(&mut h, &[hx("2301"), hx("2202"), hx("2203")]);
    assert!(
        !h.state()
            .issues
            .iter()
            .any(|i| i.location == vedette::scenario::Location::Unit(id.clone())),
        "{:?}",
        h.state().issues
    );
}

#[test]
fn scenario_and_map_settings_are_edited_in_dialogs_as_one_undo_step_each() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    let before = h.state().doc.as_ref().expect("open").data.clone();

    // Scenario settings: title, game length and a CRT cell's odds.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    let title = h.get_by_label("Title");
    title.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Title")
        .type_text("Waterloo, the short game");
    h.run();
    h.get_by_label("Game length").set_value_accesskit(5.0);
    h.run();
    h.get_by_label("Sides and victory").click();
    h.run();
    // The French loss threshold: the first of the two sides' fields.
    let thresholds: Vec<_> = h.get_all_by_label("Loss threshold").collect();
    assert_eq!(thresholds.len(), 2);
    let top = thresholds
        .iter()
        .min_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y))
        .expect("a field");
    top.set_value_accesskit(30.0);
    h.run();
    // The other tabs show the CRT and the Grouchy chit tables.
    h.get_by_label("Combat results").click();
    h.run();
    assert!(h.query_by_label("Add column").is_some());
    h.get_by_label("Variants").click();
    h.run();
    assert!(h.query_all_by_label("Add chit").count() >= 2);
    // Nothing is applied before OK.
    assert_eq!(h.state().doc.as_ref().expect("open").data, before);
    h.get_by_label("OK").click();
    h.run();
    {
        let doc = h.state().doc.as_ref().expect("open");
        assert_eq!(doc.scenario.title, "Waterloo, the short game");
        assert_eq!(doc.scenario.turns, 5);
        let first = doc.scenario.sides[0].id.clone();
        assert_eq!(
            doc.scenario
                .victory
                .loss_thresholds
                .iter()
                .find(|t| t.side == first)
                .map(|t| t.points),
            Some(30)
        );
        assert_eq!(doc.history.len(), 1, "one settings change, one step");
        assert_eq!(
            doc.history.undo_label().as_deref(),
            Some("edit scenario settings")
        );
    }
    assert!(
        h.state()
            .title()
            .starts_with("Vedette — Waterloo, the short game"),
        "{}",
        h.state().title()
    );

    // Map settings: resize to 30 columns, then make woods defend at x3.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Map settings…").click();
    h.run();
    h.get_by_label("Columns").set_value_accesskit(30.0);
    h.run();
    h.get_by_label("Resize").click();
    h.run();
    h.get_by_label("Terrain effects").click();
    h.run();
    let woods = before
        .map
        .terrain_kinds
        .iter()
        .position(|t| t.code == 'W')
        .expect("woods");
    let mut fields: Vec<_> = h.get_all_by_label("Defence ×").collect();
    fields.sort_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y));
    assert_eq!(fields.len(), before.map.terrain_kinds.len());
    fields[woods].set_value_accesskit(3.0);
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    {
        let doc = h.state().doc.as_ref().expect("open");
        assert_eq!(doc.map.columns, 30);
        assert_eq!(doc.map.code_at(hx("3001")), Some('.'), "new hexes clear");
        assert_eq!(doc.map.terrain_kinds[woods].defence_multiplier, 3);
        assert_eq!(doc.history.len(), 2);
        assert_eq!(
            doc.history.undo_label().as_deref(),
            Some("edit map settings")
        );
    }
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Terrain effects").is_none(), "closed");

    // Two undos: back to the file as opened.
    ctrl(&mut h, egui::Key::Z);
    ctrl(&mut h, egui::Key::Z);
    let doc = h.state().doc.as_ref().expect("open");
    assert_eq!(doc.data, before);
    assert!(!doc.is_modified());
}

/// Issue 19, item 1: File > New asks for the rule set, with a sentence on
/// each; a new *Napoleon* scenario gets its terrain roles, no CRT, and an
/// army with a General per side, and the problems list says what to build
/// next.
#[test]
fn file_new_asks_for_the_rule_set() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    ctrl(&mut h, egui::Key::N);
    h.get_by_label("New scenario");
    h.get_by_label_contains("strength-point counters");
    h.get_by_label_contains("forces under leaders");
    h.get_by_label("Napoleon").click();
    h.run();
    h.get_by_label_contains("each with an army and a General to place");
    h.get_by_label("Create").click();
    h.run();
    let app = h.state();
    let doc = app.doc.as_ref().expect("a new document");
    assert_eq!(doc.scenario.rules.name(), "Napoleon");
    assert!(doc.scenario.crt.is_empty(), "no CRT for one-to-one melee");
    assert!(doc.map.terrain_kinds.iter().any(|k| k.id == "ford"));
    let armies: Vec<_> = doc
        .scenario
        .sides
        .iter()
        .filter_map(|s| s.army.as_ref())
        .map(|a| (a.nation.clone(), a.general.command_factor))
        .collect();
    assert_eq!(
        armies,
        vec![("France".to_string(), 2), ("Prussia".to_string(), 2)]
    );
    let issues = vedette::scenario::validate(&doc.scenario, &doc.map);
    assert!(
        issues.iter().any(|i| i.message.contains("has no forces")),
        "{issues:?}"
    );
    // Napoleon at Waterloo stays the default choice, with its CRT.
    ctrl(&mut h, egui::Key::N);
    h.run();
    if h.query_by_label("Don't save").is_some() {
        h.get_by_label("Don't save").click();
        h.run();
    }
    h.get_by_label("Create").click();
    h.run();
    let doc = h.state().doc.as_ref().expect("a new document");
    assert_eq!(doc.scenario.rules.name(), "Napoleon at Waterloo");
    assert!(!doc.scenario.crt.is_empty());
}

/// Issue 19, item 1: Scenario settings of a *Napoleon* scenario shows the
/// rule options of RULINGS-NAPOLEON.md with their rulings and defaults,
/// hides the CRT and variant tabs its rules never read, and applies a
/// change as one undo step.
#[test]
fn napoleon_rule_options_are_edited_in_scenario_settings() {
    use vedette::rules::napoleon::model::ManeuverOrder;
    use vedette::scenario::RuleSet;
    let mut h = harness(VedetteApp::open(root().join("scenarios/saint-aubin.ron")));
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    assert!(h.query_by_label("Combat results").is_none());
    assert!(h.query_by_label("Variants").is_none());
    h.get_by_label("Rule options").click();
    h.run();
    // One row per option, each with its ruling.
    h.get_by_label("Order of the Maneuver & Combat phase (N2)");
    h.get_by_label("Zone of control (N66)");
    assert!(h.query_all_by_label("ruled default").count() >= 30);
    // The choice's box carries the row's label.
    h.get_all_by_label("Order of the Maneuver & Combat phase (N2)")
        .last()
        .expect("the choice")
        .click();
    h.run();
    h.get_by_label("alternate forces between the sides").click();
    h.run();
    h.get_by_label("default: by side: the initiative side's forces, then the other's");
    // The troop characteristics table, below the options.
    h.get_all_by_label("Infantry movement (N14)")
        .last()
        .expect("the field")
        .set_value_accesskit(3.0);
    h.run();
    h.get_by_label("default: 2");
    h.get_by_label("OK").click();
    h.run();
    let doc = h.state().doc.as_ref().expect("open");
    let RuleSet::Napoleon(o) = &doc.scenario.rules else {
        panic!("still Napoleon rules");
    };
    assert_eq!(o.maneuver_order, ManeuverOrder::AlternateForces);
    assert_eq!(o.troops.movement.infantry, 3);
    assert_eq!(doc.history.len(), 1, "one settings change, one step");
}
