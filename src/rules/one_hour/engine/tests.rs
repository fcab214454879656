//! Tests of the One Hour Napoleonic game, named after the ruling they
//! show, on small box maps built in code.

use super::fire::Formation;
use super::types::{Cause, Command, Event, Pending, Phase};
use super::*;
use crate::engine::{Game, Rules};
use crate::hex::{Dir, Hex, Orientation, Stagger};
use crate::rules::one_hour::model::{
    Amount, Card, CardEffect, Commands, Deck, Leader, OneHourOptions, OneHourUnit, Quality,
    UnitType,
};
use crate::scenario::{
    Colour, FORMAT_VERSION, Map, MapSource, Placement, RuleSet, Scenario, Side, SideId, Unit,
    UnitKind, Victory,
};

mod cards_and_leaders;
mod rulings;

pub(super) fn b(s: &str) -> Hex {
    s.parse().expect("test box")
}

/// A unit of a test position: name, side (0 French, 1 Allied), type, box,
/// facing.
pub(super) struct U(
    pub &'static str,
    pub u8,
    pub UnitType,
    pub &'static str,
    pub Dir,
);

/// A box map of the One Hour terrain codes: `.` open, `T` town, `W`
/// woods, `m` marsh, `~` stream, `f` ford, `b` bridge, `L` lake.
pub(super) fn map(rows: &[&str]) -> Map {
    Map::filled(
        "test",
        rows[0].len() as u32,
        rows.len() as u32,
        crate::hex::Grid::new(Orientation::Boxes, Stagger::Even),
        crate::rules::one_hour::model::terrain(),
        '.',
    )
    .with_rows(rows)
}

trait WithRows {
    fn with_rows(self, rows: &[&str]) -> Map;
}

impl WithRows for Map {
    fn with_rows(mut self, rows: &[&str]) -> Map {
        self.terrain = rows.iter().map(|r| r.to_string()).collect();
        self
    }
}

pub(super) const OPEN: [&str; 8] = [
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
];

/// A scenario on `rows` with these units and options.
pub(super) fn scenario(rows: &[&str], units: &[U], options: OneHourOptions) -> (Scenario, Map) {
    let m = map(rows);
    let names = ["French", "Allied"];
    let sides = (0..2)
        .map(|i| Side {
            id: SideId::new(names[i]),
            name: names[i].into(),
            colour: Colour(10 * i as u8, 0, 0),
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
            } else if u.2 == UnitType::Artillery {
                UnitKind::Artillery
            } else {
                UnitKind::Infantry
            },
            strength: 1,
            movement: 1,
            placement: Placement::Start(b(u.3)),
            facing: Some(u.4),
            troop: Default::default(),
            one_hour: Some(OneHourUnit {
                command: format!("{}1", names[u.1 as usize]),
                ..OneHourUnit::of(u.2)
            }),
            hits16: None,
        })
        .collect();
    let s = Scenario {
        version: FORMAT_VERSION,
        title: "test".into(),
        author: String::new(),
        description: String::new(),
        map: MapSource::Inline(Box::new(m.clone())),
        rules: RuleSet::OneHour(Box::new(options)),
        turns: 15,
        sides,
        units,
        crt: Default::default(),
        victory: Victory::default(),
        variants: Vec::new(),
        notes: String::new(),
    };
    (s, m)
}

/// Options with no decks (step 1 is skipped) unless a test adds them.
pub(super) fn plain() -> OneHourOptions {
    OneHourOptions::default()
}

pub(super) fn game(
    rows: &[&str],
    units: &[U],
    options: OneHourOptions,
    seed: u64,
) -> Game<OneHour> {
    let (s, m) = scenario(rows, units, options);
    let issues: Vec<_> = crate::scenario::validate(&s, &m)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .collect();
    assert!(issues.is_empty(), "test position invalid: {issues:?}");
    Game::new(&s, &m, seed, ()).expect("starts")
}

/// The deck of H42: five blanks, one Enemy Panic, two may-not-move, two
/// Low Ammo, one own unit hit, two Double actions, two Recover.
pub(super) fn h42_deck(side: &str) -> Deck {
    let card = |t: &str, effect| Card {
        title: t.into(),
        effect,
        text: String::new(),
    };
    let mut cards = Vec::new();
    for i in 0..5 {
        cards.push(card(&format!("Quote {i}"), CardEffect::NoEffect));
    }
    cards.push(card("Panic", CardEffect::EnemyPanic { hits: Amount::D3 }));
    for _ in 0..2 {
        cards.push(card("Halt", CardEffect::MayNotMove { units: Amount::D3 }));
        cards.push(card("Low Ammo", CardEffect::LowAmmo { units: Amount::D3 }));
        cards.push(card("Double", CardEffect::DoubleAction));
        cards.push(card(
            "Recover",
            CardEffect::Recover {
                units: Amount::D3,
                hits: Amount::D2,
            },
        ));
    }
    cards.push(card("Own hit", CardEffect::OwnUnitHit { hits: Amount::D3 }));
    Deck {
        side: SideId::new(side),
        cards,
    }
}

