//! The eframe/egui shell: the editor window. Owns documents, views and
//! input; asks the core for everything else.

pub mod balance;
pub mod export;
pub mod map_view;

use crate::files::{self, LoadedScenario};
use crate::hex::{Hex, Point};
use crate::scenario::{self, Issue, Severity};
use egui::{Color32, Key, PointerButton, RichText, Sense};
use map_view::{DrawOptions, MapView};
use std::path::PathBuf;

/// The scenario opened when none is named: `scenarios/waterloo.ron` in the
/// working folder, else the one in the source tree this binary was built
/// from (so `cargo run` works from anywhere inside the project).
pub fn default_scenario_path() -> PathBuf {
    let local = PathBuf::from("scenarios/waterloo.ron");
    if local.exists() {
        return local;
    }
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/waterloo.ron");
    if built.exists() { built } else { local }
}

/// The editor application state.
pub struct VedetteApp {
    pub doc: Option<LoadedScenario>,
    pub issues: Vec<Issue>,
    /// Why the last open failed, shown in the window instead of the map.
    pub open_error: Option<String>,
    pub view: MapView,
    pub draw: DrawOptions,
    pub hovered: Option<Hex>,
    /// Where the map was drawn last frame (for tests and hit-testing).
    pub map_rect: Option<egui::Rect>,
    /// The Balance panel (batch playtests of the open scenario).
    pub balance: balance::BalancePanel,
    /// File -> Export setup sheet / map image.
    pub export: export::ExportDialog,
    /// The window title last sent to the window.
    shown_title: String,
}

impl VedetteApp {
    pub fn open(path: PathBuf) -> Self {
        let mut app = VedetteApp {
            doc: None,
            issues: Vec::new(),
            open_error: None,
            view: MapView::default(),
            draw: DrawOptions::default(),
            hovered: None,
            map_rect: None,
            balance: balance::BalancePanel::default(),
            export: export::ExportDialog::default(),
            shown_title: String::new(),
        };
        app.load(path);
        app
    }

    pub fn load(&mut self, path: PathBuf) {
        match files::load_scenario(&path) {
            Ok(doc) => {
                self.issues = scenario::validate(&doc.scenario, &doc.map);
                self.doc = Some(doc);
                self.open_error = None;
                self.view.fitted = false;
            }
            Err(e) => {
                self.open_error = Some(e.to_string());
            }
        }
    }

    pub fn title(&self) -> String {
        match &self.doc {
            Some(d) if !d.scenario.title.is_empty() => format!("Vedette — {}", d.scenario.title),
            Some(d) => format!(
                "Vedette — {}",
                d.path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ),
            None => "Vedette".into(),
        }
    }

    fn status_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let Some(doc) = &self.doc else {
                ui.label("No scenario");
                return;
            };
            match self.hovered {
                Some(h) if doc.map.is_on_map(h) => {
                    let terrain = doc
                        .map
                        .terrain_at(h)
                        .map(|t| t.name.as_str())
                        .unwrap_or("?");
                    let mut text = format!("{h}  {terrain}");
                    if let Some(place) = doc.map.place_at(h) {
                        text.push_str(&format!("  ({})", place.name));
                    }
                    if let Some((u, _)) = doc.scenario.units_at_start().find(|(_, x)| *x == h) {
                        text.push_str(&format!(
                            "  |  {} {} {} [{}]",
                            u.designation,
                            u.kind.name(),
                            u.factors(),
                            u.id
                        ));
                    }
                    ui.monospace(text);
                }
                _ => {
                    ui.monospace("—");
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(format!("zoom {:.0}%", self.view.zoom * 100.0));
                ui.separator();
                let errors = self
                    .issues
                    .iter()
                    .filter(|i| i.severity == Severity::Error)
                    .count();
                let warnings = self.issues.len() - errors;
                let text = format!("{errors} errors, {warnings} warnings");
                let col = if errors > 0 {
                    Color32::from_rgb(200, 40, 40)
                } else {
                    ui.visuals().text_color()
                };
                ui.label(RichText::new(text).color(col));
            });
        });
    }

    fn map_ui(&mut self, ui: &mut egui::Ui) {
        let Some(doc) = &self.doc else {
            ui.centered_and_justified(|ui| {
                let msg = self
                    .open_error
                    .clone()
                    .unwrap_or_else(|| "No scenario open".into());
                ui.label(RichText::new(msg).color(Color32::from_rgb(200, 40, 40)));
            });
            return;
        };
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        self.map_rect = Some(rect);
        if !self.view.fitted {
            self.view.fit(&doc.map, rect);
        }
        // Pan: middle or right drag, or left drag (the select tool has
        // nothing to drag yet).
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || response.dragged_by(PointerButton::Primary)
        {
            self.view.pan += response.drag_delta();
        }
        if let Some(pos) = response.hover_pos() {
            let zoom = ui.input(|i| i.zoom_delta());
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            let factor = zoom * (scroll / 400.0).exp();
            if factor != 1.0 {
                self.view.zoom_at(rect, pos, factor);
            }
        }
        let step = 40.0;
        ui.input(|i| {
            if i.key_pressed(Key::ArrowLeft) {
                self.view.pan.x += step;
            }
            if i.key_pressed(Key::ArrowRight) {
                self.view.pan.x -= step;
            }
            if i.key_pressed(Key::ArrowUp) {
                self.view.pan.y += step;
            }
            if i.key_pressed(Key::ArrowDown) {
                self.view.pan.y -= step;
            }
        });
        if ui.input(|i| i.key_pressed(Key::F)) {
            self.view.fit(&doc.map, rect);
        }
        let layout = self.view.layout(&doc.map, rect);
        self.hovered = response
            .hover_pos()
            .map(|pos| layout.hex_at(Point::new(pos.x as f64, pos.y as f64)));
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_rgb(58, 62, 66));
        let balance = &self.balance;
        map_view::draw_map_with(
            &painter,
            rect,
            &layout,
            &doc.map,
            Some(&doc.scenario),
            self.draw,
            &|painter| balance.draw_heat(painter, &layout),
        );
    }
}

