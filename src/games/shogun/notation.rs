//! Shogun move notation: `e1-e2`, `c3xe3`, `a1-a5+`.

use super::board::{SIZE, square_name};
use super::fault::ShogunSyntax;
use crate::game::square::index_of;
use crate::game::MoveText;
use std::fmt;

/// A Shogun move as written, resolved to squares.
///
/// Laid out in the order written: the four bytes the referee passes from
/// the reader to the rules then take the fewest steps to put together and
/// to take apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct ShogunMove {
    /// Start square (`rank * 8 + file`).
    pub from: u8,
    /// End square.
    pub to: u8,
    /// Whether `x` was written.
    pub capture: bool,
    /// Whether `+` was written.
    pub check: bool,
}

/// Reads the move that opens `text`: the move and how many bytes it takes
/// (five, or six with a `+`), or why those bytes are not a move. Whatever
/// follows is for the caller to judge.
#[inline]
pub(super) fn read_start(text: &[u8]) -> Result<(ShogunMove, usize), ShogunSyntax> {
    let square = |at: usize| match text.get(at..at + 2) {
        Some(&[file, rank]) => index_of(file, rank, SIZE),
        _ => None,
    };
    let from = square(0).ok_or(ShogunSyntax::FromSquare)? as u8;
    let capture = match text.get(2) {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => return Err(ShogunSyntax::NoSeparator { from }),
    };
    let to = square(3).ok_or(ShogunSyntax::ToSquare)? as u8;
    let check = text.get(5) == Some(&b'+');
    let mv = ShogunMove {
        from,
        to,
        capture,
        check,
    };
    Ok((mv, 5 + usize::from(check)))
}

/// The one move reader: the whole of `text` is a move, or the reason it is
/// not.
#[inline]
pub(super) fn read_move(text: &[u8]) -> Result<ShogunMove, ShogunSyntax> {
    match read_start(text)? {
        (mv, len) if len == text.len() => Ok(mv),
        _ => Err(ShogunSyntax::TextAfterMove),
    }
}

impl std::str::FromStr for ShogunMove {
    type Err = ShogunSyntax;

    fn from_str(text: &str) -> Result<Self, ShogunSyntax> {
        read_move(text.as_bytes())
    }
}

impl fmt::Display for ShogunMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl MoveText for ShogunMove {
    fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_str(square_name(self.from.into()))?;
        out.write_str(if self.capture { "x" } else { "-" })?;
        out.write_str(square_name(self.to.into()))?;
        out.write_str(if self.check { "+" } else { "" })
    }
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
