//! The eframe/egui shell: the editor window. Owns documents, views and
//! input; asks the core for everything else (edits, validation, rules).

pub mod balance;
pub mod batch;
mod command_ui;
pub mod commands;
pub mod document;
pub mod export;
pub mod fields;
pub mod file_prompt;
pub mod icons;
pub mod ladder;
pub mod map_view;
pub mod playtest;
pub mod plugin;
pub mod sensitivity;
pub mod settings;
pub mod tabs;
pub mod terrain_image;
pub mod tools;

use crate::edit;
use crate::hex::{Hex, Point};
use crate::scenario::{self, Issue, Location, Severity};
use document::{NewMap, OpenDoc, Recovery};
use egui::{Color32, Key, PointerButton, RichText, Sense, Stroke};
use file_prompt::{Dialogs, FileAction, PathPrompt, PromptAnswer};
use map_view::{DrawOptions, MapView};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use tools::{MarkerKind, Tool, Tools};

/// The scenario opened when none is named: see
/// [`crate::bundled::default_scenario`].
pub fn default_scenario_path() -> PathBuf {
    crate::bundled::default_scenario()
}

/// Puts `path` (resolved where it exists) first in a list of recent
/// files, once, keeping the newest [`RECENT`].
fn push_recent(list: &mut Vec<PathBuf>, path: &Path) {
    let p = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    list.retain(|r| r != &p);
    list.insert(0, p);
    list.truncate(RECENT);
}

/// How many recent files the File menu lists.
const RECENT: usize = 8;
/// Seconds between autosaves of a modified document.
const AUTOSAVE_SECS: f64 = 60.0;

/// Something that would drop unsaved changes, waiting for the answer to
/// "Save changes?".
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    New,
    /// File > New pick-up battle…: the wizard of [3.1]-[3.2].
    NewPickup,
    /// Open a file; `None` asks for one with the native dialog.
    Open(Option<PathBuf>),
    /// Close the shown tab.
    CloseTab,
    /// Close the window (every tab).
    Close,
}

/// A question about the document's files changed on disk by something
/// other than this window.
#[derive(Clone, Debug, PartialEq)]
pub enum DiskPrompt {
    /// These files changed: reload, or keep this version?
    Changed(Vec<PathBuf>),
    /// A save to `to` (a Save As when `as_new`) would write over these
    /// files, changed since they were opened.
    SaveOver {
        files: Vec<PathBuf>,
        to: PathBuf,
        as_new: bool,
    },
}

/// Seconds between looks at the open files for changes made elsewhere.
const DISK_CHECK_SECS: f64 = 1.0;

/// A native dialog's answer (`None`: cancelled or never shown) and how
/// long it took.
type DialogAnswer = (Option<PathBuf>, std::time::Duration);

/// The editor application state.
pub struct VedetteApp {
    pub doc: Option<OpenDoc>,
    pub issues: Vec<Issue>,
    /// Why the last open failed, shown in the window instead of the map.
    pub open_error: Option<String>,
    /// The file whose open failed, offered again ("Try again") once it is
    /// fixed.
    pub failed_path: Option<PathBuf>,
    pub view: MapView,
    pub draw: DrawOptions,
    pub hovered: Option<Hex>,
    /// Where the map was drawn last frame (for tests and hit-testing).
    pub map_rect: Option<egui::Rect>,
    pub tools: Tools,
    /// The Balance panel (batch playtests of the open scenario).
    pub balance: balance::BalancePanel,
    /// File -> Export setup sheet / map image.
    pub export: export::ExportDialog,
    /// An action held until the user answers "Save changes?".
    pub prompt: Option<Pending>,
    /// The New Map dialog, when open.
    pub new_dialog: Option<NewMap>,
    /// A save held until the user says whether the edited map may be
    /// written to its file outside the scenario's folder: (the map file,
    /// where the scenario is being saved, whether as Save As).
    pub map_consent: Option<(PathBuf, PathBuf, bool)>,
    /// The document's files changed on disk, or a save that would write
    /// over such a change, waiting for the user's answer (issue 40 item 4).
    pub disk_prompt: Option<DiskPrompt>,
    /// When the files were last looked at (window time, seconds).
    last_disk_check: f64,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// Army lists opened or saved in the pick-up wizard, newest first:
    /// a new wizard offers them beside the shipped lists.
    pub army_lists: Vec<PathBuf>,
    /// Where autosaves go; `None` turns autosave off (tests).
    pub recovery_dir: Option<PathBuf>,
    /// An autosave found at start-up, offered back to the user, and its
    /// file.
    pub recovery_offer: Option<(Recovery, PathBuf)>,
    /// This window, as the owner of its own recovery file.
    recovery_owner: document::RecoveryOwner,
    /// The problems panel (live validation).
    pub show_problems: bool,
    /// The map legend under the tools (View > Legend).
    pub show_legend: bool,
    /// The last thing done or refused, shown in the status bar.
    pub status: Option<(bool, String)>,
    /// A native dialog open on a thread: what for, and its answer with
    /// how long it took.
    dialog: Option<(FileAction, Receiver<DialogAnswer>)>,
    /// Whether native file dialogs can appear here.
    pub dialogs: Dialogs,
    /// The typed-path window (no native dialog, or none appeared).
    pub path_prompt: Option<PathPrompt>,
    /// (document generation, history state) the issues were computed for.
    validated: (u64, u64),
    /// What the last validation cost: a slow one waits for the end of a
    /// brush stroke or of typing in a field.
    validate_cost: std::time::Duration,
    /// The Scenario settings window, when open.
    scenario_settings: Option<settings::ScenarioSettings>,
    /// The Armies window (rules with forces and Generals), when open.
    pub armies: Option<Box<dyn plugin::SideWindow>>,
    /// An officer to place with the next click on the map (Armies window).
    pub placing: Option<Box<dyn crate::rules::plugin::PlaceOfficer>>,
    /// The Map settings window, when open.
    map_settings: Option<settings::MapSettings>,
    generation: u64,
    last_autosave: f64,
    /// The counter being dragged, and where the drag started.
    drag_unit: Option<scenario::UnitId>,
    /// A hex to centre the view on when the map is next drawn.
    centre_request: Option<Hex>,
    /// The hex centred last, for a few frames: kept centred while the
    /// panels settle.
    just_centred: Option<(Hex, u8)>,
    /// Set when a close was confirmed, so the next close goes through.
    allow_close: bool,
    /// The window title last sent to the window.
    shown_title: String,
    /// The playtest in progress (F5); the editor waits behind it.
    pub playtest: Option<Box<dyn playtest::AnyTable>>,
    /// The playtest start dialog, when open.
    pub start_dialog: Option<playtest::StartDialog>,
    /// The pick-up battle wizard, when open; the editor waits behind it.
    pub pickup: Option<Box<dyn plugin::Wizard>>,
    /// The command palette (Ctrl+Shift+P), when open.
    pub palette: Option<command_ui::Palette>,
    /// The keyboard shortcut sheet (F1), when shown.
    pub show_shortcuts: bool,
    /// A Shift+drag marking a region is under way.
    marking_region: bool,
    /// Every open document's tab, in order; the shown one's slot is empty
    /// (its state is in this window's fields): see [`tabs`].
    tabs: Vec<tabs::Tab>,
    /// Which tab is shown.
    active: usize,
    /// Units or a map region copied (Ctrl+C), for Ctrl+V in any tab.
    pub clipboard: Option<crate::edit::clip::Clip>,
}

impl VedetteApp {
    pub fn open(path: PathBuf) -> Self {
        let mut app = VedetteApp::empty();
        app.load(path);
        app
    }

    /// A window on a document already in memory (a generated scenario, a
    /// benchmark).
    pub fn with_doc(doc: OpenDoc) -> Self {
        let mut app = VedetteApp::empty();
        app.set_doc(doc);
        app
    }

    /// A window with no document.
    pub fn empty() -> Self {
        VedetteApp {
            doc: None,
            issues: Vec::new(),
            open_error: None,
            failed_path: None,
            view: MapView::default(),
            draw: DrawOptions::default(),
            hovered: None,
            map_rect: None,
            tools: Tools::default(),
            balance: balance::BalancePanel::default(),
            export: export::ExportDialog::default(),
            prompt: None,
            new_dialog: None,
            map_consent: None,
            disk_prompt: None,
            last_disk_check: f64::NEG_INFINITY,
            recent: Vec::new(),
            army_lists: Vec::new(),
            recovery_dir: None,
            recovery_offer: None,
            recovery_owner: document::RecoveryOwner::new_window(),
            show_problems: true,
            show_legend: true,
            status: None,
            dialog: None,
            dialogs: Dialogs::detect(),
            path_prompt: None,
            validated: (u64::MAX, u64::MAX),
            validate_cost: std::time::Duration::ZERO,
            scenario_settings: None,
            armies: None,
            placing: None,
            map_settings: None,
            generation: 0,
            last_autosave: 0.0,
            drag_unit: None,
            centre_request: None,
            just_centred: None,
            allow_close: false,
            shown_title: String::new(),
            playtest: None,
            start_dialog: None,
            pickup: None,
            palette: None,
            show_shortcuts: false,
            marking_region: false,
            tabs: vec![tabs::Tab::empty()],
            active: 0,
            clipboard: None,
        }
    }

    /// Opens a file, replacing the document (no prompt: see
    /// [`VedetteApp::request`]). Any of Vedette's files opens where it
    /// belongs (issue 40 item 1): a scenario in the editor, a map in the
    /// editor as a new scenario on it, a saved game in the playtest table,
    /// a deployment log, army list or order of battle in the pick-up
    /// wizard.
    /// Whether it opened.
    pub fn load(&mut self, path: PathBuf) -> bool {
        match OpenDoc::load(&path) {
            Ok(doc) => {
                self.set_doc(doc);
                self.open_error = None;
                self.remember(&path);
                true
            }
            Err(crate::files::OpenError::OtherKind { kind, .. }) => {
                self.open_other_kind(kind, &path)
            }
            Err(e) => self.open_failed(path, e.to_string()),
        }
    }

