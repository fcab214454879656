//! `vedette simulate`: batch playtests from the command line. Part of the
//! shell: reads the scenario, draws a progress bar on stderr, writes JSON.

use super::Outcome;
use crate::ai::{Computer, PlayerKind};
use crate::files;
use crate::rulesets::{self, Visit};
use crate::sim::{self, GameSummary, SimConfig, Tally};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub struct SimulateArgs<'a> {
    pub scenario: &'a Path,
    /// The games to play, or with `precision` the most.
    pub games: Option<u32>,
    /// Stop once every side's win rate is known to ± this many points.
    pub precision: Option<f64>,
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

/// Reads a tuning file (RON, any field may be left out) for the rule set's
/// computer players.
pub fn load_tuning<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = crate::files::read_text(path).map_err(|e| e.to_string())?;
    let origin = path.display().to_string();
    // Weights are numbers a player multiplies by: NaN or an infinity would
    // make every comparison false and the player choose at random.
    let value: ron::Value = crate::scenario::from_ron(&text, &origin).map_err(|e| e.to_string())?;
    if let Some(field) = non_finite(&value, String::new()) {
        let at = crate::scenario::locate::locate(&text, &field)
            .map_or(String::new(), |p| format!(":{p}"));
        return Err(format!(
            "{origin}{at}: error: in `{field}`: a weight must be a finite number, not NaN or an infinity"
        ));
    }
    crate::scenario::from_ron(&text, &origin).map_err(|e| e.to_string())
}

/// The path of the first number in `v` that is NaN or infinite.
fn non_finite(v: &ron::Value, path: String) -> Option<String> {
    match v {
        ron::Value::Number(n) => (!n.into_f64().is_finite()).then_some(path),
        ron::Value::Map(m) => m.iter().find_map(|(k, x)| {
            let key = match k {
                ron::Value::String(s) => s.clone(),
                other => format!("{other:?}"),
            };
            let p = if path.is_empty() {
                key
            } else {
                format!("{path}.{key}")
            };
            non_finite(x, p)
        }),
        ron::Value::Seq(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, x)| non_finite(x, format!("{path}[{i}]"))),
        ron::Value::Option(Some(x)) => non_finite(x, path),
        _ => None,
    }
}

pub fn simulate(a: &SimulateArgs) -> Outcome {
    let loaded = match files::load_scenario(a.scenario) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    rulesets::dispatch(&loaded.scenario.rules, Simulate { a, loaded: &loaded })
}

struct Simulate<'a> {
    a: &'a SimulateArgs<'a>,
    loaded: &'a files::LoadedScenario,
}

impl Visit for Simulate<'_> {
    type Output = Outcome;
    fn visit<R: Computer>(self) -> Outcome {
        simulate_with::<R>(self.a, self.loaded)
    }
}

/// What a batch of a scenario needs before its games: the board (with
/// `--variant on` only when the scenario has chits) and the players'
/// tuning; or the failure to print.
pub fn batch_board<R: Computer>(
    path: &Path,
    loaded: &files::LoadedScenario,
    variant: bool,
    tuning: Option<&Path>,
) -> Result<(Arc<R::Board>, R::Tuning), Outcome> {
    let board = match R::board(&loaded.scenario, &loaded.map) {
        Ok(b) => Arc::new(b),
        Err(e) => return Err(fail(format!("{}: error: {e}", path.display()))),
    };
    if variant && !R::batch_scale(&board).variant {
        return Err(fail(format!(
            "{}: error: --variant on, but the scenario has no variant chit tables",
            path.display()
        )));
    }
    let tuning: R::Tuning = match tuning.map(load_tuning).transpose() {
        Ok(t) => t.unwrap_or_default(),
        Err(e) => return Err(fail(e)),
    };
    Ok((board, tuning))
}

