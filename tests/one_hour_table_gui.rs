//! Issue 21's window must-shows, driven through egui_kittest like a
//! designer and a playtester would: from File > New, a small One Hour
//! Napoleonic scenario on square boxes, its units set with the inspector
//! and a French deck of three cards made in Scenario settings; then
//! playtested hot seat: a card drawn and applied, shots with their dice, a
//! cavalry charge (the flanked line infantry asked whether to face it,
//! H28), a rout; back in the editor the scenario is unchanged. And a
//! computer-against-computer game in the window reaches a result whose
//! saved log replays.

mod common;

use common::{click_at, ctrl, harness, hx, root};
use egui::accesskit::Role;
use egui::{Key, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::playtest::Speed;
use vedette::engine::Game;
use vedette::hex::{Dir, Hex};
use vedette::play::Seat;
use vedette::rules::one_hour::engine::{Command, Event, OneHour, Phase};
use vedette::rules::one_hour::model::{CardEffect, Quality};
use vedette::rules::one_hour::window::table::OneHourTable;
use vedette::scenario::{RuleSet, Scenario, UnitId, UnitKind};

fn key(h: &mut Harness<'_, VedetteApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn editor_box(h: &Harness<'_, VedetteApp>, b: Hex) -> Pos2 {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    let c = app
        .view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .center(b);
    pos2(c.x as f32, c.y as f32)
}

fn table<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a OneHourTable {
    h.state()
        .table::<OneHourTable>()
        .expect("the One Hour table")
}

fn table_box(h: &Harness<'_, VedetteApp>, b: Hex) -> Pos2 {
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
    let p = editor_box(h, at);
    click_at(h, p);
    h.state()
        .tools
        .selected
        .clone()
        .expect("the new unit is selected")
}

/// The first seed whose first French card is the Enemy Panic card.
fn seed_for_enemy_panic(h: &Harness<'_, VedetteApp>) -> u64 {
    let doc = h.state().doc.as_ref().expect("doc");
    (0..200u64)
        .find(|&seed| {
            let mut g: Game<OneHour> =
                Game::new(&doc.scenario, &doc.map, seed, ()).expect("starts");
            let board = g.board().clone();
            let Ok(events) = g.execute(&Command::Draw) else {
                return false;
            };
            events.iter().any(|e| {
                matches!(e, Event::CardDrawn { side: 0, card }
                    if matches!(board.decks[0][*card as usize].effect, CardEffect::EnemyPanic { .. }))
            })
        })
        .expect("a seed drawing Enemy Panic first")
}

#[test]
fn issue21_a_one_hour_scenario_from_file_new_is_playtested_card_shot_charge_rout() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    ctrl(&mut h, Key::N);
    h.get_by_label("One Hour Napoleonic").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    {
        let doc = h.state().doc.as_ref().expect("new");
        assert_eq!(doc.scenario.rules.name(), "One Hour Napoleonic");
        assert_eq!(
            doc.map.grid().orientation,
            vedette::hex::Orientation::Boxes,
            "choosing One Hour picks square boxes"
        );
    }
    // Units: French line infantry, artillery and cavalry facing north;
    // Allied line infantry ahead of them.
    let sides: Vec<_> = scenario(&h).sides.iter().map(|s| s.id.clone()).collect();
    h.state_mut().tools.template.unit.side = sides[0].clone();
    let inf = place(&mut h, hx("1010"), UnitKind::Infantry);
    let gun = place(&mut h, hx("1110"), UnitKind::Artillery);
    let cav = place(&mut h, hx("0810"), UnitKind::Cavalry);
    h.state_mut().tools.template.unit.side = sides[1].clone();
    let target = place(&mut h, hx("1009"), UnitKind::Infantry);
    // The last placed is selected: make it poor (5 hits) in the inspector.
    // The inspector's, below the Unit tool's template with the same rows.
    h.query_all_by_label("Quality")
        .last()
        .expect("the inspector's quality")
        .click();
    h.run();
    h.get_by_label("Poor (5 hits)").click();
    h.run();
    let charged = place(&mut h, hx("0808"), UnitKind::Infantry);
    {
        let s = scenario(&h);
        for id in [&inf, &gun, &cav, &target, &charged] {
            let u = s.unit(id).expect("placed");
            assert_eq!(u.facing, Some(Dir::N), "{id} faces north");
        }
        let t = s.unit(&target).expect("placed");
        assert_eq!(
            vedette::rules::one_hour::model::OneHourUnit::read(t).quality,
            Quality::Poor
        );
    }
    // A French leader, added in Scenario settings and placed on the map
    // by a click.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    h.get_by_label("Leaders").click();
    h.run();
    h.get_by_label("Add a French leader").click();
    h.run();
    h.get_by_label("Place on the map").click();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let p = editor_box(&h, hx("1011"));
    click_at(&mut h, p);
    {
        let s = scenario(&h);
        let RuleSet::OneHour(o) = &s.rules else {
            panic!("One Hour rules");
        };
        assert_eq!(o.leaders.len(), 1);
        assert_eq!(o.leaders[0].start, Some(hx("1011")), "placed by the click");
    }
    // A French deck of three cards, made in Scenario settings.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Scenario settings…").click();
    h.run();
    h.get_by_label("Chance cards").click();
    h.run();
    h.get_by_label("Give French a deck").click();
    h.run();
    for _ in 0..3 {
        h.get_by_label("Add a card").click();
        h.run();
    }
    // Each card's effect: the first card Enemy Panic, the second Double
    // action, the third as it came.
    h.get_all_by_role_and_label(Role::ComboBox, "Effect")
        .next()
        .expect("a combo")
        .click();
    h.run();
    h.get_by_label("Enemy panic").click();
    h.run();
    h.get_all_by_role_and_label(Role::ComboBox, "Effect")
        .nth(1)
        .expect("a combo")
        .click();
    h.run();
    h.get_by_label("Double action").click();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let before = scenario(&h);
    let RuleSet::OneHour(o) = &before.rules else {
        panic!("One Hour rules");
    };
    assert_eq!(o.decks.len(), 1);
    let effects: Vec<_> = o.decks[0].cards.iter().map(|c| c.effect).collect();
    assert!(
        matches!(effects[0], CardEffect::EnemyPanic { .. }),
        "{effects:?}"
    );
    assert_eq!(effects[1], CardEffect::DoubleAction);
    assert_eq!(effects[2], CardEffect::NoEffect);
    let problems: Vec<_> =
        vedette::scenario::validate(&before, &h.state().doc.as_ref().expect("d").map)
            .into_iter()
            .filter(|i| i.severity == vedette::scenario::Severity::Error)
            .collect();
    assert!(problems.is_empty(), "{problems:?}");

    // Playtest, hot seat.
    let seed = seed_for_enemy_panic(&h);
    key(&mut h, Key::F5);
    {
        let d = h.state_mut().start_dialog.as_mut().expect("dialog");
        d.seed = seed.to_string();
        d.seats = [Seat::Human, Seat::Human];
    }
    h.get_by_label("Start").click();
    h.run();
    assert!(*table(&h).session.game.state.phase() == Phase::Card);
    // The card is drawn and shown as a card; the French pick the enemy.
    h.get_by_label("Draw a chance card").click();
    h.run();
    h.get_by_label("Card 1");
    h.get_by_label("Enemy Panic! One enemy unit acquires 1 hit.");
    let st = table(&h).session.game.state.clone();
    assert!(
        matches!(st.phase(), Phase::CardChoice { chooser: 0, .. }),
        "{:?}",
        st.phase()
    );
    let names: Vec<String> = st.board().units.iter().map(|u| u.name.clone()).collect();
    let ix = |id: &UnitId| {
        st.board()
            .units
            .iter()
            .position(|u| &u.id == id)
            .expect("on the board") as u16
    };
    let (t_ix, c_ix) = (ix(&target), ix(&charged));
    h.get_by_label(names[t_ix as usize].as_str()).click();
    h.run();
    assert!(history_has(
        &h,
        |e| matches!(e, Event::Hits { unit, hits: 1, .. } if *unit == t_ix)
    ));
    assert_eq!(*table(&h).session.game.state.phase(), Phase::Shoot);

    // Turns until the target routs: every French shot at it, the cavalry
    // charging the other, the Allied side passing.
    let mut charged_once = false;
    for _ in 0..12 {
        let st = table(&h).session.game.state.clone();
        if (st.routed()[t_ix as usize] && charged_once) || st.outcome().is_some() {
            break;
        }
        match st.phase() {
            Phase::Card => {
                // The Allied have no deck: the button says so.
                let label = if st.side() == 0 {
                    "Draw a chance card"
                } else {
                    "No card to draw: on to shooting"
                };
                h.get_by_label(label).click();
                h.run();
                let st = table(&h).session.game.state.clone();
                if let Phase::CardChoice { .. } = st.phase() {
                    // Double action declined, or the panic on the target.
                    match h.query_by_label("Decline the double action") {
                        Some(b) => b.click(),
                        None => h.get_by_label(names[t_ix as usize].as_str()).click(),
                    }
                    h.run();
                }
                continue;
            }
            Phase::Shoot if st.side() == 0 => {
                for shooter in [inf.clone(), gun.clone()] {
                    let at = st.pos()[ix(&shooter) as usize].expect("on the map");
                    let p = table_box(&h, at);
                    click_at(&mut h, p);
                    let shoot = h.query_all_by_label_contains("Shoot at").next().is_some();
                    if shoot {
                        h.query_all_by_label_contains("Shoot at")
                            .next()
                            .expect("a shot button")
                            .click();
                        h.run();
                    }
                }
                h.get_by_label("End shooting").click();
                h.run();
            }
            Phase::Move if st.side() == 0 => {
                if !charged_once && st.pos()[c_ix as usize].is_some() {
                    // The cavalry charges straight ahead: a click on the
                    // enemy box (ringed red) after selecting it.
                    let p = table_box(&h, hx("0810"));
                    click_at(&mut h, p);
                    h.get_by_label_contains("Charge ");
                    let p = table_box(&h, hx("0808"));
                    click_at(&mut h, p);
                    charged_once = true;
                    assert!(
                        history_has(&h, |e| matches!(e, Event::ChargeMoved { .. })),
                        "{}",
                        message(&h)
                    );
                    // The line infantry charged in the rear is asked
                    // whether to face it (H28), and does.
                    h.get_by_label("Stand as it is");
                    h.get_by_label("Face S").click();
                    h.run();
                    assert!(history_has(
                        &h,
                        |e| matches!(e, Event::Faced { unit, facing: Dir::S } if *unit == c_ix)
                    ));
                    assert!(history_has(&h, |e| matches!(e, Event::ChargeRolled { .. })));
                }
                h.get_by_label("End the player turn").click();
                h.run();
            }
            Phase::Shoot => {
                h.get_by_label("End shooting").click();
                h.run();
            }
            Phase::Move => {
                h.get_by_label("End the player turn").click();
                h.run();
            }
            Phase::CardChoice { .. } | Phase::Volley | Phase::Over => break,
        }
        // A refusal would show in red; the panel must never need one.
        assert!(
            table(&h).message.as_ref().is_none_or(|(ok, _)| *ok),
            "{}",
            message(&h)
        );
    }
    assert!(charged_once);
    assert!(history_has(&h, |e| matches!(e, Event::Shot { .. })));
    assert!(
        history_has(&h, |e| matches!(e, Event::Routed { unit } if *unit == t_ix)),
        "the poor line infantry routs under fire"
    );
    // The dice of a shot are in the log with the ruling.
    assert!(table(&h).log().iter().any(|(_, l)| l.starts_with("[H15]")));
    // Back to the editor: the scenario is as it was.
    h.get_by_label("Back to editor").click();
    h.run();
    if h.query_by_label("Leave without saving").is_some() {
        h.get_by_label("Leave without saving").click();
        h.run();
    }
    assert!(h.state().table::<OneHourTable>().is_none());
    assert_eq!(scenario(&h), before);
}

