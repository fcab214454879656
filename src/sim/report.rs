//! Summaries of a batch: rates with 95% confidence intervals, means and
//! spreads, the turn games were decided on, and a breakdown by variant
//! chits. The CLI prints it; the editor's Balance panel plots it.

use super::{GameResult, GameSummary};
use crate::engine::naw::Board;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval (z = 1.96) for `k` successes in `n` trials;
/// unlike the normal approximation it stays inside [0, 1] and behaves at
/// rates of 0 and 1.
pub fn wilson(k: u32, n: u32) -> Interval {
    if n == 0 {
        return Interval {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_964_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    Interval {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Mean, standard deviation and range of a quantity over the games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
}

impl Spread {
    pub fn of(values: impl Iterator<Item = u32>) -> Spread {
        let v: Vec<u32> = values.collect();
        if v.is_empty() {
            return Spread {
                mean: 0.0,
                sd: 0.0,
                min: 0,
                max: 0,
            };
        }
        let n = v.len() as f64;
        let mean = v.iter().map(|&x| x as f64).sum::<f64>() / n;
        let var = v.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Spread {
            mean,
            sd: var.sqrt(),
            min: v.iter().copied().min().unwrap_or(0),
            max: v.iter().copied().max().unwrap_or(0),
        }
    }
}

/// Results of the games in which one side drew one variant chit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChitRow {
    pub chit: u32,
    pub games: u32,
    pub wins: [u32; 2],
    pub draws: u32,
}

/// Everything a batch says about the scenario's balance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u32,
    pub sides: [String; 2],
    pub thresholds: [u32; 2],
    pub wins: [u32; 2],
    pub draws: u32,
    pub unfinished: u32,
    pub win_rate: [Interval; 2],
    pub draw_rate: Interval,
    pub losses: [Spread; 2],
    /// Units exited by each side.
    pub exited: [Spread; 2],
    /// Games decided (won) on each Game-Turn, index 0 = turn 1.
    pub decided_on_turn: Vec<[u32; 2]>,
    /// Losses per side in bins of 5 strength points (index 0 = 0-4).
    pub loss_histogram: [Vec<u32>; 2],
    /// Per side, results by the chit that side drew.
    pub by_chit: [Vec<ChitRow>; 2],
}

impl Report {
    pub fn new(board: &Board, games: &[GameSummary]) -> Report {
        let n = games.len() as u32;
        let mut wins = [0u32; 2];
        let mut draws = 0;
        let mut unfinished = 0;
        let mut decided_on_turn = vec![[0u32; 2]; board.turns.max(1) as usize];
        let bins = |t: u32| (t.max(1) as usize).div_ceil(5) + 2;
        let mut loss_histogram = [
            vec![0u32; bins(board.thresholds[0])],
            vec![0u32; bins(board.thresholds[1])],
        ];
        let mut chits: [BTreeMap<u32, ChitRow>; 2] = [BTreeMap::new(), BTreeMap::new()];
        for g in games {
            match g.result {
                GameResult::Win(s) => {
                    wins[s as usize] += 1;
                    let t = (g.turn.max(1) as usize - 1).min(decided_on_turn.len() - 1);
                    decided_on_turn[t][s as usize] += 1;
                }
                GameResult::Draw => draws += 1,
                GameResult::Unfinished => unfinished += 1,
            }
            for (h, &lost) in loss_histogram.iter_mut().zip(&g.losses) {
                let i = (lost as usize / 5).min(h.len() - 1);
                h[i] += 1;
            }
            for (by_side, &c) in chits.iter_mut().zip(g.chits.iter().flatten()) {
                let row = by_side.entry(c).or_insert(ChitRow {
                    chit: c,
                    games: 0,
                    wins: [0; 2],
                    draws: 0,
                });
                row.games += 1;
                match g.result {
                    GameResult::Win(s) => row.wins[s as usize] += 1,
                    GameResult::Draw => row.draws += 1,
                    GameResult::Unfinished => {}
                }
            }
        }
        Report {
            games: n,
            sides: board.side_names.clone(),
            thresholds: board.thresholds,
            wins,
            draws,
            unfinished,
            win_rate: [wilson(wins[0], n), wilson(wins[1], n)],
            draw_rate: wilson(draws, n),
            losses: [
                Spread::of(games.iter().map(|g| g.losses[0])),
                Spread::of(games.iter().map(|g| g.losses[1])),
            ],
            exited: [
                Spread::of(games.iter().map(|g| g.exited[0])),
                Spread::of(games.iter().map(|g| g.exited[1])),
            ],
            decided_on_turn,
            loss_histogram,
            by_chit: chits.map(|c| c.into_values().collect()),
        }
    }

    /// The report as the CLI prints it.
    pub fn text(&self) -> String {
        let pct = |x: f64| format!("{:5.1}%", x * 100.0);
        let iv =
            |i: &Interval| format!("{} (95% CI {} - {})", pct(i.rate), pct(i.low), pct(i.high));
        let mut s = String::new();
        let _ = writeln!(s, "{} games", self.games);
        for side in 0..2 {
            let _ = writeln!(
                s,
                "  {:<10} wins {:>6}  {}",
                self.sides[side],
                self.wins[side],
                iv(&self.win_rate[side])
            );
        }
        let _ = writeln!(
            s,
            "  {:<10} {:>11}  {}",
            "draws",
            self.draws,
            iv(&self.draw_rate)
        );
        if self.unfinished > 0 {
            let _ = writeln!(s, "  unfinished (command limit): {}", self.unfinished);
        }
        let _ = writeln!(s, "strength points lost (mean ± sd, range; threshold):");
        for side in 0..2 {
            let l = &self.losses[side];
            let _ = writeln!(
                s,
                "  {:<10} {:5.1} ± {:4.1}  ({}-{}; {})",
                self.sides[side], l.mean, l.sd, l.min, l.max, self.thresholds[side]
            );
        }
        for side in 0..2 {
            let e = &self.exited[side];
            if e.max > 0 {
                let _ = writeln!(
                    s,
                    "units exited by {}: {:.2} ± {:.2} (max {})",
                    self.sides[side], e.mean, e.sd, e.max
                );
            }
        }
        let _ = writeln!(s, "games decided on Game-Turn:");
        let _ = write!(s, "  {:<10}", "turn");
        for t in 1..=self.decided_on_turn.len() {
            let _ = write!(s, "{t:>6}");
        }
        let _ = writeln!(s);
        for side in 0..2 {
            let _ = write!(s, "  {:<10}", self.sides[side]);
            for row in &self.decided_on_turn {
                let _ = write!(s, "{:>6}", row[side]);
            }
            let _ = writeln!(s);
        }
        for side in 0..2 {
            if self.by_chit[side].is_empty() {
                continue;
            }
            let _ = writeln!(
                s,
                "by {} variant chit:      games  {:>8} {:>8}    draws",
                self.sides[side], self.sides[0], self.sides[1]
            );
            for r in &self.by_chit[side] {
                let g = r.games.max(1) as f64;
                let _ = writeln!(
                    s,
                    "  chit {}  {:>20}  {:>8} {:>8}  {:>7}",
                    r.chit,
                    r.games,
                    pct(r.wins[0] as f64 / g),
                    pct(r.wins[1] as f64 / g),
                    pct(r.draws as f64 / g)
                );
            }
        }
        s
    }
}
