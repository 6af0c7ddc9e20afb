//! Lotus pawn moves: `r0`, `g17`, `g12[W<>oY]` (frog exchange), `r8[-P]`
//! (stone), read by nom, one function per production of `grammar/lotus.ebnf`.

use super::fault::LotusSyntax;
use super::flowers::Flower;
use crate::game::MoveText;
use crate::grammar::{Fault, Parsed, byte, byte_in, cut_with, fail, failure, named};
use nom::Parser;
use nom::branch::alt;
use nom::combinator::{eof, map};
use nom::sequence::{delimited, preceded, terminated};
use std::fmt;

/// The choice written in brackets after a pawn move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// No bracket.
    None,
    /// `[W<>oY]`: the owner gives `give` to player `with` and takes `take`.
    Exchange {
        /// The flower the owner gives.
        give: Flower,
        /// The other player, by index in `Players`.
        with: u8,
        /// That player's initial.
        with_letter: u8,
        /// The flower the owner takes.
        take: Flower,
    },
    /// `[-P]`: the owner gives up a flower on a stone square.
    Stone(Flower),
}

/// One pawn move: whose pawn, from which square, and the choice written.
///
/// Eight bytes, its natural size: aligned to 16 or 32 bytes (32 once paid
/// for the quick reader), the one reader's result took 5% to 9% more
/// instructions (callgrind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LotusMove {
    /// The pawn's owner, by index in `Players`.
    pub owner: u8,
    /// The owner's initial.
    pub letter: u8,
    /// The pawn's square before the move (0 is the start).
    pub from: u16,
    /// The bracket, if any.
    pub choice: Choice,
}

impl fmt::Display for LotusMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl MoveText for LotusMove {
    fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_char(char::from(self.letter))?;
        out.write_str(itoa::Buffer::new().format(self.from))?;
        match self.choice {
            Choice::None => Ok(()),
            Choice::Exchange {
                give,
                with_letter,
                take,
                ..
            } => {
                out.write_char('[')?;
                out.write_char(give.letter())?;
                out.write_str("<>")?;
                out.write_char(char::from(with_letter))?;
                out.write_char(take.letter())?;
                out.write_char(']')
            }
            Choice::Stone(flower) => {
                out.write_str("[-")?;
                out.write_char(flower.letter())?;
                out.write_char(']')
            }
        }
    }
}

/// The most digits of a square number [`read_move_at`] reads: longer ones,
/// on long courses only, are left to [`read_move`].
const USUAL_DIGITS: usize = 2;

/// Reads a pawn move, the whole of `word`, with [`pawn_move`]; `player`
/// finds a player's index from an initial.
///
/// # Errors
/// Why the text is not a pawn move, or names no player.
#[inline(always)]
pub(super) fn read_move(
    word: &[u8],
    player: impl Fn(u8) -> Option<u8>,
) -> Result<LotusMove, LotusSyntax> {
    named(pawn_move::<true>(word, &player), LotusSyntax::Shape).map(|(_, mv)| mv)
}

/// Reads the pawn move that starts `text`, as [`read_move`] reads it: the
/// move and its length, that of an initial, a square number and the
/// bracket that follows it, if any. Whether the word ends there is for the
/// caller to check; `None` leaves the word to [`read_move`], and so does a
/// square of three digits or more (long courses only).
#[inline(always)]
pub(super) fn read_move_at(
    text: &[u8],
    player: impl Fn(u8) -> Option<u8>,
) -> Option<(LotusMove, usize)> {
    let (rest, mv) = pawn_move::<false>(text, &player).ok()?;
    Some((mv, text.len() - rest.len()))
}

/// `pawn move = initial, square, [ choice ]`, asked in this order: the
/// shape of the square number, the initial's player, the number's length,
/// the shape of the bracket, then its letters one by one. `WHOLE`: the
/// move is the whole of `input` ([`read_move`]); without it, the move is
/// what `input` starts with, of at most [`USUAL_DIGITS`] digits
/// ([`read_move_at`]).
#[inline(always)]
fn pawn_move<'a, const WHOLE: bool>(
    input: &'a [u8],
    player: &impl Fn(u8) -> Option<u8>,
) -> Parsed<'a, LotusMove, LotusSyntax> {
    let (after_initial, letter) = cut_with(initial, || LotusSyntax::Shape).parse(input)?;
    let (rest, from) = square(after_initial)?;
    // A digit after the square's: a number longer than any course's.
    let longer = digit(rest).is_ok();
    if !WHOLE && (longer || after_initial.len() - rest.len() > USUAL_DIGITS) {
        return fail(rest, LotusSyntax::NoSquare);
    }
    let Some(owner) = player(letter) else {
        return fail(input, LotusSyntax::NoPlayer(letter));
    };
    if longer {
        return fail(rest, LotusSyntax::NoSquare);
    }
    let (rest, choice) = match rest {
        [b'[', ..] => choice::<WHOLE>(rest, player)?,
        [_, ..] if WHOLE => return fail(rest, LotusSyntax::Shape),
        _ => (rest, Choice::None),
    };
    let mv = LotusMove {
        owner,
        letter,
        from,
        choice,
    };
    Ok((rest, mv))
}

