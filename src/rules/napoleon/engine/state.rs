//! A game's position, and the queries the rules, the table and computer
//! players ask of it: who stands where, facing and arcs, zones of
//! control, engagement, cohesion, stacking, what a piece may enter.

use super::board::{Board, HexIx, NO_HEX, PieceIx, PieceKind};
use super::types::{Activation, Direction, Phase};
use crate::rules::napoleon::model::{NapoleonTerrain, ZocHexes};
use std::sync::Arc;

/// Whether hexside `dir` is a front hexside of a unit facing `facing`:
/// F-1, F or F+1 (N6).
pub fn front_hexside(facing: u8, dir: u8) -> bool {
    matches!((dir + 6 - facing % 6) % 6, 0 | 1 | 5)
}

/// How a piece of the active force has moved this activation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    /// Where it was when the activation began (height [3.8.4] (N90)).
    pub start: HexIx,
    pub start_facing: u8,
    pub start_column: bool,
    pub mp: u32,
    /// Hexes entered.
    pub entered: u32,
    pub turns_before: u32,
    pub turns_after: u32,
    /// It stepped backward: its movement is over [3.7.2.7] (N64, N102).
    pub backward: bool,
    /// Another piece has moved since: its move is over (N57).
    pub done: bool,
    pub formation_changed: bool,
    /// A step of this move did not follow a road: no road bonus (N91).
    pub off_road: bool,
}

impl Moved {
    /// The record after a step into a hex costing `cost` (N62), by a
    /// piece of allowance `ma`: along a road or not (N91), backward or not
    /// (a backward step is the whole move, N64).
    pub(super) fn step(&mut self, cost: u32, ma: u32, on_road: bool, backward: bool) {
        self.entered += 1;
        self.off_road |= !on_road;
        if backward {
            self.backward = true;
            self.mp = ma;
        } else {
            self.mp += cost;
        }
    }

    /// The record after a turn: before or after its first step (N65).
    pub(super) fn turn(&mut self) {
        if self.entered == 0 {
            self.turns_before += 1;
        } else {
            self.turns_after += 1;
        }
    }
}

/// A piece's hex, facing, column formation and movement so far, as kept
/// at a die-roll checkpoint (N69).
pub type Placed = (PieceIx, HexIx, u8, bool, Moved);

/// The activation in progress [3.7.1].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Active {
    pub force: u16,
    pub result: Activation,
    /// The check may still be re-rolled (nothing has moved yet) (N46).
    pub rerolls_left: u32,
    /// Per piece of the force (index into `Board::forces[force]` order:
    /// units, then the leader).
    pub moved: Vec<(PieceIx, Moved)>,
    pub last: Option<PieceIx>,
    /// The force was contiguous when its movement began (N69).
    pub was_contiguous: bool,
    /// The force's reference enemy for Retreat! (N60).
    pub reference_enemy: Option<PieceIx>,
    /// Under "Sauve qui peut!", the units that must fall back; the others
    /// stay (N49).
    pub ordered: Vec<PieceIx>,
    /// (unit, gun) contacts made this activation: a unit contacts a gun
    /// once per activation (N75).
    pub contacted: Vec<(PieceIx, PieceIx)>,
    /// Where each piece stood, and how it had moved, when a die was last
    /// rolled in this activation: moves are taken back to here, not
    /// before (N69).
    pub checkpoint: Option<Vec<Placed>>,
}

impl Active {
    /// Piece `p` moves now: the last piece's move is over if it was
    /// another's (N57), no re-roll is left once something moved (N46);
    /// `p`'s record, if it is of the force.
    pub(super) fn moving(&mut self, p: PieceIx) -> Option<&mut Moved> {
        if let Some(last) = self.last
            && last != p
            && let Some((_, m)) = self.moved.iter_mut().find(|(q, _)| *q == last)
        {
            m.done = true;
        }
        self.last = Some(p);
        self.rerolls_left = 0;
        self.moved.iter_mut().find(|(q, _)| *q == p).map(|(_, m)| m)
    }
}

/// The combats of the activation in progress [3.7.3] (N80).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combat {
    pub direction: Direction,
    pub reference: u8,
    /// Units that have attacked this activation.
    pub fought: Vec<PieceIx>,
    /// Pursuits made per cavalry unit (N87).
    pub pursuits: Vec<(PieceIx, u32)>,
}

