//! Issue 35 items 33 and 35: numbers and names no check bounded. Each
//! file is the shipped one with one value changed; `vedette validate` (or
//! the command that reads the file) refuses it with the field's line and
//! column, quickly, and nothing is built from the number first.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn vedette() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vedette"))
}

fn run(cmd: &mut Command) -> (String, i32) {
    let out = cmd.output().expect("vedette runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (text, out.status.code().unwrap_or(-1))
}

/// The shipped scenario `name` with `from` replaced by `to` (once), written
/// beside a copy of its map; returns what `validate` says.
fn validate_changed(name: &str, from: &str, to: &str) -> (String, i32) {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join("scenarios").join(name)).expect("scenario");
    assert!(text.contains(from), "{name} has no {from:?}");
    let maps = root().join("maps");
    let text = text
        .replacen(from, to, 1)
        .replace("\"../maps/", &format!("\"{}/", maps.display()));
    let p = dir.path().join(name);
    std::fs::write(&p, text).expect("write");
    run(vedette().arg("validate").arg(&p))
}

fn refused(out: &(String, i32), what: &str) {
    assert_eq!(out.1, 1, "{}", out.0);
    assert!(out.0.contains(what), "expected {what:?} in:\n{}", out.0);
    // Every finding has a line and column.
    assert!(
        out.0.lines().filter(|l| l.contains(": error: ")).all(|l| l
            .split(':')
            .nth(1)
            .is_some_and(|n| n.parse::<u32>().is_ok())),
        "{}",
        out.0
    );
}

#[test]
fn issue35_item33_one_hour_shot_band_of_4294967295_dice_is_refused() {
    let out = validate_changed(
        "waterloo-one-hour.ron",
        "line_infantry: [(to: 1, dice: 3)",
        "line_infantry: [(to: 1, dice: 4294967295)",
    );
    refused(&out, "dice: ranges and dice of 0 to 20 are supported (H15)");
}

#[test]
fn issue35_item33_one_hour_move_halves_60000_is_refused() {
    let text = std::fs::read_to_string(root().join("scenarios/waterloo-one-hour.ron")).expect("w");
    let from = text
        .lines()
        .find_map(|l| {
            let i = l.find("move_halves: (line_infantry: ")?;
            let rest = &l[i..];
            Some(rest[..rest.find(',')?].to_string())
        })
        .expect("move_halves");
    let out = validate_changed(
        "waterloo-one-hour.ron",
        &from,
        "move_halves: (line_infantry: 60000",
    );
    refused(&out, "troops.move_halves.line_infantry) is 60000");
}

#[test]
fn issue35_item33_napoleon_option_out_of_its_range_is_refused() {
    let out = validate_changed(
        "saint-aubin.ron",
        "pickup_columns: 18,",
        "pickup_columns: 4294967295,",
    );
    refused(&out, "pickup_columns) is 4294967295");
}

#[test]
fn issue35_item35_a_control_character_in_a_name_is_refused() {
    let out = validate_changed(
        "saint-aubin.ron",
        "name: \"Bonet's division\"",
        "name: \"Bonet's\\u{1b}[2J division\"",
    );
    refused(&out, "control character U+001B");
    let out = validate_changed(
        "waterloo.ron",
        "title: \"",
        "title: \"forged\\nvedette: 0 errors\\n",
    );
    refused(&out, "control character U+000A");
}

#[test]
fn issue35_item35_two_forces_of_one_name_are_refused_n12() {
    let out = validate_changed(
        "saint-aubin.ron",
        "name: \"Compans' division\"",
        "name: \"Bonet's division\"",
    );
    refused(&out, "each name must be unique [0.5] (N12)");
}

#[test]
fn issue35_item33_a_title_of_a_megabyte_is_refused() {
    let long = "x".repeat(1_000_000);
    let out = validate_changed("waterloo.ron", "title: \"", &format!("title: \"{long}"));
    refused(&out, "at most 200 are supported");
}

/// Army lists: a minimum of 4294967295 units, points near 2^31, an
/// aggressiveness near i32::MAX and a skirmish factor over 20 are refused
/// before any order is built.
#[test]
fn issue35_item33_army_list_numbers_are_bounded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let list = std::fs::read_to_string(root().join("scenarios/armies/france-1813.ron")).expect("l");
    let other = root().join("scenarios/armies/britain-1815.ron");
    let cases: [(&str, &str, &str); 3] = [
        (
            "aggressiveness: 1,",
            "aggressiveness: 2147483647,",
            "at most 20 up or down is supported (N17)",
        ),
        (
            "(name: \"Foy\", factor: 1)",
            "(name: \"Foy\", factor: 1, points: 2147483647)",
            "costs 2147483647 points: at most 10000 is supported (N18)",
        ),
        (
            "units: [",
            "units: [(id: \"horde\", name: \"Horde\", kind: Infantry, combat: 3, skirmish: 99, min: 4294967295),",
            "over 500 units",
        ),
    ];
    for (from, to, what) in cases {
        assert!(list.contains(from), "{from}");
        let p = dir.path().join("list.ron");
        std::fs::write(&p, list.replacen(from, to, 1)).expect("write");
        let (out, code) = run(vedette()
            .args(["simulate", "--games", "1", "--pickup"])
            .arg(&p)
            .arg(&other));
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(what), "expected {what:?} in {out}");
    }
    // The agreed points are bounded too.
    let france = root().join("scenarios/armies/france-1813.ron");
    let (out, code) = run(vedette()
        .args([
            "simulate", "--games", "1", "--points", "1000000", "--pickup",
        ])
        .arg(&france)
        .arg(&other));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("1 to 10000 are supported (N18)"), "{out}");
}

/// Item 33: a loss limit of 9,999,999 (the largest `validate` accepts)
/// prints a bounded track, each box standing for many points, instead of
/// one box a point (which hung `sheet` at 1.9 GB).
#[test]
fn issue35_item33_a_huge_loss_limit_prints_a_bounded_track() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join("scenarios/waterloo.ron")).expect("w");
    let maps = root().join("maps");
    let text = text
        .replacen(
            "(side: \"French\", points: 40)",
            "(side: \"French\", points: 9999999)",
            1,
        )
        .replace("\"../maps/", &format!("\"{}/", maps.display()));
    let p = dir.path().join("w.ron");
    std::fs::write(&p, text).expect("write");
    let pdf = dir.path().join("w.pdf");
    let (out, code) = run(vedette().arg("sheet").arg(&p).arg("-o").arg(&pdf));
    assert_eq!(code, 0, "{out}");
    let bytes = std::fs::metadata(&pdf).expect("pdf").len();
    assert!(bytes < 5_000_000, "{bytes} bytes");
}
