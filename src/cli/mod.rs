//! The command line: `vedette` opens the editor; subcommands work headless.

use crate::files::{self, OpenError};
use crate::scenario::{self, Issue, Location, Severity};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};

pub mod ladder;
pub mod merge;
pub mod play;
pub mod sensitivity;
pub mod sheet;
pub mod sim;
pub mod strength;

/// Vedette: scenario editor, viewer and playtest table for hex-and-counter
/// Napoleonic wargames.
#[derive(Debug, Parser)]
#[command(name = "vedette", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The files to open in the window, each in a tab of its own: a
    /// scenario (default: Waterloo), a map, a saved game, a deployment
    /// log, an army list or an order of battle; or a bundled one by name
    /// (`waterloo`, `saint-aubin`, see `vedette validate --help`).
    #[arg(value_name = "FILE", value_parser = crate::bundled::file_arg)]
    pub files: Vec<PathBuf>,
    /// Open the Balance panel and start a batch of this many games.
    #[arg(long, value_name = "GAMES")]
    pub balance: Option<u32>,
    /// Open a saved game (a replay log) in the playtest table, on the
    /// scenario it names (or the FILE given).
    #[arg(long, value_name = "LOG")]
    pub game: Option<PathBuf>,
    /// Open the Armies window (rules with forces and Generals).
    #[arg(long)]
    pub armies: bool,
    /// Open the pick-up battle wizard [3.1][3.2] (File > New pick-up
    /// battle…).
    #[arg(long)]
    pub pickup: bool,
    /// Resume or review a pick-up procedure from its deployment log
    /// (NAME.deployment.ron, saved beside the battle).
    #[arg(long, value_name = "LOG")]
    pub pickup_log: Option<PathBuf>,
    /// Open FILE (or the default scenario, or the --game) as the window
    /// would, without a window or display, print what opened and exit (1
    /// if it did not open): for installers and packagers.
    #[arg(long)]
    pub check_open: bool,
}

/// The players and settings of a batch of computer games, shared by
/// `simulate` and `sensitivity`.
#[derive(Debug, clap::Args)]
pub struct BatchOptions {
    /// Player for the first side (French at Waterloo; with --pickup,
    /// the first list's): heuristic, random, search (`search:N`
    /// for N playouts a turn) or mc (`mc:MS`, flat Monte Carlo with MS
    /// milliseconds a decision).
    #[arg(long, default_value = "heuristic")]
    french: crate::ai::PlayerKind,
    /// Player for the second side (Allied at Waterloo; with --pickup,
    /// the second list's).
    #[arg(long, default_value = "heuristic")]
    allied: crate::ai::PlayerKind,
    /// The search players' budget: playouts per turn.
    #[arg(long)]
    budget: Option<u32>,
    /// Worker threads (default: the number of cores). Results do not
    /// depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The scenario's variant, with chits drawn for every game.
    #[arg(long, default_value = "off", value_parser = ["on", "off"])]
    variant: String,
    /// Heuristic player tuning (RON), the rule set's own weights: see
    /// `src/ai/tuning.rs` (Napoleon at Waterloo), `NapoleonTuning` in
    /// `src/ai/napoleon.rs`, `OneHourTuning` in `src/ai/one_hour.rs`, `Hits16Tuning` in
    /// `src/ai/hits16.rs`.
    #[arg(long)]
    tuning: Option<PathBuf>,
}

impl BatchOptions {
    /// The two players, with `--budget` applied.
    fn players(&self) -> [crate::ai::PlayerKind; 2] {
        [self.french, self.allied].map(|k| budgeted(k, self.budget))
    }

