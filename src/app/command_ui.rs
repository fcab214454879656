//! The window's side of the command list ([`super::commands`]): whether a
//! command is available now and why not, what it does, and the views made
//! from the list: the menus, the keyboard, the command palette
//! (`Ctrl+Shift+P`) and the keyboard shortcut sheet (`F1`).

use super::commands::{self, Group, Scope, TableKey, UiCommand};
use super::file_prompt::FileAction;
use super::{Pending, VedetteApp, export, playtest, settings};
use egui::{Color32, RichText};

/// The command palette: what is typed, and the highlighted line.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    pub filter: String,
    pub selected: usize,
}

/// An entry of a menu made from the command list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    Do(UiCommand),
    Separator,
    /// File > Open recent (the recent files).
    Recent,
}

use Item::{Do, Separator};

/// The editor's menus.
fn editor_menus() -> Vec<(&'static str, Vec<Item>)> {
    use UiCommand::*;
    let mut tools: Vec<Item> = super::tools::Tool::ALL.map(|t| Do(Tool(t))).to_vec();
    tools.extend([Separator, Do(BrushSmaller), Do(BrushLarger)]);
    vec![
        (
            "File",
            vec![
                Do(New),
                Do(NewPickup),
                Do(Open),
                Item::Recent,
                Separator,
                Do(Save),
                Do(SaveAs),
                Do(ExportMap),
                Separator,
                Do(ExportSheet),
                Do(ExportMapImage),
                Separator,
                Do(Quit),
            ],
        ),
        (
            "Edit",
            vec![
                Do(Undo),
                Do(Redo),
                Separator,
                Do(ScenarioSettings),
                Do(Armies),
                Do(MapSettings),
                Separator,
                Do(DeleteUnit),
                Do(RotateUnitLeft),
                Do(RotateUnitRight),
                Do(Deselect),
            ],
        ),
        (
            "View",
            vec![
                Do(HexNumbers),
                Do(Counters),
                Do(Problems),
                Do(Legend),
                Separator,
                Do(FitMap),
                Do(PanLeft),
                Do(PanRight),
                Do(PanUp),
                Do(PanDown),
                Separator,
                Do(Balance),
                Do(RunBalance),
            ],
        ),
        ("Tools", tools),
        ("Game", vec![Do(Playtest), Do(LoadGameInEditor)]),
        ("Help", vec![Do(Palette), Do(ShortcutSheet)]),
    ]
}

/// The playtest table's menus; `keys` are the rule set's own actions.
fn table_menus(keys: &[TableKey]) -> Vec<(&'static str, Vec<Item>)> {
    use UiCommand::*;
    let mut game = vec![
        Do(SaveGame),
        Do(LoadGame),
        Do(NewGame),
        Separator,
        Do(EndPhase),
        Do(TakeBack),
        Do(CancelChoice),
    ];
    game.extend(keys.iter().map(|k| Do(TableKey(*k))));
    game.extend([
        Separator,
        Do(Pause),
        Do(StepComputer),
        Separator,
        Do(BackToEditor),
    ]);
    vec![
        ("Game", game),
        (
            "History",
            vec![
                Do(StepBack),
                Do(StepForward),
                Do(FirstCommand),
                Do(LastCommand),
            ],
        ),
        ("View", vec![Do(HexNumbers), Do(FitMap)]),
        ("Help", vec![Do(Palette), Do(ShortcutSheet)]),
    ]
}

impl VedetteApp {
    /// The editor, or the playtest table when one is open.
    pub fn scope_here(&self) -> Scope {
        if self.playtest.is_some() {
            Scope::Table
        } else {
            Scope::Editor
        }
    }

    /// The commands that apply here, in menu order (at a table, only its
    /// rule set's own actions).
    pub fn commands_here(&self) -> Vec<UiCommand> {
        let here = self.scope_here();
        let keys = self.playtest.as_ref().map(|p| p.keys()).unwrap_or(&[]);
        UiCommand::all()
            .into_iter()
            .filter(|c| c.scope().covers(here))
            .filter(|c| match c {
                UiCommand::TableKey(k) => keys.contains(k),
                _ => true,
            })
            .collect()
    }

