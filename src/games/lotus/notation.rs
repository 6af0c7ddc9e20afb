//! Lotus pawn moves: `r0`, `g17`, `g12[W<>oY]` (frog exchange), `r8[-P]` (stone).

use super::fault::LotusSyntax;
use super::flowers::Flower;
use crate::game::MoveText;
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

/// The most digits a square number may have (courses are shorter).
const MAX_DIGITS: usize = 4;

/// Reads a pawn move, the whole of `word`; `player` finds a player's index
/// from an initial.
///
/// The questions come in this order: the shape of the square number, the
/// player, the number's length, the shape of the bracket, then its
/// letters one by one.
///
/// # Errors
/// Why the text is not a pawn move, or names no player.
#[inline]
pub(super) fn read_move(
    word: &[u8],
    player: impl Fn(u8) -> Option<u8>,
) -> Result<LotusMove, LotusSyntax> {
    read::<true, LotusSyntax>(word, &player).map(|(mv, _)| mv)
}

/// Reads the pawn move that starts `text`, as [`read_move`] reads it: the
/// move and its length, that of an initial, a square number and the
/// bracket that follows it, if any. Whether the word ends there is for the
/// caller to check; `None` leaves the word to [`read_move`], and so does a
/// square of three digits or more (long courses only): the usual move pays
/// no question for it.
#[inline]
pub(super) fn read_move_at(
    text: &[u8],
    player: impl Fn(u8) -> Option<u8>,
) -> Option<(LotusMove, usize)> {
    read::<false, NoMove>(text, &player).ok()
}

/// The fault of [`read_move_at`], which tells no reason: a `Result` with
/// it is laid out as an `Option`, so that the reader's result is the
/// wrapper's with no copy.
struct NoMove;

impl From<LotusSyntax> for NoMove {
    #[inline]
    fn from(_: LotusSyntax) -> Self {
        NoMove
    }
}

/// The one pass over a pawn move's bytes, with no allocation: the move and
/// how many bytes it takes. `WHOLE` says that the move is the whole of
/// `bytes` ([`read_move`]); without it, the move is the bytes it starts
/// with ([`read_move_at`]). `E` is the fault reported.
#[inline]
fn read<const WHOLE: bool, E: From<LotusSyntax>>(
    bytes: &[u8],
    player: &impl Fn(u8) -> Option<u8>,
) -> Result<(LotusMove, usize), E> {
    // The usual squares, of one or two digits, in two patterns rather
    // than a loop: the processor guesses a loop's length badly when
    // numbers of one and two digits mix. A digit after them is a longer
    // number: a whole word asks here; the reader of a word's start asks
    // below, where a move that ends at white space asks nothing more.
    let (letter, from, rest) = match bytes {
        [
            letter @ b'a'..=b'z',
            tens @ b'1'..=b'9',
            units @ b'0'..=b'9',
            rest @ ..,
        ] if !WHOLE || !starts_with_digit(rest) => (*letter, two_digits(*tens, *units), rest),
        [letter @ b'a'..=b'z', units @ b'0'..=b'9', rest @ ..]
            if !WHOLE || !starts_with_digit(rest) =>
        {
            (*letter, u16::from(units - b'0'), rest)
        }
        [letter @ b'a'..=b'z', after @ ..] => {
            let (from, rest) = long_square(after, *letter, player)?;
            (*letter, from, rest)
        }
        _ => return Err(LotusSyntax::Shape.into()),
    };
    let owner = player(letter).ok_or(E::from(LotusSyntax::NoPlayer(letter)))?;
    // Most moves have no bracket and end at white space, or where the
    // word ends: one comparison tells.
    let (choice, bracket) = match rest {
        [b, ..] if *b > b' ' => match b {
            b'[' => read_bracket::<WHOLE, E>(rest, player)?,
            // A longer number, left to the reader of the whole word.
            b'0'..=b'9' if !WHOLE => return Err(LotusSyntax::NoSquare.into()),
            _ if WHOLE => return Err(LotusSyntax::Shape.into()),
            _ => (Choice::None, 0),
        },
        [_, ..] if WHOLE => return Err(LotusSyntax::Shape.into()),
        _ => (Choice::None, 0),
    };
    let mv = LotusMove {
        owner,
        letter,
        from,
        choice,
    };
    Ok((mv, bytes.len() - rest.len() + bracket))
}

/// The bracket `rest` starts with, and its length: its shape first (and,
/// with `WHOLE`, that nothing follows it), then its letters.
#[inline]
fn read_bracket<const WHOLE: bool, E: From<LotusSyntax>>(
    rest: &[u8],
    player: &impl Fn(u8) -> Option<u8>,
) -> Result<(Choice, usize), E> {
    // Nothing may follow a whole word's bracket.
    let ends = |len: usize| {
        if WHOLE && rest.len() != len {
            Err(E::from(LotusSyntax::Bracket))
        } else {
            Ok(len)
        }
    };
    match *rest {
        [b'[', b'-', f, b']', ..] => {
            let len = ends(4)?;
            Ok((Choice::Stone(flower(f)?), len))
        }
        [b'[', give, b'<', b'>', w, take, b']', ..] => {
            let len = ends(7)?;
            let give = flower(give)?;
            let take = flower(take)?;
            let with = player(w).ok_or(E::from(LotusSyntax::NoPartner(w)))?;
            let choice = Choice::Exchange {
                give,
                with,
                with_letter: w,
                take,
            };
            Ok((choice, len))
        }
        _ => Err(LotusSyntax::Bracket.into()),
    }
}

/// The flower of a bracket's letter.
#[inline]
fn flower(letter: u8) -> Result<Flower, LotusSyntax> {
    Flower::from_letter(letter).ok_or(LotusSyntax::NotFlower(letter))
}

/// Whether a square number goes on: `rest` starts with a digit.
#[inline]
fn starts_with_digit(rest: &[u8]) -> bool {
    matches!(rest, [b'0'..=b'9', ..])
}

/// The number two ASCII digits write, worked out in a byte: it is at most 99.
#[inline]
fn two_digits(tens: u8, units: u8) -> u16 {
    u16::from((tens - b'0') * 10 + (units - b'0'))
}

/// Any square number and the bytes after it (long courses, leading
/// zeros, missing numbers), for a move whose initial is
/// `letter`: the number's shape is checked first, then the initial, then
/// the number's length (at most [`MAX_DIGITS`] digits).
#[inline(never)]
fn long_square<'a>(
    bytes: &'a [u8],
    letter: u8,
    player: &impl Fn(u8) -> Option<u8>,
) -> Result<(u16, &'a [u8]), LotusSyntax> {
    let digits = bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len());
    let (number, rest) = bytes.split_at(digits);
    match number {
        [] => Err(LotusSyntax::Shape),
        [b'0', _, ..] => Err(LotusSyntax::LeadingZero),
        _ if player(letter).is_none() => Err(LotusSyntax::NoPlayer(letter)),
        _ if digits > MAX_DIGITS => Err(LotusSyntax::NoSquare),
        _ => Ok((
            number
                .iter()
                .fold(0u16, |n, d| n * 10 + u16::from(d - b'0')),
            rest,
        )),
    }
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
