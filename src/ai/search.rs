//! The search player, one for every rule set: it works through the
//! contract alone (clone the state, execute, outcome, tallies) plus each
//! rule set's heuristic player, used as scripts and playout policy.
//!
//! Method: **portfolio search with policy rollouts** at the level of a
//! player's turn. A rule set offers a small portfolio of scripts
//! ([`Computer::portfolio`]): its heuristic player under a few named
//! temperaments ("as tuned", "bold", "cautious"...), the temperaments
//! taken of the rule set's default tuning and "as tuned" the player's own
//! ([`fixed_portfolio`]), so that a weight of the tuning moves one script
//! and the playouts, not every script at once. Once per game turn
//! (once per part of it the side owns, where the rules give each side its
//! player-turn: `Rules::phasing`) the search scores every script by
//! playing the game out to its end: the script plays this side for the
//! rest of that part, then the side's **base policy** plays it, and the
//! heuristic as tuned plays the enemy throughout. The base policy is the
//! heuristic as tuned unless the rule set names a temperament that plays
//! the side better all game ([`Computer::base_script`]). Answers given
//! in the enemy's part (a retreat, a withdrawal, a card choice) are the
//! base policy's: a plan made there would choose the side's script for
//! its own part from a position half-way through the enemy's. A playout
//! is scored by the scenario's victory conditions, through
//! `Rules::outcome` (1 a win, ½ a draw, 0 a loss),
//! plus a tenth of the loss margin to tell apart playouts that end the
//! same way. The best script then plays the turn. This is Churchill and
//! Buro's portfolio search (AIIDE 2013) over whole-force scripts, with
//! the rollout improvement of a base policy (Tesauro and Galperin,
//! NIPS 1996; Bertsekas' rollout algorithms): against the heuristic as
//! opponent, choosing the best one-turn deviation from the base policy
//! by its playout value cannot do worse than the base policy in
//! expectation.
//!
//! The playouts are shared out by **sequential halving** (Karnin, Koren
//! and Somekh, ICML 2013), a best-arm identification for a fixed budget:
//! in each of ⌈log₂ K⌉ rounds the surviving scripts get an equal share,
//! and the better half survives; the base policy is the first arm, and
//! ties go to it. Where a rule set asks ([`Computer::base_margin`]),
//! the winner must beat the base policy's mean by a margin, or the base
//! plays the turn. Chance is sampled with **common random numbers**:
//! the j-th playout of every script uses the same dice and the same
//! players' seeds, so scripts are compared on the same luck.
//!
//! Where a rule set asks for it ([`Computer::SMALL_CHOICE`]), a choice
//! among only a few commands (at most that many listed by
//! `legal_commands`: a card, a rally, one of two targets) is searched
//! command by command, the flat Monte Carlo of Abramson's expected-
//! outcome model (1990) with the turn's script as the playout policy:
//! each option is executed and the game played out ¼ of the budget
//! times (at least 2), with common random numbers, and the best mean
//! is played, a tie going to the script's own command. Small choices
//! spend at most about the budget a turn, the first ones first. Where the
//! playouts overrule the script, a fresh player of the same script
//! takes up from the position reached (the old one planned on its own
//! command). Each rule set sets the size by measurement: choices it
//! pays to play out in One Hour cut across a whole activation's plan in
//! Napoleon.
//!
//! A playout is the same game as another script's playout of the same
//! number when its scripted part played the same commands: the same
//! luck, the same enemy player, and from there the same fresh player of
//! the base policy. It takes that playout's value instead of being
//! played again (a memo of the plan's playouts); the scores are exactly
//! those of playing every playout in full, at less cost where
//! temperaments agree for a turn.
//!
//! The budget is a count of playouts per turn, never a time: a game
//! against the search player is a pure function of scenario, seeds and
//! budget and replays byte for byte.

use super::{Computer, Player};
use crate::engine::{Dice, GameEnd};
use std::sync::Arc;

/// The budget the command line and the start dialog offer first.
pub const DEFAULT_BUDGET: u32 = 16;

/// Commands a playout may run before it is scored as it stands (games
/// end by turn limits long before).
const PLAYOUT_LIMIT: usize = 20_000;

/// The values of one plan's playouts by their number and the commands of
/// their scripted part, for [`SearchPlayer::play_out`].
struct Memo<C> {
    seen: Vec<(u64, Vec<C>, f64)>,
    /// Playouts that took another's value.
    hits: u32,
}

impl<C: PartialEq> Memo<C> {
    fn new() -> Self {
        Memo {
            seen: Vec::new(),
            hits: 0,
        }
    }

