//! The playtest table of the 16-hits rules: a game of the scenario being
//! edited on its engine, drawn over the shared table shell (`super`).
//!
//! Everything shown is asked of the engine: where a unit can end its move
//! (`State::move_reach`, with the facing drafted to pivot to first), the
//! charges it can make (`charge_reach` and the charge checks), its shots
//! with their numbers (`check_shot`), the hand-to-hand odds
//! (`melee_odds`), the line of fire (`fire_blockers`, M50's exact rows),
//! the choices the rules wait for. A move (pivot before, steps, pivot
//! after) is one command, given by the click on the hex it ends in; the
//! hexside nearest the click is the facing it ends in. A refused command
//! shows its ruling, and its witness (the hexes counted, the field, the
//! blocking hex) is drawn on the map until the next command.

mod map;
mod panels;

use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::app::playtest::StartChoice;
use crate::app::playtest::marks::{self, BLUE, GOLD, GREEN, ORANGE, PURPLE, RED};
use crate::app::playtest::table::{Table, TableRules};
use crate::hex::{Hex, Layout};
use crate::rules::hits16::engine::board::{HexIx, NO_HEX, UnitIx};
use crate::rules::hits16::engine::contract::sentence;
use crate::rules::hits16::engine::{Command, Event, Hits16, Pending, Phase, State, Witness};
use crate::rules::hits16::model::{Formation, TroopType};
use egui::{Color32, Pos2, Rect, RichText, Shape, Stroke, pos2, vec2};

/// The shared playtest machinery, on this table's rule set.
pub type Hits16Session = crate::play::Session<Hits16>;

/// What is selected on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Unit(UnitIx),
    General(u16),
}

/// The 16-hits table: the shell's [`Table`] with what this rule set keeps
/// between frames.
pub type Hits16Table = Table<Hits16TableRules>;

/// What the 16-hits table keeps between frames.
pub struct Hits16TableRules {
    pub selected: Option<Pick>,
    /// The facing the selected unit's move pivots to first (Q/E, or a
    /// click on its own hex).
    pub start: Option<u8>,
    /// The witness of the last refused command, drawn until the next one.
    pub witness: Option<Witness>,
    /// The ruler: on (M), and the hexes clicked.
    pub ruler: Option<(Option<Hex>, Option<Hex>)>,
    /// The legal commands of the live position, for its history length.
    legal: Option<(usize, Vec<Command>)>,
    /// Each engine unit's place in the scenario's list of units.
    scenario_ix: Vec<Option<usize>>,
}

impl Table<Hits16TableRules> {
    /// The position shown (the replay cursor's).
    pub fn state(&self) -> &State {
        &self.session.shown().state
    }

    fn live(&self) -> &State {
        &self.session.game.state
    }

    fn unit_id(&self, u: UnitIx) -> crate::scenario::UnitId {
        self.live().board().units[u as usize].id.clone()
    }

    fn general_id(&self, g: u16) -> crate::scenario::UnitId {
        self.live().board().generals[g as usize].id.clone()
    }

    /// The legal commands of the live position (cached per position).
    pub fn legal(&mut self) -> &[Command] {
        let n = self.session.len();
        if self.own.legal.as_ref().is_none_or(|(k, _)| *k != n) {
            self.own.legal = Some((n, self.session.game.state.legal_commands()));
        }
        self.own.legal.as_ref().map_or(&[], |(_, v)| v.as_slice())
    }

    /// Gives a command; a refusal keeps its witness for the map.
    pub fn order(&mut self, cmd: Command) -> bool {
        self.own.witness = self.live().check(&cmd).err().and_then(|e| e.witness);
        self.give(cmd)
    }

    pub fn select(&mut self, p: Option<Pick>) {
        self.own.selected = p;
        self.own.start = None;
    }

    fn drop_stale(&mut self) {
        self.own.legal = None;
        self.own.start = None;
        let st = self.live();
        let gone = match self.own.selected {
            Some(Pick::Unit(u)) => !st.on_table(u),
            Some(Pick::General(g)) => st.generals()[g as usize] == NO_HEX,
            None => false,
        };
        if gone {
            self.own.selected = None;
        }
    }

