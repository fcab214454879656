//! Commands, events and refusals of the 16-hits rules. Commands name
//! units and Generals by their scenario ids, so a game log and a file of
//! commands for `vedette play` read the same; events, which only the
//! engine writes, number them.

use super::board::{HexIx, UnitIx};
use crate::hex::{Dir, Hex};
use crate::rules::hits16::model::Formation;
use crate::scenario::UnitId;
use serde::{Deserialize, Serialize};

/// The phases of a player turn (M11), and the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Command,
    Movement,
    Shooting,
    HandToHand,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Command => "Command",
            Phase::Movement => "Movement",
            Phase::Shooting => "Shooting",
            Phase::HandToHand => "Hand to Hand",
            Phase::Over => "Over",
        }
    }
}

/// What a player (or, for a choice mid-turn, its owner) asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// M12: the General rolls to rally the unit.
    Rally { general: UnitId, unit: UnitId },
    /// M14-M19: pivot at the start (`start`), enter the hexes of `path`
    /// across front hexsides, pivot at the end (`end`).
    Move {
        unit: UnitId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<Dir>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        path: Vec<Hex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        end: Option<Dir>,
    },
    /// M47: a General's move.
    MoveGeneral { general: UnitId, path: Vec<Hex> },
    /// M9, M42: a formation change; `facing` only when leaving square.
    Form {
        unit: UnitId,
        formation: Formation,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facing: Option<Dir>,
    },
    /// M25-M30, M51: a charge along `path` (empty: already in contact);
    /// `facing` only with `charge_pivot_hexsides`.
    Charge {
        unit: UnitId,
        target: UnitId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        path: Vec<Hex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facing: Option<Dir>,
    },
    /// M34, M54: turn to face an opponent across a flank or the rear.
    TurnToFace { unit: UnitId, toward: UnitId },
    /// M20-M24.
    Shoot { unit: UnitId, target: UnitId },
    /// M31-M33: fight the combat of `unit` (the active player's) against
    /// `against`.
    Fight { unit: UnitId, against: UnitId },
    /// M35, M55: the owner's choice of where a unit withdraws.
    Withdraw { unit: UnitId, to: Hex },
    /// M13: the owner's choice of where a General goes.
    PlaceGeneral { general: UnitId, at: Hex },
    /// The end of the current phase.
    EndPhase,
}

/// Why hits were taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Shooting,
    HandToHand,
    /// Reforming behind a friend (M35).
    Disruption,
    /// A withdrawal blocked, with `blocked_withdrawal: stay_d3` (M35).
    Blocked,
}

/// The multipliers of a hit roll (M24, M32): halved, doubled once or
/// twice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factors {
    /// Cover (M24) or a hill (M32).
    pub half: bool,
    /// Artillery on a march column (M24), a flank or rear attack (M32).
    pub double: bool,
    /// A march column hit in hand to hand (M32).
    pub march: bool,
}

impl Factors {
    /// `total` multiplied, fractions up (in the roller's favour).
    pub fn apply(self, total: u32) -> u32 {
        let num = total * if self.double { 2 } else { 1 } * if self.march { 2 } else { 1 };
        let den = if self.half { 2 } else { 1 };
        num.div_ceil(den)
    }
}

/// A choice the owner of a piece must make mid-turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// M35: where the unit withdraws; each option with the friend it
    /// reforms behind, if any.
    Withdraw {
        unit: UnitIx,
        enemy: UnitIx,
        options: Vec<(HexIx, Option<UnitIx>)>,
    },
    /// M13: where the General goes.
    PlaceGeneral { general: u16, options: Vec<HexIx> },
}

