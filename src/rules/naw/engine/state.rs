//! The dynamic game state and the queries the UI and computer players ask:
//! where units are, what is in a Zone of Control, where a unit can move,
//! what an attack's odds are, and what the combat obligations are.

use super::board::{Board, HexIx, NO_HEX, UnitIx};
use super::types::{Outcome, Phase, RuleError};
use crate::hex::Hex;
use crate::scenario::{CombatResult, Odds, UnitKind};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::sync::Arc;

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    /// Not yet on the map (a reinforcement, or held for a variant).
    Waiting,
    OnMap(HexIx),
    Eliminated,
    Exited,
}

/// A decision the current attack is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Retreat {
        unit: UnitIx,
        chooser: u8,
        optional: bool,
    },
    Losses {
        at_least: u32,
    },
    Advance {
        side: u8,
        units: Vec<UnitIx>,
        hexes: Vec<HexIx>,
    },
}

/// The attack being resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub attacker_side: u8,
    pub attackers: Vec<UnitIx>,
    pub bombarding: Vec<UnitIx>,
    pub defenders: Vec<UnitIx>,
    pub result: Option<CombatResult>,
    pub steps: VecDeque<Step>,
    /// Hexes vacated by the result, in order, with the side that left them.
    pub vacated: Vec<(HexIx, u8)>,
    /// Units that have retreated (or been displaced) in this attack: none
    /// may be displaced again, so a chain of displacements always ends
    /// [6.5].
    pub retreated: Vec<UnitIx>,
    pub advance_done: bool,
}

/// The whole dynamic state of a Napoleon at Waterloo game.
#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Arc<Board>,
    pub(super) turn: u32,
    /// Index of the side whose Player-Turn it is.
    pub(super) phasing: u8,
    pub(super) phase: Phase,
    pub(super) pos: Vec<Pos>,
    /// Game-Turn each waiting unit may enter (variants applied), if ever.
    pub(super) arrival: Vec<Option<u32>>,
    pub(super) mp_spent: Vec<u32>,
    /// Units that have moved this phase.
    pub(super) moved: Vec<bool>,
    /// The unit that moved last: the only moved unit that may go on moving.
    pub(super) last_moved: Option<UnitIx>,
    pub(super) losses: [u32; 2],
    pub(super) exited: [u32; 2],
    pub(super) demoralized: [bool; 2],
    pub(super) chits: Option<[u32; 2]>,
    /// Combat obligations fixed when the Movement Phase ended [5.1]: the
    /// phasing units then in an enemy Zone of Control, and the enemy units
    /// with a phasing unit in theirs.
    pub(super) must_attack: Vec<UnitIx>,
    pub(super) must_be_attacked: Vec<UnitIx>,
    /// Units that attacked or were attacked this Combat Phase [5.2].
    pub(super) involved: Vec<bool>,
    pub(super) pending: Option<Pending>,
    pub(super) outcome: Option<Outcome>,
    /// Derived from `pos`, updated with it.
    pub(super) occ: Occupancy,
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

    /// Index of the side whose Player-Turn it is.
    pub fn phasing(&self) -> u8 {
        self.phasing
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Where each unit is.
    pub fn pos(&self) -> &Vec<Pos> {
        &self.pos
    }

    /// Game-Turn each waiting unit may enter (variants applied), if ever.
    pub fn arrival(&self) -> &Vec<Option<u32>> {
        &self.arrival
    }

    /// Movement points each unit has spent this phase.
    pub fn mp_spent(&self) -> &Vec<u32> {
        &self.mp_spent
    }

    /// Units that have moved this phase.
    pub fn moved(&self) -> &Vec<bool> {
        &self.moved
    }

    /// The unit that moved last: the only moved unit that may go on moving.
    pub fn last_moved(&self) -> Option<UnitIx> {
        self.last_moved
    }

    /// Strength points each side has lost.
    pub fn losses(&self) -> [u32; 2] {
        self.losses
    }

    /// Strength points each side has exited off the map.
    pub fn exited(&self) -> [u32; 2] {
        self.exited
    }

    /// Whether each side is demoralized.
    pub fn demoralized(&self) -> [bool; 2] {
        self.demoralized
    }

    /// The combat chits each side holds, where the scenario uses them.
    pub fn chits(&self) -> Option<[u32; 2]> {
        self.chits
    }

    /// Combat obligations fixed when the Movement Phase ended [5.1]: the
    /// phasing units then in an enemy Zone of Control, and the enemy units
    /// with a phasing unit in theirs.
    pub fn must_attack(&self) -> &Vec<UnitIx> {
        &self.must_attack
    }

    /// Enemy units that must be attacked this Combat Phase.
    pub fn must_be_attacked(&self) -> &Vec<UnitIx> {
        &self.must_be_attacked
    }

    /// Units that attacked or were attacked this Combat Phase [5.2].
    pub fn involved(&self) -> &Vec<bool> {
        &self.involved
    }

    /// The decision the game waits for, if any.
    pub fn pending(&self) -> &Option<Pending> {
        &self.pending
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> &Option<Outcome> {
        &self.outcome
    }

    /// Derived from `pos`, updated with it.
    pub fn occ(&self) -> &Occupancy {
        &self.occ
    }
}

/// Who stands where, kept up to date as units move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// First unit in each hex, or `UnitIx::MAX`.
    pub first: Vec<UnitIx>,
    pub count: Vec<u8>,
    /// The side standing in each hex, or `NO_SIDE` (sides never share a
    /// hex): Zone of Control tests read only this.
    pub side: Vec<u8>,
}

