//! The Napoleon at Waterloo playtest table: a game of the scenario being
//! edited, on the rules engine, drawn over the same map view, over the
//! pieces every table shares (seats, history, event log; `super`). Everything shown comes from the
//! engine (`State::reachable`, `odds`, `retreat_options`, …) and every
//! action is a `Command` the engine checks; a refusal is shown with the
//! engine's reason and case. The editor's document is never touched: the
//! game runs on the snapshot in `play::Session`.

mod map;
mod panels;

use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::app::playtest::marks::{self, BLUE, GOLD, GREEN, ORANGE, RED};
use crate::app::playtest::table::{Table, TableRules};
use crate::app::playtest::{StartChoice, VariantChoice, draw_die};
use crate::hex::{Hex, Layout};
use crate::rules::naw::engine::{
    Command, Event, HexIx, Naw, Outcome, Phase, Pos, Proposal, Reach, State, Step, UnitIx,
    VariantSetup,
};

/// The shared playtest machinery, on this table's rule set.
pub type Session = crate::play::Session<Naw>;
pub type Setup = crate::play::Setup<Naw>;
use crate::scenario::UnitKind;
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Shape, Stroke, pos2, vec2};
use std::collections::BTreeMap;

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

/// The Napoleon at Waterloo table: the shell's [`Table`] with what this
/// rule set keeps between frames.
pub type NawTable = Table<NawTableRules>;

/// What the Napoleon at Waterloo table keeps between frames.
#[derive(Default)]
pub struct NawTableRules {
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
    pub proposals: Option<Vec<Proposal>>,
    /// Whether a human seat's chit is shown (held by its player).
    pub peek: [bool; 2],
    drag: Option<UnitIx>,
    /// The engine's verdict on the drafted attack, for the position
    /// (history length) and draft it was asked for: checking an attack
    /// searches the remaining obligations, so it is not redone each frame.
    attack_check: Option<(usize, AttackDraft, Result<(), String>)>,
}

impl Table<NawTableRules> {
    fn state(&self) -> &State {
        &self.session.shown().state
    }

    fn unit_name(&self, u: UnitIx) -> String {
        let info = self.session.game.state.board().unit(u);
        if info.designation.is_empty() {
            info.id.to_string()
        } else {
            format!("{} ({})", info.designation, info.id)
        }
    }

    fn id(&self, u: UnitIx) -> crate::scenario::UnitId {
        self.session.game.state.board().unit(u).id.clone()
    }

    /// The counter's designation ("6th Inf"), or its id when it has none:
    /// what the odds panel and the suggestions name units by.
    fn short_name(&self, u: UnitIx) -> String {
        let info = self.session.game.state.board().unit(u);
        if info.designation.is_empty() {
            info.id.to_string()
        } else {
            info.designation.clone()
        }
    }

    /// Selects a unit to move (its reachable hexes are shown).
    pub fn select(&mut self, u: Option<UnitIx>) {
        self.own.selected = u;
        self.own.entering = None;
        self.own.reach = None;
    }

    /// The reachable hexes of the selected unit in the shown position.
    pub fn reach(&mut self) -> &[Reach] {
        let len = self.session.cursor();
        let stale = match (&self.own.reach, self.own.selected) {
            (Some((u, n, _)), Some(s)) => *u != s || *n != len,
            (None, Some(_)) => true,
            (_, None) => {
                self.own.reach = None;
                return &[];
            }
        };
        if stale && let Some(u) = self.own.selected {
            let r = self.state().reachable(u);
            self.own.reach = Some((u, len, r));
        }
        self.own
            .reach
            .as_ref()
            .map_or(&[], |(_, _, r)| r.as_slice())
    }