/// What happens. Each names its line and ruling (`section`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
        side: u8,
    },
    PhaseBegan {
        phase: Phase,
    },
    Rallied {
        general: u16,
        unit: UnitIx,
        face: u32,
        recovered: u32,
    },
    GeneralLost {
        general: u16,
    },
    Moved {
        unit: UnitIx,
        path: Vec<HexIx>,
        facing: u8,
        march: bool,
        road: bool,
    },
    GeneralMoved {
        general: u16,
        path: Vec<HexIx>,
    },
    Formed {
        unit: UnitIx,
        formation: Formation,
        facing: u8,
    },
    Charged {
        unit: UnitIx,
        target: UnitIx,
        path: Vec<HexIx>,
        facing: u8,
    },
    TurnedToFace {
        unit: UnitIx,
        facing: u8,
    },
    Shot {
        unit: UnitIx,
        target: UnitIx,
        distance: u32,
        face: u32,
        modifier: i32,
        factors: Factors,
        hits: u32,
    },
    Fought {
        unit: UnitIx,
        against: UnitIx,
        face: u32,
        modifier: i32,
        factors: Factors,
        hits: u32,
    },
    /// Artillery (M30) or skirmishers (M53) contacted: eliminated without
    /// dice.
    Overrun {
        unit: UnitIx,
        by: UnitIx,
    },
    Hit {
        unit: UnitIx,
        hits: u32,
        cause: Cause,
        face: u32,
    },
    Eliminated {
        unit: UnitIx,
    },
    CombatEnded {
        attacker: UnitIx,
        defender: UnitIx,
    },
    Withdrew {
        unit: UnitIx,
        to: HexIx,
        facing: u8,
        behind: Option<UnitIx>,
    },
    WithdrawalBlocked {
        unit: UnitIx,
    },
    Asked {
        pending: Pending,
    },
    GeneralPlaced {
        general: u16,
        at: HexIx,
    },
    /// M13 with no friendly unit left to join.
    GeneralLeft {
        general: u16,
    },
    PlayerTurnEnded {
        side: u8,
    },
    GameEnded {
        winner: Option<u8>,
        reason: String,
    },
}

impl Event {
    /// The line and ruling the event applies.
    pub fn section(&self) -> &'static str {
        match self {
            Event::TurnBegan { .. } | Event::PhaseBegan { .. } => "L26-32, M11",
            Event::PlayerTurnEnded { .. } | Event::GameEnded { .. } => "M38, M56",
            Event::Rallied { .. } | Event::GeneralLost { .. } => "L33-34, M12",
            Event::Moved { .. } => "L41-57, M14-M19",
            Event::GeneralMoved { .. } => "L35, M47",
            Event::Formed { .. } => "L45, M9, M42",
            Event::Charged { .. } => "L60-65, M25-M30",
            Event::TurnedToFace { .. } => "L105, M34",
            Event::Shot { .. } => "L67-84, M20-M24",
            Event::Fought { .. } => "L89-100, M32",
            Event::Overrun { .. } => "L101, M30, M53",
            Event::Hit { cause, .. } => match cause {
                Cause::Shooting => "L77, M24",
                Cause::HandToHand => "L91, M32",
                Cause::Disruption | Cause::Blocked => "L103, M35",
            },
            Event::Eliminated { .. } => "L107, M36",
            Event::CombatEnded { .. } => "L103-104, M33",
            Event::Withdrew { .. } | Event::WithdrawalBlocked { .. } => "L103, M35, M55",
            Event::Asked { pending } => match pending {
                Pending::Withdraw { .. } => "L103, M35",
                Pending::PlaceGeneral { .. } => "L35, M13",
            },
            Event::GeneralPlaced { .. } | Event::GeneralLeft { .. } => "L35, M13",
        }
    }
}

/// What a refused geometric command shows on the map (M22, M27, M17...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// The hexes that forbid it (enemy units within the march ban, the
    /// hex entered, the protecting friend).
    Hexes(Vec<Hex>),
    /// The field (of fire, or of a charge's path) from a hex and facing.
    Field { from: Hex, facing: Dir },
    /// A line of fire and the hexes that block it, row by row.
    Line {
        from: Hex,
        to: Hex,
        blockers: Vec<Hex>,
    },
    /// A distance counted, hex by hex.
    Count { from: Hex, to: Hex, distance: u32 },
}

/// Why a command is refused: the sentence (ending with its line and
/// ruling), the ruling it cites, and what the table draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub ruling: &'static str,
    pub text: String,
    pub witness: Option<Witness>,
}

impl RuleError {
    pub fn new(ruling: &'static str, text: impl Into<String>) -> Self {
        RuleError {
            ruling,
            text: text.into(),
            witness: None,
        }
    }

    pub fn with(mut self, w: Witness) -> Self {
        self.witness = Some(w);
        self
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for RuleError {}

/// The terse form with indexes, for debugging and logs.
impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}
