//! Every command legal now, built from the same reach and checks `check`
//! uses (moves once per end hex and facing, charges once per target and
//! last hex, Generals' moves once per end hex).

use super::board::{HexIx, NO_HEX, UnitIx};
use super::state::State;
use super::types::{Command, Pending, Phase};
use crate::rules::hits16::model::Formation;
use std::collections::BTreeSet;

impl State {
    pub fn legal_commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        if self.phase == Phase::Over {
            return out;
        }
        let b = &self.board;
        let uid = |u: UnitIx| b.units[u as usize].id.clone();
        if let Some(p) = self.pending.first() {
            match p {
                Pending::Withdraw { unit, options, .. } => {
                    for (h, _) in options {
                        out.push(Command::Withdraw {
                            unit: uid(*unit),
                            to: b.hex(*h),
                        });
                    }
                }
                Pending::PlaceGeneral { general, options } => {
                    for h in options {
                        out.push(Command::PlaceGeneral {
                            general: b.generals[*general as usize].id.clone(),
                            at: b.hex(*h),
                        });
                    }
                }
            }
            return out;
        }
        let own: Vec<UnitIx> = self.units_of(self.side).collect();
        match self.phase {
            Phase::Command => {
                for g in 0..self.generals.len() as u16 {
                    if self.generals[g as usize] == NO_HEX
                        || b.generals[g as usize].side != self.side
                    {
                        continue;
                    }
                    for &u in &own {
                        if self.check_rally(g, u).is_ok() {
                            out.push(Command::Rally {
                                general: b.generals[g as usize].id.clone(),
                                unit: uid(u),
                            });
                        }
                    }
                }
            }
            Phase::Movement => {
                for &u in &own {
                    self.unit_moves(u, &mut out);
                }
                for g in 0..self.generals.len() as u16 {
                    if b.generals[g as usize].side != self.side || self.general_moved[g as usize] {
                        continue;
                    }
                    for p in self.general_reach(g) {
                        out.push(Command::MoveGeneral {
                            general: b.generals[g as usize].id.clone(),
                            path: p.path.iter().map(|&h| b.hex(h)).collect(),
                        });
                    }
                }
            }
            Phase::Shooting => {
                let enemies: Vec<UnitIx> = self.units_of(1 - self.side).collect();
                for &u in &own {
                    for &t in &enemies {
                        if self.check_shot(u, t).is_ok() {
                            out.push(Command::Shoot {
                                unit: uid(u),
                                target: uid(t),
                            });
                        }
                    }
                }
            }
            Phase::HandToHand => {
                for c in self.combats.iter().filter(|c| !c.fought) {
                    let (mine, other) = if self.side_of(c.attacker) == self.side {
                        (c.attacker, c.defender)
                    } else {
                        (c.defender, c.attacker)
                    };
                    out.push(Command::Fight {
                        unit: uid(mine),
                        against: uid(other),
                    });
                }
            }
            Phase::Over => {}
        }
        if self.check(&Command::EndPhase).is_ok() {
            out.push(Command::EndPhase);
        }
        out
    }

    /// The Movement phase's commands of one unit (moves, formation
    /// changes, charges and turns to face): those of `legal_commands`
    /// that name it, found without the other units' (what a computer
    /// player deciding for one unit asks).
    pub fn unit_commands(&self, u: UnitIx) -> Vec<Command> {
        let mut out = Vec::new();
        if self.phase == Phase::Movement
            && self.pending.is_empty()
            && self.on_table(u)
            && self.side_of(u) == self.side
        {
            self.unit_moves(u, &mut out);
        }
        out
    }

    fn unit_moves(&self, u: UnitIx, out: &mut Vec<Command>) {
        let b = &self.board;
        let s = self.units[u as usize];
        if self.acts[u as usize].acted {
            return;
        }
        let id = b.units[u as usize].id.clone();
        let dir = |f: u8| b.dir(f);
        if self.in_combat(u) {
            for t in self.opponents(u).collect::<Vec<_>>() {
                if self.check_turn_to_face(u, t).is_ok() {
                    out.push(Command::TurnToFace {
                        unit: id.clone(),
                        toward: b.units[t as usize].id.clone(),
                    });
                }
            }
            return;
        }
        if !matches!(s.formation, Formation::Square | Formation::Unlimbered) {
            // (hex, end facing) pairs listed, as bits.
            let mut seen = vec![false; b.hexes.len() * 6];
            let mut first = |h: HexIx, end: u8| -> bool {
                let k = h as usize * 6 + usize::from(end);
                !std::mem::replace(&mut seen[k], true)
            };
            for end in 0..6u8 {
                if end != s.facing {
                    first(s.hex, end);
                    out.push(Command::Move {
                        unit: id.clone(),
                        start: None,
                        path: Vec::new(),
                        end: Some(dir(end)),
                    });
                }
            }
            for sf in std::iter::once(s.facing).chain((0..6).filter(|&f| f != s.facing)) {
                for p in self.move_reach(u, sf) {
                    for end in 0..6u8 {
                        if !first(p.hex, end) {
                            continue;
                        }
                        out.push(Command::Move {
                            unit: id.clone(),
                            start: (sf != s.facing).then(|| dir(sf)),
                            path: p.path.iter().map(|&h| b.hex(h)).collect(),
                            end: (end != sf).then(|| dir(end)),
                        });
                    }
                }
            }
        }
        for &f in self.troop(u).formations() {
            let facings: Vec<Option<crate::hex::Dir>> = if s.formation == Formation::Square {
                (0..6).map(|x| Some(dir(x))).collect()
            } else {
                vec![None]
            };
            for facing in facings {
                if self.check_form(u, f, facing).is_ok() {
                    out.push(Command::Form {
                        unit: id.clone(),
                        formation: f,
                        facing,
                    });
                }
            }
        }
        let k = b.options.charge_pivot_hexsides.min(3) as u8;
        let enemies: Vec<UnitIx> = self.units_of(1 - self.side).collect();
        let mut chargeable: Vec<UnitIx> = Vec::new();
        for &t in &enemies {
            if self.charge_target_refusal(u, t).is_none() {
                chargeable.push(t);
            }
        }
        if chargeable.is_empty()
            || !matches!(
                self.troop(u),
                crate::rules::hits16::model::TroopType::Infantry
                    | crate::rules::hits16::model::TroopType::HeavyCavalry
                    | crate::rules::hits16::model::TroopType::LightCavalry
            )
            || s.formation == Formation::Square
        {
            return;
        }
        let mut facings: Vec<u8> = vec![s.facing];
        for i in 1..=k {
            for f in [(s.facing + i) % 6, (s.facing + 6 - i) % 6] {
                if !facings.contains(&f) {
                    facings.push(f);
                }
            }
        }
        let mut seen = BTreeSet::new();
        for f in facings {
            let places = self.charge_reach(u, f);
            for &t in &chargeable {
                for p in &places {
                    if !seen.insert((t, p.hex))
                        || self.charge_contact_refusal(u, t, p.hex, f).is_some()
                    {
                        continue;
                    }
                    out.push(Command::Charge {
                        unit: id.clone(),
                        target: b.units[t as usize].id.clone(),
                        path: p.path.iter().map(|&h| b.hex(h)).collect(),
                        facing: (f != s.facing).then(|| dir(f)),
                    });
                }
            }
        }
    }
}