/// `Occupancy::side` of an empty hex.
pub const NO_SIDE: u8 = u8::MAX;

impl Occupancy {
    pub fn unit(&self, h: HexIx) -> Option<UnitIx> {
        let u = *self.first.get(h as usize)?;
        (u != UnitIx::MAX).then_some(u)
    }
}

/// A hex a unit can reach this Movement Phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: Hex,
    pub cost: u32,
    /// The hexes entered, in order (the start excluded).
    pub path: Vec<Hex>,
    /// Entering it stops the unit: it is in an enemy Zone of Control [4.5].
    pub stops: bool,
    /// A friendly unit stands there: passing is fine, ending is not [4.4].
    pub friendly: bool,
}

/// Every hex one unit can reach, with its cost and the hex it is entered
/// from, kept sparse (only the hexes reached), so a computer player can
/// keep one for every unit of a large battle (see [`State::reach_into`],
/// which searches in a [`ReachScratch`] sized to the board and copies out
/// what it found).
#[derive(Clone, Debug, Default)]
pub struct ReachMap {
    /// Where the unit starts (`NO_HEX` when it may not move).
    pub start: HexIx,
    /// The hexes it can reach, its start excluded, in the order found.
    pub hexes: Vec<HexIx>,
    /// (hex, cost, previous hex) of every hex reached, the start
    /// excluded, sorted by hex.
    found: Vec<(HexIx, u32, HexIx)>,
}

/// The working tables of a movement search, sized to the board and reused
/// from search to search: one per searcher, not one per unit.
#[derive(Clone, Debug, Default)]
pub struct ReachScratch {
    cost: Vec<u32>,
    prev: Vec<HexIx>,
    /// The hexes whose cost is set, to clear them after the search.
    touched: Vec<HexIx>,
    queue: CostQueue,
}

/// The priority queue of the movement search: one bucket per cost below
/// `CostQueue::BUCKETS` (movement costs are small integers), a heap above.
/// Pops the lowest cost, and among equal costs the lowest hex index, like
/// a binary heap of `(cost, hex)` would, so paths do not depend on it.
#[derive(Clone, Debug, Default)]
struct CostQueue {
    /// Each bucket sorted by descending hex, so `pop` takes the lowest.
    buckets: Vec<Vec<HexIx>>,
    cur: usize,
    high: BinaryHeap<Reverse<(u32, HexIx)>>,
}

impl CostQueue {
    const BUCKETS: u32 = 64;

    fn clear(&mut self) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.cur = 0;
        self.high.clear();
    }

    fn push(&mut self, cost: u32, h: HexIx) {
        if cost < Self::BUCKETS {
            let c = cost as usize;
            if self.buckets.len() <= c {
                self.buckets.resize_with(c + 1, Vec::new);
            }
            let b = &mut self.buckets[c];
            let i = b.partition_point(|&x| x > h);
            b.insert(i, h);
            self.cur = self.cur.min(c);
        } else {
            self.high.push(Reverse((cost, h)));
        }
    }

    fn pop(&mut self) -> Option<(u32, HexIx)> {
        while self.cur < self.buckets.len() {
            if let Some(h) = self.buckets[self.cur].pop() {
                return Some((self.cur as u32, h));
            }
            self.cur += 1;
        }
        self.high.pop().map(|Reverse(x)| x)
    }
}

