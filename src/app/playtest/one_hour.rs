//! The One Hour Napoleonic playtest table: a game of the scenario being
//! edited on the One Hour engine, drawn over the shared map view, over the
//! pieces every table shares (seats, history, event log; `super`).
//!
//! Everything shown is asked of the engine: where a unit can end its move
//! and how it faces there (`State::reach`, checked by `plan_move`), its
//! shots and charges with their dice (`shot_odds`, `charges_of`,
//! `charge_odds`), a leader's moves and the choices a card or a
//! resolution waits for (`check`, `legal_commands`). A unit's whole move
//! (the pivot before, the steps, the pivot after, column of route) is one
//! command, drafted on the table (Q/E pivot first, C column of route) and
//! given with the click on the box it ends in; the side of the box the
//! click lands nearest is the facing it ends in. Every action is a
//! `Command` the engine checks; a refusal is shown with its ruling.

use super::marks::{self, BLUE, GOLD, GREEN, ORANGE, PURPLE, RED};
use super::table::{Table, TableRules};
use super::{StartChoice, draw_die};
use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::engine::Rules;
use crate::engine::one_hour::board::FACINGS;
use crate::engine::one_hour::contract::sentence;
use crate::engine::one_hour::fire::Formation;
use crate::engine::one_hour::rules::{Odds, mode_words};
use crate::engine::one_hour::types::{LeaderIx, UnitIx};
use crate::engine::one_hour::{Command, Event, OneHour, Pending, Phase, State};
use crate::hex::{Dir, Hex, Layout};
use crate::scenario::one_hour::{CardEffect, Commands};
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Shape, Stroke, Vec2, pos2, vec2};

/// The shared playtest machinery, on this table's rule set.
pub type OneHourSession = crate::play::Session<OneHour>;

/// What is selected on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Unit(UnitIx),
    Leader(LeaderIx),
}

/// The move being drafted for the selected unit: the facing it pivots to
/// before its steps, whether it moves in column of route, whether a
/// leader of its box goes along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draft {
    pub unit: UnitIx,
    pub start: Dir,
    pub column: bool,
    pub leader: Option<LeaderIx>,
}

/// One box the drafted move can end in: the facing after its steps and
/// the command (pivot after left to the click).
#[derive(Clone, Debug)]
struct MoveTo {
    to: Hex,
    facing: Dir,
    steps: Vec<Hex>,
}

/// The One Hour Napoleonic table: the shell's [`Table`] with what this
/// rule set keeps between frames.
pub type OneHourTable = Table<OneHourTableRules>;

/// What the One Hour Napoleonic table keeps between frames.
pub struct OneHourTableRules {
    pub selected: Option<Pick>,
    pub draft: Option<Draft>,
    /// Units picked on the map for a card's choice (H40).
    pub card_pick: Vec<UnitIx>,
    /// The drafted move's end boxes, for (draft, history length).
    moves: Option<(Draft, usize, Vec<MoveTo>)>,
    /// The legal commands of the live position, for its history length.
    legal: Option<(usize, Vec<Command>)>,
    /// Each engine unit's place in the scenario's list of units, looked
    /// up once: the counters are drawn from it every frame.
    scenario_ix: Vec<Option<usize>>,
}

impl Table<OneHourTableRules> {
    /// The position shown (the replay cursor's).
    pub fn state(&self) -> &State {
        &self.session.shown().state
    }

    fn live(&self) -> &State {
        &self.session.game.state
    }

    fn unit_name(&self, u: UnitIx) -> String {
        self.live().board.units[u as usize].name.clone()
    }

    fn leader_name(&self, l: LeaderIx) -> String {
        self.live().board.leaders[l as usize].name.clone()
    }

