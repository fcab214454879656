//! The Armies window (issue 19, item 2), for rule sets with forces and
//! Generals: per side, the army's nation and General (name, command
//! factor, where he starts), the break point, and the forces with their
//! leaders and units. Units are dragged between forces (or out of every
//! force); a whole force is faced at once; leaders and the General are
//! placed on the hex of the unit selected in the editor.
//!
//! Each change is one undoable edit of the scenario, made when it is
//! complete: a button, a drop, a number, or a name when its field loses
//! focus. The window follows the document (undo, redo) otherwise.

use crate::hex::Dir;
use crate::rules::napoleon::model::{Army, General};
use crate::scenario::{Force, Leader, Map, Scenario, UnitId};
use egui::{Color32, RichText, Ui};

/// The window's state between frames.
pub struct ArmiesWindow {
    /// The scenario as edited, ahead of the document while a name is
    /// being typed.
    draft: Scenario,
    /// The document's scenario the draft was taken from.
    original: Scenario,
    /// The side shown.
    pub side: usize,
}

/// A General or a force's leader, by side and force index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Officer {
    General { side: usize },
    Leader { side: usize, force: usize },
}

impl crate::rules::plugin::PlaceOfficer for Officer {
    fn name(&self, s: &Scenario) -> String {
        match *self {
            Officer::General { side } => s
                .sides
                .get(side)
                .and_then(|x| x.army.as_ref())
                .map_or("the General".into(), |a| {
                    format!("General {}", a.general.name)
                }),
            Officer::Leader { side, force } => s
                .sides
                .get(side)
                .and_then(|x| x.forces.get(force))
                .and_then(|f| f.leader.as_ref())
                .map_or("the leader".into(), |l| l.name.clone()),
        }
    }

    fn placed(&self, s: &Scenario, h: crate::hex::Hex) -> Option<Scenario> {
        let mut s = s.clone();
        match *self {
            Officer::General { side } => {
                s.sides.get_mut(side)?.army.as_mut()?.general.hex = Some(h);
            }
            Officer::Leader { side, force } => {
                s.sides
                    .get_mut(side)?
                    .forces
                    .get_mut(force)?
                    .leader
                    .as_mut()?
                    .hex = Some(h);
            }
        }
        Some(s)
    }
}

/// What a frame of the window asks of the editor.
#[derive(Default)]
pub struct ArmiesOutput {
    /// A finished change: its words for the Undo menu and the scenario
    /// after it.
    pub edit: Option<(String, Scenario)>,
    /// A unit to select in the editor (clicked in the window).
    pub select: Option<UnitId>,
    /// An officer to place with the next click on the map.
    pub place: Option<Officer>,
    /// The window was closed.
    pub closed: bool,
}

impl ArmiesWindow {
    pub fn new(s: &Scenario) -> ArmiesWindow {
        ArmiesWindow {
            draft: s.clone(),
            original: s.clone(),
            side: 0,
        }
    }

