//! SPI's *Napoleon at Waterloo*: its engine, scenario model, computer
//! players, setup-sheet sections and window parts.

pub mod engine;
pub mod model;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Naw as Engine;
pub use model::NawOptions as Options;
