//! The flowers: their colours ([`Flower`]), and the `Flowers` tag: where
//! the flowers lie at the start.

use crate::game::TagError;

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

    /// The letter of every colour, in the order of [`Flower::ALL`].
    pub const LETTERS: [char; 5] = {
        let mut letters = [' '; 5];
        let mut i = 0;
        while i < Flower::ALL.len() {
            letters[i] = Flower::ALL[i].letter();
            i += 1;
        }
        letters
    };

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

/// The colours a hand holds, one bit per colour of [`Flower::ALL`]: what
/// `Lotus::held` keeps up to date.
pub(super) fn colours(hand: &[u8; 5]) -> u8 {
    Flower::ALL
        .into_iter()
        .filter(|f| hand[f.index()] > 0)
        .fold(0, |set, f| set | f.bit())
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

/// The flowers when the record has no `Flowers` tag.
pub const DEFAULT_FLOWERS: &str = "PWY/WYPWYPWYPWYP";

/// The random setup: arrival places 1-3, then the twelve non-black lily squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Flowers {
    /// The flowers of arrival places 1, 2 and 3.
    pub arrival: [Flower; 3],
    /// The flowers of the lily squares but the last, in course order.
    pub lilies: [Flower; 12],
}

impl Flowers {
    /// The tag value.
    pub(super) fn value(&self) -> String {
        let mut out: String = self.arrival.iter().map(|f| f.letter()).collect();
        out.push('/');
        out.extend(self.lilies.iter().map(|f| f.letter()));
        out
    }
}

/// Why a part of the `Flowers` value is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BadFlowers {
    /// A letter other than P, W and Y.
    Letter,
    /// The wrong number of flowers.
    Count,
}

/// Reads the flowers of `N` places: only P, W and Y, exactly `N` of them.
fn read_flowers<const N: usize>(text: &str) -> Result<[Flower; N], BadFlowers> {
    let colour = |b: u8| Flower::from_letter(b).filter(|f| f.index() < 3);
    if text.bytes().any(|b| colour(b).is_none()) {
        return Err(BadFlowers::Letter);
    }
    if text.len() != N {
        return Err(BadFlowers::Count);
    }
    let mut out = [Flower::White; N];
    for (slot, b) in out.iter_mut().zip(text.bytes()) {
        *slot = colour(b).ok_or(BadFlowers::Letter)?;
    }
    Ok(out)
}

/// Reads `"PWY/WYPWYPWYPWYP"`.
pub(super) fn parse_flowers(value: &str) -> Result<Flowers, TagError> {
    match read_good_flowers(value) {
        Some(flowers) => Ok(flowers),
        None => explain_flowers(value),
    }
}

/// The flowers of the [`DEFAULT_FLOWERS`] value.
pub(super) const DEFAULT: Flowers = {
    use Flower::{Pink as P, White as W, Yellow as Y};
    Flowers {
        arrival: [P, W, Y],
        lilies: [W, Y, P, W, Y, P, W, Y, P, W, Y, P],
    }
};

/// A good `Flowers` value in one pass over its bytes; `None` leaves the
/// value to [`explain_flowers`].
///
/// Each letter adds [`TALLY`] to a counter, so one comparison checks the
/// colours and their numbers: one each of white, yellow and pink among the
/// arrival places, four each on the lilies, and nothing else.
fn read_good_flowers(value: &str) -> Option<Flowers> {
    let bytes: &[u8; 16] = value.as_bytes().try_into().ok()?;
    if bytes[3] != b'/' {
        return None;
    }
    let mut flowers = DEFAULT;
    let mut arrival = 0;
    for (slot, &letter) in flowers.arrival.iter_mut().zip(&bytes[..3]) {
        *slot = COLOUR[usize::from(letter)];
        arrival += TALLY[usize::from(letter)];
    }
    let mut lilies = 0;
    for (slot, &letter) in flowers.lilies.iter_mut().zip(&bytes[4..]) {
        *slot = COLOUR[usize::from(letter)];
        lilies += TALLY[usize::from(letter)];
    }
    (arrival == tally(1) && lilies == tally(4)).then_some(flowers)
}

