//! The Scenario settings and Map settings windows. Each edits a draft copy;
//! OK or Apply hands the draft back to the app, which turns it into one
//! undoable edit (`edit::set_scenario`, `edit::set_map`). Nothing here
//! changes the document itself.

use crate::edit;
use crate::scenario::{
    self, ArrivalChange, Chit, ChitTable, Colour, CombatResult, CrtRow, Issue, Map, MovementRule,
    Odds, Scenario, Severity, TerrainKind, UnitId, Variant,
};
use egui::{RichText, Ui};
use std::collections::HashMap;

/// What a settings window asks of the app after a frame.
#[must_use]
pub enum Action<T> {
    /// Keep the window open.
    None,
    /// Apply the draft and keep the window open.
    Apply(T),
    /// Apply the draft and close.
    Ok(T),
    /// Close without applying.
    Cancel,
}

impl<T> Action<T> {
    /// The draft to apply, if any, and whether the window stays open.
    pub fn resolve(self) -> (Option<T>, bool) {
        match self {
            Action::None => (None, true),
            Action::Apply(t) => (Some(t), true),
            Action::Ok(t) => (Some(t), false),
            Action::Cancel => (None, false),
        }
    }
}

/// Columns and rows of a map, as two labelled rows of a grid.
pub fn size_fields(ui: &mut Ui, columns: &mut u32, rows: &mut u32) {
    for (name, v) in [("Columns", columns), ("Rows", rows)] {
        let l = ui.label(name);
        ui.add(super::fields::Number::new(v).range(1..=scenario::MAX_MAP_SIDE))
            .labelled_by(l.id);
        ui.end_row();
    }
}

fn colour_button(ui: &mut Ui, c: &mut Colour) -> egui::Response {
    let mut rgb = [c.0, c.1, c.2];
    let r = ui.color_edit_button_srgb(&mut rgb);
    *c = Colour(rgb[0], rgb[1], rgb[2]);
    r
}

/// A labelled single-line text field.
fn text_row(ui: &mut Ui, label: &str, value: &mut String) {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(value).desired_width(320.0))
        .labelled_by(l.id);
    ui.end_row();
}

fn multiline_row(ui: &mut Ui, label: &str, value: &mut String) {
    let l = ui.label(label);
    ui.add(
        egui::TextEdit::multiline(value)
            .desired_width(320.0)
            .desired_rows(3),
    )
    .labelled_by(l.id);
    ui.end_row();
}

/// The draft's errors (warnings are left to the Problems panel), shown
/// under the tabs so a designer sees what OK would leave broken.
fn problems_ui(ui: &mut Ui, problems: &[Issue]) {
    let errors: Vec<&Issue> = problems
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .collect();
    if errors.is_empty() {
        ui.label(RichText::new("No errors.").weak());
        return;
    }
    ui.label(
        RichText::new(format!(
            "{} error{} (you can still apply; the Problems panel keeps them):",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        ))
        .color(ui.visuals().error_fg_color),
    );
    for i in errors.iter().take(6) {
        ui.label(RichText::new(i.to_string()).color(ui.visuals().error_fg_color));
    }
    if errors.len() > 6 {
        ui.label(format!("… and {} more", errors.len() - 6));
    }
}

