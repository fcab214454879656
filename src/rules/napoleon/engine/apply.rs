//! `apply`, the only mutation of a *Napoleon* state: one event at a time,
//! so a game is its events.

use super::board::{HexIx, NO_HEX, PieceIx};
use super::state::{Active, Moved, Outcome, Pending, State};
use super::types::{Activation, Event, Phase};
use crate::rules::napoleon::model::EngagementSnapshot;

impl State {
    pub fn apply(&mut self, e: &Event) {
        self.apply_event(e);
        if matches!(e, Event::TurnBegan { .. } | Event::ActivationEnded { .. }) {
            self.update_control();
        }
    }

    /// A step of piece `p` into hex `to_ix` ([`Event::Stepped`], by
    /// index): along a road or not (N91), backward or not (N64).
    pub(super) fn stepped(&mut self, p: PieceIx, to_ix: HexIx, on_road: bool, backward: bool) {
        let cost = self.board.cost[to_ix as usize];
        let ma = self.board.pieces[p as usize].movement;
        self.pos.set(p, to_ix);
        if let Some(a) = &mut self.active
            && let Some(m) = a.moving(p)
        {
            m.step(cost, ma, on_road, backward);
        }
    }

    pub(super) fn apply_event(&mut self, e: &Event) {
        match e {
            Event::TurnBegan { turn } => {
                self.turn = *turn;
                self.impulse = 0;
                self.adcs = self.command_factor;
            }
            Event::InitiativeRolled { winner, .. } => self.initiative = *winner,
            Event::ImpulseBegan {
                impulse,
                initiative,
                engaged,
                isolated,
            } => {
                self.impulse = *impulse;
                self.impulses_played += 1;
                self.initiative = *initiative;
                self.engaged.iter_mut().for_each(|x| *x = false);
                for &f in engaged {
                    self.engaged[f as usize] = true;
                }
                self.isolated.iter_mut().for_each(|x| *x = false);
                for &p in isolated {
                    self.isolated[p as usize] = true;
                }
                self.activated.iter_mut().for_each(|x| *x = false);
                self.passed = [false; 2];
                self.rallied.iter_mut().for_each(|x| *x = false);
                self.under_fire.iter_mut().for_each(|x| *x = false);
                self.skirmishes.clear();
                self.targets.clear();
                self.active = None;
                self.combat = None;
                self.pending = None;
            }
            Event::PhaseBegan { phase } => self.phase = *phase,
            Event::ManeuverPassed { side } => self.passed[*side as usize] = true,
            Event::SkirmishDeclared { force, target } => self.skirmishes.push((*force, *target)),
            Event::SkirmishResolved { loser, .. } => {
                if let Some(l) = loser {
                    self.under_fire[*l as usize] = true;
                }
            }
            Event::BombardDeclared { gun, target } => self.targets.push((*gun, *target)),
            Event::Bombarded { .. } | Event::Saves { .. } | Event::DefensiveFire { .. } => {}
            Event::Melee { .. } => {}
            Event::BreakTest { side, total, .. } => {
                let s = *side as usize & 1;
                self.break_tests[s] += 1;
                if *total <= 0 {
                    self.breaks_failed[s] += 1;
                }
            }
            Event::Casualties {
                piece,
                total,
                points,
            } => {
                self.casualties[*piece as usize] = *total;
                self.casualty_points[self.board.pieces[*piece as usize].side as usize & 1] +=
                    *points;
            }
            Event::Eliminated { piece } => {
                let p = *piece as usize;
                if self.pos[p] != NO_HEX {
                    self.pos.set(p as PieceIx, NO_HEX);
                    self.lost[self.board.pieces[p].side as usize] += 1;
                }
                // A choice waiting on a piece that is gone is over.
                if self.pending.is_some_and(|x| x.piece() == *piece) {
                    self.pending = None;
                }
            }
            Event::LeaderLossRolled { force, lost, .. } => {
                if *lost {
                    self.leader_factor[*force as usize] = -1;
                }
            }
            Event::CommandChecked { force, result, .. } => {
                let f = *force;
                // A re-roll keeps the activation's remaining re-rolls (N46).
                let rerolls = match &self.active {
                    Some(a) if a.force == f => a.rerolls_left.saturating_sub(1),
                    _ => self.board.options.rerolls_per_check,
                };
                let reference_enemy = self.reference_enemy(f);
                self.open_activation(f, *result, rerolls, reference_enemy, Vec::new());
            }
            Event::AdcSpent { side, left } => self.adcs[*side as usize] = *left,
            Event::ReserveActivated { force } => {
                self.open_activation(*force, Activation::Forward, 0, None, Vec::new());
            }
            Event::SauveQuiPeutOrdered { force, units } => {
                self.open_activation(*force, Activation::SauveQuiPeut, 0, None, units.clone());
            }
            Event::Rallied { force, pieces } => {
                self.rallied[*force as usize] = true;
                for &p in pieces {
                    let c = &mut self.casualties[p as usize];
                    *c = c.saturating_sub(1);
                }
            }
            Event::GeneralMoved { side, path } => {
                let g = self.board.armies[*side as usize].general;
                if let Some(h) = path.last().and_then(|h| self.board.hex_ix(*h)) {
                    self.pos.set(g, h);
                }
            }
            Event::Stepped {
                piece,
                from,
                to,
                backward,
            } => {
                let Some(to_ix) = self.board.hex_ix(*to) else {
                    return;
                };
                let on_road = self.board.hex_ix(*from).is_some_and(|f| {
                    self.board
                        .dir_to(f, to_ix)
                        .is_some_and(|d| self.board.road[f as usize][d as usize])
                });
                self.stepped(*piece, to_ix, on_road, *backward);
            }
            Event::Turned { piece, facing } => {
                let p = *piece;
                self.facing[p as usize] = *facing;
                if let Some(a) = &mut self.active {
                    let is_last_other = a.last.is_some_and(|l| l != p);
                    let moving_piece = a.moved.iter().any(|(q, _)| *q == p);
                    // A gun turned with its host is not its own turn.
                    if moving_piece
                        && !(is_last_other && self.board.pieces[p as usize].kind.is_gun())
                        && let Some(m) = a.moving(p)
                    {
                        m.turn();
                    }
                }
            }
            Event::FormationChanged { piece, column } => {
                self.column[*piece as usize] = *column;
                if let Some(a) = &mut self.active
                    && let Some((_, m)) = a.moved.iter_mut().find(|(q, _)| *q == *piece)
                {
                    m.formation_changed = true;
                    a.rerolls_left = 0;
                }
            }
            Event::MovementEnded { .. } => {}
            Event::MovesTakenBack { pieces } => {
                for &(p, h, f, c) in pieces {
                    if let Some(i) = self.board.hex_ix(h) {
                        self.pos.set(p, i);
                    }
                    self.facing[p as usize] = f;
                    self.column[p as usize] = c;
                }
                if let Some(a) = &mut self.active {
                    match &a.checkpoint {
                        // Back to where a die was last rolled (N69).
                        Some(cp) => {
                            for (p, _, _, _, m0) in cp {
                                if let Some((_, m)) = a.moved.iter_mut().find(|(q, _)| q == p) {
                                    *m = *m0;
                                }
                            }
                            if !matches!(self.pending, Some(Pending::Pursuing { .. })) {
                                a.last = None;
                            }
                        }
                        None => {
                            for (_, m) in a.moved.iter_mut() {
                                *m = Moved {
                                    start: m.start,
                                    start_facing: m.start_facing,
                                    start_column: m.start_column,
                                    ..Moved::default()
                                };
                            }
                            a.last = None;
                        }
                    }
                }
            }
            Event::MovedBack {
                piece, to, facing, ..
            } => {
                if let Some(n) = self.board.hex_ix(*to) {
                    self.pos.set(*piece, n);
                }
                if self.board.pieces[*piece as usize].kind.is_unit() {
                    self.facing[*piece as usize] = *facing;
                }
                if matches!(self.pending, Some(Pending::MoveBack { piece: p, .. }) if p == *piece) {
                    self.pending = None;
                }
            }
            Event::ActivationEnded { .. } => {
                self.active = None;
                self.combat = None;
                self.pending = None;
            }
            Event::GunContacted { .. }
            | Event::EvasionDue { .. }
            | Event::EvasionOffered { .. }
            | Event::Evaded { .. }
            | Event::StoodFast { .. }
            | Event::CombatsBegan { .. }
            | Event::Fight { .. }
            | Event::PursuitOffered { .. }
            | Event::PursuitBegan { .. }
            | Event::PursuitDeclined { .. }
            | Event::MoveBackDue { .. }
            | Event::MeleeRerollOffered { .. }
            | Event::MeleeRerolled { .. }
            | Event::MeleeRerollDeclined { .. }
            | Event::LeaderPlaced { .. } => self.apply_combat(e),
            Event::OfficerContacted { .. }
            | Event::OfficerFled { .. }
            | Event::OfficerCaptured { .. }
            | Event::GeneralPlacementDue { .. }
            | Event::GeneralPlaced { .. } => self.apply_officers(e),
            Event::GameOver { winner, reason } => {
                self.phase = Phase::Over;
                self.active = None;
                self.pending = None;
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: reason.clone(),
                });
            }
        }
    }

    /// Opens a force's activation: it counts as activated this impulse
    /// (N57), and each of its pieces starts its record where it stands.
    pub(super) fn open_activation(
        &mut self,
        f: u16,
        result: Activation,
        rerolls_left: u32,
        reference_enemy: Option<PieceIx>,
        ordered: Vec<PieceIx>,
    ) {
        self.activated[f as usize] = true;
        // N53 option `activation`: a force's engagement is taken when it
        // activates, not at the start of the impulse.
        if self.board.options.engagement_snapshot == EngagementSnapshot::Activation {
            self.engaged[f as usize] = self.is_engaged_now(f);
        }
        let moved = self
            .force_pieces(f)
            .into_iter()
            .map(|p| {
                let m = Moved {
                    start: self.pos[p as usize],
                    start_facing: self.facing[p as usize],
                    start_column: self.column[p as usize],
                    ..Moved::default()
                };
                (p, m)
            })
            .collect();
        let was_contiguous = self.contiguous(f);
        self.active = Some(Active {
            force: f,
            result,
            rerolls_left,
            moved,
            last: None,
            was_contiguous,
            reference_enemy,
            ordered,
            contacted: Vec::new(),
            checkpoint: None,
        });
    }

    /// The enemy unit nearest to any unit of the force (N60).
    pub(super) fn reference_enemy(&self, f: u16) -> Option<PieceIx> {
        let side = self.board.forces[f as usize].side;
        let mine: Vec<HexIx> = self.board.forces[f as usize]
            .units
            .iter()
            .filter(|&&u| self.on_map(u))
            .map(|&u| self.pos[u as usize])
            .collect();
        self.units_of(1 - side)
            .map(|e| {
                let d = mine
                    .iter()
                    .map(|&h| self.board.distance(h, self.pos[e as usize]))
                    .min()
                    .unwrap_or(u32::MAX);
                (d, e)
            })
            .min()
            .map(|(_, e)| e)
    }

    /// The side with an infantry, cavalry or artillery unit in `h`.
    pub(super) fn occupier(&self, h: HexIx) -> Option<u8> {
        self.at(h)
            .find(|&q| self.kind_of(q).is_unit())
            .map(|q| self.side_of(q))
    }

    /// Each victory location passes to the side with a unit in it when
    /// the game starts and when an activation ends; an empty hex stays
    /// with the last side that held it (N33 option `controlled`; moves
    /// become final when the activation ends, so passing through does not
    /// take it).
    pub(super) fn update_control(&mut self) {
        for i in 0..self.board.victory.len() {
            let h = self.board.victory[i].0;
            if let Some(s) = self.occupier(h) {
                self.control[i] = Some(s);
            }
        }
    }
}