    /// Says why `path` did not open, in place of the map and in the
    /// status bar; false.
    fn open_failed(&mut self, path: PathBuf, why: String) -> bool {
        self.open_error = Some(why.clone());
        self.failed_path = Some(path);
        self.status = Some((false, why));
        false
    }

    /// Opens one of Vedette's files that is not a scenario where it
    /// belongs (see [`VedetteApp::load`]); whether it opened.
    pub fn open_other_kind(&mut self, kind: crate::files::FileKind, path: &Path) -> bool {
        use crate::files::FileKind;
        let shown = path.display().to_string();
        match kind {
            FileKind::Scenario => self.load(path.to_path_buf()),
            FileKind::Map => match OpenDoc::on_map(path) {
                Ok(doc) => {
                    self.set_doc(doc);
                    self.open_error = None;
                    self.status = Some((
                        true,
                        format!(
                            "Opened the map {shown} as a new scenario on it: edit the map or add units, then Save As (the scenario refers to the map file)"
                        ),
                    ));
                    true
                }
                Err(e) => self.open_failed(path.to_path_buf(), e.to_string()),
            },
            FileKind::GameLog => match playtest::scenario_file_of(path) {
                Ok(Some(s)) => {
                    self.load(s) && {
                        self.load_game(path);
                        true
                    }
                }
                // A log that names no scenario is a game of the one open.
                Ok(None) if self.doc.is_some() => {
                    self.load_game(path);
                    true
                }
                Ok(None) => self.open_failed(
                    path.to_path_buf(),
                    format!(
                        "{shown}: the saved game does not name its scenario: open the scenario, then Load game… in the playtest table"
                    ),
                ),
                Err(e) => self.open_failed(path.to_path_buf(), e.to_string()),
            },
            // A pick-up battle's files open in the wizard of the rule set
            // that reads them.
            FileKind::DeploymentLog | FileKind::ArmyList | FileKind::OrderOfBattle => {
                let opened = plugin::every_window()
                    .into_iter()
                    .find_map(|w| w.open_in_wizard(kind, path, &self.army_lists));
                match opened {
                    Some(Ok(w)) => {
                        if kind == FileKind::ArmyList {
                            push_recent(&mut self.army_lists, path);
                        }
                        self.pickup = Some(w);
                        self.open_error = None;
                        if kind != FileKind::DeploymentLog {
                            self.status = Some((
                                true,
                                format!(
                                    "Opened the {} {shown} for the first side of a new pick-up battle",
                                    kind.noun()
                                ),
                            ));
                        }
                        true
                    }
                    Some(Err(e)) => self.open_failed(path.to_path_buf(), e),
                    None => self.open_failed(
                        path.to_path_buf(),
                        format!("{shown}: no rule set reads this {}", kind.noun()),
                    ),
                }
            }
        }
    }

    fn set_doc(&mut self, doc: OpenDoc) {
        // The document replaced was saved or its changes let go: its
        // autosave must not be offered after a later crash.
        self.clear_recovery();
        self.tools.adapt_to(&doc);
        self.tools.selected = None;
        self.doc = Some(doc);
        self.generation += 1;
        self.view.fitted = false;
        self.revalidate();
    }

    fn remember(&mut self, path: &Path) {
        push_recent(&mut self.recent, path);
    }

    /// Re-runs `validate` if the document changed since the last run.
    fn revalidate(&mut self) {
        let Some(doc) = &self.doc else {
            self.issues.clear();
            return;
        };
        let key = (self.generation, doc.history.state());
        // On a big map (validation over a few milliseconds) the list waits
        // for the end of a brush drag or of typing, so painting stays
        // smooth; on a small one it follows every change.
        let slow = self.validate_cost > std::time::Duration::from_millis(4);
        if key != self.validated && !(slow && doc.history.in_stroke()) {
            let t0 = std::time::Instant::now();
            self.issues = scenario::validate(&doc.scenario, &doc.map);
            self.validate_cost = t0.elapsed();
            self.validated = key;
        }
    }

    pub fn is_modified(&self) -> bool {
        self.doc.as_ref().is_some_and(|d| d.is_modified())
    }

    pub fn title(&self) -> String {
        match &self.doc {
            Some(d) => format!(
                "Vedette — {}{}",
                d.display_name(),
                if d.is_modified() { " *" } else { "" }
            ),
            None => "Vedette".into(),
        }
    }

    /// New, Open or Close: asks "Save changes?" first when the document is
    /// modified.
    pub fn request(&mut self, action: Pending, ctx: &egui::Context) {
        // New and Open make a tab of their own: nothing is replaced.
        let replaces = matches!(action, Pending::CloseTab | Pending::Close);
        if action == Pending::Close
            && !self.is_modified()
            && let Some(i) = self.other_modified_tab()
        {
            self.switch_tab(i);
        }
        if replaces && self.is_modified() {
            self.prompt = Some(action);
        } else {
            self.perform(action, ctx);
        }
    }

    fn perform(&mut self, action: Pending, ctx: &egui::Context) {
        match action {
            Pending::New => self.new_dialog = Some(NewMap::default()),
            Pending::NewPickup => self.pickup = new_wizard(&self.army_lists),
            Pending::Open(Some(p)) => {
                self.open_in_tab(p);
            }
            Pending::Open(None) => self.ask_path(FileAction::Open),
            Pending::CloseTab => self.close_tab_now(),
            Pending::Close => {
                self.clear_recovery();
                if self.other_modified_tab().is_some() {
                    // This tab is saved or let go; ask about the next.
                    self.close_tab_now();
                    if !self.is_modified()
                        && let Some(i) = self.other_modified_tab()
                    {
                        self.switch_tab(i);
                    }
                    self.prompt = Some(Pending::Close);
                } else {
                    self.allow_close = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
    }

    /// Saves to the document's file (Save As when it has none). Returns
    /// whether it was written.
    pub fn save(&mut self) -> bool {
        let Some(doc) = &mut self.doc else {
            return false;
        };
        let Some(path) = doc.path.clone() else {
            self.ask_path(FileAction::SaveAs { then: None });
            return false;
        };
        if let Some(map) = doc.map_write_needs_consent(&path) {
            self.map_consent = Some((map, path, false));
            return false;
        }
        let newer = doc.newer_on_disk(&path);
        if !newer.is_empty() {
            self.disk_prompt = Some(DiskPrompt::SaveOver {
                files: newer,
                to: path,
                as_new: false,
            });
            return false;
        }
        let r = doc.save();
        self.after_save(r)
    }

    /// Saves under a new name.
    pub fn save_as(&mut self, path: &Path) -> bool {
        let Some(doc) = &mut self.doc else {
            return false;
        };
        if let Some(map) = doc.map_write_needs_consent(path) {
            self.map_consent = Some((map, path.to_path_buf(), true));
            return false;
        }
        let newer = doc.newer_on_disk(path);
        if !newer.is_empty() {
            self.disk_prompt = Some(DiskPrompt::SaveOver {
                files: newer,
                to: path.to_path_buf(),
                as_new: true,
            });
            return false;
        }
        let r = doc.save_as(path);
        self.after_save(r)
    }

    /// "Write the map there?": asked before a save would write an edited
    /// map to a file outside the scenario's folder (issue 35 item 37).
    fn map_consent_ui(&mut self, ctx: &egui::Context) {
        let Some((map, to, as_new)) = self.map_consent.clone() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("map consent")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading("Write the map outside the scenario's folder?");
            ui.label(format!(
                "This scenario's map is the file {}, outside the scenario's folder and the maps folder beside it. The map was edited, so saving would write that file.",
                map.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Write the map there").clicked() {
                    answer = Some(1);
                }
                if ui.button("Keep the map in the scenario file").clicked() {
                    answer = Some(2);
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    answer = Some(0);
                }
            });
        });
        let Some(a) = answer else { return };
        self.map_consent = None;
        let Some(doc) = &mut self.doc else { return };
        match a {
            1 => doc.map_write_consent = Some(map),
            2 => doc.keep_map_inline(),
            _ => {
                self.status = Some((false, "Not saved".into()));
                return;
            }
        }
        if as_new {
            self.save_as(&to);
        } else {
            self.save();
        }
    }

    /// Looks at the open document's files, at most every
    /// [`DISK_CHECK_SECS`], and asks about a change made elsewhere.
    fn poll_disk(&mut self, now: f64) {
        if now - self.last_disk_check < DISK_CHECK_SECS {
            return;
        }
        self.last_disk_check = now;
        self.check_disk();
    }

    /// Asks about the document's files if they changed on disk (and no
    /// question about them is open already).
    pub fn check_disk(&mut self) {
        if self.disk_prompt.is_some() {
            return;
        }
        let Some(doc) = &mut self.doc else { return };
        let changed = doc.changed_on_disk();
        if !changed.is_empty() {
            self.disk_prompt = Some(DiskPrompt::Changed(changed));
        }
    }

    /// Reloads the document from disk as one undoable step.
    fn reload_from_disk(&mut self) {
        let Some(doc) = &mut self.doc else { return };
        match doc.reload() {
            Ok(()) => {
                self.generation += 1;
                self.revalidate();
                self.status = Some((
                    true,
                    "Reloaded from disk; Undo (Ctrl+Z) brings back the version you had open".into(),
                ));
            }
            Err(e) => self.status = Some((false, format!("Not reloaded: {e}"))),
        }
    }

