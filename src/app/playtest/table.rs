//! The one playtest table (issue 36): everything the tables of all rule
//! sets share, generic over a rule set's [`TableRules`]. [`Table`] owns
//! the session and its seats, the replay cursor, the event log, the
//! message line, saving and loading, the unsaved-game and leave prompts,
//! the game-over window, the status bar, the keys every table answers the
//! same way (undo, end phase, save, load, history, pause, step, leave) and
//! the panel layout. A rule set supplies only what is its own, through
//! the trait: its side-panel sections, its map's highlights and counters
//! and how a click or drag becomes a command (the shell does the map's
//! fit, zoom, pan and drawing order), its own keys, what it keeps between frames
//! (`Table::own`) and its words for the log.

use super::event_log::EventLog;
use super::seats::{Played, Seats};
use super::{PlaytestAction, StartChoice};
use crate::ai::Computer;
use crate::app::commands::{TableKey, UiCommand};
use crate::app::map_view::{self, DrawOptions, MapView};
use crate::engine::Rules;
use crate::hex::{Hex, Layout, Point};
use crate::play::{Seat, Session, Setup};
use crate::scenario::{Map, Scenario};
use egui::{Color32, PointerButton, Pos2, Rect, RichText, Shape};
use std::path::{Path, PathBuf};

/// A rule set's event and board, as a table names them.
pub type EventOf<T> = <<T as TableRules>::R as Rules>::Event;
pub type BoardOf<T> = <<T as TableRules>::R as Rules>::Board;

/// The red of a refusal on the status bar and in the panels.
pub const REFUSED: Color32 = Color32::from_rgb(200, 40, 40);

/// The height of the message strip above the map: three lines.
const MESSAGE_STRIP: f32 = 58.0;

