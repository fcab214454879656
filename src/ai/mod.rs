//! Computer players: they see the game state and produce commands, which go
//! through the engine's `check` like anyone else's (they cannot cheat).
//! Randomness comes from a seeded `Dice` owned by the player.

mod heuristic;
mod tuning;

#[cfg(test)]
mod tests;

pub use heuristic::{HeuristicPlayer, Knowledge};
pub use tuning::Tuning;

use crate::engine::naw::{Command, State};
use crate::engine::{Dice, Game};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The kinds of computer player, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Random,
    Heuristic,
}

impl PlayerKind {
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Heuristic => "heuristic",
        }
    }

    /// A player of this kind for the board `know` describes.
    pub fn make(self, know: &Arc<Knowledge>, tuning: &Tuning, seed: u64) -> Box<dyn Player + Send> {
        match self {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Heuristic => {
                Box::new(HeuristicPlayer::new(know.clone(), tuning.clone(), seed))
            }
        }
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(PlayerKind::Random),
            "heuristic" => Ok(PlayerKind::Heuristic),
            _ => Err(format!(
                "unknown player {s:?} (expected heuristic or random)"
            )),
        }
    }
}

/// A computer player.
pub trait Player {
    /// The command to give now; `None` if it has nothing legal to do.
    fn choose(&mut self, state: &State) -> Option<Command>;
}

/// Chooses uniformly among the legal commands.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    dice: Dice,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            dice: Dice::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, state: &State) -> Option<Command> {
        let cmds = state.legal_commands();
        if cmds.is_empty() {
            return None;
        }
        let i = (self.dice.roll(cmds.len() as u32) - 1) as usize;
        cmds.into_iter().nth(i)
    }
}

/// Plays a game to its end (or `max_commands`) with one player per side;
/// each decision goes to the side that must act. Returns how many commands
/// were executed.
pub fn play_out(game: &mut Game, players: &mut [&mut dyn Player; 2], max_commands: usize) -> usize {
    let mut n = 0;
    while !game.is_over() && n < max_commands {
        let side = game.state.to_act() as usize;
        let Some(cmd) = players[side].choose(&game.state) else {
            break;
        };
        if game.execute(&cmd).is_err() {
            // A player proposing an illegal command is a bug in the player;
            // stop rather than loop.
            break;
        }
        n += 1;
    }
    n
}