    /// "Changed on disk": reload, keep this version, or (before a save)
    /// write over it.
    fn disk_prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(prompt) = self.disk_prompt.clone() else {
            return;
        };
        let names = |files: &[PathBuf]| {
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let modified = self.doc.as_ref().is_some_and(|d| d.is_modified());
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("changed on disk")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            match &prompt {
                DiskPrompt::Changed(files) => {
                    ui.heading("Changed on disk");
                    ui.label(format!(
                        "{} changed outside Vedette (another program, or git pull).",
                        names(files)
                    ));
                    ui.label(if modified {
                        "Reload it to see the new version: your unsaved changes stay one Undo away. Or keep your version: the next save writes over the new one."
                    } else {
                        "Reload it to see the new version (Undo brings back the one you had open), or keep the one you have."
                    });
                    ui.horizontal(|ui| {
                        if ui.button("Reload").clicked() {
                            answer = Some("reload");
                        }
                        if ui.button("Keep my version").clicked()
                            || ui.input(|i| i.key_pressed(egui::Key::Escape))
                        {
                            answer = Some("keep");
                        }
                    });
                }
                DiskPrompt::SaveOver { files, .. } => {
                    ui.heading("Newer on disk");
                    ui.label(format!(
                        "{} changed on disk since you opened it: saving would replace that version with yours.",
                        names(files)
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Save over it").clicked() {
                            answer = Some("over");
                        }
                        if ui.button("Reload it instead").clicked() {
                            answer = Some("reload");
                        }
                        if ui.button("Cancel").clicked()
                            || ui.input(|i| i.key_pressed(egui::Key::Escape))
                        {
                            answer = Some("cancel");
                        }
                    });
                }
            }
        });
        let Some(a) = answer else { return };
        self.disk_prompt = None;
        match a {
            "reload" => self.reload_from_disk(),
            "keep" => {
                if let Some(doc) = &mut self.doc {
                    doc.keep_mine();
                }
                self.status = Some((
                    true,
                    "Kept your version; saving will write over the one on disk".into(),
                ));
            }
            "over" => {
                if let Some(doc) = &mut self.doc {
                    doc.keep_mine();
                }
                if let DiskPrompt::SaveOver { to, as_new, .. } = prompt {
                    if as_new {
                        self.save_as(&to);
                    } else {
                        self.save();
                    }
                }
            }
            _ => self.status = Some((false, "Not saved".into())),
        }
    }

    fn after_save(&mut self, r: Result<PathBuf, String>) -> bool {
        match r {
            Ok(p) => {
                self.status = Some((true, format!("Saved {}", p.display())));
                self.remember(&p);
                self.clear_recovery();
                true
            }
            Err(e) => {
                self.status = Some((false, format!("Not saved: {e}")));
                false
            }
        }
    }

    /// Asks for a path: the native dialog on a thread (a dialog inside
    /// `ui()` would freeze the window), whose answer arrives in a later
    /// frame, or the typed-path window when this desktop has no dialog.
    fn ask_path(&mut self, purpose: FileAction) {
        self.ask_path_at(purpose, None);
    }

    /// [`VedetteApp::ask_path`] proposing `proposed` (a path already in a
    /// field) instead of the action's own folder and name.
    fn ask_path_at(&mut self, purpose: FileAction, proposed: Option<PathBuf>) {
        let current = self.doc.as_ref().and_then(|d| d.path.clone());
        if let Dialogs::Unavailable(why) = &self.dialogs {
            self.path_prompt = Some(match proposed {
                Some(p) => PathPrompt::at(purpose, p.display().to_string(), Some(why.clone())),
                None => PathPrompt::new(purpose, current.as_deref(), Some(why.clone())),
            });
            return;
        }
        let (tx, rx) = channel();
        let (dir, name) = match proposed.as_ref().and_then(|p| {
            let dir = p.parent().filter(|d| d.is_dir())?;
            Some((dir.to_path_buf(), p.file_name()))
        }) {
            Some((dir, name)) => (dir, name.map(|n| n.to_string_lossy().into_owned())),
            None => (
                file_prompt::start_dir(&purpose, current.as_deref()),
                file_prompt::suggested_name(&purpose, current.as_deref()),
            ),
        };
        let p = purpose.clone();
        std::thread::spawn(move || {
            let t0 = std::time::Instant::now();
            let mut d = rfd::FileDialog::new()
                .add_filter(p.filter(), p.extensions())
                .set_directory(&dir);
            if let Some(name) = name {
                d = d.set_file_name(name);
            }
            let answer = if p.reads() {
                d.pick_file()
            } else {
                d.save_file()
            };
            // None: cancelled, or no dialog on this desktop (told apart by
            // the time it took).
            let _ = tx.send((answer, t0.elapsed()));
        });
        self.dialog = Some((purpose, rx));
    }

    fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some((purpose, rx)) = &self.dialog else {
            return;
        };
        let Ok((answer, took)) = rx.try_recv() else {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
            return;
        };
        let purpose = purpose.clone();
        self.dialog = None;
        match answer {
            Some(path) => self.path_chosen(purpose, path, ctx),
            None if took < file_prompt::NO_DIALOG_WITHIN => {
                let why = "the file dialog did not appear (no file-dialog service on this desktop)"
                    .to_string();
                self.dialogs = Dialogs::Unavailable(why.clone());
                let current = self.doc.as_ref().and_then(|d| d.path.clone());
                self.path_prompt = Some(match &purpose {
                    FileAction::ExportTo(_) => {
                        PathPrompt::at(purpose, self.export.path.clone(), Some(why))
                    }
                    _ => PathPrompt::new(purpose, current.as_deref(), Some(why)),
                });
            }
            None => {}
        }
    }

    /// The typed-path window, when open.
    fn path_prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(mut prompt) = self.path_prompt.take() else {
            return;
        };
        match prompt.ui(ctx) {
            PromptAnswer::Waiting => self.path_prompt = Some(prompt),
            PromptAnswer::Cancelled => {}
            PromptAnswer::Path(p) => self.path_chosen(prompt.action, p, ctx),
        }
    }

    /// Does what the path was asked for.
    fn path_chosen(&mut self, purpose: FileAction, path: PathBuf, ctx: &egui::Context) {
        match purpose {
            FileAction::Open => {
                self.open_in_tab(path);
            }
            FileAction::SaveAs { then } => {
                if self.save_as(&file_prompt::with_ron(path))
                    && let Some(next) = then
                {
                    self.perform(next, ctx);
                }
            }
            FileAction::ExportMap => self.export_map(&file_prompt::with_ron(path)),
            FileAction::SaveGame { then_leave } => {
                self.save_game(&file_prompt::with_ron(path));
                // Leaves only once the game is saved: a failed save keeps
                // the table with its message.
                if then_leave && self.playtest.as_ref().is_some_and(|p| !p.unsaved()) {
                    self.leave_playtest();
                }
            }
            FileAction::LoadGame => self.load_game(&path),
            FileAction::SaveStudy => {
                let p = file_prompt::with_extension(path, "csv");
                self.balance.sensitivity.export(&p);
            }
            FileAction::ExportTo(kind) => {
                let ext = FileAction::ExportTo(kind).extensions()[0];
                self.export.path = file_prompt::with_extension(path, ext).display().to_string();
            }
            FileAction::OpenArmyList(_)
            | FileAction::SaveArmyList(_)
            | FileAction::OpenOrder(_)
            | FileAction::SaveOrder(_) => {
                let Some(w) = &mut self.pickup else {
                    return;
                };
                // A list read or written is offered again next time.
                if let Some(p) = w.file_chosen(purpose, &path) {
                    push_recent(&mut self.army_lists, &p);
                }
            }
        }
    }

    /// File -> Export map: writes the map alone, for other scenarios to use.
    pub fn export_map(&mut self, path: &Path) {
        let Some(doc) = &mut self.doc else {
            return;
        };
        self.status = Some(match doc.export_map(path) {
            Ok(()) => (true, format!("Map written to {}", path.display())),
            Err(e) => (false, e),
        });
    }

    pub fn undo(&mut self) {
        if let Some(doc) = &mut self.doc {
            let grid = doc.map.grid();
            match doc.undo() {
                Ok(Some(l)) => {
                    self.status = Some((
                        true,
                        format!("Undid {}", crate::scenario::grid_words(grid, &l)),
                    ))
                }
                Ok(None) => {}
                Err(e) => self.status = Some((false, format!("Cannot undo: {e}"))),
            }
        }
    }

    pub fn redo(&mut self) {
        if let Some(doc) = &mut self.doc {
            let grid = doc.map.grid();
            match doc.redo() {
                Ok(Some(l)) => {
                    self.status = Some((
                        true,
                        format!("Redid {}", crate::scenario::grid_words(grid, &l)),
                    ))
                }
                Ok(None) => {}
                Err(e) => self.status = Some((false, format!("Cannot redo: {e}"))),
            }
        }
    }

    fn apply(&mut self, e: edit::Edit) {
        if let Some(doc) = &mut self.doc
            && let Err(err) = doc.apply(e)
        {
            self.status = Some((false, err.to_string()));
        }
    }

    /// Writes the recovery file if the document changed since the last one.
    fn autosave(&mut self, now: f64) {
        if now - self.last_autosave < AUTOSAVE_SECS {
            return;
        }
        self.last_autosave = now;
        self.autosave_now();
    }

    /// Writes this window's recovery file now: the document if it has
    /// unsaved changes; none at all if it has not (saved, or undone back
    /// to the file), so a crash never offers something stale.
    pub fn autosave_now(&mut self) {
        let (Some(dir), Some(doc)) = (&self.recovery_dir, &self.doc) else {
            return;
        };
        if !doc.is_modified() {
            self.clear_recovery();
            return;
        }
        let text = scenario::to_ron(&Recovery::of(doc));
        let path = OpenDoc::recovery_path(dir, self.recovery_owner);
        if let Err(e) = std::fs::create_dir_all(dir)
            .and_then(|_| crate::files::write_atomic(&path, text.as_bytes()))
        {
            self.status = Some((false, format!("Autosave failed: {e}")));
        }
    }

    /// Removes this window's recovery file (the document was saved,
    /// discarded or replaced).
    fn clear_recovery(&mut self) {
        if let Some(dir) = &self.recovery_dir {
            let _ = std::fs::remove_file(OpenDoc::recovery_path(dir, self.recovery_owner));
        }
    }

    /// Looks for an autosave left by a window that did not end cleanly
    /// (the newest first; the others are offered after it is answered).
    /// An unreadable one is removed.
    pub fn check_recovery(&mut self) {
        let Some(dir) = &self.recovery_dir else {
            return;
        };
        for path in OpenDoc::abandoned_recoveries(dir, self.recovery_owner) {
            let parsed = crate::files::read_text(&path)
                .ok()
                .and_then(|text| scenario::from_ron::<Recovery>(&text, "recovery").ok());
            match parsed {
                Some(r) => {
                    self.recovery_offer = Some((r, path));
                    return;
                }
                None => {
                    let _ = std::fs::remove_file(&path);
                }
            }
        }
    }

    /// Centres the view on a hex (in the next map frame, when the map's
    /// rectangle is known).
    /// The playtest table as its own type, if one of that type is open.
    pub fn table<T: playtest::AnyTable>(&self) -> Option<&T> {
        self.playtest.as_deref()?.get::<T>()
    }

    pub fn table_mut<T: playtest::AnyTable>(&mut self) -> Option<&mut T> {
        self.playtest.as_deref_mut()?.get_mut::<T>()
    }

    /// F5: opens the playtest start dialog for the scenario being edited
    /// (saved or not).
    pub fn open_playtest_dialog(&mut self) {
        if let Some(doc) = &self.doc {
            self.start_dialog = Some(playtest::StartDialog::new(&doc.scenario));
        }
    }

    /// Starts a playtest of the scenario being edited; the editor's
    /// document is copied, never changed. On refusal (a scenario the
    /// engine cannot play) the reason stays in the start dialog.
    pub fn start_playtest(&mut self, choice: playtest::StartChoice) -> Result<(), String> {
        let Some(doc) = &self.doc else {
            return Err("no scenario is open".into());
        };
        let p = playtest::start(&doc.scenario, &doc.map, choice, doc.path.clone())?;
        self.playtest = Some(p);
        self.start_dialog = None;
        // The side panel and log take room: fit the map to what is left.
        self.view.fitted = false;
        Ok(())
    }

    /// Saves the game in progress as a replay log.
    pub fn save_game(&mut self, path: &Path) {
        if let Some(p) = &mut self.playtest
            && let Err(e) = p.save(path)
        {
            p.set_message(false, e);
        }
    }

    /// Loads a saved game log of the scenario being edited and shows it at
    /// its last position. Seats: those of the game in progress, else both
    /// human.
    pub fn load_game(&mut self, path: &Path) {
        let Some(doc) = &self.doc else {
            return;
        };
        let seats = self
            .playtest
            .as_ref()
            .map_or([crate::play::Seat::Human; 2], |p| p.seats());
        match playtest::load(&doc.scenario, &doc.map, path, seats, doc.path.clone()) {
            Ok(p) => {
                self.playtest = Some(p);
                self.view.fitted = false;
            }
            Err(e) => match &mut self.playtest {
                Some(p) => p.set_message(false, e),
                None => self.status = Some((false, e)),
            },
        }
    }

    /// Back to the editor, which is as it was.
    pub fn leave_playtest(&mut self) {
        self.playtest = None;
        self.view.fitted = false;
        self.status = Some((true, "Back to the editor; the scenario is unchanged".into()));
    }

    /// The pick-up wizard fills the window; its end opens the battle in
    /// the editor as a new, unsaved scenario with its deployment log.
    fn pickup_frame(&mut self, ui: &mut egui::Ui) {
        let Some(w) = &mut self.pickup else {
            return;
        };
        let (title, rules) = w.title();
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                ui.label(
                    RichText::new(title)
                        .strong()
                        .color(Color32::from_rgb(40, 90, 150)),
                );
                ui.label(RichText::new(rules).weak());
            });
        });
        let action = w.ui(ui, &mut self.view);
        if let Some(f) = w.take_file_request() {
            self.ask_path(f);
        }
        self.path_prompt_ui(&ui.ctx().clone());
        match action {
            plugin::WizardAction::None => {}
            plugin::WizardAction::Cancel => {
                self.pickup = None;
                self.view.fitted = false;
            }
            plugin::WizardAction::Finish(scenario, log) => {
                self.pickup = None;
                self.tab_for_new_document();
                self.set_doc(OpenDoc::from_pickup(*scenario, log));
                self.open_error = None;
                self.status = Some((
                    true,
                    "The pick-up battle is set: save it to keep it (its deployment log is saved beside it)".into(),
                ));
            }
        }
    }

    fn playtest_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let blocked = self.start_dialog.is_some()
            || self.dialog.is_some()
            || self.path_prompt.is_some()
            || self.palette.is_some();
        if !blocked && self.playtest.as_ref().is_some_and(|p| p.takes_keys()) {
            self.keyboard(&ctx);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                ui.label(
                    RichText::new("Playtest")
                        .strong()
                        .color(Color32::from_rgb(40, 120, 60)),
                );
                if let (Some(p), Some(doc)) = (&self.playtest, &self.doc) {
                    ui.label(&doc.scenario.title);
                    ui.label(
                        RichText::new(format!(
                            "{}, seed {}, {} vs {}",
                            doc.scenario.rules.name(),
                            p.seed(),
                            p.seats()[0].name(),
                            p.seats()[1].name()
                        ))
                        .weak(),
                    );
                }
                ui.separator();
                let numbers = self.numbers_label();
                ui.checkbox(&mut self.draw.hex_numbers, numbers);
                self.command_button(ui, commands::UiCommand::FitMap, "Fit");
            });
        });
        let Some(p) = &mut self.playtest else {
            return;
        };
        let action = if blocked {
            // A modal is open: draw, but take no keys.
            ui.add_enabled_ui(false, |ui| p.ui(ui, &mut self.view, self.draw))
                .inner
        } else {
            p.ui(ui, &mut self.view, self.draw)
        };
        self.playtest_action(action);
    }

    fn start_dialog_ui(&mut self, ctx: &egui::Context) {
        let (Some(mut d), Some(doc)) = (self.start_dialog.take(), self.doc.as_ref()) else {
            return;
        };
        let (setup, keep) = d.ui(ctx, &doc.scenario);
        if let Some(setup) = setup {
            if let Err(e) = self.start_playtest(setup) {
                d.error = Some(e);
                self.start_dialog = Some(d);
            }
        } else if keep {
            self.start_dialog = Some(d);
        }
    }

    pub fn centre_on(&mut self, hex: Hex) {
        self.centre_request = Some(hex);
    }

    fn status_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let Some(doc) = &self.doc else {
                ui.label("No scenario");
                return;
            };
            let grid = doc.map.grid();
            match self.hovered {
                Some(h) if doc.map.in_bounds(h) => {
                    let terrain = doc
                        .map
                        .terrain_at(h)
                        .map(|t| t.name.as_str())
                        .unwrap_or("off the map");
                    let mut text = format!("{h}  {terrain}");
                    if let Some(place) = doc.map.place_at(h) {
                        text.push_str(&format!("  ({})", place.name));
                    }
                    if let Some(u) = edit::units_at(doc, h).last() {
                        text.push_str(&format!(
                            "  |  {} {} {} [{}]",
                            u.designation,
                            doc.scenario.rules.unit_kind_name(u),
                            doc.scenario.rules.counter_label(u),
                            u.id
                        ));
                    }
                    ui.monospace(text);
                }
                _ => {
                    ui.monospace("—");
                }
            }
            if let Some((ok, msg)) = &self.status {
                ui.separator();
                let c = if *ok {
                    ui.visuals().weak_text_color()
                } else {
                    Color32::from_rgb(200, 60, 40)
                };
                ui.label(RichText::new(msg).color(c));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(format!("zoom {:.0}%", self.view.zoom * 100.0));
                ui.separator();
                let tool = match self.tools.tool {
                    Tool::Brush => format!(
                        "{} ({})",
                        Tool::Brush.name(),
                        tools::brush_label(grid, self.tools.brush_radius)
                    ),
                    t => t.name().to_string(),
                };
                ui.label(tool);
                ui.separator();
                let errors = self
                    .issues
                    .iter()
                    .filter(|i| i.severity == Severity::Error)
                    .count();
                let warnings = self.issues.len() - errors;
                let text = format!("{errors} errors, {warnings} warnings");
                let col = if errors > 0 {
                    Color32::from_rgb(200, 40, 40)
                } else {
                    ui.visuals().text_color()
                };
                if ui
                    .add(egui::Label::new(RichText::new(text).color(col)).sense(Sense::click()))
                    .on_hover_text("Show or hide the problems")
                    .clicked()
                {
                    self.show_problems = !self.show_problems;
                }
            });
        });
    }

    /// The live validation list; clicking an issue selects its unit or
    /// centres its hex.
    fn problems_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.strong("Problems");
            ui.label(RichText::new("(updated as you edit; click one to go to it)").weak());
        });
        let mut go: Option<Location> = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if self.issues.is_empty() {
                    ui.label("No problems found.");
                }
                for i in &self.issues {
                    let (icon, col) = match i.severity {
                        Severity::Error => ("error", Color32::from_rgb(200, 40, 40)),
                        Severity::Warning => ("warning", Color32::from_rgb(190, 130, 20)),
                    };
                    let text =
                        RichText::new(format!("{icon}  {}: {}", i.location, i.message)).color(col);
                    if ui
                        .add(egui::Label::new(text).sense(Sense::click()))
                        .clicked()
                    {
                        go = Some(i.location.clone());
                    }
                }
            });
        match go {
            Some(Location::Unit(id)) => {
                let hex = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.scenario.unit(&id))
                    .and_then(|u| u.start_hex());
                self.tools.selected = Some(id);
                if let Some(h) = hex {
                    self.centre_on(h);
                }
            }
            Some(Location::Hex(h)) => self.centre_on(h),
            Some(Location::Hexside(s)) => self.centre_on(s.hex),
            _ => {}
        }
    }

    /// The window with no scenario (none given, or the one named could not
    /// be opened): what went wrong, where, and every way on (issue 35
    /// item 25).
    fn start_page_ui(&mut self, ui: &mut egui::Ui) {
        let mut action = None;
        let mut retry = false;
        let fill = ui.visuals().panel_fill;
        ui.painter().rect_filled(ui.max_rect(), 0.0, fill);
        egui::Frame::central_panel(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(24.0);
                ui.vertical_centered(|ui| {
                    ui.set_max_width(760.0);
                    let failed = self.failed_path.as_ref().filter(|_| self.open_error.is_some());
                    match failed {
                        Some(p) => ui.heading(format!(
                            "Could not open {}",
                            p.file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_else(|| p.display().to_string())
                        )),
                        None => ui.heading("No scenario open"),
                    };
                    ui.add_space(8.0);
                    if let Some(e) = &self.open_error {
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            ui.strong("Problems");
                            ui.label(
                                RichText::new(e)
                                    .monospace()
                                    .color(Color32::from_rgb(220, 70, 60)),
                            );
                            ui.label(
                                RichText::new(
                                    "Nothing was changed. Fix the file at the line and column given (in any text editor) and press Try again, or open another.",
                                )
                                .weak(),
                            );
                        });
                        ui.add_space(8.0);
                    }
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .button("Open a scenario…")
                            .on_hover_text("Ctrl+O")
                            .clicked()
                        {
                            action = Some(Pending::Open(None));
                        }
                        if self.failed_path.is_some()
                            && self.open_error.is_some()
                            && ui.button("Try again").clicked()
                        {
                            retry = true;
                        }
                        if ui.button("New scenario…").on_hover_text("Ctrl+N").clicked() {
                            action = Some(Pending::New);
                        }
                        // Labels of their own: the File menu's items keep
                        // theirs.
                        if ui.button("Start a pick-up battle…").clicked() {
                            action = Some(Pending::NewPickup);
                        }
                        let waterloo = default_scenario_path();
                        if waterloo.exists()
                            && self.failed_path.as_ref() != Some(&waterloo)
                            && ui.button("Open Napoleon at Waterloo").clicked()
                        {
                            action = Some(Pending::Open(Some(waterloo)));
                        }
                    });
                    if !self.recent.is_empty() {
                        ui.add_space(12.0);
                        ui.strong("Recent files");
                        for p in self.recent.clone() {
                            if ui.link(p.display().to_string()).clicked() {
                                action = Some(Pending::Open(Some(p)));
                            }
                        }
                    }
                });
            });
        });
        if retry && let Some(p) = self.failed_path.clone() {
            self.load(p);
        }
        if let Some(a) = action {
            let ctx = ui.ctx().clone();
            self.request(a, &ctx);
        }
    }

    fn map_ui(&mut self, ui: &mut egui::Ui) {
        let Some(doc) = &self.doc else {
            self.start_page_ui(ui);
            return;
        };
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        // When a panel changes width, opens or closes, the map stays still
        // on the screen (it used to recentre, so a drag aimed at one hex
        // landed on another).
        if let Some(old) = self.map_rect
            && old != rect
            && self.view.fitted
        {
            match self.just_centred {
                // A hex centred a moment ago (a problem clicked) stays
                // centred when the panels settle around the selection.
                Some((hex, _)) => self.view.centre_on(&doc.map, rect, hex),
                None => self.view.follow_rect(old, rect),
            }
        }
        self.map_rect = Some(rect);
        if !self.view.fitted {
            self.view.fit(&doc.map, rect);
        }
        if let Some(hex) = self.centre_request.take() {
            self.view.centre_on(&doc.map, rect, hex);
            self.just_centred = Some((hex, 3));
        } else if let Some((hex, frames)) = self.just_centred {
            self.just_centred = (frames > 1).then_some((hex, frames - 1));
        }
        let typing = ui.ctx().text_edit_focused();
        let space = !typing && ui.input(|i| i.key_down(Key::Space));
        let layout = self.view.layout(&doc.map, rect);
        let hex_of = |pos: egui::Pos2| layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        self.hovered = response.hover_pos().map(hex_of);

        // Which gesture a primary drag is: tools that edit with the left
        // button keep it; otherwise it pans (so does space+left, middle
        // and right).
        let press = ui.input(|i| i.pointer.press_origin());
        let shift = ui.input(|i| i.modifiers.shift);
        // Shift+drag with the Select tool marks a region to copy.
        if response.drag_started_by(PointerButton::Primary)
            && !space
            && shift
            && self.tools.tool == Tool::Select
            && let Some(h) = press.map(hex_of)
        {
            self.tools.region = Some((h, h));
            self.marking_region = true;
        } else if response.drag_started_by(PointerButton::Primary)
            && !space
            && let Some(h) = press.map(hex_of)
            && matches!(self.tools.tool, Tool::Select | Tool::Unit)
        {
            self.drag_unit = edit::units_at(doc, h).last().map(|u| u.id.clone());
            if let Some(id) = &self.drag_unit {
                self.tools.selected = Some(id.clone());
            }
        }
        if self.marking_region {
            if let (Some((a, _)), Some(pos)) = (self.tools.region, response.interact_pointer_pos())
            {
                self.tools.region = Some((a, hex_of(pos)));
            }
            if !ui.input(|i| i.pointer.primary_down()) {
                self.marking_region = false;
                let n = self
                    .tools
                    .region_hexes()
                    .into_iter()
                    .filter(|&h| doc.map.is_on_map(h))
                    .count();
                self.status = Some((
                    true,
                    format!(
                        "{} marked: Ctrl+C copies it (with the units in it), Escape lets it go",
                        crate::words::counted(n, "hex", "hexes")
                    ),
                ));
            }
        }
        let paints = matches!(self.tools.tool, Tool::Brush) && !space;
        let primary_pans = !paints && self.drag_unit.is_none() && !self.marking_region;
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (response.dragged_by(PointerButton::Primary) && (primary_pans || space))
        {
            self.view.pan += response.drag_delta();
        }
        if let Some(pos) = response.hover_pos() {
            let zoom = ui.input(|i| i.zoom_delta());
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            let factor = zoom * (scroll / 400.0).exp();
            if factor != 1.0 {
                self.view.zoom_at(rect, pos, factor);
            }
        }
        // Tool actions.
        let pointer = response.interact_pointer_pos().or(response.hover_pos());
        let mut edits: Vec<(edit::Edit, bool)> = Vec::new();
        let mut message = None;
        // The brush paints from the press on, every frame the button is
        // held on the map; the stroke is one undo step.
        let primary_down = ui.input(|i| i.pointer.primary_down());
        if paints
            && ((primary_down && response.is_pointer_button_down_on())
                || response.dragged_by(PointerButton::Primary)
                || response.clicked())
            && let Some(pos) = pointer
        {
            let h = hex_of(pos);
            let hexes = edit::brush(&doc.map, h, self.tools.brush_radius);
            let e = match self.tools.detail {
                Some(d) if doc.scenario.rules.support().hills => {
                    edit::paint_details(doc, &hexes, d)
                }
                _ => edit::paint(doc, &hexes, self.tools.terrain),
            };
            if let Some(e) = e {
                edits.push((e, true));
            }
        }
        if response.clicked()
            && !space
            && let Some(pos) = pointer
            && let Some(o) = self.placing.take()
        {
            // An officer placed from the Armies window.
            let h = hex_of(pos);
            if doc.map.in_bounds(h)
                && let Some(after) = o.placed(&doc.scenario, h)
                && let Some(e) = edit::set_scenario(doc, after)
            {
                edits.push((
                    edit::Edit::Group {
                        label: format!("place {} at {h}", o.name(&doc.scenario)),
                        edits: vec![e],
                    },
                    false,
                ));
                message = Some(format!("{} placed at {h}", o.name(&doc.scenario)));
            } else {
                message = Some(format!("{h}: nothing placed"));
            }
        } else if response.clicked()
            && !space
            && let Some(pos) = pointer
        {
            let h = hex_of(pos);
            match self.tools.tool {
                Tool::Select => {
                    self.tools.selected = edit::units_at(doc, h).last().map(|u| u.id.clone());
                    self.tools.region = None;
                }
                Tool::Fill => match edit::flood_fill(doc, h, self.tools.terrain) {
                    Some(e) => edits.push((e, false)),
                    None => message = Some(format!("{h} is already that terrain, or off the map")),
                },
                Tool::Hexside => {
                    let tol = layout.size * 0.35;
                    // Only a road crosses a box's corner (H33).
                    let corners = self.tools.feature == scenario::HexsideFeature::Road;
                    match layout.hexside_at(Point::new(pos.x as f64, pos.y as f64), tol, corners) {
                        Some(side) => {
                            if let Some(e) = edit::toggle_feature(doc, side, self.tools.feature) {
                                edits.push((e, false));
                            }
                        }
                        None => {
                            message = Some(
                                crate::scenario::grid_words(
                                    doc.map.grid(),
                                    "Click closer to a hexside",
                                )
                                .into_owned(),
                            )
                        }
                    }
                }
                Tool::PlaceName => {
                    if doc.map.in_bounds(h)
                        && let Some(e) = edit::set_place_name(doc, h, &self.tools.place_name)
                    {
                        edits.push((e, false));
                    }
                }
                Tool::Unit => {
                    if let Some(u) = edit::units_at(doc, h).last() {
                        self.tools.selected = Some(u.id.clone());
                    } else {
                        let u = self.tools.new_unit(doc, h);
                        let id = u.id.clone();
                        match edit::add_unit(doc, u) {
                            Ok(e) => {
                                self.tools.selected = Some(id);
                                edits.push((e, false));
                            }
                            Err(e) => message = Some(e.to_string()),
                        }
                    }
                }
                Tool::Reinforcement => {
                    match self
                        .tools
                        .selected
                        .as_ref()
                        .and_then(|id| doc.scenario.unit(id))
                    {
                        Some(u) if !matches!(u.placement, scenario::Placement::Start(_)) => {
                            let mut after = u.clone();
                            if let scenario::Placement::Reinforcement { entry, .. }
                            | scenario::Placement::Variant { entry } = &mut after.placement
                            {
                                if let Some(i) = entry.iter().position(|&x| x == h) {
                                    entry.remove(i);
                                } else {
                                    entry.push(h);
                                    entry.sort();
                                }
                            }
                            if let Some(e) = edit::update_unit(doc, &u.id.clone(), after) {
                                edits.push((e, false));
                            }
                        }
                        Some(_) => message = Some(
                            "That unit starts on the map: set its placement to Reinforcement first"
                                .into(),
                        ),
                        None => message = Some("Select a unit in the schedule first".into()),
                    }
                }
                Tool::Marker => {
                    if doc.map.in_bounds(h) {
                        let e = match self.tools.marker {
                            MarkerKind::Exit => {
                                edit::toggle_exit_hex(doc, &self.tools.marker_side, h)
                            }
                            MarkerKind::Victory => edit::toggle_victory_hex(
                                doc,
                                &self.tools.marker_side,
                                h,
                                self.tools.victory_points,
                            ),
                        };
                        edits.push((e, false));
                    }
                }
                Tool::Brush => {}
            }
        }
        // Dropping a dragged counter moves it.
        let mut dropped = None;
        if self.drag_unit.is_some()
            && response.drag_stopped()
            && let (Some(id), Some(pos)) = (self.drag_unit.take(), pointer)
        {
            dropped = Some((id, hex_of(pos)));
        }
        if let Some((id, h)) = dropped {
            match edit::move_unit(doc, &id, h) {
                Ok(Some(e)) => edits.push((e, false)),
                Ok(None) => {}
                Err(e) => message = Some(e.to_string()),
            }
        }
        if response.secondary_clicked() {
            // The context menu acts on the hex that was right-clicked.
            let h = pointer.map(hex_of);
            ui.memory_mut(|m| m.data.insert_temp(egui::Id::unique("context hex"), h));
        }

        // Draw.
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_rgb(58, 62, 66));
        let balance = &self.balance;
        map_view::draw_map_with(
            &painter,
            rect,
            &layout,
            &doc.map,
            Some(&doc.scenario),
            self.draw,
            &|painter| balance.draw_heat(painter, &layout),
        );
        self.draw_tool_overlay(&painter, &layout, pointer, response.hovered());
        // Hovering a hex says what the scenario marks there (exit, entry,
        // victory) and names the units of a stack (designations are
        // printed on the counters only at high zoom).
        if self.drag_unit.is_none()
            && let Some(h) = self.hovered
            && let Some(doc) = &self.doc
        {
            let units = edit::units_at(doc, h);
            let mut marks = scenario::marks::marks_at(&doc.scenario, h);
            if doc.scenario.rules.is_outskirts(&doc.map, h) {
                marks.push("Town outskirts: cavalry may not enter [3.8.1.1] (N92)".into());
            }
            if !units.is_empty() || !marks.is_empty() {
                let grid = doc.map.grid();
                let lines: Vec<String> = marks
                    .into_iter()
                    .map(|m| crate::scenario::grid_words(grid, &m).into_owned())
                    .chain(units.iter().map(|u| {
                        format!(
                            "{} — {} {} ({}, {})",
                            u.designation,
                            doc.scenario.rules.unit_kind_name(u),
                            doc.scenario.rules.counter_label(u),
                            doc.scenario
                                .side(&u.side)
                                .map_or(u.side.as_str(), |s| s.name.as_str()),
                            u.id
                        )
                    }))
                    .collect();
                response.clone().on_hover_ui_at_pointer(|ui| {
                    for l in &lines {
                        ui.label(l);
                    }
                });
            }
        }

        let ctx_hex: Option<Hex> = ui
            .memory(|m| m.data.get_temp(egui::Id::unique("context hex")))
            .flatten();
        let mut context_edits = Vec::new();
        response.context_menu(|ui| {
            if let Some(h) = ctx_hex {
                self.context_menu(ui, h, &mut context_edits);
            }
        });
        edits.extend(context_edits.into_iter().map(|e| (e, false)));

        if let Some(m) = message {
            self.tools.message = Some(m);
        } else if !edits.is_empty() {
            self.tools.message = None;
        }
        for (e, stroke) in edits {
            if let Some(doc) = &mut self.doc {
                let r = if stroke {
                    doc.apply_in_stroke(e)
                } else {
                    doc.apply(e)
                };
                if let Err(err) = r {
                    self.status = Some((false, err.to_string()));
                }
            }
        }
    }

    /// "Hex numbers", or "Box numbers" on a box map.
    fn numbers_label(&self) -> &'static str {
        match &self.doc {
            Some(d) if d.map.grid().is_boxes() => "Box numbers",
            _ => "Hex numbers",
        }
    }

    fn context_menu(&mut self, ui: &mut egui::Ui, h: Hex, edits: &mut Vec<edit::Edit>) {
        let Some(doc) = &self.doc else {
            return;
        };
        let grid = doc.map.grid();
        ui.label(RichText::new(crate::scenario::grid_words(grid, &format!("Hex {h}"))).strong());
        if let Some(u) = edit::units_at(doc, h).last() {
            if ui
                .button(format!("Inspect {} ({})", u.designation, u.id))
                .clicked()
            {
                self.tools.selected = Some(u.id.clone());
                ui.close();
            }
            if ui
                .button(format!("Delete {} ({})", u.designation, u.id))
                .clicked()
            {
                if let Some(e) = edit::remove_unit(doc, &u.id.clone()) {
                    edits.push(e);
                }
                ui.close();
            }
        } else if doc.map.is_on_map(h) && ui.button("Add a unit here (from the template)").clicked()
        {
            let u = self.tools.new_unit(doc, h);
            self.tools.selected = Some(u.id.clone());
            // Offered only on the map, so the edit is accepted.
            edits.extend(edit::add_unit(doc, u).ok());
            ui.close();
        }
        ui.separator();
        for s in &doc.scenario.sides {
            let is_exit = doc
                .scenario
                .victory
                .exits
                .iter()
                .any(|e| e.side == s.id && e.hexes.contains(&h));
            let label = if is_exit {
                format!("Unmark as {} exit {}", s.name, grid.cell_word())
            } else {
                format!("Mark as {} exit {}", s.name, grid.cell_word())
            };
            if ui.button(label).clicked() {
                edits.push(edit::toggle_exit_hex(doc, &s.id, h));
                ui.close();
            }
        }
        ui.separator();
        for t in &doc.map.terrain_kinds {
            if doc.map.code_at(h) != Some(t.code) && ui.button(format!("Make {}", t.name)).clicked()
            {
                if let Some(e) = edit::paint(doc, &[h], t.code) {
                    edits.push(e);
                }
                ui.close();
            }
        }
        if ui.button("Centre here").clicked() {
            self.centre_on(h);
            ui.close();
        }
    }

    /// What the active tool would touch, and the selection.
    fn draw_tool_overlay(
        &self,
        painter: &egui::Painter,
        layout: &crate::hex::Layout,
        pointer: Option<egui::Pos2>,
        hovered: bool,
    ) {
        let Some(doc) = &self.doc else {
            return;
        };
        let pt = |p: Point| egui::pos2(p.x as f32, p.y as f32);
        let outline = |h: Hex, stroke: Stroke| {
            let pts: Vec<egui::Pos2> = layout.corners(h).iter().map(|&c| pt(c)).collect();
            painter.add(egui::Shape::closed_line(pts, stroke));
        };
        let highlight = Stroke::new(2.5, Color32::from_rgb(255, 215, 0));
        // The region marked for Copy.
        let marked = Stroke::new(2.0, Color32::from_rgb(80, 200, 255));
        for h in self.tools.region_hexes() {
            if doc.map.is_on_map(h) {
                outline(h, marked);
            }
        }
        if let Some(id) = &self.tools.selected
            && let Some(u) = doc.scenario.unit(id)
        {
            match &u.placement {
                scenario::Placement::Start(h) => outline(*h, highlight),
                scenario::Placement::Reinforcement { entry, .. }
                | scenario::Placement::Variant { entry } => {
                    for &h in entry {
                        outline(h, highlight);
                    }
                }
            }
        }
        let (Some(pos), true) = (pointer, hovered || self.drag_unit.is_some()) else {
            return;
        };
        let h = layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        let preview = Stroke::new(1.5, Color32::WHITE);
        match self.tools.tool {
            Tool::Brush => {
                for x in edit::brush(&doc.map, h, self.tools.brush_radius) {
                    outline(x, preview);
                }
            }
            Tool::Hexside => {
                let corners = self.tools.feature == scenario::HexsideFeature::Road;
                let side = layout.hexside_at(
                    Point::new(pos.x as f64, pos.y as f64),
                    layout.size * 0.35,
                    corners,
                );
                // A side shows its segment; a box corner the diagonal the
                // road would take, centre to centre.
                let segment = side.and_then(|s| {
                    layout.hexside_segment(s).or_else(|| {
                        let (a, b) = doc.map.grid().hexside_hexes(s)?;
                        Some((layout.center(a), layout.center(b)))
                    })
                });
                if let Some((a, b)) = segment {
                    painter.line_segment(
                        [pt(a), pt(b)],
                        Stroke::new(4.0, Color32::from_rgb(255, 215, 0)),
                    );
                }
            }
            Tool::Select | Tool::Unit => {}
            _ => outline(h, preview),
        }
        if let Some(id) = &self.drag_unit
            && let Some(u) = doc.scenario.unit(id)
        {
            outline(h, preview);
            let side = (layout.size as f32 * 1.1).max(12.0);
            map_view::draw_counter(
                painter,
                pos,
                side,
                u,
                &doc.scenario.rules.counter_label(u),
                doc.scenario.rules.plugin().unit_mark(u),
                map_view::color(doc.scenario.unit_colour(u)).gamma_multiply(0.85),
            );
        }
    }

    fn delete_selected(&mut self) {
        let Some(doc) = &self.doc else {
            return;
        };
        if let Some(id) = self.tools.selected.clone()
            && let Some(e) = edit::remove_unit(doc, &id)
        {
            self.apply(e);
            self.tools.selected = None;
        }
    }

    fn prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(action) = self.prompt.clone() else {
            return;
        };
        let name = self
            .doc
            .as_ref()
            .map(|d| d.display_name())
            .unwrap_or_default();
        let what = match action {
            Pending::New | Pending::NewPickup => "starting a new scenario",
            Pending::Open(_) => "opening another file",
            Pending::CloseTab => "closing it",
            Pending::Close => "closing",
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Save changes?");
            ui.label(format!(
                "“{name}” has changes that are not saved. Save them before {what}?"
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(0);
                }
                if ui.button("Don't save").clicked() {
                    answer = Some(1);
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    answer = Some(2);
                }
            });
        });
        match answer {
            Some(0) => {
                self.prompt = None;
                let has_path = self.doc.as_ref().is_some_and(|d| d.path.is_some());
                if has_path {
                    if self.save() {
                        self.perform(action, ctx);
                    }
                } else {
                    self.ask_path(FileAction::SaveAs { then: Some(action) });
                }
            }
            Some(1) => {
                self.prompt = None;
                self.clear_recovery();
                self.perform(action, ctx);
            }
            Some(_) => self.prompt = None,
            None => {}
        }
    }

    /// Q and E: turns the selected unit one hexside anticlockwise (-1) or
    /// clockwise (1), for rules with facing; one undo step each.
    pub fn rotate_selected(&mut self, by: i32) {
        let Some(doc) = &self.doc else {
            return;
        };
        if !doc.scenario.rules.support().facing {
            return;
        }
        let Some(id) = self.tools.selected.clone() else {
            return;
        };
        let Some(mut u) = doc.scenario.unit(&id).cloned() else {
            return;
        };
        // The facings are the grid's sides: 6 on hexes, 4 on boxes (H2).
        let dirs = doc.map.grid().sides();
        let now = u
            .facing
            .and_then(|d| dirs.iter().position(|x| *x == d))
            .unwrap_or(0) as i32;
        u.facing = Some(dirs[(now + by).rem_euclid(dirs.len() as i32) as usize]);
        if let Some(e) = edit::update_unit(doc, &id, u) {
            self.apply(e);
        }
    }

    /// Opens the rule set's window beside the editor (the Armies window
    /// of rules with forces and Generals).
    pub fn open_armies(&mut self) {
        if let Some(d) = &self.doc {
            self.armies = plugin::window(&d.scenario.rules).side_window(&d.scenario);
        }
    }

    /// The rule set's window: each finished change is one undoable edit.
    fn armies_ui(&mut self, ctx: &egui::Context) {
        let (Some(w), Some(doc)) = (self.armies.as_mut(), self.doc.as_ref()) else {
            return;
        };
        let out = w.ui(ctx, &doc.scenario, &doc.map, self.tools.selected.as_ref());
        let e = out
            .edit
            .and_then(|(label, after)| Some((label, edit::set_scenario(doc, after)?)));
        let centre = out
            .select
            .as_ref()
            .and_then(|id| doc.scenario.unit(id))
            .and_then(|u| u.start_hex());
        if let Some((label, e)) = e {
            self.apply(edit::Edit::Group {
                label,
                edits: vec![e],
            });
        }
        if let Some(o) = out.place {
            self.start_placing(o);
        }
        if let Some(id) = out.select {
            if let Some(h) = centre {
                self.centre_on(h);
            }
            self.tools.selected = Some(id);
        }
        if out.closed {
            self.armies = None;
        }
    }

    /// The next map click places `o` (Esc cancels).
    fn start_placing(&mut self, o: Box<dyn crate::rules::plugin::PlaceOfficer>) {
        if let Some(doc) = &self.doc {
            let cell = if doc.map.grid().is_boxes() {
                "box"
            } else {
                "hex"
            };
            self.tools.message = Some(format!(
                "Click a {cell} to place {} (Esc cancels)",
                o.name(&doc.scenario)
            ));
            self.placing = Some(o);
        }
    }

    /// The settings windows: their drafts become one undoable edit each
    /// time OK or Apply is pressed.
    fn settings_ui(&mut self, ctx: &egui::Context) {
        if let Some(mut w) = self.scenario_settings.take()
            && let Some(doc) = &self.doc
        {
            w.follow(&doc.scenario);
            let (after, keep) = w.ui(ctx, &doc.map).resolve();
            if let Some(after) = after {
                let e = edit::set_scenario(doc, after);
                w.applied();
                if let Some(e) = e {
                    self.apply(e);
                }
            }
            if let Some(o) = w.rules_state.place.take() {
                self.start_placing(o);
            }
            if keep {
                self.scenario_settings = Some(w);
            }
        }
        if let Some(mut w) = self.map_settings.take()
            && let Some(doc) = &self.doc
        {
            w.follow(&doc.map);
            let (after, keep) = w.ui(ctx, &doc.scenario).resolve();
            if let Some(after) = after {
                let e = edit::set_map(doc, after);
                w.applied();
                if let Some(e) = e {
                    self.apply(e);
                }
            }
            if keep {
                self.map_settings = Some(w);
            }
        }
    }

    fn new_dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(mut settings) = self.new_dialog.take() else {
            return;
        };
        let mut open = true;
        let mut create = false;
        egui::Window::new("New scenario")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.strong("Rules");
                for rules in crate::scenario::RuleSet::every() {
                    let support = rules.support();
                    let chosen = settings.rules.name() == support.name;
                    if ui.radio(chosen, support.name).clicked() && !chosen {
                        // The grid the rules are played on.
                        if !support.hexes {
                            settings.orientation = crate::hex::Orientation::Boxes;
                        } else if !support.boxes
                            && settings.orientation == crate::hex::Orientation::Boxes
                        {
                            settings.orientation = crate::hex::Orientation::FlatTop;
                        }
                        settings.rules = rules;
                    }
                    ui.indent(support.name, |ui| {
                        ui.label(RichText::new(support.summary).weak());
                    });
                }
                ui.separator();
                egui::Grid::new("new map").num_columns(2).show(ui, |ui| {
                    settings::size_fields(ui, &mut settings.columns, &mut settings.rows);
                    ui.label("Grid");
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::FlatTop,
                            "hexes, flat top (columns)",
                        );
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::PointyTop,
                            "hexes, pointy top (rows)",
                        );
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::Boxes,
                            "square boxes",
                        )
                        .on_hover_text("A grid of squares: 8 neighbours each, units face a box side, roads and rivers lie on box sides");
                    });
                    ui.end_row();
                    if settings.orientation != crate::hex::Orientation::Boxes {
                        ui.label("Shifted half a hex");
                        ui.horizontal(|ui| {
                            ui.radio_value(&mut settings.stagger, crate::hex::Stagger::Even, "even");
                            ui.radio_value(&mut settings.stagger, crate::hex::Stagger::Odd, "odd");
                        });
                        ui.end_row();
                    }
                });
                let support = settings.rules.support();
                let boxes = settings.orientation == crate::hex::Orientation::Boxes;
                if boxes && !support.boxes || !boxes && !support.hexes {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!(
                            "The {} rules are played on {}: this map can be drawn, checked and printed, but not playtested with them.",
                            support.name,
                            if support.hexes { "hexes" } else { "square boxes" }
                        ),
                    );
                }
                ui.label(
                    RichText::new(format!(
                        "A clear map with the {} terrain{}, and two sides{}.",
                        settings.rules.name(),
                        if settings.rules.support().crt {
                            ", rules and CRT"
                        } else {
                            " and rules"
                        },
                        if settings.rules.support().forces {
                            ", each with an army and a General to place; build its forces next"
                        } else {
                            ""
                        }
                    ))
                    .weak(),
                );
                if ui.button("Create").clicked() {
                    create = true;
                }
            });
        if create {
            self.tab_for_new_document();
            self.set_doc(OpenDoc::new_blank(&settings));
            self.open_error = None;
        } else if open {
            self.new_dialog = Some(settings);
        }
    }

    fn recovery_ui(&mut self, ctx: &egui::Context) {
        let Some((r, file)) = self.recovery_offer.clone() else {
            return;
        };
        let name = r
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or("an untitled scenario".into());
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label(format!(
                "Vedette did not close cleanly last time. Unsaved changes to {name} were autosaved."
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.recovery_offer = None;
                match r.restore() {
                    Ok(doc) => {
                        // Over its file's tab if that is open, else in a
                        // tab of its own (several tabs may have died).
                        match doc.path.as_deref().and_then(|p| self.tab_of(p)) {
                            Some(i) => self.switch_tab(i),
                            None => self.tab_for_new_document(),
                        }
                        self.set_doc(doc);
                        self.open_error = None;
                        self.status = Some((
                            true,
                            format!(
                                "Recovered the unsaved changes to {name}: save them to keep them"
                            ),
                        ));
                        // Kept under this window's name until saved.
                        self.autosave_now();
                    }
                    Err(e) => self.status = Some((false, format!("Cannot recover: {e}"))),
                }
                let _ = std::fs::remove_file(&file);
                self.check_recovery();
            }
            Some(false) => {
                self.recovery_offer = None;
                let _ = std::fs::remove_file(&file);
                self.check_recovery();
            }
            None => {}
        }
    }
}

