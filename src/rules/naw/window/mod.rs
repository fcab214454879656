//! Napoleon at Waterloo's parts of the window (shell).

pub mod table;