fn simulate_with<R: Computer>(a: &SimulateArgs, loaded: &files::LoadedScenario) -> Outcome {
    let (board, tuning) = match batch_board::<R>(a.scenario, loaded, a.variant, a.tuning) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let scale = R::batch_scale(&board);
    let games = a.games.unwrap_or(if a.precision.is_some() {
        1_000_000
    } else {
        1000
    });
    if games == 0 {
        return fail("error: --games must be at least 1".into());
    }
    if let Some(p) = a.precision
        && !(p > 0.0 && p < 50.0)
    {
        return fail(format!(
            "error: --precision {p}: give the half-width in percentage points, above 0 and below 50"
        ));
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let cfg = SimConfig::<R> {
        games,
        seed: a.seed,
        players: a.players,
        threads,
        variant: a.variant,
        tuning,
        max_commands: 20_000,
    };
    let bar = ProgressBar::new(u64::from(games));
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} played {pos}/{len}  {per_sec}  {elapsed} elapsed, {eta} left  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let cancel = AtomicBool::new(false);
    // Every game's summary goes into the tally and, with --json, straight
    // to the file as it finishes: nothing is kept per game.
    let mut json = match a.json.map(JsonGames::create).transpose() {
        Ok(j) => j,
        Err(e) => return fail(e),
    };
    let mut tally = Tally::new::<R>(&board);
    let mut played = 0u64;
    let mut write_error: Option<String> = None;
    let mut on_game = |g: GameSummary, half: f64| {
        played += 1;
        if a.precision.is_some() && played.is_multiple_of(64) {
            bar.set_message(format!("±{:.2} points", half * 100.0));
        }
        if let Some(j) = &mut json
            && write_error.is_none()
            && let Err(e) = j.add(&g)
        {
            write_error = Some(e);
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let reached = sim::run_to_precision(
        board.clone(),
        &cfg,
        a.precision,
        &mut tally,
        &|done| bar.set_position(done as u64),
        &cancel,
        &mut on_game,
    );
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return fail(e);
    }
    let secs = start.elapsed().as_secs_f64();
    let final_half = tally.half_width();
    let report = tally.finish();
    let mut stdout = format!(
        "{}: {} ({}) vs {} ({}), seed {}{}\n",
        a.scenario.display(),
        scale.sides[0],
        a.players[0].label(),
        scale.sides[1],
        a.players[1].label(),
        a.seed,
        if a.variant { ", variant on" } else { "" }
    );
    if let Some(p) = a.precision {
        stdout.push_str(&match reached {
            Some(h) => format!(
                "precision: every side's win rate within ±{:.2} points (asked ±{p}) after {}\n",
                h * 100.0,
                crate::words::counted(played, "game", "games")
            ),
            None => format!(
                "precision: NOT reached: ±{:.2} points after {} (asked ±{p}; raise --games)\n",
                final_half * 100.0,
                crate::words::counted(played, "game", "games")
            ),
        });
    }
    stdout.push_str(&report.text());
    let mut stderr = format!(
        "{} in {secs:.2} s on {} ({:.0} games/s)\n",
        crate::words::counted(played, "game", "games"),
        crate::words::counted(threads, "thread", "threads"),
        played as f64 / secs.max(1e-9)
    );
    if let (Some(j), Some(path)) = (json, a.json) {
        if let Err(e) = j.finish() {
            return fail(e);
        }
        stderr.push_str(&format!(
            "wrote {played} game summaries to {}\n",
            path.display()
        ));
    }
    Outcome {
        stdout,
        stderr,
        code: 0,
    }
}

/// The `--json` file: a JSON array of game summaries written one by one as
/// games finish, laid out as `serde_json`'s pretty printer lays out the
/// whole array, and renamed into place when complete.
struct JsonGames {
    path: std::path::PathBuf,
    file: files::AtomicFile,
    count: u64,
}

impl JsonGames {
    fn create(path: &Path) -> Result<JsonGames, String> {
        let file = files::AtomicFile::create(path)
            .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))?;
        Ok(JsonGames {
            path: path.to_path_buf(),
            file,
            count: 0,
        })
    }

    fn err(&self, e: impl std::fmt::Display) -> String {
        format!("{}: error: cannot write: {e}", self.path.display())
    }

    fn add(&mut self, g: &GameSummary) -> Result<(), String> {
        let text = serde_json::to_string_pretty(g).map_err(|e| self.err(e))?;
        let mut piece = String::from(if self.count == 0 { "[\n" } else { ",\n" });
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                piece.push('\n');
            }
            piece.push_str("  ");
            piece.push_str(line);
        }
        self.count += 1;
        let r = self.file.write_all(piece.as_bytes());
        r.map_err(|e| self.err(e))
    }

    fn finish(mut self) -> Result<(), String> {
        let end: &[u8] = if self.count == 0 { b"[]" } else { b"\n]" };
        let r = self.file.write_all(end);
        r.map_err(|e| self.err(e))?;
        let path = self.path.clone();
        self.file
            .commit()
            .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))
    }
}
