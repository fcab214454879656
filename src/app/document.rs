//! The open document in the editor: the scenario and map being edited,
//! where they are saved, and their undo history. Loading, saving (atomic,
//! with a `.bak`), Save As (re-pointing the map file), new blank scenarios,
//! exporting the map on its own, and the autosave recovery file.

use crate::edit::{Document, Edit, EditError, History};
use crate::files;
use crate::hex::{Grid, Orientation, Stagger};
use crate::scenario::{
    self, Colour, FORMAT_VERSION, LossThreshold, Map, MapSource, RuleSet, Scenario, Side, SideId,
    Victory,
};
use std::ops::Deref;
use std::path::{Component, Path, PathBuf};

/// A document open in the editor.
#[derive(Clone, Debug)]
pub struct OpenDoc {
    /// Where the scenario is saved; `None` until the first Save As.
    pub path: Option<PathBuf>,
    /// The map's own file, when the scenario refers to one.
    pub map_path: Option<PathBuf>,
    pub data: Document,
    pub history: History,
    /// A pick-up battle's deployment log (RON), written beside the
    /// scenario as `NAME.deployment.ron` when it is saved, so the battle
    /// can be re-created or reviewed.
    pub deployment_log: Option<String>,
    /// A map file outside the scenario's folder the user agreed to write
    /// (see [`map_write_confined`]).
    pub map_write_consent: Option<PathBuf>,
    /// The scenario's and map's files as Vedette last read, wrote or was
    /// told to keep them: a change made elsewhere is told from these
    /// (issue 40 item 4).
    pub disk: Vec<(PathBuf, DiskStamp)>,
}

/// A file's length, time and a hash of its bytes, as Vedette last knew it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskStamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    hash: u64,
}

impl DiskStamp {
    /// The file as it is now (`None`: it cannot be read).
    pub fn read(path: &Path) -> Option<DiskStamp> {
        let meta = std::fs::metadata(path).ok()?;
        let bytes = std::fs::read(path).ok()?;
        Some(DiskStamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            hash: fnv(&bytes),
        })
    }

    /// Whether the file's length or time moved since (cheap: no read).
    fn moved(&self, path: &Path) -> bool {
        match std::fs::metadata(path) {
            Ok(m) => m.len() != self.len || m.modified().ok() != self.modified,
            Err(_) => false,
        }
    }
}

/// FNV-1a (the engine's hasher): enough to tell two versions of a file
/// apart.
fn fnv(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = crate::engine::Fnv::default();
    h.write(bytes);
    h.finish()
}

impl Deref for OpenDoc {
    type Target = Document;
    fn deref(&self) -> &Document {
        &self.data
    }
}

/// Settings for a new blank scenario (File -> New).
#[derive(Clone, Debug, PartialEq)]
pub struct NewMap {
    /// The rule set, with its default options.
    pub rules: RuleSet,
    pub columns: u32,
    pub rows: u32,
    pub orientation: Orientation,
    pub stagger: Stagger,
}

impl Default for NewMap {
    fn default() -> Self {
        NewMap {
            rules: RuleSet::default(),
            columns: 23,
            rows: 17,
            orientation: Orientation::FlatTop,
            stagger: Stagger::Even,
        }
    }
}

impl OpenDoc {
    pub fn load(path: &Path) -> Result<OpenDoc, files::OpenError> {
        let l = files::load_scenario(path)?;
        // A pick-up battle's log beside it is kept and saved with it.
        let deployment_log = std::fs::read_to_string(OpenDoc::deployment_log_path(&l.path)).ok();
        Ok(OpenDoc {
            path: Some(l.path),
            map_path: l.map_path,
            data: Document {
                scenario: l.scenario,
                map: l.map,
            },
            history: History::default(),
            deployment_log,
            map_write_consent: None,
            disk: Vec::new(),
        }
        .known_on_disk())
    }