    fn drop_stale(&mut self) {
        self.own.moves = None;
        self.own.legal = None;
        self.own.card_pick.clear();
        let st = self.live();
        let gone = match self.own.selected {
            Some(Pick::Unit(u)) => st.pos[u as usize].is_none(),
            Some(Pick::Leader(l)) => st.leader_pos[l as usize].is_none(),
            None => false,
        };
        if gone {
            self.select(None);
        } else {
            // The draft starts again from where the unit now stands.
            let sel = self.own.selected;
            self.select(sel);
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

    /// Selects a unit or leader; a unit of the side to act gets a fresh
    /// draft move (its facing and formation as they are).
    pub fn select(&mut self, p: Option<Pick>) {
        self.own.selected = p;
        self.own.moves = None;
        let st = self.live();
        self.own.draft = match p {
            Some(Pick::Unit(u)) if st.pos[u as usize].is_some() => Some(Draft {
                unit: u,
                start: st.facing[u as usize],
                column: st.formation[u as usize] == Formation::Column,
                leader: None,
            }),
            _ => None,
        };
    }

    fn selected_unit(&self) -> Option<UnitIx> {
        match self.own.selected {
            Some(Pick::Unit(u)) => Some(u),
            _ => None,
        }
    }

    /// The selected unit, if it is the side to act's and may act in step
    /// 2 or 3 now.
    fn own_selected(&self) -> Option<UnitIx> {
        let u = self.selected_unit()?;
        let st = self.live();
        (st.pending.is_empty()
            && matches!(st.phase, Phase::Shoot | Phase::Move)
            && st.side_of(u) == st.side
            && st.pos[u as usize].is_some())
        .then_some(u)
    }

    /// The boxes the drafted move can end in (step 3 only), each once.
    fn moves(&mut self) -> Vec<MoveTo> {
        let len = self.session.len();
        let Some(d) = self.own.draft.filter(|d| {
            self.session.is_live()
                && self.live().phase == Phase::Move
                && self.own_selected() == Some(d.unit)
        }) else {
            return Vec::new();
        };
        if self
            .own
            .moves
            .as_ref()
            .is_none_or(|(k, n, _)| *k != d || *n != len)
        {
            let st = &self.session.game.state;
            let cur = st.facing[d.unit as usize];
            let out: Vec<MoveTo> = st
                .reach(d.unit, d.start, d.column)
                .into_iter()
                .filter(|r| {
                    st.plan_move(&Command::Move {
                        unit: d.unit,
                        start: (d.start != cur).then_some(d.start),
                        steps: r.path.clone(),
                        end: None,
                        column: d.column,
                        leader: d.leader,
                    })
                    .is_ok()
                })
                .map(|r| MoveTo {
                    to: r.to,
                    facing: r.facing,
                    steps: r.path,
                })
                .collect();
            self.own.moves = Some((d, len, out));
        }
        self.own
            .moves
            .as_ref()
            .map_or(Vec::new(), |(_, _, v)| v.clone())
    }

    /// The drafted move through `steps`, pivoting to `end` after them.
    fn move_command(&self, d: Draft, steps: Vec<Hex>, end: Option<Dir>) -> Command {
        let cur = self.live().facing[d.unit as usize];
        Command::Move {
            unit: d.unit,
            start: (d.start != cur).then_some(d.start),
            steps,
            end,
            column: d.column,
            leader: d.leader,
        }
    }

    /// The selected unit's shots now: (target, odds).
    fn shots(&self) -> Vec<(UnitIx, Odds)> {
        let Some(u) = self.own_selected() else {
            return Vec::new();
        };
        let st = self.live();
        st.live()
            .filter(|&t| st.side_of(t) != st.side)
            .filter_map(|t| st.shot_odds(u, t).ok().map(|o| (t, o)))
            .collect()
    }

    /// The selected unit's charges now (step 3): (target, steps, odds).
    fn charges(&self) -> Vec<(UnitIx, Vec<Hex>, Odds)> {
        let Some(u) = self
            .own_selected()
            .filter(|_| self.live().phase == Phase::Move)
        else {
            return Vec::new();
        };
        let st = self.live();
        let mut out: Vec<(UnitIx, Vec<Hex>, Odds)> = Vec::new();
        for (t, steps) in st.charges_of(u) {
            if out.iter().any(|(x, _, _)| *x == t) {
                continue;
            }
            if let Ok(o) = st.charge_odds(u, &steps, t) {
                out.push((t, steps, o));
            }
        }
        out
    }

    /// A selected leader's moves (H23): (box, path).
    fn leader_moves(&self) -> Vec<(Hex, Vec<Hex>)> {
        let Some(Pick::Leader(l)) = self.own.selected else {
            return Vec::new();
        };
        let st = self.live();
        let Some(from) = st.leader_pos[l as usize] else {
            return Vec::new();
        };
        if st.phase != Phase::Move || !st.pending.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<(Hex, Vec<Hex>)> = Vec::new();
        let mut frontier: Vec<Vec<Hex>> = vec![Vec::new()];
        while let Some(path) = frontier.pop() {
            let at = path.last().copied().unwrap_or(from);
            for n in crate::engine::one_hour::geometry::BOXES.neighbours(at) {
                if n == from || path.contains(&n) {
                    continue;
                }
                let mut p = path.clone();
                p.push(n);
                let c = Command::MoveLeader {
                    leader: l,
                    steps: p.clone(),
                };
                if st.check(&c).is_err() {
                    continue;
                }
                match out.iter_mut().find(|(h, _)| *h == n) {
                    Some((_, q)) if q.len() <= p.len() => continue,
                    Some((_, q)) => *q = p.clone(),
                    None => out.push((n, p.clone())),
                }
                frontier.push(p);
            }
        }
        out
    }

    /// The boxes the rules wait for a choice of (a retreat, a leader's
    /// retirement), with their commands.
    fn box_choices(&self) -> Vec<(Hex, Command)> {
        match self.live().pending.front() {
            Some(Pending::Retreat { options, .. }) => options
                .iter()
                .map(|&to| (to, Command::Retreat { to }))
                .collect(),
            Some(Pending::Retire { options, .. }) => options
                .iter()
                .map(|&to| (to, Command::Retire { to }))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A click on the map at `h`; `toward`: the side of the box the click
    /// was nearest, for the facing to end in.
    pub fn click(&mut self, h: Hex, toward: Option<Dir>) {
        if !self.human_to_act() {
            self.select_at(h);
            return;
        }
        if let Some((_, c)) = self.box_choices().into_iter().find(|(x, _)| *x == h) {
            self.give(c);
            return;
        }
        let st = self.live().clone();
        if let Phase::CardChoice { .. } = st.phase {
            // Units picked for the card (H40).
            if let Some(u) = st.unit_at(h) {
                if let Some(i) = self.own.card_pick.iter().position(|&x| x == u) {
                    self.own.card_pick.remove(i);
                } else {
                    self.own.card_pick.push(u);
                }
                self.select(Some(Pick::Unit(u)));
            }
            return;
        }
        // A leader's move.
        if let Some(Pick::Leader(l)) = self.own.selected
            && st.board.leaders[l as usize].side == st.side
            && st.leader_pos[l as usize] != Some(h)
            && st.unit_at(h).is_none_or(|u| st.side_of(u) == st.side)
            && st.phase == Phase::Move
        {
            if let Some((_, steps)) = self.leader_moves().into_iter().find(|(x, _)| *x == h) {
                self.give(Command::MoveLeader { leader: l, steps });
            } else {
                self.give(Command::MoveLeader {
                    leader: l,
                    steps: vec![h],
                });
            }
            return;
        }
        if let Some(u) = self.own_selected() {
            let here = st.unit_at(h);
            // An enemy: a charge if the unit can make one, else a shot.
            if let Some(t) = here.filter(|&t| st.side_of(t) != st.side) {
                if let Some((_, steps, _)) = self.charges().into_iter().find(|(x, _, _)| *x == t) {
                    self.give(Command::Charge {
                        unit: u,
                        steps,
                        target: t,
                    });
                } else {
                    self.give(Command::Shoot { unit: u, target: t });
                }
                return;
            }
            if st.phase == Phase::Move
                && let Some(d) = self.own.draft
            {
                // Its own box: the side clicked is the facing to pivot
                // to first (drafted, not yet given).
                if st.pos[u as usize] == Some(h) {
                    if let Some(f) = toward {
                        self.set_start(f);
                    }
                    return;
                }
                if here.is_none() {
                    let moves = self.moves();
                    if let Some(m) = moves.iter().find(|m| m.to == h) {
                        let end = toward.filter(|&f| f != m.facing);
                        let c = self.move_command(d, m.steps.clone(), end);
                        self.give(c);
                    } else {
                        // Not reachable: ask the engine why, with one step.
                        let c = self.move_command(d, vec![h], None);
                        self.give(c);
                    }
                    return;
                }
            }
        }
        self.select_at(h);
    }

    /// Selects what is at `h`: the unit, then a leader there on a second
    /// click, or nothing.
    fn select_at(&mut self, h: Hex) {
        let st = self.state();
        let unit = st.unit_at(h);
        let leaders: Vec<LeaderIx> = st.leaders_at(h).collect();
        let pick = match self.own.selected {
            Some(Pick::Unit(u)) if Some(u) == unit && !leaders.is_empty() => {
                Some(Pick::Leader(leaders[0]))
            }
            Some(Pick::Leader(l)) if leaders.contains(&l) => {
                let i = leaders.iter().position(|&x| x == l).unwrap_or(0);
                match leaders.get(i + 1) {
                    Some(&n) => Some(Pick::Leader(n)),
                    None => unit.map(Pick::Unit).or(Some(Pick::Leader(leaders[0]))),
                }
            }
            _ => unit
                .map(Pick::Unit)
                .or_else(|| leaders.first().map(|&l| Pick::Leader(l))),
        };
        self.select(pick);
    }

    /// Sets the facing the drafted move pivots to first (H4).
    pub fn set_start(&mut self, f: Dir) {
        if let Some(d) = self.own.draft.as_mut() {
            d.start = f;
            let unit = d.unit;
            let name = self.unit_name(unit);
            self.message = Some((
                true,
                format!(
                    "{name} will pivot to face {} first: click the box it ends in, or P to pivot \
                     only (H4)",
                    f.name()
                ),
            ));
        }
    }

    /// Q and E: the drafted pivot a quarter turn anticlockwise (-1) or
    /// clockwise (1).
    pub fn rotate(&mut self, by: i32) {
        let Some(d) = self.own.draft.filter(|_| self.live().phase == Phase::Move) else {
            self.message = Some((
                false,
                "Select a unit of yours in step 3 to pivot it (H4)".into(),
            ));
            return;
        };
        let i = FACINGS.iter().position(|&f| f == d.start).unwrap_or(0) as i32;
        self.set_start(FACINGS[(i + by).rem_euclid(4) as usize]);
    }

    /// C: the drafted move in column of route or deployed (H33).
    pub fn toggle_column(&mut self) {
        if let Some(d) = self.own.draft.as_mut() {
            d.column = !d.column;
        }
    }

    /// P: gives the drafted pivot and formation change as the unit's
    /// move, without steps.
    pub fn pivot_only(&mut self) {
        let Some(d) = self.own.draft else {
            return;
        };
        let st = self.live();
        let cur = st.facing[d.unit as usize];
        let c = Command::Move {
            unit: d.unit,
            start: None,
            steps: Vec::new(),
            end: (d.start != cur).then_some(d.start),
            column: d.column,
            leader: None,
        };
        self.give(c);
    }

    /// S: forms square facing as it faces, or leaves it facing the
    /// drafted facing (H32).
    pub fn square(&mut self) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let st = self.live();
        let form = st.formation[u as usize] != Formation::Square;
        let facing = self.own.draft.map_or(st.facing[u as usize], |d| d.start);
        self.give(Command::Square {
            unit: u,
            form,
            facing,
        });
    }

    /// R: the selected unit rallies instead of moving (H21).
    pub fn rally(&mut self) {
        if let Some(u) = self.own_selected() {
            self.give(Command::Rally { unit: u });
        }
    }

    /// Ctrl+Enter: draws the card, ends shooting, or ends the player
    /// turn.
    pub fn end_step(&mut self) {
        let st = self.live();
        if !st.pending.is_empty() {
            return;
        }
        let cmd = match st.phase {
            Phase::Card => Command::Draw,
            Phase::Shoot => Command::EndShooting,
            Phase::Move => Command::EndTurn,
            Phase::CardChoice { .. } | Phase::Volley | Phase::Over => return,
        };
        self.give(cmd);
    }

    // ---------------------------------------------------------------
    // The side panel

    /// The card on the table this player turn, drawn as a card.
    fn card_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let Some((side, c)) = st.card else {
            return;
        };
        let Some(card) = st.board.decks[side as usize & 1].get(c as usize) else {
            return;
        };
        let colour = self
            .session
            .scenario
            .sides
            .get(side as usize)
            .map_or(Color32::GRAY, |s| map_view::color(s.colour));
        egui::Frame::new()
            .fill(Color32::from_rgb(250, 246, 232))
            .stroke(Stroke::new(2.0, colour))
            .inner_margin(10.0)
            .corner_radius(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let ink = Color32::from_rgb(30, 30, 30);
                ui.label(
                    RichText::new(format!("{} chance card", self.side_name(side)))
                        .small()
                        .color(colour),
                );
                ui.label(RichText::new(&card.title).strong().size(18.0).color(ink));
                ui.label(
                    RichText::new(format!("{}.", card.effect.words()))
                        .strong()
                        .color(ink),
                );
                if !card.text.is_empty() {
                    ui.label(RichText::new(&card.text).italics().color(ink));
                }
            });
        ui.add_space(4.0);
    }

    fn card_choice_ui(
        &mut self,
        ui: &mut egui::Ui,
        st: &State,
        card: u16,
        chooser: u8,
        amount: Option<u32>,
    ) {
        let effect = st.board.decks[st.side as usize & 1]
            .get(card as usize)
            .map_or(CardEffect::NoEffect, |c| c.effect);
        let n = amount.map_or(String::new(), |a| format!(" (the number: {a})"));
        ui.label(format!(
            "{} chooses for the card{n} [H40]:",
            self.side_name(chooser)
        ));
        let choices: Vec<Command> = self.legal().to_vec();
        for c in choices {
            let label = card_choice_text(st, &c);
            if ui.button(label).clicked() {
                self.give(c);
                return;
            }
        }
        if matches!(
            effect,
            CardEffect::MayNotMove { .. } | CardEffect::LowAmmo { .. } | CardEffect::Recover { .. }
        ) {
            ui.label(
                RichText::new("Or click units on the map to pick them, then:")
                    .small()
                    .weak(),
            );
            let names: Vec<String> = self
                .own
                .card_pick
                .iter()
                .map(|&u| self.unit_name(u))
                .collect();
            let label = if names.is_empty() {
                "Choose the units picked".to_string()
            } else {
                format!("Choose {}", names.join(", "))
            };
            if ui
                .add_enabled(!self.own.card_pick.is_empty(), egui::Button::new(label))
                .clicked()
            {
                let max = match effect {
                    CardEffect::MayNotMove { units }
                    | CardEffect::LowAmmo { units }
                    | CardEffect::Recover { units, .. } => units.max(),
                    _ => 0,
                };
                let c = Command::ChooseCard {
                    units: self.own.card_pick.clone(),
                    mode: None,
                    amount: amount.is_none().then_some(max),
                };
                self.give(c);
            }
        }
    }

    fn shoot_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let shooters = st
            .live()
            .filter(|&u| st.side_of(u) == st.side)
            .filter(|&u| {
                st.live()
                    .any(|t| st.side_of(t) != st.side && st.shot_odds(u, t).is_ok())
            })
            .count();
        ui.label(format!(
            "{shooters} of your units have a target. Select a unit, then click an enemy in its \
             arc (ringed orange) to shoot."
        ));
        self.targets_ui(ui);
        if ui
            .button("End shooting")
            .on_hover_text("On to step 3, movement (Ctrl+Enter)")
            .clicked()
        {
            self.give(Command::EndShooting);
        }
    }

