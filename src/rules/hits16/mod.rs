//! The 16-hits miniatures rules: its engine, scenario model, computer players, setup-sheet
//! sections and window parts.

pub mod engine;
pub mod model;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Hits16 as Engine;
pub use model::Hits16Options as Options;
