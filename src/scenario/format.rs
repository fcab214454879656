//! Reading and writing scenario and map files as RON text.
//!
//! Reading reports the file, line and column, and the path of the field
//! (`units[3].strength`) for every syntax or type error; unknown fields are
//! errors that name them. Writing is pretty and stable: the same value
//! always gives the same bytes, so files diff well. Only text is handled
//! here; the shell reads and writes the files.

use super::map::Map;
use super::model::{FORMAT_VERSION, Scenario};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A file that could not be read as a scenario or map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The file name (or another name for the text's origin).
    pub origin: String,
    /// 1-based line and column of the error, when known.
    pub line: usize,
    pub column: usize,
    /// The field being read, as a path (`units[3].strength`), when known.
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: error: ", self.origin, self.line, self.column)?;
        if let Some(field) = &self.field {
            write!(f, "in `{field}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// A map file: a version and the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub version: u32,
    pub map: Map,
}

/// Only the version, read before anything else so that files from newer
/// releases get a clear message instead of a list of unknown fields.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(default)]
    version: u32,
}

fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .new_line("\n".to_string())
        .indentor("    ".to_string())
        // Lists nested deeper than this (entry hexes, CRT rows, hexside
        // features) stay on one line, so files read like tables.
        .depth_limit(3)
        .escape_strings(false)
        .struct_names(false)
}

/// Writes a value as pretty RON, ending with a newline.
pub fn to_ron<T: Serialize>(value: &T) -> String {
    // Serializing our own types to a String cannot fail: they contain no
    // maps with non-string keys and no unsupported serde features.
    let mut s = ron::ser::to_string_pretty(value, pretty())
        .unwrap_or_else(|e| format!("// could not serialize: {e}\n"));
    s.push('\n');
    s
}

fn ron_message(e: &ron::Error) -> String {
    let mut m = e.to_string();
    // ron phrases unknown fields as "Unexpected field named `x` in `Y`";
    // say what to do about it.
    if matches!(e, ron::Error::NoSuchStructField { .. }) {
        m.push_str(" (misspelt or from a newer format?)");
    }
    m
}

/// Parses RON into `T`, with the position and field path of any error.
pub fn from_ron<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, LoadError> {
    let mut de = ron::de::Deserializer::from_str(text).map_err(|e| LoadError {
        origin: origin.to_string(),
        line: e.span.start.line,
        column: e.span.start.col,
        field: None,
        message: ron_message(&e.code),
    })?;
    let result: Result<T, _> = serde_path_to_error::deserialize(&mut de);
    match result {
        Ok(v) => {
            if let Err(e) = de.end() {
                let span = de.span_error(e);
                return Err(LoadError {
                    origin: origin.to_string(),
                    line: span.span.start.line,
                    column: span.span.start.col,
                    field: None,
                    message: format!("{} after the end of the value", ron_message(&span.code)),
                });
            }
            Ok(v)
        }
        Err(e) => {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let message = ron_message(&inner);
            let span = de.span_error(inner);
            Err(LoadError {
                origin: origin.to_string(),
                line: span.span.start.line,
                column: span.span.start.col,
                field: (!path.is_empty() && path != ".").then_some(path),
                message,
            })
        }
    }
}

fn check_version(text: &str, origin: &str, what: &str) -> Result<(), LoadError> {
    // A probe that fails is ignored here: the full parse reports the error
    // with a better position.
    if let Ok(VersionProbe { version: v }) = ron::from_str::<VersionProbe>(text) {
        if v > FORMAT_VERSION {
            return Err(LoadError {
                origin: origin.to_string(),
                line: 1,
                column: 1,
                field: Some("version".into()),
                message: format!(
                    "this {what} was written in format version {v}; this build of Vedette reads up to version {FORMAT_VERSION}"
                ),
            });
        }
        if v == 0 {
            return Err(LoadError {
                origin: origin.to_string(),
                line: 1,
                column: 1,
                field: Some("version".into()),
                message: "format version 0 does not exist; the first version is 1".into(),
            });
        }
    }
    Ok(())
}

/// Reads a scenario from RON text. `origin` names the file in messages.
/// Files of older format versions are migrated here (none exist yet).
pub fn parse_scenario(text: &str, origin: &str) -> Result<Scenario, LoadError> {
    check_version(text, origin, "scenario")?;
    let mut s: Scenario = from_ron(text, origin)?;
    if let super::model::MapSource::Inline(m) = &mut s.map {
        m.normalize();
    }
    Ok(s)
}

/// Reads a map file from RON text.
pub fn parse_map(text: &str, origin: &str) -> Result<Map, LoadError> {
    check_version(text, origin, "map")?;
    let mut f: MapFile = from_ron(text, origin)?;
    f.map.normalize();
    Ok(f.map)
}

/// The scenario as RON, without the file's header line: what a game's
/// scenario fingerprint is computed from.
pub fn scenario_to_ron(s: &Scenario) -> String {
    to_ron(s)
}

/// The scenario file Vedette writes: its header line and the RON.
pub fn scenario_file(s: &Scenario) -> String {
    super::kind::FileKind::Scenario.file_text(&scenario_to_ron(s))
}

/// The map file Vedette writes: its header line and the RON.
pub fn map_file(m: &Map) -> String {
    super::kind::FileKind::Map.file_text(&map_to_ron(m))
}

pub fn map_to_ron(m: &Map) -> String {
    to_ron(&MapFile {
        version: FORMAT_VERSION,
        map: m.clone(),
    })
}
