//! One Hour Napoleonic's computer players behind the contract: the random
//! player, and a heuristic player that plays like a sensible beginner to
//! the scenario's victory conditions. It takes the shots with the most
//! expected hits (a rout counts extra), charges where the dice favour it
//! (flanks, guns, light infantry, the nearly broken), rallies worn units
//! out of contact, and moves each unit to the box and facing that score
//! best: toward the objectives its side must take, or onto those it must
//! hold; in range of targets, out of the enemy's arcs, facing the nearest
//! enemy. It asks the engine what is legal and never re-implements a
//! rule: every command it gives passes `check` first. Its weights are
//! data ([`OneHourTuning`], `vedette simulate --tuning FILE.ron`).

use crate::ai::{Computer, Player, Script};
use crate::engine::Dice;
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::engine::board::FACINGS;
use crate::rules::one_hour::engine::fire::Formation;
use crate::rules::one_hour::engine::geometry::in_front_wedge;
use crate::rules::one_hour::engine::types::{Command, Pending, Phase, UnitIx};
use crate::rules::one_hour::engine::{Board, OneHour, State};
use crate::rules::one_hour::model::{CardEffect, UnitType, dice_at};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The heuristic player's weights. Scores compare boxes and actions with
/// one another; the unit is "one expected hit".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OneHourTuning {
    /// Value of a rout on top of the hits that cause it.
    pub rout_bonus: f64,
    /// Smallest value of a shot worth taking (any hit is).
    pub min_shot_value: f64,
    /// Smallest value of a charge worth making.
    pub min_charge_value: f64,
    /// Cost of ending a charge in front of enemy fire, per die it faces.
    pub charge_exposure: f64,
    /// Per box nearer the objective a unit is heading for.
    pub objective_weight: f64,
    /// For standing on an objective box (holding or taking it), per point.
    pub hold_weight: f64,
    /// Per die the unit could shoot from the box next turn.
    pub fire_weight: f64,
    /// Per enemy die that could reach the unit there next turn.
    pub danger_weight: f64,
    /// For facing the nearest enemy.
    pub facing_weight: f64,
    /// For cover (woods, towns, strongpoints) when enemies are near.
    pub cover_weight: f64,
    /// Rally a unit with at least this many hits.
    pub rally_hits: u32,
    /// Per box from the nearest friend beyond two (keeping a line).
    pub straggle_weight: f64,
}

impl Default for OneHourTuning {
    fn default() -> Self {
        OneHourTuning {
            rout_bonus: 3.0,
            min_shot_value: 0.05,
            min_charge_value: 1.2,
            charge_exposure: 0.25,
            objective_weight: 0.6,
            hold_weight: 2.0,
            fire_weight: 0.35,
            danger_weight: 0.3,
            facing_weight: 0.4,
            cover_weight: 0.5,
            rally_hits: 2,
            straggle_weight: 0.2,
        }
    }
}

impl Computer for OneHour {
    type Knowledge = Arc<Board>;
    type Tuning = OneHourTuning;

    /// Measured on the mirrored One Hour battle (search:16 against the
    /// heuristic, 400 games a seat, the same seeds): playing out each
    /// option of a choice among at most 4 commands took the search from
    /// 67.5% to 74.2% wins as Red and from 38.0% to 56.5% as Blue; up to
    /// 8 options did worse (58.0% and 43.5%: more options, fewer
    /// playouts that agree).
    const SMALL_CHOICE: usize = 4;
    /// Measured by `calibrate_playout_cost` (`ai::montecarlo`) in
    /// release on the reference machine (2 cores, December 2026): the
    /// least of three runs over 40 heuristic games of the mirrored battle.
    const PLAYOUT_COMMAND_NANOS: u64 = 12_700;

    fn knowledge(board: Arc<Board>) -> Arc<Arc<Board>> {
        Arc::new(board)
    }

    fn knowledge_board(know: &Arc<Board>) -> &Arc<Board> {
        know
    }

    fn heuristic(
        _know: &Arc<Arc<Board>>,
        tuning: &OneHourTuning,
        seed: u64,
    ) -> Box<dyn Player<Self> + Send> {
        Box::new(OneHourPlayer::new(tuning.clone(), seed))
    }

