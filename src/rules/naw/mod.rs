//! SPI's *Napoleon at Waterloo*: its engine, scenario model, computer
//! players, setup-sheet sections and window parts.

pub mod engine;
pub mod generate;
pub mod model;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Naw as Engine;
pub use model::NawOptions as Options;

/// The examples that ship with this rule set: path under the data folder
/// and text (see `bundled`).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "scenarios/waterloo.ron",
        include_str!("../../../scenarios/waterloo.ron"),
    ),
    (
        "scenarios/tutorial.ron",
        include_str!("../../../scenarios/tutorial.ron"),
    ),
    (
        "maps/waterloo.ron",
        include_str!("../../../maps/waterloo.ron"),
    ),
];
