//! `execute` for Napoleon at Waterloo: a checked command carried out as
//! events, each applied as it is produced (combat, retreats, advance after
//! combat, victory).

use super::board::{Board, HexIx, NO_HEX, UnitIx};
use super::state::{State, Step};
use super::types::{Command, Event, Outcome, Phase, RuleError};
use crate::engine::Dice;
use crate::hex::Hex;
use crate::scenario::CombatResult;

impl State {
    /// Runs a command: checks it, then produces and applies its events.
    /// Nothing changes when the command is refused.
    pub fn execute(&mut self, cmd: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        // Moves and attacks are checked here, once, keeping what the check
        // computed; everything else goes through `check`.
        let mut moved = None;
        let mut prepared_attack = None;
        match cmd {
            Command::Move { .. } | Command::MoveTo { .. } => moved = self.prepare_move(cmd)?,
            Command::Attack {
                attackers,
                bombarding,
                defenders,
                column,
            } => {
                self.require_phase(Phase::Combat)?;
                prepared_attack =
                    Some(self.check_attack(attackers, bombarding, defenders, *column)?);
            }
            _ => self.check(cmd)?,
        }
        let before = self.losses;
        let demoralized_before = self.demoralized;
        let mut ev = Vec::new();
        match cmd {
            Command::Move { unit, .. } | Command::MoveTo { unit, .. } => {
                let (path, cost) = moved.take().unwrap_or_default();
                self.emit(
                    &mut ev,
                    Event::Moved {
                        unit: unit.clone(),
                        path,
                        cost,
                    },
                );
            }
            Command::Enter { unit, hex } => {
                let cost = self
                    .board
                    .ix(*hex)
                    .and_then(|h| self.board.info(h).cost)
                    .unwrap_or(1);
                self.emit(
                    &mut ev,
                    Event::Entered {
                        unit: unit.clone(),
                        hex: *hex,
                        cost,
                    },
                );
            }
            Command::Exit { unit } => {
                let u = self.unit_ix(unit)?;
                let from = self
                    .unit_hex(u)
                    .map_or(Hex::new(0, 0), |h| self.board.hex(h));
                self.emit(
                    &mut ev,
                    Event::Exited {
                        unit: unit.clone(),
                        from,
                    },
                );
            }
            Command::EndMovement => {
                let occ = self.occupancy();
                let mut must_attack = Vec::new();
                let mut must_be_attacked = Vec::new();
                for u in 0..self.pos.len() as UnitIx {
                    let Some(h) = self.unit_hex(u) else { continue };
                    let side = self.side_of(u);
                    if side == self.phasing && self.in_enemy_zoc(occ, h, side) {
                        must_attack.push(self.uid(u));
                    }
                    if side != self.phasing && self.in_enemy_zoc(occ, h, side) {
                        must_be_attacked.push(self.uid(u));
                    }
                }
                self.emit(
                    &mut ev,
                    Event::ObligationsFixed {
                        must_attack,
                        must_be_attacked,
                    },
                );
                let (turn, side) = (self.turn, self.side_id(self.phasing));
                self.emit(
                    &mut ev,
                    Event::PhaseBegan {
                        turn,
                        side,
                        phase: Phase::Combat,
                    },
                );
            }
            Command::Attack {
                attackers,
                bombarding,
                defenders,
                ..
            } => {
                let Some((att, bom, def, lower)) = prepared_attack.take() else {
                    return Err(RuleError::EmptyAttack);
                };
                let odds = self.odds(&att, &bom, &def, lower);
                let col = self.board.crt.columns[odds.final_column];
                self.emit(
                    &mut ev,
                    Event::AttackDeclared {
                        attackers: attackers.clone(),
                        bombarding: bombarding.clone(),
                        defenders: defenders.clone(),
                        attack: odds.attack,
                        defence: odds.defence,
                        column: col,
                    },
                );
                let roll = dice.d6();
                self.emit(&mut ev, Event::DieRolled { roll });
                let result = self
                    .board
                    .crt
                    .result(odds.final_column, roll)
                    .unwrap_or(CombatResult::Ar);
                self.emit(&mut ev, Event::CombatResult { result });
                self.resolve(&mut ev, result, &att, &bom, &def);
            }
            Command::Retreat { unit, to } => {
                let u = self.unit_ix(unit)?;
                let from = self.unit_hex(u).map_or(*to, |h| self.board.hex(h));
                let h = self.board.ix(*to).unwrap_or(NO_HEX);
                let displaced = self.occupancy().unit(h);
                self.emit(
                    &mut ev,
                    Event::Retreated {
                        unit: unit.clone(),
                        from,
                        to: *to,
                    },
                );
                if let Some(v) = displaced {
                    let chooser = self.side_id(self.chooser_for_retreat(v));
                    self.emit(
                        &mut ev,
                        Event::RetreatRequired {
                            unit: self.uid(v),
                            chooser,
                            optional: false,
                            displaced: true,
                        },
                    );
                }
            }
            Command::HoldPosition { unit } => {
                self.emit(&mut ev, Event::Held { unit: unit.clone() })
            }
            Command::ChooseLosses { units } => {
                self.emit(
                    &mut ev,
                    Event::LossesTaken {
                        units: units.clone(),
                    },
                );
                let defenders = self
                    .pending
                    .as_ref()
                    .map(|p| p.defenders.clone())
                    .unwrap_or_default();
                for d in defenders {
                    self.eliminate(&mut ev, d, "6.3");
                }
                for id in units {
                    let u = self.unit_ix(id)?;
                    self.eliminate(&mut ev, u, "6.3");
                }
            }
            Command::Advance { unit, to } => {
                let u = self.unit_ix(unit)?;
                let from = self.unit_hex(u).map_or(*to, |h| self.board.hex(h));
                self.emit(
                    &mut ev,
                    Event::Advanced {
                        unit: unit.clone(),
                        from,
                        to: *to,
                    },
                );
            }
            Command::DeclineAdvance => self.emit(&mut ev, Event::AdvanceDeclined),
            Command::EndCombat => {
                if self.phasing == 0 {
                    let (turn, side) = (self.turn, self.side_id(1));
                    self.emit(
                        &mut ev,
                        Event::PhaseBegan {
                            turn,
                            side,
                            phase: Phase::Movement,
                        },
                    );
                } else if self.turn >= self.board.turns {
                    let outcome = Outcome::Draw {
                        reason: format!(
                            "neither side met its victory conditions in {} Game-Turns [8.4]",
                            self.board.turns
                        ),
                    };
                    self.emit(&mut ev, Event::GameEnded { outcome });
                } else {
                    let (turn, side) = (self.turn + 1, self.side_id(0));
                    self.emit(
                        &mut ev,
                        Event::PhaseBegan {
                            turn,
                            side,
                            phase: Phase::Movement,
                        },
                    );
                }
            }
        }
        self.settle(&mut ev);
        self.check_victory(&mut ev, before, demoralized_before);
        Ok(ev)
    }

