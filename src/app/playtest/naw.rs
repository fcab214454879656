//! The Napoleon at Waterloo playtest table: a game of the scenario being
//! edited, on the rules engine, drawn over the same map view, over the
//! pieces every table shares (seats, history, event log; `super`). Everything shown comes from the
//! engine (`State::reachable`, `odds`, `retreat_options`, …) and every
//! action is a `Command` the engine checks; a refusal is shown with the
//! engine's reason and case. The editor's document is never touched: the
//! game runs on the snapshot in `play::Session`.

use super::event_log::EventLog;
use super::history::history_ui;
use super::seats::{Played, Seats};
use super::{
    END_PHASE, LOAD_GAME, PlaytestAction, SAVE_GAME, STEP_BACK, STEP_FORWARD, StartChoice, Table,
    UNDO_MOVE, VariantChoice, draw_die,
};
use crate::app::map_view::{self, DrawOptions, MapView};
use crate::engine::Rules;
use crate::engine::naw::{
    Command, Event, HexIx, Naw, Outcome, Phase, Pos, Proposal, Reach, State, Step, UnitIx,
    VariantSetup,
};
use crate::hex::{Hex, Point};
use crate::play::Seat;

/// The shared playtest machinery, on this table's rule set.
pub type Session = crate::play::Session<Naw>;
pub type Setup = crate::play::Setup<Naw>;
use crate::scenario::{Map, Scenario, UnitKind};
use egui::{
    Align2, Color32, FontId, Key, PointerButton, Pos2, Rect, RichText, Sense, Shape, Stroke, pos2,
    vec2,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const GREEN: Color32 = Color32::from_rgb(40, 150, 60);
const RED: Color32 = Color32::from_rgb(200, 40, 40);
const BLUE: Color32 = Color32::from_rgb(40, 90, 200);
const ORANGE: Color32 = Color32::from_rgb(230, 130, 20);
const GOLD: Color32 = Color32::from_rgb(250, 210, 40);

/// The attack being put together in the Combat Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackDraft {
    pub attackers: Vec<UnitIx>,
    pub bombarding: Vec<UnitIx>,
    pub defenders: Vec<UnitIx>,
    /// A lower column chosen by the attacker [6.2].
    pub lower: Option<usize>,
}

impl AttackDraft {
    pub fn is_empty(&self) -> bool {
        self.attackers.is_empty() && self.bombarding.is_empty() && self.defenders.is_empty()
    }
}

/// A playtest in progress.
pub struct Playtest {
    pub session: Session,
    pub seats: Seats<Naw>,
    /// The scenario file the game is played on (named in saved logs).
    pub scenario_file: Option<PathBuf>,
    /// The unit selected to move.
    pub selected: Option<UnitIx>,
    /// A reinforcement chosen from the list, to be placed on an entry hex.
    pub entering: Option<UnitIx>,
    /// Reachable hexes of the selected unit, for the position they were
    /// computed in (history length).
    reach: Option<(UnitIx, usize, Vec<Reach>)>,
    pub draft: AttackDraft,
    /// Units chosen as exchange losses [6.3].
    pub losses: Vec<UnitIx>,
    /// The unit chosen to advance when several may [6.6].
    pub advancing: Option<UnitIx>,
    /// The last thing done or refused: (accepted, text).
    pub message: Option<(bool, String)>,
    pub proposals: Option<Vec<Proposal>>,
    /// Whether a human seat's chit is shown (held by its player).
    pub peek: [bool; 2],
    pub game_over_dismissed: bool,
    /// History length when last saved.
    pub saved_len: usize,
    pub confirm_leave: bool,
    log: EventLog,
    drag: Option<UnitIx>,
    /// The engine's verdict on the drafted attack, for the position
    /// (history length) and draft it was asked for: checking an attack
    /// searches the remaining obligations, so it is not redone each frame.
    attack_check: Option<(usize, AttackDraft, Result<(), String>)>,
    pub hovered: Option<Hex>,
    /// Where the map was drawn last frame (tests and hit-testing).
    pub map_rect: Option<Rect>,
}

impl Playtest {
    pub fn new(session: Session, scenario_file: Option<PathBuf>) -> Playtest {
        let seats = Seats::new(&session);
        let saved_len = session.len();
        Playtest {
            session,
            seats,
            scenario_file,
            selected: None,
            entering: None,
            reach: None,
            draft: AttackDraft::default(),
            losses: Vec::new(),
            advancing: None,
            message: None,
            proposals: None,
            peek: [false; 2],
            game_over_dismissed: false,
            saved_len,
            confirm_leave: false,
            log: EventLog::default(),
            drag: None,
            attack_check: None,
            hovered: None,
            map_rect: None,
        }
    }

    /// Starts a game of the scenario; the engine's reason if it cannot be
    /// played.
    pub fn start(
        scenario: &Scenario,
        map: &Map,
        choice: StartChoice,
        scenario_file: Option<PathBuf>,
    ) -> Result<Playtest, String> {
        let variant = match choice.variant {
            VariantChoice::Off => VariantSetup::Off,
            VariantChoice::Drawn => VariantSetup::Drawn,
            VariantChoice::Fixed => VariantSetup::Fixed(choice.chits[0], choice.chits[1]),
        };
        let setup = Setup {
            seats: choice.seats,
            seed: choice.seed,
            rules: variant,
        };
        Session::start(scenario, map, setup)
            .map(|s| Playtest::new(s, scenario_file))
            .map_err(|e| e.to_string())
    }

