//! Issue 36: the one playtest table shell, the same for every rule set.
//! A refused command is seen where the eye is, beside the map and on the
//! status bar, even with the side panel scrolled to its bottom; and the
//! side panel's buttons stay where they are when a message comes or
//! grows to two lines.

mod common;

use common::{harness, root};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::play::Seat;
use vedette::rules::napoleon::window::table::NapoleonTable;
use vedette::rules::naw::window::table::NawTable;
use vedette::rules::one_hour::window::table::OneHourTable;
use vedette::rules::{
    napoleon::engine as napoleon, naw::engine as naw, one_hour::engine as one_hour,
};

/// A hot-seat game of the scenario, started from the window (F5, Start).
fn start(scenario: &str) -> Harness<'static, VedetteApp> {
    let mut h = harness(VedetteApp::open(root().join(scenario)));
    h.key_press(Key::F5);
    h.run();
    h.state_mut()
        .start_dialog
        .as_mut()
        .expect("the start dialog")
        .seats = [Seat::Human, Seat::Human];
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().playtest.is_some(), "{scenario}: the table opens");
    h
}

/// Where the map was drawn.
fn map_rect(h: &Harness<'_, VedetteApp>) -> egui::Rect {
    let app = h.state();
    app.table::<NawTable>()
        .and_then(|t| t.map_rect)
        .or_else(|| app.table::<NapoleonTable>().and_then(|t| t.map_rect))
        .or_else(|| app.table::<OneHourTable>().and_then(|t| t.map_rect))
        .expect("the map is drawn")
}

/// Scrolls the side panel to its bottom (its last button into view).
fn scroll_panel_down(h: &mut Harness<'_, VedetteApp>) {
    h.get_by_label("New game…").scroll_to_me();
    h.run();
}

/// Gives a command the rules refuse, as a click on the table would.
fn refuse(h: &mut Harness<'_, VedetteApp>) {
    let app = h.state_mut();
    let given = if let Some(t) = app.table_mut::<NawTable>() {
        // Not in the Movement Phase [3.0].
        t.give(naw::Command::EndCombat)
    } else if let Some(t) = app.table_mut::<NapoleonTable>() {
        // Declarations of skirmishes come first [3.4].
        t.give(napoleon::Command::EndBombardment)
    } else if let Some(t) = app.table_mut::<OneHourTable>() {
        // The chance card comes first (H38).
        t.give(one_hour::Command::EndShooting)
    } else {
        panic!("no table")
    };
    assert!(!given, "the command is refused");
    h.run();
}

fn refused_where_the_eye_is(scenario: &str) {
    let mut h = start(scenario);
    scroll_panel_down(&mut h);
    refuse(&mut h);
    let map = map_rect(&h);
    let screen = h.ctx.content_rect();
    let shown: Vec<egui::Rect> = h
        .get_all_by_label_contains("Refused:")
        .map(|n| n.rect())
        .collect();
    // Beside the map: in the strip over it, as wide as the map is.
    assert!(
        shown.iter().any(|r| r.left() >= map.left() - 1.0
            && r.right() <= map.right() + 1.0
            && r.bottom() <= map.top() + 1.0),
        "{scenario}: no refusal over the map {map:?}: {shown:?}"
    );
    // On the status bar, at the foot of the window.
    assert!(
        shown.iter().any(|r| r.top() > screen.bottom() - 40.0),
        "{scenario}: no refusal on the status bar: {shown:?}"
    );
}

#[test]
fn issue36_a_refusal_shows_beside_the_map_and_on_the_status_bar_with_the_panel_scrolled_down() {
    for s in [
        "scenarios/waterloo.ron",
        "scenarios/saint-aubin.ron",
        "scenarios/waterloo-one-hour.ron",
    ] {
        refused_where_the_eye_is(s);
    }
}

fn buttons_stay_put(scenario: &str) {
    let mut h = start(scenario);
    let before = h.get_by_label("Save game…").rect();
    h.state_mut()
        .playtest
        .as_mut()
        .expect("a table")
        .set_message(false, "Refused: a first line of reasons. ".repeat(12));
    h.run();
    assert!(
        h.get_all_by_label_contains("a first line of reasons")
            .any(|n| n.rect().height() > 20.0),
        "{scenario}: the message takes two lines or more"
    );
    let after = h.get_by_label("Save game…").rect();
    assert_eq!(before, after, "{scenario}: the side panel's button moved");
    let map_before = map_rect(&h);
    h.state_mut()
        .playtest
        .as_mut()
        .expect("a table")
        .set_message(true, String::new());
    h.run();
    assert_eq!(map_rect(&h), map_before, "{scenario}: the map moved");
}