    /// Whether the command can run now, and why not.
    pub fn availability(&self, cmd: UiCommand) -> Result<(), String> {
        use UiCommand::*;
        if !cmd.scope().covers(self.scope_here()) {
            return Err(match cmd.scope() {
                Scope::Table => "Only at the playtest table (F5)".into(),
                _ => "Not at the playtest table: go back to the editor (F5)".into(),
            });
        }
        let doc = self.doc.as_ref();
        let no_doc = || "No scenario is open".to_string();
        match cmd {
            SaveGame | LoadGame | NewGame | BackToEditor | EndPhase | TakeBack | StepBack
            | StepForward | FirstCommand | LastCommand | Pause | StepComputer | CancelChoice
            | TableKey(_) => match &self.playtest {
                Some(p) => p.availability(cmd),
                None => Err("Only at the playtest table (F5)".into()),
            },
            New | NewPickup | Open | Quit | Palette | ShortcutSheet | HexNumbers | FitMap => Ok(()),
            CloseTab => Ok(()),
            NextTab | PreviousTab => {
                if self.tab_count() > 1 {
                    Ok(())
                } else {
                    Err("Only one document is open".into())
                }
            }
            Copy => match (doc, &self.tools.selected, self.tools.region) {
                (None, ..) => Err(no_doc()),
                (Some(_), None, None) => Err(
                    "Nothing to copy: select a unit, or Shift+drag a region with the Select tool (S)"
                        .into(),
                ),
                _ => Ok(()),
            },
            Paste => match (doc, &self.clipboard) {
                (None, _) => Err(no_doc()),
                (Some(_), None) => Err("Nothing copied yet (Ctrl+C)".into()),
                _ => Ok(()),
            },
            Undo => match doc {
                Some(d) if d.history.undo_label().is_some() => Ok(()),
                Some(_) => Err("Nothing to undo".into()),
                None => Err(no_doc()),
            },
            Redo => match doc {
                Some(d) if d.history.redo_label().is_some() => Ok(()),
                Some(_) => Err("Nothing to redo".into()),
                None => Err(no_doc()),
            },
            Armies => match doc {
                Some(d) if d.scenario.rules.support().forces => Ok(()),
                Some(_) => Err("The rules of this scenario have no forces or Generals".into()),
                None => Err(no_doc()),
            },
            DeleteUnit => match (doc, &self.tools.selected) {
                (Some(_), Some(_)) => Ok(()),
                _ => Err("No unit is selected: click one with the Select tool (S)".into()),
            },
            RotateUnitLeft | RotateUnitRight => match (doc, &self.tools.selected) {
                (Some(d), _) if !d.scenario.rules.support().facing => Err(format!(
                    "The {} rules give units no facing",
                    d.scenario.rules.name()
                )),
                (Some(_), Some(_)) => Ok(()),
                _ => Err("No unit is selected: click one with the Select tool (S)".into()),
            },
            Save | SaveAs | ExportMap | ExportSheet | ExportMapImage | ScenarioSettings
            | MapSettings | Deselect | Tool(_) | BrushSmaller | BrushLarger | Counters
            | Problems | Legend | PanLeft | PanRight | PanUp | PanDown | Balance | RunBalance
            | Playtest | LoadGameInEditor => doc.map(|_| ()).ok_or_else(no_doc),
        }
    }

    /// A toggle's state (`None` for a command that is not a toggle).
    fn checked(&self, cmd: UiCommand) -> Option<bool> {
        use UiCommand::*;
        match cmd {
            HexNumbers => Some(self.draw.hex_numbers),
            Counters => Some(self.draw.counters),
            Problems => Some(self.show_problems),
            Legend => Some(self.show_legend),
            Balance => Some(self.balance.open),
            Tool(t) => Some(self.tools.tool == t),
            _ => None,
        }
    }

    /// Its label now (Undo names what it undoes; hex or box numbers).
    pub fn label_now(&self, cmd: UiCommand) -> String {
        let history = |label: Option<String>| {
            let d = self.doc.as_ref()?;
            Some(crate::scenario::grid_words(d.map.grid(), &label?).into_owned())
        };
        match cmd {
            UiCommand::HexNumbers => self.numbers_label().into(),
            UiCommand::Undo => {
                match history(self.doc.as_ref().and_then(|d| d.history.undo_label())) {
                    Some(l) => format!("Undo {l}"),
                    None => cmd.label().into(),
                }
            }
            UiCommand::Redo => {
                match history(self.doc.as_ref().and_then(|d| d.history.redo_label())) {
                    Some(l) => format!("Redo {l}"),
                    None => cmd.label().into(),
                }
            }
            _ => cmd.label().into(),
        }
    }

