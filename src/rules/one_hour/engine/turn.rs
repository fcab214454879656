//! The turn's flow for One Hour Napoleonic (H9-H11): the start, the
//! player turns, the card, the end of shooting and the volley, arrivals,
//! and the end of the turn with its victory checks.

use super::cards::shuffle;
use super::check::emit;
use super::morale::LeaderRisk;
use super::state::State;
use super::types::{Command, Event, LeaderIx, Pending, Phase, UnitIx};
use crate::engine::Dice;
use crate::rules::one_hour::model::TurnStructure;

impl State {
    /// Shuffles both decks (H38) and opens the first player turn.
    pub fn start(&mut self, dice: &mut Dice) -> Vec<Event> {
        let mut ev = Vec::new();
        for side in 0..2u8 {
            let n = self.board.decks[side as usize].len();
            if n > 0 {
                let mut order: Vec<usize> = (0..n).collect();
                shuffle(&mut order, dice);
                let order = order.into_iter().map(|c| c as u16).collect();
                emit(self, &mut ev, Event::Shuffled { side, order });
            }
        }
        let first = self.board.first_side;
        self.begin_player_turn(1, first, &mut ev);
        ev
    }

    pub(super) fn begin_player_turn(&mut self, turn: u32, side: u8, ev: &mut Vec<Event>) {
        emit(self, ev, Event::TurnBegan { turn, side });
        self.arrivals(turn, side, ev);
        if self.board.decks[side as usize].is_empty() {
            self.no_card(side, ev);
            self.card_done(ev);
        }
    }

    /// A side whose scenario deck holds no cards has none to draw: the
    /// log says so rather than skip the step in silence (H38).
    pub(super) fn no_card(&mut self, side: u8, ev: &mut Vec<Event>) {
        if self.board.has_deck[side as usize] {
            emit(self, ev, Event::DeckEmpty { side });
        }
    }

    /// Whether the game turn is played with simultaneous fire (H9).
    pub(super) fn simultaneous(&self) -> bool {
        self.board.options.turn_structure == TurnStructure::SimultaneousFire
    }

    /// The second side of a game turn.
    pub(super) fn second_side(&self) -> u8 {
        1 - self.board.first_side
    }

    /// The card step of the side to act is over. Alternate turns go on to
    /// its shooting; with simultaneous fire (H9) the second side draws
    /// next, and after it the first side shoots.
    pub(super) fn card_done(&mut self, ev: &mut Vec<Event>) {
        if !self.simultaneous() {
            emit(self, ev, Event::ShootingBegan);
            return;
        }
        let first = self.board.first_side;
        if self.side == first {
            let side = self.second_side();
            emit(
                self,
                ev,
                Event::StepBegan {
                    side,
                    phase: Phase::Card,
                },
            );
            self.arrivals(self.turn, side, ev);
            if self.board.decks[side as usize].is_empty() {
                self.no_card(side, ev);
                self.card_done(ev);
            }
        } else {
            emit(
                self,
                ev,
                Event::StepBegan {
                    side: first,
                    phase: Phase::Shoot,
                },
            );
        }
    }

    /// The end of the side to act's shooting. With simultaneous fire (H9)
    /// the second side shoots next, and after it every hit of the game
    /// turn's fire takes effect at once.
    pub(super) fn end_shooting(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
        if !self.simultaneous() {
            self.begin_movement(self.side, ev);
        } else if self.side == self.board.first_side {
            let side = self.second_side();
            emit(
                self,
                ev,
                Event::StepBegan {
                    side,
                    phase: Phase::Shoot,
                },
            );
        } else {
            let side = self.side;
            emit(
                self,
                ev,
                Event::StepBegan {
                    side,
                    phase: Phase::Volley,
                },
            );
            self.resolve_volley(dice, ev);
        }
    }

    /// The held hits of simultaneous fire take effect shot by shot, in the
    /// order fired, each as a shot's would (H17-H19); a choice a hit asks
    /// for is answered before the next (`answer` comes back here). Then
    /// the first side moves.
    pub(super) fn resolve_volley(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
        while self.pending.is_empty() && self.outcome.is_none() {
            let Some(&(u, t, from, range, hits)) = self.volley.first() else {
                self.begin_movement(self.board.first_side, ev);
                return;
            };
            emit(
                self,
                ev,
                Event::VolleyHits {
                    unit: u,
                    target: t,
                    hits,
                },
            );
            if let Some(to) = self.pos[t as usize] {
                self.shot_takes_effect(u, t, from, to, range, hits, dice, ev);
            }
        }
    }

    /// Reinforcements of `side` due on `turn` arrive: units in the first
    /// free entry box, leaders in theirs.
    pub(super) fn arrivals(&mut self, turn: u32, side: u8, ev: &mut Vec<Event>) {
        // Reinforcements due: the first entry box that is free.
        let due: Vec<UnitIx> = (0..self.board.units.len() as UnitIx)
            .filter(|&u| {
                let info = &self.board.units[u as usize];
                info.side == side
                    && self.pos[u as usize].is_none()
                    && !self.routed[u as usize]
                    && info.arrival.as_ref().is_some_and(|(t, _)| *t <= turn)
            })
            .collect();
        for u in due {
            let info = &self.board.units[u as usize];
            let Some((_, entry)) = &info.arrival else {
                continue;
            };
            let free = entry.iter().copied().find(|&h| {
                self.board.passable(h, info.spec.unit_type, false) && self.unit_at(h).is_none()
            });
            let facing = info.facing;
            match free {
                Some(at) => emit(
                    self,
                    ev,
                    Event::Arrived {
                        unit: u,
                        at,
                        facing,
                    },
                ),
                None => emit(self, ev, Event::ArrivalDelayed { unit: u }),
            }
        }
        // Leaders due: at their entry box unless the enemy holds it.
        for l in 0..self.board.leaders.len() as LeaderIx {
            let li = &self.board.leaders[l as usize];
            let (Some(t), Some(at)) = (li.arrives, li.start) else {
                continue;
            };
            if li.side != side
                || t > turn
                || self.leader_pos[l as usize].is_some()
                || self.leader_lost[l as usize]
            {
                continue;
            }
            if self.enemy_at(at, side) {
                emit(self, ev, Event::LeaderDelayed { leader: l });
            } else {
                emit(self, ev, Event::LeaderArrived { leader: l, at });
            }
        }
    }

