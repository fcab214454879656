//! The flow of a One Hour Napoleonic game (RULINGS-ONE-HOUR H9-H11): each
//! command checked against the rulings, then executed as events applied
//! one by one. The numbers come from the stateless modules (`fire`,
//! `charge`, `morale`, `movement`, `retreat`, `cards`, `actions`); this
//! module gathers their facts from the state.

use super::actions::{DoubleMode, double_modes, is_advance};
use super::cards::{Chooser, chooser, shuffle};
use super::charge::{Charge, charge_dice, charge_halvings, charge_hits};
use super::fire::{Formation, Shot, cover_for, hit_number, shot_dice, shot_halvings, shot_hits};
use super::geometry::{
    BOXES, corner_refuses, corner_sides, facing_along_road, in_front_wedge, steps_ahead,
};
use super::morale::{
    LeaderRisk, leader_lost, leader_risk_dice, rally_regains, reluctant_passes, retreats_from_fire,
    routs,
};
use super::movement::{allowance_halves, may_pass_through, response_facings};
use super::retreat::{Retreat, leader_retreats, retreat_from_fire};
use super::state::State;
use super::types::{Cause, Command, Event, LeaderIx, Pending, Phase, RuleError, UnitIx};
use crate::engine::Dice;
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::{
    Amount, CardAmounts, CardEffect, DeckExhausted, ImpetuousClears, RerollScope, TurnStructure,
    UnitType,
};

/// A move worked out from a command: where it goes and how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePlan {
    pub path: Vec<Hex>,
    pub facing: Dir,
    pub formation: Formation,
    /// It counts as an advance (H22).
    pub advance: bool,
    /// It pivots after its steps (H4).
    pub end_pivot: bool,
}

/// What a shot or charge would roll: its range (shots), how many dice
/// and the number each needs (`None`: no die can hit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    pub range: Option<u32>,
    pub dice: u32,
    pub need: Option<u32>,
}

/// One way to reach a box (for listing moves and charges).
#[derive(Clone, Debug)]
pub struct Reach {
    pub to: Hex,
    pub facing: Dir,
    pub path: Vec<Hex>,
}

fn refuse<T>(s: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::rule(s))
}

fn emit(st: &mut State, ev: &mut Vec<Event>, e: Event) {
    st.apply(&e);
    ev.push(e);
}

impl State {
    fn spec(&self, u: UnitIx) -> &crate::rules::one_hour::model::OneHourUnit {
        &self.board.units[u as usize].spec
    }

    fn ty(&self, u: UnitIx) -> UnitType {
        self.spec(u).unit_type
    }

    fn name_of(&self, u: UnitIx) -> String {
        self.board
            .units
            .get(u as usize)
            .map_or_else(|| format!("unit {u}"), |x| x.name.clone())
    }

    fn unit_ok(&self, u: UnitIx) -> Result<Hex, RuleError> {
        let Some(info) = self.board.units.get(u as usize) else {
            return refuse(format!("there is no unit {u}"));
        };
        match self.pos[u as usize] {
            Some(h) => Ok(h),
            None if self.routed[u as usize] => {
                refuse(format!("{} has routed and is gone [L58] (H20)", info.name))
            }
            None => refuse(format!("{} is not on the map yet", info.name)),
        }
    }

    fn own_unit(&self, u: UnitIx) -> Result<Hex, RuleError> {
        let h = self.unit_ok(u)?;
        if self.side_of(u) != self.side {
            return refuse(format!(
                "{} is not a unit of the side whose turn it is (H9)",
                self.name_of(u)
            ));
        }
        Ok(h)
    }

    // ---- The start -------------------------------------------------

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

    fn begin_player_turn(&mut self, turn: u32, side: u8, ev: &mut Vec<Event>) {
        emit(self, ev, Event::TurnBegan { turn, side });
        self.arrivals(turn, side, ev);
        if self.board.decks[side as usize].is_empty() {
            self.no_card(side, ev);
            self.card_done(ev);
        }
    }

    /// A side whose scenario deck holds no cards has none to draw: the
    /// log says so rather than skip the step in silence (H38).
    fn no_card(&mut self, side: u8, ev: &mut Vec<Event>) {
        if self.board.has_deck[side as usize] {
            emit(self, ev, Event::DeckEmpty { side });
        }
    }

    /// Whether the game turn is played with simultaneous fire (H9).
    fn simultaneous(&self) -> bool {
        self.board.options.turn_structure == TurnStructure::SimultaneousFire
    }

    /// The second side of a game turn.
    fn second_side(&self) -> u8 {
        1 - self.board.first_side
    }