    /// Runs a command (its availability checked by the caller).
    pub fn run_command(&mut self, cmd: UiCommand, ctx: &egui::Context) {
        use UiCommand::*;
        let pan = 40.0;
        match cmd {
            New => self.request(Pending::New, ctx),
            NewPickup => self.request(Pending::NewPickup, ctx),
            Open => self.request(Pending::Open(None), ctx),
            Save => {
                self.save();
            }
            SaveAs => self.ask_path(FileAction::SaveAs { then: None }),
            ExportMap => self.ask_path(FileAction::ExportMap),
            ExportSheet | ExportMapImage => {
                let kind = if cmd == ExportSheet {
                    export::ExportKind::Sheet
                } else {
                    export::ExportKind::MapImage
                };
                if let Some(doc) = &self.doc {
                    self.export.show(kind, doc);
                }
            }
            Quit => self.request(Pending::Close, ctx),
            CloseTab => self.request(Pending::CloseTab, ctx),
            NextTab => self.cycle_tab(false),
            PreviousTab => self.cycle_tab(true),
            Copy => {
                // Text on the system clipboard too, so that the platform
                // hands Ctrl+V back to the window as a paste.
                if let Some(what) = self.copy() {
                    ctx.copy_text(format!("Vedette: {what}"));
                }
            }
            Paste => self.paste(),
            Undo => self.undo(),
            Redo => self.redo(),
            ScenarioSettings => {
                if let Some(d) = &self.doc {
                    self.scenario_settings = Some(settings::ScenarioSettings::new(&d.scenario));
                }
            }
            MapSettings => {
                if let Some(d) = &self.doc {
                    self.map_settings = Some(settings::MapSettings::new(&d.map));
                }
            }
            Armies => self.open_armies(),
            DeleteUnit => self.delete_selected(),
            RotateUnitLeft => self.rotate_selected(-1),
            RotateUnitRight => self.rotate_selected(1),
            Deselect => {
                self.tools.selected = None;
                self.tools.region = None;
                if self.placing.take().is_some() {
                    self.tools.message = Some("Placing cancelled".into());
                }
            }
            Tool(t) => self.tools.tool = t,
            BrushSmaller => self.tools.brush_radius = self.tools.brush_radius.saturating_sub(1),
            BrushLarger => {
                self.tools.brush_radius =
                    (self.tools.brush_radius + 1).min(crate::edit::MAX_BRUSH_RADIUS)
            }
            HexNumbers => self.draw.hex_numbers = !self.draw.hex_numbers,
            Counters => self.draw.counters = !self.draw.counters,
            Problems => self.show_problems = !self.show_problems,
            Legend => self.show_legend = !self.show_legend,
            FitMap => self.view.fitted = false,
            PanLeft => self.view.pan.x += pan,
            PanRight => self.view.pan.x -= pan,
            PanUp => self.view.pan.y += pan,
            PanDown => self.view.pan.y -= pan,
            Balance => self.balance.open = !self.balance.open,
            RunBalance => {
                if let Some(doc) = &self.doc {
                    self.balance.open = true;
                    self.balance.start(&doc.scenario, &doc.map);
                }
            }
            Playtest | NewGame => self.open_playtest_dialog(),
            LoadGameInEditor => self.ask_path(FileAction::LoadGame),
            Palette => self.palette = Some(self::Palette::default()),
            ShortcutSheet => self.show_shortcuts = !self.show_shortcuts,
            SaveGame | LoadGame | BackToEditor | EndPhase | TakeBack | StepBack | StepForward
            | FirstCommand | LastCommand | Pause | StepComputer | CancelChoice | TableKey(_) => {
                if let Some(p) = &mut self.playtest {
                    let action = p.run(cmd);
                    self.playtest_action(action);
                }
            }
        }
    }

    /// Does what the table asks of the window.
    pub(super) fn playtest_action(&mut self, action: playtest::PlaytestAction) {
        use playtest::PlaytestAction as A;
        match action {
            A::None => {}
            A::Leave => self.leave_playtest(),
            A::SaveGame => self.ask_path(FileAction::SaveGame { then_leave: false }),
            A::SaveGameThenLeave => self.ask_path(FileAction::SaveGame { then_leave: true }),
            A::LoadGame => self.ask_path(FileAction::LoadGame),
            A::Restart => self.open_playtest_dialog(),
        }
    }

    /// Runs the command if it is available; if not, says why where the
    /// user looks (the table's message line or the status bar).
    pub fn try_command(&mut self, cmd: UiCommand, ctx: &egui::Context) -> bool {
        match self.availability(cmd) {
            Ok(()) => {
                self.run_command(cmd, ctx);
                true
            }
            Err(why) => {
                match &mut self.playtest {
                    Some(p) => p.set_message(false, why),
                    None => self.status = Some((false, why)),
                }
                false
            }
        }
    }