    /// A blank scenario of the chosen rule set on a clear map: its
    /// terrain table, CRT (if it has one) and two sides, with an army and
    /// General per side where the rules have them; the map is kept inside
    /// the scenario until exported.
    pub fn new_blank(settings: &NewMap) -> OpenDoc {
        let blank = settings.rules.blank();
        let map = Map::filled(
            "Untitled map",
            settings.columns,
            settings.rows,
            Grid::new(settings.orientation, settings.stagger),
            blank.terrain,
            '.',
        );
        let colours = [Colour(0x3a, 0x5f, 0xb0), Colour(0xc0, 0x39, 0x2b)];
        let sides = (0..2)
            .map(|i| {
                Side::new(
                    SideId::new(blank.sides[i]),
                    blank.sides[i].to_string(),
                    colours[i],
                )
            })
            .collect();
        let mut scenario = Scenario {
            version: FORMAT_VERSION,
            title: String::new(),
            author: String::new(),
            description: String::new(),
            map: MapSource::Inline(Box::new(map.clone())),
            rules: settings.rules.clone(),
            turns: blank.turns,
            sides,
            units: Vec::new(),
            crt: blank.crt,
            victory: Victory {
                loss_thresholds: blank
                    .loss_threshold
                    .map(|points| {
                        blank
                            .sides
                            .iter()
                            .map(|s| LossThreshold {
                                side: SideId::new(s),
                                points,
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                exits: Vec::new(),
                victory_hexes: Vec::new(),
            },
            variants: Vec::new(),
            notes: String::new(),
        };
        // The rule set's own parts (an army and General per side).
        settings.rules.plugin().prepare_blank(&mut scenario);
        OpenDoc::unsaved(scenario, map, None)
    }

    /// A new scenario on the map file at `path` (a map opened on its
    /// own): the first rule set played on the map's grid, the map kept in
    /// its file, which Save As refers to relative to the scenario.
    pub fn on_map(path: &Path) -> Result<OpenDoc, files::OpenError> {
        let map = files::load_map(path)?;
        let boxes = map.orientation == Orientation::Boxes;
        let rules = RuleSet::every()
            .into_iter()
            .find(|r| {
                let s = r.support();
                if boxes { s.boxes } else { s.hexes }
            })
            .unwrap_or_default();
        let mut doc = OpenDoc::new_blank(&NewMap {
            rules,
            columns: map.columns,
            rows: map.rows,
            orientation: map.orientation,
            stagger: map.stagger,
        });
        doc.data.scenario.map = MapSource::File(path.display().to_string());
        doc.data.map = map;
        doc.map_path = Some(path.to_path_buf());
        Ok(doc.known_on_disk())
    }

    /// A document with no file yet, counted as changed until saved.
    fn unsaved(scenario: Scenario, map: Map, deployment_log: Option<String>) -> OpenDoc {
        let mut history = History::default();
        history.mark_unsaved();
        OpenDoc {
            path: None,
            map_path: None,
            data: Document { scenario, map },
            history,
            deployment_log,
            map_write_consent: None,
            disk: Vec::new(),
        }
    }

    /// A pick-up battle set up by the wizard: its scenario (map inline),
    /// unsaved, with the deployment log to write beside it.
    pub fn from_pickup(scenario: Scenario, log: String) -> OpenDoc {
        let map = match &scenario.map {
            MapSource::Inline(m) => (**m).clone(),
            // `Deployment::scenario` always writes the table inline; a
            // file reference would be read when the document is saved
            // and reopened, so an empty table of the default size stands
            // in for it here.
            MapSource::File(_) => Map::filled(
                "Pick-up battle",
                18,
                14,
                Grid::new(Orientation::FlatTop, Stagger::Even),
                Vec::new(),
                '.',
            ),
        };
        OpenDoc::unsaved(scenario, map, Some(log))
    }

    /// This document with its scenario and map files stamped as they are
    /// on disk now.
    fn known_on_disk(mut self) -> OpenDoc {
        self.stamp_files();
        self
    }

    /// Stamps the scenario's and map's files as they are on disk now
    /// (after a load or a save).
    fn stamp_files(&mut self) {
        self.disk = [self.path.clone(), self.map_path.clone()]
            .into_iter()
            .flatten()
            .filter_map(|p| DiskStamp::read(&p).map(|s| (p, s)))
            .collect();
    }

    /// The files of this document changed on disk since Vedette last read,
    /// wrote or kept them (by another program, or `git pull`): a length
    /// or time that moved with the same bytes is taken in silently. A
    /// file that is gone is not a change to offer.
    pub fn changed_on_disk(&mut self) -> Vec<PathBuf> {
        let mut changed = Vec::new();
        for (path, stamp) in &mut self.disk {
            if !stamp.moved(path) {
                continue;
            }
            match DiskStamp::read(path) {
                Some(now) if now.hash == stamp.hash => *stamp = now,
                Some(_) => changed.push(path.clone()),
                None => {}
            }
        }
        changed
    }

    /// Keeps this version over the files changed on disk: they are not
    /// offered again until they change again, and the next save writes
    /// over them.
    pub fn keep_mine(&mut self) {
        for (path, stamp) in &mut self.disk {
            if let Some(now) = DiskStamp::read(path) {
                *stamp = now;
            }
        }
    }

    /// The files a save to `path` would write over although they changed
    /// on disk since Vedette last knew them: the scenario's file (when it
    /// is `path`) and the map's file (when the save would write it).
    pub fn newer_on_disk(&mut self, path: &Path) -> Vec<PathBuf> {
        let writes_map = self
            .map_path
            .as_deref()
            .is_some_and(|m| !files::map_file_holds(m, &self.map));
        self.changed_on_disk()
            .into_iter()
            .filter(|p| {
                files::same_file(p, path)
                    || (writes_map && Some(p.as_path()) == self.map_path.as_deref())
            })
            .collect()
    }

    /// Reads the scenario (and its map) again from disk as one undoable
    /// step, "Reload from disk": Undo brings back the version that was
    /// open, which then counts as unsaved.
    pub fn reload(&mut self) -> Result<(), String> {
        let path = self
            .path
            .clone()
            .ok_or("the document has no file to reload")?;
        let l = files::load_scenario(&path).map_err(|e| e.to_string())?;
        let edits: Vec<Edit> = [
            crate::edit::set_scenario(&self.data, l.scenario.clone()),
            crate::edit::set_map(&self.data, l.map),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !edits.is_empty() {
            self.history
                .apply(
                    &mut self.data,
                    Edit::Group {
                        label: "reload from disk".into(),
                        edits,
                    },
                )
                .map_err(|e| e.to_string())?;
        }
        // Where the map is kept is the file's, as read.
        self.data.scenario.map = l.scenario.map;
        self.map_path = l.map_path;
        self.history.mark_saved();
        self.stamp_files();
        Ok(())
    }

    /// Where a deployment log is written beside the scenario at `path`.
    pub fn deployment_log_path(path: &Path) -> PathBuf {
        path.with_extension("deployment.ron")
    }

    /// Applies an edit as one undo step.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        self.history.apply(&mut self.data, edit)
    }

    /// Applies an edit as part of the open stroke (brush drags, typing in
    /// the inspector).
    pub fn apply_in_stroke(&mut self, edit: Edit) -> Result<(), EditError> {
        self.history.apply_in_stroke(&mut self.data, edit)
    }

    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        self.history.undo(&mut self.data)
    }

    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        self.history.redo(&mut self.data)
    }

    pub fn is_modified(&self) -> bool {
        self.history.is_modified()
    }

    /// The name shown in the title bar: the scenario's title, else the file
    /// name, else "Untitled".
    pub fn display_name(&self) -> String {
        if !self.scenario.title.trim().is_empty() {
            return self.scenario.title.clone();
        }
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "Untitled".into())
    }

    /// The scenario as it will be written: an inline map is refreshed from
    /// the edited one.
    fn scenario_to_write(&self) -> Scenario {
        let mut s = self.scenario.clone();
        if let MapSource::Inline(_) = s.map {
            s.map = MapSource::Inline(Box::new(self.map.clone()));
        }
        s
    }

    /// Saves to the document's path: the scenario and, when the map has
    /// its own file and differs from it, the map. Both atomically, each
    /// keeping its previous version as `.bak`.
    pub fn save(&mut self) -> Result<PathBuf, String> {
        let path = self
            .path
            .clone()
            .ok_or_else(|| "the document has no file yet: use Save As".to_string())?;
        self.write_to(&path)?;
        self.saved();
        Ok(path)
    }

    /// After a save: the inline copy of the map is what was written, and
    /// the files are as Vedette wrote them.
    fn saved(&mut self) {
        self.data.scenario = self.scenario_to_write();
        self.history.mark_saved();
        self.stamp_files();
    }

    /// Saves under a new name. A separate map file stays where it is and
    /// the scenario refers to it relative to its new folder (the map is
    /// written inside the scenario when no relative path exists).
    pub fn save_as(&mut self, path: &Path) -> Result<PathBuf, String> {
        let before = (self.path.clone(), self.scenario.map.clone());
        self.path = Some(path.to_path_buf());
        if let Some(map_path) = &self.map_path {
            let dir = path.parent().unwrap_or(Path::new("."));
            self.data.scenario.map = match relative_path(dir, map_path) {
                Some(rel) => MapSource::File(rel),
                None => MapSource::Inline(Box::new(self.map.clone())),
            };
            if let MapSource::Inline(_) = self.scenario.map {
                self.map_path = None;
            }
        }
        match self.write_to(path) {
            Ok(()) => {
                self.saved();
                Ok(path.to_path_buf())
            }
            Err(e) => {
                // Nothing was renamed into place: keep the old identity.
                self.path = before.0;
                self.data.scenario.map = before.1;
                Err(e)
            }
        }
    }

    /// The map file a save to `path` would write and may not without the
    /// user's word: the map is edited (it differs from its file), and the
    /// file lies outside the scenario's folder and the `maps` folder beside
    /// it (issue 35 item 37: a scenario from elsewhere, naming
    /// `File("../../somewhere")`, never chooses where Vedette writes).
    pub fn map_write_needs_consent(&self, path: &Path) -> Option<PathBuf> {
        let (MapSource::File(_), Some(map_path)) = (&self.scenario.map, &self.map_path) else {
            return None;
        };
        if map_write_confined(path, map_path) || self.map_write_consent.as_ref() == Some(map_path) {
            return None;
        }
        (!files::map_file_holds(map_path, &self.map)).then(|| map_path.clone())
    }

    /// Keeps the map inside the scenario file from now on (the answer
    /// "keep it in the scenario" to a map file outside its folder).
    pub fn keep_map_inline(&mut self) {
        self.data.scenario.map = MapSource::Inline(Box::new(self.map.clone()));
        self.map_path = None;
        self.history.mark_unsaved();
    }

    fn write_to(&self, path: &Path) -> Result<(), String> {
        if let Some(outside) = self.map_write_needs_consent(path) {
            return Err(format!(
                "the map file {} lies outside the scenario's folder: Vedette writes there only when asked to",
                outside.display()
            ));
        }
        if let (MapSource::File(_), Some(map_path)) = (&self.scenario.map, &self.map_path)
            && !files::map_file_holds(map_path, &self.map)
        {
            files::save_atomic(map_path, &scenario::map_file(&self.map))
                .map_err(|e| format!("cannot save the map {}: {e}", map_path.display()))?;
        }
        let text = scenario::scenario_file(&self.scenario_to_write());
        files::save_atomic(path, &text)
            .map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        if let Some(log) = &self.deployment_log {
            let at = OpenDoc::deployment_log_path(path);
            files::save_atomic(&at, log)
                .map_err(|e| format!("cannot save the deployment log {}: {e}", at.display()))?;
        }
        Ok(())
    }

    /// Writes the map on its own to `path` (a `maps/` file other
    /// scenarios can share) and makes the scenario refer to it. Not an
    /// undo step: it changes where things are saved, not what they are.
    pub fn export_map(&mut self, path: &Path) -> Result<(), String> {
        let text = scenario::map_file(&self.map);
        files::save_atomic(path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if let Some(own) = &self.path {
            let dir = own.parent().unwrap_or(Path::new("."));
            if let Some(rel) = relative_path(dir, path) {
                self.data.scenario.map = MapSource::File(rel);
                self.map_path = Some(path.to_path_buf());
                self.history.mark_unsaved();
                self.stamp_files();
            }
        }
        Ok(())
    }

    /// The recovery file a window writes its autosaves to:
    /// `recovery-PID-N.ron`, one per process and window, so two windows
    /// never overwrite each other's and a start-up can tell a running
    /// window's autosave from an abandoned one.
    pub fn recovery_path(dir: &Path, owner: RecoveryOwner) -> PathBuf {
        dir.join(format!("recovery-{}-{}.ron", owner.pid, owner.window))
    }

    /// Autosaves in `dir` left by windows that are gone (their process no
    /// longer runs, or another window of this process), newest first. A
    /// `recovery.ron` from an older Vedette counts as abandoned.
    pub fn abandoned_recoveries(dir: &Path, me: RecoveryOwner) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let owner = name
                .strip_prefix("recovery-")
                .and_then(|r| r.strip_suffix(".ron"))
                .and_then(|r| r.split_once('-'))
                .and_then(|(p, w)| Some((p.parse::<u32>().ok()?, w.parse::<u64>().ok()?)));
            let abandoned = match owner {
                Some((pid, window)) if pid == me.pid => window != me.window,
                Some((pid, _)) => crate::files::process_alive(pid) == Some(false),
                None => name == "recovery.ron",
            };
            if abandoned {
                let t = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                found.push((t, e.path()));
            }
        }
        found.sort_by(|a, b| b.cmp(a));
        found.into_iter().map(|(_, p)| p).collect()
    }
}