/// What a rule set's table adds to the shell: the one place a rule set
/// plugs into the window's playtest (registered in `playtest::start` and
/// `playtest::load`). Each hook gets the whole table: the shell's state
/// (`session`, `message`, …) and the rule set's own (`own`).
pub trait TableRules: Sized + 'static {
    type R: Computer;
    /// The bottom panel's width for [`TableRules::beside_log_ui`].
    const BESIDE_LOG: f32;
    /// The side panel's width when the table opens.
    const PANEL_WIDTH: f32;

    /// What the table keeps for a game just started or loaded.
    fn new(session: &Session<Self::R>) -> Self;
    /// The rules' part of a new game's setup, from the start dialog.
    fn setup(choice: &StartChoice) -> <Self::R as Rules>::Setup;
    /// Whether the message line says this event (bookkeeping is left
    /// out; the log may still show it).
    fn said(event: &EventOf<Self>) -> bool {
        let _ = event;
        true
    }
    /// The event's line in the log; `None` leaves it out.
    fn log_line(board: &BoardOf<Self>, event: &EventOf<Self>) -> Option<String> {
        Some(format!(
            "[{}] {}",
            Self::R::event_section(event),
            Self::R::event_sentence(board, event)
        ))
    }
    /// Drops what no longer fits the position, after any change.
    fn after_change(t: &mut Table<Self>);
    /// After a saved game is loaded (the seats are paused).
    fn after_load(t: &mut Table<Self>) {
        let _ = t;
    }
    /// Ctrl+Enter: ends what the human to act is doing now.
    fn end_phase(t: &mut Table<Self>);
    /// Escape: drops the selection and anything being put together.
    fn cancel(t: &mut Table<Self>);
    /// The playtest actions of the window's command list this table
    /// answers (`N`, `Q`, …): the shortcut sheet and the palette list
    /// them, the window's keyboard gives them to [`TableRules::table_key`].
    const KEYS: &'static [TableKey];
    /// One of [`TableRules::KEYS`], when a human is to act.
    fn table_key(t: &mut Table<Self>, key: TableKey);
    /// Whether [`TableRules::table_key`] would do anything now, and why
    /// not (a human is to act: the shell has checked).
    fn key_availability(t: &Table<Self>, key: TableKey) -> Result<(), String> {
        let _ = (t, key);
        Ok(())
    }
    /// The side panel's heading ("Game-Turn 3 of 10"); the shell puts the
    /// "Back to editor" button beside it.
    fn heading(t: &Table<Self>) -> String;
    /// Under the heading: the phase and who is to act. The shell adds the
    /// replay notice below.
    fn turn_ui(t: &mut Table<Self>, ui: &mut egui::Ui);
    /// Above what the human to act can do (a card on the table).
    fn before_act_ui(t: &mut Table<Self>, ui: &mut egui::Ui) {
        let _ = (t, ui);
    }
    /// What the human to act can do now.
    fn act_ui(t: &mut Table<Self>, ui: &mut egui::Ui);
    /// The side panel's sections below (scores, armies, dice, …); the
    /// shell adds the seats, the history and the legend after them.
    fn sections_ui(t: &mut Table<Self>, ui: &mut egui::Ui);
    /// Right of the log in the bottom panel (tables, dice).
    fn beside_log_ui(t: &mut Table<Self>, ui: &mut egui::Ui);
    /// A click on the map (left button, no drag) at `pos`, in `hex`.
    fn click(t: &mut Table<Self>, hex: Hex, pos: Pos2);
    /// A left-button drag starting in `hex`: whether the rule set takes
    /// it (to drag a piece); if not, the drag pans the map.
    fn drag_start(t: &mut Table<Self>, hex: Hex) -> bool {
        let _ = (t, hex);
        false
    }
    /// The drag the rule set took ends in `hex`.
    fn drag_end(t: &mut Table<Self>, hex: Hex) {
        let _ = (t, hex);
    }
    /// Highlights drawn on the board, under the counters (reachable
    /// hexes, choices the rules wait for).
    fn overlay(t: &mut Table<Self>, layout: &Layout) -> Vec<Shape>;
    /// Marks between the board and the counters (objectives).
    fn draw_under_counters(t: &mut Table<Self>, painter: &egui::Painter, layout: &Layout) {
        let _ = (t, painter, layout);
    }
    /// The counters, clipped to `clip`.
    fn draw_counters(t: &mut Table<Self>, painter: &egui::Painter, layout: &Layout, clip: Rect);
    /// What is drawn over everything, place names included (a path being
    /// planned, a gun's aim).
    fn draw_over(t: &mut Table<Self>, painter: &egui::Painter, layout: &Layout) {
        let _ = (t, painter, layout);
    }
    /// The status bar's words for the hovered hex and what is on it.
    fn hover_text(t: &Table<Self>, hex: Hex) -> Option<String>;
    /// The game-over window's body (outcome, tallies); the shell adds
    /// its heading and buttons.
    fn game_over_ui(t: &mut Table<Self>, ui: &mut egui::Ui);
    /// What the map's marks mean, under the side panel.
    fn legend() -> &'static str;
}

/// A playtest table of one rule set: the shell's state, and the rule
/// set's own in `own`.
pub struct Table<T: TableRules> {
    pub session: Session<T::R>,
    pub seats: Seats<T::R>,
    /// The scenario file the game is played on (named in saved logs).
    pub scenario_file: Option<PathBuf>,
    /// The last thing done or refused: (accepted, text).
    pub message: Option<(bool, String)>,
    /// History length when last saved.
    pub saved_len: usize,
    pub confirm_leave: bool,
    pub game_over_dismissed: bool,
    pub log: EventLog,
    pub hovered: Option<Hex>,
    /// Where the map was drawn last frame (tests and hit-testing).
    pub map_rect: Option<Rect>,
    /// The map's layout last frame.
    pub last_layout: Option<Layout>,
    /// Where the pointer is over the map (the facing a click asks for).
    pub hover_pos: Option<Pos2>,
    /// Whether the rule set took the left-button drag in progress.
    dragging: bool,
    /// What the rule set keeps between frames.
    pub own: T,
}