    /// The keys of this frame: each pressed command that applies here
    /// runs, or says why not where the user looks (`Ctrl+Z` with nothing
    /// to take back, `Q` with no unit selected).
    pub(super) fn keyboard(&mut self, ctx: &egui::Context) {
        for cmd in commands::pressed(ctx, &self.commands_here()) {
            self.try_command(cmd, ctx);
        }
    }

    /// A menu made from the command list.
    fn menu_items(&mut self, ui: &mut egui::Ui, items: &[Item]) {
        let ctx = ui.ctx().clone();
        for item in items {
            match *item {
                Separator => {
                    ui.separator();
                }
                Item::Recent => {
                    ui.menu_button("Open recent", |ui| {
                        if self.recent.is_empty() {
                            ui.label(RichText::new("Nothing yet").weak());
                        }
                        for p in self.recent.clone() {
                            if ui.button(p.display().to_string()).clicked() {
                                self.request(Pending::Open(Some(p)), &ctx);
                                ui.close();
                            }
                        }
                    });
                }
                Do(cmd) => {
                    let available = self.availability(cmd);
                    let label = self.label_now(cmd);
                    let button = match self.checked(cmd) {
                        Some(on) if matches!(cmd, UiCommand::Tool(_)) => {
                            egui::Button::selectable(on, label)
                        }
                        Some(on) => egui::Button::new(label).selected(on),
                        None => egui::Button::new(label),
                    };
                    let key = cmd.shortcut_text(&ctx);
                    // No empty shortcut: it would end the item's name
                    // with a space.
                    let button = if key.is_empty() {
                        button
                    } else {
                        button.shortcut_text(key)
                    };
                    let mut r = ui.add_enabled(available.is_ok(), button);
                    if !cmd.help().is_empty() {
                        r = r.on_hover_text(cmd.help());
                    }
                    if let Err(why) = &available {
                        r = r.on_disabled_hover_text(why);
                    }
                    if r.clicked() {
                        self.run_command(cmd, &ctx);
                        ui.close();
                    }
                }
            }
        }
    }

