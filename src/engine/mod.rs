//! The rules engine: a `Game` is a rule set's state plus its dice and
//! history. Every action is a command that is checked, then executed into
//! events; state changes only by applying events. Same scenario, seed,
//! setup and commands give the same events, byte for byte.
//!
//! Rule sets live in their own modules (`naw` for Napoleon at Waterloo)
//! behind the contract of `contract.rs`; the dice, the game loop and the
//! replay log here are shared and generic over it.

pub mod contract;
pub mod dice;
mod fnv;

pub use contract::{BatchScale, Counter, GameEnd, Lost, PlayExample, Rules, Tallies};
pub use dice::Dice;
pub use fnv::Fnv;

use crate::scenario::{Map, Scenario, scenario_to_ron};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game of one rule set: state, dice and the commands so far.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    pub state: R::State,
    dice: Dice,
    pub seed: u64,
    /// How the game was set up beyond its seed (Napoleon at Waterloo: the
    /// variant chits).
    pub setup: R::Setup,
    /// Events of the setup (chits, first phase).
    pub setup_events: Vec<R::Event>,
    /// Each command executed, with the events it produced.
    pub history: Vec<(R::Command, Vec<R::Event>)>,
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

/// A scenario's validation errors in one line ("the first (and N
/// more)"), or `None` when it has none: every rule set refuses to build a
/// board on an invalid scenario.
pub fn validation_errors(scenario: &Scenario, map: &Map) -> Option<String> {
    let errors: Vec<String> = crate::scenario::validate(scenario, map)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .map(|i| i.to_string())
        .collect();
    let first = errors.first()?;
    Some(match errors.len() {
        1 => first.clone(),
        n => format!("{first} (and {} more)", n - 1),
    })
}

/// The log format written now. Version 1 (before the rule-set boundary)
/// had no `rules` and called the setup `variant`; version 2 had no `end`
/// record; both still read.
pub const LOG_VERSION: u32 = 3;

/// The first log version that must carry an [`LogEnd`] record.
const LOG_END_SINCE: u32 = 3;

/// How a log ends: the number of commands it holds and a digest of every
/// command and event in order. The position is the setup's events and
/// then every entry's events applied in turn, so the digest stands for
/// the final position: a replay that reaches it played the whole log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEnd {
    pub commands: u64,
    pub digest: String,
}