    /// Resumes a saved game log on the scenario; seats as given.
    pub fn load(
        scenario: &Scenario,
        map: &Map,
        path: &Path,
        seats: [Seat; 2],
        scenario_file: Option<PathBuf>,
    ) -> Result<Playtest, String> {
        let log = super::read_log::<Naw>(path)?;
        let session = Session::resume(scenario, map, &log, seats)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut p = Playtest::new(session, scenario_file);
        p.seats.paused = true;
        p.message = Some((true, super::loaded_text(path, log.entries.len(), seats)));
        Ok(p)
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

    fn state(&self) -> &State {
        &self.session.shown().state
    }

    fn side_name(&self, side: u8) -> String {
        self.session.game.state.board.side_names[side as usize].clone()
    }

    /// Whether a human may give a command now.
    pub fn human_to_act(&self) -> bool {
        self.session.is_live()
            && !self.session.game.is_over()
            && self.session.seat_to_play().is_human()
    }

    fn unit_name(&self, u: UnitIx) -> String {
        let info = self.session.game.state.board.unit(u);
        if info.designation.is_empty() {
            info.id.to_string()
        } else {
            format!("{} ({})", info.designation, info.id)
        }
    }

    fn id(&self, u: UnitIx) -> crate::scenario::UnitId {
        self.session.game.state.board.unit(u).id.clone()
    }

    /// The counter's designation ("6th Inf"), or its id when it has none:
    /// what the odds panel and the suggestions name units by.
    fn short_name(&self, u: UnitIx) -> String {
        let info = self.session.game.state.board.unit(u);
        if info.designation.is_empty() {
            info.id.to_string()
        } else {
            info.designation.clone()
        }
    }

    /// Gives a command; the events or the refusal go to the message line.
    pub fn give(&mut self, cmd: Command) -> bool {
        match self.session.execute(&cmd) {
            Ok(events) => {
                self.message = Some((true, events_text(&self.session.game.state.board, &events)));
                self.after_change();
                true
            }
            Err(e) => {
                let why = self.session.game.state.board.refusal(&e);
                self.message = Some((false, format!("Refused: {why}")));
                false
            }
        }
    }

    /// Drops choices that no longer fit the position.
    fn after_change(&mut self) {
        let st = &self.session.game.state;
        if st.phase != Phase::Movement {
            self.selected = None;
            self.entering = None;
        }
        if let Some(u) = self.selected
            && st.unit_hex(u).is_none()
        {
            self.selected = None;
        }
        if let Some(u) = self.entering
            && st.pos[u as usize] != Pos::Waiting
        {
            self.entering = None;
        }
        if st.pending.is_some() || st.phase != Phase::Combat {
            self.draft = AttackDraft::default();
            self.proposals = None;
        }
        if !matches!(
            st.pending.as_ref().and_then(|p| p.steps.front()),
            Some(Step::Losses { .. })
        ) {
            self.losses.clear();
        }
        if !matches!(
            st.pending.as_ref().and_then(|p| p.steps.front()),
            Some(Step::Advance { .. })
        ) {
            self.advancing = None;
        }
        self.reach = None;
    }

    /// Selects a unit to move (its reachable hexes are shown).
    pub fn select(&mut self, u: Option<UnitIx>) {
        self.selected = u;
        self.entering = None;
        self.reach = None;
    }

    /// The reachable hexes of the selected unit in the shown position.
    pub fn reach(&mut self) -> &[Reach] {
        let len = self.session.cursor();
        let stale = match (&self.reach, self.selected) {
            (Some((u, n, _)), Some(s)) => *u != s || *n != len,
            (None, Some(_)) => true,
            (_, None) => {
                self.reach = None;
                return &[];
            }
        };
        if stale && let Some(u) = self.selected {
            let r = self.state().reachable(u);
            self.reach = Some((u, len, r));
        }
        self.reach.as_ref().map_or(&[], |(_, _, r)| r.as_slice())
    }

    /// Moves the selected unit to a hex: along the path shown when the hex
    /// is reachable, else by asking the engine, which says why not.
    pub fn move_selected_to(&mut self, h: Hex) -> bool {
        let Some(u) = self.selected else {
            return false;
        };
        let path = self
            .reach()
            .iter()
            .find(|r| r.hex == h)
            .map(|r| r.path.clone());
        let unit = self.id(u);
        let cmd = match path {
            Some(path) => Command::Move { unit, path },
            None => Command::MoveTo { unit, to: h },
        };
        self.give(cmd)
    }

    /// Units on a hex in the shown position, bottom first.
    pub fn units_at(&self, h: Hex) -> Vec<UnitIx> {
        let st = self.state();
        let Some(ix) = st.board.ix(h) else {
            return vec![];
        };
        st.pos
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == Pos::OnMap(ix))
            .map(|(i, _)| i as UnitIx)
            .collect()
    }

    /// A click on the map (left button, no drag).
    pub fn click(&mut self, h: Hex) {
        if !self.session.is_live() {
            self.message = Some((
                false,
                "Showing an earlier position: go back to the present (End) to play".into(),
            ));
            return;
        }
        if self.session.game.is_over() {
            return;
        }
        if !self.session.seat_to_play().is_human() {
            self.message = Some((false, "The computer is playing; pause it to look".into()));
            return;
        }
        let st = self.session.game.state.clone();
        let here = self.units_at(h);
        let to_act = st.to_act();
        if let Some(step) = st.pending.as_ref().and_then(|p| p.steps.front()).cloned() {
            match step {
                Step::Retreat { unit, .. } => {
                    let unit = self.id(unit);
                    self.give(Command::Retreat { unit, to: h });
                }
                Step::Losses { .. } => {
                    // Only the attack's own units can be its losses [6.3].
                    let attackers = st.loss_candidates();
                    for u in here.into_iter().filter(|u| attackers.contains(u)) {
                        if let Some(i) = self.losses.iter().position(|&x| x == u) {
                            self.losses.remove(i);
                        } else {
                            self.losses.push(u);
                        }
                    }
                }
                Step::Advance { units, .. } => {
                    if let Some(&u) = here.iter().find(|u| units.contains(u)) {
                        self.advancing = Some(u);
                    } else if let Some(u) = self.advancing.or(units.first().copied()) {
                        let unit = self.id(u);
                        self.give(Command::Advance { unit, to: h });
                    }
                }
            }
            return;
        }
        match st.phase {
            Phase::Movement => {
                if let Some(u) = self.entering {
                    let unit = self.id(u);
                    if self.give(Command::Enter { unit, hex: h }) {
                        self.entering = None;
                    }
                    return;
                }
                let own: Vec<UnitIx> = here
                    .iter()
                    .copied()
                    .filter(|&u| st.side_of(u) == to_act)
                    .collect();
                if !own.is_empty() {
                    // Clicking a stack again picks the next unit in it.
                    let next = match self.selected.and_then(|s| own.iter().position(|&u| u == s)) {
                        Some(i) => own[(i + 1) % own.len()],
                        None => own[own.len() - 1],
                    };
                    if self.selected == Some(next) && own.len() == 1 {
                        self.select(None);
                    } else {
                        self.select(Some(next));
                        let left = st.movement_left(next);
                        let r = self.reach().len();
                        let name = self.unit_name(next);
                        // The engine says whether the MP can still be
                        // used: a unit that entered or moved is done once
                        // another has moved [4.0].
                        self.message = Some((
                            true,
                            match st.cannot_move(next) {
                                Some(why) => {
                                    format!("{name}: cannot move now — {}", st.board.refusal(&why))
                                }
                                None if r == 0 => {
                                    format!("{name}: {left} MP left, but no hex is within reach")
                                }
                                None => format!(
                                    "{name}: {left} MP left, {} within reach",
                                    crate::words::counted(r, "hex", "hexes")
                                ),
                            },
                        ));
                    }
                    return;
                }
                if self.selected.is_some() {
                    self.move_selected_to(h);
                } else if let Some(&u) = here.last() {
                    self.message = Some((
                        true,
                        format!(
                            "{} belongs to {}",
                            self.unit_name(u),
                            self.side_name(st.side_of(u))
                        ),
                    ));
                }
            }
            Phase::Combat => {
                for u in here {
                    self.toggle_in_attack(u);
                }
            }
        }
    }

    /// Adds a unit to the attack being drafted, or takes it out: enemies
    /// are defenders, friends adjacent to an enemy attack, other friendly
    /// artillery bombards [5.4], [5.6].
    pub fn toggle_in_attack(&mut self, u: UnitIx) {
        self.proposals = None;
        let d = &mut self.draft;
        for list in [&mut d.attackers, &mut d.bombarding, &mut d.defenders] {
            if let Some(i) = list.iter().position(|&x| x == u) {
                list.remove(i);
                d.lower = None;
                return;
            }
        }
        let st = &self.session.game.state;
        if st.side_of(u) != st.phasing {
            d.defenders.push(u);
        } else if st.touches_enemy(u, false) || st.board.unit(u).kind != UnitKind::Artillery {
            d.attackers.push(u);
        } else {
            d.bombarding.push(u);
        }
        d.lower = None;
    }

    /// The attack command the draft describes.
    pub fn attack_command(&self) -> Command {
        let ids = |v: &[UnitIx]| v.iter().map(|&u| self.id(u)).collect::<Vec<_>>();
        let st = &self.session.game.state;
        Command::Attack {
            attackers: ids(&self.draft.attackers),
            bombarding: ids(&self.draft.bombarding),
            defenders: ids(&self.draft.defenders),
            column: self
                .draft
                .lower
                .and_then(|c| st.board.crt.columns.get(c).copied()),
        }
    }