    pub(super) fn emit(&mut self, ev: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        ev.push(e);
    }

    pub(super) fn eliminate(&mut self, ev: &mut Vec<Event>, u: UnitIx, case: &str) {
        if self.unit_hex(u).is_none() {
            return;
        }
        let e = Event::Eliminated {
            unit: self.uid(u),
            strength: self.board.unit(u).strength,
            case: case.to_string(),
        };
        self.emit(ev, e);
    }

    /// Applies a combat result [6.3].
    pub(super) fn resolve(
        &mut self,
        ev: &mut Vec<Event>,
        r: CombatResult,
        att: &[UnitIx],
        bom: &[UnitIx],
        def: &[UnitIx],
    ) {
        let attacker_side = self.phasing;
        let optional_retreats = |st: &mut State, ev: &mut Vec<Event>| {
            for &b in bom {
                let chooser = st.side_id(attacker_side);
                st.emit(
                    ev,
                    Event::RetreatRequired {
                        unit: st.uid(b),
                        chooser,
                        optional: true,
                        displaced: false,
                    },
                );
            }
        };
        match r {
            CombatResult::Ae => {
                for &a in att {
                    self.eliminate(ev, a, "6.3");
                }
                optional_retreats(self, ev);
            }
            CombatResult::Ar => {
                self.require_retreats(ev, att);
                optional_retreats(self, ev);
            }
            CombatResult::Ee => {
                let need: u32 = def.iter().map(|&d| self.board.unit(d).strength).sum();
                let total: u32 = att.iter().map(|&a| self.board.unit(a).strength).sum();
                if att.is_empty() || total <= need {
                    // Bombardment alone loses nothing [6.8]; adjacent
                    // attackers that cannot make up the loss all go [6.3]
                    // (exactly the needed total leaves no choice either).
                    for &d in def {
                        self.eliminate(ev, d, "6.3");
                    }
                    for &a in att {
                        self.eliminate(ev, a, "6.3");
                    }
                } else {
                    let side = self.side_id(attacker_side);
                    self.emit(
                        ev,
                        Event::LossesRequired {
                            side,
                            at_least: need,
                        },
                    );
                }
                optional_retreats(self, ev);
            }
            CombatResult::Dr => {
                self.require_retreats(ev, def);
            }
            CombatResult::De => {
                for &d in def {
                    self.eliminate(ev, d, "6.3");
                }
            }
        }
    }

    /// Every unit of a beaten force must retreat; its owner (or the victor,
    /// by option) chooses the hex [6.3]-[6.4].
    pub(super) fn require_retreats(&mut self, ev: &mut Vec<Event>, units: &[UnitIx]) {
        for &u in units {
            let chooser = self.side_id(self.chooser_for_retreat(u));
            let e = Event::RetreatRequired {
                unit: self.uid(u),
                chooser,
                optional: false,
                displaced: false,
            };
            self.emit(ev, e);
        }
    }

