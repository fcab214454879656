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

use super::marks::{self, BLUE, GREEN, ORANGE, PURPLE, RED};
use super::table::{Table, TableRules};
use super::{StartChoice, draw_die};
use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::engine::Rules;
use crate::engine::napoleon::{
    Activation, Command, Direction, Event, HexIx, MeleeOdds, NO_HEX, Napoleon, Pending, Phase,
    PieceIx, PieceKind, Reach, State, refusal,
};
use crate::hex::{Hex, Layout};
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Shape, Stroke, Vec2, pos2, vec2};
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
        self.live().board.pieces[p as usize].name.clone()
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
                    texts.push(format!("Refused: {}", refusal(&self.live().board, &e)));
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
        let Some(a) = st.active.as_ref().filter(|_| st.pending.is_none()) else {
            return;
        };
        let movers: Vec<PieceIx> = a
            .moved
            .iter()
            .filter(|(p, m)| {
                !m.done && st.on_map(*p) && st.board.pieces[*p as usize].kind.is_unit()
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
            matches!(st.pending, Some(Pending::Pursuing { cavalry, .. }) if cavalry == p);
        let active = st.pending.is_none()
            && st
                .active
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
            let id = st.board.pieces[p as usize].id.clone();
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
        let Some(hix) = st.board.hex_ix(h) else {
            return;
        };
        // A gun's target.
        if let Phase::Bombardment { side } = st.phase
            && let Some(g) = self.own.selected
            && st.board.pieces[g as usize].side == side
            && st.board.pieces[g as usize].kind.is_gun()
        {
            let targets = st.gun_targets(g);
            if let Some(&t) = targets.iter().find(|&&t| st.pos[t as usize] == hix) {
                self.give(Command::Bombard {
                    gun: st.board.pieces[g as usize].id.clone(),
                    target: st.board.pieces[t as usize].id.clone(),
                });
                return;
            }
        }
        // The General's move.
        if let Phase::Maneuver { side } = st.phase
            && st.active.is_none()
            && let Some(g) = self.own.selected
            && g == st.board.armies[side as usize].general
            && st.pos[g as usize] != hix
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
                        st.board.pieces[g as usize].movement
                    ),
                ));
            }
            return;
        }
        // A move of the selected piece.
        if let Some(p) = self.mover() {
            if st.pos[p as usize] == hix {
                if let Some(f) = toward
                    && f != st.facing[p as usize]
                {
                    let id = st.board.pieces[p as usize].id.clone();
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
                    .or_else(|| here.iter().find(|r| r.facing == st.facing[p as usize]))
                    .or_else(|| here.iter().min_by_key(|r| r.cost))
                    .map(|r| r.path.clone())
                    .unwrap_or_default();
                self.give_all(&best);
                return;
            }
            if st
                .at(hix)
                .all(|q| st.board.pieces[q as usize].side != st.to_act())
            {
                // Not reachable: ask the engine why, with a single step.
                let id = st.board.pieces[p as usize].id.clone();
                if st.board.dir_to(st.pos[p as usize], hix).is_some() {
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
        let Some(hix) = st.board.hex_ix(h) else {
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
                .find(|&q| st.board.pieces[q as usize].side == to_act && self.could_move(q))
                .or_else(|| here.first().copied()),
        };
        self.select(pick);
    }

    fn could_move(&self, p: PieceIx) -> bool {
        let st = self.state();
        st.active
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
        let f = ((st.facing[p as usize] as i8 + by).rem_euclid(6)) as u8;
        let id = st.board.pieces[p as usize].id.clone();
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
        let id = st.board.pieces[p as usize].id.clone();
        let column = !st.column[p as usize];
        self.give(Command::Formation { piece: id, column });
    }

    /// Ctrl+Enter: ends what the side to act is doing now (its
    /// declarations, its activation's movement left to right, its phase).
    pub fn end_step(&mut self) {
        let st = self.live();
        let cmd = match st.phase {
            Phase::Skirmish { .. } => Command::EndSkirmish,
            Phase::Bombardment { .. } => Command::EndBombardment,
            Phase::Maneuver { .. } if st.pending.is_some() => return,
            Phase::Maneuver { .. } if st.active.is_some() => Command::EndActivation {
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

    fn skirmish_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Skirmish declarations [3.4.2]");
        ui.label(
            RichText::new(
                "A force with skirmishers may fire on an enemy force in reach; the side with \
                 the greater power puts the other under fire (-1 on its command check).",
            )
            .small()
            .weak(),
        );
        let options = st.skirmish_options(side);
        if options.is_empty() {
            ui.label("No force can make a skirmish attack now.");
        }
        for (f, t) in options {
            let (a, b) = (
                &st.board.forces[f as usize].name,
                &st.board.forces[t as usize].name,
            );
            let text = format!(
                "{a} fires on {b} (power {} against {})",
                st.skirmish_power(f),
                st.skirmish_power(t)
            );
            if ui.button(text).clicked() {
                self.give(Command::Skirmish {
                    force: a.clone(),
                    target: b.clone(),
                });
            }
        }
        if ui
            .button("End skirmish declarations")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndSkirmish);
        }
    }

    fn bombard_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Bombardment targets [3.5.3]");
        ui.label(
            RichText::new(
                "Each gun with an enemy unit in range, in its front arc and with a clear \
                 corridor must fire at the nearest one. Select a gun, then click its target \
                 (ringed red; the arc is shaded, the corridor drawn).",
            )
            .small()
            .weak(),
        );
        let guns = st.undeclared_guns(side);
        for g in guns {
            let targets = st.gun_targets(g);
            let gun = &st.board.pieces[g as usize];
            ui.horizontal_wrapped(|ui| {
                if ui
                    .selectable_label(self.own.selected == Some(g), &gun.name)
                    .clicked()
                {
                    self.select(Some(g));
                }
                ui.label("→");
                for t in targets {
                    let target = &st.board.pieces[t as usize];
                    let text = format!("{} at {}", target.name, st.board.hex(st.pos[t as usize]));
                    if ui.button(text).clicked() {
                        self.give(Command::Bombard {
                            gun: gun.id.clone(),
                            target: target.id.clone(),
                        });
                    }
                }
            });
        }
        for (g, t) in &st.targets {
            if st.board.pieces[*g as usize].side == side {
                ui.label(format!(
                    "✔ {} fires at {}",
                    st.board.pieces[*g as usize].name, st.board.pieces[*t as usize].name
                ));
            }
        }
        if ui
            .button("End bombardment declarations")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndBombardment);
        }
    }

    /// Between activations: each force with its command check's chances,
    /// and the General's special actions [3.6.1] [3.7.1].
    fn forces_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Activate a force [3.7.1]");
        let legal = self.legal().to_vec();
        let general = st.board.armies[side as usize].general;
        ui.label(format!(
            "General: {} (command {}), ADCs left {}",
            st.board.pieces[general as usize].name,
            st.command_factor[side as usize],
            st.adcs[side as usize]
        ));
        for (f, info) in st.board.forces.iter().enumerate() {
            let f = f as u16;
            if info.side != side || st.force_pieces(f).is_empty() {
                continue;
            }
            let done = st.activated[f as usize];
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.strong(&info.name);
                    ui.label(format!("leader {:+}", st.leader_factor[f as usize]));
                    if st.engaged[f as usize] {
                        ui.colored_label(RED, "engaged");
                    }
                    if st.under_fire[f as usize] {
                        ui.colored_label(ORANGE, "under fire");
                    }
                    if done {
                        ui.weak("activated");
                    }
                });
                if done {
                    return;
                }
                let odds = st.activation_odds(f);
                let mods: Vec<String> = odds
                    .modifiers
                    .iter()
                    .map(|(k, v)| format!("{k} {v:+}"))
                    .collect();
                ui.label(RichText::new(format!("Check: d6 {}", mods.join(", "))).small());
                ui.label(
                    RichText::new(format!(
                        "Retreat! {:.0}%  Static {:.0}%  Forward! {:.0}%  Charge! {:.0}%",
                        odds.chances[0] * 100.0,
                        odds.chances[1] * 100.0,
                        odds.chances[2] * 100.0,
                        odds.chances[3] * 100.0
                    ))
                    .small(),
                );
                ui.horizontal_wrapped(|ui| {
                    for c in legal.iter().filter(|c| command_force(c) == Some(&info.name)) {
                        let (label, tip) = match c {
                            Command::Activate { .. } => ("Activate", "Roll its command check [3.7.1]"),
                            Command::ActivateReserve { .. } => (
                                "From reserve (ADC)",
                                "Forward! without a check, spending an ADC [3.6.1 c]",
                            ),
                            Command::Rally { .. } => (
                                "Rally (ADC)",
                                "Remove a casualty point from each unit, spending an ADC [3.6.1 b]",
                            ),
                            Command::SauveQuiPeut { .. } => (
                                "Sauve qui peut! (ADC)",
                                "Its engaged units fall back a full move and take a casualty point [3.6.1 d]",
                            ),
                            _ => continue,
                        };
                        if ui.button(label).on_hover_text(tip).clicked() {
                            self.give(c.clone());
                        }
                    }
                    if ui.small_button("Show").clicked()
                        && let Some(&p) = st.force_pieces(f).first()
                    {
                        self.select(Some(p));
                    }
                });
            });
        }
        if st.adcs[side as usize] > 0 {
            ui.label(
                RichText::new(
                    "Move the General (ADC) [3.6.1 e]: select him on the map and click a blue hex.",
                )
                .small()
                .weak(),
            );
        }
        if ui
            .button("End Maneuver & Combat")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndManeuver);
        }
    }

    /// The activation in progress: its result, its pieces, the selected
    /// piece's move, and the end with the direction of its combats.
    fn activation_ui(&mut self, ui: &mut egui::Ui, st: &State, _side: u8) {
        let Some(a) = st.active.clone() else {
            return;
        };
        let force = st.board.forces[a.force as usize].name.clone();
        let colour = match a.result {
            Activation::Retreat | Activation::SauveQuiPeut => RED,
            Activation::Static => ORANGE,
            _ => GREEN,
        };
        ui.horizontal(|ui| {
            ui.strong(format!("{force}:"));
            ui.label(RichText::new(a.result.name()).strong().color(colour));
            ui.label(RichText::new("[3.7.1.1]").weak());
        });
        let legal = self.legal().to_vec();
        if legal.contains(&Command::Reroll)
            && ui
                .button("Re-roll the check (ADC) [3.6.1 a]")
                .on_hover_text("The General spends an ADC to roll again")
                .clicked()
        {
            self.give(Command::Reroll);
        }
        ui.label(
            RichText::new(
                "Select a piece (N: the next), click a green hex to move there; click nearer a \
                 hexside to end facing it. Q/E turn, C line/column, Ctrl+Z takes back a step.",
            )
            .small()
            .weak(),
        );
        egui::Grid::new("active pieces")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for (p, m) in &a.moved {
                    if !st.on_map(*p) {
                        continue;
                    }
                    let info = &st.board.pieces[*p as usize];
                    if ui
                        .selectable_label(self.own.selected == Some(*p), &info.name)
                        .clicked()
                    {
                        self.select(Some(*p));
                    }
                    let left = info.movement.saturating_sub(m.mp);
                    ui.label(format!(
                        "{}{}",
                        if m.done {
                            "done".to_string()
                        } else if a.result == Activation::Static {
                            // No unit of a Static force moves [3.7.1.1].
                            "static".to_string()
                        } else {
                            format!("{left} MP")
                        },
                        if st.column[*p as usize] {
                            ", column"
                        } else {
                            ""
                        }
                    ));
                    ui.label(format!("faces {}", compass(st, st.facing[*p as usize])));
                    ui.end_row();
                }
            });
        if let Some(p) = self.mover() {
            let turns = st.legal_turns(&st.board.pieces[p as usize].id);
            ui.horizontal_wrapped(|ui| {
                ui.label("Turn to:");
                for f in 0..6u8 {
                    let ok = turns.contains(&f) && f != st.facing[p as usize];
                    if ui
                        .add_enabled(ok, egui::Button::new(compass(st, f)).small())
                        .clicked()
                    {
                        let id = st.board.pieces[p as usize].id.clone();
                        self.give(Command::Turn {
                            piece: id,
                            facing: f,
                        });
                    }
                }
            });
            if st.board.pieces[p as usize].kind.is_troop() {
                let to = if st.column[p as usize] {
                    "Form line"
                } else {
                    "Form column"
                };
                if ui.button(to).on_hover_text("C [3.8.2.1]").clicked() {
                    self.toggle_formation();
                }
            }
        }
        self.melee_preview_ui(ui);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    legal.contains(&Command::TakeBack) || self.session.can_undo_move().is_ok(),
                    egui::Button::new("Take back moves"),
                )
                .on_hover_text("Every move since the last die roll (N69)")
                .clicked()
            {
                self.give(Command::TakeBack);
            }
        });
        ui.label("End the movement; fight the combats:");
        ui.horizontal(|ui| {
            for (d, label) in [
                (Direction::LeftToRight, "Left to right"),
                (Direction::RightToLeft, "Right to left"),
            ] {
                if ui
                    .button(label)
                    .on_hover_text("The order of the activation's melees [3.7.3.2]")
                    .clicked()
                {
                    self.give(Command::EndActivation { direction: d });
                }
            }
        });
    }

    /// The melee the selected piece would fight where the pointer is (or
    /// where it stands): each side's modifiers and the chances, before any
    /// die is rolled [3.7.3.2].
    fn melee_preview_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.live().clone();
        // Where the pointer is, for the selected piece: the melees it
        // would fight if it moved there.
        if let Some(p) = self.mover()
            && let Some(h) = self.hovered
            && st.board.hex_ix(h) != Some(st.pos[p as usize])
        {
            let toward = self.hover_facing();
            let reach = self.reach().to_vec();
            let here: Vec<&Reach> = reach.iter().filter(|r| r.hex == h).collect();
            if let Some(r) = here
                .iter()
                .find(|r| Some(r.facing) == toward)
                .or_else(|| here.first())
                .filter(|r| !r.contacts.is_empty())
            {
                let after = st.after_path(p, &r.path);
                ui.label(
                    RichText::new(format!(
                        "If {} moves to {h}, facing {}:",
                        st.board.pieces[p as usize].name,
                        compass(&st, r.facing)
                    ))
                    .small(),
                );
                // It fights once, against the defender the combat order
                // gives it (N80): one line, or one per direction when the
                // direction decides.
                let pairs = |d| {
                    after
                        .planned_melees(d)
                        .into_iter()
                        .filter(|&(a, _)| a == p)
                        .collect::<Vec<_>>()
                };
                planned_melees_ui(
                    ui,
                    &after,
                    [pairs(Direction::LeftToRight), pairs(Direction::RightToLeft)],
                );
            }
        }
        // Every melee the activation would fight as things stand: each
        // attacking unit once (N78, N80).
        if st.active.is_none() {
            return;
        }
        let plans = [
            st.planned_melees(Direction::LeftToRight),
            st.planned_melees(Direction::RightToLeft),
        ];
        if plans.iter().any(|p| !p.is_empty()) {
            ui.label(
                RichText::new("The melees this activation will fight, as things stand:").small(),
            );
            planned_melees_ui(ui, &st, plans);
        }
    }

    /// A choice the rules wait for.
    fn pending_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        ui.strong("Decision");
        ui.label(st.waiting_for());
        let legal = self.legal().to_vec();
        let hexes = legal
            .iter()
            .filter(|c| {
                matches!(
                    c,
                    Command::Evade { .. }
                        | Command::MoveBack { .. }
                        | Command::Flee { .. }
                        | Command::PlaceGeneral { .. }
                )
            })
            .count();
        if hexes > 0 {
            ui.label(
                RichText::new(format!(
                    "Click one of the {hexes} purple hexes on the map, or choose here:"
                ))
                .small()
                .weak(),
            );
        }
        if let Some(Pending::MeleeReroll {
            attacker,
            defender,
            rolls,
        }) = st.pending
        {
            ui.label(format!(
                "{} rolled {} against {}'s {}",
                st.board.pieces[attacker as usize].name,
                rolls[0],
                st.board.pieces[defender as usize].name,
                rolls[1]
            ));
        }
        let pursuing = matches!(st.pending, Some(Pending::Pursuing { .. }));
        if pursuing && let Some(Pending::Pursuing { cavalry, .. }) = st.pending {
            if self.own.selected != Some(cavalry) {
                self.select(Some(cavalry));
            }
            ui.label(
                RichText::new("Move the cavalry with the map (green hexes), then end the pursuit.")
                    .small()
                    .weak(),
            );
        }
        ui.horizontal_wrapped(|ui| {
            for c in &legal {
                if pursuing && matches!(c, Command::Step { .. } | Command::Turn { .. }) {
                    continue;
                }
                let text = command_text(st, c);
                if ui.button(text).clicked() {
                    self.give(c.clone());
                }
            }
        });
        if pursuing {
            self.melee_preview_ui(ui);
        }
    }

    /// The selected piece: what it is and its state.
    fn selected_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let Some(p) = self.own.selected.filter(|&p| st.on_map(p)) else {
            ui.label(RichText::new("Click a piece to select it.").weak());
            return;
        };
        let info = &st.board.pieces[p as usize];
        let mut lines = vec![format!(
            "{} — {} of {}",
            info.name,
            info.kind.name(),
            self.side_name(info.side)
        )];
        if let Some(f) = info.force {
            lines.push(format!(
                "Force {} (leader {:+})",
                st.board.forces[f as usize].name, st.leader_factor[f as usize]
            ));
        }
        if info.kind.is_unit() {
            lines.push(format!(
                "At {}, faces {}{}; casualties {} of {}",
                st.board.hex(st.pos[p as usize]),
                compass(st, st.facing[p as usize]),
                if st.column[p as usize] {
                    ", in column"
                } else {
                    ""
                },
                st.casualties[p as usize],
                info.capacity
            ));
            if info.kind.is_troop() {
                lines.push(format!(
                    "Combat {:+}, skirmish {}, movement {}",
                    info.combat, info.skirmish, info.movement
                ));
            } else {
                lines.push(format!("Movement {}", info.movement));
            }
        } else if info.kind == PieceKind::General {
            lines.push(format!(
                "At {}; command factor {}, ADCs left {}",
                st.board.hex(st.pos[p as usize]),
                st.command_factor[info.side as usize],
                st.adcs[info.side as usize]
            ));
        }
        ui.strong("Selected");
        for l in lines {
            ui.label(l);
        }
    }

    fn armies_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        ui.strong("Armies");
        let bp = st.break_points();
        egui::Grid::new("armies").num_columns(4).show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("Lost / break").small());
            ui.label(RichText::new("ADCs").small());
            ui.label(RichText::new("Locations").small());
            ui.end_row();
            for s in 0..2u8 {
                ui.strong(self.side_name(s));
                let (lost, at) = bp[s as usize];
                let c = if lost >= at {
                    RED
                } else {
                    ui.visuals().text_color()
                };
                ui.colored_label(c, format!("{lost} / {at}"));
                ui.label(st.adcs[s as usize].to_string());
                ui.label(st.location_points(s).to_string());
                ui.end_row();
            }
        });
        ui.label(
            RichText::new(
                "The Final Step [4.1]: an army whose losses reach its break point tests; it \
                 breaks on d6 - losses beyond - finished turns + location points of 0 or less.",
            )
            .small()
            .weak(),
        );
    }

    /// The dice of the last command check, melee and break test.
    fn dice_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let b = &st.board;
        if let Some((force, roll, mods, total, result)) = self.last_event(|e| match e {
            Event::CommandChecked {
                force,
                roll,
                modifiers,
                total,
                result,
            } => Some((*force, *roll, modifiers.clone(), *total, *result)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &[roll],
                format!("{} check: {}", b.forces[force as usize].name, result.name()),
                format!("{roll} {} = {total} [3.7.1.1]", mods_text(&mods)),
            );
        }
        if let Some((att, def, rolls, mods, totals)) = self.last_event(|e| match e {
            Event::Melee {
                attacker,
                defender,
                rolls,
                modifiers,
                totals,
            } => Some((*attacker, *defender, *rolls, modifiers.clone(), *totals)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &rolls,
                format!(
                    "Melee: {} {} against {} {}",
                    b.pieces[att as usize].name, totals[0], b.pieces[def as usize].name, totals[1]
                ),
                format!(
                    "{} {} · {} {} [3.7.3.2]",
                    rolls[0],
                    mods_text(&mods[0]),
                    rolls[1],
                    mods_text(&mods[1])
                ),
            );
        }
        if let Some((side, roll, beyond, turns, locations, total)) = self.last_event(|e| match e {
            Event::BreakTest {
                side,
                roll,
                beyond,
                finished_turns,
                locations,
                total,
            } => Some((*side, *roll, *beyond, *finished_turns, *locations, *total)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &[roll],
                format!(
                    "{} break test: {total} ({})",
                    b.side_names[side as usize],
                    if total <= 0 { "breaks" } else { "holds" }
                ),
                format!(
                    "{roll} - {beyond} beyond - {} + {} [4.1]",
                    crate::words::counted(turns, "turn", "turns"),
                    crate::words::counted(locations, "location", "locations")
                ),
            );
        }
    }

    // ---------------------------------------------------------------
    // The map

    /// The hexside the pointer is nearest in the hovered hex.
    fn hover_facing(&self) -> Option<u8> {
        self.facing_at(self.hovered?, self.hover_pos?)
    }

    fn facing_at(&self, h: Hex, pos: Pos2) -> Option<u8> {
        let layout = self.last_layout.as_ref()?;
        nearest_side(layout, &self.live().board, h, pos)
    }

    /// Hex highlights: the selected piece's reach, the General's moves,
    /// the choices the rules wait for, a selected gun's front arc.
    fn overlay_shapes(&mut self, layout: &Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
        let live = self.session.is_live();
        let st = self.state().clone();
        if live {
            // Reach, each hex once: orange where it would be in contact.
            let reach = self.reach().to_vec();
            let mut by_hex: BTreeMap<(i32, i32), (Hex, bool)> = BTreeMap::new();
            for r in &reach {
                let e = by_hex
                    .entry((r.hex.col, r.hex.row))
                    .or_insert((r.hex, false));
                e.1 |= !r.contacts.is_empty();
            }
            for (h, contact) in by_hex.values() {
                let c = if *contact { ORANGE } else { GREEN };
                shapes.push(marks::reach(layout, *h, c));
            }
            for (h, _) in self.hex_choices() {
                shapes.push(marks::choice(layout, h, PURPLE));
            }
            if let Phase::Maneuver { side } = st.phase
                && st.active.is_none()
                && self.human_to_act()
                && self.own.selected == Some(st.board.armies[side as usize].general)
            {
                for (h, _) in st.general_moves(side) {
                    shapes.push(poly(h, BLUE.gamma_multiply(0.3), Stroke::new(1.5, BLUE)));
                }
            }
        }
        // A selected gun's front arc within range [3.5.3] (N7).
        if let Some(g) = self.own.selected
            && st.on_map(g)
            && st.board.pieces[g as usize].kind.is_gun()
        {
            let o = st.pos[g as usize];
            let f = st.facing[g as usize];
            let range = st.board.options.troops.artillery_range;
            for (i, _) in st.board.hexes.iter().enumerate() {
                let h = i as HexIx;
                if st.board.distance(o, h) <= range && st.in_front_arc(o, f, h) {
                    shapes.push(poly(
                        st.board.hex(h),
                        Color32::from_rgba_unmultiplied(255, 80, 40, 40),
                        Stroke::NONE,
                    ));
                }
            }
        }
        shapes
    }

    /// A selected gun's targets with their corridors, and the targets
    /// declared this impulse.
    fn draw_aim(&self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state();
        let at = |p: PieceIx| {
            let c = layout.center(st.board.hex(st.pos[p as usize]));
            pos2(c.x as f32, c.y as f32)
        };
        let size = layout.size as f32;
        for (g, t) in &st.targets {
            if st.on_map(*g) && st.on_map(*t) {
                painter.arrow(
                    at(*g),
                    at(*t) - at(*g),
                    Stroke::new((size * 0.06).max(1.5), RED.gamma_multiply(0.8)),
                );
            }
        }
        if let Some(g) = self.own.selected
            && st.on_map(g)
            && st.board.pieces[g as usize].kind.is_gun()
        {
            for t in st.gun_targets(g) {
                let clear = st.corridor_clear(g, t);
                painter.line_segment(
                    [at(g), at(t)],
                    Stroke::new(
                        (size * 0.05).max(1.5),
                        if clear { GREEN } else { Color32::GRAY },
                    ),
                );
                painter.circle_stroke(at(t), size * 0.8, Stroke::new((size * 0.08).max(2.0), RED));
            }
        }
    }

    fn draw_counters(&self, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.0;
        let st = self.state();
        let b = &st.board;
        let visible = clip.expand(side);
        let mut stacks: BTreeMap<HexIx, Vec<PieceIx>> = BTreeMap::new();
        for (i, &h) in st.pos.iter().enumerate() {
            if h != NO_HEX {
                stacks.entry(h).or_default().push(i as PieceIx);
            }
        }
        let active_force = st.active.as_ref().map(|a| a.force);
        for (h, pieces) in stacks {
            let hex = b.hex(h);
            let c = layout.center(hex);
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            let units: Vec<PieceIx> = pieces
                .iter()
                .copied()
                .filter(|&p| b.pieces[p as usize].kind.is_unit())
                .collect();
            let officers: Vec<PieceIx> = pieces
                .iter()
                .copied()
                .filter(|&p| b.pieces[p as usize].kind.is_officer())
                .collect();
            for (k, &p) in units.iter().enumerate() {
                let info = &b.pieces[p as usize];
                let off = vec2(k as f32 * side * 0.18, -(k as f32) * side * 0.18);
                let at = centre + off;
                let Some(unit) = self.session.scenario.unit(&info.id) else {
                    continue;
                };
                let fill = map_view::color(self.session.scenario.unit_colour(unit));
                map_view::draw_counter(painter, at, side, unit, &unit.factors(), fill);
                let toward = side_vector(layout, b, hex, st.facing[p as usize]);
                map_view::draw_front_mark(painter, at, side, toward);
                let r = marks::counter_rect(at, side);
                if st.column[p as usize] {
                    marks::corner(painter, r, side, "C");
                }
                if st.casualties[p as usize] > 0 {
                    let m = r.right_bottom() - vec2(side * 0.1, side * 0.1);
                    let n = st.casualties[p as usize].to_string();
                    marks::disc(painter, m, side * 0.17, RED, &n, side);
                }
                // The force it belongs to, once the counter is big enough.
                if side >= 44.0
                    && let Some(f) = info.force
                {
                    painter.text(
                        r.center_bottom() + vec2(0.0, side * 0.1),
                        Align2::CENTER_TOP,
                        &b.forces[f as usize].name,
                        FontId::proportional((side * 0.16).max(7.0)),
                        Color32::from_gray(20),
                    );
                }
                let dim = st
                    .active
                    .as_ref()
                    .is_some_and(|a| a.moved.iter().any(|(q, m)| *q == p && m.done));
                if dim {
                    marks::shade(painter, r, side, 80);
                }
                if active_force.is_some() && info.force == active_force {
                    marks::ring(painter, r, side, GREEN, 1.5);
                }
                if self.own.selected == Some(p) {
                    marks::selected(painter, r, side);
                }
            }
            // Leaders and Generals: a disc (leader, with his factor) or a
            // star (General) at the hex's upper left.
            for (k, &o) in officers.iter().enumerate() {
                let info = &b.pieces[o as usize];
                let at = centre + vec2(-side * 0.5 + k as f32 * side * 0.36, -side * 0.5);
                let r = (side * 0.2).max(5.0);
                let text = if info.kind == PieceKind::General {
                    st.command_factor[info.side as usize].to_string()
                } else {
                    format!(
                        "{:+}",
                        info.force.map_or(0, |f| st.leader_factor[f as usize])
                    )
                };
                map_view::draw_officer(
                    painter,
                    at,
                    r,
                    info.kind == PieceKind::General,
                    &text,
                    self.own.selected == Some(o),
                );
            }
        }
    }

    fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let phase = match st.phase {
            Phase::Skirmish { side } => format!("{} Skirmish [3.4]", self.side_name(side)),
            Phase::Bombardment { side } => {
                format!("{} Bombardment [3.5]", self.side_name(side))
            }
            Phase::Maneuver { side } => {
                format!("{} Maneuver & Combat [3.7]", self.side_name(side))
            }
            Phase::Over => "The game is over [4.1]".into(),
        };
        ui.label(RichText::new(phase).strong().size(16.0));
        // The initiative dice of this impulse [3.3].
        if let Some((dice, totals, winner)) = self.last_event(|e| match e {
            Event::InitiativeRolled {
                dice,
                totals,
                winner,
                ends_turn: false,
                ..
            } => Some((*dice, *totals, *winner)),
            _ => None,
        }) {
            ui.horizontal(|ui| {
                for (s, d) in dice.iter().enumerate() {
                    let (rect, _) = ui.allocate_exact_size(vec2(26.0, 26.0), Sense::hover());
                    draw_die(ui.painter(), rect, *d);
                    ui.label(format!("{} {}", self.side_name(s as u8), totals[s]));
                }
            });
            ui.label(format!(
                "Initiative [3.3]: {} moves first this impulse",
                self.side_name(winner)
            ));
        }
        if let Some(o) = &st.outcome {
            let text = match o.winner {
                Some(w) => format!("{} wins [4.1]: {}", self.side_name(w), o.reason),
                None => format!("Draw [4.1]: {}", o.reason),
            };
            ui.colored_label(RED, text);
        } else {
            let to_act = st.to_act();
            ui.label(format!(
                "To act: {} ({})",
                self.side_name(to_act),
                self.session.setup.seats[to_act as usize].name()
            ));
            if st.pending.is_some() {
                ui.label(RichText::new(format!("Waiting: {}", st.waiting_for())).color(PURPLE));
            }
        }
    }
}

