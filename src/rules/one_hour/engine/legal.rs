//! `legal_commands` for One Hour Napoleonic, built from the queries `check`
//! asks: where a unit may go, what it may shoot and charge, card choices.

use super::actions::double_modes;
use super::check::Reach;
use super::fire::Formation;
use super::geometry::{BOXES, steps_ahead};
use super::movement::{allowance_halves, may_pass_through};
use super::state::State;
use super::types::{Command, LeaderIx, Pending, Phase, UnitIx};
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::CardEffect;

impl State {
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
    pub(super) fn leader_paths(&self, l: LeaderIx, from: Hex) -> Vec<Vec<Hex>> {
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

    pub(super) fn shots_now(&self) -> Vec<Command> {
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

    pub(super) fn card_choices(&self, card: u16, amount: Option<u32>) -> Vec<Command> {
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
