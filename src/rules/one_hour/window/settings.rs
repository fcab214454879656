//! The One Hour Napoleonic panels of Scenario settings (issue 21): every
//! option of `RULINGS-ONE-HOUR.md` with its ruling and default, who goes
//! first, the unit types that may form square or have shock, the troop
//! table with its shooting tables by range, fortified boxes, the leaders
//! and the two chance-card decks. Each edits the settings window's draft;
//! OK or Apply makes it one undoable edit.

use crate::app::options_ui::option_rows;
use crate::hex::Hex;
use crate::rules::one_hour::model::options::{OPTION_DOCS, TROOP_DOCS};
use crate::rules::one_hour::model::{
    Amount, Band, Card, CardEffect, Commands, Deck, Leader, OneHourOptions, UnitType,
};
use crate::scenario::Side;
use egui::{RichText, Ui};
use std::collections::HashMap;

/// Texts being typed that become data once they read (boxes, command
/// lists), by a key naming the field.
pub type Typed = HashMap<String, String>;

/// The Rule options tab: every option but the turn limit, which is the
/// General tab's game length.
pub fn options_ui(ui: &mut Ui, o: &mut OneHourOptions, sides: &[Side], typed: &mut Typed) {
    let defaults = OneHourOptions::default();
    let length = crate::rules::plugin::Plugin::game_length_field(o);
    let docs: Vec<crate::scenario::options::OptionDoc> = OPTION_DOCS
        .iter()
        .filter(|d| Some(d.field) != length)
        .copied()
        .collect();
    ui.label(
        RichText::new(
            "Where the text is silent or lost its numbers, RULINGS-ONE-HOUR.md decides; each \
             option below is one of its choices, with the ruled default marked.",
        )
        .weak(),
    );
    if ui
        .button("Reset every option to the ruled default")
        .clicked()
    {
        use crate::scenario::options::DocumentedOptions;
        for doc in &docs {
            // A default read from the defaults always fits its field.
            let _ = o.set_option(doc.field, defaults.option_value(doc.field));
        }
    }
    ui.add_space(4.0);
    egui::Grid::new("one hour first")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            let l = ui.label("First side (H9)");
            crate::app::options_ui::first_side_combo(ui, "first side", &mut o.first_side, sides)
                .labelled_by(l.id);
            ui.end_row();
            type_list(ui, "Form square (H32)", &mut o.square_types);
            type_list(ui, "Shock by type (H31)", &mut o.shock_by_type);
            let l = ui.label("Fortified boxes (H17)");
            boxes_field(ui, "fortified", &mut o.fortified, typed).labelled_by(l.id);
            ui.end_row();
        });
    ui.add_space(4.0);
    option_rows(ui, o, &defaults, &docs, "one hour options");
    ui.add_space(8.0);
    ui.heading("Troop table (H13-H15, H23, H27, H33)");
    ui.label(
        RichText::new(
            "Vedette defaults for the unit table the text lost: moves and bonuses in half \
             boxes (2 = 1 box).",
        )
        .weak(),
    );
    option_rows(ui, o, &defaults, TROOP_DOCS, "one hour troops");
    ui.add_space(8.0);
    ui.heading("Shooting dice by range (H15)");
    ui.label(
        RichText::new(
            "Each band: up to this many boxes, roll this many dice; past the last band, out of \
             range. Cavalry never shoot.",
        )
        .weak(),
    );
    for t in UnitType::ALL {
        if t.is_cavalry() {
            continue;
        }
        bands_ui(ui, t.name(), o.troops.dice.get_mut(t));
    }
    bands_ui(ui, "Light Infantry with rifles", &mut o.troops.rifles_dice);
}

/// Checkboxes for a list of unit types.
fn type_list(ui: &mut Ui, label: &str, list: &mut Vec<UnitType>) {
    ui.label(label);
    ui.horizontal_wrapped(|ui| {
        for t in UnitType::ALL {
            let mut on = list.contains(&t);
            if ui.checkbox(&mut on, t.name()).changed() {
                if on {
                    list.push(t);
                    list.sort();
                } else {
                    list.retain(|x| *x != t);
                }
            }
        }
    });
    ui.end_row();
}

