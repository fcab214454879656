//! `legal_commands` for the *Napoleon* rules: every command `check`
//! accepts in a position, built from the same queries.

use super::board::NO_HEX;
use super::state::{Pending, State};
use super::types::{Command, Direction, Phase};

impl State {
    pub fn legal_commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        let force_name = |f: u16| self.board.forces[f as usize].name.clone();
        if let Some(pending) = self.pending {
            let id = self.board.pieces[pending.piece() as usize].id.clone();
            match pending {
                Pending::GunEvasion { gun: p, from, .. }
                | Pending::CavalryEvasion {
                    cavalry: p,
                    attacker: from,
                } => {
                    for e in self.evasion_moves(p, from) {
                        out.push(Command::Evade {
                            piece: id.clone(),
                            to: e.to,
                            facing: e.facing,
                        });
                    }
                    if matches!(pending, Pending::CavalryEvasion { .. }) {
                        out.push(Command::StandFast);
                    }
                }
                Pending::Pursuit { .. } => {
                    out.push(Command::Pursue);
                    out.push(Command::NoPursuit);
                }
                Pending::MeleeReroll { .. } => {
                    out.push(Command::RerollMelee);
                    out.push(Command::KeepMelee);
                }
                Pending::OfficerFlight { officer, .. } => {
                    for to in self.officer_escapes(officer) {
                        out.push(Command::Flee {
                            piece: id.clone(),
                            to,
                        });
                    }
                }
                Pending::GeneralPlacement { side, .. } => {
                    for to in self.general_placements(side) {
                        out.push(Command::PlaceGeneral { to });
                    }
                }
                Pending::MoveBack { piece, fought, .. } => {
                    for n in self.move_back_plan(piece, fought).open {
                        out.push(Command::MoveBack {
                            piece: id.clone(),
                            to: self.board.hex(n),
                        });
                    }
                }
                Pending::Pursuing { cavalry, .. } => {
                    let h = self.pos[cavalry as usize];
                    for &n in &self.board.neighbours[h as usize] {
                        if n != NO_HEX && self.check_step(&id, self.board.hex(n)).is_ok() {
                            out.push(Command::Step {
                                piece: id.clone(),
                                to: self.board.hex(n),
                            });
                        }
                    }
                    for facing in 0..6u8 {
                        if self.check_turn(&id, facing).is_ok() {
                            out.push(Command::Turn {
                                piece: id.clone(),
                                facing,
                            });
                        }
                    }
                    for c in [Command::EndPursuit, Command::NoPursuit] {
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                    if self.check(&Command::EndPursuit).is_err()
                        && self.check(&Command::TakeBack).is_ok()
                    {
                        out.push(Command::TakeBack);
                    }
                }
            }
            return out;
        }
        match self.phase {
            Phase::Skirmish { side } => {
                for (f, t) in self.skirmish_options(side) {
                    out.push(Command::Skirmish {
                        force: force_name(f),
                        target: force_name(t),
                    });
                }
                out.push(Command::EndSkirmish);
            }
            Phase::Bombardment { side } => {
                let guns = self.undeclared_guns(side);
                for &g in &guns {
                    for t in self.gun_targets(g) {
                        out.push(Command::Bombard {
                            gun: self.board.pieces[g as usize].id.clone(),
                            target: self.board.pieces[t as usize].id.clone(),
                        });
                    }
                }
                if guns.is_empty() {
                    out.push(Command::EndBombardment);
                }
            }
            Phase::Maneuver { side } => match &self.active {
                None => {
                    for (f, info) in self.board.forces.iter().enumerate() {
                        let f = f as u16;
                        if info.side != side || self.force_pieces(f).is_empty() {
                            continue;
                        }
                        for c in [
                            Command::Activate {
                                force: info.name.clone(),
                            },
                            Command::ActivateReserve {
                                force: info.name.clone(),
                            },
                            Command::Rally {
                                force: info.name.clone(),
                            },
                            Command::SauveQuiPeut {
                                force: info.name.clone(),
                            },
                        ] {
                            if self.check(&c).is_ok() {
                                out.push(c);
                            }
                        }
                    }
                    if self.check(&Command::EndManeuver).is_ok() {
                        out.push(Command::EndManeuver);
                    }
                }
                Some(a) => {
                    if self.check(&Command::Reroll).is_ok() {
                        out.push(Command::Reroll);
                    }
                    // While the last piece owes its Charge!, nothing else
                    // moves (N61): asked once, not for every command.
                    let held = a.last.filter(|&l| self.charge_unmet(l).is_some());
                    for (p, m) in &a.moved {
                        if m.done || !self.on_map(*p) || held.is_some_and(|l| l != *p) {
                            continue;
                        }
                        let id = &self.board.pieces[*p as usize].id;
                        for &n in &self.board.neighbours[self.pos[*p as usize] as usize] {
                            if n != NO_HEX && self.check_step(id, self.board.hex(n)).is_ok() {
                                out.push(Command::Step {
                                    piece: id.clone(),
                                    to: self.board.hex(n),
                                });
                            }
                        }
                        // Guns turn freely; offer it once between steps so
                        // random play ends.
                        let gun_turned = self.kind_of(*p).is_gun()
                            && (m.turns_before + m.turns_after) > m.entered;
                        if !gun_turned {
                            for f in 0..6u8 {
                                if self.check_turn(id, f).is_ok() {
                                    out.push(Command::Turn {
                                        piece: id.clone(),
                                        facing: f,
                                    });
                                }
                            }
                        }
                        let col = !self.column[*p as usize];
                        if self.check_formation(id, col).is_ok() {
                            out.push(Command::Formation {
                                piece: id.clone(),
                                column: col,
                            });
                        }
                    }
                    let before = out.len();
                    for direction in [Direction::LeftToRight, Direction::RightToLeft] {
                        let c = Command::EndActivation { direction };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                    // Taking back is offered when the activation cannot end
                    // as it stands (a computer player then starts again).
                    if out.len() == before && self.check(&Command::TakeBack).is_ok() {
                        out.push(Command::TakeBack);
                    }
                }
            },
            Phase::Over => {}
        }
        out
    }
}
