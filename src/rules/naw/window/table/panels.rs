//! The Napoleon at Waterloo table's side panel and bottom panel sections:
//! movement, reinforcements, combat and its odds, the choices the rules
//! wait for, the die, the score and the CRT.

use super::*;

impl Table<NawTableRules> {
    /// The column the CRT highlights: the drafted attack's, or the last
    /// attack's; and the last die roll for that attack.
    pub(super) fn crt_focus(&self) -> (Option<usize>, Option<u32>) {
        let st = self.state();
        if st.phase() == Phase::Combat && st.pending().is_none() && !self.own.draft.is_empty() {
            let o = st.odds(
                &self.own.draft.attackers,
                &self.own.draft.bombarding,
                &self.own.draft.defenders,
                self.own.draft.lower,
            );
            return (Some(o.final_column), None);
        }
        let g = self.session.shown();
        let n = self.session.cursor();
        // The last attack of the current Combat Phase.
        for (cmd, events) in g.history[..n.min(g.history.len())].iter().rev() {
            if matches!(cmd, Command::EndCombat | Command::EndMovement) {
                break;
            }
            if let Command::Attack { .. } = cmd {
                let mut col = None;
                let mut roll = None;
                for e in events {
                    match e {
                        Event::AttackDeclared { column, .. } => {
                            col = st.board().crt.columns.iter().position(|c| c == column);
                        }
                        Event::DieRolled { roll: r } => roll = Some(*r),
                        _ => {}
                    }
                }
                return (col, roll);
            }
        }
        (None, None)
    }

