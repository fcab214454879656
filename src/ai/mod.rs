//! Computer players: they see the game state and produce commands, which go
//! through the engine's `check` like anyone else's (they cannot cheat).
//! Randomness comes from a seeded `Dice` owned by the player.

pub mod montecarlo;
pub mod search;

pub use crate::engine::contract::PlayerKind;
pub use montecarlo::MonteCarloPlayer;
pub use search::{Script, SearchPlayer};

use crate::engine::{Dice, Game, Rules};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::marker::PhantomData;
use std::sync::Arc;

impl PlayerKind {
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Heuristic => "heuristic",
            PlayerKind::Search { .. } => "search",
            PlayerKind::MonteCarlo { .. } => "mc",
        }
    }

    /// The kind with its budget, as the command line takes it back
    /// ("search:16").
    pub fn label(self) -> String {
        match self {
            PlayerKind::Search { budget } => format!("search:{budget}"),
            PlayerKind::MonteCarlo { ms } => format!("mc:{ms}"),
            k => k.name().to_string(),
        }
    }

    /// The same kind with a search budget of `budget` (other kinds have
    /// none).
    pub fn with_budget(self, budget: u32) -> Self {
        match self {
            PlayerKind::Search { .. } => PlayerKind::Search { budget },
            k => k,
        }
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "unknown player {s:?} (expected heuristic, computer, random, search, search:BUDGET \
                 (BUDGET the playouts per turn), mc or mc:MS (MS the milliseconds a decision))"
            )
        };
        match s {
            "random" => Ok(PlayerKind::Random),
            // "computer" is what a user reaching for `--french` types first.
            "heuristic" | "computer" => Ok(PlayerKind::Heuristic),
            "search" => Ok(PlayerKind::Search {
                budget: search::DEFAULT_BUDGET,
            }),
            "mc" => Ok(PlayerKind::MonteCarlo {
                ms: montecarlo::DEFAULT_MS,
            }),
            _ => {
                if let Some(b) = s.strip_prefix("search:") {
                    b.parse()
                        .map(|budget| PlayerKind::Search { budget })
                        .map_err(|_| bad())
                } else if let Some(ms) = s.strip_prefix("mc:") {
                    match ms.parse() {
                        Ok(ms) if ms > 0 => Ok(PlayerKind::MonteCarlo { ms }),
                        _ => Err(bad()),
                    }
                } else {
                    Err(bad())
                }
            }
        }
    }
}

/// A computer player: it sees the state and proposes a command, which goes
/// through the engine's `check` like anyone else's.
pub trait Player<R: Rules> {
    /// The command to give now; `None` if it has nothing legal to do.
    fn choose(&mut self, state: &R::State) -> Option<R::Command>;
    /// Why it plays as it does, when it can say: the search player's
    /// last plan (each script's score).
    fn plan(&self) -> Option<&search::Plan> {
        None
    }
}

/// The second half of the rule-set contract: a rule set's computer
/// players, for playtests and batches.
pub trait Computer: Rules {
    /// What its players precompute once per board and share.
    type Knowledge: Send + Sync;
    /// Its players' weights (`--tuning FILE.ron`).
    type Tuning: Clone
        + PartialEq
        + std::fmt::Debug
        + Default
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    fn knowledge(board: Arc<Self::Board>) -> Arc<Self::Knowledge>;
    /// The board the knowledge was built on.
    fn knowledge_board(know: &Self::Knowledge) -> &Arc<Self::Board>;
    /// The rule set's heuristic player, playing to the scenario's victory
    /// conditions (its best player may be its random one while it is
    /// young).
    fn heuristic(
        know: &Arc<Self::Knowledge>,
        tuning: &Self::Tuning,
        seed: u64,
    ) -> Box<dyn Player<Self> + Send>;
    /// The most options a choice may offer for the search player to play
    /// each of them out rather than take its script's (0: never). Set
    /// by measurement: where a choice among a few commands (a card, a
    /// rally, which of two targets) is worth playouts of its own, and
    /// where the heuristic's own choice is better than a few noisy
    /// playouts' (see `search.rs`).
    const SMALL_CHOICE: usize = 0;
    /// What one command of a heuristic playout (the heuristic player's
    /// choice and the engine's execution) costs in nanoseconds, in release
    /// on the reference machine: the flat Monte Carlo player's clock
    /// (`ai::montecarlo`), so that its budget is CPU time and its games
    /// still replay byte for byte.
    const PLAYOUT_COMMAND_NANOS: u64;
    /// The scripts the search player chooses among each turn when it
    /// plays `side` on the board of `know`: the heuristic player under a
    /// few named temperaments, `tuning` itself first ("as tuned"), none
    /// the same player as another for that side (a temperament may
    /// follow the side's victory conditions). Without one, the search
    /// only plays the heuristic as tuned. The search player asks for the
    /// temperaments of the default tuning and plays its own tuning as
    /// "as tuned" ([`search::fixed_portfolio`]).
    fn portfolio(
        _know: &Self::Knowledge,
        _side: u8,
        tuning: &Self::Tuning,
    ) -> Vec<Script<Self::Tuning>> {
        vec![Script::new("as tuned", tuning.clone())]
    }
    /// Which script of `side`'s portfolio is the search's base policy: the
    /// player that plays the side in a playout once the planned part of
    /// the turn is over, and that gives the side's answers in the enemy's
    /// part of a turn. The rollout can only improve on its base policy, so
    /// where a temperament measurably plays a side better all game than
    /// "as tuned" a rule set names it here. Default: "as tuned" (0).
    fn base_script(_know: &Self::Knowledge, _side: u8) -> usize {
        0
    }
    /// How much better, in mean playout score (1 a win), the best other
    /// script must do than the base policy for the search to leave the
    /// base for a turn. With a few playouts an arm, a script that plays
    /// the side worse all game often wins the count by luck; where the
    /// base plays measurably better than the rest a rule set sets this
    /// by measurement. Default: 0 (any better mean).
    fn base_margin(_know: &Self::Knowledge, _side: u8) -> f64 {
        0.0
    }
    /// A computer player of this kind: the same three kinds for every rule
    /// set, the random and search players generic over the contract.
    fn computer(
        kind: PlayerKind,
        know: &Arc<Self::Knowledge>,
        tuning: &Self::Tuning,
        seed: u64,
    ) -> Box<dyn Player<Self> + Send> {
        match kind {
            PlayerKind::Random => Box::new(RandomPlayer::<Self>::new(seed)),
            PlayerKind::Heuristic => Self::heuristic(know, tuning, seed),
            PlayerKind::Search { budget } => {
                Box::new(SearchPlayer::<Self>::new(know, tuning, budget, seed))
            }
            PlayerKind::MonteCarlo { ms } => {
                Box::new(MonteCarloPlayer::<Self>::new(know, tuning, ms, seed))
            }
        }
    }
}

/// Chooses uniformly among the legal commands, for any rule set.
#[derive(Clone, Debug)]
pub struct RandomPlayer<R> {
    dice: Dice,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> RandomPlayer<R> {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            dice: Dice::new(seed),
            rules: PhantomData,
        }
    }
}

impl<R: Rules> Player<R> for RandomPlayer<R> {
    fn choose(&mut self, state: &R::State) -> Option<R::Command> {
        let cmds = R::legal_commands(state);
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
pub fn play_out<R: Rules>(
    game: &mut Game<R>,
    players: &mut [&mut dyn Player<R>; 2],
    max_commands: usize,
) -> usize {
    let mut n = 0;
    while !game.is_over() && n < max_commands {
        let side = game.to_act() as usize & 1;
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
