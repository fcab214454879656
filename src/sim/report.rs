//! Summaries of a batch: rates with 95% confidence intervals, means and
//! spreads, the turn games were decided on, and a breakdown by variant
//! chits. The CLI prints it; the editor's Balance panel plots it.

use super::{GameResult, GameSummary};
use crate::engine::Rules;
use serde::{Deserialize, Serialize};
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
        let mut r = Sums::default();
        for v in values {
            r.add(v);
        }
        r.spread()
    }
}

/// A quantity's count, sum, sum of squares and range, kept as exact
/// integers as values arrive: two batches' sums add up to the sums of
/// both, so shards merged give the report of one run to the last digit
/// (a running floating mean would differ in the last places with the
/// order of the games). Nothing is stored per value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    n: u64,
    sum: u64,
    /// Stored as a decimal string: JSON numbers do not hold 128 bits.
    #[serde(with = "u128_text")]
    squares: u128,
    min: u32,
    max: u32,
}

impl Sums {
    fn add(&mut self, x: u32) {
        if self.n == 0 {
            (self.min, self.max) = (x, x);
        } else {
            self.min = self.min.min(x);
            self.max = self.max.max(x);
        }
        self.n += 1;
        self.sum = self.sum.saturating_add(u64::from(x));
        let x = u128::from(x);
        self.squares = self.squares.saturating_add(x * x);
    }

    /// Adds another batch's sums.
    fn merge(&mut self, o: &Sums) {
        if o.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = *o;
            return;
        }
        self.n += o.n;
        self.sum = self.sum.saturating_add(o.sum);
        self.squares = self.squares.saturating_add(o.squares);
        self.min = self.min.min(o.min);
        self.max = self.max.max(o.max);
    }

    fn spread(&self) -> Spread {
        if self.n == 0 {
            return Spread {
                mean: 0.0,
                sd: 0.0,
                min: 0,
                max: 0,
            };
        }
        let n = self.n as f64;
        // n·Σx² − (Σx)² is exact in integers while it fits (values are
        // counts of units and turns, far below the limit); the variance
        // is that over n(n−1).
        let (n_i, s_i) = (u128::from(self.n), u128::from(self.sum));
        let spread2 = n_i
            .checked_mul(self.squares)
            .zip(s_i.checked_mul(s_i))
            .map(|(a, b)| a.saturating_sub(b) as f64)
            .unwrap_or_else(|| (n * self.squares as f64 - (self.sum as f64).powi(2)).max(0.0));
        let var = spread2 / (n * (n - 1.0).max(1.0));
        Spread {
            mean: self.sum as f64 / n,
            sd: var.max(0.0).sqrt(),
            min: self.min,
            max: self.max,
        }
    }
}

/// A `u128` as a decimal string in JSON and RON.
mod u128_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(v: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("`{text}` is not a whole number")))
    }
}

/// Results of the games in which one side drew one variant chit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// What losses are counted in ("strength points", "units").
    pub loss_unit: String,
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
    /// Losses per side in bins of 5 (`loss_unit`; index 0 = 0-4).
    pub loss_histogram: [Vec<u32>; 2],
    /// Per side, results by the chit that side drew.
    pub by_chit: [Vec<ChitRow>; 2],
    /// The rule set's own counts per game (impulses, break tests...):
    /// their words (with the side's name) and spread.
    pub counters: Vec<(String, Spread)>,
}

/// A report being built as games finish: add each game's summary, then
/// `finish`. Holds exact counts only, never the games; two tallies of
/// disjoint games of the same batch [`merge`](Tally::merge) into the tally
/// of both, and serialize for a shard file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    games: u32,
    sides: [String; 2],
    thresholds: [u32; 2],
    loss_unit: String,
    wins: [u32; 2],
    draws: u32,
    unfinished: u32,
    losses: [Sums; 2],
    exited: [Sums; 2],
    decided_on_turn: Vec<[u32; 2]>,
    loss_histogram: [Vec<u32>; 2],
    chits: [BTreeMap<u32, ChitRow>; 2],
    /// The rule set's counters in the order first met, by (name, side).
    counters: Vec<((String, Option<u8>), Sums)>,
}

impl Tally {
    pub fn new<R: Rules>(board: &R::Board) -> Tally {
        let bins = |t: u32| (t.max(1) as usize).div_ceil(5).min(10_000) + 2;
        let scale = R::batch_scale(board);
        Tally {
            games: 0,
            sides: scale.sides,
            thresholds: scale.thresholds,
            loss_unit: scale.loss_unit.to_string(),
            wins: [0; 2],
            draws: 0,
            unfinished: 0,
            losses: Default::default(),
            exited: Default::default(),
            decided_on_turn: vec![[0u32; 2]; scale.turns.clamp(1, 10_000) as usize],
            loss_histogram: [
                vec![0u32; bins(scale.loss_limits[0])],
                vec![0u32; bins(scale.loss_limits[1])],
            ],
            chits: [BTreeMap::new(), BTreeMap::new()],
            counters: Vec::new(),
        }
    }

    /// The sides' names.
    pub fn sides(&self) -> &[String; 2] {
        &self.sides
    }

    /// The games added so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The widest half-width of the sides' win rates' 95% intervals, as a
    /// fraction (1 before any game).
    pub fn half_width(&self) -> f64 {
        self.wins
            .iter()
            .map(|&w| {
                let i = wilson(w, self.games);
                (i.high - i.low) / 2.0
            })
            .fold(0.0, f64::max)
    }