/// FNV-1a over the RON of each command and its events (RON is what logs
/// are written in, so the digest reads back the same in every build that
/// reads the log).
pub fn entries_digest<'a, C, E>(entries: impl IntoIterator<Item = (&'a C, &'a [E])>) -> String
where
    C: Serialize + 'a,
    E: Serialize + 'a,
{
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |text: &str| {
        for b in text.bytes().chain(std::iter::once(b'\n')) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (c, events) in entries {
        // A value that does not serialise feeds its error text: the
        // digest stays a function of the value, and such a log cannot be
        // written either.
        feed(&ron::to_string(c).unwrap_or_else(|e| e.to_string()));
        for e in events {
            feed(&ron::to_string(e).unwrap_or_else(|e| e.to_string()));
        }
    }
    format!("{h:016x}")
}

impl<R: Rules> Game<R> {
    /// Starts a game. Refuses scenarios these rules cannot play.
    pub fn new(
        scenario: &Scenario,
        map: &Map,
        seed: u64,
        setup: R::Setup,
    ) -> Result<Game<R>, R::SetupError> {
        let board = Arc::new(R::board(scenario, map)?);
        Ok(Game::with_board(
            board,
            seed,
            setup,
            scenario_fingerprint(scenario, map),
        ))
    }

    /// Starts a game on a board built once (the batch runner shares it).
    pub fn with_board(
        board: Arc<R::Board>,
        seed: u64,
        setup: R::Setup,
        scenario_id: String,
    ) -> Game<R> {
        let mut dice = Dice::new(seed);
        let (state, setup_events) = R::start(&board, &setup, &mut dice);
        Game {
            state,
            dice,
            seed,
            setup,
            setup_events,
            history: Vec::new(),
            scenario_id,
        }
    }

    pub fn board(&self) -> &Arc<R::Board> {
        R::board_of(&self.state)
    }

    pub fn check(&self, cmd: &R::Command) -> Result<(), R::Refusal> {
        R::check(&self.state, cmd)
    }

    /// Executes a command and returns its events; on refusal nothing
    /// changes.
    pub fn execute(&mut self, cmd: &R::Command) -> Result<&[R::Event], R::Refusal> {
        let events = R::execute(&mut self.state, cmd, &mut self.dice)?;
        self.history.push((cmd.clone(), events));
        Ok(self.history.last().map_or(&[], |(_, e)| e.as_slice()))
    }

    /// Executes a command without recording it in the history (batch
    /// games, which keep summaries, not logs). The game's `log()` no longer
    /// replays once this is used.
    pub fn execute_unrecorded(&mut self, cmd: &R::Command) -> Result<Vec<R::Event>, R::Refusal> {
        R::execute(&mut self.state, cmd, &mut self.dice)
    }

    /// The side (0 or 1) that must act now.
    pub fn to_act(&self) -> u8 {
        R::to_act(&self.state)
    }

    pub fn outcome(&self) -> Option<GameEnd> {
        R::outcome(&self.state)
    }

    pub fn is_over(&self) -> bool {
        R::outcome(&self.state).is_some()
    }

    /// The log that replays this game.
    pub fn log(&self) -> GameLog<R> {
        GameLog {
            version: LOG_VERSION,
            rules: Some(R::NAME.to_string()),
            scenario: self.scenario_id.clone(),
            scenario_file: None,
            seed: self.seed,
            setup: self.setup.clone(),
            entries: self
                .history
                .iter()
                .map(|(c, e)| LogEntry {
                    command: c.clone(),
                    events: e.clone(),
                })
                .collect(),
            end: Some(self.log_end()),
        }
    }

    /// The end record of this game's log: its command count and digest.
    pub fn log_end(&self) -> LogEnd {
        LogEnd {
            commands: self.history.len() as u64,
            digest: entries_digest(self.history.iter().map(|(c, e)| (c, e.as_slice()))),
        }
    }

    /// A side's name (0 or 1).
    pub fn side_name(&self, side: u8) -> String {
        R::side_name(self.board(), side)
    }
}

/// A recorded game: enough to replay it and to check that the replay gives
/// the same events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(serialize = "", deserialize = ""))]
pub struct GameLog<R: Rules> {
    pub version: u32,
    /// The rule set ([`Rules::NAME`]); absent in version 1 logs, which were
    /// all Napoleon at Waterloo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Fingerprint of the scenario ([`scenario_fingerprint`]).
    pub scenario: String,
    /// The scenario file the game was played on, as the player named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<String>,
    pub seed: u64,
    /// How the game was set up (`variant` in version 1 logs).
    #[serde(alias = "variant")]
    pub setup: R::Setup,
    pub entries: Vec<LogEntry<R>>,
    /// The command count and final digest (version 3 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<LogEnd>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(serialize = "", deserialize = ""))]
pub struct LogEntry<R: Rules> {
    pub command: R::Command,
    pub events: Vec<R::Event>,
}

/// What a log file says about itself before its rule set is known: enough
/// to find the scenario and the rule set to read the rest with.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LogHeader {
    pub version: u32,
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub scenario_file: Option<String>,
}

/// Where a replay went differently from its log.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError<R: Rules> {
    #[error("the log was recorded on another scenario (fingerprint {log}, this scenario {actual})")]
    OtherScenario { log: String, actual: String },
    #[error("the log was recorded with the {log} rules, and this scenario uses {actual}")]
    OtherRules { log: String, actual: String },
    #[error("the log is version {0}; this Vedette reads versions 1 to {LOG_VERSION}")]
    Version(u32),
    #[error("entry {index} ({command:?}) is refused on replay: {error}")]
    Refused {
        index: usize,
        command: Box<R::Command>,
        error: Box<R::Refusal>,
    },
    #[error(
        "entry {index} gives different events on replay: recorded {recorded:?}, replayed {replayed:?}"
    )]
    Diverged {
        index: usize,
        recorded: Vec<R::Event>,
        replayed: Vec<R::Event>,
    },
    #[error("the scenario cannot be played: {0}")]
    Setup(R::SetupError),
    #[error(
        "the log has no `end` record (its command count and final digest), which every version {0} log has: it was cut or edited"
    )]
    NoEnd(u32),
    #[error(
        "the log's `end` record counts {} and the log holds {held}: an entry was removed or added",
        crate::words::counted(.recorded, "command", "commands")
    )]
    Count { recorded: u64, held: usize },
    #[error(
        "every command replays, but the game ends in another position than the log records (digest {replayed}, recorded {recorded}): an entry was removed, added or edited"
    )]
    Digest { recorded: String, replayed: String },
}

