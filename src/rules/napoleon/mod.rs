//! *Napoleon*, the hex-grid miniatures rules, with its pick-up battles:
//! its engine, scenario model, computer players, setup-sheet sections
//! and window parts.

pub mod engine;
pub mod generate;
pub mod model;
pub mod pickup_batch;
pub mod pickup_cli;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Napoleon as Engine;
pub use model::NapoleonOptions as Options;

/// The examples that ship with this rule set: path under the data folder
/// and text (see `bundled`).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "scenarios/saint-aubin.ron",
        include_str!("../../../scenarios/saint-aubin.ron"),
    ),
    (
        "scenarios/armies/britain-1815.ron",
        include_str!("../../../scenarios/armies/britain-1815.ron"),
    ),
    (
        "scenarios/armies/france-1813.ron",
        include_str!("../../../scenarios/armies/france-1813.ron"),
    ),
    (
        "maps/saint-aubin.ron",
        include_str!("../../../maps/saint-aubin.ron"),
    ),
];
