//! File -> Export setup sheet / Export map image: a small window with the
//! target path (typed, or chosen in the native save dialog), the paper or
//! the image scale, and an Export button. The layout and encoders are the
//! core's (`sheet`); this only asks where to write and writes atomically.

use super::document::OpenDoc;
use crate::export::{self, Format};
use crate::sheet::Paper;
use egui::RichText;
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// An export running on a worker thread: pages done and pages in all (a
/// sheet; 0 for an image), and the message it ends with.
struct Running {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    answer: Receiver<(bool, String)>,
}

/// What is being exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    Sheet,
    MapImage,
}

/// The export window's state.
pub struct ExportDialog {
    pub open: bool,
    pub kind: ExportKind,
    pub paper: Paper,
    /// Pixels across a hex, for PNG (and the SVG's nominal size).
    pub scale: f32,
    pub path: String,
    /// Browse… was pressed: the window asks for a path as every file
    /// action does (the native dialog, or the typed-path window on a
    /// desktop without one) and puts the answer in `path`.
    pub browse_request: bool,
    /// The export under way, if any (a big sheet takes seconds: the window
    /// stays live and shows its progress).
    running: Option<Running>,
    /// The last export's result: whether it worked, and what to say.
    pub message: Option<(bool, String)>,
    /// The Balance panel's last sensitivity study as a balance note, when
    /// there is one (the window sets it), and whether to print it.
    pub balance_note: Option<crate::sheet::BalanceNote>,
    pub print_balance_note: bool,
}

impl Default for ExportDialog {
    fn default() -> Self {
        ExportDialog {
            open: false,
            kind: ExportKind::Sheet,
            paper: Paper::A4,
            scale: 48.0,
            path: String::new(),
            browse_request: false,
            running: None,
            message: None,
            balance_note: None,
            print_balance_note: false,
        }
    }
}

fn stem(doc: &OpenDoc) -> String {
    doc.path
        .as_ref()
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scenario".into())
}

