//! How much a balance verdict owes to the computer players' tuning: each
//! weight of the rule set's tuning (the numbers its heuristic player
//! scores with, which the search player also plays its playouts and
//! scripts with) halved and doubled, one at a time, and the batch played
//! again with the base batch's seeds (common random numbers), so the
//! change in the first side's win rate is measured game by game, as
//! [`super::sensitivity`] measures a scenario's numbers.
//!
//! Generic over the rule sets: a tuning's weights are found by
//! serializing it (every field holding a fractional number is a weight;
//! whole numbers are counts and thresholds, not weights), so a new rule
//! set's tuning is studied without a line here.

use super::sensitivity::{play_base, play_trial, study_head, win_change, within_noise};
use super::{Interval, Paired, SimConfig, Tally};
use crate::ai::Computer;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The factors every weight is multiplied by, in turn.
pub const FACTORS: [f64; 2] = [0.5, 2.0];

/// A weight and the base games against its two trials (halved, doubled).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WeightTally {
    /// The field's name in the tuning file (dotted when nested).
    pub name: String,
    pub value: f64,
    /// `trials[i]`: the base against the weight times `FACTORS[i]`.
    pub trials: [Paired; 2],
}

/// A study's counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RobustnessTally {
    pub base: Tally,
    pub weights: Vec<WeightTally>,
}

/// A weight's row: the change each factor makes to the first side's win
/// rate (a fraction, with its paired 95% interval).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub name: String,
    pub value: f64,
    pub changes: [Option<Interval>; 2],
    /// The larger of the two changes, in absolute value.
    pub swing: f64,
}

