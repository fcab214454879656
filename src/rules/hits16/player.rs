//! The 16-hits rules' computer players behind the contract: the random
//! player, and a heuristic player that plays to the scenario's victory
//! conditions (the victory hexes it does not hold, else the enemy army).
//! It rallies worn units, takes the shot with the most expected hits,
//! charges where the expected hits are worth it (artillery, flanks, the
//! worn), forms square against cavalry and line or column to fight,
//! limbers and unlimbers its guns, and moves each unit to the hex and
//! facing that score best. Every command it gives is one the engine
//! lists or accepts; its weights are data ([`Hits16Tuning`]).

use crate::ai::{Computer, Player, Script};
use crate::rules::hits16::engine::board::{HexIx, NO_HEX, UnitIx};
use crate::rules::hits16::engine::geometry::in_field;
use crate::rules::hits16::engine::{Board, Command, Hits16, Phase, State};
use crate::rules::hits16::model::{Formation, Terrain, TroopType};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The heuristic player's weights; the unit is "one expected hit".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Hits16Tuning {
    /// Per hex nearer the unit's goal.
    pub goal_weight: f64,
    /// Per enemy the unit could shoot from the hex.
    pub fire_weight: f64,
    /// Per enemy shooter that could hit the unit there.
    pub danger_weight: f64,
    /// Infantry out of square (or guns) within reach of enemy cavalry.
    pub cavalry_danger: f64,
    /// Foot in woods or a town when enemies are near.
    pub cover_weight: f64,
    /// Smallest expected hits a charge must promise.
    pub min_charge_value: f64,
    /// Value of eliminating a unit on top of its hits.
    pub kill_bonus: f64,
    /// Rally a unit that can recover at least this many hits.
    pub rally_room: u32,
    /// How much better than staying a move must score.
    pub move_margin: f64,
}

impl Default for Hits16Tuning {
    fn default() -> Self {
        Hits16Tuning {
            goal_weight: 1.0,
            fire_weight: 0.8,
            danger_weight: 0.5,
            cavalry_danger: 1.5,
            cover_weight: 0.6,
            min_charge_value: 3.0,
            kill_bonus: 6.0,
            rally_room: 2,
            move_margin: 0.2,
        }
    }
}

impl Computer for Hits16 {
    type Knowledge = Arc<Board>;
    type Tuning = Hits16Tuning;

    /// Not searched: on the mirrored 16-hits battle, playing out each
    /// option of choices among at most 4 commands moved the search's wins
    /// within noise (Red 91.0% to 87.5%, Blue 10.0% to 16.5%, 200 games)
    /// at 2.5 times the cost. Measured on the battle as it was before its
    /// village hexes were garrisoned and the heuristic's ties were made
    /// the same from either seat; not measured since.
    const SMALL_CHOICE: usize = 0;
    /// Measured by `calibrate_playout_cost` (`ai::montecarlo`) in
    /// release on the reference machine (2 cores, December 2026): the
    /// least of three runs over 40 heuristic games of the mirrored battle.
    const PLAYOUT_COMMAND_NANOS: u64 = 21_000;

    fn knowledge(board: Arc<Board>) -> Arc<Arc<Board>> {
        Arc::new(board)
    }

    fn knowledge_board(know: &Arc<Board>) -> &Arc<Board> {
        know
    }

    fn heuristic(
        _know: &Arc<Arc<Board>>,
        tuning: &Hits16Tuning,
        seed: u64,
    ) -> Box<dyn Player<Self> + Send> {
        Box::new(Hits16Player::new(tuning.clone(), seed))
    }