    /// The selected unit's shots and charges, as buttons with their dice.
    fn targets_ui(&mut self, ui: &mut egui::Ui) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let st = self.live().clone();
        for (t, o) in self.shots() {
            let label = format!(
                "Shoot at {} ({} box{}): {}",
                self.unit_name(t),
                o.range.unwrap_or(0),
                if o.range == Some(1) { "" } else { "es" },
                odds_text(o)
            );
            if ui.button(label).clicked() {
                self.give(Command::Shoot { unit: u, target: t });
                return;
            }
        }
        for (t, steps, o) in self.charges() {
            let flank = if st.pos[t as usize].is_some_and(|to| {
                let at = steps.last().copied().or(st.pos[u as usize]).unwrap_or(to);
                !st.faces(t, at)
            }) {
                ", on its flank"
            } else {
                ""
            };
            let label = format!("Charge {}{flank}: {}", self.unit_name(t), odds_text(o));
            if ui.button(label).clicked() {
                self.give(Command::Charge {
                    unit: u,
                    steps,
                    target: t,
                });
                return;
            }
        }
    }

    fn move_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let waiting = st
            .live()
            .filter(|&u| st.side_of(u) == st.side && !st.acts[u as usize].acted())
            .count();
        ui.label(format!(
            "{waiting} of your units have not acted. Select one: green boxes are where it can \
             end its move; click near a box side to end facing it. Q/E pivot first, C column of \
             route, P pivot only, S square, R rally."
        ));
        if let Some(d) = self.own.draft
            && self.own_selected() == Some(d.unit)
        {
            let u = d.unit;
            let name = self.unit_name(u);
            ui.horizontal(|ui| {
                ui.label(format!("{name} pivots first to"));
                for f in FACINGS {
                    if ui
                        .selectable_label(d.start == f, f.name())
                        .on_hover_text("The pivot before its steps (Q/E) [H4]")
                        .clicked()
                    {
                        self.set_start(f);
                    }
                }
            });
            let mut column = d.column;
            if ui
                .checkbox(&mut column, "In column of route (C)")
                .on_hover_text("Faster along roads; cannot shoot [H33]")
                .changed()
            {
                self.toggle_column();
            }
            let leaders: Vec<LeaderIx> = st
                .pos
                .get(u as usize)
                .copied()
                .flatten()
                .map(|h| {
                    st.leaders_at(h)
                        .filter(|&l| !st.leader_moved[l as usize])
                        .collect()
                })
                .unwrap_or_default();
            for l in leaders {
                let mut along = d.leader == Some(l);
                if ui
                    .checkbox(&mut along, format!("{} goes along", self.leader_name(l)))
                    .on_hover_text("A leader moves with the unit he is with [H23]")
                    .changed()
                    && let Some(dd) = self.own.draft.as_mut()
                {
                    dd.leader = along.then_some(l);
                }
            }
            ui.horizontal(|ui| {
                let cur = st.facing[u as usize];
                let changes =
                    d.start != cur || d.column != (st.formation[u as usize] == Formation::Column);
                if ui
                    .add_enabled(changes, egui::Button::new("Pivot only (P)"))
                    .on_hover_text("The pivot and formation drafted, as its move [H4]")
                    .clicked()
                {
                    self.pivot_only();
                }
                let square = st.formation[u as usize] == Formation::Square;
                if ui
                    .button(if square {
                        "Leave square (S)"
                    } else {
                        "Form square (S)"
                    })
                    .on_hover_text("Instead of moving [H32]")
                    .clicked()
                {
                    self.square();
                }
                if ui
                    .button("Rally (R)")
                    .on_hover_text("Instead of moving: 1D6 removes hits [H21]")
                    .clicked()
                {
                    self.rally();
                }
            });
        }
        self.targets_ui(ui);
        if ui
            .button("End the player turn")
            .on_hover_text("Ctrl+Enter; no two units may share a box [H36]")
            .clicked()
        {
            self.give(Command::EndTurn);
        }
    }

    fn pending_ui(&mut self, ui: &mut egui::Ui, p: &Pending) {
        match p {
            Pending::Retreat { unit, options } => {
                ui.label(format!(
                    "{} must retreat: pick the box (purple) [H8]",
                    self.unit_name(*unit)
                ));
                for &to in options {
                    if ui.button(format!("Retreat to {to}")).clicked() {
                        self.give(Command::Retreat { to });
                        return;
                    }
                }
            }
            Pending::Retire { leader, options } => {
                ui.label(format!(
                    "{} is overrun: pick the box he retires to (purple) [H24]",
                    self.leader_name(*leader)
                ));
                for &to in options {
                    if ui.button(format!("Retire to {to}")).clicked() {
                        self.give(Command::Retire { to });
                        return;
                    }
                }
            }
            Pending::Bayonet { unit, to } => {
                ui.label(format!(
                    "{}'s target routed: advance into {to} with the bayonet? [H19]",
                    self.unit_name(*unit)
                ));
                ui.horizontal(|ui| {
                    if ui.button(format!("Advance into {to}")).clicked() {
                        self.give(Command::Bayonet { advance: true });
                    }
                    if ui.button("Stay").clicked() {
                        self.give(Command::Bayonet { advance: false });
                    }
                });
            }
            Pending::Respond {
                charger,
                target,
                facings,
                ..
            } => {
                ui.label(format!(
                    "{} charges {} on its flank: turn to face the charge? [H28]",
                    self.unit_name(*charger),
                    self.unit_name(*target)
                ));
                ui.horizontal(|ui| {
                    for &f in facings {
                        if ui.button(format!("Face {}", f.name())).clicked() {
                            self.give(Command::Respond { facing: Some(f) });
                            return;
                        }
                    }
                    if ui.button("Stand as it is").clicked() {
                        self.give(Command::Respond { facing: None });
                    }
                });
            }
        }
    }

    /// What is selected: a unit with its type, quality, hits and traits,
    /// or a leader with his commands.
    fn selected_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        match self.own.selected {
            Some(Pick::Unit(u)) if st.pos[u as usize].is_some() => {
                let info = &st.board.units[u as usize];
                let s = &info.spec;
                ui.strong("Selected");
                ui.label(format!(
                    "{} — {} of {}",
                    info.name,
                    s.unit_type.name(),
                    self.side_name(info.side)
                ));
                let cap = st.board.options.hits_of(s);
                ui.label(format!(
                    "{} ({}); hits taken {} of {cap}{}",
                    s.quality.name(),
                    crate::words::counted(cap, "hit", "hits"),
                    st.hits[u as usize],
                    if s.command.is_empty() {
                        String::new()
                    } else {
                        format!("; command {}", s.command)
                    }
                ));
                let traits: Vec<&str> = [
                    (s.steadfast, "steadfast"),
                    (s.conscript, "conscript"),
                    (s.reluctant, "reluctant"),
                    (s.impetuous, "impetuous"),
                    (s.shock, "shock"),
                    (s.rifles, "rifles"),
                ]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, n)| *n)
                .collect();
                if !traits.is_empty() {
                    ui.label(format!("Traits: {}", traits.join(", ")));
                }
                let a = &st.acts[u as usize];
                let mut done = Vec::new();
                if a.shots > 0 {
                    done.push("shot");
                }
                if a.moves > 0 {
                    done.push("moved");
                }
                if a.charged {
                    done.push("charged");
                }
                if a.rallied {
                    done.push("rallied");
                }
                if a.formed {
                    done.push("formed");
                }
                if a.no_move {
                    done.push("may not move (card)");
                }
                if a.shots_allowed == 0 && st.side == info.side {
                    done.push("may not fire (card)");
                }
                if (a.shots_allowed > 1 || a.moves_allowed > 1) && st.side == info.side {
                    done.push("double action (card)");
                }
                ui.label(format!(
                    "At {}, faces {}, {}{}",
                    st.pos[u as usize].map_or(String::new(), |h| h.to_string()),
                    st.facing[u as usize].name(),
                    formation_words(st.formation[u as usize]),
                    if done.is_empty() {
                        String::new()
                    } else {
                        format!("; this turn: {}", done.join(", "))
                    }
                ));
            }
            Some(Pick::Leader(l)) if st.leader_pos[l as usize].is_some() => {
                let info = &st.board.leaders[l as usize];
                ui.strong("Selected");
                let commands = match &info.commands {
                    Commands::All => "every command".to_string(),
                    Commands::Listed(c) => c.join(", "),
                };
                ui.label(format!(
                    "{} ({}), leads {commands}",
                    info.name,
                    self.side_name(info.side)
                ));
                let mut abilities = Vec::new();
                if info.force_fire_reroll {
                    abilities.push("enemy fire on units near him rerolls a hit [H25]");
                }
                if info.melee_reroll_miss {
                    abilities.push("a charge near him rerolls a miss [H25]");
                }
                for a in abilities {
                    ui.label(a);
                }
                if st.leader_moved[l as usize] {
                    ui.label("Has moved this turn.");
                } else if st.side == info.side && st.phase == Phase::Move {
                    ui.label(
                        RichText::new("Blue boxes: where he can move alone [H23]")
                            .small()
                            .weak(),
                    );
                }
            }
            _ => {
                ui.label(RichText::new("Click a unit or leader to select it.").weak());
            }
        }
    }

    fn armies_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        ui.strong("Armies");
        egui::Grid::new("one hour armies")
            .num_columns(5)
            .show(ui, |ui| {
                ui.label("");
                ui.label(RichText::new("Routed / breaks").small());
                ui.label(RichText::new("Objectives").small());
                ui.label(RichText::new("Deck / discard").small());
                ui.label(RichText::new("To come").small());
                ui.end_row();
                for s in 0..2u8 {
                    let i = s as usize;
                    ui.strong(self.side_name(s));
                    let lost = st.lost[i];
                    match st.board.morale[i] {
                        Some(m) => {
                            let c = if lost >= m {
                                RED
                            } else {
                                ui.visuals().text_color()
                            };
                            ui.colored_label(c, format!("{lost} / {m}"));
                        }
                        None => {
                            ui.label(format!("{lost} / —"));
                        }
                    }
                    let points: u32 = st
                        .board
                        .objectives
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| st.held.get(*k) == Some(&s))
                        .map(|(_, o)| o.points)
                        .sum();
                    ui.label(points.to_string());
                    ui.label(format!(
                        "{} / {}",
                        st.decks[i].draw.len(),
                        st.decks[i].discard.len()
                    ));
                    ui.label(st.to_come(s).to_string());
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new(format!(
                "Victory [H9]: a side breaks when its routed units reach its breaking point; \
                 after turn {}, the side holding objectives worth more wins, then the side that \
                 lost fewer units.",
                st.board.turn_limit
            ))
            .small()
            .weak(),
        );
    }

    /// The dice of the last command: shots and charges with the number
    /// each die needs, rallies, tests, card numbers and leader risks.
    fn dice_ui(&mut self, ui: &mut egui::Ui) {
        let shown = self.session.cursor();
        let game = self.session.shown();
        let Some((_, events)) = shown.checked_sub(1).and_then(|i| game.history.get(i)) else {
            ui.label(RichText::new("No dice rolled yet.").weak());
            return;
        };
        let b = game.state.board.clone();
        let events = events.clone();
        let mut any = false;
        for e in &events {
            let (title, dice, need) = match e {
                Event::Shot {
                    unit,
                    target,
                    dice,
                    need,
                    hits,
                    range,
                } => (
                    format!(
                        "{} shoots {} at {range}: {} [H15]",
                        b.units[*unit as usize].name,
                        b.units[*target as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    dice.clone(),
                    *need,
                ),
                Event::ChargeRolled {
                    unit,
                    target,
                    dice,
                    need,
                    hits,
                } => (
                    format!(
                        "{} charges {}: {} [H27]",
                        b.units[*unit as usize].name,
                        b.units[*target as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    dice.clone(),
                    *need,
                ),
                Event::Rallied {
                    unit,
                    face,
                    regained,
                } => (
                    format!(
                        "{} rallies: {} removed [H21]",
                        b.units[*unit as usize].name,
                        crate::words::counted(regained, "hit", "hits")
                    ),
                    vec![*face],
                    None,
                ),
                Event::Reluctant {
                    unit,
                    face,
                    hits_left,
                    passed,
                } => (
                    format!(
                        "{} reluctant: {} (under {hits_left} passes) [H22]",
                        b.units[*unit as usize].name,
                        if *passed { "passes" } else { "fails" }
                    ),
                    vec![*face],
                    None,
                ),
                Event::AmountRolled { face, amount } => (
                    format!("The card's number: {amount} [H39]"),
                    vec![*face],
                    None,
                ),
                Event::Recovered { unit, face, hits } => (
                    format!(
                        "{} recovers {} [H41]",
                        b.units[*unit as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    vec![*face],
                    None,
                ),
                Event::LeaderRisk {
                    leader,
                    faces,
                    lost,
                } => (
                    format!(
                        "{} at risk: {} [H24]",
                        b.leaders[*leader as usize].name,
                        if *lost { "lost" } else { "safe" }
                    ),
                    faces.clone(),
                    None,
                ),
                _ => continue,
            };
            any = true;
            ui.label(RichText::new(title).strong());
            ui.horizontal_wrapped(|ui| {
                for &d in &dice {
                    let (rect, _) = ui.allocate_exact_size(vec2(26.0, 26.0), Sense::hover());
                    draw_die(ui.painter(), rect, d);
                    if need.is_some_and(|n| d >= n) {
                        ui.painter().rect_stroke(
                            rect.expand(1.5),
                            6.0,
                            Stroke::new(2.5, GREEN),
                            egui::StrokeKind::Outside,
                        );
                    }
                }
                if let Some(n) = need {
                    ui.label(RichText::new(format!("{n}+ hits")).small());
                } else if matches!(e, Event::Shot { .. } | Event::ChargeRolled { .. }) {
                    ui.label(RichText::new("no die can hit").small());
                }
            });
        }
        if !any {
            ui.label(RichText::new("The last command rolled no dice.").weak());
        }
    }

    // ---------------------------------------------------------------
    // The map

    fn facing_at(&self, h: Hex, pos: Pos2) -> Option<Dir> {
        let layout = self.last_layout.as_ref()?;
        nearest_side(layout, h, pos)
    }

    /// Box highlights: the drafted move's end boxes, a leader's moves,
    /// the boxes the rules wait for.
    fn overlay_shapes(&mut self, layout: &Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        if !self.session.is_live() {
            return shapes;
        }
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
        let mut seen: Vec<Hex> = Vec::new();
        for m in self.moves() {
            if !seen.contains(&m.to) {
                seen.push(m.to);
                shapes.push(marks::reach(layout, m.to, GREEN));
            }
        }
        for (h, _) in self.leader_moves() {
            shapes.push(poly(h, BLUE.gamma_multiply(0.3), Stroke::new(1.5, BLUE)));
        }
        for (h, _) in self.box_choices() {
            shapes.push(marks::choice(layout, h, PURPLE));
        }
        shapes
    }

    /// Who holds each objective: a small flag in the holder's colour.
    fn draw_objectives(&self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state();
        let size = layout.size as f32;
        for (i, o) in st.board.objectives.iter().enumerate() {
            let Some(&holder) = st.held.get(i) else {
                continue;
            };
            let Some(side) = self.session.scenario.sides.get(holder as usize) else {
                continue;
            };
            let c = layout.center(o.hex);
            let pole = pos2(c.x as f32 + size * 0.62, c.y as f32 - size * 0.85);
            let flag = [
                pole,
                pole + vec2(size * 0.3, size * 0.1),
                pole + vec2(0.0, size * 0.2),
            ];
            painter.line_segment(
                [pole, pole + vec2(0.0, size * 0.45)],
                Stroke::new(1.5, Color32::BLACK),
            );
            painter.add(Shape::convex_polygon(
                flag.to_vec(),
                map_view::color(side.colour),
                Stroke::new(1.0, Color32::BLACK),
            ));
        }
    }

    /// The selected unit's targets: orange rings to shoot, red to charge.
    fn draw_aim(&mut self, painter: &egui::Painter, layout: &Layout) {
        if !self.session.is_live() {
            return;
        }
        let st = self.live().clone();
        let size = layout.size as f32;
        let at = |u: UnitIx| {
            st.pos[u as usize].map(|h| {
                let c = layout.center(h);
                pos2(c.x as f32, c.y as f32)
            })
        };
        let Some(from) = self.own_selected().and_then(at) else {
            return;
        };
        for (t, o) in self.shots() {
            if let Some(p) = at(t) {
                painter.line_segment(
                    [from, p],
                    Stroke::new((size * 0.04).max(1.5), ORANGE.gamma_multiply(0.8)),
                );
                painter.circle_stroke(p, size * 0.75, Stroke::new((size * 0.07).max(2.0), ORANGE));
                painter.text(
                    p + vec2(0.0, -size * 0.75),
                    Align2::CENTER_BOTTOM,
                    odds_short(o),
                    FontId::proportional((size * 0.3).max(10.0)),
                    ORANGE,
                );
            }
        }
        for (t, _, o) in self.charges() {
            if let Some(p) = at(t) {
                painter.circle_stroke(p, size * 0.85, Stroke::new((size * 0.08).max(2.0), RED));
                painter.text(
                    p + vec2(0.0, size * 0.85),
                    Align2::CENTER_TOP,
                    format!("charge {}", odds_short(o)),
                    FontId::proportional((size * 0.28).max(10.0)),
                    RED,
                );
            }
        }
    }

    fn draw_counters(&self, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.15;
        let st = self.state();
        let b = &st.board;
        let visible = clip.expand(side);
        let scenario = &self.session.scenario;
        for u in st.live() {
            let Some(h) = st.pos[u as usize] else {
                continue;
            };
            let c = layout.center(h);
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            let Some(unit) = self
                .own
                .scenario_ix
                .get(u as usize)
                .copied()
                .flatten()
                .and_then(|i| scenario.units.get(i))
            else {
                continue;
            };
            let fill = map_view::color(scenario.unit_colour(unit));
            let label = scenario.rules.counter_label(unit);
            map_view::draw_counter(painter, centre, side, unit, &label, fill);
            let r = marks::counter_rect(centre, side);
            if st.side_of(u) == st.side
                && st.acts[u as usize].acted()
                && matches!(st.phase, Phase::Shoot | Phase::Move)
            {
                marks::shade(painter, r, side, 90);
            }
            map_view::draw_front_mark(painter, centre, side, dir_vector(st.facing[u as usize]));
            match st.formation[u as usize] {
                Formation::Column => marks::corner(painter, r, side, "C"),
                Formation::Square => {
                    marks::corner(painter, r, side, "SQ");
                    painter.rect_stroke(
                        r.shrink(side * 0.04),
                        0.0,
                        Stroke::new((side * 0.05).max(1.5), marks::CREAM),
                        egui::StrokeKind::Inside,
                    );
                }
                Formation::Deployed => {}
            }
            // What the card did to it this player turn (H41).
            if st.side_of(u) == st.side && !matches!(st.phase, Phase::Card | Phase::Over) {
                let a = &st.acts[u as usize];
                let mut marks = Vec::new();
                if a.shots_allowed == 0 {
                    marks.push("no fire");
                }
                if a.no_move {
                    marks.push("no move");
                }
                if a.shots_allowed > 1 || a.moves_allowed > 1 {
                    marks.push("x2");
                }
                if !marks.is_empty() && side >= 24.0 {
                    let text = marks.join(" ");
                    let at = r.center_bottom() + vec2(0.0, side * 0.02);
                    let font = FontId::proportional((side * 0.18).max(8.0));
                    let g = painter.layout_no_wrap(text, font, Color32::WHITE);
                    let bg = Rect::from_center_size(
                        at + vec2(0.0, g.size().y / 2.0),
                        g.size() + vec2(6.0, 2.0),
                    );
                    painter.rect_filled(bg, 3.0, PURPLE);
                    painter.galley(bg.min + vec2(3.0, 1.0), g, Color32::WHITE);
                }
            }
            let hits = st.hits[u as usize];
            if hits > 0 {
                let m = r.right_top() + vec2(-side * 0.1, side * 0.12);
                marks::disc(painter, m, side * 0.2, RED, &hits.to_string(), side);
            }
            if self.own.card_pick.contains(&u) {
                marks::ring(painter, r, side, PURPLE, 3.0);
            }
            if self.own.selected == Some(Pick::Unit(u)) {
                marks::selected(painter, r, side);
                // The drafted pivot, if it differs.
                if let Some(d) = self.own.draft.filter(|d| d.unit == u)
                    && d.start != st.facing[u as usize]
                    && self.session.is_live()
                {
                    let v = dir_vector(d.start);
                    let tip = centre + v * side * 0.85;
                    painter.arrow(
                        centre,
                        tip - centre,
                        Stroke::new((side * 0.06).max(2.0), GOLD),
                    );
                }
            }
        }
        // Leaders at the box's upper left.
        let mut count: Vec<(Hex, usize)> = Vec::new();
        for (l, info) in b.leaders.iter().enumerate() {
            let Some(h) = st.leader_pos[l] else {
                continue;
            };
            let k = match count.iter_mut().find(|(x, _)| *x == h) {
                Some((_, n)) => {
                    *n += 1;
                    *n - 1
                }
                None => {
                    count.push((h, 1));
                    0
                }
            };
            let c = layout.center(h);
            let at = pos2(c.x as f32, c.y as f32)
                + vec2(-side * 0.55 + k as f32 * side * 0.4, -side * 0.55);
            let initial = info
                .name
                .chars()
                .next()
                .map_or(String::new(), |c| c.to_string());
            map_view::draw_officer(
                painter,
                at,
                (side * 0.18).max(5.0),
                info.commands == Commands::All,
                &initial,
                self.own.selected == Some(Pick::Leader(l as LeaderIx)),
            );
        }
    }

    fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let side = self.side_name(st.side);
        let step = match st.phase {
            Phase::Card => format!("{side}: 1. draw a chance card [H38]"),
            Phase::CardChoice { chooser, .. } => format!(
                "{side}: 1. the card's choice, by {} [H40]",
                self.side_name(chooser)
            ),
            Phase::Shoot => format!("{side}: 2. shooting [H15]"),
            Phase::Move => format!("{side}: 3. movement and charges [H10]"),
            Phase::Volley => "2. the hits of both sides' fire take effect [H9]".into(),
            Phase::Over => "The game is over [H9]".into(),
        };
        ui.label(RichText::new(step).strong().size(16.0));
        if st.board.options.turn_structure
            == crate::scenario::one_hour::TurnStructure::SimultaneousFire
        {
            ui.label(
                RichText::new(format!(
                    "Simultaneous fire [H9]: both sides draw, then both shoot, hits taking \
                     effect after all fire ({} held), then each side moves.",
                    st.volley.len()
                ))
                .small()
                .weak(),
            );
        }
    }
}

/// A facing as a unit vector on the screen.
fn dir_vector(f: Dir) -> Vec2 {
    match f {
        Dir::N => vec2(0.0, -1.0),
        Dir::E => vec2(1.0, 0.0),
        Dir::S => vec2(0.0, 1.0),
        Dir::W => vec2(-1.0, 0.0),
        Dir::NE => vec2(1.0, -1.0).normalized(),
        Dir::SE => vec2(1.0, 1.0).normalized(),
        Dir::SW => vec2(-1.0, 1.0).normalized(),
        Dir::NW => vec2(-1.0, -1.0).normalized(),
    }
}

/// The side of box `h` nearest `pos`, or none near the centre.
fn nearest_side(layout: &Layout, h: Hex, pos: Pos2) -> Option<Dir> {
    let c = layout.center(h);
    let v = vec2(pos.x - c.x as f32, pos.y - c.y as f32);
    if v.length() < layout.size as f32 * 0.3 {
        return None;
    }
    FACINGS
        .iter()
        .copied()
        .max_by(|&a, &b| dir_vector(a).dot(v).total_cmp(&dir_vector(b).dot(v)))
}

fn formation_words(f: Formation) -> &'static str {
    match f {
        Formation::Deployed => "deployed",
        Formation::Column => "in column of route",
        Formation::Square => "in square",
    }
}

/// Dice and the number they need, in words.
fn odds_text(o: Odds) -> String {
    match o.need {
        Some(n) => format!(
            "{}, {n}+ to hit",
            crate::words::counted(o.dice, "die", "dice")
        ),
        None => format!(
            "{}, none can hit",
            crate::words::counted(o.dice, "die", "dice")
        ),
    }
}

/// Dice and need, short, for the map ("3d 5+").
fn odds_short(o: Odds) -> String {
    match o.need {
        Some(n) => format!("{}d {n}+", o.dice),
        None => format!("{}d —", o.dice),
    }
}

/// A card choice as its button says it.
fn card_choice_text(st: &State, c: &Command) -> String {
    let Command::ChooseCard {
        units,
        mode,
        amount,
    } = c
    else {
        // The card's phase lists only card choices.
        return OneHour::command_name(c).to_string();
    };
    if units.is_empty() {
        return "Decline the double action".into();
    }
    let names: Vec<&str> = units.iter().map(|&u| st.unit_name(u)).collect();
    let mut s = names.join(", ");
    if let Some(m) = mode {
        s.push_str(&format!(": {}", mode_words(*m)));
    }
    if let Some(a) = amount {
        s.push_str(&format!(" ({a})"));
    }
    s
}

/// A log line for an event, or none for those the log leaves out.
/// Whether the log and the message line say an event: the questions and
/// answers of the rules and the starts of steps are left to the panel.
fn shown(e: &Event) -> bool {
    !matches!(
        e,
        Event::Asked { .. } | Event::Answered | Event::ShootingBegan | Event::MovementBegan
    )
}

impl TableRules for OneHourTableRules {
    type R = OneHour;
    const BESIDE_LOG: f32 = 380.0;
    const PANEL_WIDTH: f32 = 380.0;
    const KEYS: &'static [TableKey] = &[
        TableKey::RotateLeft,
        TableKey::RotateRight,
        TableKey::Formation,
        TableKey::PivotOnly,
        TableKey::Square,
        TableKey::Rally,
    ];

    fn new(session: &OneHourSession) -> OneHourTableRules {
        let by_id: std::collections::HashMap<&crate::scenario::UnitId, usize> = session
            .scenario
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (&u.id, i))
            .collect();
        let scenario_ix = session
            .game
            .state
            .board
            .units
            .iter()
            .map(|u| by_id.get(&u.id).copied())
            .collect();
        OneHourTableRules {
            selected: None,
            draft: None,
            card_pick: Vec::new(),
            moves: None,
            legal: None,
            scenario_ix,
        }
    }

    /// The decks are shuffled with the game's dice: nothing to choose.
    fn setup(_: &StartChoice) {}

    fn said(e: &Event) -> bool {
        shown(e)
    }

    fn log_line(b: &crate::engine::one_hour::Board, e: &Event) -> Option<String> {
        shown(e).then(|| format!("[{}] {}", e.section(), sentence(b, e)))
    }

    fn after_change(t: &mut OneHourTable) {
        t.drop_stale();
    }

    fn end_phase(t: &mut OneHourTable) {
        t.end_step();
    }

    fn cancel(t: &mut OneHourTable) {
        t.select(None);
    }

    fn table_key(t: &mut OneHourTable, key: TableKey) {
        match key {
            TableKey::RotateLeft => t.rotate(-1),
            TableKey::RotateRight => t.rotate(1),
            TableKey::Formation => t.toggle_column(),
            TableKey::PivotOnly => t.pivot_only(),
            TableKey::Square => t.square(),
            TableKey::Rally => t.rally(),
            _ => {}
        }
    }

    fn key_availability(t: &OneHourTable, key: TableKey) -> Result<(), String> {
        let drafted = t.own.draft.is_some() && t.live().phase == Phase::Move;
        match key {
            TableKey::RotateLeft | TableKey::RotateRight | TableKey::PivotOnly if !drafted => {
                Err("Select a unit of yours in step 3 to pivot it (H4)".into())
            }
            TableKey::Formation if !drafted => {
                Err("Select a unit of yours in step 3 to change its formation".into())
            }
            TableKey::Square | TableKey::Rally if t.own_selected().is_none() => {
                Err("Select a unit of yours first".into())
            }
            _ => Ok(()),
        }
    }

    fn heading(t: &OneHourTable) -> String {
        let st = t.state();
        format!("Turn {} of {}", st.turn, st.board.turn_limit)
    }

    fn turn_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        t.turn_ui(ui);
    }

    fn before_act_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        t.card_ui(ui);
    }

    fn act_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        if let Some(p) = st.pending.front() {
            t.pending_ui(ui, p);
            return;
        }
        match &st.phase {
            Phase::Card => {
                let d = &st.decks[st.side as usize & 1];
                let label = if d.draw.is_empty() && d.discard.is_empty() {
                    "No card to draw: on to shooting"
                } else {
                    "Draw a chance card"
                };
                if ui
                    .button(RichText::new(label).strong())
                    .on_hover_text("Step 1 of the player turn (Ctrl+Enter) [H38]")
                    .clicked()
                {
                    t.give(Command::Draw);
                }
            }
            Phase::CardChoice {
                card,
                chooser,
                amount,
            } => t.card_choice_ui(ui, &st, *card, *chooser, *amount),
            Phase::Shoot => t.shoot_ui(ui, &st),
            Phase::Move => t.move_ui(ui, &st),
            Phase::Volley | Phase::Over => {}
        }
    }

    fn sections_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        ui.separator();
        t.selected_ui(ui);
        ui.separator();
        t.armies_ui(ui);
    }

    fn beside_log_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        t.dice_ui(ui);
    }

    /// The box side nearest the click is the facing asked for.
    fn click(t: &mut OneHourTable, h: Hex, pos: Pos2) {
        let toward = t.facing_at(h, pos);
        t.click(h, toward);
    }

    fn overlay(t: &mut OneHourTable, layout: &Layout) -> Vec<Shape> {
        t.overlay_shapes(layout)
    }

    fn draw_under_counters(t: &mut OneHourTable, painter: &egui::Painter, layout: &Layout) {
        t.draw_objectives(painter, layout);
    }

    fn draw_counters(t: &mut OneHourTable, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        t.draw_counters(painter, layout, clip);
    }

    fn draw_over(t: &mut OneHourTable, painter: &egui::Painter, layout: &Layout) {
        t.draw_aim(painter, layout);
    }

    fn hover_text(t: &OneHourTable, h: Hex) -> Option<String> {
        let st = t.state();
        if !st.board.on_map(h) {
            return None;
        }
        let b = st.board.at(h);
        let mut text = format!("{h}  {:?}", b.terrain);
        if b.strongpoint {
            text.push_str(", strongpoint");
        }
        if b.fortified {
            text.push_str(", fortified");
        }
        if b.level > 0 {
            text.push_str(&format!(", hill {}", b.level));
        }
        if let Some(u) = st.unit_at(h) {
            text.push_str(&format!(
                "  |  {} {} faces {}, {}",
                st.board.units[u as usize].name,
                formation_words(st.formation[u as usize]),
                st.facing[u as usize].name(),
                crate::words::counted(st.hits[u as usize], "hit", "hits")
            ));
        }
        for l in st.leaders_at(h) {
            text.push_str(&format!("  |  {}", st.board.leaders[l as usize].name));
        }
        Some(text)
    }

    fn game_over_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        let Some(outcome) = st.outcome.clone() else {
            return;
        };
        let text = match outcome.winner {
            Some(w) => format!("{} wins [H9]: {}", t.side_name(w), outcome.reason),
            None => format!("Draw [H9]: {}", outcome.reason),
        };
        ui.label(RichText::new(text).strong().size(16.0));
        ui.label(format!(
            "Turn {} of {}, {}.",
            st.turn,
            st.board.turn_limit,
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for s in 0..2u8 {
            ui.label(format!(
                "{}: {} routed, {} drawn, {}, {}",
                t.side_name(s),
                crate::words::counted(st.lost[s as usize], "unit", "units"),
                crate::words::counted(st.cards_drawn[s as usize], "card", "cards"),
                crate::words::counted(st.shots[s as usize], "shot", "shots"),
                crate::words::counted(st.charges[s as usize], "charge", "charges")
            ));
        }
    }

    fn legend() -> &'static str {
        "Map: green = where the selected unit can end its move; orange ring = a target \
         it can shoot, red ring = one it can charge; blue = where a selected leader can \
         go; purple = a box the rules wait for. The dark wedge on a counter is its \
         front; red disc = hits taken; C = column of route, SQ = square; a dimmed \
         counter has acted; purple tags: what the card did (no fire, no move, \
         x2). Gold star = army commander, gold disc = leader. A flag on an \
         objective shows who holds it."
    }
}