/// The tuning's weights: every field that serializes as a fractional
/// number, by dotted name, in alphabetical order.
pub fn weights<T: Serialize>(tuning: &T) -> Vec<(String, f64)> {
    fn walk(prefix: &str, v: &serde_json::Value, out: &mut Vec<(String, f64)>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    let name = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&name, v, out);
                }
            }
            serde_json::Value::Number(n) if n.is_f64() => {
                if let Some(x) = n.as_f64() {
                    out.push((prefix.to_string(), x));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(v) = serde_json::to_value(tuning) {
        walk("", &v, &mut out);
    }
    out
}

/// The tuning with the weight `name` multiplied by `factor`.
pub fn scaled<T: Serialize + DeserializeOwned>(
    tuning: &T,
    name: &str,
    factor: f64,
) -> Result<T, String> {
    let mut v = serde_json::to_value(tuning).map_err(|e| e.to_string())?;
    let mut at = &mut v;
    for key in name.split('.') {
        at = at
            .get_mut(key)
            .ok_or_else(|| format!("the tuning has no weight {name}"))?;
    }
    let x = at
        .as_f64()
        .ok_or_else(|| format!("{name} is not a weight"))?;
    let n = serde_json::Number::from_f64(x * factor)
        .ok_or_else(|| format!("{name} times {factor} is not a number"))?;
    *at = serde_json::Value::Number(n);
    serde_json::from_value(v).map_err(|e| e.to_string())
}

/// Plays the study: the base batch `cfg`, then every weight of
/// `cfg.tuning` times each of [`FACTORS`] with the same games (numbers
/// and seeds). `progress(done, total)` counts games; `cancel` stops it
/// (trials keep the games they played).
pub fn run<R: Computer>(
    board: Arc<R::Board>,
    cfg: &SimConfig<R>,
    progress: &(dyn Fn(u64, u64) + Sync),
    cancel: &AtomicBool,
) -> RobustnessTally {
    let named = weights(&cfg.tuning);
    let total = (named.len() as u64 * FACTORS.len() as u64 + 1) * u64::from(cfg.games);
    let (base, results) = play_base(&board, cfg, &|d| progress(d, total), cancel);
    let mut done = u64::from(cfg.games);
    let mut out = Vec::new();
    for (name, value) in named {
        let mut trials: [Paired; 2] = Default::default();
        for (pairs, factor) in trials.iter_mut().zip(FACTORS) {
            if cancel.load(Ordering::Relaxed) {
                break;
            }
            // A weight found by `weights` always scales (it is a number
            // field of this very tuning); should it not, the trial is
            // left empty and reported as not played.
            let Ok(tuning) = scaled(&cfg.tuning, &name, factor) else {
                continue;
            };
            let trial = SimConfig {
                tuning,
                ..cfg.clone()
            };
            let at = done;
            *pairs = play_trial(
                board.clone(),
                &trial,
                &results,
                &|d| progress(at + d, total),
                cancel,
            );
            done += u64::from(cfg.games);
        }
        out.push(WeightTally {
            name,
            value,
            trials,
        });
    }
    RobustnessTally { base, weights: out }
}

impl RobustnessTally {
    /// The weights, largest swing first.
    pub fn ranking(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .weights
            .iter()
            .map(|w| {
                let changes = w
                    .trials
                    .clone()
                    .map(|p| (p.games() > 0).then(|| win_change(&p)));
                Row {
                    name: w.name.clone(),
                    value: w.value,
                    swing: changes
                        .iter()
                        .flatten()
                        .map(|c| c.rate.abs())
                        .fold(0.0, f64::max),
                    changes,
                }
            })
            .collect();
        rows.sort_by(|a, b| b.swing.total_cmp(&a.swing).then(a.name.cmp(&b.name)));
        rows
    }

    /// The largest change any single trial makes (a fraction), with the
    /// weight and factor that make it.
    pub fn largest(&self) -> Option<(String, f64, Interval)> {
        self.ranking().into_iter().find_map(|r| {
            let (i, c) = r
                .changes
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.map(|c| (i, c)))
                .max_by(|a, b| a.1.rate.abs().total_cmp(&b.1.rate.abs()))?;
            Some((r.name, FACTORS[i], c))
        })
    }

    /// The study in words, with `limit` (a fraction) as the change the
    /// verdict is asked to stay within.
    pub fn text(&self, limit: f64) -> String {
        let mut s = study_head(
            &self.base,
            "weight of the players' tuning halved and doubled",
            "",
        );
        let rows = self.ranking();
        let width = rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let _ = writeln!(
            s,
            "{:<width$} {:>7}  {:>24}  {:>24}",
            "weight", "value", "halved", "doubled"
        );
        let cell = |c: &Option<Interval>| match c {
            None => "not played".to_string(),
            Some(c) => format!(
                "{:>22}{}",
                format!(
                    "{:+.1} [{:+.1}, {:+.1}]",
                    c.rate * 100.0,
                    c.low * 100.0,
                    c.high * 100.0
                ),
                if c.rate.abs() > limit { " !" } else { "  " }
            ),
        };
        for r in &rows {
            let _ = writeln!(
                s,
                "{:<width$} {:>7.3}  {:>24}  {:>24}",
                r.name,
                r.value,
                cell(&r.changes[0]),
                cell(&r.changes[1])
            );
        }
        let all: Vec<Interval> = rows.iter().flat_map(|r| r.changes).flatten().collect();
        let beyond = all.iter().filter(|c| c.rate.abs() > limit).count();
        let noise = all.iter().filter(|c| !within_noise(c)).count();
        match self.largest() {
            Some((name, factor, c)) => {
                let _ = writeln!(
                    s,
                    "largest change: {:+.1} [{:+.1}, {:+.1}] points ({name} {}); {} of {} beyond {} (marked !), {} beyond noise",
                    c.rate * 100.0,
                    c.low * 100.0,
                    c.high * 100.0,
                    if factor < 1.0 { "halved" } else { "doubled" },
                    beyond,
                    crate::words::counted(all.len(), "change", "changes"),
                    crate::words::counted((limit * 100.0).round() as u32, "point", "points"),
                    noise
                );
            }
            None => {
                let _ = writeln!(s, "no trial was played");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::PlayerKind;
    use crate::rules::naw::player::tuning::NawTuning;

    #[test]
    fn a_tunings_weights_are_its_fractional_fields_and_scale_one_at_a_time() {
        let t = NawTuning::default();
        let w = weights(&t);
        let names: Vec<&str> = w.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(&"own_loss_weight"), "{names:?}");
        assert!(names.contains(&"noise"), "{names:?}");
        // Whole numbers and switches are not weights.
        assert!(!names.contains(&"standoff"), "{names:?}");
        assert!(!names.contains(&"defender_holds"), "{names:?}");
        let half = scaled(&t, "own_loss_weight", 0.5).expect("scales");
        assert_eq!(half.own_loss_weight, t.own_loss_weight * 0.5);
        assert_eq!(
            NawTuning {
                own_loss_weight: t.own_loss_weight,
                ..half
            },
            t,
            "nothing else moved"
        );
        assert!(scaled(&t, "standoff", 2.0).is_err());
        assert!(scaled(&t, "no_such_weight", 2.0).is_err());
    }

    /// A study on the tutorial: the base's games are replayed with each
    /// weight moved and the counts add up; some weight changes some game.
    struct Study<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map);

    impl crate::rules::Visit for Study<'_> {
        type Output = ();
        fn visit<R: Computer>(self) {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            let cfg = SimConfig::<R> {
                players: [PlayerKind::Heuristic, PlayerKind::Heuristic],
                threads: 2,
                ..SimConfig::new(12, 3)
            };
            let study = run::<R>(
                board,
                &cfg,
                &|d, total| assert!(d <= total),
                &AtomicBool::new(false),
            );
            let n = weights(&cfg.tuning).len();
            assert!(n > 5, "{n} weights");
            assert_eq!(study.weights.len(), n);
            assert_eq!(study.base.games(), 12);
            for w in &study.weights {
                for p in &w.trials {
                    assert_eq!(p.games(), 12, "{}", w.name);
                }
            }
            // Some weight changes how some game ends (a pair off the
            // diagonal), or the trials would only copy the base.
            let moved = study
                .weights
                .iter()
                .filter(|w| {
                    w.trials
                        .iter()
                        .any(|p| (0..3).any(|x| (0..3).any(|y| x != y && p.pairs[x][y] > 0)))
                })
                .count();
            assert!(moved > 0, "no weight changed any game");
            let text = study.text(0.05);
            assert!(
                text.contains("halved") && text.contains("own_loss_weight"),
                "{text}"
            );
            assert!(text.contains("largest change:"), "{text}");
        }
    }

    #[test]
    fn issue38_a_study_replays_the_base_games_with_each_weight_moved() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let l = crate::files::load_scenario(&root.join("scenarios/tutorial.ron")).expect("loads");
        crate::rules::dispatch(&l.scenario.rules.clone(), Study(&l.scenario, &l.map));
    }
}
