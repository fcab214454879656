//! `vedette sensitivity FILE`: which of a scenario's numbers decide its
//! balance. Part of the shell: reads the scenario, draws a progress bar,
//! writes CSV and JSON; the study is `sim::sensitivity`.

use super::sim::{batch_board, write_shard};
use super::{Outcome, fail};
use crate::ai::{Computer, PlayerKind};
use crate::files;
use crate::rules::{self, Visit};
use crate::scenario::numbers::{self, Knob};
use crate::sim::SimConfig;
use crate::sim::shard::{self, BatchId, Part, Shard, ShardTally};
use crate::sim::{robustness, sensitivity};
use std::path::Path;

pub struct SensitivityArgs<'a> {
    pub scenario: &'a Path,
    pub games: u32,
    pub seed: u64,
    pub players: [PlayerKind; 2],
    pub threads: Option<usize>,
    pub variant: bool,
    pub tuning: Option<&'a Path>,
    /// Numbers ticked by path, besides (or with `only`, instead of) the
    /// rule set's own.
    pub vary: &'a [String],
    pub only: bool,
    /// Vary the players' tuning weights instead of the scenario's numbers.
    pub weights: bool,
    /// Print the numbers a study would vary and stop.
    pub list: bool,
    pub csv: Option<&'a Path>,
    pub json: Option<&'a Path>,
    pub shard: Option<Part>,
    pub out: Option<&'a Path>,
}

pub fn sensitivity(a: &SensitivityArgs) -> Outcome {
    if a.games == 0 {
        return fail("error: --games must be at least 1".into());
    }
    let loaded = match super::load(a.scenario) {
        Ok(l) => l,
        Err(o) => return o,
    };
    rules::dispatch(&loaded.scenario.rules, Run { a, loaded: &loaded })
}

struct Run<'a> {
    a: &'a SensitivityArgs<'a>,
    loaded: &'a files::LoadedScenario,
}

/// The numbers a study varies: the rule set's (unless `only`) and the
/// ticked ones, each once.
pub fn study_knobs<R: Computer>(
    scenario: &crate::scenario::Scenario,
    vary: &[String],
    only: bool,
) -> Result<Vec<Knob>, String> {
    let mut knobs = if only {
        Vec::new()
    } else {
        R::sensitivity_numbers(scenario)
    };
    for path in vary {
        if knobs.iter().any(|k| &k.path == path) {
            continue;
        }
        knobs.push(numbers::ticked(scenario, path)?);
    }
    Ok(knobs)
}

