//! The step both games' moves are made of, `b1-b3` or `c3xc5`: its one
//! reader, and why a text is not one.

use super::{Codes, SIZE, square_name, square_of};
use crate::game::square::square_error;

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

/// Reads the square written at `at` in `bytes`.
///
/// # Errors
/// The two bytes there name no square, or the text ends first.
#[inline]
pub fn square_at(bytes: &[u8], at: u8) -> Result<u8, StepSyntax> {
    let at_usize = usize::from(at);
    match bytes.get(at_usize..at_usize + 2) {
        Some(&[file, rank]) => square_of(file, rank),
        _ => None,
    }
    .ok_or(StepSyntax::NotASquare { at })
}

/// Reads the step that starts `bytes`, `b1-b3` or `c3xc5`, in its first
/// five bytes: the start square, whether `x` was written, the end square.
/// What follows is the caller's to read.
///
/// # Errors
/// Which part of the step is wrong.
#[inline]
pub fn read_step(bytes: &[u8]) -> Result<(u8, bool, u8), StepSyntax> {
    let from = square_at(bytes, 0)?;
    let capture = match bytes.get(2) {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => return Err(StepSyntax::NoSeparator { from }),
    };
    Ok((from, capture, square_at(bytes, 3)?))
}
