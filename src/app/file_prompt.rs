//! Where a file action (Open, Save As, Export map, Save and Load game)
//! gets its path: the native dialog when the desktop has one, else a small
//! window with a typed path. Both start in the document's folder, or in the
//! scenarios folder for a document that has none.
//!
//! A desktop without a file-dialog service (no xdg-desktop-portal on
//! Linux, a bare X server, a remote session) makes `rfd` return "no file"
//! at once, as if the user had cancelled. Vedette tells the two apart by
//! looking for a D-Bus session first, and by timing: a dialog that answers
//! "cancelled" faster than a person can press Escape never appeared.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a path is being asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum FileAction {
    Open,
    /// Save the scenario under a new name, then go on with `then` (the New,
    /// Open or Close that asked to save first).
    SaveAs {
        then: Option<super::Pending>,
    },
    ExportMap,
    /// `then_leave`: asked from the "Leave the playtest?" prompt, which
    /// leaves once the game is saved.
    SaveGame {
        then_leave: bool,
    },
    LoadGame,
    /// The pick-up wizard: a side's army list or order of battle [3.1].
    OpenArmyList(usize),
    SaveArmyList(usize),
    OpenOrder(usize),
    SaveOrder(usize),
    /// Export > Browse…: where the setup sheet or map image goes (the
    /// answer fills the export window's File field).
    ExportTo(super::export::ExportKind),
    /// The Balance panel's sensitivity ranking (CSV or JSON).
    SaveStudy,
}

impl FileAction {
    /// The typed-path window's title.
    pub fn title(&self) -> &'static str {
        match self {
            FileAction::Open => "Open scenario",
            FileAction::SaveAs { .. } => "Save scenario as",
            FileAction::ExportMap => "Export map to a file",
            FileAction::SaveGame { .. } => "Save game",
            FileAction::LoadGame => "Load game",
            FileAction::OpenArmyList(_) => "Open army list",
            FileAction::SaveArmyList(_) => "Save army list",
            FileAction::OpenOrder(_) => "Open order of battle",
            FileAction::SaveOrder(_) => "Save order of battle",
            FileAction::ExportTo(super::export::ExportKind::Sheet) => "Export setup sheet to",
            FileAction::ExportTo(super::export::ExportKind::MapImage) => "Export map image to",
            FileAction::SaveStudy => "Export the sensitivity ranking to",
        }
    }

    /// The button that confirms the path.
    pub fn verb(&self) -> &'static str {
        match self {
            FileAction::Open
            | FileAction::LoadGame
            | FileAction::OpenArmyList(_)
            | FileAction::OpenOrder(_) => "Open",
            FileAction::SaveAs { .. }
            | FileAction::SaveGame { .. }
            | FileAction::ExportMap
            | FileAction::SaveArmyList(_)
            | FileAction::SaveOrder(_)
            | FileAction::SaveStudy => "Save",
            FileAction::ExportTo(_) => "Choose",
        }
    }

    /// Whether the path names a file to read (it must exist) rather than
    /// one to write.
    pub fn reads(&self) -> bool {
        matches!(
            self,
            FileAction::Open
                | FileAction::LoadGame
                | FileAction::OpenArmyList(_)
                | FileAction::OpenOrder(_)
        )
    }

    /// The filter the native dialog shows.
    pub fn filter(&self) -> &'static str {
        match self {
            FileAction::SaveGame { .. } | FileAction::LoadGame => "Vedette game log",
            FileAction::ExportMap => "Vedette map",
            FileAction::OpenArmyList(_) | FileAction::SaveArmyList(_) => "Vedette army list",
            FileAction::OpenOrder(_) | FileAction::SaveOrder(_) => "Vedette order of battle",
            FileAction::ExportTo(super::export::ExportKind::Sheet) => "PDF",
            FileAction::ExportTo(super::export::ExportKind::MapImage) => "Images",
            FileAction::SaveStudy => "CSV or JSON",
            _ => "Vedette scenario",
        }
    }

    /// The extensions of the files this action deals in, the first one
    /// added to a path typed without any.
    pub fn extensions(&self) -> &'static [&'static str] {
        match self {
            FileAction::ExportTo(super::export::ExportKind::Sheet) => &["pdf"],
            FileAction::ExportTo(super::export::ExportKind::MapImage) => &["png", "svg"],
            FileAction::SaveStudy => &["csv", "json"],
            _ => &["ron"],
        }
    }
}

