//! The error type of the record grammar: where parsing stopped, and why.

use nom::IResult;
use nom::error::{ErrorKind, ParseError};
use std::borrow::Cow;

/// A parse error: the input where it happened and a message.
#[derive(Debug)]
pub(super) struct Failure<'a> {
    pub(super) input: &'a str,
    pub(super) message: Cow<'static, str>,
}

impl<'a> ParseError<&'a str> for Failure<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Failure {
            input,
            message: Cow::Borrowed("unexpected text"),
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

pub(super) type ParseResult<'a, T> = IResult<&'a str, T, Failure<'a>>;

/// Stops parsing with a message at `input`.
pub(super) fn fail<T>(input: &str, message: impl Into<Cow<'static, str>>) -> ParseResult<'_, T> {
    Err(nom::Err::Failure(Failure {
        input,
        message: message.into(),
    }))
}
