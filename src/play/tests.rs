use super::*;
use crate::ai::{Player, RandomPlayer};
use crate::rules::naw::engine::{Command, Naw, VariantSetup};
type Session = super::Session<Naw>;
type Setup = super::Setup<Naw>;
use crate::scenario::{parse_map, parse_scenario};

fn waterloo() -> (Scenario, Map) {
    let s = parse_scenario(include_str!("../../scenarios/waterloo.ron"), "w.ron").expect("parses");
    let m = parse_map(include_str!("../../maps/waterloo.ron"), "m.ron").expect("parses");
    (s, m)
}

fn session(seed: u64) -> Session {
    let (s, m) = waterloo();
    Session::start(
        &s,
        &m,
        Setup {
            seats: [Seat::Human, Seat::Computer(PlayerKind::Heuristic)],
            seed,
            rules: VariantSetup::Drawn,
        },
    )
    .expect("Waterloo starts")
}

fn first_move(s: &Session) -> Command {
    s.game
        .state
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Move { .. } | Command::MoveTo { .. }))
        .expect("a legal move on turn 1")
}

#[test]
fn a_move_is_taken_back_to_the_same_position() {
    let mut s = session(11);
    let before = format!("{:?}", s.game.state.pos());
    let m = first_move(&s);
    s.execute(&m).expect("legal");
    assert_ne!(format!("{:?}", s.game.state.pos()), before);
    assert_eq!(s.undo_move().expect("a move"), m);
    assert_eq!(format!("{:?}", s.game.state.pos()), before);
    assert!(s.is_empty());
    assert_eq!(s.undo_move(), Err(UndoError::Nothing));
}

#[test]
fn nothing_after_the_movement_phase_is_taken_back() {
    let mut s = session(11);
    s.execute(&first_move(&s)).expect("legal");
    s.execute(&Command::EndMovement).expect("nothing stacked");
    match s.undo_move() {
        Err(e @ UndoError::NotAMove { .. }) => {
            assert!(e.to_string().contains("Movement Phase"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn stepping_back_and_forward_shows_each_position_and_returns_to_the_present() {
    let mut s = session(5);
    let mut ai = RandomPlayer::<Naw>::new(9);
    let mut positions = vec![format!("{:?}", s.game.state.pos())];
    for _ in 0..40 {
        let Some(c) = ai.choose(&s.game.state) else {
            break;
        };
        s.execute(&c).expect("the player's choice is legal");
        positions.push(format!("{:?}", s.game.state.pos()));
    }
    let n = s.len();
    assert!(n >= 10, "{n} commands");
    for _ in 0..n {
        s.step_back();
    }
    assert_eq!(s.cursor(), 0);
    assert!(!s.is_live());
    assert_eq!(format!("{:?}", s.shown().state.pos()), positions[0]);
    for (k, want) in positions.iter().enumerate().skip(1) {
        s.step_forward();
        assert_eq!(&format!("{:?}", s.shown().state.pos()), want, "after {k}");
    }
    assert!(s.is_live());
    // A command given while looking at the past is played in the present.
    s.seek(3);
    if let Some(c) = ai.choose(&s.game.state) {
        s.execute(&c).expect("legal in the present");
        assert_eq!(s.len(), n + 1);
        assert!(s.is_live());
    }
}

#[test]
fn a_saved_log_resumes_to_the_same_game() {
    let mut s = session(21);
    let mut ai = RandomPlayer::<Naw>::new(3);
    for _ in 0..60 {
        let Some(c) = ai.choose(&s.game.state) else {
            break;
        };
        s.execute(&c).expect("legal");
    }
    let text = crate::scenario::to_ron(&s.log());
    let log: GameLog<Naw> = ron::from_str(&text).expect("reads back");
    let r = Session::resume(&s.scenario, &s.map, &log, [Seat::Human; 2]).expect("replays");
    assert_eq!(
        format!("{:?}", r.game.state.pos()),
        format!("{:?}", s.game.state.pos())
    );
    assert_eq!(r.game.state.losses(), s.game.state.losses());
    assert_eq!(r.len(), s.len());
}

#[test]
fn play_never_changes_the_scenario_it_started_from() {
    let (sc, m) = waterloo();
    let mut s = Session::start(
        &sc,
        &m,
        Setup {
            seats: [Seat::Computer(PlayerKind::Random); 2],
            seed: 1,
            rules: VariantSetup::Off,
        },
    )
    .expect("starts");
    let mut ai = RandomPlayer::<Naw>::new(1);
    for _ in 0..30 {
        let Some(c) = ai.choose(&s.game.state) else {
            break;
        };
        s.execute(&c).expect("legal");
    }
    assert_eq!(s.scenario, sc);
    assert_eq!(s.map, m);
}

#[test]
fn computers_play_waterloo_to_a_result_and_the_log_replays() {
    let (sc, m) = waterloo();
    let mut s = Session::start(
        &sc,
        &m,
        Setup {
            seats: [Seat::Computer(PlayerKind::Heuristic); 2],
            seed: 7,
            rules: VariantSetup::Drawn,
        },
    )
    .expect("starts");
    let mut c = Computers::new(&s);
    let mut n = 0;
    while !s.game.is_over() {
        match c.step(&mut s) {
            ComputerMove::Played(..) => n += 1,
            other => panic!("after {n} commands: {other:?}"),
        }
        assert!(n < 20_000, "the game does not end");
    }
    assert_eq!(c.step(&mut s), ComputerMove::NotItsTurn);
    let log = s.log();
    let replayed = engine::replay(&sc, &m, &log).expect("replays");
    assert_eq!(replayed.state.outcome(), s.game.state.outcome());
    // The same seed plays the same game.
    let mut t = Session::start(&sc, &m, s.setup.clone()).expect("starts");
    let mut c2 = Computers::new(&t);
    while let ComputerMove::Played(..) = c2.step(&mut t) {}
    assert_eq!(t.log(), log);
}

#[test]
fn a_human_seat_is_never_played_by_the_computer() {
    let mut s = session(3);
    let mut c = Computers::new(&s);
    // The first side is human: nothing happens.
    assert_eq!(c.step(&mut s), ComputerMove::NotItsTurn);
    assert!(s.is_empty());
}
