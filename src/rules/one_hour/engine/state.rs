//! A One Hour Napoleonic position and its queries. `apply` is its only
//! mutation: every change comes from an event.

use super::board::Board;
use super::cards::DeckState;
use super::fire::Formation;
use super::geometry::{BOXES, Between, in_front_wedge, line_of_sight, range};
use super::types::{Event, LeaderIx, Pending, Phase, UnitIx};
use crate::hex::{Dir, Hex};
use std::collections::VecDeque;
use std::sync::Arc;

/// No unit: the end of a box's list of units.
const NO_UNIT: UnitIx = UnitIx::MAX;

/// What a unit has done and may still do in the current player turn
/// (H10, H41).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Acts {
    pub shots: u8,
    /// Shots allowed this turn: 1, 2 with a Double action, 0 with Low Ammo.
    pub shots_allowed: u8,
    pub moves: u8,
    pub moves_allowed: u8,
    /// A Double action's "move then shoot": it shoots in step 3 after
    /// moving, not in step 2.
    pub shoot_after_move: bool,
    pub rallied: bool,
    pub formed: bool,
    /// A card forbids it to move (H41).
    pub no_move: bool,
    /// The reluctant test's result this turn (H22), once taken.
    pub reluctant: Option<bool>,
    pub charged: bool,
    /// Its last move ended with a pivot (H41: no charge may follow).
    pub end_pivoted: bool,
}

impl Acts {
    fn fresh() -> Acts {
        Acts {
            shots_allowed: 1,
            moves_allowed: 1,
            ..Acts::default()
        }
    }

    /// Whether the unit has acted at all this turn (H52).
    pub fn acted(&self) -> bool {
        self.shots > 0 || self.moves > 0 || self.rallied || self.formed || self.charged
    }
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub reason: String,
}

