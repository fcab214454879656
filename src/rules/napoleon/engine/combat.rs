//! The combats of an activation as a sequence that may stop for a choice
//! of either side [3.7.3] (N80): unattached guns contacted [3.7.2.9.3]
//! (N75, N76), cavalry evading infantry (N86), pursuit (N87). While a
//! choice waits, [`State::pending`] names it and [`State::to_act`] the
//! side that makes it.

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::{Combat, Pending, State};
use super::types::{Activation, Command, Event, RuleError};
use crate::engine::Dice;
use crate::hex::Hex;
use std::collections::{BinaryHeap, HashMap};

type R<T> = Result<T, RuleError>;

/// One place an evading piece may go (N76, N86).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evasion {
    pub to: Hex,
    pub facing: u8,
    /// The hexes entered, in order.
    pub path: Vec<Hex>,
    pub cost: u32,
}

/// The roll a gun needs to evade [3.7.2.9.3]: foot artillery 4+ against
/// infantry, 5+ against cavalry; horse artillery 2+ and 4+.
pub fn gun_evasion_number(gun: PieceKind, by: PieceKind) -> u32 {
    match (gun, by) {
        (PieceKind::HorseArtillery, PieceKind::Cavalry) => 4,
        (PieceKind::HorseArtillery, _) => 2,
        (_, PieceKind::Cavalry) => 5,
        _ => 4,
    }
}

impl State {
    /// Whether a gun stands without a host of its own force (N72).
    pub fn unattached_gun(&self, g: PieceIx) -> bool {
        let h = self.pos[g as usize];
        self.board.pieces[g as usize].kind.is_gun()
            && h != NO_HEX
            && !self.at(h).any(|q| {
                self.board.pieces[q as usize].kind.is_troop()
                    && self.board.pieces[q as usize].force == self.board.pieces[g as usize].force
            })
    }

    /// Enemy guns an active unit in `h` contacts: unattached, across one of
    /// its front hexsides, not contacted by it yet this activation (N75).
    pub fn guns_contacted(&self, p: PieceIx) -> Vec<PieceIx> {
        let h = self.pos[p as usize];
        let side = self.board.pieces[p as usize].side;
        if h == NO_HEX || !self.board.pieces[p as usize].kind.is_troop() {
            return Vec::new();
        }
        let done = |g: PieceIx| {
            self.active
                .as_ref()
                .is_some_and(|a| a.contacted.contains(&(p, g)))
        };
        // One pass over the pieces (asked at every step), in the order of
        // the hexsides, then of the pieces.
        let around = &self.board.neighbours[h as usize];
        let mut found: Vec<(usize, PieceIx)> = Vec::new();
        for (g, &at) in self.pos.iter().enumerate() {
            let g = g as PieceIx;
            let info = &self.board.pieces[g as usize];
            if at == NO_HEX || at == h || info.side == side || !info.kind.is_gun() {
                continue;
            }
            if let Some(d) = around.iter().position(|&n| n == at)
                && self.is_front(p, d as u8)
                && self.unattached_gun(g)
                && !done(g)
            {
                found.push((d, g));
            }
        }
        found.sort_unstable();
        found.into_iter().map(|(_, g)| g).collect()
    }

    /// Whether the active force's movement contacts guns: Forward!,
    /// Charge! and free activations do; Retreat!, Sauve qui peut! and
    /// Static do not (moving away never contacts, N75).
    pub(super) fn contacts_guns(&self) -> bool {
        self.active.as_ref().is_some_and(|a| {
            matches!(a.result, Activation::Forward | Activation::Charge)
                && self
                    .pending
                    .is_none_or(|p| matches!(p, Pending::Pursuing { .. }))
        })
    }

    /// Contacts the guns `p` now touches, one at a time, until one must
    /// evade (its owner's choice waits) or none is left (N75).
    pub(super) fn contact_guns(&mut self, p: PieceIx, dice: &mut Dice, out: &mut Vec<Event>) {
        while self
            .pending
            .is_none_or(|x| matches!(x, Pending::Pursuing { .. }))
            && self.on_map(p)
        {
            let Some(&g) = self.guns_contacted(p).first() else {
                return;
            };
            self.gun_contact_roll(g, p, None, dice, out);
            if !self.on_map(p) {
                return;
            }
        }
    }

