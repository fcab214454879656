//! Officers contacted (N52): a leader or General alone in a hex is never
//! attacked or entered by the enemy; when enemy infantry or cavalry ends a
//! step next to him, his owner moves him away at once, or he is captured
//! and replaced.

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::{Pending, State};
use super::types::{Command, Event, RuleError};
use crate::hex::Hex;

type R<T> = Result<T, RuleError>;

impl State {
    /// Whether `o` is a leader or General in a hex holding only officers
    /// of his side (N52).
    pub fn lone_officer(&self, o: PieceIx) -> bool {
        let h = self.pos[o as usize];
        let side = self.board.pieces[o as usize].side;
        h != NO_HEX
            && self.board.pieces[o as usize].kind.is_officer()
            && self.at(h).all(|q| {
                self.board.pieces[q as usize].kind.is_officer()
                    && self.board.pieces[q as usize].side == side
            })
    }

    /// Enemy officers alone in a hex next to `p` (N52), in piece order.
    pub fn officers_contacted(&self, p: PieceIx) -> Vec<PieceIx> {
        let h = self.pos[p as usize];
        if h == NO_HEX || !self.board.pieces[p as usize].kind.is_troop() {
            return Vec::new();
        }
        let side = self.board.pieces[p as usize].side;
        (0..self.pos.len() as PieceIx)
            .filter(|&o| {
                let info = &self.board.pieces[o as usize];
                info.kind.is_officer()
                    && info.side != side
                    && self.pos[o as usize] != NO_HEX
                    && self.board.distance(h, self.pos[o as usize]) == 1
                    && self.lone_officer(o)
            })
            .collect()
    }

    /// Whether an enemy infantry, cavalry or artillery unit stands next to
    /// `h` for `side`.
    fn next_to_enemy_unit(&self, h: HexIx, side: u8) -> bool {
        self.board.neighbours[h as usize].iter().any(|&n| {
            n != NO_HEX
                && self.at(n).any(|q| {
                    self.board.pieces[q as usize].side != side
                        && self.board.pieces[q as usize].kind.is_unit()
                })
        })
    }

    /// Where a contacted officer may go (N52): a hex within his allowance,
    /// reached through hexes free of the enemy that his terrain allows, not
    /// next to any enemy unit, in a legal stack (a General alone, as N50
    /// has him). A leader who can join a unit of his force must: the
    /// rulings' "preferably" read as a rule, so that no player strands a
    /// leader while a host is in reach. Sorted by hex.
    pub fn officer_escapes(&self, o: PieceIx) -> Vec<Hex> {
        let start = self.pos[o as usize];
        if start == NO_HEX {
            return Vec::new();
        }
        let info = &self.board.pieces[o as usize];
        let side = info.side;
        let mut dist = vec![u32::MAX; self.board.neighbours.len()];
        dist[start as usize] = 0;
        let mut frontier = vec![start];
        let mut reached = Vec::new();
        for d in 1..=info.movement {
            let mut next = Vec::new();
            for h in frontier {
                for &n in &self.board.neighbours[h as usize] {
                    if n == NO_HEX
                        || dist[n as usize] != u32::MAX
                        || self.enemy_in(n, side)
                        || self.terrain_bars(o, n).is_some()
                    {
                        continue;
                    }
                    dist[n as usize] = d;
                    next.push(n);
                    reached.push(n);
                }
            }
            frontier = next;
        }
        let ok: Vec<HexIx> = reached
            .into_iter()
            .filter(|&n| !self.next_to_enemy_unit(n, side))
            .filter(|&n| {
                if info.kind == PieceKind::General {
                    return self.at(n).next().is_none();
                }
                let mut stack: Vec<PieceIx> = self.at(n).collect();
                stack.push(o);
                self.state_stack_ok(&stack)
            })
            .collect();
        let joins = |n: HexIx| {
            info.kind == PieceKind::Leader
                && self.at(n).any(|q| {
                    self.board.pieces[q as usize].kind.is_troop()
                        && self.board.pieces[q as usize].force == info.force
                })
        };
        let mut out: Vec<Hex> = if ok.iter().any(|&n| joins(n)) {
            ok.into_iter()
                .filter(|&n| joins(n))
                .map(|n| self.board.hex(n))
                .collect()
        } else {
            ok.into_iter().map(|n| self.board.hex(n)).collect()
        };
        out.sort();
        out
    }

