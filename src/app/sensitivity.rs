//! The Balance panel's sensitivity study (issue 39): which of the
//! scenario's numbers decide its balance. The numbers the rule set marks
//! are listed with a tick each (a designer adds any other by its path),
//! the study runs in the background (`sim::sensitivity`, the same one
//! `vedette sensitivity` runs), and the result is a tornado chart of how
//! far each number moves the first side's win rate one step down and one
//! step up, with the numbers within noise said to be so, exported as CSV
//! or JSON.

use super::batch::Batch;
use crate::ai::{Computer, PlayerKind};
use crate::rules::{Visit, dispatch};
use crate::scenario::numbers::{self, Knob};
use crate::scenario::{Map, Scenario};
use crate::sim::SimConfig;
use crate::sim::sensitivity::{self, Row, SensitivityTally};
use egui::{Color32, RichText};
use egui_plot::{AxisHints, Bar, BarChart, Legend, Line, Plot, PlotPoints};
use std::path::Path;

/// The bars the chart shows at most (the rest are in the export).
const CHART_ROWS: usize = 12;
const DOWN_COLOUR: Color32 = Color32::from_rgb(70, 120, 200);
const UP_COLOUR: Color32 = Color32::from_rgb(210, 120, 40);

/// The study's settings, the running study and its last result.
pub struct SensitivityPanel {
    /// Games of the base batch and of each trial.
    pub games: u32,
    /// The numbers offered, each with its tick.
    pub knobs: Vec<(Knob, bool)>,
    /// The scenario the list was made from (remade when it changes).
    listed_for: Option<String>,
    /// A path typed to add a number.
    pub add_path: String,
    pub result: Option<(SensitivityTally, f64)>,
    pub error: Option<String>,
    /// Where Export writes (CSV, or JSON by the extension).
    pub path: String,
    /// Browse… was pressed: the window asks for the path.
    pub browse_request: bool,
    pub message: Option<(bool, String)>,
    /// The players of the running or last study, as the note names them.
    pub players: [String; 2],
    job: Option<Batch<Result<SensitivityTally, String>>>,
}

impl Default for SensitivityPanel {
    fn default() -> Self {
        SensitivityPanel {
            games: 200,
            knobs: Vec::new(),
            listed_for: None,
            add_path: String::new(),
            result: None,
            error: None,
            path: String::new(),
            browse_request: false,
            message: None,
            players: ["heuristic".into(), "heuristic".into()],
            job: None,
        }
    }
}

struct List<'a>(&'a Scenario);

impl Visit for List<'_> {
    type Output = Vec<Knob>;
    fn visit<R: Computer>(self) -> Vec<Knob> {
        R::sensitivity_numbers(self.0)
    }
}

struct Start<'a> {
    scenario: &'a Scenario,
    map: &'a Map,
    players: [PlayerKind; 2],
    knobs: Vec<Knob>,
    games: u32,
    seed: u64,
    variant: bool,
    threads: usize,
}

impl Visit for Start<'_> {
    type Output = Batch<Result<SensitivityTally, String>>;
    fn visit<R: Computer>(self) -> Self::Output {
        let cfg = SimConfig::<R> {
            players: self.players,
            variant: self.variant,
            threads: self.threads.max(1),
            ..SimConfig::new(self.games.max(1), self.seed)
        };
        let trials: u32 = self
            .knobs
            .iter()
            .map(|k| k.neighbours().iter().flatten().count() as u32)
            .sum();
        let total = (trials + 1).saturating_mul(cfg.games);
        let (scenario, map, knobs) = (self.scenario.clone(), self.map.clone(), self.knobs);
        Batch::spawn(total, move |progress, cancel| {
            sensitivity::run::<R>(
                &scenario,
                &map,
                &knobs,
                &cfg,
                &|done, _| progress(u32::try_from(done).unwrap_or(u32::MAX)),
                cancel,
            )
        })
    }
}