    /// Moves the selected unit to a hex: along the path shown when the hex
    /// is reachable, else by asking the engine, which says why not.
    pub fn move_selected_to(&mut self, h: Hex) -> bool {
        let Some(u) = self.own.selected else {
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
        let Some(ix) = st.board().ix(h) else {
            return vec![];
        };
        st.pos()
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
        if let Some(step) = st.pending().as_ref().and_then(|p| p.steps.front()).cloned() {
            match step {
                Step::Retreat { unit, .. } => {
                    let unit = self.id(unit);
                    self.give(Command::Retreat { unit, to: h });
                }
                Step::Losses { .. } => {
                    // Only the attack's own units can be its losses [6.3].
                    let attackers = st.loss_candidates();
                    for u in here.into_iter().filter(|u| attackers.contains(u)) {
                        if let Some(i) = self.own.losses.iter().position(|&x| x == u) {
                            self.own.losses.remove(i);
                        } else {
                            self.own.losses.push(u);
                        }
                    }
                }
                Step::Advance { units, .. } => {
                    if let Some(&u) = here.iter().find(|u| units.contains(u)) {
                        self.own.advancing = Some(u);
                    } else if let Some(u) = self.own.advancing.or(units.first().copied()) {
                        let unit = self.id(u);
                        self.give(Command::Advance { unit, to: h });
                    }
                }
            }
            return;
        }
        match st.phase() {
            Phase::Movement => {
                if let Some(u) = self.own.entering {
                    let unit = self.id(u);
                    if self.give(Command::Enter { unit, hex: h }) {
                        self.own.entering = None;
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
                    let next = match self
                        .own
                        .selected
                        .and_then(|s| own.iter().position(|&u| u == s))
                    {
                        Some(i) => own[(i + 1) % own.len()],
                        None => own[own.len() - 1],
                    };
                    if self.own.selected == Some(next) && own.len() == 1 {
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
                                    format!(
                                        "{name}: cannot move now — {}",
                                        st.board().refusal(&why)
                                    )
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
                if self.own.selected.is_some() {
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
        self.own.proposals = None;
        let d = &mut self.own.draft;
        for list in [&mut d.attackers, &mut d.bombarding, &mut d.defenders] {
            if let Some(i) = list.iter().position(|&x| x == u) {
                list.remove(i);
                d.lower = None;
                return;
            }
        }
        let st = &self.session.game.state;
        if st.side_of(u) != st.phasing() {
            d.defenders.push(u);
        } else if st.touches_enemy(u, false) || st.board().unit(u).kind != UnitKind::Artillery {
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
            attackers: ids(&self.own.draft.attackers),
            bombarding: ids(&self.own.draft.bombarding),
            defenders: ids(&self.own.draft.defenders),
            column: self
                .own
                .draft
                .lower
                .and_then(|c| st.board().crt.columns.get(c).copied()),
        }
    }

    /// Whether the engine would accept the drafted attack now, and if not
    /// why (cached per position and draft).
    pub fn check_draft(&mut self) -> Result<(), String> {
        let len = self.session.len();
        if let Some((n, d, r)) = &self.own.attack_check
            && *n == len
            && *d == self.own.draft
        {
            return r.clone();
        }
        let r = self
            .session
            .check(&self.attack_command())
            .map_err(|e| self.session.game.state.board().refusal(&e));
        self.own.attack_check = Some((len, self.own.draft.clone(), r.clone()));
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
            self.own.draft = AttackDraft::default();
        }
        ok
    }

    pub fn end_phase(&mut self) -> bool {
        let cmd = match self.session.game.state.phase() {
            Phase::Movement => Command::EndMovement,
            Phase::Combat => Command::EndCombat,
        };
        self.give(cmd)
    }

    /// N: selects the next unit of the side to play that can still move.
    pub fn select_next_mover(&mut self) {
        let st = &self.session.game.state;
        if st.phase() != Phase::Movement || st.pending().is_some() {
            return;
        }
        let n = st.board().units.len();
        let start = self.own.selected.map_or(0, |u| u as usize + 1);
        let found = (0..n)
            .map(|k| ((start + k) % n) as UnitIx)
            .find(|&u| st.side_of(u) == st.phasing() && !st.reachable(u).is_empty());
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
        if st.phase() != Phase::Combat || st.pending().is_some() {
            return;
        }
        match st.suggest_attacks(None) {
            Some(p) if !p.is_empty() => {
                let first = &p[0];
                self.own.draft = AttackDraft {
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
                self.own.proposals = Some(p);
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

    /// Drops choices that no longer fit the position.
    fn drop_stale(&mut self) {
        let st = &self.session.game.state;
        if st.phase() != Phase::Movement {
            self.own.selected = None;
            self.own.entering = None;
        }
        if let Some(u) = self.own.selected
            && st.unit_hex(u).is_none()
        {
            self.own.selected = None;
        }
        if let Some(u) = self.own.entering
            && st.pos()[u as usize] != Pos::Waiting
        {
            self.own.entering = None;
        }
        if st.pending().is_some() || st.phase() != Phase::Combat {
            self.own.draft = AttackDraft::default();
            self.own.proposals = None;
        }
        if !matches!(
            st.pending().as_ref().and_then(|p| p.steps.front()),
            Some(Step::Losses { .. })
        ) {
            self.own.losses.clear();
        }
        if !matches!(
            st.pending().as_ref().and_then(|p| p.steps.front()),
            Some(Step::Advance { .. })
        ) {
            self.own.advancing = None;
        }
        self.own.reach = None;
    }
}

fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Win { side, case, reason } => format!("{side} wins [{case}]: {reason}"),
        Outcome::Draw { reason } => format!("Draw: {reason}"),
    }
}

impl TableRules for NawTableRules {
    type R = Naw;
    const BESIDE_LOG: f32 = 420.0;
    const PANEL_WIDTH: f32 = 370.0;
    const KEYS: &'static [TableKey] = &[TableKey::NextUnit, TableKey::Suggest, TableKey::Roll];

    fn new(_: &Session) -> NawTableRules {
        NawTableRules::default()
    }

    fn setup(choice: &StartChoice) -> VariantSetup {
        match choice.variant {
            VariantChoice::Off => VariantSetup::Off,
            VariantChoice::Drawn => VariantSetup::Drawn,
            VariantChoice::Fixed => VariantSetup::Fixed(choice.chits[0], choice.chits[1]),
        }
    }

    fn said(e: &Event) -> bool {
        !matches!(e, Event::AttackFinished)
    }

    /// An event as the log shows it: its case, then the sentence; the
    /// chits stay secret (the game-over window reveals them) [9.0].
    fn log_line(board: &crate::rules::naw::engine::Board, e: &Event) -> Option<String> {
        (!matches!(e, Event::AttackFinished))
            .then(|| format!("[{}] {}", e.case(), board.sentence(e)))
    }

    fn after_change(t: &mut NawTable) {
        t.drop_stale();
    }

    fn end_phase(t: &mut NawTable) {
        t.end_phase();
    }

    /// Escape or a right click.
    fn cancel(t: &mut NawTable) {
        t.select(None);
        t.own.draft = AttackDraft::default();
        t.own.proposals = None;
    }

    fn table_key(t: &mut NawTable, key: TableKey) {
        match key {
            TableKey::NextUnit => t.select_next_mover(),
            TableKey::Suggest => t.take_suggestion(),
            TableKey::Roll => {
                t.roll();
            }
            _ => {}
        }
    }

    fn key_availability(t: &NawTable, key: TableKey) -> Result<(), String> {
        let st = &t.session.game.state;
        match key {
            TableKey::Roll if st.phase() != Phase::Combat || st.pending().is_some() => {
                Err("Attacks are rolled in the Combat Phase [3.0] [6.0]".into())
            }
            TableKey::Roll if t.own.draft.is_empty() => {
                Err("No attack is being put together: click the attackers and the defenders".into())
            }
            _ => Ok(()),
        }
    }

    fn heading(t: &NawTable) -> String {
        let st = t.state();
        format!("Game-Turn {} of {}", st.turn(), st.board().turns)
    }

    fn turn_ui(t: &mut NawTable, ui: &mut egui::Ui) {
        let st = t.state().clone();
        let side = t.side_name(st.phasing());
        let phase = match st.phase() {
            Phase::Movement => "Movement Phase [4.0]",
            Phase::Combat => "Combat Phase [6.0]",
        };
        ui.label(RichText::new(format!("{side} {phase}")).strong().size(16.0));
        if let Some(o) = &st.outcome() {
            ui.colored_label(RED, outcome_text(o));
        } else {
            let to_act = st.to_act();
            let seat = t.session.setup.seats[to_act as usize];
            ui.label(format!("To act: {} ({})", t.side_name(to_act), seat.name()));
        }
    }

    fn act_ui(t: &mut NawTable, ui: &mut egui::Ui) {
        let st = &t.session.game.state;
        if st.pending().is_some() {
            t.pending_ui(ui);
        } else if st.phase() == Phase::Movement {
            t.movement_ui(ui);
        } else {
            t.combat_ui(ui);
        }
    }

    fn sections_ui(t: &mut NawTable, ui: &mut egui::Ui) {
        t.die_ui(ui);
        ui.separator();
        t.score_ui(ui);
        ui.separator();
        t.reinforcements_due_ui(ui);
    }

    fn beside_log_ui(t: &mut NawTable, ui: &mut egui::Ui) {
        t.crt_ui(ui);
    }

    fn click(t: &mut NawTable, h: Hex, _: Pos2) {
        t.click(h);
    }

    /// A unit of the side to act, dragged in its Movement Phase, moves
    /// where it is dropped.
    fn drag_start(t: &mut NawTable, h: Hex) -> bool {
        let st = &t.session.game.state;
        if !(t.human_to_act() && st.phase() == Phase::Movement && st.pending().is_none()) {
            return false;
        }
        let to_act = st.to_act();
        t.own.drag = t
            .units_at(h)
            .into_iter()
            .rev()
            .find(|&u| t.session.game.state.side_of(u) == to_act);
        if t.own.drag.is_some() {
            t.select(t.own.drag);
        }
        t.own.drag.is_some()
    }

    fn drag_end(t: &mut NawTable, h: Hex) {
        let Some(u) = t.own.drag.take() else {
            return;
        };
        if t.state().unit_hex(u).map(|x| t.state().board().hex(x)) != Some(h) {
            t.own.selected = Some(u);
            t.move_selected_to(h);
        }
    }

    fn overlay(t: &mut NawTable, layout: &Layout) -> Vec<Shape> {
        t.overlay_shapes(layout)
    }

    fn draw_counters(t: &mut NawTable, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        t.draw_counters(painter, layout, clip);
    }

    fn draw_over(t: &mut NawTable, painter: &egui::Painter, layout: &Layout) {
        t.draw_path_preview(painter, layout);
    }

    fn hover_text(t: &NawTable, h: Hex) -> Option<String> {
        let st = t.state();
        let ix = st.board().ix(h).filter(|&i| st.board().info(i).on_map)?;
        let mut text = format!("{h}  {}", st.board().info(ix).terrain_name);
        for u in t.units_at(h) {
            let info = st.board().unit(u);
            text.push_str(&format!(
                "  |  {} {} {}-{} [{}]",
                info.designation,
                info.kind.name(),
                info.strength,
                info.movement,
                info.id
            ));
        }
        Some(text)
    }

    fn game_over_ui(t: &mut NawTable, ui: &mut egui::Ui) {
        let st = t.state().clone();
        let Some(outcome) = st.outcome().clone() else {
            return;
        };
        ui.label(RichText::new(outcome_text(&outcome)).strong().size(16.0));
        ui.label(format!(
            "Game-Turn {} of {}, {}.",
            st.turn(),
            st.board().turns,
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for side in 0..2u8 {
            let s = side as usize;
            ui.label(format!(
                "{}: lost {} of {}{}",
                t.side_name(side),
                st.losses()[s],
                crate::words::counted(st.board().thresholds[s], "point", "points"),
                if st.demoralized()[s] {
                    ", demoralized"
                } else {
                    ""
                }
            ));
        }
        if !st.board().exit_hexes.is_empty() {
            ui.label(format!(
                "Exited by {}: {} of {}",
                t.side_name(st.board().exit_side),
                st.exited()[st.board().exit_side as usize],
                crate::words::counted(st.board().exits_needed, "unit", "units")
            ));
        }
        if let Some(chits) = st.chits() {
            ui.add_space(4.0);
            ui.strong("The chits, revealed [9.0]");
            if let Some(v) = t.session.scenario.variants.first() {
                for (s, table) in v.tables.iter().take(2).enumerate() {
                    let text = table
                        .chits
                        .iter()
                        .find(|c| c.code == chits[s])
                        .map_or(String::new(), |c| c.text.clone());
                    ui.label(format!(
                        "{} drew {}: {text}",
                        t.side_name(s as u8),
                        chits[s]
                    ));
                }
            }
        }
    }

    fn legend() -> &'static str {
        "Map: green = reachable, orange = reachable but stops there (enemy ZOC), blue = entry hexes, yellow = retreat hexes. Red ! = must attack, red ring = must be attacked; green/blue/red outline = attacker/bombarding/defender, purple = in the attack being resolved; dimmed = moved or already in an attack. Blue dots: the last move."
    }
}