impl ReachScratch {
    /// Ready for a search on a board of `n` hexes: every cost unset.
    fn reset(&mut self, n: usize) {
        if self.cost.len() != n {
            self.cost = vec![u32::MAX; n];
            self.prev = vec![NO_HEX; n];
        } else {
            for &h in &self.touched {
                self.cost[h as usize] = u32::MAX;
            }
        }
        self.touched.clear();
        self.queue.clear();
    }

    fn set(&mut self, h: HexIx, cost: u32, prev: HexIx) {
        if self.cost[h as usize] == u32::MAX {
            self.touched.push(h);
        }
        self.cost[h as usize] = cost;
        self.prev[h as usize] = prev;
    }
}

impl ReachMap {
    /// Movement points to reach `h`, if it can be reached (0 for the start).
    pub fn cost(&self, h: HexIx) -> Option<u32> {
        if h == self.start && h != NO_HEX {
            return Some(0);
        }
        self.entry(h).map(|(_, c, _)| c)
    }

    fn entry(&self, h: HexIx) -> Option<(HexIx, u32, HexIx)> {
        let i = self.found.binary_search_by_key(&h, |e| e.0).ok()?;
        Some(self.found[i])
    }

    /// The hexes entered on the cheapest way to `h`, in order (the start
    /// excluded); empty if `h` is not reachable.
    pub fn path(&self, board: &Board, h: HexIx) -> Vec<Hex> {
        let Some((_, _, mut cur)) = self.entry(h) else {
            return vec![];
        };
        let mut path = vec![board.hex(h)];
        while cur != self.start && cur != NO_HEX {
            path.push(board.hex(cur));
            cur = self.entry(cur).map_or(NO_HEX, |e| e.2);
        }
        path.reverse();
        path
    }
}

/// The odds of a proposed attack, for the odds panel [6.2].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackOdds {
    pub attack: u32,
    /// Defence strength after terrain.
    pub defence: u32,
    /// Defenders whose strength terrain multiplies.
    pub doubled: Vec<UnitIx>,
    /// The simplified ratio, rounded in the defender's favour (`"2:1"`).
    pub ratio: String,
    /// CRT column from the strengths (clamped to the table).
    pub column: usize,
    /// Column after a voluntary reduction and demoralization [8.2].
    pub final_column: usize,
}

/// One attack of a suggested complete assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub attackers: Vec<UnitIx>,
    pub bombarding: Vec<UnitIx>,
    pub defenders: Vec<UnitIx>,
}

impl State {
    pub fn unit_hex(&self, u: UnitIx) -> Option<HexIx> {
        match self.pos[u as usize] {
            Pos::OnMap(h) => Some(h),
            _ => None,
        }
    }

