//! Batch playtests: many complete games of one scenario between computer
//! players, in parallel, summarized with confidence intervals.
//!
//! Game `i` of a batch with seed `S` always gets the same seeds (its dice,
//! and each player's own), whatever the number of threads, and results are
//! gathered by game number, so a batch is reproducible exactly. Threads
//! come from `std::thread::scope`; nothing here touches the UI or a global
//! random generator. Progress and cancellation are the caller's: a
//! callback and an `AtomicBool`.

pub mod ladder;
mod paired;
mod report;
pub mod robustness;
pub mod sensitivity;
pub mod shard;
pub mod strength;

pub use paired::{BatchTally, Paired, PairedReport};
pub use report::{ChitRow, Interval, Report, Spread, Sums, Tally, wilson};

use crate::ai::{Computer, Player, PlayerKind};
use crate::engine::{Game, GameEnd};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};

/// What to run.
#[derive(Clone, Debug)]
pub struct SimConfig<R: Computer> {
    /// Games (seeds) to play: game numbers `first..first + games`.
    pub games: u32,
    /// The first game's number: a shard of a batch plays its own range
    /// of the batch's games, with the seeds they have in the whole batch.
    pub first: u32,
    pub seed: u64,
    /// One player kind per side, in the scenario's side order.
    pub players: [PlayerKind; 2],
    /// Play each game twice, the second time with the players exchanged
    /// (the same dice): paired seats.
    pub swap_seats: bool,
    pub threads: usize,
    /// Play the scenario's variant with chits drawn for each game.
    pub variant: bool,
    pub tuning: R::Tuning,
    /// A game still running after this many commands is stopped and counted
    /// as unfinished (a safety net; real games need well under 2,000).
    pub max_commands: u32,
}

impl<R: Computer> SimConfig<R> {
    pub fn new(games: u32, seed: u64) -> SimConfig<R> {
        SimConfig {
            games,
            first: 0,
            seed,
            players: [PlayerKind::Heuristic, PlayerKind::Heuristic],
            swap_seats: false,
            threads: 1,
            variant: false,
            tuning: R::Tuning::default(),
            max_commands: 20_000,
        }
    }
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// Won by the side with this index.
    Win(u8),
    Draw,
    /// Stopped at the command limit.
    Unfinished,
}

/// A unit destroyed during a game, where it stood.
pub use crate::engine::Lost as Loss;

/// One game's summary (what `--json` writes, one per game).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game: u32,
    pub seed: u64,
    pub result: GameResult,
    /// The section of the rules that decided it (Napoleon at Waterloo:
    /// "8.1", "8.3", "8.4").
    pub case: Option<String>,
    /// The Game-Turn on which it ended.
    pub turn: u32,
    pub losses: [u32; 2],
    pub exited: [u32; 2],
    pub demoralized: [bool; 2],
    /// The variant chits drawn, per side.
    pub chits: Option<[u32; 2]>,
    pub commands: u32,
    pub eliminated: Vec<Loss>,
    /// The rule set's own counts of the game: (what, whose side, how
    /// many).
    #[serde(default)]
    pub counters: Vec<(String, Option<u8>, u32)>,
    /// Played with the batch's players exchanged (`--swap-seats`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swapped: bool,
}

impl<R: Computer> SimConfig<R> {
    /// The games a batch plays: twice its seeds with swapped seats.
    pub fn jobs(&self) -> u32 {
        if self.swap_seats {
            self.games.saturating_mul(2)
        } else {
            self.games
        }
    }

    /// Job `k` of the batch: its game number and whether its seats are
    /// swapped (with swapped seats each game's two plays are neighbours).
    fn job(&self, k: u32) -> (u32, bool) {
        if self.swap_seats {
            (self.first + k / 2, k % 2 == 1)
        } else {
            (self.first + k, false)
        }
    }

    /// The job number of a played game (the inverse of `job`).
    fn job_of(&self, g: &GameSummary) -> u32 {
        let k = g.game - self.first;
        if self.swap_seats {
            k * 2 + u32::from(g.swapped)
        } else {
            k
        }
    }
}

