//! SPI's *Napoleon at Waterloo*: its engine, scenario model, computer
//! players, setup-sheet sections and window parts.

pub mod engine;
pub mod player;
pub mod sheet;
pub mod window;