    /// Temperaments: bolder or more careful charges, a drive on the
    /// objectives, and more weight on firing.
    fn portfolio(
        _know: &Self::Knowledge,
        _side: u8,
        t: &Hits16Tuning,
    ) -> Vec<Script<Hits16Tuning>> {
        vec![
            Script::new("as tuned", t.clone()),
            Script::new(
                "bold",
                Hits16Tuning {
                    min_charge_value: t.min_charge_value * 0.5,
                    danger_weight: t.danger_weight * 0.5,
                    cavalry_danger: t.cavalry_danger * 0.5,
                    ..t.clone()
                },
            ),
            Script::new(
                "cautious",
                Hits16Tuning {
                    min_charge_value: t.min_charge_value * 2.0,
                    danger_weight: t.danger_weight * 2.0,
                    cover_weight: t.cover_weight * 2.0,
                    ..t.clone()
                },
            ),
            Script::new(
                "forward",
                Hits16Tuning {
                    goal_weight: t.goal_weight * 2.0,
                    ..t.clone()
                },
            ),
            Script::new(
                "firepower",
                Hits16Tuning {
                    fire_weight: t.fire_weight * 2.0,
                    ..t.clone()
                },
            ),
        ]
    }
}

/// The heuristic player.
pub struct Hits16Player {
    tuning: Hits16Tuning,
    /// Units left as they stand in this phase: (turn, side, phase).
    phase: (u32, u8, u8),
    done: Vec<UnitIx>,
    generals_done: Vec<u16>,
}

impl Hits16Player {
    /// The player decides without dice; `seed` is kept for the contract.
    pub fn new(tuning: Hits16Tuning, _seed: u64) -> Self {
        Hits16Player {
            tuning,
            phase: (0, 0, 0),
            done: Vec::new(),
            generals_done: Vec::new(),
        }
    }
}

/// The mean of a roll's hits over the six faces.
fn expected(hits: impl Fn(u32) -> u32) -> f64 {
    (1..=6).map(|f| f64::from(hits(f))).sum::<f64>() / 6.0
}

/// The distances from `h` to every unit of side `of`, summed: a key for
/// breaking ties that a top to bottom reflection of the battle keeps.
fn summed_distance(st: &State, of: u8, h: HexIx) -> u32 {
    st.units_of(of)
        .map(|e| st.board().distance(h, st.units()[e as usize].hex))
        .sum()
}

/// How [`Hits16Player::unit_choice`] breaks a tie between commands of
/// equal value, smallest first: each field is one a top to bottom
/// reflection of the battle keeps.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Tie {
    /// The nearest enemy's distance from the hex in front (0 where the
    /// command sets no facing).
    ahead: u32,
    /// Whether the unit turns from the facing it has.
    turned: bool,
    /// The goal's distance from the hex in front.
    ahead_goal: u32,
    /// The nearest enemy's distance from the hex itself.
    here: u32,
    /// The distances from the hex in front to every enemy, summed.
    ahead_sum: u32,
    /// The distances from the hex to every enemy, summed.
    here_sum: u32,
    /// The hex's distance from the unit's.
    moved: u32,
    col: i32,
}

impl Hits16Player {
    /// The hex a unit heads for: the nearest victory hex its side does
    /// not hold, else the nearest enemy unit.
    fn goal(&self, st: &State, side: u8, from: HexIx) -> Option<HexIx> {
        let b = &st.board();
        // Ties by column, then by keys a top to bottom reflection keeps
        // (how near the enemy and its own side a victory hex is, which
        // enemy unit), never by hex index: on the mirrored battle two
        // enemies in one column at one distance sent Red to the northern
        // one and Blue to the northern one too, so one side closed and
        // the other did not.
        let open: Vec<(HexIx, (u32, u32, u32, usize))> = b
            .victory_hexes
            .iter()
            .enumerate()
            .filter(|(i, _)| st.held()[*i] != Some(side))
            .map(|(i, &h)| {
                let near = st.nearest_enemy(side, h);
                (
                    h,
                    (
                        near,
                        summed_distance(st, 1 - side, h),
                        summed_distance(st, side, h),
                        i,
                    ),
                )
            })
            .collect();
        let pool: Vec<(HexIx, (u32, u32, u32, usize))> = if open.is_empty() {
            st.units_of(1 - side)
                .map(|e| (st.units()[e as usize].hex, (0, 0, 0, usize::from(e))))
                .collect()
        } else {
            open
        };
        pool.into_iter()
            .min_by_key(|&(h, tie)| (b.distance(from, h), b.hex(h).col, tie))
            .map(|(h, _)| h)
    }