    fn value(&mut self, j: u64, trace: &[C]) -> Option<f64> {
        let v = self
            .seen
            .iter()
            .find(|(k, t, _)| *k == j && t.as_slice() == trace)
            .map(|(_, _, v)| *v);
        self.hits += u32::from(v.is_some());
        v
    }
}

/// One script of a rule set's portfolio: its heuristic player under a
/// named temperament.
#[derive(Clone, Debug)]
pub struct Script<T> {
    pub name: &'static str,
    pub tuning: T,
}

impl<T> Script<T> {
    pub fn new(name: &'static str, tuning: T) -> Self {
        Script { name, tuning }
    }
}

/// How a script scored when the search last planned.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptScore {
    pub name: &'static str,
    /// The mean playout score (1 a win, ½ a draw, 0 a loss, plus a tenth
    /// of the loss margin).
    pub score: f64,
    pub playouts: u32,
    /// Whether it is the side's base policy ([`Computer::base_script`]):
    /// it plays on after the turn in every playout and wins ties.
    pub base: bool,
    /// The command the script gives in the position planned from, as
    /// `vedette play` reads commands (RON).
    pub first: Option<String>,
}

/// The last plan: for which turn, and every script's score, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub turn: u32,
    pub side: u8,
    pub scores: Vec<ScriptScore>,
    /// How much better than the base another script had to score to be
    /// chosen ([`Computer::base_margin`]; 0: any better score).
    pub margin: f64,
}

/// The search player (see the module's comment).
pub struct SearchPlayer<R: Computer> {
    know: Arc<R::Knowledge>,
    /// The player's own tuning: the enemy's player in every playout.
    enemy: R::Tuning,
    /// Each side's scripts (a portfolio may follow a side's victory
    /// conditions).
    scripts: [Vec<Script<R::Tuning>>; 2],
    /// Each side's base policy, an index into its scripts
    /// ([`Computer::base_script`]).
    bases: [usize; 2],
    /// How much better another script must score for each side to leave
    /// its base policy for a turn ([`Computer::base_margin`]).
    margins: [f64; 2],
    budget: u32,
    seed: u64,
    /// Plans made so far (each plan's playouts take fresh seeds).
    plans: u64,
    /// The turn, side and part of the turn the current script was chosen
    /// for.
    planned: Option<(u32, u8, Option<u8>)>,
    current: Option<Box<dyn Player<R> + Send>>,
    /// Answers this side gives in the other side's part of a turn (a
    /// retreat, a withdrawal): the base policy gives them, so a
    /// plan is always made at the start of the side's own part.
    answers: Option<Box<dyn Player<R> + Send>>,
    last: Option<Plan>,
    loss_limits: [u32; 2],
    /// Small choices searched so far (each takes fresh seeds), and how
    /// many of them the search played another command than its script's.
    choices: u64,
    deviations: u64,
    /// The turn and the playouts its small choices have spent.
    small_spent: (u32, u32),
    /// The script the current part of the turn is played by.
    script: usize,
}

impl<R: Computer> SearchPlayer<R> {
    pub fn new(know: &Arc<R::Knowledge>, tuning: &R::Tuning, budget: u32, seed: u64) -> Self {
        let board = R::knowledge_board(know);
        let scale = R::batch_scale(board);
        let scripts = [0, 1].map(|side| fixed_portfolio::<R>(know, side, tuning));
        // A portfolio holds "as tuned" at least, so `len() - 1` is an
        // index.
        let bases =
            [0, 1].map(|side| R::base_script(know, side).min(scripts[usize::from(side)].len() - 1));
        let margins = [0, 1].map(|side| R::base_margin(know, side).max(0.0));
        SearchPlayer {
            know: know.clone(),
            enemy: tuning.clone(),
            scripts,
            bases,
            margins,
            budget,
            seed,
            plans: 0,
            planned: None,
            current: None,
            answers: None,
            last: None,
            loss_limits: scale.loss_limits,
            choices: 0,
            deviations: 0,
            small_spent: (0, 0),
            script: 0,
        }
    }

    /// The tuning of `me`'s base policy.
    fn base_of(&self, me: u8) -> &R::Tuning {
        let side = usize::from(me);
        &self.scripts[side][self.bases[side]].tuning
    }

    /// A playout's value to `me`.
    fn value(&self, st: &R::State, me: u8) -> f64 {
        playout_value::<R>(st, me, self.loss_limits)
    }

    /// Plays `st` out with script `script` for `me` until this part of
    /// the turn ends, then the base policy; `j` picks the
    /// playout's luck, the same for every script.
    fn playout(
        &self,
        st: &R::State,
        me: u8,
        turn: u32,
        script: usize,
        j: u64,
        memo: &mut Memo<R::Command>,
    ) -> f64 {
        let seed = self.playout_seed(j);
        let mut dice = Dice::new(seed);
        self.play_out(
            st.clone(),
            me,
            turn,
            R::phasing(st),
            script,
            seed,
            &mut dice,
            Some((memo, j)),
        )
    }

