//! The *Napoleon* table's side panel sections: the turn, skirmishes,
//! bombardments, forces and activations, melees in prospect, the choices
//! the rules wait for, the selected piece, the armies and the dice.

use super::*;

impl Table<NapoleonTableRules> {
    pub(super) fn skirmish_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Skirmish declarations [3.4.2]");
        ui.label(
            RichText::new(
                "A force with skirmishers may fire on an enemy force in reach; the side with \
                 the greater power puts the other under fire (-1 on its command check).",
            )
            .small()
            .weak(),
        );
        let options = st.skirmish_options(side);
        if options.is_empty() {
            ui.label("No force can make a skirmish attack now.");
        }
        for (f, t) in options {
            let (a, b) = (
                &st.board().forces[f as usize].name,
                &st.board().forces[t as usize].name,
            );
            let text = format!(
                "{a} fires on {b} (power {} against {})",
                st.skirmish_power(f),
                st.skirmish_power(t)
            );
            if ui.button(text).clicked() {
                self.give(Command::Skirmish {
                    force: a.clone(),
                    target: b.clone(),
                });
            }
        }
        if ui
            .button("End skirmish declarations")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndSkirmish);
        }
    }

    pub(super) fn bombard_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Bombardment targets [3.5.3]");
        ui.label(
            RichText::new(
                "Each gun with an enemy unit in range, in its front arc and with a clear \
                 corridor must fire at the nearest one. Select a gun, then click its target \
                 (ringed red; the arc is shaded, the corridor drawn).",
            )
            .small()
            .weak(),
        );
        let guns = st.undeclared_guns(side);
        for g in guns {
            let targets = st.gun_targets(g);
            let gun = &st.board().pieces[g as usize];
            ui.horizontal_wrapped(|ui| {
                if ui
                    .selectable_label(self.own.selected == Some(g), &gun.name)
                    .clicked()
                {
                    self.select(Some(g));
                }
                ui.label("→");
                for t in targets {
                    let target = &st.board().pieces[t as usize];
                    let text = format!(
                        "{} at {}",
                        target.name,
                        st.board().hex(st.pos()[t as usize])
                    );
                    if ui.button(text).clicked() {
                        self.give(Command::Bombard {
                            gun: gun.id.clone(),
                            target: target.id.clone(),
                        });
                    }
                }
            });
        }
        for (g, t) in st.targets() {
            if st.board().pieces[*g as usize].side == side {
                ui.label(format!(
                    "✔ {} fires at {}",
                    st.board().pieces[*g as usize].name,
                    st.board().pieces[*t as usize].name
                ));
            }
        }
        if ui
            .button("End bombardment declarations")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndBombardment);
        }
    }

    /// Between activations: each force with its command check's chances,
    /// and the General's special actions [3.6.1] [3.7.1].
    pub(super) fn forces_ui(&mut self, ui: &mut egui::Ui, st: &State, side: u8) {
        ui.strong("Activate a force [3.7.1]");
        let legal = self.legal().to_vec();
        let general = st.board().armies[side as usize].general;
        ui.label(format!(
            "General: {} (command {}), ADCs left {}",
            st.board().pieces[general as usize].name,
            st.command_factor()[side as usize],
            st.adcs()[side as usize]
        ));
        for (f, info) in st.board().forces.iter().enumerate() {
            let f = f as u16;
            if info.side != side || st.force_pieces(f).is_empty() {
                continue;
            }
            let done = st.activated()[f as usize];
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.strong(&info.name);
                    ui.label(format!("leader {:+}", st.leader_factor()[f as usize]));
                    if st.engaged()[f as usize] {
                        ui.colored_label(RED, "engaged");
                    }
                    if st.under_fire()[f as usize] {
                        ui.colored_label(ORANGE, "under fire");
                    }
                    if done {
                        ui.weak("activated");
                    }
                });
                if done {
                    return;
                }
                let odds = st.activation_odds(f);
                let mods: Vec<String> = odds
                    .modifiers
                    .iter()
                    .map(|(k, v)| format!("{k} {v:+}"))
                    .collect();
                ui.label(RichText::new(format!("Check: d6 {}", mods.join(", "))).small());
                ui.label(
                    RichText::new(format!(
                        "Retreat! {:.0}%  Static {:.0}%  Forward! {:.0}%  Charge! {:.0}%",
                        odds.chances[0] * 100.0,
                        odds.chances[1] * 100.0,
                        odds.chances[2] * 100.0,
                        odds.chances[3] * 100.0
                    ))
                    .small(),
                );
                ui.horizontal_wrapped(|ui| {
                    for c in legal.iter().filter(|c| command_force(c) == Some(&info.name)) {
                        let (label, tip) = match c {
                            Command::Activate { .. } => ("Activate", "Roll its command check [3.7.1]"),
                            Command::ActivateReserve { .. } => (
                                "From reserve (ADC)",
                                "Forward! without a check, spending an ADC [3.6.1 c]",
                            ),
                            Command::Rally { .. } => (
                                "Rally (ADC)",
                                "Remove a casualty point from each unit, spending an ADC [3.6.1 b]",
                            ),
                            Command::SauveQuiPeut { .. } => (
                                "Sauve qui peut! (ADC)",
                                "Its engaged units fall back a full move and take a casualty point [3.6.1 d]",
                            ),
                            _ => continue,
                        };
                        if ui.button(label).on_hover_text(tip).clicked() {
                            self.give(c.clone());
                        }
                    }
                    if ui.small_button("Show").clicked()
                        && let Some(&p) = st.force_pieces(f).first()
                    {
                        self.select(Some(p));
                    }
                });
            });
        }
        if st.adcs()[side as usize] > 0 {
            ui.label(
                RichText::new(
                    "Move the General (ADC) [3.6.1 e]: select him on the map and click a blue hex.",
                )
                .small()
                .weak(),
            );
        }
        if ui
            .button("End Maneuver & Combat")
            .on_hover_text("Ctrl+Enter")
            .clicked()
        {
            self.give(Command::EndManeuver);
        }
    }

    /// The activation in progress: its result, its pieces, the selected
    /// piece's move, and the end with the direction of its combats.
    pub(super) fn activation_ui(&mut self, ui: &mut egui::Ui, st: &State, _side: u8) {
        let Some(a) = st.active().clone() else {
            return;
        };
        let force = st.board().forces[a.force as usize].name.clone();
        let colour = match a.result {
            Activation::Retreat | Activation::SauveQuiPeut => RED,
            Activation::Static => ORANGE,
            _ => GREEN,
        };
        ui.horizontal(|ui| {
            ui.strong(format!("{force}:"));
            ui.label(RichText::new(a.result.name()).strong().color(colour));
            ui.label(RichText::new("[3.7.1.1]").weak());
        });
        let legal = self.legal().to_vec();
        if legal.contains(&Command::Reroll)
            && ui
                .button("Re-roll the check (ADC) [3.6.1 a]")
                .on_hover_text("The General spends an ADC to roll again")
                .clicked()
        {
            self.give(Command::Reroll);
        }
        ui.label(
            RichText::new(
                "Select a piece (N: the next), click a green hex to move there; click nearer a \
                 hexside to end facing it. Q/E turn, C line/column, Ctrl+Z takes back a step.",
            )
            .small()
            .weak(),
        );
        egui::Grid::new("active pieces")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for (p, m) in &a.moved {
                    if !st.on_map(*p) {
                        continue;
                    }
                    let info = &st.board().pieces[*p as usize];
                    if ui
                        .selectable_label(self.own.selected == Some(*p), &info.name)
                        .clicked()
                    {
                        self.select(Some(*p));
                    }
                    let left = info.movement.saturating_sub(m.mp);
                    ui.label(format!(
                        "{}{}",
                        if m.done {
                            "done".to_string()
                        } else if a.result == Activation::Static {
                            // No unit of a Static force moves [3.7.1.1].
                            "static".to_string()
                        } else {
                            format!("{left} MP")
                        },
                        if st.column()[*p as usize] {
                            ", column"
                        } else {
                            ""
                        }
                    ));
                    ui.label(format!("faces {}", compass(st, st.facing()[*p as usize])));
                    ui.end_row();
                }
            });
        if let Some(p) = self.mover() {
            let turns = st.legal_turns(&st.board().pieces[p as usize].id);
            ui.horizontal_wrapped(|ui| {
                ui.label("Turn to:");
                for f in 0..6u8 {
                    let ok = turns.contains(&f) && f != st.facing()[p as usize];
                    if ui
                        .add_enabled(ok, egui::Button::new(compass(st, f)).small())
                        .clicked()
                    {
                        let id = st.board().pieces[p as usize].id.clone();
                        self.give(Command::Turn {
                            piece: id,
                            facing: f,
                        });
                    }
                }
            });
            if st.board().pieces[p as usize].kind.is_troop() {
                let to = if st.column()[p as usize] {
                    "Form line"
                } else {
                    "Form column"
                };
                if ui.button(to).on_hover_text("C [3.8.2.1]").clicked() {
                    self.toggle_formation();
                }
            }
        }
        self.melee_preview_ui(ui);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    legal.contains(&Command::TakeBack) || self.session.can_undo_move().is_ok(),
                    egui::Button::new("Take back moves"),
                )
                .on_hover_text("Every move since the last die roll (N69)")
                .clicked()
            {
                self.give(Command::TakeBack);
            }
        });
        ui.label("End the movement; fight the combats:");
        ui.horizontal(|ui| {
            for (d, label) in [
                (Direction::LeftToRight, "Left to right"),
                (Direction::RightToLeft, "Right to left"),
            ] {
                if ui
                    .button(label)
                    .on_hover_text("The order of the activation's melees [3.7.3.2]")
                    .clicked()
                {
                    self.give(Command::EndActivation { direction: d });
                }
            }
        });
    }

    /// The melee the selected piece would fight where the pointer is (or
    /// where it stands): each side's modifiers and the chances, before any
    /// die is rolled [3.7.3.2].
    pub(super) fn melee_preview_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.live().clone();
        // Where the pointer is, for the selected piece: the melees it
        // would fight if it moved there.
        if let Some(p) = self.mover()
            && let Some(h) = self.hovered
            && st.board().hex_ix(h) != Some(st.pos()[p as usize])
        {
            let toward = self.hover_facing();
            let reach = self.reach().to_vec();
            let here: Vec<&Reach> = reach.iter().filter(|r| r.hex == h).collect();
            if let Some(r) = here
                .iter()
                .find(|r| Some(r.facing) == toward)
                .or_else(|| here.first())
                .filter(|r| !r.contacts.is_empty())
            {
                let after = st.after_path(p, &r.path);
                ui.label(
                    RichText::new(format!(
                        "If {} moves to {h}, facing {}:",
                        st.board().pieces[p as usize].name,
                        compass(&st, r.facing)
                    ))
                    .small(),
                );
                // It fights once, against the defender the combat order
                // gives it (N80): one line, or one per direction when the
                // direction decides.
                let pairs = |d| {
                    after
                        .planned_melees(d)
                        .into_iter()
                        .filter(|&(a, _)| a == p)
                        .collect::<Vec<_>>()
                };
                planned_melees_ui(
                    ui,
                    &after,
                    [pairs(Direction::LeftToRight), pairs(Direction::RightToLeft)],
                );
            }
        }
        // Every melee the activation would fight as things stand: each
        // attacking unit once (N78, N80).
        if st.active().is_none() {
            return;
        }
        let plans = [
            st.planned_melees(Direction::LeftToRight),
            st.planned_melees(Direction::RightToLeft),
        ];
        if plans.iter().any(|p| !p.is_empty()) {
            ui.label(
                RichText::new("The melees this activation will fight, as things stand:").small(),
            );
            planned_melees_ui(ui, &st, plans);
        }
    }

    /// A choice the rules wait for.
    pub(super) fn pending_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        ui.strong("Decision");
        ui.label(st.waiting_for());
        let legal = self.legal().to_vec();
        let hexes = legal
            .iter()
            .filter(|c| {
                matches!(
                    c,
                    Command::Evade { .. }
                        | Command::MoveBack { .. }
                        | Command::Flee { .. }
                        | Command::PlaceGeneral { .. }
                )
            })
            .count();
        if hexes > 0 {
            ui.label(
                RichText::new(format!(
                    "Click one of the {hexes} purple hexes on the map, or choose here:"
                ))
                .small()
                .weak(),
            );
        }
        if let Some(Pending::MeleeReroll {
            attacker,
            defender,
            rolls,
        }) = st.pending()
        {
            ui.label(format!(
                "{} rolled {} against {}'s {}",
                st.board().pieces[attacker as usize].name,
                rolls[0],
                st.board().pieces[defender as usize].name,
                rolls[1]
            ));
        }
        let pursuing = matches!(st.pending(), Some(Pending::Pursuing { .. }));
        if pursuing && let Some(Pending::Pursuing { cavalry, .. }) = st.pending() {
            if self.own.selected != Some(cavalry) {
                self.select(Some(cavalry));
            }
            ui.label(
                RichText::new("Move the cavalry with the map (green hexes), then end the pursuit.")
                    .small()
                    .weak(),
            );
        }
        ui.horizontal_wrapped(|ui| {
            for c in &legal {
                if pursuing && matches!(c, Command::Step { .. } | Command::Turn { .. }) {
                    continue;
                }
                let text = command_text(st, c);
                if ui.button(text).clicked() {
                    self.give(c.clone());
                }
            }
        });
        if pursuing {
            self.melee_preview_ui(ui);
        }
    }

    /// The selected piece: what it is and its state.
    pub(super) fn selected_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let Some(p) = self.own.selected.filter(|&p| st.on_map(p)) else {
            ui.label(RichText::new("Click a piece to select it.").weak());
            return;
        };
        let info = &st.board().pieces[p as usize];
        let mut lines = vec![format!(
            "{} — {} of {}",
            info.name,
            info.kind.name(),
            self.side_name(info.side)
        )];
        if let Some(f) = info.force {
            lines.push(format!(
                "Force {} (leader {:+})",
                st.board().forces[f as usize].name,
                st.leader_factor()[f as usize]
            ));
        }
        if info.kind.is_unit() {
            lines.push(format!(
                "At {}, faces {}{}; casualties {} of {}",
                st.board().hex(st.pos()[p as usize]),
                compass(st, st.facing()[p as usize]),
                if st.column()[p as usize] {
                    ", in column"
                } else {
                    ""
                },
                st.casualties()[p as usize],
                info.capacity
            ));
            if info.kind.is_troop() {
                lines.push(format!(
                    "Combat {:+}, skirmish {}, movement {}",
                    info.combat, info.skirmish, info.movement
                ));
            } else {
                lines.push(format!("Movement {}", info.movement));
            }
        } else if info.kind == PieceKind::General {
            lines.push(format!(
                "At {}; command factor {}, ADCs left {}",
                st.board().hex(st.pos()[p as usize]),
                st.command_factor()[info.side as usize],
                st.adcs()[info.side as usize]
            ));
        }
        ui.strong("Selected");
        for l in lines {
            ui.label(l);
        }
    }

    pub(super) fn armies_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        ui.strong("Armies");
        let bp = st.break_points();
        egui::Grid::new("armies").num_columns(4).show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("Lost / break").small());
            ui.label(RichText::new("ADCs").small());
            ui.label(RichText::new("Locations").small());
            ui.end_row();
            for s in 0..2u8 {
                ui.strong(self.side_name(s));
                let (lost, at) = bp[s as usize];
                let c = if lost >= at {
                    RED
                } else {
                    ui.visuals().text_color()
                };
                ui.colored_label(c, format!("{lost} / {at}"));
                ui.label(st.adcs()[s as usize].to_string());
                ui.label(st.location_points(s).to_string());
                ui.end_row();
            }
        });
        ui.label(
            RichText::new(
                "The Final Step [4.1]: an army whose losses reach its break point tests; it \
                 breaks on d6 - losses beyond - finished turns + location points of 0 or less.",
            )
            .small()
            .weak(),
        );
    }

    /// The dice of the last command check, melee and break test.
    pub(super) fn dice_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let b = &st.board();
        if let Some((force, roll, mods, total, result)) = self.last_event(|e| match e {
            Event::CommandChecked {
                force,
                roll,
                modifiers,
                total,
                result,
            } => Some((*force, *roll, modifiers.clone(), *total, *result)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &[roll],
                format!("{} check: {}", b.forces[force as usize].name, result.name()),
                format!("{roll} {} = {total} [3.7.1.1]", mods_text(&mods)),
            );
        }
        if let Some((att, def, rolls, mods, totals)) = self.last_event(|e| match e {
            Event::Melee {
                attacker,
                defender,
                rolls,
                modifiers,
                totals,
            } => Some((*attacker, *defender, *rolls, modifiers.clone(), *totals)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &rolls,
                format!(
                    "Melee: {} {} against {} {}",
                    b.pieces[att as usize].name, totals[0], b.pieces[def as usize].name, totals[1]
                ),
                format!(
                    "{} {} · {} {} [3.7.3.2]",
                    rolls[0],
                    mods_text(&mods[0]),
                    rolls[1],
                    mods_text(&mods[1])
                ),
            );
        }
        if let Some((side, roll, beyond, turns, locations, total)) = self.last_event(|e| match e {
            Event::BreakTest {
                side,
                roll,
                beyond,
                finished_turns,
                locations,
                total,
            } => Some((*side, *roll, *beyond, *finished_turns, *locations, *total)),
            _ => None,
        }) {
            marks::dice_row(
                ui,
                &[roll],
                format!(
                    "{} break test: {total} ({})",
                    b.side_names[side as usize],
                    if total <= 0 { "breaks" } else { "holds" }
                ),
                format!(
                    "{roll} - {beyond} beyond - {} + {} [4.1]",
                    crate::words::counted(turns, "turn", "turns"),
                    crate::words::counted(locations, "location", "locations")
                ),
            );
        }
    }

    pub(super) fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let phase = match st.phase() {
            Phase::Skirmish { side } => format!("{} Skirmish [3.4]", self.side_name(side)),
            Phase::Bombardment { side } => {
                format!("{} Bombardment [3.5]", self.side_name(side))
            }
            Phase::Maneuver { side } => {
                format!("{} Maneuver & Combat [3.7]", self.side_name(side))
            }
            Phase::Over => "The game is over [4.1]".into(),
        };
        ui.label(RichText::new(phase).strong().size(16.0));
        // The initiative dice of this impulse [3.3].
        if let Some((dice, totals, winner)) = self.last_event(|e| match e {
            Event::InitiativeRolled {
                dice,
                totals,
                winner,
                ends_turn: false,
                ..
            } => Some((*dice, *totals, *winner)),
            _ => None,
        }) {
            ui.horizontal(|ui| {
                for (s, d) in dice.iter().enumerate() {
                    let (rect, _) = ui.allocate_exact_size(vec2(26.0, 26.0), Sense::hover());
                    draw_die(ui.painter(), rect, *d);
                    ui.label(format!("{} {}", self.side_name(s as u8), totals[s]));
                }
            });
            ui.label(format!(
                "Initiative [3.3]: {} moves first this impulse",
                self.side_name(winner)
            ));
        }
        if let Some(o) = &st.outcome() {
            let text = match o.winner {
                Some(w) => format!("{} wins [4.1]: {}", self.side_name(w), o.reason),
                None => format!("Draw [4.1]: {}", o.reason),
            };
            ui.colored_label(RED, text);
        } else {
            let to_act = st.to_act();
            ui.label(format!(
                "To act: {} ({})",
                self.side_name(to_act),
                self.session.setup.seats[to_act as usize].name()
            ));
            if st.pending().is_some() {
                ui.label(RichText::new(format!("Waiting: {}", st.waiting_for())).color(PURPLE));
            }
        }
    }
}

