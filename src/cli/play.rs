//! `vedette play` and `vedette replay`: running games from the command
//! line. Part of the shell: reads files, prints events.

use super::Outcome;
use crate::ai::{Computer, Player, PlayerKind};
use crate::engine::{self, Game, GameLog, LogHeader, Rules};
use crate::files;
use crate::rules::{self, Visit};
use crate::scenario;
use std::fmt::Write as _;
use std::path::Path;

/// One line per event: where in the game, what happened (the event log's
/// sentence, with units, forces and sides by name), which section.
pub fn event_line<R: Rules>(board: &R::Board, st: &R::State, e: &R::Event) -> String {
    format!(
        "{:<22} {} [{}]",
        R::position_label(st),
        R::event_sentence(board, e),
        R::event_section(e)
    )
}

fn fail(msg: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: msg + "\n",
        code: 1,
    }
}

/// What `vedette play` is asked.
pub struct PlayArgs<'a> {
    pub scenario: &'a Path,
    pub seed: u64,
    /// The commands file, if any.
    pub commands: Option<&'a Path>,
    /// A computer player for each side that has one.
    pub seats: [Option<PlayerKind>; 2],
    pub max_commands: u32,
    pub variant: &'a str,
    pub log_out: Option<&'a Path>,
}

/// `vedette play SCENARIO --seed N [--commands FILE] [--french K]
/// [--allied K] [--variant V] [--log OUT]`.
pub fn play(args: &PlayArgs<'_>) -> Outcome {
    let loaded = match files::load_scenario(args.scenario) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    let text = match args.commands {
        None => String::from("[]"),
        Some(p) => match files::read_text(p) {
            Ok(t) => t,
            Err(e) => return fail(e.to_string()),
        },
    };
    rules::dispatch(&loaded.scenario.rules.clone(), Play { args, loaded, text })
}

struct Play<'a> {
    args: &'a PlayArgs<'a>,
    loaded: files::LoadedScenario,
    text: String,
}

impl Visit for Play<'_> {
    type Output = Outcome;
    fn visit<R: Computer>(self) -> Outcome {
        let a = self.args;
        let commands_name = a
            .commands
            .map_or_else(|| "the commands".to_string(), |p| p.display().to_string());
        let setup = match R::parse_setup(a.variant) {
            Ok(v) => v,
            Err(e) => return fail(format!("vedette play: --variant {e}")),
        };
        let mut g: Game<R> = match Game::new(&self.loaded.scenario, &self.loaded.map, a.seed, setup)
        {
            Ok(g) => g,
            Err(e) => return fail(format!("{}: error: {e}", a.scenario.display())),
        };
        let cmds: Vec<R::Command> = match R::parse_commands(g.board(), &self.text, &commands_name) {
            Ok(c) => c,
            Err(e) => return fail(e.to_string()),
        };
        let mut out = String::new();
        // Each setup event is labelled with the phase it happened in.
        let mut st = R::initial(g.board());
        for e in &g.setup_events {
            R::apply(&mut st, e);
            let _ = writeln!(out, "{}", event_line::<R>(g.board(), &st, e));
        }
        let mut code = 0;
        let mut err = String::new();
        let board = g.board().clone();
        for (i, c) in cmds.iter().enumerate() {
            st.clone_from(&g.state);
            match g.execute(c) {
                Ok(events) => {
                    for e in events {
                        R::apply(&mut st, e);
                        let _ = writeln!(out, "{}", event_line::<R>(&board, &st, e));
                    }
                }
                Err(e) => {
                    // Where the command is written, as a syntax error is,
                    // and as it is written (units by id, say).
                    let pos = scenario::locate::locate(&self.text, &format!("[{i}]"));
                    let at = pos.map_or(String::new(), |p| format!(":{p}"));
                    let shown = written(&self.text, i)
                        .unwrap_or_else(|| ron::to_string(c).unwrap_or_else(|_| format!("{c:?}")));
                    let _ = writeln!(
                        err,
                        "{commands_name}{at}: command {} ({shown}) refused: {}",
                        i + 1,
                        R::refusal_sentence(&board, &e)
                    );
                    code = 2;
                    break;
                }
            }
        }
        // Computer seats play on once the file's commands are done.
        if code == 0 && a.seats.iter().any(Option::is_some) {
            let know = R::knowledge(board.clone());
            let tuning = R::Tuning::default();
            let mut players: Vec<Option<Box<dyn Player<R> + Send>>> = a
                .seats
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    k.map(|k| R::computer(k, &know, &tuning, a.seed ^ (0x5EED_0001 + i as u64)))
                })
                .collect();
            let mut played = 0u32;
            while !g.is_over() && played < a.max_commands {
                let side = g.to_act() as usize & 1;
                let Some(p) = players[side].as_mut() else {
                    let _ = writeln!(
                        err,
                        "{} is to act and has no commands left and no computer seat: the game stops here",
                        R::side_name(&board, side as u8)
                    );
                    break;
                };
                let Some(c) = p.choose(&g.state) else {
                    break;
                };
                st.clone_from(&g.state);
                match g.execute(&c) {
                    Ok(events) => {
                        for e in events {
                            R::apply(&mut st, e);
                            let _ = writeln!(out, "{}", event_line::<R>(&board, &st, e));
                        }
                    }
                    Err(e) => {
                        // A computer player proposing an illegal command is
                        // a bug in the player: say so, keep the log.
                        let _ = writeln!(
                            err,
                            "the {} computer player proposed {}, which was refused: {}",
                            R::side_name(&board, side as u8),
                            R::command_name(&c),
                            R::refusal_sentence(&board, &e)
                        );
                        code = 1;
                        break;
                    }
                }
                played += 1;
            }
            if !g.is_over() && played >= a.max_commands {
                let _ = writeln!(
                    err,
                    "stopped after {played} computer commands (--max-commands)"
                );
            }
        }
        out.push_str(&R::summary(&g.state));
        if let Some(p) = a.log_out {
            let mut log = g.log();
            log.scenario_file = Some(a.scenario.display().to_string());
            if let Err(e) = files::save_atomic(
                p,
                &scenario::kind::FileKind::GameLog.file_text(&scenario::to_ron(&log)),
            ) {
                let _ = writeln!(err, "{}: error: cannot write the log: {e}", p.display());
                code = code.max(1);
            }
        }
        Outcome {
            stdout: out,
            stderr: err,
            code,
        }
    }
}

