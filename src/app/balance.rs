//! The Balance panel: runs a batch of the scenario being edited on a
//! background thread (the window stays responsive; progress shown;
//! cancellable) and plots the results with egui_plot. The previous run
//! stays beside the new one, so a designer sees what an edit changed.

use super::batch::Batch;
use crate::ai::{Computer, PlayerKind};
use crate::hex::Hex;
use crate::rules::{Visit, dispatch};
use crate::scenario::{Map, Scenario};
use crate::sim::{self, GameSummary, Interval, Report, SimConfig};
use egui::{Color32, RichText};
use egui_plot::{Bar, BarChart, Legend, Line, Plot};
use std::collections::HashMap;
use std::sync::Arc;

/// Side colours until a scenario gives its own.
const SIDE_COLOURS: [Color32; 2] = [
    Color32::from_rgb(66, 110, 190),
    Color32::from_rgb(190, 70, 60),
];
const DRAW_COLOUR: Color32 = Color32::from_rgb(130, 130, 130);

/// A finished batch.
pub struct BalanceRun {
    pub report: Report,
    /// Strength points destroyed per hex, per game, both sides together.
    pub losses_by_hex: HashMap<Hex, f64>,
    pub secs: f64,
    pub label: String,
}

impl BalanceRun {
    fn new(report: Report, games: &[GameSummary], secs: f64, label: String) -> BalanceRun {
        let mut losses_by_hex: HashMap<Hex, f64> = HashMap::new();
        let n = games.len().max(1) as f64;
        for g in games {
            for l in &g.eliminated {
                *losses_by_hex.entry(l.hex).or_default() += l.strength as f64 / n;
            }
        }
        BalanceRun {
            report,
            losses_by_hex,
            secs,
            label,
        }
    }
}

struct Job {
    /// The games played, and the half-width reached when the batch
    /// stopped at its precision.
    batch: Batch<(Vec<GameSummary>, Option<f64>)>,
    /// The rule set's report of the finished games.
    report: ReportMaker,
    label: String,
}

/// Turns finished games into the rule set's report.
type ReportMaker = Box<dyn Fn(&[GameSummary]) -> Report + Send>;

/// Starts a batch with whichever rule set the scenario names.
struct StartBatch<'a> {
    scenario: &'a Scenario,
    map: &'a Map,
    games: u32,
    seed: u64,
    players: [PlayerKind; 2],
    threads: usize,
    variant: bool,
    /// Stop once every side's win rate is known to ± this many points.
    precision: Option<f64>,
}

impl Visit for StartBatch<'_> {
    type Output = Result<Job, String>;
    fn visit<R: Computer>(self) -> Result<Job, String> {
        let board = Arc::new(
            R::board(self.scenario, self.map)
                .map_err(|e| format!("cannot play this scenario: {e}"))?,
        );
        let cfg = SimConfig::<R> {
            players: self.players,
            threads: self.threads.max(1),
            variant: self.variant,
            ..SimConfig::new(self.games.max(1), self.seed)
        };
        let label = format!(
            "{}{}, seed {}, {} vs {}{}",
            self.precision
                .map_or(String::new(), |p| format!("until ±{p} points, at most ")),
            crate::words::counted(cfg.games, "game", "games"),
            cfg.seed,
            cfg.players[0].label(),
            cfg.players[1].label(),
            if cfg.variant { ", variant" } else { "" }
        );
        let b = board.clone();
        let precision = self.precision;
        Ok(Job {
            batch: Batch::spawn(self.games.max(1), move |progress, cancel| {
                let mut tally = crate::sim::BatchTally::new(crate::sim::Tally::new::<R>(&b), false);
                let mut games = Vec::new();
                let reached = sim::run_to_precision(
                    b.clone(),
                    &cfg,
                    precision,
                    &mut tally,
                    progress,
                    cancel,
                    &mut |g, _| games.push(g),
                );
                (games, reached)
            }),
            report: Box::new(move |games| Report::new::<R>(&board, games)),
            label,
        })
    }
}

