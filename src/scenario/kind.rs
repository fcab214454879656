//! What kind of Vedette file a text is. Every file Vedette writes starts
//! with a one-line header comment naming its kind (`// Vedette scenario`),
//! which the desktop's MIME database reads as magic (see
//! `packaging/linux/vedette.xml`), so a file manager knows Vedette's files
//! without claiming every `.ron` file. RON ignores the comment, so older
//! builds read new files and files without the header (older ones, or
//! written by hand) are recognised by the fields at their top.
//!
//! Text only: the shell reads the files.

/// The kinds of file Vedette reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    Scenario,
    Map,
    GameLog,
    DeploymentLog,
    ArmyList,
    OrderOfBattle,
}

/// Every kind, in the order the MIME database lists them.
pub const ALL_KINDS: [FileKind; 6] = [
    FileKind::Scenario,
    FileKind::Map,
    FileKind::GameLog,
    FileKind::DeploymentLog,
    FileKind::ArmyList,
    FileKind::OrderOfBattle,
];

impl FileKind {
    /// The header line's text after `// Vedette `.
    pub fn noun(self) -> &'static str {
        match self {
            FileKind::Scenario => "scenario",
            FileKind::Map => "map",
            FileKind::GameLog => "game log",
            FileKind::DeploymentLog => "deployment log",
            FileKind::ArmyList => "army list",
            FileKind::OrderOfBattle => "order of battle",
        }
    }

    /// The MIME type the desktop knows the kind by.
    pub fn mime_type(self) -> &'static str {
        match self {
            FileKind::Scenario => "application/x-vedette-scenario",
            FileKind::Map => "application/x-vedette-map",
            FileKind::GameLog => "application/x-vedette-game-log",
            FileKind::DeploymentLog => "application/x-vedette-deployment-log",
            FileKind::ArmyList => "application/x-vedette-army-list",
            FileKind::OrderOfBattle => "application/x-vedette-order-of-battle",
        }
    }

    /// The first line of every file of this kind Vedette writes, with
    /// its newline.
    pub fn header(self) -> String {
        format!("{HEADER_START}{}\n", self.noun())
    }

    /// `text` (RON) as the file Vedette writes: the header line, then the
    /// text.
    pub fn file_text(self, text: &str) -> String {
        let mut s = self.header();
        s.push_str(text);
        s
    }

    /// The kind a file's header line names, if it starts with one.
    pub fn of_header(text: &str) -> Option<FileKind> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first = text.lines().next()?.trim_end();
        let noun = first.strip_prefix(HEADER_START)?;
        ALL_KINDS.into_iter().find(|k| k.noun() == noun)
    }

    /// What a file is: by its header, else (a file without one) by the
    /// fields at its top. `None`: not one of Vedette's files, or not RON
    /// that reads.
    pub fn sniff(text: &str) -> Option<FileKind> {
        if let Some(k) = FileKind::of_header(text) {
            return Some(k);
        }
        let ron::Value::Map(m) = ron::from_str::<ron::Value>(text).ok()? else {
            return None;
        };
        let has = |k: &str| {
            m.iter()
                .any(|(key, _)| matches!(key, ron::Value::String(s) if s == k))
        };
        if has("title") {
            Some(FileKind::Scenario)
        } else if has("map") && has("version") {
            Some(FileKind::Map)
        } else if has("entries") && has("seed") {
            Some(FileKind::GameLog)
        } else if has("lists") && has("orders") && has("commands") {
            Some(FileKind::DeploymentLog)
        } else if has("generals") && has("leaders") && has("aggressiveness") {
            Some(FileKind::ArmyList)
        } else if has("list") && has("general") && has("forces") {
            Some(FileKind::OrderOfBattle)
        } else {
            None
        }
    }

    /// Why it does not open as a scenario, and where it does open.
    pub fn not_a_scenario(self, path: &str) -> String {
        match self {
            FileKind::Scenario => "this is a scenario".to_string(),
            FileKind::Map => format!(
                "this is a map, not a scenario: open it in the window (`vedette {path}` or File > Open…) to start a scenario on it, or name it in a scenario's `map: File(\"…\")`"
            ),
            FileKind::GameLog => format!(
                "this is a saved game (a game log), not a scenario: open it in the playtest table (`vedette {path}`, or File > Load game… in a playtest)"
            ),
            FileKind::DeploymentLog => format!(
                "this is a pick-up battle's deployment log, not a scenario: resume or review it in the pick-up wizard (`vedette {path}`); the battle itself is the scenario saved beside it"
            ),
            FileKind::ArmyList => format!(
                "this is an army list for pick-up battles, not a scenario: open it in the pick-up wizard (`vedette {path}` or File > New pick-up battle…)"
            ),
            FileKind::OrderOfBattle => format!(
                "this is an order of battle for a pick-up battle, not a scenario: open it in the pick-up wizard (`vedette {path}` or File > New pick-up battle…)"
            ),
        }
    }
}

/// How every header line starts.
pub const HEADER_START: &str = "// Vedette ";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_header() {
        for k in ALL_KINDS {
            let text = k.file_text("(\n    version: 1,\n)\n");
            assert_eq!(FileKind::of_header(&text), Some(k), "{text}");
            assert_eq!(FileKind::sniff(&text), Some(k));
            // The header is a comment: the RON under it still reads.
            assert!(ron::from_str::<ron::Value>(&text).is_ok());
        }
        assert_eq!(FileKind::of_header("// Vedette sandwich\n()"), None);
        assert_eq!(FileKind::of_header("(title: \"x\")"), None);
        assert_eq!(
            FileKind::of_header("\u{feff}// Vedette map\r\n(version: 1)"),
            Some(FileKind::Map)
        );
    }

    #[test]
    fn files_without_a_header_are_known_by_their_fields() {
        let old = |s: &str| FileKind::sniff(s);
        assert_eq!(old("(version: 1, title: \"A\")"), Some(FileKind::Scenario));
        assert_eq!(old("(version: 1, map: (name: \"A\"))"), Some(FileKind::Map));
        assert_eq!(old("(seed: 1, entries: [])"), Some(FileKind::GameLog));
        assert_eq!(old("(name: \"x\")"), None);
        assert_eq!(old("not ron at all"), None);
    }

    #[test]
    fn the_mime_types_are_distinct() {
        let mut all: Vec<&str> = ALL_KINDS.iter().map(|k| k.mime_type()).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), ALL_KINDS.len());
    }
}
