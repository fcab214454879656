//! The *Napoleon* playtest table: a game of the scenario being edited on
//! the *Napoleon* engine, drawn over the shared map view, over the pieces
//! every table shares (seats, history, event log; `super`).
//!
//! Everything shown is asked of the engine: where a piece can go and how
//! it may face there (`State::reach`, `legal_turns`), the chances of a
//! command check (`activation_odds`) and of a melee (`melee_odds` on the
//! position after the move, `after_path`), a gun's targets, front arc and
//! corridor (`gun_targets`, `in_front_arc`, `corridor_clear`), the
//! General's moves (`general_moves`), the choices the rules wait for
//! (`legal_commands`, `waiting_for`). Every action is a `Command` the
//! engine checks; a refusal is shown with its section.

mod map;
mod panels;

use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::app::playtest::marks::{self, BLUE, GREEN, ORANGE, PURPLE, RED};
use crate::app::playtest::table::{Table, TableRules};
use crate::app::playtest::{StartChoice, draw_die};
use crate::engine::Rules;
use crate::hex::{Hex, Layout};
use crate::rules::napoleon::engine::{
    Activation, Command, Direction, Event, HexIx, MeleeOdds, NO_HEX, Napoleon, Pending, Phase,
    PieceIx, PieceKind, Reach, State, refusal,
};
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Shape, Stroke, pos2, vec2};
use std::collections::BTreeMap;

/// The shared playtest machinery, on this table's rule set.
pub type NapoleonSession = crate::play::Session<Napoleon>;

/// The *Napoleon* table: the shell's [`Table`] with what this rule set
/// keeps between frames.
pub type NapoleonTable = Table<NapoleonTableRules>;

/// What the *Napoleon* table keeps between frames.
#[derive(Default)]
pub struct NapoleonTableRules {
    /// The piece selected: to move, to aim (a gun) or to look at.
    pub selected: Option<PieceIx>,
    /// The selected piece's reach, for the position (history length) it
    /// was asked in.
    reach: Option<(PieceIx, usize, Vec<Reach>)>,
    /// The legal commands of the live position, for its history length.
    legal: Option<(usize, Vec<Command>)>,
}

impl Table<NapoleonTableRules> {
    /// The position shown (the replay cursor's).
    pub fn state(&self) -> &State {
        &self.session.shown().state
    }

    fn live(&self) -> &State {
        &self.session.game.state
    }

    fn name(&self, p: PieceIx) -> String {
        self.live().board().pieces[p as usize].name.clone()
    }

    /// Gives commands in order, stopping at the first refusal; the events
    /// of all of them go to the message line.
    pub fn give_all(&mut self, cmds: &[Command]) -> bool {
        let mut texts = Vec::new();
        for c in cmds {
            match self.session.execute(c) {
                Ok(events) => {
                    let t = self.events_text(&events);
                    if !t.is_empty() {
                        texts.push(t);
                    }
                }
                Err(e) => {
                    texts.push(format!("Refused: {}", refusal(self.live().board(), &e)));
                    self.message = Some((false, texts.join("; ")));
                    self.drop_stale();
                    return false;
                }
            }
        }
        self.message = Some((true, texts.join("; ")));
        self.drop_stale();
        true
    }

    fn drop_stale(&mut self) {
        self.own.reach = None;
        self.own.legal = None;
        if let Some(p) = self.own.selected
            && !self.live().on_map(p)
        {
            self.own.selected = None;
        }
        if self.own.selected.is_none() {
            self.next_mover();
        }
    }

    /// N: selects the next unit of the activation in progress that may
    /// still move (after the one selected), for a human to move.
    pub fn next_mover(&mut self) {
        if !self.human_to_act() {
            return;
        }
        let st = self.live();
        let Some(a) = st.active().as_ref().filter(|_| st.pending().is_none()) else {
            return;
        };
        let movers: Vec<PieceIx> = a
            .moved
            .iter()
            .filter(|(p, m)| {
                !m.done && st.on_map(*p) && st.board().pieces[*p as usize].kind.is_unit()
            })
            .map(|(p, _)| *p)
            .collect();
        let after = self
            .own
            .selected
            .and_then(|s| movers.iter().position(|&p| p == s))
            .map_or(0, |i| i + 1);
        if let Some(&p) = movers.get(after % movers.len().max(1)) {
            self.select(Some(p));
        }
    }

