//! The editing tools: which one is active and its options (brush size,
//! terrain, hexside feature, unit template, marker side), the tool panel
//! on the left, and the unit inspector. Tools only build edits with
//! `crate::edit` and hand them to the document's history.

use super::document::OpenDoc;
use super::map_view::color;
use crate::edit;
use crate::hex::Hex;
use crate::scenario::{HexsideFeature, Placement, SideId, Unit, UnitId, UnitKind};
use egui::{Color32, Key, RichText};

/// The active tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Select,
    Brush,
    Fill,
    Hexside,
    PlaceName,
    Unit,
    Reinforcement,
    Marker,
}

impl Tool {
    pub const ALL: [Tool; 8] = [
        Tool::Select,
        Tool::Brush,
        Tool::Fill,
        Tool::Hexside,
        Tool::PlaceName,
        Tool::Unit,
        Tool::Reinforcement,
        Tool::Marker,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Brush => "Terrain brush",
            Tool::Fill => "Fill",
            Tool::Hexside => "Hexside",
            Tool::PlaceName => "Place name",
            Tool::Unit => "Unit",
            Tool::Reinforcement => "Reinforcements",
            Tool::Marker => "Exit / victory",
        }
    }

    /// The key that picks the tool (no modifier).
    pub fn key(self) -> Key {
        match self {
            Tool::Select => Key::S,
            Tool::Brush => Key::T,
            Tool::Fill => Key::G,
            Tool::Hexside => Key::H,
            Tool::PlaceName => Key::N,
            Tool::Unit => Key::U,
            Tool::Reinforcement => Key::R,
            Tool::Marker => Key::X,
        }
    }

    pub fn help(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click a counter to inspect it, drag it to move it; Delete removes it. \
                 Drag elsewhere to pan."
            }
            Tool::Brush => "Click or drag to paint terrain. [ and ] change the brush size.",
            Tool::Fill => "Click to fill every connected hex of the same terrain.",
            Tool::Hexside => "Click near a hexside to add or remove the feature.",
            Tool::PlaceName => "Click a hex to give it the name below (empty: remove its name).",
            Tool::Unit => {
                "Click an empty hex to place a unit from the template; click a counter \
                 to inspect it, drag it to move it."
            }
            Tool::Reinforcement => {
                "Select a unit (in the schedule or on the map), then click map hexes to \
                 add or remove its entry hexes."
            }
            Tool::Marker => "Click a hex to mark or unmark it for the chosen side.",
        }
    }
}

/// What the marker tool marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Exit,
    Victory,
}

/// The template new units are made from.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub side: SideId,
    pub contingent: Option<String>,
    pub kind: UnitKind,
    pub strength: u32,
    pub movement: u32,
    pub designation: String,
    /// The facing new units take, for rules with facing; on a grid without
    /// it (chosen on hexes, used on boxes), the grid's nearest side
    /// ([`crate::hex::Grid::nearest_side`]).
    pub facing: crate::hex::Dir,
}

/// Tool options and the selection.
#[derive(Clone, Debug)]
pub struct Tools {
    pub tool: Tool,
    pub brush_radius: u32,
    pub terrain: char,
    pub feature: HexsideFeature,
    pub place_name: String,
    pub template: Template,
    pub marker: MarkerKind,
    pub marker_side: SideId,
    pub victory_points: u32,
    pub selected: Option<UnitId>,
    /// The brush paints hills or strongholds instead of terrain.
    pub detail: Option<crate::edit::DetailPaint>,
    /// The elevation the hill brush paints (N89: 1 unless a designer
    /// stacks hills).
    pub hill_level: i32,
    /// Why the last map action did nothing (shown in the tool panel).
    pub message: Option<String>,
    /// A General the Unit tool asked to place with the next map click;
    /// the window takes it after drawing the panel.
    pub place: Option<crate::rules::napoleon::window::armies::Officer>,
    /// A region of the map marked by Shift+dragging with the Select tool
    /// (two opposite corners), for Copy.
    pub region: Option<(crate::hex::Hex, crate::hex::Hex)>,
}

impl Tools {
    /// The hexes of the marked region: every hex whose column and row lie
    /// between its corners'.
    pub fn region_hexes(&self) -> Vec<crate::hex::Hex> {
        let Some((a, b)) = self.region else {
            return Vec::new();
        };
        let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
        let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
        (c0..=c1)
            .flat_map(|c| (r0..=r1).map(move |r| crate::hex::Hex::new(c, r)))
            .collect()
    }
}

