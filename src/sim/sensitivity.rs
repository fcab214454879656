//! Which numbers decide the result: each number of a study
//! ([`Knob`]) moved one step down and one step up, one at a time, and the
//! scenario played with the same seeds as the base batch (common random
//! numbers), so the difference a number makes is measured game by game,
//! not between two unrelated batches. The numbers are ranked by how far
//! they move the first side's win rate, with paired 95% intervals; a
//! change whose interval holds 0 is said to be within noise.
//!
//! Tallies are exact integer counts (the base batch's [`Tally`] and, per
//! trial, a [`Paired`] table of base result against trial result), so a
//! study split into shards merges like a batch.

use super::{GameResult, GameSummary, Interval, Paired, SimConfig, Tally};
use crate::ai::Computer;
use crate::scenario::numbers::{self, Knob};
use crate::scenario::{Map, Scenario};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One number moved to one value: the base games against these.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trial {
    pub value: i64,
    /// `pairs[x][y]`: games where the first side scored `x` halves in the
    /// base batch and `y` with the number moved.
    pub pairs: Paired,
    /// Why the scenario cannot be played with this value, if it cannot.
    pub error: Option<String>,
}

/// A number and its two trials (`None`: past the number's range).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KnobTally {
    pub knob: Knob,
    pub down: Option<Trial>,
    pub up: Option<Trial>,
}

/// A study's counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SensitivityTally {
    pub base: Tally,
    pub knobs: Vec<KnobTally>,
}

/// The change one trial makes to the first side's win rate (a fraction,
/// trial minus base) with its paired 95% interval.
pub fn win_change(pairs: &Paired) -> Interval {
    // 2 halves is a first-side win.
    pairs.mean_of(
        |x, y| f64::from(u8::from(y == 2)) - f64::from(u8::from(x == 2)),
        [-1.0, 1.0],
    )
}

/// The first lines of a paired study in words: the base batch's
/// first-side win rate, what each trial moved, and what the table gives.
pub fn study_head(base: &Tally, each: &str, note: &str) -> String {
    let base = base.clone().finish();
    let side = &base.sides[0];
    let w = &base.win_rate[0];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "base: {side} win {:.1}% [{:.1}-{:.1}] over {}",
        w.rate * 100.0,
        w.low * 100.0,
        w.high * 100.0,
        crate::words::counted(base.games, "game", "games")
    );
    let _ = writeln!(s, "each {each}, one at a time, with the base's seeds;");
    let _ = writeln!(
        s,
        "change in {side}'s win rate, points, paired 95% interval{note}:"
    );
    s
}

/// Whether an interval holds no change.
pub fn within_noise(i: &Interval) -> bool {
    i.low <= 0.0 && 0.0 <= i.high
}

/// A number's row of the ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub knob: Knob,
    pub down: Option<(i64, Option<Interval>, Option<String>)>,
    pub up: Option<(i64, Option<Interval>, Option<String>)>,
    /// The largest change either step makes (a fraction).
    pub swing: f64,
    /// Both steps' intervals hold 0.
    pub within_noise: bool,
    /// No game ended otherwise with the number moved either way: the
    /// scenario likely does not use it (no unit of its kind, say).
    pub unchanged: bool,
}

impl SensitivityTally {
    /// Adds the counts of the games that follow this one's.
    pub fn merge(&mut self, o: &SensitivityTally) -> Result<(), String> {
        self.base.merge(&o.base)?;
        if self.knobs.len() != o.knobs.len() {
            return Err("the studies vary different numbers".into());
        }
        for (a, b) in self.knobs.iter_mut().zip(&o.knobs) {
            if a.knob != b.knob {
                return Err(format!(
                    "the studies vary different numbers ({} and {})",
                    a.knob.path, b.knob.path
                ));
            }
            for (x, y) in [(&mut a.down, &b.down), (&mut a.up, &b.up)] {
                match (x, y) {
                    (Some(x), Some(y)) if x.value == y.value => {
                        x.pairs.merge(&y.pairs);
                        if x.error.is_none() {
                            x.error.clone_from(&y.error);
                        }
                    }
                    (None, None) => {}
                    _ => return Err(format!("the studies move {} differently", a.knob.path)),
                }
            }
        }
        Ok(())
    }

    /// The numbers ranked by how far they move the first side's win rate,
    /// largest first (numbers within noise last, by their swing).
    pub fn ranking(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .knobs
            .iter()
            .map(|k| {
                let side = |t: &Option<Trial>| {
                    t.as_ref().map(|t| {
                        let change = (t.error.is_none() && t.pairs.games() > 0)
                            .then(|| win_change(&t.pairs));
                        (t.value, change, t.error.clone())
                    })
                };
                let (down, up) = (side(&k.down), side(&k.up));
                let unchanged = [&k.down, &k.up].into_iter().flatten().all(|t| {
                    t.error.is_none()
                        && (0..3).all(|x| (0..3).all(|y| x == y || t.pairs.pairs[x][y] == 0))
                });
                let changes: Vec<Interval> = [&down, &up]
                    .into_iter()
                    .flatten()
                    .filter_map(|(_, c, _)| *c)
                    .collect();
                Row {
                    knob: k.knob.clone(),
                    swing: changes.iter().map(|c| c.rate.abs()).fold(0.0, f64::max),
                    within_noise: changes.iter().all(within_noise),
                    unchanged,
                    down,
                    up,
                }
            })
            .collect();
        rows.sort_by(|a, b| {
            a.within_noise
                .cmp(&b.within_noise)
                .then(b.swing.total_cmp(&a.swing))
        });
        rows
    }

