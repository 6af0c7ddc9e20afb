//! The kit of the nom parsers that read the texts of `grammar/` (each
//! game's moves, a record's tag line): their one error type, [`Fault`],
//! and the cut that names a fault, [`cut_with`], as askama's parser has.
//!
//! A production that does not match returns nom's `Error` with no fault
//! named, so that an alternative may still match; a production that knows
//! what is wrong fails with the fault (nom's `Failure`), which ends the
//! parse. Each reader's wrapper turns the fault into its own syntax type.

use nom::error::{ErrorKind, ParseError};
use nom::{Err, IResult, Parser};

/// Why a parser stopped: where (`rest`, the input left there) and, once a
/// production has named it, the fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fault<'a, F> {
    /// The input where the parser stopped.
    pub(crate) rest: &'a [u8],
    /// The fault, or `None` for an alternative that did not match.
    pub(crate) fault: Option<F>,
}

impl<'a, F> ParseError<&'a [u8]> for Fault<'a, F> {
    #[inline]
    fn from_error_kind(rest: &'a [u8], _: ErrorKind) -> Self {
        Fault { rest, fault: None }
    }

    #[inline]
    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// What a parser of `grammar/` returns: the input left and its value, or
/// why it stopped.
pub(crate) type Parsed<'a, T, F> = IResult<&'a [u8], T, Fault<'a, F>>;

/// The failure `fault` at `rest`: no alternative takes it back.
#[inline(always)]
pub(crate) fn failure<F>(rest: &[u8], fault: F) -> Err<Fault<'_, F>> {
    Err::Failure(Fault {
        rest,
        fault: Some(fault),
    })
}

/// A parser's result: the failure `fault` at `rest`.
#[inline(always)]
pub(crate) fn fail<T, F>(rest: &[u8], fault: F) -> Parsed<'_, T, F> {
    Err(failure(rest, fault))
}

/// `parser`, cut (nom's `cut`): where it does not match, the failure
/// `fault()` at the input it started from; a fault it names stands.
#[inline(always)]
pub(crate) fn cut_with<'a, P, F>(
    mut parser: P,
    fault: impl Fn() -> F,
) -> impl FnMut(&'a [u8]) -> Parsed<'a, P::Output, F>
where
    P: Parser<&'a [u8], Error = Fault<'a, F>>,
{
    move |input| match parser.parse(input) {
        Err(Err::Error(Fault { fault: None, .. })) => fail(input, fault()),
        Err(Err::Error(named)) => Err(Err::Failure(named)),
        done => done,
    }
}

/// A fault as a production names it: the fault itself, or how to make it
/// from where it stands (`at`, the bytes read before it), which only the
/// reader of the whole input knows.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Found<S> {
    /// The fault.
    Is(S),
    /// The fault, once placed.
    At(fn(u8) -> S),
}

/// The one byte `b`: nom's `char`, for the ASCII marks of `grammar/`,
/// a comparison where `tag` walks a slice.
#[inline(always)]
pub(crate) fn byte<'a, F>(b: u8) -> impl Fn(&'a [u8]) -> Parsed<'a, u8, F> {
    byte_in(move |first| first == b)
}

/// One byte of the class `admits` (a letter, a digit...), as nom's
/// `satisfy` reads a character.
#[inline(always)]
pub(crate) fn byte_in<'a, F>(
    admits: impl Fn(u8) -> bool,
) -> impl Fn(&'a [u8]) -> Parsed<'a, u8, F> {
    move |input| match input {
        [first, rest @ ..] if admits(*first) => Ok((rest, *first)),
        _ => Err(Err::Error(Fault::from_error_kind(
            input,
            ErrorKind::Satisfy,
        ))),
    }
}

/// The bytes of the class `admits` that start `input`, perhaps none:
/// nom's `take_while`, as an index loop where nom's walks an iterator
/// (30k instructions fewer over the 4,500 tag lines of Lotus's 1,500
/// records, callgrind, `kifu validate`).
#[inline(always)]
pub(crate) fn bytes_while<'a, F>(
    admits: impl Fn(u8) -> bool,
) -> impl Fn(&'a [u8]) -> Parsed<'a, &'a [u8], F> {
    move |input| {
        let mut taken = 0;
        while input.get(taken).is_some_and(|&b| admits(b)) {
            taken += 1;
        }
        let (taken, rest) = input.split_at(taken);
        Ok((rest, taken))
    }
}

/// The value a parser read from `whole`, or the fault it names there,
/// placed; `unnamed` when it stopped with none named.
#[inline(always)]
pub(crate) fn placed<'a, T, S>(
    whole: &'a [u8],
    result: Parsed<'a, T, Found<S>>,
    unnamed: S,
) -> Result<T, S> {
    match result {
        Ok((_, value)) => Ok(value),
        Err(Err::Error(stop) | Err::Failure(stop)) => Err(match stop.fault {
            Some(Found::Is(fault)) => fault,
            Some(Found::At(fault)) => {
                let at = whole.len() - stop.rest.len();
                fault(u8::try_from(at).unwrap_or(u8::MAX))
            }
            None => unnamed,
        }),
        Err(Err::Incomplete(_)) => Err(unnamed),
    }
}

/// The value a parser read and the input it left, or the fault it
/// names; `unnamed` when it stopped with none named.
#[inline(always)]
pub(crate) fn named<'a, T, F>(result: Parsed<'a, T, F>, unnamed: F) -> Result<(&'a [u8], T), F> {
    match result {
        Ok(done) => Ok(done),
        Err(Err::Error(stop) | Err::Failure(stop)) => Err(stop.fault.unwrap_or(unnamed)),
        Err(Err::Incomplete(_)) => Err(unnamed),
    }
}
