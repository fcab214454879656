//! Issue 16 on the command line: exports that would destroy a document,
//! files too big to read, unknown words, saves killed half-way, sheets and
//! images of invalid or huge scenarios. Each test names the item.

use std::path::{Path, PathBuf};
use std::process::Command;

fn vedette() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_vedette"));
    c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    c
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

/// A folder with the tutorial scenario (inline map) as `t.ron`.
fn tutorial_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = dir.path().join("t.ron");
    std::fs::copy(root().join("scenarios/tutorial.ron"), &p).expect("copy");
    (dir, p)
}

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("read")
}

/// Item 1: the output may not be the scenario, and its extension must be
/// the format's, in any case; nothing is written when it is refused.
#[test]
fn issue16_item1_sheet_never_writes_over_the_scenario() {
    let (dir, t) = tutorial_dir();
    let before = bytes(&t);
    let (_, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["sheet", "t.ron", "-o", "t.ron"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("must end in .pdf"), "{err}");
    assert_eq!(bytes(&t), before);
    // The same file through another name: a scenario saved as .pdf.
    std::fs::copy(&t, dir.path().join("odd.pdf")).expect("copy");
    let (_, err, code) =
        run(vedette()
            .current_dir(dir.path())
            .args(["sheet", "odd.pdf", "-o", "./odd.pdf"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("this is the file being exported"), "{err}");
    assert_eq!(bytes(&dir.path().join("odd.pdf")), before);
    for bad in ["x.png", "x", "x.pdf.ron"] {
        let (_, err, code) = run(vedette()
            .current_dir(dir.path())
            .args(["sheet", "t.ron", "-o", bad]));
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(!dir.path().join(bad).exists(), "{bad} was written");
    }
    let (out, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["sheet", "t.ron", "-o", "X.PDF"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("wrote X.PDF"), "{out}");
    assert!(bytes(&dir.path().join("X.PDF")).starts_with(b"%PDF-"));
}

/// Item 1: a file in the way that is not of the kind written is kept as
/// `.bak`; an older export of the same kind is simply replaced.
#[test]
fn issue16_item1_a_file_of_another_kind_in_the_way_is_kept() {
    let (dir, t) = tutorial_dir();
    let out = dir.path().join("sheet.pdf");
    std::fs::copy(&t, &out).expect("a scenario named .pdf");
    let (stdout, err, code) =
        run(vedette()
            .current_dir(dir.path())
            .args(["sheet", "t.ron", "-o", "sheet.pdf"]));
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("kept as sheet.pdf.bak"), "{stdout}");
    assert_eq!(bytes(&dir.path().join("sheet.pdf.bak")), bytes(&t));
    std::fs::remove_file(dir.path().join("sheet.pdf.bak")).expect("rm");
    let (stdout, _, code) =
        run(vedette()
            .current_dir(dir.path())
            .args(["sheet", "t.ron", "-o", "sheet.pdf"]));
    assert_eq!(code, 0);
    assert!(!stdout.contains("kept"), "{stdout}");
    assert!(!dir.path().join("sheet.pdf.bak").exists());
}

/// Item 1, for `render`: extensions in any case, the input never
/// overwritten.
#[test]
fn issue16_item1_render_checks_its_output_too() {
    let (dir, t) = tutorial_dir();
    let before = bytes(&t);
    for (out, code) in [("t.ron", 2), ("x", 2), ("m.PNG", 0), ("m.Svg", 0)] {
        let (_, err, c) = run(vedette()
            .current_dir(dir.path())
            .args(["render", "t.ron", "-o", out]));
        assert_eq!(c, code, "{out}: {err}");
    }
    assert_eq!(bytes(&t), before);
    assert!(bytes(&dir.path().join("m.PNG")).starts_with(b"\x89PNG"));
}

/// Item 7: `/dev/zero` (or a huge file) is refused with a clear error
/// instead of filling the memory, as is a folder.
#[test]
fn issue16_item7_reads_are_capped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let huge = dir.path().join("huge.ron");
    let f = std::fs::File::create(&huge).expect("create");
    f.set_len(65 * 1024 * 1024).expect("sparse file");
    let (out, _, code) = run(vedette().args(["validate"]).arg(&huge));
    assert_eq!(code, 1);
    assert!(out.contains("larger than 64 MiB"), "{out}");
    if Path::new("/dev/zero").exists() {
        // Since issue 35 item 35 a device is refused before it is opened.
        let (out, _, code) = run(vedette().args(["validate", "/dev/zero"]));
        assert_eq!(code, 1);
        assert!(out.contains("not a regular file"), "{out}");
    }
    // A scenario whose map file is huge.
    let t = dir.path().join("t.ron");
    let text = std::fs::read_to_string(root().join("scenarios/waterloo.ron")).expect("w");
    std::fs::write(&t, text.replace("../maps/waterloo.ron", "huge.ron")).expect("write");
    let (out, _, code) = run(vedette().args(["validate"]).arg(&t));
    assert_eq!(code, 1);
    assert!(out.contains("huge.ron: error: the file is larger"), "{out}");
    let (out, _, code) = run(vedette().args(["validate"]).arg(dir.path()));
    assert_eq!(code, 1);
    assert!(out.contains("is a folder"), "{out}");
}

/// Item 7: an unknown word or a missing file is a plain error with the
/// usage line, never a windowing error; so is a machine with no display.
#[test]
fn issue16_item7_unknown_words_and_missing_files_get_the_usage() {
    let (_, err, code) = run(vedette().arg("frobnicate"));
    assert_eq!(code, 2);
    assert!(
        err.starts_with("vedette: 'frobnicate' is neither a subcommand nor a file"),
        "{err}"
    );
    assert!(err.contains("Usage: vedette"), "{err}");
    let (_, err, code) = run(vedette().arg("missing/battle.ron"));
    assert_eq!(code, 2);
    assert!(
        err.contains("no such scenario file: 'missing/battle.ron'"),
        "{err}"
    );
    let (_, err, code) = run(vedette().args(["--game", "nolog.ron"]));
    assert_eq!(code, 2);
    assert!(err.contains("no such game log file"), "{err}");
    let (_, err, code) = run(vedette().current_dir(root()));
    assert_eq!(code, 2);
    assert!(err.contains("there is no display"), "{err}");
}

/// Item 8: a scenario `validate` rejects is not exported silently: refused
/// with the errors, or exported with a warning when forced.
#[test]
fn issue16_item8_invalid_scenarios_are_not_exported_silently() {
    let (dir, t) = tutorial_dir();
    let text = std::fs::read_to_string(&t).expect("t");
    std::fs::write(&t, text.replacen("turns: 6", "turns: 0", 1)).expect("write");
    let (_, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["sheet", "t.ron", "-o", "s.pdf"]));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("validate finds 3 errors: turns: error"),
        "{err}"
    );
    assert!(err.contains("--force"), "{err}");
    assert!(!dir.path().join("s.pdf").exists());
    let (_, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["sheet", "t.ron", "-o", "s.pdf", "--force"]));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: exported although validate finds"),
        "{err}"
    );
    let (_, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["render", "t.ron", "-o", "m.png"]));
    assert_eq!(code, 1, "{err}");
}