/// A fuller battle: six units and a leader a side, both decks, an
/// objective each, a town, woods and a marsh.
pub(super) fn battle(seed: u64) -> Game<OneHour> {
    let (s, m) = battle_scenario();
    Game::new(&s, &m, seed, ()).expect("starts")
}

pub(super) fn battle_scenario() -> (Scenario, Map) {
    let rows = [
        "............",
        "....WW......",
        "....WW...T..",
        "............",
        "...T....mm..",
        "............",
        "............",
        "............",
    ];
    let mut o = plain();
    o.decks = vec![h42_deck("French"), h42_deck("Allied")];
    o.leaders = vec![
        Leader {
            name: "Ney".into(),
            side: SideId::new("French"),
            commands: Commands::All,
            start: Some(b("0607")),
            arrives: None,
            force_fire_reroll: false,
            melee_reroll_miss: true,
        },
        Leader {
            name: "Wellington".into(),
            side: SideId::new("Allied"),
            commands: Commands::All,
            start: Some(b("0602")),
            arrives: None,
            force_fire_reroll: true,
            melee_reroll_miss: false,
        },
    ];
    o.turn_limit = 8;
    use UnitType::*;
    let units = [
        U("f-line1", 0, LineInfantry, "0407", Dir::N),
        U("f-line2", 0, LineInfantry, "0607", Dir::N),
        U("f-light", 0, LightInfantry, "0806", Dir::N),
        U("f-cav", 0, Cavalry, "1007", Dir::N),
        U("f-heavy", 0, HeavyCavalry, "0207", Dir::N),
        U("f-guns", 0, Artillery, "0508", Dir::N),
        U("a-line1", 1, LineInfantry, "0402", Dir::S),
        U("a-line2", 1, LineInfantry, "0602", Dir::S),
        U("a-light", 1, LightInfantry, "0803", Dir::S),
        U("a-cav", 1, Cavalry, "1002", Dir::S),
        U("a-heavy", 1, HeavyCavalry, "0202", Dir::S),
        U("a-guns", 1, Artillery, "0501", Dir::S),
    ];
    let (mut s, m) = scenario(&rows, &units, o);
    if let Some(u) = s.units.iter_mut().find(|u| u.id.as_str() == "a-line2")
        && let Some(x) = &mut u.one_hour
    {
        x.quality = Quality::Excellent;
        x.steadfast = true;
    }
    if let Some(u) = s.units.iter_mut().find(|u| u.id.as_str() == "f-cav")
        && let Some(x) = &mut u.one_hour
    {
        x.impetuous = true;
        x.reluctant = true;
    }
    if let Some(u) = s.units.iter_mut().find(|u| u.id.as_str() == "f-line1")
        && let Some(x) = &mut u.one_hour
    {
        x.conscript = true;
    }
    s.victory.victory_hexes = vec![
        crate::scenario::VictoryHex {
            hex: b("0403"),
            side: SideId::new("Allied"),
            points: 1,
        },
        crate::scenario::VictoryHex {
            hex: b("1003"),
            side: SideId::new("Allied"),
            points: 1,
        },
    ];
    s.victory.loss_thresholds = vec![
        crate::scenario::LossThreshold {
            side: SideId::new("French"),
            points: 4,
        },
        crate::scenario::LossThreshold {
            side: SideId::new("Allied"),
            points: 4,
        },
    ];
    (s, m)
}

/// Executes a command that must be legal.
pub(super) fn run(g: &mut Game<OneHour>, c: Command) -> Vec<Event> {
    match g.execute(&c) {
        Ok(ev) => ev.to_vec(),
        Err(e) => panic!("{c:?} refused: {e}"),
    }
}

