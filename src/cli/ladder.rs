//! `vedette ladder`: the skill ladder from the command line (random,
//! heuristic and search players against each other from both seats,
//! rated, with the balance at each rung). Part of the shell: reads the
//! scenario, draws a progress bar on stderr, writes JSON atomically.

use super::sim::batch_board;
use super::{Outcome, fail};
use crate::ai::Computer;
use crate::files;
use crate::rules::{self, Visit};
use crate::sim::ladder::{self, LadderConfig};
use std::path::Path;

pub struct LadderArgs<'a> {
    pub scenario: &'a Path,
    pub games: u32,
    pub budgets: &'a [u32],
    pub mc: &'a [u32],
    pub seed: u64,
    pub threads: Option<usize>,
    pub variant: bool,
    pub json: Option<&'a Path>,
    pub tuning: Option<&'a Path>,
}

pub fn ladder(a: &LadderArgs) -> Outcome {
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
    a: &'a LadderArgs<'a>,
    loaded: &'a files::LoadedScenario,
}

impl Visit for Run<'_> {
    type Output = Outcome;
    fn visit<R: Computer>(self) -> Outcome {
        let a = self.a;
        let (board, tuning) = match batch_board::<R>(a.scenario, self.loaded, a.variant, a.tuning) {
            Ok(x) => x,
            Err(o) => return o,
        };
        let threads = a.threads.unwrap_or_else(crate::sim::default_threads);
        let cfg = LadderConfig::<R> {
            rungs: ladder::default_rungs(a.budgets, a.mc),
            games: a.games,
            seed: a.seed,
            threads,
            variant: a.variant,
            tuning,
        };
        let k = cfg.rungs.len() as u64;
        let watch = super::Watch::new(k * k * u64::from(a.games), "played");
        let l = ladder::run::<R>(board, &cfg, &|done, _| watch.progress(done), watch.cancel());
        let (interrupted, secs) = watch.finish();
        let played: u64 = l.pairings.iter().map(|p| u64::from(p.games)).sum();
        let mut stdout = format!(
            "{}: ladder of {} rungs, {} a pairing from each seat, seed {}{}\n",
            a.scenario.display(),
            l.rungs.len(),
            crate::words::counted(a.games, "game", "games"),
            a.seed,
            if a.variant { ", variant on" } else { "" }
        );
        if interrupted {
            stdout.push_str(&format!(
                "PARTIAL: stopped by Ctrl+C after {} of {}; the ratings rest on the games played\n",
                crate::words::counted(played, "game", "games"),
                k * k * u64::from(a.games)
            ));
        }
        stdout.push_str(&l.text());
        let mut stderr = format!(
            "{} in {secs:.1} s on {}\n",
            crate::words::counted(played, "game", "games"),
            crate::words::counted(threads, "thread", "threads"),
        );
        if let Some(path) = a.json {
            let json = match serde_json::to_string_pretty(&l) {
                Ok(j) => j,
                Err(e) => return fail(format!("error: {e}")),
            };
            if let Err(e) = files::write_atomic(path, json.as_bytes()) {
                return fail(format!("{}: error: cannot write: {e}", path.display()));
            }
            stderr.push_str(&format!("wrote the ladder to {}\n", path.display()));
        }
        Outcome {
            stdout,
            stderr,
            code: if interrupted { super::INTERRUPTED } else { 0 },
        }
    }
}