#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Arc<Board>,
    pub(super) turn: u32,
    /// The phasing side (H9).
    pub(super) side: u8,
    pub(super) phase: Phase,
    /// Each unit's box; `None` before it arrives and once routed. Read it
    /// freely; write it only through [`State::set_pos`], which keeps the
    /// boxes' lists of units (`units_at`) true.
    pub(super) pos: Vec<Option<Hex>>,
    /// The first unit in each box of the board (row by row), `NO_UNIT`
    /// for none, and for each unit the next one in its box, in ascending
    /// order: `units_at` walks a box's list instead of every unit.
    box_first: Vec<UnitIx>,
    box_next: Vec<UnitIx>,
    pub(super) facing: Vec<Dir>,
    pub(super) formation: Vec<Formation>,
    pub(super) hits: Vec<u32>,
    pub(super) routed: Vec<bool>,
    /// Facings at the start of the player turn (H36).
    pub(super) turn_facing: Vec<Dir>,
    pub(super) acts: Vec<Acts>,
    /// Impetuous units that must charge again (H30).
    pub(super) obliged: Vec<bool>,
    pub(super) leader_pos: Vec<Option<Hex>>,
    pub(super) leader_lost: Vec<bool>,
    pub(super) leader_moved: Vec<bool>,
    /// The game turn in which each leader last used his reroll (H25).
    pub(super) leader_reroll: Vec<u32>,
    /// Units that have used a reroll this game turn (`per_unit_per_turn`).
    pub(super) unit_reroll: Vec<u32>,
    pub(super) decks: [DeckState; 2],
    /// The card on the table this player turn (side, card).
    pub(super) card: Option<(u8, u16)>,
    pub(super) pending: VecDeque<Pending>,
    /// Who holds each objective (the board's order).
    pub(super) held: Vec<u8>,
    /// Units routed, by side.
    pub(super) lost: [u32; 2],
    pub(super) cards_drawn: [u32; 2],
    pub(super) shots: [u32; 2],
    pub(super) charges: [u32; 2],
    pub(super) rallies: [u32; 2],
    pub(super) outcome: Option<Outcome>,
    /// Shots of simultaneous fire whose hits wait until both sides have
    /// fired (H9): (shooter, target, shooter's box, range, hits).
    pub(super) volley: Vec<(UnitIx, UnitIx, Hex, u32, u32)>,
    /// Events applied, and the last one that moved a unit or leader and
    /// the last that carried a die: a move may be taken back only if no
    /// die followed it.
    pub(super) seq: u64,
    pub(super) last_move_seq: u64,
    pub(super) last_roll_seq: u64,
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

    /// The phasing side (H9).
    pub fn side(&self) -> u8 {
        self.side
    }

    /// The phase of the turn.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Each unit's box; `None` before it arrives and once routed. Read it
    /// freely; write it only through [`State::set_pos`], which keeps the
    /// boxes' lists of units (`units_at`) true.
    pub fn pos(&self) -> &Vec<Option<Hex>> {
        &self.pos
    }

    /// The direction each unit faces.
    pub fn facing(&self) -> &Vec<Dir> {
        &self.facing
    }

    /// Each unit's formation.
    pub fn formation(&self) -> &Vec<Formation> {
        &self.formation
    }

    /// Hits each unit has taken.
    pub fn hits(&self) -> &Vec<u32> {
        &self.hits
    }

    /// Whether each unit has routed.
    pub fn routed(&self) -> &Vec<bool> {
        &self.routed
    }

    /// Facings at the start of the player turn (H36).
    pub fn turn_facing(&self) -> &Vec<Dir> {
        &self.turn_facing
    }

    /// What each unit has done this turn.
    pub fn acts(&self) -> &Vec<Acts> {
        &self.acts
    }

    /// Impetuous units that must charge again (H30).
    pub fn obliged(&self) -> &Vec<bool> {
        &self.obliged
    }

    /// Where each leader is, while on the map.
    pub fn leader_pos(&self) -> &Vec<Option<Hex>> {
        &self.leader_pos
    }

    /// Whether each leader is lost.
    pub fn leader_lost(&self) -> &Vec<bool> {
        &self.leader_lost
    }

    /// Whether each leader has moved this turn.
    pub fn leader_moved(&self) -> &Vec<bool> {
        &self.leader_moved
    }

    /// The game turn in which each leader last used his reroll (H25).
    pub fn leader_reroll(&self) -> &Vec<u32> {
        &self.leader_reroll
    }

    /// Units that have used a reroll this game turn (`per_unit_per_turn`).
    pub fn unit_reroll(&self) -> &Vec<u32> {
        &self.unit_reroll
    }

    /// Each side's chance-card deck.
    pub fn decks(&self) -> &[DeckState; 2] {
        &self.decks
    }

    /// The card on the table this player turn (side, card).
    pub fn card(&self) -> Option<(u8, u16)> {
        self.card
    }

    /// The decision the game waits for, if any.
    pub fn pending(&self) -> &VecDeque<Pending> {
        &self.pending
    }

    /// Who holds each objective (the board's order).
    pub fn held(&self) -> &Vec<u8> {
        &self.held
    }

    /// Units routed, by side.
    pub fn lost(&self) -> [u32; 2] {
        self.lost
    }

    /// Chance cards each side has drawn.
    pub fn cards_drawn(&self) -> [u32; 2] {
        self.cards_drawn
    }

    /// Shots each side has fired.
    pub fn shots(&self) -> [u32; 2] {
        self.shots
    }

    /// Charges each side has made.
    pub fn charges(&self) -> [u32; 2] {
        self.charges
    }

    /// Rallies each side has made.
    pub fn rallies(&self) -> [u32; 2] {
        self.rallies
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> &Option<Outcome> {
        &self.outcome
    }

    /// Shots of simultaneous fire whose hits wait until both sides have
    /// fired (H9): (shooter, target, shooter's box, range, hits).
    pub fn volley(&self) -> &Vec<(UnitIx, UnitIx, Hex, u32, u32)> {
        &self.volley
    }

    /// Events applied, and the last one that moved a unit or leader and
    /// the last that carried a die: a move may be taken back only if no
    /// die followed it.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The event number of the last move, for take-back.
    pub fn last_move_seq(&self) -> u64 {
        self.last_move_seq
    }

    /// The event number of the last die roll, for take-back.
    pub fn last_roll_seq(&self) -> u64 {
        self.last_roll_seq
    }
}

