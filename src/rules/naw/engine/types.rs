//! Commands players give, events the engine reports, and the reasons a
//! command is refused, each with the case of the rules it applies.

use crate::hex::Hex;
use crate::scenario::{CombatResult, Odds, SideId, UnitId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The two phases of a Player-Turn [3.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    Movement,
    Combat,
}

/// Everything a player can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// Move a unit along a path of adjacent hexes (its start excluded).
    Move {
        unit: UnitId,
        path: Vec<Hex>,
    },
    /// Move a unit to a hex by the cheapest legal path.
    MoveTo {
        unit: UnitId,
        to: Hex,
    },
    /// Bring a reinforcement onto the map at an entry hex [7.1].
    Enter {
        unit: UnitId,
        hex: Hex,
    },
    /// Take a unit off the map through an exit hex [8.3].
    Exit {
        unit: UnitId,
    },
    /// End the Movement Phase [4.0].
    EndMovement,
    /// Declare and resolve an attack [6.1]. `column` optionally names a
    /// lower odds column than the one the strengths give [6.2].
    Attack {
        attackers: Vec<UnitId>,
        bombarding: Vec<UnitId>,
        defenders: Vec<UnitId>,
        column: Option<Odds>,
    },
    /// Retreat the unit whose retreat is pending into a hex [6.4]; a hex
    /// held by a friendly unit displaces it [6.5].
    Retreat {
        unit: UnitId,
        to: Hex,
    },
    /// A bombarding artillery unit stays put instead of retreating [6.8].
    HoldPosition {
        unit: UnitId,
    },
    /// The attacker's units lost in an exchange [6.3].
    ChooseLosses {
        units: Vec<UnitId>,
    },
    /// Advance a victorious unit into a vacated hex [6.6].
    Advance {
        unit: UnitId,
        to: Hex,
    },
    DeclineAdvance,
    /// End the Combat Phase [6.0].
    EndCombat,
}

/// Why the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Outcome {
    Win {
        side: SideId,
        case: String,
        reason: String,
    },
    Draw {
        reason: String,
    },
}

/// Everything that happens. The game state changes only by applying these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    ChitsDrawn {
        chits: Vec<(SideId, u32)>,
    },
    PhaseBegan {
        turn: u32,
        side: SideId,
        phase: Phase,
    },
    Moved {
        unit: UnitId,
        path: Vec<Hex>,
        cost: u32,
    },
    Entered {
        unit: UnitId,
        hex: Hex,
        cost: u32,
    },
    Exited {
        unit: UnitId,
        from: Hex,
    },
    /// The Movement Phase ended; these must attack and be attacked [5.1].
    ObligationsFixed {
        must_attack: Vec<UnitId>,
        must_be_attacked: Vec<UnitId>,
    },
    AttackDeclared {
        attackers: Vec<UnitId>,
        bombarding: Vec<UnitId>,
        defenders: Vec<UnitId>,
        attack: u32,
        defence: u32,
        column: Odds,
    },
    DieRolled {
        roll: u32,
    },
    CombatResult {
        result: CombatResult,
    },
    Eliminated {
        unit: UnitId,
        strength: u32,
        case: String,
    },
    RetreatRequired {
        unit: UnitId,
        chooser: SideId,
        optional: bool,
        displaced: bool,
    },
    Retreated {
        unit: UnitId,
        from: Hex,
        to: Hex,
    },
    Held {
        unit: UnitId,
    },
    LossesRequired {
        side: SideId,
        at_least: u32,
    },
    LossesTaken {
        units: Vec<UnitId>,
    },
    AdvanceOffered {
        side: SideId,
        units: Vec<UnitId>,
        hexes: Vec<Hex>,
    },
    Advanced {
        unit: UnitId,
        from: Hex,
        to: Hex,
    },
    AdvanceDeclined,
    AttackFinished,
    Demoralized {
        side: SideId,
    },
    GameEnded {
        outcome: Outcome,
    },
}

impl Event {
    /// The rules case the event applies.
    pub fn case(&self) -> &'static str {
        match self {
            Event::ChitsDrawn { .. } => "9.0",
            Event::PhaseBegan { .. } => "3.0",
            Event::Moved { .. } => "4.1",
            Event::Entered { .. } => "7.1",
            Event::Exited { .. } => "8.3",
            Event::ObligationsFixed { .. } => "5.1",
            Event::AttackDeclared { .. } => "6.1",
            Event::DieRolled { .. } | Event::CombatResult { .. } => "6.3",
            Event::Eliminated { .. } => "6.3",
            Event::RetreatRequired { .. } | Event::Retreated { .. } => "6.4",
            Event::Held { .. } => "6.8",
            Event::LossesRequired { .. } | Event::LossesTaken { .. } => "6.3",
            Event::AdvanceOffered { .. } | Event::Advanced { .. } | Event::AdvanceDeclined => "6.6",
            Event::AttackFinished => "6.0",
            Event::Demoralized { .. } => "8.2",
            Event::GameEnded { .. } => "8.0",
        }
    }
}

fn ids(v: &[UnitId]) -> String {
    v.iter().map(|u| u.as_str()).collect::<Vec<_>>().join(", ")
}

