//! Issue 39 items 2, 4 and 5: batches split into shards and merged,
//! paired seats, and Ctrl+C.

use super::{root, run, vedette};
use std::path::Path;

/// Games a shard test plays: small here; `VEDETTE_SHARD_GAMES=10000`
/// (in release) for the issue's 10,000.
fn games(default: u32) -> u32 {
    std::env::var("VEDETTE_SHARD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays `args` as one run and as 4 shards, merges the shards, and checks
/// the merged report is the whole run's to the byte (stdout; the timing is
/// on stderr), and that `merge --json` of the shards is that of the whole
/// run's tallies.
fn shards_equal_one_run(args: &[&str], games: u32, dir: &Path) {
    let r = root();
    let n = games.to_string();
    let whole = dir.join("whole.json");
    let (one, stderr, code) = run(vedette().current_dir(&r).args(args).args([
        "--games",
        &n,
        "-o",
        whole.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, 0, "{stderr}");
    let mut paths = Vec::new();
    // Given out of order: merge sorts them by number.
    for i in [2, 0, 3, 1] {
        let p = dir.join(format!("shard-{i}.json"));
        let (text, stderr, code) = run(vedette().current_dir(&r).args(args).args([
            "--games",
            &n,
            "--shard",
            &format!("{i}/4"),
            "-o",
            p.to_str().expect("utf-8"),
        ]));
        assert_eq!(code, 0, "{stderr}");
        assert!(text.starts_with(&format!("shard {i}/4: ")), "{text}");
        paths.push(p);
    }
    let merged_json = dir.join("merged.json");
    let (merged, stderr, code) = run(vedette()
        .current_dir(&r)
        .arg("merge")
        .args(&paths)
        .args(["--json", merged_json.to_str().expect("utf-8")]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        merged == one,
        "{args:?}: the merged report differs from one run's:\n--- one run\n{one}\n--- merged\n{merged}"
    );
    let whole_json = dir.join("whole-report.json");
    let (_, stderr, code) = run(vedette().current_dir(&r).args([
        "merge",
        whole.to_str().expect("utf-8"),
        "--json",
        whole_json.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, 0, "{stderr}");
    let a = std::fs::read(&merged_json).expect("merged report");
    let b = std::fs::read(&whole_json).expect("whole report");
    assert!(a == b, "{args:?}: the JSON reports differ");
}

#[test]
fn issue39_four_shards_merged_equal_one_run_byte_for_byte_for_every_rule_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (scenario, default) in [
        ("scenarios/waterloo.ron", 120),
        ("scenarios/saint-aubin.ron", 12),
        ("scenarios/waterloo-one-hour.ron", 24),
        ("scenarios/quatre-bras.ron", 24),
    ] {
        let sub = dir.path().join(scenario.replace('/', "-"));
        std::fs::create_dir_all(&sub).expect("dir");
        shards_equal_one_run(
            &["simulate", scenario, "--seed", "7", "--threads", "2"],
            games(default),
            &sub,
        );
    }
}

#[test]
fn issue39_four_shards_of_pickup_battles_merged_equal_one_run_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    shards_equal_one_run(
        &[
            "simulate",
            "--pickup",
            "scenarios/armies/france-1813.ron",
            "scenarios/armies/britain-1815.ron",
            "--points",
            "600",
            "--seed",
            "9",
            "--threads",
            "2",
        ],
        games(8),
        dir.path(),
    );
}

/// Issue 39 item 2: each game played both ways with the same dice; the
/// report says what the side is worth and what the player is worth, and
/// shards of a paired batch merge like any other.
#[test]
fn issue39_swapped_seats_part_the_side_from_the_player_and_shard_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let args = [
        "simulate",
        "scenarios/tutorial.ron",
        "--french",
        "random",
        "--allied",
        "heuristic",
        "--swap-seats",
        "--seed",
        "3",
    ];
    shards_equal_one_run(&args, games(200), dir.path());
    let (text, stderr, code) = run(vedette()
        .current_dir(root())
        .args(args)
        .args(["--games", "200"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        text.contains("with the players exchanged: French (heuristic) vs Allied (random)"),
        "{text}"
    );
    assert!(text.contains("Paired seats: 200 games"), "{text}");
    // The heuristic player is far better than the random one: the player,
    // not the side, is most of the gap.
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("the player: random scores"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!line.contains("within noise"), "{line}");
    assert!(text.contains("heuristic is worth"), "{text}");
    assert!(
        text.contains("most of the difference between the two plays is the player's"),
        "{text}"
    );
    // The same player on both sides: nothing to exchange.
    let (_, stderr, code) = run(vedette().current_dir(root()).args([
        "simulate",
        "scenarios/tutorial.ron",
        "--swap-seats",
    ]));
    assert_eq!(code, 1);
    assert!(stderr.contains("changes nothing"), "{stderr}");
}

#[test]
fn issue39_merge_refuses_shards_that_are_not_one_batch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let r = root();
    let shard = |name: &str, extra: &[&str]| {
        let p = dir.path().join(name);
        let (_, stderr, code) = run(vedette()
            .current_dir(&r)
            .args(["simulate", "scenarios/tutorial.ron", "--games", "20"])
            .args(extra)
            .args(["-o", p.to_str().expect("utf-8")]));
        assert_eq!(code, 0, "{stderr}");
        p
    };
    let merge = |paths: &[&Path]| {
        let (_, stderr, code) = run(vedette().current_dir(&r).arg("merge").args(paths));
        assert_eq!(code, 1, "{stderr}");
        stderr
    };
    let a = shard("a.json", &["--shard", "0/3"]);
    let b = shard("b.json", &["--shard", "1/3"]);
    let c = shard("c.json", &["--shard", "2/3"]);
    let other = shard("other.json", &["--shard", "2/3", "--seed", "2"]);
    assert!(merge(&[&a, &c]).contains("shard 1/3 of this batch is missing"));
    assert!(merge(&[&a, &b, &b, &c]).contains("are both shard 1/3"));
    let e = merge(&[&a, &b, &other]);
    assert!(e.contains("shards of different batches"), "{e}");
    // A shard file edited to claim another range.
    let text = std::fs::read_to_string(&c).expect("reads");
    let moved = dir.path().join("moved.json");
    std::fs::write(&moved, text.replace("\"first\": 13", "\"first\": 12")).expect("writes");
    let e = merge(&[&a, &b, &moved]);
    assert!(e.contains("should hold games 13 to 19"), "{e}");
    // Not a shard file: where and why.
    let e = merge(&[Path::new("scenarios/tutorial.ron")]);
    assert!(
        e.contains("tutorial.ron:1:") && e.contains("not a Vedette shard file"),
        "{e}"
    );
    let (_, e, code) = run(vedette().current_dir(&r).args([
        "simulate",
        "scenarios/tutorial.ron",
        "--shard",
        "3/3",
    ]));
    assert_eq!(code, 2, "{e}");
    assert!(e.contains("numbered 0 to 2"), "{e}");
}

/// Issue 39 item 5: Ctrl+C stops a batch after the games in play, and the
/// report, the game summaries and the tallies are still written, marked
/// partial.
#[cfg(unix)]
#[test]
fn issue39_ctrl_c_stops_cleanly_and_writes_what_was_played_marked_partial() {
    use std::io::Read;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("tallies.json");
    let games = dir.path().join("games.json");
    let mut child = vedette()
        .current_dir(root())
        .args([
            "simulate",
            "scenarios/waterloo.ron",
            "--games",
            "1000000",
            "--threads",
            "1",
            "-o",
            out.to_str().expect("utf-8"),
            "--json",
            games.to_str().expect("utf-8"),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    // Some games, then Ctrl+C.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // bash's own kill: a bare Debian may lack procps.
    let killed = std::process::Command::new("bash")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("ends");
    let mut stdout = String::new();
    let mut stderr = String::new();
    let _ = child
        .stdout
        .take()
        .map(|mut o| o.read_to_string(&mut stdout));
    let _ = child
        .stderr
        .take()
        .map(|mut o| o.read_to_string(&mut stderr));
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(
        stdout.contains("PARTIAL: stopped by Ctrl+C after "),
        "{stdout}"
    );
    assert!(stderr.contains("(partial)"), "{stderr}");
    let summaries: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&games).expect("games written"))
            .expect("the game summaries are whole JSON");
    let played = summaries.as_array().map_or(0, Vec::len);
    assert!(played > 0 && played < 1_000_000, "{played}");
    let (merged, stderr, code) = run(vedette()
        .current_dir(root())
        .args(["merge", out.to_str().expect("utf-8")]));
    assert_eq!(code, 130, "{stderr}");
    assert!(
        merged.contains(&format!(
            "PARTIAL: shard 0/1: {played} of 1000000 games were played"
        )),
        "{merged}"
    );
    assert!(merged.contains(&format!("{played} games\n")), "{merged}");
}

/// The report one run of `batch` prints.
fn one_run(batch: &[&str]) -> String {
    let (text, stderr, code) = run(vedette().current_dir(root()).arg("simulate").args(batch));
    assert_eq!(code, 0, "{stderr}");
    text
}

/// Issue 39 item 4: the Slurm job-array script and the merge script run
/// as Slurm would run them (array task 0 and 1 of 2, the environment
/// Slurm sets), with no scheduler, and their report is one run's.
#[cfg(unix)]
#[test]
fn issue39_the_slurm_scripts_run_two_shards_and_merge_them_locally() {
    let r = root();
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("shards");
    let script = |name: &str| r.join("deploy/slurm").join(name);
    // What the array asks of Slurm.
    let sbatch = std::fs::read_to_string(script("shards.sbatch")).expect("reads");
    assert!(sbatch.starts_with("#!/bin/bash\n"));
    assert!(sbatch.contains("#SBATCH --array=0-"), "{sbatch}");
    let submit = std::fs::read_to_string(script("submit.sh")).expect("reads");
    assert!(
        submit.contains("--array=\"0-$((N - 1))\"") && submit.contains("--dependency=\"afterok:"),
        "{submit}"
    );
    for name in ["shards.sbatch", "merge.sbatch", "submit.sh"] {
        let (_, stderr, code) = run(std::process::Command::new("bash")
            .arg("-n")
            .arg(script(name)));
        assert_eq!(code, 0, "{name}: {stderr}");
    }
    let batch = "scenarios/tutorial.ron --games 40 --seed 5";
    let env = |cmd: &mut std::process::Command| {
        cmd.current_dir(&r)
            .env("BATCH", batch)
            .env("OUT", &out)
            .env("VEDETTE", env!("CARGO_BIN_EXE_vedette"))
            .env("SLURM_ARRAY_TASK_COUNT", "2")
            .env("SLURM_CPUS_PER_TASK", "1");
    };
    for i in ["0", "1"] {
        let mut cmd = std::process::Command::new("bash");
        cmd.arg(script("shards.sbatch"))
            .env("SLURM_ARRAY_TASK_ID", i);
        env(&mut cmd);
        let (_, stderr, code) = run(&mut cmd);
        assert_eq!(code, 0, "task {i}: {stderr}");
    }
    let mut cmd = std::process::Command::new("bash");
    cmd.arg(script("merge.sbatch"));
    env(&mut cmd);
    let (printed, stderr, code) = run(&mut cmd);
    assert_eq!(code, 0, "{stderr}");
    let whole = one_run(&batch.split(' ').collect::<Vec<_>>());
    assert_eq!(printed, whole);
    let report = std::fs::read_to_string(out.join("report.txt")).expect("report.txt");
    assert_eq!(report, whole);
    assert!(out.join("report.json").exists());
}

/// Issue 39 item 4: the Kubernetes manifests parse, the shards Job is an
/// Indexed Job whose SHARDS matches its completions, and the containers'
/// command lines, run locally with the index Kubernetes sets (N = 2),
/// give one run's report.
#[cfg(unix)]
#[test]
fn issue39_the_kubernetes_indexed_job_runs_two_shards_and_merges_them_locally() {
    use serde::Deserialize;
    use serde_yaml_ng::Value;
    let r = root();
    let docs = |name: &str| -> Vec<Value> {
        let text = std::fs::read_to_string(r.join("deploy/kubernetes").join(name)).expect("reads");
        serde_yaml_ng::Deserializer::from_str(&text)
            .map(|d| Value::deserialize(d).unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect()
    };
    let job = |docs: &[Value], name: &str| -> Value {
        docs.iter()
            .find(|d| d["kind"] == "Job" && d["metadata"]["name"] == name)
            .unwrap_or_else(|| panic!("no Job {name}"))
            .clone()
    };
    let shards = job(&docs("shards.yaml"), "vedette-shards");
    let merge = job(&docs("merge.yaml"), "vedette-merge");
    let spec = &shards["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    assert_eq!(spec["completions"], spec["parallelism"]);
    let container = |job: &Value| job["spec"]["template"]["spec"]["containers"][0].clone();
    let env_of = |c: &Value, name: &str| -> String {
        c["env"]
            .as_sequence()
            .and_then(|e| e.iter().find(|v| v["name"] == name))
            .and_then(|v| v["value"].as_str())
            .unwrap_or_else(|| panic!("no env {name}"))
            .to_string()
    };
    let shard_c = container(&shards);
    let completions = spec["completions"].as_u64().expect("completions");
    assert_eq!(env_of(&shard_c, "SHARDS"), completions.to_string());
    // The volume the pods share is where they write.
    let mount = shard_c["volumeMounts"][0]["mountPath"]
        .as_str()
        .expect("mount");
    assert_eq!(env_of(&shard_c, "OUT"), mount);
    assert_eq!(
        shards["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"],
        merge["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"]
    );
    // Run the containers' command lines here: `vedette` on PATH, the
    // volume a temporary folder, two shards of a small batch.
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_vedette"), bin.join("vedette")).expect("link");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = dir.path().join("shards");
    let batch = "scenarios/tutorial.ron --games 40 --seed 5";
    let command = |c: &Value| -> Vec<String> {
        c["command"]
            .as_sequence()
            .into_iter()
            .flatten()
            .chain(c["args"].as_sequence().into_iter().flatten())
            .map(|v| v.as_str().expect("a string").to_string())
            .collect()
    };
    let shard_cmd = command(&shard_c);
    for i in 0..2 {
        let (_, stderr, code) = run(std::process::Command::new(&shard_cmd[0])
            .args(&shard_cmd[1..])
            .current_dir(&r)
            .env("PATH", &path)
            .env("JOB_COMPLETION_INDEX", i.to_string())
            .env("BATCH", batch)
            .env("SHARDS", "2")
            .env("THREADS", "1")
            .env("OUT", &out));
        assert_eq!(code, 0, "index {i}: {stderr}");
    }
    let merge_cmd = command(&container(&merge));
    let (printed, stderr, code) = run(std::process::Command::new(&merge_cmd[0])
        .args(&merge_cmd[1..])
        .current_dir(&r)
        .env("PATH", &path)
        .env("OUT", &out));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(printed, one_run(&batch.split(' ').collect::<Vec<_>>()));
}

/// Issue 39 item 3: a sensitivity study splits into shards like a batch,
/// lists what it varies, and refuses a scenario with nothing to vary.
#[test]
fn issue39_sensitivity_shards_merge_to_one_study_and_list_their_numbers() {
    let dir = tempfile::tempdir().expect("temp dir");
    shards_equal_one_run(
        &[
            "sensitivity",
            "scenarios/tutorial.ron",
            "--vary",
            "turns",
            "--seed",
            "2",
        ],
        games(60),
        dir.path(),
    );
    let (list, stderr, code) = run(vedette().current_dir(root()).args([
        "sensitivity",
        "scenarios/saint-aubin.ron",
        "--list",
    ]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        list.contains("rules.Napoleon.troops.movement.infantry") && list.contains("* (N14)"),
        "{list}"
    );
    let (_, stderr, code) = run(vedette().current_dir(root()).args([
        "sensitivity",
        "scenarios/tutorial.ron",
        "--vary",
        "title",
    ]));
    assert_eq!(code, 1);
    assert!(stderr.contains("not a whole number"), "{stderr}");
}
