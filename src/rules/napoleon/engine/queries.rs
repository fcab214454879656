//! Questions the playtest table and computer players ask of a position
//! (issue 17, item 4): where a unit can go and how it may face there, the
//! chances of a command check and of a melee. Each answer comes from the
//! same checks the rules use, never from a second copy of a rule.

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::check::HexFacts;
use super::state::State;
use super::types::{Activation, Command, Event, Phase};
use crate::hex::Hex;
use crate::scenario::UnitId;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// One place a unit of the active force can end its move, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: Hex,
    pub facing: u8,
    /// Movement points spent (N62).
    pub cost: u32,
    /// The steps and turns that get there, from where it stands now.
    pub path: Vec<Command>,
    /// The enemy infantry and cavalry it would face in contact there.
    pub contacts: Vec<PieceIx>,
}

/// The chances of a command check [3.7.1.1] (N55).
#[derive(Clone, Debug, PartialEq)]
pub struct ActivationOdds {
    pub modifiers: Vec<(String, i32)>,
    /// Retreat!, Static, Forward!, Charge!, each out of 1.
    pub chances: [f64; 4],
}

/// One cell of a melee's outcomes (N82, N83, N85).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOutcome {
    pub attacker_points: u32,
    pub defender_points: u32,
    /// The side that moves back: 0 the attacker, 1 the defender (a tie
    /// moves the attacker back, N83; a square holds, N85).
    pub loser: u8,
    pub chance: f64,
}

/// A proposed melee: every modifier on each side, and the chance of each
/// result before town saves (N88).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    pub modifiers: [Vec<(String, i32)>; 2],
    /// Each side's total before its die.
    pub base: [i32; 2],
    /// The chance that an attached gun's defensive fire hits the attacker
    /// first (N77): 4/6 from the front, else 0.
    pub defensive_fire: f64,
    pub outcomes: Vec<MeleeOutcome>,
    /// The chance that the defender moves back or is eliminated.
    pub attacker_wins: f64,
}

/// What one infantry or cavalry unit of a force that rolled Charge! owes
/// ([3.7.1.1] N61), worked out from where its move began with the rest of
/// the force where it stands: [`State::charge_duty`]. The table's green
/// places, the computer player's choices and `check` all ask
/// [`ChargeDuty::refusal`] of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeDuty {
    piece: PieceIx,
    /// Where its move began.
    start: HexIx,
    /// The enemy units the rest of the force faces in contact.
    others: Vec<PieceIx>,
    pub owed: Owed,
}

/// [`ChargeDuty::owed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owed {
    /// Some legal move puts it in contact: it must end in contact, with
    /// its force facing `count` different enemy units (the most any of
    /// its moves gives), and, keeping that number, an enemy unit `near`
    /// hexes from its start hex (the nearest any such move contacts).
    Contact { count: usize, near: u32 },
    /// None does: it ends at the reachable hex nearest to its nearest
    /// enemy units (`enemies`, those nearest its start hex), `distance`
    /// hexes from them.
    Nearest { enemies: Vec<HexIx>, distance: u32 },
}

impl ChargeDuty {
    /// Why the unit may not end in `hex` facing the enemy units
    /// `contacts` (its contacts there), or `None` when it meets the duty.
    pub fn refusal(&self, st: &State, hex: HexIx, contacts: &[PieceIx]) -> Option<String> {
        let id = &st.board.pieces[self.piece as usize].id;
        let near = |es: &[PieceIx]| {
            es.iter()
                .map(|&e| st.board.distance(self.start, st.pos[e as usize]))
                .min()
        };
        match &self.owed {
            Owed::Contact { count, near: best } => {
                if contacts.is_empty() {
                    return Some(format!(
                        "in Charge! {id} can reach contact with an enemy unit, and must end its move in contact (N61)"
                    ));
                }
                let n = self.count_with(contacts);
                if n < *count {
                    return Some(format!(
                        "in Charge! {id} can contact an enemy unit its force does not yet face, and must ({count} in all, not {n}) (N61)"
                    ));
                }
                match near(contacts) {
                    Some(d) if d > *best => Some(format!(
                        "in Charge! {id} must contact the nearest enemy unit it can, {} from its start, not one {} away (N61)",
                        crate::words::counted(best, "hex", "hexes"),
                        crate::words::counted(d, "hex", "hexes")
                    )),
                    _ => None,
                }
            }
            Owed::Nearest { enemies, distance } => {
                let d = enemies
                    .iter()
                    .map(|&e| st.board.distance(hex, e))
                    .min()
                    .unwrap_or(0);
                (d > *distance).then(|| {
                    format!(
                        "in Charge! {id} cannot reach contact and must end at the reachable hex nearest to its nearest enemy unit: {} from it, not {d} (N61)",
                        crate::words::counted(distance, "hex", "hexes")
                    )
                })
            }
        }
    }

