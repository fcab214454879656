//! Issue 20: File > New pick-up battle…, driven through the window: the
//! orders of battle, then every step of the procedure of 3.2 by clicks
//! (features, an illegal placement refused with its section, undo, roads,
//! forces, Generals), ending in a scenario that validates, saves with its
//! deployment log and reopens equal. Hot seat, and human against computer.

mod common;

use common::{ctrl, harness};
use egui::{Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::document::OpenDoc;
use vedette::engine::Dice;
use vedette::hex::Hex;
use vedette::rules::napoleon::engine::deploy::{DeployCommand, DeploymentLog, Step};
use vedette::rules::napoleon::player::pickup::deploy_command;
use vedette::rules::napoleon::window::pickup::{PickupBalance, Play, Wizard};
use vedette::scenario::{self, RuleSet, Severity};

/// The open pick-up wizard.
fn wizard<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a Wizard {
    h.state()
        .pickup
        .as_ref()
        .and_then(|w| w.get::<Wizard>())
        .expect("the pick-up wizard")
}

fn play<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a Play {
    wizard(h).play.as_ref().expect("the table")
}

fn hex_pos(h: &Harness<'_, VedetteApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    let w = wizard(h);
    let p = w.play.as_ref().expect("table");
    let c = app
        .view
        .layout(p.d.map(), w.map_rect.expect("drawn"))
        .center(hex);
    pos2(c.x as f32, c.y as f32)
}

fn click_hex(h: &mut Harness<'_, VedetteApp>, hex: Hex) {
    let p = hex_pos(h, hex);
    click_at(h, p);
}

/// Frames after an input: a fixed few, since computer seats keep the
/// window repainting while they place.
fn settle(h: &mut Harness<'_, VedetteApp>) {
    h.run_steps(4);
}

fn click_at(h: &mut Harness<'_, VedetteApp>, p: Pos2) {
    common::click_at_steps(h, p, 4);
}

fn click(h: &mut Harness<'_, VedetteApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Plays the human's step through the window: the computer's choice of
/// command is what the test enacts, by the clicks a user would make.
fn human_step(h: &mut Harness<'_, VedetteApp>, mind: &mut Dice) {
    let d = play(h).d.clone();
    let side = d.to_act();
    let cmd = deploy_command(&d, mind);
    let cmd_text = format!("{cmd:?}");
    match cmd {
        DeployCommand::Pass => click(h, "Pass"),
        DeployCommand::RollForward => click(h, "Roll 1D6 (4+)"),
        DeployCommand::RemoveFeature => click(h, "Remove it"),
        DeployCommand::MarkRoad { hexes } => {
            for hex in hexes {
                click_hex(h, hex);
            }
            click(h, "Mark road");
        }
        DeployCommand::PlaceGeneral { hex } => click_hex(h, hex),
        DeployCommand::PlaceFeature { kind, hexes, force } => {
            let label = d
                .allowed()
                .1
                .iter()
                .find(|k| k.0 == kind)
                .map(|&(k, lo, hi)| {
                    if lo == hi {
                        format!("{} ({lo} hex)", k.name())
                    } else {
                        format!("{} ({lo}-{hi} hexes)", k.name())
                    }
                })
                .expect("offered");
            click(h, &label);
            for &hex in &hexes {
                click_hex(h, hex);
            }
            if let Some(p) = force {
                choose_force(h, d.force_name(side, p.force));
                for &(hex, _) in &p.units {
                    click_hex(h, hex);
                }
            }
            click(h, "Place");
        }
        DeployCommand::PlaceForce(p) => {
            choose_force(h, d.force_name(side, p.force));
            click(h, "Arrange it for me");
            click(h, "Place force");
        }
        DeployCommand::MoveFeature { .. } => unreachable!("the computer removes"),
    }
    if let Some((false, m)) = &play(h).message {
        panic!("{m}: {:?} after {cmd_text}", play(h).pending);
    }
}

fn choose_force(h: &mut Harness<'_, VedetteApp>, name: &str) {
    // The one combo box of the step panel: the force.
    h.get_by_role(egui::accesskit::Role::ComboBox).click();
    settle(h);
    h.get_all_by_label(name).last().expect("offered").click();
    settle(h);
}

fn open_wizard(h: &mut Harness<'_, VedetteApp>) {
    click(h, "File");
    click(h, "New pick-up battle…");
    assert!(h.state().pickup.is_some());
}

fn finish_and_save(mut h: Harness<'_, VedetteApp>) {
    assert!(play(&h).d.is_done());
    let log_len = play(&h).log.commands.len();
    h.get_by_label("Open the battle in the editor").click();
    h.run();
    assert!(h.state().pickup.is_none());
    let doc = h.state().doc.as_ref().expect("a document");
    let issues: Vec<_> = scenario::validate(&doc.scenario, &doc.map)
        .into_iter()
        .filter(|i| i.severity == Severity::Error)
        .collect();
    assert!(issues.is_empty(), "{issues:#?}");
    // Issue 35 item 27: the supply roads drawn in the wizard reach the
    // editor's document, which draws them (map_view) as the sheet prints
    // them.
    let roads = vedette::rules::napoleon::sheet::supply_roads(&doc.scenario);
    assert_eq!(roads.len(), 2, "a supply road per side: {roads:?}");
    assert!(roads.iter().all(|(_, r)| r.len() >= 2), "{roads:?}");
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("battle.ron");
    assert!(h.state_mut().save_as(&path));
    let saved = h.state().doc.as_ref().expect("doc").scenario.clone();
    let again = OpenDoc::load(&path).expect("reopens");
    assert_eq!(again.scenario, saved, "reopens equal");
    // The log beside it re-creates the same battle.
    let text =
        std::fs::read_to_string(dir.path().join("battle.deployment.ron")).expect("log saved");
    let log: DeploymentLog = scenario::from_ron(&text, "log").expect("reads");
    assert_eq!(log.commands.len(), log_len);
    let (d, _) = log.replay().expect("replays");
    let mut s = d.scenario();
    s.map = saved.map.clone();
    assert_eq!(s.units, saved.units);
    assert!(
        again.deployment_log.is_some(),
        "the log is kept on reopening"
    );
}

#[test]
fn issue20_the_whole_wizard_hot_seat_to_a_saved_scenario_that_validates_and_reopens_equal() {
    let mut h = harness(VedetteApp::empty());
    open_wizard(&mut h);
    // The orders of battle: built by the computer, legal; start.
    assert!(wizard(&h).order_problems(0).is_empty());
    h.get_all_by_label("Remove force")
        .next()
        .expect("a force")
        .click();
    h.run();
    assert!(
        wizard(&h).order_problems(0).is_empty(),
        "a smaller army is still legal"
    );
    h.get_all_by_label("Build by computer")
        .next()
        .expect("side 1")
        .click();
    h.run();
    click(&mut h, "Start the deployment [3.2]");
    let first = play(&h).d.to_act();
    assert_eq!(play(&h).d.step, Step::ForwardFirst);
    // An illegal feature: a village on the table's side edge [3.2.2].
    click(&mut h, "village (1 hex)");
    let fwd = *play(&h)
        .d
        .zone_rows(vedette::rules::napoleon::engine::deploy::Zone::Forward)
        .start();
    click_hex(&mut h, Hex::new(1, fwd + 1));
    click(&mut h, "Place");
    let (ok, msg) = play(&h).message.clone().expect("refused");
    assert!(
        !ok && msg.contains("too near the table edge") && msg.ends_with("[3.2.2] (N24)"),
        "{msg}"
    );
    h.get_by_label(&msg).hover();
    // A legal one, then undo: the table is as before.
    click(&mut h, "Clear");
    click(&mut h, "hill (2-7 hexes)");
    // Painted by one drag over three hexes.
    let (a, b) = (
        hex_pos(&h, Hex::new(8, fwd + 1)),
        hex_pos(&h, Hex::new(10, fwd + 1)),
    );
    common::drag(&mut h, a, b);
    let painted = play(&h).pending.hexes.clone();
    assert!((3..=4).contains(&painted.len()), "{painted:?}");
    click(&mut h, "Place");
    assert_eq!(play(&h).d.features.len(), 1, "{:?}", play(&h).message);
    assert_eq!(play(&h).d.features[0].hexes, painted);
    ctrl(&mut h, egui::Key::Z);
    assert!(play(&h).d.features.is_empty());
    assert_eq!(
        (play(&h).d.step, play(&h).d.to_act()),
        (Step::ForwardFirst, first)
    );
    // Every step of the procedure through the window.
    let mut mind = Dice::new(5);
    for _ in 0..200 {
        if play(&h).d.is_done() {
            break;
        }
        human_step(&mut h, &mut mind);
    }
    assert!(
        play(&h).d.is_done(),
        "stuck at {:?}: {:?}",
        play(&h).d.step,
        play(&h).message
    );
    assert!(play(&h).events.iter().any(|e| e.contains("supply road")));
    finish_and_save(h);
}

#[test]
fn issue20_the_wizard_human_against_computer() {
    let mut h = harness(VedetteApp::empty());
    open_wizard(&mut h);
    h.get_all_by_label("the computer")
        .last()
        .expect("second side")
        .click();
    settle(&mut h);
    click(&mut h, "Start the deployment [3.2]");
    let mut mind = Dice::new(8);
    for _ in 0..400 {
        if play(&h).d.is_done() {
            break;
        }
        let p = play(&h);
        if p.seats[p.d.to_act() as usize]
            == vedette::rules::napoleon::window::pickup::Seat::Computer
        {
            h.step();
            continue;
        }
        human_step(&mut h, &mut mind);
    }
    assert!(
        play(&h).d.is_done(),
        "stuck at {:?}: {:?} {:?}",
        play(&h).d.step,
        play(&h).message,
        play(&h).pending
    );
    // The computer played its side's steps.
    assert!(play(&h).log.commands.iter().any(|(s, _)| *s == 1));
    assert!(play(&h).log.commands.iter().any(|(s, _)| *s == 0));
    finish_and_save(h);
}

#[test]
fn issue20_orders_of_battle_and_army_lists_are_saved_and_opened_without_a_file_dialog() {
    use egui::{Key, Modifiers};
    let dir = tempfile::tempdir().expect("tmp");
    let mut app = VedetteApp::empty();
    app.dialogs = vedette::app::file_prompt::Dialogs::Unavailable(
        "no file-dialog service in this test".into(),
    );
    let mut h = harness(app);
    open_wizard(&mut h);
    let type_path = |h: &mut Harness<'_, VedetteApp>, path: &std::path::Path, verb: &str| {
        h.get_by_label("File:").focus();
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.get_by_label("File:")
            .type_text(&path.display().to_string());
        h.run();
        h.get_by_label(verb).click();
        h.run();
    };
    // Save the French order of battle (no extension typed: .ron added).
    h.get_all_by_label("Save order of battle…")
        .next()
        .expect("side 1")
        .click();
    h.run();
    let saved = wizard(&h).sides[0].order.clone();
    type_path(&mut h, &dir.path().join("french"), "Save");
    let file = dir.path().join("french.ron");
    let back = vedette::rules::napoleon::model::pickup::parse_order(
        &std::fs::read_to_string(&file).expect("saved"),
        "f",
    )
    .expect("reads");
    assert_eq!(back, saved);
    // Clear it, then open it again.
    h.get_all_by_label("Clear").next().expect("side 1").click();
    h.run();
    assert!(wizard(&h).sides[0].order.forces.is_empty());
    h.get_all_by_label("Open order of battle…")
        .next()
        .expect("side 1")
        .click();
    h.run();
    type_path(&mut h, &file, "Open");
    assert_eq!(wizard(&h).sides[0].order, saved);
    // A broken army list: refused with its line and column, nothing lost.
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, name: \"X\", nation: 3)").expect("writes");
    h.get_all_by_label("Open army list…")
        .last()
        .expect("side 2")
        .click();
    h.run();
    type_path(&mut h, &bad, "Open");
    let w = wizard(&h);
    let e = w.error.clone().expect("refused");
    assert!(e.contains("bad.ron:1:") && e.contains("nation"), "{e}");
    assert_eq!(w.sides[0].order, saved);
    assert_eq!(w.lists.len(), 2);
    // The army list editor: a unit type added, the list saved and read back.
    h.get_all_by_label("Edit army list…")
        .next()
        .expect("side 1")
        .click();
    h.run();
    let before = wizard(&h).lists[0].units.len();
    h.get_by_label("Add unit type").scroll_to_me();
    h.run();
    let generals = wizard(&h).lists[0].generals.len();
    click(&mut h, "Add General");
    assert!(wizard(&h).lists[0].generals.len() >= generals);
    click(&mut h, "Add unit type");
    let list = wizard(&h).lists[0].clone();
    assert_eq!(list.units.len(), before + 1);
    click(&mut h, "Save army list as…");
    type_path(&mut h, &dir.path().join("mylist.ron"), "Save");
    let text = std::fs::read_to_string(dir.path().join("mylist.ron")).expect("saved");
    let back = vedette::rules::napoleon::model::pickup::parse_army_list(&text, "mylist.ron")
        .expect("reads");
    assert_eq!(back, list);
    // The list saved is remembered (kept between sessions with the
    // window's settings) and offered by the next wizard, in place of the
    // shipped list of its name.
    let saved = dir
        .path()
        .join("mylist.ron")
        .canonicalize()
        .expect("exists");
    assert_eq!(h.state().army_lists.first(), Some(&saved));
    h.state_mut().pickup = None;
    h.run();
    open_wizard(&mut h);
    let w = wizard(&h);
    let offered = w
        .lists
        .iter()
        .find(|l| l.name == list.name)
        .expect("offered");
    assert_eq!(offered, &list);
    assert_eq!(
        w.lists.len(),
        2,
        "the remembered list replaces its namesake"
    );
}

