//! The playtest table driven through egui_kittest like a playtester would:
//! F5, the start dialog, clicks on the map and on the panel's buttons.

mod common;

use common::{harness, hx, root, waterloo_copy};
use egui::{Key, Modifiers, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::hex::Hex;
use vedette::rules::naw::engine::{Command, Event, Phase, Step};
use vedette::rules::naw::window::table::NawTable;
use vedette::scenario::UnitId;

fn play<'a>(h: &'a Harness<'_, VedetteApp>) -> &'a NawTable {
    h.state().table::<NawTable>().expect("a playtest")
}

fn hex_pos(h: &Harness<'_, VedetteApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    let p = play(h);
    let c = app
        .view
        .layout(&p.session.map, p.map_rect.expect("drawn"))
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
    h.run_ok();
}

fn drag_map(h: &mut Harness<'_, VedetteApp>, from: Hex, to: Hex) {
    let (a, b) = (hex_pos(h, from), hex_pos(h, to));
    h.hover_at(a);
    h.step();
    h.drag_at(a);
    h.step();
    for k in 1..=8 {
        h.hover_at(a + (b - a) * (k as f32 / 8.0));
        h.step();
    }
    h.drop_at(b);
    h.run_ok();
}

fn unit_hex(h: &Harness<'_, VedetteApp>, id: &str) -> Option<Hex> {
    let st = &play(h).session.game.state;
    let u = st.board().unit_ix(&UnitId::from(id))?;
    st.unit_hex(u).map(|x| st.board().hex(x))
}

fn message(h: &Harness<'_, VedetteApp>) -> String {
    play(h).message.clone().map(|m| m.1).unwrap_or_default()
}

/// Opens the start dialog with F5 and starts a game with these seats
/// ("Human", "Computer") and seed, the variant off.
fn start(h: &mut Harness<'_, VedetteApp>, seats: [&str; 2], seed: &str) {
    h.key_press(Key::F5);
    h.run();
    assert!(
        h.state().start_dialog.is_some(),
        "F5 opens the start dialog"
    );
    for (i, seat) in seats.iter().enumerate() {
        h.get_all_by_label(seat).nth(i).expect("a seat").click();
        h.run();
    }
    // Replace the random seed by typing over it.
    h.get_by_label("Seed").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Seed").type_text(seed);
    h.run();
    h.get_by_label("Off").click();
    h.run();
    h.get_by_label("Start").click();
    h.run_ok();
    let p = play(h);
    assert_eq!(p.session.setup.seed.to_string(), seed);
}

#[test]
fn a_hot_seat_playtest_moves_refuses_attacks_and_returns_to_the_editor_unchanged() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = waterloo_copy(dir.path());
    let file_text = std::fs::read_to_string(&path).expect("read");
    let mut h = harness(VedetteApp::open(path.clone()));
    let before = h.state().doc.as_ref().expect("open").scenario.clone();
    start(&mut h, ["Human", "Human"], "42");
    {
        let st = &play(&h).session.game.state;
        assert_eq!(
            (st.turn(), st.phase(), st.phasing()),
            (1, Phase::Movement, 0)
        );
    }
    h.get_by_label("French Movement Phase [4.0]");

    // Select the French 2nd Cavalry (101, 0514): its reachable hexes are
    // the engine's.
    click_map(&mut h, hx("0514"));
    let (reach, target) = {
        let p = play(&h);
        let st = &p.session.game.state;
        let u = st.board().unit_ix(&UnitId::from("101")).expect("101");
        assert_eq!(p.own.selected, Some(u));
        let reach = st.reachable(u);
        let target = reach
            .iter()
            .find(|r| !r.stops && !r.friendly && r.cost >= 2)
            .expect("an open hex within reach")
            .clone();
        (reach.len(), target)
    };
    assert!(reach > 10, "{reach} hexes within reach");
    h.get_by_label_contains(&format!("{reach} hexes within reach: click or drag"));

    // A move onto an Allied unit (201 at 0310) is refused with the case.
    click_map(&mut h, hx("0310"));
    let refused = message(&h);
    assert!(refused.starts_with("Refused:"), "{refused}");
    assert!(refused.contains("[4."), "cites a movement case: {refused}");
    // Shown in the panel and in the status bar.
    assert_eq!(h.get_all_by_label(&refused).count(), 2);
    assert_eq!(unit_hex(&h, "101"), Some(hx("0514")), "nothing moved");
    assert!(play(&h).session.is_empty());

    // A legal move along the previewed path, then Ctrl+Z takes it back.
    click_map(&mut h, target.hex);
    assert_eq!(unit_hex(&h, "101"), Some(target.hex), "{}", message(&h));
    assert_eq!(play(&h).session.len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    assert_eq!(unit_hex(&h, "101"), Some(hx("0514")), "undone");
    assert!(play(&h).session.is_empty());
    // Dragging the counter moves it too.
    drag_map(&mut h, hx("0514"), target.hex);
    assert_eq!(unit_hex(&h, "101"), Some(target.hex), "{}", message(&h));

    // End the Movement Phase: 102, 103 and 105 must attack the British
    // infantry in Hougoumont (206) [5.1].
    h.get_by_label("End movement").click();
    h.run_ok();
    assert_eq!(play(&h).session.game.state.phase(), Phase::Combat);
    h.get_by_label_contains("Must be attacked [5.1]: British Infantry (206)");
    // Ending the phase now is refused: the obligations are unmet.
    h.get_by_label("End combat").click();
    h.run_ok();
    let refused = message(&h);
    assert!(refused.contains("[5.1]"), "{refused}");

    // Pick the attack on the map: 102 (7), 103 (3), 105 (5) against 206
    // (1, doubled in the Hougoumont woods): 15 to 2 is 7:1, past the
    // table's best column, so 6:1 [6.2].
    for hex in ["0814", "0915", "1014", "0914"] {
        click_map(&mut h, hx(hex));
    }
    {
        let d = &play(&h).own.draft;
        assert_eq!(
            (d.attackers.len(), d.bombarding.len(), d.defenders.len()),
            (3, 0, 1)
        );
    }
    h.get_by_label("15 to 2: ratio 7:1, column 6:1");
    h.get_by_label("Final column: 6:1");
    // Issue 35 item 18: the odds panel names counters by designation,
    // not by id.
    h.get_by_label("Attackers: French 6th Inf 7 + French I Art 3 + French 9th Inf 5");
    h.get_by_label_contains("Defenders: British Infantry 1 x2");
    h.get_by_label("Roll").click();
    h.run_ok();
    // ...and a resolved attack leaves no draft behind, so no "Not
    // allowed: ... already been involved [5.2]" is shown for it.
    assert!(play(&h).own.draft.attackers.is_empty() && play(&h).own.draft.defenders.is_empty());
    assert!(h.query_by_label_contains("Not allowed").is_none());
    let (roll, result) = {
        let g = &play(&h).session.game;
        let (cmd, events) = g.history.last().expect("the attack");
        assert!(matches!(cmd, Command::Attack { .. }));
        assert!(events.iter().any(|e| matches!(
            e,
            Event::AttackDeclared { attack: 15, defence: 2, column, .. } if column.to_string() == "6:1"
        )));
        let roll = events
            .iter()
            .find_map(|e| match e {
                Event::DieRolled { roll } => Some(*roll),
                _ => None,
            })
            .expect("a roll");
        let result = events
            .iter()
            .find_map(|e| match e {
                Event::CombatResult { result } => Some(*result),
                _ => None,
            })
            .expect("a result");
        (roll, result)
    };
    h.get_by_label(&format!("Die roll {roll}"));
    h.get_by_label(&format!("{}: {}", result.code(), result.meaning()));

    // Resolve what the result asks for through the panel and the map.
    for _ in 0..10 {
        let step = play(&h)
            .session
            .game
            .state
            .pending()
            .as_ref()
            .and_then(|p| p.steps.front().cloned());
        match step {
            None => break,
            Some(Step::Retreat { unit, .. }) => {
                let st = &play(&h).session.game.state;
                let (to, _) = st.retreat_options(unit)[0];
                let hex = st.board().hex(to);
                click_map(&mut h, hex);
            }
            Some(Step::Losses { .. }) => {
                // Every attacker, which is always enough.
                let ids: Vec<String> = {
                    let st = &play(&h).session.game.state;
                    let p = st.pending().as_ref().expect("pending");
                    p.attackers
                        .iter()
                        .map(|&a| st.board().unit(a).id.to_string())
                        .collect()
                };
                for id in ids {
                    if let Some(hex) = unit_hex(&h, &id) {
                        click_map(&mut h, hex);
                    }
                }
                h.get_by_label("Take these losses").click();
                h.run_ok();
            }
            Some(Step::Advance { .. }) => {
                h.get_by_label("Do not advance").click();
                h.run_ok();
            }
        }
    }
    assert!(
        play(&h).session.game.state.pending().is_none(),
        "the attack is resolved: {}",
        message(&h)
    );
    h.get_by_label_contains("[6.3] The die shows");

    // Back to the editor: the game is not saved, so it asks first.
    h.get_by_label("Back to editor").click();
    h.run_ok();
    h.get_by_label("Leave without saving").click();
    h.run();
    let app = h.state();
    assert!(app.playtest.is_none());
    let doc = app.doc.as_ref().expect("open");
    assert_eq!(doc.scenario, before, "the scenario is unchanged");
    assert!(!doc.is_modified());
    assert_eq!(std::fs::read_to_string(&path).expect("read"), file_text);
}

#[test]
fn the_computer_plays_its_turn_paced_and_pausable_against_a_human() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    start(&mut h, ["Human", "Computer"], "5");
    // French: end movement, then the one required attack, then combat.
    h.get_by_label("End movement").click();
    h.run_ok();
    h.key_press(Key::A);
    h.run_ok();
    h.get_by_label("Roll").click();
    h.run_ok();
    for _ in 0..10 {
        if play(&h).session.game.state.pending().is_none() {
            break;
        }
        // Let the engine's legal choices stand in for the human here.
        let c = play(&h).session.game.state.legal_commands()[0].clone();
        let side = play(&h).session.game.state.to_act();
        if h.state()
            .table::<NawTable>()
            .expect("p")
            .session
            .setup
            .seats[side as usize]
            .is_human()
        {
            h.state_mut().table_mut::<NawTable>().expect("p").give(c);
        }
        h.run_ok();
    }
    h.get_by_label("End combat").click();
    h.run_ok();
    assert_eq!(play(&h).session.game.state.phasing(), 1, "{}", message(&h));
    // Pause (Space): nothing happens however long we wait.
    h.key_press(Key::Space);
    let n = play(&h).session.len();
    for _ in 0..12 {
        h.step();
    }
    assert_eq!(play(&h).session.len(), n, "paused");
    // "." plays exactly one command.
    h.key_press(Key::Period);
    h.step();
    h.step();
    assert_eq!(play(&h).session.len(), n + 1, "{}", message(&h));
    assert!(
        message(&h).starts_with("Allied (computer)"),
        "{}",
        message(&h)
    );
    // Resumed at normal speed, a command every half second of UI time
    // (kittest steps a quarter second).
    h.get_by_label("Resume").click();
    for _ in 0..8 {
        h.step();
    }
    let played = play(&h).session.len() - (n + 1);
    assert!((2..=6).contains(&played), "{played} commands in 2 s");
    // Until the computer hands the turn back to the human.
    for _ in 0..2000 {
        if play(&h).session.game.state.phasing() == 0 {
            break;
        }
        h.step();
    }
    let st = &play(&h).session.game.state;
    assert_eq!((st.turn(), st.phasing()), (2, 0), "back to the French");
    assert!(play(&h).human_to_act());
}

