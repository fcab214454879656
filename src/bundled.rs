//! The scenarios, maps and army lists that ship with Vedette, wherever the
//! binary is installed (issue 40 item 1). They are embedded in the binary;
//! a bundled file is opened from, in order:
//!
//! 1. `../share/vedette/` beside the binary's folder (what the `.deb` and
//!    an AppImage install);
//! 2. the source checkout the binary was built in, while it runs from that
//!    checkout's `target/` (`cargo run`: the designer edits the real
//!    files);
//! 3. a copy written once under the user's data folder
//!    (`~/.local/share/vedette/bundled/VERSION-HASH/`), which `cargo install`
//!    needs: it installs the binary alone.
//!
//! Real files rather than in-memory text, so that a scenario finds its map
//! by its relative path, a file dialog shows them and a save writes
//! somewhere. Part of the shell.

use std::path::{Path, PathBuf};

/// The files every rule set shares (blank maps); each rule set's examples
/// are its folder's `EXAMPLES`.
const SHARED: &[(&str, &str)] = &[
    (
        "maps/blank-23x17.ron",
        include_str!("../maps/blank-23x17.ron"),
    ),
    (
        "maps/blank-boxes-12x8.ron",
        include_str!("../maps/blank-boxes-12x8.ron"),
    ),
];

/// Every bundled file: its path under the data folder and its text, the
/// shared ones and each registered rule set's examples. A test checks that
/// the list is the whole of `scenarios/` and `maps/`.
pub fn files() -> Vec<(&'static str, &'static str)> {
    let mut all = SHARED.to_vec();
    all.extend(crate::rules::examples());
    all
}

/// The folders a bundled name is looked for in, in order.
const FOLDERS: [&str; 3] = ["scenarios", "maps", "scenarios/armies"];

/// The scenario opened when none is named.
pub const DEFAULT_SCENARIO: &str = "scenarios/waterloo.ron";

/// The folder holding the bundled `scenarios/` and `maps/` (see the
/// module's documentation for where), or why there is none.
pub fn root() -> Result<PathBuf, String> {
    if let Some(r) = installed_root() {
        return Ok(r);
    }
    if let Some(r) = checkout_root() {
        return Ok(r);
    }
    let Some(data) = eframe::storage_dir("Vedette") else {
        return Err("no data folder (is HOME set?) to unpack the bundled scenarios in".into());
    };
    unpack(&data.join("bundled"))
}

/// `../share/vedette` beside the running binary's folder, if it holds the
/// bundled files.
fn installed_root() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let share = exe.parent()?.parent()?.join("share").join("vedette");
    share.join(DEFAULT_SCENARIO).is_file().then_some(share)
}

/// The source checkout this binary was built in, while the binary runs
/// from its `target/` folder.
fn checkout_root() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().ok()?.canonicalize().ok()?;
    let target = manifest.join("target").canonicalize().ok()?;
    (exe.starts_with(&target) && manifest.join(DEFAULT_SCENARIO).is_file()).then_some(manifest)
}

/// A name for this build's files: the version and a hash of their text,
/// so that a new build unpacks its own copy and never overwrites one a
/// designer may have edited.
pub fn build_name() -> String {
    // FNV-1a (the engine's hasher) over every path and text.
    use std::hash::Hasher;
    let mut h = crate::engine::Fnv::default();
    for (path, text) in files() {
        for part in [path.as_bytes(), &[0], text.as_bytes(), &[0]] {
            h.write(part);
        }
    }
    format!("{}-{:016x}", env!("CARGO_PKG_VERSION"), h.finish())
}

/// Writes the bundled files under `base/<build name>/` unless they are
/// there already: into a temporary folder first, renamed into place, so a
/// crash or a second Vedette starting at the same moment never leaves half
/// a copy.
pub fn unpack(base: &Path) -> Result<PathBuf, String> {
    let dest = base.join(build_name());
    if dest.join(DEFAULT_SCENARIO).is_file() {
        return Ok(dest);
    }
    let fail = |what: &Path, e: std::io::Error| {
        format!(
            "cannot unpack the bundled scenarios into {}: {e}",
            what.display()
        )
    };
    std::fs::create_dir_all(base).map_err(|e| fail(base, e))?;
    let tmp = base.join(format!(".unpacking-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for (path, text) in files() {
        let to = tmp.join(path);
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
        }
        std::fs::write(&to, text).map_err(|e| fail(&to, e))?;
    }
    match std::fs::rename(&tmp, &dest) {
        Ok(()) => Ok(dest),
        // Another Vedette unpacked it first: use that copy.
        Err(_) if dest.join(DEFAULT_SCENARIO).is_file() => {
            let _ = std::fs::remove_dir_all(&tmp);
            Ok(dest)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            Err(fail(&dest, e))
        }
    }
}

/// The bundled names: each file's name without `.ron`, or its path
/// without `.ron` where a scenario of the same name comes first
/// (`maps/waterloo`); scenarios, then maps, then army lists.
pub fn names() -> Vec<&'static str> {
    let mut out = Vec::new();
    for folder in FOLDERS {
        for (path, _) in files() {
            if let Some(rest) = path.strip_prefix(folder).and_then(|r| r.strip_prefix('/'))
                && !rest.contains('/')
            {
                let stem = rest.trim_end_matches(".ron");
                out.push(if lookup(stem) == Some(path) {
                    stem
                } else {
                    path.trim_end_matches(".ron")
                });
            }
        }
    }
    out
}

