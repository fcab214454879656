//! Tests of the *Napoleon* rules, named after the section (and ruling)
//! they show, on small positions built in code.

use super::*;
use crate::engine::{Dice, Game, Rules};
use crate::hex::{Dir, Hex};
use crate::scenario::{
    Force, Leader, Map, Placement, Scenario, Unit, UnitKind, parse_map, parse_scenario,
};

mod choices;
mod hardening;
mod play;
mod sections;

const SAINT_AUBIN: &str = include_str!("../../../../scenarios/saint-aubin.ron");
const SAINT_AUBIN_MAP: &str = include_str!("../../../../maps/saint-aubin.ron");

pub(super) fn saint_aubin() -> (Scenario, Map) {
    let s = parse_scenario(SAINT_AUBIN, "saint-aubin.ron").expect("parses");
    let m = parse_map(SAINT_AUBIN_MAP, "saint-aubin-map.ron").expect("map parses");
    (s, m)
}

pub(super) fn h(s: &str) -> Hex {
    s.parse().expect("test hex")
}

/// A unit of a test position: id, side (0 French, 1 Prussian), force
/// index within its side, kind, combat factor, hex, facing.
pub(super) struct U(
    pub &'static str,
    pub usize,
    pub usize,
    pub UnitKind,
    pub u32,
    pub &'static str,
    pub Dir,
);

/// A 12x10 flat-top map of the Saint-Aubin terrain kinds: `.` clear, `T`
/// town, `W` woods, `m` marsh, `~` stream, `f` ford, `b` bridge.
pub(super) fn map(rows: &[&str]) -> Map {
    let (_, base) = saint_aubin();
    let mut m = base;
    m.columns = rows[0].len() as u32;
    m.rows = rows.len() as u32;
    m.terrain = rows.iter().map(|r| r.to_string()).collect();
    m.hexes.clear();
    m.places.clear();
    m
}