/// Command `i` of a RON list as its file writes it, on one line.
fn written(text: &str, i: usize) -> Option<String> {
    use scenario::locate::{locate, offset_of};
    let start = offset_of(text, locate(text, &format!("[{i}]"))?)?;
    let end = match locate(text, &format!("[{}]", i + 1)) {
        Some(p) => offset_of(text, p)?,
        None => text.rfind(']')?,
    };
    let raw = text.get(start..end.max(start))?;
    let one_line: Vec<&str> = raw.split_whitespace().collect();
    let s = one_line.join(" ");
    let s = s.trim_end_matches([',', ' ']).to_string();
    (!s.is_empty() && !s.contains("//") && !s.contains("/*")).then_some(s)
}

/// `vedette replay LOG [--scenario FILE]`.
pub fn replay(log_path: &Path, scenario_override: Option<&Path>) -> Outcome {
    let text = match files::read_text(log_path) {
        Ok(t) => t,
        Err(e) => return fail(e.to_string()),
    };
    let header: LogHeader = match header_of(&text) {
        Ok(h) => h,
        Err(e) => return fail(format!("{}: {e}", log_path.display())),
    };
    let scenario_path = match (scenario_override, &header.scenario_file) {
        (Some(p), _) => p.to_path_buf(),
        (None, Some(f)) => crate::bundled::scenario_of_log(log_path, Path::new(f)),
        (None, None) => {
            return fail(format!(
                "{}: error: the log does not name its scenario file; give it with --scenario",
                log_path.display()
            ));
        }
    };
    let loaded = match files::load_scenario(&scenario_path) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    rules::dispatch(
        &loaded.scenario.rules.clone(),
        Replay {
            log_path,
            text,
            loaded,
        },
    )
}

/// The log's version, rule set and scenario file, read before the rule set
/// is known (the rest of the log is read with its types).
fn header_of(text: &str) -> Result<LogHeader, String> {
    // Named as the file kind: ron's messages name the struct they read.
    #[derive(serde::Deserialize)]
    struct GameLog {
        version: u32,
        #[serde(default)]
        rules: Option<String>,
        #[serde(default)]
        scenario_file: Option<String>,
    }
    let l: GameLog = ron::from_str(text).map_err(|e| {
        format!(
            "{}:{}: error: not a game log: {}",
            e.span.start.line, e.span.start.col, e.code
        )
    })?;
    Ok(LogHeader {
        version: l.version,
        rules: l.rules,
        scenario_file: l.scenario_file,
    })
}

struct Replay<'a> {
    log_path: &'a Path,
    text: String,
    loaded: files::LoadedScenario,
}

impl Visit for Replay<'_> {
    type Output = Outcome;
    fn visit<R: Computer>(self) -> Outcome {
        let log: GameLog<R> =
            match scenario::from_ron(&self.text, &self.log_path.display().to_string()) {
                Ok(l) => l,
                Err(e) => return fail(e.to_string()),
            };
        match engine::replay(&self.loaded.scenario, &self.loaded.map, &log) {
            Ok(g) => Outcome {
                stdout: format!(
                    "{}: {} replayed, every event identical\n{}",
                    self.log_path.display(),
                    crate::words::counted(log.entries.len(), "command", "commands"),
                    R::summary(&g.state)
                ),
                stderr: String::new(),
                code: 0,
            },
            Err(e) => {
                let at = e
                    .field()
                    .and_then(|f| scenario::locate::locate(&self.text, &f))
                    .map(|p| format!(":{}:{}", p.line, p.column))
                    .unwrap_or_default();
                fail(format!(
                    "{}{at}: error: the replay parts from the log: {e}",
                    self.log_path.display()
                ))
            }
        }
    }
}
