//! The match log on standard error: a line per game, the failures with
//! the last lines of the engine's standard error, a progress bar on a
//! terminal, and the referee's own time at the end.

use crate::model::GameResult;
use crate::tournament::Played;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// The log of a match being played.
#[derive(Debug)]
pub(super) struct Log {
    bar: Option<ProgressBar>,
    games: usize,
    answers: usize,
    referee_time: Duration,
    timed: usize,
}

impl Log {
    /// A log of `games` games to play.
    pub(super) fn start(games: usize) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(games as u64);
            if let Ok(style) =
                ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} (eta {eta})")
            {
                bar.set_style(style);
            }
            bar
        });
        Self {
            bar,
            games: 0,
            answers: 0,
            referee_time: Duration::ZERO,
            timed: 0,
        }
    }

    /// Writes a line of the log.
    fn line(&self, text: &str) {
        // Names, moves and standard error come from the engines.
        let text = crate::record::Visible(text).to_string();
        match &self.bar {
            Some(bar) => bar.println(text),
            None => say!("{text}"),
        }
    }

    /// Writes a line of the log that is not a game's.
    pub(super) fn note(&self, text: &str) {
        self.line(text);
    }

    /// Tells a game that ended.
    pub(super) fn game(&mut self, played: &Played, names: &[String]) {
        self.games += 1;
        self.answers += played.answers;
        self.referee_time += played.referee_time;
        self.timed += played.answers.saturating_sub(1);
        let termination = played.termination.tag_value();
        self.line(&format!(
            "round {}: {} ({termination})",
            played.round,
            result_words(&played.result)
        ));
        if let Some(failure) = &played.failure {
            let name = names.get(failure.engine).map_or("?", String::as_str);
            self.line(&format!("  {}", failure.message));
            for line in &failure.stderr {
                self.line(&format!("  stderr of {name}: {line}"));
            }
        }
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Ends the log with the referee's own time per move.
    pub(super) fn finish(self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        let per_move = match self.timed {
            0 => String::new(),
            timed => format!(
                "; the referee's own time per move: {:.1} µs",
                self.referee_time.as_secs_f64() * 1e6 / timed as f64
            ),
        };
        say!(
            "kifu: {} games, {} moves{per_move}",
            self.games,
            self.answers
        );
    }
}

/// `A beat B`, `A and B unfinished`, `A 12, B 9, C 3`.
fn result_words(result: &GameResult) -> String {
    match result {
        GameResult::Duel {
            engines: [first, second],
            winner,
        } => match winner {
            Some(0) => format!("{first} beat {second}"),
            Some(_) => format!("{second} beat {first}"),
            None => format!("{first} and {second} unfinished"),
        },
        GameResult::Race { seats } => (seats.iter())
            .map(|seat| format!("{} {} (place {})", seat.engine, seat.score, seat.place))
            .collect::<Vec<_>>()
            .join(", "),
    }
}
