//! The event log of a playtest, for any rule set: every event of the game
//! as a line, numbered by the command that caused it (set-up events are
//! 0), kept up to date as commands are played or taken back, and shown up
//! to the replay cursor.

use crate::engine::{Game, Rules};
use egui::RichText;

#[derive(Clone, Debug)]
pub struct EventLog {
    /// (command number, line), oldest first.
    lines: Vec<(usize, String)>,
    /// How many commands the lines cover.
    commands: usize,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog {
            lines: Vec::new(),
            commands: usize::MAX,
        }
    }
}

impl EventLog {
    pub fn lines(&self) -> &[(usize, String)] {
        &self.lines
    }

    /// Brings the lines up to the game's history: `text` writes an event's
    /// line, or `None` for one the log leaves out.
    pub fn refresh<R: Rules>(
        &mut self,
        game: &Game<R>,
        text: impl Fn(&Game<R>, &R::Event) -> Option<String>,
    ) {
        if self.commands > game.history.len() || self.lines.is_empty() {
            self.lines = game
                .setup_events
                .iter()
                .filter_map(|e| text(game, e).map(|t| (0, t)))
                .collect();
            self.commands = 0;
        }
        for (i, (_, events)) in game.history.iter().enumerate().skip(self.commands) {
            for e in events {
                if let Some(t) = text(game, e) {
                    self.lines.push((i + 1, t));
                }
            }
        }
        self.commands = game.history.len();
    }

    /// The log up to command `shown`, scrolled to its end.
    pub fn ui(&self, ui: &mut egui::Ui, shown: usize) {
        ui.strong("Events");
        let n = self.lines.partition_point(|(i, _)| *i <= shown);
        let row = ui.text_style_height(&egui::TextStyle::Monospace);
        egui::ScrollArea::vertical()
            .id_salt("event log")
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show_rows(ui, row, n, |ui, range| {
                for (i, text) in &self.lines[range] {
                    ui.label(
                        RichText::new(format!("{i:>4}  {text}"))
                            .monospace()
                            .size(11.5),
                    );
                }
            });
    }
}
