//! A playtest session: a game of the scenario being edited, on a snapshot
//! taken when play starts (the editor's document is never touched), with
//! a seat per side, undo of moves within the current Movement Phase, and a
//! replay cursor to step back and forward through the game. Pure: the
//! window drives it, computer seats are `ai::Player`s, and no clock or
//! global randomness is read here.

use crate::ai::{Knowledge, Player, PlayerKind, Tuning};
use crate::engine::naw::{Command, Event, Phase, RuleError, SetupError};
use crate::engine::{self, Game, GameLog, VariantSetup};
use crate::scenario::{Map, Scenario};
use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    /// A computer player of this kind.
    Computer(PlayerKind),
}

impl Seat {
    pub fn is_human(self) -> bool {
        self == Seat::Human
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Computer(PlayerKind::Heuristic) => "computer",
            Seat::Computer(PlayerKind::Random) => "computer (random)",
        }
    }
}

/// How a playtest starts: a seat per side (in the scenario's side order),
/// the dice seed and the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub seats: [Seat; 2],
    pub seed: u64,
    pub variant: VariantSetup,
}

/// Why a move cannot be taken back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    #[error("nothing to take back")]
    Nothing,
    #[error("only moves of the current Movement Phase can be taken back; {0} is already played")]
    NotAMove(String),
    #[error("the replay of the game diverged: {0}")]
    Replay(String),
}

/// A game in progress on a snapshot of the scenario.
#[derive(Clone, Debug)]
pub struct Session {
    pub scenario: Scenario,
    pub map: Map,
    pub setup: Setup,
    /// The game as played so far.
    pub game: Game,
    /// Index into the history being looked at when stepping back through
    /// the game (`None`: the present). `Some(n)` shows the game after its
    /// first `n` commands.
    cursor: Option<usize>,
    /// The game at the cursor, rebuilt when the cursor moves.
    shown: Option<Game>,
}

impl Session {
    /// Starts a game on copies of the scenario and map. Refuses a scenario
    /// with validation errors, with the engine's reason.
    pub fn start(scenario: &Scenario, map: &Map, setup: Setup) -> Result<Session, SetupError> {
        let game = Game::new(scenario, map, setup.seed, setup.variant.clone())?;
        Ok(Session {
            scenario: scenario.clone(),
            map: map.clone(),
            setup,
            game,
            cursor: None,
            shown: None,
        })
    }

    /// Resumes a saved game: replays its log on the scenario, checking every
    /// event. Seats are not part of a log; the caller picks them.
    pub fn resume(
        scenario: &Scenario,
        map: &Map,
        log: &GameLog,
        seats: [Seat; 2],
    ) -> Result<Session, engine::ReplayError> {
        let game = engine::replay(scenario, map, log)?;
        Ok(Session {
            scenario: scenario.clone(),
            map: map.clone(),
            setup: Setup {
                seats,
                seed: log.seed,
                variant: log.variant.clone(),
            },
            game,
            cursor: None,
            shown: None,
        })
    }

    /// The seat that must act now: the phasing side's, or the seat of the
    /// side choosing a pending retreat, loss or advance (a defender picks
    /// its own retreat hexes in the other side's Player-Turn) [6.4].
    pub fn seat_to_play(&self) -> Seat {
        self.setup.seats[self.game.state.to_act() as usize]
    }

    /// The game being shown: the present, or a past position when stepping
    /// through the history.
    pub fn shown(&self) -> &Game {
        self.shown.as_ref().unwrap_or(&self.game)
    }

    /// Number of commands played.
    pub fn len(&self) -> usize {
        self.game.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.game.history.is_empty()
    }

    /// Where the replay cursor is: the number of commands shown.
    pub fn cursor(&self) -> usize {
        self.cursor.unwrap_or(self.len())
    }

    /// Whether the present is shown (commands can be given).
    pub fn is_live(&self) -> bool {
        self.cursor.is_none()
    }

    /// Shows the game after its first `n` commands (`n` past the end shows
    /// the present).
    pub fn seek(&mut self, n: usize) {
        if n >= self.len() {
            self.cursor = None;
            self.shown = None;
            return;
        }
        self.cursor = Some(n);
        self.shown = Some(self.prefix(n));
    }

    pub fn step_back(&mut self) {
        let n = self.cursor();
        if n > 0 {
            self.seek(n - 1);
        }
    }

    pub fn step_forward(&mut self) {
        let n = self.cursor();
        self.seek(n + 1);
    }

    /// The game replayed up to its first `n` commands: the same seed gives
    /// the same dice, so every position is reproduced exactly.
    fn prefix(&self, n: usize) -> Game {
        let mut g = Game::with_board(
            self.game.state.board.clone(),
            self.setup.seed,
            self.setup.variant.clone(),
            self.game.scenario_id.clone(),
        );
        for (cmd, _) in self.game.history.iter().take(n) {
            // The commands were all accepted in this order from this start.
            let _ = g.execute(cmd);
        }
        g
    }

