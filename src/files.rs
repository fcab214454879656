//! The file system side of documents: reading scenarios and the maps they
//! refer to, and saving atomically with a backup. Part of the shell; the
//! core only ever sees text.

use crate::scenario::{self, LoadError, Map, MapSource, Scenario, limits::MAX_FILE_BYTES};
use std::fs;
use std::io::{Read, Write};
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
    #[error(
        "{path}: error: the file is larger than {limit_mib} MiB, far more than any scenario or map: is it the right file?"
    )]
    TooLarge { path: String, limit_mib: u64 },
    /// Another of Vedette's files, opened where a scenario was expected.
    #[error("{path}: error: {}", kind.not_a_scenario(path))]
    OtherKind { path: String, kind: FileKind },
}

pub use crate::scenario::kind::FileKind;

/// Reads a text file of at most [`MAX_FILE_BYTES`]: `/dev/zero`, a huge
/// log or a directory gets a clear error instead of filling the memory.
pub fn read_text(path: &Path) -> Result<String, OpenError> {
    let io = |source: std::io::Error| OpenError::Io {
        path: path.display().to_string(),
        source: match crate::bundled::missing_hint(path) {
            Some(hint) if source.kind() == std::io::ErrorKind::NotFound => {
                std::io::Error::new(source.kind(), format!("no such file, {hint}"))
            }
            _ => source,
        },
    };
    // Look before opening: opening a FIFO blocks until a writer comes, and
    // a device (/dev/zero) never ends. Only regular files are read.
    let kind = fs::metadata(path).map_err(io)?.file_type();
    if kind.is_dir() {
        return Err(io(std::io::Error::other("it is a folder, not a file")));
    }
    if !kind.is_file() {
        return Err(io(std::io::Error::other(
            "it is not a regular file (a device, pipe or socket)",
        )));
    }
    let file = fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(OpenError::TooLarge {
            path: path.display().to_string(),
            limit_mib: MAX_FILE_BYTES / (1024 * 1024),
        });
    }
    // A byte-order mark some editors write is not part of the text.
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        bytes.drain(..3);
    }
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

/// The first `n` bytes of a file, if it exists and can be read.
pub fn read_head(path: &Path, n: u64) -> Option<Vec<u8>> {
    let f = fs::File::open(path).ok()?;
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    let mut head = Vec::new();
    f.take(n).read_to_end(&mut head).ok()?;
    Some(head)
}

/// Whether two paths name the same file (the same file through another
/// name, a link or `./`); false when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
        false
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Whether the text looks like a map file rather than a scenario (a map
/// file's top level has a `map:` field and no `title:`).
pub fn looks_like_map(text: &str) -> bool {
    let head: String = text.chars().take(400).collect();
    head.contains("map: (") && !text.contains("title:")
}

/// Whether the map file at `path` holds `map` (whatever its layout or
/// header line): a save need not write it.
pub fn map_file_holds(path: &Path, map: &Map) -> bool {
    read_text(path)
        .ok()
        .and_then(|t| scenario::parse_map(&t, "").ok())
        .is_some_and(|m| &m == map)
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
    let scenario = match scenario::parse_scenario(&text, &path.display().to_string()) {
        Ok(s) => s,
        // Only when it fails: what else of Vedette's it might be.
        Err(e) => {
            return Err(match FileKind::sniff(&text) {
                Some(kind) if kind != FileKind::Scenario => OpenError::OtherKind {
                    path: path.display().to_string(),
                    kind,
                },
                _ => e.into(),
            });
        }
    };
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
/// kept, whole, as `<name>.bak`.
pub fn save_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_inner(path, text.as_bytes(), true)
}

/// [`save_atomic`] for bytes: an export written over a file of another
/// kind keeps that file as `.bak`.
pub fn save_atomic_bytes(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_inner(path, bytes, true)
}

/// Writes bytes (an exported PDF or image) atomically, without a backup:
/// a crash or a full disk leaves the old file, never half a new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_inner(path, bytes, false)
}

