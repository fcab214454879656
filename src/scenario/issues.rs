//! Findings of a check: what is wrong, how badly and where, so the editor
//! can select or centre it. Both the shared checks (`validate`) and each
//! rule set's own checks add to the same [`Issues`].

use super::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use super::model::UnitId;
use crate::hex::{Hex, Hexside};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// What an issue is about, so the editor can select or centre it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// A field of the scenario or map, as a path (`map.terrain[4]`).
    Field(String),
    Hex(Hex),
    Hexside(Hexside),
    Unit(UnitId),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Field(p) => f.write_str(p),
            Location::Hex(h) => write!(f, "{h}"),
            Location::Hexside(s) => write!(f, "{s}"),
            Location::Unit(u) => write!(f, "unit {u}"),
        }
    }
}

/// One finding of [`validate`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Issue {
    pub severity: Severity,
    pub location: Location,
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.location, self.severity, self.message)
    }
}

/// Findings as a check makes them (each rule set's setup checks add to
/// the same list).
#[derive(Default)]
pub struct Issues(pub Vec<Issue>);

impl Issues {
    pub fn error(&mut self, location: Location, message: impl Into<String>) {
        self.0.push(Issue {
            severity: Severity::Error,
            location,
            message: message.into(),
        });
    }
    pub fn warning(&mut self, location: Location, message: impl Into<String>) {
        self.0.push(Issue {
            severity: Severity::Warning,
            location,
            message: message.into(),
        });
    }
}

/// A location that is a field of the scenario, by its path.
pub fn field(s: &str) -> Location {
    Location::Field(s.to_string())
}

/// A name or one-line text with a control character (an escape sequence
/// can clear a terminal, a line break forge an output line), or longer
/// than [`MAX_NAME_CHARS`]: refused. `free` texts (descriptions, notes) may
/// hold line breaks and tabs.
pub fn check_text(out: &mut Issues, path: &str, what: &str, text: &str, free: bool) {
    let bad = text
        .chars()
        .find(|&c| c.is_control() && !(free && matches!(c, '\n' | '\t' | '\r')));
    if let Some(c) = bad {
        out.error(
            field(path),
            format!(
                "{what} holds the control character U+{:04X}: names and titles are printed on terminals, sheets and counters, so they may hold only printable characters",
                c as u32
            ),
        );
    }
    let limit = if free { MAX_TEXT_CHARS } else { MAX_NAME_CHARS };
    let n = text.chars().count();
    if n > limit {
        out.error(
            field(path),
            format!("{what} is {n} characters long: at most {limit} are supported"),
        );
    }
}
