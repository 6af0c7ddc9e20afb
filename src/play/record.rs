//! Builds a record's text while a game is played through [`AnyGame`]:
//! the tags, the move numbers the game's numbering asks for, the moves and
//! the result.

use crate::game::{AnyGame, GameKind, number_before};
use crate::record::{
    Dots, MAX_TAG_VALUE_BYTES, MoveNumber, WrittenMove, readable_tag_value, write_record,
};

/// A record being written, move by move.
#[derive(Debug, Clone)]
pub struct RecordBuilder {
    tags: Vec<(String, String)>,
    leading_comments: Vec<String>,
    moves: Vec<BuiltMove>,
}

/// A move of the record, with its number and the comments after it.
#[derive(Debug, Clone)]
struct BuiltMove {
    number: Option<(u32, Dots)>,
    text: String,
    comments: Vec<String>,
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
            leading_comments: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Adds a move about to be played in `before`, with the number it needs.
    pub fn push(&mut self, before: &dyn AnyGame, text: &str) {
        let number = number_before(before.turn(), self.moves.is_empty());
        self.moves.push(BuiltMove {
            number,
            text: text.to_owned(),
            comments: Vec::new(),
        });
    }

    /// Adds a comment after the last move, or before the first move when
    /// there is none yet. A `}` in it, which would end it, becomes `)`.
    pub fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        match self.moves.last_mut() {
            Some(last) => last.comments.push(text),
            None => self.leading_comments.push(text),
        }
    }

    /// Adds a tag at the end of the tags, its value made one that reads
    /// back ([`readable_tag_value`]).
    pub fn tag(&mut self, name: &str, value: &str) {
        let value = readable_tag_value(value, MAX_TAG_VALUE_BYTES);
        self.tags.push((name.to_owned(), value.into_owned()));
    }

    /// Removes the last move.
    pub fn pop(&mut self) -> Option<String> {
        self.moves.pop().map(|built| built.text)
    }

    /// The moves written so far.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|built| built.text.as_str())
    }

    /// The tags.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The record's text, ending with the result of `game`, the position reached.
    pub fn text(&self, game: &dyn AnyGame) -> String {
        let result = match game.outcome() {
            Some(outcome) => outcome.token,
            None => Some("*"),
        };
        self.text_ending(result)
    }

    /// The record's text, ending with `result` (a token, `*`, or none).
    pub fn text_ending(&self, result: Option<&str>) -> String {
        let written: Vec<WrittenMove<'_>> = (self.moves.iter())
            .map(|built| WrittenMove {
                number: built.number.map(MoveNumber::from),
                text: &built.text,
                comments: &built.comments,
                ..WrittenMove::default()
            })
            .collect();
        write_record(&self.tags, &self.leading_comments, &written, result)
    }
}
