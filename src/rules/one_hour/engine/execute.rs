//! `execute` for One Hour Napoleonic: a checked command carried out as
//! events, each applied as it is produced (cards, hits, shots, moves,
//! charges).

use super::cards::{Chooser, chooser, shuffle};
use super::charge::{Charge, charge_dice, charge_halvings, charge_hits};
use super::check::{MovePlan, emit};
use super::fire::{Formation, hit_number, shot_hits};
use super::geometry::in_front_wedge;
use super::morale::{
    LeaderRisk, leader_lost, leader_risk_dice, rally_regains, reluctant_passes, retreats_from_fire,
    routs,
};
use super::movement::response_facings;
use super::retreat::{Retreat, leader_retreats, retreat_from_fire};
use super::state::State;
use super::types::{Cause, Command, Event, LeaderIx, Pending, Phase, RuleError, UnitIx};
use crate::engine::Dice;
use crate::hex::Hex;
use crate::rules::one_hour::model::{
    Amount, CardAmounts, CardEffect, DeckExhausted, ImpetuousClears, RerollScope, UnitType,
};

impl State {
    /// Checks, then executes the command.
    pub fn execute(&mut self, cmd: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        self.check(cmd)?;
        let mut ev = Vec::new();
        if !self.pending.is_empty() {
            self.answer(cmd, dice, &mut ev);
        } else {
            match cmd {
                Command::Draw => self.draw(dice, &mut ev),
                Command::ChooseCard { .. } => self.choose_card(cmd, dice, &mut ev)?,
                Command::Shoot { unit, target } => self.shoot(*unit, *target, dice, &mut ev)?,
                Command::EndShooting => self.end_shooting(dice, &mut ev),
                Command::Move { unit, leader, .. } => {
                    let plan = self.plan_move(cmd)?;
                    self.make_move(*unit, *leader, plan, dice, &mut ev);
                }
                Command::Charge {
                    unit,
                    steps,
                    target,
                } => self.charge(*unit, steps, *target, dice, &mut ev),
                Command::Square { unit, form, facing } => {
                    let formation = if *form {
                        Formation::Square
                    } else {
                        Formation::Deployed
                    };
                    emit(
                        self,
                        &mut ev,
                        Event::Formed {
                            unit: *unit,
                            formation,
                            facing: if *form {
                                self.facing[*unit as usize]
                            } else {
                                *facing
                            },
                        },
                    );
                }
                Command::Rally { unit } => {
                    let face = dice.d6();
                    let regained = rally_regains(
                        &self.board.options,
                        face,
                        self.leader_with(*unit),
                        self.hits[*unit as usize],
                    );
                    emit(
                        self,
                        &mut ev,
                        Event::Rallied {
                            unit: *unit,
                            face,
                            regained,
                        },
                    );
                }
                Command::MoveLeader { leader, steps } => {
                    let from = self.leader_pos[*leader as usize];
                    if let Some(&to) = steps.last() {
                        emit(
                            self,
                            &mut ev,
                            Event::LeaderMoved {
                                leader: *leader,
                                to,
                            },
                        );
                    }
                    if let Some(h) = from {
                        let left: Vec<UnitIx> = self.units_at(h).collect();
                        for u in left {
                            self.rout_if_broken(u, dice, &mut ev);
                        }
                    }
                }
                Command::EndTurn => self.end_turn(dice, &mut ev),
                Command::Retreat { .. }
                | Command::Bayonet { .. }
                | Command::Respond { .. }
                | Command::Retire { .. } => {}
            }
        }
        self.check_victory(&mut ev);
        Ok(ev)
    }