    /// The selected unit, if any.
    pub fn selected_unit(&self) -> Option<UnitIx> {
        match self.own.selected {
            Some(Pick::Unit(u)) if self.state().on_table(u) => Some(u),
            _ => None,
        }
    }

    /// The selected unit if it belongs to the side to act and a human
    /// plays it.
    pub fn own_selected(&self) -> Option<UnitIx> {
        let u = self.selected_unit()?;
        (self.human_to_act() && self.live().side_of(u) == self.live().side()).then_some(u)
    }

    /// The facing the selected unit's move holds: the drafted pivot, or
    /// its facing.
    fn move_facing(&self, u: UnitIx) -> u8 {
        self.own
            .start
            .unwrap_or(self.live().units()[u as usize].facing)
    }

    /// Where the selected unit can end its move now (Movement phase).
    pub fn moves(&self) -> Vec<crate::rules::hits16::engine::moves::Place> {
        let Some(u) = self.own_selected() else {
            return Vec::new();
        };
        let st = self.live();
        if st.phase() != Phase::Movement
            || !st.pending().is_empty()
            || st.acts()[u as usize].acted
            || st.in_combat(u)
            || matches!(
                st.units()[u as usize].formation,
                Formation::Square | Formation::Unlimbered
            )
        {
            return Vec::new();
        }
        st.move_reach(u, self.move_facing(u))
    }