    /// Whether the engine would accept the drafted attack now, and if not
    /// why (cached per position and draft).
    pub fn check_draft(&mut self) -> Result<(), String> {
        let len = self.session.len();
        if let Some((n, d, r)) = &self.attack_check
            && *n == len
            && *d == self.draft
        {
            return r.clone();
        }
        let r = self
            .session
            .check(&self.attack_command())
            .map_err(|e| self.session.game.state.board.refusal(&e));
        self.attack_check = Some((len, self.draft.clone(), r.clone()));
        r
    }

    /// Declares the drafted attack and rolls.
    /// Declares the drafted attack and rolls; once resolved, the draft is
    /// cleared (its units are now involved [5.2], so it could not be
    /// rolled again).
    pub fn roll(&mut self) -> bool {
        let cmd = self.attack_command();
        let ok = self.give(cmd);
        if ok {
            self.draft = AttackDraft::default();
        }
        ok
    }

    pub fn end_phase(&mut self) -> bool {
        let cmd = match self.session.game.state.phase {
            Phase::Movement => Command::EndMovement,
            Phase::Combat => Command::EndCombat,
        };
        self.give(cmd)
    }

    pub fn undo(&mut self) {
        match self.session.undo_move() {
            Ok(c) => {
                self.message = Some((true, format!("Took back {}", Naw::command_name(&c))));
                self.after_change();
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
                let text = events_text(&self.session.game.state.board, &events);
                self.message = Some((
                    true,
                    format!("{who} (computer): {} — {text}", Naw::command_name(&cmd)),
                ));
                self.after_change();
                true
            }
            Played::Stuck(why) => {
                // Commands played before it this frame still count.
                self.message = Some((false, why));
                self.after_change();
                false
            }
        }
    }

