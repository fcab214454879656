//! Napoleon at Waterloo's parts of the window (shell).

pub mod table;

pub use table::NawTableRules as TableRules;