#[test]
fn computer_against_computer_plays_waterloo_to_a_result_that_vedette_replay_confirms() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = waterloo_copy(dir.path());
    let mut h = harness(VedetteApp::open(path));
    start(&mut h, ["Computer", "Computer"], "11");
    // As fast as it goes.
    h.get_by_label("Speed").click();
    h.run_ok();
    h.get_by_label("instant").click();
    h.run_ok();
    let mut frames = 0;
    while !play(&h).session.game.is_over() {
        h.step();
        frames += 1;
        assert!(frames < 20_000, "the game ends");
    }
    h.run_ok();
    let outcome = play(&h).session.game.state.outcome().clone().expect("over");
    h.get_by_label("Game over");
    h.get_by_label_contains(" commands.");
    let log = dir.path().join("game.ron");
    h.state_mut().save_game(&log);
    assert!(!play(&h).unsaved());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vedette"))
        .arg("replay")
        .arg(&log)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let n = play(&h).session.len();
    assert!(
        stdout.contains(&format!("{n} commands replayed, every event identical")),
        "{stdout}"
    );
    let result = match &outcome {
        vedette::rules::naw::engine::Outcome::Win { side, case, .. } => {
            format!("result: {side} wins [{case}]")
        }
        vedette::rules::naw::engine::Outcome::Draw { .. } => "result: draw".to_string(),
    };
    assert!(stdout.contains(&result), "{result} in {stdout}");
}

