//! The position of a 16-hits game and `apply`, the only place it
//! changes; with the queries every rule asks of it (who is where, who is
//! in combat, front, flank and rear).

use super::board::{Board, HexIx, NO_HEX, UnitIx};
use super::geometry;
use super::types::{Event, Pending, Phase};
use crate::rules::hits16::model::{Formation, Terrain, TroopType};
use std::sync::Arc;

pub const NO_UNIT: UnitIx = UnitIx::MAX;

/// A unit's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitState {
    /// `NO_HEX` once eliminated.
    pub hex: HexIx,
    /// 0-5, the grid's directions; a square keeps the last one but has no
    /// facing (M8).
    pub facing: u8,
    pub formation: Formation,
    pub hits: u8,
    /// The largest floor(hits / 4) it has had (M5, M40).
    pub bases_lost: u8,
}

/// What a unit did in its owner's current player turn (M43).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Acts {
    /// Its one action of the Movement phase is spent.
    pub acted: bool,
    /// It "has moved" for shooting (M19).
    pub moved: bool,
    pub shot: bool,
    /// Rallied this Command phase (M12: one roll per unit).
    pub rallied: bool,
}

/// A combat (M31): the charger and the unit it charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    pub attacker: UnitIx,
    pub defender: UnitIx,
    /// Fought in the current Hand-to-Hand phase.
    pub fought: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub reason: String,
}

/// A game's position.
#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Arc<Board>,
    pub(super) turn: u32,
    /// The active side.
    pub(super) side: u8,
    pub(super) phase: Phase,
    pub(super) units: Vec<UnitState>,
    /// The unit in each hex, `NO_UNIT` if none.
    pub(super) occupant: Vec<UnitIx>,
    pub(super) acts: Vec<Acts>,
    /// Each General's hex, `NO_HEX` when lost or off the table.
    pub(super) generals: Vec<HexIx>,
    /// Rallies each General has made this Command phase.
    pub(super) rallies: Vec<u8>,
    /// Generals that moved this Movement phase.
    pub(super) general_moved: Vec<bool>,
    pub(super) combats: Vec<Combat>,
    /// Choices owed, first first.
    pub(super) pending: Vec<Pending>,
    /// Who holds each victory hex (M56), by `Board::victory_hexes`.
    pub(super) held: Vec<Option<u8>>,
    /// Units each side has lost.
    pub(super) lost: [u32; 2],
    /// Counts for the batch report.
    pub(super) charges: [u32; 2],
    pub(super) withdrawals: [u32; 2],
    pub(super) rallies_made: [u32; 2],
    pub(super) generals_lost: [u32; 2],
    pub(super) shots: [u32; 2],
    pub(super) outcome: Option<Outcome>,
}

/// The state read from outside the engine: every field, read-only. Only
/// [`State::apply`] changes a state, so a game is its events.
impl State {
    /// The fixed facts of the battle: map, units, options.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The current game turn, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The active side.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Each unit's place, facing, formation and hits.
    pub fn units(&self) -> &Vec<UnitState> {
        &self.units
    }

    /// The unit in each hex, `NO_UNIT` if none.
    pub fn occupant(&self) -> &Vec<UnitIx> {
        &self.occupant
    }

    /// What each unit has done this turn.
    pub fn acts(&self) -> &Vec<Acts> {
        &self.acts
    }

    /// Each General's hex, `NO_HEX` when lost or off the table.
    pub fn generals(&self) -> &Vec<HexIx> {
        &self.generals
    }

    /// Rallies each General has made this Command phase.
    pub fn rallies(&self) -> &Vec<u8> {
        &self.rallies
    }

    /// Generals that moved this Movement phase.
    pub fn general_moved(&self) -> &Vec<bool> {
        &self.general_moved
    }

    /// Combats in progress across turns.
    pub fn combats(&self) -> &Vec<Combat> {
        &self.combats
    }

    /// Choices owed, first first.
    pub fn pending(&self) -> &Vec<Pending> {
        &self.pending
    }

    /// Who holds each victory hex (M56), by `Board::victory_hexes`.
    pub fn held(&self) -> &Vec<Option<u8>> {
        &self.held
    }

