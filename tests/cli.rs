//! The command line, run as a user would: `vedette validate`, `format`
//! and `--help`.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "cli/shards.rs"]
mod shards;

fn vedette() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vedette"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(cmd: &mut Command) -> (String, String, i32) {
    let out = cmd.output().expect("vedette runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn help_lists_the_subcommands() {
    let (stdout, _, code) = run(vedette().arg("--help"));
    assert_eq!(code, 0);
    for sub in ["validate", "format"] {
        assert!(stdout.contains(sub), "{stdout}");
    }
}

#[test]
fn shipped_scenarios_and_maps_validate_cleanly() {
    let r = root();
    let (stdout, stderr, code) = run(vedette().current_dir(&r).args([
        "validate",
        "scenarios/waterloo.ron",
        "scenarios/tutorial.ron",
        "maps/waterloo.ron",
        "maps/blank-23x17.ron",
    ]));
    assert_eq!(stdout, "");
    assert_eq!(stderr, "4 files checked: 0 errors, 0 warnings\n");
    assert_eq!(code, 0);
    // Every shipped scenario and map, of every rule set, is in canonical
    // form (issue 68 item 7).
    let mut shipped = Vec::new();
    for dir in ["scenarios", "maps"] {
        for e in std::fs::read_dir(r.join(dir)).expect("a folder").flatten() {
            if e.path().extension().is_some_and(|x| x == "ron") {
                shipped.push(format!("{dir}/{}", e.file_name().to_string_lossy()));
            }
        }
    }
    assert!(shipped.len() >= 11, "{shipped:?}");
    let (stdout, _, code) = run(vedette()
        .current_dir(&r)
        .arg("format")
        .arg("--check")
        .args(&shipped));
    assert_eq!(
        (stdout.as_str(), code),
        ("", 0),
        "shipped files are canonical"
    );
}

fn broken_copy(dir: &Path, name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let text = std::fs::read_to_string(root().join("scenarios/waterloo.ron")).expect("waterloo");
    let p = dir.join(name);
    std::fs::write(&p, edit(&text)).expect("write copy");
    p
}

/// A unit moved onto a woods hex, a misspelt field and a truncated file each
/// give one clear, located message, and the exit code is 1.
#[test]
fn broken_copies_give_located_messages() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The copies refer to the map as ../maps/waterloo.ron.
    std::fs::create_dir(dir.path().join("maps")).expect("maps dir");
    std::fs::copy(
        root().join("maps/waterloo.ron"),
        dir.path().join("maps/waterloo.ron"),
    )
    .expect("map");
    let sc = dir.path().join("scenarios");
    std::fs::create_dir(&sc).expect("scenarios dir");
    let woods = broken_copy(&sc, "woods.ron", |t| {
        t.replacen("Start(\"0514\")", "Start(\"2301\")", 1)
    });
    let misspelt = broken_copy(&sc, "misspelt.ron", |t| {
        t.replacen("movement: 5,", "movment: 5,", 1)
    });
    let truncated = broken_copy(&sc, "truncated.ron", |t| t[..t.len() * 2 / 3].to_string());
    let (stdout, stderr, code) = run(vedette().args([&woods, &misspelt, &truncated].iter().fold(
        vec!["validate".to_string()],
        |mut v, p| {
            v.push(p.display().to_string());
            v
        },
    )));
    assert_eq!(code, 1, "{stdout}{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    // The unit's finding is located where the unit is written (issue 35
    // item 30: semantic errors carry line and column as syntax errors do).
    let unit_line = std::fs::read_to_string(&woods)
        .expect("copy")
        .lines()
        .position(|l| l.contains("id: \"101\""))
        .expect("unit 101")
        // The unit's `(` is on the line before its id.
        ;
    assert_eq!(
        lines[0],
        format!(
            "{}:{unit_line}:9: unit 101: error: French 2nd Cav (101) starts on 2301: 2301 is woods without a road: units may enter it only across a road hexside [4.2]",
            woods.display()
        )
    );
    let misspelt_line = std::fs::read_to_string(&misspelt)
        .expect("copy")
        .lines()
        .position(|l| l.contains("movment"))
        .expect("edited line")
        + 1;
    assert!(
        lines[1].starts_with(&format!("{}:{misspelt_line}:", misspelt.display())),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].contains("in `units[0].movment`: Unexpected field named `movment`"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(&format!("{}:", truncated.display())),
        "{}",
        lines[2]
    );
    assert!(lines[2].contains("error:"), "{}", lines[2]);
    assert_eq!(stderr, "3 files checked: 3 errors, 0 warnings\n");
}

