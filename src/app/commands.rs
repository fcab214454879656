//! Every window action as one value (issue 36 item 2). [`UiCommand`]
//! names each menu item, tool and playtest action once, with its label,
//! its group, where it applies and its keys; the menus, the toolbar's
//! buttons, the keyboard, the command palette (`Ctrl+Shift+P`) and the
//! shortcut sheet (`F1`) are all made from [`UiCommand::all`], so a key
//! and a menu item cannot disagree. Whether a command is available now
//! (and why not) and what it does are the window's
//! (`VedetteApp::availability`, `VedetteApp::run_command`); a playtest
//! table answers for its own commands.

use crate::app::tools::Tool;
use egui::{Key, KeyboardShortcut, Modifiers};

/// The groups of the menus and of the shortcut sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    File,
    Edit,
    Tools,
    View,
    Playtest,
    Help,
}

impl Group {
    pub const ALL: [Group; 6] = [
        Group::File,
        Group::Edit,
        Group::Tools,
        Group::View,
        Group::Playtest,
        Group::Help,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Group::File => "File",
            Group::Edit => "Edit",
            Group::Tools => "Tools",
            Group::View => "View",
            Group::Playtest => "Playtest",
            Group::Help => "Help",
        }
    }
}

/// Where a command applies: the editor, the playtest table, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Editor,
    Table,
    Everywhere,
}

impl Scope {
    /// Whether a command of this scope applies in `here` (the editor or
    /// the table).
    pub fn covers(self, here: Scope) -> bool {
        self == Scope::Everywhere || self == here
    }

    pub fn name(self) -> &'static str {
        match self {
            Scope::Editor => "editor",
            Scope::Table => "playtest",
            Scope::Everywhere => "everywhere",
        }
    }
}

/// A playtest action a rule set's table may answer (its key is the same
/// on every table that has it); each table lists the ones it answers
/// (`TableRules::KEYS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKey {
    NextUnit,
    Suggest,
    Roll,
    RotateLeft,
    RotateRight,
    Formation,
    PivotOnly,
    Square,
    Rally,
    Ruler,
}

impl TableKey {
    pub const ALL: [TableKey; 10] = [
        TableKey::NextUnit,
        TableKey::Suggest,
        TableKey::Roll,
        TableKey::RotateLeft,
        TableKey::RotateRight,
        TableKey::Formation,
        TableKey::PivotOnly,
        TableKey::Square,
        TableKey::Rally,
        TableKey::Ruler,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TableKey::NextUnit => "Select the next unit that can move",
            TableKey::Suggest => "Take the suggested attack",
            TableKey::Roll => "Roll the attack",
            TableKey::RotateLeft => "Turn the selected unit left",
            TableKey::RotateRight => "Turn the selected unit right",
            TableKey::Formation => "Change the selected unit's formation",
            TableKey::PivotOnly => "Pivot the selected unit in place",
            TableKey::Square => "Form square",
            TableKey::Rally => "Rally the selected unit",
            TableKey::Ruler => "Measure: distance, line of fire and field of fire",
        }
    }

    pub fn key(self) -> Key {
        match self {
            TableKey::NextUnit => Key::N,
            TableKey::Suggest => Key::A,
            TableKey::Roll => Key::Enter,
            TableKey::RotateLeft => Key::Q,
            TableKey::RotateRight => Key::E,
            TableKey::Formation => Key::C,
            TableKey::PivotOnly => Key::P,
            TableKey::Square => Key::S,
            TableKey::Rally => Key::R,
            TableKey::Ruler => Key::M,
        }
    }
}