    // ---- Checks ----------------------------------------------------

    pub(super) fn answer(&mut self, cmd: &Command, dice: &mut Dice, ev: &mut Vec<Event>) {
        let Some(p) = self.pending.front().cloned() else {
            return;
        };
        emit(self, ev, Event::Answered);
        match (p, cmd) {
            (Pending::Retreat { unit, .. }, Command::Retreat { to }) => {
                self.retreat_to(unit, *to, dice, ev)
            }
            (Pending::Bayonet { unit, to }, Command::Bayonet { advance: true }) => {
                if !self.reluctance(unit, dice, ev) || self.unit_at(to).is_some() {
                    return;
                }
                let Some(from) = self.pos[unit as usize] else {
                    return;
                };
                let side = self.side_of(unit);
                let leaders: Vec<LeaderIx> = self
                    .leaders_at(to)
                    .filter(|&l| self.board.leaders[l as usize].side != side)
                    .collect();
                emit(self, ev, Event::Advanced { unit, to });
                for l in leaders {
                    self.leader_risk(l, LeaderRisk::RoutOrOverrun, dice, ev);
                    self.retire(l, from, ev);
                }
                self.rout_if_broken(unit, dice, ev);
            }
            (
                Pending::Respond {
                    charger,
                    target,
                    path,
                    ..
                },
                Command::Respond { facing },
            ) => {
                if let Some(f) = facing {
                    emit(
                        self,
                        ev,
                        Event::Faced {
                            unit: target,
                            facing: *f,
                        },
                    );
                }
                self.finish_charge(charger, target, &path, dice, ev);
            }
            (Pending::Retire { leader, .. }, Command::Retire { to }) => {
                emit(self, ev, Event::LeaderMoved { leader, to: *to });
            }
            _ => {}
        }
        if self.phase == Phase::Volley {
            self.resolve_volley(dice, ev);
        }
    }

    pub(super) fn end_turn(&mut self, _dice: &mut Dice, ev: &mut Vec<Event>) {
        let side = self.side;
        emit(self, ev, Event::TurnEnded { side });
        let first = self.board.first_side;
        if side == first && self.simultaneous() {
            // H9: the second side moves; both have drawn and fired.
            self.begin_movement(1 - first, ev);
        } else if side == first {
            self.begin_player_turn(self.turn, 1 - first, ev);
        } else if self.turn >= self.board.turn_limit {
            self.end_by_objectives(ev);
        } else {
            self.begin_player_turn(self.turn + 1, first, ev);
        }
    }

    pub(super) fn end_by_objectives(&mut self, ev: &mut Vec<Event>) {
        let mut points = [0u32; 2];
        for (i, o) in self.board.objectives.iter().enumerate() {
            points[self.held[i] as usize & 1] += o.points;
        }
        let names = &self.board.side_names;
        let (winner, reason) = if points[0] != points[1] {
            let w = u8::from(points[1] > points[0]);
            (
                Some(w),
                format!(
                    "the turn limit is reached and {} holds objectives worth {} to {} (H9)",
                    names[w as usize],
                    points[w as usize],
                    points[1 - w as usize]
                ),
            )
        } else if self.lost[0] != self.lost[1] {
            let w = u8::from(self.lost[1] < self.lost[0]);
            (
                Some(w),
                format!(
                    "the turn limit is reached with the objectives even ({} each) and {} has lost fewer units, {} to {} (H9)",
                    points[0],
                    names[w as usize],
                    self.lost[w as usize],
                    self.lost[1 - w as usize]
                ),
            )
        } else {
            (
                None,
                format!(
                    "the turn limit is reached with the objectives even ({} each) and equal losses (H9)",
                    points[0]
                ),
            )
        };
        emit(self, ev, Event::GameEnded { winner, reason });
    }

    pub(super) fn check_victory(&mut self, ev: &mut Vec<Event>) {
        if self.outcome.is_some() || !self.pending.is_empty() {
            return;
        }
        let names = self.board.side_names.clone();
        let broken: [bool; 2] =
            [0, 1].map(|s| self.board.morale[s].is_some_and(|m| m > 0 && self.lost[s] >= m));
        let gone: [bool; 2] =
            [0u8, 1].map(|s| !self.live().any(|u| self.side_of(u) == s) && self.to_come(s) == 0);
        let out = [0usize, 1].map(|s| broken[s] || gone[s]);
        let (winner, reason) = match out {
            [true, true] => (None, "both armies have broken at once (H9)".to_string()),
            [true, false] | [false, true] => {
                let loser = usize::from(out[1]);
                let w = 1 - loser;
                let why = if gone[loser] {
                    format!("{} has no units left (H9)", names[loser])
                } else {
                    format!(
                        "{} has lost {}, its army's breaking point (H9)",
                        names[loser],
                        crate::words::counted(self.lost[loser], "unit", "units")
                    )
                };
                (Some(w as u8), why)
            }
            [false, false] => return,
        };
        emit(self, ev, Event::GameEnded { winner, reason });
    }

    // ---- Listing -----------------------------------------------------
}
