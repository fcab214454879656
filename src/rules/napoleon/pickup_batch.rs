//! Army-list balance: many pick-up battles of the *Napoleon* rules, each
//! with orders of battle built by the computer from two army lists at
//! the agreed points [3.1], deployed by two computer players [3.2], and
//! played out by the heuristic players; win rates with 95% intervals by
//! list and by role (attacker, defender), and how the deployments went.
//!
//! Battle `i` of a batch with seed `S` always gets the same seeds,
//! whatever the number of threads, so a batch is reproducible exactly.

use crate::engine::Dice;
use crate::rules::napoleon::engine::deploy::{DeploymentLog, FeatureKind};
use crate::rules::napoleon::engine::{Board, Napoleon};
use crate::rules::napoleon::model::NapoleonOptions;
use crate::rules::napoleon::model::pickup::ArmyList;
use crate::rules::napoleon::player::pickup::{build_order, deploy_by_computers};
use crate::scenario::{Colour, MapSource};
use crate::sim::{GameResult, SimConfig, game_seed, play_game, wilson};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// What to run.
#[derive(Clone, Debug)]
pub struct PickupConfig {
    pub lists: [ArmyList; 2],
    pub points: u32,
    /// Battles to play: battle numbers `first..first + games`.
    pub games: u32,
    /// The first battle's number (a shard's range of a batch).
    pub first: u32,
    pub seed: u64,
    pub threads: usize,
    pub options: NapoleonOptions,
    /// The player of each list, in the lists' order (whichever attacks).
    pub players: [crate::ai::PlayerKind; 2],
    pub tuning: <Napoleon as crate::ai::Computer>::Tuning,
}

/// One battle's summary.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PickupGame {
    pub game: u32,
    pub seed: u64,
    /// The list (0 or 1) that attacked.
    pub attacker: u8,
    /// The list with cavalry superiority (N26), if any.
    pub superior: Option<u8>,
    pub result: GameResult,
    pub turn: u32,
    /// Features placed, by kind (village, forest, hill, difficult).
    pub features: [u32; 4],
    /// Forces that started on a feature they occupied in 3.2.2-3.2.6.
    pub occupied: [u32; 2],
    /// Units lost per list.
    pub losses: [u32; 2],
    /// Why the battle could not be built or deployed, if it could not.
    pub error: Option<String>,
}

/// Builds, deploys and plays battle `i`.
pub fn play_battle(cfg: &PickupConfig, i: u32) -> PickupGame {
    let seed = game_seed(cfg.seed, i);
    let mut g = PickupGame {
        game: i,
        seed,
        attacker: 0,
        superior: None,
        result: GameResult::Unfinished,
        turn: 0,
        features: [0; 4],
        occupied: [0; 2],
        losses: [0; 2],
        error: None,
    };
    let mut dice = Dice::new(seed ^ 0x0b0b);
    let mut orders = Vec::new();
    for l in &cfg.lists {
        match build_order(l, cfg.points, &cfg.options, &mut dice) {
            Ok(o) => orders.push(o),
            Err(e) => {
                g.error = Some(format!("{}: {}", l.name, e.join("; ")));
                return g;
            }
        }
    }
    let [a, b]: [_; 2] = match orders.try_into() {
        Ok(v) => v,
        Err(_) => return g,
    };
    let log = DeploymentLog {
        version: 1,
        seed,
        names: cfg.lists.clone().map(|l| l.name),
        colours: [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x30)],
        lists: cfg.lists.clone(),
        orders: [a, b],
        options: cfg.options.clone(),
        commands: Vec::new(),
        end: None,
    };
    let (d, log) = match deploy_by_computers(log) {
        Ok(v) => v,
        Err(e) => {
            g.error = Some(e.0);
            return g;
        }
    };
    g.attacker = d.attacker;
    g.superior = d.superior;
    for f in &d.features {
        if let Some(k) = FeatureKind::ALL.iter().position(|&k| k == f.kind) {
            g.features[k] += 1;
        }
    }
    for (side, cmd) in &log.commands {
        if let crate::rules::napoleon::engine::deploy::DeployCommand::PlaceFeature {
            force: Some(_),
            ..
        } = cmd
        {
            g.occupied[*side as usize] += 1;
        }
    }
    let s = d.scenario();
    let MapSource::Inline(map) = &s.map else {
        return g;
    };
    let board = match Board::new(&s, map) {
        Ok(b) => Arc::new(b),
        Err(e) => {
            g.error = Some(e.to_string());
            return g;
        }
    };
    let know = <Napoleon as crate::ai::Computer>::knowledge(board);
    let mut sim = SimConfig::<Napoleon>::new(1, seed);
    sim.max_commands = 20_000;
    // The battle's sides are the lists in order (side 0 is list 0).
    sim.players = cfg.players;
    sim.tuning = cfg.tuning.clone();
    let r = play_game(&know, &sim, 0);
    g.result = r.result;
    g.turn = r.turn;
    g.losses = r.losses;
    g
}

