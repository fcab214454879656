//! The Napoleon at Waterloo rule set (SPI, 3rd edition, cases 1.0-9.5, as
//! read by `RULINGS.md`). Everything specific to these rules lives here;
//! terrain effects, the CRT, thresholds, entry and exit hexes come from the
//! scenario through [`Board`].

mod apply;
mod board;
mod check;
mod contract;
mod execute;
mod legal;
mod state;
mod types;
mod words;
pub use contract::{Naw, VariantSetup};
pub use words::join_words;

pub use board::{Board, HexIx, NO_HEX, SetupError, UnitInfo, UnitIx};
pub use state::{
    AttackOdds, Occupancy, Pending, Pos, Proposal, Reach, ReachMap, ReachScratch, State, Step,
    column_for,
};
pub use types::{Command, Event, Outcome, Phase, RuleError};

#[cfg(test)]
mod tests;