/// The unit vector from a hex's centre toward the middle of hexside `f`.
fn side_vector(layout: &Layout, b: &crate::engine::napoleon::Board, h: Hex, f: u8) -> Vec2 {
    let c = layout.center(h);
    match layout.edge(h, b.dir(f)) {
        Some((p, q)) => {
            let m = vec2(
                ((p.x + q.x) / 2.0 - c.x) as f32,
                ((p.y + q.y) / 2.0 - c.y) as f32,
            );
            m.normalized()
        }
        None => vec2(0.0, -1.0),
    }
}

/// The hexside of `h` nearest `pos`, or none near the centre (a click
/// there keeps the facing).
fn nearest_side(
    layout: &Layout,
    b: &crate::engine::napoleon::Board,
    h: Hex,
    pos: Pos2,
) -> Option<u8> {
    let c = layout.center(h);
    let v = vec2(pos.x - c.x as f32, pos.y - c.y as f32);
    if v.length() < layout.size as f32 * 0.3 {
        return None;
    }
    (0..6u8).max_by(|&a, &b2| {
        let da = side_vector(layout, b, h, a).dot(v);
        let db = side_vector(layout, b, h, b2).dot(v);
        da.total_cmp(&db)
    })
}

/// A facing in compass words.
fn compass(st: &State, f: u8) -> &'static str {
    st.board.grid.dirs()[f as usize % 6].name()
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
        st.board
            .piece_ix(id)
            .map_or(id.to_string(), |p| st.board.pieces[p as usize].name.clone())
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