impl State {
    pub fn new(board: Arc<Board>) -> State {
        let n = board.units.len();
        let l = board.leaders.len();
        let mut st = State {
            turn: 1,
            side: board.first_side,
            phase: Phase::Card,
            pos: vec![None; n],
            box_first: vec![NO_UNIT; (board.columns.max(0) * board.rows.max(0)) as usize],
            box_next: vec![NO_UNIT; n],
            facing: board.units.iter().map(|u| u.facing).collect(),
            formation: vec![Formation::Deployed; n],
            hits: vec![0; n],
            routed: vec![false; n],
            turn_facing: board.units.iter().map(|u| u.facing).collect(),
            acts: vec![Acts::fresh(); n],
            obliged: vec![false; n],
            leader_pos: board
                .leaders
                .iter()
                .map(|x| x.start.filter(|_| x.arrives.is_none()))
                .collect(),
            leader_lost: vec![false; l],
            leader_moved: vec![false; l],
            leader_reroll: vec![0; l],
            unit_reroll: vec![0; n],
            decks: [DeckState::default(), DeckState::default()],
            card: None,
            pending: VecDeque::new(),
            held: board.objectives.iter().map(|o| o.held_by).collect(),
            lost: [0, 0],
            cards_drawn: [0, 0],
            shots: [0, 0],
            charges: [0, 0],
            rallies: [0, 0],
            outcome: None,
            volley: Vec::new(),
            seq: 0,
            last_move_seq: 0,
            last_roll_seq: 0,
            board,
        };
        for u in 0..n {
            st.set_pos(u as UnitIx, st.board.units[u].start);
        }
        st
    }

    /// The index of box `h` in `box_first`, if it is inside the board.
    fn box_ix(&self, h: Hex) -> Option<usize> {
        let b = &self.board;
        (h.col >= 1 && h.row >= 1 && h.col <= b.columns && h.row <= b.rows)
            .then(|| ((h.row - 1) * b.columns + h.col - 1) as usize)
    }

    /// Puts unit `u` in box `at` (`None`: off the map), keeping the boxes'
    /// lists of units in step with `pos`.
    pub fn set_pos(&mut self, u: UnitIx, at: Option<Hex>) {
        let ui = u as usize;
        if let Some(i) = self.pos[ui].and_then(|h| self.box_ix(h)) {
            // Unlink u from its box's list.
            if self.box_first[i] == u {
                self.box_first[i] = self.box_next[ui];
            } else {
                let mut cur = self.box_first[i];
                while cur != NO_UNIT {
                    let next = self.box_next[cur as usize];
                    if next == u {
                        self.box_next[cur as usize] = self.box_next[ui];
                        break;
                    }
                    cur = next;
                }
            }
            self.box_next[ui] = NO_UNIT;
        }
        self.pos[ui] = at;
        if let Some(i) = at.and_then(|h| self.box_ix(h)) {
            // Link it in ascending order of unit.
            if self.box_first[i] == NO_UNIT || self.box_first[i] > u {
                self.box_next[ui] = self.box_first[i];
                self.box_first[i] = u;
            } else {
                let mut cur = self.box_first[i];
                while self.box_next[cur as usize] != NO_UNIT && self.box_next[cur as usize] < u {
                    cur = self.box_next[cur as usize];
                }
                self.box_next[ui] = self.box_next[cur as usize];
                self.box_next[cur as usize] = u;
            }
        }
    }

    /// Whether the boxes' lists of units say what `pos` says (an
    /// invariant the random-games test checks after every event).
    pub fn boxes_agree(&self) -> bool {
        self.live().all(|u| {
            self.pos[u as usize]
                .is_none_or(|h| self.box_ix(h).is_none() || self.units_at(h).any(|x| x == u))
        }) && self.box_first.iter().enumerate().all(|(i, &first)| {
            let mut cur = first;
            let mut last = None;
            while cur != NO_UNIT {
                if self.pos[cur as usize].and_then(|h| self.box_ix(h)) != Some(i)
                    || last.is_some_and(|l| l >= cur)
                {
                    return false;
                }
                last = Some(cur);
                cur = self.box_next[cur as usize];
            }
            true
        })
    }

    pub fn unit_name(&self, u: UnitIx) -> &str {
        &self.board.units[u as usize].name
    }

    pub fn side_of(&self, u: UnitIx) -> u8 {
        self.board.units[u as usize].side
    }