    /// The seed of the current plan's `j`-th playouts.
    fn playout_seed(&self, j: u64) -> u64 {
        splitmix(self.seed ^ splitmix(self.plans) ^ splitmix(j.wrapping_add(0x5eed)))
    }

    /// Plays `st` to its end: `script` for `me` while the turn is `turn`
    /// and its part `part`, then a fresh player of the base policy; the
    /// heuristic as tuned for the enemy throughout. With a `memo` and the
    /// playout's number `j`, a playout whose scripted part played the
    /// same commands as another script's `j`-th (the same luck, the same
    /// players from there on) takes its value instead of playing the same
    /// game again.
    #[allow(clippy::too_many_arguments)]
    fn play_out(
        &self,
        mut st: R::State,
        me: u8,
        turn: u32,
        part: Option<u8>,
        script: usize,
        seed: u64,
        dice: &mut Dice,
        mut memo: Option<(&mut Memo<R::Command>, u64)>,
    ) -> f64 {
        let mut mine = R::heuristic(
            &self.know,
            &self.scripts[usize::from(me)][script].tuning,
            splitmix(seed ^ 1),
        );
        let mut theirs = R::heuristic(&self.know, &self.enemy, splitmix(seed ^ 2));
        let mut scripted = true;
        let mut trace = Vec::new();
        for _ in 0..PLAYOUT_LIMIT {
            if R::outcome(&st).is_some() {
                break;
            }
            let side = R::to_act(&st);
            if scripted && side == me && (R::tallies(&st).turn != turn || R::phasing(&st) != part) {
                if let Some((memo, j)) = &mut memo
                    && let Some(v) = memo.value(*j, &trace)
                {
                    return v;
                }
                mine = R::heuristic(&self.know, self.base_of(me), splitmix(seed ^ 3));
                scripted = false;
            }
            let p = if side == me { &mut mine } else { &mut theirs };
            let Some(cmd) = p.choose(&st) else { break };
            if R::execute(&mut st, &cmd, dice).is_err() {
                break;
            }
            if scripted && memo.is_some() {
                trace.push(cmd);
            }
        }
        let v = self.value(&st, me);
        if let Some((memo, j)) = &mut memo
            && !scripted
        {
            memo.seen.push((*j, trace, v));
        }
        v
    }

    /// A choice among a few commands (`options`, the script's `proposed`
    /// among them): each is played `per` times, then the game out as a
    /// playout from this part of the turn, with common random numbers;
    /// the best mean wins, a tie the script's.
    fn small_choice(
        &mut self,
        st: &R::State,
        me: u8,
        script: usize,
        options: Vec<R::Command>,
        proposed: R::Command,
        per: u32,
    ) -> (R::Command, bool) {
        let turn = R::tallies(st).turn;
        let part = R::phasing(st);
        self.choices += 1;
        let mut best: Option<(f64, bool, R::Command)> = None;
        for c in options {
            let mut total = 0.0;
            for j in 0..per {
                let seed = splitmix(
                    self.seed ^ splitmix(self.choices ^ 0xc401ce) ^ splitmix(u64::from(j) + 0x5eed),
                );
                let mut dice = Dice::new(seed);
                let mut next = st.clone();
                if R::execute(&mut next, &c, &mut dice).is_err() {
                    total = f64::NEG_INFINITY;
                    break;
                }
                total += self.play_out(next, me, turn, part, script, seed, &mut dice, None);
            }
            let is_proposed = c == proposed;
            let better = match &best {
                None => true,
                Some((b, bp, _)) => total > *b || (total == *b && is_proposed && !bp),
            };
            if better {
                best = Some((total, is_proposed, c));
            }
        }
        match best {
            Some((_, p, c)) => (c, !p),
            None => (proposed, false),
        }
    }

