//! Builds a record's text while a game is played through [`AnyGame`]:
//! the tags, the move numbers the game's numbering asks for, the moves and
//! the result. The movetext is written as the game grows, so that the
//! record after a move costs the same at ply 300 as at ply 1.

use crate::game::{AnyGame, GameKind, number_before};
use crate::record::{
    Dots, LINE_WIDTH, MAX_TAG_VALUE_BYTES, MoveNumber, MovetextMark, MovetextWriter, WrittenMove,
    readable_tag_value,
};

/// A record being written, move by move.
#[derive(Debug, Clone)]
pub struct RecordBuilder {
    tags: Vec<(String, String)>,
    leading_comments: Vec<String>,
    moves: Vec<BuiltMove>,
    /// The leading comments and the moves, written.
    movetext: MovetextWriter,
}

/// A move of the record, with its number and the comments after it.
#[derive(Debug, Clone)]
struct BuiltMove {
    number: Option<(u32, Dots)>,
    text: String,
    comments: Vec<String>,
    /// Where the movetext stood before it.
    mark: MovetextMark,
}

impl BuiltMove {
    /// The move as the record writes it.
    fn written(&self) -> WrittenMove<'_> {
        WrittenMove {
            number: self.number.map(MoveNumber::from),
            text: &self.text,
            comments: &self.comments,
            ..WrittenMove::default()
        }
    }
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
            movetext: MovetextWriter::new(LINE_WIDTH),
        }
    }

    /// Adds a move about to be played in `before`, with the number it needs.
    pub fn push(&mut self, before: &dyn AnyGame, text: &str) {
        let number = number_before(before.turn(), self.moves.is_empty());
        let built = BuiltMove {
            number,
            text: text.to_owned(),
            comments: Vec::new(),
            mark: self.movetext.mark(),
        };
        self.movetext.moves(&[built.written()]);
        self.moves.push(built);
    }

    /// Adds a comment after the last move, or before the first move when
    /// there is none yet. A `}` in it, which would end it, becomes `)`.
    pub fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        self.movetext.comment(&text);
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

    /// Removes the last move and the comments after it.
    pub fn pop(&mut self) -> Option<String> {
        let popped = self.moves.pop()?;
        self.movetext.rewind(popped.mark);
        Some(popped.text)
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
        self.movetext.record(&self.tags, result, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{StartOptions, start};
    use crate::record::write_record;

    /// The record written from scratch, as `write_record` writes it.
    fn from_scratch(record: &RecordBuilder) -> String {
        let written: Vec<WrittenMove<'_>> = record.moves.iter().map(BuiltMove::written).collect();
        write_record(&record.tags, &record.leading_comments, &written, Some("*"))
    }

    #[test]
    fn the_record_written_as_it_grows_is_the_record_written_at_once() {
        let options = StartOptions {
            setup: Some("b1 b6".to_owned()),
            ..StartOptions::default()
        };
        let mut game = start(GameKind::Mana, &options)
            .unwrap_or_else(|e| panic!("{e}"))
            .game;
        let mut record = RecordBuilder::new(GameKind::Mana, game.setup_tags());
        record.comment("before the first move");
        for ply in 0..120 {
            let Some(mv) = game.legal_moves().into_iter().nth(ply % 3) else {
                break;
            };
            record.push(game.as_ref(), &mv);
            game.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            if ply % 7 == 0 {
                record.comment(&format!("a {{comment}} after ply {ply}"));
            }
        }
        assert!(record.moves().count() > 40, "{}", record.moves().count());
        let text = record.text_ending(Some("*"));
        assert!(text.lines().count() > 5, "{text}");
        assert_eq!(text, from_scratch(&record));
        record.pop();
        record.pop();
        assert_eq!(record.text_ending(Some("*")), from_scratch(&record));
        // Played again from where the moves were taken back.
        record.comment("taken back");
        let mut again = start(GameKind::Mana, &options)
            .unwrap_or_else(|e| panic!("{e}"))
            .game;
        for mv in record.moves().map(str::to_owned).collect::<Vec<_>>() {
            again.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        if let Some(mv) = again.legal_moves().first() {
            record.push(again.as_ref(), mv);
        }
        assert_eq!(record.text_ending(Some("*")), from_scratch(&record));
    }
}
