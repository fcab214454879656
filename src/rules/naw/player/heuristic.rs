//! A heuristic computer player for Napoleon at Waterloo that plays like a
//! sensible beginner. It plans each Movement Phase at once on a copy of the
//! state (every planned command goes through the engine's `execute`, so a
//! plan never breaks a rule), then hands the commands out one by one:
//!
//! 1. units on exit hexes leave when it is time to exit;
//! 2. reinforcements enter where their role wants them;
//! 3. attacks are planned: units move into contact only where the odds they
//!    can build (terrain doubling, bombardment from two hexes, a defender
//!    pinned against Zones of Control with no retreat) promise a good
//!    expected result on the CRT;
//! 4. every other unit moves to the best hex for its role (hold the start
//!    position, advance to just outside contact, head for the exits, block
//!    the exits), preferring defensive terrain, neighbours and safety.
//!
//! In the Combat Phase it searches the assignments of its obligations for
//! the best expected result (lowering the column when the CRT rewards it),
//! adds bombardments where they help, and takes losses, retreats and
//! advances with the same valuations. All weights live in [`NawTuning`].

use super::tuning::NawTuning;
use crate::ai::Player;
use crate::engine::Dice;
use crate::rules::naw::engine::{
    Board, Command, HexIx, NO_HEX, Naw, Phase, Pos, ReachMap, ReachScratch, State, Step, UnitIx,
    column_for,
};
use crate::scenario::{CombatResult, UnitKind};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// What the player works out once per board: the distance fields.
#[derive(Debug)]
pub struct NawKnowledge {
    board: Arc<Board>,
    /// Movement points from each hex to off the map through an exit hex
    /// (`u32::MAX` where no way leads there).
    exit_dist: Vec<u32>,
    /// Whether the scenario has an exit objective at all.
    has_exits: bool,
    /// Whether each side can win at all: both ways to win need the other
    /// side demoralized [8.1], [8.3], so its loss threshold must be within
    /// its whole strength, reinforcements included; the exiting side must
    /// also have the units to exit. A side that cannot win defends.
    can_win: [bool; 2],
    /// For each hex, the exit hex its shortest way out leads through
    /// (`NO_HEX` where none).
    exit_target: Vec<HexIx>,
    /// Each hex's centre, in hex widths (adjacent centres are 1 apart).
    centre: Vec<(f64, f64)>,
}

impl NawKnowledge {
    pub fn new(board: Arc<Board>) -> Arc<NawKnowledge> {
        let n = board.hexes.len();
        let mut exit_dist = vec![u32::MAX; n];
        let mut exit_target = vec![NO_HEX; n];
        let mut queue = VecDeque::new();
        for &h in &board.exit_hexes {
            if (0..6).any(|d| board.can_leave_map(h, d)) {
                exit_dist[h as usize] = 1;
                exit_target[h as usize] = h;
                queue.push_back(h);
            }
        }
        // Every hex costs its terrain cost to enter; Dijkstra over small
        // integer costs with a queue re-visiting improved hexes.
        while let Some(h) = queue.pop_front() {
            let d = exit_dist[h as usize];
            for &p in &board.info(h).neighbours {
                if p == NO_HEX {
                    continue;
                }
                let Some(dir) = board.dir_between(p, h) else {
                    continue;
                };
                if !board.can_cross_dir(p, dir) {
                    continue;
                }
                let nd = d.saturating_add(board.step_cost(p, dir));
                if nd < exit_dist[p as usize] {
                    exit_dist[p as usize] = nd;
                    exit_target[p as usize] = exit_target[h as usize];
                    queue.push_back(p);
                }
            }
        }
        let has_exits = board.exits_needed > 0 && !board.exit_hexes.is_empty();
        let mut strength = [0u64; 2];
        let mut count = [0u64; 2];
        for u in &board.units {
            strength[u.side as usize] += u.strength as u64;
            count[u.side as usize] += 1;
        }
        let mut can_win = [false; 2];
        for (s, w) in can_win.iter_mut().enumerate() {
            let other = 1 - s;
            *w = strength[other] >= board.thresholds[other] as u64
                && (s != board.exit_side as usize || count[s] >= board.exits_needed as u64);
        }
        let layout = crate::hex::Layout::with_first_hex_at(
            board.grid,
            1.0 / 3f64.sqrt(),
            crate::hex::Point::default(),
        );
        let centre = board
            .hexes
            .iter()
            .map(|i| {
                let c = layout.center(i.hex);
                (c.x, c.y)
            })
            .collect();
        Arc::new(NawKnowledge {
            board,
            exit_dist,
            has_exits,
            can_win,
            exit_target,
            centre,
        })
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// Whether each side can win at all (see the field).
    pub fn can_win(&self) -> [bool; 2] {
        self.can_win
    }
}

/// What a unit is trying to do this Movement Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Stay near this hex, on the best ground around it (a side that
    /// cannot win, playing for time).
    Hold(HexIx),
    /// Stand across the enemy's way to its exit hexes, on good ground and
    /// just out of its reach, and take the attacks that are worth it: the
    /// side the exits are against, before it must block them.
    Screen,
    /// Close to just outside the enemy's reach and look for attacks.
    Advance,
    /// Go for the exit hexes and leave [8.3].
    Exit,
    /// Stand between the enemy and the exits.
    Block,
}

/// Per-phase fields: distance to the nearest enemy and where it stands,
/// and the enemy strength that could reach a hex's neighbourhood next
/// turn.
struct Fields {
    enemy_dist: Vec<u32>,
    /// For each hex, the hex of the nearest enemy (`NO_HEX` where none).
    enemy_src: Vec<HexIx>,
    threat: Vec<u32>,
}

/// One attack of a planned assignment: attackers, bombarding artillery,
/// the defender, the column to ask for, and its expected value.
type PlannedAttack = (Vec<UnitIx>, Vec<UnitIx>, UnitIx, Option<usize>, f64);

/// For each hex, the movers (by their place in the movers list) that can
/// reach it this phase, in ascending order: a compressed table built once
/// per planned Movement Phase.
struct MoverIndex {
    start: Vec<u32>,
    movers: Vec<u32>,
}