    /// Temperaments: bolder or more careful charges, a drive on the
    /// objectives, and more weight on firing.
    fn portfolio(
        _know: &Self::Knowledge,
        _side: u8,
        t: &OneHourTuning,
    ) -> Vec<Script<OneHourTuning>> {
        vec![
            Script::new("as tuned", t.clone()),
            Script::new(
                "bold",
                OneHourTuning {
                    min_charge_value: t.min_charge_value * 0.5,
                    danger_weight: t.danger_weight * 0.5,
                    charge_exposure: t.charge_exposure * 0.5,
                    ..t.clone()
                },
            ),
            Script::new(
                "cautious",
                OneHourTuning {
                    min_charge_value: t.min_charge_value * 2.0,
                    danger_weight: t.danger_weight * 2.0,
                    cover_weight: t.cover_weight * 2.0,
                    ..t.clone()
                },
            ),
            Script::new(
                "forward",
                OneHourTuning {
                    objective_weight: t.objective_weight * 2.0,
                    hold_weight: t.hold_weight * 2.0,
                    ..t.clone()
                },
            ),
            Script::new(
                "firepower",
                OneHourTuning {
                    fire_weight: t.fire_weight * 2.0,
                    ..t.clone()
                },
            ),
        ]
    }
}

/// The heuristic player.
pub struct OneHourPlayer {
    tuning: OneHourTuning,
    dice: Dice,
    /// Units (and leaders) already considered in this player turn: (turn,
    /// side) and the lists.
    turn: (u32, u8),
    done: Vec<UnitIx>,
    leaders_done: Vec<u16>,
}

/// The chance a die hits needing `need` (3+, 5+, 6).
fn p_hit(need: Option<u32>) -> f64 {
    need.map_or(0.0, |n| f64::from(7u32.saturating_sub(n)) / 6.0)
}

impl OneHourPlayer {
    pub fn new(tuning: OneHourTuning, seed: u64) -> OneHourPlayer {
        OneHourPlayer {
            tuning,
            dice: Dice::new(seed),
            turn: (0, 0),
            done: Vec::new(),
            leaders_done: Vec::new(),
        }
    }

    fn legal(st: &State, c: Command) -> Option<Command> {
        st.check(&c).is_ok().then_some(c)
    }

    fn answer(&mut self, st: &State, p: &Pending) -> Option<Command> {
        let me = p.side(st.board());
        match p {
            Pending::Retreat { options, .. } => {
                // The box farthest from the enemy.
                let best = options
                    .iter()
                    .copied()
                    .max_by_key(|&h| nearest_enemy(st, me, h).map_or(99, |(_, d)| d))?;
                Some(Command::Retreat { to: best })
            }
            Pending::Bayonet { .. } => Some(Command::Bayonet { advance: true }),
            Pending::Respond { facings, .. } => Some(Command::Respond {
                facing: facings.first().copied(),
            }),
            Pending::Retire { options, .. } => Some(Command::Retire {
                to: *options.first()?,
            }),
        }
    }

    /// Expected value of a shot: expected hits, plus the rout bonus scaled
    /// by the chance it breaks the target.
    fn shot_value(&self, st: &State, u: UnitIx, t: UnitIx) -> f64 {
        let (Some(from), Some(to)) = (st.pos()[u as usize], st.pos()[t as usize]) else {
            return 0.0;
        };
        let b = &st.board();
        let spec = &b.units[u as usize].spec;
        let range = st.range(from, to);
        let Some(mut dice) = dice_at(b.options.dice_table(spec), range) else {
            return 0.0;
        };
        let flank = !in_front_wedge(to, st.facing()[t as usize], from);
        if spec.unit_type == UnitType::Artillery
            && (flank || st.formation()[t as usize] == Formation::Square)
        {
            dice *= 2;
        }
        let cover = b.at(to).cover() != crate::rules::one_hour::engine::fire::Cover::None;
        let t_type = b.units[t as usize].spec.unit_type;
        let mut halvings = 0;
        if cover && spec.unit_type == UnitType::LineInfantry {
            halvings += 1;
        }
        if t_type == UnitType::LightInfantry {
            halvings += 1;
        }
        let need = match halvings {
            0 => Some(3),
            1 => Some(5),
            _ => Some(6),
        };
        let hits = f64::from(dice) * p_hit(need);
        let left = st.hits_left(t) as f64;
        let rout = (hits / left.max(1.0)).min(1.0).powi(2);
        hits + self.tuning.rout_bonus * rout
    }