#[test]
fn issue36_the_side_panel_and_the_map_do_not_move_when_a_two_line_message_comes() {
    for s in [
        "scenarios/waterloo.ron",
        "scenarios/saint-aubin.ron",
        "scenarios/waterloo-one-hour.ron",
    ] {
        buttons_stay_put(s);
    }
}

/// Issue 38 items 2 and 5: the start dialog seats the search player with
/// its strength, and the table says why it plays as it does: the chosen
/// script and the alternatives with their scores.
#[test]
fn issue38_a_search_seat_is_chosen_in_the_start_dialog_and_its_plan_is_shown() {
    let mut h = harness(VedetteApp::open(
        root().join("scenarios/hits16-tutorial.ron"),
    ));
    h.key_press(Key::F5);
    h.run();
    h.get_all_by_label("Computer (search)")
        .next()
        .expect("a search seat for the first side")
        .click();
    h.run();
    // The strength slider shows once a seat is the search player.
    assert!(
        h.query_all_by_label("Search strength").next().is_some(),
        "the strength slider"
    );
    h.state_mut()
        .start_dialog
        .as_mut()
        .expect("the start dialog")
        .budget = 4;
    h.get_by_label("Start").click();
    h.run();
    let seats = h.state().playtest.as_ref().map(|p| p.seats());
    assert_eq!(
        seats,
        Some([
            Seat::Computer(vedette::ai::PlayerKind::Search { budget: 4 }),
            Seat::Computer(vedette::ai::PlayerKind::Heuristic)
        ]),
        "the first side is the search player at strength 4"
    );
    // The player thinks on its own thread: frames go on meanwhile.
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 60 {
        h.step();
        if h.query_by_label_contains("plan for turn 1").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(
        h.query_by_label_contains("plan for turn 1").is_some(),
        "the plan is shown once the computer has played"
    );
    assert!(
        h.query_by_label_contains("chosen ").is_some(),
        "the chosen script is named"
    );
    assert!(
        h.query_by_label_contains("as tuned (base)").is_some(),
        "the base policy, which wins ties, is marked"
    );
    assert!(
        h.query_by_label_contains("and a tie goes to it").is_some(),
        "the small print says the base wins ties (Waterloo asks no margin)"
    );
    // A budget of 4 affords two scripts (m⌈log₂m⌉ ≤ 4), 2 playouts each.
    assert_eq!(
        h.query_all_by_label_contains("over 2 playouts").count(),
        2,
        "scores say how many playouts they rest on"
    );
}

/// Issue 38: a search player thinks on a worker thread, so the window
/// keeps drawing (and says so) while it plans; an answer that comes while
/// the computer is paused waits for Resume instead of being played.
#[test]
fn issue38_the_search_player_thinks_off_the_window_thread_and_waits_when_paused() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    h.key_press(Key::F5);
    h.run();
    {
        let d = h
            .state_mut()
            .start_dialog
            .as_mut()
            .expect("the start dialog");
        d.seats = [
            Seat::Computer(vedette::ai::PlayerKind::Search { budget: 256 }),
            Seat::Human,
        ];
        d.budget = 256;
    }
    // A frame to lay the dialog out with its strength row.
    h.run();
    h.get_by_label("Start").click();
    h.run_steps(8);
    let thinking = |h: &Harness<'_, VedetteApp>| {
        h.state()
            .table::<NawTable>()
            .expect("the table")
            .seats
            .thinking()
    };
    let played = |h: &Harness<'_, VedetteApp>| {
        h.state()
            .table::<NawTable>()
            .expect("the table")
            .session
            .len()
    };
    // 256 playouts of Waterloo take far longer than a frame's wait.
    assert_eq!(
        thinking(&h),
        Some(0),
        "the French search player is thinking"
    );
    assert!(
        h.query_by_label_contains("is thinking").is_some(),
        "the table says the computer is thinking"
    );
    assert_eq!(played(&h), 0);
    // Paused while it thinks: its answer comes, and waits.
    h.key_press(Key::Space);
    h.step();
    let started = std::time::Instant::now();
    while thinking(&h).is_some() && started.elapsed().as_secs() < 120 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(thinking(&h), None, "the plan was made");
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(played(&h), 0, "nothing is played while paused");
    assert!(
        h.query_by_label_contains("plan for turn 1").is_some(),
        "the plan made meanwhile is shown"
    );
    // Resumed: the command it chose is played.
    h.key_press(Key::Space);
    let started = std::time::Instant::now();
    while played(&h) == 0 && started.elapsed().as_secs() < 60 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(played(&h) > 0, "the computer plays once resumed");
}