    /// Chooses this turn's script by sequential halving, the base policy
    /// the first arm: a tie goes to it (with common random numbers many
    /// playouts of two scripts end alike), and a budget too small for
    /// every script still weighs it.
    fn plan(&mut self, st: &R::State, me: u8, turn: u32) -> usize {
        let scripts = &self.scripts[usize::from(me)];
        let k = scripts.len();
        let base = self.bases[usize::from(me)];
        let order: Vec<usize> = std::iter::once(base)
            .chain((0..k).filter(|&s| s != base))
            .collect();
        let mut memo = Memo::new();
        let (arm, arm_sum, arm_n) = sequential_halving(k, self.budget, |a, j| {
            self.playout(st, me, turn, order[a], j, &mut memo)
        });
        let arm = leave_base_by(arm, &arm_sum, &arm_n, self.margins[usize::from(me)]);
        let best = order[arm];
        let (mut sum, mut n) = (vec![0.0; k], vec![0; k]);
        for (a, &s) in order.iter().enumerate() {
            (sum[s], n[s]) = (arm_sum[a], arm_n[a]);
        }
        let mut scores: Vec<ScriptScore> = (0..k)
            .filter(|&s| s == best || n[s] > 0)
            .map(|s| {
                let first = R::heuristic(&self.know, &scripts[s].tuning, self.seed)
                    .choose(st)
                    .map(|c| ron::to_string(&c).unwrap_or_else(|_| format!("{c:?}")));
                ScriptScore {
                    name: scripts[s].name,
                    score: mean(&sum, &n, s),
                    playouts: n[s],
                    base: s == base,
                    first,
                }
            })
            .collect();
        // The chosen script first, then by score.
        scores.sort_by(|a, b| {
            let chosen = |x: &ScriptScore| x.name == scripts[best].name;
            chosen(b)
                .cmp(&chosen(a))
                .then(b.playouts.cmp(&a.playouts))
                .then(b.score.total_cmp(&a.score))
        });
        self.last = Some(Plan {
            turn,
            side: me,
            scores,
            margin: self.margins[usize::from(me)],
        });
        self.plans += 1;
        best
    }
}

impl<R: Computer> Player<R> for SearchPlayer<R> {
    fn plan(&self) -> Option<&Plan> {
        self.last.as_ref()
    }

    fn choose(&mut self, st: &R::State) -> Option<R::Command> {
        if R::outcome(st).is_some() {
            return None;
        }
        let me = R::to_act(st);
        let turn = R::tallies(st).turn;
        let part = R::phasing(st);
        let answering = part.is_some_and(|p| p != me);
        let mut cmd = if answering {
            // An answer in the enemy's part of the turn: planning here
            // would choose this side's script for its own part from a
            // position half-way through the enemy's.
            let seed = splitmix(self.seed ^ 0xa115);
            if self.answers.is_none() {
                self.answers = Some(R::heuristic(&self.know, self.base_of(me), seed));
            }
            self.answers.as_mut().and_then(|p| p.choose(st))
        } else {
            if self.planned != Some((turn, me, part)) || self.current.is_none() {
                let best = self.plan(st, me, turn);
                let seed = splitmix(self.seed ^ splitmix(self.plans ^ 0x9e37));
                let t = &self.scripts[usize::from(me)][best].tuning;
                self.current = Some(R::heuristic(&self.know, t, seed));
                self.planned = Some((turn, me, part));
                self.script = best;
            }
            self.current.as_mut().and_then(|p| p.choose(st))
        };
        if let Some(c) = cmd.clone()
            && R::SMALL_CHOICE >= 2
        {
            if self.small_spent.0 != turn {
                self.small_spent = (turn, 0);
            }
            // Small choices spend at most about the budget a turn, the
            // first ones first: a side of many units meets many, and a
            // game must stay within a hundred heuristic games' time. Once
            // it is spent the commands are not even listed.
            let mut options = if self.small_spent.1 < self.budget {
                R::legal_commands(st)
            } else {
                Vec::new()
            };
            if options.len() >= 2 && options.len() <= R::SMALL_CHOICE {
                // The list gives a move by one path to each end: the
                // script's own command is weighed as it is (its listed
                // twin plays out alike and loses the tie).
                if !options.contains(&c) {
                    options.push(c.clone());
                }
                let script = if answering {
                    self.bases[usize::from(me)]
                } else {
                    self.script
                };
                let per = (self.budget / 4).max(2);
                self.small_spent.1 += per * options.len() as u32;
                let (chosen, deviated) = self.small_choice(st, me, script, options, c, per);
                if deviated {
                    self.deviations += 1;
                    // The script's player planned on its own command:
                    // a fresh one takes up from the position reached.
                    let seed = splitmix(self.seed ^ splitmix(self.choices ^ 0xf7e5));
                    let t = self.scripts[usize::from(me)][script].tuning.clone();
                    let fresh = Some(R::heuristic(&self.know, &t, seed));
                    if answering {
                        self.answers = fresh;
                    } else {
                        self.current = fresh;
                    }
                }
                cmd = Some(chosen);
            }
        }
        match cmd {
            Some(c) if R::check(st, &c).is_ok() => Some(c),
            // A script's player is a heuristic player and proposes legal
            // commands; should one not, the search falls back on the
            // first listed rather than stop the game.
            _ => R::legal_commands(st).into_iter().next(),
        }
    }
}