/// The refusal of a command that must be refused.
pub(super) fn refused(g: &Game<OneHour>, c: &Command) -> String {
    match OneHour::check(&g.state, c) {
        Ok(()) => panic!("{c:?} was allowed"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn h38_h9_the_decks_are_shuffled_and_the_first_side_draws_first() {
    let g = battle(3);
    let st = &g.state;
    assert_eq!(st.turn, 1);
    assert_eq!(st.side, 0, "French go first (first side listed)");
    assert_eq!(st.phase, Phase::Card);
    assert_eq!(st.decks[0].len(), 15);
    assert_eq!(st.decks[1].len(), 15);
    let shuffled = g
        .setup_events
        .iter()
        .filter(|e| matches!(e, Event::Shuffled { .. }))
        .count();
    assert_eq!(shuffled, 2);
    assert_eq!(OneHour::legal_commands(st), vec![Command::Draw]);
}

#[test]
fn random_games_keep_the_invariants_after_every_event() {
    random_games(false);
}

/// The same with the H9 option `simultaneous_fire`.
#[test]
fn random_games_with_simultaneous_fire_keep_the_invariants() {
    random_games(true);
}

/// The battle scenario, with simultaneous fire (H9) if asked.
fn battle_with(simultaneous: bool) -> (Scenario, Map) {
    let (mut s, m) = battle_scenario();
    if simultaneous && let crate::scenario::RuleSet::OneHour(o) = &mut s.rules {
        o.turn_structure = crate::rules::one_hour::model::TurnStructure::SimultaneousFire;
    }
    (s, m)
}

fn random_games(simultaneous: bool) {
    use crate::ai::{Player, RandomPlayer};
    let games = std::env::var("VEDETTE_ONE_HOUR_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40u64);
    let mut ended = 0;
    for seed in 0..games {
        let (s, m) = battle_with(simultaneous);
        let mut g: Game<OneHour> = Game::new(&s, &m, seed, ()).expect("starts");
        let mut players = [
            RandomPlayer::<OneHour>::new(seed * 2 + 1),
            RandomPlayer::<OneHour>::new(seed * 2 + 2),
        ];
        let mut n = 0;
        while !g.is_over() && n < 5000 {
            let side = g.to_act() as usize;
            let Some(cmd) = players[side].choose(&g.state) else {
                panic!(
                    "seed {seed}: nothing legal at {}",
                    OneHour::position_label(&g.state)
                );
            };
            let before = g.state.clone();
            let ev = match g.execute(&cmd) {
                Ok(ev) => ev.to_vec(),
                Err(e) => panic!("seed {seed}: listed command {cmd:?} refused: {e}"),
            };
            // Replaying the events on the state before gives the same
            // position (apply is the only mutation).
            let mut again = before;
            for e in &ev {
                again.apply(e);
            }
            assert_eq!(again.pos, g.state.pos, "seed {seed}");
            assert!(
                g.state.boxes_agree(),
                "seed {seed}: units_at disagrees with pos"
            );
            assert_eq!(again.hits, g.state.hits, "seed {seed}");
            invariants(&g, seed, &cmd, &ev);
            n += 1;
        }
        assert!(g.is_over(), "seed {seed}: no result in {n} commands");
        ended += 1;
        // Replays byte for byte.
        let log = g.log();
        let text = crate::scenario::to_ron(&log);
        let back: crate::engine::GameLog<OneHour> =
            crate::scenario::from_ron(&text, "log").expect("log reads");
        let (s, m) = battle_with(simultaneous);
        let replayed = match crate::engine::replay::<OneHour>(&s, &m, &back) {
            Ok(g) => g,
            Err(e) => panic!("seed {seed}: the replay fails: {e}"),
        };
        assert_eq!(
            crate::scenario::to_ron(&replayed.log()),
            text,
            "seed {seed}: the replay differs"
        );
    }
    assert_eq!(ended, games);
}

/// What must hold after every command of any game.
pub(super) fn invariants(g: &Game<OneHour>, seed: u64, cmd: &Command, ev: &[Event]) {
    let st = &g.state;
    let o = &st.board.options;
    for (i, u) in st.board.units.iter().enumerate() {
        let u16i = i as u16;
        if st.routed[i] {
            assert!(
                st.pos[i].is_none(),
                "seed {seed}: routed {} on the map",
                u.name
            );
        }
        if st.pos[i].is_some() {
            let cap = super::morale::rout_at(o, &u.spec, st.leader_with(u16i));
            assert!(
                st.hits[i] < cap,
                "seed {seed}: {} has {} hits of {cap} and is still there after {cmd:?}",
                u.name,
                st.hits[i]
            );
            assert!(
                super::board::FACINGS.contains(&st.facing[i]),
                "seed {seed}: {} faces a corner",
                u.name
            );
        }
    }
    for s in 0..2 {
        assert_eq!(
            st.decks[s].len(),
            st.board.decks[s].len(),
            "seed {seed}: a deck lost or gained a card"
        );
    }
    // Held shots only while the fire step lasts (H9).
    if !matches!(st.phase, Phase::Shoot | Phase::Volley | Phase::Over) {
        assert!(st.volley.is_empty(), "seed {seed}: held hits outside fire");
    }
    if ev.iter().any(|e| matches!(e, Event::TurnEnded { .. })) {
        assert!(
            st.overstacked().is_empty(),
            "seed {seed}: two units in one box at the end of a player turn"
        );
    }
    for e in ev {
        if let Event::Moved { formation, .. } = e {
            assert_ne!(*formation, Formation::Square, "seed {seed}: a square moved");
        }
        // Only shots drive units back (H18): a shot now, or held shots of
        // simultaneous fire taking effect (H9).
        if let Event::Retreated { .. } = e {
            assert!(
                matches!(cmd, Command::Shoot { .. } | Command::Retreat { .. })
                    || ev.iter().any(|x| matches!(x, Event::VolleyHits { .. })),
                "seed {seed}: a retreat after {cmd:?}"
            );
        }
    }
}