/// A choice the rules wait for before the game goes on: an evasion or a
/// pursuit (of either side, mid-activation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// A contacted gun evades; its owner picks where (N76). `resume`: the
    /// pursuit the contact interrupted (the unit its cavalry fought).
    GunEvasion {
        gun: PieceIx,
        from: PieceIx,
        resume: Option<PieceIx>,
        /// The host whose elimination in melee left the gun alone, when
        /// `from` attacked it and may pursue afterwards (N77 option).
        pursuit_of: Option<PieceIx>,
    },
    /// Cavalry about to be fought by infantry may evade (N86).
    CavalryEvasion { cavalry: PieceIx, attacker: PieceIx },
    /// The attacking cavalry may pursue (N87).
    Pursuit { cavalry: PieceIx, fought: PieceIx },
    /// The pursuit's move is in progress (N87).
    Pursuing { cavalry: PieceIx, fought: PieceIx },
    /// A leader or General alone, contacted by enemy infantry or cavalry,
    /// moves away; his owner picks where (N52). `resume`: the pursuit the
    /// contact interrupted (the unit its cavalry fought).
    OfficerFlight {
        officer: PieceIx,
        by: PieceIx,
        resume: Option<PieceIx>,
    },
    /// A captured General's replacement is placed by his owner (N52);
    /// `resume`: the pursuit (cavalry, fought) the capture interrupted.
    GeneralPlacement {
        side: u8,
        general: PieceIx,
        by: PieceIx,
        resume: Option<(PieceIx, PieceIx)>,
    },
    /// A failed attack on a vulnerable unit may be re-rolled; the
    /// attacker's owner decides (N108).
    MeleeReroll {
        attacker: PieceIx,
        defender: PieceIx,
        rolls: [u32; 2],
    },
    /// The loser of a melee moves back to a rear hex its owner picks
    /// (N84); `defender`: it was the one attacked.
    MoveBack {
        piece: PieceIx,
        fought: PieceIx,
        defender: bool,
    },
}

impl Pending {
    /// The piece whose owner decides.
    pub fn piece(self) -> PieceIx {
        match self {
            Pending::GunEvasion { gun, .. } => gun,
            Pending::CavalryEvasion { cavalry, .. }
            | Pending::Pursuit { cavalry, .. }
            | Pending::Pursuing { cavalry, .. } => cavalry,
            Pending::MoveBack { piece, .. } => piece,
            Pending::MeleeReroll { attacker, .. } => attacker,
            Pending::OfficerFlight { officer, .. } => officer,
            Pending::GeneralPlacement { general, .. } => general,
        }
    }
}

/// Where each piece stands (`NO_HEX`: eliminated), read as a slice of
/// hexes by piece; with the pieces of each hex threaded into a list in
/// the order of their indices, so "what stands here" (asked on every step
/// a search tries) is a walk down a stack rather than a pass over every
/// piece. Written only through [`Positions::set`], which keeps both.
#[derive(Clone)]
pub struct Positions {
    hex: Vec<HexIx>,
    /// Per hex, its first piece; per piece, the next in its hex
    /// (`NO_PIECE` ends a list).
    first: Vec<PieceIx>,
    next: Vec<PieceIx>,
}

/// The end of a hex's list of pieces.
const NO_PIECE: PieceIx = PieceIx::MAX;

impl Positions {
    pub fn new(hex: Vec<HexIx>, hexes: usize) -> Positions {
        let mut p = Positions {
            first: vec![NO_PIECE; hexes],
            next: vec![NO_PIECE; hex.len()],
            hex: vec![NO_HEX; hex.len()],
        };
        for (q, h) in hex.into_iter().enumerate() {
            p.set(q as PieceIx, h);
        }
        p
    }

