//! The window's file work: saving (atomic, asking before a map is
//! written), watching the open files on disk, the path dialogs and their
//! fallback prompt, undo and redo, autosave and recovery.

use super::*;

impl VedetteApp {
    /// "Write the map there?": asked before a save would write an edited
    /// map to a file outside the scenario's folder (issue 35 item 37).
    pub(super) fn map_consent_ui(&mut self, ctx: &egui::Context) {
        let Some((map, to, as_new)) = self.map_consent.clone() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("map consent")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading("Write the map outside the scenario's folder?");
            ui.label(format!(
                "This scenario's map is the file {}, outside the scenario's folder and the maps folder beside it. The map was edited, so saving would write that file.",
                map.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Write the map there").clicked() {
                    answer = Some(1);
                }
                if ui.button("Keep the map in the scenario file").clicked() {
                    answer = Some(2);
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    answer = Some(0);
                }
            });
        });
        let Some(a) = answer else { return };
        self.map_consent = None;
        let Some(doc) = &mut self.doc else { return };
        match a {
            1 => doc.map_write_consent = Some(map),
            2 => doc.keep_map_inline(),
            _ => {
                self.status = Some((false, "Not saved".into()));
                return;
            }
        }
        if as_new {
            self.save_as(&to);
        } else {
            self.save();
        }
    }

    /// Looks at the open document's files, at most every
    /// [`DISK_CHECK_SECS`], and asks about a change made elsewhere.
    pub(super) fn poll_disk(&mut self, now: f64) {
        if now - self.last_disk_check < DISK_CHECK_SECS {
            return;
        }
        self.last_disk_check = now;
        self.check_disk();
    }

    /// Asks about the document's files if they changed on disk (and no
    /// question about them is open already).
    pub fn check_disk(&mut self) {
        if self.disk_prompt.is_some() {
            return;
        }
        let Some(doc) = &mut self.doc else { return };
        let changed = doc.changed_on_disk();
        if !changed.is_empty() {
            self.disk_prompt = Some(DiskPrompt::Changed(changed));
        }
    }

    /// Reloads the document from disk as one undoable step.
    pub(super) fn reload_from_disk(&mut self) {
        let Some(doc) = &mut self.doc else { return };
        match doc.reload() {
            Ok(()) => {
                self.generation += 1;
                self.revalidate();
                self.status = Some((
                    true,
                    "Reloaded from disk; Undo (Ctrl+Z) brings back the version you had open".into(),
                ));
            }
            Err(e) => self.status = Some((false, format!("Not reloaded: {e}"))),
        }
    }

    /// "Changed on disk": reload, keep this version, or (before a save)
    /// write over it.
    pub(super) fn disk_prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(prompt) = self.disk_prompt.clone() else {
            return;
        };
        let names = |files: &[PathBuf]| {
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let modified = self.doc.as_ref().is_some_and(|d| d.is_modified());
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("changed on disk")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            match &prompt {
                DiskPrompt::Changed(files) => {
                    ui.heading("Changed on disk");
                    ui.label(format!(
                        "{} changed outside Vedette (another program, or git pull).",
                        names(files)
                    ));
                    ui.label(if modified {
                        "Reload it to see the new version: your unsaved changes stay one Undo away. Or keep your version: the next save writes over the new one."
                    } else {
                        "Reload it to see the new version (Undo brings back the one you had open), or keep the one you have."
                    });
                    ui.horizontal(|ui| {
                        if ui.button("Reload").clicked() {
                            answer = Some("reload");
                        }
                        if ui.button("Keep my version").clicked()
                            || ui.input(|i| i.key_pressed(egui::Key::Escape))
                        {
                            answer = Some("keep");
                        }
                    });
                }
                DiskPrompt::SaveOver { files, .. } => {
                    ui.heading("Newer on disk");
                    ui.label(format!(
                        "{} changed on disk since you opened it: saving would replace that version with yours.",
                        names(files)
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Save over it").clicked() {
                            answer = Some("over");
                        }
                        if ui.button("Reload it instead").clicked() {
                            answer = Some("reload");
                        }
                        if ui.button("Cancel").clicked()
                            || ui.input(|i| i.key_pressed(egui::Key::Escape))
                        {
                            answer = Some("cancel");
                        }
                    });
                }
            }
        });
        let Some(a) = answer else { return };
        self.disk_prompt = None;
        match a {
            "reload" => self.reload_from_disk(),
            "keep" => {
                if let Some(doc) = &mut self.doc {
                    doc.keep_mine();
                }
                self.status = Some((
                    true,
                    "Kept your version; saving will write over the one on disk".into(),
                ));
            }
            "over" => {
                if let Some(doc) = &mut self.doc {
                    doc.keep_mine();
                }
                if let DiskPrompt::SaveOver { to, as_new, .. } = prompt {
                    if as_new {
                        self.save_as(&to);
                    } else {
                        self.save();
                    }
                }
            }
            _ => self.status = Some((false, "Not saved".into())),
        }
    }

    pub(super) fn after_save(&mut self, r: Result<PathBuf, String>) -> bool {
        match r {
            Ok(p) => {
                self.status = Some((true, format!("Saved {}", p.display())));
                self.remember(&p);
                self.clear_recovery();
                true
            }
            Err(e) => {
                self.status = Some((false, format!("Not saved: {e}")));
                false
            }
        }
    }

    /// Asks for a path: the native dialog on a thread (a dialog inside
    /// `ui()` would freeze the window), whose answer arrives in a later
    /// frame, or the typed-path window when this desktop has no dialog.
    pub(super) fn ask_path(&mut self, purpose: FileAction) {
        self.ask_path_at(purpose, None);
    }

    /// [`VedetteApp::ask_path`] proposing `proposed` (a path already in a
    /// field) instead of the action's own folder and name.
    pub(super) fn ask_path_at(&mut self, purpose: FileAction, proposed: Option<PathBuf>) {
        let current = self.doc.as_ref().and_then(|d| d.path.clone());
        if let Dialogs::Unavailable(why) = &self.dialogs {
            self.path_prompt = Some(match proposed {
                Some(p) => PathPrompt::at(purpose, p.display().to_string(), Some(why.clone())),
                None => PathPrompt::new(purpose, current.as_deref(), Some(why.clone())),
            });
            return;
        }
        let (tx, rx) = channel();
        let (dir, name) = match proposed.as_ref().and_then(|p| {
            let dir = p.parent().filter(|d| d.is_dir())?;
            Some((dir.to_path_buf(), p.file_name()))
        }) {
            Some((dir, name)) => (dir, name.map(|n| n.to_string_lossy().into_owned())),
            None => (
                file_prompt::start_dir(&purpose, current.as_deref()),
                file_prompt::suggested_name(&purpose, current.as_deref()),
            ),
        };
        let p = purpose.clone();
        std::thread::spawn(move || {
            let t0 = std::time::Instant::now();
            let mut d = rfd::FileDialog::new()
                .add_filter(p.filter(), p.extensions())
                .set_directory(&dir);
            if let Some(name) = name {
                d = d.set_file_name(name);
            }
            let answer = if p.reads() {
                d.pick_file()
            } else {
                d.save_file()
            };
            // None: cancelled, or no dialog on this desktop (told apart by
            // the time it took).
            let _ = tx.send((answer, t0.elapsed()));
        });
        self.dialog = Some((purpose, rx));
    }

    pub(super) fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some((purpose, rx)) = &self.dialog else {
            return;
        };
        let Ok((answer, took)) = rx.try_recv() else {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
            return;
        };
        let purpose = purpose.clone();
        self.dialog = None;
        match answer {
            Some(path) => self.path_chosen(purpose, path, ctx),
            None if took < file_prompt::NO_DIALOG_WITHIN => {
                let why = "the file dialog did not appear (no file-dialog service on this desktop)"
                    .to_string();
                self.dialogs = Dialogs::Unavailable(why.clone());
                let current = self.doc.as_ref().and_then(|d| d.path.clone());
                self.path_prompt = Some(match &purpose {
                    FileAction::ExportTo(_) => {
                        PathPrompt::at(purpose, self.export.path.clone(), Some(why))
                    }
                    _ => PathPrompt::new(purpose, current.as_deref(), Some(why)),
                });
            }
            None => {}
        }
    }

    /// The typed-path window, when open.
    pub(super) fn path_prompt_ui(&mut self, ctx: &egui::Context) {
        let Some(mut prompt) = self.path_prompt.take() else {
            return;
        };
        match prompt.ui(ctx) {
            PromptAnswer::Waiting => self.path_prompt = Some(prompt),
            PromptAnswer::Cancelled => {}
            PromptAnswer::Path(p) => self.path_chosen(prompt.action, p, ctx),
        }
    }

    /// Does what the path was asked for.
    pub(super) fn path_chosen(&mut self, purpose: FileAction, path: PathBuf, ctx: &egui::Context) {
        match purpose {
            FileAction::Open => {
                self.open_in_tab(path);
            }
            FileAction::SaveAs { then } => {
                if self.save_as(&file_prompt::with_ron(path))
                    && let Some(next) = then
                {
                    self.perform(next, ctx);
                }
            }
            FileAction::ExportMap => self.export_map(&file_prompt::with_ron(path)),
            FileAction::SaveGame { then_leave } => {
                self.save_game(&file_prompt::with_ron(path));
                // Leaves only once the game is saved: a failed save keeps
                // the table with its message.
                if then_leave && self.playtest.as_ref().is_some_and(|p| !p.unsaved()) {
                    self.leave_playtest();
                }
            }
            FileAction::LoadGame => self.load_game(&path),
            FileAction::SaveStudy => {
                let p = file_prompt::with_extension(path, "csv");
                self.balance.sensitivity.export(&p);
            }
            FileAction::ExportTo(kind) => {
                let ext = FileAction::ExportTo(kind).extensions()[0];
                self.export.path = file_prompt::with_extension(path, ext).display().to_string();
            }
            FileAction::OpenArmyList(_)
            | FileAction::SaveArmyList(_)
            | FileAction::OpenOrder(_)
            | FileAction::SaveOrder(_) => {
                let Some(w) = &mut self.pickup else {
                    return;
                };
                // A list read or written is offered again next time.
                if let Some(p) = w.file_chosen(purpose, &path) {
                    push_recent(&mut self.army_lists, &p);
                }
            }
        }
    }

    /// File -> Export map: writes the map alone, for other scenarios to use.
    pub fn export_map(&mut self, path: &Path) {
        let Some(doc) = &mut self.doc else {
            return;
        };
        self.status = Some(match doc.export_map(path) {
            Ok(()) => (true, format!("Map written to {}", path.display())),
            Err(e) => (false, e),
        });
    }

    pub fn undo(&mut self) {
        if let Some(doc) = &mut self.doc {
            let grid = doc.map.grid();
            match doc.undo() {
                Ok(Some(l)) => {
                    self.status = Some((
                        true,
                        format!("Undid {}", crate::scenario::grid_words(grid, &l)),
                    ))
                }
                Ok(None) => {}
                Err(e) => self.status = Some((false, format!("Cannot undo: {e}"))),
            }
        }
    }

    pub fn redo(&mut self) {
        if let Some(doc) = &mut self.doc {
            let grid = doc.map.grid();
            match doc.redo() {
                Ok(Some(l)) => {
                    self.status = Some((
                        true,
                        format!("Redid {}", crate::scenario::grid_words(grid, &l)),
                    ))
                }
                Ok(None) => {}
                Err(e) => self.status = Some((false, format!("Cannot redo: {e}"))),
            }
        }
    }

    pub(super) fn apply(&mut self, e: edit::Edit) {
        if let Some(doc) = &mut self.doc
            && let Err(err) = doc.apply(e)
        {
            self.status = Some((false, err.to_string()));
        }
    }

    /// Writes the recovery file if the document changed since the last one.
    pub(super) fn autosave(&mut self, now: f64) {
        if now - self.last_autosave < AUTOSAVE_SECS {
            return;
        }
        self.last_autosave = now;
        self.autosave_now();
    }

    /// Writes this window's recovery file now: the document if it has
    /// unsaved changes; none at all if it has not (saved, or undone back
    /// to the file), so a crash never offers something stale.
    pub fn autosave_now(&mut self) {
        let (Some(dir), Some(doc)) = (&self.recovery_dir, &self.doc) else {
            return;
        };
        if !doc.is_modified() {
            self.clear_recovery();
            return;
        }
        let text = scenario::to_ron(&Recovery::of(doc));
        let path = OpenDoc::recovery_path(dir, self.recovery_owner);
        if let Err(e) = std::fs::create_dir_all(dir)
            .and_then(|_| crate::files::write_atomic(&path, text.as_bytes()))
        {
            self.status = Some((false, format!("Autosave failed: {e}")));
        }
    }

    /// Removes this window's recovery file (the document was saved,
    /// discarded or replaced).
    pub(super) fn clear_recovery(&mut self) {
        if let Some(dir) = &self.recovery_dir {
            let _ = std::fs::remove_file(OpenDoc::recovery_path(dir, self.recovery_owner));
        }
    }

    /// Looks for an autosave left by a window that did not end cleanly
    /// (the newest first; the others are offered after it is answered).
    /// An unreadable one is removed.
    pub fn check_recovery(&mut self) {
        let Some(dir) = &self.recovery_dir else {
            return;
        };
        for path in OpenDoc::abandoned_recoveries(dir, self.recovery_owner) {
            let parsed = crate::files::read_text(&path)
                .ok()
                .and_then(|text| scenario::from_ron::<Recovery>(&text, "recovery").ok());
            match parsed {
                Some(r) => {
                    self.recovery_offer = Some((r, path));
                    return;
                }
                None => {
                    let _ = std::fs::remove_file(&path);
                }
            }
        }
    }
}
