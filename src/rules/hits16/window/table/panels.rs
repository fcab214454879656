//! The 16-hits table's side panel: the phase and who acts, what the
//! human to act can do (rallies, formation changes, charges, shots and
//! hand-to-hand combats with their numbers, the choices the rules wait
//! for), the selected unit with its 16-box hit track, the armies, and the
//! last dice.

use super::*;
use crate::rules::hits16::engine::check::{FightOutcome, ShotOdds};

/// Which roll a `ShotOdds` is: the factors mean different things.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Roll {
    Shot,
    Melee,
}

/// "1D6 +2 close range +1 Elite, halved (cover)": a roll's numbers, each
/// named (M23, M24, M32).
fn roll_words(o: ShotOdds, roll: Roll) -> String {
    let mut s = String::from("1D6");
    for (what, v) in o.terms.iter() {
        s.push_str(&format!(" {v:+} {what}"));
    }
    let f = o.factors;
    let (half, double) = match roll {
        Roll::Shot => ("halved (cover)", "doubled (guns on a march column)"),
        Roll::Melee => ("halved (on a hill)", "doubled (flank or rear)"),
    };
    if f.half {
        s.push_str(&format!(", {half}"));
    }
    if f.double {
        s.push_str(&format!(", {double}"));
    }
    if f.march {
        s.push_str(", doubled (march column)");
    }
    s
}

