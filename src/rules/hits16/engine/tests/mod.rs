//! Tests of the 16-hits engine, named after the rulings they show, on
//! small hex maps built in code (flat-top, even columns shifted down;
//! hexside 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW).

mod clarifications;

use super::board::UnitIx;
use super::check::FightOutcome;
use super::types::{Command, Event, Pending, Phase};
use super::*;
use crate::engine::{Dice, Game, Rules};
use crate::hex::{Dir, Hex, Orientation, Stagger};
use crate::rules::hits16::model::{
    Formation, Hits16General, Hits16Options, Hits16Unit, Rating, TroopType,
};
use crate::scenario::{
    Colour, FORMAT_VERSION, Map, MapSource, Placement, RuleSet, Scenario, Side, SideId, Unit,
    UnitKind, Victory, VictoryHex,
};

fn h(s: &str) -> Hex {
    s.parse().expect("test hex")
}

/// A unit of a test position: id, side (0 French, 1 British), type, hex,
/// facing (None for a square), formation.
#[derive(Clone, Copy)]
struct U(
    &'static str,
    u8,
    TroopType,
    &'static str,
    Option<Dir>,
    Formation,
);

const OPEN: [&str; 10] = [
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
];

fn scenario(rows: &[&str], units: &[U], options: Hits16Options) -> (Scenario, Map) {
    let mut m = Map::filled(
        "test",
        rows[0].len() as u32,
        rows.len() as u32,
        crate::hex::Grid::new(Orientation::FlatTop, Stagger::Even),
        crate::rules::hits16::model::terrain(),
        '.',
    );
    m.terrain = rows.iter().map(|r| r.to_string()).collect();
    let names = ["French", "British"];
    let sides = (0..2)
        .map(|i| Side {
            id: SideId::new(names[i]),
            name: names[i].into(),
            colour: Colour(0, 0, 0),
            contingents: Vec::new(),
            forces: Vec::new(),
            army: None,
        })
        .collect();
    let units = units
        .iter()
        .map(|u| Unit {
            id: u.0.into(),
            designation: u.0.into(),
            side: SideId::new(names[u.1 as usize]),
            contingent: None,
            kind: if u.2.is_cavalry() {
                UnitKind::Cavalry
            } else if u.2 == TroopType::Artillery {
                UnitKind::Artillery
            } else {
                UnitKind::Infantry
            },
            strength: 1,
            movement: 1,
            placement: Placement::Start(h(u.3)),
            facing: u.4,
            troop: Default::default(),
            one_hour: None,
            hits16: Some(Hits16Unit {
                formation: Some(u.5),
                nation: names[u.1 as usize].into(),
                ..Hits16Unit::of(u.2)
            }),
        })
        .collect();
    let turns = options.turn_limit;
    let s = Scenario {
        version: FORMAT_VERSION,
        title: "test".into(),
        author: String::new(),
        description: String::new(),
        map: MapSource::Inline(Box::new(m.clone())),
        rules: RuleSet::Hits16(Box::new(options)),
        turns,
        sides,
        units,
        crt: Default::default(),
        victory: Victory::default(),
        variants: Vec::new(),
        notes: String::new(),
    };
    (s, m)
}

fn game_of(s: &Scenario, m: &Map, seed: u64) -> Game<Hits16> {
    let errors: Vec<_> = crate::scenario::validate(s, m)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "test position invalid: {errors:?}");
    Game::new(s, m, seed, ()).expect("starts")
}

fn game(rows: &[&str], units: &[U], options: Hits16Options) -> Game<Hits16> {
    let (s, m) = scenario(rows, units, options);
    game_of(&s, &m, 1)
}

fn ix(g: &Game<Hits16>, id: &str) -> UnitIx {
    g.state.board.unit_ix(&id.into()).expect("unit")
}

/// Ends phases until the given phase of the active side.
fn to_phase(g: &mut Game<Hits16>, p: Phase) {
    while g.state.phase != p {
        g.execute(&Command::EndPhase).expect("ends the phase");
    }
}

fn mv(unit: &str, path: &[&str]) -> Command {
    Command::Move {
        unit: unit.into(),
        start: None,
        path: path.iter().map(|s| h(s)).collect(),
        end: None,
    }
}

fn refusal(g: &Game<Hits16>, c: &Command) -> RuleError {
    g.state.check(c).expect_err("refused")
}

use Formation::*;
use TroopType::*;

