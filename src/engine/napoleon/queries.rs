//! Questions the playtest table and computer players ask of a position
//! (issue 17, item 4): where a unit can go and how it may face there, the
//! chances of a command check and of a melee. Each answer comes from the
//! same checks the rules use, never from a second copy of a rule.

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::State;
use super::types::{Activation, Command, Event};
use crate::hex::Hex;
use crate::scenario::UnitId;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

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

impl State {
    /// Every hex and facing a piece of the active force can end its move
    /// in from where it stands, at the least cost, with a path of steps
    /// and turns; explored with the rules' own checks on copies of the
    /// position. Formation changes are not explored.
    pub fn reach(&self, id: &UnitId) -> Vec<Reach> {
        let Some(p) = self.board.piece_ix(id) else {
            return Vec::new();
        };
        if !self.on_map(p) {
            return Vec::new();
        }
        // Dijkstra on movement points: with everything else equal, fewer
        // points spent never leaves a piece worse off, so the first time a
        // position is taken from the heap it is at its least cost.
        type Key = (HexIx, u8, u32, u32, bool, u32);
        let key = |st: &State| -> Key {
            let m = st.moved_of(p).cloned().unwrap_or_default();
            (
                st.pos[p as usize],
                st.facing[p as usize],
                // The rules ask only whether a piece has turned or
                // entered a hex yet (N65), never how often.
                m.turns_before.min(1),
                m.turns_after.min(1),
                m.backward,
                m.entered.min(1),
            )
        };
        let mp_of = |st: &State| st.moved_of(p).map_or(0, |m| m.mp);
        let mut settled: HashSet<Key> = HashSet::new();
        let mut queued: HashMap<Key, u32> = HashMap::new();
        let mut best: HashMap<(HexIx, u8), Reach> = HashMap::new();
        let mut store: Vec<Option<(State, Vec<Command>)>> = vec![Some((self.clone(), Vec::new()))];
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((mp_of(self), 0usize)));
        while let Some(Reverse((cost, ix))) = heap.pop() {
            let Some((st, path)) = store.get_mut(ix).and_then(Option::take) else {
                continue;
            };
            if !settled.insert(key(&st)) {
                continue;
            }
            let h = st.pos[p as usize];
            let f = st.facing[p as usize];
            if best.get(&(h, f)).is_none_or(|r| cost < r.cost) {
                best.insert(
                    (h, f),
                    Reach {
                        hex: st.board.hex(h),
                        facing: f,
                        cost,
                        path: path.clone(),
                        contacts: st.contact(p),
                    },
                );
            }
            let mut next: Vec<(State, Command)> = Vec::new();
            for &n in &st.board.neighbours[h as usize] {
                if n == NO_HEX || st.check_step(id, st.board.hex(n)).is_err() {
                    continue;
                }
                let mut s2 = st.clone();
                s2.move_piece(p, n);
                next.push((
                    s2,
                    Command::Step {
                        piece: id.clone(),
                        to: st.board.hex(n),
                    },
                ));
            }
            for facing in 0..6u8 {
                if st.check_turn(id, facing).is_ok() {
                    let mut s2 = st.clone();
                    s2.apply(&Event::Turned { piece: p, facing });
                    next.push((
                        s2,
                        Command::Turn {
                            piece: id.clone(),
                            facing,
                        },
                    ));
                }
            }
            for (s2, c) in next {
                let k = key(&s2);
                let mp = mp_of(&s2);
                if settled.contains(&k) || queued.get(&k).is_some_and(|&q| q <= mp) {
                    continue;
                }
                queued.insert(k, mp);
                let mut p2 = path.clone();
                p2.push(c);
                store.push(Some((s2, p2)));
                heap.push(Reverse((mp, store.len() - 1)));
            }
        }
        let mut out: Vec<Reach> = best.into_values().collect();
        out.sort_by_key(|r| (r.cost, r.hex, r.facing));
        out
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
        st
    }

    /// Applies one step of `p` into the adjacent hex `n`.
    fn move_piece(&mut self, p: PieceIx, n: HexIx) {
        let h = self.pos[p as usize];
        let dir = self.board.dir_to(h, n).unwrap_or(0);
        let e = Event::Stepped {
            piece: p,
            from: self.board.hex(h),
            to: self.board.hex(n),
            backward: self.is_backward(p, dir),
        };
        self.apply(&e);
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

    /// Each army's losses against its break point (N98).
    pub fn break_points(&self) -> [(u32, u32); 2] {
        [0, 1].map(|s| (self.lost[s], self.board.armies[s].break_point))
    }
}