#[test]
fn missing_files_are_reported_not_panicked() {
    let (stdout, _, code) = run(vedette().args(["validate", "/nonexistent/x.ron"]));
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with("/nonexistent/x.ron: error: cannot read the file"),
        "{stdout}"
    );
}

#[test]
fn format_rewrites_atomically_and_keeps_a_backup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join("scenarios/tutorial.ron")).expect("tutorial");
    // The body on one line, without its header line: formatting writes
    // the header back (issue 40 item 2).
    let (header, body) = text.split_once('\n').expect("a header line");
    assert_eq!(header, "// Vedette scenario");
    let squashed: String = body.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let p = dir.path().join("t.ron");
    std::fs::write(&p, &squashed).expect("write");
    let (stdout, _, code) = run(vedette().args(["format", p.to_str().expect("utf-8 path")]));
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(std::fs::read_to_string(&p).expect("formatted"), text);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("t.ron.bak")).expect("backup"),
        squashed
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

/// `vedette play` prints every event with its citation, stops at the first
/// refused command with its reason and exit code 2, and writes a log of
/// what was played that `vedette replay` reproduces.
#[test]
fn play_prints_events_refuses_with_reasons_and_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("game.ron");
    let (stdout, stderr, code) = run(vedette().current_dir(root()).args([
        "play",
        "scenarios/waterloo.ron",
        "--seed",
        "3",
        "--commands",
        "tests/data/waterloo-opening.ron",
        "--log",
        log.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, 2, "{stdout}{stderr}");
    // Events read as the table's log: units by name, each with its case.
    assert!(
        stdout.contains("French 13th Cav moves one hex to 1713 (1 MP) [4.1]"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "French 6th Inf, French I Art and French 9th Inf attack British Infantry: 15 against 2, the 6:1 column [6.1]"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("British Infantry is eliminated (1 point lost) [6.3]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Allied: lost 1 of 40 strength points"),
        "{stdout}"
    );
    assert_eq!(
        stderr,
        "tests/data/waterloo-opening.ron:11:5: command 7 (Move(unit: \"101\", path: [\"0513\", \"0512\", \"0511\", \"0510\", \"0509\", \"0508\"])) refused: may not enter 0509: it holds an enemy unit [4.3]\n"
    );
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["replay", log.to_str().expect("utf-8")]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("6 commands replayed, every event identical"),
        "{stdout}"
    );
    // A tampered log reports where it diverges.
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replacen("roll: 2", "roll: 5", 1)).expect("write");
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["replay", log.to_str().expect("utf-8")]));
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stderr.contains("error: the replay parts from the log: entry 2 gives different events"),
        "{stderr}"
    );
}

/// A log written before the rule-set boundary (issue 17: version 1, no
/// rule-set name, the setup called `variant`) replays from the command
/// line; a file that is not a log says so with its line and column.
#[test]
fn replay_reads_version_1_logs_and_refuses_what_is_not_a_log() {
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["replay", "tests/data/waterloo-full-game-v1.log.ron"]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("239 commands replayed, every event identical"),
        "{stdout}"
    );
    assert!(stdout.contains("result: Allied wins [8.1]"), "{stdout}");
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(\n  seed: 3,\n  oops\n)").expect("write");
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["replay", bad.to_str().expect("utf-8")]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stderr.contains("bad.ron: 3:"), "{stderr}");
    assert!(stderr.contains("not a game log"), "{stderr}");
}

