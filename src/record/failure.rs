//! The error type of the tag grammar: where parsing stopped, and why.
//!
//! The grammar reads the record text as bytes, so the place is a byte slice.

use super::SyntaxFault;
use nom::IResult;
use nom::error::{ErrorKind, ParseError};
use std::borrow::Cow;

/// A parse error: the input where it happened, the fault and a message.
#[derive(Debug)]
pub(super) struct Failure<'a> {
    pub(super) input: &'a [u8],
    pub(super) fault: SyntaxFault,
    pub(super) message: Cow<'static, str>,
}

impl<'a> ParseError<&'a [u8]> for Failure<'a> {
    fn from_error_kind(input: &'a [u8], _: ErrorKind) -> Self {
        Failure {
            input,
            fault: SyntaxFault::UnexpectedText,
            message: Cow::Borrowed("unexpected text"),
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }
}

pub(super) type ParseResult<'a, T> = IResult<&'a [u8], T, Failure<'a>>;

/// Stops parsing at `input` with `fault`, said in `message`.
pub(super) fn fail<T>(
    input: &[u8],
    fault: SyntaxFault,
    message: impl Into<Cow<'static, str>>,
) -> ParseResult<'_, T> {
    Err(nom::Err::Failure(Failure {
        input,
        fault,
        message: message.into(),
    }))
}