    /// How many different enemy units the force faces in contact with the
    /// unit facing `contacts`.
    fn count_with(&self, contacts: &[PieceIx]) -> usize {
        let mut all = self.others.clone();
        all.extend_from_slice(contacts);
        all.sort_unstable();
        all.dedup();
        all.len()
    }
}

/// Every place a piece of the active force can end its move in
/// ([`State::reachable`]), in the order of [`State::reach`].
pub struct Reachable {
    pub places: Vec<ReachPlace>,
    id: UnitId,
    board: std::sync::Arc<super::board::Board>,
    nodes: Vec<(Node, usize, Option<Move>)>,
}

/// One place of a [`Reachable`]: a [`Reach`] by index, with the length of
/// its path instead of the path.
#[derive(Clone, Debug)]
pub struct ReachPlace {
    pub hex: HexIx,
    pub facing: u8,
    /// Movement points spent (N62).
    pub cost: u32,
    /// The steps and turns of its path.
    pub steps: usize,
    /// The enemy infantry and cavalry it would face in contact there.
    pub contacts: Vec<PieceIx>,
    node: usize,
}

impl Reachable {
    /// The steps and turns that take the piece to `place` (one of
    /// [`Reachable::places`]).
    pub fn path(&self, place: &ReachPlace) -> Vec<Command> {
        let mut path = Vec::new();
        let mut at = place.node;
        while let Some(&(_, from, Some(m))) = self.nodes.get(at) {
            path.push(match m {
                Move::Step(n) => Command::Step {
                    piece: self.id.clone(),
                    to: self.board.hex(n),
                },
                Move::Turn(facing) => Command::Turn {
                    piece: self.id.clone(),
                    facing,
                },
            });
            at = from;
        }
        path.reverse();
        path
    }
}

/// A position of the piece a search moves: where it stands, how it faces
/// and its record of the move.
#[derive(Clone, Copy)]
struct Node {
    hex: HexIx,
    facing: u8,
    moved: super::state::Moved,
}

/// A step into a hex or a turn to a hexside.
#[derive(Clone, Copy)]
enum Move {
    Step(HexIx),
    Turn(u8),
}

/// What a search knows of each key (a hex and facing, and the bits of
/// its record the rules still ask, [`State::move_key`]): unseen, queued
/// at the least points yet, or settled. Only the hexes and facings it
/// reaches get their 16 keys' cells, so a search of a few dozen hexes
/// does not clear a table of the whole map for each piece.
struct Marks {
    /// Each hex and facing's block in `cells` (`u32::MAX`: none yet).
    block: Vec<u32>,
    cells: Vec<u32>,
}

impl Marks {
    const KEYS: usize = 16;
    const UNSEEN: u32 = u32::MAX;
    const SETTLED: u32 = u32::MAX - 1;

    fn new(slots: usize) -> Self {
        Marks {
            block: vec![u32::MAX; slots],
            cells: Vec::with_capacity(Self::KEYS * 64),
        }
    }

    fn cell(&mut self, slot: usize, key: usize) -> &mut u32 {
        let mut b = self.block[slot];
        if b == u32::MAX {
            b = (self.cells.len() / Self::KEYS) as u32;
            self.block[slot] = b;
            self.cells
                .resize(self.cells.len() + Self::KEYS, Self::UNSEEN);
        }
        &mut self.cells[b as usize * Self::KEYS + key]
    }

    /// Settles a key: whether it was settled already.
    fn settle(&mut self, slot: usize, key: usize) -> bool {
        std::mem::replace(self.cell(slot, key), Self::SETTLED) == Self::SETTLED
    }

