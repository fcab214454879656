//! Scenario settings of the 16-hits rules (issue 37, item 3): every
//! option of `RULINGS-16-HITS.md` with its ruling and default, the
//! scenario's year and first side, the Generals, and the **Tables** tab:
//! every number the text lost, with its source (`[Lnn]` and ruling) and
//! whether it is a Vedette default, editable within its range and reset
//! to the ruled value. The window edits a draft applied as one undoable
//! change.

use crate::rules::hits16::model::options::OPTION_DOCS;
use crate::rules::hits16::model::{Hits16Options, TABLE_DOCS};
use crate::scenario::Side;
use crate::scenario::options::DocumentedOptions;
use egui::{RichText, Ui};

/// The side's name for a side id (or the id).
fn side_name(sides: &[Side], id: &crate::scenario::SideId) -> String {
    sides
        .iter()
        .find(|s| &s.id == id)
        .map_or(id.to_string(), |s| s.name.clone())
}

pub fn options_ui(ui: &mut Ui, o: &mut Hits16Options, sides: &[Side]) {
    let defaults = Hits16Options::default();
    ui.label(
        RichText::new(
            "Where the text is silent or lost its numbers, RULINGS-16-HITS.md decides; each option \
             below is one of its choices, with the ruled default marked. The lost numbers are on \
             the Tables tab.",
        )
        .weak(),
    );
    if ui
        .button("Reset every option to the ruled default")
        .clicked()
    {
        for doc in OPTION_DOCS {
            // A default read from the defaults always fits its field.
            let _ = o.set_option(doc.field, defaults.option_value(doc.field));
        }
    }
    ui.add_space(4.0);
    egui::Grid::new("hits16 scenario data")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            let l = ui.label("First side (M11)");
            crate::app::options_ui::first_side_combo(
                ui,
                "hits16 first side",
                &mut o.first_side,
                sides,
            )
            .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Year of the battle (M41)");
            ui.horizontal(|ui| {
                let mut has = o.year.is_some();
                if ui
                    .checkbox(&mut has, "")
                    .labelled_by(l.id)
                    .on_hover_text("Before 1807 every army may form line [L9]")
                    .changed()
                {
                    o.year = has.then_some(1815);
                }
                if let Some(y) = o.year.as_mut() {
                    ui.add(crate::app::fields::Number::new(y).range(1700..=1900));
                } else {
                    ui.label(RichText::new("no year: the year clause does not apply").weak());
                }
            });
            ui.end_row();
        });
    ui.add_space(6.0);
    crate::app::options_ui::option_rows(ui, o, &defaults, OPTION_DOCS, "hits16 options");
}

/// The Tables: every Vedette default number with its source.
/// The turn limit (M38) is the General tab's game length, not a row here.
pub fn tables_ui(ui: &mut Ui, o: &mut Hits16Options) {
    let defaults = Hits16Options::default();
    let length = crate::rules::plugin::Plugin::game_length_field(o);
    let docs: Vec<&crate::rules::hits16::model::TableDoc> = TABLE_DOCS
        .iter()
        .filter(|d| Some(d.field) != length)
        .collect();
    ui.label(
        RichText::new(
            "The text lost its tables when it was scraped [L37-39] [L72-79] [L92-96]. Every number \
             marked \"Vedette default\" is a value RULINGS-16-HITS.md proposes; if the original \
             tables turn up, type them here. The setup sheet prints these as Vedette defaults.",
        )
        .weak(),
    );
    if ui.button("Reset every number to the ruled value").clicked() {
        for d in &docs {
            if let Some(v) = defaults.table_value(d.field) {
                o.set_table_value(d.field, v);
            }
        }
    }
    ui.add_space(4.0);
    egui::Grid::new("hits16 tables")
        .num_columns(4)
        .spacing([12.0, 5.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("Number").strong());
            ui.label(RichText::new("Value").strong());
            ui.label(RichText::new("Source").strong());
            ui.label(RichText::new("").strong());
            ui.end_row();
            for d in &docs {
                let l = ui.label(d.label);
                let mut v = o.table_value(d.field).unwrap_or(0);
                let before = v;
                ui.push_id(d.field, |ui| {
                    ui.add(crate::app::fields::Number::new(&mut v).range(d.min..=d.max))
                        .labelled_by(l.id)
                        .on_hover_text(format!("rules.{} — {} to {}", d.field, d.min, d.max));
                });
                if v != before {
                    o.set_table_value(d.field, v);
                }
                ui.label(d.source);
                let default = defaults.table_value(d.field);
                let mark = match (d.vedette_default, default == Some(v)) {
                    (true, true) => "Vedette default".to_string(),
                    (true, false) => format!(
                        "Vedette default {}; changed",
                        default.map_or(String::new(), |x| x.to_string())
                    ),
                    (false, true) => "printed in the text".to_string(),
                    (false, false) => format!(
                        "the text prints {}; changed",
                        default.map_or(String::new(), |x| x.to_string())
                    ),
                };
                ui.label(RichText::new(mark).weak());
                ui.end_row();
            }
        });
}