impl<T: TableRules> Table<T> {
    pub fn new(session: Session<T::R>, scenario_file: Option<PathBuf>) -> Table<T> {
        let own = T::new(&session);
        Table {
            seats: Seats::new(&session),
            saved_len: session.len(),
            session,
            scenario_file,
            message: None,
            confirm_leave: false,
            game_over_dismissed: false,
            log: EventLog::default(),
            hovered: None,
            map_rect: None,
            last_layout: None,
            hover_pos: None,
            dragging: false,
            own,
        }
    }

    /// Starts a game of the scenario; the engine's reason if it cannot be
    /// played.
    pub fn start(
        scenario: &Scenario,
        map: &Map,
        choice: StartChoice,
        scenario_file: Option<PathBuf>,
    ) -> Result<Table<T>, String> {
        let setup = Setup {
            seats: choice.seats,
            seed: choice.seed,
            rules: T::setup(&choice),
        };
        Session::<T::R>::start(scenario, map, setup)
            .map(|s| Table::new(s, scenario_file))
            .map_err(|e| e.to_string())
    }

    /// Resumes a saved game log on the scenario; seats as given, computer
    /// seats paused.
    pub fn load(
        scenario: &Scenario,
        map: &Map,
        path: &Path,
        seats: [Seat; 2],
        scenario_file: Option<PathBuf>,
    ) -> Result<Table<T>, String> {
        let log = super::read_log::<T::R>(path)?;
        let session = Session::resume(scenario, map, &log, seats)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut t = Table::new(session, scenario_file);
        t.seats.paused = true;
        T::after_load(&mut t);
        t.message = Some((true, super::loaded_text(path, log.entries.len(), seats)));
        Ok(t)
    }