/// Which window of which process owns a recovery file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecoveryOwner {
    pub pid: u32,
    pub window: u64,
}

impl RecoveryOwner {
    /// A new window of this process.
    pub fn new_window() -> RecoveryOwner {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        RecoveryOwner {
            pid: std::process::id(),
            window: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }
}

/// What an autosave records: the document's text and where it belongs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Recovery {
    /// The scenario's file, if it had one.
    pub path: Option<PathBuf>,
    pub map_path: Option<PathBuf>,
    /// The scenario with its map inline (so the recovery is one file).
    pub scenario: String,
    /// A pick-up battle's deployment log, kept beside the scenario on
    /// save (`NAME.deployment.ron`): without it here, a crash before the
    /// first save would lose it. Older recovery files have none.
    #[serde(default)]
    pub deployment_log: Option<String>,
}

impl Recovery {
    pub fn of(doc: &OpenDoc) -> Recovery {
        let mut s = doc.scenario.clone();
        s.map = MapSource::Inline(Box::new(doc.map.clone()));
        Recovery {
            path: doc.path.clone(),
            map_path: doc.map_path.clone(),
            scenario: scenario::scenario_to_ron(&s),
            deployment_log: doc.deployment_log.clone(),
        }
    }

    /// The recovered document, marked modified. Its map source is put back
    /// as it was (a separate file stays separate).
    ///
    /// When the scenario's file still opens, the recovered changes are one
    /// undo step on top of it ("Undo recovered changes" goes back to the
    /// file as saved), and where it and its map are saved come from that
    /// file, not from the recovery file (issue 35 items 20, 37).
    pub fn restore(&self) -> Result<OpenDoc, String> {
        let s = scenario::parse_scenario(&self.scenario, "recovery").map_err(|e| e.to_string())?;
        let MapSource::Inline(map) = s.map.clone() else {
            return Err("the recovery file has no map".into());
        };
        if let Some(path) = &self.path
            && let Ok(mut doc) = OpenDoc::load(path)
        {
            let edits: Vec<crate::edit::Edit> = [
                crate::edit::set_map(&doc.data, (*map).clone()),
                crate::edit::set_scenario(&doc.data, s.clone()),
            ]
            .into_iter()
            .flatten()
            .collect();
            if !edits.is_empty() {
                let group = crate::edit::Edit::Group {
                    label: "recovered changes".into(),
                    edits,
                };
                doc.apply(group).map_err(|e| e.to_string())?;
            }
            // Modified even when the recovery matches the file: the user
            // chose to recover, and saving is harmless.
            if !doc.is_modified() {
                doc.history.mark_unsaved();
            }
            if self.deployment_log.is_some() {
                doc.deployment_log = self.deployment_log.clone();
            }
            return Ok(doc);
        }
        self.restore_without_file(s, *map)
    }