/// The worker threads a batch uses unless told: one a core (results
/// never depend on it).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The seed of game `i` of a batch: SplitMix64 of the batch seed and the
/// game number, so neighbouring games get unrelated dice.
pub fn game_seed(batch_seed: u64, i: u32) -> u64 {
    let mut z = batch_seed.wrapping_add(
        (i as u64)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game number `i` of a batch to its end.
pub fn play_game<R: Computer>(know: &Arc<R::Knowledge>, cfg: &SimConfig<R>, i: u32) -> GameSummary {
    play_seated(know, cfg, i, false)
}

/// Plays game number `i` of a batch to its end, with the batch's players
/// exchanged when `swapped` (the same dice, and each seat's player seed,
/// so only who sits where changes).
pub fn play_seated<R: Computer>(
    know: &Arc<R::Knowledge>,
    cfg: &SimConfig<R>,
    i: u32,
    swapped: bool,
) -> GameSummary {
    let seed = game_seed(cfg.seed, i);
    let board = R::knowledge_board(know).clone();
    let mut game: Game<R> =
        Game::with_board(board, seed, R::batch_setup(cfg.variant), String::new());
    let kinds = if swapped {
        [cfg.players[1], cfg.players[0]]
    } else {
        cfg.players
    };
    let mut players: [Box<dyn Player<R> + Send>; 2] = [
        R::computer(kinds[0], know, &cfg.tuning, seed ^ 0x5EED_0001),
        R::computer(kinds[1], know, &cfg.tuning, seed ^ 0x5EED_0002),
    ];
    let mut eliminated = Vec::new();
    let mut commands = 0;
    let mut before = R::Watch::default();
    let mut result = GameResult::Unfinished;
    while commands < cfg.max_commands {
        if game.is_over() {
            break;
        }
        let side = game.to_act() as usize & 1;
        let Some(cmd) = players[side].choose(&game.state) else {
            break;
        };
        let watched = R::may_eliminate(&game.state);
        if watched {
            R::watch(&game.state, &mut before);
        }
        // Straight to the state: a batch keeps no history.
        let Ok(events) = game.execute_unrecorded(&cmd) else {
            // A player proposing an illegal command is a bug in the player.
            break;
        };
        commands += 1;
        if watched {
            eliminated.extend(R::losses(&game.state, &before, &events));
        }
    }
    let mut case = None;
    match game.outcome() {
        Some(GameEnd::Win { side, section, .. }) => {
            result = GameResult::Win(side);
            case = Some(section);
        }
        Some(GameEnd::Draw { section, .. }) => {
            result = GameResult::Draw;
            case = Some(section);
        }
        None => {}
    }
    let t = R::tallies(&game.state);
    GameSummary {
        game: i,
        seed,
        result,
        case,
        turn: t.turn,
        losses: t.losses,
        exited: t.exited,
        demoralized: t.demoralized,
        chits: t.chits,
        commands,
        eliminated,
        counters: t
            .counters
            .iter()
            .map(|c| (c.name.to_string(), c.side, c.value))
            .collect(),
        swapped,
    }
}

/// Runs a batch on `threads` threads. `progress` is called after each game
/// with the number finished; setting `cancel` stops the batch early (the
/// games finished so far are returned, in order).
pub fn run<R: Computer>(
    board: Arc<R::Board>,
    cfg: &SimConfig<R>,
    progress: &(dyn Fn(u32) + Sync),
    cancel: &AtomicBool,
) -> Vec<GameSummary> {
    let mut all = Vec::new();
    run_streaming(board, cfg, progress, cancel, &mut |g| all.push(g));
    all
}

/// How far ahead of the next game to hand out the workers may run: the
/// games waiting to be handed over in order are bounded by it, whatever
/// the batch's size.
const REORDER_WINDOW: u32 = 1024;

/// Runs a batch and hands each game's summary to `on_game` in game order,
/// as soon as it and every game before it are finished: nothing is held
/// per game, so a batch of four billion games needs no more memory than
/// one of four (`simulate --games 4294967295` once tried to reserve room
/// for every summary up front). Stops early when `cancel` is set; the
/// games handed over are then a prefix of the batch.
pub fn run_streaming<R: Computer>(
    board: Arc<R::Board>,
    cfg: &SimConfig<R>,
    progress: &(dyn Fn(u32) + Sync),
    cancel: &AtomicBool,
    on_game: &mut dyn FnMut(GameSummary),
) {
    let know = R::knowledge(board);
    let next = AtomicU32::new(0);
    let done = AtomicU32::new(0);
    let threads = cfg.threads.clamp(1, 256);
    let jobs = cfg.jobs();
    // Games handed over so far, for the workers' window.
    let emitted = (Mutex::new(0u32), Condvar::new());
    let (tx, rx) = mpsc::channel::<GameSummary>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (know, next, done, emitted) = (&know, &next, &done, &emitted);
            s.spawn(move || {
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= jobs {
                        break;
                    }
                    // Wait while this game would run too far ahead of the
                    // ones still to be handed over.
                    let (lock, cv) = emitted;
                    let mut e = lock.lock().unwrap_or_else(|p| p.into_inner());
                    while k >= e.saturating_add(REORDER_WINDOW) && !cancel.load(Ordering::Relaxed) {
                        // A timeout, so a cancel is seen even if no game
                        // is handed over any more.
                        e = match cv.wait_timeout(e, std::time::Duration::from_millis(50)) {
                            Ok((e, _)) => e,
                            Err(p) => p.into_inner().0,
                        };
                    }
                    drop(e);
                    let (i, swapped) = cfg.job(k);
                    let g = play_seated(know, cfg, i, swapped);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    if tx.send(g).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Hand games over in order; later ones wait in a small buffer.
        let mut waiting: BTreeMap<u32, GameSummary> = BTreeMap::new();
        let mut want = 0u32;
        for g in rx {
            waiting.insert(cfg.job_of(&g), g);
            while let Some(g) = waiting.remove(&want) {
                on_game(g);
                want += 1;
            }
            let (lock, cv) = &emitted;
            *lock.lock().unwrap_or_else(|p| p.into_inner()) = want;
            cv.notify_all();
        }
        // Cancelled: games after a gap are not handed over, so what was
        // handed over is a prefix.
        let _ = waiting;
    });
}

/// Games played before a batch may stop at its precision: early
/// intervals rest on too few games to trust.
pub const MIN_PRECISION_GAMES: u32 = 100;

/// Runs a batch that stops once the 95% interval of every side's win
/// rate is at most ± `points` percentage points, when given (after
/// [`MIN_PRECISION_GAMES`]), or at `cfg.games`, or on `cancel`. Each
/// counted game goes into `tally` and then to `on_game` with the
/// half-width reached so far (a fraction). Games finished after the stop
/// are not counted, so the batch is the same prefix on any thread count.
/// Sets `cancel` when it stops for precision, and returns the half-width
/// it stopped at.
pub fn run_to_precision<R: Computer>(
    board: Arc<R::Board>,
    cfg: &SimConfig<R>,
    points: Option<f64>,
    tally: &mut BatchTally,
    progress: &(dyn Fn(u32) + Sync),
    cancel: &AtomicBool,
    on_game: &mut dyn FnMut(GameSummary, f64),
) -> Option<f64> {
    let mut reached = None;
    run_streaming(board, cfg, progress, cancel, &mut |g| {
        if reached.is_some() {
            return;
        }
        tally.add(&g);
        let h = tally.half_width();
        // With swapped seats, only after both plays of a game.
        if points.is_some_and(|p| {
            tally.complete() && tally.games() >= MIN_PRECISION_GAMES && h * 100.0 <= p
        }) {
            reached = Some(h);
            cancel.store(true, Ordering::Relaxed);
        }
        on_game(g, h);
    });
    reached
}

#[cfg(test)]
mod tests;
