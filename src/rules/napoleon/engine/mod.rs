//! The *Napoleon* hex miniatures rule set (`rules/napoleon-hex-miniatures.md`
//! as read by `RULINGS-NAPOLEON.md`): forces under leaders, Generals with
//! ADCs, facing, initiative and impulses, skirmish, bombardment,
//! activation, movement and one-to-one melee, the Final Step. Every number
//! comes from the scenario through [`Board`].

mod apply;
mod board;
mod check;
mod combat;
mod contract;
pub mod deploy;
mod execute;
mod legal;
mod melee;
mod officers;
mod queries;
mod sentences;
mod state;
mod types;

pub use board::{Board, HexIx, NO_HEX, PickupScoring, PieceInfo, PieceIx, PieceKind, SetupError};
pub use combat::{Evasion, gun_evasion_number};
pub use contract::Napoleon;
pub use queries::{ActivationOdds, MeleeOdds, MeleeOutcome, Reach, ReachPlace, Reachable};
pub use sentences::{refusal, sentence};
pub use state::{Active, Combat, Moved, Outcome, Pending, State, front_hexside};
pub use types::{Activation, Command, Direction, Event, Phase, RuleError};

#[cfg(test)]
mod deploy_tests;
#[cfg(test)]
mod tests;
