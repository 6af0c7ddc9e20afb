//! Lotus pawn moves: `r0`, `g17`, `g12[W<>oY]` (frog exchange), `r8[-P]` (stone).

use std::fmt;

/// A flower colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Flower {
    /// White, `W`.
    White,
    /// Yellow, `Y`.
    Yellow,
    /// Pink, `P`.
    Pink,
    /// The blue flower of arrival place 4, `B`.
    Blue,
    /// The black flower, `K`.
    Black,
}

impl Flower {
    /// Every colour, in the order of bouquets and JSON.
    pub const ALL: [Flower; 5] = [
        Flower::White,
        Flower::Yellow,
        Flower::Pink,
        Flower::Blue,
        Flower::Black,
    ];

    /// The letter written in records.
    pub const fn letter(self) -> char {
        match self {
            Flower::White => 'W',
            Flower::Yellow => 'Y',
            Flower::Pink => 'P',
            Flower::Blue => 'B',
            Flower::Black => 'K',
        }
    }

    /// The flower a letter stands for.
    ///
    /// A table rather than a `match`: the letters of a record come in no
    /// order a jump could be guessed from.
    pub fn from_letter(letter: u8) -> Option<Self> {
        FLOWER_BY_LETTER[usize::from(letter)]
    }

    /// The index of the colour in [`Flower::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour's bit in a set of colours: bit [`Flower::index`].
    pub fn bit(self) -> u8 {
        1 << self.index()
    }

    /// The colour in words.
    pub fn name(self) -> &'static str {
        match self {
            Flower::White => "white",
            Flower::Yellow => "yellow",
            Flower::Pink => "pink",
            Flower::Blue => "blue",
            Flower::Black => "black",
        }
    }
}

/// The flower of each letter (`W`, `Y`, `P`, `B`, `K`), by byte: a byte
/// indexes it with no bound to check.
const FLOWER_BY_LETTER: [Option<Flower>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < Flower::ALL.len() {
        let flower = Flower::ALL[i];
        table[flower.letter() as usize] = Some(flower);
        i += 1;
    }
    table
};

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
/// Aligned to 32 bytes, a size the compiler copies field by field: at its
/// natural 8 bytes a move was copied as one machine word, so the referee
/// packed the fields it had just read into a word and unpacked them again,
/// a seventh of a ply's instructions (callgrind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(align(32))]
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
        write!(f, "{}{}", char::from(self.letter), self.from)?;
        match self.choice {
            Choice::None => Ok(()),
            Choice::Exchange {
                give,
                with_letter,
                take,
                ..
            } => write!(
                f,
                "[{}<>{}{}]",
                give.letter(),
                char::from(with_letter),
                take.letter()
            ),
            Choice::Stone(flower) => write!(f, "[-{}]", flower.letter()),
        }
    }
}

/// The most digits a square number may have (courses are shorter).
const MAX_DIGITS: usize = 4;

const SHAPE: &str = "not a pawn move: a pawn move is the owner's initial and the pawn's square, like r0 or g12, with [W<>oY] or [-P] when a choice is due";

/// What is wrong with the text of a pawn move, found in one pass and put
/// in words only when it is reported ([`Fault::message`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// Not an initial and a square number, with or without a bracket.
    Shape,
    /// A square number with a leading zero.
    LeadingZero,
    /// No player has this initial.
    NoPlayer(u8),
    /// A square number of more than [`MAX_DIGITS`] digits.
    NoSquare,
    /// This letter of a bracket is no flower.
    NotFlower(u8),
    /// No player has the initial of the exchange's other player.
    NoPartner(u8),
    /// A bracket that is neither an exchange nor a stone's flower.
    Bracket,
}

impl Fault {
    /// The message of the fault, as `kifu validate` reports it.
    #[cold]
    #[inline(never)]
    fn message(self) -> String {
        match self {
            Fault::Shape => SHAPE.to_owned(),
            Fault::LeadingZero => {
                "not a pawn move: a square is written without leading zeros".to_owned()
            }
            Fault::NoPlayer(letter) => format!(
                "no such pawn: no player's initial is {:?}",
                char::from(letter)
            ),
            Fault::NoSquare => "no such pawn: the course has no such square".to_owned(),
            Fault::NotFlower(letter) => format!(
                "not a pawn move: {:?} is not a flower (W, Y, P, B or K)",
                char::from(letter)
            ),
            Fault::NoPartner(letter) => format!(
                "impossible exchange: no player's initial is {:?}",
                char::from(letter)
            ),
            Fault::Bracket => "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]".to_owned(),
        }
    }
}

/// Reads a pawn move; `player` finds a player's index from an initial.
///
/// # Errors
/// Why the text is not a pawn move, or names no player.
#[inline(always)]
pub fn parse(text: &str, player: impl Fn(u8) -> Option<u8>) -> Result<LotusMove, String> {
    read(text.as_bytes(), &player).map_err(Fault::message)
}

