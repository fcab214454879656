//! The Balance panel's skill ladder (issue 38): random, heuristic and
//! search players against each other from both seats, in the background,
//! with the ratings, the balance at each rung and the flags `vedette
//! ladder` prints.

use super::batch::Batch;
use crate::ai::Computer;
use crate::rules::{Visit, dispatch};
use crate::scenario::{Map, Scenario};
use crate::sim::ladder::{self, Ladder, LadderConfig};
use egui::{Color32, RichText};
use std::sync::Arc;

/// The ladder's settings, the running ladder and its last result.
pub struct LadderPanel {
    /// Games of each pairing from each seat.
    pub games: u32,
    /// The search rung's playouts per turn.
    pub budget: u32,
    pub result: Option<(Ladder, f64)>,
    pub error: Option<String>,
    job: Option<Batch<Ladder>>,
}

impl Default for LadderPanel {
    fn default() -> Self {
        LadderPanel {
            games: 50,
            budget: crate::ai::search::DEFAULT_BUDGET,
            result: None,
            error: None,
            job: None,
        }
    }
}

struct Start<'a> {
    scenario: &'a Scenario,
    map: &'a Map,
    games: u32,
    budget: u32,
    seed: u64,
    threads: usize,
}

impl Visit for Start<'_> {
    type Output = Result<Batch<Ladder>, String>;
    fn visit<R: Computer>(self) -> Self::Output {
        let board = Arc::new(
            R::board(self.scenario, self.map)
                .map_err(|e| format!("cannot play this scenario: {e}"))?,
        );
        let cfg = LadderConfig::<R> {
            rungs: ladder::default_rungs(&[self.budget], &[]),
            games: self.games.max(1),
            seed: self.seed,
            threads: self.threads.max(1),
            variant: false,
            tuning: R::Tuning::default(),
        };
        let k = cfg.rungs.len() as u32;
        let total = k * k * cfg.games;
        Ok(Batch::spawn(total, move |progress, cancel| {
            ladder::run::<R>(
                board,
                &cfg,
                &|done, _| progress(u32::try_from(done).unwrap_or(u32::MAX)),
                cancel,
            )
        }))
    }
}

impl LadderPanel {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    pub fn start(&mut self, scenario: &Scenario, map: &Map, seed: u64, threads: usize) {
        if self.job.is_some() {
            return;
        }
        let start = Start {
            scenario,
            map,
            games: self.games,
            budget: self.budget,
            seed,
            threads,
        };
        match dispatch(&scenario.rules, start) {
            Ok(job) => {
                self.error = None;
                self.job = Some(job);
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Collects a finished ladder; call every frame.
    pub fn poll(&mut self) {
        let Some(job) = self.job.take_if(|j| j.is_finished()) else {
            return;
        };
        let total = job.total;
        let done = job.done();
        match job.join() {
            (Ok(l), secs) if done >= total => self.result = Some((l, secs)),
            (Ok(_), _) => {
                self.error = Some(format!(
                    "cancelled after {done} of {}",
                    crate::words::counted(total, "game", "games")
                ))
            }
            (Err(e), _) => self.error = Some(e),
        }
    }

    /// Blocks until the running ladder ends (tests and screenshots).
    pub fn wait(&mut self) {
        while self.job.is_some() {
            std::thread::sleep(std::time::Duration::from_millis(5));
            self.poll();
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        scenario: Option<(&Scenario, &Map)>,
        seed: u64,
        threads: usize,
    ) {
        self.poll();
        ui.label(
            RichText::new(
                "Random, heuristic and search players play each other from both seats: \
                 how strong each is, and whether the balance holds as the players get better.",
            )
            .weak(),
        );
        let running = self.running();
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new("ladder-settings")
                .num_columns(2)
                .show(ui, |ui| {
                    let l = ui.label("Games a pairing");
                    ui.add(
                        super::fields::Number::new(&mut self.games)
                            .range(4..=10_000)
                            .speed(2),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                    super::fields::search_strength_row(ui, &mut self.budget);
                });
        });
        ui.horizontal(|ui| {
            if let Some(job) = &self.job {
                if ui.button("Cancel ladder").clicked() {
                    job.cancel();
                }
            } else if ui
                .add_enabled(scenario.is_some(), egui::Button::new("Run ladder"))
                .on_hover_text("Play every pairing in the background: 3 players, 9 pairings")
                .clicked()
                && let Some((s, m)) = scenario
            {
                self.start(s, m, seed, threads);
            }
        });
        if let Some(job) = &self.job {
            job.progress_ui(ui);
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(200, 40, 40)));
        }
        if let Some((l, secs)) = &self.result {
            results_ui(ui, l, *secs);
        }
    }
}

fn results_ui(ui: &mut egui::Ui, l: &Ladder, secs: f64) {
    let anchor = &l.rungs[l.anchor];
    ui.label(RichText::new(format!("Ratings (Elo, {anchor} = 0, 95% intervals)")).strong());
    let mut order: Vec<usize> = (0..l.rungs.len()).collect();
    order.sort_by(|&a, &b| l.ratings[b].elo.total_cmp(&l.ratings[a].elo));
    egui::Grid::new("ladder-ratings")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for r in order {
                ui.label(&l.rungs[r]);
                let x = &l.ratings[r];
                ui.label(if r == l.anchor {
                    "0".to_string()
                } else {
                    format!("{:+.0}  [{:+.0} .. {:+.0}]", x.elo, x.low, x.high)
                });
                ui.end_row();
            }
            let f = &l.first_side;
            ui.label(format!("moving first ({})", l.sides[0]));
            ui.label(format!("{:+.0}  [{:+.0} .. {:+.0}]", f.elo, f.low, f.high));
            ui.end_row();
        });
    ui.add_space(4.0);
    ui.label(RichText::new("Balance at each rung").strong());
    for v in &l.verdicts {
        ui.label(format!(
            "{}: {} win {:.1}% [{:.1}-{:.1}], {} {:.1}%, draws {:.1}%",
            l.rungs[v.rung],
            l.sides[0],
            v.wins[0].rate * 100.0,
            v.wins[0].low * 100.0,
            v.wins[0].high * 100.0,
            l.sides[1],
            v.wins[1].rate * 100.0,
            v.draws.rate * 100.0
        ));
    }
    for f in &l.flags {
        ui.label(RichText::new(format!("⚠ {f}")).color(Color32::from_rgb(200, 110, 20)));
    }
    if l.flags.is_empty() {
        ui.label(RichText::new("The verdict does not change with skill beyond chance.").weak());
    }
    ui.add_space(4.0);
    ui.label(RichText::new("Head to head, from both seats").strong());
    for h in l.head_to_head.iter().filter(|h| h.player > h.against) {
        ui.label(format!(
            "{} against {}: {:.1}% [{:.1}-{:.1}]",
            l.rungs[h.player],
            l.rungs[h.against],
            h.score * 100.0,
            h.low * 100.0,
            h.high * 100.0
        ));
    }
    let played: u64 = l.pairings.iter().map(|p| u64::from(p.games)).sum();
    ui.label(
        RichText::new(format!(
            "{} in {secs:.1} s, seed {}",
            crate::words::counted(played, "game", "games"),
            l.seed
        ))
        .small()
        .weak(),
    );
}