/// A list of boxes typed as "0406, 0805"; kept as typed until it reads.
fn boxes_field(ui: &mut Ui, key: &str, boxes: &mut Vec<Hex>, typed: &mut Typed) -> egui::Response {
    let shown = boxes
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let text = typed
        .entry(key.to_string())
        .or_insert_with(|| shown.clone());
    let r = ui.add(
        egui::TextEdit::singleline(text)
            .desired_width(260.0)
            .hint_text("box numbers, e.g. 0406, 0805"),
    );
    let parsed: Result<Vec<Hex>, String> = text
        .split([',', ' '])
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim()
                .parse::<Hex>()
                .map_err(|_| format!("`{}` is not a box number", s.trim()))
        })
        .collect();
    match parsed {
        Ok(v) => {
            if r.changed() {
                *boxes = v;
            } else if !r.has_focus() && *boxes != v {
                *text = shown;
            }
        }
        Err(e) => {
            ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
        }
    }
    r
}

/// One shooting table: its bands with add and remove.
fn bands_ui(ui: &mut Ui, name: &str, bands: &mut Vec<Band>) {
    ui.push_id(name, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(name).strong());
            let mut remove = None;
            for (i, b) in bands.iter_mut().enumerate() {
                ui.push_id(i, |ui| {
                    let l = ui.label("up to");
                    ui.add(crate::app::fields::Number::new(&mut b.to).range(1..=99))
                        .labelled_by(l.id);
                    let l = ui.label("boxes:");
                    ui.add(crate::app::fields::Number::new(&mut b.dice).range(0..=12))
                        .labelled_by(l.id);
                    ui.label("dice");
                    if ui
                        .small_button("×")
                        .on_hover_text("Remove this band")
                        .clicked()
                    {
                        remove = Some(i);
                    }
                    ui.label("|");
                });
            }
            if let Some(i) = remove {
                bands.remove(i);
            }
            if ui.small_button("+ band").clicked() {
                let to = bands.last().map_or(1, |b| b.to + 1);
                bands.push(Band { to, dice: 1 });
            }
        });
    });
}

/// The Leaders tab: each side's leaders, their commands, where they
/// start and their abilities (H23-H25).
pub fn leaders_ui(
    ui: &mut Ui,
    o: &mut OneHourOptions,
    sides: &[Side],
    typed: &mut Typed,
    place: &mut Option<usize>,
) {
    ui.label(
        RichText::new(
            "Leaders are not units: a leader in a unit's box lets it take one more hit (H20), \
             helps it rally (H21) and risks his life with it (H24). An army commander leads \
             every command.",
        )
        .weak(),
    );
    let mut remove = None;
    for (i, l) in o.leaders.iter_mut().enumerate() {
        ui.push_id(("leader", i), |ui| {
            ui.separator();
            egui::Grid::new("leader")
                .num_columns(2)
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    let lab = ui.label("Name");
                    ui.horizontal(|ui| {
                        ui.add(egui::TextEdit::singleline(&mut l.name).desired_width(200.0))
                            .labelled_by(lab.id);
                        if ui.small_button("Remove").clicked() {
                            remove = Some(i);
                        }
                    });
                    ui.end_row();
                    let lab = ui.label("Side");
                    egui::ComboBox::from_id_salt("side")
                        .selected_text(
                            sides
                                .iter()
                                .find(|s| s.id == l.side)
                                .map_or(l.side.to_string(), |s| s.name.clone()),
                        )
                        .show_ui(ui, |ui| {
                            for s in sides {
                                ui.selectable_value(&mut l.side, s.id.clone(), &s.name);
                            }
                        })
                        .response
                        .labelled_by(lab.id);
                    ui.end_row();
                    let lab = ui.label("Commands");
                    ui.horizontal(|ui| {
                        let mut all = l.commands == Commands::All;
                        if ui
                            .checkbox(&mut all, "army commander (all)")
                            .labelled_by(lab.id)
                            .changed()
                        {
                            l.commands = if all {
                                Commands::All
                            } else {
                                Commands::Listed(Vec::new())
                            };
                        }
                        if let Commands::Listed(list) = &mut l.commands {
                            let key = format!("commands {i}");
                            let text = typed.entry(key).or_insert_with(|| list.join(", "));
                            if ui
                                .add(
                                    egui::TextEdit::singleline(text)
                                        .desired_width(200.0)
                                        .hint_text("I, II, Guard"),
                                )
                                .labelled_by(lab.id)
                                .changed()
                            {
                                *list = text
                                    .split(',')
                                    .map(|s| s.trim().to_string())
                                    .filter(|s| !s.is_empty())
                                    .collect();
                            }
                        }
                    });
                    ui.end_row();
                    let lab = ui.label(if l.arrives.is_some() {
                        "Enters by box"
                    } else {
                        "Starts in box"
                    });
                    ui.horizontal(|ui| {
                        let mut start: Vec<Hex> = l.start.into_iter().collect();
                        if boxes_field(ui, &format!("start {i}"), &mut start, typed)
                            .labelled_by(lab.id)
                            .changed()
                        {
                            l.start = start.first().copied();
                        }
                        if ui
                            .button("Place on the map")
                            .on_hover_text(
                                "The editor's next click on the map places him (Esc cancels)",
                            )
                            .clicked()
                        {
                            *place = Some(i);
                        }
                    });
                    ui.end_row();
                    let lab = ui.label("Reinforcement");
                    ui.horizontal(|ui| {
                        let mut late = l.arrives.is_some();
                        if ui
                            .checkbox(&mut late, "arrives on turn")
                            .labelled_by(lab.id)
                            .changed()
                        {
                            l.arrives = late.then_some(2);
                        }
                        if let Some(t) = l.arrives.as_mut() {
                            ui.add(crate::app::fields::Number::new(t).range(1..=99))
                                .labelled_by(lab.id);
                        }
                    });
                    ui.end_row();
                    ui.label("Abilities (H25)");
                    ui.vertical(|ui| {
                        ui.checkbox(
                            &mut l.force_fire_reroll,
                            "enemy fire at a unit within 1 box rerolls a die that hit",
                        );
                        ui.checkbox(
                            &mut l.melee_reroll_miss,
                            "a friendly charge within 1 box rerolls a missed die",
                        );
                    });
                    ui.end_row();
                });
        });
    }
    if let Some(i) = remove {
        o.leaders.remove(i);
        typed.retain(|k, _| !k.starts_with("commands ") && !k.starts_with("start "));
    }
    ui.separator();
    ui.horizontal(|ui| {
        for s in sides {
            if ui.button(format!("Add a {} leader", s.name)).clicked() {
                o.leaders.push(Leader {
                    name: format!("{} leader {}", s.name, o.leaders.len() + 1),
                    side: s.id.clone(),
                    commands: Commands::All,
                    start: None,
                    arrives: None,
                    force_fire_reroll: false,
                    melee_reroll_miss: false,
                });
            }
        }
    });
}

