//! A batch of computer games on a background thread, as the Balance
//! panel and the pick-up balance run them: the count done for a progress
//! bar, a cancel flag the batch runner reads, and its result once the
//! thread ends. Part of the shell (threads, clocks).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

pub struct Batch<T> {
    handle: JoinHandle<T>,
    done: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    started: Instant,
    /// How many games the batch plays.
    pub total: u32,
}

impl<T: Send + 'static> Batch<T> {
    /// Runs `work` on its own thread; it reports games done through its
    /// first argument and stops early when its second is set.
    pub fn spawn(
        total: u32,
        work: impl FnOnce(&(dyn Fn(u32) + Sync), &AtomicBool) -> T + Send + 'static,
    ) -> Batch<T> {
        let done = Arc::new(AtomicU32::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (d, c) = (done.clone(), cancel.clone());
        let handle = std::thread::spawn(move || work(&|n| d.store(n, Ordering::Relaxed), &c));
        Batch {
            handle,
            done,
            cancel,
            started: Instant::now(),
            total,
        }
    }

    /// Games finished so far.
    pub fn done(&self) -> u32 {
        self.done.load(Ordering::Relaxed)
    }

    /// Seconds since it started.
    pub fn secs(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Its progress bar: games done of all, the rate and the time left;
    /// asks for a repaint while it runs.
    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        let (done, total) = (self.done(), self.total);
        let rate = f64::from(done) / self.secs().max(1e-3);
        let left = f64::from(total - done.min(total)) / rate.max(1e-3);
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(format!(
                "{done}/{}, {rate:.0}/s, {left:.0} s left",
                crate::words::counted(total, "game", "games")
            )),
        );
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }

    /// Asks the batch to stop after the games under way.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// The batch's result and its seconds, once the thread has ended; an
    /// error if it panicked (a bug).
    pub fn join(self) -> (Result<T, String>, f64) {
        let secs = self.secs();
        let r = self
            .handle
            .join()
            .map_err(|_| "the batch failed (a bug: please report it)".to_string());
        (r, secs)
    }
}