/// The scripts a search player of `tuning` chooses among: `tuning`
/// itself ("as tuned"), then the rule set's temperaments of its *default*
/// tuning, then (when `tuning` is another) the default itself. The
/// temperaments are fixed points rather than `tuning` made bolder or more
/// careful, so a changed weight moves one script and the playouts, not
/// every choice the search has: on Waterloo at search:16, halving the
/// weight the heuristic puts on its own losses moved the French win rate
/// from 30.2% to 45.8% with temperaments of the changed tuning, and to
/// 32.0% with these (400 games each, the same seeds). With the default
/// tuning the portfolio is the rule set's own.
pub fn fixed_portfolio<R: Computer>(
    know: &R::Knowledge,
    side: u8,
    tuning: &R::Tuning,
) -> Vec<Script<R::Tuning>> {
    let default = R::Tuning::default();
    let mut scripts = vec![Script::new("as tuned", tuning.clone())];
    scripts.extend(R::portfolio(know, side, &default).into_iter().skip(1));
    if *tuning != default {
        scripts.push(Script::new("default", default));
    }
    scripts
}

/// How many of the first arms sequential halving can try with `budget`
/// pulls: the most `m` with m·⌈log₂ m⌉ ≤ budget, so that each survivor
/// of each round gets a pull (at least 1).
pub fn arms_within(k: usize, budget: u32) -> usize {
    let cost = |m: usize| m * rounds(m);
    (1..=k)
        .rev()
        .find(|&m| cost(m) <= budget as usize)
        .unwrap_or(1)
}

/// ⌈log₂ m⌉: the rounds of sequential halving over `m` arms.
fn rounds(m: usize) -> usize {
    (usize::BITS - m.saturating_sub(1).leading_zeros()) as usize
}

/// Sequential halving (Karnin, Koren and Somekh 2013) over the first
/// [`arms_within`] of `k` arms with at most `budget` pulls: each round
/// shares the budget equally among the survivors and keeps the better
/// half. `pull(arm, j)` is the arm's j-th sample; the j-th samples of
/// every arm should share their luck. Returns the best arm and every
/// arm's sum and count of samples; ties go to the lower arm.
pub fn sequential_halving(
    k: usize,
    budget: u32,
    mut pull: impl FnMut(usize, u64) -> f64,
) -> (usize, Vec<f64>, Vec<u32>) {
    let mut sum = vec![0.0f64; k];
    let mut n = vec![0u32; k];
    let m = arms_within(k, budget);
    let mut alive: Vec<usize> = (0..m).collect();
    let rounds = rounds(m);
    while alive.len() > 1 {
        let share = budget as usize / (alive.len() * rounds);
        for &a in &alive {
            for _ in 0..share {
                sum[a] += pull(a, u64::from(n[a]));
                n[a] += 1;
            }
        }
        // Best first; ties keep the arms' order.
        alive.sort_by(|&a, &b| {
            mean(&sum, &n, b)
                .total_cmp(&mean(&sum, &n, a))
                .then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2).min(alive.len() - 1));
    }
    (alive.first().copied().unwrap_or(0), sum, n)
}

/// The halving's winner `arm`, unless its mean playout score beats the
/// base policy's (arm 0) by less than `margin`: then the base policy.
fn leave_base_by(arm: usize, sum: &[f64], n: &[u32], margin: f64) -> usize {
    if arm != 0 && n[0] > 0 && mean(sum, n, arm) - mean(sum, n, 0) < margin {
        0
    } else {
        arm
    }
}

/// Arm `a`'s mean sample (0 before its first).
fn mean(sum: &[f64], n: &[u32], a: usize) -> f64 {
    sum[a] / f64::from(n[a].max(1))
}

/// A played-out position's value to `me`: 1 a win, ½ a draw (or no end),
/// 0 a loss by the scenario's victory conditions, plus a tenth of the
/// loss margin (each side's losses as a share of `loss_limits`) to tell
/// apart playouts that end the same way.
pub(crate) fn playout_value<R: Computer>(st: &R::State, me: u8, loss_limits: [u32; 2]) -> f64 {
    let result = match R::outcome(st) {
        Some(GameEnd::Win { side, .. }) if side == me => 1.0,
        Some(GameEnd::Win { .. }) => 0.0,
        Some(GameEnd::Draw { .. }) | None => 0.5,
    };
    let t = R::tallies(st);
    let share = |side: usize| f64::from(t.losses[side]) / f64::from(loss_limits[side].max(1));
    let (mine, theirs) = (usize::from(me & 1), usize::from(!me & 1));
    result + 0.1 * (share(theirs) - share(mine)).clamp(-1.0, 1.0)
}