/// Whether native file dialogs can be shown on this desktop.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialogs {
    Native,
    /// No dialog can appear; the reason is shown in the typed-path window.
    Unavailable(String),
}

impl Dialogs {
    /// What this desktop offers: `VEDETTE_NO_FILE_DIALOG` (any value)
    /// forces the typed path; on Linux and the BSDs, no D-Bus session bus
    /// means no portal, so no dialog.
    pub fn detect() -> Dialogs {
        if std::env::var_os("VEDETTE_NO_FILE_DIALOG").is_some() {
            return Dialogs::Unavailable(
                "file dialogs are turned off (VEDETTE_NO_FILE_DIALOG)".into(),
            );
        }
        if cfg!(all(unix, not(target_os = "macos"))) && !has_session_bus() {
            return Dialogs::Unavailable(
                "this desktop has no D-Bus session, so no file-dialog service".into(),
            );
        }
        Dialogs::Native
    }
}

fn has_session_bus() -> bool {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty()) {
        return true;
    }
    // The default session bus of systemd desktops, found without the
    // variable.
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(|d| PathBuf::from(d).join("bus"))
        .is_some_and(|p| p.exists())
}

/// A native dialog that said "cancelled" sooner than this was never shown.
pub const NO_DIALOG_WITHIN: Duration = Duration::from_millis(400);

/// The folder file actions start in: the document's own, else the
/// scenarios folder (beside the working folder, or the one this binary was
/// built from), else the working folder.
pub fn start_dir(action: &FileAction, doc_path: Option<&Path>) -> PathBuf {
    let own = doc_path
        .and_then(|p| p.parent())
        .filter(|p| !p.as_os_str().is_empty() && p.is_dir())
        .map(Path::to_path_buf);
    let scenarios = || {
        super::default_scenario_path()
            .parent()
            .filter(|p| p.is_dir())
            .map(Path::to_path_buf)
    };
    let base = own.clone().or_else(scenarios);
    match action {
        // A map goes in the maps folder beside the scenarios one.
        FileAction::ExportMap => base
            .as_ref()
            .and_then(|b| b.parent())
            .map(|p| p.join("maps"))
            .filter(|p| p.is_dir())
            .or(base),
        // Army lists and orders of battle live in scenarios/armies.
        FileAction::OpenArmyList(_)
        | FileAction::SaveArmyList(_)
        | FileAction::OpenOrder(_)
        | FileAction::SaveOrder(_) => base
            .as_ref()
            .map(|b| b.join("armies"))
            .filter(|p| p.is_dir())
            .or(base),
        // Saved games go in a `games` folder beside the scenarios one
        // (made on the first save), not among the scenarios.
        FileAction::SaveGame { .. } | FileAction::LoadGame => {
            let games = base
                .as_ref()
                .and_then(|b| b.parent())
                .map(|p| p.join("games"));
            if matches!(action, FileAction::SaveGame { .. })
                && let Some(g) = &games
            {
                let _ = std::fs::create_dir_all(g);
            }
            games.filter(|p| p.is_dir()).or(base)
        }
        _ => base,
    }
    .unwrap_or_else(|| PathBuf::from("."))
}

