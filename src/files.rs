//! The file system side of documents: reading scenarios and the maps they
//! refer to, and saving atomically with a backup. Part of the shell; the
//! core only ever sees text.

use crate::scenario::{self, LoadError, Map, MapSource, Scenario};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A scenario read from disk, with its map resolved.
#[derive(Clone, Debug)]
pub struct LoadedScenario {
    pub path: PathBuf,
    pub scenario: Scenario,
    pub map: Map,
    /// Where the map came from, when it is a separate file.
    pub map_path: Option<PathBuf>,
}

/// Why a document could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("{path}: error: cannot read the file: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Parse(#[from] LoadError),
}

fn read_text(path: &Path) -> Result<String, OpenError> {
    let bytes = fs::read(path).map_err(|source| OpenError::Io {
        path: path.display().to_string(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..valid];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        OpenError::Parse(LoadError {
            origin: path.display().to_string(),
            line,
            column,
            field: None,
            message: "the file is not UTF-8 text".into(),
        })
    })
}

/// Whether the text looks like a map file rather than a scenario (a map
/// file's top level has a `map:` field and no `title:`).
pub fn looks_like_map(text: &str) -> bool {
    let head: String = text.chars().take(400).collect();
    head.contains("map: (") && !text.contains("title:")
}

/// Reads a map file.
pub fn load_map(path: &Path) -> Result<Map, OpenError> {
    let text = read_text(path)?;
    Ok(scenario::parse_map(&text, &path.display().to_string())?)
}

/// Reads a scenario and the map file it refers to (relative to the
/// scenario's folder).
pub fn load_scenario(path: &Path) -> Result<LoadedScenario, OpenError> {
    let text = read_text(path)?;
    let scenario = scenario::parse_scenario(&text, &path.display().to_string())?;
    let (map, map_path) = match &scenario.map {
        MapSource::Inline(m) => ((**m).clone(), None),
        MapSource::File(rel) => {
            let p = path.parent().unwrap_or(Path::new(".")).join(rel);
            (load_map(&p)?, Some(p))
        }
    };
    Ok(LoadedScenario {
        path: path.to_path_buf(),
        scenario,
        map,
        map_path,
    })
}

/// Writes `text` to `path` atomically: the text goes to a temporary file in
/// the same folder, which is synced and then renamed over the target, so a
/// crash leaves either the old file or the new one. The previous version is
/// kept as `<name>.bak`.
pub fn save_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_inner(path, text.as_bytes(), true)
}

/// Writes bytes (an exported PDF or image) atomically, without a backup:
/// a crash or a full disk leaves the old file, never half a new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_inner(path, bytes, false)
}

fn write_atomic_inner(path: &Path, bytes: &[u8], backup: bool) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "untitled".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        // A full disk must not leave a stray temporary file behind.
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    if backup && path.exists() {
        let bak = dir.join(format!("{name}.bak"));
        // A failed backup must not stop the save; the rename below is what
        // protects the user's work.
        let _ = fs::copy(path, &bak);
    }
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(())
}