/// Item 8: a map too big to print is refused at once with the number of
/// sheets it would take, instead of running for minutes.
#[test]
fn issue16_item8_a_huge_map_is_refused_quickly_with_the_sheet_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join("scenarios/tutorial.ron")).expect("t");
    let start = text.find("    map: Inline(").expect("inline map");
    let end = text.find("    rules: Napoleon").expect("rules");
    let row = ".".repeat(999);
    let rows: String = (0..999)
        .map(|_| format!("            \"{row}\",\n"))
        .collect();
    let map = format!(
        "(\n    version: 1,\n    map: (\n        name: \"Huge\",\n        columns: 999,\n        rows: 999,\n        orientation: FlatTop,\n        stagger: Even,\n        terrain_kinds: [\n            (id: \"clear\", name: \"Clear\", code: '.', colour: \"#d9d4a0\", movement: Cost(1), defence_multiplier: 1, blocks_line_of_sight: false),\n        ],\n        terrain: [\n{rows}        ],\n    ),\n)\n"
    );
    std::fs::write(dir.path().join("huge-map.ron"), map).expect("map");
    let scenario = format!(
        "{}    map: File(\"huge-map.ron\"),\n{}",
        &text[..start],
        &text[end..]
    );
    std::fs::write(dir.path().join("huge.ron"), scenario).expect("scenario");
    let started = std::time::Instant::now();
    let (_, err, code) = run(vedette()
        .current_dir(dir.path())
        .args(["sheet", "huge.ron", "-o", "h.pdf", "--force"]));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("would print on 3528 map sheets") && err.contains("at most 250"),
        "{err}"
    );
    assert!(!dir.path().join("h.pdf").exists());
    // Generous: it took minutes before; it takes about a second in a test
    // build. Timing is not what this test is for, a hang is.
    assert!(started.elapsed().as_secs() < 60);
}

