//! The words of a One Hour Napoleonic game: what players ask (`Command`),
//! what happens (`Event`, each naming its ruling) and why a command is
//! refused (`RuleError`, each ending with its ruling). Units and leaders
//! are named by their index in the board's lists.

use super::actions::DoubleMode;
use super::fire::Formation;
use crate::hex::{Dir, Hex};
use serde::{Deserialize, Serialize};

/// A unit: its index in `Board::units`.
pub type UnitIx = u16;
/// A leader: its index in `Board::leaders`.
pub type LeaderIx = u16;

/// Where a player turn is (H9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// Step 1: the phasing side draws its chance card (H38).
    Card,
    /// The card drawn needs a choice of units from `chooser` (H40);
    /// `amount` is its number, rolled or fixed (`None`: the chooser picks
    /// it, H39 `chooser_picks`).
    CardChoice {
        card: u16,
        chooser: u8,
        amount: Option<u32>,
    },
    /// Step 2: shooting (H15).
    Shoot,
    /// Step 3: moves, charges, formations, rallies (H10).
    Move,
    /// Simultaneous fire (H9 option): the hits both sides fired take
    /// effect, shot by shot.
    Volley,
    /// The game is over.
    Over,
}

/// A choice the rules hand to a player in the middle of a resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Pending {
    /// The owner picks the retreat box (H8).
    Retreat { unit: UnitIx, options: Vec<Hex> },
    /// The shooter may advance into the routed target's box (H19).
    Bayonet { unit: UnitIx, to: Hex },
    /// The charged line infantry's owner may turn it to face the charge
    /// (H28); the charge resumes after.
    Respond {
        charger: UnitIx,
        target: UnitIx,
        facings: Vec<Dir>,
        /// Every box the charger entered (for narrow frontage, H49).
        path: Vec<Hex>,
    },
    /// An overrun leader's owner picks where he retires (H24).
    Retire { leader: LeaderIx, options: Vec<Hex> },
}

impl Pending {
    /// The side that answers.
    pub fn side(&self, board: &super::Board) -> u8 {
        match self {
            Pending::Retreat { unit, .. }
            | Pending::Bayonet { unit, .. }
            | Pending::Respond { target: unit, .. } => board.units[*unit as usize].side,
            Pending::Retire { leader, .. } => board.leaders[*leader as usize].side,
        }
    }
}

/// What a player asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// Step 1: draw the chance card (H38).
    Draw,
    /// The choice a card needs (H40, H41): the units picked (none to
    /// decline an optional Double action), the mode of a Double action,
    /// and the number when the chooser picks it (H39).
    ChooseCard {
        units: Vec<UnitIx>,
        mode: Option<DoubleMode>,
        amount: Option<u32>,
    },
    /// One shot (H15).
    Shoot {
        unit: UnitIx,
        target: UnitIx,
    },
    /// The end of step 2.
    EndShooting,
    /// One unit's whole move (H3, H4, H33): a pivot before, the steps (each
    /// the box entered), a pivot after, in column of route or deployed,
    /// with a leader of its box going along.
    Move {
        unit: UnitIx,
        start: Option<Dir>,
        steps: Vec<Hex>,
        end: Option<Dir>,
        column: bool,
        leader: Option<LeaderIx>,
    },
    /// A cavalry charge (H26): the steps to the last box before the
    /// target, facing unchanged.
    Charge {
        unit: UnitIx,
        steps: Vec<Hex>,
        target: UnitIx,
    },
    /// Form square, or leave it facing `facing` (H32).
    Square {
        unit: UnitIx,
        form: bool,
        facing: Dir,
    },
    /// Rally instead of moving (H21).
    Rally {
        unit: UnitIx,
    },
    /// A leader moving alone (H23), box by box.
    MoveLeader {
        leader: LeaderIx,
        steps: Vec<Hex>,
    },
    /// The end of step 3 and of the player turn (H36 checked).
    EndTurn,
    /// Answers to a pending choice.
    Retreat {
        to: Hex,
    },
    Bayonet {
        advance: bool,
    },
    Respond {
        facing: Option<Dir>,
    },
    Retire {
        to: Hex,
    },
}