impl<R: Rules> ReplayError<R> {
    /// Where in the log the replay parted from it: the entry's index, or
    /// `None` for the log as a whole (its header or its end record).
    pub fn entry(&self) -> Option<usize> {
        match self {
            ReplayError::Refused { index, .. } | ReplayError::Diverged { index, .. } => {
                Some(*index)
            }
            _ => None,
        }
    }

    /// The field path (for [`crate::scenario::locate`]) of what parted.
    pub fn field(&self) -> Option<String> {
        match self {
            ReplayError::Refused { index, .. } | ReplayError::Diverged { index, .. } => {
                Some(format!("entries[{index}]"))
            }
            ReplayError::Count { .. } | ReplayError::Digest { .. } => Some("end".to_string()),
            ReplayError::Version(_) => Some("version".to_string()),
            ReplayError::OtherScenario { .. } => Some("scenario".to_string()),
            ReplayError::OtherRules { .. } => Some("rules".to_string()),
            ReplayError::NoEnd(_) | ReplayError::Setup(_) => None,
        }
    }
}

/// Replays a log on a scenario and returns the game, or the first place the
/// replay diverges from the recorded events.
pub fn replay<R: Rules>(
    scenario: &Scenario,
    map: &Map,
    log: &GameLog<R>,
) -> Result<Game<R>, ReplayError<R>> {
    if let Some(name) = &log.rules
        && name != R::NAME
    {
        return Err(ReplayError::OtherRules {
            log: name.clone(),
            actual: R::NAME.to_string(),
        });
    }
    if log.version == 0 || log.version > LOG_VERSION {
        return Err(ReplayError::Version(log.version));
    }
    if log.version >= LOG_END_SINCE && log.end.is_none() {
        return Err(ReplayError::NoEnd(log.version));
    }
    let actual = scenario_fingerprint(scenario, map);
    if actual != log.scenario {
        return Err(ReplayError::OtherScenario {
            log: log.scenario.clone(),
            actual,
        });
    }
    let board = Arc::new(R::board(scenario, map).map_err(ReplayError::Setup)?);
    replay_on(board, actual, log)
}

/// Replays a log on a board built once (batch replays share it); the
/// caller has checked the scenario fingerprint.
pub fn replay_on<R: Rules>(
    board: Arc<R::Board>,
    scenario_id: String,
    log: &GameLog<R>,
) -> Result<Game<R>, ReplayError<R>> {
    let mut game = Game::with_board(board, log.seed, log.setup.clone(), scenario_id);
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
    if let Some(end) = &log.end {
        if end.commands != log.entries.len() as u64 {
            return Err(ReplayError::Count {
                recorded: end.commands,
                held: log.entries.len(),
            });
        }
        let replayed = game.log_end().digest;
        if replayed != end.digest {
            return Err(ReplayError::Digest {
                recorded: end.digest.clone(),
                replayed,
            });
        }
    }
    Ok(game)
}