    /// Queues a key at `mp` points: false when it is settled or queued
    /// already at no more points. (Points never come near `SETTLED`: a
    /// move's points stay within its allowance.)
    fn queue(&mut self, slot: usize, key: usize, mp: u32) -> bool {
        let c = self.cell(slot, key);
        if *c == Self::SETTLED || (*c != Self::UNSEEN && *c <= mp) {
            return false;
        }
        *c = mp;
        true
    }
}

/// What [`State::explore`] found: every position with the node it came
/// from and the move, the cheapest node for each hex and facing, and a
/// state to look at them in (the position after the piece's first move,
/// with each node written into it by [`Explored::look_at`]).
struct Explored {
    piece: PieceIx,
    nodes: Vec<(Node, usize, Option<Move>)>,
    best: Vec<(u32, usize)>,
    look: State,
}

impl Explored {
    /// Writes node `ix` into the look-at state.
    fn look_at(&mut self, ix: usize) -> &State {
        let n = self.nodes[ix].0;
        write_node(&mut self.look, self.piece, &n);
        &self.look
    }
}

fn node_of(st: &State, p: PieceIx) -> Node {
    Node {
        hex: st.pos[p as usize],
        facing: st.facing[p as usize],
        moved: st.moved_of(p).copied().unwrap_or_default(),
    }
}

fn write_node(st: &mut State, p: PieceIx, n: &Node) {
    st.pos.set(p, n.hex);
    st.facing[p as usize] = n.facing;
    if let Some(a) = &mut st.active
        && let Some((_, m)) = a.moved.iter_mut().find(|(q, _)| *q == p)
    {
        *m = n.moved;
    }
}

impl State {
    /// Every hex and facing a piece of the active force can end its move
    /// in from where it stands, at the least cost, with a path of steps
    /// and turns; explored with the rules' own checks on copies of the
    /// position. Formation changes are not explored.
    pub fn reach(&self, id: &UnitId) -> Vec<Reach> {
        let Some(p) = self.board.piece_ix(id) else {
            return Vec::new();
        };
        let Some(r) = self.reachable(p) else {
            return Vec::new();
        };
        r.places
            .iter()
            .map(|place| Reach {
                hex: self.board.hex(place.hex),
                facing: place.facing,
                cost: place.cost,
                path: r.path(place),
                contacts: place.contacts.clone(),
            })
            .collect()
    }

    /// [`State::reach`] by index, each path kept as the search left it
    /// until [`Reachable::path`] asks for it: what a computer player,
    /// which scores every place and takes one, needs.
    ///
    /// Under Charge! only the places that meet the unit's duty are listed
    /// (N61, [`State::charge_duty`]): nowhere else may its move end.
    pub fn reachable(&self, p: PieceIx) -> Option<Reachable> {
        let duty = self.charge_duty(p);
        self.reach_places(p, duty.as_ref())
    }