    fn variant(&self) -> bool {
        self.variant == "on"
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check scenario and map files; prints `file:line:column: where:
    /// error: what` and exits 1 if any error is found.
    ///
    /// A file may be named without a path when it is bundled with
    /// Vedette (a path to an existing file takes precedence): scenarios
    /// waterloo, tutorial, saint-aubin, waterloo-one-hour, quatre-bras,
    /// hits16-tutorial; maps and army lists likewise. Every command
    /// reading a scenario takes these names.
    Validate {
        #[arg(required = true, value_parser = crate::bundled::file_arg)]
        files: Vec<PathBuf>,
    },
    /// Play a scenario from a file of commands, printing every event with
    /// its rule citation and a final summary. A refused command prints the
    /// reason and ends the run with exit code 2.
    Play {
        #[arg(value_parser = crate::bundled::file_arg)]
        scenario: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A RON list of commands, e.g. `[Move(unit: "101", path: ["0513"]), EndMovement]`.
        /// Without it (or once it is played out) computer seats play on.
        #[arg(long, required_unless_present_any = ["french", "allied"])]
        commands: Option<PathBuf>,
        /// A computer player for the first side (whatever the scenario
        /// calls it): heuristic (or computer), random, search (the
        /// search player, `search:N` for N playouts a turn) or mc (flat
        /// Monte Carlo, `mc:MS` for MS milliseconds a decision). It plays
        /// whenever that side is to act and the commands file has none
        /// left.
        #[arg(long)]
        french: Option<crate::ai::PlayerKind>,
        /// A computer player for the second side.
        #[arg(long)]
        allied: Option<crate::ai::PlayerKind>,
        /// The search player's budget: playouts per turn (the strength;
        /// the game stays a pure function of scenario and seed).
        #[arg(long)]
        budget: Option<u32>,
        /// With computer seats, stop after this many commands in all.
        #[arg(long, default_value_t = 100_000)]
        max_commands: u32,
        /// Grouchy variant: off, drawn, or two chit codes such as 4,2.
        #[arg(long, default_value = "off")]
        variant: String,
        /// Write the game log (replayable with `vedette replay`) here.
        #[arg(long)]
        log: Option<PathBuf>,
    },
    /// Re-run a game log and report the first divergence, if any.
    Replay {
        log: PathBuf,
        /// The scenario, if the log does not name it (or to override it).
        #[arg(long, value_parser = crate::bundled::file_arg)]
        scenario: Option<PathBuf>,
    },
    /// Play many games between computer players and report how balanced
    /// the scenario is: win/draw rates with 95% confidence intervals,
    /// losses, exits, the turn games were decided on, and (with the
    /// variant) results by chit.
    Simulate {
        /// The scenario (not with --pickup).
        #[arg(required_unless_present = "pickup", value_parser = crate::bundled::file_arg)]
        scenario: Option<PathBuf>,
        /// Army-list balance instead of a scenario: two army lists (RON);
        /// each battle's orders of battle are built at --points and
        /// deployed by computer players [3.1][3.2], then played out.
        #[arg(long, num_args = 2, value_names = ["LIST_A", "LIST_B"], conflicts_with = "scenario", value_parser = crate::bundled::file_arg)]
        pickup: Vec<PathBuf>,
        /// The agreed army size for --pickup (default: 1000).
        #[arg(long, requires = "pickup")]
        points: Option<u32>,
        /// Games to play (default 1000); with --precision, the most to
        /// play (default 1,000,000).
        #[arg(long)]
        games: Option<u32>,
        /// Play until the 95% interval of every side's win rate is at
        /// most this many percentage points either side (at least 100
        /// games, at most --games), and say how many it took.
        #[arg(long, value_name = "POINTS", conflicts_with = "pickup")]
        precision: Option<f64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        batch: BatchOptions,
        /// Write every game's summary here as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Play only shard I of N of the --games (numbered from 0, as Slurm
        /// array tasks and Kubernetes job indexes are): its own range of
        /// game numbers, with the seeds they have in the whole batch.
        /// Write its tallies with -o and join the shards with `vedette
        /// merge`.
        #[arg(long, value_name = "I/N")]
        shard: Option<crate::sim::shard::Part>,
        /// Write the batch's tallies (a shard file, JSON) here, for
        /// `vedette merge`.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
        /// Play each game twice with the same dice, the second time with
        /// the players exchanged, and report what the side is worth and
        /// what the player is worth, as paired differences.
        #[arg(long, conflicts_with = "pickup")]
        swap_seats: bool,
    },
    /// Which numbers decide the balance: each number the rule set marks
    /// (its Vedette defaults and the scenario numbers it plays by) or you
    /// tick with --vary is moved one step down and up, one at a time,
    /// and the scenario played with the base batch's seeds; prints the
    /// numbers ranked by how far they move the first side's win rate,
    /// with paired 95% intervals, and says which are within noise.
    Sensitivity {
        #[arg(value_parser = crate::bundled::file_arg)]
        scenario: PathBuf,
        /// Games of the base batch and of each trial.
        #[arg(long, default_value_t = 400)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        batch: BatchOptions,
        /// Also vary this whole number, by its dotted path in the file
        /// (`turns`, `victory.loss_thresholds.0.points`); repeatable.
        #[arg(long, value_name = "PATH")]
        vary: Vec<String>,
        /// Vary only the --vary numbers.
        #[arg(long, requires = "vary")]
        only: bool,
        /// List the numbers a study would vary, with their paths, and stop.
        #[arg(long)]
        list: bool,
        /// Vary the computer players' tuning instead of the scenario: each
        /// weight (a fractional number of the --tuning, or the rule set's
        /// default tuning) halved and doubled, one at a time, with the
        /// base's seeds. With `--french search --allied search` it says how
        /// much the verdict at the search rung owes to the weights the
        /// search plays its playouts with.
        #[arg(long, conflicts_with_all = ["vary", "shard", "out", "csv"])]
        weights: bool,
        /// Write the ranking here as CSV.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Write the ranking here as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Play only shard I of N of the games, as `simulate --shard`.
        #[arg(long, value_name = "I/N")]
        shard: Option<crate::sim::shard::Part>,
        /// Write the study's tallies (a shard file) here, for `vedette
        /// merge`.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Join the shards of a batch (`simulate --shard I/N -o FILE`) and
    /// print the report one run of all its games prints, to the byte
    /// (the timing line apart). Refuses shards of different batches, and
    /// a missing or repeated shard; says which shards were stopped early.
    Merge {
        #[arg(required = true, value_name = "SHARD")]
        shards: Vec<PathBuf>,
        /// Write the merged report here as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write the merged tallies here (one shard file of the whole
        /// batch: for `sheet --balance-note`, or to merge again).
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The skill ladder: random, heuristic and search players (at each
    /// --budgets) play each other from both seats; prints Elo-style
    /// ratings with 95% intervals (Bradley-Terry), the balance at each
    /// rung (the same player on both sides), each player against each
    /// from both seats, and a FLAG where the verdict changes with skill.
    Ladder {
        #[arg(value_parser = crate::bundled::file_arg)]
        scenario: PathBuf,
        /// Games of each pairing (every player against every player,
        /// itself included, from each seat).
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The search player's budgets, one rung each (playouts per
        /// turn).
        #[arg(long, value_delimiter = ',', default_value = "16")]
        budgets: Vec<u32>,
        /// Flat Monte Carlo rungs, one for each of these milliseconds of
        /// CPU a decision (`--mc 100`: the naive sampler the search must
        /// beat); none by default (each costs about 100 ms a decision).
        #[arg(long, value_delimiter = ',')]
        mc: Vec<u32>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: the number of cores). Results do not
        /// depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// The scenario's variant, with chits drawn for every game.
        #[arg(long, default_value = "off", value_parser = ["on", "off"])]
        variant: String,
        /// Write the ladder (ratings, verdicts, pairings) here as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// The heuristic players' tuning (RON), as for `simulate`.
        #[arg(long)]
        tuning: Option<PathBuf>,
    },
    /// A rule set's mirrored battle of a seed (random field, two armies
    /// each the other's reflection, objectives), as a scenario file: the
    /// battles `strength` measures players on.
    Generate {
        /// The rule set: naw, napoleon, one-hour or hits16.
        rules: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write the scenario here (default: print it).
        #[arg(short = 'o', long = "out", value_name = "FILE.ron")]
        out: Option<PathBuf>,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// How strong a player is on battles it was not tuned on: two players
    /// on a rule set's generated mirrored battles, each played from both
    /// seats with the same dice; prints the first player's paired score
    /// with its 95% interval and each player's CPU. Seeds from 1000000 on
    /// are the held-out half (the default); below, the tuning half.
    Strength {
        /// The rule set: naw, napoleon, one-hour or hits16.
        rules: String,
        /// The two players, as A,B (heuristic, random, search:N, mc:MS).
        #[arg(long, value_delimiter = ',', default_value = "search:16,heuristic")]
        players: Vec<String>,
        /// Battles (each played twice).
        #[arg(long, default_value_t = 100)]
        battles: u32,
        /// The first battle's seed (default: the held-out half's first).
        #[arg(long)]
        first: Option<u64>,
        /// Worker threads (default: the number of cores). Results do not
        /// depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Write the measurement here as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Print a scenario's setup sheet as PDF: title block, the map with
    /// every at-start counter (tiled over several sheets when its hexes
    /// would be under 12 mm), orders of battle by hex, reinforcements,
    /// victory conditions, variant chits, CRT, terrain chart and tracks.
    Sheet {
        #[arg(value_parser = crate::bundled::file_arg)]
        scenario: PathBuf,
        #[arg(short, long, value_name = "FILE.pdf")]
        output: PathBuf,
        /// Paper size.
        #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
        paper: String,
        /// Print the sheet even if `validate` finds errors in the scenario.
        #[arg(long)]
        force: bool,
        /// Print a balance note: the five numbers that decide the balance,
        /// from a sensitivity study's tallies (`vedette sensitivity FILE -o
        /// STUDY`).
        #[arg(long, value_name = "STUDY")]
        balance_note: Option<PathBuf>,
    },
    /// Draw a map (or a scenario's map with its markers and counters) as a
    /// PNG or SVG image.
    Render {
        /// A scenario or map file.
        #[arg(value_parser = crate::bundled::file_arg)]
        input: PathBuf,
        #[arg(short, long, value_name = "FILE.png|FILE.svg")]
        output: PathBuf,
        /// Pixels across a hex (flat side to flat side) or a box.
        #[arg(long, default_value_t = 48.0)]
        scale: f32,
        /// Draw the image even if `validate` finds errors in the file.
        #[arg(long)]
        force: bool,
    },
    /// Rewrite scenario or map files in Vedette's canonical layout (what the
    /// editor would save), or with --check report files that differ.
    Format {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only report files that are not in canonical form; exit 1 if any.
        #[arg(long)]
        check: bool,
    },
}

/// The command line as clap reads it, with what the derive cannot say:
/// `play --help` ends with an example for every rule set, taken from the
/// rule sets' registration.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut text = String::from(
        "Commands are a RON list in the rule set's own words; units and forces by their ids and names in the scenario.\n\nExamples, one per rule set:\n",
    );
    for (title, ex) in crate::rules::play_examples() {
        text.push_str(&format!(
            "\n  {title}: vedette play {} --seed {} --commands FILE, with FILE holding\n    {}\n",
            ex.scenario, ex.seed, ex.commands
        ));
    }
    Cli::command().mut_subcommand("play", |c| c.after_help(text))
}

/// `vedette simulte …`: a first word that is no file and no subcommand
/// but within two letters of one gets "did you mean" before anything else
/// reads it (clap would take it for the FILE to open and then stumble on
/// the subcommand's options).
pub fn misspelt_subcommand(args: &[std::ffi::OsString]) -> Option<Outcome> {
    use clap::CommandFactory;
    let word = args.get(1)?.to_str()?;
    if word.starts_with('-') || Path::new(word).exists() || word.contains(['/', '.']) {
        return None;
    }
    let cmd = Cli::command();
    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
    if names.contains(&word) {
        return None;
    }
    let (best, d) = names
        .iter()
        .map(|n| (*n, edit_distance(word, n)))
        .min_by_key(|&(_, d)| d)?;
    (d <= 2).then(|| Outcome {
        stdout: String::new(),
        stderr: format!(
            "vedette: '{word}' is neither a subcommand nor a file; did you mean '{best}'?\n\n{}\nFor more, try 'vedette --help'.\n",
            cmd.clone().render_usage()
        ),
        code: 2,
    })
}

/// Levenshtein distance between two words (letters inserted, removed or
/// changed).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// Checks what `vedette [FILE] [--game LOG]` would open before a window is
/// made: a word that is neither a subcommand nor a file (`vedette
/// frobnicate`) or a missing file gets a plain error with the usage line,
/// and so does a machine with no display, instead of a windowing error.
pub fn check_window_args(args: &Cli, display: Option<&str>) -> Result<(), Outcome> {
    use clap::CommandFactory;
    let usage = Cli::command().render_usage().to_string();
    let fail = |what: String| Outcome {
        stdout: String::new(),
        stderr: format!("vedette: {what}\n\n{usage}\nFor more, try 'vedette --help'.\n"),
        code: 2,
    };
    let named = args.files.iter().map(|f| (f, "scenario"));
    for (p, what) in named.chain(args.game.iter().map(|g| (g, "game log"))) {
        if p.is_dir() {
            return Err(fail(format!(
                "'{}' is a folder: give a {what} file",
                p.display()
            )));
        }
        if !p.exists() {
            let word = p.to_string_lossy();
            let bare = p.components().count() == 1 && p.extension().is_none();
            return Err(fail(if bare && what == "scenario" {
                format!(
                    "'{word}' is neither a subcommand nor a file, {}",
                    crate::bundled::missing_hint(p).unwrap_or_default()
                )
            } else {
                format!("no such {what} file: '{word}'")
            }));
        }
    }
    if display.is_none() && !args.check_open {
        return Err(fail(
            "cannot open the window: there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set); the subcommands work without one".into(),
        ));
    }
    Ok(())
}

/// The display the window would open on, from the environment (`None`
/// where a desktop session is needed and none is set).
pub fn display_from_env() -> Option<String> {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return Some("desktop".into());
    }
    ["WAYLAND_DISPLAY", "DISPLAY"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|x| !x.is_empty()))
}

/// `text` as it may reach a terminal: every control character but line
/// breaks and tabs written as `\u{..}`. Names are refused with control
/// characters by `validate`, but logs, command files and army lists the
/// CLI echoes are not scenarios (an escape sequence in one could clear
/// the screen or forge an output line).
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// What a subcommand printed and how it ended.
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// A finding as `file:line:column: where: severity: what`, the line and
/// column of the field, unit or map part it is about when the text shows
/// it (`scenario::locate`); a map part of a scenario whose map is its own
/// file is found in that file.
fn issue_line(file: &Path, text: &str, found: Option<&Found>, issue: &Issue) -> String {
    use crate::scenario::locate::locate;
    let at = match &issue.location {
        Location::Field(p) => match (p.strip_prefix("map."), found) {
            (Some(rest), Some(f)) if f.map_text.is_some() => {
                f.map_text.as_ref().and_then(|(mp, mt)| {
                    // A map file holds its map under `map:` as a scenario
                    // does; older ones hold it bare.
                    locate(mt, p)
                        .or_else(|| locate(mt, rest))
                        .map(|pos| (mp.as_path(), pos))
                })
            }
            _ => locate(text, p).map(|pos| (file, pos)),
        },
        Location::Unit(id) => found
            .and_then(|f| f.units.iter().position(|u| u == id))
            .and_then(|i| locate(text, &format!("units[{i}]")))
            .map(|pos| (file, pos)),
        Location::Hex(_) | Location::Hexside(_) => None,
    };
    match at {
        Some((f, pos)) => format!("{}:{pos}: {}", f.display(), issue),
        None => format!("{}:{}", file.display(), issue),
    }
}

/// What a located finding needs of a scenario: its units' ids in file
/// order and, when its map is a file of its own, that file and its text.
struct Found {
    units: Vec<crate::scenario::UnitId>,
    map_text: Option<(PathBuf, String)>,
}

/// Validates files and reports as `vedette validate` does.
pub fn validate_files(paths: &[PathBuf]) -> Outcome {
    let mut stdout = String::new();
    let (mut errors, mut warnings) = (0usize, 0usize);
    for path in paths {
        let text = match files::read_text(path) {
            Err(e) => {
                stdout.push_str(&format!("{e}\n"));
                errors += 1;
                continue;
            }
            Ok(t) => t,
        };
        let (issues, found): (Vec<Issue>, Option<Found>) = if files::looks_like_map(&text) {
            match files::load_map(path) {
                Ok(map) => (scenario::validate_map(&map), None),
                Err(e) => {
                    stdout.push_str(&format!("{e}\n"));
                    errors += 1;
                    continue;
                }
            }
        } else {
            match files::load_scenario(path) {
                Ok(loaded) => (
                    scenario::validate(&loaded.scenario, &loaded.map),
                    Some(Found {
                        units: loaded.scenario.units.iter().map(|u| u.id.clone()).collect(),
                        map_text: loaded
                            .map_path
                            .as_ref()
                            .and_then(|p| files::read_text(p).ok().map(|t| (p.clone(), t))),
                    }),
                ),
                Err(e) => {
                    stdout.push_str(&format!("{e}\n"));
                    errors += 1;
                    continue;
                }
            }
        };
        for i in &issues {
            stdout.push_str(&issue_line(path, &text, found.as_ref(), i));
            stdout.push('\n');
            match i.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
            }
        }
    }
    let stderr = format!(
        "{} file{} checked: {errors} error{}, {warnings} warning{}\n",
        paths.len(),
        if paths.len() == 1 { "" } else { "s" },
        if errors == 1 { "" } else { "s" },
        if warnings == 1 { "" } else { "s" },
    );
    Outcome {
        stdout,
        stderr,
        code: if errors > 0 { 1 } else { 0 },
    }
}

