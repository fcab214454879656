//! The measured Napoleonic miniatures rules, 16 hits a unit, on hexes of
//! 10 cm (issue 37): the rules as `RULINGS-16-HITS.md` reads them, behind
//! the rule-set contract.

pub mod geometry;