/// Where hits came from: only shots can drive a unit back (H18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Cause {
    Shot,
    Charge,
    Card,
    /// The extra hit of a blocked retreat (H8).
    Blocked,
}

/// What happens. `apply` is the only mutation of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// A player turn begins (H9).
    TurnBegan {
        turn: u32,
        side: u8,
    },
    /// A reinforcement arrives.
    Arrived {
        unit: UnitIx,
        at: Hex,
        facing: Dir,
    },
    /// A reinforcement finds every entry box held and waits.
    ArrivalDelayed {
        unit: UnitIx,
    },
    /// A leader arrives as a reinforcement at his entry box.
    LeaderArrived {
        leader: LeaderIx,
        at: Hex,
    },
    /// A leader's entry box is held by the enemy: he waits.
    LeaderDelayed {
        leader: LeaderIx,
    },
    /// A deck is shuffled (H38 at set-up, H43 when empty): the new order,
    /// top card last.
    Shuffled {
        side: u8,
        order: Vec<u16>,
    },
    CardDrawn {
        side: u8,
        card: u16,
    },
    /// Nothing left to draw (H43 `stop_drawing`).
    DeckEmpty {
        side: u8,
    },
    /// A card's number rolled (H39).
    AmountRolled {
        face: u32,
        amount: u32,
    },
    /// The card waits for its chooser (H40).
    CardChoiceAsked {
        card: u16,
        chooser: u8,
        amount: Option<u32>,
    },
    /// The card has nothing to act on.
    CardNoTarget,
    MayNotMove {
        units: Vec<UnitIx>,
    },
    LowAmmo {
        units: Vec<UnitIx>,
    },
    DoubleAction {
        unit: UnitIx,
        mode: DoubleMode,
    },
    DoubleDeclined,
    /// Step 2 or step 3 begins.
    ShootingBegan,
    MovementBegan,
    /// Simultaneous fire (H9 option): `side` takes `phase` of the game
    /// turn (the second side's card, either side's fire or move, the
    /// hits taking effect).
    StepBegan {
        side: u8,
        phase: Phase,
    },
    /// A held shot's hits take effect (H9 simultaneous fire).
    VolleyHits {
        unit: UnitIx,
        target: UnitIx,
        hits: u32,
    },
    /// One shot and its dice (H15-H17).
    Shot {
        unit: UnitIx,
        target: UnitIx,
        range: u32,
        dice: Vec<u32>,
        need: Option<u32>,
        hits: u32,
    },
    /// A die rerolled by a leader's ability (H25), after the roll it
    /// changes and before its hits take effect; `hits`: the roll's hits
    /// with the new die (absent in logs written before issue 35, whose
    /// roll event counted them after the reroll).
    Rerolled {
        leader: LeaderIx,
        unit: UnitIx,
        from: u32,
        to: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hits: Option<u32>,
    },
    Hits {
        unit: UnitIx,
        hits: u32,
        cause: Cause,
    },
    Recovered {
        unit: UnitIx,
        face: u32,
        hits: u32,
    },
    /// A reluctant unit's test (H22).
    Reluctant {
        unit: UnitIx,
        face: u32,
        hits_left: u32,
        passed: bool,
    },
    /// A unit's move: where it went, how it ends (H3, H4, H33), and
    /// whether it pivoted after its steps (H41: no charge may follow).
    Moved {
        unit: UnitIx,
        path: Vec<Hex>,
        facing: Dir,
        formation: Formation,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        end_pivot: bool,
    },
    LeaderMoved {
        leader: LeaderIx,
        to: Hex,
    },
    /// Square formed or left (H32).
    Formed {
        unit: UnitIx,
        formation: Formation,
        facing: Dir,
    },
    /// Line infantry turned to face a charge (H28).
    Faced {
        unit: UnitIx,
        facing: Dir,
    },
    /// A charge's path (H26).
    ChargeMoved {
        unit: UnitIx,
        target: UnitIx,
        path: Vec<Hex>,
    },
    /// A charge's dice (H27).
    ChargeRolled {
        unit: UnitIx,
        target: UnitIx,
        dice: Vec<u32>,
        need: Option<u32>,
        hits: u32,
    },
    Routed {
        unit: UnitIx,
    },
    /// A leader's risk roll (H24).
    LeaderRisk {
        leader: LeaderIx,
        faces: Vec<u32>,
        lost: bool,
    },
    Retreated {
        unit: UnitIx,
        to: Hex,
    },
    /// A retreat found no way out (H8).
    RetreatBlocked {
        unit: UnitIx,
    },
    /// A forced move into a vacated box: the bayonet advance (H19) or a
    /// charger following up (H29).
    Advanced {
        unit: UnitIx,
        to: Hex,
    },
    Rallied {
        unit: UnitIx,
        face: u32,
        regained: u32,
    },
    /// An impetuous unit must charge again, or is released (H30).
    Impetuous {
        unit: UnitIx,
        obliged: bool,
    },
    Asked {
        pending: Pending,
    },
    /// The first pending choice is answered.
    Answered,
    TurnEnded {
        side: u8,
    },
    GameEnded {
        winner: Option<u8>,
        reason: String,
    },
}

