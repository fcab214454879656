//! *Napoleon*, the hex-grid miniatures rules, with its pick-up battles:
//! its engine, scenario model, computer players, setup-sheet sections
//! and window parts.

pub mod engine;
pub mod model;
pub mod pickup_batch;
pub mod pickup_cli;
pub mod player;
mod plugin;
pub mod sheet;
pub mod window;

pub use engine::Napoleon as Engine;
pub use model::NapoleonOptions as Options;