fn path(v: &[Hex]) -> String {
    v.iter().map(|h| h.label()).collect::<Vec<_>>().join("-")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::ChitsDrawn { chits } => {
                write!(f, "variant chits drawn")?;
                for (s, c) in chits {
                    write!(f, " {s}:{c}")?;
                }
                Ok(())
            }
            Event::PhaseBegan { turn, side, phase } => {
                write!(f, "Game-Turn {turn}: {side} {phase:?} Phase")
            }
            Event::Moved {
                unit,
                path: p,
                cost,
            } => write!(f, "{unit} moves {} ({cost} MP)", path(p)),
            Event::Entered { unit, hex, cost } => write!(f, "{unit} enters at {hex} ({cost} MP)"),
            Event::Exited { unit, from } => write!(f, "{unit} exits the map from {from}"),
            Event::ObligationsFixed {
                must_attack,
                must_be_attacked,
            } => write!(
                f,
                "movement ends; must attack: [{}]; must be attacked: [{}]",
                ids(must_attack),
                ids(must_be_attacked)
            ),
            Event::AttackDeclared {
                attackers,
                bombarding,
                defenders,
                attack,
                defence,
                column,
            } => {
                write!(f, "attack by [{}]", ids(attackers))?;
                if !bombarding.is_empty() {
                    write!(f, " with bombardment by [{}]", ids(bombarding))?;
                }
                write!(
                    f,
                    " on [{}]: {attack} to {defence}, column {column}",
                    ids(defenders)
                )
            }
            Event::DieRolled { roll } => write!(f, "die roll {roll}"),
            Event::CombatResult { result } => {
                write!(f, "result {} ({})", result.code(), result.meaning())
            }
            Event::Eliminated { unit, strength, .. } => {
                write!(
                    f,
                    "{unit} eliminated ({strength} point{})",
                    if *strength == 1 { "" } else { "s" }
                )
            }
            Event::RetreatRequired {
                unit,
                chooser,
                optional,
                displaced,
            } => {
                if *displaced {
                    write!(
                        f,
                        "{unit} is displaced and must retreat ({chooser} chooses the hex)"
                    )
                } else if *optional {
                    write!(f, "{unit} may retreat ({chooser} chooses)")
                } else {
                    write!(f, "{unit} must retreat ({chooser} chooses the hex)")
                }
            }
            Event::Retreated { unit, from, to } => write!(f, "{unit} retreats {from}-{to}"),
            Event::Held { unit } => write!(f, "{unit} holds its position"),
            Event::LossesRequired { side, at_least } => {
                write!(
                    f,
                    "{side} must lose attacking units totalling at least {}",
                    crate::words::counted(at_least, "point", "points")
                )
            }
            Event::LossesTaken { units } => write!(f, "exchange losses: [{}]", ids(units)),
            Event::AdvanceOffered { side, units, hexes } => write!(
                f,
                "{side} may advance one of [{}] into {}",
                ids(units),
                path(hexes)
            ),
            Event::Advanced { unit, from, to } => write!(f, "{unit} advances {from}-{to}"),
            Event::AdvanceDeclined => write!(f, "no advance"),
            Event::AttackFinished => write!(f, "attack finished"),
            Event::Demoralized { side } => write!(f, "{side} is demoralized"),
            Event::GameEnded { outcome } => match outcome {
                Outcome::Win { side, reason, .. } => write!(f, "game over: {side} wins ({reason})"),
                Outcome::Draw { reason } => write!(f, "game over: draw ({reason})"),
            },
        }
    }
}