/// The Generals (M13): id, name, side and hex; one may be added or
/// removed. Placing one on the map is the Unit tool's (or a hex typed).
pub fn generals_ui(
    ui: &mut Ui,
    o: &mut Hits16Options,
    sides: &[Side],
    units: &[crate::scenario::Unit],
    place: &mut Option<usize>,
) {
    ui.label(
        RichText::new(
            "Generals rally units within reach in the Command phase and move as cavalry [L33-35] \
             (M12, M13). A General is not a unit: he is never shot at or charged.",
        )
        .weak(),
    );
    let mut remove = None;
    for (i, g) in o.generals.iter_mut().enumerate() {
        ui.push_id(("general", i), |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(format!("General {}", i + 1)).strong());
            egui::Grid::new("general")
                .num_columns(2)
                .spacing([12.0, 5.0])
                .show(ui, |ui| {
                    let l = ui.label("Id");
                    ui.add(egui::TextEdit::singleline(&mut g.id).desired_width(140.0))
                        .labelled_by(l.id)
                        .on_hover_text("Commands and logs name him by it");
                    ui.end_row();
                    let l = ui.label("Name");
                    ui.add(egui::TextEdit::singleline(&mut g.name).desired_width(180.0))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Side");
                    egui::ComboBox::from_id_salt("general side")
                        .selected_text(side_name(sides, &g.side))
                        .show_ui(ui, |ui| {
                            for s in sides {
                                ui.selectable_value(&mut g.side, s.id.clone(), &s.name);
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Hex");
                    ui.horizontal(|ui| {
                        let mut text = g.hex.map_or(String::new(), |h| h.to_string());
                        let r = ui
                            .add(
                                egui::TextEdit::singleline(&mut text)
                                    .desired_width(60.0)
                                    .hint_text("CCRR"),
                            )
                            .labelled_by(l.id);
                        if r.changed() {
                            g.hex = text.trim().parse().ok();
                        }
                        if ui
                            .button("Place…")
                            .on_hover_text("Click his hex on the map next")
                            .clicked()
                        {
                            *place = Some(i);
                        }
                        if ui.button("Remove").clicked() {
                            remove = Some(i);
                        }
                    });
                    ui.end_row();
                });
        });
    }
    if let Some(i) = remove {
        o.generals.remove(i);
    }
    if ui.button("Add a General").clicked() {
        let side = sides
            .get(o.generals.len() % sides.len().max(1))
            .map(|s| s.id.clone())
            .unwrap_or_default();
        o.add_general(side, &|id| units.iter().any(|u| u.id.as_str() == id));
    }
}

/// The 16-hits rows of the unit inspector (M5-M7, M41): troop type,
/// formation (of the type's), rating, hits taken (0-15), nation and, with
/// `line_rule: per_unit`, line permission. A square has no facing (M8):
/// forming one clears it, leaving one gives the grid's first side.
/// Returns whether a change was made.
pub fn unit_fields(
    ui: &mut Ui,
    u: &mut crate::scenario::Unit,
    o: &Hits16Options,
    grid: crate::hex::Grid,
) -> bool {
    use crate::rules::hits16::model::{Formation, Hits16Unit, LineRule, Rating, TroopType};
    let mut x = Hits16Unit::read(u);
    let before = x.clone();
    let l = ui.label("Troop type");
    egui::ComboBox::from_id_salt("inspector hits16 type")
        .selected_text(x.troop.name())
        .show_ui(ui, |ui| {
            for t in TroopType::ALL {
                ui.selectable_value(&mut x.troop, t, t.name());
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    if !x.troop.formations().contains(&x.formation()) {
        x.formation = None;
    }
    let l = ui.label("Formation");
    let mut f = x.formation();
    egui::ComboBox::from_id_salt("inspector hits16 formation")
        .selected_text(f.name())
        .show_ui(ui, |ui| {
            for &g in x.troop.formations() {
                let ok = g != Formation::Line || o.line_allowed(&x);
                let r = ui.add_enabled(ok, egui::Button::selectable(f == g, g.name()));
                let r =
                    r.on_disabled_hover_text("The line rule forbids this unit a line [L9] (M41)");
                if r.clicked() {
                    f = g;
                }
            }
        })
        .response
        .labelled_by(l.id);
    x.formation = Some(f);
    ui.end_row();
    let l = ui.label("Rating");
    egui::ComboBox::from_id_salt("inspector hits16 rating")
        .selected_text(x.rating.name())
        .show_ui(ui, |ui| {
            for r in Rating::ALL {
                ui.selectable_value(&mut x.rating, r, r.name());
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    let l = ui.label("Hits taken");
    ui.horizontal(|ui| {
        ui.add(crate::app::fields::Number::new(&mut x.hits).range(0..=15))
            .labelled_by(l.id)
            .on_hover_text("0-15 of 16; every 4 is a base lost (M5, M40)");
        ui.label(RichText::new(format!("{} left", 16 - x.hits.min(16))).weak());
    });
    ui.end_row();
    let l = ui.label("Nation");
    ui.add(
        egui::TextEdit::singleline(&mut x.nation)
            .desired_width(110.0)
            .hint_text("British, French…"),
    )
    .labelled_by(l.id)
    .on_hover_text("British units, and French Elite ones, may form line [L9] (M41)");
    ui.end_row();
    if o.line_rule == LineRule::PerUnit && x.troop == TroopType::Infantry {
        ui.label("Line");
        let mut allowed = x.line_allowed.unwrap_or(false);
        if ui
            .checkbox(&mut allowed, "May form line (line_rule: per_unit) (M41)")
            .changed()
        {
            x.line_allowed = Some(allowed);
        }
        ui.end_row();
    }
    if x == before {
        return false;
    }
    let was_square = before.formation() == Formation::Square;
    let is_square = x.formation() == Formation::Square;
    if is_square {
        u.facing = None;
    } else if was_square || u.facing.is_none() {
        u.facing = grid.sides().first().copied();
    }
    u.kind = x.troop.kind();
    u.movement = *o.move_hexes.get(x.troop);
    u.hits16 = Some(x);
    true
}