impl Default for Tools {
    fn default() -> Self {
        Tools {
            tool: Tool::Select,
            brush_radius: 0,
            terrain: 'W',
            feature: HexsideFeature::Road,
            place_name: String::new(),
            template: Template {
                side: SideId::new("French"),
                contingent: None,
                kind: UnitKind::Infantry,
                strength: 4,
                movement: 4,
                designation: String::new(),
                facing: crate::hex::Dir::N,
            },
            marker: MarkerKind::Exit,
            marker_side: SideId::new("French"),
            victory_points: 5,
            selected: None,
            detail: None,
            hill_level: 1,
            message: None,
            place: None,
            region: None,
        }
    }
}

impl Tools {
    /// Keeps the options meaningful for a (new) document: a terrain code
    /// and sides that exist.
    pub fn adapt_to(&mut self, doc: &OpenDoc) {
        if doc.map.terrain_by_code(self.terrain).is_none()
            && let Some(t) = doc.map.terrain_kinds.first()
        {
            self.terrain = t.code;
        }
        if let Some(first) = doc.scenario.sides.first() {
            if doc.scenario.side(&self.template.side).is_none() {
                self.template.side = first.id.clone();
                self.template.contingent = None;
            }
            if doc.scenario.side(&self.marker_side).is_none() {
                self.marker_side = first.id.clone();
            }
        }
        if let Some(id) = &self.selected
            && doc.scenario.unit(id).is_none()
        {
            self.selected = None;
        }
    }

    /// A new unit from the template at `hex`.
    pub fn new_unit(&self, doc: &OpenDoc, hex: Hex) -> Unit {
        let id = edit::fresh_unit_id(&doc.scenario, &self.template.side);
        let designation = if self.template.designation.trim().is_empty() {
            format!("{} {}", self.template.side, id)
        } else {
            self.template.designation.trim().to_string()
        };
        let mut unit = Unit {
            id,
            designation,
            side: self.template.side.clone(),
            contingent: self.template.contingent.clone(),
            kind: self.template.kind,
            strength: self.template.strength,
            movement: self.template.movement,
            placement: Placement::Start(hex),
            facing: doc
                .scenario
                .rules
                .support()
                .facing
                .then(|| doc.map.grid().nearest_side(self.template.facing)),
            troop: Default::default(),
            // One Hour Napoleonic units carry their type, quality and
            // traits from the start, so the inspector can edit them.
            one_hour: matches!(doc.scenario.rules, crate::scenario::RuleSet::OneHour(_))
                .then(|| crate::rules::one_hour::model::OneHourUnit::from_kind(self.template.kind)),
            // So do the 16-hits rules' (type, formation, rating, hits).
            hits16: matches!(doc.scenario.rules, crate::scenario::RuleSet::Hits16(_))
                .then(|| crate::rules::hits16::model::Hits16Unit::from_kind(self.template.kind)),
        };
        // Under table rules (N14) a new unit carries the table's number,
        // so its file agrees with what the rules use.
        if let Some((m, false)) = doc.scenario.rules.unit_movement(&unit) {
            unit.movement = m;
        }
        unit
    }