/// Why a command is refused. Each reason names the rules case that forbids
/// it; `Display` reads as a sentence ending with the case in brackets.
/// `Deserialize` lets the wording test build every refusal from its shape
/// (tests/wording.rs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Deserialize)]
pub enum RuleError {
    #[error("the game is over [8.0]")]
    GameOver,
    #[error("there is no unit {0}")]
    UnknownUnit(UnitId),
    #[error("{0} is not part of the map")]
    OffMap(Hex),
    #[error("not now: this is the {phase:?} Phase of {side} [3.0]")]
    WrongPhase { side: SideId, phase: Phase },
    #[error("{unit} belongs to {owner}, and it is {side}'s Player-Turn [4.0]")]
    NotYourUnit {
        unit: UnitId,
        owner: SideId,
        side: SideId,
    },
    #[error("{0} is not on the map")]
    NotOnMap(UnitId),
    #[error("may not move: {0} is in an enemy Zone of Control [4.5]")]
    InEnemyZoc(UnitId),
    #[error("may not move: {0} has already moved, and units move one at a time [4.0]")]
    AlreadyMoved(UnitId),
    #[error("may not move: {unit} would need {need} MP and has {left} left [4.1]")]
    NotEnoughMovement { unit: UnitId, need: u32, left: u32 },
    #[error("may not move: {from} and {to} are not adjacent [4.0]")]
    NotAdjacent { from: Hex, to: Hex },
    #[error(
        "may not enter {to} from {from}: woods are entered and left only across road hexsides [4.2]"
    )]
    WoodsWithoutRoad { from: Hex, to: Hex },
    #[error(
        "may not cross from {from} to {to}: a river runs between them with no bridge or ford, and the map's hexside effects forbid crossing it [4.2]"
    )]
    RiverWithoutCrossing { from: Hex, to: Hex },
    #[error("may not enter {0}: units may not leave the map [4.6]")]
    LeavesMap(Hex),
    #[error("may not enter {0}: its terrain is impassable [4.2]")]
    Impassable(Hex),
    #[error("may not enter {0}: it holds an enemy unit [4.3]")]
    EnemyOccupied(Hex),
    #[error("may not continue past {0}: entering an enemy Zone of Control stops a unit [4.5]")]
    StoppedByZoc(Hex),
    #[error(
        "{unit} may not stop on {hex}: a friendly unit is there and {unit} could not move on, and units may not end the Movement Phase stacked [4.4]"
    )]
    WouldStayStacked { unit: UnitId, hex: Hex },
    #[error(
        "{0} shares a hex with a friendly unit: move it (or the other unit) on before moving another unit [4.4]"
    )]
    MustUnstack(UnitId),
    #[error(
        "{unit} cannot reach {hex} this Movement Phase: too far, or only through enemy units, Zones of Control or woods off the roads [4.1]"
    )]
    OutOfReach { unit: UnitId, hex: Hex },
    #[error("an empty path does not move anything [4.0]")]
    EmptyPath,
    #[error("may not end the Movement Phase: {0} share a hex [4.4]")]
    Stacked(String),
    #[error("{0} is not a reinforcement available this Game-Turn [7.0]")]
    NotAvailable(UnitId),
    #[error("{hex} is not an entry hex of {unit} [7.0]")]
    NotEntryHex { unit: UnitId, hex: Hex },
    #[error("may not enter at {0}: it is enemy-occupied or in an enemy Zone of Control [7.2]")]
    EntryBlocked(Hex),
    #[error(
        "may not enter at {0}: a friendly unit is there, and reinforcements are never placed where they would end up stacked [7.2]"
    )]
    EntryWouldStack(Hex),
    #[error("{unit} may not exit: {reason} [8.3]")]
    CannotExit { unit: UnitId, reason: String },
    #[error("a decision is pending first: {0}")]
    Pending(String),
    #[error("an attack needs at least one attacker and one defender [6.1]")]
    EmptyAttack,
    #[error("{0} has already been involved in an attack this Combat Phase [5.2]")]
    AlreadyInvolved(UnitId),
    #[error("{0} is not an enemy unit [5.0]")]
    NotEnemy(UnitId),
    #[error(
        "{attacker} is not adjacent to {defender}: in a combined attack each attacker must be adjacent to every defender [5.4]"
    )]
    NotAdjacentToDefender { attacker: UnitId, defender: UnitId },
    #[error("{0} is not artillery: only artillery bombards [5.6]")]
    NotArtillery(UnitId),
    #[error("{0} may not bombard from an enemy Zone of Control [5.6]")]
    BombardFromZoc(UnitId),
    #[error(
        "{unit} is not two hexes from {defender}: bombardment is at a range of exactly two hexes [5.6]"
    )]
    BombardRange { unit: UnitId, defender: UnitId },
    #[error("{unit} has no line of sight to {defender}: the intervening hex blocks it [5.6]")]
    NoLineOfSight { unit: UnitId, defender: UnitId },
    #[error(
        "a bombardment without adjacent attackers may target only one enemy-occupied hex [5.7]"
    )]
    BombardOneHex,
    #[error(
        "column {wanted} is not lower than the attack's column {actual}: the attacker may only lower the odds [6.2]"
    )]
    NotLowerColumn { wanted: Odds, actual: Odds },
    #[error("{wanted} is not a column of the Combat Results Table [6.2]")]
    NoSuchColumn { wanted: Odds },
    #[error("this attack would leave {0} unable to make its required attack [5.1]")]
    StrandsAttacker(UnitId),
    #[error("after this attack the remaining required attacks could not all be made [5.1]")]
    ObligationsUnmeetable,
    #[error("may not end the Combat Phase: {0} [5.1]")]
    ObligationsUnmet(String),
    #[error("{unit} may not retreat to {to}: {reason} [6.4]")]
    BadRetreat {
        unit: UnitId,
        to: Hex,
        reason: String,
    },
    #[error("{unit} may not displace {other}: {reason} [6.5]")]
    BadDisplacement {
        unit: UnitId,
        other: UnitId,
        reason: String,
    },
    #[error("those losses are not allowed: {0} [6.3]")]
    BadLosses(String),
    #[error("{unit} may not advance to {to}: {reason} [6.6]")]
    BadAdvance {
        unit: UnitId,
        to: Hex,
        reason: String,
    },
    #[error("there is nothing to decide here [6.0]")]
    NothingPending,
}

impl RuleError {
    /// The case number the refusal cites, if any.
    pub fn case(&self) -> Option<String> {
        let s = self.to_string();
        let start = s.rfind('[')?;
        let end = s.rfind(']')?;
        (end > start).then(|| s[start + 1..end].to_string())
    }
}