/// Every action of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiCommand {
    // File (editor)
    New,
    NewPickup,
    Open,
    Save,
    SaveAs,
    ExportMap,
    ExportSheet,
    ExportMapImage,
    CloseTab,
    Quit,
    // Edit (editor)
    Undo,
    Redo,
    Copy,
    Paste,
    ScenarioSettings,
    Armies,
    MapSettings,
    DeleteUnit,
    RotateUnitLeft,
    RotateUnitRight,
    Deselect,
    // Tools (editor)
    Tool(Tool),
    BrushSmaller,
    BrushLarger,
    // View
    HexNumbers,
    Counters,
    Problems,
    Legend,
    FitMap,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    NextTab,
    PreviousTab,
    Balance,
    RunBalance,
    // Playtest, from the editor
    Playtest,
    LoadGameInEditor,
    // Playtest, at the table
    SaveGame,
    LoadGame,
    NewGame,
    BackToEditor,
    EndPhase,
    TakeBack,
    StepBack,
    StepForward,
    FirstCommand,
    LastCommand,
    Pause,
    StepComputer,
    CancelChoice,
    TableKey(TableKey),
    // Help
    Palette,
    ShortcutSheet,
}

const fn key(m: Modifiers, k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(m, k)
}
const CTRL: Modifiers = Modifiers::COMMAND;
const CTRL_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const PLAIN: Modifiers = Modifiers::NONE;

impl UiCommand {
    /// Every command, in menu order.
    pub fn all() -> Vec<UiCommand> {
        use UiCommand::*;
        let mut all = vec![
            New,
            NewPickup,
            Open,
            Save,
            SaveAs,
            ExportMap,
            ExportSheet,
            ExportMapImage,
            CloseTab,
            Quit,
            Undo,
            Redo,
            Copy,
            Paste,
            ScenarioSettings,
            Armies,
            MapSettings,
            DeleteUnit,
            RotateUnitLeft,
            RotateUnitRight,
            Deselect,
        ];
        all.extend(crate::app::tools::Tool::ALL.map(UiCommand::Tool));
        all.extend([
            BrushSmaller,
            BrushLarger,
            HexNumbers,
            Counters,
            Problems,
            Legend,
            FitMap,
            PanLeft,
            PanRight,
            PanUp,
            PanDown,
            NextTab,
            PreviousTab,
            Balance,
            RunBalance,
            Playtest,
            LoadGameInEditor,
            SaveGame,
            LoadGame,
            NewGame,
            EndPhase,
            TakeBack,
            StepBack,
            StepForward,
            FirstCommand,
            LastCommand,
            Pause,
            StepComputer,
            CancelChoice,
        ]);
        all.extend(self::TableKey::ALL.map(UiCommand::TableKey));
        all.extend([BackToEditor, Palette, ShortcutSheet]);
        all
    }