    pub fn side_of(&self, u: UnitIx) -> u8 {
        self.board.unit(u).side
    }

    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }

    /// Builds the occupancy from positions (at setup).
    pub(crate) fn build_occupancy(board: &super::board::Board, pos: &[Pos]) -> Occupancy {
        let n = board.hexes.len();
        let mut occ = Occupancy {
            first: vec![UnitIx::MAX; n],
            count: vec![0; n],
            side: vec![NO_SIDE; n],
        };
        for (i, p) in pos.iter().enumerate() {
            if let Pos::OnMap(h) = *p {
                let h = h as usize;
                if occ.count[h] == 0 {
                    occ.first[h] = i as UnitIx;
                    occ.side[h] = board.units[i].side;
                }
                occ.count[h] = occ.count[h].saturating_add(1);
            }
        }
        occ
    }

    /// Moves a unit, keeping the occupancy in step. Used only by `apply`.
    pub(crate) fn set_pos(&mut self, u: usize, p: Pos) {
        if let Pos::OnMap(h) = self.pos[u] {
            let h = h as usize;
            self.occ.count[h] = self.occ.count[h].saturating_sub(1);
            if self.occ.count[h] == 0 {
                self.occ.first[h] = UnitIx::MAX;
                self.occ.side[h] = NO_SIDE;
            } else if self.occ.first[h] as usize == u {
                self.occ.first[h] = (0..self.pos.len())
                    .find(|&x| x != u && self.pos[x] == Pos::OnMap(h as HexIx))
                    .map_or(UnitIx::MAX, |x| x as UnitIx);
            }
        }
        if let Pos::OnMap(h) = p {
            let h = h as usize;
            if self.occ.count[h] == 0 {
                self.occ.first[h] = u as UnitIx;
                self.occ.side[h] = self.board.units[u].side;
            }
            self.occ.count[h] = self.occ.count[h].saturating_add(1);
        }
        self.pos[u] = p;
    }

    /// Whether hex `h` is in the Zone of Control of a unit of the side that
    /// opposes `side` [4.5].
    pub fn in_enemy_zoc(&self, occ: &Occupancy, h: HexIx, side: u8) -> bool {
        self.board
            .info(h)
            .neighbours
            .iter()
            .any(|&n| n != NO_HEX && Self::enemy_side(occ, n, side))
    }

    #[inline]
    fn enemy_side(occ: &Occupancy, h: HexIx, side: u8) -> bool {
        occ.side
            .get(h as usize)
            .is_some_and(|&s| s != NO_SIDE && s != side)
    }

    /// Whether an enemy (of `side`) stands in `h`.
    pub fn enemy_at(&self, occ: &Occupancy, h: HexIx, side: u8) -> bool {
        Self::enemy_side(occ, h, side)
    }

    pub fn friendly_at(&self, occ: &Occupancy, h: HexIx, side: u8) -> bool {
        occ.unit(h).is_some_and(|u| self.side_of(u) == side)
    }

    /// Enemy units adjacent to a unit.
    pub fn adjacent_enemies(&self, occ: &Occupancy, u: UnitIx) -> Vec<UnitIx> {
        let Some(h) = self.unit_hex(u) else {
            return vec![];
        };
        let side = self.side_of(u);
        self.board
            .info(h)
            .neighbours
            .iter()
            .filter(|&&n| n != NO_HEX)
            .filter_map(|&n| occ.unit(n))
            .filter(|&e| self.side_of(e) != side)
            .collect()
    }

    /// Whether an enemy stands next to the unit; with `free_only`, one not
    /// yet involved in an attack. Allocation-free, for hot paths.
    pub fn touches_enemy(&self, u: UnitIx, free_only: bool) -> bool {
        let Some(h) = self.unit_hex(u) else {
            return false;
        };
        let side = self.side_of(u);
        self.board.info(h).neighbours.iter().any(|&n| {
            n != NO_HEX
                && self.occ.unit(n).is_some_and(|e| {
                    self.side_of(e) != side && (!free_only || !self.involved[e as usize])
                })
        })
    }

    pub fn adjacent(&self, a: UnitIx, b: UnitIx) -> bool {
        match (self.unit_hex(a), self.unit_hex(b)) {
            (Some(x), Some(y)) => self.board.info(x).neighbours.contains(&y),
            _ => false,
        }
    }

    /// Why `u` may not start or continue a move now, if it may not: not
    /// on the map, already moved (units move one at a time, so a unit
    /// that entered or moved is done once another has moved) [4.0], or in
    /// an enemy Zone of Control [4.5]. Its [`State::movement_left`] is then
    /// of no use to it.
    pub fn cannot_move(&self, u: UnitIx) -> Option<RuleError> {
        if self.phase != Phase::Movement {
            return Some(RuleError::WrongPhase {
                side: self.board.sides[self.phasing as usize].clone(),
                phase: self.phase,
            });
        }
        self.can_start_moving(self.occupancy(), u).err()
    }

    pub fn movement_left(&self, u: UnitIx) -> u32 {
        self.board
            .unit(u)
            .movement
            .saturating_sub(self.mp_spent[u as usize])
    }

    /// Every hex the unit could move to now, with cost and path [4.1]-[4.5];
    /// empty when it may not move at all.
    pub fn reachable(&self, u: UnitIx) -> Vec<Reach> {
        let mut map = ReachMap::default();
        self.reach_into(u, &mut map, &mut ReachScratch::default());
        let occ = self.occupancy();
        let side = self.side_of(u);
        let mut hexes = map.hexes.clone();
        hexes.sort_unstable();
        hexes
            .into_iter()
            .map(|h| Reach {
                hex: self.board.hex(h),
                cost: map.cost(h).unwrap_or(0),
                path: map.path(&self.board, h),
                stops: self.in_enemy_zoc(occ, h, side),
                friendly: self.friendly_at(occ, h, side),
            })
            .collect()
    }

    /// The movement search behind [`State::reachable`], into a reusable map
    /// and without building paths: computer players ask it for every unit
    /// of every Movement Phase [4.1]-[4.5]. Leaves the map empty when the
    /// unit may not move.
    pub fn reach_into(&self, u: UnitIx, map: &mut ReachMap, scratch: &mut ReachScratch) {
        map.hexes.clear();
        map.found.clear();
        map.start = NO_HEX;
        let Some(start) = self.unit_hex(u) else {
            return;
        };
        if self.phase != Phase::Movement
            || self.side_of(u) != self.phasing
            || (self.moved[u as usize] && self.last_moved != Some(u))
        {
            return;
        }
        let occ = self.occupancy();
        let side = self.side_of(u);
        if self.in_enemy_zoc(occ, start, side) {
            return;
        }
        let budget = self.movement_left(u);
        map.start = start;
        let sc = scratch;
        sc.reset(self.board.hexes.len());
        sc.set(start, 0, NO_HEX);
        sc.queue.push(0, start);
        while let Some((cost, h)) = sc.queue.pop() {
            if cost > sc.cost[h as usize] {
                continue;
            }
            // A unit that entered an enemy ZOC stops there.
            if h != start && self.in_enemy_zoc(occ, h, side) {
                continue;
            }
            for (d, &nb) in self.board.info(h).neighbours.iter().enumerate() {
                if nb == NO_HEX || !self.board.can_cross_dir(h, d) || self.enemy_at(occ, nb, side) {
                    continue;
                }
                let c = cost.saturating_add(self.board.step_cost(h, d));
                let old = sc.cost[nb as usize];
                if c <= budget && c < old {
                    if old == u32::MAX {
                        map.hexes.push(nb);
                    }
                    sc.set(nb, c, h);
                    sc.queue.push(c, nb);
                }
            }
        }
        map.found.extend(
            map.hexes
                .iter()
                .map(|&h| (h, sc.cost[h as usize], sc.prev[h as usize])),
        );
        map.found.sort_unstable_by_key(|e| e.0);
    }

    /// Reinforcements of the phasing side that may enter now, with their
    /// legal entry hexes [7.0]-[7.2].
    pub fn available_reinforcements(&self) -> Vec<(UnitIx, Vec<HexIx>)> {
        if self.phase != Phase::Movement || self.outcome.is_some() {
            return vec![];
        }
        let occ = self.occupancy();
        let mut out = Vec::new();
        for (i, info) in self.board.units.iter().enumerate() {
            let u = i as UnitIx;
            if info.side != self.phasing
                || self.pos[i] != Pos::Waiting
                || self.arrival[i].is_none_or(|t| t > self.turn)
            {
                continue;
            }
            let hexes: Vec<HexIx> = info
                .entry
                .iter()
                .copied()
                .filter(|&h| self.entry_problem(occ, u, h).is_none())
                .collect();
            out.push((u, hexes));
        }
        out
    }

    /// Why a unit may not enter at `h`, if it may not [7.2].
    pub fn entry_problem(&self, occ: &Occupancy, u: UnitIx, h: HexIx) -> Option<&'static str> {
        if h == NO_HEX || !self.board.info(h).on_map {
            return Some("off the map");
        }
        let side = self.side_of(u);
        let Some(cost) = self.board.info(h).cost else {
            return Some("impassable");
        };
        if self.enemy_at(occ, h, side) || self.in_enemy_zoc(occ, h, side) {
            return Some("enemy");
        }
        if cost > self.board.unit(u).movement {
            return Some("cost");
        }
        if self.friendly_at(occ, h, side) {
            return Some("stack");
        }
        None
    }

    /// Attack and defence totals, ratio and CRT column of a proposed attack
    /// [6.1]-[6.2], with an optional lower column and demoralization [8.2].
    pub fn odds(
        &self,
        attackers: &[UnitIx],
        bombarding: &[UnitIx],
        defenders: &[UnitIx],
        lower_to: Option<usize>,
    ) -> AttackOdds {
        let b = &self.board;
        let attack: u32 = attackers
            .iter()
            .chain(bombarding)
            .map(|&u| b.unit(u).strength)
            .sum();
        let mut defence = 0;
        let mut doubled = Vec::new();
        for &d in defenders {
            let m = self.unit_hex(d).map_or(1, |h| b.info(h).defence_multiplier);
            if m > 1 {
                doubled.push(d);
            }
            defence += b.unit(d).strength * m;
        }
        let ratio = if defence == 0 || attack == 0 {
            "-".to_string()
        } else if attack >= defence {
            format!("{}:1", attack / defence)
        } else {
            format!("1:{}", defence.div_ceil(attack))
        };
        let column = column_for(&b.crt.columns, attack, defence);
        let attacker_side = attackers
            .first()
            .or(bombarding.first())
            .map(|&u| self.side_of(u))
            .unwrap_or(self.phasing);
        AttackOdds {
            attack,
            defence,
            doubled,
            ratio,
            column,
            final_column: self
                .final_column(attacker_side, lower_to.map_or(column, |l| l.min(column))),
        }
    }

    /// A defender's strength after terrain [6.2] (its printed strength when
    /// it is off the map).
    pub fn defence_strength(&self, d: UnitIx) -> u32 {
        let m = self
            .unit_hex(d)
            .map_or(1, |h| self.board.info(h).defence_multiplier);
        self.board.unit(d).strength * m
    }

    /// The CRT column an attack by `attacker_side` is resolved on, from the
    /// column its strengths (or the attacker's choice) give, after
    /// demoralization shifts it [8.2].
    pub fn final_column(&self, attacker_side: u8, column: usize) -> usize {
        let mut col = column as i64;
        if self.demoralized[attacker_side as usize] {
            col -= 1;
        }
        if self.demoralized[Board::other(attacker_side) as usize] {
            col += 1;
        }
        let max = self.board.crt.columns.len().saturating_sub(1) as i64;
        col.clamp(0, max) as usize
    }

    /// Required attackers: phasing units that must still attack and are
    /// still in contact with an enemy they were in contact with when the
    /// Movement Phase ended and that can still be attacked (an obligation
    /// lapses when a combat result removes the contact, RULINGS R7) [5.1].
    pub fn required_attackers(&self) -> Vec<UnitIx> {
        let mut free = self.flags(&self.must_be_attacked);
        for (f, &inv) in free.iter_mut().zip(&self.involved) {
            *f &= !inv;
        }
        self.must_attack
            .iter()
            .copied()
            .filter(|&u| !self.involved[u as usize])
            .filter(|&u| self.next_to_flagged(u, &free))
            .collect()
    }

    /// One flag per unit: whether it is in `list`.
    pub(crate) fn flags(&self, list: &[UnitIx]) -> Vec<bool> {
        let mut f = vec![false; self.pos.len()];
        for &u in list {
            f[u as usize] = true;
        }
        f
    }

    /// The units standing in hex `h` (at most one outside the Movement
    /// Phase, where stacks never remain).
    pub(crate) fn for_units_in(&self, h: HexIx, mut f: impl FnMut(UnitIx)) {
        match self.occ.count.get(h as usize).copied().unwrap_or(0) {
            0 => {}
            1 => {
                if let Some(u) = self.occ.unit(h) {
                    f(u);
                }
            }
            _ => {
                for (u, p) in self.pos.iter().enumerate() {
                    if *p == Pos::OnMap(h) {
                        f(u as UnitIx);
                    }
                }
            }
        }
    }

    /// Whether a unit on the map stands next to a unit flagged in `flags`:
    /// what `list.iter().any(|&e| self.adjacent(u, e))` asks, found through
    /// the six neighbouring hexes instead of the whole list (obligation
    /// queries were quadratic in the units in contact).
    pub(crate) fn next_to_flagged(&self, u: UnitIx, flags: &[bool]) -> bool {
        let Some(h) = self.unit_hex(u) else {
            return false;
        };
        let mut found = false;
        for &n in &self.board.info(h).neighbours {
            if n != NO_HEX && !found {
                self.for_units_in(n, |x| found |= flags[x as usize]);
            }
        }
        found
    }

    /// Required defenders: enemy units that must still be attacked and still
    /// have adjacent a phasing unit that was in their Zone of Control when
    /// the Movement Phase ended [5.1], [5.6].
    pub fn required_defenders(&self) -> Vec<UnitIx> {
        let attackers = self.flags(&self.must_attack);
        self.must_be_attacked
            .iter()
            .copied()
            .filter(|&e| !self.involved[e as usize])
            .filter(|&e| self.next_to_flagged(e, &attackers))
            .collect()
    }

    /// Whether artillery `a` could bombard defender `d` now [5.6]-[5.8].
    pub fn can_bombard(&self, occ: &Occupancy, a: UnitIx, d: UnitIx) -> bool {
        let b = &self.board;
        if b.unit(a).kind != UnitKind::Artillery {
            return false;
        }
        let (Some(ha), Some(hd)) = (self.unit_hex(a), self.unit_hex(d)) else {
            return false;
        };
        // The cheap test first: most pairs asked about are out of range.
        b.distance(ha, hd) == 2
            && !self.in_enemy_zoc(occ, ha, self.side_of(a))
            && !b.line_of_sight_blocked(ha, hd)
    }

    /// A complete legal assignment of the remaining combat obligations (the
    /// "suggest attacks" helper), or `None` if none exists [5.1]-[5.8].
    /// `exclude` leaves one unit out (to test whether artillery owes a
    /// required bombardment [6.5]).
    pub fn suggest_attacks(&self, exclude: Option<UnitIx>) -> Option<Vec<Proposal>> {
        let mut involved = self.involved.clone();
        if let Some(x) = exclude {
            involved[x as usize] = true;
        }
        self.solve(involved)
    }

    /// The search behind [`State::suggest_attacks`], with `involved` marking
    /// the units already used.
    pub(crate) fn solve(&self, involved: Vec<bool>) -> Option<Vec<Proposal>> {
        let occ = self.occupancy();
        // Strict: every must-attack unit in contact with any enemy, even an
        // already attacked one (it would then be stranded).
        let targets = self.flags(&self.must_be_attacked);
        let ra: Vec<UnitIx> = self
            .must_attack
            .iter()
            .copied()
            .filter(|&u| !involved[u as usize])
            .filter(|&u| self.next_to_flagged(u, &targets))
            .collect();
        let mut ra_index = vec![u32::MAX; self.pos.len()];
        for (i, &u) in ra.iter().enumerate() {
            ra_index[u as usize] = i as u32;
        }
        let rd: Vec<UnitIx> = self
            .required_defenders()
            .into_iter()
            .filter(|&d| !involved[d as usize])
            .collect();
        let artillery: Vec<UnitIx> = self.board.artillery[self.phasing as usize]
            .iter()
            .copied()
            .filter(|&u| !involved[u as usize] && self.unit_hex(u).is_some())
            .collect();
        let mut search = Search {
            st: self,
            occ,
            ra,
            ra_index,
            rd,
            artillery,
            involved,
            out: Vec::new(),
            budget: 50_000,
        };
        search.run().then_some(search.out)
    }
}