    /// The legal commands of the live position (cached per position).
    pub fn legal(&mut self) -> &[Command] {
        let n = self.session.len();
        if self.own.legal.as_ref().is_none_or(|(k, _)| *k != n) {
            self.own.legal = Some((n, self.session.game.state.legal_commands()));
        }
        self.own.legal.as_ref().map_or(&[], |(_, v)| v.as_slice())
    }

    /// Selects a piece (its reach, targets or moves are shown).
    pub fn select(&mut self, p: Option<PieceIx>) {
        self.own.selected = p;
        self.own.reach = None;
    }

    /// The piece the rules let move now, if it is the selected one: a
    /// piece of the active force, or the pursuing cavalry.
    fn mover(&self) -> Option<PieceIx> {
        let p = self.own.selected?;
        let st = self.live();
        let pursuing =
            matches!(st.pending(), Some(Pending::Pursuing { cavalry, .. }) if cavalry == p);
        let active = st.pending().is_none()
            && st
                .active()
                .as_ref()
                .is_some_and(|a| a.moved.iter().any(|(q, m)| *q == p && !m.done));
        (pursuing || active).then_some(p)
    }

    /// Where the selected piece may end its move, and how (empty unless it
    /// may move now).
    pub fn reach(&mut self) -> &[Reach] {
        let len = self.session.len();
        let Some(p) = self.mover().filter(|_| self.session.is_live()) else {
            self.own.reach = None;
            return &[];
        };
        if self
            .own
            .reach
            .as_ref()
            .is_none_or(|(q, n, _)| *q != p || *n != len)
        {
            let st = &self.session.game.state;
            let id = st.board().pieces[p as usize].id.clone();
            self.own.reach = Some((p, len, st.reach(&id)));
        }
        self.own
            .reach
            .as_ref()
            .map_or(&[], |(_, _, r)| r.as_slice())
    }

    /// The hex choices the rules wait for (an evasion, a move back, an
    /// officer's flight, a new General's hex), with their commands.
    fn hex_choices(&mut self) -> Vec<(Hex, Command)> {
        self.legal()
            .iter()
            .filter_map(|c| match c {
                Command::Evade { to, .. }
                | Command::MoveBack { to, .. }
                | Command::Flee { to, .. }
                | Command::PlaceGeneral { to } => Some((*to, c.clone())),
                _ => None,
            })
            .collect()
    }

