//! Paired seats (`--swap-seats`): each game played twice with the same
//! dice, the second time with the players exchanged, so what a side is
//! worth and what a player is worth can be told apart. Scores are win 1,
//! draw ½, loss 0 (a game stopped at the command limit scores ½); the
//! intervals are paired ones, over games, so the luck both plays of a game
//! share cancels out.

use super::{GameResult, GameSummary, Interval, Tally};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The score of the first side in halves: 2 a win, 1 a draw, 0 a loss.
fn halves(r: GameResult) -> usize {
    match r {
        GameResult::Win(0) => 2,
        GameResult::Win(_) => 0,
        GameResult::Draw | GameResult::Unfinished => 1,
    }
}

/// How the games' two plays ended, counted: `pairs[x][y]` is the number of
/// games in which the first side scored `x` halves as played straight and
/// `y` halves with the players exchanged. Exact integers: shards add up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paired {
    pub pairs: [[u32; 3]; 3],
}

/// A mean with its 95% interval.
fn mean_interval(values: impl Iterator<Item = (f64, u32)>, pad: [f64; 2]) -> Interval {
    // Mean of the observations; the variance with one observation at
    // each end of the range added (as Agresti and Coull pad a
    // proportion), so a batch where every game went one way keeps an
    // honest width instead of none.
    let (mut n, mut sum, mut sq) = (0.0, 0.0, 0.0);
    for (v, k) in values {
        let k = k as f64;
        n += k;
        sum += v * k;
        sq += v * v * k;
    }
    if n == 0.0 {
        return Interval {
            rate: 0.0,
            low: pad[0],
            high: pad[1],
        };
    }
    let mean = sum / n;
    let (pn, psum, psq) = (
        n + 2.0,
        sum + pad[0] + pad[1],
        sq + pad[0] * pad[0] + pad[1] * pad[1],
    );
    let pmean = psum / pn;
    let var = ((psq - pn * pmean * pmean) / (pn - 1.0)).max(0.0);
    let half = 1.959_964 * (var / n).sqrt();
    Interval {
        rate: mean,
        low: (mean - half).max(pad[0]),
        high: (mean + half).min(pad[1]),
    }
}

/// What the paired plays say.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedReport {
    pub games: u32,
    /// The first side's mean score over both seatings: what the side is
    /// worth whoever plays it (0.5 is an even side).
    pub side_score: Interval,
    /// The first seat's player's mean score over both seatings: what the
    /// player is worth whichever side it plays (0.5: no better).
    pub player_score: Interval,
    /// How much the first side's score changes when the players are
    /// exchanged (straight minus swapped): the seat effect, paired by game.
    pub seat_difference: Interval,
}

impl Paired {
    pub fn add(&mut self, straight: GameResult, swapped: GameResult) {
        self.pairs[halves(straight)][halves(swapped)] += 1;
    }

    pub fn merge(&mut self, o: &Paired) {
        for (a, b) in self.pairs.iter_mut().zip(&o.pairs) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    pub fn games(&self) -> u32 {
        self.pairs.iter().flatten().sum()
    }

    /// The mean over the games of `f(x, y)` (the two plays' first-side
    /// scores in halves), with its paired 95% interval inside `range`.
    pub fn mean_of(&self, f: impl Fn(usize, usize) -> f64, range: [f64; 2]) -> Interval {
        mean_interval(
            (0..3)
                .flat_map(|x| (0..3).map(move |y| (x, y)))
                .map(|(x, y)| (f(x, y), self.pairs[x][y])),
            range,
        )
    }

    fn cells(&self) -> impl Iterator<Item = (f64, f64, u32)> + '_ {
        (0..3).flat_map(move |x| {
            (0..3).map(move |y| (x as f64 / 2.0, y as f64 / 2.0, self.pairs[x][y]))
        })
    }

    pub fn report(&self) -> PairedReport {
        PairedReport {
            games: self.games(),
            side_score: mean_interval(self.cells().map(|(x, y, k)| ((x + y) / 2.0, k)), [0.0, 1.0]),
            player_score: mean_interval(
                self.cells().map(|(x, y, k)| ((x + 1.0 - y) / 2.0, k)),
                [0.0, 1.0],
            ),
            seat_difference: mean_interval(self.cells().map(|(x, y, k)| (x - y, k)), [-1.0, 1.0]),
        }
    }
}