    /// Checks a command against the present position.
    pub fn check(&self, cmd: &Command) -> Result<(), RuleError> {
        self.game.check(cmd)
    }

    /// Gives a command in the present; returns its events. Going back to
    /// the present first if the history was being stepped through.
    pub fn execute(&mut self, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        self.seek(usize::MAX);
        self.game.execute(cmd).map(<[Event]>::to_vec)
    }

    /// Whether the last command can be taken back: a move, entry or exit of
    /// the Movement Phase still in progress (no dice were rolled since).
    pub fn can_undo_move(&self) -> Result<(), UndoError> {
        let Some((cmd, _)) = self.game.history.last() else {
            return Err(UndoError::Nothing);
        };
        let movement =
            self.game.state.phase == Phase::Movement && self.game.state.pending.is_none();
        match cmd {
            Command::Move { .. }
            | Command::MoveTo { .. }
            | Command::Enter { .. }
            | Command::Exit { .. }
                if movement =>
            {
                Ok(())
            }
            other => Err(UndoError::NotAMove(command_name(other).into())),
        }
    }

    /// Takes back the last move of the current Movement Phase.
    pub fn undo_move(&mut self) -> Result<Command, UndoError> {
        self.can_undo_move()?;
        let n = self.len() - 1;
        let game = self.prefix(n);
        if game.history.len() != n {
            return Err(UndoError::Replay(format!(
                "{} of {n} commands replayed",
                game.history.len()
            )));
        }
        let undone = self.game.history[n].0.clone();
        self.game = game;
        self.cursor = None;
        self.shown = None;
        Ok(undone)
    }

    /// The log that saves this game (and replays it with `vedette replay`).
    pub fn log(&self) -> GameLog {
        self.game.log()
    }
}

/// The computer players of a session, one per computer seat. Each is
/// seeded from the game's seed and its side, so a game between computers
/// is reproduced by its seed.
pub struct Computers {
    players: [Option<Box<dyn Player + Send>>; 2],
}

/// What a computer seat did when asked to play.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerMove {
    /// It gave this command, which the engine accepted with these events.
    Played(Command, Vec<Event>),
    /// A human must act, the past is being shown, or the game is over.
    NotItsTurn,
    /// It found nothing to do, or proposed a command the engine refused:
    /// a bug in the player, reported rather than looped on.
    Stuck(String),
}

impl Computers {
    pub fn new(session: &Session) -> Computers {
        let know = Knowledge::new(session.game.state.board.clone());
        let tuning = Tuning::default();
        let make = |side: usize| match session.setup.seats[side] {
            Seat::Human => None,
            Seat::Computer(kind) => {
                let seed =
                    session.setup.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (side as u64 + 1);
                Some(kind.make(&know, &tuning, seed))
            }
        };
        Computers {
            players: [make(0), make(1)],
        }
    }

    /// Whether the seat that must act now is a computer's.
    pub fn to_play(&self, session: &Session) -> bool {
        session.is_live()
            && !session.game.is_over()
            && self.players[session.game.state.to_act() as usize].is_some()
    }

    /// Lets the computer seat that must act give one command.
    pub fn step(&mut self, session: &mut Session) -> ComputerMove {
        if !self.to_play(session) {
            return ComputerMove::NotItsTurn;
        }
        let side = session.game.state.to_act() as usize;
        let Some(player) = self.players[side].as_mut() else {
            return ComputerMove::NotItsTurn;
        };
        let Some(cmd) = player.choose(&session.game.state) else {
            return ComputerMove::Stuck(format!(
                "the computer player of {} found nothing legal to do",
                session.game.side_id(side as u8)
            ));
        };
        match session.execute(&cmd) {
            Ok(events) => ComputerMove::Played(cmd, events),
            Err(e) => ComputerMove::Stuck(format!(
                "the computer player of {} proposed {} and the engine refused it: {e}",
                session.game.side_id(side as u8),
                command_name(&cmd)
            )),
        }
    }
}

/// A command's name in the words of the rules.
pub fn command_name(c: &Command) -> &'static str {
    match c {
        Command::Move { .. } | Command::MoveTo { .. } => "a move",
        Command::Enter { .. } => "an entry",
        Command::Exit { .. } => "an exit",
        Command::EndMovement => "the end of the Movement Phase",
        Command::Attack { .. } => "an attack",
        Command::Retreat { .. } => "a retreat",
        Command::HoldPosition { .. } => "holding position",
        Command::ChooseLosses { .. } => "the choice of losses",
        Command::Advance { .. } => "an advance",
        Command::DeclineAdvance => "declining to advance",
        Command::EndCombat => "the end of the Combat Phase",
    }
}

#[cfg(test)]
mod tests;
