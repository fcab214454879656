//! A playtest session: a game of the scenario being edited, on a snapshot
//! taken when play starts (the editor's document is never touched), with
//! a seat per side, undo within the limits its rules set, and a
//! replay cursor to step back and forward through the game. Pure: the
//! window drives it, computer seats are `ai::Player`s, and no clock or
//! global randomness is read here.

use crate::ai::{Computer, Player, PlayerKind};
use crate::engine::{self, Game, GameLog, Rules};
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
            Seat::Computer(PlayerKind::Search { .. }) => "computer (search)",
            Seat::Computer(PlayerKind::MonteCarlo { .. }) => "computer (Monte Carlo)",
        }
    }
}

/// How a playtest starts: a seat per side (in the scenario's side order),
/// the dice seed and the rule set's own setup (Napoleon at Waterloo: the
/// variant).
#[derive(Clone, Debug, PartialEq)]
pub struct Setup<R: Rules> {
    pub seats: [Seat; 2],
    pub seed: u64,
    pub rules: R::Setup,
}

/// Why a move cannot be taken back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    #[error("nothing to take back")]
    Nothing,
    #[error("{limit} can be taken back; {command} is already played")]
    NotAMove {
        limit: &'static str,
        command: &'static str,
    },
    #[error("the replay of the game diverged: {0}")]
    Replay(String),
}

/// A game in progress on a snapshot of the scenario.
#[derive(Clone, Debug)]
pub struct Session<R: Rules> {
    pub scenario: Scenario,
    pub map: Map,
    pub setup: Setup<R>,
    /// The game as played so far.
    pub game: Game<R>,
    /// Index into the history being looked at when stepping back through
    /// the game (`None`: the present). `Some(n)` shows the game after its
    /// first `n` commands.
    cursor: Option<usize>,
    /// The game at the cursor, rebuilt when the cursor moves.
    shown: Option<Game<R>>,
}

