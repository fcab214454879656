//! The editor's map page: the status bar, the problems list, the start
//! page, the map with its tools, overlays and context menu.

use super::*;

impl VedetteApp {
    pub fn centre_on(&mut self, hex: Hex) {
        self.centre_request = Some(hex);
    }

    pub(super) fn status_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let Some(doc) = &self.doc else {
                ui.label("No scenario");
                return;
            };
            let grid = doc.map.grid();
            match self.hovered {
                Some(h) if doc.map.in_bounds(h) => {
                    let terrain = doc
                        .map
                        .terrain_at(h)
                        .map(|t| t.name.as_str())
                        .unwrap_or("off the map");
                    let mut text = format!("{h}  {terrain}");
                    if let Some(place) = doc.map.place_at(h) {
                        text.push_str(&format!("  ({})", place.name));
                    }
                    if let Some(u) = edit::units_at(doc, h).last() {
                        text.push_str(&format!(
                            "  |  {} {} {} [{}]",
                            u.designation,
                            doc.scenario.rules.unit_kind_name(u),
                            doc.scenario.rules.counter_label(u),
                            u.id
                        ));
                    }
                    ui.monospace(text);
                }
                _ => {
                    ui.monospace("—");
                }
            }
            if let Some((ok, msg)) = &self.status {
                ui.separator();
                let c = if *ok {
                    ui.visuals().weak_text_color()
                } else {
                    Color32::from_rgb(200, 60, 40)
                };
                ui.label(RichText::new(msg).color(c));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(format!("zoom {:.0}%", self.view.zoom * 100.0));
                ui.separator();
                let tool = match self.tools.tool {
                    Tool::Brush => format!(
                        "{} ({})",
                        Tool::Brush.name(),
                        tools::brush_label(grid, self.tools.brush_radius)
                    ),
                    t => t.name().to_string(),
                };
                ui.label(tool);
                ui.separator();
                let errors = self
                    .issues
                    .iter()
                    .filter(|i| i.severity == Severity::Error)
                    .count();
                let warnings = self.issues.len() - errors;
                let text = format!("{errors} errors, {warnings} warnings");
                let col = if errors > 0 {
                    Color32::from_rgb(200, 40, 40)
                } else {
                    ui.visuals().text_color()
                };
                if ui
                    .add(egui::Label::new(RichText::new(text).color(col)).sense(Sense::click()))
                    .on_hover_text("Show or hide the problems")
                    .clicked()
                {
                    self.show_problems = !self.show_problems;
                }
            });
        });
    }

    /// The live validation list; clicking an issue selects its unit or
    /// centres its hex.
    pub(super) fn problems_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.strong("Problems");
            ui.label(RichText::new("(updated as you edit; click one to go to it)").weak());
        });
        let mut go: Option<Location> = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if self.issues.is_empty() {
                    ui.label("No problems found.");
                }
                for i in &self.issues {
                    let (icon, col) = match i.severity {
                        Severity::Error => ("error", Color32::from_rgb(200, 40, 40)),
                        Severity::Warning => ("warning", Color32::from_rgb(190, 130, 20)),
                    };
                    let text =
                        RichText::new(format!("{icon}  {}: {}", i.location, i.message)).color(col);
                    if ui
                        .add(egui::Label::new(text).sense(Sense::click()))
                        .clicked()
                    {
                        go = Some(i.location.clone());
                    }
                }
            });
        match go {
            Some(Location::Unit(id)) => {
                let hex = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.scenario.unit(&id))
                    .and_then(|u| u.start_hex());
                self.tools.selected = Some(id);
                if let Some(h) = hex {
                    self.centre_on(h);
                }
            }
            Some(Location::Hex(h)) => self.centre_on(h),
            Some(Location::Hexside(s)) => self.centre_on(s.hex),
            _ => {}
        }
    }

    /// The window with no scenario (none given, or the one named could not
    /// be opened): what went wrong, where, and every way on (issue 35
    /// item 25).
    pub(super) fn start_page_ui(&mut self, ui: &mut egui::Ui) {
        let mut action = None;
        let mut retry = false;
        let fill = ui.visuals().panel_fill;
        ui.painter().rect_filled(ui.max_rect(), 0.0, fill);
        egui::Frame::central_panel(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(24.0);
                ui.vertical_centered(|ui| {
                    ui.set_max_width(760.0);
                    let failed = self.failed_path.as_ref().filter(|_| self.open_error.is_some());
                    match failed {
                        Some(p) => ui.heading(format!(
                            "Could not open {}",
                            p.file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_else(|| p.display().to_string())
                        )),
                        None => ui.heading("No scenario open"),
                    };
                    ui.add_space(8.0);
                    if let Some(e) = &self.open_error {
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            ui.strong("Problems");
                            ui.label(
                                RichText::new(e)
                                    .monospace()
                                    .color(Color32::from_rgb(220, 70, 60)),
                            );
                            ui.label(
                                RichText::new(
                                    "Nothing was changed. Fix the file at the line and column given (in any text editor) and press Try again, or open another.",
                                )
                                .weak(),
                            );
                        });
                        ui.add_space(8.0);
                    }
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .button("Open a scenario…")
                            .on_hover_text("Ctrl+O")
                            .clicked()
                        {
                            action = Some(Pending::Open(None));
                        }
                        if self.failed_path.is_some()
                            && self.open_error.is_some()
                            && ui.button("Try again").clicked()
                        {
                            retry = true;
                        }
                        if ui.button("New scenario…").on_hover_text("Ctrl+N").clicked() {
                            action = Some(Pending::New);
                        }
                        // Labels of their own: the File menu's items keep
                        // theirs.
                        if ui.button("Start a pick-up battle…").clicked() {
                            action = Some(Pending::NewPickup);
                        }
                        let waterloo = default_scenario_path();
                        if waterloo.exists()
                            && self.failed_path.as_ref() != Some(&waterloo)
                            && ui.button("Open Napoleon at Waterloo").clicked()
                        {
                            action = Some(Pending::Open(Some(waterloo)));
                        }
                    });
                    if !self.recent.is_empty() {
                        ui.add_space(12.0);
                        ui.strong("Recent files");
                        for p in self.recent.clone() {
                            if ui.link(p.display().to_string()).clicked() {
                                action = Some(Pending::Open(Some(p)));
                            }
                        }
                    }
                });
            });
        });
        if retry && let Some(p) = self.failed_path.clone() {
            self.load(p);
        }
        if let Some(a) = action {
            let ctx = ui.ctx().clone();
            self.request(a, &ctx);
        }
    }

    pub(super) fn map_ui(&mut self, ui: &mut egui::Ui) {
        let Some(doc) = &self.doc else {
            self.start_page_ui(ui);
            return;
        };
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        // When a panel changes width, opens or closes, the map stays still
        // on the screen (it used to recentre, so a drag aimed at one hex
        // landed on another).
        if let Some(old) = self.map_rect
            && old != rect
            && self.view.fitted
        {
            match self.just_centred {
                // A hex centred a moment ago (a problem clicked) stays
                // centred when the panels settle around the selection.
                Some((hex, _)) => self.view.centre_on(&doc.map, rect, hex),
                None => self.view.follow_rect(old, rect),
            }
        }
        self.map_rect = Some(rect);
        if !self.view.fitted {
            self.view.fit(&doc.map, rect);
        }
        if let Some(hex) = self.centre_request.take() {
            self.view.centre_on(&doc.map, rect, hex);
            self.just_centred = Some((hex, 3));
        } else if let Some((hex, frames)) = self.just_centred {
            self.just_centred = (frames > 1).then_some((hex, frames - 1));
        }
        let typing = ui.ctx().text_edit_focused();
        let space = !typing && ui.input(|i| i.key_down(Key::Space));
        let layout = self.view.layout(&doc.map, rect);
        let hex_of = |pos: egui::Pos2| layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        self.hovered = response.hover_pos().map(hex_of);

        // Which gesture a primary drag is: tools that edit with the left
        // button keep it; otherwise it pans (so does space+left, middle
        // and right).
        let press = ui.input(|i| i.pointer.press_origin());
        let shift = ui.input(|i| i.modifiers.shift);
        // Shift+drag with the Select tool marks a region to copy.
        if response.drag_started_by(PointerButton::Primary)
            && !space
            && shift
            && self.tools.tool == Tool::Select
            && let Some(h) = press.map(hex_of)
        {
            self.tools.region = Some((h, h));
            self.marking_region = true;
        } else if response.drag_started_by(PointerButton::Primary)
            && !space
            && let Some(h) = press.map(hex_of)
            && matches!(self.tools.tool, Tool::Select | Tool::Unit)
        {
            self.drag_unit = edit::units_at(doc, h).last().map(|u| u.id.clone());
            if let Some(id) = &self.drag_unit {
                self.tools.selected = Some(id.clone());
            }
        }
        if self.marking_region {
            if let (Some((a, _)), Some(pos)) = (self.tools.region, response.interact_pointer_pos())
            {
                self.tools.region = Some((a, hex_of(pos)));
            }
            if !ui.input(|i| i.pointer.primary_down()) {
                self.marking_region = false;
                let n = self
                    .tools
                    .region_hexes()
                    .into_iter()
                    .filter(|&h| doc.map.is_on_map(h))
                    .count();
                self.status = Some((
                    true,
                    format!(
                        "{} marked: Ctrl+C copies it (with the units in it), Escape lets it go",
                        crate::words::counted(n, "hex", "hexes")
                    ),
                ));
            }
        }
        let paints = matches!(self.tools.tool, Tool::Brush) && !space;
        let primary_pans = !paints && self.drag_unit.is_none() && !self.marking_region;
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (response.dragged_by(PointerButton::Primary) && (primary_pans || space))
        {
            self.view.pan += response.drag_delta();
        }
        if let Some(pos) = response.hover_pos() {
            let zoom = ui.input(|i| i.zoom_delta());
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            let factor = zoom * (scroll / 400.0).exp();
            if factor != 1.0 {
                self.view.zoom_at(rect, pos, factor);
            }
        }
        // Tool actions.
        let pointer = response.interact_pointer_pos().or(response.hover_pos());
        let mut edits: Vec<(edit::Edit, bool)> = Vec::new();
        let mut message = None;
        // The brush paints from the press on, every frame the button is
        // held on the map; the stroke is one undo step.
        let primary_down = ui.input(|i| i.pointer.primary_down());
        if paints
            && ((primary_down && response.is_pointer_button_down_on())
                || response.dragged_by(PointerButton::Primary)
                || response.clicked())
            && let Some(pos) = pointer
        {
            let h = hex_of(pos);
            let hexes = edit::brush(&doc.map, h, self.tools.brush_radius);
            let e = match self.tools.detail {
                Some(d) if doc.scenario.rules.support().hills => {
                    edit::paint_details(doc, &hexes, d)
                }
                _ => edit::paint(doc, &hexes, self.tools.terrain),
            };
            if let Some(e) = e {
                edits.push((e, true));
            }
        }
        if response.clicked()
            && !space
            && let Some(pos) = pointer
            && let Some(o) = self.placing.take()
        {
            // An officer placed from the Armies window.
            let h = hex_of(pos);
            if doc.map.in_bounds(h)
                && let Some(after) = o.placed(&doc.scenario, h)
                && let Some(e) = edit::set_scenario(doc, after)
            {
                edits.push((
                    edit::Edit::Group {
                        label: format!("place {} at {h}", o.name(&doc.scenario)),
                        edits: vec![e],
                    },
                    false,
                ));
                message = Some(format!("{} placed at {h}", o.name(&doc.scenario)));
            } else {
                message = Some(format!("{h}: nothing placed"));
            }
        } else if response.clicked()
            && !space
            && let Some(pos) = pointer
        {
            let h = hex_of(pos);
            match self.tools.tool {
                Tool::Select => {
                    self.tools.selected = edit::units_at(doc, h).last().map(|u| u.id.clone());
                    self.tools.region = None;
                }
                Tool::Fill => match edit::flood_fill(doc, h, self.tools.terrain) {
                    Some(e) => edits.push((e, false)),
                    None => message = Some(format!("{h} is already that terrain, or off the map")),
                },
                Tool::Hexside => {
                    let tol = layout.size * 0.35;
                    // Only a road crosses a box's corner (H33).
                    let corners = self.tools.feature == scenario::HexsideFeature::Road;
                    match layout.hexside_at(Point::new(pos.x as f64, pos.y as f64), tol, corners) {
                        Some(side) => {
                            if let Some(e) = edit::toggle_feature(doc, side, self.tools.feature) {
                                edits.push((e, false));
                            }
                        }
                        None => {
                            message = Some(
                                crate::scenario::grid_words(
                                    doc.map.grid(),
                                    "Click closer to a hexside",
                                )
                                .into_owned(),
                            )
                        }
                    }
                }
                Tool::PlaceName => {
                    if doc.map.in_bounds(h)
                        && let Some(e) = edit::set_place_name(doc, h, &self.tools.place_name)
                    {
                        edits.push((e, false));
                    }
                }
                Tool::Unit => {
                    if let Some(u) = edit::units_at(doc, h).last() {
                        self.tools.selected = Some(u.id.clone());
                    } else {
                        let u = self.tools.new_unit(doc, h);
                        let id = u.id.clone();
                        match edit::add_unit(doc, u) {
                            Ok(e) => {
                                self.tools.selected = Some(id);
                                edits.push((e, false));
                            }
                            Err(e) => message = Some(e.to_string()),
                        }
                    }
                }
                Tool::Reinforcement => {
                    match self
                        .tools
                        .selected
                        .as_ref()
                        .and_then(|id| doc.scenario.unit(id))
                    {
                        Some(u) if !matches!(u.placement, scenario::Placement::Start(_)) => {
                            let mut after = u.clone();
                            if let scenario::Placement::Reinforcement { entry, .. }
                            | scenario::Placement::Variant { entry } = &mut after.placement
                            {
                                if let Some(i) = entry.iter().position(|&x| x == h) {
                                    entry.remove(i);
                                } else {
                                    entry.push(h);
                                    entry.sort();
                                }
                            }
                            if let Some(e) = edit::update_unit(doc, &u.id.clone(), after) {
                                edits.push((e, false));
                            }
                        }
                        Some(_) => message = Some(
                            "That unit starts on the map: set its placement to Reinforcement first"
                                .into(),
                        ),
                        None => message = Some("Select a unit in the schedule first".into()),
                    }
                }
                Tool::Marker => {
                    if doc.map.in_bounds(h) {
                        let e = match self.tools.marker {
                            MarkerKind::Exit => {
                                edit::toggle_exit_hex(doc, &self.tools.marker_side, h)
                            }
                            MarkerKind::Victory => edit::toggle_victory_hex(
                                doc,
                                &self.tools.marker_side,
                                h,
                                self.tools.victory_points,
                            ),
                        };
                        edits.push((e, false));
                    }
                }
                Tool::Brush => {}
            }
        }
        // Dropping a dragged counter moves it.
        let mut dropped = None;
        if self.drag_unit.is_some()
            && response.drag_stopped()
            && let (Some(id), Some(pos)) = (self.drag_unit.take(), pointer)
        {
            dropped = Some((id, hex_of(pos)));
        }
        if let Some((id, h)) = dropped {
            match edit::move_unit(doc, &id, h) {
                Ok(Some(e)) => edits.push((e, false)),
                Ok(None) => {}
                Err(e) => message = Some(e.to_string()),
            }
        }
        if response.secondary_clicked() {
            // The context menu acts on the hex that was right-clicked.
            let h = pointer.map(hex_of);
            ui.memory_mut(|m| m.data.insert_temp(egui::Id::unique("context hex"), h));
        }

        // Draw.
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_rgb(58, 62, 66));
        let balance = &self.balance;
        map_view::draw_map_with(
            &painter,
            rect,
            &layout,
            &doc.map,
            Some(&doc.scenario),
            self.draw,
            &|painter| balance.draw_heat(painter, &layout),
        );
        self.draw_tool_overlay(&painter, &layout, pointer, response.hovered());
        // Hovering a hex says what the scenario marks there (exit, entry,
        // victory) and names the units of a stack (designations are
        // printed on the counters only at high zoom).
        if self.drag_unit.is_none()
            && let Some(h) = self.hovered
            && let Some(doc) = &self.doc
        {
            let units = edit::units_at(doc, h);
            let mut marks = scenario::marks::marks_at(&doc.scenario, h);
            if doc.scenario.rules.is_outskirts(&doc.map, h) {
                marks.push("Town outskirts: cavalry may not enter [3.8.1.1] (N92)".into());
            }
            if !units.is_empty() || !marks.is_empty() {
                let grid = doc.map.grid();
                let lines: Vec<String> = marks
                    .into_iter()
                    .map(|m| crate::scenario::grid_words(grid, &m).into_owned())
                    .chain(units.iter().map(|u| {
                        format!(
                            "{} — {} {} ({}, {})",
                            u.designation,
                            doc.scenario.rules.unit_kind_name(u),
                            doc.scenario.rules.counter_label(u),
                            doc.scenario
                                .side(&u.side)
                                .map_or(u.side.as_str(), |s| s.name.as_str()),
                            u.id
                        )
                    }))
                    .collect();
                response.clone().on_hover_ui_at_pointer(|ui| {
                    for l in &lines {
                        ui.label(l);
                    }
                });
            }
        }

        let ctx_hex: Option<Hex> = ui
            .memory(|m| m.data.get_temp(egui::Id::unique("context hex")))
            .flatten();
        let mut context_edits = Vec::new();
        response.context_menu(|ui| {
            if let Some(h) = ctx_hex {
                self.context_menu(ui, h, &mut context_edits);
            }
        });
        edits.extend(context_edits.into_iter().map(|e| (e, false)));

        if let Some(m) = message {
            self.tools.message = Some(m);
        } else if !edits.is_empty() {
            self.tools.message = None;
        }
        for (e, stroke) in edits {
            if let Some(doc) = &mut self.doc {
                let r = if stroke {
                    doc.apply_in_stroke(e)
                } else {
                    doc.apply(e)
                };
                if let Err(err) = r {
                    self.status = Some((false, err.to_string()));
                }
            }
        }
    }

    /// "Hex numbers", or "Box numbers" on a box map.
    pub(super) fn numbers_label(&self) -> &'static str {
        match &self.doc {
            Some(d) if d.map.grid().is_boxes() => "Box numbers",
            _ => "Hex numbers",
        }
    }

    pub(super) fn context_menu(&mut self, ui: &mut egui::Ui, h: Hex, edits: &mut Vec<edit::Edit>) {
        let Some(doc) = &self.doc else {
            return;
        };
        let grid = doc.map.grid();
        ui.label(RichText::new(crate::scenario::grid_words(grid, &format!("Hex {h}"))).strong());
        if let Some(u) = edit::units_at(doc, h).last() {
            if ui
                .button(format!("Inspect {} ({})", u.designation, u.id))
                .clicked()
            {
                self.tools.selected = Some(u.id.clone());
                ui.close();
            }
            if ui
                .button(format!("Delete {} ({})", u.designation, u.id))
                .clicked()
            {
                if let Some(e) = edit::remove_unit(doc, &u.id.clone()) {
                    edits.push(e);
                }
                ui.close();
            }
        } else if doc.map.is_on_map(h) && ui.button("Add a unit here (from the template)").clicked()
        {
            let u = self.tools.new_unit(doc, h);
            self.tools.selected = Some(u.id.clone());
            // Offered only on the map, so the edit is accepted.
            edits.extend(edit::add_unit(doc, u).ok());
            ui.close();
        }
        ui.separator();
        for s in &doc.scenario.sides {
            let is_exit = doc
                .scenario
                .victory
                .exits
                .iter()
                .any(|e| e.side == s.id && e.hexes.contains(&h));
            let label = if is_exit {
                format!("Unmark as {} exit {}", s.name, grid.cell_word())
            } else {
                format!("Mark as {} exit {}", s.name, grid.cell_word())
            };
            if ui.button(label).clicked() {
                edits.push(edit::toggle_exit_hex(doc, &s.id, h));
                ui.close();
            }
        }
        ui.separator();
        for t in &doc.map.terrain_kinds {
            if doc.map.code_at(h) != Some(t.code) && ui.button(format!("Make {}", t.name)).clicked()
            {
                if let Some(e) = edit::paint(doc, &[h], t.code) {
                    edits.push(e);
                }
                ui.close();
            }
        }
        if ui.button("Centre here").clicked() {
            self.centre_on(h);
            ui.close();
        }
    }

    /// What the active tool would touch, and the selection.
    pub(super) fn draw_tool_overlay(
        &self,
        painter: &egui::Painter,
        layout: &crate::hex::Layout,
        pointer: Option<egui::Pos2>,
        hovered: bool,
    ) {
        let Some(doc) = &self.doc else {
            return;
        };
        let pt = |p: Point| egui::pos2(p.x as f32, p.y as f32);
        let outline = |h: Hex, stroke: Stroke| {
            let pts: Vec<egui::Pos2> = layout.corners(h).iter().map(|&c| pt(c)).collect();
            painter.add(egui::Shape::closed_line(pts, stroke));
        };
        let highlight = Stroke::new(2.5, Color32::from_rgb(255, 215, 0));
        // The region marked for Copy.
        let marked = Stroke::new(2.0, Color32::from_rgb(80, 200, 255));
        for h in self.tools.region_hexes() {
            if doc.map.is_on_map(h) {
                outline(h, marked);
            }
        }
        if let Some(id) = &self.tools.selected
            && let Some(u) = doc.scenario.unit(id)
        {
            match &u.placement {
                scenario::Placement::Start(h) => outline(*h, highlight),
                scenario::Placement::Reinforcement { entry, .. }
                | scenario::Placement::Variant { entry } => {
                    for &h in entry {
                        outline(h, highlight);
                    }
                }
            }
        }
        let (Some(pos), true) = (pointer, hovered || self.drag_unit.is_some()) else {
            return;
        };
        let h = layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
        let preview = Stroke::new(1.5, Color32::WHITE);
        match self.tools.tool {
            Tool::Brush => {
                for x in edit::brush(&doc.map, h, self.tools.brush_radius) {
                    outline(x, preview);
                }
            }
            Tool::Hexside => {
                let corners = self.tools.feature == scenario::HexsideFeature::Road;
                let side = layout.hexside_at(
                    Point::new(pos.x as f64, pos.y as f64),
                    layout.size * 0.35,
                    corners,
                );
                // A side shows its segment; a box corner the diagonal the
                // road would take, centre to centre.
                let segment = side.and_then(|s| {
                    layout.hexside_segment(s).or_else(|| {
                        let (a, b) = doc.map.grid().hexside_hexes(s)?;
                        Some((layout.center(a), layout.center(b)))
                    })
                });
                if let Some((a, b)) = segment {
                    painter.line_segment(
                        [pt(a), pt(b)],
                        Stroke::new(4.0, Color32::from_rgb(255, 215, 0)),
                    );
                }
            }
            Tool::Select | Tool::Unit => {}
            _ => outline(h, preview),
        }
        if let Some(id) = &self.drag_unit
            && let Some(u) = doc.scenario.unit(id)
        {
            outline(h, preview);
            let side = (layout.size as f32 * 1.1).max(12.0);
            map_view::draw_counter(
                painter,
                pos,
                side,
                u,
                &doc.scenario.rules.counter_label(u),
                doc.scenario.rules.plugin().unit_mark(u),
                map_view::color(doc.scenario.unit_colour(u)).gamma_multiply(0.85),
            );
        }
    }

    pub(super) fn delete_selected(&mut self) {
        let Some(doc) = &self.doc else {
            return;
        };
        if let Some(id) = self.tools.selected.clone()
            && let Some(e) = edit::remove_unit(doc, &id)
        {
            self.apply(e);
            self.tools.selected = None;
        }
    }

    pub(super) fn prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(action) = self.prompt.clone() else {
            return;
        };
        let name = self
            .doc
            .as_ref()
            .map(|d| d.display_name())
            .unwrap_or_default();
        let what = match action {
            Pending::New | Pending::NewPickup => "starting a new scenario",
            Pending::Open(_) => "opening another file",
            Pending::CloseTab => "closing it",
            Pending::Close => "closing",
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Save changes?");
            ui.label(format!(
                "“{name}” has changes that are not saved. Save them before {what}?"
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(0);
                }
                if ui.button("Don't save").clicked() {
                    answer = Some(1);
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    answer = Some(2);
                }
            });
        });
        match answer {
            Some(0) => {
                self.prompt = None;
                let has_path = self.doc.as_ref().is_some_and(|d| d.path.is_some());
                if has_path {
                    if self.save() {
                        self.perform(action, ctx);
                    }
                } else {
                    self.ask_path(FileAction::SaveAs { then: Some(action) });
                }
            }
            Some(1) => {
                self.prompt = None;
                self.clear_recovery();
                self.perform(action, ctx);
            }
            Some(_) => self.prompt = None,
            None => {}
        }
    }

    /// Q and E: turns the selected unit one hexside anticlockwise (-1) or
    /// clockwise (1), for rules with facing; one undo step each.
    pub fn rotate_selected(&mut self, by: i32) {
        let Some(doc) = &self.doc else {
            return;
        };
        if !doc.scenario.rules.support().facing {
            return;
        }
        let Some(id) = self.tools.selected.clone() else {
            return;
        };
        let Some(mut u) = doc.scenario.unit(&id).cloned() else {
            return;
        };
        // The facings are the grid's sides: 6 on hexes, 4 on boxes (H2).
        let dirs = doc.map.grid().sides();
        let now = u
            .facing
            .and_then(|d| dirs.iter().position(|x| *x == d))
            .unwrap_or(0) as i32;
        u.facing = Some(dirs[(now + by).rem_euclid(dirs.len() as i32) as usize]);
        if let Some(e) = edit::update_unit(doc, &id, u) {
            self.apply(e);
        }
    }
}