    /// The ranking in words.
    pub fn text(&self) -> String {
        let mut s = study_head(
            &self.base,
            "number moved one step down and up (a tenth of it, at least 1)",
            " (* a Vedette default)",
        );
        let rows = self.ranking();
        let name = |r: &Row| {
            format!(
                "{}{} ({})",
                r.knob.label,
                if r.knob.vedette_default { " *" } else { "" },
                r.knob.source
            )
        };
        let width = rows
            .iter()
            .map(|r| name(r).chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let _ = writeln!(
            s,
            "{:>4}  {:<width$} {:>6}  {:>26}  {:>26}",
            "rank", "number", "value", "one step down", "one step up"
        );
        let cell = |t: &Option<(i64, Option<Interval>, Option<String>)>| match t {
            None => "at its limit".to_string(),
            Some((v, Some(c), _)) => format!(
                "{v}: {:+.1} [{:+.1}, {:+.1}]",
                c.rate * 100.0,
                c.low * 100.0,
                c.high * 100.0
            ),
            Some((v, None, Some(_))) => format!("{v}: cannot be played"),
            Some((v, None, None)) => format!("{v}: not played"),
        };
        let mut errors = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            let _ = writeln!(
                s,
                "{:>4}  {:<width$} {:>6}  {:>26}  {:>26}{}",
                i + 1,
                name(r),
                r.knob.value,
                cell(&r.down),
                cell(&r.up),
                if r.unchanged {
                    "  no game changed: unused here?"
                } else if r.within_noise {
                    "  within noise"
                } else {
                    ""
                }
            );
            for (v, _, e) in [&r.down, &r.up].into_iter().flatten() {
                if let Some(e) = e {
                    errors.push(format!("  {} = {v}: {e}", r.knob.path));
                }
            }
        }
        let moving = rows.iter().filter(|r| !r.within_noise).count();
        let side = &self.base.sides()[0];
        let _ = writeln!(
            s,
            "{} of {} move {side}'s win rate beyond noise at this many games; {}",
            moving,
            crate::words::counted(rows.len(), "number", "numbers"),
            if moving == rows.len() {
                "every change is real".to_string()
            } else if moving == 0 {
                "no change can be told from chance: play more games to see smaller effects"
                    .to_string()
            } else {
                "the changes marked within noise cannot be told from chance".to_string()
            }
        );
        let trials = rows
            .iter()
            .map(|r| [&r.down, &r.up].into_iter().flatten().count())
            .sum::<usize>();
        if trials >= 20 {
            let _ = writeln!(
                s,
                "with {trials} trials, about {} would clear a 95% interval by chance alone: an interval that only just misses 0 is weak evidence",
                (trials as f64 / 20.0).round()
            );
        }
        if !errors.is_empty() {
            let _ = writeln!(s, "values the scenario cannot be played with:");
            for e in errors {
                let _ = writeln!(s, "{e}");
            }
        }
        s
    }

    /// The setup sheet's balance note: the study in a sentence and its
    /// `top` numbers (those beyond noise first), each with what a step
    /// each way does to the first side's win rate.
    pub fn balance_note(&self, top: usize, players: [&str; 2]) -> crate::sheet::BalanceNote {
        let base = self.base.clone().finish();
        let side = &base.sides[0];
        let w = &base.win_rate[0];
        let rows = self.ranking();
        let moving = rows.iter().filter(|r| !r.within_noise).count();
        let cell = |t: &Option<(i64, Option<Interval>, Option<String>)>| match t {
            None => "at its limit".to_string(),
            Some((v, Some(c), _)) => format!(
                "{v}: {:+.1} points [{:+.1}, {:+.1}]{}", // count: signed decimals
                c.rate * 100.0,
                c.low * 100.0,
                c.high * 100.0,
                if within_noise(c) { ", noise" } else { "" }
            ),
            Some((v, None, _)) => format!("{v}: cannot be played"),
        };
        crate::sheet::BalanceNote {
            summary: format!(
                "{side} win {:.1}% [{:.1}-{:.1}] of {} between {} ({side}) and {} ({}). Each number below was moved one step down and up, one at a time, with the same dice; {} of {} {} {side}'s win rate beyond chance. The numbers that matter most:",
                w.rate * 100.0,
                w.low * 100.0,
                w.high * 100.0,
                crate::words::counted(base.games, "game", "games"),
                players[0],
                players[1],
                base.sides[1],
                moving,
                crate::words::counted(rows.len(), "number", "numbers"),
                if moving == 1 { "moves" } else { "move" },
            ),
            rows: rows
                .iter()
                .take(top)
                .map(|r| {
                    [
                        format!(
                            "{}{} ({})",
                            r.knob.label,
                            if r.knob.vedette_default { " *" } else { "" },
                            r.knob.source
                        ),
                        r.knob.value.to_string(),
                        cell(&r.down),
                        cell(&r.up),
                    ]
                })
                .collect(),
            footnote: format!(
                "Change in {side}'s win rate, with paired 95% intervals; \"noise\": the interval holds no change. * a Vedette default (a number the rules never printed). Computed by vedette sensitivity."
            ),
        }
    }