    pub fn add(&mut self, g: &GameSummary) {
        self.games += 1;
        match g.result {
            GameResult::Win(s) => {
                self.wins[s as usize] += 1;
                let last = self.decided_on_turn.len() - 1;
                let t = (g.turn.max(1) as usize - 1).min(last);
                self.decided_on_turn[t][s as usize] += 1;
            }
            GameResult::Draw => self.draws += 1,
            GameResult::Unfinished => self.unfinished += 1,
        }
        for side in 0..2 {
            self.losses[side].add(g.losses[side]);
            self.exited[side].add(g.exited[side]);
            let h = &mut self.loss_histogram[side];
            let i = (g.losses[side] as usize / 5).min(h.len() - 1);
            h[i] += 1;
        }
        for (name, side, value) in &g.counters {
            match self
                .counters
                .iter_mut()
                .find(|((n, s), _)| n == name && s == side)
            {
                Some((_, r)) => r.add(*value),
                None => {
                    let mut r = Sums::default();
                    r.add(*value);
                    self.counters.push(((name.clone(), *side), r));
                }
            }
        }
        for (by_side, &c) in self.chits.iter_mut().zip(g.chits.iter().flatten()) {
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

    /// Adds the tally of the games that follow this one's (a later shard
    /// of the same batch): the result is the tally of all of them, equal
    /// to one tally of every game added in order. Refuses a tally of
    /// another scenario.
    pub fn merge(&mut self, o: &Tally) -> Result<(), String> {
        if self.sides != o.sides
            || self.thresholds != o.thresholds
            || self.loss_unit != o.loss_unit
            || self.decided_on_turn.len() != o.decided_on_turn.len()
            || self.loss_histogram.each_ref().map(Vec::len)
                != o.loss_histogram.each_ref().map(Vec::len)
        {
            return Err(format!(
                "the tallies are of different scenarios ({} against {}, and {} against {})",
                self.sides[0], self.sides[1], o.sides[0], o.sides[1]
            ));
        }
        self.games += o.games;
        for s in 0..2 {
            self.wins[s] += o.wins[s];
            self.losses[s].merge(&o.losses[s]);
            self.exited[s].merge(&o.exited[s]);
            for (a, b) in self.loss_histogram[s].iter_mut().zip(&o.loss_histogram[s]) {
                *a += b;
            }
            for (chit, row) in &o.chits[s] {
                let mine = self.chits[s].entry(*chit).or_insert(ChitRow {
                    chit: *chit,
                    games: 0,
                    wins: [0; 2],
                    draws: 0,
                });
                mine.games += row.games;
                mine.wins[0] += row.wins[0];
                mine.wins[1] += row.wins[1];
                mine.draws += row.draws;
            }
        }
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        for (a, b) in self.decided_on_turn.iter_mut().zip(&o.decided_on_turn) {
            a[0] += b[0];
            a[1] += b[1];
        }
        // In the order first met: this tally's games come first.
        for (key, sums) in &o.counters {
            match self.counters.iter_mut().find(|(k, _)| k == key) {
                Some((_, mine)) => mine.merge(sums),
                None => self.counters.push((key.clone(), *sums)),
            }
        }
        Ok(())
    }

    pub fn finish(self) -> Report {
        let n = self.games;
        let counters = self
            .counters
            .iter()
            .map(|((name, side), r)| {
                let words = match side {
                    Some(s) => format!("{name} by {}", self.sides[*s as usize & 1]),
                    None => name.clone(),
                };
                (words, r.spread())
            })
            .collect();
        Report {
            games: n,
            sides: self.sides,
            thresholds: self.thresholds,
            loss_unit: self.loss_unit,
            wins: self.wins,
            draws: self.draws,
            unfinished: self.unfinished,
            win_rate: [wilson(self.wins[0], n), wilson(self.wins[1], n)],
            draw_rate: wilson(self.draws, n),
            losses: self.losses.map(|r| r.spread()),
            exited: self.exited.map(|r| r.spread()),
            decided_on_turn: self.decided_on_turn,
            loss_histogram: self.loss_histogram,
            by_chit: self.chits.map(|c| c.into_values().collect()),
            counters,
        }
    }
}

impl Report {
    pub fn new<R: Rules>(board: &R::Board, games: &[GameSummary]) -> Report {
        let mut t = Tally::new::<R>(board);
        for g in games {
            t.add(g);
        }
        t.finish()
    }

    /// The report as the CLI prints it.
    pub fn text(&self) -> String {
        let pct = |x: f64| format!("{:5.1}%", x * 100.0);
        let iv =
            |i: &Interval| format!("{} (95% CI {} - {})", pct(i.rate), pct(i.low), pct(i.high));
        let mut s = String::new();
        let _ = writeln!(s, "{}", crate::words::counted(self.games, "game", "games"));
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
        let _ = writeln!(s, "{} lost (mean ± sd, range; threshold):", self.loss_unit);
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
        if !self.counters.is_empty() {
            let _ = writeln!(s, "per game (mean ± sd, range):");
            for (name, c) in &self.counters {
                let _ = writeln!(
                    s,
                    "  {name:<36} {:6.2} ± {:5.2}  ({}-{})",
                    c.mean, c.sd, c.min, c.max
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
