//! The error type of the record grammar: where parsing stopped, and why.
//!
//! The grammar reads the record text as bytes, so the place is a byte slice.

use nom::IResult;
use nom::error::{ErrorKind, ParseError};
use std::borrow::Cow;

/// A parse error: the input where it happened and a message.
#[derive(Debug)]
pub(super) struct Failure<'a> {
    pub(super) input: &'a [u8],
    pub(super) message: Cow<'static, str>,
}

impl<'a> ParseError<&'a [u8]> for Failure<'a> {
    fn from_error_kind(input: &'a [u8], _: ErrorKind) -> Self {
        Failure {
            input,
            message: Cow::Borrowed("unexpected text"),
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }
}

pub(super) type ParseResult<'a, T> = IResult<&'a [u8], T, Failure<'a>>;

/// Stops parsing with a message at `input`.
pub(super) fn fail<T>(input: &[u8], message: impl Into<Cow<'static, str>>) -> ParseResult<'_, T> {
    Err(nom::Err::Failure(Failure {
        input,
        message: message.into(),
    }))
}