#[test]
fn a_saved_game_loads_back_and_the_history_steps_back_and_forth() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = waterloo_copy(dir.path());
    let mut h = harness(VedetteApp::open(path));
    start(&mut h, ["Human", "Human"], "3");
    h.key_press(Key::N);
    h.run_ok();
    let u = play(&h)
        .own
        .selected
        .expect("N selects a unit that can move");
    let to = {
        let st = &play(&h).session.game.state;
        st.reachable(u)
            .into_iter()
            .find(|r| !r.stops && !r.friendly)
            .expect("a hex")
            .hex
    };
    click_map(&mut h, to);
    h.get_by_label("End movement").click();
    h.run_ok();
    assert_eq!(play(&h).session.len(), 2);
    let log = dir.path().join("g.ron");
    h.state_mut().save_game(&log);
    h.run_ok();
    // Step back through the history: the position before the move.
    h.get_by_label("<").click();
    h.run_ok();
    assert_eq!(play(&h).session.cursor(), 1);
    h.get_by_label("<").click();
    h.run_ok();
    assert_eq!(play(&h).session.cursor(), 0);
    h.get_by_label_contains("Replay: position after command 0 of 2");
    assert_eq!(play(&h).session.shown().state.phase(), Phase::Movement);
    h.get_by_label(">|").click();
    h.run_ok();
    assert!(play(&h).session.is_live());
    // Load it back (over a new game): the same position.
    let pos = play(&h).session.game.state.pos().clone();
    h.state_mut().load_game(&log);
    h.run_ok();
    let p = play(&h);
    assert_eq!(p.session.len(), 2);
    assert_eq!(*p.session.game.state.pos(), pos);
    assert_eq!(p.session.game.state.phase(), Phase::Combat);
    // A log of another scenario is refused with the reason.
    let mut other = std::fs::read_to_string(&log).expect("read");
    other = other.replacen("scenario: \"", "scenario: \"0", 1);
    let bad = dir.path().join("other.ron");
    std::fs::write(&bad, other).expect("write");
    h.state_mut().load_game(&bad);
    h.run_ok();
    assert!(message(&h).contains("another scenario"), "{}", message(&h));
}