#[test]
fn m4_m8_m14_m36_m41_validate_refuses_what_the_rules_forbid_at_set_up() {
    let rows = [
        "....W.......",
        "............",
        "............",
        "............",
    ];
    let (s, m) = scenario(
        &rows,
        &[
            U("a", 0, Infantry, "0201", Some(Dir::S), AttackColumn),
            U("b", 0, Infantry, "0201", Some(Dir::S), AttackColumn),
            U("c", 0, Infantry, "0501", Some(Dir::S), AttackColumn),
            U("d", 0, Infantry, "0703", Some(Dir::S), Square),
            U("e", 1, Infantry, "0903", Some(Dir::N), Line),
            U("f", 1, HeavyCavalry, "1103", Some(Dir::N), Limbered),
        ],
        Hits16Options::default(),
    );
    let mut s = s;
    if let Some(x) = s.units[0].hits16.as_mut() {
        x.hits = 16;
    }
    let text: Vec<String> = crate::scenario::validate(&s, &m)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .map(|i| i.message)
        .collect();
    let has = |w: &str| text.iter().any(|t| t.contains(w));
    assert!(has("(M4)"), "two units in a hex: {text:?}");
    assert!(has("(M36)"), "16 hits: {text:?}");
    assert!(has("[L49] (M14)"), "infantry in woods: {text:?}");
    assert!(has("(M8)"), "a square with a facing: {text:?}");
    assert!(has("(M7)"), "cavalry limbered: {text:?}");
    // British may form line: e is fine.
    assert!(!text.iter().any(|t| t.contains("\"e\"")), "{text:?}");
    let mut s2 = s.clone();
    s2.units[4].side = SideId::new("French");
    if let Some(x) = s2.units[4].hits16.as_mut() {
        x.nation = "French".into();
    }
    let text: Vec<String> = crate::scenario::validate(&s2, &m)
        .into_iter()
        .map(|i| i.message)
        .collect();
    assert!(text.iter().any(|t| t.contains("(M41)")), "{text:?}");
}

/// M3: no terrain costs movement and rivers are crossed only at bridges
/// and fords, so crossing costs a map sets are warned about as ignored.
#[test]
fn m3_the_maps_crossing_costs_are_warned_about_as_ignored() {
    let (s, mut m) = scenario(
        &OPEN,
        &[
            U("a", 0, Infantry, "0208", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0202", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    let said = |m: &crate::scenario::Map| -> Vec<String> {
        crate::scenario::validate(&s, m)
            .into_iter()
            .filter(|i| {
                i.message.contains("hexside_effects") || i.message.contains("crossing a river")
            })
            .map(|i| i.message)
            .collect()
    };
    assert!(
        said(&m).is_empty(),
        "the defaults are not a designer's choice"
    );
    m.hexside_effects.ford = crate::scenario::Crossing::Extra(2);
    let text = said(&m);
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(
        text[0].contains("rules ignore it") && text[0].contains("(M3, M14)"),
        "{text:?}"
    );
}

#[test]
fn m11_a_player_turn_runs_command_movement_shooting_hand_to_hand_then_the_other_side() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0208", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0202", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push((g.state.side, g.state.phase));
        g.execute(&Command::EndPhase).expect("ends");
    }
    assert_eq!(
        seen,
        vec![
            (0, Phase::Command),
            (0, Phase::Movement),
            (0, Phase::Shooting),
            (0, Phase::HandToHand)
        ]
    );
    assert_eq!(
        (g.state.side, g.state.phase, g.state.turn),
        (1, Phase::Command, 1)
    );
}

#[test]
fn m14_a_move_crosses_front_hexsides_only_and_pivots_at_start_or_end() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0508", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    // South is the rear hexside.
    let e = refusal(&g, &mv("a", &["0509"]));
    assert_eq!(e.ruling, "M14", "{e}");
    assert!(e.text.contains("[L41]"), "{e}");
    // Pivot first, then the same step is legal.
    let c = Command::Move {
        unit: "a".into(),
        start: Some(Dir::S),
        path: vec![h("0509")],
        end: Some(Dir::N),
    };
    g.execute(&c).expect("pivot, step, pivot");
    let a = g.state.units[ix(&g, "a") as usize];
    assert_eq!((g.state.board.hex(a.hex), a.facing), (h("0509"), 0));
}

#[test]
fn m10_m43_allowance_is_the_tables_and_one_action_a_phase() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0508", Some(Dir::N), AttackColumn),
            U("c", 0, LightCavalry, "0808", Some(Dir::N), CavalryLine),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let e = refusal(&g, &mv("a", &["0507", "0506", "0505"]));
    assert_eq!(e.ruling, "M10", "{e}");
    g.execute(&mv("c", &["0807", "0806", "0805", "0804"]))
        .expect("light cavalry moves 4 (M10)");
    g.execute(&mv("a", &["0507"])).expect("one hex");
    let e = refusal(&g, &mv("a", &["0506"]));
    assert_eq!(e.ruling, "M43", "{e}");
    let e = refusal(
        &g,
        &Command::Form {
            unit: "a".into(),
            formation: MarchColumn,
            facing: None,
        },
    );
    assert_eq!(e.ruling, "M43", "a move then a formation change: {e}");
}

