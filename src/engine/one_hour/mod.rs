//! One Hour Napoleonic, Project Waterloo, on square boxes (issue 21): the
//! rules as `RULINGS-ONE-HOUR.md` reads them. Built in steps: so far the
//! box-grid rules that need no game state (`geometry`, H1-H8) and
//! shooting and charges as numbers (`fire`, H15-H17; `charge`, H26-H27,
//! H49, H50), morale (`morale`: H18, H20-H22, H24, H37) and the decks
//! (`cards`: H38-H43), movement allowances, passing through and the
//! response to a charge (`movement`: H14, H28, H33, H36), and what an
//! action counts as (`actions`: H22, H41, H53), and retreats
//! (`retreat`: H8, H18, H24). The state,
//! commands and events, and the registration in `rulesets.rs`, come next;
//! until then no scenario plays these rules.

pub mod actions;
pub mod cards;
pub mod charge;
pub mod fire;
pub mod geometry;
pub mod morale;
pub mod movement;
pub mod retreat;