#[test]
fn reinforcements_are_listed_with_their_entry_hexes_and_enter_where_clicked() {
    use vedette::ai::Player;
    use vedette::rules::naw::player::{NawKnowledge, NawPlayer, NawTuning};
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    start(&mut h, ["Human", "Human"], "9");
    // Two Game-Turns played for both seats by a computer player through
    // the table, up to the Allied Movement Phase of Game-Turn 3, when the
    // Prussians are due [7.0].
    let board = play(&h).session.game.state.board().clone();
    let mut ai = NawPlayer::new(NawKnowledge::new(board), NawTuning::default(), 1);
    for _ in 0..5000 {
        let st = &play(&h).session.game.state;
        if (st.turn(), st.phasing(), st.phase()) == (3, 1, Phase::Movement) {
            break;
        }
        let c = ai.choose(st).expect("a command");
        let p = h.state_mut().table_mut::<NawTable>().expect("p");
        assert!(p.give(c), "{:?}", p.message);
    }
    h.run_ok();
    let st = &play(&h).session.game.state;
    assert_eq!((st.turn(), st.phasing()), (3, 1));
    let avail = st.available_reinforcements();
    assert!(!avail.is_empty(), "Prussians due");
    let (u, hexes) = avail[0].clone();
    let id = st.board().unit(u).id.to_string();
    let entry = st.board().hex(hexes[0]);
    h.get_by_label("Reinforcements [7.0]");
    h.get_by_label_contains(&format!("({id}): enters at {entry}"))
        .click();
    h.run_ok();
    assert_eq!(play(&h).own.entering, Some(u));
    // A hex that is not one of its entry hexes is refused with the case.
    click_map(&mut h, hx("1212"));
    assert!(message(&h).contains("[7.0]"), "{}", message(&h));
    assert_eq!(unit_hex(&h, &id), None);
    // Its entry hex brings it on.
    click_map(&mut h, entry);
    assert_eq!(unit_hex(&h, &id), Some(entry), "{}", message(&h));
    assert_eq!(play(&h).own.entering, None);
}