/// The effects a card may have, by name, with default numbers.
const EFFECTS: [(&str, CardEffect); 7] = [
    ("No effect", CardEffect::NoEffect),
    (
        "Enemy panic",
        CardEffect::EnemyPanic {
            hits: Amount::Fixed(1),
        },
    ),
    ("May not move", CardEffect::MayNotMove { units: Amount::D3 }),
    ("Low ammo", CardEffect::LowAmmo { units: Amount::D3 }),
    (
        "Own unit hit",
        CardEffect::OwnUnitHit {
            hits: Amount::Fixed(1),
        },
    ),
    ("Double action", CardEffect::DoubleAction),
    (
        "Recover",
        CardEffect::Recover {
            units: Amount::D3,
            hits: Amount::Fixed(1),
        },
    ),
];

fn effect_name(e: CardEffect) -> &'static str {
    EFFECTS
        .iter()
        .find(|(_, x)| std::mem::discriminant(x) == std::mem::discriminant(&e))
        .map_or("?", |(n, _)| n)
}

/// A number a card gives: fixed, or a die.
fn amount_ui(ui: &mut Ui, label: &str, a: &mut Amount) {
    let l = ui.label(label);
    let words = match *a {
        Amount::Fixed(_) => "fixed".to_string(),
        other => other.words(),
    };
    egui::ComboBox::from_id_salt(label)
        .selected_text(words)
        .width(70.0)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(matches!(a, Amount::Fixed(_)), "fixed")
                .clicked()
                && !matches!(a, Amount::Fixed(_))
            {
                *a = Amount::Fixed(1);
            }
            for x in [Amount::D2, Amount::D3, Amount::D6] {
                if ui.selectable_label(*a == x, x.words()).clicked() {
                    *a = x;
                }
            }
        })
        .response
        .labelled_by(l.id);
    if let Amount::Fixed(n) = a {
        ui.add(crate::app::fields::Number::new(n).range(1..=6))
            .labelled_by(l.id);
    }
}