/// Runs a batch on `threads` threads, in battle order; `progress` after
/// each battle, `cancel` stops early (a prefix is returned).
pub fn run(
    cfg: &PickupConfig,
    progress: &(dyn Fn(u32) + Sync),
    cancel: &AtomicBool,
) -> Vec<PickupGame> {
    let next = AtomicU32::new(0);
    let done = AtomicU32::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.clamp(1, 256) {
            s.spawn(|| {
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= cfg.games {
                        break;
                    }
                    let g = play_battle(cfg, cfg.first + k);
                    results.lock().unwrap_or_else(|p| p.into_inner()).push(g);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut all = results.into_inner().unwrap_or_else(|p| p.into_inner());
    all.sort_by_key(|g| g.game);
    // Cancelled: keep the prefix before the first gap.
    let prefix = all
        .iter()
        .enumerate()
        .take_while(|(i, g)| g.game == cfg.first + *i as u32)
        .count();
    all.truncate(prefix);
    all
}

/// The counts a batch's report is made of: exact integers, so the
/// tallies of disjoint ranges of battles (shards) merge into the tally of
/// all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PickupTally {
    pub battles: u32,
    /// Battles that could not be set up, and the first three reasons.
    pub failed: u32,
    pub errors: Vec<(u32, String)>,
    pub wins: [u32; 2],
    pub draws: u32,
    pub unfinished: u32,
    pub attacker_wins: u32,
    pub defender_wins: u32,
    /// Per list: battles it attacked in, won attacking, won defending.
    pub attacked: [u32; 2],
    pub won_attacking: [u32; 2],
    pub won_defending: [u32; 2],
    /// Battles where each list had cavalry superiority (N26), and none.
    pub superior: [u32; 2],
    pub no_superior: u32,
    /// Sums over the battles played.
    pub occupied: [u64; 2],
    pub features: [u64; 4],
    pub turns: u64,
    pub losses: [u64; 2],
}

/// The reasons a report lists for battles that could not be set up.
const ERRORS_SHOWN: usize = 3;

impl PickupTally {
    pub fn add(&mut self, g: &PickupGame) {
        self.battles += 1;
        if let Some(e) = &g.error {
            self.failed += 1;
            if self.errors.len() < ERRORS_SHOWN {
                self.errors.push((g.game, e.clone()));
            }
            return;
        }
        match g.result {
            GameResult::Win(s) => {
                self.wins[s as usize & 1] += 1;
                if s == g.attacker {
                    self.attacker_wins += 1;
                    self.won_attacking[s as usize & 1] += 1;
                } else {
                    self.defender_wins += 1;
                    self.won_defending[s as usize & 1] += 1;
                }
            }
            GameResult::Draw => self.draws += 1,
            GameResult::Unfinished => self.unfinished += 1,
        }
        self.attacked[g.attacker as usize & 1] += 1;
        match g.superior {
            Some(s) => self.superior[s as usize & 1] += 1,
            None => self.no_superior += 1,
        }
        for s in 0..2 {
            self.occupied[s] += u64::from(g.occupied[s]);
            self.losses[s] += u64::from(g.losses[s]);
        }
        for (a, f) in self.features.iter_mut().zip(g.features) {
            *a += u64::from(f);
        }
        self.turns += u64::from(g.turn);
    }

    /// Adds the tally of the battles that follow this one's.
    pub fn merge(&mut self, o: &PickupTally) -> Result<(), String> {
        self.battles += o.battles;
        self.failed += o.failed;
        for e in &o.errors {
            if self.errors.len() < ERRORS_SHOWN {
                self.errors.push(e.clone());
            }
        }
        for s in 0..2 {
            self.wins[s] += o.wins[s];
            self.attacked[s] += o.attacked[s];
            self.won_attacking[s] += o.won_attacking[s];
            self.won_defending[s] += o.won_defending[s];
            self.superior[s] += o.superior[s];
            self.occupied[s] += o.occupied[s];
            self.losses[s] += o.losses[s];
        }
        for (a, b) in self.features.iter_mut().zip(o.features) {
            *a += b;
        }
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.attacker_wins += o.attacker_wins;
        self.defender_wins += o.defender_wins;
        self.no_superior += o.no_superior;
        self.turns += o.turns;
        Ok(())
    }

    /// The battles set up and played.
    pub fn played(&self) -> u32 {
        self.battles - self.failed
    }

    /// The batch in words: win rates with 95% intervals by list and by
    /// role, and how the deployments went.
    pub fn text(&self, names: [&str; 2], points: u32, seed: u64) -> String {
        let mut out = String::new();
        let pct = |k: u32, n: u32| {
            let w = wilson(k, n);
            format!(
                "{:5.1}% [{:4.1}-{:4.1}]",
                w.rate * 100.0,
                w.low * 100.0,
                w.high * 100.0
            )
        };
        let _ = writeln!(
            out,
            "{} [3.1][3.2]: {} against {} at {} (seed {seed})",
            crate::words::counted(self.battles, "pick-up battle", "pick-up battles"),
            names[0],
            names[1],
            crate::words::counted(points, "point", "points"),
        );
        if self.failed > 0 {
            let _ = writeln!(
                out,
                "{} could not be set up:",
                crate::words::counted(self.failed, "battle", "battles")
            );
            for (game, e) in &self.errors {
                let _ = writeln!(out, "  battle {game}: {e}");
            }
        }
        let m = self.played();
        let _ = writeln!(out, "\nBy list (95% Wilson intervals):");
        for (s, name) in names.iter().enumerate() {
            let _ = writeln!(out, "  {:<22} wins {}", name, pct(self.wins[s], m));
        }
        let _ = writeln!(out, "  {:<22}      {}", "draws", pct(self.draws, m));
        if self.unfinished > 0 {
            let _ = writeln!(out, "  unfinished: {}", self.unfinished);
        }
        let _ = writeln!(out, "\nBy role:");
        let _ = writeln!(out, "  attacker wins {}", pct(self.attacker_wins, m));
        let _ = writeln!(out, "  defender wins {}", pct(self.defender_wins, m));
        for (s, name) in names.iter().enumerate() {
            let attacked = self.attacked[s];
            let _ = writeln!(
                out,
                "  {}: attacked in {attacked} (won {}), defended in {} (won {})",
                name,
                pct(self.won_attacking[s], attacked),
                m - attacked,
                pct(self.won_defending[s], m - attacked)
            );
        }
        let per = |x: u64| x as f64 / m.max(1) as f64;
        let _ = writeln!(out, "\nDeployments [3.2]:");
        for (s, name) in names.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}: cavalry superiority in {}, {:.2} forces a battle placed on a feature",
                name,
                self.superior[s],
                per(self.occupied[s])
            );
        }
        let _ = writeln!(out, "  no cavalry superiority (N26): {}", self.no_superior);
        let feats: Vec<String> = FeatureKind::ALL
            .iter()
            .zip(self.features)
            .map(|(k, t)| format!("{} {:.2}", k.name(), per(t)))
            .collect();
        let _ = writeln!(out, "  features a battle: {}", feats.join(", "));
        let _ = writeln!(
            out,
            "  battles lasted {:.1} turns on average",
            per(self.turns)
        );
        for (s, name) in names.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {} lost {:.1} units a battle",
                name,
                per(self.losses[s])
            );
        }
        out
    }
}