#[test]
fn chits_set_by_hand_in_the_start_dialog_reach_the_game_and_stay_hidden() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.get_by_label("Playtest (F5)").click();
    h.run();
    h.get_by_label("Chits set by hand (testing)").click();
    h.run();
    h.get_by_label("Allied chit").click();
    h.run();
    h.get_by_label_contains("2: No Prussian reinforcements")
        .click();
    h.run();
    h.get_by_label("Start").click();
    h.run_ok();
    let st = &play(&h).session.game.state;
    assert_eq!(st.chits(), Some([1, 2]));
    // The computer's chit is hidden; the log does not give it away.
    h.get_by_label("Allied: hidden");
    h.get_by_label_contains("Variant chits are drawn, kept secret until the end");
    assert!(h.query_by_label_contains("Allied:2").is_none());
}

/// Plays the game for both seats with a computer player through the table
/// until `stop` holds.
fn play_until(
    h: &mut Harness<'_, VedetteApp>,
    stop: impl Fn(&vedette::rules::naw::engine::State) -> bool,
) {
    use vedette::ai::Player;
    use vedette::rules::naw::player::{NawKnowledge, NawPlayer, NawTuning};
    let board = play(h).session.game.state.board().clone();
    let mut ai = NawPlayer::new(NawKnowledge::new(board), NawTuning::default(), 1);
    for _ in 0..5000 {
        let st = &play(h).session.game.state;
        if stop(st) {
            break;
        }
        let c = ai.choose(st).expect("a command");
        let p = h.state_mut().table_mut::<NawTable>().expect("p");
        assert!(p.give(c), "{:?}", p.message);
    }
    h.run_ok();
}

#[test]
fn issue16_item16_messages_name_the_side_that_acted_and_the_log_reads_as_sentences() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    start(&mut h, ["Human", "Computer"], "5");
    // The French turn played for the human; then the Allied computer plays
    // its whole turn, ending with the end of its Combat Phase, after which
    // the French are phasing again.
    play_until(&mut h, |st| st.phasing() == 1);
    for _ in 0..4000 {
        if play(&h).session.game.state.phasing() == 0 {
            break;
        }
        // A French choice in the Allied turn (a retreat, losses): the
        // engine's first legal command stands in for the human.
        if play(&h).human_to_act() {
            let c = play(&h).session.game.state.legal_commands()[0].clone();
            h.state_mut().table_mut::<NawTable>().expect("p").give(c);
        }
        h.step();
    }
    assert_eq!(play(&h).session.game.state.phasing(), 0);
    let m = message(&h);
    assert!(
        m.starts_with("Allied (computer): the end of the Combat Phase"),
        "the side that played it: {m}"
    );
    // The log: sentences with designations, no ids or raw lists.
    let st = play(&h).session.game.state.clone();
    let log = play(&h).log().to_vec();
    assert!(log.len() > 20);
    for (_, line) in &log {
        assert!(
            !line.contains("[]") && !line.contains("must attack: ["),
            "{line}"
        );
        assert!(!line.contains("attack by ["), "{line}");
    }
    let attack = log
        .iter()
        .find(|(_, l)| l.starts_with("[6.1]"))
        .expect("an attack in the log");
    let named = (0..st.board().units.len() as u16)
        .any(|u| attack.1.contains(&st.board().unit(u).designation));
    assert!(named, "designations: {}", attack.1);
}

