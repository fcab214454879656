//! The One Hour table's side panel sections: the chance card and its
//! choices, shooting and its targets, moves, the choices the rules wait
//! for, the selected unit, the armies and the dice.

use super::*;

impl Table<OneHourTableRules> {
    /// The card on the table this player turn, drawn as a card.
    pub(super) fn card_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let Some((side, c)) = st.card() else {
            return;
        };
        let Some(card) = st.board().decks[side as usize & 1].get(c as usize) else {
            return;
        };
        let colour = self
            .session
            .scenario
            .sides
            .get(side as usize)
            .map_or(Color32::GRAY, |s| map_view::color(s.colour));
        egui::Frame::new()
            .fill(Color32::from_rgb(250, 246, 232))
            .stroke(Stroke::new(2.0, colour))
            .inner_margin(10.0)
            .corner_radius(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let ink = Color32::from_rgb(30, 30, 30);
                ui.label(
                    RichText::new(format!("{} chance card", self.side_name(side)))
                        .small()
                        .color(colour),
                );
                ui.label(RichText::new(&card.title).strong().size(18.0).color(ink));
                ui.label(
                    RichText::new(format!("{}.", card.effect.words()))
                        .strong()
                        .color(ink),
                );
                if !card.text.is_empty() {
                    ui.label(RichText::new(&card.text).italics().color(ink));
                }
            });
        ui.add_space(4.0);
    }

    pub(super) fn card_choice_ui(
        &mut self,
        ui: &mut egui::Ui,
        st: &State,
        card: u16,
        chooser: u8,
        amount: Option<u32>,
    ) {
        let effect = st.board().decks[st.side() as usize & 1]
            .get(card as usize)
            .map_or(CardEffect::NoEffect, |c| c.effect);
        let n = amount.map_or(String::new(), |a| format!(" (the number: {a})"));
        ui.label(format!(
            "{} chooses for the card{n} [H40]:",
            self.side_name(chooser)
        ));
        let choices: Vec<Command> = self.legal().to_vec();
        for c in choices {
            let label = card_choice_text(st, &c);
            if ui.button(label).clicked() {
                self.give(c);
                return;
            }
        }
        if matches!(
            effect,
            CardEffect::MayNotMove { .. } | CardEffect::LowAmmo { .. } | CardEffect::Recover { .. }
        ) {
            ui.label(
                RichText::new("Or click units on the map to pick them, then:")
                    .small()
                    .weak(),
            );
            let names: Vec<String> = self
                .own
                .card_pick
                .iter()
                .map(|&u| self.unit_name(u))
                .collect();
            let label = if names.is_empty() {
                "Choose the units picked".to_string()
            } else {
                format!("Choose {}", names.join(", "))
            };
            if ui
                .add_enabled(!self.own.card_pick.is_empty(), egui::Button::new(label))
                .clicked()
            {
                let max = match effect {
                    CardEffect::MayNotMove { units }
                    | CardEffect::LowAmmo { units }
                    | CardEffect::Recover { units, .. } => units.max(),
                    _ => 0,
                };
                let c = Command::ChooseCard {
                    units: self.own.card_pick.clone(),
                    mode: None,
                    amount: amount.is_none().then_some(max),
                };
                self.give(c);
            }
        }
    }

    pub(super) fn shoot_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let shooters = st
            .live()
            .filter(|&u| st.side_of(u) == st.side())
            .filter(|&u| {
                st.live()
                    .any(|t| st.side_of(t) != st.side() && st.shot_odds(u, t).is_ok())
            })
            .count();
        ui.label(format!(
            "{shooters} of your units have a target. Select a unit, then click an enemy in its \
             arc (ringed orange) to shoot."
        ));
        self.targets_ui(ui);
        if ui
            .button("End shooting")
            .on_hover_text("On to step 3, movement (Ctrl+Enter)")
            .clicked()
        {
            self.give(Command::EndShooting);
        }
    }

    /// The selected unit's shots and charges, as buttons with their dice.
    pub(super) fn targets_ui(&mut self, ui: &mut egui::Ui) {
        let Some(u) = self.own_selected() else {
            return;
        };
        let st = self.live().clone();
        for (t, o) in self.shots() {
            let label = format!(
                "Shoot at {} ({} box{}): {}",
                self.unit_name(t),
                o.range.unwrap_or(0),
                if o.range == Some(1) { "" } else { "es" },
                odds_text(o)
            );
            if ui.button(label).clicked() {
                self.give(Command::Shoot { unit: u, target: t });
                return;
            }
        }
        for (t, steps, o) in self.charges() {
            let flank = if st.pos()[t as usize].is_some_and(|to| {
                let at = steps.last().copied().or(st.pos()[u as usize]).unwrap_or(to);
                !st.faces(t, at)
            }) {
                ", on its flank"
            } else {
                ""
            };
            let label = format!("Charge {}{flank}: {}", self.unit_name(t), odds_text(o));
            if ui.button(label).clicked() {
                self.give(Command::Charge {
                    unit: u,
                    steps,
                    target: t,
                });
                return;
            }
        }
    }

    pub(super) fn move_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let waiting = st
            .live()
            .filter(|&u| st.side_of(u) == st.side() && !st.acts()[u as usize].acted())
            .count();
        ui.label(format!(
            "{waiting} of your units have not acted. Select one: green boxes are where it can \
             end its move; click near a box side to end facing it. Q/E pivot first, C column of \
             route, P pivot only, S square, R rally."
        ));
        if let Some(d) = self.own.draft
            && self.own_selected() == Some(d.unit)
        {
            let u = d.unit;
            let name = self.unit_name(u);
            ui.horizontal(|ui| {
                ui.label(format!("{name} pivots first to"));
                for f in FACINGS {
                    if ui
                        .selectable_label(d.start == f, f.name())
                        .on_hover_text("The pivot before its steps (Q/E) [H4]")
                        .clicked()
                    {
                        self.set_start(f);
                    }
                }
            });
            let mut column = d.column;
            if ui
                .checkbox(&mut column, "In column of route (C)")
                .on_hover_text("Faster along roads; cannot shoot [H33]")
                .changed()
            {
                self.toggle_column();
            }
            let leaders: Vec<LeaderIx> = st
                .pos()
                .get(u as usize)
                .copied()
                .flatten()
                .map(|h| {
                    st.leaders_at(h)
                        .filter(|&l| !st.leader_moved()[l as usize])
                        .collect()
                })
                .unwrap_or_default();
            for l in leaders {
                let mut along = d.leader == Some(l);
                if ui
                    .checkbox(&mut along, format!("{} goes along", self.leader_name(l)))
                    .on_hover_text("A leader moves with the unit he is with [H23]")
                    .changed()
                    && let Some(dd) = self.own.draft.as_mut()
                {
                    dd.leader = along.then_some(l);
                }
            }
            ui.horizontal(|ui| {
                let cur = st.facing()[u as usize];
                let changes =
                    d.start != cur || d.column != (st.formation()[u as usize] == Formation::Column);
                if ui
                    .add_enabled(changes, egui::Button::new("Pivot only (P)"))
                    .on_hover_text("The pivot and formation drafted, as its move [H4]")
                    .clicked()
                {
                    self.pivot_only();
                }
                let square = st.formation()[u as usize] == Formation::Square;
                if ui
                    .button(if square {
                        "Leave square (S)"
                    } else {
                        "Form square (S)"
                    })
                    .on_hover_text("Instead of moving [H32]")
                    .clicked()
                {
                    self.square();
                }
                if ui
                    .button("Rally (R)")
                    .on_hover_text("Instead of moving: 1D6 removes hits [H21]")
                    .clicked()
                {
                    self.rally();
                }
            });
        }
        self.targets_ui(ui);
        if ui
            .button("End the player turn")
            .on_hover_text("Ctrl+Enter; no two units may share a box [H36]")
            .clicked()
        {
            self.give(Command::EndTurn);
        }
    }

    pub(super) fn pending_ui(&mut self, ui: &mut egui::Ui, p: &Pending) {
        match p {
            Pending::Retreat { unit, options } => {
                ui.label(format!(
                    "{} must retreat: pick the box (purple) [H8]",
                    self.unit_name(*unit)
                ));
                for &to in options {
                    if ui.button(format!("Retreat to {to}")).clicked() {
                        self.give(Command::Retreat { to });
                        return;
                    }
                }
            }
            Pending::Retire { leader, options } => {
                ui.label(format!(
                    "{} is overrun: pick the box he retires to (purple) [H24]",
                    self.leader_name(*leader)
                ));
                for &to in options {
                    if ui.button(format!("Retire to {to}")).clicked() {
                        self.give(Command::Retire { to });
                        return;
                    }
                }
            }
            Pending::Bayonet { unit, to } => {
                ui.label(format!(
                    "{}'s target routed: advance into {to} with the bayonet? [H19]",
                    self.unit_name(*unit)
                ));
                ui.horizontal(|ui| {
                    if ui.button(format!("Advance into {to}")).clicked() {
                        self.give(Command::Bayonet { advance: true });
                    }
                    if ui.button("Stay").clicked() {
                        self.give(Command::Bayonet { advance: false });
                    }
                });
            }
            Pending::Respond {
                charger,
                target,
                facings,
                ..
            } => {
                ui.label(format!(
                    "{} charges {} on its flank: turn to face the charge? [H28]",
                    self.unit_name(*charger),
                    self.unit_name(*target)
                ));
                ui.horizontal(|ui| {
                    for &f in facings {
                        if ui.button(format!("Face {}", f.name())).clicked() {
                            self.give(Command::Respond { facing: Some(f) });
                            return;
                        }
                    }
                    if ui.button("Stand as it is").clicked() {
                        self.give(Command::Respond { facing: None });
                    }
                });
            }
        }
    }

    /// What is selected: a unit with its type, quality, hits and traits,
    /// or a leader with his commands.
    pub(super) fn selected_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        match self.own.selected {
            Some(Pick::Unit(u)) if st.pos()[u as usize].is_some() => {
                let info = &st.board().units[u as usize];
                let s = &info.spec;
                ui.strong("Selected");
                ui.label(format!(
                    "{} — {} of {}",
                    info.name,
                    s.unit_type.name(),
                    self.side_name(info.side)
                ));
                let cap = st.board().options.hits_of(s);
                ui.label(format!(
                    "{} ({}); hits taken {} of {cap}{}",
                    s.quality.name(),
                    crate::words::counted(cap, "hit", "hits"),
                    st.hits()[u as usize],
                    if s.command.is_empty() {
                        String::new()
                    } else {
                        format!("; command {}", s.command)
                    }
                ));
                let traits: Vec<&str> = [
                    (s.steadfast, "steadfast"),
                    (s.conscript, "conscript"),
                    (s.reluctant, "reluctant"),
                    (s.impetuous, "impetuous"),
                    (s.shock, "shock"),
                    (s.rifles, "rifles"),
                ]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, n)| *n)
                .collect();
                if !traits.is_empty() {
                    ui.label(format!("Traits: {}", traits.join(", ")));
                }
                let a = &st.acts()[u as usize];
                let mut done = Vec::new();
                if a.shots > 0 {
                    done.push("shot");
                }
                if a.moves > 0 {
                    done.push("moved");
                }
                if a.charged {
                    done.push("charged");
                }
                if a.rallied {
                    done.push("rallied");
                }
                if a.formed {
                    done.push("formed");
                }
                if a.no_move {
                    done.push("may not move (card)");
                }
                if a.shots_allowed == 0 && st.side() == info.side {
                    done.push("may not fire (card)");
                }
                if (a.shots_allowed > 1 || a.moves_allowed > 1) && st.side() == info.side {
                    done.push("double action (card)");
                }
                ui.label(format!(
                    "At {}, faces {}, {}{}",
                    st.pos()[u as usize].map_or(String::new(), |h| h.to_string()),
                    st.facing()[u as usize].name(),
                    formation_words(st.formation()[u as usize]),
                    if done.is_empty() {
                        String::new()
                    } else {
                        format!("; this turn: {}", done.join(", "))
                    }
                ));
            }
            Some(Pick::Leader(l)) if st.leader_pos()[l as usize].is_some() => {
                let info = &st.board().leaders[l as usize];
                ui.strong("Selected");
                let commands = match &info.commands {
                    Commands::All => "every command".to_string(),
                    Commands::Listed(c) => c.join(", "),
                };
                ui.label(format!(
                    "{} ({}), leads {commands}",
                    info.name,
                    self.side_name(info.side)
                ));
                let mut abilities = Vec::new();
                if info.force_fire_reroll {
                    abilities.push("enemy fire on units near him rerolls a hit [H25]");
                }
                if info.melee_reroll_miss {
                    abilities.push("a charge near him rerolls a miss [H25]");
                }
                for a in abilities {
                    ui.label(a);
                }
                if st.leader_moved()[l as usize] {
                    ui.label("Has moved this turn.");
                } else if st.side() == info.side && *st.phase() == Phase::Move {
                    ui.label(
                        RichText::new("Blue boxes: where he can move alone [H23]")
                            .small()
                            .weak(),
                    );
                }
            }
            _ => {
                ui.label(RichText::new("Click a unit or leader to select it.").weak());
            }
        }
    }

    pub(super) fn armies_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        ui.strong("Armies");
        egui::Grid::new("one hour armies")
            .num_columns(5)
            .show(ui, |ui| {
                ui.label("");
                ui.label(RichText::new("Routed / breaks").small());
                ui.label(RichText::new("Objectives").small());
                ui.label(RichText::new("Deck / discard").small());
                ui.label(RichText::new("To come").small());
                ui.end_row();
                for s in 0..2u8 {
                    let i = s as usize;
                    ui.strong(self.side_name(s));
                    let lost = st.lost()[i];
                    match st.board().morale[i] {
                        Some(m) => {
                            let c = if lost >= m {
                                RED
                            } else {
                                ui.visuals().text_color()
                            };
                            ui.colored_label(c, format!("{lost} / {m}"));
                        }
                        None => {
                            ui.label(format!("{lost} / —"));
                        }
                    }
                    let points: u32 = st
                        .board()
                        .objectives
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| st.held().get(*k) == Some(&s))
                        .map(|(_, o)| o.points)
                        .sum();
                    ui.label(points.to_string());
                    ui.label(format!(
                        "{} / {}",
                        st.decks()[i].draw.len(),
                        st.decks()[i].discard.len()
                    ));
                    ui.label(st.to_come(s).to_string());
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new(format!(
                "Victory [H9]: a side breaks when its routed units reach its breaking point; \
                 after turn {}, the side holding objectives worth more wins, then the side that \
                 lost fewer units.",
                st.board().turn_limit
            ))
            .small()
            .weak(),
        );
    }

    /// The dice of the last command: shots and charges with the number
    /// each die needs, rallies, tests, card numbers and leader risks.
    pub(super) fn dice_ui(&mut self, ui: &mut egui::Ui) {
        let shown = self.session.cursor();
        let game = self.session.shown();
        let Some((_, events)) = shown.checked_sub(1).and_then(|i| game.history.get(i)) else {
            ui.label(RichText::new("No dice rolled yet.").weak());
            return;
        };
        let b = game.state.board().clone();
        let events = events.clone();
        let mut any = false;
        for e in &events {
            let (title, dice, need) = match e {
                Event::Shot {
                    unit,
                    target,
                    dice,
                    need,
                    hits,
                    range,
                } => (
                    format!(
                        "{} shoots {} at {range}: {} [H15]",
                        b.units[*unit as usize].name,
                        b.units[*target as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    dice.clone(),
                    *need,
                ),
                Event::ChargeRolled {
                    unit,
                    target,
                    dice,
                    need,
                    hits,
                } => (
                    format!(
                        "{} charges {}: {} [H27]",
                        b.units[*unit as usize].name,
                        b.units[*target as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    dice.clone(),
                    *need,
                ),
                Event::Rallied {
                    unit,
                    face,
                    regained,
                } => (
                    format!(
                        "{} rallies: {} removed [H21]",
                        b.units[*unit as usize].name,
                        crate::words::counted(regained, "hit", "hits")
                    ),
                    vec![*face],
                    None,
                ),
                Event::Reluctant {
                    unit,
                    face,
                    hits_left,
                    passed,
                } => (
                    format!(
                        "{} reluctant: {} (under {hits_left} passes) [H22]",
                        b.units[*unit as usize].name,
                        if *passed { "passes" } else { "fails" }
                    ),
                    vec![*face],
                    None,
                ),
                Event::AmountRolled { face, amount } => (
                    format!("The card's number: {amount} [H39]"),
                    vec![*face],
                    None,
                ),
                Event::Recovered { unit, face, hits } => (
                    format!(
                        "{} recovers {} [H41]",
                        b.units[*unit as usize].name,
                        crate::words::counted(hits, "hit", "hits")
                    ),
                    vec![*face],
                    None,
                ),
                Event::LeaderRisk {
                    leader,
                    faces,
                    lost,
                } => (
                    format!(
                        "{} at risk: {} [H24]",
                        b.leaders[*leader as usize].name,
                        if *lost { "lost" } else { "safe" }
                    ),
                    faces.clone(),
                    None,
                ),
                _ => continue,
            };
            any = true;
            ui.label(RichText::new(title).strong());
            ui.horizontal_wrapped(|ui| {
                for &d in &dice {
                    let (rect, _) = ui.allocate_exact_size(vec2(26.0, 26.0), Sense::hover());
                    draw_die(ui.painter(), rect, d);
                    if need.is_some_and(|n| d >= n) {
                        ui.painter().rect_stroke(
                            rect.expand(1.5),
                            6.0,
                            Stroke::new(2.5, GREEN),
                            egui::StrokeKind::Outside,
                        );
                    }
                }
                if let Some(n) = need {
                    ui.label(RichText::new(format!("{n}+ hits")).small());
                } else if matches!(e, Event::Shot { .. } | Event::ChargeRolled { .. }) {
                    ui.label(RichText::new("no die can hit").small());
                }
            });
        }
        if !any {
            ui.label(RichText::new("The last command rolled no dice.").weak());
        }
    }

    pub(super) fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let side = self.side_name(st.side());
        let step = match st.phase() {
            Phase::Card => format!("{side}: 1. draw a chance card [H38]"),
            Phase::CardChoice { chooser, .. } => format!(
                "{side}: 1. the card's choice, by {} [H40]",
                self.side_name(*chooser)
            ),
            Phase::Shoot => format!("{side}: 2. shooting [H15]"),
            Phase::Move => format!("{side}: 3. movement and charges [H10]"),
            Phase::Volley => "2. the hits of both sides' fire take effect [H9]".into(),
            Phase::Over => "The game is over [H9]".into(),
        };
        ui.label(RichText::new(step).strong().size(16.0));
        if st.board().options.turn_structure
            == crate::rules::one_hour::model::TurnStructure::SimultaneousFire
        {
            ui.label(
                RichText::new(format!(
                    "Simultaneous fire [H9]: both sides draw, then both shoot, hits taking \
                     effect after all fire ({} held), then each side moves.",
                    st.volley().len()
                ))
                .small()
                .weak(),
            );
        }
    }
}