impl SensitivityPanel {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Lists the scenario's numbers, ticked, when the scenario is another
    /// one than the list was made from (its title and rule set).
    fn refresh(&mut self, scenario: &Scenario) {
        let key = format!(
            "{}|{}",
            scenario.title,
            crate::scenario::to_ron(&scenario.rules)
        );
        if self.listed_for.as_deref() == Some(&key) {
            // The values may have been edited: keep the ticks, read the
            // values again.
            for (k, _) in &mut self.knobs {
                if let Ok(v) = numbers::get(scenario, &k.path) {
                    k.value = v;
                }
            }
            return;
        }
        self.knobs = dispatch(&scenario.rules, List(scenario))
            .into_iter()
            .map(|k| (k, true))
            .collect();
        self.listed_for = Some(key);
    }

    pub fn start(
        &mut self,
        scenario: &Scenario,
        map: &Map,
        players: [PlayerKind; 2],
        (seed, variant): (u64, bool),
        threads: usize,
    ) {
        if self.job.is_some() {
            return;
        }
        let knobs: Vec<Knob> = self
            .knobs
            .iter()
            .filter(|(_, on)| *on)
            .map(|(k, _)| k.clone())
            .collect();
        if knobs.is_empty() {
            self.error = Some("tick at least one number to vary".into());
            return;
        }
        self.error = None;
        self.message = None;
        self.players = players.map(|p| p.label());
        self.job = Some(dispatch(
            &scenario.rules,
            Start {
                scenario,
                map,
                players,
                knobs,
                games: self.games,
                seed,
                variant: variant && !scenario.variants.is_empty(),
                threads,
            },
        ));
    }

    /// Collects a finished study; call every frame.
    pub fn poll(&mut self) {
        let Some(job) = self.job.take_if(|j| j.is_finished()) else {
            return;
        };
        let total = job.total;
        let done = job.done();
        match job.join() {
            (Ok(Ok(t)), secs) if done >= total => self.result = Some((t, secs)),
            (Ok(Err(e)), _) | (Err(e), _) => self.error = Some(e),
            (Ok(Ok(_)), _) => {
                self.error = Some(format!(
                    "cancelled after {done} of {}",
                    crate::words::counted(total, "game", "games")
                ))
            }
        }
    }

    /// Blocks until the running study ends (tests and screenshots).
    pub fn wait(&mut self) {
        while self.job.is_some() {
            std::thread::sleep(std::time::Duration::from_millis(5));
            self.poll();
        }
    }

    /// The last study as the setup sheet's balance note (its top five).
    pub fn balance_note(&self) -> Option<crate::sheet::BalanceNote> {
        let (t, _) = self.result.as_ref()?;
        Some(t.balance_note(5, [&self.players[0], &self.players[1]]))
    }