/// The CRT column for the strengths: the best column whose odds do not
/// exceed the actual ratio (so ratios round in the defender's favour),
/// clamped to the table's ends [6.2].
pub fn column_for(columns: &[Odds], attack: u32, defence: u32) -> usize {
    let mut best = 0;
    for (i, c) in columns.iter().enumerate() {
        if (c.attack as u64) * (defence as u64) <= (attack as u64) * (c.defence as u64) {
            best = i;
        }
    }
    best
}

/// At most six units: the enemies around one hex. Fixed size, so the
/// obligations search allocates nothing per step.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Six {
    items: [UnitIx; 6],
    len: u8,
}

impl Six {
    fn push(&mut self, u: UnitIx) {
        if (self.len as usize) < 6 {
            self.items[self.len as usize] = u;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[UnitIx] {
        &self.items[..self.len as usize]
    }
    fn contains(&self, u: UnitIx) -> bool {
        self.as_slice().contains(&u)
    }
}

struct Search<'a> {
    st: &'a State,
    occ: &'a Occupancy,
    ra: Vec<UnitIx>,
    /// Each unit's place in `ra` (`u32::MAX` if not there).
    ra_index: Vec<u32>,
    rd: Vec<UnitIx>,
    artillery: Vec<UnitIx>,
    involved: Vec<bool>,
    out: Vec<Proposal>,
    budget: u32,
}

impl Search<'_> {
    /// Enemies adjacent to `u` not yet involved in an attack.
    fn free_enemies(&self, u: UnitIx) -> Six {
        let mut out = Six::default();
        let Some(h) = self.st.unit_hex(u) else {
            return out;
        };
        let side = self.st.side_of(u);
        for &n in &self.st.board.info(h).neighbours {
            if n == NO_HEX {
                continue;
            }
            if let Some(e) = self.occ.unit(n)
                && self.st.side_of(e) != side
                && !self.involved[e as usize]
            {
                out.push(e);
            }
        }
        out
    }