/// The file name proposed for a save.
pub fn suggested_name(action: &FileAction, doc_path: Option<&Path>) -> Option<String> {
    let stem = doc_path
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned());
    match action {
        FileAction::Open
        | FileAction::LoadGame
        | FileAction::OpenArmyList(_)
        | FileAction::OpenOrder(_) => None,
        FileAction::SaveOrder(side) => Some(format!("order-of-battle-{}.ron", side + 1)),
        FileAction::SaveArmyList(_) => Some("army-list.ron".into()),
        FileAction::SaveAs { .. } => Some(format!("{}.ron", stem.as_deref().unwrap_or("untitled"))),
        FileAction::ExportMap => Some(format!("{}-map.ron", stem.as_deref().unwrap_or("untitled"))),
        FileAction::SaveGame { .. } => {
            Some(format!("{}-game.ron", stem.as_deref().unwrap_or("game")))
        }
        FileAction::ExportTo(super::export::ExportKind::Sheet) => Some(format!(
            "{}-sheet.pdf",
            stem.as_deref().unwrap_or("scenario")
        )),
        FileAction::ExportTo(super::export::ExportKind::MapImage) => {
            Some(format!("{}-map.png", stem.as_deref().unwrap_or("scenario")))
        }
        FileAction::SaveStudy => Some(format!(
            "{}-sensitivity.csv",
            stem.as_deref().unwrap_or("scenario")
        )),
    }
}

/// A save path without an extension gets `.ron`.
pub fn with_ron(path: PathBuf) -> PathBuf {
    with_extension(path, "ron")
}

/// A save path without an extension gets `ext`.
pub fn with_extension(path: PathBuf, ext: &str) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension(ext)
    } else {
        path
    }
}

/// One entry of the typed path's folder that matches what is typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub name: String,
    pub folder: bool,
}

/// Splits a typed path into its folder (as typed, ending in a separator,
/// or empty for the working folder) and the partial name after it.
fn split_typed(typed: &str) -> (&str, &str) {
    match typed.rfind(std::path::is_separator) {
        Some(i) => typed.split_at(i + 1),
        None => ("", typed),
    }
}

/// The folders, then the files with one of `exts`, in the typed path's
/// folder whose names start with the partial name typed after it, each
/// group sorted by name, at most `limit` in all. Hidden entries show only
/// when the partial name starts with a dot. An unreadable folder has none.
pub fn matches(typed: &str, exts: &[&str], limit: usize) -> Vec<Match> {
    let (folder, partial) = split_typed(typed);
    let dir = if folder.is_empty() {
        Path::new(".")
    } else {
        Path::new(folder)
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut folders = Vec::new();
    let mut files = Vec::new();
    for e in entries.flatten() {
        let Ok(name) = e.file_name().into_string() else {
            continue;
        };
        if !name.starts_with(partial) || (name.starts_with('.') && !partial.starts_with('.')) {
            continue;
        }
        // Follows links, as opening the entry would.
        let path = e.path();
        if path.is_dir() {
            folders.push(name);
        } else if path.is_file()
            && path
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| exts.iter().any(|w| w.eq_ignore_ascii_case(x)))
        {
            files.push(name);
        }
    }
    folders.sort();
    files.sort();
    folders
        .into_iter()
        .map(|name| Match { name, folder: true })
        .chain(files.into_iter().map(|name| Match {
            name,
            folder: false,
        }))
        .take(limit)
        .collect()
}

/// The typed path with `m` in place of its partial name (a folder ends in
/// a separator, ready for the next name).
pub fn with_match(typed: &str, m: &Match) -> String {
    let (folder, _) = split_typed(typed);
    let sep = if m.folder {
        std::path::MAIN_SEPARATOR_STR
    } else {
        ""
    };
    format!("{folder}{}{sep}", m.name)
}

/// Tab in the typed-path field: the path completed as far as every match
/// agrees (a single folder gets its separator), or `None` when nothing
/// matches or nothing more is agreed.
pub fn complete(typed: &str, exts: &[&str]) -> Option<String> {
    let all = matches(typed, exts, usize::MAX);
    let (folder, partial) = split_typed(typed);
    let done = match all.as_slice() {
        [] => return None,
        [one] => with_match(typed, one),
        [first, rest @ ..] => {
            let mut common = first.name.as_str();
            for m in rest {
                let n = common
                    .char_indices()
                    .zip(m.name.chars())
                    .find(|((_, a), b)| a != b)
                    .map_or(common.len().min(m.name.len()), |((i, _), _)| i);
                common = &common[..n];
            }
            format!("{folder}{common}")
        }
    };
    (done.len() > folder.len() + partial.len()).then_some(done)
}