    /// A contacted gun's die (N75, N76): a hit on `p` from the gun's front
    /// on 3+; on its evasion number it evades (its owner's choice waits),
    /// else it is overrun. A gun whose fire destroys `p` stays.
    /// `pursuit_of`: the host whose elimination in melee left the gun
    /// alone, when the winner attacked it and may pursue once the gun is
    /// gone (N77 option `evasion_roll`).
    pub(super) fn gun_contact_roll(
        &mut self,
        g: PieceIx,
        p: PieceIx,
        pursuit_of: Option<PieceIx>,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let (gh, ph) = (self.pos[g as usize], self.pos[p as usize]);
        let roll = dice.d6();
        let in_arc = self
            .board
            .dir_to(gh, ph)
            .is_some_and(|d| self.is_front(g, d));
        let need = gun_evasion_number(
            self.board.pieces[g as usize].kind,
            self.board.pieces[p as usize].kind,
        );
        let evades = roll >= need;
        let hit = in_arc && roll >= 3;
        self.emit(
            out,
            Event::GunContacted {
                gun: g,
                by: p,
                roll,
                hit,
                evades,
            },
        );
        if hit {
            self.casualties_on(p, 1, true, dice, out);
        }
        // The gun's fire destroyed the unit that contacted it: nothing is
        // left to evade or to overrun it.
        if !self.on_map(p) {
            return;
        }
        if evades && !self.evasion_moves(g, p).is_empty() {
            self.emit(
                out,
                Event::EvasionDue {
                    piece: g,
                    from: p,
                    pursuit_of,
                },
            );
        } else {
            // Overrun, or no hex farther away to go to (N75, N76).
            self.eliminate(g, out);
        }
    }

    /// Where a piece may evade to: a move up to its allowance, each hex
    /// entered farther from `from`, through friends, ending in a legal
    /// stack. A gun moves in any direction and takes any facing (N76);
    /// cavalry may turn first, moves across its front hexsides and may
    /// turn once more on its way (N86). The end must keep the piece
    /// contiguous with its force; where no such hex exists, a gun goes as
    /// near its force as it can, and isolated cavalry nearer its main body.
    pub fn evasion_moves(&self, p: PieceIx, from: PieceIx) -> Vec<Evasion> {
        let (h0, fh) = (self.pos[p as usize], self.pos[from as usize]);
        if h0 == NO_HEX || fh == NO_HEX {
            return Vec::new();
        }
        let info = &self.board.pieces[p as usize];
        let gun = info.kind.is_gun();
        let side = info.side;
        let with: Vec<PieceIx> = if gun {
            Vec::new()
        } else {
            self.at(h0)
                .filter(|&q| {
                    q != p
                        && self.board.pieces[q as usize].kind == PieceKind::Leader
                        && self.board.pieces[q as usize].force == info.force
                })
                .collect()
        };
        // Nodes: (hex, facing, moved, second turn used).
        type Node = (HexIx, u8, bool, bool);
        let mut best: HashMap<Node, (u32, Option<Node>)> = HashMap::new();
        let mut heap = BinaryHeap::new();
        for f in 0..6u8 {
            let start = (h0, f, false, false);
            best.insert(start, (0, None));
            heap.push(std::cmp::Reverse((0u32, start)));
        }
        while let Some(std::cmp::Reverse((cost, node))) = heap.pop() {
            if best.get(&node).is_some_and(|(c, _)| *c < cost) {
                continue;
            }
            let (h, f, moved, second) = node;
            let mut next: Vec<(u32, Node)> = Vec::new();
            for (d, &n) in self.board.neighbours[h as usize].iter().enumerate() {
                if n == NO_HEX || (!gun && !super::state::front_hexside(f, d as u8)) {
                    continue;
                }
                let c = cost + self.board.cost[n as usize];
                if c > info.movement
                    || self.board.distance(n, fh) <= self.board.distance(h, fh)
                    || self.enemy_in(n, side)
                    || self.terrain_bars(p, n).is_some()
                    || !self.may_pass(p, n)
                    || (gun && self.has_adjacent_enemy_troop(n, side))
                {
                    continue;
                }
                next.push((c, (n, f, true, second)));
            }
            if !gun && moved && !second {
                for f2 in 0..6u8 {
                    if f2 != f {
                        next.push((cost, (h, f2, true, true)));
                    }
                }
            }
            for (c, n) in next {
                if best.get(&n).is_none_or(|(old, _)| c < *old) {
                    best.insert(n, (c, Some(node)));
                    heap.push(std::cmp::Reverse((c, n)));
                }
            }
        }
        // Ends: moved, a legal stack, the cheapest per hex and facing.
        let mut ends: HashMap<(HexIx, u8), (u32, Node)> = HashMap::new();
        for (&node, &(c, _)) in &best {
            let (h, f, moved, _) = node;
            if !moved {
                continue;
            }
            let mut stack: Vec<PieceIx> = self.at(h).filter(|q| !with.contains(q)).collect();
            stack.push(p);
            stack.extend(&with);
            if !self.state_stack_ok(&stack) {
                continue;
            }
            let facings: Vec<u8> = if gun { (0..6).collect() } else { vec![f] };
            for f in facings {
                if ends.get(&(h, f)).is_none_or(|(old, _)| c < *old) {
                    ends.insert((h, f), (c, node));
                }
            }
        }
        let mut out: Vec<(Evasion, bool, u32)> = ends
            .into_iter()
            .map(|((h, f), (c, node))| {
                let mut path = Vec::new();
                let mut at = Some(node);
                while let Some(n) = at {
                    if path.last() != Some(&n.0) && n.0 != h0 {
                        path.push(n.0);
                    }
                    at = best.get(&n).and_then(|(_, parent)| *parent);
                }
                path.reverse();
                let mut st = self.clone();
                st.pos.set(p, h);
                for &q in &with {
                    st.pos.set(q, h);
                }
                let joined = info.force.is_none_or(|force| st.contiguous(force));
                let near = st.distance_to_force(p, &with);
                (
                    Evasion {
                        to: self.board.hex(h),
                        facing: f,
                        path: path.into_iter().map(|x| self.board.hex(x)).collect(),
                        cost: c,
                    },
                    joined,
                    near,
                )
            })
            .collect();
        let here = self.distance_to_force(p, &with);
        if out.iter().any(|(_, joined, _)| *joined) {
            out.retain(|(_, joined, _)| *joined);
        } else if gun {
            let nearest = out.iter().map(|(_, _, d)| *d).min().unwrap_or(0);
            out.retain(|(_, _, d)| *d == nearest);
        } else if self.isolated[p as usize] {
            out.retain(|(_, _, d)| *d < here);
        } else {
            out.clear();
        }
        let mut out: Vec<Evasion> = out.into_iter().map(|(e, _, _)| e).collect();
        out.sort_by_key(|e| (e.cost, e.to, e.facing));
        out
    }

