//! The computer seats of a playtest, for any rule set: they play when it
//! is their side's turn, at the chosen speed, and can be paused or
//! stepped one command at a time.

use crate::ai::Computer;
use crate::play::{ComputerMove, Computers, Session};

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
}

impl<R: Computer> Seats<R> {
    pub fn new(session: &Session<R>) -> Seats<R> {
        Seats {
            computers: Computers::new(session),
            paused: false,
            speed: Speed::Normal,
            next_tick: 0.0,
            step_once: false,
        }
    }

    /// Lets computer seats play, at the chosen speed. `now` is the UI
    /// clock in seconds.
    pub fn tick(&mut self, session: &mut Session<R>, now: f64) -> Played<R> {
        if !self.computers.to_play(session)
            || (self.paused && !self.step_once)
            || (!self.step_once && now < self.next_tick)
        {
            return Played::Nothing;
        }
        let budget = if self.speed == Speed::Instant && !self.step_once {
            std::time::Duration::from_millis(12)
        } else {
            std::time::Duration::ZERO
        };
        self.step_once = false;
        let started = std::time::Instant::now();
        let mut played = Played::Nothing;
        loop {
            // The side that acts, asked before its command is applied (it
            // is not always the phasing side, and the command may end the
            // phase).
            let who = session.game.to_act();
            match self.computers.step(session) {
                ComputerMove::Played(cmd, events) => played = Played::Played(who, cmd, events),
                ComputerMove::NotItsTurn => break,
                ComputerMove::Stuck(why) => {
                    self.paused = true;
                    played = Played::Stuck(why);
                    break;
                }
            }
            if started.elapsed() >= budget {
                break;
            }
        }
        self.next_tick = now + self.speed.delay();
        played
    }

    /// Why side `side`'s computer plays as it does, when it can say.
    pub fn plan(&self, side: u8) -> Option<&crate::ai::search::Plan> {
        self.computers.plan(side)
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

    /// Seconds until the next computer command is due.
    pub fn wait(&self, now: f64) -> f64 {
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
