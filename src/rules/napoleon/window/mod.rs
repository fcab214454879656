//! *Napoleon*'s parts of the window (shell).

pub mod armies;
pub mod pickup;
pub mod table;

pub use table::NapoleonTableRules as TableRules;