#[test]
fn issue20_army_list_balance_from_the_balance_panel() {
    let mut app = VedetteApp::open(common::root().join("scenarios/saint-aubin.ron"));
    app.balance.open = true;
    let rules = app.doc.as_ref().expect("open").scenario.rules.clone();
    let pickup = app
        .balance
        .section_as::<PickupBalance>(&rules)
        .expect("the Napoleon rules' army-list balance");
    pickup.games = 4;
    pickup.points = 500;
    let mut h = harness(app);
    click(&mut h, "Army lists: pick-up battles");
    click(&mut h, "Run pick-up battles");
    fn section<'a>(h: &'a mut Harness<'_, VedetteApp>, rules: &RuleSet) -> &'a mut PickupBalance {
        h.state_mut()
            .balance
            .section_as::<PickupBalance>(rules)
            .expect("the section")
    }
    section(&mut h, &rules).wait();
    h.run();
    let (text, _) = section(&mut h, &rules).report.clone().expect("a report");
    assert!(
        text.contains(
            "4 pick-up battles [3.1][3.2]: France 1813-1815 against Britain 1815 at 500 points"
        ),
        "{text}"
    );
    assert!(
        text.contains("attacker wins") && text.contains("defender wins"),
        "{text}"
    );
    h.get_by_label_contains("By role:");
}

#[test]
fn issue20_n23_the_wizard_sets_the_table_options_of_the_rulings() {
    let mut h = harness(VedetteApp::empty());
    open_wizard(&mut h);
    click(&mut h, "The table and the procedure (N23-N27)");
    click(&mut h, "south");
    h.state_mut()
        .pickup
        .as_mut()
        .and_then(|w| w.get_mut::<Wizard>())
        .expect("w")
        .options
        .pickup_columns = 20;
    h.run();
    click(&mut h, "Start the deployment [3.2]");
    let d = &play(&h).d;
    assert_eq!(d.map().columns, 20);
    assert_eq!(
        d.edge_row(d.attacker),
        14,
        "the attacker's edge is the south one"
    );
    assert_eq!(
        play(&h).log.options.attacker_edge,
        vedette::rules::napoleon::model::Edge::South
    );
}