    /// The recovered document when its file is gone (or it never had
    /// one): the recovery alone, with no undo below it, untitled and with
    /// its map inside (issue 35 item 37: the paths a recovery file names
    /// are not Save targets; Save asks where, as for a new scenario).
    fn restore_without_file(&self, mut s: scenario::Scenario, map: Map) -> Result<OpenDoc, String> {
        s.map = MapSource::Inline(Box::new(map.clone()));
        let mut history = History::default();
        history.mark_unsaved();
        Ok(OpenDoc {
            path: None,
            map_path: None,
            data: Document { scenario: s, map },
            history,
            deployment_log: self.deployment_log.clone(),
            map_write_consent: None,
            disk: Vec::new(),
        })
    }
}

/// Whether Save may write the map file `map` named by the scenario saved
/// at `scenario` without asking: its folder (links resolved) is the
/// scenario's folder or below it, or the `maps` folder beside it (the
/// layout Vedette makes: `scenarios/` and `maps/`) or below that; and the
/// file, if it exists, is a plain file, not a link or a device.
pub fn map_write_confined(scenario: &Path, map: &Path) -> bool {
    // The folder a path lies in, links resolved (`None` when it does not
    // exist).
    let folder_of = |p: &Path| {
        p.parent()
            .map(|d| {
                if d.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    d
                }
            })
            .and_then(|d| d.canonicalize().ok())
    };
    let (Some(own), Some(folder)) = (folder_of(scenario), folder_of(map)) else {
        return false;
    };
    if let Ok(meta) = std::fs::symlink_metadata(map)
        && !meta.file_type().is_file()
    {
        return false;
    }
    let maps = own.parent().map(|p| p.join("maps"));
    folder.starts_with(&own) || maps.is_some_and(|m| folder.starts_with(m))
}

