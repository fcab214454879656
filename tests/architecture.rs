//! Architecture invariants that the compiler cannot check.
//!
//! The functional core (`hex`, `scenario`, `engine`, `ai`, `sim`, `sheet`,
//! `edit`, `play`, and every rule set's folder but its `window/` and its
//! `*_cli.rs` files) must not depend on the UI toolkit, native dialogs, the
//! file system or a global random generator, so that it stays testable,
//! deterministic and usable headless. Shared code never names a rule set:
//! the rule sets are the folders of `src/rules/`, and only their one
//! registration, `src/rules/mod.rs`, names them.

use std::fs;
use std::path::{Path, PathBuf};

/// The shared modules of the functional core.
const CORE: [&str; 8] = [
    "hex", "scenario", "engine", "ai", "sim", "sheet", "edit", "play",
];

/// Text that must not appear in core code, with the reason.
const FORBIDDEN: [(&str, &str); 10] = [
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
    ("crate::app", "the core may not reach into the window"),
    ("crate::cli", "the core may not reach into the command line"),
    (
        "window::",
        "a rule set's core may not reach into its window parts",
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

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
/// only for tests; they may read fixture files and name any rule set.
fn is_test_module(p: &Path) -> bool {
    let rel = p.strip_prefix(src()).unwrap_or(p);
    rel.file_name().is_some_and(|n| n == "tests.rs")
        || rel.components().any(|c| c.as_os_str() == "tests")
}

/// The rule sets: the folders of `src/rules/`.
fn rule_set_folders() -> Vec<String> {
    let mut sets: Vec<String> = fs::read_dir(src().join("rules"))
        .expect("src/rules")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    sets.sort();
    sets
}

/// Whether a file of a rule set's folder is part of the shell: its window
/// parts (`window/`) and its command-line parts (`*_cli.rs`).
fn is_shell_part(rel_to_folder: &Path) -> bool {
    rel_to_folder
        .components()
        .next()
        .is_some_and(|c| c.as_os_str() == "window")
        || rel_to_folder
            .file_name()
            .is_some_and(|n| n.to_string_lossy().ends_with("_cli.rs"))
}

fn core_files() -> Vec<PathBuf> {
    let src = src();
    let mut files = Vec::new();
    for m in CORE {
        rust_files(&src.join(m), &mut files);
        let single = src.join(format!("{m}.rs"));
        if single.exists() {
            files.push(single);
        }
    }
    // The registration and the plugin contract, and each rule set's core.
    files.push(src.join("rules/mod.rs"));
    files.push(src.join("rules/plugin.rs"));
    for set in rule_set_folders() {
        let folder = src.join("rules").join(&set);
        let mut all = Vec::new();
        rust_files(&folder, &mut all);
        files.extend(
            all.into_iter()
                .filter(|f| !is_shell_part(f.strip_prefix(&folder).expect("inside its folder"))),
        );
    }
    files
}

/// Finds forbidden names used as paths (`egui::`, `use egui`), ignoring
/// comments.
fn violations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        if code.trim_start().starts_with("pub mod ") || code.trim_start().starts_with("mod ") {
            continue;
        }
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
    let folders = rule_set_folders();
    assert!(
        folders.len() >= 4 && files.len() >= 5 * folders.len(),
        "expected to find the core modules and every rule set's core, found {files:?}"
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
    assert!(!violations("use crate::app::plugin::RuleWindow;").is_empty());
    assert!(!violations("use super::window::Table;").is_empty());
    assert!(violations("pub mod window;").is_empty());
    assert!(violations("// egui:: is mentioned in a comment").is_empty());
    assert!(violations("let regui = 1; // not a path").is_empty());
    assert!(is_shell_part(Path::new("window/table/mod.rs")));
    assert!(is_shell_part(Path::new("pickup_cli.rs")));
    assert!(!is_shell_part(Path::new("engine/rules.rs")));
}

/// A folder's name in CamelCase: `one_hour` gives `OneHour`.
fn camel(folder: &str) -> String {
    folder
        .split('_')
        .map(|p| {
            let mut c = p.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

/// The names by which code may name a rule set: its folder (`one_hour`),
/// the folder in CamelCase (`OneHour`) and its file name in the
/// registration list (`NapoleonAtWaterloo`).
fn rule_set_names() -> Vec<String> {
    let mut names = Vec::new();
    for folder in rule_set_folders() {
        names.push(camel(&folder));
        names.push(folder);
    }
    let reg = fs::read_to_string(src().join("rules/mod.rs")).expect("the registration");
    for line in reg.lines() {
        let code = line.trim();
        if let Some((variant, folder)) = code.trim_end_matches(',').split_once(" => ")
            && names.contains(&folder.trim().to_string())
            && variant.chars().all(|c| c.is_alphanumeric())
        {
            names.push(variant.to_string());
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Whether the identifier `word` names the rule set called `name`: the
/// whole word, a snake-case part of it (`play_one_hour`, `naw_options`) or
/// a CamelCase head (`NawOptions`, `Hits16Unit`).
fn names(word: &str, name: &str) -> bool {
    if word == name {
        return true;
    }
    if name.chars().next().is_some_and(|c| c.is_uppercase()) {
        return word
            .strip_prefix(name)
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_uppercase() || c == '_');
    }
    let padded = format!("_{}_", word.to_lowercase());
    padded.contains(&format!("_{name}_"))
}

/// Where code (not a comment, a string or a module declaration) names a
/// rule set.
fn rule_set_mentions(text: &str, sets: &[String]) -> Vec<String> {
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
            if sets.iter().any(|r| names(w, r)) {
                found.push(format!("line {}: `{w}`", n + 1));
            }
        }
    }
    found
}

/// Every source file outside the rule sets' folders, but for the
/// registration: the shared modules.
fn shared_files() -> Vec<PathBuf> {
    let src = src();
    let folders: Vec<PathBuf> = rule_set_folders()
        .iter()
        .map(|s| src.join("rules").join(s))
        .collect();
    let mut all = Vec::new();
    rust_files(&src, &mut all);
    all.into_iter()
        .filter(|f| !folders.iter().any(|d| f.starts_with(d)))
        .filter(|f| *f != src.join("rules/mod.rs"))
        .collect()
}

#[test]
fn shared_modules_name_no_rule_set_outside_the_registration() {
    let sets = rule_set_names();
    assert!(sets.len() >= 8, "{sets:?}");
    let files = shared_files();
    assert!(files.len() >= 40, "{files:?}");
    let mut bad = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).expect("a shared module");
        // Code after `#[cfg(test)]` is the file's unit tests.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for v in rule_set_mentions(code, &sets) {
            bad.push(format!("{}: {v}", f.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "a shared module names a rule set; ask the rule set's plugin (rules::plugin::Plugin, \
         app::plugin::RuleWindow) or go through engine::Rules, ai::Computer and \
         rules::dispatch instead:\n{}",
        bad.join("\n")
    );
    // The registration itself does name them: the checker finds that.
    let reg = fs::read_to_string(src().join("rules/mod.rs")).expect("the registration");
    assert!(!rule_set_mentions(&reg, &sets).is_empty());
}

/// A rule set's folder names no other rule set: each reaches the others
/// only through the shared contract, like shared code does.
#[test]
fn no_rule_set_names_another() {
    let reg = fs::read_to_string(src().join("rules/mod.rs")).expect("the registration");
    let own_names = |folder: &str| -> Vec<String> {
        let mut own = vec![folder.to_string(), camel(folder)];
        for line in reg.lines() {
            if let Some((v, m)) = line.trim().trim_end_matches(',').split_once(" => ")
                && m.trim() == folder
                && v.chars().all(|c| c.is_alphanumeric())
            {
                own.push(v.to_string());
            }
        }
        own
    };
    let folders = rule_set_folders();
    let mut bad = Vec::new();
    for set in &folders {
        let own = own_names(set);
        let others: Vec<String> = folders
            .iter()
            .filter(|o| *o != set)
            .flat_map(|o| own_names(o))
            .collect();
        let mut files = Vec::new();
        rust_files(&src().join("rules").join(set), &mut files);
        for f in files {
            let text = fs::read_to_string(&f).expect("readable");
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for v in rule_set_mentions(code, &others) {
                // `NapoleonAtWaterloo` starts like `Napoleon`: a word that
                // names this rule set is its own.
                let word = v.split('`').nth(1).unwrap_or("");
                if !own.iter().any(|o| names(word, o)) {
                    bad.push(format!("{}: {v}", f.display()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "a rule set names another:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_rule_set_checker_catches_what_it_should() {
    let sets = rule_set_names();
    for want in [
        "naw",
        "Naw",
        "NapoleonAtWaterloo",
        "one_hour",
        "OneHour",
        "hits16",
        "Hits16",
    ] {
        assert!(sets.iter().any(|s| s == want), "{want} in {sets:?}");
    }
    let found = |t: &str| !rule_set_mentions(t, &sets).is_empty();
    assert!(found("use crate::rules::naw::engine::Board;"));
    assert!(found("let g: Game<Naw> = x;"));
    assert!(found("RuleSet::NapoleonAtWaterloo(o) => 1,"));
    assert!(found("let o = NawOptions::default();"));
    assert!(found("Some(Hits16Unit { .. })"));
    assert!(found("fn settings_one_hour() {}"));
    assert!(found("unit.hits16.as_ref()"));
    assert!(!found("pub mod naw;"));
    assert!(!found("// naw:: in a comment"));
    assert!(!found("let s = \"Napoleon at Waterloo\";"));
    assert!(!found("let gnaw = 1;"));
    assert!(!found("let hits = 16; let hour = 1;"));
}

/// The window and the command line share services below both (`files`,
/// `export`, `rules`); the window never calls into the CLI (issue 17,
/// item 6).
#[test]
fn the_window_never_imports_the_command_line() {
    let mut files = Vec::new();
    rust_files(&src().join("app"), &mut files);
    for set in rule_set_folders() {
        rust_files(&src().join("rules").join(set).join("window"), &mut files);
    }
    assert!(!files.is_empty());
    let bad: Vec<String> = files
        .iter()
        .filter(|f| {
            fs::read_to_string(f).expect("readable").lines().any(|l| {
                let code = l.split("//").next().unwrap_or("");
                code.contains("crate::cli") || code.contains("_cli::")
            })
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(bad.is_empty(), "the window imports the CLI: {bad:?}");
}