    /// A click on the map at `h`; `toward`: the hexside the click was
    /// nearest, for the facing to end in.
    pub fn click(&mut self, h: Hex, toward: Option<u8>) {
        if !self.human_to_act() {
            self.select_at(h);
            return;
        }
        // A choice the rules wait for.
        let choices: Vec<Command> = self
            .hex_choices()
            .into_iter()
            .filter(|(x, _)| *x == h)
            .map(|(_, c)| c)
            .collect();
        if !choices.is_empty() {
            let pick = choices
                .iter()
                .find(|c| matches!(c, Command::Evade { facing, .. } if Some(*facing) == toward))
                .unwrap_or(&choices[0])
                .clone();
            self.give(pick);
            return;
        }
        let st = self.live().clone();
        let Some(hix) = st.board().hex_ix(h) else {
            return;
        };
        // A gun's target.
        if let Phase::Bombardment { side } = st.phase()
            && let Some(g) = self.own.selected
            && st.board().pieces[g as usize].side == side
            && st.board().pieces[g as usize].kind.is_gun()
        {
            let targets = st.gun_targets(g);
            if let Some(&t) = targets.iter().find(|&&t| st.pos()[t as usize] == hix) {
                self.give(Command::Bombard {
                    gun: st.board().pieces[g as usize].id.clone(),
                    target: st.board().pieces[t as usize].id.clone(),
                });
                return;
            }
        }
        // The General's move.
        if let Phase::Maneuver { side } = st.phase()
            && st.active().is_none()
            && let Some(g) = self.own.selected
            && g == st.board().armies[side as usize].general
            && st.pos()[g as usize] != hix
        {
            if let Some((_, path)) = st.general_moves(side).into_iter().find(|(x, _)| *x == h) {
                self.give(Command::MoveGeneral { path });
            } else {
                self.message = Some((
                    false,
                    format!(
                        "Refused: the General cannot reach {h} now (an ADC, at most {} hexes, \
                         no enemy, impassable or river hex on the way, not ending alone in a \
                         hex) [3.7.2.10.1]",
                        st.board().pieces[g as usize].movement
                    ),
                ));
            }
            return;
        }
        // A move of the selected piece.
        if let Some(p) = self.mover() {
            if st.pos()[p as usize] == hix {
                if let Some(f) = toward
                    && f != st.facing()[p as usize]
                {
                    let id = st.board().pieces[p as usize].id.clone();
                    self.give(Command::Turn {
                        piece: id,
                        facing: f,
                    });
                } else {
                    // The centre: it stays selected (N picks the next).
                    self.message = Some((
                        true,
                        format!(
                            "{} selected: click a green hex to move, near a hexside to face it;                              N selects the next piece",
                            self.name(p)
                        ),
                    ));
                }
                return;
            }
            let reach = self.reach().to_vec();
            let here: Vec<&Reach> = reach.iter().filter(|r| r.hex == h).collect();
            if !here.is_empty() {
                let best = here
                    .iter()
                    .find(|r| Some(r.facing) == toward)
                    .or_else(|| here.iter().find(|r| r.facing == st.facing()[p as usize]))
                    .or_else(|| here.iter().min_by_key(|r| r.cost))
                    .map(|r| r.path.clone())
                    .unwrap_or_default();
                self.give_all(&best);
                return;
            }
            if st
                .at(hix)
                .all(|q| st.board().pieces[q as usize].side != st.to_act())
            {
                // Not reachable: ask the engine why, with a single step.
                let id = st.board().pieces[p as usize].id.clone();
                if st.board().dir_to(st.pos()[p as usize], hix).is_some() {
                    self.give(Command::Step { piece: id, to: h });
                } else {
                    self.message = Some((
                        false,
                        format!("Refused: {} cannot reach {h} in this move", self.name(p)),
                    ));
                }
                return;
            }
        }
        self.select_at(h);
    }

    /// Selects the piece at `h` (the side to act's first, then any), or
    /// nothing.
    fn select_at(&mut self, h: Hex) {
        let st = self.state();
        let Some(hix) = st.board().hex_ix(h) else {
            self.select(None);
            return;
        };
        let here: Vec<PieceIx> = st.at(hix).collect();
        let to_act = st.to_act();
        let current = self
            .own
            .selected
            .and_then(|s| here.iter().position(|&q| q == s));
        // Clicking a stack again cycles through it.
        let pick = match current {
            Some(i) if here.len() > 1 => Some(here[(i + 1) % here.len()]),
            _ => here
                .iter()
                .copied()
                .find(|&q| st.board().pieces[q as usize].side == to_act && self.could_move(q))
                .or_else(|| here.first().copied()),
        };
        self.select(pick);
    }

    fn could_move(&self, p: PieceIx) -> bool {
        let st = self.state();
        st.active()
            .as_ref()
            .is_some_and(|a| a.moved.iter().any(|(q, m)| *q == p && !m.done))
    }

    /// Turns the selected piece one hexside clockwise (`by` 1) or
    /// anticlockwise (-1) (Q and E).
    pub fn rotate(&mut self, by: i8) {
        let Some(p) = self.mover() else {
            self.message = Some((
                false,
                "Select a piece of the active force to turn it [3.7.2.8]".into(),
            ));
            return;
        };
        let st = self.live();
        let f = ((st.facing()[p as usize] as i8 + by).rem_euclid(6)) as u8;
        let id = st.board().pieces[p as usize].id.clone();
        self.give(Command::Turn {
            piece: id,
            facing: f,
        });
    }

    /// Changes the selected unit between line and column [3.8.2.1] (C).
    pub fn toggle_formation(&mut self) {
        let Some(p) = self.mover() else {
            return;
        };
        let st = self.live();
        let id = st.board().pieces[p as usize].id.clone();
        let column = !st.column()[p as usize];
        self.give(Command::Formation { piece: id, column });
    }