    /// Depth-first search over the attacks that meet the obligations, with
    /// an explicit stack: a scenario with thousands of units in contact
    /// once overflowed the thread's stack when this recursed [5.1].
    /// Candidates are tried in the order the recursive search tried them,
    /// and the same step budget bounds it, so it finds the same assignment.
    fn run(&mut self) -> bool {
        let mut stack: Vec<(Vec<Proposal>, usize)> = Vec::new();
        match self.expand() {
            Expand::Done => return true,
            Expand::Fail => return false,
            Expand::Choices(c) => stack.push((c, 0)),
        }
        loop {
            let Some((cands, next)) = stack.last_mut() else {
                return false;
            };
            let Some(p) = cands.get(*next).cloned() else {
                // Every choice at this level failed: take back the attack
                // that led here and go on with the level below.
                stack.pop();
                if !stack.is_empty() {
                    self.undo_last();
                }
                continue;
            };
            *next += 1;
            self.push(p);
            match self.expand() {
                Expand::Done => return true,
                Expand::Fail => self.undo_last(),
                Expand::Choices(c) => stack.push((c, 0)),
            }
        }
    }

    /// One step of the search: whether every obligation is met, none can
    /// be, or which attacks to try next, in order.
    fn expand(&mut self) -> Expand {
        if self.budget == 0 {
            return Expand::Fail;
        }
        self.budget -= 1;
        // The required attacker with the fewest choices first.
        let mut next: Option<(Six, UnitIx)> = None;
        for &u in &self.ra {
            if self.involved[u as usize] {
                continue;
            }
            let e = self.free_enemies(u);
            if next.is_none_or(|(b, _)| e.len < b.len) {
                next = Some((e, u));
            }
        }
        let mut out = Vec::new();
        if let Some((enemies, u)) = next {
            if enemies.len == 0 {
                return Expand::Fail;
            }
            let n = enemies.len as u32;
            // Defender sets, smallest first: a unit ringed by enemies that
            // nobody else touches must take them all in one attack.
            for size in 1..=n {
                for mask in 1u32..(1 << n) {
                    if mask.count_ones() != size {
                        continue;
                    }
                    let mut set = Six::default();
                    for i in 0..n {
                        if mask & (1 << i) != 0 {
                            set.push(enemies.items[i as usize]);
                        }
                    }
                    // Co-attackers: other required attackers adjacent to the
                    // whole set. Those whose every free enemy is in the set
                    // must join, or they would be stranded.
                    let mut co = Vec::new();
                    let mut forced = Vec::new();
                    // Only units next to the set's first defender can be
                    // next to all of it: look there, not through all of
                    // `ra`, and keep `ra`'s order.
                    let mut near: Vec<UnitIx> = Vec::new();
                    if let Some(h) = self.st.unit_hex(set.items[0]) {
                        for &n in &self.st.board.info(h).neighbours {
                            if n != NO_HEX {
                                self.st.for_units_in(n, |x| {
                                    if self.ra_index[x as usize] != u32::MAX {
                                        near.push(x);
                                    }
                                });
                            }
                        }
                    }
                    near.sort_unstable_by_key(|&x| self.ra_index[x as usize]);
                    for v in near {
                        if v == u || self.involved[v as usize] {
                            continue;
                        }
                        if set.as_slice().iter().all(|&d| self.st.adjacent(v, d)) {
                            co.push(v);
                            let fe = self.free_enemies(v);
                            if fe.as_slice().iter().all(|&e| set.contains(e)) {
                                forced.push(v);
                            }
                        }
                    }
                    let mut attackers = vec![u];
                    attackers.extend(&forced);
                    out.push(Proposal {
                        attackers,
                        bombarding: vec![],
                        defenders: set.as_slice().to_vec(),
                    });
                    if co.len() > forced.len() {
                        let mut attackers = vec![u];
                        attackers.extend(&co);
                        out.push(Proposal {
                            attackers,
                            bombarding: vec![],
                            defenders: set.as_slice().to_vec(),
                        });
                    }
                }
            }
            return Expand::Choices(out);
        }
        let Some(d) = self
            .rd
            .iter()
            .copied()
            .find(|&d| !self.involved[d as usize])
        else {
            return Expand::Done;
        };
        for &a in &self.artillery {
            if !self.involved[a as usize] && self.st.can_bombard(self.occ, a, d) {
                out.push(Proposal {
                    attackers: vec![],
                    bombarding: vec![a],
                    defenders: vec![d],
                });
            }
        }
        if out.is_empty() {
            Expand::Fail
        } else {
            Expand::Choices(out)
        }
    }

    /// Adds an attack to the assignment.
    fn push(&mut self, p: Proposal) {
        for &x in p.attackers.iter().chain(&p.bombarding).chain(&p.defenders) {
            self.involved[x as usize] = true;
        }
        self.out.push(p);
    }

    /// Takes back the last attack of the assignment.
    fn undo_last(&mut self) {
        if let Some(p) = self.out.pop() {
            for &x in p.attackers.iter().chain(&p.bombarding).chain(&p.defenders) {
                self.involved[x as usize] = false;
            }
        }
    }
}

/// What one step of the obligations search found.
enum Expand {
    Done,
    Fail,
    Choices(Vec<Proposal>),
}