/// A melee's modifiers on both sides and its chances, before the roll.
/// The melees of `plans` (left to right, right to left), each with its
/// odds: once when both directions fight the same, else under each
/// direction's name (N80).
pub(super) fn planned_melees_ui(
    ui: &mut egui::Ui,
    st: &State,
    plans: [Vec<(PieceIx, PieceIx)>; 2],
) {
    let [ltr, rtl] = plans;
    let mut same = ltr.clone();
    same.sort_unstable();
    let mut other = rtl.clone();
    other.sort_unstable();
    if same == other {
        for (a, d) in ltr {
            melee_odds_ui(ui, st, a, d, &st.melee_odds(a, d));
        }
        return;
    }
    for (name, plan) in [("Left to right", ltr), ("Right to left", rtl)] {
        ui.label(RichText::new(format!("{name} (N80):")).small().strong());
        for (a, d) in plan {
            melee_odds_ui(ui, st, a, d, &st.melee_odds(a, d));
        }
    }
}

pub(super) fn melee_odds_ui(
    ui: &mut egui::Ui,
    st: &State,
    att: PieceIx,
    def: PieceIx,
    odds: &MeleeOdds,
) {
    let b = &st.board();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(format!(
                "Melee: {} on {} [3.7.3.2]",
                b.pieces[att as usize].name, b.pieces[def as usize].name
            ))
            .strong(),
        );
        egui::Grid::new(("melee odds", att, def))
            .num_columns(2)
            .show(ui, |ui| {
                for s in 0..2 {
                    ui.label(if s == 0 { "Attacker" } else { "Defender" });
                    ui.label(format!(
                        "d6 {} = d6 {:+}",
                        mods_text(&odds.modifiers[s]),
                        odds.base[s]
                    ));
                    ui.end_row();
                }
            });
        ui.label(format!(
            "The defender loses: {:.0}%",
            odds.attacker_wins * 100.0
        ));
        if odds.defensive_fire > 0.0 {
            ui.label(format!(
                "Defensive fire first hits: {:.0}% [3.7.2.9.2]",
                odds.defensive_fire * 100.0
            ));
        }
    });
}