/// A big map file in a non-canonical layout (extra blank lines), so that
/// `vedette format` rewrites it.
fn big_untidy_map(dir: &Path) -> (PathBuf, String) {
    let row = ".".repeat(400);
    let rows: String = (0..400).map(|_| format!("\n\n  \"{row}\",")).collect();
    let text = format!(
        "(version: 1, map: (name: \"Big\", columns: 400, rows: 400, orientation: FlatTop, stagger: Even,\n terrain_kinds: [(id: \"clear\", name: \"Clear\", code: '.', colour: \"#d9d4a0\", movement: Cost(1), defence_multiplier: 1, blocks_line_of_sight: false)],\n terrain: [{rows}]))\n"
    );
    let p = dir.join("big.ron");
    std::fs::write(&p, &text).expect("write");
    (p, text)
}

/// Item 6: saves killed half-way never tear the file or its `.bak`, and
/// the temporary files they leave are cleaned by the next save.
#[test]
fn issue16_item6_killed_saves_leave_whole_files_and_no_temporaries_after_the_next_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (p, untidy) = big_untidy_map(dir.path());
    let parses = |path: &Path| {
        let t = std::fs::read_to_string(path).expect("read");
        vedette::scenario::parse_map(&t, "x").is_ok()
    };
    let mut killed = 0;
    for i in 0..16u64 {
        std::fs::write(&p, &untidy).expect("untidy again");
        let mut child = vedette()
            .args(["format"])
            .arg(&p)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        // Kill at different moments: at once (the first round, so some
        // run is always interrupted, however loaded the machine), then
        // further into the save.
        std::thread::sleep(std::time::Duration::from_millis(i * 5));
        if child.try_wait().expect("wait").is_none() {
            killed += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        assert!(parses(&p), "the file was torn at kill {i}");
        let bak = dir.path().join("big.ron.bak");
        if bak.exists() {
            assert!(parses(&bak), "the .bak was torn at kill {i}");
        }
    }
    assert!(
        killed > 0,
        "no save was ever interrupted: the test proves nothing"
    );
    // One save that finishes cleans what the killed ones left.
    std::fs::write(&p, &untidy).expect("untidy again");
    let (_, err, code) = run(vedette().args(["format"]).arg(&p));
    assert_eq!(code, 0, "{err}");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("big.ron.bak")).expect("bak"),
        untidy
    );
}

/// Item 6: a stale temporary file of a process that no longer runs is
/// removed by the next save; one of a process still running is not.
#[cfg(target_os = "linux")]
#[test]
fn issue16_item6_stale_temporaries_are_cleaned_live_ones_kept() {
    let (dir, t) = tutorial_dir();
    // Process ids never exceed 2^22 on Linux: this one has ended.
    let stale = dir.path().join(".t.ron.99999999.tmp");
    let stale_bak = dir.path().join(".t.ron.bak.99999999.tmp");
    // Process 1 always runs: a save of it may be under way.
    let live = dir.path().join(".t.ron.1.tmp");
    for f in [&stale, &stale_bak, &live] {
        std::fs::write(f, "half a save").expect("tmp");
    }
    vedette::files::save_atomic(&t, "(new)").expect("save");
    assert!(!stale.exists() && !stale_bak.exists());
    assert!(live.exists());
    assert!(dir.path().join("t.ron.bak").exists());
}