impl MoverIndex {
    fn new<I: Iterator<Item = HexIx>>(hexes: usize, reach: impl Iterator<Item = I>) -> Self {
        let lists: Vec<Vec<HexIx>> = reach.map(|r| r.collect()).collect();
        let mut count = vec![0u32; hexes + 1];
        for list in &lists {
            for &h in list {
                if (h as usize) < hexes {
                    count[h as usize + 1] += 1;
                }
            }
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let mut fill = count.clone();
        let mut movers = vec![0u32; *count.last().unwrap_or(&0) as usize];
        for (i, list) in lists.iter().enumerate() {
            for &h in list {
                if (h as usize) < hexes {
                    movers[fill[h as usize] as usize] = i as u32;
                    fill[h as usize] += 1;
                }
            }
        }
        MoverIndex {
            start: count,
            movers,
        }
    }

    /// The movers that can reach `h`.
    fn at(&self, h: HexIx) -> &[u32] {
        let h = h as usize;
        match (self.start.get(h), self.start.get(h + 1)) {
            (Some(&a), Some(&b)) => &self.movers[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Whether a mover passing `ok` can reach a hex within two of `h`.
    fn any_gun_near(&self, b: &Board, h: HexIx, ok: impl Fn(usize) -> bool) -> bool {
        b.info(h).neighbours.iter().any(|&n| {
            n != NO_HEX
                && b.info(n)
                    .neighbours
                    .iter()
                    .any(|&m| m != NO_HEX && self.at(m).iter().any(|&i| ok(i as usize)))
        })
    }
}

/// The heuristic player. Deterministic for a given seed.
pub struct NawPlayer {
    tuning: NawTuning,
    know: Arc<NawKnowledge>,
    dice: Dice,
    plan: VecDeque<Command>,
    plan_for: Option<(u32, u8)>,
    /// Each unit's reach this Movement Phase. Friendly moves do not change
    /// it (only enemies stop or block a unit), so it is computed once per
    /// unit per phase.
    reach: Vec<ReachMap>,
    reach_ok: Vec<bool>,
    /// The search's working tables, sized to the board: one for all the
    /// units, so memory grows with the hexes each unit reaches, not with
    /// units times the board.
    scratch: ReachScratch,
    stamp: Vec<u32>,
    generation: u32,
}

impl NawPlayer {
    pub fn new(know: Arc<NawKnowledge>, tuning: NawTuning, seed: u64) -> Self {
        NawPlayer {
            tuning,
            know,
            dice: Dice::new(seed),
            plan: VecDeque::new(),
            plan_for: None,
            reach: Vec::new(),
            reach_ok: Vec::new(),
            scratch: ReachScratch::default(),
            stamp: Vec::new(),
            generation: 0,
        }
    }

    fn noise(&mut self) -> f64 {
        if self.tuning.noise <= 0.0 {
            return 0.0;
        }
        (self.dice.roll(1000) as f64 / 1000.0) * self.tuning.noise
    }

    // ------------------------------------------------------------------
    // Valuations
    // ------------------------------------------------------------------

    /// Weights of an enemy and an own strength point for `side` now.
    fn weights(&self, st: &State, side: u8) -> (f64, f64) {
        let t = &self.tuning;
        let b = &st.board();
        let other = Board::other(side);
        let frac = |s: u8| {
            let thr = b.thresholds[s as usize].max(1) as f64;
            (st.losses()[s as usize] as f64 / thr).min(1.0)
        };
        let mut enemy = t.enemy_loss_weight * (1.0 + t.threshold_greed * frac(other).powi(2));
        if st.demoralized()[other as usize] || st.demoralized()[side as usize] {
            // Once a side is demoralized, losses decide nothing more [8.2].
            enemy *= t.kill_value_after_demoralized;
        }
        let own = t.own_loss_weight * (1.0 + t.threshold_caution * frac(side).powi(2));
        (enemy, own)
    }

    /// Expected value of an attack and the column to ask for (`None` to
    /// take the strengths' own column). `adjacent` is the strength that
    /// shares adverse results, `bombard` the strength that does not.
    #[allow(clippy::too_many_arguments)]
    fn attack_value(
        &self,
        st: &State,
        side: u8,
        adjacent: u32,
        bombard: u32,
        printed: u32,
        defence: u32,
        defender_can_retreat: bool,
    ) -> (f64, Option<usize>) {
        let b = &st.board();
        let (we, wo) = self.weights(st, side);
        let t = &self.tuning;
        let natural = column_for(&b.crt.columns, adjacent + bombard, defence.max(1));
        let mut best = (f64::MIN, None);
        for col in (0..=natural).rev() {
            let fc = st.final_column(side, col);
            let mut v = 0.0;
            for row in &b.crt.rows {
                let Some(r) = row.results.get(fc) else {
                    continue;
                };
                v += match r {
                    CombatResult::Ae => -wo * adjacent as f64,
                    CombatResult::Ar => -wo * t.retreat_loss_fraction * adjacent as f64,
                    CombatResult::Dr => {
                        if defender_can_retreat {
                            we * t.pushback_value * printed as f64
                        } else {
                            we * printed as f64
                        }
                    }
                    CombatResult::De => we * printed as f64,
                    CombatResult::Ee => we * printed as f64 - wo * adjacent.min(printed) as f64,
                };
            }
            v /= b.crt.rows.len().max(1) as f64;
            if v > best.0 + 1e-9 {
                best = (v, (col != natural).then_some(col));
            }
        }
        best
    }

    /// Whether the enemy unit `d` would have an empty safe hex to retreat
    /// into, with `planned` hexes also taken by units of `side` (an
    /// estimate for planning; the engine decides the real retreat).
    fn can_retreat(st: &State, d: UnitIx, planned: &[HexIx]) -> bool {
        let Some(hd) = st.unit_hex(d) else {
            return false;
        };
        let occ = st.occupancy();
        let dside = st.side_of(d);
        let b = &st.board();
        b.info(hd).neighbours.iter().any(|&n| {
            n != NO_HEX
                && !planned.contains(&n)
                && st.is_safe_hex(occ, hd, n, dside)
                && !b
                    .info(n)
                    .neighbours
                    .iter()
                    .any(|m| *m != NO_HEX && planned.contains(m))
        })
    }

    // ------------------------------------------------------------------
    // Movement
    // ------------------------------------------------------------------

    fn fields(&mut self, st: &State, side: u8) -> Fields {
        let b = &st.board();
        let n = b.hexes.len();
        let mut enemy_dist = vec![u32::MAX; n];
        let mut enemy_src = vec![NO_HEX; n];
        let mut queue = VecDeque::new();
        for (u, p) in st.pos().iter().enumerate() {
            if let Pos::OnMap(h) = *p
                && st.side_of(u as UnitIx) != side
            {
                enemy_dist[h as usize] = 0;
                enemy_src[h as usize] = h;
                queue.push_back(h);
            }
        }
        while let Some(h) = queue.pop_front() {
            let d = enemy_dist[h as usize] + 1;
            let src = enemy_src[h as usize];
            for &nb in &b.info(h).neighbours {
                if nb != NO_HEX && b.info(nb).on_map && enemy_dist[nb as usize] > d {
                    enemy_dist[nb as usize] = d;
                    enemy_src[nb as usize] = src;
                    queue.push_back(nb);
                }
            }
        }
        // Threat: each enemy's strength over the hexes it could be next to
        // after its next move (its allowance plus one, terrain respected,
        // Zones of Control ignored).
        let mut threat = vec![0u32; n];
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.generation = 0;
        }
        let mut frontier: Vec<(HexIx, u32)> = Vec::new();
        for (u, p) in st.pos().iter().enumerate() {
            let Pos::OnMap(h) = *p else { continue };
            let u = u as UnitIx;
            if st.side_of(u) == side {
                continue;
            }
            self.generation = self.generation.wrapping_add(1);
            if self.generation == 0 {
                self.stamp.fill(0);
                self.generation = 1;
            }
            let g = self.generation;
            let info = b.unit(u);
            let radius = info.movement + 1;
            frontier.clear();
            frontier.push((h, 0));
            self.stamp[h as usize] = g;
            let mut i = 0;
            while i < frontier.len() {
                let (x, d) = frontier[i];
                i += 1;
                threat[x as usize] += info.strength;
                if d == radius {
                    continue;
                }
                for (dir, &nb) in b.info(x).neighbours.iter().enumerate() {
                    if nb != NO_HEX
                        && self.stamp[nb as usize] != g
                        && (d + 1 == radius || b.can_cross_dir(x, dir))
                    {
                        self.stamp[nb as usize] = g;
                        frontier.push((nb, d + 1));
                    }
                }
            }
        }
        Fields {
            enemy_dist,
            enemy_src,
            threat,
        }
    }

    fn roles(&self, st: &State, side: u8) -> Vec<Role> {
        let b = &st.board();
        let t = &self.tuning;
        let k = &self.know;
        let other = Board::other(side);
        let mut roles = vec![Role::Advance; st.pos().len()];
        let exiting = k.has_exits && b.exit_side == side;
        if exiting {
            let need = b.exits_needed.saturating_sub(st.exited()[side as usize]);
            // The units that could go, by the Game-Turns each needs to
            // reach an exit at its full allowance.
            let mut cands: Vec<(u32, u32, UnitIx)> = (0..st.pos().len() as UnitIx)
                .filter(|&u| st.side_of(u) == side)
                .filter_map(|u| {
                    let h = st.unit_hex(u)?;
                    let d = k.exit_dist[h as usize];
                    let turns = d.div_ceil(b.unit(u).movement.max(1));
                    (d != u32::MAX && !st.touches_enemy(u, false)).then_some((turns, d, u))
                })
                .collect();
            cands.sort_unstable();
            // The exit plan starts when the Game-Turns left (this one
            // included) are those the slowest of the units needed takes,
            // plus the tuning's spare: the scenario's length and distances
            // decide, not one map's calendar.
            let turns_left = (b.turns + 1).saturating_sub(st.turn());
            let needed = cands
                .get(
                    (need as usize)
                        .saturating_sub(1)
                        .min(cands.len().saturating_sub(1)),
                )
                .map_or(0, |c| c.0);
            let exit_mode = st.demoralized()[other as usize]
                || (b.turns > 0 && turns_left <= needed + t.exit_turns_spare);
            if exit_mode {
                for &(_, _, u) in cands.iter().take((need + t.exit_spare_units) as usize) {
                    roles[u as usize] = Role::Exit;
                }
            }
            return roles;
        }
        let block = k.has_exits
            && (st.demoralized()[side as usize]
                || (0..st.pos().len() as UnitIx).any(|u| {
                    st.side_of(u) == other
                        && st
                            .unit_hex(u)
                            .is_some_and(|h| k.exit_dist[h as usize] <= t.block_when_enemy_within)
                }));
        let can_win = k.can_win[side as usize];
        for (u, role) in roles.iter_mut().enumerate() {
            let info = b.unit(u as UnitIx);
            if info.side != side {
                continue;
            }
            let reinforcement = info.start.is_none();
            *role = if block {
                Role::Block
            } else if reinforcement && t.reinforcements_advance && can_win {
                Role::Advance
            } else if t.defender_holds && k.has_exits {
                Role::Screen
            } else if !can_win {
                Role::Hold(st.unit_hex(u as UnitIx).unwrap_or(NO_HEX))
            } else {
                Role::Advance
            };
        }
        roles
    }

    /// How good it is for unit `u` to end its move in `h`.
    fn hex_score(&mut self, st: &State, fields: &Fields, u: UnitIx, h: HexIx, role: Role) -> f64 {
        let t = &self.tuning;
        let b = &st.board();
        let info = b.info(h);
        let side = st.side_of(u);
        let occ = st.occupancy();
        let mult = info.defence_multiplier.max(1);
        let def = (b.unit(u).strength * mult).max(1) as f64;
        let friends = info
            .neighbours
            .iter()
            .filter(|&&n| {
                n != NO_HEX && occ.unit(n).is_some_and(|f| f != u && st.side_of(f) == side)
            })
            .count() as f64;
        let exposure =
            ((fields.threat[h as usize] as f64 - t.exposure_tolerance * def) / def).clamp(0.0, 5.0);
        let mut s = t.terrain_weight * (mult - 1) as f64 + t.support_weight * friends
            - t.exposure_weight * exposure;
        let exit = self.know.exit_dist[h as usize];
        let exit = if exit == u32::MAX { 100.0 } else { exit as f64 };
        let off_way = if matches!(role, Role::Block | Role::Screen) {
            self.off_way(fields, h)
        } else {
            0.0
        };
        s += match role {
            Role::Hold(home) if home != NO_HEX => -t.hold_weight * b.distance(h, home) as f64,
            Role::Hold(_) => 0.0,
            Role::Advance => {
                let d = fields.enemy_dist[h as usize];
                if d == u32::MAX {
                    0.0
                } else {
                    -t.approach_weight * (d as f64 - t.standoff as f64).abs()
                }
            }
            Role::Exit => -t.exit_weight * exit * 3.0,
            // Between the enemy and the exits, pulled towards the exits.
            Role::Block => -t.block_weight * exit - t.screen_weight * off_way,
            // Across the enemy's way, within a few hexes of it but not in
            // its reach.
            Role::Screen => {
                let d = fields.enemy_dist[h as usize];
                let gap = if d == u32::MAX {
                    0.0
                } else {
                    (d.saturating_sub(t.screen_depth) + t.standoff.saturating_sub(d)) as f64
                };
                -t.screen_weight * off_way - t.approach_weight * gap
            }
        };
        s + self.noise()
    }

    /// How far `h` lies, in hexes, off the straight way from the nearest
    /// enemy to the exit hex its shortest way out leads to (0 on it; a hex
    /// behind the enemy or beyond the exit is measured to the nearer end).
    fn off_way(&self, fields: &Fields, h: HexIx) -> f64 {
        let e = fields.enemy_src[h as usize];
        if e == NO_HEX {
            return 0.0;
        }
        let x = self.know.exit_target[e as usize];
        if x == NO_HEX {
            return 0.0;
        }
        let c = &self.know.centre;
        let (p, a, b) = (c[h as usize], c[e as usize], c[x as usize]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
        (qx * qx + qy * qy).sqrt()
    }

    /// Makes `self.reach[u]` the unit's reach on `w`.
    fn ensure_reach(&mut self, w: &State, u: UnitIx) {
        let n = w.pos().len();
        if self.reach.len() != n {
            self.reach.resize_with(n, ReachMap::default);
            self.reach_ok = vec![false; n];
        }
        if !self.reach_ok[u as usize] {
            w.reach_into(u, &mut self.reach[u as usize], &mut self.scratch);
            self.reach_ok[u as usize] = true;
        }
    }

    fn exec(w: &mut State, cmds: &mut Vec<Command>, c: Command) -> bool {
        // Movement never rolls dice; a throwaway die keeps `execute` whole.
        let mut dice = Dice::new(0);
        if w.execute(&c, &mut dice).is_ok() {
            cmds.push(c);
            true
        } else {
            false
        }
    }

    /// Moves `u` to the best hex for its role (or leaves it), then exits it
    /// if its role says so and it can.
    fn role_move(
        &mut self,
        w: &mut State,
        cmds: &mut Vec<Command>,
        fields: &Fields,
        u: UnitIx,
        role: Role,
    ) {
        let Some(cur) = w.unit_hex(u) else { return };
        self.ensure_reach(w, u);
        let map = std::mem::take(&mut self.reach[u as usize]);
        let side = w.side_of(u);
        let mut best = (self.hex_score(w, fields, u, cur, role), cur);
        for &h in &map.hexes {
            let occ = w.occupancy();
            if occ.unit(h).is_some() || w.in_enemy_zoc(occ, h, side) {
                continue;
            }
            let s = self.hex_score(w, fields, u, h, role);
            if s > best.0 {
                best = (s, h);
            }
        }
        if best.1 != cur {
            let path = map.path(w.board(), best.1);
            let id = w.board().unit(u).id.clone();
            Self::exec(w, cmds, Command::Move { unit: id, path });
        }
        self.reach[u as usize] = map;
        self.reach_ok[u as usize] = false;
        if role == Role::Exit {
            let c = Command::Exit {
                unit: w.board().unit(u).id.clone(),
            };
            if w.check(&c).is_ok() {
                Self::exec(w, cmds, c);
            }
        }
    }

    fn plan_movement(&mut self, st: &State) -> VecDeque<Command> {
        let side = st.phasing();
        let mut w = st.clone();
        let mut cmds = Vec::new();
        self.reach_ok.fill(false);
        let fields = self.fields(st, side);
        let roles = self.roles(st, side);

        // 1. Exits first, freeing hexes.
        for u in 0..w.pos().len() as UnitIx {
            if roles[u as usize] == Role::Exit && w.unit_hex(u).is_some() {
                let c = Command::Exit {
                    unit: w.board().unit(u).id.clone(),
                };
                if w.check(&c).is_ok() {
                    Self::exec(&mut w, &mut cmds, c);
                }
            }
        }

        // 2. Reinforcements enter where their role wants them, and move on.
        for (u, hexes) in w.available_reinforcements() {
            let role = roles[u as usize];
            let mut best: Option<(f64, HexIx)> = None;
            for h in hexes {
                let s = self.hex_score(&w, &fields, u, h, role);
                if best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, h));
                }
            }
            if let Some((_, h)) = best {
                let c = Command::Enter {
                    unit: w.board().unit(u).id.clone(),
                    hex: w.board().hex(h),
                };
                if Self::exec(&mut w, &mut cmds, c) {
                    self.role_move(&mut w, &mut cmds, &fields, u, role);
                }
            }
        }

        // 3. Attacks worth moving into contact for.
        self.plan_attacks(&mut w, &mut cmds, &roles);

        // 4. Everyone else, exiting units first.
        let mut order: Vec<UnitIx> = (0..w.pos().len() as UnitIx)
            .filter(|&u| w.side_of(u) == side && w.unit_hex(u).is_some() && !w.moved()[u as usize])
            .collect();
        order.sort_by_key(|&u| (roles[u as usize] != Role::Exit, u));
        for u in order {
            if w.outcome().is_some() {
                break;
            }
            self.role_move(&mut w, &mut cmds, &fields, u, roles[u as usize]);
        }
        cmds.push(Command::EndMovement);
        cmds.into()
    }

    /// Plans attacks for the coming Combat Phase: repeatedly the best
    /// target the free units can reach with a worthwhile expected result.
    fn plan_attacks(&mut self, w: &mut State, cmds: &mut Vec<Command>, roles: &[Role]) {
        let side = w.phasing();
        let b = w.board().clone();
        // Units free to move into contact, with their reach.
        let mut movers: Vec<UnitIx> = Vec::new();
        for u in 0..w.pos().len() as UnitIx {
            if w.side_of(u) != side
                || w.unit_hex(u).is_none()
                || w.moved()[u as usize]
                || roles[u as usize] == Role::Exit
            {
                continue;
            }
            self.ensure_reach(w, u);
            if !self.reach[u as usize].hexes.is_empty() {
                movers.push(u);
            }
        }
        // Which movers can reach each hex (their start included), so that
        // the candidates for an attack are found from the few hexes around
        // the target rather than by asking every mover about every enemy
        // (that made each planned attack cost movers x enemies).
        let reach_index = MoverIndex::new(
            b.hexes.len(),
            movers.iter().map(|&u| {
                let map = &self.reach[u as usize];
                std::iter::once(map.start).chain(map.hexes.iter().copied())
            }),
        );
        let mut used = vec![false; movers.len()];
        loop {
            if movers.is_empty() || w.outcome().is_some() {
                break;
            }
            let occ = w.occupancy().clone();
            // Enemies something of ours already touches: hexes next to them
            // add no new obligation.
            let engaged = |e: UnitIx| {
                w.unit_hex(e).is_some_and(|he| {
                    b.info(he)
                        .neighbours
                        .iter()
                        .any(|&n| n != NO_HEX && occ.unit(n).is_some_and(|f| w.side_of(f) == side))
                })
            };
            let mut best: Option<(f64, Vec<(usize, HexIx)>)> = None;
            for e in 0..w.pos().len() as UnitIx {
                if w.side_of(e) == side {
                    continue;
                }
                let Some(he) = w.unit_hex(e) else { continue };
                // Hexes to attack from: empty, next to e, and next to no
                // other enemy that is not already engaged.
                let hexes: Vec<HexIx> = b
                    .info(he)
                    .neighbours
                    .iter()
                    .copied()
                    .filter(|&n| n != NO_HEX && occ.unit(n).is_none())
                    .filter(|&n| {
                        b.info(n).neighbours.iter().all(|&m| {
                            m == NO_HEX
                                || m == he
                                || occ
                                    .unit(m)
                                    .is_none_or(|x| w.side_of(x) == side || engaged(x))
                        })
                    })
                    .collect();
                // Units of ours already next to e and to nothing else.
                let mut adjacent = 0u32;
                let mut planned: Vec<HexIx> = Vec::new();
                for &n in &b.info(he).neighbours {
                    if let Some(f) = (n != NO_HEX).then(|| occ.unit(n)).flatten()
                        && w.side_of(f) == side
                    {
                        let others = b.info(n).neighbours.iter().any(|&m| {
                            m != NO_HEX
                                && m != he
                                && occ.unit(m).is_some_and(|x| w.side_of(x) != side)
                        });
                        if !others {
                            adjacent += b.unit(f).strength;
                        }
                        planned.push(n);
                    }
                }
                // Hexes two away with a line of sight, out of enemy Zones of
                // Control: artillery bombards from there at no risk [6.8].
                let is_gun = |i: usize| b.unit(movers[i]).kind == UnitKind::Artillery;
                let gun_reaches = |m: HexIx| {
                    reach_index
                        .at(m)
                        .iter()
                        .any(|&i| !used[i as usize] && is_gun(i as usize))
                };
                let mut far: Vec<HexIx> = Vec::new();
                if reach_index.any_gun_near(&b, he, |i| !used[i] && is_gun(i)) {
                    for &n in &b.info(he).neighbours {
                        if n == NO_HEX {
                            continue;
                        }
                        for &m in &b.info(n).neighbours {
                            if m != NO_HEX
                                && !far.contains(&m)
                                && occ.unit(m).is_none()
                                && gun_reaches(m)
                                && b.distance(m, he) == 2
                                && !w.in_enemy_zoc(&occ, m, side)
                                && !b.line_of_sight_blocked(m, he)
                            {
                                far.push(m);
                            }
                        }
                    }
                }
                // Greedy: strongest movers first, each to a free hex.
                let mut cands: Vec<(u32, usize)> = Vec::new();
                for (set, guns_only) in [(&hexes, false), (&far, true)] {
                    for &h in set.iter() {
                        for &i in reach_index.at(h) {
                            let i = i as usize;
                            if !used[i] && (!guns_only || is_gun(i)) {
                                cands.push((b.unit(movers[i]).strength, i));
                            }
                        }
                    }
                }
                cands.sort_unstable();
                cands.dedup();
                if cands.is_empty() {
                    continue;
                }
                cands.sort_unstable_by(|a, b| b.cmp(a));
                let printed = b.unit(e).strength;
                let defence = w.defence_strength(e);
                let mut taken: Vec<(usize, HexIx)> = Vec::new();
                let mut bombard = 0u32;
                let mut local_best: Option<(f64, usize)> = None;
                for (strength, i) in cands {
                    let map = &self.reach[movers[i] as usize];
                    let free =
                        |h: &HexIx| map.cost(*h).is_some() && !taken.iter().any(|&(_, x)| x == *h);
                    // Guns prefer to bombard; others take the free hex with
                    // the best terrain to stand on.
                    let gun_hex = if is_gun(i) {
                        far.iter().copied().filter(free).min()
                    } else {
                        None
                    };
                    if let Some(h) = gun_hex {
                        bombard += strength;
                        taken.push((i, h));
                        planned.push(h);
                    } else {
                        let Some(h) =
                            hexes.iter().copied().filter(free).max_by_key(|&h| {
                                (b.info(h).defence_multiplier, std::cmp::Reverse(h))
                            })
                        else {
                            continue;
                        };
                        adjacent += strength;
                        taken.push((i, h));
                        planned.push(h);
                    }
                    let retreat = Self::can_retreat(w, e, &planned);
                    let (v, _) =
                        self.attack_value(w, side, adjacent, bombard, printed, defence, retreat);
                    if local_best.is_none_or(|(bv, _)| v > bv) {
                        local_best = Some((v, taken.len()));
                    }
                }
                if let Some((v, k)) = local_best
                    && v >= self.tuning.min_planned_attack_value
                    && best.as_ref().is_none_or(|(bv, _)| v > *bv)
                {
                    taken.truncate(k);
                    best = Some((v, taken));
                }
            }
            let Some((_, moves)) = best else { break };
            let mut any = false;
            for (i, h) in moves {
                let u = movers[i];
                let c = Command::Move {
                    unit: b.unit(u).id.clone(),
                    path: self.reach[u as usize].path(&b, h),
                };
                used[i] = true;
                any |= Self::exec(w, cmds, c);
            }
            if !any {
                break;
            }
        }
    }

    fn movement(&mut self, st: &State) -> Option<Command> {
        if self.plan_for != Some((st.turn(), st.phasing())) {
            self.plan = self.plan_movement(st);
            self.plan_for = Some((st.turn(), st.phasing()));
        }
        while let Some(c) = self.plan.pop_front() {
            if st.check(&c).is_ok() {
                return Some(c);
            }
        }
        if st.check(&Command::EndMovement).is_ok() {
            return Some(Command::EndMovement);
        }
        // A plan that went wrong (it should not): any legal command.
        st.legal_commands().into_iter().next()
    }

    // ------------------------------------------------------------------
    // Combat
    // ------------------------------------------------------------------

    /// Free artillery of the phasing side: not yet used, on the map, out of
    /// enemy Zones of Control.
    fn free_artillery(st: &State) -> Vec<UnitIx> {
        st.board().artillery[st.phasing() as usize]
            .iter()
            .copied()
            .filter(|&a| {
                !st.involved()[a as usize]
                    && st.unit_hex(a).is_some()
                    && !st.touches_enemy(a, false)
            })
            .collect()
    }

    fn attack_command(
        st: &State,
        att: &[UnitIx],
        bomb: &[UnitIx],
        def: &[UnitIx],
        col: Option<usize>,
    ) -> Command {
        let id = |u: &UnitIx| st.board().unit(*u).id.clone();
        Command::Attack {
            attackers: att.iter().map(id).collect(),
            bombarding: bomb.iter().map(id).collect(),
            defenders: def.iter().map(id).collect(),
            column: col.and_then(|c| st.board().crt.columns.get(c).cloned()),
        }
    }

    /// Value and column of attacking `d` with `att` and `bomb` now.
    fn value_now(
        &self,
        st: &State,
        att: &[UnitIx],
        bomb: &[UnitIx],
        d: UnitIx,
    ) -> (f64, Option<usize>) {
        let b = &st.board();
        let adj: u32 = att.iter().map(|&u| b.unit(u).strength).sum();
        let bs: u32 = bomb.iter().map(|&u| b.unit(u).strength).sum();
        let retreat = Self::can_retreat(st, d, &[]);
        self.attack_value(
            st,
            st.phasing(),
            adj,
            bs,
            b.unit(d).strength,
            st.defence_strength(d),
            retreat,
        )
    }

    /// The best way found to meet the obligations; returns the first of its
    /// attacks the engine accepts. The front splits into independent parts
    /// (attackers, defenders and guns linked by contact or range), each
    /// searched on its own: one long front no longer multiplies every
    /// part's choices together, and each attacker's options come from its
    /// six neighbours, not from the whole list of defenders.
    fn plan_obligations(&self, st: &State, ra: &[UnitIx], rd: &[UnitIx]) -> Option<Command> {
        const NONE: usize = usize::MAX;
        let b = &st.board();
        let mut rd_pos = vec![NONE; st.pos().len()];
        for (j, &d) in rd.iter().enumerate() {
            rd_pos[d as usize] = j;
        }
        let options: Vec<Vec<usize>> = ra
            .iter()
            .map(|&a| {
                let mut o = Vec::new();
                if let Some(h) = st.unit_hex(a) {
                    for &n in &b.info(h).neighbours {
                        if n != NO_HEX {
                            st.for_units_in(n, |x| {
                                if rd_pos[x as usize] != NONE {
                                    o.push(rd_pos[x as usize]);
                                }
                            });
                        }
                    }
                }
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        if options.iter().any(|o| o.is_empty()) {
            return None;
        }
        let occ = st.occupancy();
        let artillery = Self::free_artillery(st);
        // Each free gun's required defenders in range.
        let gun_targets: Vec<Vec<usize>> = artillery
            .iter()
            .map(|&a| {
                let mut t = Vec::new();
                if let Some(ha) = st.unit_hex(a) {
                    for &n in &b.info(ha).neighbours {
                        if n == NO_HEX {
                            continue;
                        }
                        for &m in &b.info(n).neighbours {
                            if m != NO_HEX && m != ha {
                                st.for_units_in(m, |d| {
                                    let j = rd_pos[d as usize];
                                    if j != NONE && st.can_bombard(occ, a, d) {
                                        t.push(j);
                                    }
                                });
                            }
                        }
                    }
                }
                t.sort_unstable();
                t.dedup();
                t
            })
            .collect();
        // Parts of the front: defenders joined through a shared attacker
        // or gun.
        let mut parent: Vec<usize> = (0..rd.len()).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for group in options.iter().chain(gun_targets.iter()) {
            for w in group.windows(2) {
                let (x, y) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
                parent[x] = y;
            }
        }
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut part_of = vec![NONE; rd.len()];
        for j in 0..rd.len() {
            let r = root(&mut parent, j);
            if part_of[r] == NONE {
                part_of[r] = parts.len();
                parts.push(Vec::new());
            }
            let p = part_of[r];
            part_of[j] = p;
            parts[p].push(j);
        }
        let mut attacks: Vec<PlannedAttack> = Vec::new();
        for part in &parts {
            let mut local = vec![NONE; rd.len()];
            for (k, &j) in part.iter().enumerate() {
                local[j] = k;
            }
            let prd: Vec<UnitIx> = part.iter().map(|&j| rd[j]).collect();
            let (mut pra, mut popt) = (Vec::new(), Vec::new());
            for (i, o) in options.iter().enumerate() {
                if local[o[0]] != NONE {
                    pra.push(ra[i]);
                    popt.push(o.iter().map(|&j| local[j]).collect::<Vec<usize>>());
                }
            }
            let guns: Vec<UnitIx> = artillery
                .iter()
                .zip(&gun_targets)
                .filter(|(_, t)| t.first().is_some_and(|&j| local[j] != NONE))
                .map(|(&a, _)| a)
                .collect();
            if let Some(found) = self.best_assignment(st, &pra, &prd, &popt, &guns) {
                attacks.extend(found);
            }
        }
        if attacks.is_empty() {
            return None;
        }
        attacks.sort_by(|x, y| y.4.total_cmp(&x.4));
        attacks.into_iter().find_map(|(att, bomb, d, col, _)| {
            let c = Self::attack_command(st, &att, &bomb, &[d], col);
            st.check(&c).is_ok().then_some(c)
        })
    }

    /// The assignment of one part of the front with the best total value:
    /// each attacker to one of its `options` (indices into `rd`), each
    /// defender left without an attacker bombarded by a gun, the other
    /// guns where they add most. `None` when the part has too many
    /// combinations to try or none meets every obligation.
    fn best_assignment(
        &self,
        st: &State,
        ra: &[UnitIx],
        rd: &[UnitIx],
        options: &[Vec<usize>],
        artillery: &[UnitIx],
    ) -> Option<Vec<PlannedAttack>> {
        let combos: f64 = options.iter().map(|o| o.len().max(1) as f64).product();
        if combos > 20_000.0 {
            return None;
        }
        let artillery = artillery.to_vec();
        let occ = st.occupancy();
        let mut assign = vec![0usize; ra.len()];
        let mut best: Option<(f64, Vec<PlannedAttack>)> = None;
        let total = combos as usize;
        for mut code in 0..total {
            for (i, o) in options.iter().enumerate() {
                assign[i] = o[code % o.len()];
                code /= o.len();
            }
            let mut groups: Vec<(Vec<UnitIx>, Vec<UnitIx>)> = vec![(vec![], vec![]); rd.len()];
            for (i, &j) in assign.iter().enumerate() {
                groups[j].0.push(ra[i]);
            }
            // Artillery: first where a defender has no attacker, then where
            // it adds most.
            let mut ok = true;
            let mut free: Vec<UnitIx> = artillery.clone();
            for (j, g) in groups.iter_mut().enumerate() {
                if g.0.is_empty() {
                    if let Some(k) = free.iter().position(|&a| st.can_bombard(occ, a, rd[j])) {
                        g.1.push(free.remove(k));
                    } else {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            for a in free {
                let mut pick: Option<(f64, usize)> = None;
                for (j, g) in groups.iter().enumerate() {
                    if !st.can_bombard(occ, a, rd[j]) {
                        continue;
                    }
                    let before = self.value_now(st, &g.0, &g.1, rd[j]).0;
                    let mut with = g.1.clone();
                    with.push(a);
                    let gain = self.value_now(st, &g.0, &with, rd[j]).0 - before;
                    if gain > 0.0 && pick.is_none_or(|(p, _)| gain > p) {
                        pick = Some((gain, j));
                    }
                }
                if let Some((_, j)) = pick {
                    groups[j].1.push(a);
                }
            }
            let mut sum = 0.0;
            let mut attacks = Vec::new();
            for (j, (att, bomb)) in groups.into_iter().enumerate() {
                let (v, col) = self.value_now(st, &att, &bomb, rd[j]);
                sum += v;
                attacks.push((att, bomb, rd[j], col, v));
            }
            if best.as_ref().is_none_or(|(b, _)| sum > *b) {
                best = Some((sum, attacks));
            }
        }
        best.map(|(_, attacks)| attacks)
    }

    /// A worthwhile bombardment nobody requires (it risks nothing [6.8]).
    /// Targets are looked for in the hexes two away from each free gun,
    /// not among all enemies (that made each Combat Phase command cost
    /// guns x enemies).
    fn bombardment(&self, st: &State) -> Option<Command> {
        let artillery = Self::free_artillery(st);
        if artillery.is_empty() {
            return None;
        }
        let occ = st.occupancy();
        let b = &st.board();
        let mut targets: Vec<(UnitIx, Vec<UnitIx>)> = Vec::new();
        let mut index: HashMap<UnitIx, usize> = HashMap::new();
        for &a in &artillery {
            let Some(ha) = st.unit_hex(a) else { continue };
            for &n in &b.info(ha).neighbours {
                if n == NO_HEX {
                    continue;
                }
                for &m in &b.info(n).neighbours {
                    if m == NO_HEX || m == ha {
                        continue;
                    }
                    st.for_units_in(m, |d| {
                        if st.side_of(d) == st.phasing()
                            || st.involved()[d as usize]
                            || !st.can_bombard(occ, a, d)
                        {
                            return;
                        }
                        let k = *index.entry(d).or_insert_with(|| {
                            targets.push((d, Vec::new()));
                            targets.len() - 1
                        });
                        if !targets[k].1.contains(&a) {
                            targets[k].1.push(a);
                        }
                    });
                }
            }
        }
        // The order the whole-list search had: defenders, then guns, by
        // index.
        targets.sort_unstable_by_key(|(d, _)| *d);
        let mut best: Option<(f64, Command)> = None;
        for (d, mut bomb) in targets {
            bomb.sort_unstable();
            let (v, col) = self.value_now(st, &[], &bomb, d);
            if v > 0.0 && best.as_ref().is_none_or(|(b, _)| v > *b) {
                let c = Self::attack_command(st, &[], &bomb, &[d], col);
                if st.check(&c).is_ok() {
                    best = Some((v, c));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    fn combat(&mut self, st: &State) -> Option<Command> {
        let ra = st.required_attackers();
        let rd = st.required_defenders();
        if !ra.is_empty() || !rd.is_empty() {
            if let Some(c) = self.plan_obligations(st, &ra, &rd) {
                return Some(c);
            }
            if let Some(plan) = st.suggest_attacks(None) {
                for p in &plan {
                    let c =
                        Self::attack_command(st, &p.attackers, &p.bombarding, &p.defenders, None);
                    if st.check(&c).is_ok() {
                        return Some(c);
                    }
                }
            }
        }
        if let Some(c) = self.bombardment(st) {
            return Some(c);
        }
        if st.check(&Command::EndCombat).is_ok() {
            return Some(Command::EndCombat);
        }
        st.legal_commands().into_iter().next()
    }

    // ------------------------------------------------------------------
    // Decisions inside an attack
    // ------------------------------------------------------------------

    /// Enemy strength within two hexes of `h` (for retreats).
    fn local_threat(st: &State, h: HexIx, side: u8) -> u32 {
        (0..st.pos().len() as UnitIx)
            .filter(|&e| st.side_of(e) != side)
            .filter_map(|e| Some((st.unit_hex(e)?, e)))
            .filter(|&(he, _)| st.board().distance(he, h) <= 2)
            .map(|(_, e)| st.board().unit(e).strength)
            .sum()
    }

    fn step(&mut self, st: &State, me: u8, step: &Step) -> Option<Command> {
        let b = &st.board();
        match step {
            Step::Retreat { unit, optional, .. } => {
                let id = b.unit(*unit).id.clone();
                if *optional {
                    return Some(Command::HoldPosition { unit: id });
                }
                let side = st.side_of(*unit);
                let own = side == me;
                let home = b.unit(*unit).start;
                let opts = st.retreat_options(*unit);
                let score = |(h, displaced): &(HexIx, Option<UnitIx>)| {
                    let mut s = b.info(*h).defence_multiplier as f64 * 2.0
                        - Self::local_threat(st, *h, side) as f64 * 0.2
                        - if displaced.is_some() { 3.0 } else { 0.0 };
                    if self.know.has_exits && side != b.exit_side {
                        // Fall back towards the exits rather than away.
                        s -= self.know.exit_dist[*h as usize].min(50) as f64 * 0.3;
                    } else if let Some(home) = home {
                        s -= b.distance(*h, home) as f64 * 0.1;
                    }
                    if own { s } else { -s }
                };
                let pick = opts.iter().max_by(|x, y| score(x).total_cmp(&score(y)))?;
                Some(Command::Retreat {
                    unit: id,
                    to: b.hex(pick.0),
                })
            }
            Step::Losses { at_least } => {
                let att: Vec<UnitIx> = st
                    .pending()
                    .as_ref()?
                    .attackers
                    .iter()
                    .copied()
                    .filter(|&a| st.unit_hex(a).is_some())
                    .collect();
                let n = att.len().min(16);
                let mut best: Option<((u32, u32), u32)> = None;
                for mask in 1u32..(1 << n) {
                    let sum: u32 = (0..n)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| b.unit(att[i]).strength)
                        .sum();
                    let key = (sum, mask.count_ones());
                    if sum >= *at_least && best.is_none_or(|(k, _)| key < k) {
                        best = Some((key, mask));
                    }
                }
                let (_, mask) = best?;
                let c = Command::ChooseLosses {
                    units: (0..n)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| b.unit(att[i]).id.clone())
                        .collect(),
                };
                st.check(&c).is_ok().then_some(c)
            }
            Step::Advance { units, hexes, .. } => {
                let roles = self.roles(st, me);
                let mut best: Option<(i64, Command)> = None;
                for &u in units {
                    if b.unit(u).kind == UnitKind::Artillery {
                        continue;
                    }
                    let Some(cur) = st.unit_hex(u) else { continue };
                    for &h in hexes {
                        let gain = b.info(h).defence_multiplier as i64
                            - b.info(cur).defence_multiplier as i64;
                        let worth = match roles[u as usize] {
                            Role::Hold(_) | Role::Block | Role::Screen => gain > 0,
                            Role::Exit => {
                                self.know.exit_dist[h as usize] < self.know.exit_dist[cur as usize]
                            }
                            Role::Advance => gain >= 0,
                        };
                        let key = gain * 100 + b.unit(u).strength as i64;
                        if worth && best.as_ref().is_none_or(|(k, _)| key > *k) {
                            let c = Command::Advance {
                                unit: b.unit(u).id.clone(),
                                to: b.hex(h),
                            };
                            if st.check(&c).is_ok() {
                                best = Some((key, c));
                            }
                        }
                    }
                }
                Some(best.map_or(Command::DeclineAdvance, |(_, c)| c))
            }
        }
    }
}

impl Player<Naw> for NawPlayer {
    fn choose(&mut self, st: &State) -> Option<Command> {
        if st.outcome().is_some() {
            return None;
        }
        if !Arc::ptr_eq(st.board(), &self.know.board) {
            self.know = NawKnowledge::new(st.board().clone());
        }
        let me = st.to_act();
        if let Some(step) = st.pending().as_ref().and_then(|p| p.steps.front()).cloned() {
            let c = self.step(st, me, &step);
            if let Some(c) = c
                && st.check(&c).is_ok()
            {
                return Some(c);
            }
            return st.legal_commands().into_iter().next();
        }
        match st.phase() {
            Phase::Movement => self.movement(st),
            Phase::Combat => self.combat(st),
        }
    }
}