    pub(super) fn draw(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
        let side = self.side;
        let d = &self.decks[side as usize];
        if d.draw.is_empty() {
            if self.board.options.deck_exhausted == DeckExhausted::Reshuffle
                && !d.discard.is_empty()
            {
                let mut order = d.discard.clone();
                shuffle(&mut order, dice);
                let order = order.into_iter().map(|c| c as u16).collect();
                emit(self, ev, Event::Shuffled { side, order });
            } else {
                emit(self, ev, Event::DeckEmpty { side });
                self.card_done(ev);
                return;
            }
        }
        let Some(&card) = self.decks[side as usize].draw.last() else {
            self.card_done(ev);
            return;
        };
        let card = card as u16;
        emit(self, ev, Event::CardDrawn { side, card });
        let effect = self.card_effect(card);
        let eligible = self.card_eligible(effect);
        if effect == CardEffect::NoEffect {
            self.card_done(ev);
            return;
        }
        if eligible.is_empty() {
            emit(self, ev, Event::CardNoTarget);
            self.card_done(ev);
            return;
        }
        let amount = match effect {
            CardEffect::EnemyPanic { hits } | CardEffect::OwnUnitHit { hits } => {
                self.card_amount(hits, dice, ev)
            }
            CardEffect::MayNotMove { units }
            | CardEffect::LowAmmo { units }
            | CardEffect::Recover { units, .. } => self.card_amount(units, dice, ev),
            CardEffect::DoubleAction | CardEffect::NoEffect => Some(0),
        };
        let who = match chooser(effect, self.board.options.adverse_card_chooser) {
            Chooser::Drawer => side,
            Chooser::Opponent => 1 - side,
            Chooser::Random => {
                // The seeded dice choose (H40 `random`): a command, then
                // its units in a shuffled order.
                let cmd = self.random_card_choice(effect, amount, &eligible, dice);
                emit(
                    self,
                    ev,
                    Event::CardChoiceAsked {
                        card,
                        chooser: side,
                        amount,
                    },
                );
                // A choice made by the dice is always legal.
                let _ = self.choose_card(&cmd, dice, ev);
                return;
            }
        };
        emit(
            self,
            ev,
            Event::CardChoiceAsked {
                card,
                chooser: who,
                amount,
            },
        );
    }

    pub(super) fn random_card_choice(
        &self,
        effect: CardEffect,
        amount: Option<u32>,
        eligible: &[UnitIx],
        dice: &mut Dice,
    ) -> Command {
        let n = amount.unwrap_or(1).max(1);
        let pick = |dice: &mut Dice, v: &[UnitIx]| v[(dice.roll(v.len() as u32) - 1) as usize];
        let units = match effect {
            CardEffect::MayNotMove { .. } | CardEffect::LowAmmo { .. } => {
                let first = pick(dice, eligible);
                let command = &self.spec(first).command;
                let mut of: Vec<usize> = eligible
                    .iter()
                    .filter(|&&u| &self.spec(u).command == command)
                    .map(|&u| u as usize)
                    .collect();
                shuffle(&mut of, dice);
                of.into_iter()
                    .take(n as usize)
                    .map(|u| u as UnitIx)
                    .collect()
            }
            _ => vec![pick(dice, eligible)],
        };
        Command::ChooseCard {
            units,
            mode: None,
            amount: amount.or(Some(n)),
        }
    }

    pub(super) fn card_amount(
        &mut self,
        a: Amount,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Option<u32> {
        match (a, self.board.options.card_amounts) {
            (Amount::Fixed(n), _) => Some(n),
            (_, CardAmounts::Roll) => {
                let face = dice.d6();
                let amount = a.from_face(face);
                emit(self, ev, Event::AmountRolled { face, amount });
                Some(amount)
            }
            (_, CardAmounts::Max) => Some(a.max()),
            (_, CardAmounts::ChooserPicks) => None,
        }
    }

    pub(super) fn choose_card(
        &mut self,
        cmd: &Command,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, n) = self.check_card_choice(cmd)?;
        let Command::ChooseCard { units, mode, .. } = cmd else {
            return Ok(());
        };
        match effect {
            CardEffect::EnemyPanic { .. } | CardEffect::OwnUnitHit { .. } => {
                if let Some(&u) = units.first() {
                    self.take_hits(u, n, Cause::Card, false, dice, ev);
                }
            }
            CardEffect::MayNotMove { .. } => emit(
                self,
                ev,
                Event::MayNotMove {
                    units: units.clone(),
                },
            ),
            CardEffect::LowAmmo { .. } => emit(
                self,
                ev,
                Event::LowAmmo {
                    units: units.clone(),
                },
            ),
            CardEffect::DoubleAction => match (units.first(), mode) {
                (Some(&unit), Some(mode)) => {
                    emit(self, ev, Event::DoubleAction { unit, mode: *mode })
                }
                _ => emit(self, ev, Event::DoubleDeclined),
            },
            CardEffect::Recover { hits, .. } => {
                for &u in units {
                    let (face, amount) = match (hits, self.board.options.card_amounts) {
                        (Amount::Fixed(k), _) => (0, k),
                        (_, CardAmounts::Roll) => {
                            let f = dice.d6();
                            (f, hits.from_face(f))
                        }
                        _ => (0, hits.max()),
                    };
                    let taken = self.hits[u as usize];
                    emit(
                        self,
                        ev,
                        Event::Recovered {
                            unit: u,
                            face,
                            hits: amount.min(taken),
                        },
                    );
                }
            }
            CardEffect::NoEffect => {}
        }
        if self.outcome.is_none() {
            self.card_done(ev);
        }
        Ok(())
    }