    /// Where a side's replacement General may be placed (N52): an empty hex
    /// within 5 hexes of a friendly leader, not next to an enemy unit,
    /// whose terrain he may stand in. Sorted by hex.
    pub fn general_placements(&self, side: u8) -> Vec<Hex> {
        let g = self.board.armies[side as usize].general;
        let leaders: Vec<HexIx> = self
            .board
            .forces
            .iter()
            .filter(|f| f.side == side)
            .map(|f| self.pos[f.leader as usize])
            .filter(|&h| h != NO_HEX)
            .collect();
        let mut out: Vec<Hex> = (0..self.board.neighbours.len() as HexIx)
            .filter(|&n| {
                leaders.iter().any(|&l| self.board.distance(l, n) <= 5)
                    && self.at(n).next().is_none()
                    && self.terrain_bars(g, n).is_none()
                    && !self.next_to_enemy_unit(n, side)
            })
            .map(|n| self.board.hex(n))
            .collect();
        out.sort();
        out
    }

    /// Contacts the lone officers `p` now stands next to, one at a time,
    /// until one's owner must pick where he goes or none is left; an
    /// officer with nowhere to go is captured at once (N52).
    pub(super) fn contact_officers(&mut self, p: PieceIx, out: &mut Vec<Event>) {
        while self
            .pending
            .is_none_or(|x| matches!(x, Pending::Pursuing { .. }))
            && self.on_map(p)
        {
            let Some(&o) = self.officers_contacted(p).first() else {
                return;
            };
            if self.officer_escapes(o).is_empty() {
                self.capture(o, p, out);
            } else {
                self.emit(out, Event::OfficerContacted { officer: o, by: p });
            }
        }
    }

    /// A contacted officer with no way out is captured (N52): a leader is
    /// replaced by a -1 leader on the nearest unit of his force (N51); a
    /// General by a command factor 1 General his owner places.
    fn capture(&mut self, o: PieceIx, by: PieceIx, out: &mut Vec<Event>) {
        self.emit(out, Event::OfficerCaptured { officer: o });
        let info = &self.board.pieces[o as usize];
        match info.kind {
            PieceKind::Leader => {
                if let Some(f) = info.force {
                    self.place_new_leader(f, out);
                }
            }
            _ => {
                let side = info.side;
                if !self.general_placements(side).is_empty() {
                    self.emit(out, Event::GeneralPlacementDue { side, by });
                }
                // With no such hex he stays off the map (a Vedette
                // reading: the rulings give him nowhere to go).
            }
        }
    }

    /// Checks the answers to N52's choices.
    pub(super) fn check_officer_choice(&self, cmd: &Command) -> R<()> {
        match (cmd, self.pending) {
            (Command::Flee { piece, to }, Some(Pending::OfficerFlight { officer, .. })) => {
                if self.board.pieces[officer as usize].id != *piece {
                    return Err(RuleError::NotWaiting("N52"));
                }
                if self.officer_escapes(officer).contains(to) {
                    Ok(())
                } else {
                    Err(RuleError::CannotFlee {
                        piece: piece.clone(),
                        hex: *to,
                    })
                }
            }
            (Command::PlaceGeneral { to }, Some(Pending::GeneralPlacement { side, .. })) => {
                if self.general_placements(side).contains(to) {
                    Ok(())
                } else {
                    Err(RuleError::CannotPlaceGeneral(*to))
                }
            }
            _ => Err(RuleError::NotWaiting("N52")),
        }
    }