    /// The distance from a piece to the nearest other piece of its force,
    /// leaving out `with` (its main body, for evasion, N76).
    fn distance_to_force(&self, p: PieceIx, with: &[PieceIx]) -> u32 {
        let Some(f) = self.board.pieces[p as usize].force else {
            return 0;
        };
        let h = self.pos[p as usize];
        self.force_pieces(f)
            .into_iter()
            .filter(|q| *q != p && !with.contains(q))
            .map(|q| self.board.distance(h, self.pos[q as usize]))
            .min()
            .unwrap_or(0)
    }

    /// Whether a piece may pass through (or stop in) the pieces already
    /// in `n`: artillery through any friends, its own General included
    /// ([3.7.2.7] counts Generals among friendly units); infantry and
    /// cavalry through guns and their own force's leader; officers as
    /// 3.7.2.10 (N68). Where it may end is stacking's affair (N67).
    pub(super) fn may_pass(&self, p: PieceIx, n: HexIx) -> bool {
        let info = &self.board.pieces[p as usize];
        self.at(n).all(|q| {
            let qi = &self.board.pieces[q as usize];
            let same_force = info.force.is_some() && info.force == qi.force;
            match info.kind {
                PieceKind::Infantry | PieceKind::Cavalry => {
                    qi.kind.is_gun() || (qi.kind == PieceKind::Leader && same_force)
                }
                PieceKind::FootArtillery | PieceKind::HorseArtillery => true,
                PieceKind::Leader => same_force,
                PieceKind::General => qi.kind != PieceKind::General,
            }
        })
    }

    /// Whether cavalry `c` may evade infantry `by` about to fight it: not
    /// with a gun attached; a Cossack evades cavalry too (N86).
    fn may_evade(&self, c: PieceIx, by: PieceIx) -> bool {
        let (ci, bi) = (
            &self.board.pieces[c as usize],
            &self.board.pieces[by as usize],
        );
        let h = self.pos[c as usize];
        ci.kind == PieceKind::Cavalry
            && (bi.kind == PieceKind::Infantry || (ci.cossack && bi.kind == PieceKind::Cavalry))
            && !self
                .at(h)
                .any(|q| self.board.pieces[q as usize].kind.is_gun())
    }

    // ---------------------------------------------------------------
    // The combat sequence