fn canonical_text(path: &Path) -> Result<(String, String), OpenError> {
    let text = files::read_text(path)?;
    let origin = path.display().to_string();
    let canonical = if files::looks_like_map(&text) {
        scenario::map_file(&scenario::parse_map(&text, &origin)?)
    } else {
        scenario::scenario_file(&scenario::parse_scenario(&text, &origin)?)
    };
    Ok((text, canonical))
}

/// Rewrites files canonically (or checks them).
pub fn format_files(paths: &[PathBuf], check: bool) -> Outcome {
    let (mut stdout, mut stderr, mut code) = (String::new(), String::new(), 0);
    for path in paths {
        match canonical_text(path) {
            Err(e) => {
                stderr.push_str(&format!("{e}\n"));
                code = 1;
            }
            Ok((old, new)) if old != new => {
                if check {
                    stdout.push_str(&format!("{}: not in canonical form\n", path.display()));
                    code = 1;
                } else if let Err(e) = files::save_atomic(path, &new) {
                    stderr.push_str(&format!("{}: error: cannot write: {e}\n", path.display()));
                    code = 1;
                } else {
                    stdout.push_str(&format!("{}: rewritten\n", path.display()));
                }
            }
            Ok(_) => {}
        }
    }
    Outcome {
        stdout,
        stderr,
        code,
    }
}

