//! Commands, events and refusals of the *Napoleon* rules. Every event
//! names the section it applies ([`Event::section`]); every refusal ends
//! with its section ("may not turn: in an enemy zone of control
//! [3.7.2.8]").

use crate::hex::Hex;
use crate::scenario::UnitId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The step of the impulse being played [0.1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// A side declares its skirmish attacks [3.4.2].
    Skirmish { side: u8 },
    /// A side declares its guns' targets [3.5.3].
    Bombardment { side: u8 },
    /// A side's Maneuver & Combat phase [3.7].
    Maneuver { side: u8 },
    /// The game is over [4.1].
    Over,
}

/// The four results of a command check [3.7.1.1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Activation {
    Retreat,
    Static,
    Forward,
    Charge,
    /// The General's "Sauve qui peut!" [3.6.1 d] (N49): engaged units make
    /// a full move away and take a casualty point; no combat.
    SauveQuiPeut,
}

impl Activation {
    /// ≤0 Retreat!, 1-3 Static, 4-6 Forward!, ≥7 Charge! [3.7.1.1].
    pub fn of(total: i32) -> Activation {
        match total {
            i32::MIN..=0 => Activation::Retreat,
            1..=3 => Activation::Static,
            4..=6 => Activation::Forward,
            _ => Activation::Charge,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Activation::Retreat => "Retreat!",
            Activation::Static => "Static",
            Activation::Forward => "Forward!",
            Activation::Charge => "Charge!",
            Activation::SauveQuiPeut => "Sauve qui peut!",
        }
    }
}

/// The order in which an activation's combats are fought [3.7.3.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Direction {
    LeftToRight,
    RightToLeft,
}

/// What a player asks. Pieces (units, leaders `L:force`, Generals
/// `G:side`) are named by id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// A force of the declaring side makes a skirmish attack on an enemy
    /// force [3.4.2].
    Skirmish { force: String, target: String },
    /// The declaring side has no more skirmish attacks [3.4.2].
    EndSkirmish,
    /// A gun's target [3.5.3].
    Bombard { gun: UnitId, target: UnitId },
    /// The declaring side has declared its guns [3.5.1].
    EndBombardment,
    /// Take the force's command check [3.7.1].
    Activate { force: String },
    /// The General re-rolls the check just taken, spending an ADC [3.6.1 a].
    Reroll,
    /// The General activates a force in reserve, spending an ADC: Forward!
    /// without a check [3.6.1 c].
    ActivateReserve { force: String },
    /// The General rallies a force, spending an ADC [3.6.1 b].
    Rally { force: String },
    /// The General orders a force's engaged units away, spending an ADC, in
    /// place of its activation [3.6.1 d] (N49).
    SauveQuiPeut { force: String },
    /// The General moves, spending an ADC [3.6.1 e] [3.7.2.10.1].
    MoveGeneral { path: Vec<Hex> },
    /// A piece of the active force enters an adjacent hex [3.7.2.7].
    Step { piece: UnitId, to: Hex },
    /// A unit of the active force turns to face another hexside
    /// [3.7.2.8]; `facing` is the hexside index, 0-5 clockwise from the top.
    Turn { piece: UnitId, facing: u8 },
    /// A unit changes between line and column at the start of its move
    /// [3.8.2.1].
    Formation { piece: UnitId, column: bool },
    /// Takes back every move of the activation in progress: its pieces go
    /// back to where, and as, they stood when it began (N69: a player may
    /// take back moves until he ends the activation; no die has been
    /// rolled since).
    TakeBack,
    /// The active force's movement is over; its combats follow, fought in
    /// this direction [3.7.3.2].
    EndActivation { direction: Direction },
    /// The side's Maneuver & Combat phase is over [3.7].
    EndManeuver,
    /// A contacted gun (N76) or cavalry charged by infantry (N86) moves
    /// away to `to`, ending with `facing`; the owner of the evading piece
    /// chooses, from [`State::evasion_moves`](super::State::evasion_moves).
    Evade { piece: UnitId, to: Hex, facing: u8 },
    /// Cavalry charged by infantry stays to fight (N86).
    StandFast,
    /// The victorious cavalry pursues: it makes a new full move with Step
    /// and Turn, then [`Command::EndPursuit`] (N87).
    Pursue,
    /// The victorious cavalry does not pursue (N87).
    NoPursuit,
    /// The pursuit's move is over: the cavalry fights the enemy unit it
    /// now faces (N87).
    EndPursuit,
    /// A unit moving back after a melee, its rear-centre hex barred,
    /// enters this other rear hex; its owner chooses (N84).
    MoveBack { piece: UnitId, to: Hex },
    /// The attacker re-rolls its die after a failed attack on a vulnerable
    /// unit (N93 option `minus_one_and_reroll` or `both`, N108).
    RerollMelee,
    /// The attacker keeps the failed roll (N108).
    KeepMelee,
    /// A leader or General alone, contacted by the enemy, moves to `to`;
    /// his owner chooses, from [`State::officer_escapes`](super::State::officer_escapes) (N52).
    Flee { piece: UnitId, to: Hex },
    /// The replacement for a captured General is placed at `to`, from
    /// [`State::general_placements`](super::State::general_placements) (N52).
    PlaceGeneral { to: Hex },
}

