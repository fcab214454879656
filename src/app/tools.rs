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

/// The template new units are made from: a unit of the document's rule
/// set, its id, designation, place and facing given when it is placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The unit new units copy: side, contingent, kind, numbers and the
    /// rule set's own data (type, quality, formation, nation), edited with
    /// the same rows as the inspector's.
    pub unit: Unit,
    /// The designation new units take (empty: side and id).
    pub designation: String,
    /// The facing new units take, for rules with facing; on a grid without
    /// it (chosen on hexes, used on boxes), the grid's nearest side
    /// ([`crate::hex::Grid::nearest_side`]).
    pub facing: crate::hex::Dir,
    /// The rule set the unit was made for: a document of another rule set
    /// starts the template afresh.
    rules: &'static str,
}

impl Template {
    fn fresh(side: SideId) -> Template {
        Template {
            unit: Unit::new(
                UnitId::new("template"),
                side,
                UnitKind::Infantry,
                Hex::new(1, 1),
            ),
            designation: String::new(),
            facing: crate::hex::Dir::N,
            rules: "",
        }
    }
}

/// Tool options and the selection.
#[derive(Debug)]
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
    /// An officer the Unit tool's panel asked to place with the next map
    /// click; the window takes it after drawing the panel.
    pub place: Option<Box<dyn crate::rules::plugin::PlaceOfficer>>,
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
            template: Template::fresh(SideId::new("French")),
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
        // A brush or hexside feature the document's rules do not read is
        // not kept.
        let support = doc.scenario.rules.support();
        if let Some(d) = self.detail
            && !detail_brushes(&support, self.hill_level).contains(&d)
        {
            self.detail = None;
        }
        if !support.hexside_features.contains(&self.feature)
            && let Some(&f) = support.hexside_features.first()
        {
            self.feature = f;
        }
        if doc.scenario.rules.name() != self.template.rules {
            // The facing and designation carry over (a facing chosen on
            // hexes becomes the nearest box side).
            let side = self.template.unit.side.clone();
            self.template = Template {
                rules: doc.scenario.rules.name(),
                facing: self.template.facing,
                designation: std::mem::take(&mut self.template.designation),
                ..Template::fresh(side)
            };
        }
        if let Some(first) = doc.scenario.sides.first() {
            if doc.scenario.side(&self.template.unit.side).is_none() {
                self.template.unit.side = first.id.clone();
                self.template.unit.contingent = None;
            }
            if doc.scenario.side(&self.marker_side).is_none() {
                self.marker_side = first.id.clone();
            }
        }
        doc.scenario
            .rules
            .plugin()
            .prepare_unit(&doc.scenario, &mut self.template.unit);
        if let Some(id) = &self.selected
            && doc.scenario.unit(id).is_none()
        {
            self.selected = None;
        }
    }

    /// A new unit from the template at `hex`.
    pub fn new_unit(&self, doc: &OpenDoc, hex: Hex) -> Unit {
        let t = &self.template;
        let id = edit::fresh_unit_id(&doc.scenario, &t.unit.side);
        let designation = if t.designation.trim().is_empty() {
            format!("{} {}", t.unit.side, id)
        } else {
            t.designation.trim().to_string()
        };
        let mut unit = Unit {
            id,
            designation,
            placement: Placement::Start(hex),
            facing: None,
            ..t.unit.clone()
        };
        let rules = doc.scenario.rules.plugin();
        // The rule set's data follows the unit's kind and side (a
        // 16-hits unit's nation), and a table's movement is written so
        // the file agrees with what the rules use (N14).
        rules.prepare_unit(&doc.scenario, &mut unit);
        if rules.support().facing && rules.unit_faces(&unit) {
            unit.facing = Some(doc.map.grid().nearest_side(t.facing));
        }
        if let Some((m, false)) = rules.unit_movement(&unit) {
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
                    // Only the features the rules read.
                    for &f in doc.scenario.rules.support().hexside_features {
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
                let side = self.template.unit.side.clone();
                match super::plugin::window(&doc.scenario.rules).unit_tool_ui(ui, doc, &side) {
                    Ok(Some(o)) => self.place = Some(o),
                    Ok(None) => {}
                    Err(e) => self.message = Some(e),
                }
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
        let support = doc.scenario.rules.support();
        let brushes = detail_brushes(&support, self.hill_level);
        if self.tool == Tool::Brush && !brushes.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label("Paint");
                ui.radio_value(&mut self.detail, None, "Terrain");
                let word = crate::words::capitalised(doc.scenario.rules.stronghold_word());
                for d in brushes {
                    let name = match d {
                        crate::edit::DetailPaint::Stronghold => word.clone(),
                        crate::edit::DetailPaint::NoStronghold => {
                            format!("Remove {}", doc.scenario.rules.stronghold_word())
                        }
                        d => d.name().to_string(),
                    };
                    ui.radio_value(&mut self.detail, Some(d), name)
                        .on_hover_text(
                            "On top of the hex's terrain: a wooded hill is woods with a hill",
                        );
                }
            });
            // The hill's level, where the rules read elevation.
            if let Some(crate::edit::DetailPaint::Hill(_)) = self.detail
                && support.elevation
            {
                ui.horizontal(|ui| {
                    let l = ui.label("Hill level");
                    ui.add(super::fields::Number::new(&mut self.hill_level).range(1..=9))
                        .labelled_by(l.id)
                        .on_hover_text(
                            "The elevation painted, in contour steps: paint a level 2 hill on top of a level 1 hill for a higher summit",
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
        let rules = doc.scenario.rules.plugin();
        let support = rules.support();
        let t = &mut self.template;
        ui.push_id("template", |ui| {
            egui::Grid::new("template").num_columns(2).show(ui, |ui| {
                let l = ui.label("Side");
                let mut side = t.unit.side.clone();
                if Self::side_combo(ui, l.id, "template side", doc, &mut side) {
                    // The rule set's data starts again from the kind, so
                    // defaults that follow the side (a nation) follow it.
                    t.unit = Unit {
                        strength: t.unit.strength,
                        movement: t.unit.movement,
                        ..Unit::new(t.unit.id.clone(), side, t.unit.kind, Hex::new(1, 1))
                    };
                    rules.prepare_unit(&doc.scenario, &mut t.unit);
                }
                ui.end_row();
                contingent_row(ui, "template contingent", doc, &mut t.unit);
                // The rule set's fields (type, quality, formation...), as in
                // the inspector.
                super::plugin::window(&doc.scenario.rules).unit_rows(
                    ui,
                    &mut t.unit,
                    &doc.scenario,
                    &doc.map,
                );
                if support.facing && rules.unit_faces(&t.unit) {
                    let l = ui.label("Facing");
                    let dirs = doc.map.grid().sides();
                    let mut f = Some(doc.map.grid().nearest_side(t.facing));
                    facing_buttons(ui, dirs, &mut f).labelled_by(l.id);
                    if let Some(d) = f {
                        t.facing = d;
                    }
                    ui.end_row();
                }
                // Only the numbers the rules read (issue 35 item 21).
                if support.unit_factors {
                    let l = ui.label("Strength");
                    ui.add(
                        super::fields::Number::new(&mut t.unit.strength)
                            .range(0..=crate::scenario::MAX_STRENGTH),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                }
                let probe = t.unit.clone();
                movement_row(ui, &doc.scenario.rules, &probe, &mut t.unit.movement);
                let l = ui.label("Designation");
                ui.add(narrow_text(&mut t.designation))
                    .labelled_by(l.id)
                    .on_hover_text("Empty: side and id");
                ui.end_row();
            });
        });
        // Templates from the side's existing units, in the rule set's
        // words: one click copies one.
        let mut kinds: Vec<Unit> = Vec::new();
        for u in doc.scenario.units.iter().filter(|u| u.side == t.unit.side) {
            let like = Unit {
                id: t.unit.id.clone(),
                designation: String::new(),
                placement: t.unit.placement.clone(),
                facing: None,
                ..u.clone()
            };
            if !kinds.contains(&like) {
                kinds.push(like);
            }
        }
        if !kinds.is_empty() {
            ui.label(RichText::new("From this side's counters:").weak());
            ui.horizontal_wrapped(|ui| {
                for k in kinds {
                    let text = format!(
                        "{} {}{}",
                        rules.unit_kind_name(&k),
                        rules.counter_label(&k),
                        k.contingent
                            .as_ref()
                            .map(|c| format!(" {c}"))
                            .unwrap_or_default()
                    );
                    if ui.small_button(text).clicked() {
                        t.unit = k;
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
            discrete |= contingent_row(ui, "inspector contingent", doc, &mut u);
            // The rule set's fields (type, quality, formation...).
            let rules = doc.scenario.rules.plugin();
            discrete |= super::plugin::window(&doc.scenario.rules).unit_rows(
                ui,
                &mut u,
                &doc.scenario,
                &doc.map,
            );
            let support = rules.support();
            if support.facing && rules.unit_faces(&u) {
                let l = ui.label("Facing");
                let dirs = doc.map.grid().sides();
                let r = facing_buttons(ui, dirs, &mut u.facing)
                    .labelled_by(l.id)
                    .on_hover_text("Q and E turn the selected unit");
                discrete |= r.changed();
                ui.end_row();
            }
            // Only the numbers the rules read: One Hour units take both
            // from their type and quality (H13, H14), 16-hits units have
            // 16 hits and their type's allowance (M5, M10).
            if support.unit_factors {
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

/// The hill and stronghold brushes the rules read: a hill (at
/// `hill_level` where they read elevation, with none otherwise) and a
/// stronghold, each with its eraser.
pub fn detail_brushes(
    support: &crate::scenario::RuleSupport,
    hill_level: i32,
) -> Vec<crate::edit::DetailPaint> {
    use crate::edit::DetailPaint;
    let mut out = Vec::new();
    if support.hills {
        let level = if support.elevation { hill_level } else { 0 };
        out.extend([DetailPaint::Hill(level), DetailPaint::NoHill]);
    }
    if support.strongholds {
        out.extend([DetailPaint::Stronghold, DetailPaint::NoStronghold]);
    }
    out
}

/// The Contingent row of the template or the inspector, where the unit's
/// side has contingents; true when it changed.
fn contingent_row(ui: &mut egui::Ui, id: &str, doc: &OpenDoc, u: &mut Unit) -> bool {
    let Some(side) = doc.scenario.side(&u.side) else {
        return false;
    };
    if side.contingents.is_empty() {
        return false;
    }
    let mut changed = false;
    let l = ui.label("Contingent");
    egui::ComboBox::from_id_salt(id)
        .selected_text(u.contingent.clone().unwrap_or("—".into()))
        .show_ui(ui, |ui| {
            changed |= ui.selectable_value(&mut u.contingent, None, "—").changed();
            for c in &side.contingents {
                changed |= ui
                    .selectable_value(&mut u.contingent, Some(c.name.clone()), &c.name)
                    .changed();
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    changed
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

/// The kind of a unit as three radio buttons with their symbols; true
/// when it changed.
pub(crate) fn kind_radios(ui: &mut egui::Ui, kind: &mut UnitKind) -> bool {
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