impl eframe::App for VedetteApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        VedetteApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, "recent", &self.recent);
        eframe::set_value(storage, "army_lists", &self.army_lists);
        eframe::set_value(storage, "hex_numbers", &self.draw.hex_numbers);
        eframe::set_value(storage, "show_problems", &self.show_problems);
        eframe::set_value(storage, "show_legend", &self.show_legend);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if !self.is_modified() {
            self.clear_recovery();
        }
    }
}

impl VedetteApp {
    /// The whole window's contents for one frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        icons::install(&ctx);
        // Closing the window with unsaved changes asks first.
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.any_modified()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            if !self.is_modified()
                && let Some(i) = self.other_modified_tab()
            {
                self.switch_tab(i);
            }
            self.prompt = Some(Pending::Close);
        }
        // Files dropped on the window open (after the unsaved prompt).
        let dropped: Option<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .find(|p| !p.as_os_str().is_empty())
        });
        if let Some(p) = dropped {
            self.request(Pending::Open(Some(p)), &ctx);
        }
        self.poll_dialog(&ctx);
        if self.pickup.is_some() {
            self.pickup_frame(ui);
            self.prompt_ui(&ctx);
            return;
        }
        if self.playtest.is_some() {
            self.playtest_frame(ui);
            self.start_dialog_ui(&ctx);
            self.path_prompt_ui(&ctx);
            self.palette_ui(&ctx);
            self.shortcut_sheet_ui(&ctx);
            // Closing the window still asks about unsaved scenario edits.
            self.prompt_ui(&ctx);
            return;
        }
        if self.prompt.is_none()
            && self.new_dialog.is_none()
            && self.start_dialog.is_none()
            && self.path_prompt.is_none()
            && self.map_consent.is_none()
            && self.disk_prompt.is_none()
            && self.palette.is_none()
        {
            self.keyboard(&ctx);
        }
        self.revalidate();
        // Only on change: every viewport command requests another frame.
        let title = self.title();
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                if let Some(doc) = &self.doc {
                    ui.label(doc.display_name());
                    ui.label(RichText::new(format!("rules: {}", doc.scenario.rules.name())).weak());
                    ui.separator();
                }
                let numbers = self.numbers_label();
                ui.checkbox(&mut self.draw.hex_numbers, numbers);
                ui.checkbox(&mut self.draw.counters, "Counters");
                self.command_button(ui, commands::UiCommand::FitMap, "Fit");
                ui.separator();
                self.command_button(ui, commands::UiCommand::Balance, "Balance");
                self.command_button(ui, commands::UiCommand::Playtest, "Playtest");
            });
        });
        if self.tabs.len() > 1 {
            egui::Panel::top("tabs").show(ui, |ui| self.tab_bar_ui(ui));
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        if self.show_problems && self.doc.is_some() {
            egui::Panel::bottom("problems")
                .resizable(true)
                .default_size(110.0)
                .min_size(60.0)
                .show(ui, |ui| self.problems_ui(ui));
        }
        if self.balance.open {
            let doc = self.doc.as_ref().map(|d| (&d.scenario, &d.map));
            egui::Panel::right("balance")
                .resizable(true)
                .default_size(380.0)
                .min_size(300.0)
                .show(ui, |ui| self.balance.ui(ui, doc));
        } else {
            self.balance.poll();
        }
        if let Some(doc) = &mut self.doc {
            let tools = &mut self.tools;
            let legend = self.show_legend;
            egui::Panel::left("tools")
                .resizable(true)
                .default_size(270.0)
                .min_size(220.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        tools.panel_ui(ui, doc);
                        // The legend sits under the tools, never over the
                        // map.
                        if legend {
                            ui.separator();
                            egui::CollapsingHeader::new("Map legend")
                                .default_open(true)
                                .show(ui, |ui| map_view::legend_ui(ui, &doc.map, &doc.scenario));
                        }
                    });
                });
        }
        if let Some(o) = self.tools.place.take() {
            self.start_placing(o);
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.map_ui(ui));
        // A change made while typing or dragging joins the previous one
        // until the field is left or the drag ends.
        let busy = ctx.input(|i| i.pointer.any_down()) || ctx.memory(|m| m.focused().is_some());
        if !busy && let Some(doc) = &mut self.doc {
            doc.history.end_stroke();
        }
        if self.drag_unit.is_some() && !ctx.input(|i| i.pointer.any_down()) {
            self.drag_unit = None;
        }
        if self.export.open {
            self.export.balance_note = self.balance.sensitivity.balance_note();
        }
        self.export.ui(&ctx, self.doc.as_ref());
        if std::mem::take(&mut self.balance.sensitivity.browse_request) && self.dialog.is_none() {
            let proposed = Some(PathBuf::from(self.balance.sensitivity.path.trim()))
                .filter(|p| !p.as_os_str().is_empty());
            self.ask_path_at(FileAction::SaveStudy, proposed);
        }
        if std::mem::take(&mut self.export.browse_request) && self.dialog.is_none() {
            let proposed =
                Some(PathBuf::from(self.export.path.trim())).filter(|p| !p.as_os_str().is_empty());
            self.ask_path_at(FileAction::ExportTo(self.export.kind), proposed);
        }
        self.new_dialog_ui(&ctx);
        self.start_dialog_ui(&ctx);
        self.settings_ui(&ctx);
        self.armies_ui(&ctx);
        self.path_prompt_ui(&ctx);
        self.palette_ui(&ctx);
        self.shortcut_sheet_ui(&ctx);
        self.prompt_ui(&ctx);
        self.map_consent_ui(&ctx);
        self.disk_prompt_ui(&ctx);
        self.recovery_ui(&ctx);
        let now = ctx.input(|i| i.time);
        self.autosave(now);
        if self.doc.as_ref().is_some_and(|d| !d.disk.is_empty()) {
            self.poll_disk(now);
            // Look again while the window is idle too.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(DISK_CHECK_SECS * 2.0));
        }
        // An idle window is not repainted, and the autosave runs in the
        // frame: wake up when the next one is due, so a crash while idle
        // after an edit still leaves a recovery file (issue 35 item 20).
        if self.recovery_dir.is_some() && self.is_modified() {
            let due = (AUTOSAVE_SECS - (now - self.last_autosave)).max(0.5);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(due));
        }
    }
}

