//! The skill ladder: computer players of rising strength (random,
//! heuristic, search at one or more budgets) play each other from both
//! seats, and a Bradley-Terry fit turns the results into Elo-style
//! ratings with 95% intervals; the same player on both sides gives the
//! scenario's balance at each rung, flagged when it changes with skill.
//!
//! Functional core: the games are `sim::run` batches (the same seeds for
//! every pairing, so pairings meet the same luck), and the report is a
//! pure function of their results.

use super::{GameResult, GameSummary, Interval, SimConfig, wilson};
use crate::ai::{Computer, PlayerKind};
use serde::Serialize;
use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Elo points per unit of the logistic scale.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// The results of one pairing: `first` plays the scenario's first side,
/// `second` the other.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
    pub games: u32,
    /// Wins of the first side's player and of the second's.
    pub wins: [u32; 2],
    /// Draws, and games stopped at the command limit (scored as draws).
    pub draws: u32,
    pub unfinished: u32,
}

impl Pairing {
    pub fn from_games(first: usize, second: usize, games: &[GameSummary]) -> Pairing {
        let mut p = Pairing {
            first,
            second,
            games: 0,
            wins: [0; 2],
            draws: 0,
            unfinished: 0,
        };
        for g in games {
            p.games += 1;
            match g.result {
                GameResult::Win(s) => p.wins[usize::from(s & 1)] += 1,
                GameResult::Draw => p.draws += 1,
                GameResult::Unfinished => p.unfinished += 1,
            }
        }
        p
    }

    /// The first side's player's score: wins plus half the draws.
    fn score(&self) -> f64 {
        f64::from(self.wins[0]) + 0.5 * f64::from(self.draws + self.unfinished)
    }
}

/// A rating on the Elo scale with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// One rung's balance: the same player on both sides.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub rung: usize,
    pub wins: [Interval; 2],
    pub draws: Interval,
}

/// One player against another from both seats: its mean score (win 1,
/// draw ½) with a 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    pub player: usize,
    pub against: usize,
    pub score: f64,
    pub low: f64,
    pub high: f64,
    /// Its score from the first seat and from the second.
    pub by_seat: [f64; 2],
}

/// The whole ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    pub sides: [String; 2],
    pub rungs: Vec<String>,
    pub games: u32,
    pub seed: u64,
    pub pairings: Vec<Pairing>,
    /// By rung, relative to the anchor rung (the heuristic player when
    /// there is one).
    pub ratings: Vec<Rating>,
    pub anchor: usize,
    /// What moving first is worth (the scenario's first side), in Elo.
    pub first_side: Rating,
    pub verdicts: Vec<Verdict>,
    pub head_to_head: Vec<HeadToHead>,
    /// Where the verdict changes with skill, in words.
    pub flags: Vec<String>,
    /// Whether the verdict has converged between the two strongest search
    /// rungs (issue 69), in words.
    pub convergence: String,
}

/// How far apart, in points of the first side's win rate, the two
/// strongest search rungs may be for the verdict to count as converged.
pub const CONVERGED_WITHIN: f64 = 5.0;

/// Whether the first side's win rate at the two largest search budgets
/// (the same player on both sides) agree within [`CONVERGED_WITHIN`]
/// points, said plainly either way.
fn convergence(sides: &[String; 2], rungs: &[String], verdicts: &[Verdict]) -> String {
    let mut search: Vec<(u32, &Verdict)> = verdicts
        .iter()
        .filter_map(|v| {
            let b = rungs[v.rung].strip_prefix("search:")?.parse().ok()?;
            Some((b, v))
        })
        .collect();
    search.sort_by_key(|(b, _)| *b);
    let [.., (lo, a), (hi, b)] = search.as_slice() else {
        return "convergence: not measured (it needs two search rungs, e.g. --budgets 16,64)"
            .into();
    };
    let (x, y) = (a.wins[0].rate * 100.0, b.wins[0].rate * 100.0);
    let apart = (x - y).abs();
    if apart <= CONVERGED_WITHIN {
        format!(
            "converged: {} wins {x:.1}% at search:{lo} and {y:.1}% at search:{hi}, \
             {apart:.1} points apart (within {CONVERGED_WITHIN:.0})",
            sides[0]
        )
    } else {
        format!(
            "NOT CONVERGED: {} wins {x:.1}% at search:{lo} but {y:.1}% at search:{hi}, \
             {apart:.1} points apart (more than {CONVERGED_WITHIN:.0}): stronger players may \
             move the verdict further; do not read it as the scenario's balance",
            sides[0]
        )
    }
}

