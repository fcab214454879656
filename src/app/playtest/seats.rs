//! The computer seats of a playtest, for any rule set: they play when it
//! is their side's turn, at the chosen speed, and can be paused or
//! stepped one command at a time. A computer player chooses on a worker
//! thread, so a search player's plan (a second or more at a high
//! budget) never stalls the window; what it chose is played only if the
//! game is still where it was asked.

use crate::ai::Computer;
use crate::ai::search::Plan;
use crate::engine::Rules;
use crate::play::{ComputerMove, Computers, Session, Thinker};
use std::sync::mpsc;
use std::time::Duration;

/// How long a frame waits for a computer player's answer before drawing
/// and looking again next frame (a heuristic player answers well
/// within it, so its commands show with no extra frame).
const ANSWER_WAIT: Duration = Duration::from_millis(8);

/// Where the game was when a player was asked: the commands played and
/// the last of them (an undo and another command give a different one).
type Position<R> = (usize, Option<<R as Rules>::Command>);

fn position<R: Computer>(session: &Session<R>) -> Position<R> {
    (
        session.game.history.len(),
        session.game.history.last().map(|(c, _)| c.clone()),
    )
}

/// What the computer seats are doing between frames.
enum Brain<R: Computer> {
    Idle,
    /// A player is choosing on a worker thread.
    Thinking {
        side: u8,
        at: Position<R>,
        answer: mpsc::Receiver<(Thinker<R>, Option<R::Command>)>,
    },
    /// A player has chosen; the command waits for its moment (the game
    /// paused, or being looked back through).
    Ready {
        side: u8,
        at: Position<R>,
        cmd: Option<R::Command>,
    },
}

/// How fast computer seats play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Slow,
    Normal,
    Fast,
    /// As many commands a frame as fit in a few milliseconds.
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    fn delay(self) -> f64 {
        match self {
            Speed::Slow => 1.2,
            Speed::Normal => 0.5,
            Speed::Fast => 0.12,
            Speed::Instant => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }
}

/// What the computer seats did in a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Played<R: crate::engine::Rules> {
    Nothing,
    /// The last command played (by the side given) and its events; more
    /// may have been played before it at instant speed.
    Played(u8, R::Command, Vec<R::Event>),
    /// A computer player found nothing to do or was refused: paused.
    Stuck(String),
}

/// The computer seats and their clock.
pub struct Seats<R: Computer> {
    computers: Computers<R>,
    pub paused: bool,
    pub speed: Speed,
    next_tick: f64,
    step_once: bool,
    brain: Brain<R>,
    /// Each side's last plan, kept while its player is away thinking.
    plans: [Option<Plan>; 2],
}

impl<R: Computer> Seats<R> {
    pub fn new(session: &Session<R>) -> Seats<R> {
        Seats {
            computers: Computers::new(session),
            paused: false,
            speed: Speed::Normal,
            next_tick: 0.0,
            step_once: false,
            brain: Brain::Idle,
            plans: [None, None],
        }
    }