    /// The ranking as CSV: one row a number.
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "rank,path,label,source,vedette_default,value,down,down_change,down_low,down_high,up,up_change,up_low,up_high,within_noise\n",
        );
        let q = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
        let cells = |t: &Option<(i64, Option<Interval>, Option<String>)>| match t {
            Some((v, Some(c), _)) => format!("{v},{:.4},{:.4},{:.4}", c.rate, c.low, c.high),
            Some((v, None, _)) => format!("{v},,,"),
            None => ",,,".to_string(),
        };
        for (i, r) in self.ranking().iter().enumerate() {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{},{}",
                i + 1,
                q(&r.knob.path),
                q(&r.knob.label),
                q(&r.knob.source),
                r.knob.vedette_default,
                r.knob.value,
                cells(&r.down),
                cells(&r.up),
                r.within_noise
            );
        }
        s
    }
}

/// The base batch of a paired study: its tally and every game's result,
/// in game order. `progress` counts the games played.
pub(crate) fn play_base<R: Computer>(
    board: &Arc<R::Board>,
    cfg: &SimConfig<R>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> (Tally, Vec<GameResult>) {
    let mut base = Tally::new::<R>(board);
    let mut results: Vec<GameResult> = Vec::with_capacity(cfg.games as usize);
    super::run_streaming(
        board.clone(),
        cfg,
        &|d| progress(u64::from(d)),
        cancel,
        &mut |g: GameSummary| {
            base.add(&g);
            results.push(g.result);
        },
    );
    (base, results)
}

/// A trial of a paired study: `cfg`'s games on `board`, each paired
/// with the base game of the same number (`base`, in game order).
pub(crate) fn play_trial<R: Computer>(
    board: Arc<R::Board>,
    cfg: &SimConfig<R>,
    base: &[GameResult],
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Paired {
    let mut pairs = Paired::default();
    let mut i = 0usize;
    super::run_streaming(
        board,
        cfg,
        &|d| progress(u64::from(d)),
        cancel,
        &mut |g: GameSummary| {
            if let Some(&r) = base.get(i) {
                pairs.add(r, g.result);
            }
            i += 1;
        },
    );
    pairs
}

/// Plays a study: the base batch `cfg` on `scenario`, then each knob one
/// step down and one step up with the same games (numbers and seeds).
/// `progress(done, total)` counts games; `cancel` stops it (the trials
/// played so far are kept, each pairing only the games it played).
pub fn run<R: Computer>(
    scenario: &Scenario,
    map: &Map,
    knobs: &[Knob],
    cfg: &SimConfig<R>,
    progress: &(dyn Fn(u64, u64) + Sync),
    cancel: &AtomicBool,
) -> Result<SensitivityTally, String> {
    let board = Arc::new(R::board(scenario, map).map_err(|e| e.to_string())?);
    let trials: u64 = knobs
        .iter()
        .map(|k| k.neighbours().iter().flatten().count() as u64)
        .sum();
    let total = (trials + 1) * u64::from(cfg.games);
    let (base, results) = play_base(&board, cfg, &|d| progress(d, total), cancel);
    let mut done = u64::from(cfg.games);
    let mut out = Vec::new();
    for k in knobs {
        let [down, up] = k.neighbours().map(|v| {
            v.map(|value| {
                let mut trial = Trial {
                    value,
                    pairs: Paired::default(),
                    error: None,
                };
                if cancel.load(Ordering::Relaxed) {
                    return trial;
                }
                let board = numbers::set(scenario, &k.path, value)
                    .and_then(|s| R::board(&s, map).map_err(|e| e.to_string()));
                match board {
                    Ok(b) => {
                        let at = done;
                        trial.pairs = play_trial(
                            Arc::new(b),
                            cfg,
                            &results,
                            &|d| progress(at + d, total),
                            cancel,
                        );
                    }
                    Err(e) => trial.error = Some(e),
                }
                done += u64::from(cfg.games);
                trial
            })
        });
        out.push(KnobTally {
            knob: k.clone(),
            down,
            up,
        });
    }
    Ok(SensitivityTally { base, knobs: out })
}