    fn best_shot(&self, st: &State, side: u8) -> Option<Command> {
        let mut best: Option<(f64, Command)> = None;
        for u in st.live().filter(|&u| st.side_of(u) == side) {
            for t in st.shot_targets(u) {
                let v = self.shot_value(st, u, t);
                if v >= self.tuning.min_shot_value && best.as_ref().is_none_or(|(bv, _)| v > *bv) {
                    best = Some((v, Command::Shoot { unit: u, target: t }));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    fn best_charge(&self, st: &State, u: UnitIx, forced: bool) -> Option<Command> {
        let b = &st.board();
        let mut best: Option<(f64, Command)> = None;
        for (t, steps) in st.charges_of(u) {
            let c = Command::Charge {
                unit: u,
                steps: steps.clone(),
                target: t,
            };
            if st.check(&c).is_err() {
                continue;
            }
            let Some(to) = st.pos()[t as usize] else {
                continue;
            };
            let at = steps.last().copied().or(st.pos()[u as usize]).unwrap_or(to);
            let tt = b.units[t as usize].spec.unit_type;
            let flank = !st.faces(t, at);
            let town = b.at(to).is_town();
            let mut dice = 3.0;
            if flank || tt == UnitType::LightInfantry || (tt == UnitType::Artillery && !town) {
                dice *= 2.0;
            }
            let need = if town {
                if tt.is_infantry() { Some(6) } else { Some(5) }
            } else if b.at(to).cover() != crate::rules::one_hour::engine::fire::Cover::None {
                Some(5)
            } else {
                Some(3)
            };
            let hits = dice * p_hit(need);
            let left = st.hits_left(t) as f64;
            let rout = (hits / left.max(1.0)).min(1.0).powi(2);
            // The fire the charger will face where it stops.
            let exposure = danger(st, u, at, st.facing()[u as usize]);
            let v = hits + self.tuning.rout_bonus * rout - self.tuning.charge_exposure * exposure;
            if (forced || v >= self.tuning.min_charge_value)
                && best.as_ref().is_none_or(|(bv, _)| v > *bv)
            {
                best = Some((v, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// Where the side wants each unit to head: the nearest objective it
    /// does not hold (attacking), or, holding all, the nearest it holds.
    fn goal(&self, st: &State, side: u8, from: Hex) -> Option<Hex> {
        let b = &st.board();
        let mine = |i: usize| st.held()[i] == side;
        let pick = |want_mine: bool| {
            b.objectives
                .iter()
                .enumerate()
                .filter(|(i, _)| mine(*i) == want_mine)
                .min_by_key(|(_, o)| st.range(from, o.hex) * 4 / o.points.max(1))
                .map(|(_, o)| o.hex)
        };
        pick(false)
            .or_else(|| pick(true))
            .or_else(|| nearest_enemy(st, side, from).map(|(h, _)| h))
    }

    /// How good it is for unit `u` to stand at `h` facing `f`.
    fn score(&self, st: &State, u: UnitIx, h: Hex, f: Dir) -> f64 {
        let tu = &self.tuning;
        let b = &st.board();
        let side = st.side_of(u);
        let spec = &b.units[u as usize].spec;
        let mut s = 0.0;
        if let Some(g) = self.goal(st, side, h) {
            s -= tu.objective_weight * f64::from(st.range(h, g));
        }
        for (i, o) in b.objectives.iter().enumerate() {
            if o.hex == h {
                s += tu.hold_weight
                    * f64::from(o.points)
                    * if st.held()[i] == side { 1.0 } else { 1.5 };
            }
        }
        // Fire it could bring next turn.
        let table = b.options.dice_table(spec);
        let mut best_dice = 0;
        let mut nearest: Option<(Hex, u32)> = None;
        for e in st.live().filter(|&e| st.side_of(e) != side) {
            let Some(eh) = st.pos()[e as usize] else {
                continue;
            };
            let r = st.range(h, eh);
            if nearest.is_none_or(|(_, d)| r < d) {
                nearest = Some((eh, r));
            }
            if in_front_wedge(h, f, eh)
                && let Some(d) = dice_at(table, r)
            {
                best_dice = best_dice.max(d);
            }
        }
        s += tu.fire_weight * f64::from(best_dice);
        let threat = danger(st, u, h, f);
        s -= tu.danger_weight * threat;
        if let Some((eh, d)) = nearest {
            if in_front_wedge(h, f, eh) {
                s += tu.facing_weight;
            }
            if d <= 3 && b.at(h).cover() != crate::rules::one_hour::engine::fire::Cover::None {
                s += tu.cover_weight;
            }
            // Cavalry keep out of musket range unless charging; guns keep
            // out of contact.
            if spec.unit_type.is_cavalry() && d <= 2 {
                s -= 1.0;
            }
            if spec.unit_type == UnitType::Artillery && d <= 1 {
                s -= 2.0;
            }
        }
        // Keep near friends.
        let friend = st
            .live()
            .filter(|&x| x != u && st.side_of(x) == side)
            .filter_map(|x| st.pos()[x as usize])
            .map(|x| st.range(h, x))
            .min()
            .unwrap_or(0);
        s -= tu.straggle_weight * f64::from(friend.saturating_sub(2));
        s
    }

    fn best_move(&mut self, st: &State, u: UnitIx) -> Option<Command> {
        let from = st.pos()[u as usize]?;
        let cur = st.facing()[u as usize];
        let mut best = (f64::MIN, None::<Command>);
        // Staying (and turning) first.
        for f in FACINGS {
            let v = self.score(st, u, from, f) + 0.05;
            if v > best.0 {
                let c = (f != cur).then(|| Command::Move {
                    unit: u,
                    start: None,
                    steps: Vec::new(),
                    end: Some(f),
                    column: false,
                    leader: None,
                });
                best = (v, c);
            }
        }
        let in_column = st.formation()[u as usize] == Formation::Column;
        for start in FACINGS {
            for r in st.reach(u, start, false) {
                for end in FACINGS {
                    let v = self.score(st, u, r.to, end) + self.dice.roll(100) as f64 * 1e-4;
                    if v > best.0 {
                        best = (
                            v,
                            Some(Command::Move {
                                unit: u,
                                start: (start != cur).then_some(start),
                                steps: r.path.clone(),
                                end: (end != r.facing).then_some(end),
                                column: false,
                                leader: None,
                            }),
                        );
                    }
                }
            }
        }
        // Column of route only far from the enemy.
        let far = nearest_enemy(st, st.side_of(u), from).is_none_or(|(_, d)| d >= 5);
        if far || in_column {
            for start in FACINGS {
                for r in st.reach(u, start, true) {
                    let near = nearest_enemy(st, st.side_of(u), r.to).is_none_or(|(_, d)| d >= 4);
                    if !near {
                        continue;
                    }
                    let v = self.score(st, u, r.to, r.facing) + 0.1;
                    if v > best.0 {
                        best = (
                            v,
                            Some(Command::Move {
                                unit: u,
                                start: (start != cur).then_some(start),
                                steps: r.path.clone(),
                                end: None,
                                column: true,
                                leader: None,
                            }),
                        );
                    }
                }
            }
        }
        let c = best.1?;
        Self::legal(st, c)
    }

    fn card_choice(&mut self, st: &State, card: u16) -> Option<Command> {
        let drawer = st.side();
        let effect = st.board().decks[drawer as usize].get(card as usize)?.effect;
        let legal = st.legal_commands();
        let value = |c: &Command| -> f64 {
            let Command::ChooseCard { units, mode, .. } = c else {
                return 0.0;
            };
            match effect {
                // Hits on an enemy: the one nearest to breaking.
                CardEffect::EnemyPanic { .. } | CardEffect::OwnUnitHit { .. } => units
                    .first()
                    .map_or(0.0, |&u| 10.0 - st.hits_left(u) as f64),
                // Holding the opponent's units: the ones nearest the fight.
                CardEffect::MayNotMove { .. } | CardEffect::LowAmmo { .. } => units
                    .iter()
                    .map(|&u| {
                        st.pos()[u as usize]
                            .and_then(|h| nearest_enemy(st, drawer, h))
                            .map_or(0.0, |(_, d)| 10.0 - f64::from(d))
                    })
                    .sum(),
                CardEffect::Recover { .. } => units
                    .iter()
                    .map(|&u| f64::from(st.hits()[u as usize]))
                    .sum(),
                CardEffect::DoubleAction => match (units.first(), mode) {
                    (
                        Some(&u),
                        Some(crate::rules::one_hour::engine::actions::DoubleMode::ShootTwice),
                    ) => {
                        let side = st.side_of(u);
                        st.live()
                            .filter(|&t| st.side_of(t) != side)
                            .map(|t| self.shot_value(st, u, t))
                            .fold(0.0, f64::max)
                            * 2.0
                    }
                    (Some(_), Some(_)) => 0.3,
                    _ => 0.0,
                },
                CardEffect::NoEffect => 0.0,
            }
        };
        legal
            .into_iter()
            .max_by(|a, b| value(a).total_cmp(&value(b)))
    }

    fn leader_move(&mut self, st: &State, side: u8) -> Option<Command> {
        let b = &st.board();
        for l in 0..b.leaders.len() as u16 {
            if b.leaders[l as usize].side != side
                || st.leader_moved()[l as usize]
                || self.leaders_done.contains(&l)
            {
                continue;
            }
            self.leaders_done.push(l);
            let Some(at) = st.leader_pos()[l as usize] else {
                continue;
            };
            let li = &b.leaders[l as usize];
            let with_own = st.units_at(at).any(|u| {
                let s = &b.units[u as usize].spec;
                st.side_of(u) == side && li.commands.leads(&s.command)
            });
            if with_own {
                continue;
            }
            // Join the most worn unit of his command within reach.
            let target = st
                .live()
                .filter(|&u| {
                    st.side_of(u) == side && li.commands.leads(&b.units[u as usize].spec.command)
                })
                .filter_map(|u| Some((u, st.pos()[u as usize]?)))
                .filter(|&(_, h)| st.range(at, h) <= 2)
                .max_by_key(|&(u, _)| st.hits()[u as usize])
                .map(|(_, h)| h);
            let Some(to) = target else {
                continue;
            };
            let path = crate::rules::one_hour::engine::geometry::BOXES.line(at, to);
            let steps: Vec<Hex> = path
                .iter()
                .skip(1)
                .map(|s| match *s {
                    crate::hex::LineStep::One(h) => h,
                    crate::hex::LineStep::Either(a, _) => a,
                })
                .collect();
            if let Some(c) = Self::legal(st, Command::MoveLeader { leader: l, steps }) {
                return Some(c);
            }
        }
        None
    }

    fn movement(&mut self, st: &State) -> Option<Command> {
        let side = st.side();
        // Shots allowed after a move (a Double action).
        if let Some(c) = self.best_shot(st, side) {
            return Some(c);
        }
        let mine: Vec<UnitIx> = st.live().filter(|&u| st.side_of(u) == side).collect();
        // Impetuous units that must charge.
        for &u in &mine {
            if st.obliged()[u as usize]
                && !st.acts()[u as usize].charged
                && let Some(c) = self.best_charge(st, u, true)
            {
                return Some(c);
            }
        }
        for &u in &mine {
            if self.done.contains(&u) {
                continue;
            }
            let a = &st.acts()[u as usize];
            if a.charged || a.rallied || a.formed {
                self.done.push(u);
                continue;
            }
            if let Some(c) = self.best_charge(st, u, false) {
                return Some(c);
            }
            if st.hits()[u as usize] >= self.tuning.rally_hits
                && let Some(c) = Self::legal(st, Command::Rally { unit: u })
            {
                self.done.push(u);
                return Some(c);
            }
            if st.formation()[u as usize] == Formation::Square {
                self.done.push(u);
                let f = nearest_enemy(st, side, st.pos()[u as usize]?)
                    .and_then(|(h, _)| face_toward(st.pos()[u as usize]?, h))
                    .unwrap_or(st.facing()[u as usize]);
                if let Some(c) = Self::legal(
                    st,
                    Command::Square {
                        unit: u,
                        form: false,
                        facing: f,
                    },
                ) {
                    return Some(c);
                }
                continue;
            }
            // Units that can shoot from where they are and have a target
            // in front stay (they shot in step 2 or will next turn).
            self.done.push(u);
            if let Some(c) = self.best_move(st, u) {
                return Some(c);
            }
        }
        if let Some(c) = self.leader_move(st, side) {
            return Some(c);
        }
        Some(Command::EndTurn)
    }
}

/// The nearest enemy unit of `side` to `h`, and its range.
fn nearest_enemy(st: &State, side: u8, h: Hex) -> Option<(Hex, u32)> {
    st.live()
        .filter(|&e| st.side_of(e) != side)
        .filter_map(|e| st.pos()[e as usize])
        .map(|e| (e, st.range(h, e)))
        .min_by_key(|&(_, d)| d)
}

/// The facing that puts `to` straight ahead of `from`, nearest first.
fn face_toward(from: Hex, to: Hex) -> Option<Dir> {
    FACINGS
        .iter()
        .copied()
        .find(|&f| in_front_wedge(from, f, to))
}

/// The enemy dice that could reach a unit at `h` facing `f` next turn:
/// every enemy shooter that has `h` in its arc and range (doubled for guns
/// on a flank), and enemy cavalry within two boxes (a charge's dice).
fn danger(st: &State, u: UnitIx, h: Hex, f: Dir) -> f64 {
    let b = &st.board();
    let side = st.side_of(u);
    let mut total = 0.0;
    for e in st.live().filter(|&e| st.side_of(e) != side) {
        let Some(eh) = st.pos()[e as usize] else {
            continue;
        };
        let spec = &b.units[e as usize].spec;
        let r = st.range(eh, h);
        if spec.unit_type.is_cavalry() {
            if r <= 2 {
                let flank = !in_front_wedge(h, f, eh);
                total += if flank { 6.0 } else { 3.0 } * 0.5;
            }
            continue;
        }
        let Some(d) = dice_at(b.options.dice_table(spec), r) else {
            continue;
        };
        let mut d = f64::from(d);
        if spec.unit_type == UnitType::Artillery && !in_front_wedge(h, f, eh) {
            d *= 2.0;
        }
        total += d * 0.5;
    }
    total
}

impl Player<OneHour> for OneHourPlayer {
    fn choose(&mut self, st: &State) -> Option<Command> {
        if st.outcome().is_some() {
            return None;
        }
        if (st.turn(), st.side()) != self.turn {
            self.turn = (st.turn(), st.side());
            self.done.clear();
            self.leaders_done.clear();
        }
        let cmd = if let Some(p) = st.pending().front() {
            self.answer(st, p)
        } else {
            match st.phase().clone() {
                Phase::Card => Some(Command::Draw),
                Phase::CardChoice { card, .. } => self.card_choice(st, card),
                Phase::Shoot => Some(
                    self.best_shot(st, st.side())
                        .unwrap_or(Command::EndShooting),
                ),
                Phase::Move => self.movement(st),
                Phase::Volley | Phase::Over => None,
            }
        };
        // Whatever it picked must be legal; otherwise fall back on the
        // first legal command (never stuck, never cheating).
        match cmd {
            Some(c) if st.check(&c).is_ok() => Some(c),
            _ => st
                .legal_commands()
                .into_iter()
                .find(|c| !matches!(c, Command::Move { .. } | Command::MoveLeader { .. }))
                .or_else(|| st.legal_commands().into_iter().next()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{PlayerKind, play_out};
    use crate::engine::{Game, GameEnd, Rules};
    use crate::scenario::{parse_map, parse_scenario};

    fn waterloo() -> (crate::scenario::Scenario, crate::scenario::Map) {
        let s = parse_scenario(
            include_str!("../../../scenarios/waterloo-one-hour.ron"),
            "waterloo-one-hour.ron",
        )
        .expect("parses");
        let m = parse_map(
            include_str!("../../../maps/waterloo-boxes.ron"),
            "waterloo-boxes.ron",
        )
        .expect("parses");
        (s, m)
    }

    /// Plays `n` games heuristic against random, the heuristic on `side`;
    /// returns (heuristic wins, draws, random wins).
    fn match_up(n: u64, side: usize) -> (u32, u32, u32) {
        let (s, m) = waterloo();
        let mut tally = (0, 0, 0);
        for seed in 0..n {
            let mut game = Game::<OneHour>::new(&s, &m, seed, ()).expect("starts");
            let know = OneHour::knowledge(game.board().clone());
            let tuning = OneHourTuning::default();
            let mut h = OneHour::computer(PlayerKind::Heuristic, &know, &tuning, seed + 1000);
            let mut r = OneHour::computer(PlayerKind::Random, &know, &tuning, seed + 2000);
            let mut players: [&mut dyn Player<OneHour>; 2] = if side == 0 {
                [h.as_mut(), r.as_mut()]
            } else {
                [r.as_mut(), h.as_mut()]
            };
            play_out(&mut game, &mut players, 200_000);
            match game.outcome() {
                Some(GameEnd::Win { side: w, .. }) if w as usize == side => tally.0 += 1,
                Some(GameEnd::Win { .. }) => tally.2 += 1,
                _ => tally.1 += 1,
            }
        }
        tally
    }

    #[test]
    fn heuristic_beats_random_from_either_side() {
        // VEDETTE_AI_GAMES=200 plays a longer match (before resolving).
        let n: u64 = std::env::var("VEDETTE_AI_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let french = match_up(n, 0);
        let allied = match_up(n, 1);
        eprintln!(
            "French heuristic: {french:?}; Allied heuristic: {allied:?} (wins, draws, losses)"
        );
        // Measured over 200 games a side (seeds 0-199) on the shipped
        // Waterloo in boxes: the French heuristic won 200 of 200, the
        // Allied heuristic 200 of 200. The issue asks for 90 %.
        assert!(f64::from(french.0) >= 0.9 * n as f64, "{french:?}");
        assert!(f64::from(allied.0) >= 0.9 * n as f64, "{allied:?}");
    }

    #[test]
    fn every_command_the_heuristic_gives_is_legal_and_games_end() {
        let (s, m) = waterloo();
        for seed in 0..3 {
            let mut game = Game::<OneHour>::new(&s, &m, seed, ()).expect("starts");
            let know = OneHour::knowledge(game.board().clone());
            let tuning = OneHourTuning::default();
            let mut a = OneHour::computer(PlayerKind::Heuristic, &know, &tuning, seed);
            let mut b = OneHour::computer(PlayerKind::Heuristic, &know, &tuning, seed + 7);
            let mut n = 0;
            while !game.is_over() && n < 20_000 {
                let side = game.to_act();
                let p = if side == 0 { a.as_mut() } else { b.as_mut() };
                let cmd = p.choose(&game.state).expect("a command");
                assert!(
                    OneHour::check(&game.state, &cmd).is_ok(),
                    "seed {seed}: {cmd:?}"
                );
                game.execute(&cmd).expect("legal");
                n += 1;
            }
            assert!(game.is_over(), "seed {seed}: no result in {n} commands");
        }
    }

    #[test]
    fn it_shoots_the_target_nearest_to_breaking() {
        let (mut s, m) = waterloo();
        // Only the Grand Battery and two Allied units in its arc.
        s.units.retain(|u| {
            ["f-grand-battery", "a-alten", "a-guns", "f-old-guard"].contains(&u.id.as_str())
        });
        if let crate::scenario::RuleSet::OneHour(o) = &mut s.rules {
            o.decks.clear();
        }
        let mut game = Game::<OneHour>::new(&s, &m, 1, ()).expect("starts");
        let alten = game
            .state
            .board()
            .units
            .iter()
            .position(|u| u.id.as_str() == "a-alten")
            .expect("Alten") as u16;
        // Through an event: `apply` is the state's only mutator.
        game.state
            .apply(&crate::rules::one_hour::engine::Event::Hits {
                unit: alten,
                hits: 5,
                cause: crate::rules::one_hour::engine::types::Cause::Shot,
            });
        let know = OneHour::knowledge(game.board().clone());
        let mut p = OneHour::computer(PlayerKind::Heuristic, &know, &OneHourTuning::default(), 1);
        let cmd = p.choose(&game.state).expect("a command");
        assert!(
            matches!(cmd, Command::Shoot { target, .. } if target == alten),
            "{cmd:?}"
        );
    }
}
