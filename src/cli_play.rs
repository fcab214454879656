//! `vedette play` and `vedette replay`: running games from the command
//! line. Part of the shell: reads files, prints events.

use crate::cli::Outcome;
use crate::engine::{self, Game, GameLog, VariantSetup, naw};
use crate::files;
use crate::scenario;
use std::fmt::Write as _;
use std::path::Path;

/// Parses `--variant`: `off`, `drawn`, or two chit codes `4,2`.
pub fn parse_variant(s: &str) -> Result<VariantSetup, String> {
    match s {
        "off" => Ok(VariantSetup::Off),
        "drawn" | "on" => Ok(VariantSetup::Drawn),
        _ => {
            let (a, b) = s
                .split_once(',')
                .ok_or_else(|| format!("`{s}`: expected off, drawn or two chit codes like 4,2"))?;
            let p = |x: &str| x.trim().parse::<u32>().ok().filter(|c| (1..=6).contains(c));
            match (p(a), p(b)) {
                (Some(a), Some(b)) => Ok(VariantSetup::Fixed(a, b)),
                _ => Err(format!("`{s}`: chit codes are 1 to 6")),
            }
        }
    }
}

fn phase_label(st: &naw::State) -> String {
    format!(
        "T{} {} {:?}",
        st.turn, st.board.side_names[st.phasing as usize], st.phase
    )
}

/// One line per event: where in the game, what happened, which case.
pub fn event_line(st: &naw::State, e: &naw::Event) -> String {
    format!("{:<22} {} [{}]", phase_label(st), e, e.case())
}

/// A summary of the game so far.
pub fn summary(g: &Game) -> String {
    let st = &g.state;
    let b = &st.board;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "-- Game-Turn {} of {}, {} {:?} Phase",
        st.turn, b.turns, b.side_names[st.phasing as usize], st.phase
    );
    for side in 0..2 {
        let _ = writeln!(
            s,
            "   {}: lost {} of {} strength points{}{}",
            b.side_names[side],
            st.losses[side],
            b.thresholds[side],
            if st.demoralized[side] {
                ", demoralized"
            } else {
                ""
            },
            if side == b.exit_side as usize {
                format!(", {} of {} units exited", st.exited[side], b.exits_needed)
            } else {
                String::new()
            }
        );
    }
    match &st.outcome {
        Some(naw::Outcome::Win { side, case, reason }) => {
            let _ = writeln!(s, "   result: {side} wins [{case}]: {reason}");
        }
        Some(naw::Outcome::Draw { reason }) => {
            let _ = writeln!(s, "   result: draw: {reason}");
        }
        None => {
            let _ = writeln!(s, "   the game goes on");
        }
    }
    s
}

fn fail(msg: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: msg + "\n",
        code: 1,
    }
}

/// `vedette play SCENARIO --seed N --commands FILE [--variant V] [--log OUT]`.
pub fn play(
    scenario_path: &Path,
    seed: u64,
    commands: &Path,
    variant: &str,
    log_out: Option<&Path>,
) -> Outcome {
    let variant = match parse_variant(variant) {
        Ok(v) => v,
        Err(e) => return fail(format!("vedette play: --variant {e}")),
    };
    let loaded = match files::load_scenario(scenario_path) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    let text = match std::fs::read_to_string(commands) {
        Ok(t) => t,
        Err(e) => {
            return fail(format!(
                "{}: error: cannot read the file: {e}",
                commands.display()
            ));
        }
    };
    let cmds: Vec<naw::Command> = match scenario::from_ron(&text, &commands.display().to_string()) {
        Ok(c) => c,
        Err(e) => return fail(e.to_string()),
    };
    let mut g = match Game::new(&loaded.scenario, &loaded.map, seed, variant) {
        Ok(g) => g,
        Err(e) => return fail(format!("{}: error: {e}", scenario_path.display())),
    };
    let mut out = String::new();
    for e in &g.setup_events {
        let _ = writeln!(out, "{}", event_line(&g.state, e));
    }
    let mut code = 0;
    let mut err = String::new();
    for (i, c) in cmds.iter().enumerate() {
        let mut st = g.state.clone();
        match g.execute(c) {
            Ok(events) => {
                for e in events {
                    st.apply(e);
                    let _ = writeln!(out, "{}", event_line(&st, e));
                }
            }
            Err(e) => {
                let shown = ron::to_string(c).unwrap_or_else(|_| format!("{c:?}"));
                let _ = writeln!(
                    err,
                    "{}: command {} ({shown}) refused: {e}",
                    commands.display(),
                    i + 1
                );
                code = 2;
                break;
            }
        }
    }
    out.push_str(&summary(&g));
    if let Some(p) = log_out {
        let mut log = g.log();
        log.scenario_file = Some(scenario_path.display().to_string());
        if let Err(e) = files::save_atomic(p, &scenario::to_ron(&log)) {
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

/// `vedette replay LOG [--scenario FILE]`.
pub fn replay(log_path: &Path, scenario_override: Option<&Path>) -> Outcome {
    let text = match std::fs::read_to_string(log_path) {
        Ok(t) => t,
        Err(e) => {
            return fail(format!(
                "{}: error: cannot read the file: {e}",
                log_path.display()
            ));
        }
    };
    let log: GameLog = match scenario::from_ron(&text, &log_path.display().to_string()) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    let scenario_path = match (scenario_override, &log.scenario_file) {
        (Some(p), _) => p.to_path_buf(),
        (None, Some(f)) => std::path::PathBuf::from(f),
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
    match engine::replay(&loaded.scenario, &loaded.map, &log) {
        Ok(g) => Outcome {
            stdout: format!(
                "{}: {} commands replayed, every event identical\n{}",
                log_path.display(),
                log.entries.len(),
                summary(&g)
            ),
            stderr: String::new(),
            code: 0,
        },
        Err(e) => fail(format!("{}: replay diverges: {e}", log_path.display())),
    }
}