    /// Carries out an answer to N52's choices, then lets the game go on:
    /// other officers the mover touches, then the guns (N75), then the
    /// activation's combats if they were under way.
    pub(super) fn execute_officer_choice(
        &mut self,
        cmd: &Command,
        dice: &mut crate::engine::Dice,
        out: &mut Vec<Event>,
    ) -> R<()> {
        self.check_officer_choice(cmd)?;
        match (cmd, self.pending) {
            (Command::Flee { to, .. }, Some(Pending::OfficerFlight { officer, by, .. })) => {
                self.emit(out, Event::OfficerFled { officer, to: *to });
                self.contact_officers(by, out);
                if self
                    .pending
                    .is_none_or(|x| matches!(x, Pending::Pursuing { .. }))
                    && self.contacts_guns()
                {
                    self.contact_guns(by, dice, out);
                }
            }
            (Command::PlaceGeneral { to }, Some(Pending::GeneralPlacement { side, by, .. })) => {
                self.emit(out, Event::GeneralPlaced { side, to: *to });
                self.contact_officers(by, out);
                if self
                    .pending
                    .is_none_or(|x| matches!(x, Pending::Pursuing { .. }))
                    && self.contacts_guns()
                {
                    self.contact_guns(by, dice, out);
                }
            }
            _ => return Err(RuleError::NotWaiting("N52")),
        }
        if self.pending.is_none() && self.combat.is_some() {
            self.run_combats(dice, out);
        }
        Ok(())
    }

    /// Applies the events of this module (called from `apply`).
    pub(super) fn apply_officers(&mut self, e: &Event) {
        match e {
            Event::OfficerContacted { officer, by } => {
                let resume = match self.pending {
                    Some(Pending::Pursuing { fought, .. }) => Some(fought),
                    _ => None,
                };
                self.pending = Some(Pending::OfficerFlight {
                    officer: *officer,
                    by: *by,
                    resume,
                });
            }
            Event::OfficerFled { officer, to } => {
                if let Some(n) = self.board.hex_ix(*to) {
                    self.pos.set(*officer, n);
                }
                self.pending = match self.pending {
                    Some(Pending::OfficerFlight {
                        by,
                        resume: Some(fought),
                        ..
                    }) => Some(Pending::Pursuing {
                        cavalry: by,
                        fought,
                    }),
                    _ => None,
                };
                // The enemy's answer fixes the moves made before it, as a
                // die does (N69).
                self.set_checkpoint();
            }
            Event::OfficerCaptured { officer } => {
                let o = *officer as usize;
                self.pos.set(o as PieceIx, NO_HEX);
                let info = &self.board.pieces[o];
                match (info.kind, info.force) {
                    (PieceKind::Leader, Some(f)) => self.leader_factor[f as usize] = -1,
                    (PieceKind::General, _) => {
                        let s = info.side as usize;
                        self.command_factor[s] = 1;
                        self.adcs[s] = self.adcs[s].min(1);
                    }
                    _ => {}
                }
                if let Some(Pending::OfficerFlight { officer: p, .. }) = self.pending
                    && p == *officer
                {
                    self.pending = None;
                }
            }
            Event::GeneralPlacementDue { side, by } => {
                let resume = match self.pending {
                    Some(Pending::Pursuing { cavalry, fought }) => Some((cavalry, fought)),
                    _ => None,
                };
                self.pending = Some(Pending::GeneralPlacement {
                    side: *side,
                    general: self.board.armies[*side as usize].general,
                    by: *by,
                    resume,
                });
            }
            Event::GeneralPlaced { side, to } => {
                let g = self.board.armies[*side as usize].general;
                if let Some(n) = self.board.hex_ix(*to) {
                    self.pos.set(g, n);
                }
                self.pending = match self.pending {
                    Some(Pending::GeneralPlacement {
                        resume: Some((cavalry, fought)),
                        ..
                    }) => Some(Pending::Pursuing { cavalry, fought }),
                    _ => None,
                };
            }
            _ => {}
        }
    }
}