    /// Writes the game log (atomically), naming the scenario file.
    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        let text = super::save_log(&self.session, self.scenario_file.as_ref(), path)?;
        self.saved_len = self.session.len();
        self.message = Some((true, text));
        Ok(())
    }

    /// Whether commands were played since the game was started, loaded or
    /// saved.
    pub fn unsaved(&self) -> bool {
        self.session.len() != self.saved_len
    }

    /// Whether a human may give a command now.
    pub fn human_to_act(&self) -> bool {
        self.why_no_human().is_ok()
    }

    /// The board of the game.
    pub fn board(&self) -> &BoardOf<T> {
        T::R::board_of(&self.session.game.state)
    }

    pub fn side_name(&self, side: u8) -> String {
        T::R::side_name(self.board(), side)
    }

    /// The events as the message line says them.
    pub fn events_text(&self, events: &[EventOf<T>]) -> String {
        let board = self.board();
        events
            .iter()
            .filter(|e| T::said(e))
            .map(|e| T::R::event_sentence(board, e))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Gives a command; the events or the refusal go to the message line.
    pub fn give(&mut self, cmd: <T::R as Rules>::Command) -> bool {
        match self.session.execute(&cmd) {
            Ok(events) => {
                // Events with no sentence of their own (the start of a
                // step) leave no message: the panel says the phase.
                let text = self.events_text(&events);
                self.message = (!text.is_empty()).then_some((true, text));
                T::after_change(self);
                true
            }
            Err(e) => {
                let why = T::R::refusal_sentence(self.board(), &e);
                self.message = Some((false, format!("Refused: {why}")));
                false
            }
        }
    }

    /// Takes back the last move, as far as the rules allow.
    pub fn undo(&mut self) {
        match self.session.undo_move() {
            Ok(c) => {
                self.message = Some((true, format!("Took back {}", T::R::command_name(&c))));
                T::after_change(self);
            }
            Err(e) => self.message = Some((false, format!("Cannot undo: {e}"))),
        }
    }

    /// Lets computer seats play, at the chosen speed. `now` is the UI
    /// clock in seconds. Returns whether anything was played.
    pub fn tick(&mut self, now: f64) -> bool {
        match self.seats.tick(&mut self.session, now) {
            Played::Nothing => false,
            Played::Played(side, cmd, events) => {
                let who = self.side_name(side);
                let text = self.events_text(&events);
                self.message = Some((
                    true,
                    format!("{who} (computer): {} — {text}", T::R::command_name(&cmd)),
                ));
                T::after_change(self);
                true
            }
            Played::Stuck(why) => {
                // Commands played before it this frame still count.
                self.message = Some((false, why));
                T::after_change(self);
                false
            }
        }
    }

    /// Whether a computer seat is waiting for its turn to come (for the
    /// window to keep repainting).
    pub fn computer_busy(&self) -> bool {
        self.seats.busy(&self.session)
    }

    /// The event log as shown: (command number, line), oldest first.
    pub fn log(&self) -> &[(usize, String)] {
        self.log.lines()
    }

    /// Leaves the playtest, asking first if the game has unsaved moves.
    pub fn request_leave(&mut self) {
        self.confirm_leave = true;
    }

    /// Why a human may not give a command now, if not.
    fn why_no_human(&self) -> Result<(), String> {
        if self.session.game.is_over() {
            Err("The game is over".into())
        } else if !self.session.is_live() {
            Err("Replaying the history: End returns to the latest command".into())
        } else if !self.session.seat_to_play().is_human() {
            let side = self.session.game.to_act();
            Err(format!("{} (computer) is to act", self.side_name(side)))
        } else {
            Ok(())
        }
    }

    /// Whether a command of the window's list can be run at this table
    /// now, and why not.
    pub fn availability(&self, cmd: UiCommand) -> Result<(), String> {
        use UiCommand::*;
        let computers = self.session.setup.seats.iter().any(|s| !s.is_human());
        match cmd {
            SaveGame | LoadGame | NewGame | BackToEditor | CancelChoice => Ok(()),
            EndPhase => self.why_no_human(),
            TakeBack => self
                .session
                .can_undo_move()
                .map_err(|e| format!("Cannot undo: {e}")),
            StepBack | FirstCommand if self.session.cursor() == 0 => {
                Err("At the start of the game".into())
            }
            StepForward | LastCommand if self.session.is_live() => {
                Err("At the latest command".into())
            }
            StepBack | FirstCommand | StepForward | LastCommand => Ok(()),
            Pause | StepComputer if !computers => Err("No computer plays in this game".into()),
            Pause | StepComputer => Ok(()),
            TableKey(k) if !T::KEYS.contains(&k) => Err("Not at this rule set's table".into()),
            TableKey(k) => self
                .why_no_human()
                .and_then(|()| T::key_availability(self, k)),
            _ => Err("Not at the playtest table".into()),
        }
    }

    /// Runs a command of the window's list (see [`Table::availability`]);
    /// what the window must do after it.
    pub fn run(&mut self, cmd: UiCommand) -> PlaytestAction {
        use UiCommand::*;
        match cmd {
            SaveGame => return PlaytestAction::SaveGame,
            LoadGame => return PlaytestAction::LoadGame,
            NewGame => return PlaytestAction::Restart,
            BackToEditor => self.request_leave(),
            EndPhase => T::end_phase(self),
            TakeBack => self.undo(),
            StepBack => self.session.step_back(),
            StepForward => self.session.step_forward(),
            FirstCommand => self.session.seek(0),
            LastCommand => self.session.seek(usize::MAX),
            Pause => self.seats.paused = !self.seats.paused,
            StepComputer => self.seats.step_computer(),
            CancelChoice => T::cancel(self),
            TableKey(k) => T::table_key(self, k),
            _ => {}
        }
        PlaytestAction::None
    }

    /// The whole table for a frame: its panels and the map.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &mut MapView,
        draw: DrawOptions,
    ) -> PlaytestAction {
        let ctx = ui.ctx().clone();
        let mut action = PlaytestAction::None;
        let now = ctx.input(|i| i.time);
        // The seats wait while the leave prompt is open (issue 35 item 24).
        if !self.confirm_leave {
            self.tick(now);
        }
        if self.computer_busy() {
            let wait = self.seats.wait(now);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait.min(0.25)));
        }
        self.log.refresh(&self.session.game, |g, e| {
            T::log_line(T::R::board_of(&g.state), e)
        });
        egui::Panel::bottom("game status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::bottom("game log")
            .resizable(true)
            .default_size(170.0)
            .min_size(80.0)
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width((ui.available_width() - T::BESIDE_LOG).max(200.0));
                        self.log.ui(ui, self.session.cursor());
                    });
                    ui.separator();
                    ui.vertical(|ui| T::beside_log_ui(self, ui));
                });
            });
        egui::Panel::right("game")
            .resizable(true)
            .default_size(T::PANEL_WIDTH)
            .min_size(320.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.panel_ui(ui, &mut action));
            });
        // The message above the map, where the eye is, in a strip of its
        // own height: nothing moves when a message comes or grows.
        egui::Panel::top("game message")
            .exact_size(MESSAGE_STRIP)
            .resizable(false)
            .show(ui, |ui| self.message_strip_ui(ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.map_ui(ui, view, draw));
        self.game_over_ui(&ctx, &mut action);
        let unsaved = self.unsaved() && !(self.session.game.is_over() && self.game_over_dismissed);
        super::leave_ui(
            &ctx,
            &mut self.confirm_leave,
            unsaved,
            self.session.len(),
            &mut action,
        );
        action
    }

    /// The map: fit and zoom (`map_area`), pan by dragging, the hovered
    /// hex, clicks and drags for the rule set, then the board, its
    /// highlights, the counters, the place names over them, and what the
    /// rule set draws on top.
    fn map_ui(&mut self, ui: &mut egui::Ui, view: &mut MapView, draw: DrawOptions) {
        let map = self.session.map.clone();
        let (response, layout) = super::map_area(ui, view, &map, &mut self.map_rect);
        let rect = response.rect;
        self.last_layout = Some(layout);
        let hex_of = |pos: Pos2| layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        self.hover_pos = response.hover_pos();
        self.hovered = response.hover_pos().map(hex_of);
        if response.drag_started_by(PointerButton::Primary)
            && let Some(h) = ui.input(|i| i.pointer.press_origin()).map(hex_of)
        {
            self.dragging = T::drag_start(self, h);
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (response.dragged_by(PointerButton::Primary) && !self.dragging)
        {
            view.pan += response.drag_delta();
        }
        if response.drag_stopped()
            && std::mem::take(&mut self.dragging)
            && let Some(pos) = response.interact_pointer_pos().or(response.hover_pos())
        {
            T::drag_end(self, hex_of(pos));
        }
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            T::click(self, hex_of(pos), pos);
        }
        if response.secondary_clicked() {
            T::cancel(self);
        }
        let painter = ui.painter_at(rect);
        let overlay = T::overlay(self, &layout);
        super::draw_board(
            &painter,
            &layout,
            &map,
            &self.session.scenario,
            draw.hex_numbers,
            overlay,
        );
        T::draw_under_counters(self, &painter, &layout);
        T::draw_counters(self, &painter, &layout, rect);
        map_view::draw_place_names(&painter, rect, &layout, &map);
        T::draw_over(self, &painter, &layout);
    }

    /// The side panel: heading, message, what to do now, the rule set's
    /// sections, then seats, history and legend.
    fn panel_ui(&mut self, ui: &mut egui::Ui, action: &mut PlaytestAction) {
        ui.horizontal(|ui| {
            ui.heading(T::heading(self));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                self.command_button(ui, UiCommand::BackToEditor, "Back to editor", action);
            });
        });
        T::turn_ui(self, ui);
        if !self.session.is_live() {
            ui.horizontal(|ui| {
                ui.colored_label(
                    Color32::from_rgb(230, 130, 20),
                    format!(
                        "Replay: position after command {} of {}",
                        self.session.cursor(),
                        self.session.len()
                    ),
                );
                self.command_button(ui, UiCommand::LastCommand, "Back to the present", action);
            });
        }
        ui.separator();
        T::before_act_ui(self, ui);
        if self.human_to_act() {
            T::act_ui(self, ui);
        } else if !self.session.game.is_over() && self.session.is_live() {
            let to_act = T::R::to_act(&self.session.game.state);
            if self.seats.thinking() == Some(to_act) {
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(format!(
                        "{} (computer) is thinking…",
                        self.side_name(to_act)
                    ));
                });
            } else {
                ui.label(format!("{} (computer) is playing.", self.side_name(to_act)));
            }
        }
        T::sections_ui(self, ui);
        if self.session.setup.seats.iter().any(|s| !s.is_human()) {
            ui.separator();
            ui.horizontal(|ui| {
                ui.strong("Computer");
                let pause = if self.seats.paused { "Resume" } else { "Pause" };
                self.command_button(ui, UiCommand::Pause, pause, action);
                self.command_button(ui, UiCommand::StepComputer, "Step", action);
                self.seats.speed_ui(ui);
            });
            self.plans_ui(ui);
        }
        ui.separator();
        self.history_ui(ui, action);
        ui.separator();
        ui.label(RichText::new(T::legend()).small().weak());
    }

    /// The search players' last plans: the chosen script and the best
    /// alternatives, with their scores and the command each would give.
    fn plans_ui(&self, ui: &mut egui::Ui) {
        for side in 0..2u8 {
            let Some(plan) = self.seats.plan(side) else {
                continue;
            };
            let title = format!(
                "Why: {}'s plan for turn {}",
                self.side_name(plan.side),
                plan.turn
            );
            egui::CollapsingHeader::new(title)
                .id_salt(("search plan", side))
                .default_open(true)
                .show(ui, |ui| {
                    for (i, s) in plan.scores.iter().take(4).enumerate() {
                        let line = format!(
                            "{} {}{}: {:.2} over {}",
                            if i == 0 { "chosen" } else { "or" },
                            s.name,
                            if s.base { " (base)" } else { "" },
                            s.score,
                            crate::words::counted(s.playouts, "playout", "playouts")
                        );
                        let r = ui.label(if i == 0 {
                            RichText::new(line).strong()
                        } else {
                            RichText::new(line)
                        });
                        if let Some(c) = &s.first {
                            r.on_hover_text(format!("would play first: {c}"));
                        }
                    }
                    let keeps = if plan.margin > 0.0 {
                        format!(
                            "it keeps the turn unless another scores more than {:.2} \
                             better, so one listed under the chosen script may show a higher score",
                            plan.margin
                        )
                    } else {
                        "a tie goes to it".to_string()
                    };
                    ui.label(
                        RichText::new(format!(
                            "Each script is the heuristic player under a temperament, scored \
                             by playing the game out: 1 a win, ½ a draw, 0 a loss, give or \
                             take a tenth of the margin in losses. The base script plays \
                             on after the turn in every playout, and {keeps}."
                        ))
                        .small()
                        .weak(),
                    );
                });
        }
    }

    /// A button of the window's command list: greyed with the reason when
    /// the command cannot run, its name and key in its hover text; a
    /// click runs it as its key does.
    fn command_button(
        &mut self,
        ui: &mut egui::Ui,
        cmd: UiCommand,
        text: &str,
        action: &mut PlaytestAction,
    ) {
        let available = self.availability(cmd);
        let key = cmd.shortcut_text(ui.ctx());
        let hover = if key.is_empty() {
            cmd.label().to_string()
        } else {
            format!("{} ({key})", cmd.label())
        };
        let r = ui.add_enabled(available.is_ok(), egui::Button::new(text));
        let r = match &available {
            Ok(()) => r.on_hover_text(hover),
            Err(why) => r.on_disabled_hover_text(format!("{hover}: {why}")),
        };
        if r.clicked() {
            let a = self.run(cmd);
            if a != PlaytestAction::None {
                *action = a;
            }
        }
    }

    /// The History section: the replay cursor's buttons and the game's
    /// save, load and restart, all commands of the window's list.
    fn history_ui(&mut self, ui: &mut egui::Ui, action: &mut PlaytestAction) {
        ui.strong("History");
        ui.horizontal(|ui| {
            self.command_button(ui, UiCommand::FirstCommand, "|<", action);
            self.command_button(ui, UiCommand::StepBack, "<", action);
            self.command_button(ui, UiCommand::StepForward, ">", action);
            self.command_button(ui, UiCommand::LastCommand, ">|", action);
            ui.label(format!(
                "{} / {}",
                self.session.cursor(),
                crate::words::counted(self.session.len(), "command", "commands")
            ));
        });
        ui.horizontal(|ui| {
            self.command_button(ui, UiCommand::SaveGame, "Save game…", action);
            self.command_button(ui, UiCommand::LoadGame, "Load game…", action);
            self.command_button(ui, UiCommand::NewGame, "New game…", action);
        });
    }

    /// The message strip above the map: the last thing done, or a
    /// refusal in red; a long one scrolls within the strip.
    fn message_strip_ui(&mut self, ui: &mut egui::Ui) {
        egui::ScrollArea::vertical()
            .id_salt("game message")
            .stick_to_bottom(false)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                match &self.message {
                    Some((ok, msg)) if !msg.trim().is_empty() => {
                        let ink = if *ok {
                            ui.visuals().strong_text_color()
                        } else {
                            REFUSED
                        };
                        ui.label(RichText::new(msg).color(ink));
                    }
                    _ => {
                        ui.label(
                            RichText::new(
                                "What happens, and why the rules refuse a move, shows here.",
                            )
                            .weak(),
                        );
                    }
                }
            });
    }

    /// The status bar: the hovered hex, then the message (a refusal in
    /// red), so a refusal is seen whatever the side panel shows.
    fn status_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            match self.hovered.and_then(|h| T::hover_text(self, h)) {
                Some(text) => ui.monospace(text),
                None => ui.monospace("—"),
            };
            if let Some((ok, msg)) = &self.message {
                ui.separator();
                let c = if *ok {
                    ui.visuals().text_color()
                } else {
                    REFUSED
                };
                ui.label(RichText::new(msg).color(c));
            }
        });
    }

    fn game_over_ui(&mut self, ctx: &egui::Context, action: &mut PlaytestAction) {
        if !self.session.game.is_over() || self.game_over_dismissed || !self.session.is_live() {
            return;
        }
        egui::Modal::new(egui::Id::unique("game over")).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading("Game over");
            T::game_over_ui(self, ui);
            super::game_over_buttons(ui, action, &mut self.game_over_dismissed);
        });
    }
}

impl<T: TableRules> super::AnyTable for Table<T> {
    fn ui(&mut self, ui: &mut egui::Ui, view: &mut MapView, draw: DrawOptions) -> PlaytestAction {
        Table::ui(self, ui, view, draw)
    }
    fn save(&mut self, path: &Path) -> Result<(), String> {
        Table::save(self, path)
    }
    fn request_leave(&mut self) {
        Table::request_leave(self)
    }
    fn set_message(&mut self, ok: bool, text: String) {
        self.message = Some((ok, text));
    }
    fn seats(&self) -> [Seat; 2] {
        self.session.setup.seats
    }
    fn seed(&self) -> u64 {
        self.session.setup.seed
    }
    fn unsaved(&self) -> bool {
        Table::unsaved(self)
    }
    fn keys(&self) -> &'static [TableKey] {
        T::KEYS
    }
    fn takes_keys(&self) -> bool {
        !self.confirm_leave
    }
    fn availability(&self, cmd: UiCommand) -> Result<(), String> {
        Table::availability(self, cmd)
    }
    fn run(&mut self, cmd: UiCommand) -> PlaytestAction {
        Table::run(self, cmd)
    }
}
