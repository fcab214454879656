//! `check` for One Hour Napoleonic (RULINGS-ONE-HOUR H9-H11), pure: whether
//! a command is legal, with the queries it is made of (may shoot, may move,
//! the move plan, charges, the odds the table shows). The numbers come from
//! the stateless modules (`fire`, `charge`, `morale`, `movement`,
//! `retreat`, `cards`, `actions`); `turn`, `execute` and `legal` hold the
//! rest of the flow.

use super::actions::{DoubleMode, double_modes, is_advance};
use super::charge::{charge_dice, charge_halvings};
use super::fire::{Formation, Shot, cover_for, hit_number, shot_dice, shot_halvings};
use super::geometry::{
    BOXES, corner_refuses, corner_sides, facing_along_road, in_front_wedge, steps_ahead,
};
use super::movement::{allowance_halves, may_pass_through};
use super::state::State;
use super::types::{Command, Event, LeaderIx, Pending, Phase, RuleError, UnitIx};
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::{CardEffect, UnitType};

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

pub(super) fn refuse<T>(s: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::rule(s))
}

pub(super) fn emit(st: &mut State, ev: &mut Vec<Event>, e: Event) {
    st.apply(&e);
    ev.push(e);
}

impl State {
    pub(super) fn spec(&self, u: UnitIx) -> &crate::rules::one_hour::model::OneHourUnit {
        &self.board.units[u as usize].spec
    }

    pub(super) fn ty(&self, u: UnitIx) -> UnitType {
        self.spec(u).unit_type
    }

    pub(super) fn name_of(&self, u: UnitIx) -> String {
        self.board
            .units
            .get(u as usize)
            .map_or_else(|| format!("unit {u}"), |x| x.name.clone())
    }

    pub(super) fn unit_ok(&self, u: UnitIx) -> Result<Hex, RuleError> {
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

    pub(super) fn own_unit(&self, u: UnitIx) -> Result<Hex, RuleError> {
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

    pub(super) fn check_answer(&self, p: &Pending, cmd: &Command) -> Result<(), RuleError> {
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
    pub(super) fn card_eligible(&self, effect: CardEffect) -> Vec<UnitIx> {
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

    pub(super) fn card_effect(&self, card: u16) -> CardEffect {
        self.board.decks[self.side as usize]
            .get(card as usize)
            .map_or(CardEffect::NoEffect, |c| c.effect)
    }

    /// The card's number for this choice: as fixed or rolled, or the
    /// chooser's (H39).
    pub(super) fn choice_amount(
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

    pub(super) fn check_card_choice(&self, cmd: &Command) -> Result<(CardEffect, u32), RuleError> {
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
    pub(super) fn may_shoot(&self, u: UnitIx) -> Result<Hex, RuleError> {
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
    pub(super) fn check_shot(
        &self,
        u: UnitIx,
        t: UnitIx,
    ) -> Result<(Hex, Hex, u32, u32, u32), RuleError> {
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

    pub(super) fn shot_facts(&self, u: UnitIx, t: UnitIx, range: u32) -> Shot<'_> {
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
    pub(super) fn may_move(&self, u: UnitIx, charging: bool) -> Result<Hex, RuleError> {
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
    pub(super) fn must_charge(&self, u: UnitIx) -> bool {
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
    pub(super) fn step(
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
    pub(super) fn may_still_leave(&self, o: UnitIx) -> bool {
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
    pub(super) fn charge_target_ok(
        &self,
        u: UnitIx,
        from: Hex,
        t: UnitIx,
    ) -> Result<Hex, RuleError> {
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

    pub(super) fn check_charge(
        &self,
        u: UnitIx,
        steps: &[Hex],
        t: UnitIx,
    ) -> Result<Hex, RuleError> {
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

    pub(super) fn check_square(&self, u: UnitIx, form: bool, facing: Dir) -> Result<(), RuleError> {
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

    pub(super) fn check_rally(&self, u: UnitIx) -> Result<(), RuleError> {
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

    pub(super) fn check_leader_move(&self, l: LeaderIx, steps: &[Hex]) -> Result<(), RuleError> {
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

    pub(super) fn check_end_turn(&self) -> Result<(), RuleError> {
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
