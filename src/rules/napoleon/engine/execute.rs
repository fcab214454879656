//! `execute` for the *Napoleon* rules: a command checked, then its events
//! applied as they are produced, with the turn's flow: initiative and the
//! end of the turn [3.3], skirmish [3.4], bombardment [3.5], Maneuver &
//! Combat [3.7], the Final Step [4.1].

use super::board::{NO_HEX, PieceIx};
use super::state::{Pending, State};
use super::types::{Activation, Command, Event, Phase, RuleError};
use crate::engine::Dice;
use crate::rules::napoleon::model::{FinishedTurns, TurnEndRoll};
type R<T> = Result<T, RuleError>;

impl State {
    pub(super) fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        out.push(e);
    }

    /// The first events of a game: turn 1, impulse 1.
    pub fn start(&mut self, dice: &mut Dice) -> Vec<Event> {
        let mut out = Vec::new();
        self.emit(&mut out, Event::TurnBegan { turn: 1 });
        self.begin_impulse(dice, &mut out);
        out
    }

    pub fn execute(&mut self, cmd: &Command, dice: &mut Dice) -> R<Vec<Event>> {
        let mut out = self.execute_command(cmd, dice)?;
        // Forces alternate (N2 option): an activation over, the other side
        // activates one, unless it has passed or has none left.
        if self.alternate_forces()
            && self.active.is_none()
            && self.pending.is_none()
            && self.outcome.is_none()
            && out
                .iter()
                .any(|e| matches!(e, Event::ActivationEnded { .. }))
            && let Phase::Maneuver { side } = self.phase
        {
            let other = 1 - side;
            if !self.passed[other as usize] && self.has_forces_to_activate(other) {
                self.emit(
                    &mut out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side: other },
                    },
                );
            }
        }
        Ok(out)
    }

    pub(super) fn execute_command(&mut self, cmd: &Command, dice: &mut Dice) -> R<Vec<Event>> {
        self.check(cmd)?;
        let mut out = Vec::new();
        // Another piece moving, or the movement ending, ends the last
        // piece's move (N57): where it ends with a host, the gun takes
        // the host's facing then, not on passing through (N72, N74).
        let next = match cmd {
            Command::Step { piece, .. }
            | Command::Turn { piece, .. }
            | Command::Formation { piece, .. } => self.board.piece_ix(piece),
            Command::EndActivation { .. } => Some(PieceIx::MAX),
            _ => None,
        };
        if let Some(next) = next
            && self.combat.is_none()
            && let Some(last) = self.active.as_ref().and_then(|a| a.last)
            && last != next
        {
            for (gun, facing) in self.attachments(last) {
                self.emit(&mut out, Event::Turned { piece: gun, facing });
            }
        }
        match cmd {
            Command::Evade { .. }
            | Command::StandFast
            | Command::Pursue
            | Command::NoPursuit
            | Command::EndPursuit
            | Command::MoveBack { .. }
            | Command::RerollMelee
            | Command::KeepMelee => self.execute_choice(cmd, dice, &mut out)?,
            Command::Flee { .. } | Command::PlaceGeneral { .. } => {
                self.execute_officer_choice(cmd, dice, &mut out)?
            }
            Command::Skirmish { force, target } => {
                let (f, t) = (self.force(force)?, self.force(target)?);
                self.emit(
                    &mut out,
                    Event::SkirmishDeclared {
                        force: f,
                        target: t,
                    },
                );
            }
            Command::EndSkirmish => self.next_phase(dice, &mut out),
            Command::Bombard { gun, target } => {
                let (g, t) = (self.piece(gun)?, self.piece(target)?);
                self.emit(&mut out, Event::BombardDeclared { gun: g, target: t });
            }
            Command::EndBombardment => self.next_phase(dice, &mut out),
            Command::Activate { force } => {
                let f = self.force(force)?;
                self.command_check(f, dice, &mut out);
            }
            Command::Reroll => {
                let (f, side) = match &self.active {
                    Some(a) => (a.force, self.board.forces[a.force as usize].side),
                    None => return Err(RuleError::NoActivation),
                };
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.command_check(f, dice, &mut out);
            }
            Command::ActivateReserve { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.emit(&mut out, Event::ReserveActivated { force: f });
            }
            Command::Rally { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                // Units 4 or more hexes from every enemy unit lose one point
                // each (N47).
                let pieces = self.board.forces[f as usize]
                    .units
                    .iter()
                    .copied()
                    .filter(|&u| {
                        self.on_map(u)
                            && self.casualties[u as usize] > 0
                            && self.enemy_distance(u) >= 4
                    })
                    .collect();
                self.emit(&mut out, Event::Rallied { force: f, pieces });
            }
            Command::SauveQuiPeut { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                let units = self.board.forces[f as usize]
                    .units
                    .iter()
                    .copied()
                    .filter(|&u| self.on_map(u) && self.enemy_distance(u) <= 3)
                    .collect();
                self.emit(&mut out, Event::SauveQuiPeutOrdered { force: f, units });
            }
            Command::MoveGeneral { path } => {
                let side = self.maneuver_side()?;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.emit(
                    &mut out,
                    Event::GeneralMoved {
                        side,
                        path: path.clone(),
                    },
                );
            }
            Command::Step { piece, to } => {
                let p = self.piece(piece)?;
                let from = self.board.hex(self.pos[p as usize]);
                let to_ix = self.board.hex_ix(*to).ok_or(RuleError::OffMap(*to))?;
                let dir = self.board.dir_to(self.pos[p as usize], to_ix).unwrap_or(0);
                let backward = self.is_backward(p, dir);
                self.emit(
                    &mut out,
                    Event::Stepped {
                        piece: p,
                        from,
                        to: *to,
                        backward,
                    },
                );
                // Officers alone next to the mover move away (N52).
                self.contact_officers(p, &mut out);
                // Guns met on the way are contacted (N75); moving
                // backward never contacts.
                if !backward
                    && self.contacts_guns()
                    && !matches!(self.pending, Some(Pending::GeneralPlacement { .. }))
                {
                    let pursuing = matches!(self.pending, Some(Pending::Pursuing { .. }));
                    self.contact_guns(p, dice, &mut out);
                    // Pursuing cavalry destroyed by a gun it met: the
                    // combats of the activation go on (N87).
                    if pursuing && self.pending.is_none() {
                        self.run_combats(dice, &mut out);
                    }
                }
            }
            Command::Turn { piece, facing } => {
                let p = self.piece(piece)?;
                self.emit(
                    &mut out,
                    Event::Turned {
                        piece: p,
                        facing: *facing,
                    },
                );
                // Attached guns turn with their host (N72).
                let h = self.pos[p as usize];
                let guns: Vec<PieceIx> = self
                    .at(h)
                    .filter(|&q| q != p && self.kind_of(q).is_gun())
                    .collect();
                for g in guns {
                    self.emit(
                        &mut out,
                        Event::Turned {
                            piece: g,
                            facing: *facing,
                        },
                    );
                }
            }
            Command::Formation { piece, column } => {
                let p = self.piece(piece)?;
                self.emit(
                    &mut out,
                    Event::FormationChanged {
                        piece: p,
                        column: *column,
                    },
                );
            }
            Command::TakeBack => {
                let pieces = match &self.active {
                    Some(a) => match &a.checkpoint {
                        // A piece eliminated since stays eliminated.
                        Some(cp) => cp
                            .iter()
                            .filter(|(p, ..)| self.on_map(*p))
                            .map(|(p, h, f, c, _)| (*p, self.board.hex(*h), *f, *c))
                            .collect(),
                        None => a
                            .moved
                            .iter()
                            .filter(|(p, _)| self.on_map(*p))
                            .map(|(p, m)| {
                                (*p, self.board.hex(m.start), m.start_facing, m.start_column)
                            })
                            .collect(),
                    },
                    None => return Err(RuleError::NoActivation),
                };
                self.emit(&mut out, Event::MovesTakenBack { pieces });
            }
            Command::EndActivation { direction } => {
                let (f, result) = match &self.active {
                    Some(a) => (a.force, a.result),
                    None => return Err(RuleError::NoActivation),
                };
                self.emit(&mut out, Event::MovementEnded { force: f });
                if matches!(result, Activation::Forward | Activation::Charge) {
                    let reference = self.reference_facing(f);
                    self.emit(
                        &mut out,
                        Event::CombatsBegan {
                            force: f,
                            direction: *direction,
                            reference,
                        },
                    );
                    self.run_combats(dice, &mut out);
                    return Ok(out);
                }
                // Each infantry and cavalry unit that fell back takes a
                // point; no enemy caused it, so no leader-loss roll (N49).
                if result == Activation::SauveQuiPeut {
                    let fled: Vec<PieceIx> = self
                        .active
                        .as_ref()
                        .map(|a| {
                            a.moved
                                .iter()
                                .filter(|(p, m)| m.entered > 0 && self.kind_of(*p).is_troop())
                                .map(|(p, _)| *p)
                                .collect()
                        })
                        .unwrap_or_default();
                    for p in fled {
                        self.casualties_on(p, 1, false, dice, &mut out);
                    }
                }
                self.emit(&mut out, Event::ActivationEnded { force: f });
            }
            Command::EndManeuver => self.end_maneuver(dice, &mut out),
        }
        Ok(out)
    }

    pub(super) fn alternate_forces(&self) -> bool {
        self.board.options.maneuver_order
            == crate::rules::napoleon::model::ManeuverOrder::AlternateForces
    }

    /// Whether the side has a force on the map not yet activated this
    /// impulse.
    pub(super) fn has_forces_to_activate(&self, side: u8) -> bool {
        self.board.forces.iter().enumerate().any(|(f, info)| {
            info.side == side && !self.activated[f] && !self.force_pieces(f as u16).is_empty()
        })
    }

    /// The side's Maneuver & Combat is over: by side, the next phase; with
    /// forces alternating (N2), the side passes and the other goes on
    /// alone, and once both have passed the impulse ends.
    pub(super) fn end_maneuver(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let Phase::Maneuver { side } = self.phase else {
            return;
        };
        if !self.alternate_forces() {
            self.next_phase(dice, out);
            return;
        }
        self.emit(out, Event::ManeuverPassed { side });
        let other = 1 - side;
        if !self.passed[other as usize] {
            self.emit(
                out,
                Event::PhaseBegan {
                    phase: Phase::Maneuver { side: other },
                },
            );
            return;
        }
        if self.board.options.final_step_each_impulse {
            self.final_step(dice, out);
            if self.outcome.is_some() {
                return;
            }
        }
        self.begin_impulse(dice, out);
    }

    pub(super) fn command_check(&mut self, f: u16, dice: &mut Dice, out: &mut Vec<Event>) {
        let roll = dice.d6();
        let modifiers = self.check_modifiers(f);
        let total = roll as i32 + modifiers.iter().map(|(_, m)| m).sum::<i32>();
        let result = Activation::of(total);
        self.emit(
            out,
            Event::CommandChecked {
                force: f,
                roll,
                modifiers,
                total,
                result,
            },
        );
        // A Static force's activation ends at once (N58).
        if result == Activation::Static
            && self.active.as_ref().is_some_and(|a| {
                a.rerolls_left == 0
                    || self.adcs[self.board.forces[f as usize].side as usize] == 0
                    || !self.leader_in_reach(f)
            })
        {
            self.emit(out, Event::ActivationEnded { force: f });
        }
    }

    /// The next phase, impulse or turn, skipping steps with nothing to do.
    pub(super) fn next_phase(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let other = 1 - self.initiative;
        match self.phase {
            Phase::Skirmish { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Skirmish { side: other },
                    },
                );
            }
            Phase::Skirmish { .. } => {
                self.resolve_skirmish(out);
                let side = self.initiative;
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Bombardment { side },
                    },
                );
            }
            Phase::Bombardment { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Bombardment { side: other },
                    },
                );
            }
            Phase::Bombardment { .. } => {
                self.resolve_bombardment(dice, out);
                if self.outcome.is_some() {
                    return;
                }
                let side = self.initiative;
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side },
                    },
                );
                return;
            }
            Phase::Maneuver { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side: other },
                    },
                );
                return;
            }
            Phase::Maneuver { .. } => {
                if self.board.options.final_step_each_impulse {
                    self.final_step(dice, out);
                    if self.outcome.is_some() {
                        return;
                    }
                }
                self.begin_impulse(dice, out);
                return;
            }
            Phase::Over => return,
        }
        self.skip_empty(dice, out);
    }

    /// Skirmish and bombardment steps in which the side has nothing to
    /// declare pass by themselves.
    pub(super) fn skip_empty(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        match self.phase {
            Phase::Skirmish { side } if self.skirmish_options(side).is_empty() => {
                self.next_phase(dice, out)
            }
            Phase::Bombardment { side } if self.undeclared_guns(side).is_empty() => {
                self.next_phase(dice, out)
            }
            _ => {}
        }
    }

    pub(super) fn begin_impulse(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let impulse = self.impulse + 1;
        let dice2 = [dice.d6(), dice.d6()];
        let ends = impulse >= 2 && dice2[0] + dice2[1] > 8;
        let cf = self.command_factor;
        let bonus = |s: usize| i32::from(cf[s] > cf[1 - s]);
        let totals = [dice2[0] as i32 + bonus(0), dice2[1] as i32 + bonus(1)];
        let winner = if totals[0] != totals[1] {
            u8::from(totals[1] > totals[0])
        } else if cf[0] != cf[1] {
            u8::from(cf[1] > cf[0])
        } else {
            self.board.tie_side
        };
        let capped = self
            .board
            .options
            .max_impulses_per_turn
            .is_some_and(|m| impulse > m);
        self.emit(
            out,
            Event::InitiativeRolled {
                impulse,
                dice: dice2,
                totals,
                winner,
                ends_turn: ends || capped,
            },
        );
        let play_last = ends && self.board.options.turn_end_roll == TurnEndRoll::PlayThenEnd;
        if (ends || capped) && !play_last {
            self.end_turn(dice, out);
            return;
        }
        let engaged = (0..self.board.forces.len() as u16)
            .filter(|&f| self.is_engaged_now(f))
            .collect();
        let isolated = (0..self.board.forces.len() as u16)
            .flat_map(|f| self.isolated_now(f))
            .collect();
        self.emit(
            out,
            Event::ImpulseBegan {
                impulse,
                initiative: winner,
                engaged,
                isolated,
            },
        );
        self.emit(
            out,
            Event::PhaseBegan {
                phase: Phase::Skirmish { side: winner },
            },
        );
        self.skip_empty(dice, out);
    }

    pub(super) fn end_turn(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        self.final_step(dice, out);
        if self.outcome.is_some() {
            return;
        }
        if self.board.turn_limit.is_some_and(|t| self.turn >= t) {
            self.emit(
                out,
                Event::GameOver {
                    winner: None,
                    reason: format!(
                        "neither army broke in {} (N4)",
                        crate::words::counted(self.turn, "turn", "turns")
                    ),
                },
            );
            return;
        }
        let turn = self.turn + 1;
        self.emit(out, Event::TurnBegan { turn });
        self.begin_impulse(dice, out);
    }

    /// Victory location points of a side now (N33, historical scenarios'
    /// victory hexes): hexes it holds alone with a unit.
    pub fn location_points(&self, side: u8) -> u32 {
        let controlled = self.board.options.village_points
            == crate::rules::napoleon::model::VillagePoints::Controlled;
        let pickup = self.board.pickup.as_ref();
        let villages: u32 = self
            .board
            .victory
            .iter()
            .enumerate()
            .filter(|&(i, &(h, s, _))| {
                s == side
                    && if controlled {
                        self.control.get(i).copied().flatten() == Some(side)
                    } else if pickup.is_some() {
                        // N33: occupied by one of the attacker's infantry.
                        self.at(h).any(|q| {
                            self.side_of(q) == side
                                && self.board.pieces[q as usize].kind == super::PieceKind::Infantry
                        })
                    } else {
                        self.occupier(h) == Some(side)
                    }
            })
            .map(|(_, &(_, _, p))| p)
            .sum();
        let Some(p) = pickup else {
            return villages;
        };
        // N33: a hill of the defender's areas whose only occupants are the
        // attacker's units; a unit on the enemy's road in his reserve.
        let hills = if side == p.attacker {
            p.hills
                .iter()
                .filter(|hill| {
                    let sides: Vec<u8> = hill.iter().filter_map(|&h| self.occupier(h)).collect();
                    sides.contains(&side) && !sides.contains(&(1 - side))
                })
                .count() as u32
        } else {
            0
        };
        let road = u32::from(
            p.roads[1 - side as usize]
                .iter()
                .any(|&h| self.occupier(h) == Some(side)),
        );
        villages + hills + road
    }

    /// The Final Step [4.1] (N98-N100).
    pub(super) fn final_step(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let mut totals: [Option<i32>; 2] = [None, None];
        for side in 0..2u8 {
            let bp = self.board.armies[side as usize].break_point;
            if self.lost[side as usize] < bp {
                continue;
            }
            let roll = dice.d6();
            let beyond = self.lost[side as usize] - bp;
            let finished_turns = match self.board.options.finished_turns {
                FinishedTurns::BeforeCurrent => self.turn.saturating_sub(1),
                FinishedTurns::IncludingCurrent => self.turn,
            };
            let locations = self.location_points(side);
            let total = roll as i32 - beyond as i32 - finished_turns as i32 + locations as i32;
            self.emit(
                out,
                Event::BreakTest {
                    side,
                    roll,
                    beyond,
                    finished_turns,
                    locations,
                    total,
                },
            );
            totals[side as usize] = Some(total);
        }
        let broken = [
            totals[0].is_some_and(|t| t <= 0),
            totals[1].is_some_and(|t| t <= 0),
        ];
        let (winner, reason) = match broken {
            [false, false] => return,
            [true, false] => (
                Some(1),
                format!(
                    "the {} army leaves the field [4.1]",
                    self.board.side_names[0]
                ),
            ),
            [false, true] => (
                Some(0),
                format!(
                    "the {} army leaves the field [4.1]",
                    self.board.side_names[1]
                ),
            ),
            [true, true] => {
                let (a, b) = (totals[0].unwrap_or(0), totals[1].unwrap_or(0));
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => (
                        Some(0),
                        "both armies break; the higher score is the marginal winner [4.1]"
                            .to_string(),
                    ),
                    std::cmp::Ordering::Less => (
                        Some(1),
                        "both armies break; the higher score is the marginal winner [4.1]"
                            .to_string(),
                    ),
                    std::cmp::Ordering::Equal => (
                        None,
                        "both armies break with equal scores [4.1]".to_string(),
                    ),
                }
            }
        };
        self.emit(out, Event::GameOver { winner, reason });
    }

    pub(super) fn resolve_skirmish(&mut self, out: &mut Vec<Event>) {
        for (f, t) in self.skirmishes.clone() {
            let powers = [self.skirmish_power(f), self.skirmish_power(t)];
            let loser = match powers[0].cmp(&powers[1]) {
                std::cmp::Ordering::Less => Some(f),
                std::cmp::Ordering::Greater => Some(t),
                std::cmp::Ordering::Equal => None,
            };
            self.emit(
                out,
                Event::SkirmishResolved {
                    force: f,
                    target: t,
                    powers,
                    loser,
                },
            );
        }
    }

    pub(super) fn resolve_bombardment(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        // Group guns by target; the initiative side's targets first (N9).
        let mut groups: Vec<(PieceIx, Vec<PieceIx>)> = Vec::new();
        let mut declared = self.targets.clone();
        declared.sort_by_key(|&(g, t)| (self.side_of(g) != self.initiative, t, g));
        for (g, t) in declared {
            match groups.iter_mut().find(|(x, _)| *x == t) {
                Some((_, gs)) => gs.push(g),
                None => groups.push((t, vec![g])),
            }
        }
        let mut hits_on: Vec<(PieceIx, u32)> = Vec::new();
        for (t, guns) in &groups {
            let vulnerable = self.vulnerable(*t);
            let mut rolls = Vec::new();
            let mut hits = 0;
            for &g in guns {
                let carried = if self.board.options.artillery_damage_reduces_dice {
                    self.casualties[g as usize]
                } else {
                    0
                };
                let n = self
                    .board
                    .options
                    .troops
                    .bombardment_dice
                    .saturating_sub(carried);
                for _ in 0..n {
                    let mut r = dice.d6();
                    // Missed dice against a vulnerable target are re-rolled
                    // once [3.8.2.2] (N43).
                    if r != 6 && vulnerable {
                        rolls.push(r);
                        r = dice.d6();
                    }
                    rolls.push(r);
                    hits += u32::from(r == 6);
                }
            }
            self.emit(
                out,
                Event::Bombarded {
                    target: *t,
                    guns: guns.clone(),
                    dice: rolls,
                    hits,
                },
            );
            hits_on.push((*t, hits));
        }
        // All points together, after every gun has rolled (N43).
        for (t, hits) in hits_on {
            let hits = if self.board.options.town_save_vs_bombardment {
                self.town_saves(t, hits, dice, out)
            } else {
                hits
            };
            if hits > 0 {
                self.casualties_on(t, hits, true, dice, out);
            }
        }
    }

    /// Town saves: 4+ (3+ in a stronghold) per point (N88).
    pub(super) fn town_saves(
        &mut self,
        p: PieceIx,
        points: u32,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) -> u32 {
        if !self.in_town(p) || points == 0 {
            return points;
        }
        let need = if self.board.stronghold[self.pos[p as usize] as usize] {
            3
        } else {
            4
        };
        let rolls: Vec<u32> = (0..points).map(|_| dice.d6()).collect();
        let saved = rolls.iter().filter(|&&r| r >= need).count() as u32;
        self.emit(
            out,
            Event::Saves {
                piece: p,
                dice: rolls,
                saved,
            },
        );
        points - saved
    }

    /// Casualty points on a unit, its elimination, and (when the enemy
    /// caused them) the leader-loss roll (N19, N51).
    pub(super) fn casualties_on(
        &mut self,
        p: PieceIx,
        points: u32,
        by_enemy: bool,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        self.casualties_with(p, points, by_enemy, true, dice, out);
    }

    /// As [`State::casualties_on`]; `guns_fall`: an attached gun is
    /// eliminated with its host (N77), else it stays, alone.
    pub(super) fn casualties_with(
        &mut self,
        p: PieceIx,
        points: u32,
        by_enemy: bool,
        guns_fall: bool,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        if !self.on_map(p) || points == 0 {
            return;
        }
        let h = self.pos[p as usize];
        let cap = self.board.pieces[p as usize].capacity;
        let total = (self.casualties[p as usize] + points).min(cap);
        self.emit(
            out,
            Event::Casualties {
                piece: p,
                points,
                total,
            },
        );
        if total >= cap {
            if guns_fall {
                self.eliminate(p, out);
            } else {
                self.emit(out, Event::Eliminated { piece: p });
            }
        }
        if by_enemy
            && let Some(f) = self.board.pieces[p as usize].force
            && self.pos[self.board.forces[f as usize].leader as usize] == h
        {
            let roll = dice.d6();
            self.emit(
                out,
                Event::LeaderLossRolled {
                    force: f,
                    roll,
                    lost: roll == 6,
                },
            );
            // The replacement joins the nearest unit of the force when his
            // host is gone (N51).
            let leader = self.board.forces[f as usize].leader;
            if roll == 6 && !self.on_map(p) && self.on_map(leader) {
                self.place_new_leader(f, out);
            }
        }
    }

    /// A force's new leader joins the unit of the force nearest where the
    /// old one stood (N51; among equals, the first in the order of
    /// battle); with no unit left he is not placed.
    pub(super) fn place_new_leader(&mut self, f: u16, out: &mut Vec<Event>) {
        let leader = self.board.forces[f as usize].leader;
        let lh = self.pos[leader as usize];
        let to = self.board.forces[f as usize]
            .units
            .iter()
            .filter(|&&u| self.on_map(u) && self.kind_of(u).is_troop())
            .filter(|&&u| {
                let mut stack: Vec<PieceIx> = self
                    .at(self.pos[u as usize])
                    .filter(|&q| q != leader)
                    .collect();
                stack.push(leader);
                self.state_stack_ok(&stack)
            })
            .min_by_key(|&&u| {
                if lh == NO_HEX {
                    0
                } else {
                    self.board.distance(lh, self.pos[u as usize])
                }
            })
            .map(|&u| self.pos[u as usize]);
        if let Some(to) = to {
            let to = self.board.hex(to);
            self.emit(out, Event::LeaderPlaced { force: f, to });
        }
    }

    pub(super) fn eliminate(&mut self, p: PieceIx, out: &mut Vec<Event>) {
        let h = self.pos[p as usize];
        self.emit(out, Event::Eliminated { piece: p });
        // An attached gun shares its host's fate (N77).
        if self.kind_of(p).is_troop() {
            let guns: Vec<PieceIx> = self.at(h).filter(|&q| self.kind_of(q).is_gun()).collect();
            for g in guns {
                self.emit(out, Event::Eliminated { piece: g });
            }
        }
    }
}
