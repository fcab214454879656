//! Issue 69 item 1: every rule set's generated mirrored battles are what
//! they say: exact mirrors (terrain, units, facings, officers, objectives),
//! valid scenarios that survive a save and a load, and playable to the end
//! by the heuristic players. Seeds from both halves of the set.

use std::sync::Arc;
use vedette::ai::Computer;
use vedette::engine::Dice;
use vedette::rules::{RuleSet, Visit, dispatch};
use vedette::scenario::mirror::{battle, check_mirrored, reflect};
use vedette::scenario::{Map, Scenario, Severity, scenario_file, validate};

/// Plays the battle once with the heuristic on both sides; returns the
/// commands it took (the game must end).
struct PlayOnce<'a>(&'a Scenario, &'a Map, u64);

impl Visit for PlayOnce<'_> {
    type Output = usize;
    fn visit<R: Computer>(self) -> usize {
        let board = Arc::new(R::board(self.0, self.1).expect("the engine takes the battle"));
        let know = R::knowledge(board.clone());
        let t = R::Tuning::default();
        let (mut st, _) = R::start(&board, &R::batch_setup(false), &mut Dice::new(self.2));
        let mut p = [R::heuristic(&know, &t, 1), R::heuristic(&know, &t, 2)];
        let mut dice = Dice::new(self.2 ^ 7);
        let mut n = 0;
        while R::outcome(&st).is_none() && n < 20_000 {
            let c = p[usize::from(R::to_act(&st) & 1)]
                .choose(&st)
                .expect("a command");
            R::execute(&mut st, &c, &mut dice).expect("legal");
            n += 1;
        }
        assert!(R::outcome(&st).is_some(), "{}: the game ends", R::NAME);
        n
    }
}

#[test]
fn issue69_generated_battles_are_exact_mirrors_valid_and_playable_for_every_rule_set() {
    let dir = tempfile::tempdir().expect("a temp dir");
    for rules in RuleSet::every() {
        let name = rules.short_name();
        let mut sizes = std::collections::BTreeSet::new();
        for seed in [0, 1, 2, 3, 4, 5, 1000, 1001, 1002, 1003] {
            let (s, map) = battle(&rules, seed);
            let again = battle(&rules, seed);
            assert!(
                again == (s.clone(), map.clone()),
                "{name} {seed}: a pure function"
            );
            sizes.insert((map.columns, map.rows, s.units.len()));
            check_mirrored(&s, &map).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
            // The rule set's officers reflect too: each one's hex has an
            // officer of the same rank on its reflection (labels may be
            // initials of the names, which differ).
            let officers = s.rules.plugin().officers(&s);
            // (Napoleon at Waterloo's counters have no officers.)
            assert_eq!(
                officers.is_empty(),
                name == "naw",
                "{name} {seed}: officers where the rules have them"
            );
            for o in &officers {
                let m = reflect(&map, o.hex);
                assert!(
                    officers
                        .iter()
                        .any(|x| x.hex == m && x.general == o.general),
                    "{name} {seed}: {} at {} has no reflection",
                    o.name,
                    o.hex
                );
            }
            let errors: Vec<_> = validate(&s, &map)
                .into_iter()
                .filter(|i| i.severity == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{name} {seed}: {errors:?}");
            assert!(
                s.units.len() >= 6,
                "{name} {seed}: a battle, not a skirmish"
            );
            // Saved and loaded, it is the same battle.
            let path = dir.path().join(format!("{name}-{seed}.ron"));
            std::fs::write(&path, scenario_file(&s)).expect("writes");
            let l = vedette::files::load_scenario(&path).expect("loads");
            assert!(l.scenario == s && l.map == map, "{name} {seed}: round trip");
            let n = dispatch(&s.rules, PlayOnce(&s, &map, seed));
            assert!(n > 10, "{name} {seed}: {n} commands");
        }
        assert!(sizes.len() >= 5, "{name}: the battles vary: {sizes:?}");
    }
}

fn vedette(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_vedette"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn issue69_the_command_line_generates_battles_and_measures_players_on_the_held_out_half() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let f = dir.path().join("b.ron");
    let path = f.to_str().expect("utf-8");
    let o = vedette(&["generate", "one-hour", "--seed", "3", "-o", path]);
    assert!(o.status.success(), "{o:?}");
    let first = std::fs::read_to_string(&f).expect("written");
    assert!(first.contains("Mirrored battle 3 (One Hour"), "{first}");
    // Nothing is written over a file without --force.
    let o = vedette(&["generate", "one-hour", "--seed", "4", "-o", path]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&f).expect("kept"), first);
    let o = vedette(&["validate", path]);
    assert!(o.status.success(), "{o:?}");
    let o = vedette(&["generate", "chess"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("naw, napoleon, one_hour, hits16"),
        "{err}"
    );
    // The same player on both seats scores exactly even.
    let o = vedette(&[
        "strength",
        "hits16",
        "--battles",
        "2",
        "--players",
        "heuristic,heuristic",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{o:?}");
    assert!(
        out.contains("scores 50.0%") && out.contains("(held-out half)"),
        "{out}"
    );
    let o = vedette(&["strength", "naw", "--battles", "1", "--first", "0"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("TUNING half"), "{out}");
}
