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

mod map;
mod panels;

use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::app::playtest::marks::{self, BLUE, GOLD, GREEN, ORANGE, PURPLE, RED};
use crate::app::playtest::table::{Table, TableRules};
use crate::app::playtest::{StartChoice, draw_die};
use crate::engine::Rules;
use crate::hex::{Dir, Hex, Layout};
use crate::rules::one_hour::engine::board::FACINGS;
use crate::rules::one_hour::engine::check::{Odds, mode_words};
use crate::rules::one_hour::engine::contract::sentence;
use crate::rules::one_hour::engine::fire::Formation;
use crate::rules::one_hour::engine::types::{LeaderIx, UnitIx};
use crate::rules::one_hour::engine::{Command, Event, OneHour, Pending, Phase, State};
use crate::rules::one_hour::model::{CardEffect, Commands};
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
        self.live().board().units[u as usize].name.clone()
    }

    fn leader_name(&self, l: LeaderIx) -> String {
        self.live().board().leaders[l as usize].name.clone()
    }

    fn drop_stale(&mut self) {
        self.own.moves = None;
        self.own.legal = None;
        self.own.card_pick.clear();
        let st = self.live();
        let gone = match self.own.selected {
            Some(Pick::Unit(u)) => st.pos()[u as usize].is_none(),
            Some(Pick::Leader(l)) => st.leader_pos()[l as usize].is_none(),
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
            Some(Pick::Unit(u)) if st.pos()[u as usize].is_some() => Some(Draft {
                unit: u,
                start: st.facing()[u as usize],
                column: st.formation()[u as usize] == Formation::Column,
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
        (st.pending().is_empty()
            && matches!(st.phase(), Phase::Shoot | Phase::Move)
            && st.side_of(u) == st.side()
            && st.pos()[u as usize].is_some())
        .then_some(u)
    }

    /// The boxes the drafted move can end in (step 3 only), each once.
    fn moves(&mut self) -> Vec<MoveTo> {
        let len = self.session.len();
        let Some(d) = self.own.draft.filter(|d| {
            self.session.is_live()
                && *self.live().phase() == Phase::Move
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
            let cur = st.facing()[d.unit as usize];
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
        let cur = self.live().facing()[d.unit as usize];
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
            .filter(|&t| st.side_of(t) != st.side())
            .filter_map(|t| st.shot_odds(u, t).ok().map(|o| (t, o)))
            .collect()
    }

    /// The selected unit's charges now (step 3): (target, steps, odds).
    fn charges(&self) -> Vec<(UnitIx, Vec<Hex>, Odds)> {
        let Some(u) = self
            .own_selected()
            .filter(|_| *self.live().phase() == Phase::Move)
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
        let Some(from) = st.leader_pos()[l as usize] else {
            return Vec::new();
        };
        if *st.phase() != Phase::Move || !st.pending().is_empty() {
            return Vec::new();
        }
        let mut out: Vec<(Hex, Vec<Hex>)> = Vec::new();
        let mut frontier: Vec<Vec<Hex>> = vec![Vec::new()];
        while let Some(path) = frontier.pop() {
            let at = path.last().copied().unwrap_or(from);
            for n in crate::rules::one_hour::engine::geometry::BOXES.neighbours(at) {
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
        match self.live().pending().front() {
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
        if let Phase::CardChoice { .. } = st.phase() {
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
            && st.board().leaders[l as usize].side == st.side()
            && st.leader_pos()[l as usize] != Some(h)
            && st.unit_at(h).is_none_or(|u| st.side_of(u) == st.side())
            && *st.phase() == Phase::Move
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
            if let Some(t) = here.filter(|&t| st.side_of(t) != st.side()) {
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
            if *st.phase() == Phase::Move
                && let Some(d) = self.own.draft
            {
                // Its own box: the side clicked is the facing to pivot
                // to first (drafted, not yet given).
                if st.pos()[u as usize] == Some(h) {
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
        let Some(d) = self
            .own
            .draft
            .filter(|_| *self.live().phase() == Phase::Move)
        else {
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
        let cur = st.facing()[d.unit as usize];
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
        let form = st.formation()[u as usize] != Formation::Square;
        let facing = self.own.draft.map_or(st.facing()[u as usize], |d| d.start);
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
        if !st.pending().is_empty() {
            return;
        }
        let cmd = match st.phase() {
            Phase::Card => Command::Draw,
            Phase::Shoot => Command::EndShooting,
            Phase::Move => Command::EndTurn,
            Phase::CardChoice { .. } | Phase::Volley | Phase::Over => return,
        };
        self.give(cmd);
    }
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
            .board()
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

    fn log_line(b: &crate::rules::one_hour::engine::Board, e: &Event) -> Option<String> {
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
        let drafted = t.own.draft.is_some() && *t.live().phase() == Phase::Move;
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
        format!("Turn {} of {}", st.turn(), st.board().turn_limit)
    }

    fn turn_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        t.turn_ui(ui);
    }

    fn before_act_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        t.card_ui(ui);
    }

    fn act_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        if let Some(p) = st.pending().front() {
            t.pending_ui(ui, p);
            return;
        }
        match &st.phase() {
            Phase::Card => {
                let d = &st.decks()[st.side() as usize & 1];
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
        if !st.board().on_map(h) {
            return None;
        }
        let b = st.board().at(h);
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
                st.board().units[u as usize].name,
                formation_words(st.formation()[u as usize]),
                st.facing()[u as usize].name(),
                crate::words::counted(st.hits()[u as usize], "hit", "hits")
            ));
        }
        for l in st.leaders_at(h) {
            text.push_str(&format!("  |  {}", st.board().leaders[l as usize].name));
        }
        Some(text)
    }

    fn game_over_ui(t: &mut OneHourTable, ui: &mut egui::Ui) {
        let st = t.live().clone();
        let Some(outcome) = st.outcome().clone() else {
            return;
        };
        let text = match outcome.winner {
            Some(w) => format!("{} wins [H9]: {}", t.side_name(w), outcome.reason),
            None => format!("Draw [H9]: {}", outcome.reason),
        };
        ui.label(RichText::new(text).strong().size(16.0));
        ui.label(format!(
            "Turn {} of {}, {}.",
            st.turn(),
            st.board().turn_limit,
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for s in 0..2u8 {
            ui.label(format!(
                "{}: {} routed, {} drawn, {}, {}",
                t.side_name(s),
                crate::words::counted(st.lost()[s as usize], "unit", "units"),
                crate::words::counted(st.cards_drawn()[s as usize], "card", "cards"),
                crate::words::counted(st.shots()[s as usize], "shot", "shots"),
                crate::words::counted(st.charges()[s as usize], "charge", "charges")
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
