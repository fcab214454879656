//! The window's dialogs: armies, officers to place, rule settings, File >
//! New and recovery.

use super::*;

impl VedetteApp {
    /// Opens the rule set's window beside the editor (the Armies window
    /// of rules with forces and Generals).
    pub fn open_armies(&mut self) {
        if let Some(d) = &self.doc {
            self.armies = plugin::window(&d.scenario.rules).side_window(&d.scenario);
        }
    }

    /// The rule set's window: each finished change is one undoable edit.
    pub(super) fn armies_ui(&mut self, ctx: &egui::Context) {
        let (Some(w), Some(doc)) = (self.armies.as_mut(), self.doc.as_ref()) else {
            return;
        };
        let out = w.ui(ctx, &doc.scenario, &doc.map, self.tools.selected.as_ref());
        let e = out
            .edit
            .and_then(|(label, after)| Some((label, edit::set_scenario(doc, after)?)));
        let centre = out
            .select
            .as_ref()
            .and_then(|id| doc.scenario.unit(id))
            .and_then(|u| u.start_hex());
        if let Some((label, e)) = e {
            self.apply(edit::Edit::Group {
                label,
                edits: vec![e],
            });
        }
        if let Some(o) = out.place {
            self.start_placing(o);
        }
        if let Some(id) = out.select {
            if let Some(h) = centre {
                self.centre_on(h);
            }
            self.tools.selected = Some(id);
        }
        if out.closed {
            self.armies = None;
        }
    }

    /// The next map click places `o` (Esc cancels).
    pub(super) fn start_placing(&mut self, o: Box<dyn crate::rules::plugin::PlaceOfficer>) {
        if let Some(doc) = &self.doc {
            let cell = if doc.map.grid().is_boxes() {
                "box"
            } else {
                "hex"
            };
            self.tools.message = Some(format!(
                "Click a {cell} to place {} (Esc cancels)",
                o.name(&doc.scenario)
            ));
            self.placing = Some(o);
        }
    }

    /// The settings windows: their drafts become one undoable edit each
    /// time OK or Apply is pressed.
    pub(super) fn settings_ui(&mut self, ctx: &egui::Context) {
        if let Some(mut w) = self.scenario_settings.take()
            && let Some(doc) = &self.doc
        {
            w.follow(&doc.scenario);
            let (after, keep) = w.ui(ctx, &doc.map).resolve();
            if let Some(after) = after {
                let e = edit::set_scenario(doc, after);
                w.applied();
                if let Some(e) = e {
                    self.apply(e);
                }
            }
            if let Some(o) = w.rules_state.place.take() {
                self.start_placing(o);
            }
            if keep {
                self.scenario_settings = Some(w);
            }
        }
        if let Some(mut w) = self.map_settings.take()
            && let Some(doc) = &self.doc
        {
            w.follow(&doc.map);
            let (after, keep) = w.ui(ctx, &doc.scenario).resolve();
            if let Some(after) = after {
                let e = edit::set_map(doc, after);
                w.applied();
                if let Some(e) = e {
                    self.apply(e);
                }
            }
            if keep {
                self.map_settings = Some(w);
            }
        }
    }

    pub(super) fn new_dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(mut settings) = self.new_dialog.take() else {
            return;
        };
        let mut open = true;
        let mut create = false;
        egui::Window::new("New scenario")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.strong("Rules");
                for rules in crate::scenario::RuleSet::every() {
                    let support = rules.support();
                    let chosen = settings.rules.name() == support.name;
                    if ui.radio(chosen, support.name).clicked() && !chosen {
                        // The grid the rules are played on.
                        if !support.hexes {
                            settings.orientation = crate::hex::Orientation::Boxes;
                        } else if !support.boxes
                            && settings.orientation == crate::hex::Orientation::Boxes
                        {
                            settings.orientation = crate::hex::Orientation::FlatTop;
                        }
                        settings.rules = rules;
                    }
                    ui.indent(support.name, |ui| {
                        ui.label(RichText::new(support.summary).weak());
                    });
                }
                ui.separator();
                egui::Grid::new("new map").num_columns(2).show(ui, |ui| {
                    settings::size_fields(ui, &mut settings.columns, &mut settings.rows);
                    ui.label("Grid");
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::FlatTop,
                            "hexes, flat top (columns)",
                        );
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::PointyTop,
                            "hexes, pointy top (rows)",
                        );
                        ui.radio_value(
                            &mut settings.orientation,
                            crate::hex::Orientation::Boxes,
                            "square boxes",
                        )
                        .on_hover_text("A grid of squares: 8 neighbours each, units face a box side, roads and rivers lie on box sides");
                    });
                    ui.end_row();
                    if settings.orientation != crate::hex::Orientation::Boxes {
                        ui.label("Shifted half a hex");
                        ui.horizontal(|ui| {
                            ui.radio_value(&mut settings.stagger, crate::hex::Stagger::Even, "even");
                            ui.radio_value(&mut settings.stagger, crate::hex::Stagger::Odd, "odd");
                        });
                        ui.end_row();
                    }
                });
                let support = settings.rules.support();
                let boxes = settings.orientation == crate::hex::Orientation::Boxes;
                if boxes && !support.boxes || !boxes && !support.hexes {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!(
                            "The {} rules are played on {}: this map can be drawn, checked and printed, but not playtested with them.",
                            support.name,
                            if support.hexes { "hexes" } else { "square boxes" }
                        ),
                    );
                }
                ui.label(
                    RichText::new(format!(
                        "A clear map with the {} terrain{}, and two sides{}.",
                        settings.rules.name(),
                        if settings.rules.support().crt {
                            ", rules and CRT"
                        } else {
                            " and rules"
                        },
                        if settings.rules.support().forces {
                            ", each with an army and a General to place; build its forces next"
                        } else {
                            ""
                        }
                    ))
                    .weak(),
                );
                if ui.button("Create").clicked() {
                    create = true;
                }
            });
        if create {
            self.tab_for_new_document();
            self.set_doc(OpenDoc::new_blank(&settings));
            self.open_error = None;
        } else if open {
            self.new_dialog = Some(settings);
        }
    }

    pub(super) fn recovery_ui(&mut self, ctx: &egui::Context) {
        let Some((r, file)) = self.recovery_offer.clone() else {
            return;
        };
        let name = r
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or("an untitled scenario".into());
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label(format!(
                "Vedette did not close cleanly last time. Unsaved changes to {name} were autosaved."
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.recovery_offer = None;
                match r.restore() {
                    Ok(doc) => {
                        // Over its file's tab if that is open, else in a
                        // tab of its own (several tabs may have died).
                        match doc.path.as_deref().and_then(|p| self.tab_of(p)) {
                            Some(i) => self.switch_tab(i),
                            None => self.tab_for_new_document(),
                        }
                        self.set_doc(doc);
                        self.open_error = None;
                        self.status = Some((
                            true,
                            format!(
                                "Recovered the unsaved changes to {name}: save them to keep them"
                            ),
                        ));
                        // Kept under this window's name until saved.
                        self.autosave_now();
                    }
                    Err(e) => self.status = Some((false, format!("Cannot recover: {e}"))),
                }
                let _ = std::fs::remove_file(&file);
                self.check_recovery();
            }
            Some(false) => {
                self.recovery_offer = None;
                let _ = std::fs::remove_file(&file);
                self.check_recovery();
            }
            None => {}
        }
    }
}
