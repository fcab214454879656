//! `vedette simulate`: batch playtests from the command line. Part of the
//! shell: reads the scenario, draws a progress bar on stderr, writes JSON.

use crate::ai::{PlayerKind, Tuning};
use crate::cli::Outcome;
use crate::engine::naw::Board;
use crate::files;
use crate::sim::{self, Report, SimConfig};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub struct SimulateArgs<'a> {
    pub scenario: &'a Path,
    pub games: u32,
    pub seed: u64,
    pub players: [PlayerKind; 2],
    pub threads: Option<usize>,
    pub variant: bool,
    pub json: Option<&'a Path>,
    pub tuning: Option<&'a Path>,
}

fn fail(msg: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: format!("{msg}\n"),
        code: 1,
    }
}

/// Reads a tuning file (RON, any field may be left out).
pub fn load_tuning(path: &Path) -> Result<Tuning, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: error: cannot read: {e}", path.display()))?;
    ron::from_str(&text).map_err(|e| {
        format!(
            "{}:{}:{}: error: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}

pub fn simulate(a: &SimulateArgs) -> Outcome {
    let loaded = match files::load_scenario(a.scenario) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    let board = match Board::new(&loaded.scenario, &loaded.map) {
        Ok(b) => Arc::new(b),
        Err(e) => return fail(format!("{}: error: {e}", a.scenario.display())),
    };
    if a.variant && board.chit_changes.is_none() {
        return fail(format!(
            "{}: error: --variant on, but the scenario has no variant chit tables",
            a.scenario.display()
        ));
    }
    let tuning = match a.tuning.map(load_tuning).transpose() {
        Ok(t) => t.unwrap_or_default(),
        Err(e) => return fail(e),
    };
    if a.games == 0 {
        return fail("error: --games must be at least 1".into());
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let cfg = SimConfig {
        games: a.games,
        seed: a.seed,
        players: a.players,
        threads,
        variant: a.variant,
        tuning,
        max_commands: 20_000,
    };
    let bar = ProgressBar::new(a.games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let cancel = AtomicBool::new(false);
    let games = sim::run(
        board.clone(),
        &cfg,
        &|done| bar.set_position(done as u64),
        &cancel,
    );
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let report = Report::new(&board, &games);
    let mut stdout = format!(
        "{}: {} ({}) vs {} ({}), seed {}{}\n",
        a.scenario.display(),
        board.side_names[0],
        a.players[0].name(),
        board.side_names[1],
        a.players[1].name(),
        a.seed,
        if a.variant { ", variant on" } else { "" }
    );
    stdout.push_str(&report.text());
    let mut stderr = format!(
        "{} games in {secs:.2} s on {threads} thread{} ({:.0} games/s)\n",
        games.len(),
        if threads == 1 { "" } else { "s" },
        games.len() as f64 / secs.max(1e-9)
    );
    if let Some(path) = a.json {
        let json = match serde_json::to_string_pretty(&games) {
            Ok(j) => j,
            Err(e) => return fail(format!("error: cannot encode JSON: {e}")),
        };
        if let Err(e) = files::save_atomic(path, &json) {
            return fail(format!("{}: error: cannot write: {e}", path.display()));
        }
        stderr.push_str(&format!(
            "wrote {} game summaries to {}\n",
            games.len(),
            path.display()
        ));
    }
    Outcome {
        stdout,
        stderr,
        code: 0,
    }
}
