//! How strong a player is on battles it was not tuned on (issue 69): two
//! players meet on a rule set's generated mirrored battles
//! (`scenario::mirror::battle`), each battle played twice with the same
//! dice, the second time with the players exchanged, and the first
//! player's paired score is reported with its 95% interval, with what
//! each player's decisions cost.
//!
//! The battle seeds are split once and for all: seeds below
//! [`HELD_OUT_FROM`] are the **tuning half**, the only battles a player's
//! weights, portfolio or margins may be chosen on; seeds from it on are
//! the **held-out half**, the only battles a strength figure is reported
//! from.

use super::paired::Paired;
use super::{GameResult, SimConfig, default_threads};
use crate::ai::{Computer, PlayerKind};
use crate::rules::{RuleSet, Visit, dispatch};
use crate::scenario::mirror;
use serde::Serialize;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The first seed of the held-out half.
pub const HELD_OUT_FROM: u64 = 1_000_000;

/// What to measure.
#[derive(Clone, Debug)]
pub struct StrengthConfig {
    pub rules: RuleSet,
    /// The two players; the report scores the first.
    pub players: [PlayerKind; 2],
    /// Battles to play (each twice), seeds `first..first + battles`.
    pub battles: u32,
    pub first: u64,
    pub threads: usize,
}

impl StrengthConfig {
    /// `battles` of the held-out half.
    pub fn held_out(rules: RuleSet, players: [PlayerKind; 2], battles: u32) -> Self {
        StrengthConfig {
            rules,
            players,
            battles,
            first: HELD_OUT_FROM,
            threads: default_threads(),
        }
    }
}

/// What the battles said.
#[derive(Clone, Debug, Serialize)]
pub struct Strength {
    pub rules: &'static str,
    pub players: [String; 2],
    pub first: u64,
    pub battles: u32,
    /// Whether every battle was from the held-out half.
    pub held_out: bool,
    pub paired: Paired,
    /// Seconds each player spent choosing, over all games, and the
    /// commands it gave.
    pub seconds: [f64; 2],
    pub decisions: [u64; 2],
    /// Games (of 2 a battle) that ended unfinished or drawn.
    pub draws: u32,
}

impl Strength {
    /// The first player's paired score: 0.5 is no better than the second.
    pub fn score(&self) -> super::Interval {
        self.paired.report().player_score
    }

    /// The first player's CPU a game over the second's.
    pub fn cost_ratio(&self) -> f64 {
        self.seconds[0] / self.seconds[1].max(1e-9)
    }

    pub fn text(&self) -> String {
        let s = self.score();
        let games = f64::from(self.battles.max(1)) * 2.0;
        let ms = |i: usize| self.seconds[i] * 1000.0 / games;
        let per = |i: usize| self.seconds[i] * 1e6 / (self.decisions[i].max(1) as f64);
        let half = if self.held_out {
            "held-out half"
        } else {
            "TUNING half: not a figure to report"
        };
        format!(
            "{rules}: {a} against {b} on {n} generated mirrored battles, seeds {f}..{l} ({half}), \
             each played from both seats\n\
             {a} scores {p:.1}% [{lo:.1}-{hi:.1}] (paired 95% interval): {d:+.1} points [{dlo:+.1} to {dhi:+.1}]\n\
             draws or unfinished: {draws} of {g}\n\
             cost: {a} {ma:.1} ms a game ({pa:.0} us a decision), {b} {mb:.1} ms a game ({pb:.0} us a decision); ratio {r:.3}x\n",
            rules = self.rules,
            a = self.players[0],
            b = self.players[1],
            n = self.battles,
            f = self.first,
            l = self.first + u64::from(self.battles),
            p = s.rate * 100.0,
            lo = s.low * 100.0,
            hi = s.high * 100.0,
            d = (s.rate - 0.5) * 100.0,
            dlo = (s.low - 0.5) * 100.0,
            dhi = (s.high - 0.5) * 100.0,
            draws = self.draws,
            g = self.battles * 2,
            ma = ms(0),
            mb = ms(1),
            pa = per(0),
            pb = per(1),
            r = self.cost_ratio(),
        )
    }
}

/// One battle, both plays: the results (straight, swapped), and the
/// seconds and decisions of each player (by player, not by side).
struct BattleResult {
    straight: GameResult,
    swapped: GameResult,
    seconds: [f64; 2],
    decisions: [u64; 2],
}

struct PlayBattle<'a> {
    cfg: &'a StrengthConfig,
    seed: u64,
}