    /// [`State::reachable`] with the Charge! duty given (or none).
    pub(super) fn reach_places(&self, p: PieceIx, duty: Option<&ChargeDuty>) -> Option<Reachable> {
        let mut ex = self.explore(p)?;
        // In order of cost, then hex (column, row) and facing (each hex
        // and facing is there once, so the order is total), on one number
        // per place: a map's columns and rows are at least 1.
        let mut best: Vec<(u128, u32, usize)> = std::mem::take(&mut ex.best)
            .into_iter()
            .map(|(cost, ix)| {
                let n = &ex.nodes[ix].0;
                let h = self.board.hex(n.hex);
                let key = u128::from(cost) << 96
                    | u128::from(h.col.max(0) as u32) << 64
                    | u128::from(h.row.max(0) as u32) << 32
                    | u128::from(n.facing);
                (key, cost, ix)
            })
            .collect();
        best.sort_unstable_by_key(|&(key, _, _)| key);
        // Only where the move may end (N67, N68): a hex the piece may
        // only pass through is no place, and each place is listed with
        // the facing the piece ends in there: a gun ending with a host
        // takes the host's (N72, N74), and a unit in a town has none
        // (N92), so a town hex is one place.
        let mut seen: Vec<(HexIx, u8)> = Vec::new();
        let mut places: Vec<ReachPlace> = Vec::with_capacity(best.len());
        for (_, cost, ix) in best {
            let node = ex.nodes[ix].0;
            let look = ex.look_at(ix);
            if !look.stack_legal_with(p, node.hex) {
                continue;
            }
            let attached = look
                .attachments(p)
                .into_iter()
                .find(|&(g, _)| g == p)
                .map(|(_, f)| f);
            let facing = attached.unwrap_or(node.facing);
            // Only these places can repeat one listed already.
            let town = look.in_town(p);
            if town || look.board.pieces[p as usize].kind.is_gun() {
                let key = (node.hex, if town { u8::MAX } else { facing });
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
            }
            let contacts = look.contact(p);
            if duty.is_some_and(|d| d.refusal(look, node.hex, &contacts).is_some()) {
                continue;
            }
            let mut steps = 0;
            let mut i = ix;
            while let Some(&(_, from, Some(_))) = ex.nodes.get(i) {
                steps += 1;
                i = from;
            }
            places.push(ReachPlace {
                hex: node.hex,
                facing,
                cost,
                steps,
                contacts,
                node: ix,
            });
        }
        Some(Reachable {
            id: self.board.pieces[p as usize].id.clone(),
            board: self.board.clone(),
            places,
            nodes: ex.nodes,
        })
    }

    /// What unit `p` owes under Charge! (N61), or `None` when it owes
    /// nothing: the force did not roll Charge!, its movement is over, or
    /// `p` is not an infantry or cavalry unit of it on the map, or is
    /// isolated. Its options are its legal moves from where its move
    /// began ("by another legal move"), the rest of the force as it
    /// stands; once a die was rolled in the activation (a gun contacted,
    /// N75; an officer's flight, N52), from where it stood then, as moves
    /// before a die stand (N69).
    pub fn charge_duty(&self, p: PieceIx) -> Option<ChargeDuty> {
        let a = self.active.as_ref()?;
        if a.result != Activation::Charge
            || self.combat.is_some()
            || self.pending.is_some()
            || !self.on_map(p)
            || !self.board.pieces[p as usize].kind.is_troop()
            || self.isolated[p as usize]
        {
            return None;
        }
        let m = *self.moved_of(p)?;
        let f = a.force;
        let others: Vec<PieceIx> = {
            let mut es: Vec<PieceIx> = self
                .force_pieces_iter(f)
                .filter(|&q| {
                    q != p
                        && self.board.pieces[q as usize].kind.is_troop()
                        && !self.isolated[q as usize]
                })
                .flat_map(|q| self.contact(q))
                .collect();
            es.sort_unstable();
            es.dedup();
            es
        };
        // The position its options are judged from: where its move
        // began, or, once a die was rolled in the activation, where it
        // stood then, as moves before a die stand (N69).
        let (base, base_facing, base_record) = match a
            .checkpoint
            .as_ref()
            .and_then(|c| c.iter().find(|x| x.0 == p))
        {
            Some(&(_, h, f, _, rec)) => (h, f, super::state::Moved { done: false, ..rec }),
            None => (
                m.start,
                m.start_facing,
                super::state::Moved {
                    start: m.start,
                    start_facing: m.start_facing,
                    start_column: m.start_column,
                    formation_changed: m.formation_changed,
                    ..Default::default()
                },
            ),
        };
        let mut st = self.clone();
        if let Some(a) = &mut st.active {
            a.last = Some(p);
            if let Some((_, rec)) = a.moved.iter_mut().find(|(q, _)| *q == p) {
                *rec = base_record;
            }
        }
        st.pos.set(p, base);
        st.facing[p as usize] = base_facing;
        let start = base;
        let places = st
            .reach_places(p, None)
            .map(|r| r.places)
            .unwrap_or_default();
        let duty = |owed| ChargeDuty {
            piece: p,
            start,
            others: others.clone(),
            owed,
        };
        let probe = duty(Owed::Contact { count: 0, near: 0 });
        let mut best: Option<(usize, u32)> = None;
        for place in places.iter().filter(|r| !r.contacts.is_empty()) {
            let n = probe.count_with(&place.contacts);
            let d = place
                .contacts
                .iter()
                .map(|&e| self.board.distance(start, st.pos[e as usize]))
                .min()
                .unwrap_or(0);
            best = match best {
                Some((bn, bd)) if bn > n || (bn == n && bd <= d) => Some((bn, bd)),
                _ => Some((n, d)),
            };
        }
        if let Some((count, near)) = best {
            return Some(duty(Owed::Contact { count, near }));
        }
        let enemy_hexes: Vec<HexIx> = self
            .units_of(1 - self.board.forces[f as usize].side)
            .map(|e| self.pos[e as usize])
            .collect();
        let from_start = |h: HexIx| {
            enemy_hexes
                .iter()
                .map(|&e| self.board.distance(start, e))
                .min()
                .map(|d| self.board.distance(start, h) == d)
        };
        let enemies: Vec<HexIx> = enemy_hexes
            .iter()
            .copied()
            .filter(|&e| from_start(e) == Some(true))
            .collect();
        let distance = places
            .iter()
            .filter_map(|r| enemies.iter().map(|&e| self.board.distance(r.hex, e)).min())
            .min()?;
        Some(duty(Owed::Nearest { enemies, distance }))
    }

