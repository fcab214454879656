//! The widgets a rule set's settings tab is built of, shared by every rule
//! set's window parts: one row per documented option, with its ruling and
//! default, and the choice of the side that goes first.

use crate::scenario::options::DocumentedOptions;
use egui::{RichText, Ui};

/// One row per option of `docs`: label with its ruling, its control, and
/// the ruled default.
pub(crate) fn option_rows<T: DocumentedOptions>(
    ui: &mut Ui,
    o: &mut T,
    defaults: &T,
    docs: &[crate::scenario::options::OptionDoc],
    grid_id: &str,
) {
    use crate::scenario::options::OptionKind;
    use serde_json::Value;
    egui::Grid::new(grid_id)
        .num_columns(3)
        .spacing([12.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for doc in docs {
                let now = o.option_value(doc.field);
                let default = defaults.option_value(doc.field);
                let l = ui
                    .label(format!("{} ({})", doc.label, doc.ruling))
                    .on_hover_text(doc.explain);
                let mut next: Option<Value> = None;
                ui.push_id(doc.field, |ui| match doc.kind {
                    OptionKind::Choice(values) => {
                        let words = |v: &Value| {
                            values
                                .iter()
                                .find(|(x, _)| v.as_str() == Some(*x))
                                .map_or_else(|| v.to_string(), |(_, w)| (*w).to_string())
                        };
                        egui::ComboBox::from_id_salt(doc.field)
                            .selected_text(words(&now))
                            .width(300.0)
                            .show_ui(ui, |ui| {
                                for (v, w) in values {
                                    if ui.selectable_label(now.as_str() == Some(*v), *w).clicked() {
                                        next = Some(Value::from(*v));
                                    }
                                }
                            })
                            .response
                            .labelled_by(l.id)
                            .on_hover_text(doc.explain);
                    }
                    OptionKind::Flag => {
                        let mut b = now.as_bool().unwrap_or(false);
                        if ui
                            .checkbox(&mut b, "")
                            .labelled_by(l.id)
                            .on_hover_text(doc.explain)
                            .changed()
                        {
                            next = Some(Value::from(b));
                        }
                    }
                    OptionKind::Number { min, max } => {
                        let mut n = now.as_i64().unwrap_or(min);
                        if ui
                            .add(super::fields::Number::new(&mut n).range(min..=max))
                            .labelled_by(l.id)
                            .on_hover_text(doc.explain)
                            .changed()
                        {
                            next = Some(Value::from(n));
                        }
                    }
                    OptionKind::Limit { min, max } => {
                        ui.horizontal(|ui| {
                            let mut on = !now.is_null();
                            let mut n = now.as_i64().unwrap_or(min.max(12));
                            let c = ui.checkbox(&mut on, "").labelled_by(l.id);
                            let r = ui
                                .add_enabled(
                                    on,
                                    super::fields::Number::new(&mut n).range(min..=max),
                                )
                                .labelled_by(l.id);
                            if !on {
                                ui.label(RichText::new("none").weak());
                            }
                            if c.changed() || r.changed() {
                                next = Some(if on { Value::from(n) } else { Value::Null });
                            }
                        });
                    }
                });
                if now == default {
                    ui.label(RichText::new("ruled default").weak());
                } else {
                    ui.label(format!(
                        "default: {}",
                        match doc.kind {
                            OptionKind::Choice(values) => values
                                .iter()
                                .find(|(x, _)| default.as_str() == Some(*x))
                                .map_or(String::new(), |(_, w)| (*w).to_string()),
                            OptionKind::Flag => if default.as_bool() == Some(true) {
                                "on"
                            } else {
                                "off"
                            }
                            .to_string(),
                            _ if default.is_null() => "none".to_string(),
                            _ => default.to_string(),
                        }
                    ));
                }
                ui.end_row();
                if let Some(v) = next
                    && let Err(e) = o.set_option(doc.field, v)
                {
                    // The controls offer only values the field takes.
                    ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
                    ui.end_row();
                }
            }
        });
}

/// The side that goes first: one of the scenario's sides, or none (the
/// first side listed), as the rule sets with that option keep it.
pub(crate) fn first_side_combo(
    ui: &mut Ui,
    salt: &str,
    first: &mut Option<crate::scenario::SideId>,
    sides: &[crate::scenario::Side],
) -> egui::Response {
    let name = |id: &Option<crate::scenario::SideId>| match id {
        Some(id) => sides
            .iter()
            .find(|s| &s.id == id)
            .map_or(id.to_string(), |s| s.name.clone()),
        None => format!(
            "the first side listed ({})",
            sides.first().map_or("none", |s| s.name.as_str())
        ),
    };
    egui::ComboBox::from_id_salt(salt)
        .selected_text(name(first))
        .show_ui(ui, |ui| {
            if ui.selectable_label(first.is_none(), name(&None)).clicked() {
                *first = None;
            }
            for s in sides {
                let on = first.as_ref() == Some(&s.id);
                if ui.selectable_label(on, &s.name).clicked() {
                    *first = Some(s.id.clone());
                }
            }
        })
        .response
}
