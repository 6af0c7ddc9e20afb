//! The step both games' moves are made of, `b1-b3` or `c3xc5`: the nom
//! productions of its grammar (`step` and `square` in `grammar/mana.ebnf`
//! and `grammar/escampe.ebnf`), and why a text is not one.

use super::{Codes, SIZE, square_name, square_of};
use crate::game::square::square_error;
use crate::grammar::{Found, Parsed, byte, cut_with, fail, placed};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::take;
use nom::combinator::{map_opt, value};

/// Why a move's text is not a step, or not a whole move. Positions count
/// bytes of the move as written, which the message quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepSyntax {
    /// The two bytes at `at` name no square.
    NotASquare {
        /// Where they start.
        at: u8,
    },
    /// The start square `from` is followed by neither `-` nor `x`.
    NoSeparator {
        /// The start square.
        from: u8,
    },
    /// Text from `at` on, after the whole move.
    TrailingText {
        /// Where it starts.
        at: u8,
    },
}

impl StepSyntax {
    /// The code the game's `codes` give this fault.
    pub fn code(self, codes: &Codes) -> &'static str {
        match self {
            StepSyntax::NotASquare { .. } => codes.not_a_square,
            StepSyntax::NoSeparator { .. } => codes.no_separator,
            StepSyntax::TrailingText { .. } => codes.trailing_text,
        }
    }

    /// The fault in words, for the move written `text`.
    pub fn message(self, text: &str) -> String {
        let from = |at: u8| text.get(usize::from(at)..).unwrap_or("");
        match self {
            StepSyntax::NotASquare { at } => {
                let rest = from(at);
                square_error(rest.get(..2).unwrap_or(rest), SIZE)
            }
            StepSyntax::NoSeparator { from } => format!(
                "{text:?}: '-' or 'x' must follow {}",
                square_name(usize::from(from))
            ),
            StepSyntax::TrailingText { at } => {
                format!("{text:?}: unexpected {:?} after the move", from(at))
            }
        }
    }
}

/// What the productions of a 6 x 6 move return: the fault they name is
/// placed by the game's reader.
pub(crate) type MoveParsed<'a, T, S> = Parsed<'a, T, Found<S>>;

/// `square = file, rank`: file and rank are checked at once, by
/// [`square_of`]'s tables.
#[inline(always)]
pub(crate) fn square<'a, S: From<StepSyntax>>(input: &'a [u8]) -> MoveParsed<'a, u8, S> {
    let read = map_opt(take(2usize), |square: &[u8]| match *square {
        [file, rank] => square_of(file, rank),
        _ => None,
    });
    cut_with(read, || {
        Found::At(|at| StepSyntax::NotASquare { at }.into())
    })
    .parse(input)
}

/// `"-" | "x"`: whether the step is written with `x`.
#[inline(always)]
fn separator<'a, S>(input: &'a [u8]) -> MoveParsed<'a, bool, S> {
    alt((value(false, byte(b'-')), value(true, byte(b'x')))).parse(input)
}

/// `step = square, ( "-" | "x" ), square`: the start square, whether `x`
/// was written, the end square. What follows is the caller's to read.
#[inline(always)]
pub(crate) fn step<'a, S: From<StepSyntax>>(input: &'a [u8]) -> MoveParsed<'a, (u8, bool, u8), S> {
    let (input, from) = square(input)?;
    let no_separator = || Found::Is(StepSyntax::NoSeparator { from }.into());
    let (input, capture) = cut_with(separator, no_separator).parse(input)?;
    let (input, to) = square(input)?;
    Ok((input, (from, capture, to)))
}

/// The end of a move: the text after it, from `input` on, is a fault.
#[inline(always)]
pub(crate) fn end<'a, S: From<StepSyntax>>(input: &'a [u8]) -> MoveParsed<'a, (), S> {
    match input {
        [] => Ok((input, ())),
        _ => fail(
            input,
            Found::At(|at| StepSyntax::TrailingText { at }.into()),
        ),
    }
}

/// Reads the step that starts `bytes`, `b1-b3` or `c3xc5`, in its first
/// five bytes, with `step`: the start square, whether `x` was written,
/// the end square. What follows is the caller's to read.
///
/// # Errors
/// Which part of the step is wrong.
#[inline]
pub fn read_step(bytes: &[u8]) -> Result<(u8, bool, u8), StepSyntax> {
    placed(bytes, step(bytes), StepSyntax::NotASquare { at: 0 })
}