    pub(super) fn movement_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Move");
        let st = self.state().clone();
        match self.own.selected {
            Some(u) => {
                let info = st.board().unit(u);
                let why = st.cannot_move(u);
                ui.label(format!(
                    "{}: {} {}-{}{}",
                    self.unit_name(u),
                    info.kind.name(),
                    info.strength,
                    info.movement,
                    match &why {
                        Some(_) => String::new(),
                        None => format!(", {} MP left", st.movement_left(u)),
                    }
                ));
                let n = self.reach().len();
                ui.label(
                    RichText::new(if let Some(why) = &why {
                        format!(
                            "It cannot move now: {}.",
                            st.board()
                                .refusal(why)
                                .trim_start_matches("may not move: ")
                        )
                    } else if n == 0 {
                        "No hex is within its reach.".to_string()
                    } else {
                        format!(
                            "{} within reach: click or drag to one. Orange hexes stop it (enemy Zone of Control [4.5]).",
                            crate::words::counted(n, "hex", "hexes")
                        )
                    })
                    .weak(),
                );
                let exit = Command::Exit {
                    unit: info.id.clone(),
                };
                if st.board().exit_side == st.side_of(u) && !st.board().exit_hexes.is_empty() {
                    let check = self.session.check(&exit);
                    let b = ui.add_enabled(check.is_ok(), egui::Button::new("Exit the map"));
                    let b = match &check {
                        Ok(()) => b.on_hover_text("Take the unit off through its exit hex [8.3]"),
                        Err(e) => b.on_disabled_hover_text(st.board().refusal(e)),
                    };
                    if b.clicked() {
                        self.give(exit);
                    }
                }
            }
            None => {
                ui.label(
                    RichText::new("Click one of your units to see where it can go (N: the next unit that can move).")
                        .weak(),
                );
            }
        }
        self.reinforcements_ui(ui);
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let undo = self.session.can_undo_move();
            let b = ui.add_enabled(undo.is_ok(), egui::Button::new("Undo move"));
            let b = match &undo {
                Ok(()) => b.on_hover_text("Take back the last move (Ctrl+Z)"),
                Err(e) => b.on_disabled_hover_text(e.to_string()),
            };
            if b.clicked() {
                self.undo();
            }
            if ui
                .button("End movement")
                .on_hover_text("End the Movement Phase (Ctrl+Enter)")
                .clicked()
            {
                self.end_phase();
            }
        });
    }

    pub(super) fn reinforcements_ui(&mut self, ui: &mut egui::Ui) {
        let avail = self.session.game.state.available_reinforcements();
        if avail.is_empty() {
            return;
        }
        ui.add_space(4.0);
        ui.strong("Reinforcements [7.0]");
        for (u, hexes) in avail {
            ui.horizontal(|ui| {
                let name = self.unit_name(u);
                let chosen = self.own.entering == Some(u);
                let label = if hexes.is_empty() {
                    format!("{name}: every entry hex is blocked [7.2]")
                } else {
                    let st = &self.session.game.state;
                    let list = hexes
                        .iter()
                        .map(|&h| st.board().hex(h).label())
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!("{name}: enters at {list}")
                };
                if ui.selectable_label(chosen, label).clicked() {
                    self.own.selected = None;
                    self.own.reach = None;
                    self.own.entering = if chosen { None } else { Some(u) };
                    if !chosen {
                        self.message =
                            Some((true, "Click a blue entry hex to bring the unit on".into()));
                    }
                }
            });
        }
    }

    pub(super) fn combat_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Attack");
        let st = &self.session.game.state;
        let ra = st.required_attackers();
        let rd = st.required_defenders();
        if ra.is_empty() && rd.is_empty() {
            ui.label(RichText::new("No attacks are required [5.1].").weak());
        } else {
            let names = |v: &[UnitIx]| {
                v.iter()
                    .map(|&u| self.unit_name(u))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            ui.label(format!("Must attack [5.1]: {}", names(&ra)));
            ui.label(format!("Must be attacked [5.1]: {}", names(&rd)));
        }
        ui.label(
            RichText::new(
                "Click enemy units to attack them, your units to attack with them (artillery two hexes away bombards). A takes the next suggested attack.",
            )
            .weak(),
        );
        if !self.own.draft.is_empty() {
            self.odds_ui(ui);
        }
        ui.horizontal(|ui| {
            if ui
                .button("Suggest attacks")
                .on_hover_text("A complete set of attacks meeting every obligation [5.1]")
                .clicked()
            {
                let st = &self.session.game.state;
                match st.suggest_attacks(None) {
                    Some(p) => {
                        self.message = Some((
                            true,
                            if p.is_empty() {
                                "No attacks are required".into()
                            } else {
                                format!("{} attacks meet every obligation", p.len())
                            },
                        ));
                        self.own.proposals = Some(p);
                    }
                    None => {
                        self.message = Some((
                            false,
                            "No set of attacks meets every obligation from here [5.1]".into(),
                        ));
                    }
                }
            }
            if ui
                .button("End combat")
                .on_hover_text("End the Combat Phase (Ctrl+Enter)")
                .clicked()
            {
                self.end_phase();
            }
        });
        if let Some(props) = self.own.proposals.clone() {
            for (i, p) in props.iter().enumerate() {
                let names = |v: &[UnitIx]| {
                    v.iter()
                        .map(|&u| self.short_name(u))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let mut text = format!("{} on {}", names(&p.attackers), names(&p.defenders));
                if !p.bombarding.is_empty() {
                    text.push_str(&format!(" (bombarding: {})", names(&p.bombarding)));
                }
                ui.horizontal(|ui| {
                    if ui.button(format!("Use {}", i + 1)).clicked() {
                        self.own.draft = AttackDraft {
                            attackers: p.attackers.clone(),
                            bombarding: p.bombarding.clone(),
                            defenders: p.defenders.clone(),
                            lower: None,
                        };
                    }
                    ui.label(text);
                });
            }
        }
    }

    pub(super) fn odds_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let d = self.own.draft.clone();
        let o = st.odds(&d.attackers, &d.bombarding, &d.defenders, d.lower);
        let cols = &st.board().crt.columns;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong("Odds [6.2]");
            let line = |v: &[UnitIx], what: &str| -> String {
                let parts: Vec<String> = v
                    .iter()
                    .map(|&u| format!("{} {}", self.short_name(u), st.board().unit(u).strength))
                    .collect();
                format!(
                    "{what}: {}",
                    if parts.is_empty() {
                        "—".into()
                    } else {
                        parts.join(" + ")
                    }
                )
            };
            ui.label(line(&d.attackers, "Attackers"));
            if !d.bombarding.is_empty() {
                ui.label(line(&d.bombarding, "Bombarding [5.6]"));
            }
            let defs: Vec<String> = d
                .defenders
                .iter()
                .map(|&u| {
                    let s = st.board().unit(u).strength;
                    let m = st.defence_strength(u) / s.max(1);
                    if o.doubled.contains(&u) {
                        format!(
                            "{} {s} x{m} {} = {}",
                            self.short_name(u),
                            st.unit_hex(u).map_or(String::new(), |h| st
                                .board()
                                .info(h)
                                .terrain_name
                                .to_lowercase()),
                            st.defence_strength(u)
                        )
                    } else {
                        format!("{} {s}", self.short_name(u))
                    }
                })
                .collect();
            ui.label(format!(
                "Defenders: {}",
                if defs.is_empty() {
                    "—".into()
                } else {
                    defs.join(" + ")
                }
            ));
            ui.label(
                RichText::new(format!(
                    "{} to {}: ratio {}, column {}",
                    o.attack,
                    o.defence,
                    o.ratio,
                    cols.get(o.column).map_or("-".into(), |c| c.to_string())
                ))
                .strong(),
            );
            let side = st.phasing();
            let shift =
                o.final_column as i64 - d.lower.map_or(o.column, |l| l.min(o.column)) as i64;
            if st.demoralized().iter().any(|&x| x) {
                ui.label(format!(
                    "Demoralization [8.2]: {} column{} ({} {}demoralized, {} {}demoralized)",
                    if shift >= 0 {
                        format!("+{shift}")
                    } else {
                        shift.to_string()
                    },
                    if shift.abs() == 1 { "" } else { "s" },
                    self.side_name(side),
                    if st.demoralized()[side as usize] {
                        ""
                    } else {
                        "not "
                    },
                    self.side_name(1 - side),
                    if st.demoralized()[1 - side as usize] {
                        ""
                    } else {
                        "not "
                    },
                ));
            }
            ui.horizontal(|ui| {
                let l = ui.label("Resolve on");
                let current = d.lower.unwrap_or(o.column).min(o.column);
                let mut pick = current;
                egui::ComboBox::from_id_salt("lower column")
                    .selected_text(cols.get(current).map_or("-".into(), |c| c.to_string()))
                    .show_ui(ui, |ui| {
                        for i in (0..=o.column).rev() {
                            let text = if i == o.column {
                                format!("{} (the odds)", cols[i])
                            } else {
                                format!("{} (lowered [6.2])", cols[i])
                            };
                            ui.selectable_value(&mut pick, i, text);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                if pick != current {
                    self.own.draft.lower = (pick != o.column).then_some(pick);
                }
            });
            let final_col = cols
                .get(o.final_column)
                .map_or("-".into(), |c| c.to_string());
            ui.label(
                RichText::new(format!("Final column: {final_col}"))
                    .strong()
                    .size(15.0),
            );
            let check = self.check_draft();
            if let Err(e) = &check {
                ui.colored_label(RED, format!("Not allowed: {e}"));
            }
            ui.horizontal(|ui| {
                let b = ui.add_enabled(check.is_ok(), egui::Button::new("Roll"));
                if b.on_hover_text("Declare the attack and roll the die (Enter)")
                    .clicked()
                {
                    self.roll();
                }
                if ui.button("Clear").clicked() {
                    self.own.draft = AttackDraft::default();
                }
            });
        });
    }

    pub(super) fn pending_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let Some(step) = st.pending().as_ref().and_then(|p| p.steps.front()).cloned() else {
            return;
        };
        ui.strong(st.describe_step(&step));
        match step {
            Step::Retreat { unit, optional, .. } => {
                let opts = st.retreat_options(unit);
                if opts.is_empty() {
                    ui.label("No hex to retreat into: the unit is eliminated when it cannot retreat [6.4].");
                }
                ui.label(RichText::new("Click a yellow hex on the map, or:").weak());
                ui.horizontal_wrapped(|ui| {
                    for (h, displaced) in opts {
                        let hex = st.board().hex(h);
                        let text = match displaced {
                            Some(v) => format!("{hex} (displaces {})", st.board().unit(v).id),
                            None => hex.to_string(),
                        };
                        if ui.button(text).clicked() {
                            let unit = self.id(unit);
                            self.give(Command::Retreat { unit, to: hex });
                            return;
                        }
                    }
                });
                if optional && ui.button("Hold position [6.8]").clicked() {
                    let unit = self.id(unit);
                    self.give(Command::HoldPosition { unit });
                }
            }
            Step::Losses { at_least } => {
                let attackers = st.loss_candidates();
                let chosen: u32 = self
                    .own
                    .losses
                    .iter()
                    .map(|&u| st.board().unit(u).strength)
                    .sum();
                for u in attackers {
                    let mut on = self.own.losses.contains(&u);
                    let text = format!(
                        "{} ({})",
                        self.unit_name(u),
                        crate::words::counted(st.board().unit(u).strength, "point", "points")
                    );
                    if ui.checkbox(&mut on, text).changed() {
                        if on {
                            self.own.losses.push(u);
                        } else {
                            self.own.losses.retain(|&x| x != u);
                        }
                    }
                }
                ui.label(format!(
                    "Chosen: {chosen} of at least {}",
                    crate::words::counted(at_least, "point", "points")
                ));
                if ui.button("Take these losses").clicked() {
                    let units = self.own.losses.iter().map(|&u| self.id(u)).collect();
                    self.give(Command::ChooseLosses { units });
                }
            }
            Step::Advance { units, hexes, .. } => {
                let unit = self.own.advancing.or(units.first().copied());
                ui.label(
                    RichText::new("Pick the unit, then click a green hex, or decline.").weak(),
                );
                ui.horizontal_wrapped(|ui| {
                    for &u in &units {
                        if ui
                            .selectable_label(unit == Some(u), self.unit_name(u))
                            .clicked()
                        {
                            self.own.advancing = Some(u);
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for &h in &hexes {
                        let hex = st.board().hex(h);
                        if ui.button(format!("Advance to {hex}")).clicked()
                            && let Some(u) = unit
                        {
                            let unit = self.id(u);
                            self.give(Command::Advance { unit, to: hex });
                            return;
                        }
                    }
                });
                if ui.button("Do not advance").clicked() {
                    self.give(Command::DeclineAdvance);
                }
            }
        }
    }

    /// The last die roll of the shown position's current attack, drawn as
    /// a die, with its result.
    pub(super) fn die_ui(&mut self, ui: &mut egui::Ui) {
        let g = self.session.shown();
        let n = self.session.cursor().min(g.history.len());
        let last = g.history[..n]
            .iter()
            .rev()
            .take(6)
            .find(|(c, _)| matches!(c, Command::Attack { .. }));
        let Some((_, events)) = last else {
            return;
        };
        let roll = events.iter().find_map(|e| match e {
            Event::DieRolled { roll } => Some(*roll),
            _ => None,
        });
        let result = events.iter().find_map(|e| match e {
            Event::CombatResult { result } => Some(*result),
            _ => None,
        });
        let (Some(roll), Some(result)) = (roll, result) else {
            return;
        };
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::hover());
            draw_die(ui.painter(), rect, roll);
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("Die roll {roll}")).strong());
                ui.label(format!("{}: {}", result.code(), result.meaning()));
            });
        });
    }

    pub(super) fn score_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let over = st.outcome().is_some();
        egui::Grid::new("score").num_columns(2).show(ui, |ui| {
            for side in 0..2u8 {
                let s = side as usize;
                let name = self.side_name(side);
                ui.label(format!("{name} losses"));
                let th = st.board().thresholds[s].max(1);
                let mut text = format!(
                    "{} of {} [8.1]",
                    st.losses()[s],
                    crate::words::counted(th, "point", "points")
                );
                if st.demoralized()[s] {
                    text.push_str(" — demoralized [8.2]");
                }
                ui.add(
                    egui::ProgressBar::new((st.losses()[s] as f32 / th as f32).min(1.0))
                        .desired_width(210.0)
                        .text(text),
                );
                ui.end_row();
            }
            let e = st.board().exit_side;
            if !st.board().exit_hexes.is_empty() {
                ui.label(format!("{} exited", self.side_name(e)));
                ui.label(format!(
                    "{} of {} [8.3]",
                    st.exited()[e as usize],
                    crate::words::counted(st.board().exits_needed, "unit", "units")
                ));
                ui.end_row();
            }
            if let Some(chits) = st.chits() {
                ui.label("Variant chits [9.0]");
                ui.horizontal(|ui| {
                    for side in 0..2u8 {
                        let s = side as usize;
                        let seat = self.session.setup.seats[s];
                        let name = self.side_name(side);
                        if over {
                            ui.label(format!("{name}: {}", chits[s]));
                        } else if seat.is_human() {
                            let r = ui
                                .add(
                                    egui::Button::new(format!("{name}: hold to see"))
                                        .sense(Sense::drag()),
                                )
                                .on_hover_text("Only the player of this side should look");
                            if r.is_pointer_button_down_on() {
                                ui.label(format!("{}", chits[s]));
                            }
                        } else {
                            ui.label(format!("{name}: hidden"));
                        }
                    }
                });
                ui.end_row();
            }
        });
    }

    pub(super) fn reinforcements_due_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state();
        let side = st.phasing();
        let mut due: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for (i, info) in st.board().units.iter().enumerate() {
            if info.side == side
                && st.pos()[i] == Pos::Waiting
                && let Some(t) = st.arrival()[i]
                && t <= st.turn() + 1
            {
                due.entry(t.max(st.turn()))
                    .or_default()
                    .push(info.id.to_string());
            }
        }
        ui.strong(format!("{} reinforcements due [7.0]", self.side_name(side)));
        if due.is_empty() {
            ui.label(RichText::new("none this turn or next").weak());
        }
        for (t, units) in due {
            let when = if t == st.turn() {
                "now".to_string()
            } else {
                format!("turn {t}")
            };
            ui.label(format!("{when}: {}", units.join(", ")));
        }
    }

    pub(super) fn crt_ui(&mut self, ui: &mut egui::Ui) {
        ui.strong("Combat Results Table [6.3]");
        let (focus, roll) = self.crt_focus();
        let st = self.state();
        let crt = &st.board().crt;
        egui::Grid::new("crt")
            .spacing(vec2(4.0, 1.0))
            .min_col_width(28.0)
            .show(ui, |ui| {
                ui.label(RichText::new("die").small().weak());
                for (i, c) in crt.columns.iter().enumerate() {
                    let t = RichText::new(c.to_string()).small().strong();
                    if Some(i) == focus {
                        ui.label(t.background_color(GOLD).color(Color32::BLACK));
                    } else {
                        ui.label(t);
                    }
                }
                ui.end_row();
                for row in &crt.rows {
                    ui.label(RichText::new(row.die.to_string()).small().weak());
                    for (i, r) in row.results.iter().enumerate() {
                        let mut t = RichText::new(r.code()).small().monospace();
                        if Some(i) == focus {
                            t = if Some(row.die) == roll {
                                t.background_color(RED).color(Color32::WHITE).strong()
                            } else {
                                t.background_color(Color32::from_rgb(250, 235, 160))
                                    .color(Color32::BLACK)
                            };
                        }
                        ui.label(t);
                    }
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new("Ae/Ar: attacker eliminated/retreats; Ee: exchange; Dr/De: defender retreats/eliminated")
                .small()
                .weak(),
        );
    }
}