/// `target` relative to the folder `from`, with `/` separators
/// (`../maps/waterloo.ron`). `None` when there is no relative path (other
/// drive, or a path that cannot be resolved).
pub fn relative_path(from: &Path, target: &Path) -> Option<String> {
    let abs = |p: &Path| -> Option<PathBuf> {
        let p = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().ok()?.join(p)
        };
        // Resolve what exists (symlinks, ..) and keep the rest as written.
        Some(match p.canonicalize() {
            Ok(c) => c,
            Err(_) => {
                let parent = p.parent()?.canonicalize().ok()?;
                parent.join(p.file_name()?)
            }
        })
    };
    let from = abs(from)?;
    let target = abs(target)?;
    let a: Vec<Component> = from.components().collect();
    let b: Vec<Component> = target.components().collect();
    if a.first() != b.first() {
        return None;
    }
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = Vec::new();
    parts.extend(std::iter::repeat_n("..".to_string(), a.len() - common));
    parts.extend(
        b[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        let dir = tempfile::tempdir().expect("temp dir");
        let s = dir.path().join("scenarios");
        let m = dir.path().join("maps");
        std::fs::create_dir_all(&s).expect("mkdir");
        std::fs::create_dir_all(&m).expect("mkdir");
        assert_eq!(
            relative_path(&s, &m.join("a.ron")).as_deref(),
            Some("../maps/a.ron")
        );
        assert_eq!(
            relative_path(&s, &s.join("b.ron")).as_deref(),
            Some("b.ron")
        );
    }

    /// Issue 35 item 37: a map file outside the scenario's folder (and
    /// the `maps` beside it) is not written without the user's word; a
    /// recovery file's paths are not Save targets.
    #[test]
    fn issue35_item37_save_writes_a_map_only_inside_the_project() {
        let dir = tempfile::tempdir().expect("temp dir");
        let project = dir.path().join("project");
        let (s, m) = (project.join("scenarios"), project.join("maps"));
        let elsewhere = dir.path().join("elsewhere");
        for d in [&s, &m, &elsewhere] {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        let scen = s.join("battle.ron");
        assert!(map_write_confined(&scen, &m.join("a.ron")));
        assert!(map_write_confined(&scen, &s.join("a.ron")));
        assert!(!map_write_confined(&scen, &elsewhere.join("a.ron")));
        assert!(!map_write_confined(&scen, &s.join("../../elsewhere/a.ron")));
        assert!(!map_write_confined(&scen, &s.join("no/such/a.ron")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(elsewhere.join("t.ron"), m.join("link.ron"))
                .expect("symlink");
            assert!(!map_write_confined(&scen, &m.join("link.ron")), "a link");
            std::os::unix::fs::symlink(&elsewhere, m.join("away")).expect("symlink");
            assert!(
                !map_write_confined(&scen, &m.join("away/a.ron")),
                "a linked folder"
            );
        }

        // A scenario naming a map in ../../elsewhere: saved unchanged, it
        // writes nothing there; edited, Save refuses until asked.
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let outside = elsewhere.join("map.ron");
        std::fs::copy(root.join("maps/waterloo.ron"), &outside).expect("copy");
        let text = std::fs::read_to_string(root.join("scenarios/waterloo.ron"))
            .expect("read")
            .replace("../maps/waterloo.ron", "../../elsewhere/map.ron");
        std::fs::write(&scen, text).expect("write");
        let mut doc = OpenDoc::load(&scen).expect("loads");
        assert_eq!(doc.map_write_needs_consent(&scen), None, "unchanged");
        doc.save().expect("an unchanged map is not written");
        let h = crate::hex::Hex::new(1, 1);
        let t = doc.map.terrain_at(h).expect("terrain").code;
        let other = doc
            .map
            .terrain_kinds
            .iter()
            .map(|k| k.code)
            .find(|c| *c != t)
            .expect("another terrain");
        doc.apply(crate::edit::paint(&doc.data, &[h], other).expect("paint"))
            .expect("applies");
        let before = std::fs::read_to_string(&outside).expect("read");
        let named = doc.map_write_needs_consent(&scen).expect("asks");
        assert_eq!(named.canonicalize().ok(), outside.canonicalize().ok());
        let e = doc.save().expect_err("refused");
        assert!(e.contains("outside the scenario's folder"), "{e}");
        assert_eq!(std::fs::read_to_string(&outside).expect("read"), before);
        // Asked and agreed: written.
        doc.map_write_consent = Some(named);
        doc.save().expect("saves");
        assert_ne!(std::fs::read_to_string(&outside).expect("read"), before);
        // Or kept inside the scenario.
        let mut doc = OpenDoc::load(&scen).expect("loads");
        doc.keep_map_inline();
        doc.save().expect("saves");
        assert!(matches!(
            OpenDoc::load(&scen).expect("loads").scenario.map,
            MapSource::Inline(_)
        ));

        // A recovery whose scenario is gone: untitled, map inside.
        let mut r =
            Recovery::of(&OpenDoc::load(&root.join("scenarios/waterloo.ron")).expect("loads"));
        r.path = Some(elsewhere.join("gone.ron"));
        r.map_path = Some(elsewhere.join("evil.ron"));
        let back = r.restore().expect("restores");
        assert_eq!((back.path.clone(), back.map_path.clone()), (None, None));
        assert!(matches!(back.scenario.map, MapSource::Inline(_)));
    }

    #[test]
    fn save_as_keeps_the_map_file_and_round_trips() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let mut doc = OpenDoc::load(&root.join("scenarios/waterloo.ron")).expect("loads");
        let dir = tempfile::tempdir().expect("temp dir");
        // Work on a copy of the map so the shipped one is never written.
        let maps = dir.path().join("maps");
        std::fs::create_dir_all(&maps).expect("mkdir");
        let map_copy = maps.join("waterloo.ron");
        std::fs::copy(root.join("maps/waterloo.ron"), &map_copy).expect("copy");
        doc.map_path = Some(map_copy.clone());
        let sub = dir.path().join("mine");
        std::fs::create_dir_all(&sub).expect("mkdir");
        let target = sub.join("w2.ron");
        let e = crate::edit::paint(&doc, &[crate::hex::Hex::new(5, 5)], 'W').expect("paints");
        doc.apply(e).expect("applies");
        assert!(doc.is_modified());
        doc.save_as(&target).expect("saves");
        assert!(!doc.is_modified());
        assert_eq!(
            doc.scenario.map,
            MapSource::File("../maps/waterloo.ron".into())
        );
        let back = OpenDoc::load(&target).expect("reloads");
        assert_eq!(back.data, doc.data);
        // Saving again keeps a .bak of the previous scenario.
        doc.save().expect("saves again");
        assert!(sub.join("w2.ron.bak").exists());
        assert!(
            maps.join("waterloo.ron.bak").exists(),
            "the map changed, so it was backed up"
        );
    }

    #[test]
    fn a_new_document_saves_with_its_map_inline_and_recovers() {
        let mut doc = OpenDoc::new_blank(&NewMap::default());
        assert!(doc.is_modified());
        assert_eq!(doc.display_name(), "Untitled");
        assert!(doc.save().is_err(), "no path yet");
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("new.ron");
        doc.save_as(&p).expect("saves");
        let back = OpenDoc::load(&p).expect("reloads");
        assert_eq!(back.map, doc.map);
        let r = Recovery::of(&doc);
        let text = scenario::to_ron(&r);
        let r2: Recovery = scenario::from_ron(&text, "rec").expect("parses");
        let restored = r2.restore().expect("restores");
        assert_eq!(restored.data, doc.data);
        assert!(restored.is_modified());
    }

    #[test]
    fn issue20_a_recovered_pickup_battle_keeps_its_deployment_log() {
        let mut doc = OpenDoc::new_blank(&NewMap::default());
        doc.deployment_log = Some("(version: 1)".into());
        let text = scenario::to_ron(&Recovery::of(&doc));
        let r: Recovery = scenario::from_ron(&text, "rec").expect("parses");
        let restored = r.restore().expect("restores");
        assert_eq!(restored.deployment_log.as_deref(), Some("(version: 1)"));
        // A recovery file written before the log was kept still restores.
        let old = text.replace("deployment_log: Some(\"(version: 1)\"),", "");
        assert!(!old.contains("deployment_log"), "{old}");
        let r: Recovery = scenario::from_ron(&old, "rec").expect("parses");
        assert_eq!(r.restore().expect("restores").deployment_log, None);
    }
}