    /// Draws the window. `selected`: the unit selected in the editor (its
    /// hex places officers).
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        current: &Scenario,
        map: &Map,
        selected: Option<&UnitId>,
    ) -> ArmiesOutput {
        // The document changed under the window (undo, another tool):
        // follow it.
        if *current != self.original {
            self.draft = current.clone();
            self.original = current.clone();
        }
        let mut out = ArmiesOutput::default();
        let mut label = None;
        let mut open = true;
        // By the right edge, clear of the tools and the left of the map.
        let right = ctx.content_rect().right();
        egui::Window::new("Armies")
            .open(&mut open)
            .default_pos(egui::pos2((right - 490.0).max(0.0), 70.0))
            .default_width(460.0)
            .default_height(720.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    for (i, s) in self.draft.sides.iter().enumerate() {
                        ui.selectable_value(&mut self.side, i, &s.name);
                    }
                });
                ui.separator();
                if self.side >= self.draft.sides.len() {
                    self.side = 0;
                }
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        self.side_ui(ui, map, selected, &mut out, &mut label)
                    });
            });
        out.closed = !open;
        if let Some(label) = label {
            if self.draft != self.original {
                out.edit = Some((label, self.draft.clone()));
                self.original = self.draft.clone();
            }
        } else if !ctx.text_edit_focused() && self.draft != self.original {
            // A name finished without Enter (focus moved elsewhere).
            out.edit = Some(("edit armies".into(), self.draft.clone()));
            self.original = self.draft.clone();
        }
        out
    }

    fn side_ui(
        &mut self,
        ui: &mut Ui,
        map: &Map,
        selected: Option<&UnitId>,
        out: &mut ArmiesOutput,
        label: &mut Option<String>,
    ) {
        let s = self.side;
        let dirs = map.grid().sides();
        let selected_hex = selected
            .and_then(|id| self.draft.unit(id))
            .filter(|u| u.side == self.draft.sides[s].id)
            .and_then(|u| u.start_hex());
        let side_id = self.draft.sides[s].id.clone();
        let side_name = self.draft.sides[s].name.clone();
        // The army and its General [1.1][3.6.1].
        ui.heading("Army");
        if self.draft.sides[s].army.is_none() {
            ui.label(
                RichText::new("This side has no General yet; the rules need one per army.")
                    .color(Color32::from_rgb(170, 60, 20)),
            );
            if ui.button("Give the side a General").clicked() {
                self.draft.sides[s].army = Some(Army {
                    general: General {
                        name: format!("{side_name} General"),
                        command_factor: 2,
                        hex: None,
                    },
                    nation: side_name.clone(),
                    aggressiveness: 0,
                    cavalry_movement: None,
                    break_point: None,
                });
                *label = Some(format!("give {side_name} a General"));
            }
        }
        let units_of_side = self
            .draft
            .units
            .iter()
            .filter(|u| u.side == side_id)
            .count() as u32;
        if let Some(army) = self.draft.sides[s].army.as_mut() {
            egui::Grid::new("army").num_columns(2).show(ui, |ui| {
                let l = ui.label("Nation");
                if ui
                    .add(egui::TextEdit::singleline(&mut army.nation).desired_width(200.0))
                    .labelled_by(l.id)
                    .on_hover_text("France gives initiative ties to this side (N34)")
                    .lost_focus()
                {
                    *label = Some("rename the nation".into());
                }
                ui.end_row();
                let l = ui.label("General");
                if ui
                    .add(egui::TextEdit::singleline(&mut army.general.name).desired_width(200.0))
                    .labelled_by(l.id)
                    .lost_focus()
                {
                    *label = Some("rename the General".into());
                }
                ui.end_row();
                let l = ui.label("Command factor");
                if ui
                    .add(
                        crate::app::fields::Number::new(&mut army.general.command_factor)
                            .range(1..=4),
                    )
                    .labelled_by(l.id)
                    .on_hover_text(
                        "1 (poorest) to 4 (finest): special actions a turn and ADCs [3.6.1]",
                    )
                    .changed()
                {
                    *label = Some("set the command factor".into());
                }
                ui.end_row();
                ui.label("Starts at");
                ui.horizontal(|ui| {
                    ui.label(
                        army.general
                            .hex
                            .map_or("not placed".into(), |h| h.to_string()),
                    );
                    if ui
                        .button("Place on the map")
                        .on_hover_text("Then click an empty hex: a General stands alone (N67)")
                        .clicked()
                    {
                        out.place = Some(Officer::General { side: s });
                    }
                });
                ui.end_row();
                let l = ui.label("Break point");
                ui.horizontal(|ui| {
                    let mut own = army.break_point.is_some();
                    if ui
                        .checkbox(&mut own, "set by hand")
                        .labelled_by(l.id)
                        .on_hover_text("Otherwise 25% of the army's units, rounded up (N98)")
                        .changed()
                    {
                        army.break_point = own.then_some(Army::break_point_of(None, units_of_side));
                        *label = Some("set the break point".into());
                    }
                    match army.break_point.as_mut() {
                        Some(bp) => {
                            if ui
                                .add(crate::app::fields::Number::new(bp).range(1..=999))
                                .changed()
                            {
                                *label = Some("set the break point".into());
                            }
                        }
                        None => {
                            ui.label(format!(
                                "{} (25%)",
                                crate::words::counted(
                                    Army::break_point_of(None, units_of_side),
                                    "unit",
                                    "units"
                                )
                            ));
                        }
                    }
                });
                ui.end_row();
            });
        }
        ui.add_space(6.0);
        ui.heading("Forces");
        ui.label(
            RichText::new(
                "Drag a unit onto another force to move it there, or onto \"In no force\". \
                 Face sets every unit of the force at once.",
            )
            .small()
            .weak(),
        );
        let mut moved: Option<(UnitId, Option<usize>)> = None;
        let mut remove: Option<usize> = None;
        let mut face: Option<(usize, Dir)> = None;
        let n = self.draft.sides[s].forces.len();
        for fi in 0..n {
            ui.push_id(("force", fi), |ui| {
                let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
                let (_, dropped) = ui.dnd_drop_zone::<UnitId, _>(frame, |ui| {
                    ui.set_width(ui.available_width());
                    let force = &mut self.draft.sides[s].forces[fi];
                    ui.horizontal(|ui| {
                        let l = ui.label("Force");
                        if ui
                            .add(egui::TextEdit::singleline(&mut force.name).desired_width(180.0))
                            .labelled_by(l.id)
                            .lost_focus()
                        {
                            *label = Some("rename a force".into());
                        }
                        if ui
                            .small_button("Remove")
                            .on_hover_text("Its units stay, in no force")
                            .clicked()
                        {
                            remove = Some(fi);
                        }
                    });
                    ui.horizontal(|ui| {
                        let mut has = force.leader.is_some();
                        if ui.checkbox(&mut has, "Leader").changed() {
                            force.leader = has.then(|| Leader {
                                name: format!("{} leader", force.name),
                                factor: 0,
                                hex: None,
                            });
                            *label = Some("set a leader".into());
                        }
                        if let Some(l) = force.leader.as_mut() {
                            if ui
                                .add(egui::TextEdit::singleline(&mut l.name).desired_width(120.0))
                                .on_hover_text("The leader's name")
                                .lost_focus()
                            {
                                *label = Some("rename a leader".into());
                            }
                            for (v, t) in [(-1, "-1"), (0, "0"), (1, "+1")] {
                                if ui
                                    .radio_value(&mut l.factor, v, t)
                                    .on_hover_text("Added to the force's command checks [1.2]")
                                    .changed()
                                {
                                    *label = Some("set a leader's factor".into());
                                }
                            }
                        }
                    });
                    if let Some(l) = force.leader.as_mut() {
                        ui.horizontal(|ui| {
                            ui.label(format!(
                                "{} starts at {}",
                                l.name,
                                l.hex.map_or("no hex".into(), |h| h.to_string())
                            ));
                            if let Some(h) = selected_hex
                                && ui
                                    .small_button(format!("With the selected unit ({h})"))
                                    .clicked()
                            {
                                l.hex = Some(h);
                                *label = Some("place a leader".into());
                            }
                            if ui
                                .small_button("Place on the map")
                                .on_hover_text(
                                    "Then click a hex: alone, or with a unit of his force",
                                )
                                .clicked()
                            {
                                out.place = Some(Officer::Leader { side: s, force: fi });
                            }
                        });
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Face");
                        for &d in dirs {
                            if ui
                                .small_button(d.name())
                                .on_hover_text("Every unit of the force faces this way")
                                .clicked()
                            {
                                face = Some((fi, d));
                            }
                        }
                    });
                    let units = force.units.clone();
                    unit_list(ui, &self.draft, &units, selected, out);
                });
                if let Some(id) = dropped {
                    moved = Some(((*id).clone(), Some(fi)));
                }
            });
        }
        if ui.button("Add a force").clicked() {
            let k = n + 1;
            // Each force is one leader and its units (N12): it comes with
            // a leader of factor 0, to rename and place.
            self.draft.sides[s].forces.push(Force {
                name: format!("Force {k}"),
                leader: Some(Leader {
                    name: format!("Leader {k}"),
                    factor: 0,
                    hex: None,
                }),
                units: Vec::new(),
            });
            *label = Some("add a force".into());
        }
        // Units of the side in no force.
        let in_force: Vec<UnitId> = self.draft.sides[s]
            .forces
            .iter()
            .flat_map(|f| f.units.iter().cloned())
            .collect();
        let loose: Vec<UnitId> = self
            .draft
            .units
            .iter()
            .filter(|u| u.side == side_id && !in_force.contains(&u.id))
            .map(|u| u.id.clone())
            .collect();
        ui.add_space(4.0);
        let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
        let (_, dropped) = ui.dnd_drop_zone::<UnitId, _>(frame, |ui| {
            ui.set_width(ui.available_width());
            ui.strong("In no force");
            if loose.is_empty() {
                ui.label(RichText::new("Every unit of the side is in a force.").weak());
            } else {
                ui.label(
                    RichText::new("The rules activate units by force: give each one a force.")
                        .small()
                        .color(Color32::from_rgb(170, 60, 20)),
                );
            }
            unit_list(ui, &self.draft, &loose, selected, out);
        });
        if let Some(id) = dropped {
            moved = Some(((*id).clone(), None));
        }
        // Apply what was asked this frame.
        if let Some((id, to)) = moved {
            let from = self.draft.sides[s]
                .forces
                .iter()
                .position(|f| f.units.contains(&id));
            if from != to {
                move_unit_to_force(&mut self.draft, &id, s, to);
                *label = Some(match to {
                    Some(f) => format!("move {id} to {}", self.draft.sides[s].forces[f].name),
                    None => format!("take {id} out of its force"),
                });
            }
        }
        if let Some(fi) = remove {
            let name = self.draft.sides[s].forces.remove(fi).name;
            *label = Some(format!("remove force {name}"));
        }
        if let Some((fi, d)) = face {
            let units = self.draft.sides[s].forces[fi].units.clone();
            for u in self
                .draft
                .units
                .iter_mut()
                .filter(|u| units.contains(&u.id))
            {
                u.facing = Some(d);
            }
            *label = Some(format!(
                "face {} {}",
                self.draft.sides[s].forces[fi].name,
                d.name()
            ));
        }
    }
}