/// The typed-path window's state.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    pub action: FileAction,
    pub path: String,
    /// Why the native dialog is not used (shown above the field).
    pub note: Option<String>,
    /// What is wrong with the path typed (shown under the field).
    pub error: Option<String>,
    /// The path of a file that will be replaced if Save is pressed again.
    confirm_replace: Option<PathBuf>,
    /// Whether the field has been given the keyboard focus (once, when
    /// the window opens, so typing goes straight in).
    focused: bool,
}

/// How many matching entries the typed-path window lists.
const MAX_LISTED: usize = 200;

/// Puts a text field's cursor after its last character (after Tab
/// completed it).
fn cursor_to_end(ctx: &egui::Context, id: egui::Id, text: &str) {
    if let Some(mut state) = egui::TextEdit::load_state(ctx, id) {
        let end = egui::text::CCursor::new(text.chars().count());
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::one(end)));
        state.store(ctx, id);
    }
}

/// What the typed-path window decided this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptAnswer {
    Waiting,
    Cancelled,
    Path(PathBuf),
}

impl PathPrompt {
    pub fn new(action: FileAction, doc_path: Option<&Path>, note: Option<String>) -> PathPrompt {
        let dir = start_dir(&action, doc_path);
        let path = match suggested_name(&action, doc_path) {
            Some(name) => dir.join(name),
            // A folder, ready for a name to be typed after it.
            None => dir.join(""),
        };
        PathPrompt::at(action, path.display().to_string(), note)
    }

    /// The window on a path already proposed (the export window's field).
    pub fn at(action: FileAction, path: String, note: Option<String>) -> PathPrompt {
        PathPrompt {
            action,
            path,
            note,
            error: None,
            confirm_replace: None,
            focused: false,
        }
    }

    /// Checks the typed path: a file to read must exist and be a file; a
    /// file to write gets `.ron` if it has no extension, must be in an
    /// existing folder, and replaces an existing file only when confirmed
    /// by a second press.
    pub fn check(&mut self) -> Option<PathBuf> {
        let typed = self.path.trim();
        if typed.is_empty() {
            self.error = Some("Type the path of a file.".into());
            return None;
        }
        let path = PathBuf::from(typed);
        if self.action.reads() {
            if path.is_dir() {
                self.error = Some(format!("{} is a folder: add a file name.", path.display()));
                return None;
            }
            if !path.is_file() {
                self.error = Some(format!("There is no file {}.", path.display()));
                return None;
            }
            return Some(path);
        }
        let path = with_extension(path, self.action.extensions()[0]);
        if path.is_dir() {
            self.error = Some(format!("{} is a folder: add a file name.", path.display()));
            return None;
        }
        let parent = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !parent.is_dir() {
            self.error = Some(format!("There is no folder {}.", parent.display()));
            return None;
        }
        if path.exists() && self.confirm_replace.as_ref() != Some(&path) {
            self.error = Some(format!(
                "{} already exists: press {} again to replace it.",
                path.display(),
                self.action.verb()
            ));
            self.confirm_replace = Some(path);
            return None;
        }
        Some(path)
    }