/// Everything that happens; the state changes only by applying these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// A new turn: every General's ADCs are back [3.6.1] (N44).
    TurnBegan {
        turn: u32,
    },
    /// The initiative dice [3.3]; `ends_turn` when from the second impulse
    /// on their unmodified total is over 8 (N3).
    InitiativeRolled {
        impulse: u32,
        dice: [u32; 2],
        totals: [i32; 2],
        winner: u8,
        ends_turn: bool,
    },
    /// An impulse begins with the side holding initiative; forces engaged
    /// and units isolated are fixed for it (N53, N70).
    ImpulseBegan {
        impulse: u32,
        initiative: u8,
        engaged: Vec<u16>,
        isolated: Vec<u16>,
    },
    PhaseBegan {
        phase: Phase,
    },
    /// With forces alternating, the side activates no more forces this
    /// impulse (N2 option `alternate_forces`).
    ManeuverPassed {
        side: u8,
    },
    SkirmishDeclared {
        force: u16,
        target: u16,
    },
    /// A skirmish contest [3.4.3]; `loser` is under skirmishers' fire.
    SkirmishResolved {
        force: u16,
        target: u16,
        powers: [u32; 2],
        loser: Option<u16>,
    },
    BombardDeclared {
        gun: u16,
        target: u16,
    },
    /// All guns on one target roll together [3.5.3][3.5.4].
    Bombarded {
        target: u16,
        guns: Vec<u16>,
        dice: Vec<u32>,
        hits: u32,
    },
    /// A town's defenders save casualty points [3.8.1.3] (N88, N43).
    Saves {
        piece: u16,
        dice: Vec<u32>,
        saved: u32,
    },
    /// Casualty points taken [3.7.3.3]; `total` after them.
    Casualties {
        piece: u16,
        points: u32,
        total: u32,
    },
    Eliminated {
        piece: u16,
    },
    /// The leader-loss roll [3.6.2] (N51): on 6 the leader falls and a -1
    /// leader takes his place.
    LeaderLossRolled {
        force: u16,
        roll: u32,
        lost: bool,
    },
    /// A command check [3.7.1]: the die, each modifier, the result.
    CommandChecked {
        force: u16,
        roll: u32,
        modifiers: Vec<(String, i32)>,
        total: i32,
        result: Activation,
    },
    /// An ADC spent for a special action [3.6.1].
    AdcSpent {
        side: u8,
        left: u32,
    },
    /// A force activated without a check: Forward! [3.6.1 c].
    ReserveActivated {
        force: u16,
    },
    Rallied {
        force: u16,
        pieces: Vec<u16>,
    },
    /// "Sauve qui peut!": these units (within 3 hexes of the enemy) must
    /// move away [3.6.1 d] (N49).
    SauveQuiPeutOrdered {
        force: u16,
        units: Vec<u16>,
    },
    GeneralMoved {
        side: u8,
        path: Vec<Hex>,
    },
    Stepped {
        piece: u16,
        from: Hex,
        to: Hex,
        backward: bool,
    },
    Turned {
        piece: u16,
        facing: u8,
    },
    FormationChanged {
        piece: u16,
        column: bool,
    },
    /// The activation's moves taken back: each piece's hex, facing and
    /// formation as it began (N69).
    MovesTakenBack {
        pieces: Vec<(u16, Hex, u8, bool)>,
    },
    /// An activation's movement ended [3.7.1.1].
    MovementEnded {
        force: u16,
    },
    /// An attached gun fires at a unit charging its host [3.7.2.9.2].
    DefensiveFire {
        gun: u16,
        at: u16,
        roll: u32,
        hit: bool,
    },
    /// A one-to-one melee [3.7.3.2], with each side's roll, every modifier
    /// and the total.
    Melee {
        attacker: u16,
        defender: u16,
        rolls: [u32; 2],
        modifiers: [Vec<(String, i32)>; 2],
        totals: [i32; 2],
    },
    /// A unit moves one hex back after a melee [3.7.3.2] (N84).
    MovedBack {
        piece: u16,
        from: Hex,
        to: Hex,
        facing: u8,
    },
    /// The attack on a vulnerable unit failed: the attacker may re-roll
    /// its die once (N108).
    MeleeRerollOffered {
        attacker: u16,
        defender: u16,
        rolls: [u32; 2],
    },
    /// The attacker's new die, and the totals with it (N108).
    MeleeRerolled {
        attacker: u16,
        roll: u32,
        totals: [i32; 2],
    },
    MeleeRerollDeclined {
        attacker: u16,
    },
    /// The loser's rear-centre hex is barred and two other rear hexes
    /// are open: its owner picks one (N84). `defender`: it was attacked
    /// (the attacker may pursue once it has moved).
    MoveBackDue {
        piece: u16,
        fought: u16,
        defender: bool,
        options: Vec<Hex>,
    },
    /// Enemy infantry or cavalry ended a step next to a leader or General
    /// alone in his hex: his owner moves him away (N52).
    OfficerContacted {
        officer: u16,
        by: u16,
    },
    OfficerFled {
        officer: u16,
        to: Hex,
    },
    /// A contacted officer with nowhere to go is captured (N52).
    OfficerCaptured {
        officer: u16,
    },
    /// The captured General's replacement (command factor 1) waits to be
    /// placed by his owner (N52).
    GeneralPlacementDue {
        side: u8,
        by: u16,
    },
    GeneralPlaced {
        side: u8,
        to: Hex,
    },
    ActivationEnded {
        force: u16,
    },
    /// An active unit contacts an unattached gun [3.7.2.9.3] (N75): `hit`
    /// when the roll is 3+ and the mover is in the gun's front arc;
    /// `evades` when the roll reaches the evasion number.
    GunContacted {
        gun: u16,
        by: u16,
        roll: u32,
        hit: bool,
        evades: bool,
    },
    /// The piece must evade now; its owner picks where (N76).
    EvasionDue {
        piece: u16,
        from: u16,
        /// The host whose elimination in melee left the gun alone, when
        /// `from` attacked it and may pursue afterwards (N77 option
        /// `evasion_roll`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pursuit_of: Option<u16>,
    },
    /// Cavalry about to be fought by infantry may evade; its owner decides
    /// (N86).
    EvasionOffered {
        cavalry: u16,
        attacker: u16,
    },
    /// A piece evades along `path`, with its attached leader (N76, N86).
    Evaded {
        piece: u16,
        path: Vec<Hex>,
        facing: u8,
        with: Vec<u16>,
        /// A gun's evasion [3.7.2.9.3]; else cavalry's [3.7.3.4].
        gun: bool,
    },
    /// Cavalry offered evasion stays to fight (N86).
    StoodFast {
        piece: u16,
    },
    /// The activation's combats begin: the direction and the reference
    /// facing of the order (N80).
    CombatsBegan {
        force: u16,
        direction: Direction,
        reference: u8,
    },
    /// A unit attacks an enemy unit it faces [3.7.3] (N80); pursuit's
    /// charge too (N87).
    Fight {
        attacker: u16,
        defender: u16,
    },
    /// The attacking cavalry's defender left its hex: it may pursue (N87).
    PursuitOffered {
        cavalry: u16,
        fought: u16,
    },
    /// The cavalry pursues: a new full move (N87).
    PursuitBegan {
        cavalry: u16,
    },
    PursuitDeclined {
        cavalry: u16,
    },
    /// A leader replacing one who fell, his host gone, joins the nearest
    /// unit of his force (N51).
    LeaderPlaced {
        force: u16,
        to: Hex,
    },
    /// The break test of the Final Step [4.1] (N99).
    BreakTest {
        side: u8,
        roll: u32,
        beyond: u32,
        finished_turns: u32,
        locations: u32,
        total: i32,
    },
    GameOver {
        winner: Option<u8>,
        reason: String,
    },
}

