//! The pick-up wizard's table: each deployment command checked and played,
//! the map drawn with zones, features and roads, and the seats' turns.

use super::*;

impl Play {
    /// Checks and plays a command, recording it; a refusal is shown.
    pub fn run(&mut self, side: u8, cmd: DeployCommand) -> bool {
        match self.d.execute(side, &cmd, &mut self.dice) {
            Ok(ev) => {
                for e in &ev {
                    self.events.push(self.d.sentence(e));
                }
                self.log.commands.push((side, cmd));
                self.pending = Pending::default();
                self.message = None;
                true
            }
            Err(e) => {
                self.message = Some((false, e.0));
                false
            }
        }
    }

    /// Takes back the last human command (and the computer's after it),
    /// by playing the log again from its seed without them.
    pub fn undo(&mut self) {
        let mut cut = self.log.commands.len();
        while cut > 0 {
            cut -= 1;
            if self.seats[self.log.commands[cut].0 as usize] == Seat::Human {
                break;
            }
        }
        let mut log = self.log.clone();
        log.commands.truncate(cut);
        match log.start() {
            Ok((mut d, mut dice, ev)) => {
                let mut events: Vec<String> = ev.iter().map(|e| d.sentence(e)).collect();
                for (side, cmd) in &log.commands {
                    if let Ok(ev) = d.execute(*side, cmd, &mut dice) {
                        events.extend(ev.iter().map(|e| d.sentence(e)));
                    }
                }
                self.d = d;
                self.dice = dice;
                self.events = events;
                self.log = log;
                self.pending = Pending::default();
                self.message = Some((true, "Took back the last placement".into()));
                // The computer's seats wait until the human acts again.
                self.mind = Dice::new(self.log.seed ^ (0x6465_706c_6f79 + cut as u64));
            }
            Err(e) => self.message = Some((false, e.0)),
        }
    }

    pub(super) fn human(&self) -> bool {
        !self.d.is_done() && self.seats[self.d.to_act() as usize] == Seat::Human
    }