/// What to play: the rungs and the games of each pairing.
pub struct LadderConfig<R: Computer> {
    pub rungs: Vec<PlayerKind>,
    pub games: u32,
    pub seed: u64,
    pub threads: usize,
    pub variant: bool,
    pub tuning: R::Tuning,
}

/// The rungs `vedette ladder` plays by default: random, heuristic, the
/// flat Monte Carlo player at each of `mc` (milliseconds a decision) and
/// the search player at each budget.
pub fn default_rungs(budgets: &[u32], mc: &[u32]) -> Vec<PlayerKind> {
    let mut r = vec![PlayerKind::Random, PlayerKind::Heuristic];
    r.extend(mc.iter().map(|&ms| PlayerKind::MonteCarlo { ms }));
    r.extend(budgets.iter().map(|&budget| PlayerKind::Search { budget }));
    r
}

/// Plays every rung against every rung (itself included) from both
/// seats; `progress(done, total)` after each game. Stops early on
/// `cancel` (the ladder then holds the games played).
pub fn run<R: Computer>(
    board: Arc<R::Board>,
    cfg: &LadderConfig<R>,
    progress: &(dyn Fn(u64, u64) + Sync),
    cancel: &AtomicBool,
) -> Ladder {
    let k = cfg.rungs.len();
    let total = (k * k) as u64 * u64::from(cfg.games);
    let mut pairings = Vec::new();
    let mut done_before = 0u64;
    for first in 0..k {
        for second in 0..k {
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let sim = SimConfig::<R> {
                games: cfg.games,
                first: 0,
                seed: cfg.seed,
                players: [cfg.rungs[first], cfg.rungs[second]],
                swap_seats: false,
                threads: cfg.threads,
                variant: cfg.variant,
                tuning: cfg.tuning.clone(),
                max_commands: 20_000,
            };
            let base = done_before;
            let games = super::run::<R>(
                board.clone(),
                &sim,
                &|d| progress(base + u64::from(d), total),
                cancel,
            );
            done_before += games.len() as u64;
            pairings.push(Pairing::from_games(first, second, &games));
        }
    }
    let scale = R::batch_scale(&board);
    summarize(
        scale.sides,
        cfg.rungs.iter().map(|r| r.label()).collect(),
        cfg.games,
        cfg.seed,
        pairings,
    )
}

/// The report of a ladder's pairings.
pub fn summarize(
    sides: [String; 2],
    rungs: Vec<String>,
    games: u32,
    seed: u64,
    pairings: Vec<Pairing>,
) -> Ladder {
    let k = rungs.len();
    let anchor = rungs.iter().position(|r| r == "heuristic").unwrap_or(0);
    let (ratings, first_side) = bradley_terry(k, anchor, &pairings);
    let verdicts: Vec<Verdict> = pairings
        .iter()
        .filter(|p| p.first == p.second && p.games > 0)
        .map(|p| Verdict {
            rung: p.first,
            wins: [wilson(p.wins[0], p.games), wilson(p.wins[1], p.games)],
            draws: wilson(p.draws + p.unfinished, p.games),
        })
        .collect();
    let mut head_to_head = Vec::new();
    for a in 0..k {
        for b in 0..k {
            if a != b
                && let Some(h) = head_to_head_of(a, b, &pairings)
            {
                head_to_head.push(h);
            }
        }
    }
    let flags = flags(&sides, &rungs, &verdicts);
    let convergence = convergence(&sides, &rungs, &verdicts);
    Ladder {
        sides,
        rungs,
        games,
        seed,
        pairings,
        ratings,
        anchor,
        first_side,
        verdicts,
        head_to_head,
        flags,
        convergence,
    }
}