/// The foot of a settings window: the draft's errors, then OK / Apply /
/// Cancel (Escape cancels).
fn footer<T: Clone + PartialEq>(
    ui: &mut Ui,
    problems: &[Issue],
    draft: &T,
    original: &T,
) -> Action<T> {
    ui.separator();
    problems_ui(ui, problems);
    let changed = draft != original;
    let mut out = Action::None;
    ui.horizontal(|ui| {
        if ui.button("OK").clicked() {
            out = Action::Ok(draft.clone());
        }
        if ui
            .add_enabled(changed, egui::Button::new("Apply"))
            .clicked()
        {
            out = Action::Apply(draft.clone());
        }
        if ui.button("Cancel").clicked() {
            out = Action::Cancel;
        }
    });
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        out = Action::Cancel;
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ScenarioTab {
    General,
    Sides,
    Crt,
    Variants,
    /// A tab of the rule set's own, by its index in
    /// [`super::plugin::RuleWindow::settings_tabs`].
    Rules(usize),
}

/// The Scenario settings window's state.
pub struct ScenarioSettings {
    draft: Scenario,
    /// What the document holds, to tell whether Apply has anything to do.
    original: Scenario,
    tab: ScenarioTab,
    /// CRT column headings as typed ("3:1"), parsed into the draft when
    /// they read as odds.
    odds_text: Vec<String>,
    /// Unit lists of the chit tables as typed ("f-gd-1, f-gd-2"), by
    /// (variant, table, chit, change).
    units_text: HashMap<(usize, usize, usize, usize), String>,
    problems: Vec<Issue>,
    checked: Option<Scenario>,
    /// What the rule set's tabs keep between frames, and an officer one
    /// of them asks to place by the editor's next click (taken by the
    /// app).
    pub rules_state: super::plugin::SettingsState,
}

impl ScenarioSettings {
    pub fn new(s: &Scenario) -> Self {
        ScenarioSettings {
            draft: s.clone(),
            original: s.clone(),
            tab: ScenarioTab::General,
            odds_text: s.crt.columns.iter().map(|o| o.to_string()).collect(),
            units_text: HashMap::new(),
            problems: Vec::new(),
            checked: None,
            rules_state: Default::default(),
        }
    }

    /// After an Apply, the document holds the draft.
    pub fn applied(&mut self) {
        self.original = self.draft.clone();
    }

    /// Follows the document (an undo while the window is open) as long as
    /// the draft has no changes of its own.
    pub fn follow(&mut self, current: &Scenario) {
        if self.draft == self.original && !edit::same_but_map_source(&self.original, current) {
            *self = ScenarioSettings {
                tab: self.tab,
                ..ScenarioSettings::new(current)
            };
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context, map: &Map) -> Action<Scenario> {
        if self.checked.as_ref() != Some(&self.draft) {
            self.problems = scenario::validate(&self.draft, map);
            self.checked = Some(self.draft.clone());
        }
        let mut open = true;
        let mut action = Action::None;
        egui::Window::new("Scenario settings")
            .open(&mut open)
            .default_width(620.0)
            .default_height(520.0)
            .collapsible(false)
            .show(ctx, |ui| {
                // Only the tabs the rule set reads: no CRT or Grouchy
                // chits for rules that have none, and the rule set's own.
                let support = self.draft.rules.support();
                let window = super::plugin::window(&self.draft.rules);
                let own = window.settings_tabs();
                let mut tabs: Vec<(ScenarioTab, &str)> = vec![(ScenarioTab::General, "General")];
                let rules_tabs = |first: bool| {
                    own.iter()
                        .enumerate()
                        .filter(move |(_, t)| t.first == first)
                        .map(|(i, t)| (ScenarioTab::Rules(i), t.name))
                };
                tabs.extend(rules_tabs(true));
                tabs.push((ScenarioTab::Sides, "Sides and victory"));
                if support.crt || !self.draft.crt.is_empty() {
                    tabs.push((ScenarioTab::Crt, "Combat results"));
                }
                if support.variants > 0 || !self.draft.variants.is_empty() {
                    tabs.push((ScenarioTab::Variants, "Variants"));
                }
                tabs.extend(rules_tabs(false));
                if !tabs.iter().any(|(t, _)| *t == self.tab) {
                    self.tab = ScenarioTab::General;
                }
                ui.horizontal(|ui| {
                    for (t, name) in tabs {
                        ui.selectable_value(&mut self.tab, t, name);
                    }
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(ui.available_height() - 120.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| match self.tab {
                        ScenarioTab::General => self.general_ui(ui),
                        ScenarioTab::Sides => self.sides_ui(ui),
                        ScenarioTab::Crt => self.crt_ui(ui),
                        ScenarioTab::Variants => self.variants_ui(ui),
                        ScenarioTab::Rules(i) => {
                            window.settings_tab_ui(i, ui, &mut self.draft, &mut self.rules_state)
                        }
                    });
                action = footer(ui, &self.problems, &self.draft, &self.original);
                // A leader to place: the draft is applied first, so the
                // leader placed is the one shown.
                if self.rules_state.place.is_some()
                    && matches!(action, Action::None)
                    && self.draft != self.original
                {
                    action = Action::Apply(self.draft.clone());
                }
            });
        if !open {
            return Action::Cancel;
        }
        action
    }

    fn general_ui(&mut self, ui: &mut Ui) {
        let d = &mut self.draft;
        egui::Grid::new("scenario general")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                text_row(ui, "Title", &mut d.title);
                text_row(ui, "Author", &mut d.author);
                multiline_row(ui, "Description", &mut d.description);
                // The one field of the game's length: the rule set keeps
                // its own turn limit (where it has one) the same.
                let l = ui.label("Game length");
                ui.horizontal(|ui| {
                    let mut turns = d.rules.plugin().game_length(d.turns);
                    let r = ui
                        .add(super::fields::Number::new(&mut turns).range(1..=99))
                        .labelled_by(l.id);
                    if r.changed() {
                        d.rules.plugin_mut().set_game_length(&mut d.turns, turns);
                    }
                    ui.label("Game-Turns");
                });
                ui.end_row();
                ui.label("Rule set");
                ui.label(d.rules.name());
                ui.end_row();
                super::plugin::window(&d.rules).general_rows(ui, d);
                multiline_row(ui, "Designer's notes", &mut d.notes);
            });
    }

    fn sides_ui(&mut self, ui: &mut Ui) {
        let d = &mut self.draft;
        let threshold_words = d.rules.support().loss_threshold;
        for (i, side) in d.sides.iter_mut().enumerate() {
            ui.push_id(("side", i), |ui| {
                ui.heading(&side.name);
                egui::Grid::new("side").num_columns(2).show(ui, |ui| {
                    ui.label("Id");
                    ui.label(RichText::new(side.id.as_str()).monospace())
                        .on_hover_text("Units and conditions refer to the side by this id");
                    ui.end_row();
                    text_row(ui, "Name", &mut side.name);
                    let l = ui.label("Colour");
                    colour_button(ui, &mut side.colour).labelled_by(l.id);
                    ui.end_row();
                    for (k, c) in side.contingents.iter_mut().enumerate() {
                        let l = ui.label(format!("Contingent {}", k + 1));
                        ui.horizontal(|ui| {
                            ui.add(egui::TextEdit::singleline(&mut c.name).desired_width(180.0))
                                .labelled_by(l.id);
                            colour_button(ui, &mut c.colour);
                        });
                        ui.end_row();
                    }
                    // The loss threshold, where the rules read one: none
                    // (0) or what the rules count.
                    let id = side.id.clone();
                    if let Some(words) = threshold_words {
                    let mut points = d
                        .victory
                        .loss_thresholds
                        .iter()
                        .find(|t| t.side == id)
                        .map_or(0, |t| t.points);
                    let l = ui.label("Loss threshold");
                    let r = ui
                        .horizontal(|ui| {
                            let r = ui
                                .add(super::fields::Number::new(&mut points).range(0..=999))
                                .labelled_by(l.id);
                            ui.label(
                                RichText::new(words).weak(),
                            );
                            r
                        })
                        .inner;
                    if r.changed() {
                        let t = &mut d.victory.loss_thresholds;
                        match t.iter_mut().find(|t| t.side == id) {
                            Some(x) if points > 0 => x.points = points,
                            Some(_) => t.retain(|t| t.side != id),
                            None if points > 0 => t.push(scenario::LossThreshold {
                                side: id.clone(),
                                points,
                            }),
                            None => {}
                        }
                    }
                    ui.end_row();
                    }
                    for (k, e) in d
                        .victory
                        .exits
                        .iter_mut()
                        .filter(|e| e.side == id)
                        .enumerate()
                    {
                        let l = ui.label(format!("Exit condition {}", k + 1));
                        ui.horizontal(|ui| {
                            ui.add(super::fields::Number::new(&mut e.units).range(0..=999))
                                .labelled_by(l.id);
                            ui.label(format!(
                                "units through {} exit hex{} (mark them with the Exit / victory tool)",
                                e.hexes.len(),
                                if e.hexes.len() == 1 { "" } else { "es" }
                            ));
                        });
                        ui.end_row();
                    }
                });
                ui.add_space(8.0);
            });
        }
        let n = d.victory.victory_hexes.len();
        if n > 0 {
            ui.label(format!(
                "{n} victory hex{} (points and owners are set with the Exit / victory tool).",
                if n == 1 { "" } else { "es" }
            ));
        }
    }

    fn crt_ui(&mut self, ui: &mut Ui) {
        let crt = &mut self.draft.crt;
        self.odds_text.resize(crt.columns.len(), String::new());
        ui.label(
            RichText::new("Columns run from worst to best for the attacker; a cell is the result of that die roll.")
                .weak(),
        );
        egui::Grid::new("crt").striped(true).show(ui, |ui| {
            let corner = ui.label(RichText::new("Die \\ odds").strong()).id;
            let mut heads = Vec::new();
            for (k, text) in self.odds_text.iter_mut().enumerate() {
                let ok = text
                    .split_once(':')
                    .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
                    .filter(|&(a, b): &(u32, u32)| a > 0 && b > 0);
                let mut edit = egui::TextEdit::singleline(text).desired_width(44.0);
                if ok.is_none() {
                    edit = edit.text_color(ui.visuals().error_fg_color);
                }
                let r = ui
                    .add(edit)
                    .labelled_by(corner)
                    .on_hover_text("Odds, attacker to defender: 3:1, 1:2");
                heads.push(r.id);
                if r.changed()
                    && let Some((a, b)) = ok
                {
                    crt.columns[k] = Odds::new(a, b);
                }
            }
            ui.end_row();
            for row in crt.rows.iter_mut() {
                ui.add(super::fields::Number::new(&mut row.die).range(1..=6))
                    .labelled_by(corner);
                row.results.resize(self.odds_text.len(), CombatResult::Ee);
                for (k, cell) in row.results.iter_mut().enumerate() {
                    egui::ComboBox::from_id_salt(("crt cell", row.die, k))
                        .width(44.0)
                        .selected_text(cell.code())
                        .show_ui(ui, |ui| {
                            for r in [
                                CombatResult::Ae,
                                CombatResult::Ar,
                                CombatResult::Ee,
                                CombatResult::Dr,
                                CombatResult::De,
                            ] {
                                ui.selectable_value(cell, r, r.code())
                                    .on_hover_text(r.meaning());
                            }
                        })
                        .response
                        .labelled_by(heads[k])
                        .on_hover_text(cell.meaning());
                }
                ui.end_row();
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Add column").clicked() {
                // The next odds up: 1:2 -> 1:1 -> 2:1 -> 3:1.
                let next = crt.columns.last().map_or(Odds::new(1, 1), |o| {
                    if o.defence > 1 {
                        Odds::new(o.attack, o.defence - 1)
                    } else {
                        Odds::new(o.attack + 1, 1)
                    }
                });
                crt.columns.push(next);
                self.odds_text.push(next.to_string());
                for r in &mut crt.rows {
                    let last = r.results.last().copied().unwrap_or(CombatResult::De);
                    r.results.push(last);
                }
            }
            if ui
                .add_enabled(
                    crt.columns.len() > 1,
                    egui::Button::new("Remove last column"),
                )
                .clicked()
            {
                crt.columns.pop();
                self.odds_text.pop();
                for r in &mut crt.rows {
                    r.results.pop();
                }
            }
            if ui.button("Add row").clicked() {
                let die = crt.rows.last().map_or(1, |r| (r.die + 1).min(6));
                crt.rows.push(CrtRow {
                    die,
                    results: vec![CombatResult::Ee; crt.columns.len()],
                });
            }
            if ui
                .add_enabled(crt.rows.len() > 1, egui::Button::new("Remove last row"))
                .clicked()
            {
                crt.rows.pop();
            }
        });
    }

    fn variants_ui(&mut self, ui: &mut Ui) {
        let d = &mut self.draft;
        let mut remove_variant = None;
        for (v, variant) in d.variants.iter_mut().enumerate() {
            ui.push_id(("variant", v), |ui| {
                egui::Grid::new("variant").num_columns(2).show(ui, |ui| {
                    text_row(ui, "Variant", &mut variant.name);
                    multiline_row(ui, "Description", &mut variant.description);
                });
                for (t, table) in variant.tables.iter_mut().enumerate() {
                    ui.push_id(("table", t), |ui| {
                        ui.label(RichText::new(format!("{} chits", table.side)).strong());
                        chit_table_ui(ui, table, &mut self.units_text, (v, t));
                    });
                }
                if ui.button("Remove this variant").clicked() {
                    remove_variant = Some(v);
                }
                ui.separator();
            });
        }
        if let Some(v) = remove_variant {
            d.variants.remove(v);
            self.units_text.clear();
        }
        if ui.button("Add variant").clicked() {
            d.variants.push(Variant {
                name: "New variant".into(),
                description: String::new(),
                tables: d
                    .sides
                    .iter()
                    .map(|s| ChitTable {
                        side: s.id.clone(),
                        chits: Vec::new(),
                    })
                    .collect(),
            });
        }
    }
}

type TextKey = (usize, usize, usize, usize);

fn chit_table_ui(
    ui: &mut Ui,
    table: &mut ChitTable,
    texts: &mut HashMap<TextKey, String>,
    (v, t): (usize, usize),
) {
    let mut remove = None;
    for (c, chit) in table.chits.iter_mut().enumerate() {
        ui.push_id(("chit", c), |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Chit");
                ui.add(super::fields::Number::new(&mut chit.code).range(1..=6))
                    .labelled_by(l.id);
                ui.add(egui::TextEdit::singleline(&mut chit.text).desired_width(300.0))
                    .labelled_by(l.id);
                if ui.small_button("Remove").clicked() {
                    remove = Some(c);
                }
            });
            let mut drop_change = None;
            for (k, change) in chit.changes.iter_mut().enumerate() {
                ui.push_id(("change", k), |ui| {
                    ui.horizontal(|ui| {
                        ui.add_space(24.0);
                        let text = texts.entry((v, t, c, k)).or_insert_with(|| {
                            change
                                .units
                                .iter()
                                .map(|u| u.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        });
                        let l = ui.label("Units");
                        if ui
                            .add(egui::TextEdit::singleline(text).desired_width(220.0))
                            .labelled_by(l.id)
                            .on_hover_text("Unit ids, separated by commas")
                            .changed()
                        {
                            change.units = text
                                .split(',')
                                .map(str::trim)
                                .filter(|s| !s.is_empty())
                                .map(UnitId::new)
                                .collect();
                        }
                        let mut arrives = change.turn.is_some();
                        let c = ui.checkbox(&mut arrives, "arrive on turn");
                        let mut turn = change.turn.unwrap_or(1);
                        ui.add_enabled(
                            arrives,
                            super::fields::Number::new(&mut turn).range(1..=99),
                        )
                        .labelled_by(c.id);
                        change.turn = arrives.then_some(turn);
                        if !arrives {
                            ui.label(RichText::new("(never)").weak());
                        }
                        if ui.small_button("Remove change").clicked() {
                            drop_change = Some(k);
                        }
                    });
                });
            }
            if let Some(k) = drop_change {
                chit.changes.remove(k);
                texts.retain(|key, _| key.0 != v || key.1 != t || key.2 != c);
            }
            ui.horizontal(|ui| {
                ui.add_space(24.0);
                if ui.small_button("Add arrival change").clicked() {
                    chit.changes.push(ArrivalChange {
                        units: Vec::new(),
                        turn: None,
                    });
                }
            });
        });
    }
    if let Some(c) = remove {
        table.chits.remove(c);
        texts.retain(|key, _| key.0 != v || key.1 != t);
    }
    if ui.button("Add chit").clicked() {
        let code = (1..=6)
            .find(|n| table.chits.iter().all(|c| c.code != *n))
            .unwrap_or(6);
        table.chits.push(Chit {
            code,
            text: String::new(),
            changes: Vec::new(),
        });
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MapTab {
    General,
    Terrain,
}

/// The Map settings window's state.
pub struct MapSettings {
    draft: Map,
    original: Map,
    tab: MapTab,
    columns: u32,
    rows: u32,
    fill: char,
    /// Terrain codes as typed, one per terrain kind.
    code_text: Vec<String>,
    message: Option<String>,
    problems: Vec<Issue>,
    checked: Option<Map>,
}

impl MapSettings {
    pub fn new(map: &Map) -> Self {
        MapSettings {
            draft: map.clone(),
            original: map.clone(),
            tab: MapTab::General,
            columns: map.columns,
            rows: map.rows,
            fill: map.terrain_kinds.first().map_or('.', |t| t.code),
            code_text: map
                .terrain_kinds
                .iter()
                .map(|t| t.code.to_string())
                .collect(),
            message: None,
            problems: Vec::new(),
            checked: None,
        }
    }

    pub fn applied(&mut self) {
        self.original = self.draft.clone();
    }

    /// Follows the document while the draft has no changes of its own.
    pub fn follow(&mut self, current: &Map) {
        if self.draft == self.original && self.original != *current {
            *self = MapSettings {
                tab: self.tab,
                ..MapSettings::new(current)
            };
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context, s: &Scenario) -> Action<Map> {
        if self.checked.as_ref() != Some(&self.draft) {
            self.problems = scenario::validate(s, &self.draft);
            self.checked = Some(self.draft.clone());
        }
        let mut open = true;
        let mut action = Action::None;
        egui::Window::new("Map settings")
            .open(&mut open)
            .default_width(700.0)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.tab, MapTab::General, "Map");
                    ui.selectable_value(&mut self.tab, MapTab::Terrain, "Terrain effects");
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(ui.available_height() - 120.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| match self.tab {
                        MapTab::General => self.general_ui(ui, s),
                        MapTab::Terrain => self.terrain_ui(ui),
                    });
                if let Some(m) = &self.message {
                    ui.label(RichText::new(m).color(ui.visuals().warn_fg_color));
                }
                action = footer(ui, &self.problems, &self.draft, &self.original);
            });
        if !open {
            return Action::Cancel;
        }
        action
    }

    fn general_ui(&mut self, ui: &mut Ui, s: &Scenario) {
        egui::Grid::new("map general")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                text_row(ui, "Name", &mut self.draft.name);
                ui.label("Grid");
                ui.label(grid_description(self.draft.grid()))
                .on_hover_text("Fixed once a map is made: changing it would move every hex. Start a new scenario for another layout.");
                ui.end_row();
                ui.label("Size");
                ui.label(format!("{} x {}", self.draft.columns, self.draft.rows));
                ui.end_row();
                size_fields(ui, &mut self.columns, &mut self.rows);
                let l = ui.label(crate::scenario::grid_words(self.draft.grid(), "New hexes"));
                egui::ComboBox::from_id_salt("resize fill")
                    .selected_text(
                        self.draft
                            .terrain_kinds
                            .iter()
                            .find(|t| t.code == self.fill)
                            .map_or("?".to_string(), |t| t.name.clone()),
                    )
                    .show_ui(ui, |ui| {
                        for t in &self.draft.terrain_kinds {
                            ui.selectable_value(&mut self.fill, t.code, &t.name);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            });
        let (c, r) = (self.columns, self.rows);
        let cut_units = s
            .units_at_start()
            .filter(|(_, h)| h.col > c as i32 || h.row > r as i32)
            .count();
        let changed = (c, r) != (self.draft.columns, self.draft.rows);
        ui.horizontal(|ui| {
            if ui.add_enabled(changed, egui::Button::new("Resize")).clicked() {
                self.draft = edit::resized_map(&self.draft, c, r, self.fill);
                self.message = (cut_units > 0).then(|| {
                    format!("{cut_units} unit(s) now start off the map: move them or the Problems panel will list them")
                });
            }
            if changed && cut_units > 0 {
                ui.label(
                    RichText::new(crate::scenario::grid_words(
                        self.draft.grid(),
                        &format!("{cut_units} unit(s) start in hexes this cuts off"),
                    ))
                        .color(ui.visuals().warn_fg_color),
                );
            }
        });
    }

    fn terrain_ui(&mut self, ui: &mut Ui) {
        let map = &mut self.draft;
        self.code_text
            .resize(map.terrain_kinds.len(), String::new());
        let mut uses: HashMap<char, usize> = HashMap::new();
        for row in &map.terrain {
            for ch in row.chars() {
                *uses.entry(ch).or_default() += 1;
            }
        }
        let mut remove = None;
        let mut recode: Option<(char, char)> = None;
        let mut code_error: Option<String> = None;
        let grid = map.grid();
        egui::Grid::new("terrain table")
            .striped(true)
            .spacing([10.0, 4.0])
            .show(ui, |ui| {
                let hdr: Vec<egui::Id> = [
                    "Code",
                    "Id",
                    "Name",
                    "Colour",
                    "Movement",
                    "Defence ×",
                    "Blocks sight",
                    "Hexes",
                    "",
                ]
                .iter()
                .map(|h| ui.label(RichText::new(crate::scenario::grid_words(grid, h)).strong()).id)
                .collect();
                ui.end_row();
                let codes: Vec<char> = map.terrain_kinds.iter().map(|t| t.code).collect();
                let names: Vec<String> =
                    map.terrain_kinds.iter().map(|t| t.name.clone()).collect();
                for (i, t) in map.terrain_kinds.iter_mut().enumerate() {
                    {
                        let text = &mut self.code_text[i];
                        let checked = typed_code(text, t.code, &codes, &names);
                        let mut e = egui::TextEdit::singleline(text).desired_width(24.0);
                        if checked.is_err() {
                            e = e.text_color(ui.visuals().error_fg_color);
                        }
                        let r = ui.add(e).labelled_by(hdr[0]).on_hover_text(
                            "One printable character, not '-', not used by another terrain; the map's hexes follow a change",
                        );
                        if r.changed() {
                            match typed_code(text, t.code, &codes, &names) {
                                Ok(ch) => {
                                    // The field holds the one character.
                                    *text = ch.to_string();
                                    if ch != t.code {
                                        recode = Some((t.code, ch));
                                        t.code = ch;
                                    }
                                }
                                Err(why) => code_error = Some(format!("{}: {why}", t.name)),
                            }
                        } else if let Err(why) = checked {
                            code_error.get_or_insert(format!("{}: {why}", t.name));
                        }
                        ui.add(egui::TextEdit::singleline(&mut t.id).desired_width(70.0))
                            .labelled_by(hdr[1]);
                        ui.add(egui::TextEdit::singleline(&mut t.name).desired_width(90.0))
                            .labelled_by(hdr[2]);
                        colour_button(ui, &mut t.colour).labelled_by(hdr[3]);
                        movement_ui(ui, &mut t.movement, hdr[4], i);
                        ui.add(super::fields::Number::new(&mut t.defence_multiplier).range(1..=4))
                            .labelled_by(hdr[5])
                            .on_hover_text("The defender's strength is multiplied by this");
                        ui.checkbox(&mut t.blocks_line_of_sight, "")
                            .labelled_by(hdr[6]);
                        let n = uses.get(&t.code).copied().unwrap_or(0);
                        ui.label(n.to_string());
                        if ui
                            .add_enabled(n == 0, egui::Button::new("Remove").small())
                            .on_disabled_hover_text(crate::scenario::grid_words(
                                grid,
                                "Hexes use this terrain: repaint them first",
                            ))
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    }
                    ui.end_row();
                }
            });
        if let Some(e) = code_error {
            ui.label(
                RichText::new(format!("Code not changed: {e}")).color(ui.visuals().error_fg_color),
            );
        }
        if let Some((from, to)) = recode {
            for row in &mut map.terrain {
                *row = row
                    .chars()
                    .map(|c| if c == from { to } else { c })
                    .collect();
            }
            if self.fill == from {
                self.fill = to;
            }
        }
        if let Some(i) = remove {
            map.terrain_kinds.remove(i);
            self.code_text.remove(i);
        }
        if ui.button("Add terrain").clicked() {
            let used: Vec<char> = map.terrain_kinds.iter().map(|t| t.code).collect();
            let code = ('A'..='Z')
                .chain('a'..='z')
                .find(|c| !used.contains(c))
                .unwrap_or('?');
            map.terrain_kinds.push(TerrainKind {
                id: format!("terrain-{}", map.terrain_kinds.len() + 1),
                name: "New terrain".into(),
                code,
                colour: Colour(160, 160, 160),
                movement: MovementRule::Cost(1),
                defence_multiplier: 1,
                blocks_line_of_sight: false,
            });
            self.code_text.push(code.to_string());
        }
    }
}

/// The code a terrain's one-character field asks for. A field holding two
/// characters, one of them the current code, is a letter typed beside the
/// old one: the new letter is meant.
fn typed_code(text: &str, current: char, codes: &[char], names: &[String]) -> Result<char, String> {
    let chars: Vec<char> = text.chars().collect();
    let ch = match chars.as_slice() {
        [c] => *c,
        [a, b] if *a == current => *b,
        [a, b] if *b == current => *a,
        [] => return Err("type one character".into()),
        _ => return Err("a code is one character".into()),
    };
    if !scenario::is_terrain_code(ch) {
        return Err(format!(
            "'{ch}' cannot be a code (one printable character, not '-' or a space)"
        ));
    }
    if ch != current
        && let Some(i) = codes.iter().position(|c| *c == ch)
    {
        return Err(format!(
            "'{ch}' is already the code of {}",
            names.get(i).map_or("another terrain", String::as_str)
        ));
    }
    Ok(ch)
}

fn movement_ui(ui: &mut Ui, m: &mut MovementRule, label: egui::Id, row: usize) {
    ui.horizontal(|ui| {
        let (mut kind, mut cost) = match *m {
            MovementRule::Cost(c) => (0, c),
            MovementRule::RoadOnly(c) => (1, c),
            MovementRule::Prohibited => (2, 1),
        };
        egui::ComboBox::from_id_salt(("movement", row))
            .width(110.0)
            .selected_text(["costs", "by road only", "prohibited"][kind])
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut kind, 0, "costs");
                ui.selectable_value(&mut kind, 1, "by road only")
                    .on_hover_text("Entered or left only across road hexsides (woods [4.2])");
                ui.selectable_value(&mut kind, 2, "prohibited");
            })
            .response
            .labelled_by(label);
        if kind != 2 {
            ui.add(super::fields::Number::new(&mut cost).range(1..=20))
                .labelled_by(label)
                .on_hover_text("Movement points to enter");
        }
        *m = match kind {
            0 => MovementRule::Cost(cost),
            1 => MovementRule::RoadOnly(cost),
            _ => MovementRule::Prohibited,
        };
    });
}

/// The map's grid in words, for Map settings.
pub(crate) fn grid_description(grid: crate::hex::Grid) -> String {
    use crate::hex::{Orientation, Stagger};
    let stagger = match grid.stagger {
        Stagger::Even => "even",
        Stagger::Odd => "odd",
    };
    match grid.orientation {
        Orientation::FlatTop => {
            format!("hexes, flat top, numbered by columns ({stagger} shifted half a hex)")
        }
        Orientation::PointyTop => {
            format!("hexes, pointy top, numbered by rows ({stagger} shifted half a hex)")
        }
        Orientation::Boxes => "square boxes, 8 neighbours each, units facing a box side".into(),
    }
}