/// The Napoleon scenario validates, and `simulate`, `play` and `replay`
/// run it through the same generic machinery as Napoleon at Waterloo
/// (issue 17).
#[test]
fn napoleon_scenario_validates_simulates_plays_and_replays() {
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["validate", "scenarios/saint-aubin.ron"]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("0 errors, 0 warnings"), "{stdout}{stderr}");
    let (stdout, stderr, code) = run(vedette().current_dir(root()).args([
        "simulate",
        "scenarios/saint-aubin.ron",
        "--games",
        "4",
        "--french",
        "random",
        "--allied",
        "random",
    ]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("4 games"), "{stdout}");
    // Napoleon counts lost units against each army's break point (4.1),
    // not strength points against a loss threshold.
    assert!(
        stdout.contains("units lost (mean ± sd, range; threshold):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("; 3)"),
        "break points of 3 (10 units, N98): {stdout}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let cmds = dir.path().join("cmds.ron");
    std::fs::write(
        &cmds,
        "[EndManeuver, Activate(force: \"Bonet's division\")]",
    )
    .expect("write");
    let log = dir.path().join("game.ron");
    let (stdout, stderr, code) = run(vedette().current_dir(root()).args([
        "play",
        "scenarios/saint-aubin.ron",
        "--seed",
        "5",
        "--commands",
        cmds.to_str().expect("utf-8"),
        "--log",
        log.to_str().expect("utf-8"),
    ]));
    // Seed 5 gives the French the initiative; whether EndManeuver is
    // refused or taken, the output names what happened with its section.
    assert!(code == 0 || code == 2, "{stdout}{stderr}");
    assert!(stdout.contains("[3.3]"), "{stdout}");
    let (stdout, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["replay", log.to_str().expect("utf-8")]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("every event identical"), "{stdout}");
}

#[test]
fn simulate_reports_the_same_numbers_on_any_thread_count() {
    let r = root();
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("games.json");
    let args = [
        "simulate",
        "scenarios/waterloo.ron",
        "--games",
        "24",
        "--seed",
        "9",
    ];
    let (one, _, code) = run(vedette()
        .current_dir(&r)
        .args(args)
        .args(["--threads", "1"]));
    assert_eq!(code, 0);
    let (two, stderr, code) = run(vedette()
        .current_dir(&r)
        .args(args)
        .args(["--threads", "2", "--json"])
        .arg(&json));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(one, two);
    for text in [
        "24 games",
        "French",
        "Allied",
        "95% CI",
        "games decided on Game-Turn",
    ] {
        assert!(one.contains(text), "{text}: {one}");
    }
    assert!(stderr.contains("24 games in"), "{stderr}");
    let games: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    let games = games.as_array().expect("a list");
    assert_eq!(games.len(), 24);
    for g in games {
        assert_eq!(g["losses"].as_array().map(Vec::len), Some(2), "{g}");
        let result = &g["result"];
        assert!(result == "draw" || result.get("win").is_some(), "{g}");
    }
}

#[test]
fn simulate_refuses_bad_arguments_clearly() {
    let r = root();
    let (_, stderr, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "scenarios/waterloo.ron",
        "--french",
        "genius",
    ]));
    assert_ne!(code, 0);
    assert!(stderr.contains("genius"), "{stderr}");
    let (_, stderr, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "scenarios/tutorial.ron",
        "--variant",
        "on",
        "--games",
        "2",
    ]));
    assert_eq!(code, 1);
    assert!(stderr.contains("no variant"), "{stderr}");
    let dir = tempfile::tempdir().expect("temp dir");
    let tuning = dir.path().join("t.ron");
    std::fs::write(&tuning, "(noise: 0.0, agression: 2.0)").expect("write");
    let (_, stderr, code) = run(vedette()
        .current_dir(&r)
        .args([
            "simulate",
            "scenarios/waterloo.ron",
            "--games",
            "2",
            "--tuning",
        ])
        .arg(&tuning));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("t.ron:1:") && stderr.contains("agression"),
        "{stderr}"
    );
}

