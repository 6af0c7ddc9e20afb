//! A move as kifu describes it in JSON: its canonical text and its parts.

use super::{AnyGame, MoveParts};
use compact_str::{CompactString, ToCompactString};
use std::fmt::{self, Write as _};

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
    pub fn new(normal: &impl fmt::Display, parts: MoveParts) -> Self {
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

/// A move's text, written into a buffer on the stack first: `kifu json`
/// writes one for every move, and a string that grows as it is written
/// cost a tenth of its time.
fn text_of(mv: &impl fmt::Display) -> CompactString {
    let mut text = Short::default();
    match write!(text, "{mv}") {
        Ok(()) => CompactString::from(text.as_str()),
        Err(fmt::Error) => mv.to_compact_string(),
    }
}

/// Text of up to [`Short::CAPACITY`] bytes; longer text is an error.
#[derive(Default)]
struct Short {
    bytes: [u8; Short::CAPACITY],
    len: usize,
}

impl Short {
    /// As many bytes as a `CompactString` holds without allocating.
    const CAPACITY: usize = 24;

    fn as_str(&self) -> &str {
        // Only whole `str`s are written, so the bytes are UTF-8.
        std::str::from_utf8(self.bytes.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }
}

impl fmt::Write for Short {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let room = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        room.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_text_are_written_whole() {
        assert_eq!(text_of(&"a1-b2@c3"), "a1-b2@c3");
        let long = "x".repeat(40);
        assert_eq!(text_of(&long), long.as_str());
    }
}
