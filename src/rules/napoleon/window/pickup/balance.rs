//! Army-list balance in the window, for the Balance panel and the pick-up
//! wizard's first page.

use super::*;

/// Army-list balance in the window: N pick-up battles of two lists at the
/// agreed points, built, deployed and played by the computer on a
/// background thread (progress shown, cancellable), reported as
/// `vedette simulate --pickup` reports them. Shown in the Balance panel
/// and on the wizard's first page.
pub struct PickupBalance {
    pub lists: [usize; 2],
    pub points: u32,
    pub games: u32,
    pub seed: u64,
    pub threads: usize,
    /// The rulings' options the battles are set up with.
    pub options: NapoleonOptions,
    /// The army lists to choose from (the shipped ones).
    pub army_lists: Vec<ArmyList>,
    pub report: Option<(String, f64)>,
    pub error: Option<String>,
    job: Option<
        crate::app::batch::Batch<(
            crate::rules::napoleon::pickup_batch::PickupConfig,
            Vec<crate::rules::napoleon::pickup_batch::PickupGame>,
        )>,
    >,
}

impl Default for PickupBalance {
    fn default() -> Self {
        PickupBalance {
            lists: [0, 1],
            points: NapoleonOptions::default().pickup_points,
            games: 200,
            seed: 1,
            threads: crate::sim::default_threads(),
            options: NapoleonOptions::default(),
            army_lists: crate::rules::napoleon::model::pickup::shipped_lists(),
            report: None,
            error: None,
            job: None,
        }
    }
}

impl PickupBalance {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a batch of the two lists chosen among `lists`.
    pub fn start(&mut self, lists: &[ArmyList]) {
        if self.job.is_some() {
            return;
        }
        let (Some(a), Some(b)) = (lists.get(self.lists[0]), lists.get(self.lists[1])) else {
            self.error = Some("choose two army lists".into());
            return;
        };
        let cfg = crate::rules::napoleon::pickup_batch::PickupConfig {
            lists: [a.clone(), b.clone()],
            points: self.points,
            games: self.games.max(1),
            first: 0,
            seed: self.seed,
            threads: self.threads.max(1),
            options: self.options.clone(),
            players: [crate::ai::PlayerKind::Heuristic; 2],
            tuning: Default::default(),
        };
        self.error = None;
        self.job = Some(crate::app::batch::Batch::spawn(
            cfg.games,
            move |progress, cancel| {
                let games = crate::rules::napoleon::pickup_batch::run(&cfg, progress, cancel);
                (cfg, games)
            },
        ));
    }

    /// Collects a finished batch; call every frame.
    pub fn poll(&mut self) {
        let Some(job) = self.job.take_if(|j| j.is_finished()) else {
            return;
        };
        let total = job.total;
        match job.join() {
            (Ok((cfg, games)), secs) if games.len() as u32 == total => {
                self.report = Some((
                    crate::rules::napoleon::pickup_batch::report(&cfg, &games),
                    secs,
                ));
            }
            (Ok((_, games)), _) => {
                self.error = Some(format!(
                    "cancelled after {} of {}",
                    games.len(),
                    crate::words::counted(total, "battle", "battles")
                ));
            }
            (Err(e), _) => self.error = Some(e),
        }
    }

    /// Blocks until the running batch ends (tests).
    pub fn wait(&mut self) {
        while self.job.is_some() {
            std::thread::sleep(std::time::Duration::from_millis(5));
            self.poll();
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, lists: &[ArmyList]) {
        self.poll();
        ui.label(
            RichText::new(
                "Pick-up battles of two army lists [3.1][3.2]: each built, deployed and played by the computer.",
            )
            .weak(),
        );
        let running = self.running();
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new("pickup-balance")
                .num_columns(2)
                .show(ui, |ui| {
                    for k in 0..2 {
                        let l = ui.label(if k == 0 { "List A" } else { "List B" });
                        let current = lists.get(self.lists[k]).map_or("none", |x| x.name.as_str());
                        egui::ComboBox::from_id_salt(("pickup-balance-list", k))
                            .selected_text(current)
                            .show_ui(ui, |ui| {
                                for (i, x) in lists.iter().enumerate() {
                                    ui.selectable_value(&mut self.lists[k], i, &x.name);
                                }
                            })
                            .response
                            .labelled_by(l.id);
                        ui.end_row();
                    }
                    let l = ui.label("Points");
                    ui.add(
                        egui::DragValue::new(&mut self.points)
                            .range(100..=5000)
                            .speed(10),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Battles");
                    ui.add(egui::DragValue::new(&mut self.games).range(1..=10_000))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Seed");
                    ui.add(egui::DragValue::new(&mut self.seed))
                        .labelled_by(l.id);
                    ui.end_row();
                });
        });
        ui.horizontal(|ui| {
            if running {
                if ui.button("Cancel battles").clicked()
                    && let Some(j) = &self.job
                {
                    j.cancel();
                }
            } else if ui.button("Run pick-up battles").clicked() {
                self.start(lists);
            }
        });
        if let Some(j) = &self.job {
            let done = j.done();
            ui.add(
                egui::ProgressBar::new(done as f32 / j.total.max(1) as f32).text(format!(
                    "{done}/{}",
                    crate::words::counted(j.total, "battle", "battles")
                )),
            );
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        if let Some((text, secs)) = &self.report {
            ui.label(RichText::new(text).monospace().small());
            ui.label(RichText::new(format!("finished in {secs:.1} s")).weak());
        }
    }
}
impl crate::app::plugin::BalanceSection for PickupBalance {
    fn title(&self) -> &'static str {
        "Army lists: pick-up battles"
    }

    fn busy(&self) -> bool {
        self.running() || self.report.is_some()
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let lists = std::mem::take(&mut self.army_lists);
        PickupBalance::ui(self, ui, &lists);
        self.army_lists = lists;
    }
}
