//! Vedette: a scenario editor, viewer and playtest table for hex-and-counter
//! Napoleonic wargames.
//!
//! The functional core (`hex`, `scenario`, `engine`, `ai`, `sim`, `sheet`,
//! `edit`, `play`) never touches the file system, a
//! global random generator or the UI toolkit; `files` and `app` are the
//! imperative shell around it. See ARCHITECTURE.md for the code map.

pub mod ai;
pub mod app;
pub mod bundled;
pub mod cli;
pub mod edit;
pub mod engine;
pub mod export;
pub mod files;
pub mod hex;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod sheet;
pub mod sim;
pub mod words;
