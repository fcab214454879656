//! The start dialog of a playtest (F5), for any rule set: the seats, the
//! seed and, where the rules play one, the scenario's variant.

use super::fresh_seed;
use crate::ai::PlayerKind;
use crate::play::Seat;
use crate::scenario::Scenario;
use egui::{Color32, Key, RichText};

const RED: Color32 = Color32::from_rgb(200, 40, 40);

/// What the start dialog chose: each table makes its rule set's setup
/// from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartChoice {
    pub seats: [Seat; 2],
    pub seed: u64,
    pub variant: VariantChoice,
    /// The chits set by hand (`VariantChoice::Fixed`).
    pub chits: [u32; 2],
}

/// How a scenario's variant is set up in the start dialog (the Grouchy
/// chits of Napoleon at Waterloo [9.0]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantChoice {
    Off,
    Drawn,
    Fixed,
}

/// The start dialog (F5): seats, seed and variant.
#[derive(Clone, Debug)]
pub struct StartDialog {
    pub seats: [Seat; 2],
    pub seed: String,
    pub variant: VariantChoice,
    pub chits: [u32; 2],
    /// The search player's strength: playouts per turn.
    pub budget: u32,
    /// Why the last start failed (the scenario cannot be played).
    pub error: Option<String>,
}

impl StartDialog {
    /// A dialog with a random seed (the shell may use global randomness;
    /// the game itself only sees the number).
    pub fn new(scenario: &Scenario) -> StartDialog {
        StartDialog {
            seats: [Seat::Human, Seat::Computer(PlayerKind::Heuristic)],
            seed: fresh_seed(),
            variant: if scenario.variants.is_empty() || scenario.rules.support().variants == 0 {
                VariantChoice::Off
            } else {
                VariantChoice::Drawn
            },
            chits: [1, 1],
            budget: crate::ai::search::DEFAULT_BUDGET,
            error: None,
        }
    }

    /// The choice the dialog describes, or why it is not one.
    pub fn choice(&self) -> Result<StartChoice, String> {
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| format!("the seed must be a whole number, not {:?}", self.seed))?;
        Ok(StartChoice {
            seats: self.seats.map(|s| match s {
                Seat::Computer(k) => Seat::Computer(k.with_budget(self.budget)),
                s => s,
            }),
            seed,
            variant: self.variant,
            chits: self.chits,
        })
    }

    /// Draws the dialog; returns the setup when Start is pressed, and
    /// whether the dialog stays open.
    pub fn ui(&mut self, ctx: &egui::Context, scenario: &Scenario) -> (Option<StartChoice>, bool) {
        let mut start = None;
        let mut keep = true;
        egui::Modal::new(egui::Id::unique("playtest start")).show(ctx, |ui| {
            ui.heading("Playtest");
            ui.label(
                RichText::new(if scenario.title.trim().is_empty() {
                    "A game of this untitled scenario on the rules engine. The scenario is not changed.".to_string()
                } else {
                    format!(
                        "A game of “{}” on the rules engine. The scenario is not changed.",
                        scenario.title
                    )
                })
                .weak(),
            );
            ui.add_space(6.0);
            egui::Grid::new("start grid").num_columns(2).show(ui, |ui| {
                for (i, side) in scenario.sides.iter().take(2).enumerate() {
                    let l = ui.label(&side.name);
                    ui.horizontal(|ui| {
                        let seat = &mut self.seats[i];
                        ui.radio_value(seat, Seat::Human, "Human");
                        ui.radio_value(seat, Seat::Computer(PlayerKind::Heuristic), "Computer");
                        ui.radio_value(
                            seat,
                            Seat::Computer(PlayerKind::Random),
                            "Computer (random)",
                        );
                        let search = matches!(seat, Seat::Computer(PlayerKind::Search { .. }));
                        if ui
                            .radio(search, "Computer (search)")
                            .on_hover_text(
                                "The search player: each turn it plays the game out with \
                                 its heuristic player's temperaments and plays the best",
                            )
                            .clicked()
                        {
                            *seat = Seat::Computer(PlayerKind::Search {
                                budget: self.budget,
                            });
                        }
                    })
                    .response
                    .labelled_by(l.id);
                    ui.end_row();
                }
                if self
                    .seats
                    .iter()
                    .any(|s| matches!(s, Seat::Computer(PlayerKind::Search { .. })))
                {
                    crate::app::fields::search_strength_row(ui, &mut self.budget);
                }
                let l = ui.label("Seed");
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut self.seed).desired_width(100.0))
                        .labelled_by(l.id);
                    if ui.button("New seed").clicked() {
                        self.seed = fresh_seed();
                    }
                });
                ui.end_row();
                if let Some(v) = scenario
                    .variants
                    .first()
                    .filter(|_| scenario.rules.support().variants > 0)
                {
                    // The name beside the first choice, not the middle one
                    // the grid's row would centre it on.
                    let l = ui
                        .with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            ui.add(egui::Label::new(&v.name).extend())
                        })
                        .inner;
                    ui.vertical(|ui| {
                        ui.radio_value(&mut self.variant, VariantChoice::Off, "Off");
                        ui.radio_value(
                            &mut self.variant,
                            VariantChoice::Drawn,
                            "Chits drawn secretly (revealed at the end)",
                        );
                        ui.radio_value(
                            &mut self.variant,
                            VariantChoice::Fixed,
                            "Chits set by hand (testing)",
                        );
                    })
                    .response
                    .labelled_by(l.id);
                    ui.end_row();
                    if self.variant == VariantChoice::Fixed {
                        for (i, t) in v.tables.iter().take(2).enumerate() {
                            let name = scenario
                                .side(&t.side)
                                .map_or(t.side.to_string(), |s| s.name.clone());
                            let l = ui.label(format!("{name} chit"));
                            let chosen = t
                                .chits
                                .iter()
                                .find(|c| c.code == self.chits[i])
                                .map_or(String::new(), |c| c.text.clone());
                            egui::ComboBox::from_id_salt(("chit", i))
                                .width(320.0)
                                .selected_text(format!("{}: {chosen}", self.chits[i]))
                                .show_ui(ui, |ui| {
                                    for c in &t.chits {
                                        ui.selectable_value(
                                            &mut self.chits[i],
                                            c.code,
                                            format!("{}: {}", c.code, c.text),
                                        );
                                    }
                                })
                                .response
                                .labelled_by(l.id);
                            ui.end_row();
                        }
                    }
                }
            });
            if let Some(e) = &self.error {
                ui.colored_label(RED, e);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() || ui.input(|i| i.key_pressed(Key::Enter)) {
                    match self.choice() {
                        Ok(s) => start = Some(s),
                        Err(e) => self.error = Some(e),
                    }
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    keep = false;
                }
            });
        });
        (start, keep)
    }
}