    /// The next attack of the activation in its order (N80): the first
    /// attacking unit that has not fought, against the first enemy unit
    /// it faces.
    fn next_combat(&self) -> Option<(PieceIx, PieceIx)> {
        let a = self.active.as_ref()?;
        let c = self.combat.as_ref()?;
        let mut candidates: Vec<PieceIx> = self
            .attackers(a.force)
            .into_iter()
            .filter(|u| !c.fought.contains(u))
            .collect();
        self.sort_in_order(&mut candidates, true);
        let att = *candidates.first()?;
        let mut defenders = self.contact(att);
        self.sort_in_order(&mut defenders, false);
        defenders.first().map(|&d| (att, d))
    }

    /// The melees the active force would fight if its activation ended
    /// now, combats run in `direction`: each attacking unit once, against
    /// the defender the order gives it, in the order they would be fought
    /// (N78, N80). As things stand: a result that moves a unit can change
    /// a later pairing. The same computation as the combats themselves
    /// (`attackers`, `sort_in_order`, `contact`), so the table's preview
    /// cannot promise a melee the rules will not fight.
    pub fn planned_melees(&self, direction: super::types::Direction) -> Vec<(PieceIx, PieceIx)> {
        let Some(a) = self.active.as_ref() else {
            return Vec::new();
        };
        let mut st = self.clone();
        st.combat = Some(Combat {
            direction,
            reference: self.reference_facing(a.force),
            fought: Vec::new(),
            pursuits: Vec::new(),
        });
        let mut attackers = st.attackers(a.force);
        st.sort_in_order(&mut attackers, true);
        attackers
            .into_iter()
            .filter_map(|att| {
                let mut defenders = st.contact(att);
                st.sort_in_order(&mut defenders, false);
                defenders.first().map(|&d| (att, d))
            })
            .collect()
    }

    /// Sorts pieces in the combat order: left to right or right to left
    /// across the reference facing; attackers on equal coordinates nearer
    /// the enemy first (N80).
    fn sort_in_order(&self, v: &mut [PieceIx], by_distance: bool) {
        let Some(c) = self.combat.as_ref() else {
            return;
        };
        let sign = if c.direction == super::types::Direction::LeftToRight {
            1.0
        } else {
            -1.0
        };
        v.sort_by(|&a, &b| {
            let ka = sign * self.lateral(self.pos[a as usize], c.reference);
            let kb = sign * self.lateral(self.pos[b as usize], c.reference);
            let by = if by_distance {
                self.enemy_distance(a).cmp(&self.enemy_distance(b))
            } else {
                std::cmp::Ordering::Equal
            };
            ka.total_cmp(&kb).then(by).then(a.cmp(&b))
        });
    }

    /// Runs the activation's combats on from where they stand until a
    /// choice waits or none is left; then ends the activation.
    pub(super) fn run_combats(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        loop {
            if self.pending.is_some() || self.outcome.is_some() {
                return;
            }
            // Guns contacted by units that end their force's movement so
            // placed without having moved (N75).
            let standing = if self.contacts_guns() {
                self.active.as_ref().and_then(|a| {
                    a.moved
                        .iter()
                        .filter(|(p, m)| m.entered == 0 && self.on_map(*p))
                        .find(|(p, _)| !self.guns_contacted(*p).is_empty())
                        .map(|(p, _)| *p)
                })
            } else {
                None
            };
            if let Some(p) = standing {
                self.contact_guns(p, dice, out);
                continue;
            }
            match self.next_combat() {
                Some((att, def)) => self.fight(att, def, dice, out),
                None => break,
            }
        }
        if let Some(f) = self.active.as_ref().map(|a| a.force) {
            self.emit(out, Event::ActivationEnded { force: f });
        }
    }

    /// One attack: defensive fire, the defender's evasion, the melee, the
    /// pursuit (N77, N86, N83, N87).
    pub(super) fn fight(
        &mut self,
        att: PieceIx,
        def: PieceIx,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        self.emit(
            out,
            Event::Fight {
                attacker: att,
                defender: def,
            },
        );
        self.defensive_fire(att, def, dice, out);
        if !self.on_map(att) {
            return;
        }
        if self.may_evade(def, att) && !self.evasion_moves(def, att).is_empty() {
            self.emit(
                out,
                Event::EvasionOffered {
                    cavalry: def,
                    attacker: att,
                },
            );
            return;
        }
        self.melee_and_pursuit(att, def, dice, out);
    }

    /// The dice of a melee, then the attacking cavalry's pursuit offer.
    pub(super) fn melee_and_pursuit(
        &mut self,
        att: PieceIx,
        def: PieceIx,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let (ah, dh) = (self.pos[att as usize], self.pos[def as usize]);
        self.melee(att, def, dice, out);
        if self.pending.is_none() && self.pos[att as usize] == ah && self.pos[def as usize] != dh {
            self.offer_pursuit(att, def, out);
        }
    }

