//! Builds a record's text while a game is played through [`AnyGame`]:
//! the tags, the move numbers the game's numbering asks for, the moves and
//! the result.

use crate::game::{AnyGame, GameKind, number_before};
use crate::record::{Dots, WrittenMove, write_record};

/// A record being written, move by move.
#[derive(Debug, Clone)]
pub struct RecordBuilder {
    tags: Vec<(String, String)>,
    moves: Vec<(Option<(u32, Dots)>, String)>,
}

impl RecordBuilder {
    /// A record of `kind` whose start position is described by `setup_tags`.
    pub fn new(kind: GameKind, setup_tags: Vec<(String, String)>) -> Self {
        let mut tags = vec![("Game".to_owned(), kind.name().to_owned())];
        tags.extend(setup_tags);
        Self::with_tags(tags)
    }

    /// A record with these tags, `Game` among them.
    pub fn with_tags(tags: Vec<(String, String)>) -> Self {
        Self {
            tags,
            moves: Vec::new(),
        }
    }

    /// Adds a move about to be played in `before`, with the number it needs.
    pub fn push(&mut self, before: &dyn AnyGame, text: &str) {
        let number = number_before(before.turn(), self.moves.is_empty());
        self.moves.push((number, text.to_owned()));
    }

    /// Removes the last move.
    pub fn pop(&mut self) -> Option<String> {
        self.moves.pop().map(|(_, text)| text)
    }

    /// The moves written so far.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|(_, text)| text.as_str())
    }

    /// The tags.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The record's text, ending with the result of `game`, the position reached.
    pub fn text(&self, game: &dyn AnyGame) -> String {
        let written: Vec<WrittenMove<'_>> = self
            .moves
            .iter()
            .map(|(number, text)| WrittenMove {
                number: *number,
                text,
                ..WrittenMove::default()
            })
            .collect();
        let result = match game.outcome() {
            Some(outcome) => outcome.token,
            None => Some("*"),
        };
        write_record(&self.tags, &[], &written, result)
    }
}