impl ExportDialog {
    /// Opens the window for `kind`, proposing a file beside the scenario.
    pub fn show(&mut self, kind: ExportKind, doc: &OpenDoc) {
        self.open = true;
        self.kind = kind;
        self.message = None;
        let dir = doc
            .path
            .as_ref()
            .and_then(|p| p.parent())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("."));
        let name = match kind {
            ExportKind::Sheet => format!("{}-sheet.pdf", stem(doc)),
            ExportKind::MapImage => format!("{}-map.png", stem(doc)),
        };
        self.path = dir.join(name).display().to_string();
    }

    /// Starts the export on a worker thread; the message says what
    /// happened when it ends ([`ExportDialog::busy`] until then). The
    /// output is checked as on the command line (its extension, not the
    /// scenario or its map), a file of another kind in the way is kept as
    /// `.bak`, and a scenario with errors is exported with a warning saying
    /// so.
    pub fn export(&mut self, doc: &OpenDoc) {
        if self.running.is_some() {
            return;
        }
        let path = PathBuf::from(self.path.trim());
        if self.path.trim().is_empty() {
            self.message = Some((false, "Give a file to write.".into()));
            return;
        }
        let mut inputs: Vec<PathBuf> = Vec::new();
        inputs.extend(doc.path.clone());
        inputs.extend(doc.map_path.clone());
        let (scenario, map) = (doc.scenario.clone(), doc.map.clone());
        let (kind, paper, scale) = (self.kind, self.paper, self.scale);
        let note = self
            .balance_note
            .clone()
            .filter(|_| self.print_balance_note && kind == ExportKind::Sheet);
        let done = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = channel();
        let (d, t) = (done.clone(), total.clone());
        std::thread::spawn(move || {
            let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
            let msg = export_to(
                &path,
                &inputs,
                (kind, paper, scale),
                note.as_ref(),
                &scenario,
                &map,
                &d,
                &t,
            );
            let _ = tx.send(msg);
        });
        self.message = None;
        self.running = Some(Running {
            done,
            total,
            answer: rx,
        });
    }

    /// Whether an export is under way.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Takes the finished export's message, if it has ended.
    fn poll(&mut self, ctx: &egui::Context) {
        let Some(r) = &self.running else { return };
        match r.answer.try_recv() {
            Ok(msg) => {
                self.message = Some(msg);
                self.running = None;
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.message = Some((false, "Not exported: the export stopped".into()));
                self.running = None;
            }
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context, doc: Option<&OpenDoc>) {
        self.poll(ctx);
        if !self.open {
            return;
        }
        let Some(doc) = doc else {
            self.open = false;
            return;
        };
        let title = match self.kind {
            ExportKind::Sheet => "Export setup sheet",
            ExportKind::MapImage => "Export map image",
        };
        let mut open = self.open;
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let l = ui.label("File:");
                    ui.add(egui::TextEdit::singleline(&mut self.path).desired_width(360.0))
                        .labelled_by(l.id);
                    if ui.button("Browse…").clicked() {
                        self.browse_request = true;
                    }
                });
                match self.kind {
                    ExportKind::Sheet => {
                        ui.horizontal(|ui| {
                            ui.label("Paper:");
                            ui.radio_value(&mut self.paper, Paper::A4, "A4");
                            ui.radio_value(&mut self.paper, Paper::Letter, "Letter");
                        });
                        ui.label(
                            RichText::new(format!(
                                "Title block, map (tiled when hexes would be under 12 mm), {}.",
                                doc.scenario.rules.plugin().sheet_contents()
                            ))
                            .weak(),
                        );
                        let have = self.balance_note.is_some();
                        ui.add_enabled(
                            have,
                            egui::Checkbox::new(
                                &mut self.print_balance_note,
                                "Balance note: the five numbers that decide the balance",
                            ),
                        )
                        .on_hover_text("From the Balance panel's sensitivity study")
                        .on_disabled_hover_text(
                            "Run a sensitivity study in the Balance panel first",
                        );
                    }
                    ExportKind::MapImage => {
                        ui.horizontal(|ui| {
                            let l = ui.label("Pixels across a hex or box:");
                            ui.add(super::fields::Number::new(&mut self.scale).range(8.0..=256.0))
                                .labelled_by(l.id);
                        });
                        ui.label(RichText::new("PNG or SVG, from the file's extension.").weak());
                    }
                }
                ui.horizontal(|ui| {
                    let busy = self.running.is_some();
                    if ui.add_enabled(!busy, egui::Button::new("Export")).clicked() {
                        self.export(doc);
                    }
                    if let Some(r) = &self.running {
                        let (d, t) = (
                            r.done.load(Ordering::Relaxed),
                            r.total.load(Ordering::Relaxed),
                        );
                        if t > 0 {
                            ui.add(
                                egui::ProgressBar::new(d as f32 / t as f32)
                                    .desired_width(160.0)
                                    .text(format!("page {d} of {t}")),
                            );
                        } else {
                            ui.spinner();
                            ui.label("Exporting…");
                        }
                    }
                    if ui.button("Close").clicked() {
                        self.open = false;
                    }
                });
                if let Some((ok, msg)) = &self.message {
                    let colour = if *ok {
                        ui.visuals().text_color()
                    } else {
                        egui::Color32::from_rgb(200, 40, 40)
                    };
                    ui.label(RichText::new(msg).color(colour));
                }
            });
        self.open &= open;
    }
}

/// The export itself (on the worker thread): what to tell the user.
#[allow(clippy::too_many_arguments)]
fn export_to(
    path: &Path,
    inputs: &[&Path],
    (kind, paper, scale): (ExportKind, Paper, f32),
    note: Option<&crate::sheet::BalanceNote>,
    scenario: &crate::scenario::Scenario,
    map: &crate::scenario::Map,
    done: &AtomicUsize,
    total: &AtomicUsize,
) -> (bool, String) {
    let allowed: &[Format] = match kind {
        ExportKind::Sheet => &[Format::Pdf],
        ExportKind::MapImage => &[Format::Png, Format::Svg],
    };
    let result = export::check_output(path, inputs, allowed).and_then(|format| {
        let bytes = match kind {
            ExportKind::Sheet => export::sheet_pdf(scenario, map, paper, note, &mut |d, t| {
                done.store(d, Ordering::Relaxed);
                total.store(t, Ordering::Relaxed);
            })
            .map(|(b, _)| b)?,
            ExportKind::MapImage => export::map_image(map, Some(scenario), format, scale)?,
        };
        export::write(path, &bytes, format)
    });
    let problems = export::problems(Some(scenario), map);
    match result {
        Ok(w) => {
            let mut msg = format!("Wrote {} ({} KB).", path.display(), w.bytes.div_ceil(1024));
            if let Some(b) = &w.backup {
                msg.push_str(&format!(
                    " The file that was there was not a {} and is kept as {}.",
                    if kind == ExportKind::Sheet {
                        "PDF"
                    } else {
                        "picture"
                    },
                    b.display()
                ));
            }
            if !problems.is_empty() {
                msg.push_str(&format!(
                    " Warning: the scenario has {} (see Problems); the export shows it as it is.",
                    export::problems_summary(&problems)
                ));
                (false, msg)
            } else {
                (true, msg)
            }
        }
        Err(e) => (false, format!("Not exported: {e}")),
    }
}
