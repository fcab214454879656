//! Playtest tables. Each rule set's table is its own module (`naw` plays
//! Napoleon at Waterloo, `napoleon` *Napoleon*, `one_hour` One Hour
//! Napoleonic); the pieces every table shares live here and in
//! the submodules below, generic over the rule set:
//! - [`seats`]: the computer seats, their pause, step and speed;
//! - [`event_log`]: the log of events as sentences;
//! - this module: the window's shortcuts, what a table asks of the window,
//!   the unsaved-game prompt, the die face and the seed of a new game.
//!
//! The map itself is [`super::map_view`], shared with the editor.

pub mod event_log;
pub mod marks;
pub mod seats;
mod start;
pub mod table;

pub use seats::Speed;
pub use start::{StartChoice, StartDialog, VariantChoice};
pub use table::{Table, TableRules};

use crate::app::map_view::{self, DrawOptions, MapView};
use crate::play::Seat;
use crate::scenario::{Map, RuleSet, Scenario};
use std::any::Any;

use crate::app::commands::{TableKey, UiCommand};
use egui::{Color32, Pos2, Rect, Stroke, vec2};
use std::path::{Path, PathBuf};

/// What the playtest asks of the window around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaytestAction {
    None,
    Leave,
    SaveGame,
    /// Save the game, then leave the table once it is saved.
    SaveGameThenLeave,
    LoadGame,
    Restart,
}

/// A playtest table, whatever its rule set: what the window around it
/// asks of it. Each rule set's table is a module here, registered in
/// [`TABLES`], the one place the window meets a rule set's table.
pub trait AnyTable: Any {
    /// The whole table for a frame: its panels and the map.
    fn ui(&mut self, ui: &mut egui::Ui, view: &mut MapView, draw: DrawOptions) -> PlaytestAction;
    /// Writes the game log (atomically), naming the scenario file.
    fn save(&mut self, path: &Path) -> Result<(), String>;
    /// Leaves the playtest, asking first if the game has unsaved moves.
    fn request_leave(&mut self);
    /// Shows a message on the table's message line.
    fn set_message(&mut self, ok: bool, text: String);
    /// Who plays each side.
    fn seats(&self) -> [Seat; 2];
    /// The game's seed.
    fn seed(&self) -> u64;
    /// Whether commands were played since the game was started, loaded or
    /// saved.
    fn unsaved(&self) -> bool;
    /// The rule set's own playtest actions of the window's command list.
    fn keys(&self) -> &'static [TableKey];
    /// Whether the window's keys reach the table (no prompt of its own
    /// open).
    fn takes_keys(&self) -> bool;
    /// Whether a playtest command can be run now, and why not.
    fn availability(&self, cmd: UiCommand) -> Result<(), String>;
    /// Runs a playtest command; what the window must do after it.
    fn run(&mut self, cmd: UiCommand) -> PlaytestAction;
}

impl dyn AnyTable {
    /// The table as its own type (tests and rule-set-specific menus).
    pub fn get<T: AnyTable>(&self) -> Option<&T> {
        (self as &dyn Any).downcast_ref::<T>()
    }
    pub fn get_mut<T: AnyTable>(&mut self) -> Option<&mut T> {
        (self as &mut dyn Any).downcast_mut::<T>()
    }
}

/// A new table, or why the game cannot start or resume.
type Made = Result<Box<dyn AnyTable>, String>;

/// A rule set's table as the window knows it: which scenarios it plays,
/// its name, its own keys, and how a game starts and resumes on it.
pub struct Registration {
    plays: fn(&RuleSet) -> bool,
    /// The rule set's name, as players read it.
    pub title: &'static str,
    /// Its own playtest actions (`TableRules::KEYS`).
    pub keys: &'static [TableKey],
    start: fn(&Scenario, &Map, StartChoice, Option<PathBuf>) -> Made,
    load: fn(&Scenario, &Map, &Path, [Seat; 2], Option<PathBuf>) -> Made,
}

fn start_on<T: TableRules>(
    scenario: &Scenario,
    map: &Map,
    choice: StartChoice,
    file: Option<PathBuf>,
) -> Result<Box<dyn AnyTable>, String> {
    Ok(Box::new(Table::<T>::start(scenario, map, choice, file)?))
}

fn load_on<T: TableRules>(
    scenario: &Scenario,
    map: &Map,
    path: &Path,
    seats: [Seat; 2],
    file: Option<PathBuf>,
) -> Result<Box<dyn AnyTable>, String> {
    Ok(Box::new(Table::<T>::load(
        scenario, map, path, seats, file,
    )?))
}