impl<R: Rules> Session<R> {
    /// Starts a game on copies of the scenario and map. Refuses a scenario
    /// with validation errors, with the engine's reason.
    pub fn start(
        scenario: &Scenario,
        map: &Map,
        setup: Setup<R>,
    ) -> Result<Session<R>, R::SetupError> {
        let game = Game::new(scenario, map, setup.seed, setup.rules.clone())?;
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
        log: &GameLog<R>,
        seats: [Seat; 2],
    ) -> Result<Session<R>, engine::ReplayError<R>> {
        let game = engine::replay(scenario, map, log)?;
        Ok(Session {
            scenario: scenario.clone(),
            map: map.clone(),
            setup: Setup {
                seats,
                seed: log.seed,
                rules: log.setup.clone(),
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
        self.setup.seats[self.game.to_act() as usize & 1]
    }

    /// The game being shown: the present, or a past position when stepping
    /// through the history.
    pub fn shown(&self) -> &Game<R> {
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
    fn prefix(&self, n: usize) -> Game<R> {
        let mut g = Game::with_board(
            self.game.board().clone(),
            self.setup.seed,
            self.setup.rules.clone(),
            self.game.scenario_id.clone(),
        );
        for (cmd, _) in self.game.history.iter().take(n) {
            // The commands were all accepted in this order from this start.
            let _ = g.execute(cmd);
        }
        g
    }

    /// Checks a command against the present position.
    pub fn check(&self, cmd: &R::Command) -> Result<(), R::Refusal> {
        self.game.check(cmd)
    }

    /// Gives a command in the present; returns its events. Going back to
    /// the present first if the history was being stepped through.
    pub fn execute(&mut self, cmd: &R::Command) -> Result<Vec<R::Event>, R::Refusal> {
        self.seek(usize::MAX);
        self.game.execute(cmd).map(<[R::Event]>::to_vec)
    }

    /// Whether the last command can be taken back: the rules say which
    /// (Napoleon at Waterloo: a move, entry or exit of the Movement Phase
    /// still in progress; no dice were rolled since).
    pub fn can_undo_move(&self) -> Result<(), UndoError> {
        let Some((cmd, _)) = self.game.history.last() else {
            return Err(UndoError::Nothing);
        };
        if R::undoable(&self.game.state, cmd) {
            Ok(())
        } else {
            Err(UndoError::NotAMove {
                limit: R::UNDO_LIMIT,
                command: R::command_name(cmd),
            })
        }
    }

    /// Takes back the last command, if the rules allow ([`Rules::undoable`]).
    pub fn undo_move(&mut self) -> Result<R::Command, UndoError> {
        self.can_undo_move()?;
        let n = self.len() - 1;
        let game = self.prefix(n);
        if game.history.len() != n {
            return Err(UndoError::Replay(format!(
                "{} of {} replayed",
                game.history.len(),
                crate::words::counted(n, "command", "commands")
            )));
        }
        let undone = self.game.history[n].0.clone();
        self.game = game;
        self.cursor = None;
        self.shown = None;
        Ok(undone)
    }

    /// The log that saves this game (and replays it with `vedette replay`).
    pub fn log(&self) -> GameLog<R> {
        self.game.log()
    }
}

/// The computer players of a session, one per computer seat. Each is
/// seeded from the game's seed and its side, so a game between computers
/// is reproduced by its seed.
pub struct Computers<R: Computer> {
    players: [Option<Box<dyn Player<R> + Send>>; 2],
    /// Which seats are the computer's (a player may be away thinking:
    /// [`Computers::take`]).
    seats: [bool; 2],
}

/// A computer player taken out to think elsewhere (a worker thread).
pub type Thinker<R> = Box<dyn Player<R> + Send>;

/// What a computer seat did when asked to play.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerMove<R: Rules> {
    /// It gave this command, which the engine accepted with these events.
    Played(R::Command, Vec<R::Event>),
    /// A human must act, the past is being shown, or the game is over.
    NotItsTurn,
    /// It found nothing to do, or proposed a command the engine refused:
    /// a bug in the player, reported rather than looped on.
    Stuck(String),
}

impl<R: Computer> Computers<R> {
    pub fn new(session: &Session<R>) -> Computers<R> {
        let know = R::knowledge(session.game.board().clone());
        let tuning = R::Tuning::default();
        let make = |side: usize| match session.setup.seats[side] {
            Seat::Human => None,
            Seat::Computer(kind) => {
                let seed =
                    session.setup.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (side as u64 + 1);
                Some(R::computer(kind, &know, &tuning, seed))
            }
        };
        Computers {
            players: [make(0), make(1)],
            seats: [0, 1].map(|side| !session.setup.seats[side].is_human()),
        }
    }

    /// Why side `side`'s computer plays as it does, when it can say.
    pub fn plan(&self, side: u8) -> Option<&crate::ai::search::Plan> {
        self.players[usize::from(side & 1)]
            .as_ref()
            .and_then(|p| p.plan())
    }

    /// Whether the seat that must act now is a computer's.
    pub fn to_play(&self, session: &Session<R>) -> bool {
        session.is_live()
            && !session.game.is_over()
            && self.seats[session.game.to_act() as usize & 1]
    }

    /// Lets the computer seat that must act give one command.
    pub fn step(&mut self, session: &mut Session<R>) -> ComputerMove<R> {
        if !self.to_play(session) {
            return ComputerMove::NotItsTurn;
        }
        let side = session.game.to_act();
        let Some((_, mut player)) = self.take(session) else {
            return self.missing(session, side);
        };
        let cmd = player.choose(&session.game.state);
        self.put_back(side, player);
        self.apply(session, side, cmd)
    }

    /// Takes out the player of the computer seat that must act, to choose
    /// its command elsewhere; [`Computers::put_back`] returns it and
    /// [`Computers::apply`] plays what it chose.
    pub fn take(&mut self, session: &Session<R>) -> Option<(u8, Thinker<R>)> {
        if !self.to_play(session) {
            return None;
        }
        let side = session.game.to_act();
        self.players[usize::from(side & 1)]
            .take()
            .map(|p| (side, p))
    }

    pub fn put_back(&mut self, side: u8, player: Thinker<R>) {
        self.players[usize::from(side & 1)] = Some(player);
    }

    /// Whether side `side`'s player is at home (not away thinking).
    pub fn is_home(&self, side: u8) -> bool {
        self.players[usize::from(side & 1)].is_some()
    }

    /// Plays the command side `side`'s player chose for the present
    /// position (`None`: it found none).
    pub fn apply(
        &mut self,
        session: &mut Session<R>,
        side: u8,
        cmd: Option<R::Command>,
    ) -> ComputerMove<R> {
        if !self.to_play(session) || session.game.to_act() != side {
            return ComputerMove::NotItsTurn;
        }
        let Some(cmd) = cmd else {
            return ComputerMove::Stuck(format!(
                "the computer player of {} found nothing legal to do",
                session.game.side_name(side)
            ));
        };
        match session.execute(&cmd) {
            Ok(events) => ComputerMove::Played(cmd, events),
            Err(e) => ComputerMove::Stuck(format!(
                "the computer player of {} proposed {} and the engine refused it: {e}",
                session.game.side_name(side),
                R::command_name(&cmd)
            )),
        }
    }

    /// Says that side `side`'s player is gone (its thinking thread
    /// failed): the seat is stuck.
    pub fn missing(&self, session: &Session<R>, side: u8) -> ComputerMove<R> {
        ComputerMove::Stuck(format!(
            "the computer player of {} stopped unexpectedly; start the game again to get it back",
            session.game.side_name(side)
        ))
    }
}

#[cfg(test)]
mod tests;