impl Event {
    /// The section of the rules the event applies.
    pub fn section(&self) -> &'static str {
        match self {
            Event::TurnBegan { .. } => "3.6.1",
            Event::InitiativeRolled { .. } => "3.3",
            Event::ImpulseBegan { .. } => "3.7.2.2",
            Event::PhaseBegan { .. } => "0.1",
            Event::ManeuverPassed { .. } => "3.7",
            Event::SkirmishDeclared { .. } => "3.4.2",
            Event::SkirmishResolved { .. } => "3.4.3",
            Event::BombardDeclared { .. } => "3.5.3",
            Event::Bombarded { .. } => "3.5.4",
            Event::Saves { .. } => "3.8.1.3",
            Event::Casualties { .. } => "3.7.3.3",
            Event::Eliminated { .. } => "3.7.3.3",
            Event::LeaderLossRolled { .. } => "3.6.2",
            Event::CommandChecked { .. } => "3.7.1",
            Event::AdcSpent { .. } => "3.6.1",
            Event::ReserveActivated { .. } => "3.6.1",
            Event::Rallied { .. } => "3.6.1",
            Event::SauveQuiPeutOrdered { .. } => "3.6.1",
            Event::GeneralMoved { .. } => "3.7.2.10.1",
            Event::Stepped { .. } => "3.7.2.7",
            Event::Turned { .. } => "3.7.2.8",
            Event::FormationChanged { .. } => "3.8.2.1",
            Event::MovementEnded { .. } => "3.7.2.4",
            Event::MovesTakenBack { .. } => "3.7.2.4",
            Event::DefensiveFire { .. } => "3.7.2.9.2",
            Event::Melee { .. } => "3.7.3.2",
            Event::MovedBack { .. } | Event::MoveBackDue { .. } => "3.7.3.2",
            Event::MeleeRerollOffered { .. }
            | Event::MeleeRerolled { .. }
            | Event::MeleeRerollDeclined { .. } => "3.8.2.2",
            Event::ActivationEnded { .. } => "3.7.1.1",
            Event::GunContacted { .. } | Event::EvasionDue { .. } => "3.7.2.9.3",
            Event::EvasionOffered { .. } | Event::StoodFast { .. } => "3.7.3.4",
            Event::Evaded { gun: true, .. } => "3.7.2.9.3",
            Event::Evaded { .. } => "3.7.3.4",
            Event::CombatsBegan { .. } | Event::Fight { .. } => "3.7.3.2",
            Event::PursuitOffered { .. }
            | Event::PursuitBegan { .. }
            | Event::PursuitDeclined { .. } => "3.7.3.4",
            Event::LeaderPlaced { .. } => "3.6.2",
            Event::OfficerContacted { .. }
            | Event::OfficerFled { .. }
            | Event::OfficerCaptured { .. }
            | Event::GeneralPlacementDue { .. }
            | Event::GeneralPlaced { .. } => "N52",
            Event::BreakTest { .. } => "4.1",
            Event::GameOver { .. } => "4.1",
        }
    }
}