    /// The card step of the side to act is over. Alternate turns go on to
    /// its shooting; with simultaneous fire (H9) the second side draws
    /// next, and after it the first side shoots.
    fn card_done(&mut self, ev: &mut Vec<Event>) {
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
    fn end_shooting(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
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
    fn resolve_volley(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
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
    fn arrivals(&mut self, turn: u32, side: u8, ev: &mut Vec<Event>) {
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

    /// Whether the command is legal now (pure).
    pub fn check(&self, cmd: &Command) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if let Some(p) = self.pending.front() {
            return self.check_answer(p, cmd);
        }
        match (cmd, &self.phase) {
            (Command::Draw, Phase::Card) => Ok(()),
            (Command::Draw, _) => Err(RuleError::NotNow(
                "the chance card is drawn at the start of the player turn (H38)".into(),
            )),
            (Command::ChooseCard { .. }, Phase::CardChoice { .. }) => {
                self.check_card_choice(cmd).map(|_| ())
            }
            (_, Phase::Card) => Err(RuleError::NotNow(
                "draw the chance card first: it is step 1 of the player turn (H9, H38)".into(),
            )),
            (_, Phase::CardChoice { chooser, .. }) => Err(RuleError::NotNow(format!(
                "the chance card waits for {} to choose (H40)",
                self.board.side_names[*chooser as usize]
            ))),
            (_, Phase::Volley) => Err(RuleError::NotNow(
                "the hits of both sides' fire are taking effect (H9 simultaneous fire)".into(),
            )),
            (Command::Shoot { unit, target }, _) => self.check_shot(*unit, *target).map(|_| ()),
            (Command::EndShooting, Phase::Shoot) => Ok(()),
            (Command::EndShooting, _) => Err(RuleError::NotNow(
                "shooting is step 2; it is over (H9)".into(),
            )),
            (_, Phase::Shoot) => Err(RuleError::NotNow(
                "moves, charges, formations and rallies are step 3, after shooting (H9)".into(),
            )),
            (Command::Move { .. }, Phase::Move) => self.plan_move(cmd).map(|_| ()),
            (
                Command::Charge {
                    unit,
                    steps,
                    target,
                },
                Phase::Move,
            ) => self.check_charge(*unit, steps, *target).map(|_| ()),
            (Command::Square { unit, form, facing }, Phase::Move) => {
                self.check_square(*unit, *form, *facing)
            }
            (Command::Rally { unit }, Phase::Move) => self.check_rally(*unit),
            (Command::MoveLeader { leader, steps }, Phase::Move) => {
                self.check_leader_move(*leader, steps)
            }
            (Command::EndTurn, Phase::Move) => self.check_end_turn(),
            (Command::Retreat { .. } | Command::Bayonet { .. }, _)
            | (Command::Respond { .. } | Command::Retire { .. }, _) => Err(RuleError::NotNow(
                "nothing is waiting for that answer".into(),
            )),
            _ => Err(RuleError::NotNow(
                "not in this step of the turn (H9)".into(),
            )),
        }
    }

    fn check_answer(&self, p: &Pending, cmd: &Command) -> Result<(), RuleError> {
        match (p, cmd) {
            (Pending::Retreat { options, .. }, Command::Retreat { to }) => {
                if options.contains(to) {
                    Ok(())
                } else {
                    refuse(format!(
                        "{to} is not one of the retreat boxes: directly away is blocked, so the unit goes 45 degrees to either side, never nearer the shooter (H8)"
                    ))
                }
            }
            (Pending::Bayonet { .. }, Command::Bayonet { .. }) => Ok(()),
            (Pending::Respond { facings, .. }, Command::Respond { facing }) => match facing {
                None => Ok(()),
                Some(f) if facings.contains(f) => Ok(()),
                Some(f) => refuse(format!(
                    "facing {} does not put the charger in front; line infantry may turn only to face the charge (H28)",
                    f.name()
                )),
            },
            (Pending::Retire { options, .. }, Command::Retire { to }) => {
                if options.contains(to) {
                    Ok(())
                } else {
                    refuse(format!(
                        "{to} is not open to the leader: he retires one box, not nearer the overrunning unit and not into an enemy, to a unit of his command if he can (H24)"
                    ))
                }
            }
            (p, _) => Err(RuleError::NotNow(format!(
                "first answer: {}",
                match p {
                    Pending::Retreat { .. } => "where the unit retreats (H8)",
                    Pending::Bayonet { .. } =>
                        "whether the shooter advances with the bayonet (H19)",
                    Pending::Respond { .. } => "whether the charged infantry turns to face (H28)",
                    Pending::Retire { .. } => "where the overrun leader retires (H24)",
                }
            ))),
        }
    }

    /// The units a card may name, by effect (H41).
    fn card_eligible(&self, effect: CardEffect) -> Vec<UnitIx> {
        let side = self.side;
        self.live()
            .filter(|&u| match effect {
                CardEffect::EnemyPanic { .. } => self.side_of(u) != side,
                CardEffect::MayNotMove { .. }
                | CardEffect::LowAmmo { .. }
                | CardEffect::OwnUnitHit { .. } => self.side_of(u) == side,
                CardEffect::DoubleAction => {
                    self.side_of(u) == side
                        && !double_modes(self.ty(u), self.formation[u as usize]).is_empty()
                }
                CardEffect::Recover { .. } => self.side_of(u) == side && self.hits[u as usize] > 0,
                CardEffect::NoEffect => false,
            })
            .collect()
    }

    fn card_effect(&self, card: u16) -> CardEffect {
        self.board.decks[self.side as usize]
            .get(card as usize)
            .map_or(CardEffect::NoEffect, |c| c.effect)
    }

    /// The card's number for this choice: as fixed or rolled, or the
    /// chooser's (H39).
    fn choice_amount(
        &self,
        fixed: Option<u32>,
        given: Option<u32>,
        max: u32,
    ) -> Result<u32, RuleError> {
        match (fixed, given) {
            (Some(n), _) => Ok(n),
            (None, Some(n)) if (1..=max).contains(&n) => Ok(n),
            (None, _) => refuse(format!(
                "the chooser picks the card's number, from 1 to {max} (H39 chooser_picks)"
            )),
        }
    }

    fn check_card_choice(&self, cmd: &Command) -> Result<(CardEffect, u32), RuleError> {
        let (
            Phase::CardChoice { card, amount, .. },
            Command::ChooseCard {
                units,
                mode,
                amount: given,
            },
        ) = (&self.phase, cmd)
        else {
            return Err(RuleError::NotNow("no card waits for a choice".into()));
        };
        let effect = self.card_effect(*card);
        let eligible = self.card_eligible(effect);
        let mut seen = Vec::new();
        for &u in units {
            if seen.contains(&u) {
                return refuse(format!("{} is named twice (H41)", self.name_of(u)));
            }
            seen.push(u);
            if !eligible.contains(&u) {
                return refuse(format!(
                    "{} may not be chosen for this card: {} (H41)",
                    self.name_of(u),
                    effect.words()
                ));
            }
        }
        match effect {
            CardEffect::EnemyPanic { hits } | CardEffect::OwnUnitHit { hits } => {
                let n = self.choice_amount(*amount, *given, hits.max())?;
                if units.len() != 1 {
                    return refuse("the card names one unit (H41)");
                }
                Ok((effect, n))
            }
            CardEffect::MayNotMove { units: a } | CardEffect::LowAmmo { units: a } => {
                let n = self.choice_amount(*amount, *given, a.max())?;
                let Some(&first) = units.first() else {
                    return refuse("name the units of one command (H41)");
                };
                let command = &self.spec(first).command;
                if units.iter().any(|&u| &self.spec(u).command != command) {
                    return refuse("the units must all be of one command (H41)");
                }
                let of_command = eligible
                    .iter()
                    .filter(|&&u| &self.spec(u).command == command)
                    .count();
                let want = (n as usize).min(of_command);
                if units.len() != want {
                    return refuse(format!(
                        "the card names {} of that command ({n} rolled, {of_command} on the map) (H41)",
                        crate::words::counted(want, "unit", "units")
                    ));
                }
                Ok((effect, n))
            }
            CardEffect::DoubleAction => match (units.first(), mode) {
                (None, None) if self.board.options.double_action_optional => Ok((effect, 0)),
                (None, _) => refuse("name the unit and how it uses the Double action (H41)"),
                (Some(&u), Some(m)) if units.len() == 1 => {
                    if double_modes(self.ty(u), self.formation[u as usize]).contains(m) {
                        Ok((effect, 0))
                    } else {
                        refuse(format!(
                            "{} may not take that Double action: cavalry and columns may only move twice, squares take none (H41, H53)",
                            self.name_of(u)
                        ))
                    }
                }
                _ => refuse("a Double action names one unit and one mode (H41)"),
            },
            CardEffect::Recover { units: a, .. } => {
                let n = self.choice_amount(*amount, *given, a.max())?;
                if units.len() > n as usize {
                    return refuse(format!(
                        "at most {} may recover (H41)",
                        crate::words::counted(n, "unit", "units")
                    ));
                }
                Ok((effect, n))
            }
            CardEffect::NoEffect => refuse("this card has no effect to choose for (H42)"),
        }
    }

    /// Why the unit may not shoot now, if it may not (H10, H15, H41).
    fn may_shoot(&self, u: UnitIx) -> Result<Hex, RuleError> {
        let h = self.own_unit(u)?;
        let a = &self.acts[u as usize];
        // Named only when refused: the computer players ask this of
        // every unit before every command.
        let name = || self.name_of(u);
        if a.shots_allowed == 0 {
            return refuse(format!("{} is low on ammunition this turn (H41)", name()));
        }
        match self.phase {
            Phase::Shoot => {
                if a.shoot_after_move {
                    return refuse(format!(
                        "{} took its Double action as move then shoot: it shoots in step 3 (H41)",
                        name()
                    ));
                }
                if a.shots >= a.shots_allowed {
                    return refuse(format!("{} has shot this turn (H10)", name()));
                }
            }
            Phase::Move => {
                if !(a.shoot_after_move && a.moves > 0 && a.shots == 0) {
                    return refuse(format!(
                        "{} may not shoot in step 3: units move OR shoot (H10), save a Double action's move then shoot (H41)",
                        name()
                    ));
                }
            }
            _ => return Err(RuleError::NotNow("shooting is step 2 (H9)".into())),
        }
        if self.ty(u) == UnitType::Artillery
            && self.board.at(h).is_town()
            && !(self.board.at(h).strongpoint
                && self.board.options.artillery_fires_from_strongpoint)
        {
            return refuse(format!(
                "{}: artillery may not fire from a town [L26] (H6)",
                name()
            ));
        }
        Ok(h)
    }

    /// The facts of a shot, checked (H5-H7, H15-H17).
    fn check_shot(&self, u: UnitIx, t: UnitIx) -> Result<(Hex, Hex, u32, u32, u32), RuleError> {
        let from = self.may_shoot(u)?;
        let to = self.unit_ok(t)?;
        if self.side_of(t) == self.side_of(u) {
            return refuse(format!("{} is a friend (H15)", self.name_of(t)));
        }
        let range = self.range(from, to);
        if !self.in_arc(u, to) {
            return refuse(format!(
                "{} is outside {}'s arc of fire, 45 degrees either side of its front [L25] (H6)",
                self.name_of(t),
                self.name_of(u)
            ));
        }
        // Range before sight: the line of sight is the costly test, and
        // a target out of range is refused for that whatever is between.
        let shot = self.shot_facts(u, t, range);
        let dice = shot_dice(&self.board.options, &shot)
            .map_err(|e| RuleError::rule(format!("{}: {}", self.name_of(u), e.reason())))?;
        if !self.sees(from, to, true) {
            return refuse(format!(
                "{} cannot see {}: woods, towns, units or higher ground are in between (H7)",
                self.name_of(u),
                self.name_of(t)
            ));
        }
        let halvings = shot_halvings(&self.board.options, &shot);
        Ok((from, to, range, dice, halvings))
    }

    fn shot_facts(&self, u: UnitIx, t: UnitIx, range: u32) -> Shot<'_> {
        let from = self.pos[u as usize].unwrap_or(Hex::new(0, 0));
        let to = self.pos[t as usize].unwrap_or(Hex::new(0, 0));
        let tb = self.board.at(to);
        Shot {
            shooter: self.spec(u),
            shooter_formation: self.formation[u as usize],
            range,
            target: self.spec(t),
            target_formation: self.formation[t as usize],
            outside_target_front: !in_front_wedge(to, self.facing[t as usize], from),
            target_occupies_town: self.occupies_town(t),
            cover: cover_for(tb.cover(), tb.is_town(), self.ty(t)),
        }
    }

    /// Why the unit may not make a move or charge now, if it may not
    /// (H10, H30, H32, H41).
    fn may_move(&self, u: UnitIx, charging: bool) -> Result<Hex, RuleError> {
        let h = self.own_unit(u)?;
        let a = &self.acts[u as usize];
        let name = self.name_of(u);
        if a.no_move {
            return refuse(format!(
                "{name} may not move this turn: a chance card holds it (H41)"
            ));
        }
        if a.shots > 0 {
            return refuse(format!(
                "{name} has shot this turn: units move OR shoot [L26] (H10)"
            ));
        }
        if a.rallied || a.formed {
            return refuse(format!(
                "{name} has rallied or changed formation this turn: that was its move (H10, H21, H32)"
            ));
        }
        if a.charged {
            return refuse(format!("{name} has charged: a charge ends its move (H29)"));
        }
        if a.moves >= a.moves_allowed {
            return refuse(format!("{name} has moved this turn (H10)"));
        }
        if self.formation[u as usize] == Formation::Square {
            return refuse(format!(
                "{name} is in square: it may not move; leaving square is its move [L44] (H32)"
            ));
        }
        if !charging && self.must_charge(u) {
            return refuse(format!(
                "{name} is impetuous and charged last turn: it must charge while it has a target [L43] (H30)"
            ));
        }
        Ok(h)
    }

    /// An impetuous unit obliged to charge that can (H30).
    fn must_charge(&self, u: UnitIx) -> bool {
        let a = &self.acts[u as usize];
        self.obliged[u as usize]
            && !a.no_move
            && a.reluctant != Some(false)
            && a.moves < a.moves_allowed
            && !a.charged
            && !self.charges_of(u).is_empty()
    }

    /// A step's cost and whether it is along a road with its benefit, or
    /// why it is refused (H3, H33, H34, H36, H44, H47).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        u: UnitIx,
        from: Hex,
        facing: Dir,
        to: Hex,
        column: bool,
        charge: bool,
    ) -> Result<(u32, bool, Dir), String> {
        let t = self.ty(u);
        let side = self.side_of(u);
        let board = &self.board;
        let road = board.road_between(from, to);
        let ahead = steps_ahead(from, facing).into_iter().find(|s| s.to == to);
        // A step along a road across a box corner costs the scenario's
        // diagonal road cost (H33) when it has the road's benefit.
        let diagonal = BOXES
            .direction_to(from, to)
            .is_some_and(|d| !BOXES.is_side(d));
        let road_cost = |plain: u32| {
            if diagonal {
                board.options.road_diagonal_cost
            } else {
                plain
            }
        };
        // A unit in column may follow the road wherever it turns (H33,
        // H46); a charge keeps its facing (H48).
        let (cost, benefit, new_facing) = match ahead {
            Some(s) if road && (column || charge) => (road_cost(s.cost_halves), true, facing),
            Some(s) => (s.cost_halves, false, facing),
            None if column && road && !charge => (
                road_cost(2),
                true,
                BOXES
                    .direction_to(from, to)
                    .map_or(facing, |d| facing_along_road(facing, d)),
            ),
            None => {
                return Err(format!(
                    "{to} is not ahead of the unit: it steps straight ahead or 45 degrees to either side, and pivots only before and after its move (H3, H4)"
                ));
            }
        };
        if !board.on_map(to) {
            return Err(format!("{to} is off the map (H1)"));
        }
        if !board.passable(to, t, benefit) {
            return Err(format!(
                "{to} is closed to {}: woods only to infantry, water and marsh only by a road in column of route (H34, H47)",
                t.name()
            ));
        }
        // The corner rule (H3): a step along a road with its benefit
        // ignores the corner's terrain, but enemy units still block (H44).
        let corner = diagonal.then_some(super::geometry::Step {
            to,
            cost_halves: cost,
            corner: Some((Hex::new(from.col, to.row), Hex::new(to.col, from.row))),
        });
        if let Some(s) = corner
            && corner_refuses(&s, board.options.diagonal_corner_rule, |x| {
                self.enemy_at(x, side)
                    || (!benefit && (!board.on_map(x) || !board.passable(x, t, false)))
            })
        {
            return Err(if benefit {
                format!(
                    "the corner toward {to} is closed: the boxes either side of it hold enemy units, which block even a road step (H3, H44)"
                )
            } else {
                format!(
                    "the corner toward {to} is closed: the boxes either side of it hold enemies or impassable ground (H3, H44)"
                )
            });
        }
        Ok((cost, benefit, new_facing))
    }

    /// Works out a Move command, or refuses it.
    pub fn plan_move(&self, cmd: &Command) -> Result<MovePlan, RuleError> {
        let Command::Move {
            unit,
            start,
            steps,
            end,
            column,
            leader,
        } = cmd
        else {
            return Err(RuleError::NotNow("not a move".into()));
        };
        let (u, column) = (*unit, *column);
        let from = self.may_move(u, false)?;
        let name = self.name_of(u);
        let side = self.side_of(u);
        let t = self.ty(u);
        for f in [start, end].into_iter().flatten() {
            if !super::board::FACINGS.contains(f) {
                return refuse(format!(
                    "units face a box side, never a corner [L31] (H2): {} is a corner",
                    f.name()
                ));
            }
        }
        let mut facing = start.unwrap_or(self.facing[u as usize]);
        let mut at = from;
        let (mut cost, mut all_road) = (0u32, true);
        // The two sides of the corner the last step crossed along a road
        // in column: ending facing either is no pivot (H46).
        let mut last_corner = None;
        for (i, &to) in steps.iter().enumerate() {
            let (c, road, f) = self
                .step(u, at, facing, to, column, false)
                .map_err(|e| RuleError::rule(format!("{name}: {e}")))?;
            cost = cost.saturating_add(c);
            all_road &= road;
            facing = f;
            last_corner = (road && column)
                .then(|| BOXES.direction_to(at, to).and_then(corner_sides))
                .flatten();
            let last = i + 1 == steps.len();
            for o in self.units_at(to) {
                if self.side_of(o) != side {
                    return refuse(format!(
                        "{name} may not enter {to}: {} holds it; only a charge's follow-up or a bayonet advance enters an enemy's box (H36)",
                        self.name_of(o)
                    ));
                }
                // Entering a friend's box at all, to pass or to end
                // there for a moment (a swap), asks the facing test of
                // [L34-36]; the last step as much as the others (H36).
                if !may_pass_through(
                    t,
                    self.ty(o),
                    true,
                    self.turn_facing[o as usize] == self.turn_facing[u as usize],
                ) {
                    return refuse(format!(
                        "{name} may not enter {}'s box: only light infantry pass and are passed from any angle; others must have faced alike at the start of the turn [L34-36] (H36)",
                        self.name_of(o)
                    ));
                }
                if last && !self.may_still_leave(o) {
                    return refuse(format!(
                        "{name} may not end in {to}: {} has already acted and could not make room; no box may hold two units when step 3 ends (H36)",
                        self.name_of(o)
                    ));
                }
            }
            at = to;
        }
        let allowance = allowance_halves(
            &self.board.options,
            self.spec(u),
            column,
            all_road && !steps.is_empty(),
        );
        // H3 `min_move_one_box`: one step is always allowed.
        let one_step = self.board.options.min_move_one_box && steps.len() == 1;
        if cost > allowance && !one_step {
            return refuse(format!(
                "{name} moves {} at most{}; this path costs {} (a diagonal step costs 1.5) (H3, H14, H33)",
                crate::words::counted(halves(allowance), "box", "boxes"),
                if column { " in column of route" } else { "" },
                halves(cost)
            ));
        }
        let end_pivot =
            end.is_some_and(|f| f != facing && !last_corner.is_some_and(|c| c.contains(&f)));
        if let Some(f) = end {
            facing = *f;
        }
        if let Some(l) = leader {
            let li = self
                .board
                .leaders
                .get(*l as usize)
                .ok_or_else(|| RuleError::rule(format!("there is no leader {l}")))?;
            if li.side != side || self.leader_pos[*l as usize] != Some(from) {
                return refuse(format!(
                    "{} is not with {name}: a leader moves with a unit of his box (H23)",
                    li.name
                ));
            }
            if self.leader_moved[*l as usize] {
                return refuse(format!("{} has moved this turn (H23)", li.name));
            }
        }
        let formation = if column {
            Formation::Column
        } else {
            Formation::Deployed
        };
        let advance = !steps.is_empty()
            && is_advance(
                from,
                at,
                &self.seen_enemies(u, from),
                self.board.options.range_metric,
            );
        if advance && self.acts[u as usize].reluctant == Some(false) {
            return refuse(format!(
                "{name} failed its reluctance test this turn: it may not advance (H22)"
            ));
        }
        Ok(MovePlan {
            path: steps.clone(),
            facing,
            formation,
            advance,
            end_pivot,
        })
    }

    /// Whether a friend in a box could still move out of it (H36).
    fn may_still_leave(&self, o: UnitIx) -> bool {
        let a = &self.acts[o as usize];
        self.side_of(o) == self.side
            && !a.acted()
            && !a.no_move
            && self.formation[o as usize] != Formation::Square
    }

    /// Every charge the unit could make now: target and path (H26).
    pub fn charges_of(&self, u: UnitIx) -> Vec<(UnitIx, Vec<Hex>)> {
        let Some(from) = self.pos[u as usize] else {
            return Vec::new();
        };
        if !self.ty(u).is_cavalry() {
            return Vec::new();
        }
        let facing = self.facing[u as usize];
        let column = self.formation[u as usize] == Formation::Column;
        let side = self.side_of(u);
        let o = &self.board.options;
        let max = allowance_halves(o, self.spec(u), column, true);
        let mut out = Vec::new();
        // Depth-first over paths of steps ahead, facing fixed.
        let mut stack: Vec<(Hex, Vec<Hex>, u32, bool)> = vec![(from, Vec::new(), 0, true)];
        while let Some((at, path, cost, all_road)) = stack.pop() {
            for s in steps_ahead(at, facing) {
                let Ok((c, road, _)) = self.step(u, at, facing, s.to, column, true) else {
                    continue;
                };
                let total = cost + c;
                let allowance = allowance_halves(o, self.spec(u), column, all_road && road);
                if total > allowance.min(max) {
                    continue;
                }
                match self.unit_at(s.to) {
                    Some(t) if self.side_of(t) != side => {
                        if self.charge_target_ok(u, from, t).is_ok()
                            && !out
                                .iter()
                                .any(|(x, p): &(UnitIx, Vec<Hex>)| *x == t && *p == path)
                        {
                            out.push((t, path.clone()));
                        }
                    }
                    Some(_) => {}
                    None => {
                        let mut p = path.clone();
                        p.push(s.to);
                        stack.push((s.to, p, total, all_road && road));
                    }
                }
            }
        }
        out
    }

    /// Whether `t` may be charged by `u` from its starting box (H26).
    fn charge_target_ok(&self, u: UnitIx, from: Hex, t: UnitIx) -> Result<Hex, RuleError> {
        let to = self.unit_ok(t)?;
        if self.side_of(t) == self.side_of(u) {
            return refuse(format!("{} is a friend (H26)", self.name_of(t)));
        }
        if self.formation[t as usize] == Formation::Square {
            return refuse(format!(
                "{} is in square: squares may not be charged [L45] (H26, H32)",
                self.name_of(t)
            ));
        }
        if !in_front_wedge(from, self.facing[u as usize], to) {
            return refuse(format!(
                "{} is not in front of {}: cavalry charge what lies ahead and never pivot first [L37] (H26)",
                self.name_of(t),
                self.name_of(u)
            ));
        }
        if !self.sees(from, to, false) {
            return refuse(format!(
                "{} cannot see {}: no charging over ridges or through units [L37] (H7, H26)",
                self.name_of(u),
                self.name_of(t)
            ));
        }
        Ok(to)
    }

    fn check_charge(&self, u: UnitIx, steps: &[Hex], t: UnitIx) -> Result<Hex, RuleError> {
        let from = self.may_move(u, true)?;
        let name = self.name_of(u);
        if !self.ty(u).is_cavalry() {
            return refuse(format!(
                "{name}: only cavalry charge; infantry and artillery never melee [L42] (H26)"
            ));
        }
        if self.acts[u as usize].reluctant == Some(false) {
            return refuse(format!(
                "{name} failed its reluctance test this turn: it may not charge (H22)"
            ));
        }
        if self.acts[u as usize].end_pivoted {
            return refuse(format!(
                "{name} pivoted at the end of its first move: a Double action's second move \
                 may be a charge only with no pivot between the moves (H41, H26)"
            ));
        }
        let to = self.charge_target_ok(u, from, t)?;
        let facing = self.facing[u as usize];
        let column = self.formation[u as usize] == Formation::Column;
        let (mut at, mut cost, mut all_road) = (from, 0u32, true);
        for &s in steps.iter().chain(std::iter::once(&to)) {
            let (c, road, _) = self
                .step(u, at, facing, s, column, true)
                .map_err(|e| RuleError::rule(format!("{name}: {e} (H26, H48)")))?;
            if s != to && self.unit_at(s).is_some() {
                return refuse(format!(
                    "{name}: a charge never passes through a box holding a unit, friend or enemy (H36)"
                ));
            }
            cost += c;
            all_road &= road;
            at = s;
        }
        let allowance = allowance_halves(&self.board.options, self.spec(u), column, all_road);
        if cost > allowance {
            return refuse(format!(
                "{name} cannot reach {}: the charge costs {}, entering the target's box included, and it moves {} (H26)",
                self.name_of(t),
                crate::words::counted(halves(cost), "box", "boxes"),
                halves(allowance)
            ));
        }
        Ok(to)
    }

    fn check_square(&self, u: UnitIx, form: bool, facing: Dir) -> Result<(), RuleError> {
        self.own_unit(u)?;
        let name = self.name_of(u);
        if !self.board.options.square_types.contains(&self.ty(u)) {
            return refuse(format!("{name}: only infantry form square [L44] (H32)"));
        }
        let a = &self.acts[u as usize];
        if a.acted() {
            return refuse(format!(
                "{name} has acted this turn: a square is formed or left at the start of step 3, as its move (H32)"
            ));
        }
        if a.no_move {
            return refuse(format!(
                "{name} may not move this turn: a chance card holds it (H41)"
            ));
        }
        let in_square = self.formation[u as usize] == Formation::Square;
        if form == in_square {
            return refuse(format!(
                "{name} is {} in square (H32)",
                if in_square { "already" } else { "not" }
            ));
        }
        if !super::board::FACINGS.contains(&facing) {
            return refuse("units face a box side, never a corner [L31] (H2)");
        }
        if self.must_charge(u) {
            return refuse(format!("{name} must charge (H30)"));
        }
        Ok(())
    }

    fn check_rally(&self, u: UnitIx) -> Result<(), RuleError> {
        let h = self.own_unit(u)?;
        let name = self.name_of(u);
        let o = &self.board.options;
        if self.acts[u as usize].acted() {
            return refuse(format!(
                "{name} has moved or shot this turn: only a unit that has done neither may rally (H21, H52)"
            ));
        }
        if self.hits[u as usize] == 0 {
            return refuse(format!("{name} has no hits to rally from (H21)"));
        }
        if !o.rally_next_to_enemy
            && self.live().any(|e| {
                self.side_of(e) != self.side
                    && self.pos[e as usize].is_some_and(|x| self.range(h, x) <= 1)
            })
        {
            return refuse(format!(
                "{name} is next to an enemy unit: units rally out of contact (H21)"
            ));
        }
        if o.rally_requires_leader && !self.leader_with(u) {
            return refuse(format!(
                "{name} needs a leader of its command in its box to rally (H21 rally_requires_leader)"
            ));
        }
        if self.must_charge(u) {
            return refuse(format!("{name} must charge (H30)"));
        }
        Ok(())
    }

    fn check_leader_move(&self, l: LeaderIx, steps: &[Hex]) -> Result<(), RuleError> {
        let Some(li) = self.board.leaders.get(l as usize) else {
            return refuse(format!("there is no leader {l}"));
        };
        let Some(mut at) = self.leader_pos[l as usize] else {
            return refuse(format!("{} is not on the map (H24)", li.name));
        };
        if li.side != self.side {
            return refuse(format!(
                "{} is not a leader of the side whose turn it is",
                li.name
            ));
        }
        if self.leader_moved[l as usize] {
            return refuse(format!("{} has moved this turn (H23)", li.name));
        }
        if steps.is_empty() {
            return refuse("name the boxes the leader moves through");
        }
        let mut cost = 0;
        for &to in steps {
            let Some(c) = BOXES.step_cost_halves(at, to) else {
                return refuse(format!("{to} is not next to {at} (H23)"));
            };
            cost += c;
            if !self.board.leader_passable(to) {
                return refuse(format!(
                    "{} may not enter {to}: water, marsh and impassable ground are closed (H23, H34)",
                    li.name
                ));
            }
            if self.enemy_at(to, li.side) {
                return refuse(format!("{} may not enter an enemy-held box (H23)", li.name));
            }
            at = to;
        }
        let max = self.board.options.troops.leader_move_halves;
        if cost > max {
            return refuse(format!(
                "{} moves {} alone; this path costs {} (H23)",
                li.name,
                crate::words::counted(halves(max), "box", "boxes"),
                halves(cost)
            ));
        }
        Ok(())
    }

    fn check_end_turn(&self) -> Result<(), RuleError> {
        if let Some(h) = self.overstacked().first() {
            return refuse(format!(
                "{h} holds two units: no box may hold more than one when step 3 ends; move one out (H36)"
            ));
        }
        if let Some(u) = self
            .live()
            .find(|&u| self.side_of(u) == self.side && self.must_charge(u))
        {
            return refuse(format!(
                "{} is impetuous and has a target: it must charge before the turn ends [L43] (H30)",
                self.name_of(u)
            ));
        }
        Ok(())
    }

    // ---- Execution -------------------------------------------------

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
                    if !*form && self.board.options.move_after_leaving_square {
                        self.acts[*unit as usize].formed = false;
                    }
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

    fn draw(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) {
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

    fn random_card_choice(
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

    fn card_amount(&mut self, a: Amount, dice: &mut Dice, ev: &mut Vec<Event>) -> Option<u32> {
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

    fn choose_card(
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
    fn take_hits(
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

    fn leader_risk(&mut self, l: LeaderIx, risk: LeaderRisk, dice: &mut Dice, ev: &mut Vec<Event>) {
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
    fn rout_if_broken(&mut self, u: UnitIx, _dice: &mut Dice, ev: &mut Vec<Event>) -> bool {
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

    fn shoot(
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
    fn shot_takes_effect(
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

    fn retreat_to(&mut self, u: UnitIx, h: Hex, dice: &mut Dice, ev: &mut Vec<Event>) {
        emit(self, ev, Event::Retreated { unit: u, to: h });
        // Leaving its leader behind may break it (H20).
        self.rout_if_broken(u, dice, ev);
    }

    /// Step 3 of `side` begins (its impetuous units with no target are
    /// released, H30).
    fn begin_movement(&mut self, side: u8, ev: &mut Vec<Event>) {
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
    fn reluctance(&mut self, u: UnitIx, dice: &mut Dice, ev: &mut Vec<Event>) -> bool {
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

    fn make_move(
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
    fn overrun(
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
    fn retire(&mut self, l: LeaderIx, overrunner: Hex, ev: &mut Vec<Event>) {
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

    fn charge(
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

    fn finish_charge(
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
    fn charge_facts<'b>(
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

    /// A shot's odds before it is rolled: the range, the dice and the
    /// number each needs (H5, H15-H17), or why it may not be fired.
    pub fn shot_odds(&self, u: UnitIx, t: UnitIx) -> Result<Odds, RuleError> {
        let (_, _, range, dice, halvings) = self.check_shot(u, t)?;
        Ok(Odds {
            range: Some(range),
            dice,
            need: hit_number(&self.board.options, halvings),
        })
    }

    /// A charge's odds before it is rolled, the target facing as it
    /// faces now (line infantry may still turn to face it, H28): the dice
    /// and the number each needs (H27, H49, H50), or why it may not be
    /// made.
    pub fn charge_odds(&self, u: UnitIx, steps: &[Hex], t: UnitIx) -> Result<Odds, RuleError> {
        let to = self.check_charge(u, steps, t)?;
        let from = self.pos[u as usize].unwrap_or(to);
        let at = steps.last().copied().unwrap_or(from);
        let mut path = steps.to_vec();
        path.insert(0, from);
        let board = self.board.clone();
        let facts = self.charge_facts(&board, u, t, at, to, &path);
        let dice = charge_dice(&board.options, &facts, false)
            .map_err(|_| RuleError::rule("this charge rolls no dice (H27)"))?;
        Ok(Odds {
            range: None,
            dice,
            need: hit_number(&board.options, charge_halvings(&facts)),
        })
    }

    fn answer(&mut self, cmd: &Command, dice: &mut Dice, ev: &mut Vec<Event>) {
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

    fn end_turn(&mut self, _dice: &mut Dice, ev: &mut Vec<Event>) {
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

    fn end_by_objectives(&mut self, ev: &mut Vec<Event>) {
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

    fn check_victory(&mut self, ev: &mut Vec<Event>) {
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

    /// Boxes the unit could end a move in, with the first path found for
    /// each (facing after its steps): breadth-first over steps ahead and,
    /// in column, road steps (H3, H33).
    pub fn reach(&self, u: UnitIx, start: Dir, column: bool) -> Vec<Reach> {
        let Some(from) = self.pos[u as usize] else {
            return Vec::new();
        };
        let side = self.side_of(u);
        let o = &self.board.options;
        let max = allowance_halves(o, self.spec(u), column, true);
        let cross = allowance_halves(o, self.spec(u), column, false);
        let t = self.ty(u);
        let mut out: Vec<Reach> = Vec::new();
        // (box, facing, path, cost, all road)
        let mut queue: std::collections::VecDeque<(Hex, Dir, Vec<Hex>, u32, bool)> =
            std::collections::VecDeque::new();
        queue.push_back((from, start, Vec::new(), 0, true));
        let mut best: Vec<(Hex, Dir, u32, bool)> = Vec::new();
        while let Some((at, facing, path, cost, all_road)) = queue.pop_front() {
            let mut nexts: Vec<Hex> = steps_ahead(at, facing).into_iter().map(|s| s.to).collect();
            if column {
                for &d in BOXES.dirs() {
                    if let Some(n) = BOXES.neighbour(at, d)
                        && self.board.road_between(at, n)
                        && !nexts.contains(&n)
                    {
                        nexts.push(n);
                    }
                }
            }
            for to in nexts {
                let Ok((c, road, f)) = self.step(u, at, facing, to, column, false) else {
                    continue;
                };
                let total = cost + c;
                let road_all = all_road && road;
                let one_step = o.min_move_one_box && path.is_empty();
                if total > if road_all { max } else { cross } && !one_step {
                    continue;
                }
                if best
                    .iter()
                    .any(|&(h, g, k, r)| h == to && g == f && k <= total && (r || !road_all))
                {
                    continue;
                }
                best.push((to, f, total, road_all));
                let mut occupied_ok = true;
                for x in self.units_at(to) {
                    if self.side_of(x) != side
                        || !may_pass_through(
                            t,
                            self.ty(x),
                            true,
                            self.turn_facing[x as usize] == self.turn_facing[u as usize],
                        )
                    {
                        occupied_ok = false;
                    }
                }
                if !occupied_ok {
                    continue;
                }
                let mut p = path.clone();
                p.push(to);
                if self.unit_at(to).is_none() && !out.iter().any(|r| r.to == to && r.facing == f) {
                    out.push(Reach {
                        to,
                        facing: f,
                        path: p.clone(),
                    });
                }
                queue.push_back((to, f, p, total, road_all));
            }
        }
        out
    }

    /// The commands legal now, for the random player and tests, with
    /// three narrowings: moves are listed once per end box and facing
    /// after the steps (the first path found; a pivot at the end is
    /// listed only as a move of no steps), card choices once per command
    /// of units (its first units), and no listed move ends in a friend's
    /// box (humans may swap; a listed game never strands two units in
    /// one box at the end of step 3).
    pub fn legal_commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        if let Some(p) = self.pending.front() {
            match p {
                Pending::Retreat { options, .. } => {
                    out.extend(options.iter().map(|&to| Command::Retreat { to }))
                }
                Pending::Bayonet { .. } => {
                    out.push(Command::Bayonet { advance: true });
                    out.push(Command::Bayonet { advance: false });
                }
                Pending::Respond { facings, .. } => {
                    out.push(Command::Respond { facing: None });
                    out.extend(
                        facings
                            .iter()
                            .map(|&f| Command::Respond { facing: Some(f) }),
                    );
                }
                Pending::Retire { options, .. } => {
                    out.extend(options.iter().map(|&to| Command::Retire { to }))
                }
            }
            return out;
        }
        match &self.phase {
            Phase::Card => out.push(Command::Draw),
            Phase::CardChoice { card, amount, .. } => {
                out.extend(self.card_choices(*card, *amount));
            }
            Phase::Shoot => {
                out.extend(self.shots_now());
                out.push(Command::EndShooting);
            }
            Phase::Move => {
                out.extend(self.shots_now());
                let side = self.side;
                let mine: Vec<UnitIx> = self.live().filter(|&u| self.side_of(u) == side).collect();
                for &u in &mine {
                    // A rally is instead of a move (H21), so a unit that may
                    // not move may still rally.
                    let rally = Command::Rally { unit: u };
                    if self.check(&rally).is_ok() {
                        out.push(rally);
                    }
                    for (target, steps) in self.charges_of(u) {
                        let c = Command::Charge {
                            unit: u,
                            steps,
                            target,
                        };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                    if self.may_move(u, false).is_err() {
                        if self.check_square(u, false, self.facing[u as usize]).is_ok() {
                            for f in super::board::FACINGS {
                                out.push(Command::Square {
                                    unit: u,
                                    form: false,
                                    facing: f,
                                });
                            }
                        }
                        continue;
                    }
                    let cur = self.facing[u as usize];
                    // A leader of the unit's box may go along (H33).
                    let along: Vec<Option<LeaderIx>> = std::iter::once(None)
                        .chain(
                            (0..self.board.leaders.len() as LeaderIx)
                                .filter(|&l| {
                                    self.board.leaders[l as usize].side == side
                                        && !self.leader_moved[l as usize]
                                        && self.leader_pos[l as usize] == self.pos[u as usize]
                                })
                                .map(Some),
                        )
                        .collect();
                    for column in [false, true] {
                        for start in super::board::FACINGS {
                            let reach = self.reach(u, start, column);
                            for r in reach {
                                // Every end facing: kept (None) or a pivot
                                // after the steps (H4).
                                let ends = std::iter::once(None).chain(
                                    super::board::FACINGS
                                        .into_iter()
                                        .filter(|&f| f != start)
                                        .map(Some),
                                );
                                for end in ends {
                                    for &leader in &along {
                                        let c = Command::Move {
                                            unit: u,
                                            start: (start != cur).then_some(start),
                                            steps: r.path.clone(),
                                            end,
                                            column,
                                            leader,
                                        };
                                        if self.plan_move(&c).is_ok() && !out.contains(&c) {
                                            out.push(c);
                                        }
                                    }
                                }
                            }
                        }
                        // A pivot or formation change without steps.
                        for f in super::board::FACINGS {
                            let c = Command::Move {
                                unit: u,
                                start: None,
                                steps: Vec::new(),
                                end: Some(f),
                                column,
                                leader: None,
                            };
                            let changes = f != cur
                                || column != (self.formation[u as usize] == Formation::Column);
                            if changes && self.plan_move(&c).is_ok() {
                                out.push(c);
                            }
                        }
                    }
                    let square = Command::Square {
                        unit: u,
                        form: true,
                        facing: cur,
                    };
                    if self.check(&square).is_ok() {
                        out.push(square);
                    }
                }
                for l in 0..self.board.leaders.len() as LeaderIx {
                    if self.board.leaders[l as usize].side != side || self.leader_moved[l as usize]
                    {
                        continue;
                    }
                    let Some(at) = self.leader_pos[l as usize] else {
                        continue;
                    };
                    // One path to each box he can reach, the cheapest
                    // (H23: only where he ends matters).
                    for steps in self.leader_paths(l, at) {
                        let c = Command::MoveLeader { leader: l, steps };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                }
                if self.check_end_turn().is_ok() {
                    out.push(Command::EndTurn);
                }
            }
            Phase::Volley | Phase::Over => {}
        }
        out
    }

    /// The cheapest path within the leader's allowance to each box he may
    /// end in (H23), found box by box as `check_leader_move` costs them.
    fn leader_paths(&self, l: LeaderIx, from: Hex) -> Vec<Vec<Hex>> {
        let side = self.board.leaders[l as usize].side;
        let max = self.board.options.troops.leader_move_halves;
        let mut best: std::collections::BTreeMap<Hex, (u32, Vec<Hex>)> = Default::default();
        best.insert(from, (0, Vec::new()));
        let mut frontier = vec![from];
        while let Some(at) = frontier.pop() {
            let Some((cost, path)) = best.get(&at).cloned() else {
                continue;
            };
            for n in BOXES.neighbours(at) {
                let Some(c) = BOXES.step_cost_halves(at, n) else {
                    continue;
                };
                if cost + c > max
                    || !self.board.leader_passable(n)
                    || self.enemy_at(n, side)
                    || best.get(&n).is_some_and(|b| b.0 <= cost + c)
                {
                    continue;
                }
                let mut p = path.clone();
                p.push(n);
                best.insert(n, (cost + c, p));
                frontier.push(n);
            }
        }
        best.into_iter()
            .filter(|(h, _)| *h != from)
            .map(|(_, (_, p))| p)
            .collect()
    }

    fn shots_now(&self) -> Vec<Command> {
        let side = self.side;
        let mut out = Vec::new();
        for u in self.live().filter(|&u| self.side_of(u) == side) {
            out.extend(
                self.shot_targets(u)
                    .into_iter()
                    .map(|t| Command::Shoot { unit: u, target: t }),
            );
        }
        out
    }

    /// The units `u` may shoot at now, in ascending order: every target
    /// for which `check` accepts `Shoot` (H5-H7, H10, H41). Only enemies
    /// within the shooter's longest range are tried, found box by box
    /// around it (any range metric counts at least the Chebyshev
    /// distance), so asking it of every unit costs no more as the battle
    /// grows.
    pub fn shot_targets(&self, u: UnitIx) -> Vec<UnitIx> {
        let Ok(from) = self.may_shoot(u) else {
            return Vec::new();
        };
        let Some(spec) = self.board.units.get(u as usize).map(|x| &x.spec) else {
            return Vec::new();
        };
        let reach = self
            .board
            .options
            .dice_table(spec)
            .iter()
            .map(|b| b.to)
            .max()
            .unwrap_or(0);
        let side = self.side_of(u);
        let r = i64::from(reach);
        let mut cands: Vec<UnitIx> =
            if (2 * r + 1).saturating_mul(2 * r + 1) < self.pos.len() as i64 {
                let r = reach as i32;
                let mut v = Vec::new();
                for row in from.row.saturating_sub(r)..=from.row.saturating_add(r) {
                    for col in from.col.saturating_sub(r)..=from.col.saturating_add(r) {
                        v.extend(
                            self.units_at(Hex::new(col, row))
                                .filter(|&t| self.side_of(t) != side),
                        );
                    }
                }
                v.sort_unstable();
                v
            } else {
                self.live().filter(|&t| self.side_of(t) != side).collect()
            };
        cands.retain(|&t| self.check_shot(u, t).is_ok());
        cands
    }

    fn card_choices(&self, card: u16, amount: Option<u32>) -> Vec<Command> {
        let effect = self.card_effect(card);
        let eligible = self.card_eligible(effect);
        let given = |max: u32| amount.is_none().then_some(max);
        let mut out = Vec::new();
        match effect {
            CardEffect::EnemyPanic { hits } | CardEffect::OwnUnitHit { hits } => {
                for &u in &eligible {
                    out.push(Command::ChooseCard {
                        units: vec![u],
                        mode: None,
                        amount: given(hits.max()),
                    });
                }
            }
            CardEffect::MayNotMove { units } | CardEffect::LowAmmo { units } => {
                let n = amount.unwrap_or(units.max()) as usize;
                let mut commands: Vec<&str> = Vec::new();
                for &u in &eligible {
                    let c = self.spec(u).command.as_str();
                    if !commands.contains(&c) {
                        commands.push(c);
                    }
                }
                for c in commands {
                    let of: Vec<UnitIx> = eligible
                        .iter()
                        .copied()
                        .filter(|&u| self.spec(u).command == c)
                        .take(n)
                        .collect();
                    out.push(Command::ChooseCard {
                        units: of,
                        mode: None,
                        amount: given(units.max()),
                    });
                }
            }
            CardEffect::DoubleAction => {
                if self.board.options.double_action_optional {
                    out.push(Command::ChooseCard {
                        units: Vec::new(),
                        mode: None,
                        amount: None,
                    });
                }
                for &u in &eligible {
                    for m in double_modes(self.ty(u), self.formation[u as usize]) {
                        out.push(Command::ChooseCard {
                            units: vec![u],
                            mode: Some(m),
                            amount: None,
                        });
                    }
                }
            }
            CardEffect::Recover { units, .. } => {
                let n = amount.unwrap_or(units.max()) as usize;
                out.push(Command::ChooseCard {
                    units: eligible.iter().copied().take(n).collect(),
                    mode: None,
                    amount: given(units.max()),
                });
                for &u in &eligible {
                    out.push(Command::ChooseCard {
                        units: vec![u],
                        mode: None,
                        amount: given(units.max()),
                    });
                }
            }
            CardEffect::NoEffect => {}
        }
        out.retain(|c| self.check(c).is_ok());
        out
    }
}

/// Half boxes as boxes, for messages ("1.5").
pub fn halves(h: u32) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

/// Used by `DoubleMode` listings in sentences.
pub fn mode_words(m: DoubleMode) -> &'static str {
    match m {
        DoubleMode::MoveTwice => "move twice",
        DoubleMode::MoveThenShoot => "move then shoot",
        DoubleMode::ShootTwice => "shoot twice",
    }
}
