//! The rule-set contract: what every rule set gives the shared machinery
//! (`Game`, the log and `replay`, `play::Session`, `sim`, and `vedette
//! play/replay/simulate`), which are generic over it. Its computer players
//! come through `ai::Computer`, the second half of the contract.
//!
//! A rule set is a type implementing [`Rules`] (a unit struct: the rule
//! set is its types and functions, not a value). It plugs in at exactly one
//! place, `crate::rules`, which maps a scenario's `RuleSet` to it.
//! The shape follows OpenSpiel's game/state split: a `Board` built once
//! from a validated scenario (shared by every game of a batch), a `State`
//! that holds a game's position, and chance only through the `Dice`
//! handed in, so a game is a pure function of scenario, seed, setup and
//! commands.
//!
//! Nothing here assumes the game starts with every unit on the map: a
//! rule set may open with a set-up phase played through the same commands
//! and log (deployment is just more commands).

use super::Dice;
use crate::scenario::{Map, Scenario};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::sync::Arc;

/// How a game ended, in the words every rule set shares: the batch
/// runner's statistics, the playtest's game-over window and the command
/// line read this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Side `side` (0 or 1, the scenario's side order) won, by the rule of
    /// `section`, for `reason`.
    Win {
        side: u8,
        section: String,
        reason: String,
    },
    /// Nobody won.
    Draw { section: String, reason: String },
}

/// A unit lost in the game: where, whose, how much it was worth, when.
/// The batch runner draws losses by hex from these.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lost {
    pub hex: crate::hex::Hex,
    pub side: u8,
    pub strength: u32,
    pub turn: u32,
}

/// Per-side counts the batch runner reports for every rule set. A rule
/// set fills what it has and leaves the rest zero or false.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallies {
    /// The game turn reached.
    pub turn: u32,
    /// What each side has lost, in the rule set's measure of loss
    /// (strength points, eliminated units).
    pub losses: [u32; 2],
    /// Units each side has moved off the map to win.
    pub exited: [u32; 2],
    /// Whether each side's army is demoralized or past its break point.
    pub demoralized: [bool; 2],
    /// The variant chits drawn, when the rule set has them.
    pub chits: Option<[u32; 2]>,
    /// Counts only this rule set keeps, per game (impulses played, break
    /// tests failed...): a batch reports each one's mean and spread.
    pub counters: Vec<Counter>,
}

/// One rule-set-specific count of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    /// What is counted ("impulses played", "break tests failed").
    pub name: &'static str,
    /// Whose: a side, or none for the game as a whole.
    pub side: Option<u8>,
    pub value: u32,
}

/// The kinds of computer player, as named on the command line. Every rule
/// set offers each kind (its best player may be its random one while it is
/// young: `ai::Computer::heuristic` says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Random,
    Heuristic,
    /// The search player (`ai::search`), with its budget in playouts per
    /// turn.
    Search {
        budget: u32,
    },
    /// The flat Monte Carlo player (`ai::montecarlo`), with its budget in
    /// milliseconds of the reference machine's CPU a decision.
    #[serde(rename = "mc")]
    MonteCarlo {
        ms: u32,
    },
}

/// What the batch report needs to know of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchScale {
    pub sides: [String; 2],
    /// The most each side can lose (the histogram's range).
    pub loss_limits: [u32; 2],
    /// The loss at which each side is beaten or must test (the report's
    /// "threshold").
    pub thresholds: [u32; 2],
    /// What losses are counted in ("strength points", "units").
    pub loss_unit: &'static str,
    /// The game's length in turns (0: no limit).
    pub turns: u32,
    /// Whether the scenario has a variant to draw.
    pub variant: bool,
}

/// A short game `vedette play --help` shows for a rule set: a shipped
/// scenario, a seed and commands that play on it (a test plays each).
#[derive(Clone, Copy, Debug)]
pub struct PlayExample {
    pub scenario: &'static str,
    pub seed: u64,
    pub commands: &'static str,
}