/// The event without the board's names (pieces and forces by index): for
/// debugging; the log uses [`super::sentence`].
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::TurnBegan { turn } => write!(f, "turn {turn} begins, ADCs restored"),
            Event::InitiativeRolled {
                impulse,
                dice,
                totals,
                winner,
                ends_turn,
            } => {
                if *ends_turn {
                    write!(
                        f,
                        "impulse {impulse}: initiative dice {dice:?} total over 8: the turn ends"
                    )
                } else {
                    write!(
                        f,
                        "impulse {impulse}: initiative {totals:?} (dice {dice:?}), side {winner} has it"
                    )
                }
            }
            Event::ImpulseBegan {
                impulse,
                initiative,
                engaged,
                isolated,
            } => write!(
                f,
                "impulse {impulse} begins, side {initiative} first; engaged forces {engaged:?}, isolated {isolated:?}"
            ),
            Event::PhaseBegan { phase } => write!(f, "{phase:?}"),
            Event::ManeuverPassed { side } => write!(f, "side {side} passes"),
            Event::SkirmishDeclared { force, target } => {
                write!(f, "force {force} skirmishes against force {target}")
            }
            Event::SkirmishResolved {
                force,
                target,
                powers,
                loser,
            } => write!(
                f,
                "skirmish {force} on {target}: powers {powers:?}, under fire {loser:?}"
            ),
            Event::BombardDeclared { gun, target } => write!(f, "gun {gun} targets {target}"),
            Event::Bombarded {
                target,
                guns,
                dice,
                hits,
            } => write!(
                f,
                "guns {guns:?} bombard {target}: dice {dice:?}, {}",
                crate::words::counted(hits, "hit", "hits")
            ),
            Event::Saves { piece, dice, saved } => {
                write!(f, "{piece} in its town saves {saved} (rolled {dice:?})")
            }
            Event::Casualties {
                piece,
                points,
                total,
            } => write!(
                f,
                "{piece} takes {} ({total} in all)",
                crate::words::counted(points, "casualty point", "casualty points")
            ),
            Event::Eliminated { piece } => write!(f, "{piece} eliminated"),
            Event::LeaderLossRolled { force, roll, lost } => write!(
                f,
                "leader-loss roll for force {force}: {roll}{}",
                if *lost { ", the leader falls" } else { "" }
            ),
            Event::CommandChecked {
                force,
                roll,
                modifiers,
                total,
                result,
            } => write!(
                f,
                "force {force} command check: {roll} {modifiers:?} = {total}: {}",
                result.name()
            ),
            Event::AdcSpent { side, left } => write!(f, "side {side} spends an ADC, {left} left"),
            Event::ReserveActivated { force } => write!(f, "force {force} activated from reserve"),
            Event::Rallied { force, pieces } => write!(f, "force {force} rallies {pieces:?}"),
            Event::SauveQuiPeutOrdered { force, units } => {
                write!(f, "sauve qui peut! for force {force}: {units:?} fall back")
            }
            Event::GeneralMoved { side, path } => {
                write!(f, "General of side {side} moves {path:?}")
            }
            Event::Stepped {
                piece,
                from,
                to,
                backward,
            } => write!(
                f,
                "{piece} {}{from} to {to}",
                if *backward {
                    "steps back from "
                } else {
                    "moves from "
                }
            ),
            Event::Turned { piece, facing } => write!(f, "{piece} turns to hexside {facing}"),
            Event::FormationChanged { piece, column } => write!(
                f,
                "{piece} forms {}",
                if *column { "column" } else { "line" }
            ),
            Event::MovementEnded { force } => write!(f, "force {force} ends its movement"),
            Event::MovesTakenBack { pieces } => write!(f, "moves taken back: {pieces:?}"),
            Event::DefensiveFire { gun, at, roll, hit } => write!(
                f,
                "gun {gun} fires at {at}: {roll}{}",
                if *hit { ", a hit" } else { "" }
            ),
            Event::Melee {
                attacker,
                defender,
                rolls,
                totals,
                ..
            } => write!(
                f,
                "melee {attacker} on {defender}: rolls {rolls:?}, totals {totals:?}"
            ),
            Event::MovedBack {
                piece, from, to, ..
            } => {
                write!(f, "{piece} moves back from {from} to {to}")
            }
            Event::MeleeRerollOffered { attacker, .. } => {
                write!(f, "{attacker} may re-roll its attack")
            }
            Event::MeleeRerolled {
                attacker,
                roll,
                totals,
            } => {
                write!(f, "{attacker} re-rolls {roll}: totals {totals:?}")
            }
            Event::MeleeRerollDeclined { attacker } => write!(f, "{attacker} keeps its roll"),
            Event::MoveBackDue { piece, options, .. } => {
                write!(f, "{piece} must move back to one of {options:?}")
            }
            Event::OfficerContacted { officer, by } => {
                write!(f, "{by} contacts officer {officer}, who must move away")
            }
            Event::OfficerFled { officer, to } => write!(f, "officer {officer} moves away to {to}"),
            Event::OfficerCaptured { officer } => write!(f, "officer {officer} is captured"),
            Event::GeneralPlacementDue { side, .. } => {
                write!(f, "side {side}'s new General waits to be placed")
            }
            Event::GeneralPlaced { side, to } => {
                write!(f, "side {side}'s new General is placed at {to}")
            }
            Event::ActivationEnded { force } => write!(f, "force {force}'s activation ends"),
            Event::GunContacted {
                gun,
                by,
                roll,
                hit,
                evades,
            } => write!(
                f,
                "{by} contacts gun {gun}: {roll}{}, {}",
                if *hit { ", the mover is hit" } else { "" },
                if *evades {
                    "it evades"
                } else {
                    "it is overrun"
                }
            ),
            Event::EvasionDue { piece, from, .. } => write!(f, "{piece} must evade from {from}"),
            Event::EvasionOffered { cavalry, attacker } => {
                write!(f, "{cavalry} may evade {attacker}")
            }
            Event::Evaded { piece, path, .. } => write!(f, "{piece} evades by {path:?}"),
            Event::StoodFast { piece } => write!(f, "{piece} stands"),
            Event::CombatsBegan {
                force, direction, ..
            } => write!(f, "force {force} fights {direction:?}"),
            Event::Fight { attacker, defender } => write!(f, "{attacker} attacks {defender}"),
            Event::PursuitOffered { cavalry, .. } => write!(f, "{cavalry} may pursue"),
            Event::PursuitBegan { cavalry } => write!(f, "{cavalry} pursues"),
            Event::PursuitDeclined { cavalry } => write!(f, "{cavalry} does not pursue"),
            Event::LeaderPlaced { force, to } => {
                write!(f, "the new leader of force {force} joins its unit on {to}")
            }
            Event::BreakTest {
                side,
                roll,
                beyond,
                finished_turns,
                locations,
                total,
            } => write!(
                f,
                "side {side} break test: {roll} - {beyond} - {finished_turns} + {locations} = {total}"
            ),
            Event::GameOver { winner, reason } => match winner {
                Some(s) => write!(f, "side {s} wins: {reason}"),
                None => write!(f, "draw: {reason}"),
            },
        }
    }
}