    /// Ctrl+Enter: ends what the side to act is doing now (its
    /// declarations, its activation's movement left to right, its phase).
    pub fn end_step(&mut self) {
        let st = self.live();
        let cmd = match st.phase() {
            Phase::Skirmish { .. } => Command::EndSkirmish,
            Phase::Bombardment { .. } => Command::EndBombardment,
            Phase::Maneuver { .. } if st.pending().is_some() => return,
            Phase::Maneuver { .. } if st.active().is_some() => Command::EndActivation {
                direction: Direction::LeftToRight,
            },
            Phase::Maneuver { .. } => Command::EndManeuver,
            Phase::Over => return,
        };
        self.give(cmd);
    }

    // ---------------------------------------------------------------
    // The side panel

    /// The last event up to the replay cursor that `f` picks.
    fn last_event<T>(&self, f: impl Fn(&Event) -> Option<T>) -> Option<T> {
        let g = self.session.shown();
        let n = self.session.cursor().min(g.history.len());
        g.history[..n]
            .iter()
            .rev()
            .flat_map(|(_, ev)| ev.iter().rev())
            .chain(g.setup_events.iter().rev())
            .find_map(f)
    }
}

/// A facing in compass words.
fn compass(st: &State, f: u8) -> &'static str {
    st.board().grid.dirs()[f as usize % 6].name()
}