    /// Lets computer seats play, at the chosen speed. `now` is the UI
    /// clock in seconds.
    pub fn tick(&mut self, session: &mut Session<R>, now: f64) -> Played<R> {
        self.collect(Duration::ZERO);
        if !self.computers.to_play(session)
            || (self.paused && !self.step_once)
            || (!self.step_once && now < self.next_tick)
        {
            return Played::Nothing;
        }
        let budget = if self.speed == Speed::Instant && !self.step_once {
            Duration::from_millis(12)
        } else {
            Duration::ZERO
        };
        let started = std::time::Instant::now();
        let mut played = Played::Nothing;
        loop {
            match std::mem::replace(&mut self.brain, Brain::Idle) {
                Brain::Thinking { side, at, answer } => {
                    self.brain = Brain::Thinking { side, at, answer };
                    if !self.collect(budget.saturating_sub(started.elapsed()).max(ANSWER_WAIT)) {
                        break;
                    }
                }
                Brain::Ready { side, at, cmd } => {
                    if at != position(session) {
                        // The game moved on (an undo, a command given
                        // meanwhile): ask again.
                        continue;
                    }
                    // The side that acts, asked before its command is
                    // applied (it is not always the phasing side, and
                    // the command may end the phase).
                    match self.computers.apply(session, side, cmd) {
                        ComputerMove::Played(cmd, events) => {
                            played = Played::Played(side, cmd, events);
                            self.step_once = false;
                            self.next_tick = now + self.speed.delay();
                        }
                        ComputerMove::NotItsTurn => break,
                        ComputerMove::Stuck(why) => {
                            self.paused = true;
                            self.step_once = false;
                            played = Played::Stuck(why);
                            break;
                        }
                    }
                    if started.elapsed() >= budget || !self.computers.to_play(session) {
                        break;
                    }
                }
                Brain::Idle => {
                    if !self.computers.to_play(session) {
                        break;
                    }
                    let at = position(session);
                    let Some((side, mut player)) = self.computers.take(session) else {
                        let side = session.game.to_act();
                        if let ComputerMove::Stuck(why) = self.computers.missing(session, side) {
                            self.paused = true;
                            self.step_once = false;
                            played = Played::Stuck(why);
                        }
                        break;
                    };
                    let state = session.game.state.clone();
                    let (tx, answer) = mpsc::channel();
                    let spawned = std::thread::Builder::new()
                        .name("computer player".into())
                        .spawn(move || {
                            let cmd = player.choose(&state);
                            // The window may have closed the table
                            // meanwhile: nobody left to tell.
                            let _ = tx.send((player, cmd));
                        });
                    if let Err(e) = spawned {
                        self.paused = true;
                        self.step_once = false;
                        played = Played::Stuck(format!("cannot start the computer player: {e}"));
                        break;
                    }
                    self.brain = Brain::Thinking { side, at, answer };
                }
            }
        }
        played
    }

    /// Takes in a player's answer if it comes within `wait`; returns
    /// whether one came (or the player was lost: then the brain is idle
    /// and the seat reports itself stuck next).
    fn collect(&mut self, wait: Duration) -> bool {
        let Brain::Thinking { side, at, answer } = std::mem::replace(&mut self.brain, Brain::Idle)
        else {
            return false;
        };
        let got = if wait.is_zero() {
            answer
                .try_recv()
                .map_err(|e| e == mpsc::TryRecvError::Empty)
        } else {
            answer
                .recv_timeout(wait)
                .map_err(|e| e == mpsc::RecvTimeoutError::Timeout)
        };
        match got {
            Ok((player, cmd)) => {
                self.computers.put_back(side, player);
                self.plans[usize::from(side & 1)] = self.computers.plan(side).cloned();
                self.brain = Brain::Ready { side, at, cmd };
                true
            }
            Err(true) => {
                self.brain = Brain::Thinking { side, at, answer };
                false
            }
            // The thread ended without answering (a panic in the
            // player): it is gone, and the seat says so when asked.
            Err(false) => true,
        }
    }

    /// The side whose computer player is thinking, if one is.
    pub fn thinking(&self) -> Option<u8> {
        match self.brain {
            Brain::Thinking { side, .. } => Some(side),
            _ => None,
        }
    }

    /// Why side `side`'s computer plays as it does, when it can say.
    pub fn plan(&self, side: u8) -> Option<&Plan> {
        if self.computers.is_home(side) {
            self.computers.plan(side)
        } else {
            self.plans[usize::from(side & 1)].as_ref()
        }
    }

    /// Plays the next computer command now, even when paused.
    pub fn step_computer(&mut self) {
        self.step_once = true;
    }

    /// Whether a computer seat is waiting for its turn to come (for the
    /// window to keep repainting).
    pub fn busy(&self, session: &Session<R>) -> bool {
        self.computers.to_play(session) && (!self.paused || self.step_once)
    }

    /// Seconds until the next computer command is due (or until the
    /// thinking player is looked at again).
    pub fn wait(&self, now: f64) -> f64 {
        if self.thinking().is_some() {
            return 0.03;
        }
        (self.next_tick - now).max(0.0)
    }

    /// The computer's speed (its pause and step are commands of the
    /// window's list, drawn by the table).
    pub fn speed_ui(&mut self, ui: &mut egui::Ui) {
        let l = ui.label("Speed");
        egui::ComboBox::from_id_salt("computer speed")
            .selected_text(self.speed.name())
            .show_ui(ui, |ui| {
                for s in Speed::ALL {
                    ui.selectable_value(&mut self.speed, s, s.name());
                }
            })
            .response
            .labelled_by(l.id);
    }
}