/// The panel's settings, the running batch and the last two results.
pub struct BalancePanel {
    pub open: bool,
    pub games: u32,
    pub seed: u64,
    pub players: [PlayerKind; 2],
    /// The search players' strength: playouts per turn.
    pub budget: u32,
    /// Play until every side's win rate is known to ± this many points
    /// (Games is then the most to play).
    pub until_precise: bool,
    pub precision: f64,
    pub variant: bool,
    pub threads: usize,
    /// Draw where units were destroyed over the map.
    pub show_heat: bool,
    pub current: Option<BalanceRun>,
    pub previous: Option<BalanceRun>,
    pub error: Option<String>,
    /// The scenario's side colours, for the plots.
    colours: [Color32; 2],
    job: Option<Job>,
    /// The sections rule sets add (army-list balance), by rule set name,
    /// each kept while another rule set's scenario is open.
    sections: Vec<(&'static str, Box<dyn super::plugin::BalanceSection>)>,
    /// The skill ladder of the scenario as it is now.
    pub ladder: super::ladder::LadderPanel,
    /// Which numbers decide the balance.
    pub sensitivity: super::sensitivity::SensitivityPanel,
}

impl Default for BalancePanel {
    fn default() -> Self {
        BalancePanel {
            open: false,
            games: 1000,
            seed: 1,
            players: [PlayerKind::Heuristic, PlayerKind::Heuristic],
            budget: crate::ai::search::DEFAULT_BUDGET,
            until_precise: false,
            precision: 2.0,
            variant: false,
            threads: crate::sim::default_threads(),
            show_heat: true,
            current: None,
            previous: None,
            error: None,
            colours: SIDE_COLOURS,
            job: None,
            sections: Vec::new(),
            ladder: Default::default(),
            sensitivity: Default::default(),
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

impl BalancePanel {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a batch of the scenario as it is now.
    pub fn start(&mut self, scenario: &Scenario, map: &Map) {
        if self.job.is_some() {
            return;
        }
        if self.variant && scenario.variants.is_empty() {
            self.error = Some("this scenario has no variant chit tables".into());
            return;
        }
        let start = StartBatch {
            scenario,
            map,
            games: self.games,
            seed: self.seed,
            players: self.players,
            threads: self.threads,
            variant: self.variant,
            precision: self.until_precise.then_some(self.precision),
        };
        match dispatch(&scenario.rules, start) {
            Ok(job) => {
                self.error = None;
                self.job = Some(job);
            }
            Err(e) => self.error = Some(e),
        }
    }

    pub fn cancel(&mut self) {
        if let Some(j) = &self.job {
            j.batch.cancel();
        }
    }

    /// Collects a finished batch; call every frame.
    pub fn poll(&mut self) {
        let Some(job) = self.job.take_if(|j| j.batch.is_finished()) else {
            return;
        };
        let total = job.batch.total;
        match job.batch.join() {
            (Ok((games, reached)), secs) if games.len() as u32 == total || reached.is_some() => {
                let label = match reached {
                    Some(h) => format!(
                        "{} (±{:.2} points reached after {})",
                        job.label,
                        h * 100.0,
                        crate::words::counted(games.len(), "game", "games")
                    ),
                    None => job.label,
                };
                let run = BalanceRun::new((job.report)(&games), &games, secs, label);
                self.previous = self.current.take();
                self.current = Some(run);
            }
            (Ok((games, _)), _) => {
                self.error = Some(format!(
                    "cancelled after {} of {}",
                    games.len(),
                    crate::words::counted(total, "game", "games")
                ));
            }
            (Err(e), _) => self.error = Some(e),
        }
    }

    /// The Balance panel's section of the rule set, made the first time
    /// it is asked for; `None` where the rule set has none.
    pub fn section(
        &mut self,
        rules: &crate::scenario::RuleSet,
    ) -> Option<&mut Box<dyn super::plugin::BalanceSection>> {
        let name = rules.name();
        if !self.sections.iter().any(|(n, _)| *n == name) {
            let made = super::plugin::window(rules).balance_section()?;
            self.sections.push((name, made));
        }
        self.sections
            .iter_mut()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| s)
    }

    /// The rule set's section as its own type (tests).
    pub fn section_as<T: super::plugin::BalanceSection>(
        &mut self,
        rules: &crate::scenario::RuleSet,
    ) -> Option<&mut T> {
        let s: &mut dyn std::any::Any = &mut **self.section(rules)?;
        s.downcast_mut::<T>()
    }

    /// Blocks until the running batch ends (tests and screenshots).
    pub fn wait(&mut self) {
        while self.job.is_some() {
            std::thread::sleep(std::time::Duration::from_millis(5));
            self.poll();
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, scenario: Option<(&Scenario, &Map)>) {
        self.poll();
        if let Some((s, _)) = scenario
            && let [a, b, ..] = s.sides.as_slice()
        {
            self.colours = [
                super::map_view::color(a.colour),
                super::map_view::color(b.colour),
            ];
        }
        ui.heading("Balance");
        ui.label(
            RichText::new("Computer players play the scenario as it is now, many times.").weak(),
        );
        ui.add_space(4.0);
        let running = self.running();
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new("balance-settings")
                .num_columns(2)
                .show(ui, |ui| {
                    let l = ui.label("Games");
                    ui.add(
                        super::fields::Number::new(&mut self.games)
                            .range(10..=100_000)
                            .speed(10),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Until precise");
                    ui.horizontal(|ui| {
                        ui.checkbox(&mut self.until_precise, "until ±")
                            .on_hover_text(
                                "Stop once every side's win rate is known to this many \
                                 percentage points either side (95% interval, at least 100 \
                                 games); Games is then the most to play",
                            );
                        ui.add_enabled(
                            self.until_precise,
                            egui::DragValue::new(&mut self.precision)
                                .range(0.1..=25.0)
                                .speed(0.1)
                                .suffix(" points"),
                        );
                    })
                    .response
                    .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Seed");
                    ui.add(super::fields::Number::new(&mut self.seed))
                        .labelled_by(l.id);
                    ui.end_row();
                    let names =
                        scenario.map_or(["Side 1".to_string(), "Side 2".to_string()], |(s, _)| {
                            [
                                s.sides.first().map_or("Side 1".into(), |x| x.name.clone()),
                                s.sides.get(1).map_or("Side 2".into(), |x| x.name.clone()),
                            ]
                        });
                    for (side, name) in names.iter().enumerate() {
                        let l = ui.label(name);
                        egui::ComboBox::from_id_salt(("balance-player", side))
                            .selected_text(self.players[side].name())
                            .show_ui(ui, |ui| {
                                for k in [
                                    PlayerKind::Heuristic,
                                    PlayerKind::Random,
                                    PlayerKind::Search {
                                        budget: self.budget,
                                    },
                                ] {
                                    ui.selectable_value(&mut self.players[side], k, k.name());
                                }
                            })
                            .response
                            .labelled_by(l.id);
                        ui.end_row();
                    }
                    if self
                        .players
                        .iter()
                        .any(|k| matches!(k, PlayerKind::Search { .. }))
                    {
                        super::fields::search_strength_row(ui, &mut self.budget);
                        self.players = self.players.map(|k| k.with_budget(self.budget));
                    }
                    let l = ui.label("Threads");
                    ui.add(super::fields::Number::new(&mut self.threads).range(1..=64))
                        .labelled_by(l.id);
                    ui.end_row();
                });
            if scenario.is_some_and(|(s, _)| !s.variants.is_empty()) {
                ui.checkbox(&mut self.variant, "Variant on (chits drawn each game)");
            } else {
                self.variant = false;
            }
        });
        ui.horizontal(|ui| {
            if running {
                if ui.button("Cancel").clicked() {
                    self.cancel();
                }
            } else if ui
                .add_enabled(scenario.is_some(), egui::Button::new("Run batch"))
                .on_hover_text("Play the batch in the background (Ctrl+B)")
                .clicked()
                && let Some((s, m)) = scenario
            {
                self.start(s, m);
            }
            ui.checkbox(&mut self.show_heat, "Losses on map");
        });
        if let Some(job) = &self.job {
            job.batch.progress_ui(ui);
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(200, 40, 40)));
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            match &self.current {
                Some(run) => {
                    ui.separator();
                    self.results_ui(ui, run);
                }
                None if !running => {
                    ui.label("No results yet.");
                }
                None => {}
            }
            ui.separator();
            egui::CollapsingHeader::new("Skill ladder")
                .default_open(self.ladder.running() || self.ladder.result.is_some())
                .show(ui, |ui| {
                    self.ladder.ui(ui, scenario, self.seed, self.threads)
                });
            ui.separator();
            egui::CollapsingHeader::new("Sensitivity: which numbers decide it")
                .id_salt("sensitivity")
                .default_open(self.sensitivity.running() || self.sensitivity.result.is_some())
                .show(ui, |ui| {
                    let players = self.players.map(|p| p.with_budget(self.budget));
                    self.sensitivity.ui(
                        ui,
                        scenario,
                        players,
                        (self.seed, self.variant),
                        self.threads,
                    )
                });
            // The scenario's rule set's own section.
            if let Some((s, _)) = scenario
                && let Some(section) = self.section(&s.rules)
            {
                ui.separator();
                egui::CollapsingHeader::new(section.title())
                    .default_open(section.busy())
                    .show(ui, |ui| section.ui(ui));
            }
        });
    }

