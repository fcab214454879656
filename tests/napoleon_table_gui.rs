//! The *Napoleon* playtest table driven through egui_kittest like a
//! playtester would (issue 19, item 3): F5 on a Napoleon scenario, the
//! declarations, a force's command check with its modifiers, a move on the
//! map with the facing chosen by where the click lands, a turn with Q,
//! undo, a refusal with its section, the end of the activation; a
//! computer-against-computer game in the window to its end, saved and
//! replayed by the engine.

mod common;

use common::{harness, root};
use egui::{Key, Modifiers, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::playtest::Speed;
use vedette::hex::Hex;
use vedette::play::Seat;
use vedette::rules::napoleon::engine::{Activation, Command, Event, Napoleon, Phase};
use vedette::rules::napoleon::window::table::NapoleonTable;

fn table<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a NapoleonTable {
    h.state()
        .table::<NapoleonTable>()
        .expect("the Napoleon table")
}

fn hex_pos(h: &Harness<'_, VedetteApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    let t = table(h);
    let c = app
        .view
        .layout(&t.session.map, t.map_rect.expect("drawn"))
        .center(hex);
    pos2(c.x as f32, c.y as f32)
}

fn click_at(h: &mut Harness<'_, VedetteApp>, p: Pos2) {
    h.hover_at(p);
    h.step();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run_ok();
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

fn start(seats: [Seat; 2], seed: &str) -> Harness<'static, VedetteApp> {
    let path = root().join("scenarios/saint-aubin.ron");
    let mut h = harness(VedetteApp::open(path));
    h.key_press(Key::F5);
    h.run();
    {
        let d = h
            .state_mut()
            .start_dialog
            .as_mut()
            .expect("the start dialog");
        d.seats = seats;
        d.seed = seed.into();
    }
    h.get_by_label("Start").click();
    h.run();
    assert!(
        h.state().start_dialog.is_none(),
        "{:?}",
        h.state().start_dialog.as_ref().map(|d| d.error.clone())
    );
    h
}

/// Plays the declarations through the panel's buttons until the side to
/// act is between activations in its Maneuver & Combat phase.
fn to_maneuver(h: &mut Harness<'_, VedetteApp>) {
    for _ in 0..40 {
        let st = table(h).session.game.state.clone();
        match st.phase() {
            Phase::Maneuver { .. } if st.pending().is_none() && st.active().is_none() => return,
            Phase::Skirmish { .. } => {
                h.get_by_label("End skirmish declarations").click();
            }
            Phase::Bombardment { side } => {
                if st.undeclared_guns(side).is_empty() {
                    h.get_by_label("End bombardment declarations").click();
                } else {
                    // A gun must fire at its nearest target [3.5.3]: the
                    // target's button names its hex.
                    h.get_all_by_label_contains(" at 0")
                        .chain(h.get_all_by_label_contains(" at 1"))
                        .next()
                        .expect("a target button")
                        .click();
                }
            }
            _ => panic!("unexpected position {:?}", st.phase()),
        }
        h.run();
    }
    panic!("never reached a Maneuver & Combat phase");
}

/// Hot seat: the table shows the turn, the initiative dice and each
/// force's command check with its modifiers and chances; a check is
/// rolled from the panel; a piece moves by a click on a green hex, ending
/// faced toward the hexside the click was nearest; Q turns it; Ctrl+Z
/// takes the turn back; a hex it cannot reach is refused with the reason;
/// the activation ends with its combats; the log speaks in names; back in
/// the editor the scenario is unchanged.
#[test]
fn napoleon_table_plays_a_command_check_a_move_with_facing_undo_and_refusal() {
    let mut h = start([Seat::Human; 2], "3");
    let before = h.state().doc.as_ref().expect("open").scenario.clone();
    h.get_by_label_contains("Turn 1 of 12");
    h.get_by_label_contains("Initiative [3.3]");
    to_maneuver(&mut h);
    h.get_by_label_contains("Maneuver & Combat [3.7]");
    h.get_all_by_label_contains("Forward!")
        .next()
        .expect("the chances of each result");
    // Roll command checks until a force may move (Forward! or Charge!).
    let mut moved = false;
    for _ in 0..8 {
        to_maneuver(&mut h);
        h.get_all_by_label("Activate")
            .next()
            .expect("a force to activate")
            .click();
        h.run();
        assert!(
            history_has(&h, |e| matches!(e, Event::CommandChecked { .. })),
            "{}",
            message(&h)
        );
        h.get_by_label_contains("check:");
        let st = table(&h).session.game.state.clone();
        let Some(a) = st.active().clone() else {
            continue;
        };
        if !matches!(a.result, Activation::Forward | Activation::Charge) {
            h.get_by_label("Left to right").click();
            h.run();
            continue;
        }
        // Select a unit of the force by clicking it on the map.
        let (p, _) = a
            .moved
            .iter()
            .find(|(p, _)| st.board().pieces[*p as usize].kind.is_troop())
            .expect("a unit");
        let at = st.board().hex(st.pos()[*p as usize]);
        let pos = hex_pos(&h, at);
        click_at(&mut h, pos);
        assert_eq!(table(&h).own.selected, Some(*p), "{}", message(&h));
        let reach = {
            let app = h.state_mut();
            app.table_mut::<NapoleonTable>()
                .expect("t")
                .reach()
                .to_vec()
        };
        let target = reach
            .iter()
            .find(|r| r.hex != at && r.contacts.is_empty())
            .expect("a hex to move to");
        // Click near the hexside of the facing the reach offers there.
        let layout = table(&h).last_layout.expect("drawn");
        let centre = layout.center(target.hex);
        let edge = layout
            .edge(target.hex, st.board().dir(target.facing))
            .expect("an edge");
        let toward = pos2(
            (centre.x + ((edge.0.x + edge.1.x) / 2.0 - centre.x) * 0.7) as f32,
            (centre.y + ((edge.0.y + edge.1.y) / 2.0 - centre.y) * 0.7) as f32,
        );
        click_at(&mut h, toward);
        let st = table(&h).session.game.state.clone();
        assert_eq!(
            st.board().hex(st.pos()[*p as usize]),
            target.hex,
            "{}",
            message(&h)
        );
        assert_eq!(st.facing()[*p as usize], target.facing, "{}", message(&h));
        assert!(history_has(&h, |e| matches!(e, Event::Stepped { .. })));
        // Q turns it one hexside anticlockwise, or says why not.
        let len = table(&h).session.len();
        h.key_press(Key::Q);
        h.run();
        if table(&h).session.len() > len {
            assert!(history_has(&h, |e| matches!(e, Event::Turned { .. })));
            h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
            h.run();
            assert_eq!(table(&h).session.len(), len, "{}", message(&h));
            assert!(message(&h).starts_with("Took back"), "{}", message(&h));
        } else {
            assert!(message(&h).contains("[3.7.2.8]"), "{}", message(&h));
        }
        // A hex far out of reach is refused with the reason.
        let far = st
            .board()
            .hexes
            .iter()
            .copied()
            .max_by_key(|&x| {
                let xi = st.board().hex_ix(x).expect("on the map");
                st.board().distance(xi, st.pos()[*p as usize])
            })
            .expect("hexes");
        let len = table(&h).session.len();
        let pos = hex_pos(&h, far);
        // The far hex may be empty or hold an enemy; either way it is not
        // a move.
        click_at(&mut h, pos);
        if table(&h).own.selected == Some(*p) {
            assert!(message(&h).starts_with("Refused"), "{}", message(&h));
        }
        assert_eq!(table(&h).session.len(), len);
        // The activation ends; its combats follow in the chosen order.
        h.get_by_label("Left to right").click();
        h.run();
        assert!(
            history_has(&h, |e| matches!(e, Event::ActivationEnded { .. })),
            "{}",
            message(&h)
        );
        moved = true;
        break;
    }
    assert!(moved, "no force rolled Forward! in eight checks");
    // The log speaks in names and sections, never indices or raw lists.
    let log: Vec<String> = table(&h).log().iter().map(|(_, l)| l.clone()).collect();
    assert!(log.iter().any(|l| l.starts_with("[3.7.1]")), "{log:?}");
    for l in &log {
        assert!(!l.contains('{') && !l.contains("piece "), "{l}");
    }
    // Back to the editor: nothing was saved, so it asks; leave anyway.
    h.key_press(Key::F5);
    h.run();
    h.get_by_label("Leave without saving").click();
    h.run();
    assert!(h.state().playtest.is_none());
    assert_eq!(h.state().doc.as_ref().expect("open").scenario, before);
}

/// Computer against computer in the window: the game reaches its result,
/// the game-over window says who won, and the saved log replays on the
/// engine to the same end.
#[test]
fn napoleon_table_computer_against_computer_reaches_a_result_and_replays() {
    let heur = Seat::Computer(vedette::ai::PlayerKind::Heuristic);
    let mut h = start([heur, heur], "11");
    h.state_mut()
        .table_mut::<NapoleonTable>()
        .expect("t")
        .seats
        .speed = Speed::Instant;
    for _ in 0..4000 {
        h.step();
        if table(&h).session.game.is_over() {
            break;
        }
    }
    h.run();
    let t = table(&h);
    assert!(t.session.game.is_over(), "{}", message(&h));
    h.get_by_label("Game over");
    let dir = tempfile::tempdir().expect("tmp");
    let log = dir.path().join("game.ron");
    h.state_mut().save_game(&log);
    let text = std::fs::read_to_string(&log).expect("saved");
    let parsed: vedette::engine::GameLog<Napoleon> =
        vedette::scenario::from_ron(&text, "game.ron").expect("parses");
    let t = table(&h);
    let game = vedette::engine::replay::<Napoleon>(&t.session.scenario, &t.session.map, &parsed)
        .expect("replays");
    assert_eq!(game.state.outcome(), t.session.game.state.outcome());
    assert!(
        parsed
            .entries
            .iter()
            .any(|e| matches!(e.command, Command::EndActivation { .. }))
    );
}