/// Runs a subcommand.
pub fn run(command: &Command) -> Outcome {
    match command {
        Command::Validate { files } => validate_files(files),
        Command::Sheet {
            scenario,
            output,
            paper,
            force,
            balance_note,
        } => sheet::sheet(
            scenario,
            output,
            if paper == "letter" {
                crate::sheet::Paper::Letter
            } else {
                crate::sheet::Paper::A4
            },
            *force,
            balance_note.as_deref(),
        ),
        Command::Render {
            input,
            output,
            scale,
            force,
        } => sheet::render(input, output, *scale, *force),
        Command::Format { files, check } => format_files(files, *check),
        Command::Play {
            scenario,
            seed,
            commands,
            french,
            allied,
            max_commands,
            variant,
            log,
            budget,
        } => play::play(&play::PlayArgs {
            scenario,
            seed: *seed,
            commands: commands.as_deref(),
            seats: [*french, *allied].map(|k| k.map(|k| budgeted(k, *budget))),
            max_commands: *max_commands,
            variant,
            log_out: log.as_deref(),
        }),
        Command::Replay { log, scenario } => play::replay(log, scenario.as_deref()),
        Command::Simulate {
            pickup,
            points,
            games,
            seed,
            batch,
            json,
            shard,
            out,
            ..
        } if !pickup.is_empty() => {
            crate::rules::pickup::simulate(&crate::rules::pickup::PickupArgs {
                lists: pickup,
                points: *points,
                games: games.unwrap_or(1000),
                seed: *seed,
                threads: batch.threads,
                players: batch.players(),
                variant: batch.variant(),
                json: json.as_deref(),
                tuning: batch.tuning.as_deref(),
                shard: *shard,
                out: out.as_deref(),
            })
        }
        Command::Simulate {
            scenario: Some(scenario),
            games,
            precision,
            seed,
            batch,
            json,
            shard,
            out,
            swap_seats,
            ..
        } => sim::simulate(&sim::SimulateArgs {
            scenario,
            games: *games,
            precision: *precision,
            seed: *seed,
            players: batch.players(),
            threads: batch.threads,
            variant: batch.variant(),
            json: json.as_deref(),
            tuning: batch.tuning.as_deref(),
            shard: *shard,
            out: out.as_deref(),
            swap_seats: *swap_seats,
        }),
        Command::Merge { shards, json, out } => {
            merge::merge(shards, json.as_deref(), out.as_deref())
        }
        Command::Sensitivity {
            scenario,
            games,
            seed,
            batch,
            vary,
            only,
            list,
            weights,
            csv,
            json,
            shard,
            out,
        } => sensitivity::sensitivity(&sensitivity::SensitivityArgs {
            scenario,
            games: *games,
            seed: *seed,
            players: batch.players(),
            threads: batch.threads,
            variant: batch.variant(),
            tuning: batch.tuning.as_deref(),
            vary,
            only: *only,
            list: *list,
            weights: *weights,
            csv: csv.as_deref(),
            json: json.as_deref(),
            shard: *shard,
            out: out.as_deref(),
        }),
        // clap requires the scenario unless --pickup is given.
        Command::Ladder {
            scenario,
            games,
            budgets,
            mc,
            seed,
            threads,
            variant,
            json,
            tuning,
        } => ladder::ladder(&ladder::LadderArgs {
            scenario,
            games: *games,
            budgets,
            mc,
            seed: *seed,
            threads: *threads,
            variant: variant == "on",
            json: json.as_deref(),
            tuning: tuning.as_deref(),
        }),
        Command::Generate {
            rules,
            seed,
            out,
            force,
        } => strength::generate(rules, *seed, out.as_deref(), *force),
        Command::Strength {
            rules,
            players,
            battles,
            first,
            threads,
            json,
        } => strength::strength(&strength::StrengthArgs {
            rules,
            players,
            battles: *battles,
            first: *first,
            threads: *threads,
            json: json.as_deref(),
        }),
        Command::Simulate { scenario: None, .. } => Outcome {
            stdout: String::new(),
            stderr: "error: simulate needs a scenario, or --pickup LIST_A LIST_B\n".into(),
            code: 2,
        },
    }
}

