//! The Napoleon at Waterloo playtest table: a game of the scenario being
//! edited, on the rules engine, drawn over the same map view, over the
//! pieces every table shares (seats, history, event log; `super`). Everything shown comes from the
//! engine (`State::reachable`, `odds`, `retreat_options`, …) and every
//! action is a `Command` the engine checks; a refusal is shown with the
//! engine's reason and case. The editor's document is never touched: the
//! game runs on the snapshot in `play::Session`.

use super::marks::{self, BLUE, GOLD, GREEN, ORANGE, RED};
use super::table::{Table, TableRules};
use super::{StartChoice, VariantChoice, draw_die};
use crate::app::commands::TableKey;
use crate::app::map_view;
use crate::engine::naw::{
    Command, Event, HexIx, Naw, Outcome, Phase, Pos, Proposal, Reach, State, Step, UnitIx,
    VariantSetup,
};
use crate::hex::{Hex, Layout};

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
pub type Playtest = Table<NawTableRules>;

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
        match st.phase {
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
            attackers: ids(&self.own.draft.attackers),
            bombarding: ids(&self.own.draft.bombarding),
            defenders: ids(&self.own.draft.defenders),
            column: self
                .own
                .draft
                .lower
                .and_then(|c| st.board.crt.columns.get(c).copied()),
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
            .map_err(|e| self.session.game.state.board.refusal(&e));
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
        let cmd = match self.session.game.state.phase {
            Phase::Movement => Command::EndMovement,
            Phase::Combat => Command::EndCombat,
        };
        self.give(cmd)
    }

    /// N: selects the next unit of the side to play that can still move.
    pub fn select_next_mover(&mut self) {
        let st = &self.session.game.state;
        if st.phase != Phase::Movement || st.pending.is_some() {
            return;
        }
        let n = st.board.units.len();
        let start = self.own.selected.map_or(0, |u| u as usize + 1);
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

    /// The column the CRT highlights: the drafted attack's, or the last
    /// attack's; and the last die roll for that attack.
    fn crt_focus(&self) -> (Option<usize>, Option<u32>) {
        let st = self.state();
        if st.phase == Phase::Combat && st.pending.is_none() && !self.own.draft.is_empty() {
            let o = st.odds(
                &self.own.draft.attackers,
                &self.own.draft.bombarding,
                &self.own.draft.defenders,
                self.own.draft.lower,
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

    fn movement_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Move");
        let st = self.state().clone();
        match self.own.selected {
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
                let chosen = self.own.entering == Some(u);
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
                    self.own.selected = None;
                    self.own.reach = None;
                    self.own.entering = if chosen { None } else { Some(u) };
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
        if !self.own.draft.is_empty() {
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
                        self.own.proposals = Some(p);
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
        if let Some(props) = self.own.proposals.clone() {
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
                        self.own.draft = AttackDraft {
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
        let d = self.own.draft.clone();
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
                    self.own.draft.lower = (pick != o.column).then_some(pick);
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
                    self.own.draft = AttackDraft::default();
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
                let chosen: u32 = self
                    .own
                    .losses
                    .iter()
                    .map(|&u| st.board.unit(u).strength)
                    .sum();
                for u in attackers {
                    let mut on = self.own.losses.contains(&u);
                    let text = format!(
                        "{} ({})",
                        self.unit_name(u),
                        crate::words::counted(st.board.unit(u).strength, "point", "points")
                    );
                    if ui.checkbox(&mut on, text).changed() {
                        if on {
                            self.own.losses.push(u);
                        } else {
                            self.own.losses.retain(|&x| x != u);
                        }
                    }
                }
                ui.label(format!(
                    "Chosen: {chosen} of at least {}",
                    crate::words::counted(at_least, "point", "points")
                ));
                if ui.button("Take these losses").clicked() {
                    let units = self.own.losses.iter().map(|&u| self.id(u)).collect();
                    self.give(Command::ChooseLosses { units });
                }
            }
            Step::Advance { units, hexes, .. } => {
                let unit = self.own.advancing.or(units.first().copied());
                ui.label(
                    RichText::new("Pick the unit, then click a green hex, or decline.").weak(),
                );
                ui.horizontal_wrapped(|ui| {
                    for &u in &units {
                        if ui
                            .selectable_label(unit == Some(u), self.unit_name(u))
                            .clicked()
                        {
                            self.own.advancing = Some(u);
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

    /// Hex highlights: reachable hexes, entry hexes, retreat and advance
    /// hexes, and the last move's path.
    fn overlay_shapes(&mut self, layout: &crate::hex::Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
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
        if let Some(u) = self.own.entering {
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
        let Some(u) = self.own.selected else {
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
                let r = marks::counter_rect(at, side);
                let spent = match st.phase {
                    Phase::Movement => {
                        st.moved[u as usize]
                            && st.last_moved != Some(u)
                            && st.side_of(u) == st.phasing
                    }
                    Phase::Combat => st.involved[u as usize] && !pending_units.contains(&u),
                };
                if spent {
                    marks::shade(painter, r, side, 80);
                }
                let ring = |col: Color32, w: f32| marks::ring(painter, r, side, col, w);
                let w = (side * 0.08).max(2.0);
                if self.own.selected == Some(u) || self.own.entering == Some(u) {
                    ring(GOLD, w);
                }
                if self.own.draft.attackers.contains(&u) {
                    ring(GREEN, w);
                } else if self.own.draft.bombarding.contains(&u) {
                    ring(BLUE, w);
                } else if self.own.draft.defenders.contains(&u) {
                    ring(RED, w);
                } else if self.own.losses.contains(&u) {
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

    /// Drops choices that no longer fit the position.
    fn drop_stale(&mut self) {
        let st = &self.session.game.state;
        if st.phase != Phase::Movement {
            self.own.selected = None;
            self.own.entering = None;
        }
        if let Some(u) = self.own.selected
            && st.unit_hex(u).is_none()
        {
            self.own.selected = None;
        }
        if let Some(u) = self.own.entering
            && st.pos[u as usize] != Pos::Waiting
        {
            self.own.entering = None;
        }
        if st.pending.is_some() || st.phase != Phase::Combat {
            self.own.draft = AttackDraft::default();
            self.own.proposals = None;
        }
        if !matches!(
            st.pending.as_ref().and_then(|p| p.steps.front()),
            Some(Step::Losses { .. })
        ) {
            self.own.losses.clear();
        }
        if !matches!(
            st.pending.as_ref().and_then(|p| p.steps.front()),
            Some(Step::Advance { .. })
        ) {
            self.own.advancing = None;
        }
        self.own.reach = None;
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
    fn log_line(board: &crate::engine::naw::Board, e: &Event) -> Option<String> {
        (!matches!(e, Event::AttackFinished))
            .then(|| format!("[{}] {}", e.case(), board.sentence(e)))
    }

    fn after_change(t: &mut Playtest) {
        t.drop_stale();
    }

    fn end_phase(t: &mut Playtest) {
        t.end_phase();
    }

    /// Escape or a right click.
    fn cancel(t: &mut Playtest) {
        t.select(None);
        t.own.draft = AttackDraft::default();
        t.own.proposals = None;
    }

    fn table_key(t: &mut Playtest, key: TableKey) {
        match key {
            TableKey::NextUnit => t.select_next_mover(),
            TableKey::Suggest => t.take_suggestion(),
            TableKey::Roll => {
                t.roll();
            }
            _ => {}
        }
    }

    fn key_availability(t: &Playtest, key: TableKey) -> Result<(), String> {
        let st = &t.session.game.state;
        match key {
            TableKey::Roll if st.phase != Phase::Combat || st.pending.is_some() => {
                Err("Attacks are rolled in the Combat Phase [3.0] [6.0]".into())
            }
            TableKey::Roll if t.own.draft.is_empty() => {
                Err("No attack is being put together: click the attackers and the defenders".into())
            }
            _ => Ok(()),
        }
    }

    fn heading(t: &Playtest) -> String {
        let st = t.state();
        format!("Game-Turn {} of {}", st.turn, st.board.turns)
    }

    fn turn_ui(t: &mut Playtest, ui: &mut egui::Ui) {
        let st = t.state().clone();
        let side = t.side_name(st.phasing);
        let phase = match st.phase {
            Phase::Movement => "Movement Phase [4.0]",
            Phase::Combat => "Combat Phase [6.0]",
        };
        ui.label(RichText::new(format!("{side} {phase}")).strong().size(16.0));
        if let Some(o) = &st.outcome {
            ui.colored_label(RED, outcome_text(o));
        } else {
            let to_act = st.to_act();
            let seat = t.session.setup.seats[to_act as usize];
            ui.label(format!("To act: {} ({})", t.side_name(to_act), seat.name()));
        }
    }

    fn act_ui(t: &mut Playtest, ui: &mut egui::Ui) {
        let st = &t.session.game.state;
        if st.pending.is_some() {
            t.pending_ui(ui);
        } else if st.phase == Phase::Movement {
            t.movement_ui(ui);
        } else {
            t.combat_ui(ui);
        }
    }

    fn sections_ui(t: &mut Playtest, ui: &mut egui::Ui) {
        t.die_ui(ui);
        ui.separator();
        t.score_ui(ui);
        ui.separator();
        t.reinforcements_due_ui(ui);
    }

    fn beside_log_ui(t: &mut Playtest, ui: &mut egui::Ui) {
        t.crt_ui(ui);
    }

    fn click(t: &mut Playtest, h: Hex, _: Pos2) {
        t.click(h);
    }

    /// A unit of the side to act, dragged in its Movement Phase, moves
    /// where it is dropped.
    fn drag_start(t: &mut Playtest, h: Hex) -> bool {
        let st = &t.session.game.state;
        if !(t.human_to_act() && st.phase == Phase::Movement && st.pending.is_none()) {
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

    fn drag_end(t: &mut Playtest, h: Hex) {
        let Some(u) = t.own.drag.take() else {
            return;
        };
        if t.state().unit_hex(u).map(|x| t.state().board.hex(x)) != Some(h) {
            t.own.selected = Some(u);
            t.move_selected_to(h);
        }
    }

    fn overlay(t: &mut Playtest, layout: &Layout) -> Vec<Shape> {
        t.overlay_shapes(layout)
    }

    fn draw_counters(t: &mut Playtest, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        t.draw_counters(painter, layout, clip);
    }

    fn draw_over(t: &mut Playtest, painter: &egui::Painter, layout: &Layout) {
        t.draw_path_preview(painter, layout);
    }

    fn hover_text(t: &Playtest, h: Hex) -> Option<String> {
        let st = t.state();
        let ix = st.board.ix(h).filter(|&i| st.board.info(i).on_map)?;
        let mut text = format!("{h}  {}", st.board.info(ix).terrain_name);
        for u in t.units_at(h) {
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
        Some(text)
    }

    fn game_over_ui(t: &mut Playtest, ui: &mut egui::Ui) {
        let st = t.state().clone();
        let Some(outcome) = st.outcome.clone() else {
            return;
        };
        ui.label(RichText::new(outcome_text(&outcome)).strong().size(16.0));
        ui.label(format!(
            "Game-Turn {} of {}, {}.",
            st.turn,
            st.board.turns,
            crate::words::counted(t.session.len(), "command", "commands")
        ));
        for side in 0..2u8 {
            let s = side as usize;
            ui.label(format!(
                "{}: lost {} of {}{}",
                t.side_name(side),
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
                t.side_name(st.board.exit_side),
                st.exited[st.board.exit_side as usize],
                crate::words::counted(st.board.exits_needed, "unit", "units")
            ));
        }
        if let Some(chits) = st.chits {
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