    /// Writes the ranking to `path`: JSON for a `.json` path, CSV
    /// otherwise.
    pub fn export(&mut self, path: &Path) {
        let Some((t, _)) = &self.result else {
            self.message = Some((false, "run the study first".into()));
            return;
        };
        let json = path.extension().is_some_and(|e| e == "json");
        let text = if json {
            match serde_json::to_string_pretty(&t.ranking()) {
                Ok(j) => j + "\n",
                Err(e) => {
                    self.message = Some((false, format!("cannot write: {e}")));
                    return;
                }
            }
        } else {
            t.csv()
        };
        self.path = path.display().to_string();
        self.message = Some(match crate::files::save_atomic(path, &text) {
            Ok(()) => (true, format!("wrote the ranking to {}", path.display())),
            Err(e) => (false, format!("{}: cannot write: {e}", path.display())),
        });
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        scenario: Option<(&Scenario, &Map)>,
        players: [PlayerKind; 2],
        (seed, variant): (u64, bool),
        threads: usize,
    ) {
        self.poll();
        ui.label(
            RichText::new(
                "Each ticked number moved one step down and up (a tenth of it, at least 1), \
                 one at a time, and played with the base batch's seeds by the players (and variant) chosen above: \
                 which numbers decide the balance.",
            )
            .weak(),
        );
        if let Some((s, _)) = scenario {
            self.refresh(s);
        }
        let running = self.running();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Games a trial");
                ui.add(
                    super::fields::Number::new(&mut self.games)
                        .range(20..=100_000)
                        .speed(5),
                )
                .labelled_by(l.id);
            });
            egui::CollapsingHeader::new(format!(
                "Numbers to vary ({} of {} ticked)",
                self.knobs.iter().filter(|(_, on)| *on).count(),
                self.knobs.len()
            ))
            .id_salt("sensitivity-numbers")
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(180.0)
                    .show(ui, |ui| {
                        for (k, on) in &mut self.knobs {
                            ui.checkbox(
                                on,
                                format!(
                                    "{}{} ({}): {}",
                                    k.label,
                                    if k.vedette_default { " *" } else { "" },
                                    k.source,
                                    k.value
                                ),
                            )
                            .on_hover_text(&k.path);
                        }
                    });
                ui.label(RichText::new("* a Vedette default").small().weak());
                ui.horizontal(|ui| {
                    let l = ui.label("Add a number by path");
                    ui.add(
                        egui::TextEdit::singleline(&mut self.add_path)
                            .hint_text("turns, victory.loss_thresholds.0.points")
                            .desired_width(220.0),
                    )
                    .labelled_by(l.id);
                    if ui.button("Add").clicked()
                        && let Some((s, _)) = scenario
                    {
                        let path = self.add_path.trim().to_string();
                        if self.knobs.iter().any(|(k, _)| k.path == path) {
                            self.error = Some(format!("{path} is listed already"));
                        } else {
                            match numbers::ticked(s, &path) {
                                Ok(k) => {
                                    self.knobs.push((k, true));
                                    self.add_path.clear();
                                    self.error = None;
                                }
                                Err(e) => self.error = Some(e),
                            }
                        }
                    }
                });
            });
        });
        ui.horizontal(|ui| {
            if let Some(job) = &self.job {
                if ui.button("Cancel study").clicked() {
                    job.cancel();
                }
            } else if ui
                .add_enabled(scenario.is_some(), egui::Button::new("Run study"))
                .on_hover_text(
                    "Play the base batch and every ticked number down and up, in the background",
                )
                .clicked()
                && let Some((s, m)) = scenario
            {
                self.start(s, m, players, (seed, variant), threads);
            }
        });
        if let Some(job) = &self.job {
            job.progress_ui(ui);
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(200, 40, 40)));
        }
        if let Some((t, secs)) = &self.result {
            results_ui(ui, t, *secs);
            ui.horizontal(|ui| {
                let l = ui.label("Export to");
                ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .hint_text("study.csv or study.json")
                        .desired_width(220.0),
                )
                .labelled_by(l.id);
                if ui.button("Browse…").clicked() {
                    self.browse_request = true;
                }
                if ui
                    .add_enabled(
                        !self.path.trim().is_empty(),
                        egui::Button::new("Export ranking"),
                    )
                    .on_hover_text("The ranking as CSV, or JSON for a .json file")
                    .clicked()
                {
                    let p = std::path::PathBuf::from(self.path.trim());
                    self.export(&p);
                }
            });
            if let Some((ok, m)) = &self.message {
                let colour = if *ok {
                    ui.visuals().weak_text_color()
                } else {
                    Color32::from_rgb(200, 40, 40)
                };
                ui.label(RichText::new(m).color(colour));
            }
        }
    }
}