/// A melee's modifiers on both sides and its chances, before the roll.
/// The melees of `plans` (left to right, right to left), each with its
/// odds: once when both directions fight the same, else under each
/// direction's name (N80).
fn planned_melees_ui(ui: &mut egui::Ui, st: &State, plans: [Vec<(PieceIx, PieceIx)>; 2]) {
    let [ltr, rtl] = plans;
    let mut same = ltr.clone();
    same.sort_unstable();
    let mut other = rtl.clone();
    other.sort_unstable();
    if same == other {
        for (a, d) in ltr {
            melee_odds_ui(ui, st, a, d, &st.melee_odds(a, d));
        }
        return;
    }
    for (name, plan) in [("Left to right", ltr), ("Right to left", rtl)] {
        ui.label(RichText::new(format!("{name} (N80):")).small().strong());
        for (a, d) in plan {
            melee_odds_ui(ui, st, a, d, &st.melee_odds(a, d));
        }
    }
}

fn melee_odds_ui(ui: &mut egui::Ui, st: &State, att: PieceIx, def: PieceIx, odds: &MeleeOdds) {
    let b = &st.board;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(format!(
                "Melee: {} on {} [3.7.3.2]",
                b.pieces[att as usize].name, b.pieces[def as usize].name
            ))
            .strong(),
        );
        egui::Grid::new(("melee odds", att, def))
            .num_columns(2)
            .show(ui, |ui| {
                for s in 0..2 {
                    ui.label(if s == 0 { "Attacker" } else { "Defender" });
                    ui.label(format!(
                        "d6 {} = d6 {:+}",
                        mods_text(&odds.modifiers[s]),
                        odds.base[s]
                    ));
                    ui.end_row();
                }
            });
        ui.label(format!(
            "The defender loses: {:.0}%",
            odds.attacker_wins * 100.0
        ));
        if odds.defensive_fire > 0.0 {
            ui.label(format!(
                "Defensive fire first hits: {:.0}% [3.7.2.9.2]",
                odds.defensive_fire * 100.0
            ));
        }
    });
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
            .board
            .turn_limit
            .map_or(String::new(), |l| format!(" of {l}"));
        format!("Turn {}{limit}, impulse {}", st.turn, st.impulse)
    }

    fn turn_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        t.turn_ui(ui);
    }

    fn act_ui(t: &mut NapoleonTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        if st.pending.is_some() {
            t.pending_ui(ui, &st);
        } else {
            match st.phase {
                Phase::Skirmish { side } => t.skirmish_ui(ui, &st, side),
                Phase::Bombardment { side } => t.bombard_ui(ui, &st, side),
                Phase::Maneuver { side } if st.active.is_some() => t.activation_ui(ui, &st, side),
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
        let ix = st.board.hex_ix(h)?;
        let mut text = format!(
            "{h}  {:?}, elevation {}",
            st.board.terrain[ix as usize], st.board.elevation[ix as usize]
        );
        for q in st.at(ix) {
            let info = &st.board.pieces[q as usize];
            text.push_str(&format!("  |  {}", info.name));
            if info.kind.is_unit() {
                text.push_str(&format!(
                    " {} {}",
                    compass(st, st.facing[q as usize]),
                    if st.casualties[q as usize] > 0 {
                        format!("({} cas.)", st.casualties[q as usize])
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
        let Some(outcome) = st.outcome.clone() else {
            return;
        };
        let text = match outcome.winner {
            Some(w) => format!("{} wins [4.1]: {}", t.side_name(w), outcome.reason),
            None => format!("Draw [4.1]: {}", outcome.reason),
        };
        ui.label(RichText::new(text).strong().size(16.0));
        ui.label(format!(
            "Turn {}, impulse {}, {}.",
            st.turn,
            st.impulse,
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
