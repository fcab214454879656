//! Enumerating legal commands: what a random player chooses from, and what
//! a UI can offer. Every command returned passes `check`.

use super::board::{NO_HEX, UnitIx};
use super::state::{Pos, State, Step};
use super::types::{Command, Phase};
use crate::scenario::UnitKind;

impl State {
    /// Legal commands now (a representative set for attacks: the suggested
    /// assignment's attacks, single attacks on each required defender and
    /// every possible bombardment). Empty once the game is over.
    pub fn legal_commands(&self) -> Vec<Command> {
        if self.outcome.is_some() {
            return vec![];
        }
        let mut out = Vec::new();
        let id = |u: UnitIx| self.board.unit(u).id.clone();
        if let Some(step) = self.pending.as_ref().and_then(|p| p.steps.front()) {
            match step {
                Step::Retreat { unit, optional, .. } => {
                    for (h, _) in self.retreat_options(*unit) {
                        out.push(Command::Retreat {
                            unit: id(*unit),
                            to: self.board.hex(h),
                        });
                    }
                    if *optional {
                        out.push(Command::HoldPosition { unit: id(*unit) });
                    }
                }
                Step::Losses { .. } => {
                    let att = self.loss_candidates();
                    let n = att.len().min(12);
                    for mask in 1u32..(1 << n) {
                        let units: Vec<_> = (0..n)
                            .filter(|i| mask & (1 << i) != 0)
                            .map(|i| id(att[i]))
                            .collect();
                        let c = Command::ChooseLosses { units };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                }
                Step::Advance { units, hexes, .. } => {
                    for &u in units {
                        for &h in hexes {
                            let c = Command::Advance {
                                unit: id(u),
                                to: self.board.hex(h),
                            };
                            if self.check(&c).is_ok() {
                                out.push(c);
                            }
                        }
                    }
                    out.push(Command::DeclineAdvance);
                }
            }
            return out;
        }
        match self.phase {
            Phase::Movement => {
                for u in 0..self.pos.len() as UnitIx {
                    if self.side_of(u) != self.phasing || self.unit_hex(u).is_none() {
                        continue;
                    }
                    for r in self.reachable(u) {
                        let c = Command::Move {
                            unit: id(u),
                            path: r.path,
                        };
                        if (!r.friendly && self.last_moved.is_none_or(|l| l == u))
                            || self.check(&c).is_ok()
                        {
                            out.push(c);
                        }
                    }
                    let c = Command::Exit { unit: id(u) };
                    if self.check(&c).is_ok() {
                        out.push(c);
                    }
                }
                for (u, hexes) in self.available_reinforcements() {
                    for h in hexes {
                        let c = Command::Enter {
                            unit: id(u),
                            hex: self.board.hex(h),
                        };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                }
                if self.check(&Command::EndMovement).is_ok() {
                    out.push(Command::EndMovement);
                }
            }
            Phase::Combat => {
                let mut candidates: Vec<Command> = Vec::new();
                let attack = |a: &[UnitIx], b: &[UnitIx], d: &[UnitIx]| Command::Attack {
                    attackers: a.iter().map(|&u| id(u)).collect(),
                    bombarding: b.iter().map(|&u| id(u)).collect(),
                    defenders: d.iter().map(|&u| id(u)).collect(),
                    column: None,
                };
                if let Some(plan) = self.suggest_attacks(None) {
                    for p in &plan {
                        candidates.push(attack(&p.attackers, &p.bombarding, &p.defenders));
                    }
                }
                let occ = self.occupancy();
                for d in self.required_defenders() {
                    let adj: Vec<UnitIx> = self
                        .adjacent_enemies(occ, d)
                        .into_iter()
                        .filter(|&a| !self.involved[a as usize])
                        .collect();
                    for &a in &adj {
                        candidates.push(attack(&[a], &[], &[d]));
                    }
                    if adj.len() > 1 {
                        candidates.push(attack(&adj, &[], &[d]));
                    }
                }
                for a in 0..self.pos.len() as UnitIx {
                    if self.side_of(a) != self.phasing
                        || self.involved[a as usize]
                        || self.board.unit(a).kind != UnitKind::Artillery
                    {
                        continue;
                    }
                    let Some(h) = self.unit_hex(a) else { continue };
                    for d in 0..self.pos.len() as UnitIx {
                        if self.side_of(d) == self.phasing || self.involved[d as usize] {
                            continue;
                        }
                        if let Pos::OnMap(hd) = self.pos[d as usize]
                            && hd != NO_HEX
                            && self.board.distance(h, hd) == 2
                        {
                            candidates.push(attack(&[], &[a], &[d]));
                        }
                    }
                }
                for c in candidates {
                    if !out.contains(&c) && self.check(&c).is_ok() {
                        out.push(c);
                    }
                }
                if self.check(&Command::EndCombat).is_ok() {
                    out.push(Command::EndCombat);
                }
            }
        }
        out
    }
}