    /// Why a step or turn of unit `p` that leads to position `after` is
    /// refused under Charge!: from there no move would meet its duty
    /// (N61), so it could never end. `None` when it may make it.
    pub(super) fn charge_forecloses(&self, p: PieceIx, after: &State) -> Option<String> {
        let duty = self.charge_duty(p)?;
        let open = after
            .reach_places(p, Some(&duty))
            .is_some_and(|r| !r.places.is_empty());
        (!open).then(|| {
            let id = &self.board.pieces[p as usize].id;
            match duty.owed {
                Owed::Contact { .. } => format!(
                    "after that {id} could no longer end in the contact its Charge! owes (N61)"
                ),
                Owed::Nearest { distance, .. } => format!(
                    "after that {id} could no longer end {} from its nearest enemy unit, as its Charge! owes (N61)",
                    crate::words::counted(distance, "hex", "hexes")
                ),
            }
        })
    }

    /// Why unit `p` has not met its Charge! duty where it stands (N61),
    /// or `None`.
    pub fn charge_unmet(&self, p: PieceIx) -> Option<String> {
        let duty = self.charge_duty(p)?;
        duty.refusal(self, self.pos[p as usize], &self.contact(p))
    }

    /// The search behind [`State::reach`]: `None` when `p` is not a piece
    /// of the active force on the map.
    fn explore(&self, p: PieceIx) -> Option<Explored> {
        if !self.on_map(p) || self.moved_of(p).is_none() {
            return None;
        }
        // Nothing else moves while the last piece owes its Charge! (N61).
        if let Some(l) = self.active.as_ref().and_then(|a| a.last)
            && l != p
            && self.charge_unmet(l).is_some()
        {
            return None;
        }
        // Dijkstra on movement points: with everything else equal, fewer
        // points spent never leaves a piece worse off, so the first time a
        // position is taken from the heap it is at its least cost.
        //
        // A step or turn changes only the piece's hex, facing and record,
        // and (the first time) which piece moved last: so each position
        // is kept as that node, and explored on one working copy of the
        // state with the node written into it, rather than on a copy of
        // the whole state per position.
        //
        // The rules ask only whether a piece has turned or entered a hex
        // yet (N65), never how often, and some of that only at times: the
        // key of a position is its hex, facing and what the rules still
        // ask of its record (`move_key`).
        let free = self.active.as_ref().is_some_and(|a| self.free_facing(a));
        let key = |n: &Node| -> (usize, usize) {
            (
                n.hex as usize * 6 + n.facing as usize,
                self.move_key(p, free, &n.moved),
            )
        };
        // What is known of each key: seen, queued at some points, or
        // settled ([`Marks`]).
        let slots = self.board.hexes.len() * 6;
        let mut marks = Marks::new(slots);
        // The cheapest node for each hex and facing (`u32::MAX`: none), in
        // one byte pattern so it starts as a fill.
        let mut best: Vec<u32> = vec![u32::MAX; slots];
        // Nodes with the index of the node they came from and the move.
        let mut nodes: Vec<(Node, usize, Option<Move>)> = Vec::with_capacity(256);
        let root = node_of(self, p);
        nodes.push((root, usize::MAX, None));
        // The position before any move, and the one after the piece's
        // first step or turn (which ends the last piece's move, N57): the
        // first is made into the second once the root is explored.
        let mut root_state = Some(self.clone());
        let mut moved_base: Option<State> = None;
        // Movement points are small whole numbers and no move lowers them
        // (a backward step, which sets them to the allowance, is a unit's
        // first and only step, N64): a queue of buckets by points, each in
        // the order its nodes were made, takes the nodes in the order a
        // heap on (points, node) would, without the heap's work.
        let mut buckets: Vec<Vec<usize>> = Vec::new();
        let (mut at, mut cursor) = (root.moved.mp as usize, 0usize);
        let push = |buckets: &mut Vec<Vec<usize>>, mp: usize, ix: usize| {
            if buckets.len() <= mp {
                buckets.resize_with(mp + 1, Vec::new);
            }
            buckets[mp].push(ix);
        };
        push(&mut buckets, at, 0);
        let mut next: Vec<(Node, Move)> = Vec::with_capacity(12);
        let mut facts = HexFacts::new(self.board.hexes.len());
        while let Some(bucket) = buckets.get(at) {
            let Some(&ix) = bucket.get(cursor) else {
                at += 1;
                cursor = 0;
                continue;
            };
            cursor += 1;
            let node = nodes[ix].0;
            let (slot, mk) = key(&node);
            if marks.settle(slot, mk) {
                continue;
            }
            if best[slot] == u32::MAX {
                // Nodes settle in order of cost: the first is the cheapest.
                best[slot] = ix as u32;
            }
            // The successors, each from the node's position, undone
            // after each (at the root, with the activation's record).
            next.clear();
            let base: &mut State = match if ix == 0 {
                root_state.as_mut()
            } else {
                moved_base.as_mut()
            } {
                Some(b) => b,
                None => continue,
            };
            write_node(base, p, &node);
            let mut first: Option<Move> = None;
            // Once the piece is the last to have moved, with no re-roll
            // left (after its first step or turn), a step or turn changes
            // nothing but its place, facing and record: its next node is
            // worked out from this one, with the record's own rules
            // (`Moved::step`, `Moved::turn`), not by applying it to the
            // state and reading it back.
            let own = ix != 0
                && base
                    .active
                    .as_ref()
                    .is_some_and(|a| a.last == Some(p) && a.rerolls_left == 0);
            let steps = self.board.neighbours[node.hex as usize]
                .iter()
                .filter(|&&n| n != NO_HEX)
                .map(|&n| Move::Step(n));
            // Moving freely, a position turned into has the same turns
            // open as the one it turned from, which explored them.
            let turned = free && matches!(nodes[ix].2, Some(Move::Turn(_)));
            let open = if turned {
                [false; 6]
            } else {
                base.turns_ok(p, &mut facts)
            };
            let turns = (0..6u8).filter(|&f| open[f as usize]).map(Move::Turn);
            for m in steps.chain(turns) {
                match m {
                    Move::Step(n) => {
                        if !base.step_ok_knowing(p, n, 4, &mut facts) {
                            continue;
                        }
                        if own && let Some(dir) = self.board.dir_to(node.hex, n) {
                            let mut moved = node.moved;
                            moved.step(
                                self.board.cost[n as usize],
                                self.board.pieces[p as usize].movement,
                                self.board.road[node.hex as usize][dir as usize],
                                base.is_backward(p, dir),
                            );
                            let facing = node.facing;
                            next.push((
                                Node {
                                    hex: n,
                                    facing,
                                    moved,
                                },
                                m,
                            ));
                            continue;
                        }
                        base.move_piece(p, n);
                    }
                    Move::Turn(facing) => {
                        if own {
                            let mut moved = node.moved;
                            moved.turn();
                            let hex = node.hex;
                            next.push((Node { hex, facing, moved }, m));
                            continue;
                        }
                        base.apply(&Event::Turned { piece: p, facing })
                    }
                }
                next.push((node_of(base, p), m));
                if ix == 0 {
                    first = first.or(Some(m));
                    base.active.clone_from(&self.active);
                }
                write_node(base, p, &node);
            }
            // The root's position, restored after each move, with its
            // first move made again: the position after the first move.
            if ix == 0
                && let Some(m) = first
                && let Some(mut st) = root_state.take()
            {
                match m {
                    Move::Step(n) => st.move_piece(p, n),
                    Move::Turn(facing) => st.apply(&Event::Turned { piece: p, facing }),
                }
                moved_base = Some(st);
            }
            for &(n2, m) in &next {
                let (slot2, mk2) = key(&n2);
                let mp = n2.moved.mp;
                if !marks.queue(slot2, mk2, mp) {
                    continue;
                }
                nodes.push((n2, ix, Some(m)));
                push(&mut buckets, (mp as usize).max(at), nodes.len() - 1);
            }
        }
        Some(Explored {
            piece: p,
            best: best
                .into_iter()
                .filter(|&ix| ix != u32::MAX)
                .map(|ix| (nodes[ix as usize].0.moved.mp, ix as usize))
                .collect(),
            nodes,
            look: match moved_base.or(root_state) {
                Some(st) => st,
                None => self.clone(),
            },
        })
    }