/// The bundled file a name means (`waterloo`, `saint-aubin.ron`,
/// `maps/waterloo`), as a path under the data folder: a bare name is
/// looked for among scenarios first, then maps, then army lists.
pub fn lookup(name: &str) -> Option<&'static str> {
    let name = name.replace('\\', "/");
    if name.is_empty() {
        return None;
    }
    let file = if name.ends_with(".ron") {
        name
    } else {
        format!("{name}.ron")
    };
    if let Some((p, _)) = files().into_iter().find(|(p, _)| *p == file) {
        return Some(p);
    }
    if file.contains('/') {
        return None;
    }
    FOLDERS.into_iter().find_map(|folder| {
        files()
            .iter()
            .map(|(p, _)| *p)
            .find(|p| p.strip_prefix(folder).and_then(|r| r.strip_prefix('/')) == Some(&file))
    })
}

/// What a file argument names: the file itself when it exists (a path
/// always takes precedence), else the bundled file of that name, else the
/// argument unchanged (its open then says it cannot be read).
pub fn resolve(arg: &Path) -> PathBuf {
    if arg.exists() {
        return arg.to_path_buf();
    }
    let Some(rel) = arg.to_str().and_then(lookup) else {
        return arg.to_path_buf();
    };
    match root() {
        Ok(r) => r.join(rel),
        Err(_) => arg.to_path_buf(),
    }
}

/// The scenario file a saved game names (`named`, as written in the log):
/// as named (from the working folder), else beside the log, else the
/// bundled one of that path (a game of a shipped scenario, replayed
/// elsewhere). When none exists, the file beside the log, for the error.
pub fn scenario_of_log(log: &Path, named: &Path) -> PathBuf {
    if named.exists() {
        return named.to_path_buf();
    }
    let beside = log.parent().unwrap_or(Path::new(".")).join(named);
    if beside.exists() {
        return beside;
    }
    let bundled = resolve(named);
    if bundled.exists() { bundled } else { beside }
}

/// For clap: a file argument, resolved by [`resolve`]. One that names
/// nothing is left to the command, whose error says so (with
/// [`missing_hint`]).
pub fn file_arg(s: &str) -> Result<PathBuf, String> {
    Ok(resolve(Path::new(s)))
}

/// Said after "no such file" when the path is a bare word, which might
/// have been meant as a bundled name.
pub fn missing_hint(path: &Path) -> Option<String> {
    let bare = path.components().count() == 1 && !path.exists();
    bare.then(|| {
        format!(
            "nor a bundled file (those go by name: {})",
            names().join(", ")
        )
    })
}

/// The scenario opened when none is named: `scenarios/waterloo.ron` in
/// the working folder (a checkout or a designer's own project), else the
/// bundled one.
pub fn default_scenario() -> PathBuf {
    let local = PathBuf::from(DEFAULT_SCENARIO);
    if local.is_file() {
        return local;
    }
    match root() {
        Ok(r) => r.join(DEFAULT_SCENARIO),
        Err(_) => local,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_every_shipped_file() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk = Vec::new();
        for folder in FOLDERS {
            for e in std::fs::read_dir(root.join(folder)).expect("folder") {
                let p = e.expect("entry").path();
                if p.extension().is_some_and(|x| x == "ron") {
                    let rel = p.strip_prefix(root).expect("under root");
                    on_disk.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<String> = files().into_iter().map(|(p, _)| p.to_string()).collect();
        listed.sort();
        assert_eq!(
            listed, on_disk,
            "bundled::FILES must list every shipped file"
        );
    }

    #[test]
    fn bare_names_find_scenarios_before_maps() {
        assert_eq!(lookup("waterloo"), Some("scenarios/waterloo.ron"));
        assert_eq!(lookup("waterloo.ron"), Some("scenarios/waterloo.ron"));
        assert_eq!(lookup("saint-aubin"), Some("scenarios/saint-aubin.ron"));
        assert_eq!(lookup("blank-23x17"), Some("maps/blank-23x17.ron"));
        assert_eq!(
            lookup("france-1813"),
            Some("scenarios/armies/france-1813.ron")
        );
        assert_eq!(lookup("maps/waterloo"), Some("maps/waterloo.ron"));
        assert_eq!(lookup("maps/nowhere"), None);
        assert_eq!(lookup("elsewhere/waterloo"), None);
        assert!(names().contains(&"maps/waterloo"));
        assert!(names().contains(&"blank-23x17"));
        assert_eq!(lookup("nowhere"), None);
        assert!(names().starts_with(&["waterloo", "tutorial"]));
    }

    #[test]
    fn unpacking_writes_every_file_once_and_keeps_edits() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = unpack(dir.path()).expect("unpacks");
        for (path, text) in files() {
            assert_eq!(
                std::fs::read_to_string(root.join(path)).expect("read"),
                *text
            );
        }
        // A designer's edit to the unpacked copy survives the next start.
        let w = root.join(DEFAULT_SCENARIO);
        std::fs::write(&w, "edited").expect("write");
        assert_eq!(unpack(dir.path()).expect("again"), root);
        assert_eq!(std::fs::read_to_string(&w).expect("read"), "edited");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(left.len(), 1, "no temporary folder is left: {left:?}");
    }
}