/// Reads the pawn move that starts `text`, as [`parse`] reads it: the move
/// and its length. The length is that of an initial, a square number and
/// the bracket that follows it, if any; whether the word ends there is for
/// the caller to check.
///
/// One pass over the usual forms only: a square of one or two digits and a
/// well-formed bracket. Anything else is `None`, for [`parse`] to read and
/// explain.
#[inline(always)]
pub fn read_at(text: &[u8], player: impl Fn(u8) -> Option<u8>) -> Option<(LotusMove, usize)> {
    let (letter, from, square_end, rest) = match text {
        [
            letter @ b'a'..=b'z',
            tens @ b'1'..=b'9',
            units @ b'0'..=b'9',
            rest @ ..,
        ] => (*letter, two_digits(*tens, *units), 3, rest),
        [letter @ b'a'..=b'z', units @ b'0'..=b'9', rest @ ..] => {
            (*letter, u16::from(units - b'0'), 2, rest)
        }
        _ => return None,
    };
    let owner = player(letter)?;
    // Most moves have no bracket and end at white space: one comparison
    // tells. A third digit is for `parse`.
    let (choice, bracket) = match rest {
        [b, ..] if *b > b' ' => match b {
            b'[' => quick_bracket(rest, &player)?,
            b'0'..=b'9' => return None,
            _ => (Choice::None, 0),
        },
        _ => (Choice::None, 0),
    };
    let mv = LotusMove {
        owner,
        letter,
        from,
        choice,
    };
    Some((mv, square_end + bracket))
}

/// The well-formed bracket `rest` starts with, for [`read_at`], and its
/// length; `None` for anything else, a third digit of the square included.
#[inline(always)]
fn quick_bracket(rest: &[u8], player: &impl Fn(u8) -> Option<u8>) -> Option<(Choice, usize)> {
    match rest {
        [b'[', b'-', f, b']', ..] => Some((Choice::Stone(Flower::from_letter(*f)?), 4)),
        [b'[', give, b'<', b'>', w, take, b']', ..] => Some((
            Choice::Exchange {
                give: Flower::from_letter(*give)?,
                with: player(*w)?,
                with_letter: *w,
                take: Flower::from_letter(*take)?,
            },
            7,
        )),
        _ => None,
    }
}

/// Reads a pawn move in one pass over its bytes, with no allocation.
#[inline(always)]
fn read(bytes: &[u8], player: &impl Fn(u8) -> Option<u8>) -> Result<LotusMove, Fault> {
    let (letter, after) = match bytes {
        [letter @ b'a'..=b'z', after @ ..] => (*letter, after),
        _ => return Err(Fault::Shape),
    };
    let (from, rest) = match short_square(after) {
        Some(read) => read,
        None => long_square(after, letter, player)?,
    };
    let owner = player(letter).ok_or(Fault::NoPlayer(letter))?;
    let choice = match rest {
        [] => Choice::None,
        [b'[', b'-', f, b']'] => Choice::Stone(flower(*f)?),
        [b'[', give, b'<', b'>', w, take, b']'] => {
            let give = flower(*give)?;
            let take = flower(*take)?;
            Choice::Exchange {
                give,
                with: player(*w).ok_or(Fault::NoPartner(*w))?,
                with_letter: *w,
                take,
            }
        }
        [b'[', ..] => return Err(Fault::Bracket),
        _ => return Err(Fault::Shape),
    };
    Ok(LotusMove {
        owner,
        letter,
        from,
        choice,
    })
}

/// The flower of a bracket's letter.
#[inline(always)]
fn flower(letter: u8) -> Result<Flower, Fault> {
    Flower::from_letter(letter).ok_or(Fault::NotFlower(letter))
}

/// The one- or two-digit square number a pawn move starts with, and the
/// bytes after it; longer numbers (long courses), leading zeros and
/// missing numbers are left to [`long_square`].
///
/// Two patterns rather than a loop: the processor guesses a loop's length
/// badly when numbers of one and two digits mix.
#[inline(always)]
fn short_square(bytes: &[u8]) -> Option<(u16, &[u8])> {
    let (from, rest) = match bytes {
        [tens @ b'1'..=b'9', units @ b'0'..=b'9', rest @ ..] => (two_digits(*tens, *units), rest),
        [units @ b'0'..=b'9', rest @ ..] => (u16::from(units - b'0'), rest),
        _ => return None,
    };
    match rest {
        [b'0'..=b'9', ..] => None,
        _ => Some((from, rest)),
    }
}

/// The number two ASCII digits write, worked out in a byte: it is at most 99.
#[inline(always)]
fn two_digits(tens: u8, units: u8) -> u16 {
    u16::from((tens - b'0') * 10 + (units - b'0'))
}

/// Any square number and the bytes after it, for a move whose initial is
/// `letter`: the number's shape is checked first, then the initial, then
/// the number's length (at most [`MAX_DIGITS`] digits).
#[cold]
#[inline(never)]
fn long_square<'a>(
    bytes: &'a [u8],
    letter: u8,
    player: &impl Fn(u8) -> Option<u8>,
) -> Result<(u16, &'a [u8]), Fault> {
    let digits = bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len());
    let (number, rest) = bytes.split_at(digits);
    match number {
        [] => Err(Fault::Shape),
        [b'0', _, ..] => Err(Fault::LeadingZero),
        _ if player(letter).is_none() => Err(Fault::NoPlayer(letter)),
        _ if digits > MAX_DIGITS => Err(Fault::NoSquare),
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
