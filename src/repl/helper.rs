//! The rustyline helper: Tab completes legal moves and commands, and a dim
//! hint shows the rest of the only move that fits what is typed.

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;

/// Completion words for the line editor, refreshed after every line.
#[derive(Debug, Clone, Default)]
pub(crate) struct KifuHelper {
    words: Vec<String>,
}

impl KifuHelper {
    /// A helper completing these words (legal moves and commands).
    pub(crate) fn new(words: Vec<String>) -> Self {
        Self { words }
    }

    /// Replaces the words, after the position changed.
    pub(crate) fn set_words(&mut self, words: Vec<String>) {
        self.words = words;
    }

    /// Where the word under the cursor starts, and the words it may become.
    ///
    /// Commands are offered only as the first word of a line, moves anywhere
    /// but after a command.
    pub(crate) fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<&str>) {
        let before = line.get(..pos).unwrap_or(line);
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = before.get(start..).unwrap_or("");
        let first = before.get(..start).unwrap_or("").trim().is_empty();
        if !first && before.trim_start().starts_with(':') {
            return (start, Vec::new());
        }
        let found = self
            .words
            .iter()
            .filter(|w| first || !w.starts_with(':'))
            .filter(|w| w.starts_with(word))
            .map(String::as_str)
            .collect();
        (start, found)
    }
}

impl Completer for KifuHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, found) = self.candidates(line, pos);
        let pairs = found
            .into_iter()
            .map(|w| Pair {
                display: w.to_owned(),
                replacement: w.to_owned(),
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
mod tests {
    use super::*;

    fn helper() -> KifuHelper {
        KifuHelper::new(
            ["a1-a2", "a1-b2", "c1-c3", ":help", ":save"]
                .iter()
                .map(|w| (*w).to_owned())
                .collect(),
        )
    }

    #[test]
    fn completes_moves_then_commands_at_the_start() {
        let h = helper();
        assert_eq!(h.candidates("a1", 2), (0, vec!["a1-a2", "a1-b2"]));
        assert_eq!(h.candidates(":s", 2), (0, vec![":save"]));
        assert_eq!(h.candidates("c1-c3 a1-a", 10), (6, vec!["a1-a2"]));
        assert_eq!(h.candidates("a1-a2 :", 7), (6, vec![]));
        assert_eq!(h.candidates(":save a", 7), (6, vec![]));
    }

    #[test]
    fn odd_positions_do_not_panic() {
        let h = helper();
        assert_eq!(h.candidates("é", 1).0, 0);
        assert_eq!(h.candidates("", 5).0, 0);
    }
}