    /// The left panel: tool buttons, the active tool's options, and the
    /// inspector of the selected unit.
    pub fn panel_ui(&mut self, ui: &mut egui::Ui, doc: &mut OpenDoc) {
        ui.heading("Tools");
        let grid = doc.map.grid();
        ui.horizontal_wrapped(|ui| {
            for t in Tool::ALL {
                let r = ui
                    .selectable_label(self.tool == t, crate::scenario::grid_words(grid, t.name()))
                    .on_hover_text(format!(
                        "{} ({:?})",
                        crate::scenario::grid_words(grid, t.help()),
                        t.key()
                    ));
                if r.clicked() {
                    self.tool = t;
                    self.message = None;
                }
            }
        });
        ui.label(RichText::new(crate::scenario::grid_words(grid, self.tool.help())).weak());
        if self.tool == Tool::Hexside && grid.is_boxes() {
            // RULINGS-ONE-HOUR H33, H46: roads may run diagonally.
            ui.label(
                RichText::new(
                    "A road may also cross a box's corner: click near the corner, inside the box the road leaves.",
                )
                .weak(),
            );
        }
        ui.separator();
        match self.tool {
            Tool::Brush | Tool::Fill => self.terrain_ui(ui, doc),
            Tool::Hexside => {
                ui.label("Feature");
                ui.horizontal(|ui| {
                    for f in HexsideFeature::ALL {
                        ui.radio_value(
                            &mut self.feature,
                            f,
                            (super::icons::image(super::icons::hexside(f)), f.name()),
                        );
                    }
                });
            }
            Tool::PlaceName => {
                let l = ui.label("Name");
                ui.text_edit_singleline(&mut self.place_name)
                    .labelled_by(l.id);
            }
            Tool::Unit => {
                self.template_ui(ui, doc);
                self.generals_ui(ui, doc);
            }
            Tool::Reinforcement => self.schedule_ui(ui, doc),
            Tool::Marker => self.marker_ui(ui, doc),
            Tool::Select => {}
        }
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).color(Color32::from_rgb(200, 80, 40)));
        }
        ui.separator();
        self.inspector_ui(ui, doc);
    }

    fn terrain_ui(&mut self, ui: &mut egui::Ui, doc: &OpenDoc) {
        if self.tool == Tool::Brush {
            ui.horizontal(|ui| {
                ui.label("Brush");
                for r in 0..=crate::edit::MAX_BRUSH_RADIUS {
                    ui.radio_value(&mut self.brush_radius, r, brush_label(doc.map.grid(), r));
                }
            });
        }
        if self.tool == Tool::Brush && doc.scenario.rules.support().hills {
            ui.horizontal_wrapped(|ui| {
                ui.label("Paint");
                ui.radio_value(&mut self.detail, None, "Terrain");
                for d in crate::edit::DetailPaint::ALL {
                    let d = match d {
                        crate::edit::DetailPaint::Hill(_) => {
                            crate::edit::DetailPaint::Hill(self.hill_level)
                        }
                        d => d,
                    };
                    let word = doc.scenario.rules.stronghold_word();
                    let name = match d {
                        crate::edit::DetailPaint::Stronghold => {
                            let mut c = word.chars();
                            c.next().map_or(String::new(), |f| {
                                f.to_uppercase().chain(c).collect::<String>()
                            })
                        }
                        crate::edit::DetailPaint::NoStronghold => format!("Remove {word}"),
                        d => d.name().to_string(),
                    };
                    ui.radio_value(&mut self.detail, Some(d), name)
                        .on_hover_text(
                            "On top of the hex's terrain: a wooded hill is woods with a hill",
                        );
                }
            });
            if let Some(crate::edit::DetailPaint::Hill(_)) = self.detail {
                ui.horizontal(|ui| {
                    let l = ui.label("Hill level");
                    ui.add(super::fields::Number::new(&mut self.hill_level).range(1..=9))
                        .labelled_by(l.id)
                        .on_hover_text(
                            "The elevation painted, in contour steps: paint a level 2 hill on top of a level 1 hill for a higher summit (N90)",
                        );
                });
                self.detail = Some(crate::edit::DetailPaint::Hill(self.hill_level));
            }
            if self.detail.is_some() {
                return;
            }
        }
        ui.label("Terrain");
        for t in &doc.map.terrain_kinds {
            ui.horizontal(|ui| {
                // A hexagon in the terrain's colour, with its symbol over
                // it when the terrain is a well-known one.
                let s = super::icons::SIZE;
                let (r, p) = ui.allocate_painter(egui::vec2(s, s), egui::Sense::hover());
                let c = r.rect.center();
                let hex: Vec<egui::Pos2> = (0..6)
                    .map(|i| {
                        let a = std::f32::consts::FRAC_PI_3 * i as f32;
                        c + egui::vec2(a.cos(), a.sin()) * (s * 0.47)
                    })
                    .collect();
                p.add(egui::Shape::convex_polygon(
                    hex,
                    color(t.colour),
                    egui::Stroke::new(1.0, Color32::from_gray(60)),
                ));
                if let Some(src) = super::icons::terrain(&t.id) {
                    super::icons::image(src).paint_at(ui, r.rect);
                }
                ui.radio_value(
                    &mut self.terrain,
                    t.code,
                    format!("{} ({})", t.name, t.code),
                );
            });
        }
    }

    fn side_combo(
        ui: &mut egui::Ui,
        label: egui::Id,
        id: &str,
        doc: &OpenDoc,
        side: &mut SideId,
    ) -> bool {
        let mut changed = false;
        egui::ComboBox::from_id_salt(id)
            .selected_text(side.to_string())
            .show_ui(ui, |ui| {
                for s in &doc.scenario.sides {
                    changed |= ui.selectable_value(side, s.id.clone(), &s.name).changed();
                }
            })
            .response
            .labelled_by(label);
        changed
    }

    fn template_ui(&mut self, ui: &mut egui::Ui, doc: &OpenDoc) {
        ui.label("New units");
        egui::Grid::new("template").num_columns(2).show(ui, |ui| {
            let l = ui.label("Side");
            if Self::side_combo(ui, l.id, "template side", doc, &mut self.template.side) {
                self.template.contingent = None;
            }
            ui.end_row();
            if let Some(side) = doc.scenario.side(&self.template.side)
                && !side.contingents.is_empty()
            {
                let l = ui.label("Contingent");
                egui::ComboBox::from_id_salt("template contingent")
                    .selected_text(self.template.contingent.clone().unwrap_or("—".into()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.template.contingent, None, "—");
                        for c in &side.contingents {
                            ui.selectable_value(
                                &mut self.template.contingent,
                                Some(c.name.clone()),
                                &c.name,
                            );
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            }
            ui.label("Type");
            kind_radios(ui, &mut self.template.kind);
            ui.end_row();
            if doc.scenario.rules.support().facing {
                let l = ui.label("Facing");
                let dirs = doc.map.grid().sides();
                let mut f = Some(doc.map.grid().nearest_side(self.template.facing));
                facing_buttons(ui, dirs, &mut f).labelled_by(l.id);
                if let Some(d) = f {
                    self.template.facing = d;
                }
                ui.end_row();
            }
            // Only the numbers the rules read (issue 35 item 21): One
            // Hour units take both from their type and quality (H13,
            // H14); 16-hits units have 16 hits and their type's allowance
            // (M5, M10); *Napoleon* takes movement from the troop table
            // (N14). As the inspector, by the rules' data a unit carries.
            let probe = self.new_unit(doc, Hex::new(1, 1));
            if probe.one_hour.is_none() && probe.hits16.is_none() {
                let l = ui.label("Strength");
                ui.add(
                    super::fields::Number::new(&mut self.template.strength)
                        .range(0..=crate::scenario::MAX_STRENGTH),
                )
                .labelled_by(l.id);
                ui.end_row();
            }
            movement_row(ui, &doc.scenario.rules, &probe, &mut self.template.movement);
            let l = ui.label("Designation");
            ui.add(narrow_text(&mut self.template.designation))
                .labelled_by(l.id)
                .on_hover_text("Empty: side and id");
            ui.end_row();
        });
        // Templates from the side's existing units: one click copies one.
        let mut kinds: Vec<(UnitKind, u32, u32, Option<String>)> = doc
            .scenario
            .units
            .iter()
            .filter(|u| u.side == self.template.side)
            .map(|u| (u.kind, u.strength, u.movement, u.contingent.clone()))
            .collect();
        kinds.sort();
        kinds.dedup();
        if !kinds.is_empty() {
            ui.label(RichText::new("From this side's counters:").weak());
            ui.horizontal_wrapped(|ui| {
                for (k, s, m, c) in kinds {
                    let text = format!(
                        "{} {s}-{m}{}",
                        k.name(),
                        c.as_ref().map(|c| format!(" {c}")).unwrap_or_default()
                    );
                    if ui.small_button(text).clicked() {
                        self.template.kind = k;
                        self.template.strength = s;
                        self.template.movement = m;
                        self.template.contingent = c;
                    }
                }
            });
        }
    }

    fn marker_ui(&mut self, ui: &mut egui::Ui, doc: &OpenDoc) {
        ui.horizontal(|ui| {
            let grid = doc.map.grid();
            ui.radio_value(
                &mut self.marker,
                MarkerKind::Exit,
                crate::scenario::grid_words(grid, "Exit hex"),
            );
            ui.radio_value(
                &mut self.marker,
                MarkerKind::Victory,
                crate::scenario::grid_words(grid, "Victory hex"),
            );
        });
        ui.horizontal(|ui| {
            let l = ui.label("Side");
            Self::side_combo(ui, l.id, "marker side", doc, &mut self.marker_side);
        });
        if self.marker == MarkerKind::Victory {
            ui.horizontal(|ui| {
                let l = ui.label("Points");
                ui.add(super::fields::Number::new(&mut self.victory_points).range(1..=999))
                    .labelled_by(l.id);
            });
        }
        for e in &doc.scenario.victory.exits {
            ui.label(crate::scenario::grid_words(
                doc.map.grid(),
                &format!(
                    "{}: {} must exit through {}",
                    e.side,
                    crate::words::counted(e.units, "unit", "units"),
                    crate::words::counted(e.hexes.len(), "hex", "hexes")
                ),
            ));
        }
    }

    /// Under rules with Generals who are not units (the 16-hits rules,
    /// M13): the template side's Generals, each placed by the next map
    /// click, and one more added (an undoable edit) and placed so.
    fn generals_ui(&mut self, ui: &mut egui::Ui, doc: &mut OpenDoc) {
        let crate::scenario::RuleSet::Hits16(o) = &doc.scenario.rules else {
            return;
        };
        let side = self.template.side.clone();
        ui.separator();
        ui.label(RichText::new("Generals of this side").strong())
            .on_hover_text("Generals rally and are placed by their owner when alone (M12, M13)");
        let mine: Vec<(usize, String, Option<Hex>)> = o
            .generals
            .iter()
            .enumerate()
            .filter(|(_, g)| g.side == side)
            .map(|(i, g)| (i, g.name.clone(), g.hex))
            .collect();
        for (i, name, hex) in mine {
            ui.horizontal(|ui| {
                let at = hex.map_or("not on the table".to_string(), |h| format!("at {h}"));
                ui.label(format!("{name}, {at}"));
                if ui
                    .small_button("Place…")
                    .on_hover_text("Click a hex on the map to put him there")
                    .clicked()
                {
                    self.place = Some(
                        crate::rules::napoleon::window::armies::Officer::Hits16General { index: i },
                    );
                }
            });
        }
        if ui
            .button(format!("Add a General for {side}…"))
            .on_hover_text("Adds him to Scenario settings > Generals; click a hex to place him")
            .clicked()
        {
            let mut after = doc.scenario.clone();
            if let crate::scenario::RuleSet::Hits16(o) = &mut after.rules {
                let units = &doc.scenario.units;
                let i = o.add_general(side, &|id| units.iter().any(|u| u.id.as_str() == id));
                if let Some(e) = edit::set_scenario(doc, after) {
                    match doc.apply(e) {
                        Ok(_) => {
                            self.place = Some(
                                crate::rules::napoleon::window::armies::Officer::Hits16General {
                                    index: i,
                                },
                            )
                        }
                        Err(e) => self.message = Some(e.to_string()),
                    }
                }
            }
        }
    }

    /// The turn track: which units arrive on which Game-Turn, and which
    /// are held for a variant.
    fn schedule_ui(&mut self, ui: &mut egui::Ui, doc: &mut OpenDoc) {
        ui.label(RichText::new("Schedule").strong());
        egui::ScrollArea::vertical()
            .id_salt("schedule")
            .max_height(260.0)
            .show(ui, |ui| {
                for turn in 1..=doc.scenario.turns {
                    let arriving: Vec<&Unit> = doc
                        .scenario
                        .units
                        .iter()
                        .filter(|u| matches!(u.placement, Placement::Reinforcement { turn: t, .. } if t == turn))
                        .collect();
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("Turn {turn}")).monospace());
                        if arriving.is_empty() {
                            ui.label(RichText::new("—").weak());
                        }
                        for u in arriving {
                            let sel = self.selected.as_ref() == Some(&u.id);
                            if ui
                                .selectable_label(
                                    sel,
                                    format!("{} {}", u.id, doc.scenario.rules.counter_label(u)),
                                )
                                .on_hover_text(&u.designation)
                                .clicked()
                            {
                                self.selected = Some(u.id.clone());
                            }
                        }
                    });
                }
                let held: Vec<&Unit> = doc
                    .scenario
                    .units
                    .iter()
                    .filter(|u| matches!(u.placement, Placement::Variant { .. }))
                    .collect();
                if !held.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new("Variant").monospace());
                        for u in held {
                            let sel = self.selected.as_ref() == Some(&u.id);
                            if ui
                                .selectable_label(
                                    sel,
                                    format!("{} {}", u.id, doc.scenario.rules.counter_label(u)),
                                )
                                .clicked()
                            {
                                self.selected = Some(u.id.clone());
                            }
                        }
                    });
                }
            });
    }

    /// Edits every field of the selected unit. Each change is an edit; a
    /// change made while typing or dragging a value joins the previous one,
    /// so a word typed is one undo step.
    pub fn inspector_ui(&mut self, ui: &mut egui::Ui, doc: &mut OpenDoc) {
        ui.heading("Inspector");
        let Some(id) = self.selected.clone() else {
            ui.label(RichText::new("Select a counter to edit it.").weak());
            return;
        };
        let Some(orig) = doc.scenario.unit(&id).cloned() else {
            self.selected = None;
            return;
        };
        let mut u = orig.clone();
        let mut discrete = false;
        let grid = doc.map.grid();
        egui::Grid::new("inspector").num_columns(2).show(ui, |ui| {
            ui.label("Id");
            ui.monospace(u.id.as_str());
            ui.end_row();
            let l = ui.label("Designation");
            ui.add(narrow_text(&mut u.designation)).labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Side");
            discrete |= Self::side_combo(ui, l.id, "inspector side", doc, &mut u.side);
            ui.end_row();
            if let Some(side) = doc.scenario.side(&u.side)
                && !side.contingents.is_empty()
            {
                let l = ui.label("Contingent");
                egui::ComboBox::from_id_salt("inspector contingent")
                    .selected_text(u.contingent.clone().unwrap_or("—".into()))
                    .show_ui(ui, |ui| {
                        discrete |= ui.selectable_value(&mut u.contingent, None, "—").changed();
                        for c in &side.contingents {
                            discrete |= ui
                                .selectable_value(&mut u.contingent, Some(c.name.clone()), &c.name)
                                .changed();
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            }
            let one_hour = match &doc.scenario.rules {
                crate::scenario::RuleSet::OneHour(o) => Some(o.clone()),
                _ => None,
            };
            let hits16 = match &doc.scenario.rules {
                crate::scenario::RuleSet::Hits16(o) => Some(o.clone()),
                _ => None,
            };
            if let Some(o) = &one_hour {
                discrete |= one_hour_fields(ui, &mut u, o, &doc.scenario);
            } else if let Some(o) = &hits16 {
                discrete |= crate::rules::hits16::window::settings::unit_fields(
                    ui,
                    &mut u,
                    o,
                    doc.map.grid(),
                );
            } else {
                ui.label("Type");
                discrete |= kind_radios(ui, &mut u.kind);
                ui.end_row();
            }
            let support = doc.scenario.rules.support();
            // A 16-hits square has no facing (M8).
            let square = hits16.is_some()
                && crate::rules::hits16::model::Hits16Unit::read(&u).formation()
                    == crate::rules::hits16::model::Formation::Square;
            if support.facing && !square {
                let l = ui.label("Facing");
                let dirs = doc.map.grid().sides();
                let r = facing_buttons(ui, dirs, &mut u.facing)
                    .labelled_by(l.id)
                    .on_hover_text("Q and E turn the selected unit");
                discrete |= r.changed();
                ui.end_row();
            }
            if support.forces {
                match u.kind {
                    UnitKind::Artillery => {
                        ui.label("Artillery");
                        discrete |= ui
                            .checkbox(&mut u.troop.horse, "Horse artillery [1.5]")
                            .changed();
                        ui.end_row();
                    }
                    UnitKind::Cavalry => {
                        ui.label("Cavalry");
                        discrete |= ui
                            .checkbox(&mut u.troop.cossack, "Cossacks [3.4.1]")
                            .changed();
                        ui.end_row();
                    }
                    UnitKind::Infantry => {}
                }
                // A mid-battle start: in column, casualties taken (N95,
                // N19); validation says what the rules refuse.
                if u.kind != UnitKind::Artillery {
                    ui.label("Formation");
                    discrete |= ui
                        .checkbox(&mut u.troop.column, "Starts in column [3.8.2.1]")
                        .on_hover_text("Needed on a ford, bridge or defile (N95)")
                        .changed();
                    ui.end_row();
                }
                let l = ui.label("Casualties");
                let r = ui
                    .add(
                        super::fields::Number::new(&mut u.troop.casualties)
                            .range(0..=crate::scenario::MAX_STRENGTH),
                    )
                    .labelled_by(l.id)
                    .on_hover_text("Casualty points the unit starts with (N19)");
                discrete |= r.changed();
                ui.end_row();
                let force = doc
                    .scenario
                    .side(&u.side)
                    .and_then(|s| s.forces.iter().find(|f| f.units.contains(&u.id)))
                    .map_or("in no force (Armies window, A)".to_string(), |f| {
                        f.name.clone()
                    });
                ui.label("Force");
                ui.label(force);
                ui.end_row();
            }
            // One Hour units have no strength or movement factors: their
            // quality and type give both (H13, H14); 16-hits units have
            // 16 hits and their type's allowance (M5, M10).
            if one_hour.is_none() && hits16.is_none() {
                let l = ui.label("Strength");
                ui.add(
                    super::fields::Number::new(&mut u.strength)
                        .range(0..=crate::scenario::MAX_STRENGTH),
                )
                .labelled_by(l.id);
                ui.end_row();
                let probe = u.clone();
                movement_row(ui, &doc.scenario.rules, &probe, &mut u.movement);
            }
            let placement_label = ui.label("Placement");
            let kind = match u.placement {
                Placement::Start(_) => 0,
                Placement::Reinforcement { .. } => 1,
                Placement::Variant { .. } => 2,
            };
            let mut new_kind = kind;
            egui::ComboBox::from_id_salt("placement")
                .selected_text(["On the map at start", "Reinforcement", "Held for a variant"][kind])
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut new_kind, 0, "On the map at start");
                    ui.selectable_value(&mut new_kind, 1, "Reinforcement");
                    ui.selectable_value(&mut new_kind, 2, "Held for a variant");
                })
                .response
                .labelled_by(placement_label.id);
            if new_kind != kind {
                discrete = true;
                let entry = match &u.placement {
                    Placement::Reinforcement { entry, .. } | Placement::Variant { entry } => {
                        entry.clone()
                    }
                    Placement::Start(_) => Vec::new(),
                };
                let start = u.start_hex().or(entry.first().copied());
                u.placement = match new_kind {
                    0 => Placement::Start(start.unwrap_or(crate::hex::Hex::new(1, 1))),
                    1 => Placement::Reinforcement { turn: 1, entry },
                    _ => Placement::Variant { entry },
                };
            }
            ui.end_row();
            match &mut u.placement {
                Placement::Start(h) => {
                    ui.label(crate::scenario::grid_words(grid, "Start hex"));
                    ui.monospace(h.to_string());
                    ui.end_row();
                }
                Placement::Reinforcement { turn, entry } => {
                    let l = ui.label("Game-Turn");
                    ui.add(super::fields::Number::new(turn).range(1..=doc.scenario.turns.max(1)))
                        .labelled_by(l.id);
                    ui.end_row();
                    ui.label(crate::scenario::grid_words(grid, "Entry hexes"));
                    ui.label(hex_list(entry));
                    ui.end_row();
                }
                Placement::Variant { entry } => {
                    ui.label(crate::scenario::grid_words(grid, "Entry hexes"));
                    ui.label(hex_list(entry));
                    ui.end_row();
                }
            }
        });
        if !matches!(u.placement, Placement::Start(_)) {
            ui.label(
                RichText::new(crate::scenario::grid_words(
                    grid,
                    "With the Reinforcements tool, click hexes to set its entry.",
                ))
                .weak(),
            );
        }
        ui.horizontal(|ui| {
            if ui.button("Delete unit").on_hover_text("Delete").clicked()
                && let Some(e) = edit::remove_unit(doc, &id)
            {
                let _ = doc.apply(e);
                self.selected = None;
            }
        });
        // An edited unit under table rules takes the table's movement
        // (a type changed from infantry to cavalry moves 4, N14).
        if u != orig
            && let Some((m, false)) = doc.scenario.rules.unit_movement(&u)
        {
            u.movement = m;
        }
        if self.selected.is_some()
            && u != orig
            && let Some(e) = edit::update_unit(doc, &id, u)
        {
            let result = if discrete {
                doc.apply(e)
            } else {
                doc.apply_in_stroke(e)
            };
            if let Err(e) = result {
                self.message = Some(e.to_string());
            }
        }
    }
}