#[test]
fn issue21_one_hour_computer_against_computer_in_the_window_reaches_a_result_and_replays() {
    let path = root().join("scenarios/waterloo-one-hour.ron");
    let mut h = harness(VedetteApp::open(path));
    key(&mut h, Key::F5);
    {
        let d = h
            .state_mut()
            .start_dialog
            .as_mut()
            .expect("the start dialog");
        let heur = Seat::Computer(vedette::ai::PlayerKind::Heuristic);
        d.seats = [heur, heur];
        d.seed = "5".into();
    }
    h.get_by_label("Start").click();
    h.run();
    h.state_mut()
        .table_mut::<OneHourTable>()
        .expect("t")
        .seats
        .speed = Speed::Instant;
    for _ in 0..3000 {
        h.step();
        if table(&h).session.game.is_over() {
            break;
        }
    }
    h.run();
    assert!(table(&h).session.game.is_over(), "{}", message(&h));
    h.get_by_label("Game over");
    let dir = tempfile::tempdir().expect("tmp");
    let log = dir.path().join("game.ron");
    h.state_mut().save_game(&log);
    let text = std::fs::read_to_string(&log).expect("saved");
    let parsed: vedette::engine::GameLog<OneHour> =
        vedette::scenario::from_ron(&text, "game.ron").expect("parses");
    let t = table(&h);
    let game = vedette::engine::replay::<OneHour>(&t.session.scenario, &t.session.map, &parsed)
        .expect("replays");
    assert_eq!(game.state.outcome(), t.session.game.state.outcome());
    assert!(
        parsed
            .entries
            .iter()
            .any(|e| matches!(e.command, Command::Shoot { .. }))
    );
}