impl eframe::App for VedetteApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        VedetteApp::ui(self, ui);
    }
}

impl VedetteApp {
    /// The whole window's contents for one frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        // Only on change: every viewport command requests another frame.
        let title = self.title();
        if title != self.shown_title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
        let (print, image) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::COMMAND, Key::P),
                i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::E),
            )
        });
        if let Some(doc) = &self.doc {
            if print {
                self.export.show(export::ExportKind::Sheet, doc);
            }
            if image {
                self.export.show(export::ExportKind::MapImage, doc);
            }
        }
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    let enabled = self.doc.is_some();
                    let sheet = ui.add_enabled(
                        enabled,
                        egui::Button::new("Export setup sheet…").shortcut_text(
                            ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(
                                egui::Modifiers::COMMAND,
                                Key::P,
                            )),
                        ),
                    );
                    let map = ui.add_enabled(
                        enabled,
                        egui::Button::new("Export map image…").shortcut_text(
                            ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(
                                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                                Key::E,
                            )),
                        ),
                    );
                    if let Some(doc) = &self.doc {
                        if sheet.clicked() {
                            self.export.show(export::ExportKind::Sheet, doc);
                            ui.close();
                        }
                        if map.clicked() {
                            self.export.show(export::ExportKind::MapImage, doc);
                            ui.close();
                        }
                    }
                });
            });
        });
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Vedette");
                ui.separator();
                if let Some(doc) = &self.doc {
                    ui.label(&doc.scenario.title);
                    ui.label(RichText::new(format!("rules: {}", doc.scenario.rules.name())).weak());
                    ui.separator();
                }
                ui.checkbox(&mut self.draw.hex_numbers, "Hex numbers");
                ui.checkbox(&mut self.draw.counters, "Counters");
                if ui.button("Fit (F)").clicked() {
                    self.view.fitted = false;
                }
                ui.separator();
                ui.toggle_value(&mut self.balance.open, "Balance")
                    .on_hover_text("Batch playtests of this scenario (B)");
            });
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        let typing = ui.ctx().text_edit_focused();
        let (toggle, run) = ui.input(|i| {
            (
                !typing && i.key_pressed(Key::B) && !i.modifiers.command,
                i.modifiers.command && i.key_pressed(Key::B),
            )
        });
        if toggle {
            self.balance.open = !self.balance.open;
        }
        if run && let Some(doc) = &self.doc {
            self.balance.open = true;
            self.balance.start(&doc.scenario, &doc.map);
        }
        if self.balance.open {
            let doc = self.doc.as_ref().map(|d| (&d.scenario, &d.map));
            egui::Panel::right("balance")
                .resizable(true)
                .default_size(380.0)
                .min_size(300.0)
                .show(ui, |ui| self.balance.ui(ui, doc));
        } else {
            self.balance.poll();
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.map_ui(ui));
        let ctx = ui.ctx().clone();
        self.export.ui(&ctx, self.doc.as_ref());
    }
}

/// Opens the editor window on a scenario (the default one if none given).
/// With `balance`, the Balance panel opens running a batch of that many
/// games.
pub fn run(path: Option<PathBuf>, balance: Option<u32>) -> anyhow::Result<()> {
    let path = path.unwrap_or_else(default_scenario_path);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([640.0, 400.0])
            .with_title("Vedette"),
        ..Default::default()
    };
    eframe::run_native(
        "Vedette",
        options,
        Box::new(move |_cc| {
            let mut app = VedetteApp::open(path);
            if let Some(games) = balance {
                app.balance.open = true;
                app.balance.games = games.max(1);
                if let Some(doc) = &app.doc {
                    app.balance.start(&doc.scenario, &doc.map);
                }
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| {
        anyhow::anyhow!(
            "could not open a window: {e}\n\
             On Debian or Ubuntu, `.ci/desktop-deps` installs the libraries the window needs \
             (X11 or Wayland, Mesa OpenGL, fontconfig)."
        )
    })
}