/// Item 4: a batch of 4,294,967,295 games starts and streams its games
/// instead of aborting while reserving room for all of them; it is stopped
/// here after a moment.
#[test]
fn issue16_item4_a_huge_batch_streams_instead_of_aborting() {
    let (dir, _) = tutorial_dir();
    let mut child = vedette()
        .current_dir(dir.path())
        .args([
            "simulate",
            "t.ron",
            "--games",
            "4294967295",
            "--threads",
            "1",
            "--json",
            "games.json",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = child.try_wait().expect("wait");
    let _ = child.kill();
    let out = child.wait_with_output().expect("output");
    assert!(
        status.is_none(),
        "simulate ended at once ({status:?}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The unfinished JSON never appears under its name.
    assert!(!dir.path().join("games.json").exists());
}

/// Issue 35 item 30: a mistyped subcommand gets "did you mean".
#[test]
fn issue35_item30_a_mistyped_subcommand_gets_did_you_mean() {
    let (_, stderr, code) = run(vedette().current_dir(root()).args([
        "simulte",
        "scenarios/waterloo.ron",
        "--games",
        "3",
    ]));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("'simulte' is neither a subcommand nor a file; did you mean 'simulate'?"),
        "{stderr}"
    );
    // A word far from every subcommand gets no guess.
    let (_, stderr, _) = run(vedette().env_remove("DISPLAY").arg("frobnicate"));
    assert!(!stderr.contains("did you mean"), "{stderr}");
}

/// Issue 35 item 30: `play --help` shows an example for every rule set,
/// and each example plays on its shipped scenario without a refusal.
#[test]
fn issue35_item30_play_help_has_an_example_per_rule_set_and_each_plays() {
    let (help, _, code) = run(vedette().args(["play", "--help"]));
    assert_eq!(code, 0);
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = vedette::rules::play_examples();
    assert_eq!(examples.len(), vedette::scenario::RuleSet::every().len());
    for (i, (title, ex)) in examples.iter().enumerate() {
        assert!(help.contains(title) && help.contains(ex.commands), "{help}");
        let file = dir.path().join(format!("c{i}.ron"));
        std::fs::write(&file, ex.commands).expect("write");
        let (stdout, stderr, code) = run(vedette().current_dir(root()).args([
            "play",
            ex.scenario,
            "--seed",
            &ex.seed.to_string(),
            "--commands",
            &file.display().to_string(),
        ]));
        assert_eq!(code, 0, "{title}: {stdout}{stderr}");
    }
}

/// Issue 35 item 30: events before the first command are labelled with
/// the phase they happen in, not the phase the setup ends in; a One Hour
/// command names its unit by id; a refusal says where the command is.
#[test]
fn issue35_item30_setup_events_carry_their_own_phase_and_one_hour_takes_ids() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty.ron");
    std::fs::write(&empty, "[]").expect("write");
    let (stdout, _, code) = run(vedette().current_dir(root()).args([
        "play",
        "scenarios/saint-aubin.ron",
        "--seed",
        "3",
        "--commands",
        &empty.display().to_string(),
    ]));
    assert_eq!(code, 0);
    let skirmish = stdout
        .lines()
        .find(|l| l.contains("skirmish declarations"))
        .expect("a skirmish line");
    assert!(skirmish.contains("Skirmish"), "{stdout}");
    assert!(!skirmish.contains("M&C"), "{stdout}");
    let cmds = dir.path().join("c.ron");
    std::fs::write(
        &cmds,
        "[\n    Draw,\n    EndShooting,\n    Move(unit: \"f-jerome\", steps: [\"0406\"]),\n]",
    )
    .expect("write");
    let (_, stderr, code) = run(vedette().current_dir(root()).args([
        "play",
        "scenarios/waterloo-one-hour.ron",
        "--commands",
        &cmds.display().to_string(),
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}:4:5: command 3 (Move(unit: \"f-jerome\", steps: [\"0406\"])) refused: Jérôme (II) may not enter 0406",
            cmds.display()
        )),
        "{stderr}"
    );
}

/// Issue 35 item 31: `vedette play` logs a computer-against-computer game
/// of any rule set (the seats are --french and --allied whatever the
/// sides are called), and the log replays event for event.
#[test]
fn issue35_item31_play_logs_a_computer_game_that_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (i, (_, ex)) in vedette::rules::play_examples().iter().enumerate() {
        let log = dir.path().join(format!("g{i}.log.ron"));
        let (stdout, stderr, code) = run(vedette().current_dir(root()).args([
            "play",
            ex.scenario,
            "--seed",
            "5",
            "--french",
            "heuristic",
            "--allied",
            "random",
            "--log",
            &log.display().to_string(),
        ]));
        assert_eq!(code, 0, "{}: {stderr}", ex.scenario);
        assert!(
            stdout.contains("result:") || stdout.contains("wins") || stdout.contains("draw"),
            "{stdout}"
        );
        let (stdout, stderr, code) = run(vedette()
            .current_dir(root())
            .args(["replay", &log.display().to_string()]));
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("every event identical"), "{stdout}");
    }
    // One seat only: the other side's turn stops the game with a reason.
    let (_, stderr, code) = run(vedette().current_dir(root()).args([
        "play",
        "scenarios/waterloo.ron",
        "--french",
        "heuristic",
    ]));
    assert_eq!(code, 0);
    assert!(
        stderr.contains("Allied is to act and has no commands left and no computer seat"),
        "{stderr}"
    );
}

