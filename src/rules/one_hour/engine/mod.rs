//! One Hour Napoleonic, Project Waterloo, on square boxes (issue 21): the
//! rules as `RULINGS-ONE-HOUR.md` reads them, behind the rule-set
//! contract.
//!
//! The stateless rulings, each written once: the box geometry
//! (`geometry`, H1-H8), shooting and charges as numbers (`fire`,
//! H15-H17; `charge`, H26-H27, H49, H50), morale (`morale`: H18,
//! H20-H22, H24, H37), the decks (`cards`: H38-H43), movement allowances,
//! passing through and the response to a charge (`movement`: H14, H28,
//! H33, H36), what an action counts as (`actions`: H22, H41, H53) and
//! retreats (`retreat`: H8, H18, H24). The game: `board` (the static
//! context), `types` (commands, events, refusals), `state` (the position
//! and `apply`), `rules` (the turn of H9-H11: checks, execution and the
//! legal commands) and `contract` (the `Rules` implementation and the
//! sentences).

pub mod actions;
pub mod board;
pub mod cards;
pub mod charge;
pub mod check;
pub mod contract;
mod execute;
pub mod fire;
pub mod geometry;
pub mod input;
mod legal;
pub mod morale;
pub mod movement;
pub mod retreat;
pub mod state;
mod turn;
pub mod types;

#[cfg(test)]
mod tests;

pub use board::{Board, SetupError};
pub use contract::OneHour;
pub use state::State;
pub use types::{Command, Event, Pending, Phase, RuleError};
