//! One Hour Napoleonic: its engine, scenario model, computer players, setup-sheet
//! sections and window parts.

pub mod engine;
pub mod generate;
pub mod model;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::OneHour as Engine;
pub use model::OneHourOptions as Options;

/// The examples that ship with this rule set: path under the data folder
/// and text (see `bundled`).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "scenarios/waterloo-one-hour.ron",
        include_str!("../../../scenarios/waterloo-one-hour.ron"),
    ),
    (
        "maps/waterloo-boxes.ron",
        include_str!("../../../maps/waterloo-boxes.ron"),
    ),
];
