//! Issue 37's window must-shows for the 16-hits rules, driven through
//! egui_kittest as a designer and a playtester would: from File > New, a
//! small scenario with both sides, a General added and placed with the
//! Unit tool and a victory hex; playtested hot seat through a rally, a
//! march, formation changes, a refused charge whose witness is drawn, a
//! charge, a shot with its line of fire and a hand-to-hand combat that
//! ends in a withdrawal; the ruler reports distance and line of fire; back
//! in the editor the scenario is unchanged.

mod common;

use common::{click_at, ctrl, harness, hx, root};
use egui::{Key, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::playtest::TableRules;
use vedette::hex::Hex;
use vedette::play::Seat;
use vedette::rules::hits16::engine::{Event, Phase};
use vedette::rules::hits16::model::Formation;
use vedette::rules::hits16::window::table::Hits16Table;
use vedette::rules::hits16::window::table::Hits16TableRules;
use vedette::scenario::{RuleSet, Scenario, UnitId, UnitKind};

fn key(h: &mut Harness<'_, VedetteApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn editor_hex(h: &Harness<'_, VedetteApp>, b: Hex) -> Pos2 {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    let c = app
        .view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .center(b);
    pos2(c.x as f32, c.y as f32)
}

fn table<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a Hits16Table {
    h.state().table::<Hits16Table>().expect("the 16-hits table")
}

fn table_hex(h: &Harness<'_, VedetteApp>, b: Hex) -> Pos2 {
    let app = h.state();
    let t = table(h);
    let c = app
        .view
        .layout(&t.session.map, t.map_rect.expect("drawn"))
        .center(b);
    pos2(c.x as f32, c.y as f32)
}

fn message(h: &Harness<'_, VedetteApp>) -> String {
    table(h)
        .message
        .as_ref()
        .map_or(String::new(), |(_, m)| m.clone())
}

fn history_has(h: &Harness<'_, VedetteApp>, f: impl Fn(&Event) -> bool) -> bool {
    table(h)
        .session
        .game
        .history
        .iter()
        .any(|(_, ev)| ev.iter().any(&f))
}

fn scenario(h: &Harness<'_, VedetteApp>) -> Scenario {
    h.state().doc.as_ref().expect("doc").scenario.clone()
}

/// Places a unit of `kind` for the template's side at `at` with the Unit
/// tool; returns its id.
fn place(h: &mut Harness<'_, VedetteApp>, at: Hex, kind: UnitKind) -> UnitId {
    h.state_mut().tools.template.unit.kind = kind;
    key(h, Key::U);
    let p = editor_hex(h, at);
    click_at(h, p);
    h.state()
        .tools
        .selected
        .clone()
        .expect("the new unit is selected")
}

fn click_hex(h: &mut Harness<'_, VedetteApp>, at: Hex) {
    let p = table_hex(h, at);
    click_at(h, p);
}

fn end_phase(h: &mut Harness<'_, VedetteApp>) {
    h.get_by_label_contains("End the ").click();
    h.run();
}

#[test]
fn issue37_a_16_hits_scenario_from_file_new_is_playtested_rally_march_shot_charge_withdrawal() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    ctrl(&mut h, Key::N);
    h.get_by_label("Napoleonic Wars (16 hits)").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    {
        let doc = h.state().doc.as_ref().expect("new");
        assert!(matches!(doc.scenario.rules, RuleSet::Hits16(_)));
        assert!(!doc.map.grid().is_boxes(), "these rules play on hexes");
        assert_eq!(
            doc.scenario.turns, 12,
            "the game length is the turn limit (M38)"
        );
    }
    let sides: Vec<_> = scenario(&h).sides.iter().map(|s| s.id.clone()).collect();
    h.state_mut().tools.template.unit.side = sides[0].clone();
    let marcher = place(&mut h, hx("0214"), UnitKind::Infantry);
    // In the inspector (below the Unit tool's template, which has the
    // same rows): march column (M7).
    h.query_all_by_label("Formation")
        .last()
        .expect("the inspector's formation")
        .click();
    h.run();
    h.get_by_label("march column").click();
    h.run();
    let former = place(&mut h, hx("0412"), UnitKind::Infantry);
    let cav = place(&mut h, hx("0708"), UnitKind::Cavalry);
    let gun = place(&mut h, hx("0909"), UnitKind::Artillery);
    h.state_mut().tools.template.unit.side = sides[1].clone();
    let charged = place(&mut h, hx("0705"), UnitKind::Infantry);
    let shot = place(&mut h, hx("0905"), UnitKind::Infantry);
    let behind = place(&mut h, hx("0711"), UnitKind::Infantry);
    {
        let s = scenario(&h);
        let m = s.unit(&marcher).expect("placed");
        assert_eq!(
            vedette::rules::hits16::model::Hits16Unit::read(m).formation(),
            Formation::MarchColumn
        );
        assert!(m.hits16.is_some(), "a new unit carries the rules' data");
    }
    // A French General, added and placed with the Unit tool.
    h.state_mut().tools.template.unit.side = sides[0].clone();
    h.run();
    h.get_by_label_contains("Add a General for ").click();
    h.run();
    let p = editor_hex(&h, hx("0411"));
    click_at(&mut h, p);
    // Scenario settings lists him in its Generals tab; Place… there moves
    // him with the next click, as the Unit tool's does.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    h.get_by_label("Generals").click();
    h.run();
    assert_eq!(
        h.query_all_by_label("Place…").count(),
        2,
        "his row and the Unit tool's"
    );
    h.get_by_label("Cancel").click();
    h.run();
    // The Tables tab lists the Vedette defaults.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    h.get_by_label("Tables").click();
    h.run();
    h.get_by_label("Infantry move, hexes");
    assert!(h.query_all_by_label("Vedette default").count() > 20);
    h.get_by_label("Cancel").click();
    h.run();
    // A victory hex with the marker tool.
    key(&mut h, Key::X);
    h.get_by_label("Victory hex").click();
    h.run();
    let p = editor_hex(&h, hx("0505"));
    click_at(&mut h, p);
    let before = scenario(&h);
    {
        let RuleSet::Hits16(o) = &before.rules else {
            panic!("16-hits rules")
        };
        assert_eq!(o.generals.len(), 1);
        assert_eq!(o.generals[0].hex, Some(hx("0411")), "placed by the click");
        assert!(
            before
                .victory
                .victory_hexes
                .iter()
                .any(|v| v.hex == hx("0505"))
        );
        let problems: Vec<_> =
            vedette::scenario::validate(&before, &h.state().doc.as_ref().expect("d").map)
                .into_iter()
                .filter(|i| i.severity == vedette::scenario::Severity::Error)
                .collect();
        assert!(problems.is_empty(), "{problems:?}");
    }

    // Playtest, hot seat.
    key(&mut h, Key::F5);
    {
        let d = h.state_mut().start_dialog.as_mut().expect("dialog");
        d.seed = "3".into();
        d.seats = [Seat::Human, Seat::Human];
    }
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(table(&h).session.game.state.phase(), Phase::Command);
    // A rally: the General reaches the unit beside him (M12).
    h.get_by_label_contains("rallies").click();
    h.run();
    assert!(
        history_has(&h, |e| matches!(e, Event::Rallied { .. })),
        "{}",
        message(&h)
    );
    end_phase(&mut h);
    assert_eq!(table(&h).session.game.state.phase(), Phase::Movement);
    // A march: four hexes north in march column (M17).
    click_hex(&mut h, hx("0214"));
    click_hex(&mut h, hx("0210"));
    assert!(
        history_has(&h, |e| matches!(e, Event::Moved { march: true, .. })),
        "{}",
        message(&h)
    );
    // Formation changes: the infantry to march column, the guns unlimber.
    click_hex(&mut h, hx("0412"));
    h.get_by_label("Form march column").click();
    h.run();
    click_hex(&mut h, hx("0909"));
    h.get_by_label("Form unlimbered").click();
    h.run();
    assert!(
        history_has(&h, |e| matches!(
            e,
            Event::Formed {
                formation: Formation::Unlimbered,
                ..
            }
        )),
        "{}",
        message(&h)
    );
    // A refused charge: the cavalry on a unit behind it, which no charge
    // across its front hexsides reaches; the witness is kept for the map.
    click_hex(&mut h, hx("0708"));
    click_hex(&mut h, hx("0711"));
    assert!(message(&h).starts_with("Refused"), "{}", message(&h));
    {
        // The map rings the charger and the unit it cannot reach in red.
        let drawn = table(&h).witness_cells();
        assert_eq!(
            drawn,
            vec![(hx("0708"), true), (hx("0711"), true)],
            "the refusal's witness is drawn"
        );
    }
    // The charge on the infantry ahead.
    click_hex(&mut h, hx("0708"));
    assert!(
        h.query_all_by_label_contains("Charge ").count() >= 1,
        "the panel lists its charges"
    );
    assert!(
        h.query_all_by_label_contains(" in 6").count() >= 2,
        "the charge's hits and outcomes are shown with their chances"
    );
    click_hex(&mut h, hx("0705"));
    assert!(
        history_has(&h, |e| matches!(e, Event::Charged { .. })),
        "{}",
        message(&h)
    );
    end_phase(&mut h);
    // A shot with its line of fire (clear) from the guns.
    assert_eq!(table(&h).session.game.state.phase(), Phase::Shooting);
    {
        let st = &table(&h).session.game.state;
        let (g, t) = (
            st.board().unit_ix(&gun).expect("gun"),
            st.board().unit_ix(&shot).expect("target"),
        );
        assert_eq!(
            st.fire_blockers(st.units()[g as usize].hex, st.units()[t as usize].hex),
            None
        );
    }
    click_hex(&mut h, hx("0909"));
    // The hits distribution before the roll.
    h.get_by_label_contains("1D6 +");
    assert!(h.query_all_by_label_contains(" in 6").count() >= 1);
    h.get_by_label_contains("Shoot ").click();
    h.run();
    assert!(
        history_has(&h, |e| matches!(e, Event::Shot { .. })),
        "{}",
        message(&h)
    );
    // The ruler: distance and line of fire.
    key(&mut h, Key::M);
    click_hex(&mut h, hx("0909"));
    click_hex(&mut h, hx("0905"));
    let words = <Hits16TableRules as TableRules>::hover_text(table(&h), hx("0905")).expect("words");
    assert!(
        words.contains("ruler 0909 to 0905: 4 hexes (40 cm)"),
        "{words}"
    );
    assert!(words.contains("line of fire clear"), "{words}");
    key(&mut h, Key::M);
    end_phase(&mut h);
    // Hand to hand: the combat fought ends in a withdrawal (M33, M35).
    assert_eq!(table(&h).session.game.state.phase(), Phase::HandToHand);
    // The roll's numbers and each outcome's chance (cavalry rolls: it
    // withdraws unless the infantry loses a base, so no reply is shown).
    h.get_by_label_contains("cavalry against foot");
    h.get_by_label_contains("loses a base and withdraws ");
    h.get_by_label_contains(" fights ").click();
    h.run();
    if let Some(p) = table(&h).session.game.state.pending().first().cloned() {
        let _ = p;
        let (hex, _) = table(&h).hex_choices()[0].clone();
        click_hex(&mut h, hex);
    }
    assert!(
        history_has(&h, |e| matches!(e, Event::Withdrew { .. })),
        "{}",
        message(&h)
    );
    let _ = (&cav, &charged, &former, &behind);
    // Back in the editor the scenario is as it was.
    h.get_by_label("Back to editor").click();
    h.run();
    if let Some(b) = h.query_by_label("Leave without saving") {
        b.click();
        h.run();
    }
    assert_eq!(scenario(&h), before, "playtesting changes nothing");
}