/// The batch in words (see [`PickupTally::text`]).
pub fn report(cfg: &PickupConfig, games: &[PickupGame]) -> String {
    let mut t = PickupTally::default();
    for g in games {
        t.add(g);
    }
    t.text(
        [&cfg.lists[0].name, &cfg.lists[1].name],
        cfg.points,
        cfg.seed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::napoleon::model::pickup::shipped_lists;

    fn cfg(games: u32, threads: usize) -> PickupConfig {
        let l = shipped_lists();
        PickupConfig {
            lists: [l[0].clone(), l[1].clone()],
            points: 600,
            games,
            first: 0,
            seed: 3,
            threads,
            options: NapoleonOptions::default(),
            players: [crate::ai::PlayerKind::Heuristic; 2],
            tuning: Default::default(),
        }
    }

    #[test]
    fn pickup_batches_are_set_up_played_and_reproducible_whatever_the_threads() {
        let never = AtomicBool::new(false);
        let one = run(&cfg(6, 1), &|_| {}, &never);
        let two = run(&cfg(6, 2), &|_| {}, &never);
        assert_eq!(one, two);
        assert_eq!(one.len(), 6);
        for g in &one {
            assert_eq!(g.error, None, "battle {}", g.game);
            assert!(g.features.iter().sum::<u32>() >= 3, "{g:?}");
        }
        let text = report(&cfg(6, 1), &one);
        assert!(
            text.contains("By role:") && text.contains("attacker wins"),
            "{text}"
        );
    }
}