impl Visit for PlayBattle<'_> {
    type Output = Option<BattleResult>;
    fn visit<R: Computer>(self) -> Option<BattleResult> {
        let (s, map) = mirror::battle(&self.cfg.rules, self.seed);
        let board = Arc::new(R::board(&s, &map).ok()?);
        let know = R::knowledge(board);
        let mut sim = SimConfig::<R>::new(1, self.seed);
        sim.players = self.cfg.players;
        let mut out = BattleResult {
            straight: GameResult::Unfinished,
            swapped: GameResult::Unfinished,
            seconds: [0.0; 2],
            decisions: [0; 2],
        };
        for swapped in [false, true] {
            let (g, secs, n) = timed_game::<R>(&know, &sim, swapped);
            for side in 0..2 {
                // The player seated on `side` this play.
                let player = if swapped { 1 - side } else { side };
                out.seconds[player] += secs[side];
                out.decisions[player] += n[side];
            }
            if swapped {
                out.swapped = g;
            } else {
                out.straight = g;
            }
        }
        Some(out)
    }
}

/// Plays game 0 of `sim` as `play_seated` does (the same seeds and
/// players), timing each side's choices.
fn timed_game<R: Computer>(
    know: &Arc<R::Knowledge>,
    sim: &SimConfig<R>,
    swapped: bool,
) -> (GameResult, [f64; 2], [u64; 2]) {
    let seed = super::game_seed(sim.seed, 0);
    let board = R::knowledge_board(know).clone();
    let mut game: crate::engine::Game<R> =
        crate::engine::Game::with_board(board, seed, R::batch_setup(false), String::new());
    let kinds = if swapped {
        [sim.players[1], sim.players[0]]
    } else {
        sim.players
    };
    let mut players = [
        R::computer(kinds[0], know, &sim.tuning, seed ^ 0x5EED_0001),
        R::computer(kinds[1], know, &sim.tuning, seed ^ 0x5EED_0002),
    ];
    let (mut secs, mut n) = ([0.0; 2], [0u64; 2]);
    let mut commands = 0;
    while commands < sim.max_commands && !game.is_over() {
        let side = game.to_act() as usize & 1;
        let t = Instant::now();
        let cmd = players[side].choose(&game.state);
        secs[side] += t.elapsed().as_secs_f64();
        n[side] += 1;
        let Some(cmd) = cmd else { break };
        if game.execute_unrecorded(&cmd).is_err() {
            break;
        }
        commands += 1;
    }
    let result = match game.outcome() {
        Some(crate::engine::GameEnd::Win { side, .. }) => GameResult::Win(side),
        Some(crate::engine::GameEnd::Draw { .. }) => GameResult::Draw,
        None => GameResult::Unfinished,
    };
    (result, secs, n)
}

/// Plays the battles on `cfg.threads` threads; `progress(done, total)`
/// after each battle; `cancel` stops early (the battles finished count).
/// The results do not depend on the threads.
pub fn measure(
    cfg: &StrengthConfig,
    progress: &(dyn Fn(u32, u32) + Sync),
    cancel: &AtomicBool,
) -> Strength {
    let next = AtomicU64::new(0);
    let done = Mutex::new((Paired::default(), [0.0f64; 2], [0u64; 2], 0u32, 0u32));
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= u64::from(cfg.battles) {
                        break;
                    }
                    let seed = cfg.first + k;
                    let r = dispatch(&cfg.rules, PlayBattle { cfg, seed });
                    let Ok(mut d) = done.lock() else { break };
                    if let Some(r) = r {
                        d.0.add(r.straight, r.swapped);
                        for i in 0..2 {
                            d.1[i] += r.seconds[i];
                            d.2[i] += r.decisions[i];
                        }
                        d.3 += [r.straight, r.swapped]
                            .iter()
                            .filter(|g| !matches!(g, GameResult::Win(_)))
                            .count() as u32;
                    }
                    d.4 += 1;
                    progress(d.4, cfg.battles);
                }
            });
        }
    });
    let (paired, seconds, decisions, draws, played) =
        done.into_inner().unwrap_or_else(|e| e.into_inner());
    Strength {
        rules: cfg.rules.short_name(),
        players: cfg.players.map(|p| p.label()),
        first: cfg.first,
        battles: played,
        held_out: cfg.first >= HELD_OUT_FROM,
        paired,
        seconds,
        decisions,
        draws,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue69_a_player_against_itself_scores_even_and_the_split_is_reported() {
        for rules in RuleSet::every() {
            let mut cfg =
                StrengthConfig::held_out(rules, [PlayerKind::Heuristic, PlayerKind::Heuristic], 3);
            cfg.threads = 2;
            let s = measure(&cfg, &|_, _| {}, &AtomicBool::new(false));
            assert_eq!(s.battles, 3);
            assert!(s.held_out);
            // The same player both seats: every battle's two plays are
            // each other's mirror in players, so the score is exactly ½.
            assert!((s.score().rate - 0.5).abs() < 1e-9, "{}", s.text());
            assert!(s.decisions[0] > 0 && s.decisions[1] > 0);
            let mut tuning = cfg.clone();
            tuning.first = 0;
            tuning.battles = 1;
            let t = measure(&tuning, &|_, _| {}, &AtomicBool::new(false));
            assert!(!t.held_out && t.text().contains("TUNING half"));
        }
    }
}
