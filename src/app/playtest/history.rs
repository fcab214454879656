//! The replay cursor of a playtest, for any rule set: back to the start,
//! one command back or forward, to the present; and the game's file
//! actions beside it.

use super::PlaytestAction;
use crate::engine::Rules;
use crate::play::Session;

/// The History panel: the cursor's buttons and the game's save, load and
/// restart.
pub fn history_ui<R: Rules>(
    ui: &mut egui::Ui,
    session: &mut Session<R>,
    action: &mut PlaytestAction,
) {
    ui.strong("History");
    let len = session.len();
    let cur = session.cursor();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(cur > 0, egui::Button::new("|<"))
            .on_hover_text("The start (Home)")
            .clicked()
        {
            session.seek(0);
        }
        if ui
            .add_enabled(cur > 0, egui::Button::new("<"))
            .on_hover_text("One command back (Ctrl+Left)")
            .clicked()
        {
            session.step_back();
        }
        if ui
            .add_enabled(cur < len, egui::Button::new(">"))
            .on_hover_text("One command forward (Ctrl+Right)")
            .clicked()
        {
            session.step_forward();
        }
        if ui
            .add_enabled(cur < len, egui::Button::new(">|"))
            .on_hover_text("The present (End)")
            .clicked()
        {
            session.seek(usize::MAX);
        }
        ui.label(format!(
            "{cur} / {}",
            crate::words::counted(len, "command", "commands")
        ));
    });
    ui.horizontal(|ui| {
        if ui.button("Save game…").on_hover_text("Ctrl+S").clicked() {
            *action = PlaytestAction::SaveGame;
        }
        if ui.button("Load game…").on_hover_text("Ctrl+O").clicked() {
            *action = PlaytestAction::LoadGame;
        }
        if ui
            .button("New game…")
            .on_hover_text("Start another game of this scenario")
            .clicked()
        {
            *action = PlaytestAction::Restart;
        }
    });
}