const fn register<T: TableRules>(plays: fn(&RuleSet) -> bool) -> Registration {
    Registration {
        plays,
        title: <T::R as crate::engine::Rules>::TITLE,
        keys: T::KEYS,
        start: start_on::<T>,
        load: load_on::<T>,
    }
}

/// Every rule set's table, in the registration's order (`crate::rules`):
/// each rule set's window parts name their table's rules as
/// `window::TableRules`.
macro_rules! tables {
    ($( $(#[$doc:meta])* $variant:ident => $m:ident ),* $(,)?) => {
        pub const TABLES: &[Registration] = &[$(
            register::<crate::rules::$m::window::TableRules>(|r| matches!(r, RuleSet::$variant(_))),
        )*];
    };
}
crate::rules::with_rule_sets!(tables);

fn registration(rules: &RuleSet) -> Result<&'static Registration, String> {
    TABLES
        .iter()
        .find(|t| (t.plays)(rules))
        .ok_or_else(|| format!("The {} rules have no playtest table yet", rules.name()))
}

/// Starts a game of the scenario on its rule set's table; the engine's
/// reason if it cannot be played.
pub fn start(
    scenario: &Scenario,
    map: &Map,
    choice: StartChoice,
    scenario_file: Option<PathBuf>,
) -> Result<Box<dyn AnyTable>, String> {
    (registration(&scenario.rules)?.start)(scenario, map, choice, scenario_file)
}

/// Resumes a saved game log of the scenario on its rule set's table.
pub fn load(
    scenario: &Scenario,
    map: &Map,
    path: &Path,
    seats: [Seat; 2],
    scenario_file: Option<PathBuf>,
) -> Result<Box<dyn AnyTable>, String> {
    (registration(&scenario.rules)?.load)(scenario, map, path, seats, scenario_file)
}

/// Reads a saved game log of any rule set (the header names the rule
/// set; the entries are the table's own).
fn read_log<R: crate::engine::Rules>(path: &Path) -> Result<crate::engine::GameLog<R>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
    crate::scenario::from_ron(&text, &path.display().to_string()).map_err(|e| e.to_string())
}

/// Writes a game log atomically, naming the scenario file; the message
/// for the table.
fn save_log<R: crate::engine::Rules>(
    session: &crate::play::Session<R>,
    scenario_file: Option<&PathBuf>,
    path: &Path,
) -> Result<String, String> {
    let mut log = session.log();
    log.scenario_file = scenario_file.map(|p| p.display().to_string());
    let text = ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the log: {e}"))?;
    let text = crate::scenario::kind::FileKind::GameLog.file_text(&text);
    crate::files::save_atomic(path, &text)
        .map_err(|e| format!("{}: cannot save: {e}", path.display()))?;
    Ok(format!(
        "Saved {} to {}",
        crate::words::counted(session.len(), "command", "commands"),
        path.display()
    ))
}

/// The message after a game log is loaded.
fn loaded_text(path: &Path, commands: usize, seats: [Seat; 2]) -> String {
    let computers = if seats.iter().any(|s| !s.is_human()) {
        "; computer seats are paused (Space resumes)"
    } else {
        ""
    };
    format!(
        "Loaded {} ({}){computers}",
        path.display(),
        crate::words::counted(commands, "command", "commands")
    )
}

/// The map area of a table: the rectangle it takes (kept in `map_rect`,
/// the view following it when the panels resize), the fit on first show
/// or after View > Fit map (`F`), zoom by wheel or pinch at the pointer. Returns the area's
/// response and the layout to draw and hit-test with; panning and clicks
/// are the table's.
pub fn map_area(
    ui: &mut egui::Ui,
    view: &mut MapView,
    map: &Map,
    map_rect: &mut Option<Rect>,
) -> (egui::Response, crate::hex::Layout) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    if let Some(old) = *map_rect
        && old != rect
        && view.fitted
    {
        view.follow_rect(old, rect);
    }
    *map_rect = Some(rect);
    if !view.fitted {
        view.fit(map, rect);
    }
    if let Some(pos) = response.hover_pos() {
        let zoom = ui.input(|i| i.zoom_delta());
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        let factor = zoom * (scroll / 400.0).exp();
        if factor != 1.0 {
            view.zoom_at(rect, pos, factor);
        }
    }
    let layout = view.layout(map, rect);
    (response, layout)
}