impl Visit for Run<'_> {
    type Output = Outcome;
    fn visit<R: Computer>(self) -> Outcome {
        let a = self.a;
        let origin = a.scenario.display().to_string();
        if a.weights {
            return weights::<R>(a, self.loaded);
        }
        let knobs = match study_knobs::<R>(&self.loaded.scenario, a.vary, a.only) {
            Ok(k) => k,
            Err(e) => return fail(format!("{origin}: error: --vary: {e}")),
        };
        if a.list || knobs.is_empty() {
            let mut s = format!(
                "{origin}: {} a study varies (* a Vedette default; --vary PATH ticks any other whole number):\n",
                crate::words::counted(knobs.len(), "number", "numbers")
            );
            for k in &knobs {
                s.push_str(&format!(
                    "  {:<48} {:>6}  {}{} ({}), range {}-{}\n",
                    k.path,
                    k.value,
                    k.label,
                    if k.vedette_default { " *" } else { "" },
                    k.source,
                    k.min,
                    k.max
                ));
            }
            if knobs.is_empty() {
                return Outcome {
                    stdout: s,
                    stderr: format!(
                        "{origin}: error: nothing to vary: {} marks no number for a study; tick numbers with --vary PATH (for example --vary turns)\n",
                        R::TITLE
                    ),
                    code: 1,
                };
            }
            return Outcome {
                stdout: s,
                stderr: String::new(),
                code: 0,
            };
        }
        let (board, cfg, part) = match study_config::<R>(a, self.loaded) {
            Ok(x) => x,
            Err(o) => return o,
        };
        let scale = R::batch_scale(&board);
        let (first, games, threads) = (cfg.first, cfg.games, cfg.threads);
        let labels = a.players.map(|p| p.label());
        let heading = study_heading(
            a,
            &format!(
                "sensitivity of {}",
                crate::words::counted(knobs.len(), "number", "numbers")
            ),
            &scale.sides,
        );
        let trials: u64 = knobs
            .iter()
            .map(|k| k.neighbours().iter().flatten().count() as u64)
            .sum();
        let watch = super::Watch::new((trials + 1) * u64::from(games), "played");
        let study = sensitivity::run::<R>(
            &self.loaded.scenario,
            &self.loaded.map,
            &knobs,
            &cfg,
            &|done, _| watch.progress(done),
            watch.cancel(),
        );
        let (interrupted, secs) = watch.finish();
        let study = match study {
            Ok(s) => s,
            Err(e) => return fail(format!("{origin}: error: {e}")),
        };
        let mut stdout = part.heading(a.games, "games");
        stdout.push_str(&heading);
        stdout.push('\n');
        if interrupted {
            stdout.push_str("PARTIAL: stopped by Ctrl+C; the trials rest on the games played\n");
        }
        stdout.push_str(&study.text());
        let played: u64 = u64::from(study.base.games())
            + study
                .knobs
                .iter()
                .flat_map(|k| [&k.down, &k.up])
                .flatten()
                .map(|t| u64::from(t.pairs.games()))
                .sum::<u64>();
        let mut stderr = format!(
            "{} in {secs:.1} s on {} ({:.0} games/s)\n",
            crate::words::counted(played, "game", "games"),
            crate::words::counted(threads, "thread", "threads"),
            played as f64 / secs.max(1e-9)
        );
        if let Some(path) = a.csv {
            if let Err(e) = files::save_atomic(path, &study.csv()) {
                return fail(format!("{}: error: cannot write: {e}", path.display()));
            }
            stderr.push_str(&format!("wrote the ranking to {}\n", path.display()));
        }
        if let Some(path) = a.json {
            let json = match serde_json::to_string_pretty(&study.ranking()) {
                Ok(j) => j + "\n",
                Err(e) => return fail(format!("error: {e}")),
            };
            if let Err(e) = files::save_atomic(path, &json) {
                return fail(format!("{}: error: cannot write: {e}", path.display()));
            }
            stderr.push_str(&format!("wrote the ranking to {}\n", path.display()));
        }
        if let Some(path) = a.out {
            let file = Shard {
                format: shard::FORMAT.to_string(),
                batch: BatchId {
                    heading,
                    fingerprint: shard::fingerprint(&[
                        crate::scenario::to_ron(&self.loaded.scenario).as_bytes(),
                        crate::scenario::to_ron(&self.loaded.map).as_bytes(),
                        crate::scenario::to_ron(&cfg.tuning).as_bytes(),
                        format!("{:?} {} {:?}", cfg.players, cfg.variant, knobs).as_bytes(),
                    ]),
                    version: env!("CARGO_PKG_VERSION").to_string(),
                    seed: a.seed,
                    total: a.games,
                    players: labels.clone(),
                },
                shard: part.index,
                shards: part.count,
                first,
                games,
                played: study.base.games(),
                tally: ShardTally::Sensitivity(Box::new(study)),
            };
            if let Err(e) = write_shard(path, &file) {
                return fail(e);
            }
            stderr.push_str(&format!(
                "wrote the tallies of shard {}/{} to {}\n",
                part.index,
                part.count,
                path.display()
            ));
        }
        Outcome {
            stdout,
            stderr,
            code: if interrupted { super::INTERRUPTED } else { 0 },
        }
    }
}

/// What both kinds of study play on: the board, the batch (its tuning,
/// players and this shard's games) and the shard.
type StudySetup<R> = (
    std::sync::Arc<<R as crate::engine::Rules>::Board>,
    SimConfig<R>,
    Part,
);