#[test]
fn issue16_item16_an_entered_reinforcement_that_may_no_longer_move_shows_no_mp() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    start(&mut h, ["Human", "Human"], "9");
    play_until(&mut h, |st| {
        (st.turn(), st.phasing(), st.phase()) == (3, 1, Phase::Movement)
    });
    let st = play(&h).session.game.state.clone();
    let (u, hexes) = st.available_reinforcements()[0].clone();
    let id = st.board().unit(u).id.clone();
    let entry = st.board().hex(hexes[0]);
    let p = h.state_mut().table_mut::<NawTable>().expect("p");
    assert!(
        p.give(Command::Enter {
            unit: id.clone(),
            hex: entry
        }),
        "{:?}",
        p.message
    );
    // Another Allied unit moves: the one that entered is done [4.0].
    let st = play(&h).session.game.state.clone();
    let (other, to) = (0..st.board().units.len() as u16)
        .filter(|&x| x != u && st.side_of(x) == 1)
        .find_map(|x| st.reachable(x).first().map(|r| (x, r.clone())))
        .expect("another unit that can move");
    let mv = Command::Move {
        unit: st.board().unit(other).id.clone(),
        path: to.path.clone(),
    };
    let p = h.state_mut().table_mut::<NawTable>().expect("p");
    assert!(p.give(mv), "{:?}", p.message);
    h.run_ok();
    assert!(
        play(&h).session.game.state.movement_left(u) > 0,
        "MP unspent"
    );
    click_map(&mut h, entry);
    assert_eq!(play(&h).own.selected, Some(u));
    let m = message(&h);
    assert!(m.contains("cannot move now") && m.contains("[4.0]"), "{m}");
    // The refusal names the unit as a player knows it.
    let designation = play(&h)
        .session
        .game
        .state
        .board()
        .unit(u)
        .designation
        .clone();
    assert!(
        m.contains(&format!("may not move: {designation} ({id})")),
        "{m}"
    );
    assert!(!m.contains("MP left"), "{m}");
    h.get_by_label_contains("It cannot move now");
    assert!(
        h.query_by_label_contains("MP left").is_none(),
        "the panel shows no MP"
    );
}

/// Issue 35 item 24: while "Leave the playtest?" is open the computer
/// seats wait (the prompt's count of commands stays true), and its "Save
/// game…" saves the game and then leaves the table.
#[test]
fn issue35_item24_the_leave_prompt_pauses_the_seats_and_save_game_then_leaves() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = waterloo_copy(dir.path());
    let mut app = VedetteApp::open(path);
    app.dialogs =
        vedette::app::file_prompt::Dialogs::Unavailable("no file-dialog service here".into());
    let mut h = harness(app);
    start(&mut h, ["Computer", "Computer"], "11");
    // At the default pace, until the computers have played a little.
    let mut frames = 0;
    while play(&h).session.len() < 3 {
        h.step();
        frames += 1;
        assert!(frames < 5_000, "the computers play");
    }
    assert!(!play(&h).session.game.is_over());
    // F5 asks to leave; the prompt names the commands played.
    h.key_press(Key::F5);
    h.step();
    let n = play(&h).session.len();
    h.get_by_label("Leave the playtest?");
    h.get_by_label_contains(&format!("({n} commands)"));
    for _ in 0..30 {
        h.step();
    }
    assert_eq!(
        play(&h).session.len(),
        n,
        "the seats wait behind the prompt"
    );
    // Save game… asks where, saves, and leaves.
    // The prompt's button (the panel has one of the same name).
    h.get_all_by_label("Save game…")
        .last()
        .expect("the prompt's Save game…")
        .click();
    h.step();
    h.step();
    let log = dir.path().join("left.ron");
    h.get_by_label("File:").focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("File:")
        .type_text(&log.display().to_string());
    h.step();
    h.get_by_label("Save").click();
    for _ in 0..5 {
        h.step();
    }
    assert!(
        log.exists(),
        "the game is saved: {:?} {:?}",
        h.state().status,
        play(&h).message
    );
    assert!(h.state().playtest.is_none(), "and the table left");
}