    /// Units on the map.
    pub fn live(&self) -> impl Iterator<Item = UnitIx> + '_ {
        (0..self.pos.len() as UnitIx).filter(|&u| self.pos[u as usize].is_some())
    }

    /// The units in a box (two only for a moment during step 3, H36), in
    /// ascending order.
    pub fn units_at(&self, h: Hex) -> impl Iterator<Item = UnitIx> + '_ {
        let mut cur = self.box_ix(h).map_or(NO_UNIT, |i| self.box_first[i]);
        std::iter::from_fn(move || {
            (cur != NO_UNIT).then(|| {
                let u = cur;
                cur = self.box_next[u as usize];
                u
            })
        })
    }

    pub fn unit_at(&self, h: Hex) -> Option<UnitIx> {
        self.units_at(h).next()
    }

    pub fn enemy_at(&self, h: Hex, side: u8) -> bool {
        self.units_at(h).any(|u| self.side_of(u) != side)
    }

    /// Leaders still in play in a box.
    pub fn leaders_at(&self, h: Hex) -> impl Iterator<Item = LeaderIx> + '_ {
        (0..self.leader_pos.len() as LeaderIx)
            .filter(move |&l| self.leader_pos[l as usize] == Some(h))
    }

    /// Whether a leader who counts for the unit is in its box (H20, H21:
    /// one of its command, or any of its side without the option).
    pub fn leader_with(&self, u: UnitIx) -> bool {
        let Some(h) = self.pos[u as usize] else {
            return false;
        };
        let info = &self.board.units[u as usize];
        let need_command = self.board.options.leader_extra_hit_requires_command;
        self.leaders_at(h).any(|l| {
            let li = &self.board.leaders[l as usize];
            li.side == info.side && (!need_command || li.commands.leads(&info.spec.command))
        })
    }

    /// The hits a unit may still take before it routs (H20, H22).
    pub fn hits_left(&self, u: UnitIx) -> u32 {
        let spec = &self.board.units[u as usize].spec;
        super::morale::rout_at(&self.board.options, spec, self.leader_with(u))
            .saturating_sub(self.hits[u as usize])
    }

    /// Infantry in a town or strongpoint occupy it (H35).
    pub fn occupies_town(&self, u: UnitIx) -> bool {
        self.pos[u as usize].is_some_and(|h| {
            self.board.at(h).is_town() && self.board.units[u as usize].spec.unit_type.is_infantry()
        })
    }

    /// Whether `from` is in front of the unit: its front wedge, or
    /// anywhere for a square or infantry in a town (H2, H6).
    pub fn faces(&self, u: UnitIx, from: Hex) -> bool {
        let Some(h) = self.pos[u as usize] else {
            return false;
        };
        self.formation[u as usize] == Formation::Square
            || self.occupies_town(u)
            || in_front_wedge(h, self.facing[u as usize], from)
    }

    /// Whether the unit's fire reaches `to`: the front wedge, or all
    /// round from a town (H6).
    pub fn in_arc(&self, u: UnitIx, to: Hex) -> bool {
        let Some(h) = self.pos[u as usize] else {
            return false;
        };
        self.occupies_town(u) || in_front_wedge(h, self.facing[u as usize], to)
    }

    /// Line of sight between two boxes (H7): `overhead` for fire, which
    /// sees over units from higher ground; charges have none.
    pub fn sees(&self, from: Hex, to: Hex, overhead: bool) -> bool {
        let b = &self.board;
        line_of_sight(
            from,
            b.at(from).level,
            to,
            b.at(to).level,
            overhead,
            b.options.overhead_ignores_terrain,
            |h| {
                let x = b.at(h);
                Between {
                    terrain_blocks: x.blocks_sight(),
                    unit: self.unit_at(h).is_some(),
                    level: x.level,
                }
            },
        )
    }

    pub fn range(&self, a: Hex, b: Hex) -> u32 {
        range(a, b, self.board.options.range_metric)
    }

    /// Enemy units the unit can see from `from` (H22's "nearest enemy it
    /// can see").
    pub fn seen_enemies(&self, u: UnitIx, from: Hex) -> Vec<Hex> {
        let side = self.side_of(u);
        self.live()
            .filter(|&e| self.side_of(e) != side)
            .filter_map(|e| self.pos[e as usize])
            .filter(|&h| self.sees(from, h, false))
            .collect()
    }

    /// Boxes holding more than one unit (H36).
    pub fn overstacked(&self) -> Vec<Hex> {
        let mut seen: Vec<Hex> = Vec::new();
        let mut twice: Vec<Hex> = Vec::new();
        for u in self.live() {
            let Some(h) = self.pos[u as usize] else {
                continue;
            };
            if seen.contains(&h) {
                if !twice.contains(&h) {
                    twice.push(h);
                }
            } else {
                seen.push(h);
            }
        }
        twice
    }

    /// The side that must act now.
    pub fn to_act(&self) -> u8 {
        if let Some(p) = self.pending.front() {
            return p.side(&self.board);
        }
        match self.phase {
            Phase::CardChoice { chooser, .. } => chooser,
            _ => self.side,
        }
    }

    /// Units a side has that are still to come (reinforcements).
    pub fn to_come(&self, side: u8) -> usize {
        self.board
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                u.side == side && u.arrival.is_some() && self.pos[*i].is_none() && !self.routed[*i]
            })
            .count()
    }

    /// The only mutation.
    pub fn apply(&mut self, e: &Event) {
        self.seq += 1;
        match e {
            Event::Moved { .. } | Event::LeaderMoved { .. } => self.last_move_seq = self.seq,
            Event::Shuffled { .. }
            | Event::AmountRolled { .. }
            | Event::Shot { .. }
            | Event::Rerolled { .. }
            | Event::Recovered { .. }
            | Event::Reluctant { .. }
            | Event::ChargeRolled { .. }
            | Event::LeaderRisk { .. }
            | Event::Rallied { .. } => self.last_roll_seq = self.seq,
            _ => {}
        }
        match e {
            Event::TurnBegan { turn, side } => {
                self.turn = *turn;
                self.side = *side;
                self.phase = Phase::Card;
                self.card = None;
                self.turn_facing = self.facing.clone();
                for a in &mut self.acts {
                    *a = Acts::fresh();
                }
                for m in &mut self.leader_moved {
                    *m = false;
                }
            }
            Event::Arrived { unit, at, facing } => {
                let u = *unit as usize;
                self.set_pos(*unit, Some(*at));
                self.facing[u] = *facing;
                self.turn_facing[u] = *facing;
                self.take_objective(*at, self.board.units[u].side);
            }
            Event::ArrivalDelayed { .. } | Event::LeaderDelayed { .. } => {}
            Event::LeaderArrived { leader, at } => {
                let l = *leader as usize;
                self.leader_pos[l] = Some(*at);
            }
            Event::Shuffled { side, order } => {
                let d = &mut self.decks[*side as usize & 1];
                d.draw = order.iter().map(|&c| c as usize).collect();
                d.discard.clear();
            }
            Event::CardDrawn { side, card } => {
                let d = &mut self.decks[*side as usize & 1];
                if let Some(i) = d.draw.iter().rposition(|&c| c == *card as usize) {
                    d.draw.remove(i);
                }
                d.discard.push(*card as usize);
                self.card = Some((*side, *card));
                self.cards_drawn[*side as usize & 1] += 1;
            }
            Event::DeckEmpty { .. } | Event::AmountRolled { .. } => {}
            Event::CardChoiceAsked {
                card,
                chooser,
                amount,
            } => {
                self.phase = Phase::CardChoice {
                    card: *card,
                    chooser: *chooser,
                    amount: *amount,
                };
            }
            Event::CardNoTarget | Event::DoubleDeclined => {}
            Event::MayNotMove { units } => {
                for &u in units {
                    self.acts[u as usize].no_move = true;
                }
            }
            Event::LowAmmo { units } => {
                for &u in units {
                    self.acts[u as usize].shots_allowed = 0;
                }
            }
            Event::DoubleAction { unit, mode } => {
                let a = &mut self.acts[*unit as usize];
                match mode {
                    super::actions::DoubleMode::MoveTwice => a.moves_allowed = 2,
                    super::actions::DoubleMode::ShootTwice => {
                        a.shots_allowed = a.shots_allowed.min(1) * 2
                    }
                    super::actions::DoubleMode::MoveThenShoot => a.shoot_after_move = true,
                }
            }
            Event::ShootingBegan => self.phase = Phase::Shoot,
            Event::StepBegan { side, phase } => {
                self.side = *side;
                self.phase = phase.clone();
                if *phase == Phase::Card {
                    self.card = None;
                }
            }
            Event::VolleyHits { .. } => {
                if !self.volley.is_empty() {
                    self.volley.remove(0);
                }
            }
            Event::MovementBegan => self.phase = Phase::Move,
            Event::Shot {
                unit,
                target,
                range,
                hits,
                ..
            } => {
                self.acts[*unit as usize].shots += 1;
                self.shots[self.board.units[*unit as usize].side as usize] += 1;
                // H9 simultaneous fire: the hits wait for both sides' fire.
                if self.phase == Phase::Shoot
                    && self.board.options.turn_structure
                        == crate::rules::one_hour::model::TurnStructure::SimultaneousFire
                    && let Some(from) = self.pos[*unit as usize]
                {
                    self.volley.push((*unit, *target, from, *range, *hits));
                }
            }
            Event::Rerolled {
                leader, unit, hits, ..
            } => {
                self.leader_reroll[*leader as usize] = self.turn;
                self.unit_reroll[*unit as usize] = self.turn;
                // A shot held for the volley takes the hits the reroll
                // leaves (H9, H25): the last held shot is the one rerolled.
                if let Some(h) = hits
                    && self.phase == Phase::Shoot
                    && let Some(last) = self.volley.last_mut()
                {
                    last.4 = *h;
                }
            }
            Event::Hits { unit, hits, .. } => self.hits[*unit as usize] += hits,
            Event::Recovered { unit, hits, .. } => {
                let h = &mut self.hits[*unit as usize];
                *h = h.saturating_sub(*hits);
            }
            Event::Reluctant { unit, passed, .. } => {
                self.acts[*unit as usize].reluctant = Some(*passed);
            }
            Event::Moved {
                unit,
                path,
                facing,
                formation,
                end_pivot,
            } => {
                let u = *unit as usize;
                self.acts[u].end_pivoted = *end_pivot;
                if let Some(&to) = path.last() {
                    self.set_pos(*unit, Some(to));
                    self.take_objective(to, self.board.units[u].side);
                }
                self.facing[u] = *facing;
                self.formation[u] = *formation;
                self.acts[u].moves += 1;
            }
            Event::LeaderMoved { leader, to } => {
                self.leader_pos[*leader as usize] = Some(*to);
                self.leader_moved[*leader as usize] = true;
            }
            Event::Formed {
                unit,
                formation,
                facing,
            } => {
                let u = *unit as usize;
                self.formation[u] = *formation;
                self.facing[u] = *facing;
                // Leaving square counts as the unit's formation change,
                // unless the option lets it move after (H32).
                self.acts[u].formed = *formation == Formation::Square
                    || !self.board.options.move_after_leaving_square;
            }
            Event::Faced { unit, facing } => self.facing[*unit as usize] = *facing,
            Event::ChargeMoved { unit, path, .. } => {
                let u = *unit as usize;
                if let Some(&to) = path.last() {
                    self.set_pos(*unit, Some(to));
                    self.take_objective(to, self.board.units[u].side);
                }
                self.acts[u].charged = true;
                self.charges[self.board.units[u].side as usize] += 1;
            }
            Event::ChargeRolled { unit, .. } => {
                let u = *unit as usize;
                self.obliged[u] = self.board.units[u].spec.impetuous;
            }
            Event::Routed { unit } => {
                let u = *unit as usize;
                self.set_pos(*unit, None);
                self.routed[u] = true;
                self.obliged[u] = false;
                self.lost[self.board.units[u].side as usize] += 1;
            }
            Event::LeaderRisk { leader, lost, .. } => {
                if *lost {
                    self.leader_pos[*leader as usize] = None;
                    self.leader_lost[*leader as usize] = true;
                }
            }
            Event::Retreated { unit, to } | Event::Advanced { unit, to } => {
                let u = *unit as usize;
                self.set_pos(*unit, Some(*to));
                self.take_objective(*to, self.board.units[u].side);
            }
            Event::RetreatBlocked { .. } => {}
            Event::Rallied { unit, regained, .. } => {
                let u = *unit as usize;
                self.hits[u] = self.hits[u].saturating_sub(*regained);
                self.acts[u].rallied = true;
                self.rallies[self.board.units[u].side as usize] += 1;
            }
            Event::Impetuous { unit, obliged } => self.obliged[*unit as usize] = *obliged,
            Event::Asked { pending } => self.pending.push_back(pending.clone()),
            Event::Answered => {
                self.pending.pop_front();
            }
            Event::TurnEnded { .. } => {}
            Event::GameEnded { winner, reason } => {
                self.phase = Phase::Over;
                self.pending.clear();
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: reason.clone(),
                });
            }
        }
    }

    fn take_objective(&mut self, h: Hex, side: u8) {
        for (i, o) in self.board.objectives.iter().enumerate() {
            if o.hex == h {
                self.held[i] = side;
            }
        }
    }

    /// Neighbouring boxes (all eight).
    pub fn neighbours(h: Hex) -> impl Iterator<Item = Hex> {
        BOXES.neighbours(h).into_iter()
    }
}
