//! The scenario model: maps, terrain, units, reinforcements, victory
//! conditions and variants as serde types; RON reading and writing; and
//! `validate`, which finds a designer's mistakes.
//!
//! Pure data and text: no file system, no UI, no randomness.

mod format;
pub mod generate;
pub mod hits16;
pub mod hits16_options;
mod hits16_setup;
pub mod kind;
pub mod limits;
pub mod locate;
mod map;
pub mod marks;
mod model;
pub mod napoleon;
pub mod napoleon_options;
mod napoleon_setup;
pub mod numbers;
pub mod one_hour;
pub mod one_hour_options;
mod one_hour_setup;
pub mod pickup;
pub(crate) use napoleon_setup::barred;
mod validate;

pub use format::{
    LoadError, MapFile, from_ron, map_file, map_to_ron, parse_map, parse_scenario, scenario_file,
    scenario_to_ron, to_ron,
};
pub use limits::{MAX_MOVEMENT, MAX_STRENGTH};
pub use map::*;
pub use model::*;
pub use napoleon::{Army, General, NapoleonOptions, Troop};
pub use validate::{
    Issue, Location, Severity, box_words, grid_words, is_enterable, validate, validate_map,
};

#[cfg(test)]
mod tests;