/// The window icon, `icons/vedette-256.png` (drawn from `icons/vedette.svg`).
pub fn app_icon() -> Option<egui::IconData> {
    let pixmap =
        tiny_skia::Pixmap::decode_png(include_bytes!("../../icons/vedette-256.png")).ok()?;
    let rgba = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Some(egui::IconData {
        rgba,
        width: pixmap.width(),
        height: pixmap.height(),
    })
}

/// Opens the editor window on a scenario (the default one if none given).
/// With `balance`, the Balance panel opens running a batch of that many
/// games.
/// The file the window opens first: the one named, else the scenario the
/// saved game names, else the default scenario.
fn startup_path(path: Option<PathBuf>, game: Option<&Path>) -> anyhow::Result<PathBuf> {
    Ok(match (path, game) {
        (Some(p), _) => p,
        (None, Some(g)) => playtest::scenario_file_of(g)?.unwrap_or_else(default_scenario_path),
        (None, None) => default_scenario_path(),
    })
}

/// `vedette --check-open`: opens `path` (and `game`) as the window would
/// at start-up, with no window, and says what opened where, or why
/// nothing did.
pub fn check_open(path: Option<PathBuf>, game: Option<PathBuf>) -> Result<String, String> {
    let path = startup_path(path, game.as_deref()).map_err(|e| e.to_string())?;
    let mut app = VedetteApp::open(path.clone());
    if let Some(g) = &game {
        app.load_game(g);
    }
    if let Some(e) = &app.open_error {
        return Err(e.clone());
    }
    if let Some((false, e)) = &app.status {
        return Err(e.clone());
    }
    let what = if app.pickup.is_some() {
        "the pick-up wizard".to_string()
    } else if let Some(doc) = &app.doc {
        let title = if doc.scenario.title.is_empty() {
            "an untitled scenario".to_string()
        } else {
            format!("\"{}\"", doc.scenario.title)
        };
        let place = if app.playtest.is_some() {
            "the playtest table"
        } else {
            "the editor"
        };
        format!(
            "{title} ({}; map \"{}\", {}) in {place}",
            doc.scenario.rules.name(),
            doc.map.name,
            crate::words::counted(doc.scenario.units.len(), "unit", "units")
        )
    } else {
        return Err(app
            .status
            .map(|(_, s)| s)
            .unwrap_or_else(|| "nothing opened".into()));
    };
    Ok(format!("{}: opens {what}", path.display()))
}