    /// The position after piece `p` of the active force makes the steps
    /// and turns of `path` (a [`Reach::path`], perhaps after a formation
    /// change), as the rules would apply
    /// them, without dice: what a unit would face there, for the table's
    /// odds and a computer player's look-ahead.
    pub fn after_path(&self, p: PieceIx, path: &[Command]) -> State {
        let mut st = self.clone();
        for c in path {
            match c {
                Command::Step { to, .. } => {
                    if let Some(n) = st.board.hex_ix(*to) {
                        st.move_piece(p, n);
                    }
                }
                Command::Turn { facing, .. } => st.apply(&Event::Turned {
                    piece: p,
                    facing: *facing,
                }),
                Command::Formation { column, .. } => st.apply(&Event::FormationChanged {
                    piece: p,
                    column: *column,
                }),
                _ => {}
            }
        }
        // Where the move ends, a gun with a host takes its facing (N72).
        for (gun, facing) in st.attachments(p) {
            st.apply(&Event::Turned { piece: gun, facing });
        }
        st
    }

    /// Applies one step of `p` into the adjacent hex `n`.
    pub(super) fn move_piece(&mut self, p: PieceIx, n: HexIx) {
        let h = self.pos[p as usize];
        // As applying `Event::Stepped` from `h` to `n` would, by index.
        let Some(dir) = self.board.dir_to(h, n) else {
            return self.apply(&Event::Stepped {
                piece: p,
                from: self.board.hex(h),
                to: self.board.hex(n),
                backward: self.is_backward(p, 0),
            });
        };
        let on_road = self.board.road[h as usize][dir as usize];
        let backward = self.is_backward(p, dir);
        self.stepped(p, n, on_road, backward);
    }