/// A file written piece by piece that appears at its path only when
/// finished: the pieces go to a temporary file beside it, renamed over the
/// target by [`AtomicFile::commit`] (the previous version kept as `.bak`).
/// Dropped without a commit, it removes the temporary file.
pub struct AtomicFile {
    target: PathBuf,
    tmp: PathBuf,
    out: Option<std::io::BufWriter<fs::File>>,
}

impl AtomicFile {
    pub fn create(target: &Path) -> std::io::Result<AtomicFile> {
        let dir = folder(target);
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled".into());
        clean_stale_temps(dir, &name);
        let tmp = dir.join(temp_name(&name, std::process::id()));
        let f = fs::File::create(&tmp)?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            tmp,
            out: Some(std::io::BufWriter::new(f)),
        })
    }

    pub fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match &mut self.out {
            Some(w) => w.write_all(bytes),
            None => Err(std::io::Error::other("the file is already committed")),
        }
    }

    /// Syncs the temporary file and renames it over the target.
    pub fn commit(mut self) -> std::io::Result<()> {
        let Some(w) = self.out.take() else {
            return Ok(());
        };
        let f = w.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        drop(f);
        let dir = folder(&self.target).to_path_buf();
        if self.target.is_file() {
            let name = self
                .target
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let tmp_bak = dir.join(temp_name(&format!("{name}.bak"), std::process::id()));
            if keep_backup(&self.target, &backup_path(&self.target), &tmp_bak).is_err() {
                let _ = fs::remove_file(&tmp_bak);
            }
        }
        fs::rename(&self.tmp, &self.target)?;
        if let Ok(d) = fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// Where [`save_atomic`] keeps the previous version of `path`.
pub fn backup_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "untitled".into());
    path.with_file_name(format!("{name}.bak"))
}

/// The folder a file is written in (`.` for a bare name).
fn folder(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The temporary file a save of `name` by process `pid` writes first.
fn temp_name(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.tmp")
}

/// Whether a process is running (a save of it may be under way). Where
/// that cannot be told, it is assumed to run unless its file is old.
pub fn process_alive(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.is_dir().then(|| proc.join(pid.to_string()).exists())
}

/// Removes temporary files that earlier saves of `name` left behind when
/// they were killed between writing and renaming: `.NAME.PID.tmp` of a
/// process that no longer runs (or, where that cannot be told, older than
/// a day). Temporary files of saves running now are left alone.
fn clean_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    let me = std::process::id();
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let stale = match process_alive(pid) {
            Some(alive) => !alive,
            None => e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 24 * 3600),
        };
        if stale {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Keeps the current `path` as `bak` whole: a hard link (or, where links
/// are not possible, a copy) is made under a temporary name and renamed
/// over the old backup, so a kill at any moment leaves a whole `.bak`.
fn keep_backup(path: &Path, bak: &Path, tmp_bak: &Path) -> std::io::Result<()> {
    let _ = fs::remove_file(tmp_bak);
    if fs::hard_link(path, tmp_bak).is_err() {
        fs::copy(path, tmp_bak)?;
        fs::File::open(tmp_bak)?.sync_all()?;
    }
    fs::rename(tmp_bak, bak)
}

fn write_atomic_inner(path: &Path, bytes: &[u8], backup: bool) -> std::io::Result<()> {
    let dir = folder(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "untitled".into());
    clean_stale_temps(dir, &name);
    clean_stale_temps(dir, &format!("{name}.bak"));
    let tmp = dir.join(temp_name(&name, std::process::id()));
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
    if backup && path.is_file() {
        let bak = backup_path(path);
        let tmp_bak = dir.join(temp_name(&format!("{name}.bak"), std::process::id()));
        // A failed backup must not stop the save; the rename below is what
        // protects the user's work.
        if keep_backup(path, &bak, &tmp_bak).is_err() {
            let _ = fs::remove_file(&tmp_bak);
        }
    }
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename is durable once the folder is synced (where folders can
    // be opened; elsewhere the rename is as durable as the system makes it).
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}