    /// The attacking cavalry, still where it attacked from, may pursue a
    /// defender that left its hex (N87).
    fn offer_pursuit(&mut self, att: PieceIx, def: PieceIx, out: &mut Vec<Event>) {
        if self.board.pieces[att as usize].kind == PieceKind::Cavalry
            && self.pursuits_of(att) < self.board.options.max_pursuits
            && self.outcome.is_none()
            && self.may_pursue(att, def)
        {
            self.emit(
                out,
                Event::PursuitOffered {
                    cavalry: att,
                    fought: def,
                },
            );
        }
    }

    fn pursuits_of(&self, p: PieceIx) -> u32 {
        self.combat
            .as_ref()
            .and_then(|c| c.pursuits.iter().find(|(q, _)| *q == p))
            .map_or(0, |(_, n)| *n)
    }

    /// Whether some pursuit move ends facing another enemy infantry or
    /// cavalry unit (N87).
    fn may_pursue(&self, cav: PieceIx, fought: PieceIx) -> bool {
        let mut st = self.clone();
        st.apply(&Event::PursuitOffered {
            cavalry: cav,
            fought,
        });
        st.apply(&Event::PursuitBegan { cavalry: cav });
        let id = self.board.pieces[cav as usize].id.clone();
        st.reach(&id)
            .into_iter()
            .any(|r| r.contacts.iter().any(|&e| e != fought))
    }

    /// Checks the commands that answer a waiting choice.
    pub(super) fn check_choice(&self, cmd: &Command) -> R<()> {
        if matches!(cmd, Command::Flee { .. } | Command::PlaceGeneral { .. }) {
            return self.check_officer_choice(cmd);
        }
        let pending = self.pending;
        match cmd {
            Command::Evade { piece, to, facing } => {
                let p = self
                    .board
                    .piece_ix(piece)
                    .ok_or_else(|| RuleError::UnknownPiece(piece.clone()))?;
                let (from, section) = match pending {
                    Some(Pending::GunEvasion { gun, from, .. }) if gun == p => (from, "3.7.2.9.3"),
                    Some(Pending::CavalryEvasion { cavalry, attacker }) if cavalry == p => {
                        (attacker, "3.7.3.4")
                    }
                    _ => return Err(RuleError::NotWaiting("3.7.3.4")),
                };
                if self
                    .evasion_moves(p, from)
                    .iter()
                    .any(|e| e.to == *to && e.facing == *facing)
                {
                    Ok(())
                } else {
                    Err(RuleError::CannotEvade {
                        piece: piece.clone(),
                        hex: *to,
                        facing: *facing,
                        why: "each hex entered farther from the enemy, within its allowance, ending in a legal stack and with its force",
                        section,
                    })
                }
            }
            Command::StandFast => match pending {
                Some(Pending::CavalryEvasion { .. }) => Ok(()),
                _ => Err(RuleError::NotWaiting("3.7.3.4")),
            },
            Command::Pursue => match pending {
                Some(Pending::Pursuit { .. }) => Ok(()),
                _ => Err(RuleError::NotWaiting("3.7.3.4")),
            },
            Command::NoPursuit => match pending {
                Some(Pending::Pursuit { .. }) => Ok(()),
                Some(Pending::Pursuing { cavalry, .. }) => {
                    // Declined before it moves, or after its moves are
                    // taken back; where a gun's die (N75) fixed them and
                    // no different enemy can be faced, it stops there.
                    if self.moved_since_pursuit(cavalry) && self.check_take_back().is_ok() {
                        return Err(RuleError::CannotEndPursuit(
                            "take back the pursuit's moves first",
                        ));
                    }
                    let stack: Vec<PieceIx> = self.at(self.pos[cavalry as usize]).collect();
                    if !self.state_stack_ok(&stack) {
                        return Err(RuleError::CannotEndPursuit(
                            "it would end in an illegal stack",
                        ));
                    }
                    Ok(())
                }
                _ => Err(RuleError::NotWaiting("3.7.3.4")),
            },
            Command::EndPursuit => match pending {
                Some(Pending::Pursuing { cavalry, fought }) => {
                    let stack: Vec<PieceIx> = self.at(self.pos[cavalry as usize]).collect();
                    if !self.state_stack_ok(&stack) {
                        return Err(RuleError::CannotEndPursuit(
                            "it would end in an illegal stack",
                        ));
                    }
                    if self.contact(cavalry).iter().all(|&e| e == fought) {
                        return Err(RuleError::CannotEndPursuit(
                            "a pursuit ends facing a different enemy infantry or cavalry unit",
                        ));
                    }
                    Ok(())
                }
                _ => Err(RuleError::NotWaiting("3.7.3.4")),
            },
            Command::RerollMelee | Command::KeepMelee => match pending {
                Some(Pending::MeleeReroll { .. }) => Ok(()),
                _ => Err(RuleError::NotWaiting("3.8.2.2")),
            },
            Command::MoveBack { piece, to } => match pending {
                Some(Pending::MoveBack {
                    piece: p, fought, ..
                }) if self.board.pieces[p as usize].id == *piece => {
                    let plan = self.move_back_plan(p, fought);
                    if plan.open.iter().any(|&n| self.board.hex(n) == *to) {
                        Ok(())
                    } else {
                        Err(RuleError::CannotMoveBack {
                            piece: piece.clone(),
                            hex: *to,
                        })
                    }
                }
                _ => Err(RuleError::NotWaiting("3.7.3.2")),
            },
            _ => Err(RuleError::Waiting(self.waiting_for())),
        }
    }