#[test]
fn m16_a_move_may_not_make_contact_without_charging() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0502", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let e = refusal(&g, &mv("a", &["0504", "0503"]));
    assert_eq!(e.ruling, "M16", "{e}");
    assert!(e.text.contains("[L60]"), "{e}");
    assert_eq!(e.witness, Some(Witness::Hexes(vec![h("0503")])));
}

#[test]
fn m17_a_march_column_marches_double_but_not_within_20_cm_of_the_enemy() {
    let units = [
        U("a", 0, Infantry, "0509", Some(Dir::N), MarchColumn),
        U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
    ];
    let mut g = game(&OPEN, &units, Hits16Options::default());
    to_phase(&mut g, Phase::Movement);
    // 4 hexes: 0508 0507 0506 0505; 0505 is 4 from 0501: clear.
    g.state
        .check(&mv("a", &["0508", "0507", "0506", "0505"]))
        .expect("a march of 4 (M17)");
    // 5 would pass the allowance.
    let five = mv("a", &["0508", "0507", "0506", "0505", "0504"]);
    let e = g.state.check(&five);
    assert_eq!(e.map_err(|e| e.ruling), Err("M10"));
    let units = [
        U("a", 0, Infantry, "0506", Some(Dir::N), MarchColumn),
        U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
    ];
    let mut g = game(&OPEN, &units, Hits16Options::default());
    to_phase(&mut g, Phase::Movement);
    // Three hexes needs a march; 0503 is 2 from the enemy.
    let e = refusal(&g, &mv("a", &["0505", "0504", "0503"]));
    assert_eq!(e.ruling, "M17", "{e}");
    assert!(e.text.contains("[L43]"), "{e}");
    assert_eq!(e.witness, Some(Witness::Hexes(vec![h("0501")])));
}

