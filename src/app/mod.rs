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
pub mod options_ui;
pub mod playtest;
pub mod plugin;
pub mod sensitivity;
pub mod settings;
pub mod tabs;
pub mod terrain_image;
pub mod tools;

mod dialogs;
mod editor;
mod file_ops;
mod session;

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
    pub(super) fn open_failed(&mut self, path: PathBuf, why: String) -> bool {
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

    pub(super) fn set_doc(&mut self, doc: OpenDoc) {
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

    pub(super) fn remember(&mut self, path: &Path) {
        push_recent(&mut self.recent, path);
    }

    /// Re-runs `validate` if the document changed since the last run.
    pub(super) fn revalidate(&mut self) {
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

    pub(super) fn perform(&mut self, action: Pending, ctx: &egui::Context) {
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