#[test]
fn issue20_simulate_pickup_reports_win_rates_by_list_and_role_and_refuses_bad_lists() {
    let r = root();
    let (stdout, stderr, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "--pickup",
        "scenarios/armies/france-1813.ron",
        "scenarios/armies/britain-1815.ron",
        "--points",
        "600",
        "--games",
        "4",
        "--seed",
        "9",
        "--threads",
        "2",
    ]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(
            "4 pick-up battles [3.1][3.2]: France 1813-1815 against Britain 1815 at 600 points"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("attacker wins") && stdout.contains("defender wins"),
        "{stdout}"
    );
    assert!(stdout.contains("features a battle:"), "{stdout}");
    assert!(!stdout.contains("could not be set up"), "{stdout}");
    // A broken list: its line and column.
    let dir = std::env::temp_dir().join(format!("vedette-pickup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.ron");
    let text = std::fs::read_to_string(r.join("scenarios/armies/britain-1815.ron")).expect("reads");
    std::fs::write(
        &bad,
        text.replace("command_factor: 4", "command_factor: four"),
    )
    .expect("writes");
    let (_, stderr, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "--pickup",
        "scenarios/armies/france-1813.ron",
        bad.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("bad.ron:14:46:") && stderr.contains("generals[0].command_factor"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 39 item 1: `--precision` plays until every side's win rate is
/// known to the points asked (at least 100 games), says how many games
/// it took and the half-width reached, and stops at the same game on any
/// thread count; a cap too low says the precision was not reached.
#[test]
fn issue39_simulate_plays_to_a_stated_precision() {
    let r = root();
    let args = [
        "simulate",
        "scenarios/hits16-tutorial.ron",
        "--precision",
        "5",
        "--seed",
        "3",
    ];
    let (one, stderr, code) = run(vedette()
        .current_dir(&r)
        .args(args)
        .args(["--threads", "1"]));
    assert_eq!(code, 0, "{stderr}");
    let (two, _, _) = run(vedette()
        .current_dir(&r)
        .args(args)
        .args(["--threads", "2"]));
    assert_eq!(one, two, "the same games whatever the threads");
    let line = one
        .lines()
        .find(|l| l.starts_with("precision: every side's win rate within ±"))
        .unwrap_or_else(|| panic!("{one}"));
    let games: u32 = line
        .split(" after ")
        .nth(1)
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    // ±5 points near a 25% rate takes about 290 games.
    assert!((100..=400).contains(&games), "{line}");
    let reached: f64 = line
        .split('±')
        .nth(1)
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(reached <= 5.0, "{line}");
    assert!(one.contains(&format!("{games} games\n")), "{one}");
    let (capped, _, code) = run(vedette()
        .current_dir(&r)
        .args(args)
        .args(["--games", "150"]));
    assert_eq!(code, 0);
    assert!(
        capped.contains("precision: NOT reached") && capped.contains("after 150 games"),
        "{capped}"
    );
    let (_, err, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "scenarios/hits16-tutorial.ron",
        "--precision",
        "0",
    ]));
    assert_eq!(code, 1);
    assert!(err.contains("--precision 0"), "{err}");
}

/// Issue 38 (robustness of a verdict): `sensitivity --weights` lists the
/// players' tuning weights of the scenario's rule set and plays each one
/// halved and doubled with the base's seeds, for any rule set; the same
/// seeds give the same table on any number of threads.
#[test]
fn issue38_sensitivity_weights_halves_and_doubles_every_tuning_weight() {
    let r = root();
    let (stdout, stderr, code) = run(vedette().current_dir(&r).args([
        "sensitivity",
        "scenarios/hits16-tutorial.ron",
        "--weights",
        "--list",
    ]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("weights of the Napoleonic Wars (16 hits) players' tuning"),
        "{stdout}"
    );
    let study = |threads: &str| {
        run(vedette().current_dir(&r).args([
            "sensitivity",
            "scenarios/tutorial.ron",
            "--weights",
            "--games",
            "6",
            "--threads",
            threads,
        ]))
    };
    let (one, stderr, code) = study("1");
    assert_eq!(code, 0, "{stderr}");
    for words in [
        "robustness to 18 weights of the players' tuning",
        "base: French win",
        "halved",
        "doubled",
        "own_loss_weight",
        "largest change:",
    ] {
        assert!(one.contains(words), "{words}: {one}");
    }
    assert!(
        stderr.contains("222 games"),
        "18 x 2 trials + the base of 6: {stderr}"
    );
    let (two, _, _) = study("2");
    assert_eq!(one, two, "the same table on 1 and 2 threads");
    // Weights are the players', not the scenario's: no mixing with --vary.
    let (_, stderr, code) = run(vedette().current_dir(&r).args([
        "sensitivity",
        "scenarios/tutorial.ron",
        "--weights",
        "--vary",
        "turns",
    ]));
    assert_ne!(code, 0);
    assert!(stderr.contains("--vary"), "{stderr}");
}
