//! The measured Napoleonic miniatures rules, 16 hits a unit, on hexes of
//! 10 cm (issue 37): the rules as `RULINGS-16-HITS.md` reads them, behind
//! the rule-set contract.
//!
//! `geometry` holds the rulings of hex geometry that need no game state
//! (M8's front, flank and rear; M21's fields of fire; M50's exact line of
//! fire), in integers. The game: `board` (the static context), `types`
//! (commands, events, refusals with their witnesses), `state` (the
//! position and `apply`), `moves` (the step and end rules and the reach
//! of units, chargers and Generals: one computation for the table, the
//! computer players and `check`), `rules` (the turn of M11: checks,
//! execution, hand to hand, withdrawals, victory), `legal` (the legal
//! commands) and `contract` (the `Rules` implementation and sentences).

pub mod board;
pub mod check;
pub mod contract;
mod execute;
pub mod geometry;
pub mod legal;
pub mod moves;
pub mod state;
pub mod types;

#[cfg(test)]
mod tests;

pub use board::{Board, SetupError};
pub use contract::Hits16;
pub use state::State;
pub use types::{Command, Event, Pending, Phase, RuleError, Witness};