/// The board under a table's counters: the map with the scenario's marks
/// and the table's hex highlights, counters left to the table, which then
/// calls [`map_view::draw_place_names`] so no counter hides a name.
pub fn draw_board(
    painter: &egui::Painter,
    layout: &crate::hex::Layout,
    map: &Map,
    scenario: &Scenario,
    hex_numbers: bool,
    overlay: Vec<egui::Shape>,
) {
    let rect = painter.clip_rect();
    painter.rect_filled(rect, 0.0, Color32::from_gray(60));
    map_view::draw_map_with(
        painter,
        rect,
        layout,
        map,
        Some(scenario),
        DrawOptions {
            hex_numbers,
            counters: false,
            names: false,
        },
        &|p| {
            p.extend(overlay.clone());
        },
    );
}

/// The scenario file a saved game log names, whatever its rule set, found
/// as `vedette replay` finds it ([`crate::bundled::scenario_of_log`]).
pub fn scenario_file_of(log: &Path) -> anyhow::Result<Option<PathBuf>> {
    let text = std::fs::read_to_string(log)
        .map_err(|e| anyhow::anyhow!("{}: cannot read the file: {e}", log.display()))?;
    let header: crate::engine::LogHeader =
        crate::scenario::from_ron(&text, &log.display().to_string())?;
    Ok(header
        .scenario_file
        .map(|f| crate::bundled::scenario_of_log(log, Path::new(&f))))
}

/// The prompt before leaving a game that is not saved. `confirm` is the
/// table's request to leave; `commands` how many were played.
pub fn leave_ui(
    ctx: &egui::Context,
    confirm: &mut bool,
    unsaved: bool,
    commands: usize,
    action: &mut PlaytestAction,
) {
    if !*confirm {
        return;
    }
    if !unsaved {
        *confirm = false;
        *action = PlaytestAction::Leave;
        return;
    }
    egui::Modal::new(egui::Id::unique("leave playtest")).show(ctx, |ui| {
        ui.heading("Leave the playtest?");
        ui.label(format!(
            "The game ({}) is not saved. The scenario is not affected.",
            crate::words::counted(commands, "command", "commands")
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Save game…").clicked() {
                *confirm = false;
                *action = PlaytestAction::SaveGameThenLeave;
            }
            if ui.button("Leave without saving").clicked() {
                *confirm = false;
                *action = PlaytestAction::Leave;
            }
            if ui.button("Keep playing").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                *confirm = false;
            }
        });
    });
}

/// The game-over window's buttons: save the log, look at the game, or
/// go back to the editor.
pub fn game_over_buttons(ui: &mut egui::Ui, action: &mut PlaytestAction, dismissed: &mut bool) {
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button("Save game log…").clicked() {
            *action = PlaytestAction::SaveGame;
        }
        if ui.button("Look at the game").clicked() {
            *dismissed = true;
        }
        if ui.button("Back to editor").clicked() {
            *dismissed = true;
            *action = PlaytestAction::Leave;
        }
    });
}

/// A seed for a new game from the clock (the shell's randomness; the
/// game only ever sees the number, shown and editable in the dialog).
pub fn fresh_seed() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs());
    (nanos.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 44).to_string()
}

/// A die face with its pips.
pub fn draw_die(painter: &egui::Painter, rect: Rect, roll: u32) {
    painter.rect(
        rect,
        6.0,
        Color32::WHITE,
        Stroke::new(1.5, Color32::BLACK),
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let d = rect.width() * 0.26;
    let at = |x: f32, y: f32| c + vec2(x * d, y * d);
    let pips: Vec<Pos2> = match roll {
        1 => vec![at(0.0, 0.0)],
        2 => vec![at(-1.0, -1.0), at(1.0, 1.0)],
        3 => vec![at(-1.0, -1.0), at(0.0, 0.0), at(1.0, 1.0)],
        4 => vec![at(-1.0, -1.0), at(1.0, -1.0), at(-1.0, 1.0), at(1.0, 1.0)],
        5 => vec![
            at(-1.0, -1.0),
            at(1.0, -1.0),
            at(0.0, 0.0),
            at(-1.0, 1.0),
            at(1.0, 1.0),
        ],
        _ => vec![
            at(-1.0, -1.0),
            at(1.0, -1.0),
            at(-1.0, 0.0),
            at(1.0, 0.0),
            at(-1.0, 1.0),
            at(1.0, 1.0),
        ],
    };
    for p in pips {
        painter.circle_filled(p, rect.width() * 0.08, Color32::BLACK);
    }
}