    /// The words of its menu item.
    pub fn label(self) -> &'static str {
        use UiCommand::*;
        match self {
            New => "New…",
            NewPickup => "New pick-up battle…",
            Open => "Open…",
            Save => "Save",
            SaveAs => "Save As…",
            ExportMap => "Export map to a file…",
            ExportSheet => "Export setup sheet…",
            ExportMapImage => "Export map image…",
            CloseTab => "Close tab",
            Quit => "Quit",
            Undo => "Undo",
            Redo => "Redo",
            Copy => "Copy",
            Paste => "Paste",
            ScenarioSettings => "Scenario settings…",
            Armies => "Armies…",
            MapSettings => "Map settings…",
            DeleteUnit => "Delete unit",
            RotateUnitLeft => "Turn unit left",
            RotateUnitRight => "Turn unit right",
            Deselect => "Deselect, cancel placing",
            Tool(t) => t.name(),
            BrushSmaller => "Smaller brush",
            BrushLarger => "Larger brush",
            HexNumbers => "Hex numbers",
            Counters => "Counters",
            Problems => "Problems",
            Legend => "Legend",
            FitMap => "Fit map to window",
            PanLeft => "Pan map left",
            PanRight => "Pan map right",
            PanUp => "Pan map up",
            PanDown => "Pan map down",
            NextTab => "Next tab",
            PreviousTab => "Previous tab",
            Balance => "Balance panel",
            RunBalance => "Run balance batch",
            Playtest => "Playtest…",
            LoadGameInEditor | LoadGame => "Load game…",
            SaveGame => "Save game…",
            NewGame => "New game…",
            BackToEditor => "Back to editor",
            EndPhase => "End phase",
            TakeBack => "Take back the last move",
            StepBack => "History: step back",
            StepForward => "History: step forward",
            FirstCommand => "History: go to the start",
            LastCommand => "History: go to the end (play on)",
            Pause => "Pause or resume the computer",
            StepComputer => "Let the computer play one command",
            CancelChoice => "Cancel the selection",
            TableKey(k) => k.label(),
            Palette => "Command palette…",
            ShortcutSheet => "Keyboard shortcuts",
        }
    }

    /// What it does, for hover text and the palette.
    pub fn help(self) -> &'static str {
        use UiCommand::*;
        match self {
            New => "Start a new scenario on a new map",
            NewPickup => {
                "Napoleon rules: build two armies from army lists, then set up the table by the procedure of 3.2"
            }
            Open => "Open a scenario, map, game log or army list (in a tab of its own)",
            CloseTab => "Close this document's tab (asks first if it has unsaved changes)",
            Copy => {
                "Copy the selected unit, or the region marked by Shift+dragging with the Select tool"
            }
            Paste => {
                "Paste what was copied (from this or another tab) at the hex under the pointer"
            }
            NextTab | PreviousTab => "Show another open document",
            ExportMap => "Write the map alone (for maps/), and make this scenario use that file",
            ExportSheet => "Print the setup sheet as a PDF",
            ExportMapImage => "Write the map as a PNG or SVG image",
            Balance => "Batch playtests of this scenario",
            RunBalance => "Open the Balance panel and start its batch",
            Playtest => "Play this scenario on the rules engine, against a human or the computer",
            LoadGameInEditor | LoadGame => "Resume a saved game log of this scenario",
            EndPhase => "End what the side to act is doing now (its phase or step)",
            TakeBack => "Take back the last command, as far as the rules allow",
            Pause => "Stop or resume the computer seats",
            Palette => "Find any command by typing part of its name",
            ShortcutSheet => "Every keyboard shortcut, grouped",
            _ => "",
        }
    }

    pub fn group(self) -> Group {
        use UiCommand::*;
        match self {
            New | NewPickup | Open | Save | SaveAs | ExportMap | ExportSheet | ExportMapImage
            | CloseTab | Quit => Group::File,
            Undo | Redo | Copy | Paste | ScenarioSettings | Armies | MapSettings | DeleteUnit
            | RotateUnitLeft | RotateUnitRight | Deselect => Group::Edit,
            Tool(_) | BrushSmaller | BrushLarger => Group::Tools,
            HexNumbers | Counters | Problems | Legend | FitMap | PanLeft | PanRight | PanUp
            | PanDown | NextTab | PreviousTab | Balance | RunBalance => Group::View,
            Playtest | LoadGameInEditor | SaveGame | LoadGame | NewGame | BackToEditor
            | EndPhase | TakeBack | StepBack | StepForward | FirstCommand | LastCommand | Pause
            | StepComputer | CancelChoice | TableKey(_) => Group::Playtest,
            Palette | ShortcutSheet => Group::Help,
        }
    }

    pub fn scope(self) -> Scope {
        use UiCommand::*;
        match self {
            HexNumbers | FitMap | Palette | ShortcutSheet | NextTab | PreviousTab => {
                Scope::Everywhere
            }
            SaveGame | LoadGame | NewGame | BackToEditor | EndPhase | TakeBack | StepBack
            | StepForward | FirstCommand | LastCommand | Pause | StepComputer | CancelChoice
            | TableKey(_) => Scope::Table,
            _ => Scope::Editor,
        }
    }

    /// Its keys, the one shown first (none for a command reached by
    /// menu or palette alone).
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        use UiCommand::*;
        match self {
            New => vec![key(CTRL, Key::N)],
            Open => vec![key(CTRL, Key::O)],
            Save => vec![key(CTRL, Key::S)],
            SaveAs => vec![key(CTRL_SHIFT, Key::S)],
            ExportSheet => vec![key(CTRL, Key::P)],
            ExportMapImage => vec![key(CTRL_SHIFT, Key::E)],
            Undo => vec![key(CTRL, Key::Z)],
            Redo => vec![key(CTRL_SHIFT, Key::Z), key(CTRL, Key::Y)],
            CloseTab => vec![key(CTRL, Key::W)],
            Copy => vec![key(CTRL, Key::C)],
            Paste => vec![key(CTRL, Key::V)],
            NextTab => vec![key(CTRL, Key::Tab), key(CTRL, Key::PageDown)],
            PreviousTab => vec![key(CTRL_SHIFT, Key::Tab), key(CTRL, Key::PageUp)],
            Armies => vec![key(PLAIN, Key::A)],
            DeleteUnit => vec![key(PLAIN, Key::Delete), key(PLAIN, Key::Backspace)],
            RotateUnitLeft => vec![key(PLAIN, Key::Q)],
            RotateUnitRight => vec![key(PLAIN, Key::E)],
            Deselect => vec![key(PLAIN, Key::Escape)],
            Tool(t) => vec![key(PLAIN, t.key())],
            BrushSmaller => vec![key(PLAIN, Key::OpenBracket)],
            BrushLarger => vec![key(PLAIN, Key::CloseBracket)],
            FitMap => vec![key(PLAIN, Key::F)],
            PanLeft => vec![key(PLAIN, Key::ArrowLeft)],
            PanRight => vec![key(PLAIN, Key::ArrowRight)],
            PanUp => vec![key(PLAIN, Key::ArrowUp)],
            PanDown => vec![key(PLAIN, Key::ArrowDown)],
            Balance => vec![key(PLAIN, Key::B)],
            RunBalance => vec![key(CTRL, Key::B)],
            Playtest => vec![key(PLAIN, Key::F5)],
            SaveGame => vec![key(CTRL, Key::S)],
            LoadGame => vec![key(CTRL, Key::O)],
            BackToEditor => vec![key(PLAIN, Key::F5)],
            EndPhase => vec![key(CTRL, Key::Enter)],
            TakeBack => vec![key(CTRL, Key::Z)],
            StepBack => vec![key(CTRL, Key::ArrowLeft)],
            StepForward => vec![key(CTRL, Key::ArrowRight)],
            FirstCommand => vec![key(PLAIN, Key::Home)],
            LastCommand => vec![key(PLAIN, Key::End)],
            Pause => vec![key(PLAIN, Key::Space)],
            StepComputer => vec![key(PLAIN, Key::Period)],
            CancelChoice => vec![key(PLAIN, Key::Escape)],
            TableKey(k) => vec![key(PLAIN, k.key())],
            Palette => vec![key(CTRL_SHIFT, Key::P)],
            ShortcutSheet => vec![key(PLAIN, Key::F1)],
            NewPickup | ExportMap | Quit | ScenarioSettings | MapSettings | HexNumbers
            | Counters | Problems | Legend | LoadGameInEditor | NewGame => vec![],
        }
    }

    /// Its first key as the menus write it ("Ctrl+Shift+S").
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcuts()
            .first()
            .map(|s| key_text(ctx, s))
            .unwrap_or_default()
    }

    /// Its keys as the shortcut sheet writes them ("Ctrl+Shift+Z, Ctrl+Y").
    pub fn keys_text(self, ctx: &egui::Context) -> String {
        self.shortcuts()
            .iter()
            .map(|s| key_text(ctx, s))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether typing `filter` finds it: each word of the filter is in its
    /// label, group or help (any case).
    pub fn matches(self, filter: &str) -> bool {
        let words =
            format!("{} {} {}", self.label(), self.group().name(), self.help()).to_lowercase();
        filter
            .to_lowercase()
            .split_whitespace()
            .all(|w| words.contains(w))
    }
}