    /// How good it is for `u` to stand in `h` facing `f`: the part that
    /// depends on the hex (goal, enemy fire and cavalry, cover) plus the
    /// enemies it could shoot facing `f`.
    fn place_value(
        &self,
        st: &State,
        u: UnitIx,
        goal: Option<HexIx>,
        (h, f, formation): (HexIx, u8, Formation),
    ) -> f64 {
        self.hex_value(st, u, goal, h, formation) + self.fire_value(st, u, (h, f, formation))
    }

    /// The part of [`Self::place_value`] the facing does not change.
    fn hex_value(
        &self,
        st: &State,
        u: UnitIx,
        goal: Option<HexIx>,
        h: HexIx,
        formation: Formation,
    ) -> f64 {
        let b = &st.board();
        let t = &self.tuning;
        let side = st.side_of(u);
        let troop = st.troop(u);
        let mut v = 0.0;
        if let Some(g) = goal {
            v -= t.goal_weight * f64::from(b.distance(h, g));
        }
        let grid = b.grid;
        let here = b.hex(h);
        let mut near = false;
        for e in st.units_of(1 - side) {
            let es = st.units()[e as usize];
            let d = b.distance(h, es.hex);
            near |= d <= 3;
            let et = st.troop(e);
            if let Some(row) = b.options.fire_table.row(et)
                && d <= row.long_range
                && es.formation != Formation::Limbered
                && in_field(grid, b.options.fire_arc, b.hex(es.hex), es.facing, here)
            {
                v -= t.danger_weight * if et == TroopType::Artillery { 1.5 } else { 1.0 };
            }
            if et.is_cavalry()
                && d <= b.allowance(e) + 1
                && ((troop == TroopType::Infantry && formation != Formation::Square)
                    || troop == TroopType::Artillery)
            {
                v -= t.cavalry_danger;
            }
        }
        if near && troop.is_foot() && st.terrain(h).cover() {
            v += t.cover_weight;
        }
        v
    }

    /// The enemies `u` could shoot from `h` facing `f`.
    fn fire_value(&self, st: &State, u: UnitIx, (h, f, formation): (HexIx, u8, Formation)) -> f64 {
        let b = &st.board();
        let Some(row) = b.options.fire_table.row(st.troop(u)) else {
            return 0.0;
        };
        if matches!(formation, Formation::Square | Formation::Limbered) {
            return 0.0;
        }
        let here = b.hex(h);
        let town = b.options.town_all_front && st.terrain(h) == Terrain::Town;
        let n = st
            .units_of(1 - st.side_of(u))
            .filter(|&e| {
                let eh = st.units()[e as usize].hex;
                b.distance(h, eh) <= row.long_range
                    && (town || in_field(b.grid, b.options.fire_arc, here, f, b.hex(eh)))
            })
            .count();
        self.tuning.fire_weight * n as f64
    }

    fn pending_answer(&mut self, st: &State, cmds: &[Command]) -> Option<Command> {
        let b = &st.board();
        let side = st.to_act();
        // Farthest from the enemy; ties by keys a top to bottom
        // reflection keeps (the distances to every enemy, the column).
        let score = |c: &Command| -> (i64, u32, i32) {
            let h = match c {
                Command::Withdraw { to, .. } | Command::PlaceGeneral { at: to, .. } => b.ix(*to),
                _ => None,
            };
            h.map_or((0, 0, 0), |h| {
                (
                    i64::from(st.nearest_enemy(side, h).min(99)),
                    summed_distance(st, 1 - side, h),
                    b.hex(h).col,
                )
            })
        };
        cmds.iter().max_by_key(|c| score(c)).cloned()
    }