/// On the shipped scenario, hot seat: the card's choice by its button, the
/// end of shooting, then a move drafted with Q (pivot west first) and
/// given by a click near the north side of the box it ends in, so it ends
/// facing north; Ctrl+Z takes it back; a box it cannot reach is refused
/// with the ruling.
#[test]
fn issue21_one_hour_table_moves_with_a_pivot_first_and_a_facing_by_click_undo_and_refusal() {
    let path = root().join("scenarios/waterloo-one-hour.ron");
    let mut h = harness(VedetteApp::open(path));
    key(&mut h, Key::F5);
    {
        let d = h
            .state_mut()
            .start_dialog
            .as_mut()
            .expect("the start dialog");
        d.seats = [Seat::Human, Seat::Human];
        d.seed = "7".into();
    }
    h.get_by_label("Start").click();
    h.run();
    ctrl(&mut h, Key::Enter);
    // Seed 7: Low Ammo, the Allied pick two units of one command.
    assert!(matches!(
        table(&h).session.game.state.phase(),
        Phase::CardChoice { chooser: 1, .. }
    ));
    h.get_by_label("Jérôme (II), Foy (II)").click();
    h.run();
    assert_eq!(*table(&h).session.game.state.phase(), Phase::Shoot);
    h.get_by_label("End shooting").click();
    h.run();
    assert_eq!(*table(&h).session.game.state.phase(), Phase::Move);
    // Issue 35 item 29: the start of movement has no sentence, so no
    // empty message bar (it was an empty black frame).
    assert!(
        table(&h)
            .message
            .as_ref()
            .is_none_or(|(_, m)| !m.trim().is_empty()),
        "{:?}",
        table(&h).message
    );
    let st = table(&h).session.game.state.clone();
    let quiot = st
        .board()
        .units
        .iter()
        .position(|u| u.id.as_str() == "f-quiot")
        .expect("Quiot") as u16;
    assert_eq!(st.pos()[quiot as usize], Some(hx("0807")));
    assert_eq!(st.facing()[quiot as usize], Dir::N);
    let p = table_box(&h, hx("0807"));
    click_at(&mut h, p);
    key(&mut h, Key::Q);
    assert_eq!(table(&h).own.draft.map(|d| d.start), Some(Dir::W));
    // Near the north side of 0707.
    let size = {
        let app = h.state();
        let t = table(&h);
        app.view
            .layout(&t.session.map, t.map_rect.expect("drawn"))
            .size as f32
    };
    let p = table_box(&h, hx("0707")) + egui::vec2(0.0, -size * 0.4);
    click_at(&mut h, p);
    assert!(
        history_has(
            &h,
            |e| matches!(e, Event::Moved { unit, path, facing: Dir::N, .. }
            if *unit == quiot && path == &vec![hx("0707")])
        ),
        "{}",
        message(&h)
    );
    ctrl(&mut h, Key::Z);
    let st = table(&h).session.game.state.clone();
    assert_eq!(
        st.pos()[quiot as usize],
        Some(hx("0807")),
        "{}",
        message(&h)
    );
    assert_eq!(st.facing()[quiot as usize], Dir::N);
    // An empty box two boxes off is beyond a line infantry's box a move.
    let p = table_box(&h, hx("0807"));
    click_at(&mut h, p);
    let p = table_box(&h, hx("0606"));
    click_at(&mut h, p);
    let m = message(&h);
    assert!(m.starts_with("Refused:") && m.contains("(H"), "{m}");
    assert!(!m.contains("shoot"), "{m}");
    assert_eq!(
        table(&h).session.game.state.pos()[quiot as usize],
        Some(hx("0807"))
    );
}