/// `a` against `b` from both seats.
fn head_to_head_of(a: usize, b: usize, pairings: &[Pairing]) -> Option<HeadToHead> {
    let as_first = pairings.iter().find(|p| p.first == a && p.second == b)?;
    let as_second = pairings.iter().find(|p| p.first == b && p.second == a)?;
    if as_first.games == 0 || as_second.games == 0 {
        return None;
    }
    let by_seat = [
        as_first.score() / f64::from(as_first.games),
        1.0 - as_second.score() / f64::from(as_second.games),
    ];
    // Each seat weighs the same whatever its games. The interval is the
    // normal one on the mean of the two seats, each seat's variance the
    // sample variance of its game scores (1, ½, 0) with one win and one
    // loss added (as Agresti and Coull add pseudo-counts), so a clean
    // sweep still has a width.
    let seat_var = |wins: u32, draws: u32, losses: u32| {
        let (w, d, l) = (
            f64::from(wins) + 1.0,
            f64::from(draws),
            f64::from(losses) + 1.0,
        );
        let n = w + d + l;
        let m = (w + 0.5 * d) / n;
        let ss = w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2);
        ss / (n - 1.0) / n
    };
    let v = seat_var(
        as_first.wins[0],
        as_first.draws + as_first.unfinished,
        as_first.wins[1],
    ) + seat_var(
        as_second.wins[1],
        as_second.draws + as_second.unfinished,
        as_second.wins[0],
    );
    let score = (by_seat[0] + by_seat[1]) / 2.0;
    let half = 1.96 * v.sqrt() / 2.0;
    Some(HeadToHead {
        player: a,
        against: b,
        score,
        low: (score - half).max(0.0),
        high: (score + half).min(1.0),
        by_seat,
    })
}