/// Why a command is refused. `Display` ends with the section.
/// `Deserialize` lets the wording test build every refusal from its shape
/// (tests/wording.rs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Deserialize)]
pub enum RuleError {
    #[error("the game is over [4.1]")]
    GameOver,
    #[error("not now: {0}")]
    WrongPhase(&'static str),
    #[error("no piece {0}")]
    UnknownPiece(UnitId),
    #[error("no force \"{0}\"")]
    UnknownForce(String),
    #[error("{0} is not on the map")]
    OffMap(Hex),
    #[error("{0} belongs to the other side, whose turn it is not [3.7] (N2)")]
    NotYours(String),
    #[error(
        "force \"{0}\" may not skirmish: no skirmishers within range of a unit of the target, or no skirmish power [3.4.1] [3.4.2]"
    )]
    NoSkirmishers(String),
    #[error("force \"{0}\" may not be a skirmish target: it has no infantry [3.4.5]")]
    NotASkirmishTarget(String),
    #[error("force \"{0}\" has already declared its skirmish attack, or is under attack [3.4.2]")]
    SkirmishTaken(String),
    #[error("{gun} may not fire at {target}: {why} [3.5.2] [3.5.3]")]
    NotATarget {
        gun: UnitId,
        target: UnitId,
        why: &'static str,
    },
    #[error("{0} still has a target and must fire [3.5.1] (N40)")]
    GunMustFire(UnitId),
    #[error("force \"{0}\" has already been activated this impulse [3.7.1.1] (N57)")]
    AlreadyActivated(String),
    #[error("force \"{0}\" is engaged and must take its command check first [3.7] (N54)")]
    MustActivate(String),
    #[error("finish the activation of force \"{0}\" first [3.7.1.1]")]
    ActivationOpen(String),
    #[error("nothing has moved in this activation [3.7.2.4]")]
    NothingToTakeBack,
    #[error("no activation in progress [3.7.1]")]
    NoActivation,
    #[error("no ADC left this turn [3.6.1]")]
    NoAdc,
    #[error("the leader of force \"{0}\" is farther than 5 hexes from the General [3.6.1]")]
    LeaderOutOfReach(String),
    #[error("only a check just taken, before anything moves, may be re-rolled [3.6.1 a] (N46)")]
    NoReroll,
    #[error("force \"{0}\" has a unit within 3 hexes of the enemy: not in reserve [3.6.1 c]")]
    NotInReserve(String),
    #[error("force \"{0}\" has no unit within 3 hexes of the enemy to save [3.6.1 d] (N49)")]
    NothingToSave(String),
    #[error("force \"{0}\" has been rallied this impulse [3.6.1 b] (N47)")]
    AlreadyRallied(String),
    #[error("{0} is not of the active force [3.7]")]
    NotActive(UnitId),
    #[error("force \"{0}\" is Static: none of its units may move [3.7.1.1]")]
    Static(String),
    #[error("{0} is not adjacent [3.7.2.7]")]
    NotAdjacent(Hex),
    #[error("{piece} may not move: {why} [3.7.2.7]")]
    CannotMove { piece: UnitId, why: &'static str },
    #[error("{piece} may not enter {hex}: {why} [{section}]")]
    CannotEnter {
        piece: UnitId,
        hex: Hex,
        why: &'static str,
        section: &'static str,
    },
    #[error("{0} does not have the movement points left [3.7.2.7]")]
    NoMovementLeft(UnitId),
    #[error("{piece} may not turn: {why} [3.7.2.8]")]
    CannotTurn { piece: UnitId, why: &'static str },
    #[error("{piece} may not change formation: {why} [3.8.2.1]")]
    CannotChangeFormation { piece: UnitId, why: &'static str },
    #[error("{piece} has not finished its Charge!: {why} [3.7.1.1]")]
    ChargeOwed { piece: UnitId, why: String },
    #[error("force \"{force}\" may not end its movement: {why} [{section}]")]
    CannotEndMovement {
        force: String,
        why: String,
        section: &'static str,
    },
    #[error("force \"{0}\" is engaged and has not been activated [3.7] (N54)")]
    EngagedNotActivated(String),
    #[error("the General may not move there: {0} [3.7.2.10.1] (N50)")]
    GeneralCannotMove(&'static str),
    #[error("first, {0}")]
    Waiting(String),
    #[error("{piece} may not evade to {hex} facing {facing}: {why} [{section}]")]
    CannotEvade {
        piece: UnitId,
        hex: Hex,
        facing: u8,
        why: &'static str,
        section: &'static str,
    },
    #[error("no choice of that kind is waiting [{0}]")]
    NotWaiting(&'static str),
    #[error("the pursuit may not end here: {0} [3.7.3.4] (N87)")]
    CannotEndPursuit(&'static str),
    #[error(
        "{piece} may not move back to {hex}: not the rear-centre hex, or barred, or next to the enemy it fought [3.7.3.2] (N84)"
    )]
    CannotMoveBack { piece: UnitId, hex: Hex },
    #[error(
        "{piece} may not go to {hex}: within his allowance, through hexes free of the enemy, not next to an enemy unit, joining a unit of his force when one is in reach [N52]"
    )]
    CannotFlee { piece: UnitId, hex: Hex },
    #[error(
        "the new General may not be placed at {0}: an empty hex within 5 hexes of a friendly leader, not next to an enemy unit [N52]"
    )]
    CannotPlaceGeneral(Hex),
    #[error("a die has been rolled since: moves before it stand [3.7.2.9.3] (N69)")]
    DiceRolledSince,
}
