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
        FLOWER_BY_LETTER.get(usize::from(letter)).copied().flatten()
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

/// The flower of each ASCII letter (`W`, `Y`, `P`, `B`, `K`), by byte.
const FLOWER_BY_LETTER: [Option<Flower>; 128] = {
    let mut table = [None; 128];
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

/// The largest square number a move may name (courses are shorter).
const MAX_DIGITS: usize = 4;

const SHAPE: &str = "not a pawn move: a pawn move is the owner's initial and the pawn's square, like r0 or g12, with [W<>oY] or [-P] when a choice is due";

fn flower(letter: u8) -> Result<Flower, String> {
    Flower::from_letter(letter).ok_or_else(|| {
        format!(
            "not a pawn move: {:?} is not a flower (W, Y, P, B or K)",
            char::from(letter)
        )
    })
}

/// Reads a pawn move; `player` finds a player's index from an initial.
///
/// A well-formed move takes a short path with no allocation; anything else
/// is read again by [`parse_slowly`], which says what is wrong.
///
/// # Errors
/// Why the text is not a pawn move, or names no player.
#[inline(always)]
pub fn parse(text: &str, player: impl Fn(u8) -> Option<u8>) -> Result<LotusMove, String> {
    match read_well_formed(text.as_bytes(), &player) {
        Some(mv) => Ok(mv),
        None => parse_slowly(text, player),
    }
}

/// A well-formed pawn move whose initials are players', in one pass over
/// the bytes; `None` leaves the text to [`parse_slowly`].
///
/// Not inlined: the move then comes back whole in one register, where
/// inlined its fields were stored to the stack one by one and read back as
/// one word, a load the processor cannot forward from those stores and
/// waits for (the largest stall of a Lotus ply).
#[inline(never)]
fn read_well_formed(bytes: &[u8], player: &impl Fn(u8) -> Option<u8>) -> Option<LotusMove> {
    let (&letter, rest) = bytes.split_first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let owner = player(letter)?;
    let (from, rest) = short_square(rest)?;
    let choice = match rest {
        [] => Choice::None,
        [b'[', b'-', f, b']'] => Choice::Stone(Flower::from_letter(*f)?),
        [b'[', give, b'<', b'>', w, take, b']'] => Choice::Exchange {
            give: Flower::from_letter(*give)?,
            with: player(*w)?,
            with_letter: *w,
            take: Flower::from_letter(*take)?,
        },
        _ => return None,
    };
    Some(LotusMove {
        owner,
        letter,
        from,
        choice,
    })
}

/// The one- or two-digit square number a pawn move starts with, and the
/// bytes after it; longer numbers (long courses) and leading zeros are left
/// to [`parse_slowly`].
///
/// Two patterns rather than a loop: the processor guesses a loop's length
/// badly when numbers of one and two digits mix.
#[inline(always)]
fn short_square(bytes: &[u8]) -> Option<(u16, &[u8])> {
    let (from, rest) = match bytes {
        [tens @ b'1'..=b'9', units @ b'0'..=b'9', rest @ ..] => {
            (u16::from(tens - b'0') * 10 + u16::from(units - b'0'), rest)
        }
        [units @ b'0'..=b'9', rest @ ..] => (u16::from(units - b'0'), rest),
        _ => return None,
    };
    match rest {
        [b'0'..=b'9', ..] => None,
        _ => Some((from, rest)),
    }
}

/// Reads a pawn move byte by byte, saying what is wrong with it.
#[cold]
fn parse_slowly(text: &str, player: impl Fn(u8) -> Option<u8>) -> Result<LotusMove, String> {
    let (letter, after) = match text.as_bytes() {
        [letter, after @ ..] if letter.is_ascii_lowercase() => (*letter, after),
        _ => return Err(SHAPE.to_owned()),
    };
    let digits = after
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(after.len());
    let (number, rest) = after.split_at(digits);
    let from = match number {
        [] => return Err(SHAPE.to_owned()),
        [b'0', _, ..] => {
            return Err("not a pawn move: a square is written without leading zeros".to_owned());
        }
        _ => square_number(number),
    };
    let Some(owner) = player(letter) else {
        return Err(format!(
            "no such pawn: no player's initial is {:?}",
            char::from(letter)
        ));
    };
    let Some(from) = from else {
        return Err("no such pawn: the course has no such square".to_owned());
    };
    let choice = match rest {
        [] => Choice::None,
        _ => choice(rest, player)?,
    };
    Ok(LotusMove {
        owner,
        letter,
        from,
        choice,
    })
}

/// The value of a square's digits, if they are at most [`MAX_DIGITS`].
fn square_number(digits: &[u8]) -> Option<u16> {
    if digits.len() > MAX_DIGITS {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0u16, |n, d| n * 10 + u16::from(d - b'0')),
    )
}

/// Reads the bracket after a pawn's square: `[W<>oY]` or `[-P]`.
fn choice(text: &[u8], player: impl Fn(u8) -> Option<u8>) -> Result<Choice, String> {
    match text {
        [b'[', b'-', f, b']'] => Ok(Choice::Stone(flower(*f)?)),
        [b'[', give, b'<', b'>', w, take, b']'] => {
            let give = flower(*give)?;
            let take = flower(*take)?;
            let Some(with) = player(*w) else {
                return Err(format!(
                    "impossible exchange: no player's initial is {:?}",
                    char::from(*w)
                ));
            };
            Ok(Choice::Exchange {
                give,
                with,
                with_letter: *w,
                take,
            })
        }
        [b'[', ..] => Err(
            "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]"
                .to_owned(),
        ),
        _ => Err(SHAPE.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(letter: u8) -> Option<u8> {
        b"rgo".iter().position(|&l| l == letter).map(|i| i as u8)
    }

    #[test]
    fn round_trips_every_form() {
        for text in ["r0", "g17", "g12[W<>oY]", "r8[-P]", "o40[K<>rB]"] {
            let mv = parse(text, player).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn the_short_path_reads_as_the_slow_one() {
        let texts = [
            "r0",
            "g17",
            "o9999",
            "r10000",
            "r03",
            "r00",
            "r",
            "x3",
            "R3",
            "r3[W<>oY]",
            "r3[W<>xY]",
            "r3[Q<>oY]",
            "r3[-P]",
            "r3[-Q]",
            "r3[-PP]",
            "r3[",
            "r3x",
            "g0[K<>rB]",
        ];
        for text in texts {
            if let Some(mv) = read_well_formed(text.as_bytes(), &player) {
                assert_eq!(parse_slowly(text, player), Ok(mv), "{text}");
            }
            assert_eq!(parse(text, player), parse_slowly(text, player), "{text}");
        }
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| parse(t, player).err().unwrap_or_default();
        assert_eq!(error("x3"), "no such pawn: no player's initial is 'x'");
        assert_eq!(error("R3"), SHAPE);
        assert_eq!(error("r"), SHAPE);
        assert_eq!(error("r3x"), SHAPE);
        assert_eq!(
            error("r03"),
            "not a pawn move: a square is written without leading zeros"
        );
        assert_eq!(
            error("r12345"),
            "no such pawn: the course has no such square"
        );
        assert_eq!(
            error("r3[-Q]"),
            "not a pawn move: 'Q' is not a flower (W, Y, P, B or K)"
        );
        assert_eq!(
            error("r3[W<>xY]"),
            "impossible exchange: no player's initial is 'x'"
        );
        let nested = format!("r3{}", "[".repeat(100_000));
        assert!(error(&nested).starts_with("not a pawn move: a bracket holds"));
    }
}
