//! `vedette simulate`: batch playtests from the command line. Part of the
//! shell: reads the scenario, draws a progress bar on stderr, writes JSON.

use super::{Outcome, fail};
use crate::ai::{Computer, PlayerKind};
use crate::files;
use crate::rules::{self, Visit};
use crate::sim::shard::{self, BatchId, Part, Shard, ShardTally};
use crate::sim::{self, BatchTally, GameSummary, SimConfig, Tally};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

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
    /// Play only this shard's range of the games.
    pub shard: Option<Part>,
    /// Write the tallies (a shard file) here.
    pub out: Option<&'a Path>,
    /// Play each game twice, the players exchanged the second time.
    pub swap_seats: bool,
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
    let loaded = match super::load(a.scenario) {
        Ok(l) => l,
        Err(o) => return o,
    };
    rules::dispatch(&loaded.scenario.rules, Simulate { a, loaded: &loaded })
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
    let total = a.games.unwrap_or(if a.precision.is_some() {
        1_000_000
    } else {
        1000
    });
    if total == 0 {
        return fail("error: --games must be at least 1".into());
    }
    if let Some(p) = a.precision
        && !(p > 0.0 && p < 50.0)
    {
        return fail(format!(
            "error: --precision {p}: give the half-width in percentage points, above 0 and below 50"
        ));
    }
    if a.precision.is_some() && a.shard.is_some() {
        return fail(
            "error: --precision and --shard: a shard plays a fixed range of games; give --games and merge the shards"
                .into(),
        );
    }
    if a.swap_seats && a.players[0] == a.players[1] {
        return fail(format!(
            "error: --swap-seats: both sides have the same player ({}), so exchanging them changes nothing; give --french and --allied different players",
            a.players[0].label()
        ));
    }
    let part = a.shard.unwrap_or(Part { index: 0, count: 1 });
    let (first, games) = part.range(total);
    let threads = a.threads.unwrap_or_else(crate::sim::default_threads);
    let cfg = SimConfig::<R> {
        games,
        first,
        seed: a.seed,
        players: a.players,
        swap_seats: a.swap_seats,
        threads,
        variant: a.variant,
        tuning,
        max_commands: 20_000,
    };
    let labels = a.players.map(|p| p.label());
    let heading = format!(
        "{}: {} ({}) vs {} ({}), seed {}{}{}",
        a.scenario.display(),
        scale.sides[0],
        labels[0],
        scale.sides[1],
        labels[1],
        a.seed,
        if a.variant { ", variant on" } else { "" },
        if a.swap_seats {
            ", each game also played with the players exchanged"
        } else {
            ""
        }
    );
    let batch = BatchId {
        heading: heading.clone(),
        fingerprint: shard::fingerprint(&[
            crate::scenario::to_ron(&loaded.scenario).as_bytes(),
            crate::scenario::to_ron(&loaded.map).as_bytes(),
            crate::scenario::to_ron(&cfg.tuning).as_bytes(),
            format!(
                "{:?} {} {} {}",
                cfg.players, cfg.variant, cfg.swap_seats, cfg.max_commands
            )
            .as_bytes(),
        ]),
        version: env!("CARGO_PKG_VERSION").to_string(),
        seed: a.seed,
        total,
        players: labels.clone(),
    };
    let watch = super::Watch::new(u64::from(cfg.jobs()), "played");
    // Every game's summary goes into the tally and, with --json, straight
    // to the file as it finishes: nothing is kept per game.
    let mut json = match a.json.map(JsonGames::create).transpose() {
        Ok(j) => j,
        Err(e) => return fail(e),
    };
    let mut tally = BatchTally::new(Tally::new::<R>(&board), a.swap_seats);
    let mut played = 0u64;
    let mut write_error: Option<String> = None;
    let mut on_game = |g: GameSummary, half: f64| {
        played += 1;
        if played.is_multiple_of(64) {
            watch
                .bar()
                .set_message(format!("±{:.2} points", half * 100.0));
        }
        if let Some(j) = &mut json
            && write_error.is_none()
            && let Err(e) = j.add(&g)
        {
            write_error = Some(e);
            watch.cancel().store(true, Ordering::Relaxed);
        }
    };
    let reached = sim::run_to_precision(
        board.clone(),
        &cfg,
        a.precision,
        &mut tally,
        &|done| watch.progress(u64::from(done)),
        watch.cancel(),
        &mut on_game,
    );
    let (interrupted, secs) = watch.finish();
    if let Some(e) = write_error {
        return fail(e);
    }
    let interrupted = interrupted && reached.is_none();
    let final_half = tally.half_width();
    let counted = tally.games();
    let mut stdout = part.heading(total, "games");
    stdout.push_str(&heading);
    stdout.push('\n');
    if interrupted {
        stdout.push_str(&format!(
            "PARTIAL: stopped by Ctrl+C after {} of {}\n",
            crate::words::counted(counted, "game", "games"),
            games
        ));
    }
    if let Some(p) = a.precision {
        stdout.push_str(&match reached {
            Some(h) => format!(
                "precision: every side's win rate within ±{:.2} points (asked ±{p}) after {}\n",
                h * 100.0,
                crate::words::counted(counted, "game", "games")
            ),
            None => format!(
                "precision: NOT reached: ±{:.2} points after {} (asked ±{p}; {})\n",
                final_half * 100.0,
                crate::words::counted(counted, "game", "games"),
                if interrupted {
                    "stopped early"
                } else {
                    "raise --games"
                }
            ),
        });
    }
    stdout.push_str(&batch_text(&tally, &scale.sides, [&labels[0], &labels[1]]));
    let mut stderr = format!(
        "{}{} in {secs:.2} s on {} ({:.0} games/s)\n",
        crate::words::counted(played, "game", "games"),
        if a.swap_seats {
            format!(" ({} each played both ways)", counted)
        } else {
            String::new()
        },
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
    if let Some(path) = a.out {
        let file = Shard {
            format: shard::FORMAT.to_string(),
            batch,
            shard: part.index,
            shards: part.count,
            first,
            games,
            played: counted,
            tally: ShardTally::Scenario(Box::new(tally)),
        };
        if let Err(e) = write_shard(path, &file) {
            return fail(e);
        }
        stderr.push_str(&format!(
            "wrote the tallies of shard {}/{} to {}{}\n",
            part.index,
            part.count,
            path.display(),
            if interrupted { " (partial)" } else { "" }
        ));
    }
    Outcome {
        stdout,
        stderr,
        code: if interrupted { super::INTERRUPTED } else { 0 },
    }
}

/// A batch's report as `simulate` prints it below its heading, and
/// `merge` prints it from merged shards: the games as played, and with
/// swapped seats the games with the players exchanged and what the pairs
/// say.
pub fn batch_text(tally: &BatchTally, sides: &[String; 2], players: [&str; 2]) -> String {
    let mut text = tally.straight.clone().finish().text();
    if let (Some(swapped), Some(paired)) = (&tally.swapped, &tally.paired) {
        text.push_str(&format!(
            "\nwith the players exchanged: {} ({}) vs {} ({})\n",
            sides[0], players[1], sides[1], players[0]
        ));
        text.push_str(&swapped.clone().finish().text());
        text.push('\n');
        text.push_str(&paired.report().text(sides, players));
    }
    text
}

/// Writes a shard file (JSON), atomically.
pub fn write_shard(path: &Path, shard: &Shard) -> Result<(), String> {
    let text = serde_json::to_string_pretty(shard).map_err(|e| {
        format!(
            "{}: error: the tallies cannot be written: {e}",
            path.display()
        )
    })?;
    files::save_atomic(path, &(text + "\n"))
        .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))
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