    fn moved_since_pursuit(&self, cav: PieceIx) -> bool {
        self.moved_of(cav)
            .is_some_and(|m| m.entered > 0 || m.turns_before + m.turns_after > 0)
    }

    /// What the game waits for, in words, with its section.
    pub fn waiting_for(&self) -> String {
        let name = |p: PieceIx| self.board.pieces[p as usize].name.clone();
        match self.pending {
            Some(Pending::GunEvasion { gun, .. }) => {
                format!("{} must evade [3.7.2.9.3]", name(gun))
            }
            Some(Pending::CavalryEvasion { cavalry, .. }) => {
                format!(
                    "{}'s owner decides whether it evades [3.7.3.4]",
                    name(cavalry)
                )
            }
            Some(Pending::Pursuit { cavalry, .. }) => {
                format!("{} may pursue [3.7.3.4]", name(cavalry))
            }
            Some(Pending::Pursuing { cavalry, .. }) => {
                format!("{} is pursuing [3.7.3.4]", name(cavalry))
            }
            Some(Pending::MeleeReroll { attacker, .. }) => {
                format!(
                    "{}'s owner decides whether to re-roll its failed attack on a vulnerable unit [3.8.2.2] (N108)",
                    name(attacker)
                )
            }
            Some(Pending::MoveBack { piece, .. }) => {
                format!(
                    "{}'s owner picks the hex it moves back to [3.7.3.2] (N84)",
                    name(piece)
                )
            }
            Some(Pending::OfficerFlight { officer, .. }) => {
                format!(
                    "{} is contacted alone and must move away; his owner picks where (N52)",
                    name(officer)
                )
            }
            Some(Pending::GeneralPlacement { general, .. }) => {
                format!(
                    "the new {} must be placed by his owner (N52)",
                    name(general)
                )
            }
            None => "nothing".into(),
        }
    }