impl Event {
    /// The ruling the event applies.
    pub fn section(&self) -> &'static str {
        match self {
            Event::TurnBegan { .. } | Event::TurnEnded { .. } => "H9",
            Event::Arrived { .. }
            | Event::ArrivalDelayed { .. }
            | Event::LeaderArrived { .. }
            | Event::LeaderDelayed { .. } => "scenario",
            Event::Shuffled { .. } => "H38",
            Event::CardDrawn { .. } | Event::CardNoTarget => "H38",
            Event::DeckEmpty { .. } => "H43",
            Event::AmountRolled { .. } => "H39",
            Event::CardChoiceAsked { .. } => "H40",
            Event::MayNotMove { .. }
            | Event::LowAmmo { .. }
            | Event::DoubleAction { .. }
            | Event::DoubleDeclined
            | Event::Recovered { .. } => "H41",
            Event::ShootingBegan
            | Event::MovementBegan
            | Event::StepBegan { .. }
            | Event::VolleyHits { .. } => "H9",
            Event::Shot { .. } => "H15",
            Event::Rerolled { .. } => "H25",
            Event::Hits { cause, .. } => match cause {
                Cause::Shot => "H17",
                Cause::Charge => "H27",
                Cause::Card => "H41",
                Cause::Blocked => "H8",
            },
            Event::Reluctant { .. } => "H22",
            Event::Moved { .. } => "H3",
            Event::LeaderMoved { .. } => "H23",
            Event::Formed { .. } => "H32",
            Event::Faced { .. } => "H28",
            Event::ChargeMoved { .. } => "H26",
            Event::ChargeRolled { .. } => "H27",
            Event::Routed { .. } => "H20",
            Event::LeaderRisk { .. } => "H24",
            Event::Retreated { .. } | Event::RetreatBlocked { .. } => "H18",
            Event::Advanced { .. } => "H19",
            Event::Rallied { .. } => "H21",
            Event::Impetuous { .. } => "H30",
            Event::Asked { .. } | Event::Answered => "H11",
            Event::GameEnded { .. } => "H9",
        }
    }
}

