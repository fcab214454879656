//! `apply`, the only mutation of a Napoleon at Waterloo state: one event
//! at a time, so a game is its events.

use super::board::{HexIx, NO_HEX, UnitIx};
use super::state::{Pending, Pos, State, Step};
use super::types::{Event, Phase};
use crate::hex::Hex;
use crate::scenario::UnitId;
use std::collections::VecDeque;

impl State {
    /// Applies one event: the only way the state changes.
    pub fn apply(&mut self, e: &Event) {
        let ix = |st: &State, id: &UnitId| st.board.unit_ix(id).unwrap_or(0) as usize;
        let hx = |st: &State, h: &Hex| st.board.ix(*h).unwrap_or(NO_HEX);
        match e {
            Event::ChitsDrawn { chits } => {
                let mut c = [0; 2];
                for (side, code) in chits {
                    let s = self.board.side_index(side);
                    c[s as usize] = *code;
                }
                *self = State::new(self.board.clone(), Some(c));
            }
            Event::PhaseBegan { turn, side, phase } => {
                self.turn = *turn;
                self.phasing = self.board.side_index(side);
                self.phase = *phase;
                self.involved.iter_mut().for_each(|x| *x = false);
                if *phase == Phase::Movement {
                    self.mp_spent.iter_mut().for_each(|x| *x = 0);
                    self.moved.iter_mut().for_each(|x| *x = false);
                    self.last_moved = None;
                    self.must_attack.clear();
                    self.must_be_attacked.clear();
                }
            }
            Event::Moved { unit, path, cost } => {
                let u = ix(self, unit);
                if let Some(last) = path.last() {
                    self.set_pos(u, Pos::OnMap(hx(self, last)));
                }
                self.mp_spent[u] += cost;
                self.moved[u] = true;
                self.last_moved = Some(u as UnitIx);
            }
            Event::Entered { unit, hex, cost } => {
                let u = ix(self, unit);
                self.set_pos(u, Pos::OnMap(hx(self, hex)));
                self.mp_spent[u] = *cost;
                self.moved[u] = true;
                self.last_moved = Some(u as UnitIx);
            }
            Event::Exited { unit, .. } => {
                let u = ix(self, unit);
                self.set_pos(u, Pos::Exited);
                self.exited[self.board.units[u].side as usize] += 1;
                self.moved[u] = true;
                self.last_moved = None;
            }
            Event::ObligationsFixed {
                must_attack,
                must_be_attacked,
            } => {
                for id in must_attack {
                    let u = ix(self, id);
                    self.must_attack.push(u as UnitIx);
                }
                for id in must_be_attacked {
                    let u = ix(self, id);
                    self.must_be_attacked.push(u as UnitIx);
                }
            }
            Event::AttackDeclared {
                attackers,
                bombarding,
                defenders,
                ..
            } => {
                let list = |st: &State, v: &[UnitId]| {
                    v.iter().map(|id| ix(st, id) as UnitIx).collect::<Vec<_>>()
                };
                let p = Pending {
                    attacker_side: self.phasing,
                    attackers: list(self, attackers),
                    bombarding: list(self, bombarding),
                    defenders: list(self, defenders),
                    result: None,
                    steps: VecDeque::new(),
                    vacated: Vec::new(),
                    retreated: Vec::new(),
                    advance_done: false,
                };
                for &u in p.attackers.iter().chain(&p.bombarding).chain(&p.defenders) {
                    self.involved[u as usize] = true;
                }
                self.pending = Some(p);
            }
            Event::DieRolled { .. } => {}
            Event::CombatResult { result } => {
                if let Some(p) = &mut self.pending {
                    p.result = Some(*result);
                }
            }
            Event::Eliminated { unit, strength, .. } => {
                let u = ix(self, unit);
                let side = self.board.units[u].side;
                if let Pos::OnMap(h) = self.pos[u] {
                    self.note_vacated(u as UnitIx, h);
                }
                self.set_pos(u, Pos::Eliminated);
                self.losses[side as usize] += strength;
                if let Some(p) = &mut self.pending
                    && matches!(p.steps.front(), Some(Step::Retreat { unit: x, .. }) if *x as usize == u)
                {
                    p.steps.pop_front();
                }
            }
            Event::RetreatRequired {
                unit,
                chooser,
                optional,
                displaced,
            } => {
                let u = ix(self, unit) as UnitIx;
                let chooser = self.board.side_index(chooser);
                if let Some(p) = &mut self.pending {
                    let step = Step::Retreat {
                        unit: u,
                        chooser,
                        optional: *optional,
                    };
                    if *displaced {
                        p.steps.push_front(step);
                    } else {
                        p.steps.push_back(step);
                    }
                }
            }
            Event::Retreated { unit, to, .. } => {
                let u = ix(self, unit);
                if let Pos::OnMap(h) = self.pos[u] {
                    self.note_vacated(u as UnitIx, h);
                }
                self.set_pos(u, Pos::OnMap(hx(self, to)));
                if let Some(p) = &mut self.pending {
                    p.steps.pop_front();
                    p.retreated.push(u as UnitIx);
                }
            }
            Event::Held { .. } => {
                if let Some(p) = &mut self.pending {
                    p.steps.pop_front();
                }
            }
            Event::LossesRequired { at_least, .. } => {
                if let Some(p) = &mut self.pending {
                    p.steps.push_back(Step::Losses {
                        at_least: *at_least,
                    });
                }
            }
            Event::LossesTaken { .. } => {
                if let Some(p) = &mut self.pending {
                    p.steps.pop_front();
                }
            }
            Event::AdvanceOffered { side, units, hexes } => {
                let s = self.board.side_index(side);
                let units = units.iter().map(|id| ix(self, id) as UnitIx).collect();
                let hexes = hexes.iter().map(|h| hx(self, h)).collect();
                if let Some(p) = &mut self.pending {
                    p.steps.push_back(Step::Advance {
                        side: s,
                        units,
                        hexes,
                    });
                }
            }
            Event::Advanced { unit, to, .. } => {
                let u = ix(self, unit);
                self.set_pos(u, Pos::OnMap(hx(self, to)));
                if let Some(p) = &mut self.pending {
                    p.steps.pop_front();
                    p.advance_done = true;
                }
            }
            Event::AdvanceDeclined => {
                if let Some(p) = &mut self.pending {
                    p.steps.pop_front();
                    p.advance_done = true;
                }
            }
            Event::AttackFinished => self.pending = None,
            Event::Demoralized { side } => {
                let s = self.board.side_index(side);
                self.demoralized[s as usize] = true;
            }
            Event::GameEnded { outcome } => self.outcome = Some(outcome.clone()),
        }
    }

    /// Records a participant's hex as vacated by the combat [6.6].
    pub(super) fn note_vacated(&mut self, u: UnitIx, h: HexIx) {
        let side = self.side_of(u);
        if let Some(p) = &mut self.pending
            && (p.attackers.contains(&u) || p.defenders.contains(&u))
            && !p.vacated.iter().any(|(x, _)| *x == h)
        {
            p.vacated.push((h, side));
        }
    }
}