/// A failed command: the message on stderr, exit code 1.
pub(crate) fn fail(msg: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: format!("{msg}\n"),
        code: 1,
    }
}

/// The progress bar of a batch: `verb` what is counted ("played",
/// "built"), with the rate, the time taken and the time left, and room
/// for a message.
pub(crate) fn batch_bar(len: u64, verb: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {verb} {{pos}}/{{len}}  {{per_sec}}  {{elapsed}} elapsed, {{eta}} left  {{msg}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// A batch watched from the command line: its progress bar and Ctrl+C,
/// which asks the batch to stop after the games in play.
pub(crate) struct Watch {
    bar: indicatif::ProgressBar,
    cancel: std::sync::atomic::AtomicBool,
    interrupt: &'static std::sync::atomic::AtomicBool,
    start: std::time::Instant,
}

impl Watch {
    /// A bar of `len` things counted by `verb` (see [`batch_bar`]).
    pub(crate) fn new(len: u64, verb: &str) -> Self {
        Watch {
            bar: batch_bar(len, verb),
            cancel: std::sync::atomic::AtomicBool::new(false),
            interrupt: interrupt(),
            start: std::time::Instant::now(),
        }
    }

    /// The batch's progress: moves the bar and passes a Ctrl+C on.
    pub(crate) fn progress(&self, done: u64) {
        use std::sync::atomic::Ordering;
        self.bar.set_position(done);
        if self.interrupt.load(Ordering::Relaxed) {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// The flag the batch stops on.
    pub(crate) fn cancel(&self) -> &std::sync::atomic::AtomicBool {
        &self.cancel
    }

    /// The bar, for a message.
    pub(crate) fn bar(&self) -> &indicatif::ProgressBar {
        &self.bar
    }

    /// Clears the bar: whether Ctrl+C stopped the batch, and the seconds
    /// it took.
    pub(crate) fn finish(self) -> (bool, f64) {
        self.bar.finish_and_clear();
        (
            self.interrupt.load(std::sync::atomic::Ordering::Relaxed),
            self.start.elapsed().as_secs_f64(),
        )
    }
}

/// Loads a scenario for a command, or the failure to print.
pub(crate) fn load(path: &Path) -> Result<files::LoadedScenario, Outcome> {
    files::load_scenario(path).map_err(|e| fail(e.to_string()))
}

/// Ctrl+C during a long run: the first press sets the flag this returns
/// (the run stops after the games in play and writes what was played,
/// marked partial); a second press ends the process at once. The handler
/// is installed on first use.
pub fn interrupt() -> &'static std::sync::atomic::AtomicBool {
    use std::sync::atomic::{AtomicBool, Ordering};
    static FLAG: AtomicBool = AtomicBool::new(false);
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Without a handler (another one already installed) Ctrl+C ends
        // the process as it always did: nothing to report.
        let _ = ctrlc::set_handler(|| {
            if FLAG.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\nstopping after the games in play (Ctrl+C again to quit at once)...");
        });
    });
    &FLAG
}

/// The exit code of a run stopped by Ctrl+C (128 + SIGINT).
pub const INTERRUPTED: i32 = 130;

/// A player kind with `--budget` applied (it sets a search player's
/// playouts per turn; other kinds have no budget).
fn budgeted(kind: crate::ai::PlayerKind, budget: Option<u32>) -> crate::ai::PlayerKind {
    budget.map_or(kind, |b| kind.with_budget(b))
}

#[cfg(test)]
mod terminal_tests {
    use super::terminal_safe;

    /// Issue 35 item 35: an escape sequence in a name is printed as text.
    #[test]
    fn issue35_item35_control_characters_are_printed_escaped() {
        assert_eq!(
            terminal_safe("a\u{1b}[2Jb\r\n\tc"),
            "a\\u{1b}[2Jb\\u{d}\n\tc"
        );
        assert!(matches!(
            terminal_safe("plain"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
