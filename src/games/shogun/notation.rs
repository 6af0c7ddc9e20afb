//! Shogun move notation: `e1-e2`, `c3xe3`, `a1-a5+`, read by nom, one
//! function per production of `grammar/shogun.ebnf`.

use super::board::{SIZE, square_name};
use super::fault::ShogunSyntax;
use crate::game::MoveText;
use crate::game::square::index_of;
use crate::grammar::{Parsed, byte, cut_with, named};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::take;
use nom::combinator::{eof, map_opt, opt, value};
use nom::sequence::terminated;
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

/// `square = file, rank`.
#[inline(always)]
fn square(input: &[u8]) -> Parsed<'_, u8, ShogunSyntax> {
    // The index is at most 63.
    let index = |square: &[u8]| match *square {
        [file, rank] => index_of(file, rank, SIZE).map(|index| index as u8),
        _ => None,
    };
    map_opt(take(2usize), index).parse(input)
}

/// `"-" | "x"`: whether the move is written with `x`.
#[inline(always)]
fn separator(input: &[u8]) -> Parsed<'_, bool, ShogunSyntax> {
    alt((value(false, byte(b'-')), value(true, byte(b'x')))).parse(input)
}

/// `move = square, ( "-" | "x" ), square, [ "+" ]`: the move that opens
/// the input; what follows is the caller's to judge.
#[inline(always)]
fn shogun_move(input: &[u8]) -> Parsed<'_, ShogunMove, ShogunSyntax> {
    let (input, from) = cut_with(square, || ShogunSyntax::FromSquare).parse(input)?;
    let no_separator = || ShogunSyntax::NoSeparator { from };
    let (input, capture) = cut_with(separator, no_separator).parse(input)?;
    let (input, to) = cut_with(square, || ShogunSyntax::ToSquare).parse(input)?;
    let (input, check) = opt(byte(b'+')).parse(input)?;
    let mv = ShogunMove {
        from,
        to,
        capture,
        check: check.is_some(),
    };
    Ok((input, mv))
}

/// Reads the move that opens `text` with [`shogun_move`]: the move and
/// how many bytes it takes (five, or six with a `+`), or why those bytes
/// are not a move. Whatever follows is for the caller to judge.
#[inline(always)]
pub(super) fn read_start(text: &[u8]) -> Result<(ShogunMove, usize), ShogunSyntax> {
    let (rest, mv) = named(shogun_move(text), ShogunSyntax::FromSquare)?;
    Ok((mv, text.len() - rest.len()))
}

/// The one move reader, over [`shogun_move`]: the whole of `text` is a
/// move, or the reason it is not.
#[inline(always)]
pub(super) fn read_move(text: &[u8]) -> Result<ShogunMove, ShogunSyntax> {
    let mut whole = terminated(shogun_move, cut_with(eof, || ShogunSyntax::TextAfterMove));
    named(whole.parse(text), ShogunSyntax::FromSquare).map(|(_, mv)| mv)
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