impl PairedReport {
    /// In words: `sides` the sides' names, `players` the batch's players
    /// as seated in the straight plays.
    pub fn text(&self, sides: &[String; 2], players: [&str; 2]) -> String {
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        let pts = |x: f64| format!("{:+.1}", x * 100.0);
        let noise = |i: &Interval, mid: f64| {
            if i.low <= mid && mid <= i.high {
                "  (within noise)"
            } else {
                ""
            }
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Paired seats: {}, each played twice with the same dice, the second time with the players exchanged",
            crate::words::counted(self.games, "game", "games")
        );
        let _ = writeln!(s, "(score: win 1, draw 1/2, loss 0; paired 95% intervals):");
        let side = &self.side_score;
        let _ = writeln!(
            s,
            "  the side:   {} scores {} [{}-{}] whoever plays it: {} points [{} to {}] against an even side{}", // count: signed decimals
            sides[0],
            pct(side.rate),
            pct(side.low),
            pct(side.high),
            pts(side.rate - 0.5),
            pts(side.low - 0.5),
            pts(side.high - 0.5),
            noise(side, 0.5)
        );
        let p = &self.player_score;
        let _ = writeln!(
            s,
            "  the player: {} scores {} [{}-{}] against {} whichever side it plays: {} points [{} to {}]{}", // count: signed decimals
            players[0],
            pct(p.rate),
            pct(p.low),
            pct(p.high),
            players[1],
            pts(p.rate - 0.5),
            pts(p.low - 0.5),
            pts(p.high - 0.5),
            noise(p, 0.5)
        );
        let d = &self.seat_difference;
        let (way, lo, hi) = if d.rate >= 0.0 {
            ("higher", d.low, d.high)
        } else {
            ("lower", -d.high, -d.low)
        };
        let _ = writeln!(
            s,
            "  seat effect: {}'s score is {:.1} points [{:.1} to {:.1}] {way} with {} as {} than with {} as {} (paired difference){}",
            sides[0],
            d.rate.abs() * 100.0,
            lo * 100.0,
            hi * 100.0,
            players[0],
            sides[0],
            players[1],
            sides[0],
            noise(d, 0.0)
        );
        // Whose is the result: the side's worth against the player's.
        let side_pts = (side.rate - 0.5) * 100.0;
        let player_pts = (p.rate - 0.5) * 100.0;
        let favoured = if side_pts >= 0.0 { 0 } else { 1 };
        let better = if player_pts >= 0.0 { 0 } else { 1 };
        let side_words = if noise(side, 0.5).is_empty() {
            format!(
                "the side favours {} by {:.1} points",
                sides[favoured],
                side_pts.abs()
            )
        } else {
            "the sides are even within noise".to_string()
        };
        let player_words = if noise(p, 0.5).is_empty() {
            format!(
                "{} is worth {:.1} points over {} on either side",
                players[better],
                player_pts.abs(),
                players[1 - better]
            )
        } else {
            "the players are equal within noise".to_string()
        };
        let _ = writeln!(
            s,
            "  so: {side_words}; {player_words}; {} of the difference between the two plays is the player's",
            if player_pts.abs() >= side_pts.abs() {
                "most"
            } else {
                "less than half"
            }
        );
        s
    }
}

/// The tally of a batch: the games as played and, with swapped seats, the
/// games with the players exchanged and the pairs. A game is counted once
/// both its plays are in, so a stopped batch holds whole pairs only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchTally {
    pub straight: Tally,
    pub swapped: Option<Tally>,
    pub paired: Option<Paired>,
    /// A straight play waiting for its exchanged twin.
    #[serde(skip)]
    pending: Option<Box<GameSummary>>,
}

impl BatchTally {
    /// A tally of a batch with the first tally given (`swap_seats`: the
    /// batch plays each game both ways).
    pub fn new(first: Tally, swap_seats: bool) -> BatchTally {
        BatchTally {
            swapped: swap_seats.then(|| first.clone()),
            paired: swap_seats.then(Paired::default),
            straight: first,
            pending: None,
        }
    }

    pub fn add(&mut self, g: &GameSummary) {
        let (Some(swapped), Some(paired)) = (&mut self.swapped, &mut self.paired) else {
            self.straight.add(g);
            return;
        };
        if !g.swapped {
            self.pending = Some(Box::new(g.clone()));
            return;
        }
        // Plays arrive in order, each game's straight play first.
        if let Some(first) = self.pending.take()
            && first.game == g.game
        {
            self.straight.add(&first);
            swapped.add(g);
            paired.add(first.result, g.result);
        }
    }

    /// No play is waiting for its twin.
    pub fn complete(&self) -> bool {
        self.pending.is_none()
    }

    /// The games counted (with swapped seats, each counts both its plays).
    pub fn games(&self) -> u32 {
        self.straight.games()
    }

    /// The widest half-width of any win rate's 95% interval, as a fraction.
    pub fn half_width(&self) -> f64 {
        let other = self.swapped.as_ref().map_or(0.0, Tally::half_width);
        self.straight.half_width().max(other)
    }

    /// Adds the tally of the games that follow this one's.
    pub fn merge(&mut self, o: &BatchTally) -> Result<(), String> {
        self.straight.merge(&o.straight)?;
        match (&mut self.swapped, &o.swapped, &mut self.paired, &o.paired) {
            (Some(a), Some(b), Some(p), Some(q)) => {
                a.merge(b)?;
                p.merge(q);
            }
            (None, None, None, None) => {}
            _ => return Err("one tally has swapped seats and the other not".into()),
        }
        Ok(())
    }
}