    /// The menu bar, here (editor or table).
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        let menus = match &self.playtest {
            Some(p) => table_menus(p.keys()),
            None => editor_menus(),
        };
        egui::MenuBar::new().ui(ui, |ui| {
            for (name, items) in &menus {
                ui.menu_button(*name, |ui| self.menu_items(ui, items));
            }
        });
    }

    /// A toolbar button for a command, with its key in its words.
    pub(super) fn command_button(&mut self, ui: &mut egui::Ui, cmd: UiCommand, words: &str) {
        let ctx = ui.ctx().clone();
        let available = self.availability(cmd);
        let key = cmd.shortcut_text(&ctx);
        // A toggle keeps its words; its key is in its hover text.
        let mut r = match self.checked(cmd) {
            Some(on) => ui.add_enabled(available.is_ok(), egui::Button::selectable(on, words)),
            None if key.is_empty() => ui.add_enabled(available.is_ok(), egui::Button::new(words)),
            None => ui.add_enabled(
                available.is_ok(),
                egui::Button::new(format!("{words} ({key})")),
            ),
        };
        match (cmd.help(), key.is_empty()) {
            ("", _) => {}
            (help, true) => r = r.on_hover_text(help),
            (help, false) => r = r.on_hover_text(format!("{help} ({key})")),
        }
        if let Err(why) = &available {
            r = r.on_disabled_hover_text(why);
        }
        if r.clicked() {
            self.run_command(cmd, &ctx);
        }
    }

    /// The command palette, when open: type to filter, ↑/↓ to choose,
    /// Enter runs, Escape closes.
    pub(super) fn palette_ui(&mut self, ctx: &egui::Context) {
        let Some(mut palette) = self.palette.take() else {
            return;
        };
        let found: Vec<(UiCommand, String, Result<(), String>)> = self
            .commands_here()
            .into_iter()
            .filter(|c| c.matches(&palette.filter))
            .map(|c| (c, self.label_now(c), self.availability(c)))
            .collect();
        palette.selected = palette.selected.min(found.len().saturating_sub(1));
        let (enter, up, down, escape) = ctx.input(|i| {
            (
                i.key_pressed(egui::Key::Enter),
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::Escape),
            )
        });
        if down {
            palette.selected = (palette.selected + 1).min(found.len().saturating_sub(1));
        }
        if up {
            palette.selected = palette.selected.saturating_sub(1);
        }
        let mut chosen = enter
            .then(|| found.get(palette.selected).map(|f| f.0))
            .flatten();
        let mut keep = !escape;
        let modal = egui::Modal::new(egui::Id::unique("command palette")).show(ctx, |ui| {
            ui.set_width(520.0);
            let title = ui.heading("Command palette");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut palette.filter)
                        .hint_text("Type part of a command's name (\"export sh\")")
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(title.id);
            edit.request_focus();
            if edit.changed() {
                palette.selected = 0;
            }
            ui.add_space(4.0);
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    if found.is_empty() {
                        ui.label(RichText::new("No command has these words").weak());
                    }
                    for (n, (cmd, label, available)) in found.iter().enumerate() {
                        let key = cmd.shortcut_text(ctx);
                        let ink = if available.is_ok() {
                            ui.visuals().text_color()
                        } else {
                            ui.visuals().weak_text_color()
                        };
                        let mut text = format!("{}: {label}", cmd.group().name());
                        if let Err(why) = available {
                            text.push_str(&format!(" — {why}"));
                        }
                        let r = ui.horizontal(|ui| {
                            let button = egui::Button::selectable(
                                n == palette.selected,
                                RichText::new(text).color(ink),
                            );
                            let button = if key.is_empty() {
                                button
                            } else {
                                button.shortcut_text(key)
                            };
                            // A row as wide as the palette, its key at the
                            // right.
                            let r = ui
                                .with_layout(
                                    egui::Layout::top_down_justified(egui::Align::LEFT),
                                    |ui| ui.add(button),
                                )
                                .inner;
                            if n == palette.selected && (up || down) {
                                r.scroll_to_me(None);
                            }
                            if cmd.help().is_empty() {
                                r
                            } else {
                                r.on_hover_text(cmd.help())
                            }
                        });
                        if r.inner.clicked() {
                            chosen = Some(*cmd);
                        }
                    }
                });
        });
        if modal.should_close() {
            keep = false;
        }
        if let Some(cmd) = chosen {
            // An unavailable command stays in the palette, its reason on
            // the status line.
            if self.try_command(cmd, ctx) {
                keep = false;
            }
        }
        if keep && self.palette.is_none() {
            self.palette = Some(palette);
        }
    }

    /// The keyboard shortcut sheet, when open: every command with a key,
    /// grouped, from the command list.
    pub(super) fn shortcut_sheet_ui(&mut self, ctx: &egui::Context) {
        if !self.show_shortcuts {
            return;
        }
        let mut open = true;
        egui::Window::new("Keyboard shortcuts")
            .id(egui::Id::unique("shortcut sheet"))
            .open(&mut open)
            .default_width(940.0)
            .default_height(ctx.content_rect().height() - 120.0)
            .default_pos(egui::pos2(40.0, 60.0))
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        // The editor's groups on the left, the table's and
                        // Help on the right.
                        ui.columns(2, |cols| {
                            shortcut_sheet(&mut cols[0], &Group::ALL[..4]);
                            shortcut_sheet(&mut cols[1], &Group::ALL[4..]);
                        });
                    });
            });
        if !open {
            self.show_shortcuts = false;
        }
    }
}

/// Which rule sets' tables answer a table action, as the sheet says it.
fn rule_sets_of(key: TableKey) -> String {
    playtest::TABLES
        .iter()
        .filter(|t| t.keys.contains(&key))
        .map(|t| t.title)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sheet's body for some groups: each command with a key, its keys
/// and where it applies, under its group's name.
fn shortcut_sheet(ui: &mut egui::Ui, groups: &[Group]) {
    let ctx = ui.ctx().clone();
    let all = UiCommand::all();
    egui::Grid::new(("shortcuts", groups[0].name()))
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for (n, group) in groups.iter().enumerate() {
                let rows: Vec<UiCommand> = all
                    .iter()
                    .copied()
                    .filter(|c| c.group() == *group && !c.shortcuts().is_empty())
                    .collect();
                if rows.is_empty() {
                    continue;
                }
                if n > 0 {
                    ui.label("");
                    ui.end_row();
                }
                ui.strong(group.name());
                ui.end_row();
                for c in rows {
                    ui.monospace(c.keys_text(&ctx));
                    ui.label(c.label());
                    let at = match c {
                        UiCommand::TableKey(k) => rule_sets_of(k),
                        _ => c.scope().name().to_string(),
                    };
                    ui.label(RichText::new(at).small().color(Color32::GRAY));
                    ui.end_row();
                }
            }
        });
}