    /// Moves the pending attack along: retreats with no safe hex eliminate
    /// the unit [6.4], then the advance is offered [6.6], then the attack
    /// finishes.
    pub(super) fn settle(&mut self, ev: &mut Vec<Event>) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            let Some(p) = &self.pending else { return };
            match p.steps.front().cloned() {
                Some(Step::Retreat { unit, optional, .. }) => {
                    if !self.retreat_options(unit).is_empty() {
                        return;
                    }
                    if optional {
                        self.emit(
                            ev,
                            Event::Held {
                                unit: self.uid(unit),
                            },
                        );
                    } else {
                        self.eliminate(ev, unit, "6.4");
                    }
                }
                Some(_) => return,
                None => {
                    if !p.advance_done
                        && let Some(offer) = self.advance_offer()
                    {
                        self.emit(ev, offer);
                        return;
                    }
                    self.emit(ev, Event::AttackFinished);
                    return;
                }
            }
        }
    }

    /// Who may advance where after the current attack [6.6], if anyone.
    pub(super) fn advance_offer(&self) -> Option<Event> {
        let p = self.pending.as_ref()?;
        let side = match p.result? {
            CombatResult::Ae | CombatResult::Ar => Board::other(p.attacker_side),
            _ => p.attacker_side,
        };
        let occ = self.occupancy();
        let mut units: Vec<UnitIx> = if side == p.attacker_side {
            let mut v = p.attackers.clone();
            if self.board.options.bombarding_artillery_advances {
                v.extend(&p.bombarding);
            }
            v
        } else {
            p.defenders.clone()
        };
        units.retain(|&u| self.unit_hex(u).is_some());
        let hexes: Vec<HexIx> = p
            .vacated
            .iter()
            .filter(|(_, s)| *s != side)
            .map(|(h, _)| *h)
            .filter(|&h| occ.unit(h).is_none())
            .collect();
        let able: Vec<UnitIx> = units
            .iter()
            .copied()
            .filter(|&u| {
                let from = self.unit_hex(u).unwrap_or(NO_HEX);
                hexes.iter().any(|&h| {
                    self.board.info(from).neighbours.contains(&h) && self.board.can_cross(from, h)
                })
            })
            .collect();
        if able.is_empty() {
            return None;
        }
        Some(Event::AdvanceOffered {
            side: self.side_id(side),
            units: able.iter().map(|&u| self.uid(u)).collect(),
            hexes: hexes.iter().map(|&h| self.board.hex(h)).collect(),
        })
    }

    /// Victory [8.0]-[8.4], checked after every command.
    pub(super) fn check_victory(
        &mut self,
        ev: &mut Vec<Event>,
        before: [u32; 2],
        demoralized_before: [bool; 2],
    ) {
        if self.outcome.is_some() {
            return;
        }
        let f = self.board.exit_side as usize;
        let a = 1 - f;
        let t = self.board.thresholds;
        let f_new = self.losses[f] >= t[f] && before[f] < t[f];
        let a_new = self.losses[a] >= t[a] && before[a] < t[a];
        let exits_met = self.exited[f] >= self.board.exits_needed;
        let names = self.board.side_names.clone();
        let sides = self.board.sides.clone();
        let win = |side: usize, case: &str, reason: String| Outcome::Win {
            side: sides[side].clone(),
            case: case.to_string(),
            reason,
        };
        if f_new && a_new && !demoralized_before[a] {
            let outcome = if exits_met {
                win(
                    f,
                    "8.4",
                    format!(
                        "both armies reached their loss limits at once, and {} had already exited enough units",
                        names[f]
                    ),
                )
            } else {
                win(
                    a,
                    "8.4",
                    "both armies reached their loss limits at once".to_string(),
                )
            };
            self.emit(ev, Event::GameEnded { outcome });
            return;
        }
        if a_new && !self.demoralized[a] {
            let side = self.board.sides[a].clone();
            self.emit(ev, Event::Demoralized { side });
        }
        if f_new && !self.demoralized[a] {
            let outcome = win(
                a,
                "8.1",
                format!(
                    "{} lost {} strength points before {} lost {}",
                    names[f], t[f], names[a], t[a]
                ),
            );
            self.emit(ev, Event::GameEnded { outcome });
            return;
        }
        if self.demoralized[a] && exits_met {
            let outcome = win(
                f,
                "8.3",
                format!(
                    "{} is demoralized and {} has exited {}",
                    names[a],
                    names[f],
                    crate::words::counted(self.exited[f], "unit", "units")
                ),
            );
            self.emit(ev, Event::GameEnded { outcome });
        }
    }
}