    /// Carries out a command that answers a waiting choice.
    pub(super) fn execute_choice(
        &mut self,
        cmd: &Command,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) -> R<()> {
        let pending = self.pending.ok_or(RuleError::NotWaiting("3.7.3"))?;
        match cmd {
            Command::Evade { to, facing, .. } => {
                let (p, from) = match pending {
                    Pending::GunEvasion { gun, from, .. } => (gun, from),
                    Pending::CavalryEvasion { cavalry, attacker } => (cavalry, attacker),
                    _ => return Err(RuleError::NotWaiting("3.7.3.4")),
                };
                let e = self
                    .evasion_moves(p, from)
                    .into_iter()
                    .find(|e| e.to == *to && e.facing == *facing)
                    .ok_or(RuleError::NotWaiting("3.7.3.4"))?;
                let h = self.pos[p as usize];
                let with = self
                    .at(h)
                    .filter(|&q| {
                        q != p
                            && !self.board.pieces[p as usize].kind.is_gun()
                            && self.board.pieces[q as usize].kind == PieceKind::Leader
                            && self.board.pieces[q as usize].force
                                == self.board.pieces[p as usize].force
                    })
                    .collect();
                self.emit(
                    out,
                    Event::Evaded {
                        piece: p,
                        path: e.path,
                        facing: e.facing,
                        with,
                        gun: matches!(pending, Pending::GunEvasion { .. }),
                    },
                );
                // The mover may go on with its remaining MP and meets the
                // next gun it touches (N75); a gun left alone by its host's
                // elimination gone, the winner that attacked may pursue
                // (N77 option, N87).
                if let Pending::GunEvasion {
                    from,
                    pursuit_of,
                    resume,
                    ..
                } = pending
                {
                    if let Some(host) = pursuit_of {
                        if self.on_map(from) {
                            self.offer_pursuit(from, host, out);
                        }
                    } else if (resume.is_some() || self.combat.is_none()) && self.contacts_guns() {
                        self.contact_guns(from, dice, out);
                    }
                }
                if self.combat.is_some() {
                    self.run_combats(dice, out);
                }
            }
            Command::StandFast => {
                let Pending::CavalryEvasion { cavalry, attacker } = pending else {
                    return Err(RuleError::NotWaiting("3.7.3.4"));
                };
                self.emit(out, Event::StoodFast { piece: cavalry });
                self.melee_and_pursuit(attacker, cavalry, dice, out);
                self.run_combats(dice, out);
            }
            Command::Pursue => {
                self.emit(
                    out,
                    Event::PursuitBegan {
                        cavalry: pending.piece(),
                    },
                );
            }
            Command::NoPursuit => {
                self.emit(
                    out,
                    Event::PursuitDeclined {
                        cavalry: pending.piece(),
                    },
                );
                self.run_combats(dice, out);
            }
            Command::EndPursuit => {
                let Pending::Pursuing { cavalry, fought } = pending else {
                    return Err(RuleError::NotWaiting("3.7.3.4"));
                };
                let mut foes: Vec<PieceIx> = self
                    .contact(cavalry)
                    .into_iter()
                    .filter(|&e| e != fought)
                    .collect();
                self.sort_in_order(&mut foes, false);
                if let Some(&def) = foes.first() {
                    self.fight(cavalry, def, dice, out);
                }
                self.run_combats(dice, out);
            }
            Command::RerollMelee | Command::KeepMelee => {
                let Pending::MeleeReroll {
                    attacker,
                    defender,
                    rolls,
                } = pending
                else {
                    return Err(RuleError::NotWaiting("3.8.2.2"));
                };
                let (ah, dh) = (self.pos[attacker as usize], self.pos[defender as usize]);
                let rolls = if matches!(cmd, Command::RerollMelee) {
                    let roll = dice.d6();
                    let totals = self.melee_totals(attacker, defender, [roll, rolls[1]]);
                    self.emit(
                        out,
                        Event::MeleeRerolled {
                            attacker,
                            roll,
                            totals,
                        },
                    );
                    [roll, rolls[1]]
                } else {
                    self.emit(out, Event::MeleeRerollDeclined { attacker });
                    rolls
                };
                let totals = self.melee_totals(attacker, defender, rolls);
                self.melee_result(attacker, defender, totals, dice, out);
                if self.pending.is_none()
                    && self.pos[attacker as usize] == ah
                    && self.pos[defender as usize] != dh
                {
                    self.offer_pursuit(attacker, defender, out);
                }
                self.run_combats(dice, out);
            }
            Command::MoveBack { to, .. } => {
                let Pending::MoveBack {
                    piece,
                    fought,
                    defender,
                } = pending
                else {
                    return Err(RuleError::NotWaiting("3.7.3.2"));
                };
                let plan = self.move_back_plan(piece, fought);
                let n = plan
                    .open
                    .iter()
                    .copied()
                    .find(|&n| self.board.hex(n) == *to)
                    .ok_or(RuleError::NotWaiting("3.7.3.2"))?;
                self.moved_back(piece, n, &plan, out);
                if defender {
                    self.offer_pursuit(fought, piece, out);
                }
                self.run_combats(dice, out);
            }
            _ => return Err(RuleError::Waiting(self.waiting_for())),
        }
        Ok(())
    }