/// The [`TALLY`] of `n` flowers of each of white, yellow and pink.
const fn tally(n: u32) -> u32 {
    n << (8 * Flower::White as u32)
        | n << (8 * Flower::Yellow as u32)
        | n << (8 * Flower::Pink as u32)
}

/// What each byte of a `Flowers` value adds to its counter: one in the
/// byte of its colour for white, yellow and pink; one in a fourth byte for
/// anything else, which no good value has.
const TALLY: [u32; 256] = {
    let mut table = [1 << 24; 256];
    table[b'W' as usize] = 1 << (8 * Flower::White as u32);
    table[b'Y' as usize] = 1 << (8 * Flower::Yellow as u32);
    table[b'P' as usize] = 1 << (8 * Flower::Pink as u32);
    table
};

/// The flower of each byte of a good `Flowers` value (white for the
/// others, which [`TALLY`] refuses).
const COLOUR: [Flower; 256] = {
    let mut table = [Flower::White; 256];
    table[b'Y' as usize] = Flower::Yellow;
    table[b'P' as usize] = Flower::Pink;
    table
};

/// Says what is wrong with a `Flowers` value ([`read_good_flowers`] did
/// not take it).
fn explain_flowers(value: &str) -> Result<Flowers, TagError> {
    let fault = |code, message: String| Err(TagError::new("Flowers", code, message));
    let shape = "the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"";
    let Some((places, lilies)) = value.split_once('/') else {
        return fault("lotus.flowers-shape", format!("{value:?}: {shape}"));
    };
    let (arrival, lilies) = (read_flowers::<3>(places), read_flowers::<12>(lilies));
    if arrival == Err(BadFlowers::Letter) || lilies == Err(BadFlowers::Letter) {
        return fault(
            "lotus.flowers-letters",
            format!(
                "{value:?}: only P, W and Y lie on the course and the arrival at the start; {shape}"
            ),
        );
    }
    let (Ok(arrival), Ok(lilies)) = (arrival, lilies) else {
        return fault("lotus.flowers-shape", format!("{value:?}: {shape}"));
    };
    let count = |list: &[Flower], f: Flower| list.iter().filter(|x| **x == f).count();
    let colours = [Flower::Pink, Flower::White, Flower::Yellow];
    if colours.iter().any(|f| count(&arrival, *f) != 1) {
        return fault(
            "lotus.flowers-arrival",
            format!("{value:?}: arrival places 1-3 hold one pink, one white and one yellow flower"),
        );
    }
    if colours.iter().any(|f| count(&lilies, *f) != 4) {
        return fault(
            "lotus.flowers-lilies",
            format!(
                "{value:?}: the twelve lily squares hold four pink, four white and four yellow flowers"
            ),
        );
    }
    Ok(Flowers { arrival, lilies })
}

/// A random `Flowers` value: the arrival places 1-3 a permutation of
/// `P W Y`, `/`, then the twelve lily flowers, four each of `P W Y`.
pub fn random_flowers(rng: &mut crate::random::Rng) -> String {
    let mut arrival = *b"PWY";
    let mut lilies = *b"PPPPWWWWYYYY";
    rng.shuffle(&mut arrival);
    rng.shuffle(&mut lilies);
    format!(
        "{}/{}",
        String::from_utf8_lossy(&arrival),
        String::from_utf8_lossy(&lilies)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn the_same_seed_draws_the_same_flowers() {
        let draw = |seed| random_flowers(&mut Rng::new(seed));
        assert_eq!(draw(42), draw(42));
        let drawn: std::collections::HashSet<String> = (0..50).map(draw).collect();
        assert!(drawn.len() > 40, "{drawn:?}");
    }

    #[test]
    fn drawn_flowers_are_a_valid_flowers_tag() {
        for seed in [0, 1, 7, u64::MAX] {
            let value = random_flowers(&mut Rng::new(seed));
            assert!(parse_flowers(&value).is_ok(), "{value}");
            let (arrival, lilies) = value.split_once('/').unwrap_or_default();
            let mut sorted: Vec<char> = arrival.chars().collect();
            sorted.sort_unstable();
            assert_eq!(sorted, ['P', 'W', 'Y'], "{value}");
            for flower in ['P', 'W', 'Y'] {
                assert_eq!(lilies.chars().filter(|&c| c == flower).count(), 4);
            }
        }
    }
}