/// The tornado chart and the ranking's words.
fn results_ui(ui: &mut egui::Ui, t: &SensitivityTally, secs: f64) {
    let base = t.base.clone().finish();
    let side = &base.sides[0];
    let w = &base.win_rate[0];
    ui.label(
        RichText::new(format!(
            "Base: {side} win {:.1}% [{:.1}-{:.1}]; change in {side}'s win rate, points",
            w.rate * 100.0,
            w.low * 100.0,
            w.high * 100.0
        ))
        .strong(),
    );
    let rows = t.ranking();
    let shown: Vec<&Row> = rows.iter().take(CHART_ROWS).collect();
    let n = shown.len();
    // Row 0 at the top: y runs from n-1 (first) down to 0.
    let y = |i: usize| (n - 1 - i) as f64;
    let mut down = Vec::new();
    let mut up = Vec::new();
    let mut whiskers = Vec::new();
    for (i, r) in shown.iter().enumerate() {
        for (cell, bars, off) in [(&r.down, &mut down, -0.18), (&r.up, &mut up, 0.18)] {
            if let Some((v, Some(c), _)) = cell {
                bars.push(
                    Bar::new(y(i) + off, c.rate * 100.0)
                        .width(0.34)
                        .fill(if off < 0.0 { DOWN_COLOUR } else { UP_COLOUR })
                        .name(format!("{} = {v}", r.knob.label)),
                );
                whiskers.push([[c.low * 100.0, y(i) + off], [c.high * 100.0, y(i) + off]]);
            }
        }
    }
    let labels: Vec<String> = shown
        .iter()
        .map(|r| {
            format!(
                "{}{}{}",
                r.knob.label,
                if r.knob.vedette_default { " *" } else { "" },
                if r.unchanged {
                    " (unused?)"
                } else if r.within_noise {
                    " (noise)"
                } else {
                    ""
                }
            )
        })
        .collect();
    let height = 40.0 + 26.0 * n.max(1) as f32;
    Plot::new("sensitivity-tornado")
        .height(height)
        // Bottom right: the smallest changes are drawn there.
        .legend(Legend::default().position(egui_plot::Corner::RightBottom))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .show_grid([true, false])
        // Signed point labels are narrow: the default spacing (60-80 px)
        // left only the 0 labelled.
        .custom_x_axes(vec![
            AxisHints::new_x()
                .label(format!("change in {side} win rate (points)"))
                .label_spacing(28.0..=45.0)
                .formatter(|m, _| {
                    // Tenths at most: grid steps are sums of floats.
                    let v = (m.value * 10.0).round() / 10.0;
                    if v == 0.0 {
                        "0".to_string()
                    } else {
                        format!("{v:+}")
                    }
                }),
        ])
        .y_axis_min_width(180.0)
        .y_axis_formatter(move |m, _| {
            let v = m.value;
            if (v - v.round()).abs() > 1e-6 || v < 0.0 {
                return String::new();
            }
            let i = v.round() as usize;
            if i >= n {
                return String::new();
            }
            labels.get(n - 1 - i).cloned().unwrap_or_default()
        })
        .show(ui, |plot| {
            plot.bar_chart(
                BarChart::new("one step down", down)
                    .horizontal()
                    .color(DOWN_COLOUR),
            );
            plot.bar_chart(
                BarChart::new("one step up", up)
                    .horizontal()
                    .color(UP_COLOUR),
            );
            // One legend entry for every whisker: items of one name share it.
            for w in whiskers {
                plot.line(
                    Line::new("95% interval", PlotPoints::from(w.to_vec()))
                        .color(Color32::from_gray(90))
                        .width(1.5)
                        .allow_hover(false),
                );
            }
        });
    let moving = rows.iter().filter(|r| !r.within_noise).count();
    let verdict = if moving == 0 {
        format!(
            "No number moves {side}'s win rate beyond noise at {}: play more games to see smaller effects.",
            crate::words::counted(base.games, "game", "games")
        )
    } else {
        format!(
            "{moving} of {} move {side}'s win rate beyond noise; those marked (noise) cannot be told from chance.",
            crate::words::counted(rows.len(), "number", "numbers")
        )
    };
    ui.label(verdict);
    for r in rows.iter().take(5) {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                r.knob.label,
                [&r.down, &r.up]
                    .iter()
                    .map(|c| match c {
                        Some((v, Some(i), _)) => format!(
                            "at {v}: {:+.1} [{:+.1}, {:+.1}]",
                            i.rate * 100.0,
                            i.low * 100.0,
                            i.high * 100.0
                        ),
                        Some((v, None, _)) => format!("at {v}: cannot be played"),
                        None => "at its limit".into(),
                    })
                    .collect::<Vec<_>>()
                    .join(";  ")
            ))
            .small(),
        );
    }
    let played: u64 = u64::from(t.base.games())
        + t.knobs
            .iter()
            .flat_map(|k| [&k.down, &k.up])
            .flatten()
            .map(|x| u64::from(x.pairs.games()))
            .sum::<u64>();
    ui.label(
        RichText::new(format!(
            "{} in {secs:.1} s",
            crate::words::counted(played, "game", "games")
        ))
        .small()
        .weak(),
    );
}
