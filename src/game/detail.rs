//! A move as kifu describes it in JSON: its canonical text and its parts.

use super::{AnyGame, MoveParts};
use arrayvec::ArrayString;
use compact_str::CompactString;
use std::fmt;

/// A move as kifu describes it in JSON.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MoveDetail {
    /// The move written the canonical way.
    pub normalized: CompactString,
    /// Its parts (squares, pawn, capture, bird, choice...).
    pub parts: MoveParts,
}

impl MoveDetail {
    /// The detail of a move written `normal` the canonical way.
    pub fn new(normal: &impl MoveText, parts: MoveParts) -> Self {
        Self {
            normalized: text_of(normal),
            parts,
        }
    }

    /// The detail of the last of `moves`, played in turn from `before`:
    /// the move that led to the position they reach, or `None` when there
    /// is none or they are not legal there.
    pub fn last_of(before: &dyn AnyGame, moves: &[String]) -> Option<MoveDetail> {
        let (last, earlier) = moves.split_last()?;
        let mut game = before.box_clone();
        for mv in earlier {
            game.play(mv).ok()?;
        }
        game.detail(last).ok()
    }
}

/// A move's text as its game writes it, piece by piece, into any
/// `fmt::Write`. The move's `Display` writes it so, and
/// [`MoveDetail::new`] writes it into a buffer on the stack: `kifu json`
/// writes the canonical text of every move, and through `write!` the
/// formatting machinery cost more than the text.
pub trait MoveText {
    /// Writes the move's text to `out`, piece by piece.
    ///
    /// # Errors
    /// Those of `out`.
    fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result;
}

/// As many bytes as a `CompactString` holds without allocating.
const SHORT_TEXT: usize = 24;

/// A move's text, written into a buffer on the stack first: a string that
/// grows as it is written cost a tenth of `kifu json`'s time.
fn text_of(mv: &impl MoveText) -> CompactString {
    let mut text = ArrayString::<SHORT_TEXT>::new();
    match mv.write_text(&mut text) {
        Ok(()) => CompactString::from(text.as_str()),
        Err(fmt::Error) => {
            let mut long = CompactString::default();
            // Writing to a string cannot fail.
            let _ = mv.write_text(&mut long);
            long
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text of its own.
    struct Text(&'static str);

    impl MoveText for Text {
        fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
            out.write_str(self.0)
        }
    }

    #[test]
    fn short_and_long_text_are_written_whole() {
        assert_eq!(text_of(&Text("a1-b2@c3")), "a1-b2@c3");
        let long = Text("a very long text that is no move of any game");
        assert_eq!(text_of(&long), long.0);
    }
}