/// Where the balance differs between rungs beyond chance: the first
/// side's win rate's intervals do not overlap, or the favoured side
/// changes. The random rung is left out (it says nothing of a
/// scenario's balance between players who try).
fn flags(sides: &[String; 2], rungs: &[String], verdicts: &[Verdict]) -> Vec<String> {
    let mut out = Vec::new();
    let trying: Vec<&Verdict> = verdicts
        .iter()
        .filter(|v| rungs[v.rung] != "random")
        .collect();
    for (i, a) in trying.iter().enumerate() {
        for b in &trying[i + 1..] {
            let (x, y) = (a.wins[0], b.wins[0]);
            let apart = x.high < y.low || y.high < x.low;
            let favoured = |v: &Verdict| {
                if v.wins[0].low > v.wins[1].high {
                    Some(0)
                } else if v.wins[1].low > v.wins[0].high {
                    Some(1)
                } else {
                    None
                }
            };
            let swapped = matches!((favoured(a), favoured(b)), (Some(p), Some(q)) if p != q);
            if apart || swapped {
                out.push(format!(
                    "the verdict changes with skill: {} win {} {} vs {}, {} {} vs {}{}",
                    sides[0],
                    pct_ci(x),
                    rungs[a.rung],
                    rungs[a.rung],
                    pct_ci(y),
                    rungs[b.rung],
                    rungs[b.rung],
                    if swapped {
                        " (the favoured side changes)"
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    out
}

fn pct_ci(i: Interval) -> String {
    format!(
        "{:.1}% [{:.1}-{:.1}]",
        i.rate * 100.0,
        i.low * 100.0,
        i.high * 100.0
    )
}

/// Bradley-Terry with a first-side advantage, fitted by Newton's method:
/// the first side's player scores p = σ(rᵢ − rⱼ + h) a game, draws
/// counting half. Each pairing of two different players gets one virtual
/// draw, a weak prior that keeps the fit finite when one player wins
/// every game (as BayesElo does). Ratings are relative to `anchor`
/// (rated 0); intervals from the inverse of the observed information.
pub fn bradley_terry(k: usize, anchor: usize, pairings: &[Pairing]) -> (Vec<Rating>, Rating) {
    // Parameters: the ratings of every rung but the anchor, then h.
    let idx = |r: usize| -> Option<usize> {
        match r.cmp(&anchor) {
            std::cmp::Ordering::Less => Some(r),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(r - 1),
        }
    };
    let dim = k; // k - 1 ratings and h.
    let hi = k - 1;
    let mut theta = vec![0.0f64; dim];
    let data: Vec<(usize, usize, f64, f64)> = pairings
        .iter()
        .filter(|p| p.games > 0)
        .map(|p| {
            let (n, s) = (f64::from(p.games), p.score());
            if p.first == p.second {
                (p.first, p.second, n, s)
            } else {
                (p.first, p.second, n + 1.0, s + 0.5)
            }
        })
        .collect();
    let rating = |theta: &[f64], r: usize| idx(r).map_or(0.0, |i| theta[i]);
    let mut cov = vec![vec![0.0; dim]; dim];
    for _ in 0..100 {
        let mut grad = vec![0.0; dim];
        let mut info = vec![vec![0.0; dim]; dim];
        for &(a, b, n, s) in &data {
            let x = rating(&theta, a) - rating(&theta, b) + theta[hi];
            let p = 1.0 / (1.0 + (-x).exp());
            let mut v = vec![0.0; dim];
            if a != b {
                if let Some(i) = idx(a) {
                    v[i] += 1.0;
                }
                if let Some(j) = idx(b) {
                    v[j] -= 1.0;
                }
            }
            v[hi] += 1.0;
            let w = n * p * (1.0 - p);
            for i in 0..dim {
                grad[i] += (s - n * p) * v[i];
                for j in 0..dim {
                    info[i][j] += w * v[i] * v[j];
                }
            }
        }
        // A ridge keeps a rung that met nobody (all its games cancelled)
        // from making the system singular.
        for (i, row) in info.iter_mut().enumerate() {
            row[i] += 1e-9;
        }
        let Some(inv) = invert(&info) else { break };
        let step: Vec<f64> = (0..dim)
            .map(|i| (0..dim).map(|j| inv[i][j] * grad[j]).sum())
            .collect();
        for (t, d) in theta.iter_mut().zip(&step) {
            *t += d.clamp(-5.0, 5.0);
        }
        cov = inv;
        if step.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    let to_rating = |value: f64, var: f64| {
        let half = 1.96 * var.max(0.0).sqrt();
        Rating {
            elo: value * ELO,
            low: (value - half) * ELO,
            high: (value + half) * ELO,
        }
    };
    let ratings = (0..k)
        .map(|r| match idx(r) {
            None => to_rating(0.0, 0.0),
            Some(i) => to_rating(theta[i], cov[i][i]),
        })
        .collect();
    (ratings, to_rating(theta[hi], cov[hi][hi]))
}

/// The inverse of a small symmetric positive definite matrix, by
/// Gauss-Jordan elimination with partial pivoting.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, p);
        let d = a[c][c];
        for v in a[c].iter_mut() {
            *v /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    let pivot = a[c].clone();
                    for (x, y) in a[r].iter_mut().zip(pivot) {
                        *x -= f * y;
                    }
                }
            }
        }
    }
    Some(a.into_iter().map(|r| r[n..].to_vec()).collect())
}

impl Ladder {
    /// The report `vedette ladder` prints.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let anchor = &self.rungs[self.anchor];
        let _ = writeln!(
            s,
            "Ratings (Elo, {anchor} = 0; Bradley-Terry with a first-side advantage, 95% intervals):"
        );
        let mut order: Vec<usize> = (0..self.rungs.len()).collect();
        order.sort_by(|&a, &b| self.ratings[b].elo.total_cmp(&self.ratings[a].elo));
        let w = self
            .rungs
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(8)
            .max(12);
        for r in order {
            let x = &self.ratings[r];
            if r == self.anchor {
                let _ = writeln!(s, "  {:<w$}  {:>+6.0}", self.rungs[r], 0.0);
            } else {
                let _ = writeln!(
                    s,
                    "  {:<w$}  {:>+6.0}  [{:+.0} .. {:+.0}]",
                    self.rungs[r], x.elo, x.low, x.high
                );
            }
        }
        let f = &self.first_side;
        let _ = writeln!(
            s,
            "  moving first ({}) is worth {:+.0} [{:+.0} .. {:+.0}]",
            self.sides[0], f.elo, f.low, f.high
        );
        let _ = writeln!(s, "\nBalance at each rung (the same player on both sides):");
        for v in &self.verdicts {
            let _ = writeln!(
                s,
                "  {:<w$}  {} win {}, {} win {}, draws {:.1}%",
                self.rungs[v.rung],
                self.sides[0],
                pct_ci(v.wins[0]),
                self.sides[1],
                pct_ci(v.wins[1]),
                v.draws.rate * 100.0
            );
        }
        for f in &self.flags {
            let _ = writeln!(s, "  FLAG: {f}");
        }
        let _ = writeln!(s, "  {}", self.convergence);
        let _ = writeln!(s, "\nHead to head, from both seats (score: win 1, draw ½):");
        for h in &self.head_to_head {
            if h.player > h.against {
                let _ = writeln!(
                    s,
                    "  {} against {}: {:.1}% [{:.1}-{:.1}] (as {} {:.1}%, as {} {:.1}%)",
                    self.rungs[h.player],
                    self.rungs[h.against],
                    h.score * 100.0,
                    h.low * 100.0,
                    h.high * 100.0,
                    self.sides[0],
                    h.by_seat[0] * 100.0,
                    self.sides[1],
                    h.by_seat[1] * 100.0
                );
            }
        }
        let _ = writeln!(
            s,
            "\nPairings ({} each; {}'s player first: its wins, draws, the other's wins):",
            crate::words::counted(self.games, "game", "games"),
            self.sides[0]
        );
        for p in &self.pairings {
            let _ = writeln!(
                s,
                "  {:<w$} vs {:<w$}  {:>5} {:>5} {:>5}{}",
                self.rungs[p.first],
                self.rungs[p.second],
                p.wins[0],
                p.draws,
                p.wins[1],
                if p.unfinished > 0 {
                    format!("  ({} unfinished, scored as draws)", p.unfinished)
                } else {
                    String::new()
                }
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(first: usize, second: usize, wins: [u32; 2], draws: u32) -> Pairing {
        Pairing {
            first,
            second,
            games: wins[0] + wins[1] + draws,
            wins,
            draws,
            unfinished: 0,
        }
    }

    #[test]
    fn bradley_terry_recovers_ratings_and_the_first_side_advantage() {
        // Player 1 scores 75% against player 0 at neutral seats (about
        // +191 Elo); the first side scores 2/3 between equals (+120).
        let pairings = [
            pairing(0, 0, [6_667, 3_333], 0),
            pairing(1, 1, [6_667, 3_333], 0),
            // σ(log 3 + log 2) = 6/7 as first, σ(log 3 − log 2) = 3/5 as
            // second.
            pairing(1, 0, [8_571, 1_429], 0),
            pairing(0, 1, [4_000, 6_000], 0),
        ];
        let (r, h) = bradley_terry(2, 0, &pairings);
        assert_eq!(r[0].elo, 0.0);
        assert!((r[1].elo - 3f64.ln() * ELO).abs() < 3.0, "{r:?}");
        assert!((h.elo - 2f64.ln() * ELO).abs() < 3.0, "{h:?}");
        assert!(r[1].low < r[1].elo && r[1].elo < r[1].high);
        assert!(r[1].high - r[1].low < 40.0, "10,000 games a pairing: {r:?}");
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_ranks_above() {
        let pairings = [pairing(1, 0, [50, 0], 0), pairing(0, 1, [0, 50], 0)];
        let (r, _) = bradley_terry(2, 0, &pairings);
        assert!(r[1].elo.is_finite() && r[1].elo > 400.0, "{r:?}");
    }

    #[test]
    fn issue69_the_ladder_says_plainly_whether_the_verdict_has_converged() {
        let sides = ["French".to_string(), "Allied".to_string()];
        let rungs: Vec<String> = vec!["heuristic".into(), "search:64".into(), "search:16".into()];
        let with = |at16: [u32; 2], at64: [u32; 2]| {
            let mut p = Vec::new();
            for a in 0..3 {
                for b in 0..3 {
                    p.push(match (a, b) {
                        (2, 2) => pairing(2, 2, at16, 100 - at16[0] - at16[1]),
                        (1, 1) => pairing(1, 1, at64, 100 - at64[0] - at64[1]),
                        _ => pairing(a, b, [50, 50], 0),
                    });
                }
            }
            summarize(sides.clone(), rungs.clone(), 100, 1, p)
        };
        // 40% and 44%: within five points, whatever the order of rungs.
        let l = with([40, 60], [44, 56]);
        assert!(
            l.convergence
                .starts_with("converged: French wins 40.0% at search:16 and 44.0% at search:64"),
            "{}",
            l.convergence
        );
        assert!(l.text().contains(&l.convergence));
        // 40% and 52%: twelve points apart.
        let l = with([40, 60], [52, 48]);
        assert!(
            l.convergence.starts_with("NOT CONVERGED")
                && l.convergence.contains("12.0 points apart"),
            "{}",
            l.convergence
        );
        // One search rung: the ladder says what it needs.
        let l = summarize(
            sides.clone(),
            vec!["heuristic".into(), "search:16".into()],
            100,
            1,
            vec![
                pairing(0, 0, [50, 50], 0),
                pairing(0, 1, [50, 50], 0),
                pairing(1, 0, [50, 50], 0),
                pairing(1, 1, [50, 50], 0),
            ],
        );
        assert!(
            l.convergence.contains("--budgets 16,64"),
            "{}",
            l.convergence
        );
    }

    #[test]
    fn the_report_flags_a_verdict_that_changes_with_skill() {
        let sides = ["French".to_string(), "Allied".to_string()];
        let rungs = vec!["random".into(), "heuristic".into(), "search:16".into()];
        let pairings = vec![
            pairing(0, 0, [0, 0], 100),
            pairing(0, 1, [0, 100], 0),
            pairing(0, 2, [0, 100], 0),
            pairing(1, 0, [100, 0], 0),
            pairing(1, 1, [20, 70], 10),
            pairing(1, 2, [10, 85], 5),
            pairing(2, 0, [100, 0], 0),
            pairing(2, 1, [55, 40], 5),
            pairing(2, 2, [45, 50], 5),
        ];
        let l = summarize(sides, rungs, 100, 1, pairings);
        assert_eq!(l.anchor, 1);
        assert!(
            l.ratings[2].elo > 0.0 && l.ratings[0].elo < 0.0,
            "{:?}",
            l.ratings
        );
        assert_eq!(l.flags.len(), 1, "{:?}", l.flags);
        assert!(
            l.flags[0].contains("French win 20.0% [13.3-28.9] heuristic vs heuristic, 45.0%"),
            "{}",
            l.flags[0]
        );
        let h = l
            .head_to_head
            .iter()
            .find(|h| h.player == 2 && h.against == 1)
            .expect("search against heuristic");
        // As French 57.5%, as Allied 87.5%.
        assert!((h.by_seat[0] - 0.575).abs() < 1e-9 && (h.by_seat[1] - 0.875).abs() < 1e-9);
        assert!((h.score - 0.725).abs() < 1e-9, "{h:?}");
        // Seats of 100 games: about ±0.05 around the mean.
        assert!(h.low > 0.66 && h.high < 0.79, "{h:?}");
        // A clean sweep keeps a width, inside [0, 1].
        let sweep = l
            .head_to_head
            .iter()
            .find(|h| h.player == 1 && h.against == 0)
            .expect("heuristic against random");
        assert!(
            sweep.score == 1.0 && sweep.high == 1.0 && (0.97..0.995).contains(&sweep.low),
            "{sweep:?}"
        );
        let text = l.text();
        assert!(
            text.contains("search:16 against heuristic: 72.5%"),
            "{text}"
        );
        assert!(
            text.contains("FLAG: the verdict changes with skill"),
            "{text}"
        );
    }
}