/// "2 hits 1 in 6 · 3 hits 2 in 6 …": the hits of a roll before it is
/// made, capped at what the target has left.
fn distribution_words(o: ShotOdds, left: u32) -> String {
    let mut capped: Vec<(u32, u32)> = Vec::new();
    for (h, n) in o.distribution() {
        let h = h.min(left);
        match capped.iter_mut().find(|(x, _)| *x == h) {
            Some((_, m)) => *m += n,
            None => capped.push((h, n)),
        }
    }
    capped
        .iter()
        .map(|&(h, n)| format!("{} {n} in 6", crate::words::counted(h, "hit", "hits")))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A hand-to-hand roll's outcomes with their chances (M33).
fn outcome_words(chances: &[(FightOutcome, u32)]) -> String {
    chances
        .iter()
        .map(|&(o, n)| format!("{} {n} in 6", o.words()))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Six small bars, one a die face, as high as its hits: the shape of the
/// roll at a glance (the numbers are in the words beside it).
fn hits_chart(ui: &mut egui::Ui, o: ShotOdds, left: u32) {
    let (w, h) = (10.0, 30.0);
    let (rect, _) = ui.allocate_exact_size(vec2(6.0 * w, h), egui::Sense::hover());
    let p = ui.painter();
    let top = (1..=6)
        .map(|f| o.hits(f).min(left))
        .max()
        .unwrap_or(0)
        .max(1);
    p.rect_filled(rect, 1.0, Color32::from_gray(240));
    for f in 1..=6u32 {
        let v = o.hits(f).min(left);
        let bh = h * v as f32 / top as f32;
        let x = rect.left() + (f - 1) as f32 * w;
        let r = Rect::from_min_max(
            pos2(x + 1.0, rect.bottom() - bh),
            pos2(x + w - 1.0, rect.bottom()),
        );
        p.rect_filled(r, 0.0, Color32::from_rgb(170, 40, 40));
    }
}

/// The weak lines under a roll's button: its numbers, its hits by chance
/// and, in hand to hand, what each leads to and the reply it faces.
fn roll_lines(ui: &mut egui::Ui, o: ShotOdds, roll: Roll, left: u32, more: &[RichText]) {
    ui.horizontal(|ui| {
        ui.add_space(12.0);
        hits_chart(ui, o, left);
        ui.vertical(|ui| {
            ui.label(RichText::new(roll_words(o, roll)).small());
            ui.label(RichText::new(distribution_words(o, left)).small());
            for line in more {
                ui.label(line.clone());
            }
        });
    });
}

impl Table<Hits16TableRules> {
    pub(super) fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let side = self.side_name(st.side());
        let step = match st.phase() {
            Phase::Command => format!("{side}: 1. Command: rally [L33] (M12)"),
            Phase::Movement => format!("{side}: 2. Movement and charges [L41-65] (M14-M30)"),
            Phase::Shooting => format!("{side}: 3. Shooting [L67-84] (M20-M24)"),
            Phase::HandToHand => format!("{side}: 4. Hand to hand [L86-105] (M31-M35)"),
            Phase::Over => "The game is over (M38)".into(),
        };
        ui.label(RichText::new(step).strong().size(16.0));
    }

    pub(super) fn act_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.live().clone();
        let b = st.board().clone();
        if let Some(p) = st.pending().first() {
            let who = match p {
                Pending::Withdraw { unit, .. } => format!(
                    "{} withdraws [L103] (M35): click a purple hex",
                    b.units[*unit as usize].name
                ),
                Pending::PlaceGeneral { general, .. } => format!(
                    "Place {} by the nearest friendly unit [L35] (M13): click a purple hex",
                    b.generals[*general as usize].name
                ),
            };
            ui.label(RichText::new(who).strong());
            for (h, c) in self.hex_choices() {
                if ui.button(h.to_string()).clicked() {
                    self.order(c);
                }
            }
            return;
        }
        let end = match st.phase() {
            Phase::Command => "End the Command phase",
            Phase::Movement => "End the Movement phase",
            Phase::Shooting => "End the Shooting phase",
            Phase::HandToHand => "End the player turn",
            Phase::Over => return,
        };
        match st.phase() {
            Phase::Command => self.rally_ui(ui, &st),
            Phase::Movement => self.movement_ui(ui, &st),
            Phase::Shooting => self.shooting_ui(ui, &st),
            Phase::HandToHand => self.fight_ui(ui, &st),
            Phase::Over => {}
        }
        ui.add_space(4.0);
        let refusal = st.check(&Command::EndPhase).err();
        let button = ui.add_enabled(
            refusal.is_none(),
            egui::Button::new(RichText::new(end).strong()),
        );
        let button = match &refusal {
            Some(e) => button.on_disabled_hover_text(e.to_string()),
            None => button.on_hover_text("Ctrl+Enter"),
        };
        if button.clicked() {
            self.order(Command::EndPhase);
        }
    }

    fn rally_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let b = &st.board();
        let rallies: Vec<Command> = self
            .legal()
            .iter()
            .filter(|c| matches!(c, Command::Rally { .. }))
            .cloned()
            .collect();
        if rallies.is_empty() {
            ui.label(RichText::new("No General of yours can reach a unit to rally.").weak());
            return;
        }
        ui.label("Rally (1D6 hits off, never a lost base; a 1 loses the General):");
        for c in rallies {
            let Command::Rally { general, unit } = &c else {
                continue;
            };
            let (Some(g), Some(u)) = (b.general_ix(general), b.unit_ix(unit)) else {
                continue;
            };
            let s = st.units()[u as usize];
            let room = u32::from(s.hits) - 4 * u32::from(s.bases_lost);
            let label = format!(
                "{} rallies {} (at most {} back)",
                b.generals[g as usize].name,
                b.units[u as usize].name,
                crate::words::counted(room, "hit", "hits")
            );
            if ui.button(label).clicked() {
                self.order(c.clone());
            }
        }
    }

    fn movement_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let b = st.board().clone();
        let Some(u) = self.own_selected() else {
            ui.label(
                RichText::new(
                    "Select a unit: green hexes show its moves (Q/E pivot first, click the hexside \
                     to end facing), red rings its charges. Select a General to ride.",
                )
                .weak(),
            );
            return;
        };
        let s = st.units()[u as usize];
        ui.label(format!(
            "{}: {}, facing {}{}",
            b.units[u as usize].name,
            formation_words(s.formation),
            b.dir(self.move_facing(u)).name(),
            if self.own.start.is_some() {
                " (drafted pivot)"
            } else {
                ""
            }
        ));
        ui.horizontal_wrapped(|ui| {
            for &f in st.troop(u).formations() {
                if f == s.formation {
                    continue;
                }
                let facing = (s.formation == Formation::Square).then(|| b.dir(self.move_facing(u)));
                let why = st.check_form(u, f, facing).err();
                let r = ui.add_enabled(
                    why.is_none(),
                    egui::Button::new(format!("Form {}", f.name())),
                );
                let r = match &why {
                    Some(e) => r.on_disabled_hover_text(e.to_string()),
                    None => r.on_hover_text(
                        "A formation change is the unit's action this phase [L45] (M9)",
                    ),
                };
                if r.clicked() {
                    self.form(u, f);
                }
            }
        });
        for (t, c) in self.charges() {
            // Judged from the hex the charge ends in.
            let last = match &c {
                Command::Charge { path, .. } => path.last().and_then(|&h| b.ix(h)),
                _ => None,
            }
            .unwrap_or(s.hex);
            let label = format!("Charge {}", b.units[t as usize].name);
            if ui.button(label).clicked() {
                self.order(c.clone());
            }
            self.melee_lines(ui, st, u, last, t, false);
        }
        let opponents: Vec<UnitIx> = st.opponents(u).collect();
        for o in opponents {
            if st.check_turn_to_face(u, o).is_ok()
                && ui
                    .button(format!(
                        "Turn to face {} [L105] (M34)",
                        b.units[o as usize].name
                    ))
                    .clicked()
            {
                self.order(Command::TurnToFace {
                    unit: self.unit_id(u),
                    toward: self.unit_id(o),
                });
            }
        }
    }

    fn shooting_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let b = st.board().clone();
        let Some(u) = self.own_selected() else {
            ui.label(RichText::new("Select a unit: orange rings show what it can shoot.").weak());
            return;
        };
        let shots = self.shots();
        if shots.is_empty() {
            let why = match st.units_of(1 - st.side()).next() {
                Some(t) => st.check_shot(u, t).err().map(|e| e.to_string()),
                None => None,
            };
            ui.label(RichText::new(why.unwrap_or_else(|| "No target.".into())).weak());
        }
        for t in shots {
            let Ok(odds) = st.check_shot(u, t) else {
                continue;
            };
            let label = format!(
                "Shoot {} at {}",
                b.units[t as usize].name,
                crate::words::counted(odds.distance, "hex", "hexes"),
            );
            if ui.button(label).clicked() {
                self.order(Command::Shoot {
                    unit: self.unit_id(u),
                    target: self.unit_id(t),
                });
            }
            let left = 16 - u32::from(st.units()[t as usize].hits);
            roll_lines(ui, odds, Roll::Shot, left, &[]);
        }
    }

    /// Under a charge or a combat: the roller's numbers and hits, each
    /// outcome's chance (M33), and in a combat the reply the enemy rolls
    /// next turn with its own modifiers (M31: the roller alternates).
    fn melee_lines(
        &self,
        ui: &mut egui::Ui,
        st: &State,
        u: UnitIx,
        from: HexIx,
        t: UnitIx,
        in_combat: bool,
    ) {
        let chances = st.fight_chances(u, from, t);
        if chances == [(FightOutcome::Eliminated, 6)] {
            ui.label(
                RichText::new("    eliminated without a roll (guns or skirmishers overrun, M33)")
                    .small(),
            );
            return;
        }
        let left = 16 - u32::from(st.units()[t as usize].hits);
        let mut more = vec![RichText::new(outcome_words(&chances)).small()];
        // In a combat already fought the enemy rolls back next turn; after
        // a charge not yet made its numbers depend on the facing taken.
        if in_combat && chances.iter().any(|c| c.0 == FightOutcome::Continues) {
            let reply = st.melee_odds(t, u);
            more.push(
                RichText::new(format!(
                    "if the combat goes on, their reply next turn: {}",
                    roll_words(reply, Roll::Melee)
                ))
                .small()
                .weak(),
            );
        }
        roll_lines(ui, st.melee_odds_at(u, from, t), Roll::Melee, left, &more);
    }

    fn fight_ui(&mut self, ui: &mut egui::Ui, st: &State) {
        let b = st.board().clone();
        let fights: Vec<Command> = self
            .legal()
            .iter()
            .filter(|c| matches!(c, Command::Fight { .. }))
            .cloned()
            .collect();
        if fights.is_empty() {
            ui.label(RichText::new("No combat left to fight.").weak());
        }
        for c in fights {
            let Command::Fight { unit, against } = &c else {
                continue;
            };
            let (Some(u), Some(t)) = (b.unit_ix(unit), b.unit_ix(against)) else {
                continue;
            };
            if ui
                .button(format!(
                    "{} fights {}",
                    b.units[u as usize].name, b.units[t as usize].name
                ))
                .clicked()
            {
                self.order(c.clone());
            }
            self.melee_lines(ui, st, u, st.units()[u as usize].hex, t, true);
        }
    }

    /// The selected unit: type, formation, facing, rating, its 16-box hit
    /// track with a mark every 4, what it did this turn.
    pub(super) fn selected_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let b = &st.board();
        match self.own.selected {
            Some(Pick::Unit(u)) if st.on_table(u) => {
                let info = &b.units[u as usize];
                let s = st.units()[u as usize];
                ui.label(RichText::new(&info.name).strong());
                ui.label(format!(
                    "{} ({}), {}, {}",
                    info.troop.name(),
                    info.rating.name(),
                    formation_words(s.formation),
                    if s.formation == Formation::Square {
                        "no facing".to_string()
                    } else {
                        format!("facing {}", b.dir(s.facing).name())
                    }
                ));
                hit_track(ui, u32::from(s.hits));
                ui.label(format!(
                    "{}, {} left{}",
                    crate::words::counted(s.hits, "hit", "hits"),
                    crate::words::counted(st.bases(u), "base", "bases"),
                    if s.hits >= 8 {
                        "; deteriorated: -1 to its dice [L81]"
                    } else {
                        ""
                    }
                ));
                let a = st.acts()[u as usize];
                let mut did = Vec::new();
                if a.acted {
                    did.push("has acted");
                }
                if a.moved {
                    did.push("has moved");
                }
                if a.shot {
                    did.push("has shot");
                }
                if st.in_combat(u) {
                    did.push("in hand-to-hand");
                }
                if !did.is_empty() {
                    ui.label(RichText::new(did.join(", ")).weak());
                }
                if shoots(info.troop)
                    && let Some(row) = b.options.fire_table.row(info.troop)
                {
                    ui.label(
                        RichText::new(format!(
                            "Range: close {} ({:+}), long {} ({:+}) [L72-75] (M23)",
                            row.close_range, row.close_damage, row.long_range, row.long_damage
                        ))
                        .small(),
                    );
                }
            }
            Some(Pick::General(g)) => {
                ui.label(RichText::new(&b.generals[g as usize].name).strong());
                ui.label(format!(
                    "General of {}: rallies units within {}, rides {} [L33-35]",
                    self.side_name(b.generals[g as usize].side),
                    crate::words::counted(b.options.rally_reach, "hex", "hexes"),
                    crate::words::counted(b.options.general_move_hexes(), "hex", "hexes")
                ));
            }
            _ => {
                ui.label(RichText::new("Nothing selected.").weak());
            }
        }
    }

    pub(super) fn armies_ui(&mut self, ui: &mut egui::Ui) {
        let st = self.state().clone();
        let b = &st.board();
        for s in 0..2usize {
            let held = st.held().iter().filter(|h| **h == Some(s as u8)).count();
            ui.label(format!(
                "{}: {} of {} lost (breaks at {}), {} held",
                self.side_name(s as u8),
                st.lost()[s],
                b.army[s],
                b.break_at[s],
                crate::words::counted(held, "victory hex", "victory hexes")
            ));
        }
    }

    pub(super) fn dice_ui(&mut self, ui: &mut egui::Ui) {
        let shown = self.session.cursor();
        let game = self.session.shown();
        let Some((_, events)) = shown.checked_sub(1).and_then(|i| game.history.get(i)) else {
            ui.label(RichText::new("No dice rolled yet.").weak());
            return;
        };
        let b = game.state.board().clone();
        let mut any = false;
        for e in events.clone() {
            let (face, title) = match &e {
                Event::Shot { face, .. }
                | Event::Fought { face, .. }
                | Event::Rallied { face, .. } => (*face, sentence(&b, &e)),
                Event::Hit {
                    face,
                    cause: crate::rules::hits16::engine::types::Cause::Disruption,
                    ..
                } => (*face, sentence(&b, &e)),
                _ => continue,
            };
            any = true;
            marks::dice_row(ui, &[face], title, e.section().to_string());
        }
        if !any {
            ui.label(RichText::new("The last command rolled no die.").weak());
        }
    }
}

/// Sixteen boxes, filled for the hits taken, a gap every four (a base).
fn hit_track(ui: &mut egui::Ui, hits: u32) {
    let (w, h, gap) = (12.0, 14.0, 5.0);
    let (rect, _) =
        ui.allocate_exact_size(vec2(16.0 * w + 3.0 * gap + 2.0, h), egui::Sense::hover());
    let p = ui.painter();
    for k in 0..16u32 {
        let x = rect.left() + k as f32 * w + (k / 4) as f32 * gap;
        let r = Rect::from_min_size(pos2(x, rect.top()), vec2(w - 2.0, h));
        let fill = if k < hits {
            Color32::from_rgb(170, 40, 40)
        } else {
            Color32::from_gray(245)
        };
        p.rect_filled(r, 1.0, fill);
        p.rect_stroke(
            r,
            1.0,
            Stroke::new(if k % 4 == 3 { 1.5 } else { 0.8 }, Color32::from_gray(60)),
            egui::StrokeKind::Inside,
        );
    }
}
