//! The rules engine: a `Game` is a rule set's state plus its dice and
//! history. Every action is a command that is checked, then executed into
//! events; state changes only by applying events. Same scenario, seed,
//! chits and commands give the same events, byte for byte.
//!
//! Rule sets live in their own modules (`naw` for Napoleon at Waterloo);
//! the dice, the game loop and the replay log here are shared.

pub mod dice;
pub mod naw;

pub use dice::Dice;

use crate::scenario::{Map, Scenario, SideId, scenario_to_ron};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How the variant chits are chosen when a game starts [9.0].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VariantSetup {
    /// Play without the variant.
    Off,
    /// Each side draws a chit 1-6 from the game's dice.
    Drawn,
    /// Chits set by hand (for playtesting a given case): first side, second.
    Fixed(u32, u32),
}

/// A game of Napoleon at Waterloo: state, dice and the commands so far.
#[derive(Clone, Debug)]
pub struct Game {
    pub state: naw::State,
    dice: Dice,
    pub seed: u64,
    pub variant: VariantSetup,
    /// Events of the setup (chits, first phase).
    pub setup_events: Vec<naw::Event>,
    /// Each command executed, with the events it produced.
    pub history: Vec<(naw::Command, Vec<naw::Event>)>,
    /// Identifies the scenario (hash of its canonical text).
    pub scenario_id: String,
}

/// A stable fingerprint of a scenario and its map: FNV-1a of their
/// canonical RON text, so replays can tell they use the same scenario.
pub fn scenario_fingerprint(s: &Scenario, map: &Map) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in scenario_to_ron(s)
        .bytes()
        .chain(crate::scenario::map_to_ron(map).bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Game {
    /// Starts a game. Refuses scenarios with validation errors.
    pub fn new(
        scenario: &Scenario,
        map: &Map,
        seed: u64,
        variant: VariantSetup,
    ) -> Result<Game, naw::SetupError> {
        let board = Arc::new(naw::Board::new(scenario, map)?);
        Ok(Game::with_board(
            board,
            seed,
            variant,
            scenario_fingerprint(scenario, map),
        ))
    }

    /// Starts a game on a board built once (the batch runner shares it).
    pub fn with_board(
        board: Arc<naw::Board>,
        seed: u64,
        variant: VariantSetup,
        scenario_id: String,
    ) -> Game {
        let mut dice = Dice::new(seed);
        let mut state = naw::State::new(board.clone(), None);
        let mut setup_events = Vec::new();
        let chits = match (&variant, &board.chit_changes) {
            (VariantSetup::Off, _) | (_, None) => None,
            (VariantSetup::Drawn, Some(_)) => Some([dice.d6(), dice.d6()]),
            (VariantSetup::Fixed(a, b), Some(_)) => Some([*a, *b]),
        };
        if let Some(c) = chits {
            let e = naw::Event::ChitsDrawn {
                chits: vec![
                    (board.sides[0].clone(), c[0]),
                    (board.sides[1].clone(), c[1]),
                ],
            };
            state.apply(&e);
            setup_events.push(e);
        }
        let first = naw::Event::PhaseBegan {
            turn: 1,
            side: board.sides[0].clone(),
            phase: naw::Phase::Movement,
        };
        state.apply(&first);
        setup_events.push(first);
        Game {
            state,
            dice,
            seed,
            variant,
            setup_events,
            history: Vec::new(),
            scenario_id,
        }
    }

    pub fn check(&self, cmd: &naw::Command) -> Result<(), naw::RuleError> {
        self.state.check(cmd)
    }

    /// Executes a command and returns its events; on refusal nothing
    /// changes.
    pub fn execute(&mut self, cmd: &naw::Command) -> Result<&[naw::Event], naw::RuleError> {
        let events = self.state.execute(cmd, &mut self.dice)?;
        self.history.push((cmd.clone(), events));
        Ok(self.history.last().map_or(&[], |(_, e)| e.as_slice()))
    }

    /// Executes a command without recording it in the history (batch
    /// games, which keep summaries, not logs). The game's `log()` no longer
    /// replays once this is used.
    pub fn execute_unrecorded(
        &mut self,
        cmd: &naw::Command,
    ) -> Result<Vec<naw::Event>, naw::RuleError> {
        self.state.execute(cmd, &mut self.dice)
    }

    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The log that replays this game.
    pub fn log(&self) -> GameLog {
        GameLog {
            version: 1,
            scenario: self.scenario_id.clone(),
            scenario_file: None,
            seed: self.seed,
            variant: self.variant.clone(),
            entries: self
                .history
                .iter()
                .map(|(c, e)| LogEntry {
                    command: c.clone(),
                    events: e.clone(),
                })
                .collect(),
        }
    }

    pub fn side_id(&self, s: u8) -> SideId {
        self.state.board.sides[s as usize].clone()
    }
}

/// A recorded game: enough to replay it and to check that the replay gives
/// the same events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    pub version: u32,
    /// Fingerprint of the scenario ([`scenario_fingerprint`]).
    pub scenario: String,
    /// The scenario file the game was played on, as the player named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<String>,
    pub seed: u64,
    pub variant: VariantSetup,
    pub entries: Vec<LogEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub command: naw::Command,
    pub events: Vec<naw::Event>,
}

/// Where a replay went differently from its log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the log was recorded on another scenario (fingerprint {log}, this scenario {actual})")]
    OtherScenario { log: String, actual: String },
    #[error("command {index} ({command:?}) is refused on replay: {error}")]
    Refused {
        index: usize,
        command: Box<naw::Command>,
        error: Box<naw::RuleError>,
    },
    #[error(
        "command {index} gives different events on replay: recorded {recorded:?}, replayed {replayed:?}"
    )]
    Diverged {
        index: usize,
        recorded: Vec<naw::Event>,
        replayed: Vec<naw::Event>,
    },
    #[error("the scenario cannot be played: {0}")]
    Setup(#[from] naw::SetupError),
}

/// Replays a log on a scenario and returns the game, or the first place the
/// replay diverges from the recorded events.
pub fn replay(scenario: &Scenario, map: &Map, log: &GameLog) -> Result<Game, ReplayError> {
    let actual = scenario_fingerprint(scenario, map);
    if actual != log.scenario {
        return Err(ReplayError::OtherScenario {
            log: log.scenario.clone(),
            actual,
        });
    }
    let board = Arc::new(naw::Board::new(scenario, map)?);
    replay_on(board, actual, log)
}

/// Replays a log on a board built once (batch replays share it); the
/// caller has checked the scenario fingerprint.
pub fn replay_on(
    board: Arc<naw::Board>,
    scenario_id: String,
    log: &GameLog,
) -> Result<Game, ReplayError> {
    let mut game = Game::with_board(board, log.seed, log.variant.clone(), scenario_id);
    for (index, entry) in log.entries.iter().enumerate() {
        let replayed = game
            .execute(&entry.command)
            .map_err(|error| ReplayError::Refused {
                index,
                command: Box::new(entry.command.clone()),
                error: Box::new(error),
            })?;
        if replayed != entry.events.as_slice() {
            return Err(ReplayError::Diverged {
                index,
                recorded: entry.events.clone(),
                replayed: replayed.to_vec(),
            });
        }
    }
    Ok(game)
}