/// Batch settings shared by both kinds of study.
fn study_config<R: Computer>(
    a: &SensitivityArgs,
    loaded: &files::LoadedScenario,
) -> Result<StudySetup<R>, Outcome> {
    let (board, tuning) = batch_board::<R>(a.scenario, loaded, a.variant, a.tuning)?;
    let part = a.shard.unwrap_or(Part { index: 0, count: 1 });
    let (first, games) = part.range(a.games);
    let threads = a.threads.unwrap_or_else(crate::sim::default_threads);
    let cfg = SimConfig::<R> {
        games,
        first,
        players: a.players,
        threads,
        variant: a.variant,
        tuning,
        ..SimConfig::new(games, a.seed)
    };
    Ok((board, cfg, part))
}

/// `--weights`: the players' tuning weights halved and doubled
/// (`sim::robustness`).
fn weights<R: Computer>(a: &SensitivityArgs, loaded: &files::LoadedScenario) -> Outcome {
    let origin = a.scenario.display().to_string();
    let (board, cfg, _) = match study_config::<R>(a, loaded) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let named = robustness::weights(&cfg.tuning);
    if a.list || named.is_empty() {
        let mut s = format!(
            "{origin}: {} of the {} players' tuning a study varies (halved and doubled):\n",
            crate::words::counted(named.len(), "weight", "weights"),
            R::TITLE
        );
        for (name, value) in &named {
            s.push_str(&format!("  {name:<36} {value:>8.3}\n"));
        }
        return Outcome {
            stdout: s,
            stderr: String::new(),
            code: i32::from(named.is_empty()),
        };
    }
    let scale = R::batch_scale(&board);
    let heading = study_heading(
        a,
        &format!(
            "robustness to {} of the players' tuning",
            crate::words::counted(named.len(), "weight", "weights")
        ),
        &scale.sides,
    );
    let trials = named.len() as u64 * robustness::FACTORS.len() as u64;
    let watch = super::Watch::new((trials + 1) * u64::from(cfg.games), "played");
    let threads = cfg.threads;
    let study = robustness::run::<R>(board, &cfg, &|done, _| watch.progress(done), watch.cancel());
    let (interrupted, secs) = watch.finish();
    let mut stdout = heading;
    stdout.push('\n');
    if interrupted {
        stdout.push_str("PARTIAL: stopped by Ctrl+C; the trials rest on the games played\n");
    }
    stdout.push_str(&study.text(ROBUST_WITHIN));
    let played: u64 = u64::from(study.base.games())
        + study
            .weights
            .iter()
            .flat_map(|w| &w.trials)
            .map(|p| u64::from(p.games()))
            .sum::<u64>();
    let mut stderr = format!(
        "{} in {secs:.1} s on {} ({:.0} games/s)\n",
        crate::words::counted(played, "game", "games"),
        crate::words::counted(threads, "thread", "threads"),
        played as f64 / secs.max(1e-9)
    );
    if let Some(path) = a.json {
        let json = match serde_json::to_string_pretty(&study.ranking()) {
            Ok(j) => j + "\n",
            Err(e) => return fail(format!("error: {e}")),
        };
        if let Err(e) = files::save_atomic(path, &json) {
            return fail(format!("{}: error: cannot write: {e}", path.display()));
        }
        stderr.push_str(&format!("wrote the ranking to {}\n", path.display()));
    }
    Outcome {
        stdout,
        stderr,
        code: if interrupted { super::INTERRUPTED } else { 0 },
    }
}

/// The change (a fraction) a verdict is asked to stay within when one
/// weight is halved or doubled; a larger one is marked in the table.
const ROBUST_WITHIN: f64 = 0.05;

/// A study's first line: what it varies, who plays, the games a trial
/// and the seed.
fn study_heading(a: &SensitivityArgs, what: &str, sides: &[String; 2]) -> String {
    let labels = a.players.map(|p| p.label());
    format!(
        "{}: {what}, {} ({}) vs {} ({}), {} a trial with the base's seeds, seed {}{}",
        a.scenario.display(),
        sides[0],
        labels[0],
        sides[1],
        labels[1],
        crate::words::counted(a.games, "game", "games"),
        a.seed,
        if a.variant { ", variant on" } else { "" }
    )
}