/// The Chance cards tab: a deck per side, its cards added, removed,
/// reordered and edited (title, effect with its numbers, flavour text).
pub fn cards_ui(ui: &mut Ui, o: &mut OneHourOptions, sides: &[Side]) {
    ui.label(
        RichText::new(
            "Each side draws one card at the start of its player turn (H38); the deck is \
             shuffled with the game's dice. A card's number is rolled when it is drawn (H39).",
        )
        .weak(),
    );
    for s in sides {
        ui.push_id(("deck", s.id.as_str()), |ui| {
            ui.separator();
            let at = o.decks.iter().position(|d| d.side == s.id);
            let n = at.map_or(0, |i| o.decks[i].cards.len());
            ui.heading(format!(
                "{} deck ({n} card{})",
                s.name,
                if n == 1 { "" } else { "s" }
            ));
            let Some(i) = at else {
                if ui.button(format!("Give {} a deck", s.name)).clicked() {
                    o.decks.push(Deck {
                        side: s.id.clone(),
                        cards: Vec::new(),
                    });
                }
                return;
            };
            let deck = &mut o.decks[i];
            let mut remove = None;
            let mut up = None;
            let mut copy = None;
            for (k, c) in deck.cards.iter_mut().enumerate() {
                ui.push_id(k, |ui| card_ui(ui, k, c, &mut remove, &mut up, &mut copy));
            }
            if let Some(k) = remove {
                deck.cards.remove(k);
            }
            if let Some(k) = up.filter(|&k| k > 0) {
                deck.cards.swap(k - 1, k);
            }
            if let Some(k) = copy {
                let c = deck.cards[k].clone();
                deck.cards.insert(k + 1, c);
            }
            let mut drop_deck = false;
            ui.horizontal(|ui| {
                if ui.button("Add a card").clicked() {
                    deck.cards.push(Card {
                        title: format!("Card {}", deck.cards.len() + 1),
                        effect: CardEffect::NoEffect,
                        text: String::new(),
                    });
                }
                drop_deck = deck.cards.is_empty() && ui.button("Remove the deck").clicked();
            });
            if drop_deck {
                o.decks.remove(i);
            }
        });
    }
}

fn card_ui(
    ui: &mut Ui,
    k: usize,
    c: &mut Card,
    remove: &mut Option<usize>,
    up: &mut Option<usize>,
    copy: &mut Option<usize>,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            let l = ui.label(format!("{}.", k + 1));
            ui.add(
                egui::TextEdit::singleline(&mut c.title)
                    .desired_width(220.0)
                    .hint_text("Title"),
            )
            .labelled_by(l.id)
            .on_hover_text("The card's title");
            let l = ui.label("Effect");
            egui::ComboBox::from_id_salt("effect")
                .selected_text(effect_name(c.effect))
                .show_ui(ui, |ui| {
                    for (name, e) in EFFECTS {
                        let on = effect_name(c.effect) == name;
                        if ui.selectable_label(on, name).clicked() && !on {
                            c.effect = e;
                        }
                    }
                })
                .response
                .labelled_by(l.id);
            if ui
                .small_button("Up")
                .on_hover_text("Move the card up the list")
                .clicked()
            {
                *up = Some(k);
            }
            if ui.small_button("Copy").clicked() {
                *copy = Some(k);
            }
            if ui.small_button("Remove").clicked() {
                *remove = Some(k);
            }
        });
        ui.horizontal(|ui| match &mut c.effect {
            CardEffect::EnemyPanic { hits } | CardEffect::OwnUnitHit { hits } => {
                amount_ui(ui, "hits", hits)
            }
            CardEffect::MayNotMove { units } | CardEffect::LowAmmo { units } => {
                amount_ui(ui, "units", units)
            }
            CardEffect::Recover { units, hits } => {
                amount_ui(ui, "units", units);
                amount_ui(ui, "hits each", hits);
            }
            CardEffect::NoEffect | CardEffect::DoubleAction => {}
        });
        let l = ui.label(RichText::new(format!("{}.", c.effect.words())).weak());
        ui.add(
            egui::TextEdit::multiline(&mut c.text)
                .desired_rows(1)
                .desired_width(f32::INFINITY)
                .hint_text("Flavour text, in your own words"),
        )
        .labelled_by(l.id);
    });
}

/// The One Hour Napoleonic rows of the inspector (H12, H13, H37): unit
/// type, quality with its hits, traits (steadfast and conscript exclude
/// each other; rifles only for light infantry) and command. Returns
/// whether a discrete change was made; the command's text counts as a
/// stroke, like the designation.
pub fn unit_fields(
    ui: &mut egui::Ui,
    u: &mut crate::scenario::Unit,
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
        u.kind = x.unit_type.kind();
        u.one_hour = Some(x);
    }
    discrete
}
