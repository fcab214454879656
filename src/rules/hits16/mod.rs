//! The 16-hits miniatures rules: its engine, scenario model, computer players, setup-sheet
//! sections and window parts.

pub mod engine;
pub mod generate;
pub mod model;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Hits16 as Engine;
pub use model::Hits16Options as Options;

/// The examples that ship with this rule set: path under the data folder
/// and text (see `bundled`).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "scenarios/quatre-bras.ron",
        include_str!("../../../scenarios/quatre-bras.ron"),
    ),
    (
        "scenarios/hits16-tutorial.ron",
        include_str!("../../../scenarios/hits16-tutorial.ron"),
    ),
];
