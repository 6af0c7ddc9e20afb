//! A record counter on standard error, shown only when it is a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Counts records on standard error while a long job runs.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A counter that draws only on a terminal, and only after a second of work.
    pub fn start() -> Self {
        if !std::io::stderr().is_terminal() {
            return Self { bar: None };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos} records ({per_sec})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(250));
        Self { bar: Some(bar) }
    }

    /// `records` more records done.
    pub fn tick(&self, records: usize) {
        if let Some(bar) = &self.bar {
            bar.inc(records as u64);
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