    /// The facings a piece of the active force may turn to now
    /// [3.7.2.8] (N65).
    pub fn legal_turns(&self, id: &UnitId) -> Vec<u8> {
        (0..6).filter(|&f| self.check_turn(id, f).is_ok()).collect()
    }

    /// The modifiers of a force's command check and the chance of each
    /// result [3.7.1] (N55).
    pub fn activation_odds(&self, f: u16) -> ActivationOdds {
        let modifiers = self.check_modifiers(f);
        let sum: i32 = modifiers.iter().map(|(_, v)| v).sum();
        let mut chances = [0.0; 4];
        for roll in 1..=6 {
            let i = match Activation::of(roll + sum) {
                Activation::Retreat => 0,
                Activation::Static => 1,
                Activation::Forward => 2,
                _ => 3,
            };
            chances[i] += 1.0 / 6.0;
        }
        ActivationOdds { modifiers, chances }
    }

    /// A melee of `att` (of the active force, or of `att`'s force as if
    /// it were) on `def` as things stand: each side's modifiers and the
    /// chance of each result [3.7.3.2] (N82, N83, N85).
    pub fn melee_odds(&self, att: PieceIx, def: PieceIx) -> MeleeOdds {
        let modifiers = self.melee_sides(att, def);
        let base = [
            modifiers[0].iter().map(|(_, v)| v).sum::<i32>(),
            modifiers[1].iter().map(|(_, v)| v).sum::<i32>(),
        ];
        let front = self
            .board
            .dir_to(self.pos[def as usize], self.pos[att as usize])
            .is_some_and(|d| self.is_front(def, d));
        let guns = self
            .at(self.pos[def as usize])
            .filter(|&q| self.board.pieces[q as usize].kind.is_gun())
            .count();
        let defensive_fire = if front && guns > 0 {
            1.0 - (1.0f64 / 3.0).powi(guns as i32)
        } else {
            0.0
        };
        let square = self.board.pieces[att as usize].kind == PieceKind::Cavalry
            && self.board.pieces[def as usize].kind == PieceKind::Infantry;
        let room = self.board.pieces[def as usize]
            .capacity
            .saturating_sub(self.casualties[def as usize]);
        let mut cells: Vec<MeleeOutcome> = Vec::new();
        for a in 1..=6 {
            for d in 1..=6 {
                let (ta, td) = (a + base[0], d + base[1]);
                let diff = (ta - td).unsigned_abs();
                let (ap, dp) = match ta.cmp(&td) {
                    std::cmp::Ordering::Equal => (1, 1),
                    std::cmp::Ordering::Greater => (u32::from(diff >= 2), diff),
                    std::cmp::Ordering::Less => (diff, u32::from(diff >= 2)),
                };
                let mut loser = if ta > td { 1 } else { 0 };
                if square {
                    loser = if dp >= room { 1 } else { 0 };
                }
                match cells.iter_mut().find(|c| {
                    c.attacker_points == ap && c.defender_points == dp && c.loser == loser
                }) {
                    Some(c) => c.chance += 1.0 / 36.0,
                    None => cells.push(MeleeOutcome {
                        attacker_points: ap,
                        defender_points: dp,
                        loser,
                        chance: 1.0 / 36.0,
                    }),
                }
            }
        }
        let attacker_wins = cells
            .iter()
            .filter(|c| c.loser == 1)
            .map(|c| c.chance)
            .sum();
        MeleeOdds {
            modifiers,
            base,
            defensive_fire,
            outcomes: cells,
            attacker_wins,
        }
    }

