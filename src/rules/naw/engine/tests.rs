//! Tests of the Napoleon at Waterloo rules, one or more per case, named
//! after it, on small positions built in code.

use super::*;
use crate::engine::{Dice, replay};
type Game = crate::engine::Game<Naw>;
use crate::hex::{Dir, Grid, Hex, Orientation, Stagger};
use crate::scenario::*;

mod cases;
mod hardening;
mod play;

pub(super) fn h(s: &str) -> Hex {
    s.parse().expect("test hex")
}

/// A unit for a test position: id, side (`F` or `A`), kind letter
/// (`i`, `c`, `a`), strength, movement, and a start hex or `T<turn>` for a
/// reinforcement entering at `entry`.
pub(super) struct U(
    pub &'static str,
    pub char,
    pub char,
    pub u32,
    pub u32,
    pub &'static str,
);

pub(super) struct Position {
    pub rows: Vec<&'static str>,
    pub roads: Vec<(&'static str, Dir)>,
    /// Other hexside features: hex, direction, features.
    pub hexsides: Vec<(&'static str, Dir, Vec<HexsideFeature>)>,
    pub hexside_effects: HexsideEffects,
    pub units: Vec<U>,
    pub entry: Vec<&'static str>,
    pub exits: Vec<&'static str>,
    pub exits_needed: u32,
    pub thresholds: (u32, u32),
    pub turns: u32,
    pub options: crate::rules::naw::model::NawOptions,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            rows: vec![".........."; 10],
            roads: vec![],
            hexsides: vec![],
            hexside_effects: HexsideEffects::default(),
            units: vec![],
            entry: vec![],
            exits: vec!["0101", "0201", "0301"],
            exits_needed: 2,
            thresholds: (40, 40),
            turns: 10,
            options: crate::rules::naw::model::NawOptions::default(),
        }
    }
}

impl Position {
    pub fn build(&self) -> (Scenario, Map) {
        let grid = Grid::new(Orientation::FlatTop, Stagger::Even);
        let mut map = Map::filled(
            "test",
            self.rows[0].len() as u32,
            self.rows.len() as u32,
            grid,
            crate::rules::naw::model::terrain(),
            '.',
        );
        map.terrain = self.rows.iter().map(|r| r.to_string()).collect();
        for (hex, d) in &self.roads {
            let side = grid.hexside(h(hex), *d).expect("side");
            map.hexsides
                .entry(side)
                .or_default()
                .insert(HexsideFeature::Road);
        }
        for (hex, d, features) in &self.hexsides {
            let side = grid.hexside(h(hex), *d).expect("side");
            map.hexsides
                .entry(side)
                .or_default()
                .extend(features.iter().copied());
        }
        map.hexside_effects = self.hexside_effects;
        let units = self
            .units
            .iter()
            .map(|U(id, side, kind, s, m, at)| Unit {
                id: UnitId::new(*id),
                designation: id.to_string(),
                side: SideId::new(if *side == 'F' { "French" } else { "Allied" }),
                contingent: None,
                kind: match kind {
                    'c' => UnitKind::Cavalry,
                    'a' => UnitKind::Artillery,
                    _ => UnitKind::Infantry,
                },
                strength: *s,
                movement: *m,
                placement: match at.strip_prefix('T') {
                    Some(t) => Placement::Reinforcement {
                        turn: t.parse().expect("turn"),
                        entry: self.entry.iter().map(|x| h(x)).collect(),
                    },
                    None => Placement::Start(h(at)),
                },
                facing: None,
                troop: Default::default(),
                one_hour: None,
                hits16: None,
            })
            .collect();
        let side = |id: &str, c: Colour| Side {
            id: id.into(),
            name: id.into(),
            colour: c,
            contingents: vec![],
            forces: vec![],
            army: None,
        };
        let s = Scenario {
            version: FORMAT_VERSION,
            title: "test".into(),
            author: String::new(),
            description: String::new(),
            map: MapSource::Inline(Box::new(map.clone())),
            rules: RuleSet::NapoleonAtWaterloo(Box::new(self.options.clone())),
            turns: self.turns,
            sides: vec![
                side("French", Colour(0, 0, 200)),
                side("Allied", Colour(200, 0, 0)),
            ],
            units,
            crt: crate::rules::naw::model::crt(),
            victory: Victory {
                loss_thresholds: vec![
                    LossThreshold {
                        side: "French".into(),
                        points: self.thresholds.0,
                    },
                    LossThreshold {
                        side: "Allied".into(),
                        points: self.thresholds.1,
                    },
                ],
                exits: vec![ExitCondition {
                    side: "French".into(),
                    hexes: self.exits.iter().map(|x| h(x)).collect(),
                    units: self.exits_needed,
                }],
                victory_hexes: vec![],
            },
            variants: vec![],
            notes: String::new(),
        };
        (s, map)
    }

    pub fn game(&self, seed: u64) -> Game {
        let (s, m) = self.build();
        match Game::new(&s, &m, seed, VariantSetup::Off) {
            Ok(g) => g,
            Err(e) => panic!("test position is invalid: {e}"),
        }
    }
}

/// A seed whose first die roll is `roll`.
pub(super) fn seed_rolling(roll: u32) -> u64 {
    (0..)
        .find(|&s| Dice::new(s).d6() == roll)
        .expect("some seed rolls it")
}

pub(super) fn mv(unit: &str, path: &[&str]) -> Command {
    Command::Move {
        unit: unit.into(),
        path: path.iter().map(|x| h(x)).collect(),
    }
}

pub(super) fn attack(att: &[&str], bom: &[&str], def: &[&str]) -> Command {
    Command::Attack {
        attackers: att.iter().map(|&x| x.into()).collect(),
        bombarding: bom.iter().map(|&x| x.into()).collect(),
        defenders: def.iter().map(|&x| x.into()).collect(),
        column: None,
    }
}

pub(super) fn attack_at(att: &[&str], bom: &[&str], def: &[&str], col: (u32, u32)) -> Command {
    match attack(att, bom, def) {
        Command::Attack {
            attackers,
            bombarding,
            defenders,
            ..
        } => Command::Attack {
            attackers,
            bombarding,
            defenders,
            column: Some(Odds::new(col.0, col.1)),
        },
        c => c,
    }
}

/// Runs a command that must succeed.
#[track_caller]
pub(super) fn ok(g: &mut Game, c: Command) -> Vec<Event> {
    match g.execute(&c) {
        Ok(e) => e.to_vec(),
        Err(e) => panic!("{c:?} refused: {e}"),
    }
}

/// Runs a command that must be refused, citing `case`; checks that nothing
/// changed.
#[track_caller]
pub(super) fn refused(g: &mut Game, c: Command, case: &str) -> RuleError {
    let before = format!("{:?}", g.state.pos);
    let hist = g.history.len();
    let Err(e) = g.execute(&c) else {
        panic!("{c:?} was accepted, expected a refusal citing [{case}]")
    };
    assert_eq!(e.case().as_deref(), Some(case), "{e}");
    assert_eq!(format!("{:?}", g.state.pos), before);
    assert_eq!(g.history.len(), hist);
    e
}

pub(super) fn hex_of(g: &Game, id: &str) -> Option<Hex> {
    let u = g.state.board.unit_ix(&id.into())?;
    g.state.unit_hex(u).map(|x| g.state.board.hex(x))
}

pub(super) fn pos_of(g: &Game, id: &str) -> Pos {
    let u = g.state.board.unit_ix(&id.into()).expect("unit");
    g.state.pos[u as usize]
}