fn mods_text(m: &[(String, i32)]) -> String {
    m.iter()
        .map(|(k, v)| format!("{v:+} {k}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The force a command names.
fn command_force(c: &Command) -> Option<&String> {
    match c {
        Command::Activate { force }
        | Command::ActivateReserve { force }
        | Command::Rally { force }
        | Command::SauveQuiPeut { force } => Some(force),
        _ => None,
    }
}

/// A decision's button text.
fn command_text(st: &State, c: &Command) -> String {
    let name = |id: &crate::scenario::UnitId| {
        st.board().piece_ix(id).map_or(id.to_string(), |p| {
            st.board().pieces[p as usize].name.clone()
        })
    };
    match c {
        Command::Evade { piece, to, facing } => {
            format!(
                "{} evades to {to}, facing {}",
                name(piece),
                compass(st, *facing)
            )
        }
        Command::StandFast => "Stand and fight [3.7.3.4]".into(),
        Command::Pursue => "Pursue [3.7.3.4]".into(),
        Command::NoPursuit => "Do not pursue".into(),
        Command::EndPursuit => "End the pursuit's move".into(),
        Command::MoveBack { piece, to } => format!("{} moves back to {to}", name(piece)),
        Command::RerollMelee => "Re-roll the attack [3.8.2.2]".into(),
        Command::KeepMelee => "Keep the roll".into(),
        Command::Flee { piece, to } => format!("{} escapes to {to}", name(piece)),
        Command::PlaceGeneral { to } => format!("Place the new General at {to}"),
        Command::TakeBack => "Take back the pursuit's moves".into(),
        other => Napoleon::command_name(other).to_string(),
    }
}

impl TableRules for NapoleonTableRules {
    type R = Napoleon;
    const BESIDE_LOG: f32 = 380.0;
    const PANEL_WIDTH: f32 = 380.0;
    const KEYS: &'static [TableKey] = &[
        TableKey::NextUnit,
        TableKey::RotateLeft,
        TableKey::RotateRight,
        TableKey::Formation,
    ];

    fn new(_: &NapoleonSession) -> NapoleonTableRules {
        NapoleonTableRules::default()
    }

    /// The rules have no variant to set up.
    fn setup(_: &StartChoice) {}

    fn said(e: &Event) -> bool {
        !matches!(e, Event::PhaseBegan { .. })
    }

    fn after_change(t: &mut NapoleonTable) {
        t.drop_stale();
    }

    fn after_load(t: &mut NapoleonTable) {
        t.next_mover();
    }

    fn end_phase(t: &mut NapoleonTable) {
        t.end_step();
    }

    fn cancel(t: &mut NapoleonTable) {
        t.select(None);
    }

    fn table_key(t: &mut NapoleonTable, key: TableKey) {
        match key {
            TableKey::RotateLeft => t.rotate(-1),
            TableKey::RotateRight => t.rotate(1),
            TableKey::Formation => t.toggle_formation(),
            TableKey::NextUnit => t.next_mover(),
            _ => {}
        }
    }

    fn key_availability(t: &NapoleonTable, key: TableKey) -> Result<(), String> {
        match key {
            TableKey::RotateLeft | TableKey::RotateRight if t.mover().is_none() => {
                Err("Select a piece of the active force to turn it [3.7.2.8]".into())
            }
            TableKey::Formation if t.mover().is_none() => {
                Err("Select a piece of the active force to change its formation".into())
            }
            _ => Ok(()),
        }
    }

    fn heading(t: &NapoleonTable) -> String {
        let st = t.state();
        let limit = st
            .board()
            .turn_limit
            .map_or(String::new(), |l| format!(" of {l}"));
        format!("Turn {}{limit}, impulse {}", st.turn(), st.impulse())
    }

    fn turn_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        t.turn_ui(ui);
    }

    fn act_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        if st.pending().is_some() {
            t.pending_ui(ui, &st);
        } else {
            match st.phase() {
                Phase::Skirmish { side } => t.skirmish_ui(ui, &st, side),
                Phase::Bombardment { side } => t.bombard_ui(ui, &st, side),
                Phase::Maneuver { side } if st.active().is_some() => t.activation_ui(ui, &st, side),
                Phase::Maneuver { side } => t.forces_ui(ui, &st, side),
                Phase::Over => {}
            }
        }
    }

    fn sections_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        ui.separator();
        t.selected_ui(ui);
        ui.separator();
        t.armies_ui(ui);
    }

    fn beside_log_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        t.dice_ui(ui);
    }

    /// The hexside nearest the click is the facing asked for.
    fn click(t: &mut NapoleonTable, h: Hex, pos: Pos2) {
        let toward = t.facing_at(h, pos);
        t.click(h, toward);
    }

    fn overlay(t: &mut NapoleonTable, layout: &Layout) -> Vec<Shape> {
        t.overlay_shapes(layout)
    }

    fn draw_counters(t: &mut NapoleonTable, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        t.draw_counters(painter, layout, clip);
    }

    fn draw_over(t: &mut NapoleonTable, painter: &egui::Painter, layout: &Layout) {
        t.draw_aim(painter, layout);
    }

    fn hover_text(t: &NapoleonTable, h: Hex) -> Option<String> {
        let st = t.state();
        let ix = st.board().hex_ix(h)?;
        let mut text = format!(
            "{h}  {:?}, elevation {}",
            st.board().terrain[ix as usize],
            st.board().elevation[ix as usize]
        );
        for q in st.at(ix) {
            let info = &st.board().pieces[q as usize];
            text.push_str(&format!("  |  {}", info.name));
            if info.kind.is_unit() {
                text.push_str(&format!(
                    " {} {}",
                    compass(st, st.facing()[q as usize]),
                    if st.casualties()[q as usize] > 0 {
                        format!("({} cas.)", st.casualties()[q as usize])
                    } else {
                        String::new()
                    }
                ));
            }
        }
        Some(text)
    }

    fn game_over_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        let Some(outcome) = st.outcome().clone() else {
            return;
        };
        let text = match outcome.winner {
            Some(w) => format!("{} wins [4.1]: {}", t.side_name(w), outcome.reason),
            None => format!("Draw [4.1]: {}", outcome.reason),
        };
        ui.label(RichText::new(text).strong().size(16.0));
        ui.label(format!(
            "Turn {}, impulse {}, {}.",
            st.turn(),
            st.impulse(),
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for (s, (lost, at)) in st.break_points().iter().enumerate() {
            ui.label(format!(
                "{}: lost {} (break point {at}), {}",
                t.side_name(s as u8),
                crate::words::counted(lost, "unit", "units"),
                crate::words::counted(
                    st.location_points(s as u8),
                    "location point",
                    "location points"
                )
            ));
        }
    }

    fn legend() -> &'static str {
        "Map: green = where the selected piece can end its move (orange: in contact \
         with the enemy); blue = where the General can move; purple = a choice the \
         rules wait for. The dark wedge on a counter is its front; C = column; red \
         number = casualty points; gold star = General, gold disc = leader with his \
         factor. Red ring = a gun's target, shaded = its front arc."
    }
}