    /// Where a side's General may move now with an ADC, each hex with the
    /// shortest path there [3.6.1 e] [3.7.2.10.1]; empty when the rules do
    /// not allow the move at all (no ADC, an activation open). Every path
    /// passes `check`.
    pub fn general_moves(&self, side: u8) -> Vec<(Hex, Vec<Hex>)> {
        let g = self.board.armies[side as usize & 1].general;
        let start = self.pos[g as usize];
        if start == NO_HEX
            || self.adcs[side as usize & 1] == 0
            || self.phase != (Phase::Maneuver { side })
        {
            return Vec::new();
        }
        let limit = self.board.pieces[g as usize].movement;
        let mut from: HashMap<HexIx, HexIx, BuildHasherDefault<crate::engine::Fnv>> =
            HashMap::default();
        from.insert(start, NO_HEX);
        let mut frontier = vec![start];
        let mut out = Vec::new();
        for _ in 0..limit {
            let mut next = Vec::new();
            for h in frontier {
                for &n in &self.board.neighbours[h as usize] {
                    if n == NO_HEX || from.contains_key(&n) || !self.general_may_cross(n, side) {
                        continue;
                    }
                    from.insert(n, h);
                    next.push(n);
                    let mut path = vec![n];
                    let mut at = h;
                    while at != start {
                        path.push(at);
                        // Every hex reached was entered from one already
                        // in `from`, back to the start: the index holds.
                        at = from[&at];
                    }
                    path.reverse();
                    let hexes: Vec<Hex> = path.iter().map(|&x| self.board.hex(x)).collect();
                    let cmd = Command::MoveGeneral {
                        path: hexes.clone(),
                    };
                    if self.check(&cmd).is_ok() {
                        out.push((self.board.hex(n), hexes));
                    }
                }
            }
            frontier = next;
        }
        out
    }

    /// Each army's losses against its break point (N98).
    pub fn break_points(&self) -> [(u32, u32); 2] {
        [0, 1].map(|s| (self.lost[s], self.board.armies[s].break_point))
    }
}