    fn results_ui(&self, ui: &mut egui::Ui, run: &BalanceRun) {
        let r = &run.report;
        ui.label(RichText::new(&run.label).weak());
        ui.label(RichText::new(format!("finished in {:.1} s", run.secs)).weak());
        // The headline: each rate with its interval, and the change since
        // the previous run.
        let prev = self.previous.as_ref().map(|p| &p.report);
        let line = |ui: &mut egui::Ui,
                    name: &str,
                    now: &Interval,
                    before: Option<&Interval>,
                    c: Color32| {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{name} win"))
                        .color(legible(c, ui.visuals().dark_mode))
                        .strong(),
                );
                let mut text = pct(now.rate);
                if let Some(b) = before {
                    text = format!("{} -> {}", pct(b.rate), pct(now.rate));
                }
                ui.label(RichText::new(text).strong());
                ui.label(
                    RichText::new(format!("(95% CI {} - {})", pct(now.low), pct(now.high))).weak(),
                );
            });
        };
        for (side, colour) in self.colours.into_iter().enumerate() {
            line(
                ui,
                &r.sides[side],
                &r.win_rate[side],
                prev.map(|p| &p.win_rate[side]),
                colour,
            );
        }
        ui.horizontal(|ui| {
            ui.label(RichText::new("Draw").color(DRAW_COLOUR).strong());
            let mut text = pct(r.draw_rate.rate);
            if let Some(p) = prev {
                text = format!("{} -> {}", pct(p.draw_rate.rate), text);
            }
            ui.label(RichText::new(text).strong());
        });
        if r.unfinished > 0 {
            ui.label(format!(
                "{} the command limit",
                crate::words::counted(r.unfinished, "game hit", "games hit")
            ));
        }

        ui.add_space(6.0);
        ui.strong("Outcomes");
        let ink = ui.visuals().strong_text_color();
        let names = r.sides.clone();
        Plot::new("balance-outcomes")
            .height(150.0)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .include_y(100.0)
            .show_x(false)
            .y_axis_label("% of games")
            .legend(Legend::default())
            .x_axis_formatter(move |m, _| {
                // Only label the bars, not the ticks between them.
                if (m.value - m.value.round()).abs() > 1e-6 {
                    return String::new();
                }
                match m.value.round() as i64 {
                    0 => format!("{} win", names[0]),
                    1 => format!("{} win", names[1]),
                    2 => "draw".into(),
                    _ => String::new(),
                }
            })
            .show(ui, |plot| {
                let rates = [r.win_rate[0], r.win_rate[1], r.draw_rate];
                let colours = [self.colours[0], self.colours[1], DRAW_COLOUR];
                if let Some(p) = prev {
                    let before = [p.win_rate[0], p.win_rate[1], p.draw_rate];
                    let bars = before
                        .iter()
                        .enumerate()
                        .map(|(i, b)| {
                            Bar::new(i as f64 - 0.2, b.rate * 100.0)
                                .width(0.35)
                                .fill(colours[i].gamma_multiply(0.35))
                        })
                        .collect();
                    plot.bar_chart(BarChart::new("previous run", bars).color(DRAW_COLOUR));
                }
                let x = |i: usize| {
                    if prev.is_some() {
                        i as f64 + 0.2
                    } else {
                        i as f64
                    }
                };
                let bars = rates
                    .iter()
                    .enumerate()
                    .map(|(i, b)| Bar::new(x(i), b.rate * 100.0).width(0.35).fill(colours[i]))
                    .collect();
                plot.bar_chart(BarChart::new("this run", bars).color(Color32::WHITE));
                for (i, b) in rates.iter().enumerate() {
                    let (lo, hi) = (b.low * 100.0, b.high * 100.0);
                    let xi = x(i);
                    let ci = vec![[xi, lo], [xi, hi]];
                    plot.line(
                        Line::new("95% interval", ci)
                            .color(Color32::BLACK)
                            .width(1.5),
                    );
                    for y in [lo, hi] {
                        plot.line(
                            Line::new("95% interval", vec![[xi - 0.06, y], [xi + 0.06, y]])
                                .color(ink)
                                .width(1.5),
                        );
                    }
                }
            });

        ui.add_space(6.0);
        let unit = &r.loss_unit;
        let mut heading = format!("{unit} lost per game");
        if let Some(first) = heading.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        ui.strong(heading);
        for side in 0..2 {
            let l = &r.losses[side];
            ui.label(format!(
                "{}: {:.1} ± {:.1} (threshold {})",
                r.sides[side], l.mean, l.sd, r.thresholds[side]
            ));
        }
        // What only this rule set counts (impulses, break tests...).
        if !r.counters.is_empty() {
            egui::Grid::new("balance-counters")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (name, c) in &r.counters {
                        ui.label(name);
                        ui.label(format!("{:.2} ± {:.2} ({}-{})", c.mean, c.sd, c.min, c.max));
                        ui.end_row();
                    }
                });
        }
        Plot::new("balance-losses")
            .height(140.0)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .x_axis_label(format!("{unit} lost"))
            .legend(Legend::default())
            .show(ui, |plot| {
                for (side, colour) in self.colours.into_iter().enumerate() {
                    let off = if side == 0 { -1.2 } else { 1.2 };
                    let bars = r.loss_histogram[side]
                        .iter()
                        .enumerate()
                        .map(|(i, &n)| {
                            Bar::new(i as f64 * 5.0 + 2.5 + off, n as f64)
                                .width(2.2)
                                .fill(colour)
                        })
                        .collect();
                    plot.bar_chart(BarChart::new(r.sides[side].clone(), bars).color(colour));
                }
            });

        ui.add_space(6.0);
        ui.strong("Game-Turn the game was won");
        Plot::new("balance-turns")
            .height(130.0)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .x_axis_label("Game-Turn")
            .legend(Legend::default())
            .show(ui, |plot| {
                let first: Vec<Bar> = r
                    .decided_on_turn
                    .iter()
                    .enumerate()
                    .map(|(t, n)| {
                        Bar::new(t as f64 + 1.0, n[0] as f64)
                            .width(0.7)
                            .fill(self.colours[0])
                    })
                    .collect();
                let a = BarChart::new(r.sides[0].clone(), first).color(self.colours[0]);
                let second: Vec<Bar> = r
                    .decided_on_turn
                    .iter()
                    .enumerate()
                    .map(|(t, n)| {
                        Bar::new(t as f64 + 1.0, n[1] as f64)
                            .width(0.7)
                            .fill(self.colours[1])
                    })
                    .collect();
                let b = BarChart::new(r.sides[1].clone(), second)
                    .color(self.colours[1])
                    .stack_on(&[&a]);
                plot.bar_chart(a);
                plot.bar_chart(b);
            });

        if !r.by_chit[0].is_empty() {
            ui.add_space(6.0);
            ui.strong("By variant chit");
            egui::Grid::new("balance-chits")
                .striped(true)
                .show(ui, |ui| {
                    ui.label("");
                    ui.label("chit");
                    ui.label("games");
                    ui.label(format!("{} win", r.sides[0]));
                    ui.label(format!("{} win", r.sides[1]));
                    ui.end_row();
                    for side in 0..2 {
                        for c in &r.by_chit[side] {
                            let g = c.games.max(1) as f64;
                            ui.label(&r.sides[side]);
                            ui.label(c.chit.to_string());
                            ui.label(c.games.to_string());
                            ui.label(pct(c.wins[0] as f64 / g));
                            ui.label(pct(c.wins[1] as f64 / g));
                            ui.end_row();
                        }
                    }
                });
        }
        if self.show_heat {
            ui.add_space(6.0);
            ui.label(
                RichText::new(format!(
                    "Red discs on the map: {} lost there per game.",
                    self.current
                        .as_ref()
                        .map_or("strength", |r| r.report.loss_unit.as_str())
                ))
                .weak(),
            );
        }
    }

    /// The heat map over the map: a translucent disc per hex where units
    /// were destroyed, its area proportional to the strength lost there.
    pub fn draw_heat(&self, painter: &egui::Painter, layout: &crate::hex::Layout) {
        let Some(run) = self.current.as_ref().filter(|_| self.show_heat) else {
            return;
        };
        let max = run.losses_by_hex.values().copied().fold(0.0, f64::max);
        if max <= 0.0 {
            return;
        }
        let size = layout.size as f32;
        for (&h, &v) in &run.losses_by_hex {
            let c = layout.center(h);
            let f = (v / max).sqrt() as f32;
            painter.circle_filled(
                egui::pos2(c.x as f32, c.y as f32),
                size * 0.9 * f.max(0.15),
                Color32::from_rgba_unmultiplied(220, 30, 30, (60.0 + 120.0 * f) as u8),
            );
        }
    }
}

/// A side's colour as text: lightened on a dark background when it is
/// too dark to read there (a black or navy side).
fn legible(c: Color32, dark_mode: bool) -> Color32 {
    let luma = 0.299 * c.r() as f32 + 0.587 * c.g() as f32 + 0.114 * c.b() as f32;
    if dark_mode && luma < 110.0 {
        c.lerp_to_gamma(Color32::WHITE, 0.55)
    } else {
        c
    }
}