/// The terse form with indices, for the command line and logs.
impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let boxes = |p: &[Hex]| {
            p.iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Event::TurnBegan { turn, side } => write!(f, "turn {turn}, side {side}'s player turn"),
            Event::Arrived { unit, at, facing } => {
                write!(f, "unit {unit} arrives at {at} facing {}", facing.name())
            }
            Event::ArrivalDelayed { unit } => write!(f, "unit {unit} waits: entry boxes held"),
            Event::LeaderArrived { leader, at } => write!(f, "leader {leader} arrives at {at}"),
            Event::LeaderDelayed { leader } => write!(f, "leader {leader} waits: entry box held"),
            Event::Shuffled { side, order } => {
                write!(
                    f,
                    "side {side}'s deck shuffled ({})",
                    crate::words::counted(order.len(), "card", "cards")
                )
            }
            Event::CardDrawn { side, card } => write!(f, "side {side} draws card {card}"),
            Event::DeckEmpty { side } => write!(f, "side {side}'s deck is empty"),
            Event::AmountRolled { face, amount } => {
                write!(f, "card number: rolled {face}, {amount}")
            }
            Event::CardChoiceAsked {
                chooser, amount, ..
            } => {
                write!(f, "side {chooser} chooses for the card ({amount:?})")
            }
            Event::CardNoTarget => write!(f, "the card has nothing to act on"),
            Event::MayNotMove { units } => write!(f, "units {units:?} may not move"),
            Event::LowAmmo { units } => write!(f, "units {units:?} may not fire"),
            Event::DoubleAction { unit, mode } => write!(f, "unit {unit}: double action {mode:?}"),
            Event::DoubleDeclined => write!(f, "double action declined"),
            Event::ShootingBegan => write!(f, "shooting"),
            Event::MovementBegan => write!(f, "movement"),
            Event::StepBegan { side, phase } => write!(f, "side {side}: {phase:?}"),
            Event::VolleyHits { unit, target, hits } => {
                write!(
                    f,
                    "unit {unit}'s {} on unit {target} take effect",
                    crate::words::counted(hits, "hit", "hits")
                )
            }
            Event::Shot {
                unit,
                target,
                range,
                dice,
                need,
                hits,
            } => write!(
                f,
                "unit {unit} shoots unit {target} at {range}: dice {dice:?} need {need:?}, {}",
                crate::words::counted(hits, "hit", "hits")
            ),
            Event::Rerolled {
                leader, from, to, ..
            } => {
                write!(f, "leader {leader} has a die rerolled: {from} to {to}")
            }
            Event::Hits { unit, hits, cause } => write!(f, "unit {unit} takes {hits} ({cause:?})"),
            Event::Recovered { unit, face, hits } => {
                write!(f, "unit {unit} recovers {hits} (rolled {face})")
            }
            Event::Reluctant {
                unit,
                face,
                hits_left,
                passed,
            } => write!(
                f,
                "unit {unit} reluctant: {face} against {hits_left}, {}",
                if *passed { "passes" } else { "fails" }
            ),
            Event::Moved {
                unit,
                path,
                facing,
                formation,
                ..
            } => write!(
                f,
                "unit {unit} moves [{}] facing {} {formation:?}",
                boxes(path),
                facing.name()
            ),
            Event::LeaderMoved { leader, to } => write!(f, "leader {leader} to {to}"),
            Event::Formed {
                unit,
                formation,
                facing,
            } => write!(f, "unit {unit} {formation:?} facing {}", facing.name()),
            Event::Faced { unit, facing } => write!(f, "unit {unit} faces {}", facing.name()),
            Event::ChargeMoved { unit, target, path } => {
                write!(f, "unit {unit} charges unit {target} via [{}]", boxes(path))
            }
            Event::ChargeRolled {
                unit,
                target,
                dice,
                need,
                hits,
            } => write!(
                f,
                "unit {unit} on unit {target}: dice {dice:?} need {need:?}, {}",
                crate::words::counted(hits, "hit", "hits")
            ),
            Event::Routed { unit } => write!(f, "unit {unit} routs"),
            Event::LeaderRisk {
                leader,
                faces,
                lost,
            } => write!(
                f,
                "leader {leader} risk {faces:?}: {}",
                if *lost { "lost" } else { "safe" }
            ),
            Event::Retreated { unit, to } => write!(f, "unit {unit} retreats to {to}"),
            Event::RetreatBlocked { unit } => write!(f, "unit {unit} cannot retreat"),
            Event::Advanced { unit, to } => write!(f, "unit {unit} advances into {to}"),
            Event::Rallied {
                unit,
                face,
                regained,
            } => write!(f, "unit {unit} rallies: rolled {face}, regains {regained}"),
            Event::Impetuous { unit, obliged } => {
                write!(f, "unit {unit} impetuous: must charge {obliged}")
            }
            Event::Asked { pending } => write!(f, "asked: {pending:?}"),
            Event::Answered => write!(f, "answered"),
            Event::TurnEnded { side } => write!(f, "side {side}'s player turn ends"),
            Event::GameEnded { winner, reason } => match winner {
                Some(w) => write!(f, "side {w} wins: {reason}"),
                None => write!(f, "draw: {reason}"),
            },
        }
    }
}

/// Why a command is refused; each message ends with its ruling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("not now: {0}")]
    NotNow(String),
    #[error("{0}")]
    Rule(String),
}

impl RuleError {
    pub fn rule(s: impl Into<String>) -> RuleError {
        RuleError::Rule(s.into())
    }
}