/// The units of a force as draggable rows; "Select" selects one in the
/// editor.
fn unit_list(
    ui: &mut Ui,
    s: &Scenario,
    units: &[UnitId],
    selected: Option<&UnitId>,
    out: &mut ArmiesOutput,
) {
    for id in units {
        let Some(u) = s.unit(id) else {
            continue;
        };
        ui.horizontal(|ui| {
            if ui
                .selectable_label(selected == Some(id), "Select")
                .on_hover_text("Select it on the map")
                .clicked()
            {
                out.select = Some(id.clone());
            }
            let drag_id = egui::Id::unique(("army unit", id.as_str()));
            ui.dnd_drag_source(drag_id, id.clone(), |ui| {
                let facing = u
                    .facing
                    .map_or(String::new(), |d| format!(", faces {}", d.name()));
                let place = u.start_hex().map_or(String::new(), |h| format!(" at {h}"));
                ui.label(format!(
                    "{} — {} {}{place}{facing}",
                    if u.designation.is_empty() {
                        u.id.as_str()
                    } else {
                        &u.designation
                    },
                    u.kind.name(),
                    s.rules.counter_label(u)
                ));
            });
        });
    }
}

/// Moves a unit of side `s` into force `to` (or out of every force).
pub fn move_unit_to_force(sc: &mut Scenario, id: &UnitId, s: usize, to: Option<usize>) {
    for f in &mut sc.sides[s].forces {
        f.units.retain(|u| u != id);
    }
    if let Some(f) = to.and_then(|f| sc.sides[s].forces.get_mut(f)) {
        f.units.push(id.clone());
    }
}

impl crate::app::plugin::SideWindow for ArmiesWindow {
    fn ui(
        &mut self,
        ctx: &egui::Context,
        s: &Scenario,
        map: &Map,
        selected: Option<&UnitId>,
    ) -> crate::app::plugin::SideWindowOutput {
        let out = ArmiesWindow::ui(self, ctx, s, map, selected);
        crate::app::plugin::SideWindowOutput {
            edit: out.edit,
            select: out.select,
            place: out
                .place
                .map(|o| Box::new(o) as Box<dyn crate::rules::plugin::PlaceOfficer>),
            closed: out.closed,
        }
    }
}
