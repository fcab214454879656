//! The window's playtest and pick-up sessions: starting, saving and
//! loading a game, leaving the table, and the frames they draw in.

use super::*;

impl VedetteApp {
    /// Centres the view on a hex (in the next map frame, when the map's
    /// rectangle is known).
    /// The playtest table as its own type, if one of that type is open.
    pub fn table<T: playtest::AnyTable>(&self) -> Option<&T> {
        self.playtest.as_deref()?.get::<T>()
    }

    pub fn table_mut<T: playtest::AnyTable>(&mut self) -> Option<&mut T> {
        self.playtest.as_deref_mut()?.get_mut::<T>()
    }

    /// F5: opens the playtest start dialog for the scenario being edited
    /// (saved or not).
    pub fn open_playtest_dialog(&mut self) {
        if let Some(doc) = &self.doc {
            self.start_dialog = Some(playtest::StartDialog::new(&doc.scenario));
        }
    }

    /// Starts a playtest of the scenario being edited; the editor's
    /// document is copied, never changed. On refusal (a scenario the
    /// engine cannot play) the reason stays in the start dialog.
    pub fn start_playtest(&mut self, choice: playtest::StartChoice) -> Result<(), String> {
        let Some(doc) = &self.doc else {
            return Err("no scenario is open".into());
        };
        let p = playtest::start(&doc.scenario, &doc.map, choice, doc.path.clone())?;
        self.playtest = Some(p);
        self.start_dialog = None;
        // The side panel and log take room: fit the map to what is left.
        self.view.fitted = false;
        Ok(())
    }

    /// Saves the game in progress as a replay log.
    pub fn save_game(&mut self, path: &Path) {
        if let Some(p) = &mut self.playtest
            && let Err(e) = p.save(path)
        {
            p.set_message(false, e);
        }
    }

    /// Loads a saved game log of the scenario being edited and shows it at
    /// its last position. Seats: those of the game in progress, else both
    /// human.
    pub fn load_game(&mut self, path: &Path) {
        let Some(doc) = &self.doc else {
            return;
        };
        let seats = self
            .playtest
            .as_ref()
            .map_or([crate::play::Seat::Human; 2], |p| p.seats());
        match playtest::load(&doc.scenario, &doc.map, path, seats, doc.path.clone()) {
            Ok(p) => {
                self.playtest = Some(p);
                self.view.fitted = false;
            }
            Err(e) => match &mut self.playtest {
                Some(p) => p.set_message(false, e),
                None => self.status = Some((false, e)),
            },
        }
    }

    /// Back to the editor, which is as it was.
    pub fn leave_playtest(&mut self) {
        self.playtest = None;
        self.view.fitted = false;
        self.status = Some((true, "Back to the editor; the scenario is unchanged".into()));
    }

    /// The pick-up wizard fills the window; its end opens the battle in
    /// the editor as a new, unsaved scenario with its deployment log.
    pub(super) fn pickup_frame(&mut self, ui: &mut egui::Ui) {
        let Some(w) = &mut self.pickup else {
            return;
        };
        let (title, rules) = w.title();
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                ui.label(
                    RichText::new(title)
                        .strong()
                        .color(Color32::from_rgb(40, 90, 150)),
                );
                ui.label(RichText::new(rules).weak());
            });
        });
        let action = w.ui(ui, &mut self.view);
        if let Some(f) = w.take_file_request() {
            self.ask_path(f);
        }
        self.path_prompt_ui(&ui.ctx().clone());
        match action {
            plugin::WizardAction::None => {}
            plugin::WizardAction::Cancel => {
                self.pickup = None;
                self.view.fitted = false;
            }
            plugin::WizardAction::Finish(scenario, log) => {
                self.pickup = None;
                self.tab_for_new_document();
                self.set_doc(OpenDoc::from_pickup(*scenario, log));
                self.open_error = None;
                self.status = Some((
                    true,
                    "The pick-up battle is set: save it to keep it (its deployment log is saved beside it)".into(),
                ));
            }
        }
    }

    pub(super) fn playtest_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let blocked = self.start_dialog.is_some()
            || self.dialog.is_some()
            || self.path_prompt.is_some()
            || self.palette.is_some();
        if !blocked && self.playtest.as_ref().is_some_and(|p| p.takes_keys()) {
            self.keyboard(&ctx);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                ui.label(
                    RichText::new("Playtest")
                        .strong()
                        .color(Color32::from_rgb(40, 120, 60)),
                );
                if let (Some(p), Some(doc)) = (&self.playtest, &self.doc) {
                    ui.label(&doc.scenario.title);
                    ui.label(
                        RichText::new(format!(
                            "{}, seed {}, {} vs {}",
                            doc.scenario.rules.name(),
                            p.seed(),
                            p.seats()[0].name(),
                            p.seats()[1].name()
                        ))
                        .weak(),
                    );
                }
                ui.separator();
                let numbers = self.numbers_label();
                ui.checkbox(&mut self.draw.hex_numbers, numbers);
                self.command_button(ui, commands::UiCommand::FitMap, "Fit");
            });
        });
        let Some(p) = &mut self.playtest else {
            return;
        };
        let action = if blocked {
            // A modal is open: draw, but take no keys.
            ui.add_enabled_ui(false, |ui| p.ui(ui, &mut self.view, self.draw))
                .inner
        } else {
            p.ui(ui, &mut self.view, self.draw)
        };
        self.playtest_action(action);
    }

    pub(super) fn start_dialog_ui(&mut self, ctx: &egui::Context) {
        let (Some(mut d), Some(doc)) = (self.start_dialog.take(), self.doc.as_ref()) else {
            return;
        };
        let (setup, keep) = d.ui(ctx, &doc.scenario);
        if let Some(setup) = setup {
            if let Err(e) = self.start_playtest(setup) {
                d.error = Some(e);
                self.start_dialog = Some(d);
            }
        } else if keep {
            self.start_dialog = Some(d);
        }
    }
}