    /// Plays the next computer command now, even when paused.
    pub fn step_computer(&mut self) {
        self.seats.step_computer();
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

    fn refresh_log(&mut self) {
        // The chits stay secret (the game-over window reveals them) [9.0].
        self.log.refresh(&self.session.game, |g, e| {
            (!matches!(e, Event::AttackFinished)).then(|| log_text(&g.state.board, e))
        });
    }

    /// The whole playtest for a frame: its panels and the map.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &mut MapView,
        draw: DrawOptions,
    ) -> PlaytestAction {
        let ctx = ui.ctx().clone();
        let mut action = PlaytestAction::None;
        let typing = ctx.text_edit_focused();
        if !typing && !self.confirm_leave {
            self.keys(&ctx, &mut action);
        }
        let now = ctx.input(|i| i.time);
        // The seats wait while the leave prompt is open (issue 35 item 24).
        if !self.confirm_leave {
            self.tick(now);
        }
        if self.computer_busy() {
            let wait = self.seats.wait(now);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait.min(0.25)));
        }
        self.refresh_log();
        egui::Panel::bottom("game status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::bottom("game log")
            .resizable(true)
            .default_size(170.0)
            .min_size(80.0)
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width((ui.available_width() - 420.0).max(200.0));
                        self.log_ui(ui);
                    });
                    ui.separator();
                    ui.vertical(|ui| self.crt_ui(ui));
                });
            });
        egui::Panel::right("game")
            .resizable(true)
            .default_size(370.0)
            .min_size(320.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.panel_ui(ui, &mut action));
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.map_ui(ui, view, draw));
        self.game_over_ui(&ctx, &mut action);
        self.leave_ui(&ctx, &mut action);
        action
    }

    fn keys(&mut self, ctx: &egui::Context, action: &mut PlaytestAction) {
        ctx.input_mut(|i| {
            if i.consume_shortcut(&UNDO_MOVE) {
                self.undo();
            }
            if i.consume_shortcut(&END_PHASE) && self.human_to_act() {
                self.end_phase();
            }
            if i.consume_shortcut(&SAVE_GAME) {
                *action = PlaytestAction::SaveGame;
            }
            if i.consume_shortcut(&LOAD_GAME) {
                *action = PlaytestAction::LoadGame;
            }
            if i.consume_shortcut(&STEP_BACK) {
                self.session.step_back();
            }
            if i.consume_shortcut(&STEP_FORWARD) {
                self.session.step_forward();
            }
            if i.key_pressed(Key::End) && i.modifiers.is_none() {
                self.session.seek(usize::MAX);
            }
            if i.key_pressed(Key::Home) && i.modifiers.is_none() {
                self.session.seek(0);
            }
            if i.key_pressed(Key::Escape) {
                self.select(None);
                self.draft = AttackDraft::default();
                self.proposals = None;
            }
            if i.key_pressed(Key::Space) && i.modifiers.is_none() {
                self.seats.paused = !self.seats.paused;
            }
            if i.key_pressed(Key::Period) && i.modifiers.is_none() {
                self.seats.step_computer();
            }
            if i.key_pressed(Key::F5) {
                *action = PlaytestAction::Leave;
            }
        });
        if *action == PlaytestAction::Leave {
            *action = PlaytestAction::None;
            self.request_leave();
        }
        let (next, suggest) = ctx.input(|i| {
            (
                i.key_pressed(Key::N) && i.modifiers.is_none(),
                i.key_pressed(Key::A) && i.modifiers.is_none(),
            )
        });
        if next && self.human_to_act() {
            self.select_next_mover();
        }
        if suggest && self.human_to_act() {
            self.take_suggestion();
        }
        let enter = ctx.input(|i| i.key_pressed(Key::Enter) && i.modifiers.is_none());
        if enter
            && self.human_to_act()
            && self.session.game.state.phase == Phase::Combat
            && self.session.game.state.pending.is_none()
            && !self.draft.is_empty()
        {
            self.roll();
        }
    }

    /// N: selects the next unit of the side to play that can still move.
    pub fn select_next_mover(&mut self) {
        let st = &self.session.game.state;
        if st.phase != Phase::Movement || st.pending.is_some() {
            return;
        }
        let n = st.board.units.len();
        let start = self.selected.map_or(0, |u| u as usize + 1);
        let found = (0..n)
            .map(|k| ((start + k) % n) as UnitIx)
            .find(|&u| st.side_of(u) == st.phasing && !st.reachable(u).is_empty());
        match found {
            Some(u) => {
                self.select(Some(u));
                let left = self.session.game.state.movement_left(u);
                self.message = Some((true, format!("{}: {left} MP left", self.unit_name(u))));
            }
            None => {
                self.message = Some((true, "No unit can move any more this phase".into()));
            }
        }
    }

    /// A: puts the next attack of a complete suggested assignment into the
    /// draft [5.1].
    pub fn take_suggestion(&mut self) {
        let st = &self.session.game.state;
        if st.phase != Phase::Combat || st.pending.is_some() {
            return;
        }
        match st.suggest_attacks(None) {
            Some(p) if !p.is_empty() => {
                let first = &p[0];
                self.draft = AttackDraft {
                    attackers: first.attackers.clone(),
                    bombarding: first.bombarding.clone(),
                    defenders: first.defenders.clone(),
                    lower: None,
                };
                self.message = Some((
                    true,
                    if p.len() == 1 {
                        "Suggested: the one attack that meets every obligation [5.1]".to_string()
                    } else {
                        format!(
                            "Suggested: the first of {} attacks that together meet every obligation [5.1]",
                            p.len()
                        )
                    },
                ));
                self.proposals = Some(p);
            }
            Some(_) => self.message = Some((true, "No attacks are required [5.1]".into())),
            None => {
                self.message = Some((
                    false,
                    "No set of attacks meets every obligation from here [5.1]".into(),
                ))
            }
        }
    }

    /// Leaves the playtest, asking first if the game has unsaved moves.
    pub fn request_leave(&mut self) {
        self.confirm_leave = true;
    }

    fn leave_ui(&mut self, ctx: &egui::Context, action: &mut PlaytestAction) {
        let unsaved = self.unsaved() && !(self.session.game.is_over() && self.game_over_dismissed);
        super::leave_ui(
            ctx,
            &mut self.confirm_leave,
            unsaved,
            self.session.len(),
            action,
        );
    }

    fn status_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let st = self.state();
            match self.hovered.and_then(|h| st.board.ix(h).map(|i| (h, i))) {
                Some((h, ix)) if st.board.info(ix).on_map => {
                    let mut text = format!("{h}  {}", st.board.info(ix).terrain_name);
                    for u in self.units_at(h) {
                        let info = st.board.unit(u);
                        text.push_str(&format!(
                            "  |  {} {} {}-{} [{}]",
                            info.designation,
                            info.kind.name(),
                            info.strength,
                            info.movement,
                            info.id
                        ));
                    }
                    ui.monospace(text);
                }
                _ => {
                    ui.monospace("—");
                }
            }
            if let Some((ok, msg)) = &self.message {
                ui.separator();
                let c = if *ok { ui.visuals().text_color() } else { RED };
                ui.label(RichText::new(msg).color(c));
            }
        });
    }

    fn log_ui(&mut self, ui: &mut egui::Ui) {
        self.log.ui(ui, self.session.cursor());
    }

    /// The column the CRT highlights: the drafted attack's, or the last
    /// attack's; and the last die roll for that attack.
    fn crt_focus(&self) -> (Option<usize>, Option<u32>) {
        let st = self.state();
        if st.phase == Phase::Combat && st.pending.is_none() && !self.draft.is_empty() {
            let o = st.odds(
                &self.draft.attackers,
                &self.draft.bombarding,
                &self.draft.defenders,
                self.draft.lower,
            );
            return (Some(o.final_column), None);
        }
        let g = self.session.shown();
        let n = self.session.cursor();
        // The last attack of the current Combat Phase.
        for (cmd, events) in g.history[..n.min(g.history.len())].iter().rev() {
            if matches!(cmd, Command::EndCombat | Command::EndMovement) {
                break;
            }
            if let Command::Attack { .. } = cmd {
                let mut col = None;
                let mut roll = None;
                for e in events {
                    match e {
                        Event::AttackDeclared { column, .. } => {
                            col = st.board.crt.columns.iter().position(|c| c == column);
                        }
                        Event::DieRolled { roll: r } => roll = Some(*r),
                        _ => {}
                    }
                }
                return (col, roll);
            }
        }
        (None, None)
    }

    fn crt_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Combat Results Table [6.3]");
        let (focus, roll) = self.crt_focus();
        let st = self.state();
        let crt = &st.board.crt;
        egui::Grid::new("crt")
            .spacing(vec2(4.0, 1.0))
            .min_col_width(28.0)
            .show(ui, |ui| {
                ui.label(RichText::new("die").small().weak());
                for (i, c) in crt.columns.iter().enumerate() {
                    let t = RichText::new(c.to_string()).small().strong();
                    if Some(i) == focus {
                        ui.label(t.background_color(GOLD).color(Color32::BLACK));
                    } else {
                        ui.label(t);
                    }
                }
                ui.end_row();
                for row in &crt.rows {
                    ui.label(RichText::new(row.die.to_string()).small().weak());
                    for (i, r) in row.results.iter().enumerate() {
                        let mut t = RichText::new(r.code()).small().monospace();
                        if Some(i) == focus {
                            t = if Some(row.die) == roll {
                                t.background_color(RED).color(Color32::WHITE).strong()
                            } else {
                                t.background_color(Color32::from_rgb(250, 235, 160))
                                    .color(Color32::BLACK)
                            };
                        }
                        ui.label(t);
                    }
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new("Ae/Ar: attacker eliminated/retreats; Ee: exchange; Dr/De: defender retreats/eliminated")
                .small()
                .weak(),
        );
    }

    fn panel_ui(&mut self, ui: &mut egui::Ui, action: &mut PlaytestAction) {
        self.turn_ui(ui, action);
        ui.separator();
        super::message_ui(ui, self.message.as_ref());
        if self.human_to_act() {
            let st = &self.session.game.state;
            if st.pending.is_some() {
                self.pending_ui(ui);
            } else if st.phase == Phase::Movement {
                self.movement_ui(ui);
            } else {
                self.combat_ui(ui);
            }
        } else if !self.session.game.is_over() && self.session.is_live() {
            ui.label(format!(
                "{} (computer) is playing.",
                self.side_name(self.session.game.state.to_act())
            ));
        }
        self.die_ui(ui);
        ui.separator();
        self.score_ui(ui);
        ui.separator();
        self.reinforcements_due_ui(ui);
        if self.session.setup.seats.iter().any(|s| !s.is_human()) {
            ui.separator();
            self.computer_ui(ui);
        }
        ui.separator();
        self.replay_ui(ui, action);
        self.legend_ui(ui);
    }

    fn turn_ui(&mut self, ui: &mut egui::Ui, action: &mut PlaytestAction) {
        let st = self.state().clone();
        let side = self.side_name(st.phasing);
        ui.horizontal(|ui| {
            ui.heading(format!("Game-Turn {} of {}", st.turn, st.board.turns));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button("Back to editor")
                    .on_hover_text("Leave the playtest (F5); the scenario is as it was")
                    .clicked()
                {
                    *action = PlaytestAction::None;
                    self.request_leave();
                }
            });
        });
        let phase = match st.phase {
            Phase::Movement => "Movement Phase [4.0]",
            Phase::Combat => "Combat Phase [6.0]",
        };
        ui.label(RichText::new(format!("{side} {phase}")).strong().size(16.0));
        if let Some(o) = &st.outcome {
            ui.colored_label(RED, outcome_text(o));
        } else {
            let to_act = st.to_act();
            let seat = self.session.setup.seats[to_act as usize];
            ui.label(format!(
                "To act: {} ({})",
                self.side_name(to_act),
                seat.name()
            ));
        }
        if !self.session.is_live() {
            ui.horizontal(|ui| {
                ui.colored_label(
                    ORANGE,
                    format!(
                        "Replay: position after command {} of {}",
                        self.session.cursor(),
                        self.session.len()
                    ),
                );
                if ui.button("Back to the present").clicked() {
                    self.session.seek(usize::MAX);
                }
            });
        }
    }

    fn movement_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Move");
        let st = self.state().clone();
        match self.selected {
            Some(u) => {
                let info = st.board.unit(u);
                let why = st.cannot_move(u);
                ui.label(format!(
                    "{}: {} {}-{}{}",
                    self.unit_name(u),
                    info.kind.name(),
                    info.strength,
                    info.movement,
                    match &why {
                        Some(_) => String::new(),
                        None => format!(", {} MP left", st.movement_left(u)),
                    }
                ));
                let n = self.reach().len();
                ui.label(
                    RichText::new(if let Some(why) = &why {
                        format!(
                            "It cannot move now: {}.",
                            st.board
                                .refusal(why)
                                .trim_start_matches("may not move: ")
                        )
                    } else if n == 0 {
                        "No hex is within its reach.".to_string()
                    } else {
                        format!(
                            "{} within reach: click or drag to one. Orange hexes stop it (enemy Zone of Control [4.5]).",
                            crate::words::counted(n, "hex", "hexes")
                        )
                    })
                    .weak(),
                );
                let exit = Command::Exit {
                    unit: info.id.clone(),
                };
                if st.board.exit_side == st.side_of(u) && !st.board.exit_hexes.is_empty() {
                    let check = self.session.check(&exit);
                    let b = ui.add_enabled(check.is_ok(), egui::Button::new("Exit the map"));
                    let b = match &check {
                        Ok(()) => b.on_hover_text("Take the unit off through its exit hex [8.3]"),
                        Err(e) => b.on_disabled_hover_text(st.board.refusal(e)),
                    };
                    if b.clicked() {
                        self.give(exit);
                    }
                }
            }
            None => {
                ui.label(
                    RichText::new("Click one of your units to see where it can go (N: the next unit that can move).")
                        .weak(),
                );
            }
        }
        self.reinforcements_ui(ui);
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let undo = self.session.can_undo_move();
            let b = ui.add_enabled(undo.is_ok(), egui::Button::new("Undo move"));
            let b = match &undo {
                Ok(()) => b.on_hover_text("Take back the last move (Ctrl+Z)"),
                Err(e) => b.on_disabled_hover_text(e.to_string()),
            };
            if b.clicked() {
                self.undo();
            }
            if ui
                .button("End movement")
                .on_hover_text("End the Movement Phase (Ctrl+Enter)")
                .clicked()
            {
                self.end_phase();
            }
        });
    }

    fn reinforcements_ui(&mut self, ui: &mut egui::Ui) {
        let avail = self.session.game.state.available_reinforcements();
        if avail.is_empty() {
            return;
        }
        ui.add_space(4.0);
        ui.strong("Reinforcements [7.0]");
        for (u, hexes) in avail {
            ui.horizontal(|ui| {
                let name = self.unit_name(u);
                let chosen = self.entering == Some(u);
                let label = if hexes.is_empty() {
                    format!("{name}: every entry hex is blocked [7.2]")
                } else {
                    let st = &self.session.game.state;
                    let list = hexes
                        .iter()
                        .map(|&h| st.board.hex(h).label())
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!("{name}: enters at {list}")
                };
                if ui.selectable_label(chosen, label).clicked() {
                    self.selected = None;
                    self.reach = None;
                    self.entering = if chosen { None } else { Some(u) };
                    if !chosen {
                        self.message =
                            Some((true, "Click a blue entry hex to bring the unit on".into()));
                    }
                }
            });
        }
    }

    fn combat_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Attack");
        let st = &self.session.game.state;
        let ra = st.required_attackers();
        let rd = st.required_defenders();
        if ra.is_empty() && rd.is_empty() {
            ui.label(RichText::new("No attacks are required [5.1].").weak());
        } else {
            let names = |v: &[UnitIx]| {
                v.iter()
                    .map(|&u| self.unit_name(u))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            ui.label(format!("Must attack [5.1]: {}", names(&ra)));
            ui.label(format!("Must be attacked [5.1]: {}", names(&rd)));
        }
        ui.label(
            RichText::new(
                "Click enemy units to attack them, your units to attack with them (artillery two hexes away bombards). A takes the next suggested attack.",
            )
            .weak(),
        );
        if !self.draft.is_empty() {
            self.odds_ui(ui);
        }
        ui.horizontal(|ui| {
            if ui
                .button("Suggest attacks")
                .on_hover_text("A complete set of attacks meeting every obligation [5.1]")
                .clicked()
            {
                let st = &self.session.game.state;
                match st.suggest_attacks(None) {
                    Some(p) => {
                        self.message = Some((
                            true,
                            if p.is_empty() {
                                "No attacks are required".into()
                            } else {
                                format!("{} attacks meet every obligation", p.len())
                            },
                        ));
                        self.proposals = Some(p);
                    }
                    None => {
                        self.message = Some((
                            false,
                            "No set of attacks meets every obligation from here [5.1]".into(),
                        ));
                    }
                }
            }
            if ui
                .button("End combat")
                .on_hover_text("End the Combat Phase (Ctrl+Enter)")
                .clicked()
            {
                self.end_phase();
            }
        });
        if let Some(props) = self.proposals.clone() {
            for (i, p) in props.iter().enumerate() {
                let names = |v: &[UnitIx]| {
                    v.iter()
                        .map(|&u| self.short_name(u))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let mut text = format!("{} on {}", names(&p.attackers), names(&p.defenders));
                if !p.bombarding.is_empty() {
                    text.push_str(&format!(" (bombarding: {})", names(&p.bombarding)));
                }
                ui.horizontal(|ui| {
                    if ui.button(format!("Use {}", i + 1)).clicked() {
                        self.draft = AttackDraft {
                            attackers: p.attackers.clone(),
                            bombarding: p.bombarding.clone(),
                            defenders: p.defenders.clone(),
                            lower: None,
                        };
                    }
                    ui.label(text);
                });
            }
        }
    }

    fn odds_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let d = self.draft.clone();
        let o = st.odds(&d.attackers, &d.bombarding, &d.defenders, d.lower);
        let cols = &st.board.crt.columns;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong("Odds [6.2]");
            let line = |v: &[UnitIx], what: &str| -> String {
                let parts: Vec<String> = v
                    .iter()
                    .map(|&u| format!("{} {}", self.short_name(u), st.board.unit(u).strength))
                    .collect();
                format!(
                    "{what}: {}",
                    if parts.is_empty() {
                        "—".into()
                    } else {
                        parts.join(" + ")
                    }
                )
            };
            ui.label(line(&d.attackers, "Attackers"));
            if !d.bombarding.is_empty() {
                ui.label(line(&d.bombarding, "Bombarding [5.6]"));
            }
            let defs: Vec<String> = d
                .defenders
                .iter()
                .map(|&u| {
                    let s = st.board.unit(u).strength;
                    let m = st.defence_strength(u) / s.max(1);
                    if o.doubled.contains(&u) {
                        format!(
                            "{} {s} x{m} {} = {}",
                            self.short_name(u),
                            st.unit_hex(u).map_or(String::new(), |h| st
                                .board
                                .info(h)
                                .terrain_name
                                .to_lowercase()),
                            st.defence_strength(u)
                        )
                    } else {
                        format!("{} {s}", self.short_name(u))
                    }
                })
                .collect();
            ui.label(format!(
                "Defenders: {}",
                if defs.is_empty() {
                    "—".into()
                } else {
                    defs.join(" + ")
                }
            ));
            ui.label(
                RichText::new(format!(
                    "{} to {}: ratio {}, column {}",
                    o.attack,
                    o.defence,
                    o.ratio,
                    cols.get(o.column).map_or("-".into(), |c| c.to_string())
                ))
                .strong(),
            );
            let side = st.phasing;
            let shift =
                o.final_column as i64 - d.lower.map_or(o.column, |l| l.min(o.column)) as i64;
            if st.demoralized.iter().any(|&x| x) {
                ui.label(format!(
                    "Demoralization [8.2]: {} column{} ({} {}demoralized, {} {}demoralized)",
                    if shift >= 0 {
                        format!("+{shift}")
                    } else {
                        shift.to_string()
                    },
                    if shift.abs() == 1 { "" } else { "s" },
                    self.side_name(side),
                    if st.demoralized[side as usize] {
                        ""
                    } else {
                        "not "
                    },
                    self.side_name(1 - side),
                    if st.demoralized[1 - side as usize] {
                        ""
                    } else {
                        "not "
                    },
                ));
            }
            ui.horizontal(|ui| {
                let l = ui.label("Resolve on");
                let current = d.lower.unwrap_or(o.column).min(o.column);
                let mut pick = current;
                egui::ComboBox::from_id_salt("lower column")
                    .selected_text(cols.get(current).map_or("-".into(), |c| c.to_string()))
                    .show_ui(ui, |ui| {
                        for i in (0..=o.column).rev() {
                            let text = if i == o.column {
                                format!("{} (the odds)", cols[i])
                            } else {
                                format!("{} (lowered [6.2])", cols[i])
                            };
                            ui.selectable_value(&mut pick, i, text);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                if pick != current {
                    self.draft.lower = (pick != o.column).then_some(pick);
                }
            });
            let final_col = cols
                .get(o.final_column)
                .map_or("-".into(), |c| c.to_string());
            ui.label(
                RichText::new(format!("Final column: {final_col}"))
                    .strong()
                    .size(15.0),
            );
            let check = self.check_draft();
            if let Err(e) = &check {
                ui.colored_label(RED, format!("Not allowed: {e}"));
            }
            ui.horizontal(|ui| {
                let b = ui.add_enabled(check.is_ok(), egui::Button::new("Roll"));
                if b.on_hover_text("Declare the attack and roll the die (Enter)")
                    .clicked()
                {
                    self.roll();
                }
                if ui.button("Clear").clicked() {
                    self.draft = AttackDraft::default();
                }
            });
        });
    }

    fn pending_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let Some(step) = st.pending.as_ref().and_then(|p| p.steps.front()).cloned() else {
            return;
        };
        ui.strong(st.describe_step(&step));
        match step {
            Step::Retreat { unit, optional, .. } => {
                let opts = st.retreat_options(unit);
                if opts.is_empty() {
                    ui.label("No hex to retreat into: the unit is eliminated when it cannot retreat [6.4].");
                }
                ui.label(RichText::new("Click a yellow hex on the map, or:").weak());
                ui.horizontal_wrapped(|ui| {
                    for (h, displaced) in opts {
                        let hex = st.board.hex(h);
                        let text = match displaced {
                            Some(v) => format!("{hex} (displaces {})", st.board.unit(v).id),
                            None => hex.to_string(),
                        };
                        if ui.button(text).clicked() {
                            let unit = self.id(unit);
                            self.give(Command::Retreat { unit, to: hex });
                            return;
                        }
                    }
                });
                if optional && ui.button("Hold position [6.8]").clicked() {
                    let unit = self.id(unit);
                    self.give(Command::HoldPosition { unit });
                }
            }
            Step::Losses { at_least } => {
                let attackers = st.loss_candidates();
                let chosen: u32 = self.losses.iter().map(|&u| st.board.unit(u).strength).sum();
                for u in attackers {
                    let mut on = self.losses.contains(&u);
                    let text = format!(
                        "{} ({})",
                        self.unit_name(u),
                        crate::words::counted(st.board.unit(u).strength, "point", "points")
                    );
                    if ui.checkbox(&mut on, text).changed() {
                        if on {
                            self.losses.push(u);
                        } else {
                            self.losses.retain(|&x| x != u);
                        }
                    }
                }
                ui.label(format!(
                    "Chosen: {chosen} of at least {}",
                    crate::words::counted(at_least, "point", "points")
                ));
                if ui.button("Take these losses").clicked() {
                    let units = self.losses.iter().map(|&u| self.id(u)).collect();
                    self.give(Command::ChooseLosses { units });
                }
            }
            Step::Advance { units, hexes, .. } => {
                let unit = self.advancing.or(units.first().copied());
                ui.label(
                    RichText::new("Pick the unit, then click a green hex, or decline.").weak(),
                );
                ui.horizontal_wrapped(|ui| {
                    for &u in &units {
                        if ui
                            .selectable_label(unit == Some(u), self.unit_name(u))
                            .clicked()
                        {
                            self.advancing = Some(u);
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for &h in &hexes {
                        let hex = st.board.hex(h);
                        if ui.button(format!("Advance to {hex}")).clicked()
                            && let Some(u) = unit
                        {
                            let unit = self.id(u);
                            self.give(Command::Advance { unit, to: hex });
                            return;
                        }
                    }
                });
                if ui.button("Do not advance").clicked() {
                    self.give(Command::DeclineAdvance);
                }
            }
        }
    }

    /// The last die roll of the shown position's current attack, drawn as
    /// a die, with its result.
    fn die_ui(&mut self, ui: &mut egui::Ui) {
        let g = self.session.shown();
        let n = self.session.cursor().min(g.history.len());
        let last = g.history[..n]
            .iter()
            .rev()
            .take(6)
            .find(|(c, _)| matches!(c, Command::Attack { .. }));
        let Some((_, events)) = last else {
            return;
        };
        let roll = events.iter().find_map(|e| match e {
            Event::DieRolled { roll } => Some(*roll),
            _ => None,
        });
        let result = events.iter().find_map(|e| match e {
            Event::CombatResult { result } => Some(*result),
            _ => None,
        });
        let (Some(roll), Some(result)) = (roll, result) else {
            return;
        };
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::hover());
            draw_die(ui.painter(), rect, roll);
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("Die roll {roll}")).strong());
                ui.label(format!("{}: {}", result.code(), result.meaning()));
            });
        });
    }

    fn score_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let over = st.outcome.is_some();
        egui::Grid::new("score").num_columns(2).show(ui, |ui| {
            for side in 0..2u8 {
                let s = side as usize;
                let name = self.side_name(side);
                ui.label(format!("{name} losses"));
                let th = st.board.thresholds[s].max(1);
                let mut text = format!(
                    "{} of {} [8.1]",
                    st.losses[s],
                    crate::words::counted(th, "point", "points")
                );
                if st.demoralized[s] {
                    text.push_str(" — demoralized [8.2]");
                }
                ui.add(
                    egui::ProgressBar::new((st.losses[s] as f32 / th as f32).min(1.0))
                        .desired_width(210.0)
                        .text(text),
                );
                ui.end_row();
            }
            let e = st.board.exit_side;
            if !st.board.exit_hexes.is_empty() {
                ui.label(format!("{} exited", self.side_name(e)));
                ui.label(format!(
                    "{} of {} [8.3]",
                    st.exited[e as usize],
                    crate::words::counted(st.board.exits_needed, "unit", "units")
                ));
                ui.end_row();
            }
            if let Some(chits) = st.chits {
                ui.label("Variant chits [9.0]");
                ui.horizontal(|ui| {
                    for side in 0..2u8 {
                        let s = side as usize;
                        let seat = self.session.setup.seats[s];
                        let name = self.side_name(side);
                        if over {
                            ui.label(format!("{name}: {}", chits[s]));
                        } else if seat.is_human() {
                            let r = ui
                                .add(
                                    egui::Button::new(format!("{name}: hold to see"))
                                        .sense(Sense::drag()),
                                )
                                .on_hover_text("Only the player of this side should look");
                            if r.is_pointer_button_down_on() {
                                ui.label(format!("{}", chits[s]));
                            }
                        } else {
                            ui.label(format!("{name}: hidden"));
                        }
                    }
                });
                ui.end_row();
            }
        });
    }

    fn reinforcements_due_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let side = st.phasing;
        let mut due: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for (i, info) in st.board.units.iter().enumerate() {
            if info.side == side
                && st.pos[i] == Pos::Waiting
                && let Some(t) = st.arrival[i]
                && t <= st.turn + 1
            {
                due.entry(t.max(st.turn))
                    .or_default()
                    .push(info.id.to_string());
            }
        }
        ui.strong(format!("{} reinforcements due [7.0]", self.side_name(side)));
        if due.is_empty() {
            ui.label(RichText::new("none this turn or next").weak());
        }
        for (t, units) in due {
            let when = if t == st.turn {
                "now".to_string()
            } else {
                format!("turn {t}")
            };
            ui.label(format!("{when}: {}", units.join(", ")));
        }
    }

    fn computer_ui(&mut self, ui: &mut egui::Ui) {
        self.seats.ui(ui);
    }

    fn replay_ui(&mut self, ui: &mut egui::Ui, action: &mut PlaytestAction) {
        history_ui(ui, &mut self.session, action);
    }

    fn legend_ui(&mut self, ui: &mut egui::Ui) {
        ui.separator();
        ui.label(
            RichText::new(
                "Map: green = reachable, orange = reachable but stops there (enemy ZOC), blue = entry hexes, yellow = retreat hexes. Red ! = must attack, red ring = must be attacked; green/blue/red outline = attacker/bombarding/defender, purple = in the attack being resolved; dimmed = moved or already in an attack. Blue dots: the last move.",
            )
            .small()
            .weak(),
        );
    }

    fn game_over_ui(&mut self, ctx: &egui::Context, action: &mut PlaytestAction) {
        let Some(outcome) = self.session.game.state.outcome.clone() else {
            return;
        };
        if self.game_over_dismissed || !self.session.is_live() {
            return;
        }
        let st = self.state().clone();
        egui::Modal::new(egui::Id::unique("game over")).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading("Game over");
            ui.label(RichText::new(outcome_text(&outcome)).strong().size(16.0));
            ui.label(format!(
                "Game-Turn {} of {}, {}.",
                st.turn,
                st.board.turns,
                crate::words::counted(self.session.len(), "command", "commands")
            ));
            for side in 0..2u8 {
                let s = side as usize;
                ui.label(format!(
                    "{}: lost {} of {}{}",
                    self.side_name(side),
                    st.losses[s],
                    crate::words::counted(st.board.thresholds[s], "point", "points"),
                    if st.demoralized[s] {
                        ", demoralized"
                    } else {
                        ""
                    }
                ));
            }
            if !st.board.exit_hexes.is_empty() {
                ui.label(format!(
                    "Exited by {}: {} of {}",
                    self.side_name(st.board.exit_side),
                    st.exited[st.board.exit_side as usize],
                    crate::words::counted(st.board.exits_needed, "unit", "units")
                ));
            }
            if let Some(chits) = st.chits {
                ui.add_space(4.0);
                ui.strong("The chits, revealed [9.0]");
                if let Some(v) = self.session.scenario.variants.first() {
                    for (s, table) in v.tables.iter().take(2).enumerate() {
                        let text = table
                            .chits
                            .iter()
                            .find(|c| c.code == chits[s])
                            .map_or(String::new(), |c| c.text.clone());
                        ui.label(format!(
                            "{} drew {}: {text}",
                            self.side_name(s as u8),
                            chits[s]
                        ));
                    }
                }
            }
            super::game_over_buttons(ui, action, &mut self.game_over_dismissed);
        });
    }

    fn map_ui(&mut self, ui: &mut egui::Ui, view: &mut MapView, draw: DrawOptions) {
        let map = self.session.map.clone();
        let (response, layout) = super::map_area(ui, view, &map, &mut self.map_rect);
        let rect = response.rect;
        let hex_of = |pos: Pos2| layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        self.hovered = response.hover_pos().map(hex_of);
        let press = ui.input(|i| i.pointer.press_origin());
        let movement = self.human_to_act()
            && self.session.game.state.phase == Phase::Movement
            && self.session.game.state.pending.is_none();
        if response.drag_started_by(PointerButton::Primary)
            && movement
            && let Some(h) = press.map(hex_of)
        {
            let to_act = self.session.game.state.to_act();
            self.drag = self
                .units_at(h)
                .into_iter()
                .rev()
                .find(|&u| self.session.game.state.side_of(u) == to_act);
            if self.drag.is_some() {
                self.select(self.drag);
            }
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (response.dragged_by(PointerButton::Primary) && self.drag.is_none())
        {
            view.pan += response.drag_delta();
        }
        if response.drag_stopped()
            && let Some(u) = self.drag.take()
            && let Some(pos) = response.interact_pointer_pos().or(response.hover_pos())
        {
            let h = hex_of(pos);
            if self.state().unit_hex(u).map(|x| self.state().board.hex(x)) != Some(h) {
                self.selected = Some(u);
                self.move_selected_to(h);
            }
        }
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            self.click(hex_of(pos));
        }
        if response.secondary_clicked() {
            self.select(None);
            self.draft = AttackDraft::default();
        }
        let painter = ui.painter_at(rect);
        let overlay = self.overlay_shapes(&layout);
        super::draw_board(
            &painter,
            &layout,
            &map,
            &self.session.scenario,
            draw.hex_numbers,
            overlay,
        );
        self.draw_counters(&painter, &layout, rect);
        map_view::draw_place_names(&painter, rect, &layout, &map);
        self.draw_path_preview(&painter, &layout);
    }

    /// Hex highlights: reachable hexes, entry hexes, retreat and advance
    /// hexes, and the last move's path.
    fn overlay_shapes(&mut self, layout: &crate::hex::Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let poly = |h: Hex, fill: Color32, stroke: Stroke| {
            let pts: Vec<Pos2> = layout
                .corners(h)
                .iter()
                .map(|c| pos2(c.x as f32, c.y as f32))
                .collect();
            Shape::convex_polygon(pts, fill, stroke)
        };
        let size = layout.size as f32;
        let live = self.session.is_live();
        let st = self.state().clone();
        // The last command's path, so computer moves can be followed.
        let g = self.session.shown();
        if let Some((_, events)) = g.history[..self.session.cursor().min(g.history.len())].last() {
            for e in events {
                let pts: Vec<Hex> = match e {
                    Event::Moved { path, .. } => path.clone(),
                    Event::Retreated { from, to, .. } | Event::Advanced { from, to, .. } => {
                        vec![*from, *to]
                    }
                    Event::Entered { hex, .. } => vec![*hex],
                    _ => continue,
                };
                let line: Vec<Pos2> = pts
                    .iter()
                    .map(|&h| {
                        let c = layout.center(h);
                        pos2(c.x as f32, c.y as f32)
                    })
                    .collect();
                for &p in &line {
                    shapes.push(Shape::circle_filled(
                        p,
                        size * 0.12,
                        Color32::from_rgba_unmultiplied(20, 40, 160, 160),
                    ));
                }
                if line.len() > 1 {
                    shapes.push(Shape::line(
                        line,
                        Stroke::new(
                            (size * 0.1).max(1.5),
                            Color32::from_rgba_unmultiplied(20, 40, 160, 160),
                        ),
                    ));
                }
            }
        }
        if !live {
            return shapes;
        }
        let human = self.human_to_act();
        if let Some(step) = st.pending.as_ref().and_then(|p| p.steps.front()) {
            match step {
                Step::Retreat { unit, .. } if human => {
                    for (h, displaced) in st.retreat_options(*unit) {
                        let fill = if displaced.is_some() { ORANGE } else { GOLD };
                        shapes.push(poly(
                            st.board.hex(h),
                            fill.gamma_multiply(0.55),
                            Stroke::new(2.0, fill),
                        ));
                    }
                }
                Step::Advance { hexes, .. } if human => {
                    for &h in hexes {
                        shapes.push(poly(
                            st.board.hex(h),
                            GREEN.gamma_multiply(0.45),
                            Stroke::new(2.0, GREEN),
                        ));
                    }
                }
                _ => {}
            }
            return shapes;
        }
        if let Some(u) = self.entering {
            let legal: Vec<HexIx> = st
                .available_reinforcements()
                .into_iter()
                .find(|(x, _)| *x == u)
                .map(|(_, h)| h)
                .unwrap_or_default();
            for &h in &st.board.unit(u).entry {
                if legal.contains(&h) {
                    shapes.push(poly(
                        st.board.hex(h),
                        BLUE.gamma_multiply(0.45),
                        Stroke::new(2.0, BLUE),
                    ));
                } else {
                    shapes.push(poly(
                        st.board.hex(h),
                        Color32::TRANSPARENT,
                        Stroke::new(2.0, RED),
                    ));
                }
            }
        }
        let reach: Vec<(Hex, bool, bool)> = self
            .reach()
            .iter()
            .map(|r| (r.hex, r.stops, r.friendly))
            .collect();
        for (h, stops, friendly) in reach {
            let (fill, st) = if stops {
                (ORANGE.gamma_multiply(0.45), Stroke::new(1.5, ORANGE))
            } else if friendly {
                (GREEN.gamma_multiply(0.15), Stroke::new(1.0, GREEN))
            } else {
                (GREEN.gamma_multiply(0.35), Stroke::NONE)
            };
            shapes.push(poly(h, fill, st));
        }
        shapes
    }

    fn draw_path_preview(&mut self, painter: &egui::Painter, layout: &crate::hex::Layout) {
        let Some(h) = self.hovered else {
            return;
        };
        let Some(u) = self.selected else {
            return;
        };
        let st = self.state();
        let Some(start) = st.unit_hex(u).map(|x| st.board.hex(x)) else {
            return;
        };
        let left = st.movement_left(u);
        let Some(r) = self.reach().iter().find(|r| r.hex == h).cloned() else {
            return;
        };
        let pts: Vec<Pos2> = std::iter::once(start)
            .chain(r.path.iter().copied())
            .map(|h| {
                let c = layout.center(h);
                pos2(c.x as f32, c.y as f32)
            })
            .collect();
        let size = layout.size as f32;
        painter.add(Shape::line(
            pts.clone(),
            Stroke::new(
                (size * 0.12).max(2.0),
                Color32::from_rgba_unmultiplied(255, 255, 255, 220),
            ),
        ));
        if let Some(&end) = pts.last() {
            let mut text = format!("{} MP ({} left)", r.cost, left - r.cost.min(left));
            if r.stops {
                text.push_str(", stops: enemy ZOC");
            }
            if r.friendly {
                text.push_str(", friendly unit");
            }
            let font = FontId::proportional(13.0);
            let galley = painter.layout_no_wrap(text, font, Color32::WHITE);
            let at = end + vec2(size * 0.5, -size * 0.9);
            let bg = Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(bg, 3.0, Color32::from_black_alpha(190));
            painter.galley(at, galley, Color32::WHITE);
        }
    }

    fn draw_counters(&mut self, painter: &egui::Painter, layout: &crate::hex::Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.05;
        let st = self.state().clone();
        let mut stacks: BTreeMap<HexIx, Vec<UnitIx>> = BTreeMap::new();
        for (i, p) in st.pos.iter().enumerate() {
            if let Pos::OnMap(h) = p {
                stacks.entry(*h).or_default().push(i as UnitIx);
            }
        }
        let combat = st.phase == Phase::Combat && st.pending.is_none();
        let (ra, rd) = if combat {
            (st.required_attackers(), st.required_defenders())
        } else {
            (vec![], vec![])
        };
        let pending_units: Vec<UnitIx> = st
            .pending
            .as_ref()
            .map(|p| {
                p.attackers
                    .iter()
                    .chain(&p.bombarding)
                    .chain(&p.defenders)
                    .copied()
                    .collect()
            })
            .unwrap_or_default();
        let visible = clip.expand(side);
        for (h, units) in stacks {
            let c = layout.center(st.board.hex(h));
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            for (k, &u) in units.iter().enumerate() {
                let off = vec2(k as f32 * side * 0.14, -(k as f32) * side * 0.14);
                let at = centre + off;
                let id = &st.board.unit(u).id;
                let Some(unit) = self.session.scenario.unit(id) else {
                    continue;
                };
                let fill = map_view::color(self.session.scenario.unit_colour(unit));
                map_view::draw_counter(painter, at, side, unit, &unit.factors(), fill);
                let r = Rect::from_center_size(at, vec2(side, side));
                let spent = match st.phase {
                    Phase::Movement => {
                        st.moved[u as usize]
                            && st.last_moved != Some(u)
                            && st.side_of(u) == st.phasing
                    }
                    Phase::Combat => st.involved[u as usize] && !pending_units.contains(&u),
                };
                if spent {
                    painter.rect_filled(r, side * 0.08, Color32::from_black_alpha(80));
                }
                let ring = |col: Color32, w: f32| {
                    painter.rect_stroke(
                        r.expand(w * 0.5),
                        side * 0.1,
                        Stroke::new(w, col),
                        egui::StrokeKind::Outside,
                    );
                };
                let w = (side * 0.08).max(2.0);
                if self.selected == Some(u) || self.entering == Some(u) {
                    ring(GOLD, w);
                }
                if self.draft.attackers.contains(&u) {
                    ring(GREEN, w);
                } else if self.draft.bombarding.contains(&u) {
                    ring(BLUE, w);
                } else if self.draft.defenders.contains(&u) {
                    ring(RED, w);
                } else if self.losses.contains(&u) {
                    ring(Color32::BLACK, w);
                }
                if pending_units.contains(&u) {
                    ring(Color32::from_rgb(160, 0, 160), w * 0.6);
                }
                if rd.contains(&u) {
                    painter.circle_stroke(
                        at,
                        side * 0.75,
                        Stroke::new((side * 0.06).max(1.5), RED),
                    );
                }
                if ra.contains(&u) {
                    let b = r.right_top();
                    painter.circle_filled(b, side * 0.18, RED);
                    painter.text(
                        b,
                        Align2::CENTER_CENTER,
                        "!",
                        FontId::proportional((side * 0.28).max(8.0)),
                        Color32::WHITE,
                    );
                }
            }
        }
    }
}