    /// Hits on a unit (H17, H20, H24): the leaders in its box risk 2D6,
    /// then it routs if it has taken all it can; the leaders left with a
    /// routed unit risk 1D6, unless an overrun follows and rolls for both
    /// (H24, H51). Returns whether it routed.
    pub(super) fn take_hits(
        &mut self,
        u: UnitIx,
        n: u32,
        cause: Cause,
        overrun_follows: bool,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> bool {
        if n == 0 {
            return false;
        }
        let Some(h) = self.pos[u as usize] else {
            return false;
        };
        emit(
            self,
            ev,
            Event::Hits {
                unit: u,
                hits: n,
                cause,
            },
        );
        let rolls = if self.board.options.leader_risk_per_hit {
            n
        } else {
            1
        };
        let leaders: Vec<LeaderIx> = self.leaders_at(h).collect();
        for l in leaders {
            for _ in 0..rolls {
                if self.leader_lost[l as usize] {
                    break;
                }
                self.leader_risk(l, LeaderRisk::BoxHit, dice, ev);
            }
        }
        let routed = self.rout_if_broken(u, dice, ev);
        if routed && !overrun_follows {
            let leaders: Vec<LeaderIx> = self.leaders_at(h).collect();
            for l in leaders {
                self.leader_risk(l, LeaderRisk::RoutOrOverrun, dice, ev);
            }
        }
        routed
    }

    pub(super) fn leader_risk(
        &mut self,
        l: LeaderIx,
        risk: LeaderRisk,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        let faces: Vec<u32> = (0..leader_risk_dice(risk)).map(|_| dice.d6()).collect();
        let lost = leader_lost(risk, &faces);
        let at = self.leader_pos[l as usize];
        emit(
            self,
            ev,
            Event::LeaderRisk {
                leader: l,
                faces,
                lost,
            },
        );
        if lost && let Some(h) = at {
            // H20: the unit he kept in the fight may rout now.
            let units: Vec<UnitIx> = self.units_at(h).collect();
            for u in units {
                self.rout_if_broken(u, dice, ev);
            }
        }
    }

    /// Routs the unit if its hits reach what it can take (H20).
    pub(super) fn rout_if_broken(
        &mut self,
        u: UnitIx,
        _dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> bool {
        if self.pos[u as usize].is_none() {
            return false;
        }
        if routs(
            &self.board.options,
            self.spec(u),
            self.hits[u as usize],
            self.leader_with(u),
        ) {
            emit(self, ev, Event::Routed { unit: u });
            true
        } else {
            false
        }
    }

    pub(super) fn shoot(
        &mut self,
        u: UnitIx,
        t: UnitIx,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (from, to, range, n, halvings) = self.check_shot(u, t)?;
        let o = &self.board.options;
        let need = hit_number(o, halvings);
        let mut faces: Vec<u32> = (0..n).map(|_| dice.d6()).collect();
        // H25: a leader near the target makes the shooter reroll one hit.
        let side_t = self.side_of(t);
        let scope = o.special_reroll_scope;
        let reroller = (0..self.board.leaders.len() as LeaderIx).find(|&l| {
            let li = &self.board.leaders[l as usize];
            li.side == side_t
                && li.force_fire_reroll
                && self.leader_pos[l as usize].is_some_and(|x| self.range(x, to) <= 1)
                && match scope {
                    RerollScope::PerLeaderPerTurn => self.leader_reroll[l as usize] != self.turn,
                    RerollScope::PerUnitPerTurn => self.unit_reroll[t as usize] != self.turn,
                }
        });
        // The events in the order things happen: the roll with its hits,
        // then the reroll with the hits it leaves (issue 35).
        let facts = self.shot_facts(u, t, range);
        let rolled_hits = shot_hits(o, &facts, &faces);
        let mut reroll = None;
        let mut hits = rolled_hits;
        let rolled = faces.clone();
        if let (Some(l), Some(need)) = (reroller, need)
            && let Some(i) = faces.iter().position(|&f| f >= need)
        {
            let from_face = faces[i];
            faces[i] = dice.d6();
            hits = shot_hits(o, &facts, &faces);
            reroll = Some(Event::Rerolled {
                leader: l,
                unit: t,
                from: from_face,
                to: faces[i],
                hits: Some(hits),
            });
        }
        emit(
            self,
            ev,
            Event::Shot {
                unit: u,
                target: t,
                range,
                dice: rolled,
                need,
                hits: rolled_hits,
            },
        );
        if let Some(r) = reroll {
            emit(self, ev, r);
        }
        if self.simultaneous() && self.phase == Phase::Shoot {
            // H9: held until both sides have fired (`apply` keeps it).
            return Ok(());
        }
        self.shot_takes_effect(u, t, from, to, range, hits, dice, ev);
        Ok(())
    }

    /// A shot's hits take effect (H17-H19): hits, rout and the bayonet
    /// advance, or the retreat from fire.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shot_takes_effect(
        &mut self,
        u: UnitIx,
        t: UnitIx,
        from: Hex,
        to: Hex,
        range: u32,
        hits: u32,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        let routed = self.take_hits(t, hits, Cause::Shot, false, dice, ev);
        if routed {
            // The shooter still where it fired from (simultaneous fire may
            // have moved or routed it).
            if self.ty(u) == UnitType::LineInfantry
                && range == 1
                && self.pos[u as usize] == Some(from)
            {
                emit(
                    self,
                    ev,
                    Event::Asked {
                        pending: Pending::Bayonet { unit: u, to },
                    },
                );
            }
        } else if self.pos[t as usize].is_some() && retreats_from_fire(self.spec(t), hits) {
            let tt = self.ty(t);
            let board = self.board.clone();
            let r = retreat_from_fire(from, to, board.options.blocked_retreat, |h| {
                board.passable(h, tt, false) && self.unit_at(h).is_none()
            });
            match r {
                Retreat::To(h) => self.retreat_to(t, h, dice, ev),
                Retreat::Choose(options) => emit(
                    self,
                    ev,
                    Event::Asked {
                        pending: Pending::Retreat { unit: t, options },
                    },
                ),
                Retreat::Blocked { extra_hits, routs } => {
                    emit(self, ev, Event::RetreatBlocked { unit: t });
                    if routs {
                        emit(self, ev, Event::Routed { unit: t });
                        let leaders: Vec<LeaderIx> = self.leaders_at(to).collect();
                        for l in leaders {
                            self.leader_risk(l, LeaderRisk::RoutOrOverrun, dice, ev);
                        }
                    } else {
                        self.take_hits(t, extra_hits, Cause::Blocked, false, dice, ev);
                    }
                }
            }
        }
    }

    pub(super) fn retreat_to(&mut self, u: UnitIx, h: Hex, dice: &mut Dice, ev: &mut Vec<Event>) {
        emit(self, ev, Event::Retreated { unit: u, to: h });
        // Leaving its leader behind may break it (H20).
        self.rout_if_broken(u, dice, ev);
    }

    /// Step 3 of `side` begins (its impetuous units with no target are
    /// released, H30).
    pub(super) fn begin_movement(&mut self, side: u8, ev: &mut Vec<Event>) {
        if side == self.side {
            emit(self, ev, Event::MovementBegan);
        } else {
            emit(
                self,
                ev,
                Event::StepBegan {
                    side,
                    phase: Phase::Move,
                },
            );
        }
        if self.board.options.impetuous_clears == ImpetuousClears::OnNoTarget {
            let freed: Vec<UnitIx> = self
                .live()
                .filter(|&u| {
                    self.side_of(u) == self.side
                        && self.obliged[u as usize]
                        && self.charges_of(u).is_empty()
                })
                .collect();
            for unit in freed {
                emit(
                    self,
                    ev,
                    Event::Impetuous {
                        unit,
                        obliged: false,
                    },
                );
            }
        }
    }

    /// The reluctant test (H22), taken once a turn; whether it passed.
    pub(super) fn reluctance(&mut self, u: UnitIx, dice: &mut Dice, ev: &mut Vec<Event>) -> bool {
        if !self.spec(u).reluctant {
            return true;
        }
        if let Some(p) = self.acts[u as usize].reluctant {
            return p;
        }
        let face = dice.d6();
        let hits_left = self.hits_left(u);
        let passed = reluctant_passes(hits_left, face);
        emit(
            self,
            ev,
            Event::Reluctant {
                unit: u,
                face,
                hits_left,
                passed,
            },
        );
        passed
    }

    pub(super) fn make_move(
        &mut self,
        u: UnitIx,
        leader: Option<LeaderIx>,
        plan: MovePlan,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        if plan.advance && !self.reluctance(u, dice, ev) {
            return;
        }
        let from = self.pos[u as usize];
        let path = plan.path.clone();
        emit(
            self,
            ev,
            Event::Moved {
                unit: u,
                path: plan.path,
                facing: plan.facing,
                formation: plan.formation,
                end_pivot: plan.end_pivot,
            },
        );
        if let (Some(l), Some(&to)) = (leader, path.last()) {
            emit(self, ev, Event::LeaderMoved { leader: l, to });
        }
        if let Some(from) = from {
            self.overrun(u, &path, from, dice, ev);
        }
        self.rout_if_broken(u, dice, ev);
    }

    /// Enemy leaders in the boxes a unit entered are overrun (H24 (b)).
    pub(super) fn overrun(
        &mut self,
        u: UnitIx,
        path: &[Hex],
        from: Hex,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        let side = self.side_of(u);
        let mut prev = from;
        for &h in path {
            let enemies: Vec<LeaderIx> = self
                .leaders_at(h)
                .filter(|&l| self.board.leaders[l as usize].side != side)
                .collect();
            for l in enemies {
                self.leader_risk(l, LeaderRisk::RoutOrOverrun, dice, ev);
                self.retire(l, prev, ev);
            }
            prev = h;
        }
    }

    /// A surviving overrun leader retires (H24).
    pub(super) fn retire(&mut self, l: LeaderIx, overrunner: Hex, ev: &mut Vec<Event>) {
        let Some(at) = self.leader_pos[l as usize] else {
            return;
        };
        let li = self.board.leaders[l as usize].clone();
        let options = leader_retreats(
            at,
            overrunner,
            |h| self.enemy_at(h, li.side),
            |h| self.board.leader_passable(h),
            |h| {
                self.units_at(h).any(|x| {
                    let info = &self.board.units[x as usize];
                    info.side == li.side && li.commands.leads(&info.spec.command)
                })
            },
        );
        match options.len() {
            0 => emit(
                self,
                ev,
                Event::LeaderRisk {
                    leader: l,
                    faces: Vec::new(),
                    lost: true,
                },
            ),
            1 => emit(
                self,
                ev,
                Event::LeaderMoved {
                    leader: l,
                    to: options[0],
                },
            ),
            _ => emit(
                self,
                ev,
                Event::Asked {
                    pending: Pending::Retire { leader: l, options },
                },
            ),
        }
    }

    pub(super) fn charge(
        &mut self,
        u: UnitIx,
        steps: &[Hex],
        t: UnitIx,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        if !self.reluctance(u, dice, ev) {
            return;
        }
        let Some(from) = self.pos[u as usize] else {
            return;
        };
        emit(
            self,
            ev,
            Event::ChargeMoved {
                unit: u,
                target: t,
                path: steps.to_vec(),
            },
        );
        self.overrun(u, steps, from, dice, ev);
        let (Some(at), Some(to)) = (self.pos[u as usize], self.pos[t as usize]) else {
            return;
        };
        let mut path = steps.to_vec();
        path.insert(0, from);
        // H28: line infantry may turn to face the charge.
        if self.ty(t) == UnitType::LineInfantry
            && self.formation[t as usize] == Formation::Deployed
            && !self.occupies_town(t)
            && !in_front_wedge(to, self.facing[t as usize], at)
        {
            let facings = response_facings(to, at);
            if !facings.is_empty() {
                emit(
                    self,
                    ev,
                    Event::Asked {
                        pending: Pending::Respond {
                            charger: u,
                            target: t,
                            facings,
                            path,
                        },
                    },
                );
                return;
            }
        }
        self.finish_charge(u, t, &path, dice, ev);
    }

    pub(super) fn finish_charge(
        &mut self,
        u: UnitIx,
        t: UnitIx,
        path: &[Hex],
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) {
        let (Some(at), Some(to)) = (self.pos[u as usize], self.pos[t as usize]) else {
            return;
        };
        let board = self.board.clone();
        let o = &board.options;
        let facts = self.charge_facts(&board, u, t, at, to, path);
        let Ok(n) = charge_dice(o, &facts, false) else {
            return;
        };
        let need = hit_number(o, charge_halvings(&facts));
        let mut faces: Vec<u32> = (0..n).map(|_| dice.d6()).collect();
        // H25 (Lobau): a friendly charger near him rerolls one miss.
        let side = self.side_of(u);
        let helper = (0..board.leaders.len() as LeaderIx).find(|&l| {
            let li = &board.leaders[l as usize];
            li.side == side
                && li.melee_reroll_miss
                && self.leader_pos[l as usize].is_some_and(|x| self.range(x, at) <= 1)
                && match o.special_reroll_scope {
                    RerollScope::PerLeaderPerTurn => self.leader_reroll[l as usize] != self.turn,
                    RerollScope::PerUnitPerTurn => self.unit_reroll[u as usize] != self.turn,
                }
        });
        // The roll with its hits, then the reroll with the hits it
        // leaves, in the order they happen (issue 35).
        let rolled = faces.clone();
        let rolled_hits = charge_hits(o, &facts, &faces);
        let mut hits = rolled_hits;
        let mut reroll = None;
        if let Some(l) = helper
            && let Some(i) = faces.iter().position(|&f| need.is_none_or(|k| f < k))
        {
            let from_face = faces[i];
            faces[i] = dice.d6();
            hits = charge_hits(o, &facts, &faces);
            reroll = Some(Event::Rerolled {
                leader: l,
                unit: u,
                from: from_face,
                to: faces[i],
                hits: Some(hits),
            });
        }
        emit(
            self,
            ev,
            Event::ChargeRolled {
                unit: u,
                target: t,
                dice: rolled,
                need,
                hits: rolled_hits,
            },
        );
        if let Some(r) = reroll {
            emit(self, ev, r);
        }
        let routed = self.take_hits(t, hits, Cause::Charge, true, dice, ev);
        if routed {
            // H29: the charger follows into the box; the leaders there
            // roll once for the rout and the overrun (H24).
            let leaders: Vec<LeaderIx> = self.leaders_at(to).collect();
            for &l in &leaders {
                self.leader_risk(l, LeaderRisk::RoutOrOverrun, dice, ev);
            }
            emit(self, ev, Event::Advanced { unit: u, to });
            for l in leaders {
                self.retire(l, at, ev);
            }
        }
    }

    /// The facts of a charge by `u` from `at` on `t` at `to`, having
    /// entered `path` (H27, H49).
    pub(super) fn charge_facts<'b>(
        &self,
        board: &'b super::Board,
        u: UnitIx,
        t: UnitIx,
        at: Hex,
        to: Hex,
        path: &[Hex],
    ) -> Charge<'b> {
        let tb = board.at(to);
        let narrow = |h: Hex| {
            let b = board.at(h);
            b.terrain == crate::rules::one_hour::model::Terrain::Bridge
                || b.terrain == crate::rules::one_hour::model::Terrain::Woods
        };
        Charge {
            charger: &board.units[u as usize].spec,
            charger_in_column: self.formation[u as usize] == Formation::Column,
            target: &board.units[t as usize].spec,
            target_in_column: self.formation[t as usize] == Formation::Column,
            outside_target_front: !in_front_wedge(to, self.facing[t as usize], at),
            target_in_town: tb.is_town(),
            target_box_cover: tb.terrain.cover() && !tb.is_town() || tb.fortified,
            narrow_frontage: path.iter().any(|&h| narrow(h)) || narrow(to),
        }
    }
}