    /// Puts piece `q` in hex `h` (`NO_HEX`: off the map).
    pub fn set(&mut self, q: PieceIx, h: HexIx) {
        let old = self.hex[q as usize];
        if old == h {
            return;
        }
        if old != NO_HEX {
            // Unlink it from the old hex's list.
            let mut at = self.first[old as usize];
            if at == q {
                self.first[old as usize] = self.next[q as usize];
            } else {
                while at != NO_PIECE {
                    let n = self.next[at as usize];
                    if n == q {
                        self.next[at as usize] = self.next[q as usize];
                        break;
                    }
                    at = n;
                }
            }
        }
        self.next[q as usize] = NO_PIECE;
        self.hex[q as usize] = h;
        if h == NO_HEX {
            return;
        }
        // Link it into the new hex's list, in index order.
        let head = self.first[h as usize];
        if head == NO_PIECE || head > q {
            self.next[q as usize] = head;
            self.first[h as usize] = q;
            return;
        }
        let mut at = head;
        while self.next[at as usize] != NO_PIECE && self.next[at as usize] < q {
            at = self.next[at as usize];
        }
        self.next[q as usize] = self.next[at as usize];
        self.next[at as usize] = q;
    }

    /// The pieces in hex `h`, in the order of their indices.
    pub fn in_hex(&self, h: HexIx) -> impl Iterator<Item = PieceIx> + '_ {
        let mut at = self.first.get(h as usize).copied().unwrap_or(NO_PIECE);
        std::iter::from_fn(move || {
            if at == NO_PIECE {
                return None;
            }
            let q = at;
            at = self.next[q as usize];
            Some(q)
        })
    }
}

impl std::ops::Deref for Positions {
    type Target = [HexIx];
    fn deref(&self) -> &[HexIx] {
        &self.hex
    }
}

impl std::fmt::Debug for Positions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.hex.fmt(f)
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub reason: String,
}