    fn choose_rally(&self, st: &State) -> Option<Command> {
        let b = &st.board();
        let mut best: Option<(u32, Command)> = None;
        for c in st.legal_commands() {
            if let Command::Rally { unit, .. } = &c {
                let u = b.unit_ix(unit)?;
                let s = st.units()[u as usize];
                let room = u32::from(s.hits) - 4 * u32::from(s.bases_lost);
                if room >= self.tuning.rally_room && best.as_ref().is_none_or(|(r, _)| room > *r) {
                    best = Some((room, c));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    fn choose_shot(&self, st: &State) -> Option<Command> {
        let b = &st.board();
        let mut best: Option<(f64, Command)> = None;
        for c in st.legal_commands() {
            let Command::Shoot { unit, target } = &c else {
                continue;
            };
            let (u, t) = (b.unit_ix(unit)?, b.unit_ix(target)?);
            let Ok(odds) = st.check_shot(u, t) else {
                continue;
            };
            let left = 16 - u32::from(st.units()[t as usize].hits);
            let mut v = expected(|f| odds.hits(f).min(left));
            if (1..=6).any(|f| odds.hits(f) >= left) {
                v += self.tuning.kill_bonus
                    * (1..=6).filter(|&f| odds.hits(f) >= left).count() as f64
                    / 6.0;
            }
            if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
                best = Some((v, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// The best Movement command for `u`, with its gain over standing.
    fn unit_choice(&self, st: &State, u: UnitIx, cmds: &[Command]) -> Option<(f64, Command)> {
        let b = &st.board();
        let s = st.units()[u as usize];
        let goal = self.goal(st, st.side_of(u), s.hex);
        let stay = self.place_value(st, u, goal, (s.hex, s.facing, s.formation));
        // The hex's part, once per hex (a move lists each hex six times).
        let mut by_hex: std::collections::HashMap<HexIx, f64> = std::collections::HashMap::new();
        // Among places of equal value the unit faces the enemy: without
        // this an even choice took the first facing listed, north, so a
        // side facing south turned its back on the enemy (on the mirrored
        // battle Blue charged 0.07 times a game, Red 6.4).
        // Then the facing it has, the goal ahead, the place nearer the
        // enemy, the sums of the distances to every enemy, the shorter
        // move, the column: keys a top to bottom reflection keeps, so
        // that a tie goes by the list's order (north first) only where
        // the two places are mirror images.
        let mut best: Option<(f64, Tie, Command)> = None;
        let mut consider = |v: f64, away: Tie, c: &Command| {
            if best
                .as_ref()
                .is_none_or(|(bv, ba, _)| v > *bv || (v == *bv && away < *ba))
            {
                best = Some((v, away, c.clone()));
            }
        };
        let side = st.side_of(u);
        let sum = |h: HexIx| summed_distance(st, 1 - side, h);
        let away = |h: HexIx, f: Option<u8>| -> Tie {
            let here = st.nearest_enemy(side, h);
            let to_goal = |h: HexIx| goal.map_or(0, |g| b.distance(h, g));
            let (ahead, ahead_goal, ahead_sum) =
                match f.map(|f| b.neighbours[h as usize][usize::from(f % 6)]) {
                    Some(front) if front != NO_HEX => {
                        (st.nearest_enemy(side, front), to_goal(front), sum(front))
                    }
                    Some(_) => (
                        here.saturating_add(1),
                        to_goal(h).saturating_add(1),
                        sum(h).saturating_add(1),
                    ),
                    None => (0, 0, 0),
                };
            Tie {
                ahead,
                turned: f.is_some_and(|f| f != s.facing),
                ahead_goal,
                here,
                ahead_sum,
                here_sum: sum(h),
                moved: b.distance(s.hex, h),
                col: b.hex(h).col,
            }
        };
        for c in cmds {
            match c {
                Command::Move {
                    end, start, path, ..
                } => {
                    let h = path.last().and_then(|&h| b.ix(h)).unwrap_or(s.hex);
                    let f = end
                        .or(*start)
                        .and_then(|d| b.dir_index(d))
                        .unwrap_or(s.facing);
                    let hv = *by_hex
                        .entry(h)
                        .or_insert_with(|| self.hex_value(st, u, goal, h, s.formation));
                    consider(
                        hv + self.fire_value(st, u, (h, f, s.formation)) - stay,
                        away(h, Some(f)),
                        c,
                    );
                }
                Command::Form {
                    formation, facing, ..
                } => {
                    let f = facing.and_then(|d| b.dir_index(d)).unwrap_or(s.facing);
                    consider(
                        self.place_value(st, u, goal, (s.hex, f, *formation)) - stay,
                        away(s.hex, Some(f)),
                        c,
                    );
                }
                Command::Charge { target, path, .. } => {
                    let Some(t) = b.unit_ix(target) else { continue };
                    let last = path.last().and_then(|&h| b.ix(h)).unwrap_or(s.hex);
                    let odds = st.melee_odds_at(u, last, t);
                    let left = 16 - u32::from(st.units()[t as usize].hits);
                    let mut v = if st.troop(t) == TroopType::Artillery {
                        f64::from(left) + self.tuning.kill_bonus
                    } else {
                        expected(|f| odds.hits(f).min(left))
                    };
                    if v < self.tuning.min_charge_value {
                        continue;
                    }
                    v += 0.1 * f64::from(st.units()[t as usize].hits);
                    consider(v, away(last, None), c);
                }
                Command::TurnToFace { .. } => consider(1.0, away(s.hex, None), c),
                _ => {}
            }
        }
        best.filter(|(v, _, _)| *v > self.tuning.move_margin)
            .map(|(v, _, c)| (v, c))
    }

    fn choose_movement(&mut self, st: &State) -> Option<Command> {
        let b = &st.board();
        let units: Vec<UnitIx> = st
            .units_of(st.side())
            .filter(|u| !st.acts()[*u as usize].acted && !self.done.contains(u))
            .collect();
        for u in units {
            let mine = st.unit_commands(u);
            self.done.push(u);
            if let Some((_, c)) = self.unit_choice(st, u, &mine) {
                return Some(c);
            }
        }
        // Generals ride to the most worn unit they can reach.
        for g in 0..st.generals().len() as u16 {
            if st.generals()[g as usize] == NO_HEX
                || b.generals[g as usize].side != st.side()
                || st.general_moved()[g as usize]
                || self.generals_done.contains(&g)
            {
                continue;
            }
            self.generals_done.push(g);
            let worn = st.units_of(st.side()).max_by_key(|&u| {
                let s = st.units()[u as usize];
                (u32::from(s.hits) - 4 * u32::from(s.bases_lost), u)
            })?;
            let wh = st.units()[worn as usize].hex;
            let here = st.generals()[g as usize];
            let best = st
                .general_reach(g)
                .into_iter()
                .map(|p| (b.distance(p.hex, wh), p))
                // Ties: farther from the enemy, then the column, keys a
                // top to bottom reflection keeps (not the hex's index).
                .min_by_key(|(d, p)| {
                    (
                        *d,
                        std::cmp::Reverse(st.nearest_enemy(st.side(), p.hex)),
                        b.hex(p.hex).col,
                        p.hex,
                    )
                });
            if let Some((d, p)) = best
                && d < b.distance(here, wh)
                && d <= b.options.rally_reach
            {
                return Some(Command::MoveGeneral {
                    general: b.generals[g as usize].id.clone(),
                    path: p.path.iter().map(|&h| b.hex(h)).collect(),
                });
            }
        }
        None
    }
}

impl Player<Hits16> for Hits16Player {
    fn choose(&mut self, st: &State) -> Option<Command> {
        if st.phase() == Phase::Over {
            return None;
        }
        let key = (st.turn(), st.side(), st.phase() as u8);
        if key != self.phase {
            self.phase = key;
            self.done.clear();
            self.generals_done.clear();
        }
        if !st.pending().is_empty() {
            let cmds = st.legal_commands();
            return self.pending_answer(st, &cmds);
        }
        let pick = match st.phase() {
            Phase::Command => self.choose_rally(st),
            Phase::Movement => self.choose_movement(st),
            Phase::Shooting => self.choose_shot(st),
            Phase::HandToHand => st
                .legal_commands()
                .into_iter()
                .find(|c| matches!(c, Command::Fight { .. })),
            Phase::Over => None,
        };
        Some(pick.unwrap_or(Command::EndPhase))
    }
}