/// The One Hour Napoleonic rows of the inspector (H12, H13, H37): unit
/// type, quality with its hits, traits (steadfast and conscript exclude
/// each other; rifles only for light infantry) and command. Returns
/// whether a discrete change was made; the command's text counts as a
/// stroke, like the designation.
fn one_hour_fields(
    ui: &mut egui::Ui,
    u: &mut Unit,
    o: &crate::rules::one_hour::model::OneHourOptions,
    scenario: &crate::scenario::Scenario,
) -> bool {
    use crate::rules::one_hour::model::{OneHourUnit, Quality, UnitType};
    let mut x = OneHourUnit::read(u);
    let before = x.clone();
    let mut discrete = false;
    let l = ui.label("Unit type");
    egui::ComboBox::from_id_salt("inspector one hour type")
        .selected_text(x.unit_type.name())
        .show_ui(ui, |ui| {
            for t in UnitType::ALL {
                discrete |= ui.selectable_value(&mut x.unit_type, t, t.name()).changed();
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    let l = ui.label("Quality");
    egui::ComboBox::from_id_salt("inspector one hour quality")
        .selected_text(format!(
            "{} ({})",
            x.quality.name(),
            crate::words::counted(o.hits_of(&x), "hit", "hits")
        ))
        .show_ui(ui, |ui| {
            for q in Quality::ALL {
                let hits = o.troops.quality_hits.of(q);
                discrete |= ui
                    .selectable_value(
                        &mut x.quality,
                        q,
                        format!(
                            "{} ({})",
                            q.name(),
                            crate::words::counted(hits, "hit", "hits")
                        ),
                    )
                    .changed();
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    ui.label("Traits");
    ui.vertical(|ui| {
        if ui
            .checkbox(
                &mut x.steadfast,
                "Steadfast: never retreats from fire (H37)",
            )
            .changed()
        {
            discrete = true;
            x.conscript &= !x.steadfast;
        }
        if ui
            .checkbox(&mut x.conscript, "Conscript: retreats at 2 hits (H37)")
            .changed()
        {
            discrete = true;
            x.steadfast &= !x.conscript;
        }
        discrete |= ui
            .checkbox(
                &mut x.reluctant,
                "Reluctant: tests to advance or charge (H22)",
            )
            .changed();
        if x.unit_type.is_cavalry() {
            discrete |= ui
                .checkbox(&mut x.impetuous, "Impetuous: must charge again (H30)")
                .changed();
            discrete |= ui
                .checkbox(&mut x.shock, "Shock: an extra die charging (H31)")
                .changed();
        }
        if x.unit_type == UnitType::LightInfantry {
            discrete |= ui
                .checkbox(&mut x.rifles, "Rifles: range 3 (H15)")
                .changed();
        }
    });
    ui.end_row();
    let l = ui.label("Command");
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut x.command).desired_width(110.0))
            .labelled_by(l.id)
            .on_hover_text("Leaders lead commands by name (H23)");
        let mut known: Vec<String> = scenario
            .units
            .iter()
            .filter(|v| v.side == u.side)
            .map(|v| OneHourUnit::read(v).command)
            .filter(|c| !c.is_empty())
            .collect();
        known.sort();
        known.dedup();
        if !known.is_empty() {
            ui.menu_button("Pick", |ui| {
                for c in known {
                    if ui.selectable_label(x.command == c, &c).clicked() {
                        x.command = c;
                        discrete = true;
                        ui.close();
                    }
                }
            })
            .response
            .on_hover_text("A command of this side's units");
        }
    });
    ui.end_row();
    // Traits that do not fit the type are dropped with it.
    if !x.unit_type.is_cavalry() {
        x.impetuous = false;
        x.shock = false;
    }
    if x.unit_type != UnitType::LightInfantry {
        x.rifles = false;
    }
    if x != before {
        u.kind = match x.unit_type {
            UnitType::LineInfantry | UnitType::LightInfantry => UnitKind::Infantry,
            UnitType::Cavalry | UnitType::HeavyCavalry => UnitKind::Cavalry,
            UnitType::Artillery => UnitKind::Artillery,
        };
        u.one_hour = Some(x);
    }
    discrete
}

/// A button per side of the grid's cells (6 on hexes, 4 on boxes), the
/// current one lit; the response says `changed` when one is clicked.
fn facing_buttons(
    ui: &mut egui::Ui,
    dirs: &[crate::hex::Dir],
    facing: &mut Option<crate::hex::Dir>,
) -> egui::Response {
    let inner = ui.horizontal_wrapped(|ui| {
        let mut changed = false;
        for d in dirs {
            if ui.selectable_label(*facing == Some(*d), d.name()).clicked() && *facing != Some(*d) {
                *facing = Some(*d);
                changed = true;
            }
        }
        changed
    });
    let mut r = inner.response;
    if inner.inner {
        r.mark_changed();
    }
    r
}

/// The Movement row of the template or the inspector: an editable number
/// where the rules read the unit's own (Napoleon at Waterloo), the troop
/// table's allowance, read-only, where they read that (*Napoleon*, N14), and
/// nothing where they print none (One Hour, H14).
fn movement_row(ui: &mut egui::Ui, rules: &crate::scenario::RuleSet, u: &Unit, movement: &mut u32) {
    match rules.unit_movement(u) {
        Some((_, true)) => {
            let l = ui.label("Movement");
            ui.add(super::fields::Number::new(movement).range(0..=crate::scenario::MAX_MOVEMENT))
                .labelled_by(l.id);
            ui.end_row();
        }
        Some((m, false)) => {
            ui.label("Movement");
            ui.label(format!(
                "{} ({})",
                crate::words::counted(m, "hex", "hexes"),
                rules.support().movement_source
            ))
            .on_hover_text(format!(
                "These rules move a unit by {}: change it in Edit > Scenario settings",
                rules.support().movement_table
            ));
            ui.end_row();
        }
        None => {}
    }
}

/// A one-line text field no wider than the panel leaves it (egui's default
/// width, 280 points, widened the tool panel by 90 points when a counter
/// was selected: issue 35 item 29).
fn narrow_text(text: &mut String) -> impl egui::Widget + '_ {
    move |ui: &mut egui::Ui| {
        let w = ui.available_width().clamp(80.0, 200.0);
        ui.add(egui::TextEdit::singleline(text).desired_width(w))
    }
}

fn hex_list(hexes: &[Hex]) -> String {
    if hexes.is_empty() {
        return "none yet".into();
    }
    hexes
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The unit types as radio buttons with their symbols; true if changed.
fn kind_radios(ui: &mut egui::Ui, kind: &mut UnitKind) -> bool {
    ui.horizontal_wrapped(|ui| {
        let mut changed = false;
        for k in UnitKind::ALL {
            changed |= ui
                .radio_value(
                    kind,
                    k,
                    (super::icons::image(super::icons::unit(k)), k.name()),
                )
                .changed();
        }
        changed
    })
    .inner
}

/// A brush of `radius` in words: "7 hexes", "9 boxes".
pub(crate) fn brush_label(grid: crate::hex::Grid, radius: u32) -> String {
    let n = grid.range(Hex::new(0, 0), radius).len();
    match (n, grid.is_boxes()) {
        (n, false) => crate::words::counted(n, "hex", "hexes"),
        (n, true) => crate::words::counted(n, "box", "boxes"),
    }
}