pub(super) const OPEN: [&str; 10] = [
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

/// A game on `rows` with these units; each force's leader stands with its
/// first unit; the Generals stand in the corners 0101 and the far one.
pub(super) fn game_on(rows: &[&str], units: &[U]) -> Game<Napoleon> {
    match try_game_on(rows, units) {
        Ok(g) => g,
        Err(issues) => panic!("test position invalid: {issues}"),
    }
}

/// [`game_on`], or why the position is not a valid scenario.
pub(super) fn try_game_on(rows: &[&str], units: &[U]) -> Result<Game<Napoleon>, String> {
    let (s, m) = scenario_on(rows, units);
    let issues: Vec<_> = crate::scenario::validate(&s, &m)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .collect();
    if !issues.is_empty() {
        return Err(format!("{issues:?}"));
    }
    Game::<Napoleon>::new(&s, &m, 1, ()).map_err(|e| e.to_string())
}

/// The scenario and map of [`game_on`], not yet validated.
pub(super) fn scenario_on(rows: &[&str], units: &[U]) -> (Scenario, Map) {
    let (mut s, _) = saint_aubin();
    let m = map(rows);
    s.units.clear();
    for side in &mut s.sides {
        side.forces.clear();
    }
    for u in units {
        let side = &mut s.sides[u.1];
        while side.forces.len() <= u.2 {
            let n = side.forces.len();
            side.forces.push(Force {
                name: format!("{}{}", if u.1 == 0 { "F" } else { "P" }, n),
                leader: Some(Leader {
                    name: format!("leader {}{n}", u.1),
                    factor: 0,
                    hex: None,
                }),
                units: Vec::new(),
            });
        }
        let f = &mut side.forces[u.2];
        if f.units.is_empty()
            && let Some(l) = &mut f.leader
            && u.3 != UnitKind::Artillery
        {
            l.hex = Some(h(u.5));
        }
        f.units.push(u.0.into());
        s.units.push(Unit {
            id: u.0.into(),
            designation: u.0.to_string(),
            side: s.sides[u.1].id.clone(),
            contingent: None,
            kind: u.3,
            strength: if u.3 == UnitKind::Artillery { 0 } else { u.4 },
            movement: 2,
            placement: Placement::Start(h(u.5)),
            facing: Some(u.6),
            troop: Default::default(),
            one_hour: None,
            hits16: None,
        });
    }
    let far = format!("{:02}{:02}", m.columns, m.rows);
    for (i, side) in s.sides.iter_mut().enumerate() {
        if let Some(a) = &mut side.army {
            a.general.hex = Some(if i == 0 { h("0101") } else { h(&far) });
        }
        for f in &mut side.forces {
            if f.leader.as_ref().is_some_and(|l| l.hex.is_none())
                && let Some(first) = f.units.first().cloned()
            {
                let at = s_start(&s.units, &first);
                if let Some(l) = &mut f.leader {
                    l.hex = Some(at);
                }
            }
        }
    }
    s.victory.victory_hexes.clear();
    (s, m)
}

fn s_start(units: &[Unit], id: &crate::scenario::UnitId) -> Hex {
    units
        .iter()
        .find(|u| &u.id == id)
        .and_then(|u| u.start_hex())
        .expect("unit placed")
}

pub(super) fn game(units: &[U]) -> Game<Napoleon> {
    game_on(&OPEN, units)
}

/// Sets up the start of an impulse in which `phase`'s side has the
/// initiative and `phase` is being played (positions built in code start
/// where the test needs them; engagement and isolation are fixed as the
/// rules fix them at an impulse's start, N53, N70).
pub(super) fn set_phase(g: &mut Game<Napoleon>, phase: Phase) {
    let side = match phase {
        Phase::Skirmish { side } | Phase::Bombardment { side } | Phase::Maneuver { side } => side,
        Phase::Over => 0,
    };
    let n = g.state.board.forces.len() as u16;
    let engaged = (0..n).filter(|&f| g.state.is_engaged_now(f)).collect();
    let isolated = (0..n).flat_map(|f| g.state.isolated_now(f)).collect();
    let impulse = g.state.impulse.max(1);
    g.state.apply(&Event::ImpulseBegan {
        impulse,
        initiative: side,
        engaged,
        isolated,
    });
    g.state.apply(&Event::PhaseBegan { phase });
}

pub(super) fn to_maneuver(g: &mut Game<Napoleon>, side: u8) {
    set_phase(g, Phase::Maneuver { side });
}

/// Opens an activation of `force` with the given result, whatever the
/// die: the check is taken, then the state's result is set for the test.
pub(super) fn activate(g: &mut Game<Napoleon>, force: &str, result: Activation) {
    g.execute(&Command::Activate {
        force: force.into(),
    })
    .expect("activates");
    if let Some(a) = &mut g.state.active {
        a.result = result;
        a.rerolls_left = 0;
    } else {
        // Static ended it at once: open it again for the test.
        let f = g
            .state
            .board
            .forces
            .iter()
            .position(|x| x.name == force)
            .expect("force") as u16;
        g.state.apply(&Event::ReserveActivated { force: f });
        if let Some(a) = &mut g.state.active {
            a.result = result;
        }
    }
}

pub(super) fn refused(g: &mut Game<Napoleon>, c: Command, section: &str) -> RuleError {
    let before = format!("{:?}", g.state.pos);
    let e = g.execute(&c).expect_err("refused");
    assert!(
        e.to_string().contains(&format!("[{section}"))
            || e.to_string().contains(&format!("({section})")),
        "{e} does not cite [{section}]"
    );
    assert_eq!(
        before,
        format!("{:?}", g.state.pos),
        "a refusal changes nothing"
    );
    e
}

/// The same position with another dice seed.
pub(super) fn reseed(g: Game<Napoleon>, seed: u64) -> Game<Napoleon> {
    Game::with_board(g.board().clone(), seed, (), String::new())
}

pub(super) fn piece(g: &Game<Napoleon>, id: &str) -> PieceIx {
    g.state.board.piece_ix(&id.into()).expect("piece")
}

pub(super) fn hex_of(g: &Game<Napoleon>, id: &str) -> Hex {
    g.state.board.hex(g.state.pos[piece(g, id) as usize])
}

#[test]
fn the_board_reads_the_scenario() {
    let (s, m) = saint_aubin();
    let b = Board::new(&s, &m).expect("board");
    assert_eq!(b.pieces.iter().filter(|p| p.kind.is_unit()).count(), 20);
    assert_eq!(b.forces.len(), 6);
    // 10 units a side: break point 3 (25 % rounded up) (N98).
    assert_eq!(b.armies[0].break_point, 3);
    assert_eq!(b.armies[1].break_point, 3);
    // The French side wins initiative ties (N34).
    assert_eq!(b.tie_side, 0);
    let _ = Dice::new(1);
    let _ = Napoleon::NAME;
}