/// A shortcut as the user reads it: egui's words, with the keys that are
/// punctuation written as they are printed on the key ("[", not
/// "OpenBracket").
pub fn key_text(ctx: &egui::Context, s: &KeyboardShortcut) -> String {
    let text = ctx.format_shortcut(s);
    let printed = match s.logical_key {
        Key::OpenBracket => "[",
        Key::CloseBracket => "]",
        Key::Period => ".",
        _ => return text,
    };
    match text.strip_suffix(s.logical_key.name()) {
        Some(mods) => format!("{mods}{printed}"),
        None => text,
    }
}

/// The commands among `candidates` whose key was pressed this frame.
/// Shortcuts with more modifiers are read first and consumed, so
/// `Ctrl+Shift+Z` is not also taken as `Ctrl+Z`; plain keys are left to
/// text fields while one has the focus.
pub fn pressed(ctx: &egui::Context, candidates: &[UiCommand]) -> Vec<UiCommand> {
    let typing = ctx.text_edit_focused();
    let mut keyed: Vec<(UiCommand, KeyboardShortcut)> = candidates
        .iter()
        .flat_map(|c| c.shortcuts().into_iter().map(move |s| (*c, s)))
        .collect();
    let weight = |m: Modifiers| [m.command, m.shift, m.alt].iter().filter(|b| **b).count();
    keyed.sort_by_key(|(_, s)| std::cmp::Reverse(weight(s.modifiers)));
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        // The window's platform layer turns Ctrl+C and Ctrl+V into
        // clipboard events, not keys: outside a text field they are the
        // Copy and Paste commands.
        if !typing {
            let is = |e: &egui::Event, cmd: UiCommand| match e {
                egui::Event::Copy => cmd == UiCommand::Copy,
                egui::Event::Paste(_) => cmd == UiCommand::Paste,
                _ => false,
            };
            for cmd in [UiCommand::Copy, UiCommand::Paste] {
                if candidates.contains(&cmd) && i.events.iter().any(|e| is(e, cmd)) {
                    i.events.retain(|e| !is(e, cmd));
                    out.push(cmd);
                }
            }
        }
        for (c, s) in keyed {
            let hit = if s.modifiers.is_none() {
                !typing && i.modifiers.is_none() && i.key_pressed(s.logical_key)
            } else {
                i.consume_shortcut(&s)
            };
            if hit && !out.contains(&c) {
                out.push(c);
            }
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36 item 2: no two commands share a key where both apply.
    #[test]
    fn issue36_no_two_commands_share_a_key_in_the_same_scope() {
        let all = UiCommand::all();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let meet = a.scope().covers(b.scope()) || b.scope().covers(a.scope());
                if !meet {
                    continue;
                }
                for s in a.shortcuts() {
                    assert!(
                        !b.shortcuts().contains(&s),
                        "{a:?} and {b:?} share {s:?} in the {} scope",
                        a.scope().name()
                    );
                }
            }
        }
    }

    #[test]
    fn issue36_every_command_is_listed_once_and_labelled() {
        let all = UiCommand::all();
        for (i, a) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(a), "{a:?} twice");
            assert!(!a.label().is_empty(), "{a:?} has no label");
        }
        // Every variant is in the list: the enum has 55 variants, two of
        // which (`Tool`, `TableKey`) stand for one command each of theirs.
        // A new variant breaks the exhaustive matches above first, and
        // this count until it is listed.
        assert_eq!(all.len(), 55 - 2 + Tool::ALL.len() + TableKey::ALL.len());
    }

    #[test]
    fn issue36_the_palette_filter_finds_by_words_in_any_order_and_case() {
        assert!(UiCommand::ExportSheet.matches("export sh"));
        assert!(UiCommand::ExportSheet.matches("SHEET export"));
        assert!(!UiCommand::ExportMapImage.matches("export sh"));
        assert!(UiCommand::Undo.matches(""));
    }
}