/// SplitMix64's finaliser: turns counters into well-spread seeds.
pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::PlayerKind;
    use crate::rules::{Visit, dispatch};

    #[test]
    fn sequential_halving_finds_the_best_arm_within_its_budget() {
        // Arm 3 is best; every sample is its mean (no noise).
        let means = [0.2, 0.5, 0.4, 0.9, 0.1];
        for budget in [15, 16, 40, 100] {
            let mut pulls = 0;
            let (best, _, n) = sequential_halving(5, budget, |a, _| {
                pulls += 1;
                means[a]
            });
            assert_eq!(best, 3, "budget {budget}");
            assert!(pulls <= budget, "budget {budget}: {pulls} pulls");
            assert_eq!(n.iter().sum::<u32>(), pulls);
            // The best arm is sampled in every round, the worst only in
            // the first.
            assert!(n[3] > n[4], "{n:?}");
        }
        // Too small a budget for all five: the first m with m⌈log₂m⌉ ≤ B.
        assert_eq!(arms_within(5, 0), 1);
        assert_eq!(arms_within(5, 2), 2);
        assert_eq!(arms_within(5, 7), 3);
        assert_eq!(arms_within(5, 8), 4);
        assert_eq!(arms_within(5, 15), 5);
        let (best, _, n) = sequential_halving(5, 7, |a, _| means[a]);
        assert_eq!((best, n[3]), (1, 0), "arm 3 is beyond a budget of 7");
        // One arm: nothing to compare, no playout.
        let (best, _, n) = sequential_halving(1, 100, |_, _| unreachable!());
        assert_eq!((best, n), (0, vec![0]));
    }

    #[test]
    fn issue38_the_base_policy_is_left_only_by_its_margin() {
        // Eight playouts each: one more won of eight is 0.125.
        let n = [8, 8];
        assert_eq!(leave_base_by(1, &[4.0, 5.0], &n, 0.1), 1);
        assert_eq!(leave_base_by(1, &[4.0, 4.5], &n, 0.1), 0, "half a game");
        assert_eq!(leave_base_by(1, &[4.0, 4.5], &n, 0.0), 1, "no margin");
        assert_eq!(leave_base_by(0, &[4.0, 4.5], &n, 0.1), 0);
        // Three arms: the winner is weighed against the base's own mean.
        assert_eq!(leave_base_by(2, &[1.0, 0.5, 2.2], &[4, 2, 4], 0.1), 2);
        assert_eq!(leave_base_by(2, &[1.0, 0.5, 1.2], &[4, 2, 4], 0.1), 0);
    }

    #[test]
    fn ties_go_to_the_first_arm_and_samples_share_their_luck() {
        let mut seen = Vec::new();
        let (best, _, _) = sequential_halving(4, 8, |a, j| {
            seen.push((a, j));
            0.5
        });
        assert_eq!(best, 0);
        // Each arm's j-th sample is asked for with the same j.
        for a in 0..4 {
            assert!(seen.contains(&(a, 0)), "{seen:?}");
        }
    }

    #[test]
    fn issue38_a_changed_weight_moves_one_script_of_the_portfolio_not_every_temperament() {
        use crate::engine::Rules;
        use crate::rules::naw::engine::Naw;
        use crate::rules::naw::player::tuning::NawTuning;
        let l = &one_scenario_per_rule_set()[0];
        let know = Naw::knowledge(Arc::new(Naw::board(&l.scenario, &l.map).expect("plays")));
        let default = NawTuning::default();
        let own: Vec<_> = fixed_portfolio::<Naw>(&know, 0, &default)
            .into_iter()
            .map(|s| (s.name, s.tuning))
            .collect();
        let rule_set: Vec<_> = Naw::portfolio(&know, 0, &default)
            .into_iter()
            .map(|s| (s.name, s.tuning))
            .collect();
        assert_eq!(
            own, rule_set,
            "the default tuning's portfolio is the rule set's"
        );
        let bold = NawTuning {
            own_loss_weight: 0.5,
            ..default.clone()
        };
        let fixed = fixed_portfolio::<Naw>(&know, 0, &bold);
        assert_eq!((fixed[0].name, &fixed[0].tuning), ("as tuned", &bold));
        for (f, r) in fixed[1..rule_set.len()].iter().zip(&rule_set[1..]) {
            assert_eq!(
                (f.name, &f.tuning),
                (r.0, &r.1),
                "{} is of the default",
                r.0
            );
        }
        let last = fixed.last().expect("scripts");
        assert_eq!(
            (fixed.len(), last.name, &last.tuning),
            (rule_set.len() + 1, "default", &default)
        );
    }

    #[test]
    fn search_kinds_parse_with_their_budget() {
        assert_eq!(
            "search".parse::<PlayerKind>(),
            Ok(PlayerKind::Search {
                budget: DEFAULT_BUDGET
            })
        );
        assert_eq!(
            "search:64".parse::<PlayerKind>(),
            Ok(PlayerKind::Search { budget: 64 })
        );
        assert!("search:lots".parse::<PlayerKind>().is_err());
        assert_eq!(PlayerKind::Search { budget: 8 }.label(), "search:8");
        assert_eq!(PlayerKind::Heuristic.with_budget(8), PlayerKind::Heuristic);
    }

    /// Plays the search player (both seats, budget 4) against the
    /// heuristic twice with the same seeds; the commands, the plans and
    /// the end must be the same, and the game must end.
    struct SameTwice<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map);

    impl Visit for SameTwice<'_> {
        type Output = ();
        fn visit<R: Computer>(self) {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            let know = R::knowledge(board.clone());
            let tuning = R::Tuning::default();
            let play = |search_side: usize| {
                let (mut st, _) = R::start(&board, &R::batch_setup(false), &mut Dice::new(7));
                let mut search = SearchPlayer::<R>::new(&know, &tuning, 4, 11);
                let mut other = R::heuristic(&know, &tuning, 12);
                let mut dice = Dice::new(13);
                let mut log = Vec::new();
                let mut plans = Vec::new();
                for _ in 0..PLAYOUT_LIMIT {
                    if R::outcome(&st).is_some() {
                        break;
                    }
                    let side = usize::from(R::to_act(&st));
                    let cmd = if side == search_side {
                        let made = search.plans;
                        let c = search.choose(&st);
                        plans.push(format!("{:?}", search.plan()));
                        // The plan says what margin its base kept the
                        // turn by, which "Why:" prints.
                        if let Some(p) = search.plan() {
                            assert_eq!(
                                p.margin,
                                R::base_margin(&know, p.side).max(0.0),
                                "{}: the plan's margin",
                                R::NAME
                            );
                        }
                        // A plan is made only in the side's own part of
                        // the turn, never while it answers the enemy.
                        if search.plans != made {
                            assert!(
                                R::phasing(&st).is_none_or(|p| usize::from(p) == side),
                                "{}: planned in the enemy's part",
                                R::NAME
                            );
                        }
                        c
                    } else {
                        other.choose(&st)
                    };
                    let cmd = cmd.expect("a command");
                    R::execute(&mut st, &cmd, &mut dice).expect("legal");
                    log.push(cmd);
                }
                assert!(R::outcome(&st).is_some(), "{}: the game ends", R::NAME);
                (
                    log,
                    plans,
                    format!("{st:?}"),
                    (search.choices, search.deviations),
                )
            };
            for side in 0..2 {
                let a = play(side);
                let b = play(side);
                assert!(a == b, "{}: the same seeds give the same game", R::NAME);
                assert!(
                    a.1.iter().any(|p| p.contains("playouts: 2")),
                    "{}: the search played playouts",
                    R::NAME
                );
                // Small choices are played out where the rule set asks
                // for it, and only there.
                let (choices, deviations) = a.3;
                if R::SMALL_CHOICE >= 2 {
                    assert!(choices > 0, "{}: no small choice searched", R::NAME);
                } else {
                    assert_eq!((choices, deviations), (0, 0), "{}", R::NAME);
                }
            }
        }
    }

    #[test]
    fn issue38_the_search_plays_out_a_choice_among_few_commands_and_may_overrule_its_script() {
        use crate::engine::Rules;
        use crate::rules::one_hour::engine::OneHour;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let l = crate::files::load_scenario(&root.join("tests/data/mirror-one-hour.ron"))
            .expect("loads");
        let board = Arc::new(OneHour::board(&l.scenario, &l.map).expect("plays"));
        let know = OneHour::knowledge(board.clone());
        let tuning = <OneHour as Computer>::Tuning::default();
        let (mut st, _) = OneHour::start(&board, &OneHour::batch_setup(false), &mut Dice::new(3));
        let mut search = SearchPlayer::<OneHour>::new(&know, &tuning, 8, 5);
        let mut other = OneHour::heuristic(&know, &tuning, 6);
        let mut dice = Dice::new(7);
        let mut small = 0;
        while OneHour::outcome(&st).is_none() {
            let cmd = if OneHour::to_act(&st) == 1 {
                let few = OneHour::legal_commands(&st).len() <= OneHour::SMALL_CHOICE;
                let before = search.choices;
                let c = search.choose(&st).expect("a command");
                // Only choices among few commands are played out, and
                // no more a turn than the budget allows (the last may
                // overshoot it by one choice's playouts: 5 options at 2);
                // what it plays is legal.
                if search.choices > before {
                    assert!(few && OneHour::legal_commands(&st).len() > 1);
                }
                assert!(search.small_spent.1 < 8 + 5 * 2, "{:?}", search.small_spent);
                small += usize::from(search.choices > before);
                assert!(OneHour::check(&st, &c).is_ok());
                c
            } else {
                other.choose(&st).expect("a command")
            };
            OneHour::execute(&mut st, &cmd, &mut dice).expect("legal");
        }
        assert!(small > 0 && search.choices as usize == small);
        assert!(
            search.deviations > 0,
            "in {small} small choices the playouts never overruled the script"
        );
    }

    /// At up to four positions along a heuristic game, every script's
    /// first playouts with the memo score exactly as played out in full,
    /// and some take another script's value (their scripted part played
    /// the same commands).
    struct Memoized<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map);

    impl Visit for Memoized<'_> {
        type Output = ();
        fn visit<R: Computer>(self) {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            let know = R::knowledge(board.clone());
            let tuning = R::Tuning::default();
            let (mut st, _) = R::start(&board, &R::batch_setup(false), &mut Dice::new(7));
            let search = SearchPlayer::<R>::new(&know, &tuning, 4, 11);
            let mut players = [
                R::heuristic(&know, &tuning, 1),
                R::heuristic(&know, &tuning, 2),
            ];
            let mut dice = Dice::new(13);
            let (mut positions, mut hits) = (0, 0);
            for step in 0..PLAYOUT_LIMIT {
                if R::outcome(&st).is_some() || positions == 4 {
                    break;
                }
                let me = R::to_act(&st);
                let part = R::phasing(&st);
                if step % 40 == 0 && part.is_none_or(|p| p == me) {
                    positions += 1;
                    let turn = R::tallies(&st).turn;
                    let mut memo = Memo::new();
                    for s in 0..search.scripts[usize::from(me)].len() {
                        for j in 0..2 {
                            let v = search.playout(&st, me, turn, s, j, &mut memo);
                            let seed = search.playout_seed(j);
                            let mut d = Dice::new(seed);
                            let full =
                                search.play_out(st.clone(), me, turn, part, s, seed, &mut d, None);
                            assert_eq!(v, full, "{}: script {s}, playout {j}", R::NAME);
                        }
                    }
                    hits += memo.hits;
                }
                let cmd = players[usize::from(me)].choose(&st).expect("a command");
                R::execute(&mut st, &cmd, &mut dice).expect("legal");
            }
            assert!(positions >= 2, "{}: {positions} positions", R::NAME);
            assert!(hits > 0, "{}: no playout took another's value", R::NAME);
        }
    }

    #[test]
    fn issue38_a_playout_the_memo_answers_scores_as_played_in_full_for_every_rule_set() {
        for l in one_scenario_per_rule_set() {
            dispatch(&l.scenario.rules.clone(), Memoized(&l.scenario, &l.map));
        }
    }

    /// A shipped scenario of each rule set.
    fn one_scenario_per_rule_set() -> Vec<crate::files::LoadedScenario> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        [
            "tutorial.ron",
            "saint-aubin.ron",
            "waterloo-one-hour.ron",
            "hits16-tutorial.ron",
        ]
        .iter()
        .map(|f| crate::files::load_scenario(&root.join("scenarios").join(f)).expect("loads"))
        .collect()
    }

    /// A rule set's portfolio for each side: "as tuned" first, then
    /// temperaments that each play otherwise (a script equal to another
    /// only spends the budget on the same player twice), and a base
    /// policy among them.
    struct Distinct<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map);

    impl Visit for Distinct<'_> {
        type Output = ();
        fn visit<R: Computer>(self) {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            let know = R::knowledge(board);
            let t = R::Tuning::default();
            for side in 0..2 {
                let p = R::portfolio(&know, side, &t);
                assert_eq!((p[0].name, &p[0].tuning), ("as tuned", &t), "{}", R::NAME);
                assert!(p.len() >= 2, "{}: something to choose between", R::NAME);
                assert!(R::base_script(&know, side) < p.len(), "{}: a base", R::NAME);
                for (i, a) in p.iter().enumerate() {
                    for b in &p[i + 1..] {
                        assert!(
                            a.name != b.name && a.tuning != b.tuning,
                            "{}: {} and {}",
                            R::NAME,
                            a.name,
                            b.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn issue38_every_rule_sets_portfolio_holds_distinct_temperaments() {
        for l in one_scenario_per_rule_set() {
            dispatch(&l.scenario.rules.clone(), Distinct(&l.scenario, &l.map));
        }
    }

    #[test]
    fn issue38_a_search_game_is_a_pure_function_of_its_seeds_for_every_rule_set() {
        for l in one_scenario_per_rule_set() {
            dispatch(&l.scenario.rules.clone(), SameTwice(&l.scenario, &l.map));
        }
    }
}