#[test]
fn m18_a_road_move_gains_a_hex_and_a_march_by_road_five() {
    let (s, mut m) = scenario(
        &OPEN,
        &[
            U("a", 0, Infantry, "0209", Some(Dir::N), MarchColumn),
            U("b", 1, Infantry, "1101", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    for r in 3..=9 {
        let side = m.grid().hexside(Hex::new(2, r), Dir::N).expect("side");
        m.hexsides
            .entry(side)
            .or_default()
            .insert(crate::scenario::HexsideFeature::Road);
    }
    let mut s = s;
    s.map = MapSource::Inline(Box::new(m.clone()));
    let mut g = game_of(&s, &m, 1);
    to_phase(&mut g, Phase::Movement);
    let path = ["0208", "0207", "0206", "0205", "0204"];
    let e = g
        .execute(&mv("a", &path))
        .expect("4 x 2 / 2 + 1 = 5 (M18)")
        .to_vec();
    assert!(
        matches!(
            &e[0],
            Event::Moved {
                march: true,
                road: true,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn m15_skirmishers_pass_through_friends_and_friends_through_skirmishers() {
    let mut g = game(
        &OPEN,
        &[
            U("s", 0, Skirmishers, "0508", Some(Dir::N), Skirmish),
            U("a", 0, Infantry, "0507", Some(Dir::N), AttackColumn),
            U("i", 0, Infantry, "0709", Some(Dir::N), AttackColumn),
            U("j", 0, Infantry, "0708", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0101", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let e = refusal(&g, &mv("i", &["0708", "0707"]));
    assert_eq!(e.ruling, "M15", "{e}");
    g.execute(&mv("s", &["0507", "0506"]))
        .expect("skirmishers through a friend");
    g.execute(&mv("a", &["0506"]))
        .expect_err("ends on the skirmishers (M4)");
}

#[test]
fn m20_m19_cavalry_never_shoot_and_only_skirmishers_shoot_after_moving() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("s", 0, Skirmishers, "0706", Some(Dir::N), Skirmish),
            U("c", 0, LightCavalry, "0306", Some(Dir::N), CavalryLine),
            U("b", 1, Infantry, "0503", Some(Dir::S), AttackColumn),
            U("d", 1, Infantry, "0703", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    g.execute(&mv("a", &["0505"])).expect("moves");
    g.execute(&mv("s", &["0705"])).expect("moves");
    to_phase(&mut g, Phase::Shooting);
    let e = refusal(
        &g,
        &Command::Shoot {
            unit: "a".into(),
            target: "b".into(),
        },
    );
    assert_eq!(e.ruling, "M19", "{e}");
    g.state
        .check(&Command::Shoot {
            unit: "s".into(),
            target: "d".into(),
        })
        .expect("skirmishers shoot after moving [L55]");
    let e = refusal(
        &g,
        &Command::Shoot {
            unit: "c".into(),
            target: "b".into(),
        },
    );
    assert_eq!(e.ruling, "M20", "{e}");
}

#[test]
fn m21_a_target_outside_the_field_is_refused_with_the_field_as_witness() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0705", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Shooting);
    let e = refusal(
        &g,
        &Command::Shoot {
            unit: "a".into(),
            target: "b".into(),
        },
    );
    assert_eq!(e.ruling, "M21", "{e}");
    assert_eq!(
        e.witness,
        Some(Witness::Field {
            from: h("0505"),
            facing: Dir::N
        })
    );
}

#[test]
fn m21_m45_a_unit_in_a_town_fires_all_round() {
    let mut rows = OPEN;
    rows[4] = "....T.......";
    let mut g = game(
        &rows,
        &[
            U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0506", Some(Dir::N), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Shooting);
    g.state
        .check(&Command::Shoot {
            unit: "a".into(),
            target: "b".into(),
        })
        .expect("360° from a town [L70]");
}

#[test]
fn m22_m50_a_unit_on_the_line_blocks_and_is_the_witness() {
    let mut g = game(
        &OPEN,
        &[
            U("g", 0, Artillery, "0508", Some(Dir::N), Unlimbered),
            U("x", 1, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("t", 1, Infantry, "0504", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Shooting);
    let e = refusal(
        &g,
        &Command::Shoot {
            unit: "g".into(),
            target: "t".into(),
        },
    );
    assert_eq!(e.ruling, "M22", "{e}");
    assert_eq!(
        e.witness,
        Some(Witness::Line {
            from: h("0508"),
            to: h("0504"),
            blockers: vec![h("0506")]
        })
    );
}

#[test]
fn m23_m24_hits_are_the_die_plus_damage_and_modifiers_halved_in_cover_doubled_on_a_march_column() {
    let mut rows = OPEN;
    rows[1] = ".....W......";
    let o = Hits16Options {
        line_rule: crate::rules::hits16::model::LineRule::All,
        ..Default::default()
    };
    let (mut s, m) = scenario(
        &rows,
        &[
            U("g", 0, Artillery, "0608", Some(Dir::N), Unlimbered),
            U("l", 0, Infantry, "0208", Some(Dir::N), Line),
            U("m", 1, Infantry, "0606", Some(Dir::S), MarchColumn),
            U("w", 1, Skirmishers, "0602", Some(Dir::S), Skirmish),
            U("t", 1, Infantry, "0207", Some(Dir::S), AttackColumn),
        ],
        o,
    );
    if let Some(x) = s.units[0].hits16.as_mut() {
        x.rating = Rating::Elite;
    }
    let mut g = game_of(&s, &m, 1);
    to_phase(&mut g, Phase::Shooting);
    let (gun, l, mc, w, t) = (
        ix(&g, "g"),
        ix(&g, "l"),
        ix(&g, "m"),
        ix(&g, "w"),
        ix(&g, "t"),
    );
    // Artillery at 2 (close, +2) and Elite (+1) on a march column: doubled.
    let odds = g.state.check_shot(gun, mc).expect("shot");
    assert_eq!((odds.distance, odds.modifier()), (2, 3));
    assert_eq!(odds.hits(4), 14, "(4 + 3) x 2 (M24) [L84]");
    // Long range (+0) into woods, blocked? 0606 holds a unit: take the
    // skirmishers on another line.
    let _ = w;
    // Infantry in line at 1 (close +0, line +1).
    let odds = g.state.check_shot(l, t).expect("shot");
    assert_eq!(odds.modifier(), 1);
    assert_eq!(odds.hits(1), 2);
}

#[test]
fn m24_cover_halves_rounding_up_for_the_shooter() {
    let mut rows = OPEN;
    rows[6] = ".....W......";
    let mut g = game(
        &rows,
        &[
            U("a", 0, Infantry, "0608", Some(Dir::N), AttackColumn),
            U("w", 1, Skirmishers, "0607", Some(Dir::S), Skirmish),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Shooting);
    let odds = g.state.check_shot(ix(&g, "a"), ix(&g, "w")).expect("shot");
    assert!(odds.factors.half);
    assert_eq!([1, 2, 3, 4, 5, 6].map(|f| odds.hits(f)), [1, 1, 2, 2, 3, 3]);
}

#[test]
fn m25_m26_m28_who_may_charge_whom() {
    let mut g = game(
        &OPEN,
        &[
            U("i", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("s", 0, Skirmishers, "0306", Some(Dir::N), Skirmish),
            U("h", 0, HeavyCavalry, "0706", Some(Dir::N), CavalryLine),
            U("c", 1, LightCavalry, "0504", Some(Dir::S), CavalryLine),
            U("q", 1, Infantry, "0704", None, Square),
            U("k", 1, Skirmishers, "0304", Some(Dir::S), Skirmish),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let charge = |u: &str, t: &str, p: &[&str]| Command::Charge {
        unit: u.into(),
        target: t.into(),
        path: p.iter().map(|x| h(x)).collect(),
        facing: None,
    };
    assert_eq!(refusal(&g, &charge("i", "c", &["0505"])).ruling, "M26");
    assert_eq!(refusal(&g, &charge("s", "k", &["0305"])).ruling, "M25");
    assert_eq!(refusal(&g, &charge("h", "q", &["0705"])).ruling, "M37");
    // Fresh skirmishers have 8 bases: nobody with 4 may charge them.
    let e = refusal(&g, &charge("i", "k", &["0405"]));
    assert_eq!(e.ruling, "M28", "{e}");
    assert!(e.text.contains("[L64]"), "{e}");
}

#[test]
fn m27_a_charge_path_stays_within_45_degrees_and_is_refused_with_its_field() {
    let mut g = game(
        &OPEN,
        &[
            U("h", 0, HeavyCavalry, "0508", Some(Dir::N), CavalryLine),
            U("t", 1, Infantry, "0805", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    // NE, NE, then the target is NE: 0607 0707 (0706?) - the path leaves
    // the field from 0508 facing N.
    let c = Command::Charge {
        unit: "h".into(),
        target: "t".into(),
        path: vec![h("0607"), h("0707")],
        facing: None,
    };
    let e = refusal(&g, &c);
    assert_eq!(e.ruling, "M27", "{e}");
    assert!(matches!(e.witness, Some(Witness::Field { .. })), "{e:?}");
    // The legal charges all pass check and end next to the target.
    let legal: Vec<Command> = g
        .state
        .legal_commands()
        .into_iter()
        .filter(|c| matches!(c, Command::Charge { .. }))
        .collect();
    for c in &legal {
        g.state.check(c).expect("listed charges pass check");
    }
}

/// M51: the field bounding the path is M21's from the start hex with the
/// facing held (chosen within `charge_pivot_hexsides`); a charger already
/// in contact charges from its own hex; a town gives no all-round
/// charge; the last hex may hold a friendly General, never a unit.
#[test]
fn m51_the_charge_path_field_facing_contact_town_and_last_hex() {
    let mut rows = OPEN;
    rows[5] = "....T.......";
    let o = |k: u32| Hits16Options {
        charge_pivot_hexsides: k,
        generals: vec![Hits16General {
            id: "ney".into(),
            name: "Ney".into(),
            side: SideId::new("French"),
            hex: Some(h("0906")),
        }],
        ..Hits16Options::default()
    };
    let units = [
        U("h", 0, HeavyCavalry, "0908", Some(Dir::N), CavalryLine),
        U("t", 1, Infantry, "0905", Some(Dir::S), AttackColumn),
        U("r", 1, Infantry, "1106", Some(Dir::S), AttackColumn),
        U("i", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
        U("b", 1, Infantry, "0507", Some(Dir::N), AttackColumn),
        U("n", 1, Infantry, "0505", Some(Dir::S), AttackColumn),
    ];
    let charge = |u: &str, t: &str, p: &[&str], facing: Option<Dir>| Command::Charge {
        unit: u.into(),
        target: t.into(),
        path: p.iter().map(|x| h(x)).collect(),
        facing,
    };
    let mut g = game(&rows, &units, o(0));
    to_phase(&mut g, Phase::Movement);
    // A friendly General may be in the last hex; a friendly unit never.
    g.state
        .check(&charge("h", "t", &["0907", "0906"], None))
        .expect("Ney's hex is the last");
    let mut with_friend = units.to_vec();
    with_friend.push(U("f", 0, Infantry, "0906", Some(Dir::N), AttackColumn));
    let mut g2 = game(&rows, &with_friend, o(0));
    to_phase(&mut g2, Phase::Movement);
    let e = refusal(&g2, &charge("h", "t", &["0907", "0906"], None));
    assert!(e.text.contains("0906"), "{e}");
    // Already in contact across its front: its own hex is the last (the
    // infantry in the town, 0506, charges 0505 ahead)...
    g.state
        .check(&charge("i", "n", &[], None))
        .expect("in contact across its front");
    // ... but the town gives no all-round charge: the unit behind it is
    // outside its field.
    let e = refusal(&g, &charge("i", "b", &[], None));
    assert!(matches!(e.ruling, "M27" | "M51"), "{e}");
    // A facing turned for the charge is refused with no pivot allowed...
    let wheel = charge("h", "r", &["1007", "1006"], Some(Dir::NE));
    let e = refusal(&g, &wheel);
    assert!(matches!(e.ruling, "M27" | "M51"), "{e}");
    // ... and taken with one hexside allowed, its front hexsides serving
    // for every step.
    let mut g = game(&rows, &units, o(1));
    to_phase(&mut g, Phase::Movement);
    g.state.check(&wheel).expect("facing NE, one hexside off N");
    let e = refusal(&g, &charge("h", "r", &["1007", "1006"], Some(Dir::SE)));
    assert!(matches!(e.ruling, "M27" | "M51"), "{e}");
}

#[test]
fn m30_artillery_with_a_friend_within_10_cm_may_not_be_charged_in_front() {
    let mut g = game(
        &OPEN,
        &[
            U("h", 0, HeavyCavalry, "0506", Some(Dir::N), CavalryLine),
            U("g", 1, Artillery, "0504", Some(Dir::S), Unlimbered),
            U("f", 1, Infantry, "0604", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let c = Command::Charge {
        unit: "h".into(),
        target: "g".into(),
        path: vec![h("0505")],
        facing: None,
    };
    let e = refusal(&g, &c);
    assert_eq!(e.ruling, "M30", "{e}");
    assert_eq!(e.witness, Some(Witness::Hexes(vec![h("0604")])));
}

#[test]
fn m30_m31_contacted_artillery_is_eliminated_in_the_hand_to_hand_phase() {
    let mut g = game(
        &OPEN,
        &[
            U("h", 0, HeavyCavalry, "0506", Some(Dir::N), CavalryLine),
            U("g", 1, Artillery, "0504", Some(Dir::S), Unlimbered),
            U("z", 1, Infantry, "1001", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    g.execute(&Command::Charge {
        unit: "h".into(),
        target: "g".into(),
        path: vec![h("0505")],
        facing: None,
    })
    .expect("charges the gun");
    to_phase(&mut g, Phase::HandToHand);
    let e = refusal(&g, &Command::EndPhase);
    assert_eq!(e.ruling, "M31", "the combat must be fought: {e}");
    let ev = g
        .execute(&Command::Fight {
            unit: "h".into(),
            against: "g".into(),
        })
        .expect("fights")
        .to_vec();
    assert!(matches!(ev[0], Event::Overrun { .. }), "{ev:?}");
    assert!(!g.state.on_table(ix(&g, "g")));
}

#[test]
fn m31_m33_m35_hand_to_hand_ends_by_withdrawal_or_lasts_across_turns() {
    // Infantry charges infantry head on; with each seed the roll decides.
    let mut saw = (false, false);
    for seed in 0..40 {
        let (s, m) = scenario(
            &OPEN,
            &[
                U("a", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
                U("b", 1, Infantry, "0504", Some(Dir::S), AttackColumn),
            ],
            Hits16Options::default(),
        );
        let mut g = game_of(&s, &m, seed);
        to_phase(&mut g, Phase::Movement);
        g.execute(&Command::Charge {
            unit: "a".into(),
            target: "b".into(),
            path: vec![h("0505")],
            facing: None,
        })
        .expect("charges");
        to_phase(&mut g, Phase::HandToHand);
        let ev = g
            .execute(&Command::Fight {
                unit: "a".into(),
                against: "b".into(),
            })
            .expect("fights")
            .to_vec();
        let Event::Fought {
            face,
            hits,
            modifier,
            ..
        } = ev[0]
        else {
            panic!("{ev:?}")
        };
        // Attack column +1 (M32).
        assert_eq!((modifier, hits), (1, face + 1));
        let b = ix(&g, "b");
        if hits >= 4 {
            // A base lost: the defender withdraws one hex to the rear.
            saw.0 = true;
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::Withdrew { unit, .. } if *unit == b))
            );
            assert_eq!(g.state.board.hex(g.state.units[b as usize].hex), h("0503"));
            assert!(g.state.combats.is_empty());
        } else {
            // An infantry roller stays: the combat goes on, and next turn
            // the defender rolls.
            saw.1 = true;
            assert_eq!(g.state.combats.len(), 1);
            g.execute(&Command::EndPhase).expect("ends the turn");
            to_phase(&mut g, Phase::HandToHand);
            g.state
                .check(&Command::Fight {
                    unit: "b".into(),
                    against: "a".into(),
                })
                .expect("the roller alternates (M31)");
        }
    }
    assert!(saw.0 && saw.1, "both outcomes seen");
}

#[test]
fn m32_a_flank_attack_doubles_and_a_hill_halves() {
    let (s, mut m) = scenario(
        &OPEN,
        &[
            U("a", 0, HeavyCavalry, "0605", Some(Dir::NW), CavalryLine),
            U("b", 1, Infantry, "0505", Some(Dir::N), AttackColumn),
        ],
        Hits16Options::default(),
    );
    m.hexes.entry(h("0505")).or_default().hill = true;
    let mut s = s;
    s.map = MapSource::Inline(Box::new(m.clone()));
    let g = game_of(&s, &m, 1);
    let odds = g.state.melee_odds(ix(&g, "a"), ix(&g, "b"));
    // Heavy cavalry +1, cavalry against infantry +1.
    assert_eq!(odds.modifier(), 2);
    assert!(odds.factors.double, "from the flank [L98]");
    assert!(odds.factors.half, "on a hill [L97]");
    assert_eq!(odds.hits(3), 5, "(3 + 2) x 2 / 2");
    // A charge not yet made is judged from its last hex: from the front,
    // no doubling.
    let front = g.state.board.ix(h("0504")).expect("on the map");
    let odds = g.state.melee_odds_at(ix(&g, "a"), front, ix(&g, "b"));
    assert!(!odds.factors.double && odds.factors.half);
}

#[test]
fn m12_a_rally_recovers_no_lost_base_and_a_1_removes_the_general() {
    let mut lost_general = false;
    for seed in 0..30 {
        let mut o = Hits16Options::default();
        o.generals.push(Hits16General {
            id: "ney".into(),
            name: "Ney".into(),
            side: SideId::new("French"),
            hex: Some(h("0506")),
        });
        let (mut s, m) = scenario(
            &OPEN,
            &[
                U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
                U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
            ],
            o,
        );
        if let Some(x) = s.units[0].hits16.as_mut() {
            x.hits = 6;
        }
        let mut g = game_of(&s, &m, seed);
        let ev = g
            .execute(&Command::Rally {
                general: "ney".into(),
                unit: "a".into(),
            })
            .expect("rallies")
            .to_vec();
        let Event::Rallied {
            face, recovered, ..
        } = ev[0]
        else {
            panic!("{ev:?}")
        };
        assert_eq!(recovered, face.min(2), "never below 4 x bases lost (M40)");
        assert_eq!(
            g.state.units[ix(&g, "a") as usize].hits as u32,
            6 - recovered
        );
        if face == 1 {
            lost_general = true;
            assert!(matches!(ev[1], Event::GeneralLost { .. }), "[L34]");
            assert_eq!(g.state.generals[0], super::board::NO_HEX);
        }
    }
    assert!(lost_general, "a 1 came up");
}

#[test]
fn m37_m42_a_square_never_moves_and_leaves_it_with_any_facing() {
    let mut g = game(
        &OPEN,
        &[
            U("q", 0, Infantry, "0505", None, Square),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    assert_eq!(refusal(&g, &mv("q", &["0504"])).ruling, "M37");
    let no_facing = Command::Form {
        unit: "q".into(),
        formation: AttackColumn,
        facing: None,
    };
    assert_eq!(refusal(&g, &no_facing).ruling, "M42");
    g.execute(&Command::Form {
        unit: "q".into(),
        formation: AttackColumn,
        facing: Some(Dir::SE),
    })
    .expect("re-forms facing SE");
    assert_eq!(g.state.units[ix(&g, "q") as usize].facing, 2);
}

#[test]
fn m38_m56_the_game_ends_at_the_turn_limit_on_victory_hexes() {
    let o = Hits16Options {
        turn_limit: 1,
        ..Default::default()
    };
    let (mut s, m) = scenario(
        &OPEN,
        &[
            U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        o,
    );
    s.victory.victory_hexes.push(VictoryHex {
        hex: h("0505"),
        side: SideId::new("French"),
        points: 1,
    });
    let mut g = game_of(&s, &m, 1);
    for _ in 0..8 {
        g.execute(&Command::EndPhase).expect("ends");
    }
    match Hits16::outcome(&g.state) {
        Some(crate::engine::GameEnd::Win {
            side: 0, section, ..
        }) => assert_eq!(section, "M38"),
        other => panic!("{other:?}"),
    }
}

/// Random games keep the invariants after every command (hits 0-16, one
/// unit a hex, bases lost = floor(hits / 4) (M40)), and every listed
/// command passes `check`.
#[test]
fn m4_m36_m40_random_games_keep_the_invariants_and_list_only_legal_commands() {
    let mut o = Hits16Options::default();
    o.generals.push(Hits16General {
        id: "ney".into(),
        name: "Ney".into(),
        side: SideId::new("French"),
        hex: Some(h("0407")),
    });
    o.generals.push(Hits16General {
        id: "picton".into(),
        name: "Picton".into(),
        side: SideId::new("British"),
        hex: Some(h("0603")),
    });
    o.turn_limit = 6;
    let mut rows = OPEN;
    rows[4] = "...T...W....";
    let (s, m) = scenario(
        &rows,
        &[
            U("fi1", 0, Infantry, "0308", Some(Dir::N), AttackColumn),
            U("fi2", 0, Infantry, "0508", Some(Dir::N), MarchColumn),
            U("fs", 0, Skirmishers, "0707", Some(Dir::N), Skirmish),
            U("fh", 0, HeavyCavalry, "0908", Some(Dir::N), CavalryLine),
            U("fa", 0, Artillery, "0609", Some(Dir::N), Limbered),
            U("bi1", 1, Infantry, "0303", Some(Dir::S), Line),
            U("bi2", 1, Infantry, "0503", Some(Dir::S), AttackColumn),
            U("bs", 1, Skirmishers, "0804", Some(Dir::S), Skirmish),
            U("bl", 1, LightCavalry, "1002", Some(Dir::S), CavalryLine),
            U("ba", 1, Artillery, "0702", Some(Dir::S), Unlimbered),
        ],
        o,
    );
    let board = std::sync::Arc::new(Hits16::board(&s, &m).expect("board"));
    for seed in 0..6u64 {
        let (mut st, _) = Hits16::start(&board, &(), &mut Dice::new(seed));
        let mut dice = Dice::new(seed);
        let mut pick = Dice::new(seed + 100);
        for _ in 0..1500 {
            let cmds = st.legal_commands();
            if cmds.is_empty() {
                break;
            }
            for c in &cmds {
                st.check(c)
                    .unwrap_or_else(|e| panic!("listed but refused: {c:?}: {e}"));
            }
            // One unit's commands are the list's that name it.
            if st.phase == Phase::Movement && st.pending.is_empty() {
                for u in st.units_of(st.side).collect::<Vec<_>>() {
                    let id = &st.board.units[u as usize].id;
                    let mine: Vec<&Command> = cmds
                        .iter()
                        .filter(|c| match c {
                            Command::Move { unit, .. }
                            | Command::Form { unit, .. }
                            | Command::Charge { unit, .. }
                            | Command::TurnToFace { unit, .. } => unit == id,
                            _ => false,
                        })
                        .collect();
                    let own = st.unit_commands(u);
                    assert_eq!(own.iter().collect::<Vec<_>>(), mine, "{id}");
                }
            }
            let i = (pick.roll(cmds.len() as u32) - 1) as usize;
            let before = st.clone();
            let ev = st.execute(&cmds[i], &mut dice).expect("legal");
            if let Some(Event::Fought {
                unit,
                against,
                hits,
                ..
            }) = ev.first()
            {
                // The table's outcome chances read the roll as the fight
                // did (M33).
                let (u, t) = (*unit, *against);
                let did = |p: &dyn Fn(&Event) -> bool| ev.iter().any(p);
                let withdrew = |x: UnitIx| {
                    did(&|e| {
                        matches!(e, Event::Withdrew { unit, .. }
                            | Event::WithdrawalBlocked { unit }
                            | Event::Asked { pending: Pending::Withdraw { unit, .. } } if *unit == x)
                    })
                };
                match before.fight_outcome(u, t, *hits) {
                    FightOutcome::Eliminated => {
                        assert!(did(
                            &|e| matches!(e, Event::Eliminated { unit } if *unit == t)
                        ))
                    }
                    FightOutcome::HitWithdraws => assert!(withdrew(t), "{ev:?}"),
                    FightOutcome::RollerWithdraws => assert!(withdrew(u), "{ev:?}"),
                    FightOutcome::Continues => {
                        assert!(!withdrew(u) && !withdrew(t), "{ev:?}");
                        assert_eq!(st.combats, before.combats);
                    }
                }
                let chances = before.fight_chances(u, before.units[u as usize].hex, t);
                assert_eq!(chances.iter().map(|c| c.1).sum::<u32>(), 6);
            }
            let mut seen = std::collections::BTreeSet::new();
            for (u, x) in st.units.iter().enumerate() {
                assert!(x.hits <= 16);
                assert_eq!(x.bases_lost, x.hits / 4, "M40");
                if x.hex != super::board::NO_HEX {
                    assert!(x.hits < 16, "eliminated at 16 (M36)");
                    assert!(seen.insert(x.hex), "one unit a hex (M4)");
                    assert_eq!(st.occupant[x.hex as usize] as usize, u);
                }
            }
        }
    }
}
