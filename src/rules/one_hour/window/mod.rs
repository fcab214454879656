//! One Hour Napoleonic's parts of the window (shell).

pub mod settings;
pub mod table;

pub use table::OneHourTableRules as TableRules;