    /// Draws the window; Enter in the field confirms, Escape cancels.
    pub fn ui(&mut self, ctx: &egui::Context) -> PromptAnswer {
        let mut answer = PromptAnswer::Waiting;
        let mut open = true;
        egui::Window::new(self.action.title())
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                if let Some(note) = &self.note {
                    ui.label(
                        egui::RichText::new(format!(
                            "No file dialog is available: {note}. Type the path instead."
                        ))
                        .color(egui::Color32::from_rgb(190, 130, 20)),
                    );
                }
                let exts = self.action.extensions();
                ui.horizontal(|ui| {
                    let l = ui.label("File:");
                    // Tab completes the name instead of leaving the field.
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.path)
                                .desired_width(420.0)
                                .lock_focus(true),
                        )
                        .labelled_by(l.id);
                    if !self.focused {
                        r.request_focus();
                        self.focused = true;
                    }
                    if r.changed() {
                        self.error = None;
                        self.confirm_replace = None;
                    }
                    if r.has_focus()
                        && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab))
                        && let Some(done) = complete(&self.path, exts)
                    {
                        self.path = done;
                        self.error = None;
                        self.confirm_replace = None;
                        cursor_to_end(ui.ctx(), r.id, &self.path);
                    }
                    if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
                        && let Some(p) = self.check()
                    {
                        answer = PromptAnswer::Path(p);
                    }
                });
                // What the folder holds that fits what is typed: a click
                // takes it (a folder opens), a double click on a file
                // takes it and confirms.
                let found = matches(&self.path, exts, MAX_LISTED + 1);
                let id = ui.make_persistent_id("matches");
                egui::ScrollArea::vertical()
                    .id_salt(id)
                    .max_height(150.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if found.is_empty() {
                            ui.label(egui::RichText::new("No matching file here.").weak());
                        }
                        for m in found.iter().take(MAX_LISTED) {
                            let label = if m.folder {
                                format!("{}{}", m.name, std::path::MAIN_SEPARATOR)
                            } else {
                                m.name.clone()
                            };
                            let r = ui.selectable_label(false, label);
                            if r.clicked() || r.double_clicked() {
                                self.path = with_match(&self.path, m);
                                self.error = None;
                                self.confirm_replace = None;
                            }
                            if r.double_clicked()
                                && !m.folder
                                && let Some(p) = self.check()
                            {
                                answer = PromptAnswer::Path(p);
                            }
                        }
                        if found.len() > MAX_LISTED {
                            ui.label(
                                egui::RichText::new(
                                    "… and more: type more of the name (Tab completes).",
                                )
                                .weak(),
                            );
                        }
                    });
                ui.label(
                    egui::RichText::new(if self.action.reads() {
                        "A file to open: an absolute path, or one relative to the folder Vedette was started in. Tab completes a name.".to_string()
                    } else {
                        format!(
                            "Where to write: .{} is added when no extension is given. Tab completes a name.",
                            exts[0]
                        )
                    })
                    .weak(),
                );
                if let Some(e) = &self.error {
                    ui.label(egui::RichText::new(e).color(egui::Color32::from_rgb(200, 40, 40)));
                }
                ui.horizontal(|ui| {
                    if ui.button(self.action.verb()).clicked()
                        && let Some(p) = self.check()
                    {
                        answer = PromptAnswer::Path(p);
                    }
                    if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        answer = PromptAnswer::Cancelled;
                    }
                });
            });
        if !open {
            answer = PromptAnswer::Cancelled;
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_path_gets_ron_and_an_existing_file_needs_a_second_press() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut p = PathPrompt::new(FileAction::SaveAs { then: None }, None, None);
        p.path = dir.path().join("mine").display().to_string();
        assert_eq!(p.check(), Some(dir.path().join("mine.ron")));
        std::fs::write(dir.path().join("mine.ron"), "x").expect("write");
        assert_eq!(p.check(), None);
        assert!(
            p.error
                .as_deref()
                .is_some_and(|e| e.contains("already exists"))
        );
        assert_eq!(p.check(), Some(dir.path().join("mine.ron")));
        p.path = dir.path().join("no/such/x.ron").display().to_string();
        assert_eq!(p.check(), None);
        assert!(p.error.as_deref().is_some_and(|e| e.contains("no folder")));
    }

    #[test]
    fn an_open_path_must_name_a_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut p = PathPrompt::new(FileAction::Open, None, None);
        p.path = dir.path().display().to_string();
        assert_eq!(p.check(), None);
        assert!(p.error.as_deref().is_some_and(|e| e.contains("folder")));
        p.path = dir.path().join("missing.ron").display().to_string();
        assert_eq!(p.check(), None);
        assert!(p.error.as_deref().is_some_and(|e| e.contains("no file")));
    }

    #[test]
    fn an_untitled_document_starts_in_the_scenarios_folder() {
        let d = start_dir(&FileAction::Open, None);
        assert!(d.ends_with("scenarios"), "{}", d.display());
        let m = start_dir(&FileAction::ExportMap, None);
        assert!(m.ends_with("maps"), "{}", m.display());
    }

    /// Issue 35 item 26: the typed-path window lists the folder's
    /// matching files (folders first, only the action's extensions) and
    /// Tab completes as far as they agree.
    #[test]
    fn issue35_item26_matches_and_tab_completion() {
        let dir = tempfile::tempdir().expect("temp dir");
        for f in [
            "waterloo.ron",
            "wavre.ron",
            "wavre-notes.txt",
            ".hidden.ron",
        ] {
            std::fs::write(dir.path().join(f), "").expect("write");
        }
        std::fs::create_dir(dir.path().join("wargames")).expect("mkdir");
        let base = format!("{}{}", dir.path().display(), std::path::MAIN_SEPARATOR);
        let names = |typed: &str| -> Vec<String> {
            matches(typed, &["ron"], 10)
                .into_iter()
                .map(|m| m.name)
                .collect()
        };
        assert_eq!(names(&base), ["wargames", "waterloo.ron", "wavre.ron"]);
        assert_eq!(names(&format!("{base}wav")), ["wavre.ron"]);
        assert_eq!(names(&format!("{base}.")), [".hidden.ron"]);
        assert_eq!(matches(&base, &["ron"], 2).len(), 2, "the limit holds");
        // Tab: as far as the matches agree, then the one match.
        assert_eq!(
            complete(&format!("{base}w"), &["ron"]),
            Some(format!("{base}wa"))
        );
        assert_eq!(
            complete(&format!("{base}wa"), &["ron"]),
            None,
            "nothing more agreed"
        );
        assert_eq!(
            complete(&format!("{base}wat"), &["ron"]),
            Some(format!("{base}waterloo.ron"))
        );
        assert_eq!(
            complete(&format!("{base}war"), &["ron"]),
            Some(format!("{base}wargames{}", std::path::MAIN_SEPARATOR))
        );
        assert_eq!(complete(&format!("{base}x"), &["ron"]), None);
        assert_eq!(complete(&format!("{base}no/such/"), &["ron"]), None);
        // Another action's extensions.
        assert_eq!(names(&format!("{base}wavre-")), Vec::<String>::new());
        assert_eq!(
            matches(&format!("{base}wavre-"), &["txt"], 10)[0].name,
            "wavre-notes.txt"
        );
    }

    /// Issue 35 item 23: the export's typed path gets the export's
    /// extension, not `.ron`.
    #[test]
    fn issue35_item23_an_export_path_gets_its_own_extension() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut p = PathPrompt::at(
            FileAction::ExportTo(super::super::export::ExportKind::Sheet),
            dir.path().join("sheet").display().to_string(),
            None,
        );
        assert_eq!(p.check(), Some(dir.path().join("sheet.pdf")));
    }

    /// Issue 35 item 22: saved games start in `games/` beside
    /// `scenarios/`, made on the first save.
    #[test]
    fn issue35_item22_saved_games_go_to_a_games_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let scenarios = dir.path().join("scenarios");
        std::fs::create_dir_all(&scenarios).expect("mkdir");
        let doc = scenarios.join("battle.ron");
        std::fs::write(&doc, "").expect("write");
        let load = start_dir(&FileAction::LoadGame, Some(&doc));
        assert_eq!(load, scenarios, "no games folder yet: the scenario's");
        let save = start_dir(&FileAction::SaveGame { then_leave: false }, Some(&doc));
        assert_eq!(save, dir.path().join("games"));
        assert!(save.is_dir());
        let load = start_dir(&FileAction::LoadGame, Some(&doc));
        assert_eq!(load, dir.path().join("games"));
    }
}