    /// Units each side has lost.
    pub fn lost(&self) -> [u32; 2] {
        self.lost
    }

    /// Counts for the batch report.
    pub fn charges(&self) -> [u32; 2] {
        self.charges
    }

    /// Withdrawals each side has made.
    pub fn withdrawals(&self) -> [u32; 2] {
        self.withdrawals
    }

    /// Rallies each side has made.
    pub fn rallies_made(&self) -> [u32; 2] {
        self.rallies_made
    }

    /// Generals each side has lost.
    pub fn generals_lost(&self) -> [u32; 2] {
        self.generals_lost
    }

    /// Shots each side has fired.
    pub fn shots(&self) -> [u32; 2] {
        self.shots
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> &Option<Outcome> {
        &self.outcome
    }
}

impl PartialEq for State {
    fn eq(&self, o: &Self) -> bool {
        format!("{self:?}") == format!("{o:?}")
    }
}

impl State {
    /// The position before the first event: every unit and General where
    /// the scenario sets it.
    pub fn new(board: Arc<Board>) -> State {
        let mut occupant = vec![NO_UNIT; board.hexes.len()];
        let units: Vec<UnitState> = board
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                occupant[u.start as usize] = i as UnitIx;
                UnitState {
                    hex: u.start,
                    facing: u.facing,
                    formation: u.formation,
                    hits: u.hits,
                    bases_lost: u.hits / 4,
                }
            })
            .collect();
        let held = board
            .victory_hexes
            .iter()
            .map(|&h| {
                let o = occupant[h as usize];
                (o != NO_UNIT).then(|| board.units[o as usize].side)
            })
            .collect();
        State {
            turn: 0,
            side: board.first_side,
            phase: Phase::Command,
            acts: vec![Acts::default(); units.len()],
            units,
            occupant,
            generals: board.generals.iter().map(|g| g.start).collect(),
            rallies: vec![0; board.generals.len()],
            general_moved: vec![false; board.generals.len()],
            combats: Vec::new(),
            pending: Vec::new(),
            held,
            lost: [0, 0],
            charges: [0, 0],
            withdrawals: [0, 0],
            rallies_made: [0, 0],
            generals_lost: [0, 0],
            shots: [0, 0],
            outcome: None,
            board,
        }
    }

    pub fn side_of(&self, u: UnitIx) -> u8 {
        self.board.units[u as usize].side
    }

    pub fn troop(&self, u: UnitIx) -> TroopType {
        self.board.units[u as usize].troop
    }

    pub fn on_table(&self, u: UnitIx) -> bool {
        self.units[u as usize].hex != NO_HEX
    }

    pub fn unit_at(&self, h: HexIx) -> Option<UnitIx> {
        let o = self.occupant[h as usize];
        (o != NO_UNIT).then_some(o)
    }

    pub fn terrain(&self, h: HexIx) -> Terrain {
        self.board.info(h).terrain
    }

    /// Units of a side on the table.
    pub fn units_of(&self, side: u8) -> impl Iterator<Item = UnitIx> + '_ {
        (0..self.units.len() as UnitIx)
            .filter(move |&u| self.on_table(u) && self.side_of(u) == side)
    }

    /// Bases remaining (M5): 4 - bases lost, skirmishers 8 - 2 x bases
    /// lost, artillery `artillery_bases`.
    pub fn bases(&self, u: UnitIx) -> u32 {
        let s = &self.units[u as usize];
        let lost = u32::from(s.bases_lost);
        match self.troop(u) {
            TroopType::Skirmishers => 8u32.saturating_sub(2 * lost),
            TroopType::Artillery => self.board.options.artillery_bases,
            _ => 4u32.saturating_sub(lost),
        }
    }

    /// Whether the unit is in any combat.
    pub fn in_combat(&self, u: UnitIx) -> bool {
        self.combats
            .iter()
            .any(|c| c.attacker == u || c.defender == u)
    }

    /// Whether the unit is the defender of a combat (M26).
    pub fn is_defender(&self, u: UnitIx) -> bool {
        self.combats.iter().any(|c| c.defender == u)
    }

    /// The opponents of a unit in its combats.
    pub fn opponents(&self, u: UnitIx) -> impl Iterator<Item = UnitIx> + '_ {
        self.combats.iter().filter_map(move |c| {
            if c.attacker == u {
                Some(c.defender)
            } else if c.defender == u {
                Some(c.attacker)
            } else {
                None
            }
        })
    }

    /// Whether the unit has all-round front (M8, M45): a square, or in a
    /// town while `town_all_front`.
    pub fn all_front(&self, u: UnitIx) -> bool {
        let s = &self.units[u as usize];
        s.formation == Formation::Square
            || (self.board.options.town_all_front && self.terrain(s.hex) == Terrain::Town)
    }

    /// Which hexside of `u` the neighbour hex `h` lies across, counted
    /// from F (0 = F, 3 = rear); `None` if not adjacent.
    pub fn side_toward(&self, u: UnitIx, h: HexIx) -> Option<u8> {
        let s = &self.units[u as usize];
        let d = self.board.dir_between(s.hex, h)?;
        Some(geometry::side_from_facing(s.facing, d))
    }

    /// Whether `h`, adjacent to `u`, is across a front hexside of `u`
    /// (every hexside of an all-round unit).
    pub fn is_front_of(&self, u: UnitIx, h: HexIx) -> bool {
        self.all_front(u) || matches!(self.side_toward(u, h), Some(0 | 1 | 5))
    }

    /// Whether an enemy unit of `side` is in a hex adjacent to `h`.
    pub fn enemy_adjacent(&self, side: u8, h: HexIx) -> bool {
        self.board.neighbours[h as usize]
            .iter()
            .any(|&n| n != NO_HEX && self.unit_at(n).is_some_and(|o| self.side_of(o) != side))
    }

    /// The nearest enemy unit's distance from `h` (u32::MAX if none).
    pub fn nearest_enemy(&self, side: u8, h: HexIx) -> u32 {
        self.units_of(1 - side)
            .map(|e| self.board.distance(h, self.units[e as usize].hex))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// The Generals in a hex.
    pub fn generals_at(&self, h: HexIx) -> impl Iterator<Item = u16> + '_ {
        (0..self.generals.len() as u16).filter(move |&g| self.generals[g as usize] == h)
    }

    fn set_hex(&mut self, u: UnitIx, to: HexIx) {
        let from = self.units[u as usize].hex;
        if from != NO_HEX && self.occupant[from as usize] == u {
            self.occupant[from as usize] = NO_UNIT;
        }
        self.units[u as usize].hex = to;
        if to != NO_HEX {
            self.occupant[to as usize] = u;
            if let Some(i) = self.board.victory_hexes.iter().position(|&v| v == to) {
                self.held[i] = Some(self.side_of(u));
            }
        }
    }

    /// The only mutation of a state.
    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::TurnBegan { turn, side } => {
                self.turn = *turn;
                self.side = *side;
                for u in 0..self.units.len() {
                    if self.board.units[u].side == *side {
                        self.acts[u] = Acts::default();
                    }
                }
            }
            Event::PhaseBegan { phase } => {
                self.phase = *phase;
                match phase {
                    Phase::Command => self.rallies.iter_mut().for_each(|r| *r = 0),
                    Phase::Movement => self.general_moved.iter_mut().for_each(|m| *m = false),
                    Phase::HandToHand => self.combats.iter_mut().for_each(|c| c.fought = false),
                    _ => {}
                }
            }
            Event::Rallied {
                general,
                unit,
                recovered,
                ..
            } => {
                let s = &mut self.units[*unit as usize];
                s.hits = s.hits.saturating_sub(*recovered as u8);
                self.acts[*unit as usize].rallied = true;
                if let Some(r) = self.rallies.get_mut(*general as usize) {
                    *r = r.saturating_add(1);
                }
                self.rallies_made[usize::from(self.side_of(*unit))] += 1;
            }
            Event::GeneralLost { general } => {
                let g = *general as usize;
                self.generals[g] = NO_HEX;
                self.generals_lost[usize::from(self.board.generals[g].side)] += 1;
            }
            Event::Moved {
                unit, path, facing, ..
            } => {
                let u = *unit as usize;
                if let Some(&to) = path.last() {
                    self.set_hex(*unit, to);
                }
                let turned = self.units[u].facing != *facing;
                self.units[u].facing = *facing;
                let a = &mut self.acts[u];
                a.acted = true;
                a.moved |= !path.is_empty() || (turned && self.board.options.pivot_counts_as_move);
            }
            Event::GeneralMoved { general, path } => {
                if let Some(&to) = path.last() {
                    self.generals[*general as usize] = to;
                }
                self.general_moved[*general as usize] = true;
            }
            Event::Formed {
                unit,
                formation,
                facing,
            } => {
                let s = &mut self.units[*unit as usize];
                s.formation = *formation;
                s.facing = *facing;
                let a = &mut self.acts[*unit as usize];
                a.acted = true;
                a.moved |= self.board.options.formation_change_counts_as_move;
            }
            Event::Charged {
                unit,
                target,
                path,
                facing,
            } => {
                if let Some(&to) = path.last() {
                    self.set_hex(*unit, to);
                }
                self.units[*unit as usize].facing = *facing;
                let a = &mut self.acts[*unit as usize];
                a.acted = true;
                a.moved = true;
                self.combats.push(Combat {
                    attacker: *unit,
                    defender: *target,
                    fought: false,
                });
                self.charges[usize::from(self.side_of(*unit))] += 1;
            }
            Event::TurnedToFace { unit, facing } => {
                self.units[*unit as usize].facing = *facing;
                let a = &mut self.acts[*unit as usize];
                a.acted = true;
                a.moved |= self.board.options.pivot_counts_as_move;
            }
            Event::Shot { unit, .. } => {
                self.acts[*unit as usize].shot = true;
                self.shots[usize::from(self.side_of(*unit))] += 1;
            }
            Event::Fought { unit, against, .. } => {
                for c in &mut self.combats {
                    if (c.attacker == *unit && c.defender == *against)
                        || (c.attacker == *against && c.defender == *unit)
                    {
                        c.fought = true;
                    }
                }
            }
            Event::Overrun { unit, by } => {
                for c in &mut self.combats {
                    if (c.attacker == *by && c.defender == *unit)
                        || (c.attacker == *unit && c.defender == *by)
                    {
                        c.fought = true;
                    }
                }
            }
            Event::Hit { unit, hits, .. } => {
                let s = &mut self.units[*unit as usize];
                s.hits = (u32::from(s.hits) + hits).min(16) as u8;
                s.bases_lost = s.bases_lost.max(s.hits / 4);
            }
            Event::Eliminated { unit } => {
                self.set_hex(*unit, NO_HEX);
                self.combats
                    .retain(|c| c.attacker != *unit && c.defender != *unit);
                self.lost[usize::from(self.side_of(*unit))] += 1;
            }
            Event::CombatEnded { attacker, defender } => {
                self.combats
                    .retain(|c| !(c.attacker == *attacker && c.defender == *defender));
            }
            Event::Withdrew {
                unit, to, facing, ..
            } => {
                self.set_hex(*unit, *to);
                self.units[*unit as usize].facing = *facing;
                self.withdrawals[usize::from(self.side_of(*unit))] += 1;
                self.pending
                    .retain(|p| !matches!(p, Pending::Withdraw { unit: u, .. } if u == unit));
            }
            Event::WithdrawalBlocked { .. } => {}
            Event::Asked { pending } => self.pending.push(pending.clone()),
            Event::GeneralPlaced { general, at } => {
                self.generals[*general as usize] = *at;
                self.pending.retain(
                    |p| !matches!(p, Pending::PlaceGeneral { general: g, .. } if g == general),
                );
            }
            Event::GeneralLeft { general } => {
                self.generals[*general as usize] = NO_HEX;
                self.pending.retain(
                    |p| !matches!(p, Pending::PlaceGeneral { general: g, .. } if g == general),
                );
            }
            Event::PlayerTurnEnded { .. } => {}
            Event::GameEnded { winner, reason } => {
                self.phase = Phase::Over;
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: reason.clone(),
                });
            }
        }
    }
}
