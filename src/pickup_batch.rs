//! Army-list balance: many pick-up battles of the *Napoleon* rules, each
//! with orders of battle built by the computer from two army lists at
//! the agreed points [3.1], deployed by two computer players [3.2], and
//! played out by the heuristic players; win rates with 95% intervals by
//! list and by role (attacker, defender), and how the deployments went.
//!
//! Battle `i` of a batch with seed `S` always gets the same seeds,
//! whatever the number of threads, so a batch is reproducible exactly.

use crate::ai::pickup::{build_order, deploy_by_computers};
use crate::engine::Dice;
use crate::engine::napoleon::deploy::{DeploymentLog, FeatureKind};
use crate::engine::napoleon::{Board, Napoleon};
use crate::scenario::pickup::ArmyList;
use crate::scenario::{Colour, MapSource, NapoleonOptions};
use crate::sim::{GameResult, SimConfig, game_seed, play_game, wilson};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// What to run.
#[derive(Clone, Debug)]
pub struct PickupConfig {
    pub lists: [ArmyList; 2],
    pub points: u32,
    pub games: u32,
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
        if let crate::engine::napoleon::deploy::DeployCommand::PlaceFeature {
            force: Some(_), ..
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
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let g = play_battle(cfg, i);
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
        .take_while(|(i, g)| g.game == *i as u32)
        .count();
    all.truncate(prefix);
    all
}

/// The batch in words: win rates with 95% intervals by list and by role,
/// and how the deployments went.
pub fn report(cfg: &PickupConfig, games: &[PickupGame]) -> String {
    let mut out = String::new();
    let n = games.len() as u32;
    let names = [&cfg.lists[0].name, &cfg.lists[1].name];
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
        "{} [3.1][3.2]: {} against {} at {} (seed {})",
        crate::words::counted(n, "pick-up battle", "pick-up battles"),
        names[0],
        names[1],
        crate::words::counted(cfg.points, "point", "points"),
        cfg.seed
    );
    let failed = games.iter().filter(|g| g.error.is_some()).count();
    if failed > 0 {
        let _ = writeln!(
            out,
            "{} could not be set up:",
            crate::words::counted(failed, "battle", "battles")
        );
        for g in games.iter().filter(|g| g.error.is_some()).take(3) {
            let _ = writeln!(
                out,
                "  battle {}: {}",
                g.game,
                g.error.as_deref().unwrap_or("")
            );
        }
    }
    let played: Vec<&PickupGame> = games.iter().filter(|g| g.error.is_none()).collect();
    let m = played.len() as u32;
    let wins = |side: u8| {
        played
            .iter()
            .filter(|g| g.result == GameResult::Win(side))
            .count() as u32
    };
    let _ = writeln!(out, "\nBy list (95% Wilson intervals):");
    for s in 0..2u8 {
        let _ = writeln!(out, "  {:<22} wins {}", names[s as usize], pct(wins(s), m));
    }
    let draws = played
        .iter()
        .filter(|g| g.result == GameResult::Draw)
        .count() as u32;
    let unfinished = played
        .iter()
        .filter(|g| g.result == GameResult::Unfinished)
        .count() as u32;
    let _ = writeln!(out, "  {:<22}      {}", "draws", pct(draws, m));
    if unfinished > 0 {
        let _ = writeln!(out, "  unfinished: {unfinished}");
    }
    let _ = writeln!(out, "\nBy role:");
    let att_wins = played
        .iter()
        .filter(|g| g.result == GameResult::Win(g.attacker))
        .count() as u32;
    let def_wins = played
        .iter()
        .filter(|g| g.result == GameResult::Win(1 - g.attacker))
        .count() as u32;
    let _ = writeln!(out, "  attacker wins {}", pct(att_wins, m));
    let _ = writeln!(out, "  defender wins {}", pct(def_wins, m));
    for s in 0..2u8 {
        let attacked: Vec<_> = played.iter().filter(|g| g.attacker == s).collect();
        let k = attacked
            .iter()
            .filter(|g| g.result == GameResult::Win(s))
            .count() as u32;
        let dk = played
            .iter()
            .filter(|g| g.attacker != s && g.result == GameResult::Win(s))
            .count() as u32;
        let _ = writeln!(
            out,
            "  {}: attacked in {} (won {}), defended in {} (won {})",
            names[s as usize],
            attacked.len(),
            pct(k, attacked.len() as u32),
            m - attacked.len() as u32,
            pct(dk, m - attacked.len() as u32)
        );
    }
    let _ = writeln!(out, "\nDeployments [3.2]:");
    for s in 0..2u8 {
        let sup = played.iter().filter(|g| g.superior == Some(s)).count();
        let occ: u32 = played.iter().map(|g| g.occupied[s as usize]).sum();
        let _ = writeln!(
            out,
            "  {}: cavalry superiority in {sup}, {:.2} forces a battle placed on a feature",
            names[s as usize],
            occ as f64 / m.max(1) as f64
        );
    }
    let _ = writeln!(
        out,
        "  no cavalry superiority (N26): {}",
        played.iter().filter(|g| g.superior.is_none()).count()
    );
    let feats: Vec<String> = FeatureKind::ALL
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let t: u32 = played.iter().map(|g| g.features[i]).sum();
            format!("{} {:.2}", k.name(), t as f64 / m.max(1) as f64)
        })
        .collect();
    let _ = writeln!(out, "  features a battle: {}", feats.join(", "));
    let turns: u32 = played.iter().map(|g| g.turn).sum();
    let _ = writeln!(
        out,
        "  battles lasted {:.1} turns on average",
        turns as f64 / m.max(1) as f64
    );
    for (s, name) in names.iter().enumerate() {
        let l: u32 = played.iter().map(|g| g.losses[s]).sum();
        let _ = writeln!(
            out,
            "  {} lost {:.1} units a battle",
            name,
            l as f64 / m.max(1) as f64
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::pickup::shipped_lists;

    fn cfg(games: u32, threads: usize) -> PickupConfig {
        let l = shipped_lists();
        PickupConfig {
            lists: [l[0].clone(), l[1].clone()],
            points: 600,
            games,
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