/// The scenario file a saved game log names, if any.
/// What a command did, for the message line.
/// Sentences with the units' designations and the sides' names, never
/// ids or raw lists.
fn events_text(board: &crate::engine::naw::Board, events: &[Event]) -> String {
    events
        .iter()
        .filter(|e| !matches!(e, Event::AttackFinished))
        .map(|e| board.sentence(e))
        .collect::<Vec<_>>()
        .join("; ")
}

/// An event as the log shows it: its case, then the sentence; the chits
/// stay secret (the game-over window reveals them) [9.0].
fn log_text(board: &crate::engine::naw::Board, e: &Event) -> String {
    format!("[{}] {}", e.case(), board.sentence(e))
}

fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Win { side, case, reason } => format!("{side} wins [{case}]: {reason}"),
        Outcome::Draw { reason } => format!("Draw: {reason}"),
    }
}

impl Table for Playtest {
    fn ui(&mut self, ui: &mut egui::Ui, view: &mut MapView, draw: DrawOptions) -> PlaytestAction {
        Playtest::ui(self, ui, view, draw)
    }
    fn save(&mut self, path: &Path) -> Result<(), String> {
        Playtest::save(self, path)
    }
    fn request_leave(&mut self) {
        Playtest::request_leave(self);
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
        Playtest::unsaved(self)
    }
}
