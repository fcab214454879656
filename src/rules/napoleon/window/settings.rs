//! *Napoleon*'s tab of Scenario settings (issue 19): every option of
//! `RULINGS-NAPOLEON.md` with its ruling and default, and the troop
//! characteristics (N13-N19), and the unit's rows of the inspector.

use crate::app::options_ui::option_rows;
use crate::rules::napoleon::model::NapoleonOptions;
use crate::rules::napoleon::model::options::{OPTION_DOCS, TROOP_DOCS};
use crate::rules::plugin::Plugin;
use crate::scenario::options::{DocumentedOptions, OptionDoc};
use crate::scenario::{Scenario, Unit, UnitKind};
use egui::{RichText, Ui};

/// The Rule options tab: every option but the turn limit, which is the
/// General tab's game length.
pub fn options_ui(ui: &mut Ui, o: &mut NapoleonOptions) {
    let defaults = NapoleonOptions::default();
    let length = o.game_length_field();
    let docs: Vec<OptionDoc> = OPTION_DOCS
        .iter()
        .filter(|d| Some(d.field) != length)
        .copied()
        .collect();
    ui.label(
        RichText::new(
            "Where the rules are silent or unclear, RULINGS-NAPOLEON.md decides; each option \
             below is one of its choices, with the ruled default marked.",
        )
        .weak(),
    );
    if ui
        .button("Reset every option to the ruled default")
        .clicked()
    {
        for doc in &docs {
            let v = defaults.option_value(doc.field);
            // A default read from the defaults always fits its field.
            let _ = o.set_option(doc.field, v);
        }
    }
    ui.add_space(4.0);
    option_rows(ui, o, &defaults, &docs, "rule options");
    ui.add_space(8.0);
    ui.heading("Troop characteristics (N13-N19)");
    ui.label(
        RichText::new(
            "Vedette defaults for numbers the rules lost or never printed; a unit's own \
             values, where it gives them, come first.",
        )
        .weak(),
    );
    option_rows(ui, o, &defaults, TROOP_DOCS, "troop table");
}

/// The inspector's and the template's rows: the unit's type, then what
/// these rules read beyond it (horse artillery, Cossacks, a start in
/// column, casualties) and its force. True when a discrete change was
/// made.
pub fn unit_rows(ui: &mut Ui, u: &mut Unit, s: &Scenario) -> bool {
    ui.label("Type");
    let mut discrete = crate::app::tools::kind_radios(ui, &mut u.kind);
    ui.end_row();
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
            crate::app::fields::Number::new(&mut u.troop.casualties)
                .range(0..=crate::scenario::MAX_STRENGTH),
        )
        .labelled_by(l.id)
        .on_hover_text("Casualty points the unit starts with (N19)");
    discrete |= r.changed();
    ui.end_row();
    let force = s
        .side(&u.side)
        .and_then(|s| s.forces.iter().find(|f| f.units.contains(&u.id)))
        .map_or("in no force (Armies window, A)".to_string(), |f| {
            f.name.clone()
        });
    ui.label("Force");
    ui.label(force);
    ui.end_row();
    discrete
}