/// `initial = lower`: a player's initial, whose player is asked apart.
#[inline(always)]
fn initial(input: &[u8]) -> Parsed<'_, u8, LotusSyntax> {
    byte_in(|b: u8| b.is_ascii_lowercase()).parse(input)
}

/// `digit`: its value.
#[inline(always)]
fn digit(input: &[u8]) -> Parsed<'_, u8, LotusSyntax> {
    map(byte_in(|b: u8| b.is_ascii_digit()), |d| d - b'0').parse(input)
}

/// `square = "0" | nonzero, [ digit, [ digit, [ digit ] ] ]`: the number.
/// A digit after a `0` is a leading zero; one after the fourth digit is
/// for the pawn move to judge.
#[inline(always)]
fn square(input: &[u8]) -> Parsed<'_, u16, LotusSyntax> {
    let (rest, first) = cut_with(digit, || LotusSyntax::Shape).parse(input)?;
    let Ok((rest_2, second)) = digit(rest) else {
        return Ok((rest, u16::from(first)));
    };
    if first == 0 {
        return fail(input, LotusSyntax::LeadingZero);
    }
    // Two digits make at most 99, which a byte holds.
    let number = u16::from(first * 10 + second);
    let Ok((rest_3, third)) = digit(rest_2) else {
        return Ok((rest_2, number));
    };
    let number = number * 10 + u16::from(third);
    match digit(rest_3) {
        Ok((rest_4, fourth)) => Ok((rest_4, number * 10 + u16::from(fourth))),
        Err(_) => Ok((rest_3, number)),
    }
}

/// `choice = "[", ( exchange | stone ), "]"`: its shape first (and, with
/// `WHOLE`, that the word ends after it), then its letters.
#[inline(always)]
fn choice<'a, const WHOLE: bool>(
    input: &'a [u8],
    player: &impl Fn(u8) -> Option<u8>,
) -> Parsed<'a, Choice, LotusSyntax> {
    let shape = preceded(byte(b'['), alt((stone, exchange)));
    let (rest, letters) = if WHOLE {
        cut_with(terminated(shape, eof), || LotusSyntax::Bracket).parse(input)?
    } else {
        cut_with(shape, || LotusSyntax::Bracket).parse(input)?
    };
    let choice = match letters {
        Letters::Stone(flower) => Choice::Stone(flower_of(input, flower)?),
        Letters::Exchange { give, with, take } => {
            let (give, take) = (flower_of(input, give)?, flower_of(input, take)?);
            let Some(with_index) = player(with) else {
                return fail(input, LotusSyntax::NoPartner(with));
            };
            Choice::Exchange {
                give,
                with: with_index,
                with_letter: with,
                take,
            }
        }
    };
    Ok((rest, choice))
}

/// The letters of a bracket of the right shape, each asked once the
/// whole bracket has its shape.
#[derive(Debug, Clone, Copy)]
enum Letters {
    /// A stone's flower.
    Stone(u8),
    /// An exchange's flowers and the other player's initial.
    Exchange {
        /// The flower given.
        give: u8,
        /// The other player's initial.
        with: u8,
        /// The flower taken.
        take: u8,
    },
}

/// `stone = "-", flower`, and the bracket's `]`.
#[inline(always)]
fn stone(input: &[u8]) -> Parsed<'_, Letters, LotusSyntax> {
    delimited(byte(b'-'), letter, byte(b']'))
        .map(Letters::Stone)
        .parse(input)
}

/// `exchange = flower, "<>", initial, flower`, and the bracket's `]`.
#[inline(always)]
fn exchange(input: &[u8]) -> Parsed<'_, Letters, LotusSyntax> {
    let letters = (letter, byte(b'<'), byte(b'>'), letter, letter, byte(b']'));
    let exchange = |(give, _, _, with, take, _)| Letters::Exchange { give, with, take };
    letters.map(exchange).parse(input)
}

/// Any one byte, a letter of a bracket, asked once the bracket has its shape.
#[inline(always)]
fn letter(input: &[u8]) -> Parsed<'_, u8, LotusSyntax> {
    byte_in(|_| true).parse(input)
}

/// `flower = "W" | "Y" | "P" | "B" | "K"`, a letter of the bracket that
/// starts at `bracket`.
#[inline(always)]
fn flower_of(bracket: &[u8], letter: u8) -> Result<Flower, nom::Err<Fault<'_, LotusSyntax>>> {
    Flower::from_letter(letter).ok_or_else(|| failure(bracket, LotusSyntax::NotFlower(letter)))
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
