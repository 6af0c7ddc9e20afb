//! The rustyline helper: Tab completes legal moves and commands, file
//! names after `:load` and `:save`, and a dim hint shows the rest of the
//! only move that fits what is typed.
//!
//! Moves complete for the position after the moves already typed on the
//! line; after `@` (a Mana bird), the squares the game accepts there;
//! while the sides place (escampe), the squares still open to the mover.

use super::{COMMANDS, move_words};
use crate::game::{AnyGame, Placing};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;
use std::fmt;

/// The commands whose argument is a file name.
const FILE_COMMANDS: [&str; 4] = [":load", ":load!", ":save", ":save!"];

/// Files a square may be written with after `@`: every board kifu knows
/// fits in a to l and 1 to 12; the game says which squares are legal.
const FILES: std::ops::RangeInclusive<char> = 'a'..='l';

/// Completion for the line editor, from the position, refreshed after
/// every line.
pub(crate) struct KifuHelper {
    game: Box<dyn AnyGame>,
    /// The placement in progress, whose open squares complete instead.
    placing: Option<Box<dyn Placing>>,
    files: FilenameCompleter,
}

impl fmt::Debug for KifuHelper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KifuHelper")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl KifuHelper {
    /// A helper completing moves from `game`, and the commands.
    pub(crate) fn new(game: &dyn AnyGame) -> Self {
        Self {
            game: game.box_clone(),
            placing: None,
            files: FilenameCompleter::new(),
        }
    }

    /// Replaces the position, after it changed.
    pub(crate) fn set_game(&mut self, game: &dyn AnyGame) {
        self.game = game.box_clone();
    }

    /// Replaces the placement in progress, after it changed.
    pub(crate) fn set_placing(&mut self, placing: Option<&dyn Placing>) {
        self.placing = placing.map(Placing::box_clone);
    }

    /// Where the word under the cursor starts, and the moves or commands
    /// it may become (not file names).
    ///
    /// Commands are offered only as the first word of a line, moves anywhere
    /// but after a command: those of the position after the moves before
    /// the word, none if one of them is not legal.
    pub(crate) fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = line.get(..pos).unwrap_or(line);
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = before.get(start..).unwrap_or("");
        let earlier = before.get(..start).unwrap_or("");
        let first = earlier.trim().is_empty();
        if earlier.trim_start().starts_with(':') {
            return (start, Vec::new());
        }
        let mut found = self.moves_after(earlier, word).unwrap_or_default();
        if first {
            found.extend(COMMANDS.iter().map(|c| c.name.to_owned()));
        }
        found.retain(|w| w.starts_with(word));
        (start, found)
    }

    /// The moves (while the sides place, the squares) that may follow the
    /// words `earlier`, for the `word` being typed; `None` when one of the
    /// moves before it is not legal.
    fn moves_after(&self, earlier: &str, word: &str) -> Option<Vec<String>> {
        if let Some(placing) = &self.placing {
            return Some(placing.next_words(&move_words(earlier)));
        }
        let mut game = self.game.box_clone();
        if move_words(earlier).iter().any(|w| game.play(w).is_err()) {
            return None;
        }
        Some(match word.split_once('@') {
            Some((mv, _)) => bird_squares(game.as_ref(), mv),
            None if game.outcome().is_none() => game.legal_moves(),
            None => Vec::new(),
        })
    }
}

/// `MOVE@SQUARE` for every square the game takes after `mv`.
fn bird_squares(game: &dyn AnyGame, mv: &str) -> Vec<String> {
    if game.detail(mv).is_err() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for rank in 1..=12 {
        for file in FILES {
            let text = format!("{mv}@{file}{rank}");
            if game.detail(&text).is_ok() {
                found.push(text);
            }
        }
    }
    found
}

impl Completer for KifuHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let command = line.split_whitespace().next().unwrap_or("");
        let after_name = line.trim_start().len() > command.len()
            && pos > line.len() - line.trim_start().len() + command.len();
        if FILE_COMMANDS.contains(&command) && after_name {
            return self.files.complete(line, pos, ctx);
        }
        let (start, found) = self.candidates(line, pos);
        let pairs = found
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for KifuHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() {
            return None;
        }
        let (start, found) = self.candidates(line, pos);
        let typed = pos.saturating_sub(start);
        match found.as_slice() {
            [only] if typed > 0 => only.get(typed..).map(str::to_owned),
            _ => None,
        }
    }
}

impl Highlighter for KifuHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
    }
}

impl Validator for KifuHelper {}

impl Helper for KifuHelper {}

#[cfg(test)]
#[path = "helper_tests.rs"]
mod tests;