#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Arc<Board>,
    pub(super) turn: u32,
    pub(super) impulse: u32,
    pub(super) phase: Phase,
    pub(super) initiative: u8,
    /// Where each piece stands (`NO_HEX`: eliminated), and what each
    /// hex holds.
    pub(super) pos: Positions,
    /// Facing as a hexside index 0-5 (N6).
    pub(super) facing: Vec<u8>,
    pub(super) column: Vec<bool>,
    pub(super) casualties: Vec<u32>,
    /// Each force's leader factor now (a fallen leader's replacement is -1).
    pub(super) leader_factor: Vec<i32>,
    /// Each General's command factor: the printed one, or 1 for a
    /// replacement (N52).
    pub(super) command_factor: [u32; 2],
    /// The side that last had a unit in each victory location
    /// (`Board::victory`, same order), for `village_points: controlled`
    /// (N33).
    pub(super) control: Vec<Option<u8>>,
    pub(super) adcs: [u32; 2],
    /// Per force, fixed at the start of the impulse (N53).
    pub(super) engaged: Vec<bool>,
    /// Per piece, fixed at the start of the impulse (N70).
    pub(super) isolated: Vec<bool>,
    pub(super) activated: Vec<bool>,
    /// Sides that have ended their Maneuver & Combat this impulse, with
    /// forces alternating (N2 option).
    pub(super) passed: [bool; 2],
    pub(super) rallied: Vec<bool>,
    /// Per force: under skirmishers' fire this impulse (N39).
    pub(super) under_fire: Vec<bool>,
    pub(super) skirmishes: Vec<(u16, u16)>,
    pub(super) targets: Vec<(PieceIx, PieceIx)>,
    pub(super) active: Option<Active>,
    pub(super) combat: Option<Combat>,
    pub(super) pending: Option<Pending>,
    /// Infantry, cavalry and artillery each side has lost (N98).
    pub(super) lost: [u32; 2],
    /// Impulses played in the game, all turns together (for batches).
    pub(super) impulses_played: u32,
    /// Break tests each side has taken, and failed, in the Final Step.
    pub(super) break_tests: [u32; 2],
    pub(super) breaks_failed: [u32; 2],
    /// Casualty points each side's units have taken.
    pub(super) casualty_points: [u32; 2],
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

    /// The current impulse of the turn.
    pub fn impulse(&self) -> u32 {
        self.impulse
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side holding the initiative this turn.
    pub fn initiative(&self) -> u8 {
        self.initiative
    }

    /// Where each piece stands (`NO_HEX`: eliminated), and what each
    /// hex holds.
    pub fn pos(&self) -> &Positions {
        &self.pos
    }

    /// Facing as a hexside index 0-5 (N6).
    pub fn facing(&self) -> &Vec<u8> {
        &self.facing
    }

    /// Whether each piece is in column.
    pub fn column(&self) -> &Vec<bool> {
        &self.column
    }

    /// Casualties each piece has taken.
    pub fn casualties(&self) -> &Vec<u32> {
        &self.casualties
    }

    /// Each force's leader factor now (a fallen leader's replacement is -1).
    pub fn leader_factor(&self) -> &Vec<i32> {
        &self.leader_factor
    }

    /// Each General's command factor: the printed one, or 1 for a
    /// replacement (N52).
    pub fn command_factor(&self) -> [u32; 2] {
        self.command_factor
    }

    /// The side that last had a unit in each victory location
    /// (`Board::victory`, same order), for `village_points: controlled`
    /// (N33).
    pub fn control(&self) -> &Vec<Option<u8>> {
        &self.control
    }

    /// Aides-de-camp each side has left.
    pub fn adcs(&self) -> [u32; 2] {
        self.adcs
    }

    /// Per force, fixed at the start of the impulse (N53).
    pub fn engaged(&self) -> &Vec<bool> {
        &self.engaged
    }

    /// Per piece, fixed at the start of the impulse (N70).
    pub fn isolated(&self) -> &Vec<bool> {
        &self.isolated
    }

    /// Whether each force has been activated this turn.
    pub fn activated(&self) -> &Vec<bool> {
        &self.activated
    }

    /// Sides that have ended their Maneuver & Combat this impulse, with
    /// forces alternating (N2 option).
    pub fn passed(&self) -> [bool; 2] {
        self.passed
    }

    /// Whether each force has rallied this turn.
    pub fn rallied(&self) -> &Vec<bool> {
        &self.rallied
    }

    /// Per force: under skirmishers' fire this impulse (N39).
    pub fn under_fire(&self) -> &Vec<bool> {
        &self.under_fire
    }

    /// Skirmishes declared this turn: (skirmishing force, target force).
    pub fn skirmishes(&self) -> &Vec<(u16, u16)> {
        &self.skirmishes
    }

    /// Bombardments declared: (gun, target).
    pub fn targets(&self) -> &Vec<(PieceIx, PieceIx)> {
        &self.targets
    }

    /// The force being activated, while one is.
    pub fn active(&self) -> &Option<Active> {
        &self.active
    }

    /// The combat being fought, while one is.
    pub fn combat(&self) -> &Option<Combat> {
        &self.combat
    }

    /// The decision the game waits for, if any.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Infantry, cavalry and artillery each side has lost (N98).
    pub fn lost(&self) -> [u32; 2] {
        self.lost
    }

    /// Impulses played in the game, all turns together (for batches).
    pub fn impulses_played(&self) -> u32 {
        self.impulses_played
    }

    /// Break tests each side has taken, and failed, in the Final Step.
    pub fn break_tests(&self) -> [u32; 2] {
        self.break_tests
    }

    /// Break tests each side has failed.
    pub fn breaks_failed(&self) -> [u32; 2] {
        self.breaks_failed
    }

    /// Casualty points each side's units have taken.
    pub fn casualty_points(&self) -> [u32; 2] {
        self.casualty_points
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> &Option<Outcome> {
        &self.outcome
    }
}

impl State {
    pub fn new(board: Arc<Board>) -> State {
        let n = board.pieces.len();
        let f = board.forces.len();
        State {
            pos: Positions::new(
                board
                    .pieces
                    .iter()
                    .map(|p| p.start.unwrap_or(NO_HEX))
                    .collect(),
                board.hexes.len(),
            ),
            facing: board.pieces.iter().map(|p| p.facing).collect(),
            column: board.pieces.iter().map(|p| p.column).collect(),
            casualties: board.pieces.iter().map(|p| p.casualties).collect(),
            leader_factor: board.forces.iter().map(|f| f.leader_factor).collect(),
            command_factor: [
                board.armies[0].command_factor,
                board.armies[1].command_factor,
            ],
            control: vec![None; board.victory.len()],
            passed: [false; 2],
            adcs: [0; 2],
            engaged: vec![false; f],
            isolated: vec![false; n],
            activated: vec![false; f],
            rallied: vec![false; f],
            under_fire: vec![false; f],
            skirmishes: Vec::new(),
            targets: Vec::new(),
            active: None,
            combat: None,
            pending: None,
            lost: [0; 2],
            impulses_played: 0,
            break_tests: [0; 2],
            breaks_failed: [0; 2],
            casualty_points: [0; 2],
            outcome: None,
            turn: 0,
            impulse: 0,
            phase: Phase::Skirmish { side: 0 },
            initiative: 0,
            board,
        }
    }

    pub fn on_map(&self, p: PieceIx) -> bool {
        self.pos[p as usize] != NO_HEX
    }

    fn kind(&self, p: PieceIx) -> PieceKind {
        self.board.pieces[p as usize].kind
    }

    fn side(&self, p: PieceIx) -> u8 {
        self.board.pieces[p as usize].side
    }

    /// Pieces in a hex.
    pub fn at(&self, h: HexIx) -> impl Iterator<Item = PieceIx> + '_ {
        self.pos.in_hex(h)
    }

    /// Infantry, cavalry and artillery of a side on the map.
    pub fn units_of(&self, side: u8) -> impl Iterator<Item = PieceIx> + '_ {
        (0..self.pos.len() as PieceIx)
            .filter(move |&p| self.on_map(p) && self.side(p) == side && self.kind(p).is_unit())
    }

    /// The distance from a piece to the nearest enemy unit (N5, N53).
    pub fn enemy_distance(&self, p: PieceIx) -> u32 {
        let h = self.pos[p as usize];
        if h == NO_HEX {
            return u32::MAX;
        }
        self.units_of(1 - self.side(p))
            .map(|e| self.board.distance(h, self.pos[e as usize]))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A force's units and leader still on the map.
    pub fn force_pieces(&self, f: u16) -> Vec<PieceIx> {
        self.force_pieces_iter(f).collect()
    }

    /// [`State::force_pieces`] without a vector (asked for every place a
    /// computer player scores).
    pub fn force_pieces_iter(&self, f: u16) -> impl Iterator<Item = PieceIx> + '_ {
        let info = &self.board.forces[f as usize];
        info.units
            .iter()
            .copied()
            .chain(std::iter::once(info.leader))
            .filter(|&p| self.on_map(p))
    }

    /// Engaged: a unit of the force within 3 hexes of an enemy unit (N53).
    pub fn is_engaged_now(&self, f: u16) -> bool {
        self.board.forces[f as usize]
            .units
            .iter()
            .any(|&u| self.on_map(u) && self.enemy_distance(u) <= 3)
    }

    /// Whether a piece's hex is a town (no facing there [3.8.1.2]).
    pub fn in_town(&self, p: PieceIx) -> bool {
        let h = self.pos[p as usize];
        h != NO_HEX && self.board.terrain[h as usize] == NapoleonTerrain::Town
    }

    /// Whether `dir` (from the piece's hex) crosses one of its front
    /// hexsides: F-1, F, F+1 (N6); all six in a town.
    pub fn is_front(&self, p: PieceIx, dir: u8) -> bool {
        self.in_town(p) || front_hexside(self.facing[p as usize], dir)
    }

    /// Whether a unit of `side` in `h` facing `facing` would face an enemy
    /// unit across one of its front hexsides (N70, N105).
    pub fn would_face_enemy(&self, h: HexIx, side: u8, facing: u8) -> bool {
        self.board.neighbours[h as usize]
            .iter()
            .enumerate()
            .any(|(d, &n)| {
                n != NO_HEX
                    && front_hexside(facing, d as u8)
                    && self
                        .at(n)
                        .any(|q| self.side(q) != side && self.kind(q).is_unit())
            })
    }

    /// Whether enemy unit `e` is across one of `p`'s front hexsides.
    pub fn faces(&self, p: PieceIx, e: PieceIx) -> bool {
        let (a, b) = (self.pos[p as usize], self.pos[e as usize]);
        self.board.dir_to(a, b).is_some_and(|d| self.is_front(p, d))
    }

    /// Enemy infantry and cavalry adjacent to a hex, in the order of the
    /// hexsides, then of the pieces.
    pub fn adjacent_enemy_troops(&self, h: HexIx, side: u8) -> Vec<PieceIx> {
        self.enemy_troops_around(h, side).map(|(_, q)| q).collect()
    }

    /// Each enemy infantry or cavalry unit adjacent to `h` with the hex it
    /// stands in (asked on every step and turn: nothing allocated).
    pub fn enemy_troops_around(
        &self,
        h: HexIx,
        side: u8,
    ) -> impl Iterator<Item = (HexIx, PieceIx)> + '_ {
        self.board.neighbours[h as usize]
            .iter()
            .filter(move |&&n| n != NO_HEX && n != h)
            .flat_map(move |&n| self.at(n).map(move |q| (n, q)))
            .filter(move |&(_, q)| self.side(q) != side && self.kind(q).is_troop())
    }

    /// Whether a hex lies in an enemy zone of control for `side` (N66):
    /// adjacent to an enemy infantry or cavalry unit (with `front_only`,
    /// across one of its front hexsides).
    pub fn in_enemy_zoc(&self, h: HexIx, side: u8) -> bool {
        let all = self.board.options.zoc_hexes == ZocHexes::AllAdjacent;
        self.enemy_troops_around(h, side).any(|(at, q)| {
            all || self
                .board
                .dir_to(at, h)
                .is_some_and(|d| self.is_front(q, d))
        })
    }

    /// Whether any enemy infantry or cavalry is adjacent to a hex (what
    /// `adjacent_enemy_troops(..).is_empty()` asks, without the list).
    pub fn has_adjacent_enemy_troop(&self, h: HexIx, side: u8) -> bool {
        self.enemy_troops_around(h, side).next().is_some()
    }

    /// Whether an enemy unit (infantry, cavalry or artillery; never an
    /// officer) stands next to `h`.
    pub fn has_adjacent_enemy_unit(&self, h: HexIx, side: u8) -> bool {
        self.board.neighbours[h as usize]
            .iter()
            .filter(|&&n| n != NO_HEX && n != h)
            .any(|&n| {
                self.at(n)
                    .any(|q| self.side(q) != side && self.kind(q).is_unit())
            })
    }

    /// Whether the hex holds a piece of the other side.
    pub fn enemy_in(&self, h: HexIx, side: u8) -> bool {
        self.at(h).any(|q| self.side(q) != side)
    }

    /// Whether the pieces in a hex make a legal stack [3.7.2.1] (N67).
    pub fn stack_legal(&self, pieces: &[PieceIx]) -> bool {
        self.stack_legal_of(pieces.iter().copied())
    }

    /// [`State::stack_legal`] of the pieces an iterator gives, counted
    /// as they come (asked on every step, so nothing is collected).
    fn stack_legal_of(&self, pieces: impl Iterator<Item = PieceIx>) -> bool {
        let (mut troops, mut guns, mut leaders, mut generals, mut count) = (0, 0, 0, 0, 0);
        let mut first = None;
        let mut mixed = false;
        for p in pieces {
            count += 1;
            match self.kind(p) {
                k if k.is_troop() => troops += 1,
                k if k.is_gun() => guns += 1,
                PieceKind::Leader => leaders += 1,
                _ => generals += 1,
            }
            // One force and one side to a stack.
            let key = (self.board.pieces[p as usize].force, self.side(p));
            match first {
                None => first = Some(key),
                Some(k) => mixed |= k != key,
            }
        }
        if generals > 0 {
            return count == 1;
        }
        !mixed && troops <= 1 && leaders <= 1 && guns <= if troops == 1 { 1 } else { 2 }
    }

    /// Whether the pieces in hex `h`, with `p` added if it is not there
    /// yet, make a legal stack (N67).
    pub fn stack_legal_with(&self, p: PieceIx, h: HexIx) -> bool {
        self.stack_legal_of(self.at(h).filter(|&q| q != p).chain(std::iter::once(p)))
    }

    /// The force's pieces on the map in connected groups under hex
    /// adjacency (N69): pieces in one hex or in adjacent hexes are in one
    /// group, units in towns included, so a garrison links its
    /// neighbours (N106). Each group lists its pieces in the force's
    /// order; the groups come in the order of their first piece.
    pub fn groups(&self, f: u16) -> Vec<Vec<PieceIx>> {
        let pieces = self.force_pieces(f);
        let mut group = vec![usize::MAX; pieces.len()];
        let mut groups: Vec<Vec<PieceIx>> = Vec::new();
        for start in 0..pieces.len() {
            if group[start] != usize::MAX {
                continue;
            }
            let g = groups.len();
            group[start] = g;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(i);
                let hi = self.pos[pieces[i] as usize];
                for j in 0..pieces.len() {
                    if group[j] == usize::MAX
                        && self.board.distance(hi, self.pos[pieces[j] as usize]) <= 1
                    {
                        group[j] = g;
                        stack.push(j);
                    }
                }
            }
            members.sort_unstable();
            groups.push(members.into_iter().map(|i| pieces[i]).collect());
        }
        groups
    }

    /// Whether the force is contiguous (N69): every piece not in a town
    /// is in one connected group; a unit in a town counts as connected
    /// wherever it stands [3.7.2.5], and links the pieces around it
    /// (N106). Which piece comes first in the force does not matter.
    pub fn contiguous(&self, f: u16) -> bool {
        self.groups(f)
            .iter()
            .filter(|g| g.iter().any(|&p| !self.in_town(p)))
            .count()
            <= 1
    }

    /// The force's main body (N70, N106): the connected group holding
    /// its leader; with the leader gone, the group with the most pieces,
    /// and among equals the one holding the lowest hex label.
    pub fn main_body(&self, f: u16) -> Vec<PieceIx> {
        let leader = self.board.forces[f as usize].leader;
        let groups = self.groups(f);
        if let Some(g) = groups.iter().find(|g| g.contains(&leader)) {
            return g.clone();
        }
        let lowest = |g: &Vec<PieceIx>| {
            g.iter()
                .map(|&p| self.board.hex(self.pos[p as usize]))
                .min()
        };
        groups
            .into_iter()
            .min_by(|a, b| {
                b.len()
                    .cmp(&a.len())
                    .then_with(|| lowest(a).cmp(&lowest(b)))
            })
            .unwrap_or_default()
    }

    /// Units of a force outside the main body, not in towns (N70, N106).
    pub fn isolated_now(&self, f: u16) -> Vec<PieceIx> {
        let body = self.main_body(f);
        self.force_pieces(f)
            .into_iter()
            .filter(|p| !body.contains(p) && !self.in_town(*p) && self.kind(*p).is_unit())
            .collect()
    }

    /// Whether a unit is vulnerable (N93): in column, in a ford, bridge
    /// or defile, or cavalry in difficult ground.
    pub fn vulnerable(&self, p: PieceIx) -> bool {
        let h = self.pos[p as usize];
        if h == NO_HEX {
            return false;
        }
        let t = self.board.terrain[h as usize];
        self.column[p as usize]
            || matches!(
                t,
                NapoleonTerrain::Ford | NapoleonTerrain::Bridge | NapoleonTerrain::Defile
            )
            || (self.kind(p) == PieceKind::Cavalry && t == NapoleonTerrain::Difficult)
    }

    /// Exhausted (N56): half its infantry and cavalry lost, and every
    /// survivor carrying casualties.
    pub fn exhausted(&self, f: u16) -> bool {
        let info = &self.board.forces[f as usize];
        let troops: Vec<_> = info
            .units
            .iter()
            .filter(|&&u| self.kind(u).is_troop())
            .collect();
        let alive: Vec<_> = troops.iter().filter(|&&&u| self.on_map(u)).collect();
        let lost = troops.len() - alive.len();
        2 * lost >= info.troops_at_start as usize
            && alive.iter().all(|&&&u| self.casualties[u as usize] >= 1)
    }

    /// Why a piece may not stand in a hex because of its terrain, with the
    /// section, or `None` (N92, N94, N95, N97).
    pub fn terrain_bars(&self, p: PieceIx, h: HexIx) -> Option<(&'static str, &'static str)> {
        self.board
            .terrain_bars(self.kind(p), self.column[p as usize], h)
    }

    /// The hill feature and elevation of a hex, for height (N90).
    pub fn height_of(&self, h: HexIx) -> (i32, Option<u16>) {
        (
            self.board.elevation[h as usize],
            self.board.hill[h as usize],
        )
    }

    /// Whether the active activation belongs to `side`.
    pub fn active_side(&self) -> Option<u8> {
        self.active
            .as_ref()
            .map(|a| self.board.forces[a.force as usize].side)
    }
}
