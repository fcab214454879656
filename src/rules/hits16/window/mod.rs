//! The 16-hits rules' parts of the window (shell).

pub mod settings;
pub mod table;

pub use table::Hits16TableRules as TableRules;