/// With `game`, a saved game log opens in the playtest table, on the
/// scenario file it names unless `path` is given. With `armies`, the
/// Armies window opens.
/// The first rule set's pick-up wizard (File > New pick-up battle…).
fn new_wizard(recent: &[PathBuf]) -> Option<Box<dyn plugin::Wizard>> {
    plugin::every_window()
        .into_iter()
        .find_map(|w| w.new_wizard(recent))
}

pub fn run(
    files: Vec<PathBuf>,
    balance: Option<u32>,
    game: Option<PathBuf>,
    armies: bool,
    (pickup, pickup_log): (bool, Option<PathBuf>),
) -> anyhow::Result<()> {
    let mut files = files.into_iter();
    let path = startup_path(files.next(), game.as_deref())?;
    let more: Vec<PathBuf> = files.collect();
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1400.0, 900.0])
        .with_min_inner_size([640.0, 400.0])
        .with_title("Vedette")
        .with_drag_and_drop(true);
    if let Some(icon) = app_icon() {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "Vedette",
        options,
        Box::new(move |cc| {
            let mut app = VedetteApp::open(path);
            // Every further file in a tab of its own; the first is shown.
            for p in more {
                app.open_in_tab(p);
            }
            app.switch_tab(0);
            if let Some(storage) = cc.storage {
                app.recent = eframe::get_value(storage, "recent").unwrap_or_default();
                app.army_lists = eframe::get_value(storage, "army_lists").unwrap_or_default();
                if let Some(doc) = &app.doc
                    && let Some(p) = &doc.path
                {
                    let p = p.clone();
                    app.remember(&p);
                }
                if let Some(v) = eframe::get_value(storage, "hex_numbers") {
                    app.draw.hex_numbers = v;
                }
                if let Some(v) = eframe::get_value(storage, "show_problems") {
                    app.show_problems = v;
                }
                if let Some(v) = eframe::get_value(storage, "show_legend") {
                    app.show_legend = v;
                }
            }
            app.recovery_dir = eframe::storage_dir("Vedette");
            app.check_recovery();
            if let Some(g) = &game {
                app.load_game(g);
            }
            if armies {
                app.open_armies();
            }
            if let Some(p) = &pickup_log {
                let resumed = plugin::every_window().into_iter().find_map(|w| {
                    w.open_in_wizard(scenario::kind::FileKind::DeploymentLog, p, &[])
                });
                match resumed {
                    Some(Ok(w)) => app.pickup = Some(w),
                    Some(Err(e)) => app.status = Some((false, e)),
                    None => {
                        app.status = Some((false, "no rule set resumes a deployment log".into()))
                    }
                }
            } else if pickup {
                app.pickup = new_wizard(&app.army_lists);
            }
            if let Some(games) = balance {
                app.balance.open = true;
                app.balance.games = games.max(1);
                if let Some(doc) = &app.doc {
                    app.balance.start(&doc.scenario, &doc.map);
                }
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| {
        anyhow::anyhow!(
            "could not open a window: {e}\n\
             On Debian or Ubuntu, `.ci/desktop-deps` installs the libraries the window needs \
             (X11 or Wayland, Mesa OpenGL, fontconfig)."
        )
    })
}
