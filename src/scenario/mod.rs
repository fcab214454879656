//! The scenario model: maps, terrain, units, reinforcements, victory
//! conditions and variants as serde types; RON reading and writing; and
//! `validate`, which finds a designer's mistakes.
//!
//! Pure data and text: no file system, no UI, no randomness.

mod format;
pub mod generate;
mod issues;
pub mod kind;
pub mod limits;
pub mod locate;
mod map;
pub mod marks;
pub mod mirror;
mod model;
pub mod numbers;
pub mod options;
mod validate;

pub use format::{
    LoadError, MapFile, from_ron, map_file, map_to_ron, parse_map, parse_scenario, scenario_file,
    scenario_to_ron, to_ron,
};
pub use issues::{Issue, Issues, Location, Severity, check_text, field};
pub use limits::{MAX_MOVEMENT, MAX_STRENGTH};
pub use map::*;
pub use model::*;
pub use validate::{
    box_words, grid_words, is_enterable, validate, validate_map, why_not_enterable,
};

#[cfg(test)]
mod tests;
