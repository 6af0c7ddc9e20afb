//! A counter on standard error, of records or of positions analysed,
//! shown only on a terminal and only once the work has gone on for a
//! while.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long work runs before the counter appears.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Counts work done on standard error while a long job runs.
#[derive(Debug)]
pub(super) struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A counter of records that draws only when standard error is a
    /// terminal.
    pub(super) fn start() -> Self {
        Self::with_template("{spinner} {human_pos} records in {elapsed}")
    }

    /// A counter of the positions of each record analysed, named by
    /// [`Progress::begin`].
    pub(super) fn positions() -> Self {
        Self::with_template("{spinner} analysing {msg}: position {pos} of {len}, {elapsed}")
    }

    fn with_template(template: &str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        Self {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// A new piece of work, `what`, begins.
    pub(super) fn begin(&self, what: String) {
        let Some(bar) = &self.bar else { return };
        bar.set_message(what);
        bar.set_position(0);
    }

    /// The work begun takes `steps` steps.
    pub(super) fn set_length(&self, steps: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(steps as u64);
        }
    }

    /// `records` (or positions) more done.
    pub(super) fn tick(&self, records: usize) {
        let Some(bar) = &self.bar else { return };
        bar.inc(records as u64);
        if !self.shown.load(Ordering::Relaxed) && self.started.elapsed() >= QUIET_FOR {
            self.shown.store(true, Ordering::Relaxed);
            // Drawn at each step, at most 4 times a second; no ticking
            // thread, which a limit on processes could refuse.
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
