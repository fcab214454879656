//! Architecture invariants that the compiler cannot check.
//!
//! The functional core (`hex`, `scenario`, `engine`, `ai`, `sim`, `sheet`)
//! must not depend on the UI toolkit, native dialogs, the file system or a
//! global random generator, so that it stays testable, deterministic and
//! usable headless.

use std::fs;
use std::path::{Path, PathBuf};

const CORE: [&str; 8] = [
    "hex", "scenario", "engine", "ai", "sim", "sheet", "edit", "play",
];

/// Text that must not appear in core code, with the reason.
const FORBIDDEN: [(&str, &str); 7] = [
    ("egui", "the core may not use the UI toolkit"),
    ("eframe", "the core may not use the UI toolkit"),
    ("rfd", "the core may not open native dialogs"),
    ("std::fs", "the core may not touch the file system"),
    (
        "thread_rng",
        "the core may not use a global random generator",
    ),
    (
        "rand::rng",
        "the core may not use a global random generator",
    ),
    ("OsRng", "the core may not use operating-system randomness"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") && !is_test_module(&p) {
            out.push(p);
        }
    }
}

/// Unit-test modules (`tests.rs`, `tests/` inside a module) are compiled
/// only for tests; they may read fixture files.
fn is_test_module(p: &Path) -> bool {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rel = p.strip_prefix(&src).unwrap_or(p);
    rel.file_name().is_some_and(|n| n == "tests.rs")
        || rel.components().any(|c| c.as_os_str() == "tests")
}

fn core_files() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for m in CORE {
        rust_files(&src.join(m), &mut files);
        let single = src.join(format!("{m}.rs"));
        if single.exists() {
            files.push(single);
        }
    }
    files
}

/// Finds forbidden names used as paths (`egui::`, `use egui`), ignoring
/// comments.
fn violations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (name, why) in FORBIDDEN {
            let used = code.contains(&format!("{name}::"))
                || code.contains(&format!("use {name}"))
                || code.contains(&format!("{name}("))
                || (name.contains("::") && code.contains(name));
            if used {
                found.push(format!("line {}: `{name}`: {why}", n + 1));
            }
        }
    }
    found
}

#[test]
fn core_modules_do_not_import_the_shell() {
    let files = core_files();
    assert!(
        files.len() >= 5,
        "expected to find the core modules, found {files:?}"
    );
    let mut bad = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).expect("readable source");
        for v in violations(&text) {
            bad.push(format!("{}: {v}", f.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "architecture invariant broken:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checker_catches_what_it_should() {
    assert!(!violations("use egui::Color32;").is_empty());
    assert!(!violations("let x = eframe::run_native(a, b, c);").is_empty());
    assert!(!violations("let t = std::fs::read_to_string(p);").is_empty());
    assert!(!violations("let mut r = rand::thread_rng();").is_empty());
    assert!(!violations("rfd::FileDialog::new()").is_empty());
    assert!(violations("// egui:: is mentioned in a comment").is_empty());
    assert!(violations("let regui = 1; // not a path").is_empty());
}

/// The modules generic over rule sets (issue 17): they reach a rule set
/// only through the contract (`engine::Rules`, `ai::Computer`) and the one
/// registration, `src/rules/mod.rs`.
const GENERIC: [&str; 18] = [
    "engine/mod.rs",
    "engine/contract.rs",
    "engine/dice.rs",
    "engine/fnv.rs",
    "play/mod.rs",
    "sim/mod.rs",
    "sim/report.rs",
    "ai/mod.rs",
    "cli/play.rs",
    "cli/sim.rs",
    "cli/mod.rs",
    // The pieces every playtest table shares.
    "app/playtest/seats.rs",
    "app/playtest/event_log.rs",
    // The one table shell every rule set's table plugs into (issue 36).
    "app/playtest/table.rs",
    // The marks every table draws alike, and the window's one command
    // list with its palette and shortcut sheet (issue 36).
    "app/playtest/marks.rs",
    "app/commands.rs",
    "app/command_ui.rs",
    // The Balance panel (issue 19).
    "app/balance.rs",
];

/// The names of the rule sets' modules and types.
const RULE_SETS: [&str; 6] = ["naw", "Naw", "napoleon", "Napoleon", "one_hour", "OneHour"];

/// Where code (not a comment, not a module declaration) names a rule set.
fn rule_set_names(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").trim();
        if code.starts_with("pub mod ") || code.starts_with("mod ") {
            continue;
        }
        // Strings are words for people, not paths.
        let mut bare = String::new();
        let mut in_str = false;
        for ch in code.chars() {
            if ch == '"' {
                in_str = !in_str;
            } else if !in_str {
                bare.push(ch);
            }
        }
        let words = bare.split(|c: char| !(c.is_alphanumeric() || c == '_'));
        for w in words {
            if RULE_SETS
                .iter()
                .any(|r| w == *r || w.starts_with(&format!("{r}_")))
            {
                found.push(format!("line {}: `{w}`", n + 1));
            }
        }
    }
    found
}

#[test]
fn generic_modules_name_no_rule_set_outside_the_registration() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for f in GENERIC {
        let text = fs::read_to_string(src.join(f)).expect("a generic module");
        for v in rule_set_names(&text) {
            bad.push(format!("src/{f}: {v}"));
        }
    }
    assert!(
        bad.is_empty(),
        "a generic module names a rule set; go through engine::Rules, ai::Computer \
         and rules::dispatch instead:\n{}",
        bad.join("\n")
    );
    // The registration itself does name them: the checker finds that.
    let reg = fs::read_to_string(src.join("rules/mod.rs")).expect("the registration");
    assert!(!rule_set_names(&reg).is_empty());
}

#[test]
fn the_rule_set_checker_catches_what_it_should() {
    assert!(!rule_set_names("use crate::rules::naw::engine::Board;").is_empty());
    assert!(!rule_set_names("let g: Game<Naw> = x;").is_empty());
    assert!(rule_set_names("pub mod naw;").is_empty());
    assert!(rule_set_names("// naw:: in a comment").is_empty());
    assert!(rule_set_names("let s = \"Napoleon at Waterloo\";").is_empty());
    assert!(rule_set_names("let gnaw = 1;").is_empty());
}

/// The window and the command line share services below both (`files`,
/// `export`, `rules`); the window never calls into the CLI (issue 17,
/// item 6).
#[test]
fn the_window_never_imports_the_command_line() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut files,
    );
    assert!(!files.is_empty());
    let bad: Vec<String> = files
        .iter()
        .filter(|f| {
            fs::read_to_string(f)
                .expect("readable")
                .lines()
                .any(|l| l.split("//").next().unwrap_or("").contains("crate::cli"))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(bad.is_empty(), "the window imports the CLI: {bad:?}");
}