    pub(super) fn steps_ui(&mut self, ui: &mut egui::Ui) -> WizardAction {
        let mut action = WizardAction::None;
        let d = &self.d;
        ui.heading("Pick-up battle [3.2]");
        let a = d.attacker;
        ui.label(format!(
            "{} attacks, {} defends. Cavalry units: {} {}, {} {}{}.",
            d.side_name(a),
            d.side_name(1 - a),
            d.side_name(0),
            d.cavalry()[0],
            d.side_name(1),
            d.cavalry()[1],
            match d.superior {
                Some(s) => format!(": {} is superior (N26)", d.side_name(s)),
                None => ": neither is superior (N26)".into(),
            }
        ));
        ui.horizontal_wrapped(|ui| {
            for (i, z) in Zone::ALL.iter().enumerate() {
                let rows = d.zone_rows(*z);
                // The swatch is painted as the map paints the area: its
                // tint over open ground (issue 35 item 27: a half-strength
                // tint on the dark panel matched nothing on the map).
                let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                let ground = self
                    .d
                    .map()
                    .terrain_kinds
                    .first()
                    .map_or(Color32::from_rgb(0xd9, 0xd4, 0xa0), |t| {
                        Color32::from_rgb(t.colour.0, t.colour.1, t.colour.2)
                    });
                ui.painter().rect_filled(r, 2.0, ground);
                ui.painter()
                    .rect_filled(r, 2.0, ZONE_TINT[i].gamma_multiply(ZONE_ALPHA));
                ui.painter().rect_stroke(
                    r,
                    2.0,
                    Stroke::new(1.5, ZONE_TINT[i]),
                    egui::StrokeKind::Inside,
                );
                ui.label(
                    RichText::new(format!(
                        "{} (rows {}-{})",
                        z.name(),
                        rows.start(),
                        rows.end()
                    ))
                    .small(),
                );
            }
        });
        ui.separator();
        if d.is_done() {
            ui.strong("The table is set [3.2.8].");
            let v = d.victory_locations();
            ui.label(format!(
                "Victory locations (N33): {} village hexes and {} hills in the defender's areas for the attacker; each side's supply road in its reserve for the enemy.",
                v.villages.len(),
                v.hills.len()
            ));
            if ui.button("Open the battle in the editor").clicked() {
                // Sealed with its end record; the log replayed to the table
                // shown, so sealing cannot fail unless the engine changed
                // under it, and then the log is kept as played.
                let log = crate::scenario::kind::FileKind::DeploymentLog.file_text(&match self
                    .log
                    .sealed()
                {
                    Ok(sealed) => crate::scenario::to_ron(&sealed),
                    Err(_) => crate::scenario::to_ron(&self.log),
                });
                action = WizardAction::Finish(Box::new(d.scenario()), log);
            }
        } else {
            let side = d.to_act();
            ui.label(
                RichText::new(format!(
                    "[{}] {} ({}): {}",
                    d.step.section(),
                    d.side_name(side),
                    d.role_name(side),
                    d.step.describe()
                ))
                .strong(),
            );
            if self.seats[side as usize] == Seat::Computer {
                ui.label(RichText::new("The computer is placing…").weak());
            } else {
                self.controls_ui(ui);
            }
        }
        if let Some((ok, m)) = &self.message {
            let c = if *ok {
                ui.visuals().text_color()
            } else {
                ui.visuals().error_fg_color
            };
            ui.colored_label(c, m);
        }
        ui.horizontal(|ui| {
            let can_undo = self
                .log
                .commands
                .iter()
                .any(|(s, _)| self.seats[*s as usize] == Seat::Human);
            let undo = ui.add_enabled(can_undo, egui::Button::new("Undo").shortcut_text("Ctrl+Z"));
            let key = ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z));
            if (undo.clicked() || key) && can_undo {
                self.undo();
            }
            if ui.button("Cancel").clicked() {
                action = WizardAction::Cancel;
            }
        });
        ui.separator();
        ui.strong("Log");
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for e in &self.events {
                    ui.label(RichText::new(e).small());
                }
            });
        action
    }

    pub(super) fn controls_ui(&mut self, ui: &mut egui::Ui) {
        // A feature step shows its first feature's legal hexes at once.
        if self.pending.kind.is_none()
            && self.pending.hexes.is_empty()
            && !matches!(self.d.step, Step::ForwardRoll | Step::ForwardMove)
        {
            self.pending.kind = self.d.allowed().1.first().map(|k| k.0);
        }
        let d = &self.d;
        let side = d.to_act();
        let (zone, kinds, occupy) = d.allowed();
        match d.step {
            Step::ForwardRoll => {
                ui.horizontal(|ui| {
                    if ui.button("Roll 1D6 (4+)").clicked() {
                        self.run(side, DeployCommand::RollForward);
                    }
                    if ui.button("Pass").clicked() {
                        self.run(side, DeployCommand::Pass);
                    }
                });
                return;
            }
            Step::ForwardMove => {
                ui.label("Click the hexes of its new place, or remove it.");
                ui.horizontal(|ui| {
                    if ui.button("Remove it").clicked() {
                        self.run(side, DeployCommand::RemoveFeature);
                    }
                    if ui
                        .add_enabled(
                            !self.pending.hexes.is_empty(),
                            egui::Button::new("Move it here"),
                        )
                        .clicked()
                    {
                        let hexes = self.pending.hexes.clone();
                        self.run(side, DeployCommand::MoveFeature { hexes });
                    }
                });
                return;
            }
            Step::DefenderRoad | Step::AttackerRoad => {
                ui.label(format!(
                    "Click the road's hexes in order from your edge (row {}) (N30). {} marked.",
                    d.edge_row(side),
                    self.pending.road.len()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Mark road").clicked() {
                        let hexes = self.pending.road.clone();
                        self.run(side, DeployCommand::MarkRoad { hexes });
                    }
                    if ui.button("Clear").clicked() {
                        self.pending.road.clear();
                    }
                });
                return;
            }
            Step::DefenderGeneral | Step::AttackerGeneral => {
                ui.label("Click a free hex of your frontline or reserve area.");
                return;
            }
            _ => {}
        }
        let forces_step = matches!(d.step, Step::DefenderForces | Step::AttackerForces);
        if !forces_step {
            ui.label(format!("In the {}:", zone.name()));
            ui.horizontal_wrapped(|ui| {
                for &(k, lo, hi) in kinds {
                    let size = if lo == hi {
                        format!("{lo} hex")
                    } else {
                        format!("{lo}-{hi} hexes") // count: a range
                    };
                    if ui
                        .selectable_label(
                            self.pending.kind == Some(k),
                            format!("{} ({size})", k.name()),
                        )
                        .clicked()
                    {
                        self.pending.kind = Some(k);
                        self.pending.hexes.clear();
                    }
                }
            });
            if self.pending.kind.is_some() {
                ui.label(format!(
                    "Click or drag over hexes to mark it ({} marked; a second click takes a hex off); green hexes are legal. Right-drag pans.",
                    self.pending.hexes.len()
                ));
            }
        }
        let may_occupy = forces_step || occupy != Occupy::No;
        if may_occupy {
            ui.horizontal(|ui| {
                let label = ui.label(if forces_step {
                    "Force"
                } else if occupy == Occupy::Must {
                    "Occupy with (required)"
                } else {
                    "Occupy with"
                });
                let name = |f: Option<usize>| {
                    f.map_or("none".to_string(), |f| d.force_name(side, f).to_string())
                };
                egui::ComboBox::from_id_salt("occupy force")
                    .selected_text(name(self.pending.force))
                    .show_ui(ui, |ui| {
                        if !forces_step
                            && ui
                                .selectable_label(self.pending.force.is_none(), "none")
                                .clicked()
                        {
                            self.pending.force = None;
                            self.pending.units.clear();
                        }
                        for f in (0..d.forces(side)).filter(|&f| !d.force_placed(side, f)) {
                            if ui
                                .selectable_label(
                                    self.pending.force == Some(f),
                                    d.force_name(side, f),
                                )
                                .clicked()
                            {
                                self.pending.force = Some(f);
                                self.pending.units.clear();
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            if let Some(f) = self.pending.force {
                let units = d.force_units(side, f);
                let next = units.get(self.pending.units.len()).and_then(|&i| d.unit(i));
                match next {
                    Some(u) => ui.label(format!(
                        "Click hexes for its units (mark the feature first): next, {} ({}); facing {} (N32). Its leader goes with the first unit.",
                        u.designation,
                        u.kind.name(),
                        front_dir(d, side)
                    )),
                    None => ui.label("Every unit has a hex."),
                };
                if ui
                    .button("Arrange it for me")
                    .on_hover_text(
                        "The computer's arrangement: a line toward the enemy, guns attached",
                    )
                    .clicked()
                {
                    let zones: Vec<Zone> = if forces_step {
                        d.home_zones(side).to_vec()
                    } else {
                        vec![zone]
                    };
                    let table = match self.pending.kind {
                        Some(k) if !forces_step => d.with_feature(k, &self.pending.hexes),
                        _ => d.clone(),
                    };
                    let on = (!forces_step).then_some(self.pending.hexes.as_slice());
                    match place_force(
                        &table,
                        side,
                        f,
                        &zones,
                        on,
                        &mut Dice::new(self.log.commands.len() as u64),
                    ) {
                        Some(p) => self.pending.units = p.units,
                        None => {
                            self.message = Some((
                                false,
                                "No arrangement found here: place the units by hand".into(),
                            ))
                        }
                    }
                }
            }
        }
        ui.horizontal(|ui| {
            let label = if forces_step { "Place force" } else { "Place" };
            if ui.button(label).clicked() {
                let force = self.pending.force.map(|f| ForcePlacement {
                    force: f,
                    units: self.pending.units.clone(),
                    leader: self.pending.units.first().map_or(Hex::new(0, 0), |p| p.0),
                });
                let cmd = if forces_step {
                    match force {
                        Some(p) => Some(DeployCommand::PlaceForce(p)),
                        None => {
                            self.message = Some((false, "Choose a force first".into()));
                            None
                        }
                    }
                } else {
                    match self.pending.kind {
                        Some(kind) => Some(DeployCommand::PlaceFeature {
                            kind,
                            hexes: self.pending.hexes.clone(),
                            force,
                        }),
                        None => {
                            self.message = Some((false, "Choose a feature first".into()));
                            None
                        }
                    }
                };
                if let Some(cmd) = cmd {
                    self.run(side, cmd);
                }
            }
            if self.d.may_pass() && ui.button("Pass").clicked() {
                self.run(side, DeployCommand::Pass);
            }
            if ui.button("Clear").clicked() {
                self.pending = Pending {
                    kind: self.pending.kind,
                    ..Pending::default()
                };
            }
        });
    }

    pub(super) fn click(&mut self, h: Hex) {
        if !self.human() || !self.d.map().in_bounds(h) {
            return;
        }
        let side = self.d.to_act();
        match self.d.step {
            Step::DefenderRoad | Step::AttackerRoad => toggle_last(&mut self.pending.road, h),
            Step::DefenderGeneral | Step::AttackerGeneral => {
                self.run(side, DeployCommand::PlaceGeneral { hex: h });
            }
            Step::ForwardRoll => {}
            // With a force chosen, clicks place its units in order.
            _ if self.pending.force.is_some() => {
                let units = self
                    .pending
                    .force
                    .map_or(0, |f| self.d.force_units(side, f).len());
                // A hex clicked twice stacks two units there (a gun
                // attached to its host); Clear starts again.
                if self.pending.units.len() < units {
                    self.pending.units.push((h, front_dir(&self.d, side)));
                }
            }
            Step::ForwardMove => {
                if let Some(k) = self.pending.hexes.iter().position(|&x| x == h) {
                    self.pending.hexes.remove(k);
                } else {
                    self.pending.hexes.push(h);
                }
            }
            _ => {
                if self.pending.kind.is_none() {
                    self.pending.kind = self.d.allowed().1.first().map(|k| k.0);
                }
                if let Some(k) = self.pending.hexes.iter().position(|&x| x == h) {
                    self.pending.hexes.remove(k);
                } else {
                    self.pending.hexes.push(h);
                }
            }
        }
    }

    pub(super) fn map_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &mut MapView,
        map_rect: &mut Option<egui::Rect>,
    ) {
        let map = self.d.map().clone();
        let (response, layout) = crate::app::playtest::map_area(ui, view, &map, map_rect);
        // A feature is painted by dragging over its hexes; the map pans
        // with the other buttons then, and with any button otherwise.
        let painting = self.human()
            && self.pending.force.is_none()
            && (self.pending.kind.is_some() && !self.d.allowed().1.is_empty()
                || self.d.step == Step::ForwardMove)
            && !matches!(
                self.d.step,
                Step::ForwardRoll
                    | Step::DefenderRoad
                    | Step::AttackerRoad
                    | Step::DefenderForces
                    | Step::AttackerForces
                    | Step::DefenderGeneral
                    | Step::AttackerGeneral
            );
        if response.dragged() {
            if painting && response.dragged_by(egui::PointerButton::Primary) {
                if let Some(pos) = response.interact_pointer_pos() {
                    let h = layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
                    if map.in_bounds(h) && !self.pending.hexes.contains(&h) {
                        self.pending.hexes.push(h);
                    }
                }
            } else {
                view.pan += response.drag_delta();
            }
        }
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            let h = layout.hex_at(Point::new(pos.x as f64, pos.y as f64));
            self.click(h);
        }
        let poly = |h: Hex, fill: Color32, stroke: Stroke| {
            let pts: Vec<egui::Pos2> = layout
                .corners(h)
                .iter()
                .map(|c| pos2(c.x as f32, c.y as f32))
                .collect();
            Shape::convex_polygon(pts, fill, stroke)
        };
        let centre = |h: Hex| {
            let c = layout.center(h);
            pos2(c.x as f32, c.y as f32)
        };
        let mut shapes = Vec::new();
        for (i, z) in Zone::ALL.iter().enumerate() {
            for h in self.d.zone_hexes(*z) {
                shapes.push(poly(
                    h,
                    ZONE_TINT[i].gamma_multiply(ZONE_ALPHA),
                    Stroke::NONE,
                ));
            }
        }
        // Legal hexes for the feature being placed.
        if self.human()
            && let Some(kind) = match self.d.step {
                Step::ForwardMove => self.d.features.last().map(|f| f.kind),
                _ => self.pending.kind,
            }
        {
            for h in self.d.feature_hexes(kind) {
                shapes.push(poly(h, GREEN.gamma_multiply(0.18), Stroke::new(1.2, GREEN)));
            }
        }
        for f in &self.d.features {
            for &h in &f.hexes {
                shapes.push(poly(
                    h,
                    Color32::TRANSPARENT,
                    Stroke::new(2.0, Color32::from_gray(30)),
                ));
            }
        }
        for &h in &self.pending.hexes {
            shapes.push(poly(h, GOLD.gamma_multiply(0.45), Stroke::new(2.0, GOLD)));
        }
        for road in self
            .d
            .roads
            .iter()
            .chain(std::iter::once(&self.pending.road))
        {
            let pts: Vec<egui::Pos2> = road.iter().map(|&h| centre(h)).collect();
            if pts.len() > 1 {
                shapes.push(Shape::line(pts, Stroke::new(4.0, ROAD)));
            }
        }
        let mut labels = Vec::new();
        for (k, &(h, _)) in self.pending.units.iter().enumerate() {
            let c = centre(h);
            shapes.push(Shape::circle_stroke(
                c,
                layout.size as f32 * 0.55,
                Stroke::new(2.5, GOLD),
            ));
            labels.push((c, format!("{}", k + 1)));
        }
        let painter = ui.painter_at(response.rect);
        let scenario = self.d.scenario();
        painter.rect_filled(response.rect, 0.0, Color32::from_gray(60));
        // Terrain, the overlay, then the counters placed so far with their
        // facing, as the editor draws them.
        crate::app::map_view::draw_map_with(
            &painter,
            response.rect,
            &layout,
            &map,
            Some(&scenario),
            crate::app::map_view::DrawOptions {
                hex_numbers: true,
                counters: true,
                names: true,
            },
            &|p| p.extend(shapes.clone()),
        );
        for (c, t) in labels {
            painter.text(
                c + egui::vec2(0.0, -(layout.size as f32) * 0.55),
                egui::Align2::CENTER_BOTTOM,
                t,
                egui::FontId::proportional(13.0),
                GOLD,
            );
        }
    }
}

/// Adds `h` to a road, or takes it off when it is the last hex.
fn toggle_last(road: &mut Vec<Hex>, h: Hex) {
    if road.last() == Some(&h) {
        road.pop();
    } else {
        road.push(h);
    }
}