/// Issue 35 item 35: a device or a pipe named as a file is refused before
/// it is opened (a FIFO would block, /dev/zero never ends).
#[cfg(unix)]
#[test]
fn issue35_item35_devices_and_pipes_are_refused_before_opening() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    for bad in ["/dev/zero".to_string(), fifo.display().to_string()] {
        if bad.ends_with("pipe.ron") && !made.as_ref().is_ok_and(|s| s.success()) {
            continue;
        }
        for args in [
            vec!["play", "scenarios/waterloo.ron", "--commands", &bad],
            vec!["replay", &bad],
            vec![
                "simulate",
                "scenarios/waterloo.ron",
                "--games",
                "1",
                "--tuning",
                &bad,
            ],
            vec!["validate", &bad],
        ] {
            let (stdout, stderr, code) = run(vedette().current_dir(root()).args(&args));
            assert_ne!(code, 0, "{args:?}");
            assert!(
                format!("{stdout}{stderr}").contains("not a regular file"),
                "{args:?}: {stdout}{stderr}"
            );
        }
    }
}

/// Item 35: a command file's misspelt field is refused where it is
/// written, not silently dropped (every rule set's commands, events and
/// logs deny unknown fields).
#[test]
fn issue35_item35_unknown_fields_in_commands_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cmds = dir.path().join("c.ron");
    std::fs::write(
        &cmds,
        "[\n  Activate(force: \"Bonet's division\"),\n  Turn(piece: \"f1\", facing: 2, facing_typo: Some(3)),\n]\n",
    )
    .expect("write");
    let (out, err, code) = run(vedette()
        .current_dir(root())
        .args(["play", "scenarios/saint-aubin.ron", "--commands"])
        .arg(&cmds));
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("c.ron:3:") && err.contains("facing_typo"),
        "{out}{err}"
    );
    // The same in a NaW command file.
    std::fs::write(&cmds, "[Move(unit: \"122\", path: [\"1713\"], speed: 3)]").expect("write");
    let (out, err, code) = run(vedette()
        .current_dir(root())
        .args(["play", "scenarios/waterloo.ron", "--commands"])
        .arg(&cmds));
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("c.ron:1:") && err.contains("speed"),
        "{out}{err}"
    );
}