/// One rule set. The associated functions are the whole interface the
/// shared machinery uses; everything else a rule set offers (reachable
/// hexes, odds, arcs) its own playtest table and computer players ask it
/// directly.
pub trait Rules: Sized + Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The name logs record (`rules: "napoleon_at_waterloo"`), in
    /// snake_case as the scenario format spells the rule set.
    const NAME: &'static str;
    /// The name players read.
    const TITLE: &'static str;

    /// What `vedette play --help` shows of this rule set's commands.
    const PLAY_EXAMPLE: PlayExample;

    /// The static context built once from a validated scenario.
    type Board: Debug + Send + Sync;
    /// A game's position.
    type State: Clone + Debug + Send + Sync;
    /// What a player (or the rules, for an owner's choice mid-turn) asks.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What happens; each names the section it applies. `Display` is the
    /// terse form with ids, for the command line and logs.
    type Event: Clone
        + Debug
        + std::fmt::Display
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// Why a command is refused; `Display` ends with the section.
    type Refusal: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why a scenario cannot be played with these rules.
    type SetupError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// How a game starts beyond its seed (Napoleon at Waterloo: the
    /// variant chits). Recorded in the log.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Positions kept before a command that may eliminate units, so the
    /// batch runner can say where they fell.
    type Watch: Default + Send;

    /// Builds the board; refuses a scenario these rules cannot play.
    fn board(scenario: &Scenario, map: &Map) -> Result<Self::Board, Self::SetupError>;
    /// The board a state plays on.
    fn board_of(state: &Self::State) -> &Arc<Self::Board>;
    /// The setup a batch game uses (`variant`: draw the variant, if any).
    fn batch_setup(variant: bool) -> Self::Setup;
    /// Reads a setup from the command line (`--variant`).
    fn parse_setup(text: &str) -> Result<Self::Setup, String>;
    /// The position before the setup's events: applying the events
    /// `start` gives to it, in order, gives `start`'s position (so each
    /// setup event can be shown with the phase it happened in).
    fn initial(board: &Arc<Self::Board>) -> Self::State;
    /// The starting position and the events of setting it up (dice drawn
    /// for the setup come from `dice`, before any command).
    fn start(
        board: &Arc<Self::Board>,
        setup: &Self::Setup,
        dice: &mut Dice,
    ) -> (Self::State, Vec<Self::Event>);

    /// Reads a file of commands as a person writes them for `vedette
    /// play` (units and forces by the scenario's ids and names; a rule set
    /// whose engine numbers them resolves them here, keeping its numbers
    /// readable for old logs).
    fn parse_commands(
        board: &Self::Board,
        text: &str,
        origin: &str,
    ) -> Result<Vec<Self::Command>, crate::scenario::LoadError> {
        let _ = board;
        crate::scenario::from_ron(text, origin)
    }

    /// Whether the command is legal now. Pure.
    fn check(state: &Self::State, cmd: &Self::Command) -> Result<(), Self::Refusal>;
    /// Checks, then produces the command's events, applying each as it is
    /// produced; on refusal the state is unchanged.
    fn execute(
        state: &mut Self::State,
        cmd: &Self::Command,
        dice: &mut Dice,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// The only mutation of a state.
    fn apply(state: &mut Self::State, event: &Self::Event);
    /// Every command legal now, up to its outcome: for any command `check`
    /// accepts, one listed leads to the same position (a move is listed by
    /// one path to each end and facing), except for the kinds named in
    /// [`Rules::LEGAL_LEAVES_OUT`]. Every listed command passes `check`.
    /// For the random player, the tests and anything searching the game.
    fn legal_commands(state: &Self::State) -> Vec<Self::Command>;
    /// The kinds of command (as [`Rules::command_name`] names them) of
    /// which `legal_commands` lists only a representative set, each with
    /// what it leaves out; empty when the list is complete up to outcome
    /// (`rulesets` tests it against the heuristic players' choices).
    const LEGAL_LEAVES_OUT: &'static [(&'static str, &'static str)] = &[];
    /// The side (0 or 1) that must act now, including the other side's
    /// choices mid-turn (retreats, evasions).
    fn to_act(state: &Self::State) -> u8;
    /// The side whose part of the game turn it is (its player-turn),
    /// which the other side may act in only to answer (a retreat, a
    /// withdrawal, a card choice); `None` where both sides share every
    /// part of a turn (Napoleon's impulses, forces alternating). The
    /// search player plans once per part it owns.
    fn phasing(_state: &Self::State) -> Option<u8> {
        None
    }
    /// How the game ended, if it has.
    fn outcome(state: &Self::State) -> Option<GameEnd>;
    /// The counts the batch runner reports.
    fn tallies(state: &Self::State) -> Tallies;
    /// What the batch report needs of the board.
    fn batch_scale(board: &Self::Board) -> BatchScale;

    /// The numbers of a scenario a sensitivity study varies by default:
    /// the rule set's Vedette defaults and the scenario numbers it plays
    /// by (`vedette sensitivity`; a designer may tick others by path).
    fn sensitivity_numbers(
        _scenario: &crate::scenario::Scenario,
    ) -> Vec<crate::scenario::numbers::Knob> {
        Vec::new()
    }

    /// A side's name (0 or 1).
    fn side_name(board: &Self::Board, side: u8) -> String;
    /// Where the game is, short ("T3 French Movement").
    fn position_label(state: &Self::State) -> String;
    /// The event as a player reads it.
    fn event_sentence(board: &Self::Board, event: &Self::Event) -> String;
    /// The section (case, rule) the event applies.
    fn event_section(event: &Self::Event) -> String;
    /// The refusal as a player reads it (units by name), section included.
    fn refusal_sentence(board: &Self::Board, refusal: &Self::Refusal) -> String;
    /// The command's name in the words of the rules ("a move").
    fn command_name(cmd: &Self::Command) -> &'static str;
    /// A few lines on the state of the game (losses, thresholds, result).
    fn summary(state: &Self::State) -> String;
    /// Whether the last command, `cmd`, may be taken back in `state` (the
    /// state after it): no die was rolled and the rules allow it.
    fn undoable(state: &Self::State, cmd: &Self::Command) -> bool;
    /// What "take back" is limited to, for the refusal.
    const UNDO_LIMIT: &'static str;

    /// Whether the next command may eliminate units (then `watch` is taken
    /// before it and `losses` after).
    fn may_eliminate(state: &Self::State) -> bool;
    fn watch(state: &Self::State, into: &mut Self::Watch);
    /// The units eliminated by `events`, with the hexes they held before.
    fn losses(state: &Self::State, before: &Self::Watch, events: &[Self::Event]) -> Vec<Lost>;
}