    /// A die (or the enemy's answer) fixes every move made before it: take
    /// back stops here (N69), the check may no longer be re-rolled, and
    /// cohesion is owed only if the force was still together now, since a
    /// position the dice froze apart cannot be mended.
    pub(super) fn set_checkpoint(&mut self) {
        let snapshot: Vec<_> = self
            .active
            .as_ref()
            .map(|a| {
                a.moved
                    .iter()
                    .map(|(p, m)| {
                        let p = *p as usize;
                        (
                            p as PieceIx,
                            self.pos[p],
                            self.facing[p],
                            self.column[p],
                            *m,
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let together = self
            .active
            .as_ref()
            .is_some_and(|a| self.contiguous(a.force));
        if let Some(a) = &mut self.active {
            a.rerolls_left = 0;
            a.checkpoint = Some(snapshot);
            a.was_contiguous &= together;
        }
    }

    /// Applies the events of this module (called from `apply`).
    pub(super) fn apply_combat(&mut self, e: &Event) {
        match e {
            Event::GunContacted { gun, by, .. } => {
                if let Some(a) = &mut self.active {
                    a.contacted.push((*by, *gun));
                }
                self.set_checkpoint();
            }
            Event::EvasionDue {
                piece,
                from,
                pursuit_of,
            } => {
                let resume = match self.pending {
                    Some(Pending::Pursuing { fought, .. }) => Some(fought),
                    _ => None,
                };
                self.pending = Some(Pending::GunEvasion {
                    gun: *piece,
                    from: *from,
                    resume,
                    pursuit_of: *pursuit_of,
                });
            }
            Event::EvasionOffered { cavalry, attacker } => {
                self.pending = Some(Pending::CavalryEvasion {
                    cavalry: *cavalry,
                    attacker: *attacker,
                });
            }
            Event::Evaded {
                piece,
                path,
                facing,
                with,
                ..
            } => {
                if let Some(h) = path.last().and_then(|h| self.board.hex_ix(*h)) {
                    self.pos.set(*piece, h);
                    for &q in with {
                        self.pos.set(q, h);
                    }
                }
                self.facing[*piece as usize] = *facing;
                self.pending = match self.pending {
                    Some(Pending::GunEvasion {
                        from,
                        resume: Some(fought),
                        ..
                    }) => Some(Pending::Pursuing {
                        cavalry: from,
                        fought,
                    }),
                    _ => None,
                };
            }
            Event::StoodFast { .. } | Event::PursuitDeclined { .. } => self.pending = None,
            Event::CombatsBegan {
                direction,
                reference,
                ..
            } => {
                self.combat = Some(Combat {
                    direction: *direction,
                    reference: *reference,
                    fought: Vec::new(),
                    pursuits: Vec::new(),
                });
            }
            Event::Fight { attacker, .. } => {
                self.pending = None;
                if let Some(c) = &mut self.combat
                    && !c.fought.contains(attacker)
                {
                    c.fought.push(*attacker);
                }
            }
            Event::MeleeRerollOffered {
                attacker,
                defender,
                rolls,
            } => {
                self.pending = Some(Pending::MeleeReroll {
                    attacker: *attacker,
                    defender: *defender,
                    rolls: *rolls,
                });
            }
            Event::MeleeRerolled { .. } | Event::MeleeRerollDeclined { .. } => self.pending = None,
            Event::MoveBackDue {
                piece,
                fought,
                defender,
                ..
            } => {
                self.pending = Some(Pending::MoveBack {
                    piece: *piece,
                    fought: *fought,
                    defender: *defender,
                });
            }
            Event::PursuitOffered { cavalry, fought } => {
                self.pending = Some(Pending::Pursuit {
                    cavalry: *cavalry,
                    fought: *fought,
                });
            }
            Event::PursuitBegan { cavalry } => {
                let cav = *cavalry;
                if let Some(Pending::Pursuit { fought, .. }) = self.pending {
                    self.pending = Some(Pending::Pursuing {
                        cavalry: cav,
                        fought,
                    });
                }
                if let Some(c) = &mut self.combat {
                    match c.pursuits.iter_mut().find(|(q, _)| *q == cav) {
                        Some((_, n)) => *n += 1,
                        None => c.pursuits.push((cav, 1)),
                    }
                }
                let (h, f, col) = (
                    self.pos[cav as usize],
                    self.facing[cav as usize],
                    self.column[cav as usize],
                );
                if let Some(a) = &mut self.active {
                    for (q, m) in a.moved.iter_mut() {
                        if *q == cav {
                            *m = super::state::Moved {
                                start: h,
                                start_facing: f,
                                start_column: col,
                                ..Default::default()
                            };
                        } else {
                            m.done = true;
                        }
                    }
                    a.last = Some(cav);
                    // Taken back, the pursuit returns here.
                    a.checkpoint = Some(
                        a.moved
                            .iter()
                            .map(|(q, m)| {
                                let q = *q as usize;
                                if q == cav as usize {
                                    (q as PieceIx, h, f, col, *m)
                                } else {
                                    (
                                        q as PieceIx,
                                        self.pos[q],
                                        self.facing[q],
                                        self.column[q],
                                        *m,
                                    )
                                }
                            })
                            .collect(),
                    );
                }
            }
            Event::LeaderPlaced { force, to } => {
                let l = self.board.forces[*force as usize].leader;
                if let Some(h) = self.board.hex_ix(*to) {
                    self.pos.set(l, h);
                }
            }
            _ => {}
        }
    }
}