    /// The charges the selected unit can make: (target, command).
    pub fn charges(&mut self) -> Vec<(UnitIx, Command)> {
        let Some(u) = self.own_selected() else {
            return Vec::new();
        };
        let id = self.unit_id(u);
        let b = self.live().board().clone();
        self.legal()
            .iter()
            .filter_map(|c| match c {
                Command::Charge { unit, target, .. } if *unit == id => {
                    Some((b.unit_ix(target)?, c.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// The shots the selected unit can take: targets.
    pub fn shots(&self) -> Vec<UnitIx> {
        let Some(u) = self.own_selected() else {
            return Vec::new();
        };
        let st = self.live();
        if st.phase() != Phase::Shooting {
            return Vec::new();
        }
        st.units_of(1 - st.side())
            .filter(|&t| st.check_shot(u, t).is_ok())
            .collect()
    }

    /// The hexes the rules wait for a choice in, with the command.
    pub fn hex_choices(&self) -> Vec<(Hex, Command)> {
        let st = self.live();
        let b = &st.board();
        match st.pending().first() {
            Some(Pending::Withdraw { unit, options, .. }) => options
                .iter()
                .map(|(h, _)| {
                    (
                        b.hex(*h),
                        Command::Withdraw {
                            unit: self.unit_id(*unit),
                            to: b.hex(*h),
                        },
                    )
                })
                .collect(),
            Some(Pending::PlaceGeneral { general, options }) => options
                .iter()
                .map(|h| {
                    (
                        b.hex(*h),
                        Command::PlaceGeneral {
                            general: self.general_id(*general),
                            at: b.hex(*h),
                        },
                    )
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// A click on the map at `h`; `toward`: the hexside nearest the
    /// click, the facing to end in.
    pub fn click(&mut self, h: Hex, toward: Option<u8>) {
        if let Some(r) = self.own.ruler.as_mut() {
            *r = match *r {
                (Some(a), None) => (Some(a), Some(h)),
                _ => (Some(h), None),
            };
            return;
        }
        if !self.human_to_act() {
            self.select_at(h);
            return;
        }
        if let Some((_, c)) = self.hex_choices().into_iter().find(|(x, _)| *x == h) {
            self.order(c);
            return;
        }
        let st = self.live().clone();
        let b = st.board().clone();
        let Some(at) = b.ix(h) else {
            return;
        };
        let here = st.unit_at(at);
        match self.own.selected {
            Some(Pick::General(g))
                if b.generals[g as usize].side == st.side() && st.generals()[g as usize] != at =>
            {
                match st.phase() {
                    Phase::Command => {
                        if let Some(u) = here.filter(|&u| st.side_of(u) == st.side()) {
                            self.order(Command::Rally {
                                general: self.general_id(g),
                                unit: self.unit_id(u),
                            });
                            return;
                        }
                    }
                    Phase::Movement => {
                        let path = st
                            .general_reach(g)
                            .into_iter()
                            .find(|p| p.hex == at)
                            .map_or(vec![h], |p| p.path.iter().map(|&x| b.hex(x)).collect());
                        self.order(Command::MoveGeneral {
                            general: self.general_id(g),
                            path,
                        });
                        return;
                    }
                    _ => {}
                }
            }
            Some(Pick::Unit(u)) if self.own_selected() == Some(u) => {
                let id = self.unit_id(u);
                if let Some(t) = here.filter(|&t| st.side_of(t) != st.side()) {
                    let tid = self.unit_id(t);
                    let cmd = match st.phase() {
                        Phase::Movement => {
                            let charges = self.charges();
                            // The charge ending nearest the click's side.
                            let mut best: Option<Command> = None;
                            for (x, c) in charges {
                                if x == t {
                                    best = Some(c);
                                    break;
                                }
                            }
                            best.unwrap_or(Command::Charge {
                                unit: id,
                                target: tid,
                                path: Vec::new(),
                                facing: None,
                            })
                        }
                        Phase::Shooting => Command::Shoot {
                            unit: id,
                            target: tid,
                        },
                        Phase::HandToHand => Command::Fight {
                            unit: id,
                            against: tid,
                        },
                        _ => {
                            self.select_at(h);
                            return;
                        }
                    };
                    self.order(cmd);
                    return;
                }
                if st.phase() == Phase::Movement {
                    let cur = st.units()[u as usize].hex;
                    if at == cur {
                        if let Some(f) = toward {
                            self.own.start = Some(f);
                            self.message = Some((
                                true,
                                format!(
                                    "{} will pivot to face {} first: click the hex it ends in, or P to pivot only [L41] (M14)",
                                    b.units[u as usize].name,
                                    b.dir(f).name()
                                ),
                            ));
                        }
                        return;
                    }
                    if here.is_none() {
                        let f = self.move_facing(u);
                        let cmd = match self.moves().into_iter().find(|p| p.hex == at) {
                            Some(p) => Command::Move {
                                unit: id,
                                start: (f != st.units()[u as usize].facing).then(|| b.dir(f)),
                                path: p.path.iter().map(|&x| b.hex(x)).collect(),
                                end: toward.filter(|&e| e != f).map(|e| b.dir(e)),
                            },
                            // Not reachable: ask the engine why, one step.
                            None => Command::Move {
                                unit: id,
                                start: (f != st.units()[u as usize].facing).then(|| b.dir(f)),
                                path: vec![h],
                                end: None,
                            },
                        };
                        self.order(cmd);
                        return;
                    }
                }
            }
            _ => {}
        }
        self.select_at(h);
    }

    /// Selects what is at `h`: the unit, then a General there on a second
    /// click.
    fn select_at(&mut self, h: Hex) {
        let st = self.state();
        let Some(at) = st.board().ix(h) else {
            self.select(None);
            return;
        };
        let unit = st.unit_at(at);
        let generals: Vec<u16> = st.generals_at(at).collect();
        let pick = match self.own.selected {
            Some(Pick::Unit(u)) if Some(u) == unit && !generals.is_empty() => {
                Some(Pick::General(generals[0]))
            }
            _ => unit
                .map(Pick::Unit)
                .or_else(|| generals.first().map(|&g| Pick::General(g))),
        };
        self.select(pick);
    }

    /// Q and E: the drafted pivot one hexside anticlockwise (-1) or
    /// clockwise (1).
    pub fn rotate(&mut self, by: i32) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let f = i32::from(self.move_facing(u));
        self.own.start = Some((f + by).rem_euclid(6) as u8);
    }

    /// P: the drafted pivot given as the unit's whole move.
    pub fn pivot_only(&mut self) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let f = self.move_facing(u);
        let b = self.live().board().clone();
        self.order(Command::Move {
            unit: self.unit_id(u),
            start: None,
            path: Vec::new(),
            end: Some(b.dir(f)),
        });
    }

    /// C: the next formation of the unit's type (facing kept; out of
    /// square, the drafted facing).
    pub fn next_formation(&mut self) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let st = self.live();
        let s = st.units()[u as usize];
        let list = st.troop(u).formations();
        let i = list.iter().position(|&f| f == s.formation).unwrap_or(0);
        let mut next = list[(i + 1) % list.len()];
        if next == Formation::Square && list.len() > 2 {
            next = list[(i + 2) % list.len()];
        }
        self.form(u, next);
    }

    /// A formation change of `u` to `f`.
    pub fn form(&mut self, u: UnitIx, f: Formation) {
        let st = self.live();
        let facing = (st.units()[u as usize].formation == Formation::Square)
            .then(|| st.board().dir(self.move_facing(u)));
        self.order(Command::Form {
            unit: self.unit_id(u),
            formation: f,
            facing,
        });
    }

    /// S: forms square, or leaves it in attack column facing the drafted
    /// facing.
    pub fn square(&mut self) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let f = if self.live().units()[u as usize].formation == Formation::Square {
            Formation::AttackColumn
        } else {
            Formation::Square
        };
        self.form(u, f);
    }

    /// R: the selected unit rallied by the first General who can.
    pub fn rally(&mut self) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let st = self.live();
        let id = self.unit_id(u);
        let g = (0..st.generals().len() as u16)
            .find(|&g| st.check_rally(g, u).is_ok())
            .or_else(|| {
                (0..st.generals().len() as u16)
                    .find(|&g| st.board().generals[g as usize].side == st.side())
            });
        match g {
            Some(g) => {
                let general = self.general_id(g);
                self.order(Command::Rally { general, unit: id });
            }
            None => {
                self.message = Some((
                    false,
                    "No General of yours is on the table to rally (M12)".into(),
                ));
            }
        }
    }

    /// Ctrl+Enter: ends the phase.
    pub fn end_step(&mut self) {
        if self.live().pending().is_empty() {
            self.order(Command::EndPhase);
        }
    }
}

impl TableRules for Hits16TableRules {
    type R = Hits16;
    const BESIDE_LOG: f32 = 380.0;
    const PANEL_WIDTH: f32 = 380.0;
    const KEYS: &'static [TableKey] = &[
        TableKey::RotateLeft,
        TableKey::RotateRight,
        TableKey::Formation,
        TableKey::PivotOnly,
        TableKey::Square,
        TableKey::Rally,
        TableKey::Ruler,
    ];

    fn new(session: &Hits16Session) -> Hits16TableRules {
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
        Hits16TableRules {
            selected: None,
            start: None,
            witness: None,
            ruler: None,
            legal: None,
            scenario_ix,
        }
    }

    fn setup(_: &StartChoice) {}

    fn log_line(b: &crate::rules::hits16::engine::Board, e: &Event) -> Option<String> {
        Some(format!("[{}] {}", e.section(), sentence(b, e)))
    }

    fn after_change(t: &mut Hits16Table) {
        t.drop_stale();
    }

    fn end_phase(t: &mut Hits16Table) {
        t.end_step();
    }

    fn cancel(t: &mut Hits16Table) {
        t.select(None);
        t.own.ruler = None;
        t.own.witness = None;
    }

    fn table_key(t: &mut Hits16Table, key: TableKey) {
        match key {
            TableKey::RotateLeft => t.rotate(-1),
            TableKey::RotateRight => t.rotate(1),
            TableKey::Formation => t.next_formation(),
            TableKey::PivotOnly => t.pivot_only(),
            TableKey::Square => t.square(),
            TableKey::Rally => t.rally(),
            TableKey::Ruler => {
                t.own.ruler = match t.own.ruler {
                    Some(_) => None,
                    None => Some((None, None)),
                };
                t.message = Some((
                    true,
                    if t.own.ruler.is_some() {
                        "Ruler: click two hexes (M to put it away)".into()
                    } else {
                        "Ruler put away".into()
                    },
                ));
            }
            _ => {}
        }
    }

    fn key_availability(t: &Hits16Table, key: TableKey) -> Result<(), String> {
        let moving = t.live().phase() == Phase::Movement;
        let mine = t.own_selected().is_some();
        match key {
            TableKey::Ruler => Ok(()),
            TableKey::Rally if !mine || t.live().phase() != Phase::Command => {
                Err("Select a unit of yours in the Command phase to rally it [L33] (M12)".into())
            }
            TableKey::Rally => Ok(()),
            _ if !mine || !moving => {
                Err("Select a unit of yours in the Movement phase [L41] (M14)".into())
            }
            _ => Ok(()),
        }
    }

    fn heading(t: &Hits16Table) -> String {
        let st = t.state();
        format!("Turn {} of {}", st.turn(), st.board().turn_limit)
    }

    fn turn_ui(t: &mut Hits16Table, ui: &mut egui::Ui) {
        t.turn_ui(ui);
    }

    fn act_ui(t: &mut Hits16Table, ui: &mut egui::Ui) {
        t.act_ui(ui);
    }

    fn sections_ui(t: &mut Hits16Table, ui: &mut egui::Ui) {
        ui.separator();
        t.selected_ui(ui);
        ui.separator();
        t.armies_ui(ui);
    }

    fn beside_log_ui(t: &mut Hits16Table, ui: &mut egui::Ui) {
        t.dice_ui(ui);
    }

    /// The hexside nearest the click is the facing asked for.
    fn click(t: &mut Hits16Table, h: Hex, pos: Pos2) {
        let toward = t.facing_at(h, pos);
        t.click(h, toward);
    }

    fn overlay(t: &mut Hits16Table, layout: &Layout) -> Vec<Shape> {
        t.overlay_shapes(layout)
    }

    fn draw_under_counters(t: &mut Hits16Table, painter: &egui::Painter, layout: &Layout) {
        t.draw_victory_hexes(painter, layout);
    }

    fn draw_counters(t: &mut Hits16Table, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        t.draw_counters(painter, layout, clip);
    }

    fn draw_over(t: &mut Hits16Table, painter: &egui::Painter, layout: &Layout) {
        t.draw_aim(painter, layout);
    }

    fn hover_text(t: &Hits16Table, h: Hex) -> Option<String> {
        t.hover_words(h)
    }

    fn game_over_ui(t: &mut Hits16Table, ui: &mut egui::Ui) {
        let st = t.live().clone();
        let Some(outcome) = st.outcome().clone() else {
            return;
        };
        let text = match outcome.winner {
            Some(w) => format!("{} wins (M38): {}", t.side_name(w), outcome.reason),
            None => format!("Draw (M38): {}", outcome.reason),
        };
        ui.label(RichText::new(text).strong().size(16.0));
        ui.label(format!(
            "Turn {} of {}, {}.",
            st.turn(),
            st.board().turn_limit,
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for s in 0..2usize {
            ui.label(format!(
                "{}: {} lost of {}, {}, {}, {}",
                t.side_name(s as u8),
                st.lost()[s],
                st.board().army[s],
                crate::words::counted(st.charges()[s], "charge", "charges"),
                crate::words::counted(st.shots()[s], "shot", "shots"),
                crate::words::counted(st.rallies_made()[s], "rally", "rallies")
            ));
        }
    }

    fn legend() -> &'static str {
        "Map: green = where the selected unit can end its move (Q/E pivot it first); \
         yellow shading = its field of fire; red ring = an enemy it can charge, with the \
         path drawn; orange ring = one it can shoot, with the line of fire (blockers \
         crossed out); purple = a hex the rules wait for; blue = where a selected General \
         can ride. Red marks: why the last command was refused. M: the ruler. \
         Counter: hits left of 16 and the formation (L line, C attack column, M march \
         column, Sq square, Sk skirmish, Lb limbered); the dark wedge is its front; a dimmed \
         counter has acted; a red dot, in combat. Gold disc = General."
    }
}

/// Words for a formation on the table.
fn formation_words(f: Formation) -> &'static str {
    f.name()
}

/// Whether a troop type shoots (M20).
fn shoots(t: TroopType) -> bool {
    !t.is_cavalry()
}
