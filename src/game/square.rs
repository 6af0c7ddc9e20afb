//! Squares of a rectangular board, written file letter then rank number.

use std::fmt;

/// The index of the square written as the two bytes `file` (from `a`) and
/// `rank` (from `1`) on a board `size` squares wide and high.
#[inline]
pub fn index_of(file: u8, rank: u8, size: u8) -> Option<usize> {
    let (file, rank) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (file < size && rank < size).then(|| usize::from(rank) * usize::from(size) + usize::from(file))
}

/// A square of a board of up to 8 x 8, numbered `rank * width + file` from a1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// File from 0 (`a`).
    pub file: u8,
    /// Rank from 0 (rank `1`).
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (both from 0).
    pub const fn new(file: u8, rank: u8) -> Self {
        Self { file, rank }
    }

    /// Reads `a1`-style text on a board `size` squares wide and high.
    pub fn parse(text: &str, size: u8) -> Option<Self> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].checked_sub(b'a')?;
        let rank = bytes[1].checked_sub(b'1')?;
        (file < size && rank < size).then_some(Self { file, rank })
    }

    /// The index `rank * size + file`.
    pub const fn index(self, size: u8) -> usize {
        self.rank as usize * size as usize + self.file as usize
    }

    /// The name, `a1` to `h8`, from a table rather than formatted: names
    /// are written several times for every move. `?` off an 8 x 8 board.
    pub fn name(self) -> &'static str {
        let (file, rank) = (usize::from(self.file), usize::from(self.rank));
        let at = 2 * (rank * 8 + file);
        match file < 8 {
            true => NAMES.get(at..at + 2).unwrap_or("?"),
            false => "?",
        }
    }

    /// The square with index `index` on a board `size` wide.
    pub const fn from_index(index: usize, size: u8) -> Self {
        Self {
            file: (index % size as usize) as u8,
            rank: (index / size as usize) as u8,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The names of the squares of an 8 x 8 board, two bytes each, in index
/// order (`rank * 8 + file`).
const NAMES: &str = concat!(
    "a1b1c1d1e1f1g1h1",
    "a2b2c2d2e2f2g2h2",
    "a3b3c3d3e3f3g3h3",
    "a4b4c4d4e4f4g4h4",
    "a5b5c5d5e5f5g5h5",
    "a6b6c6d6e6f6g6h6",
    "a7b7c7d7e7f7g7h7",
    "a8b8c8d8e8f8g8h8",
);

/// A set of squares of a board of up to 8 x 8, bit `rank * width + file`.
pub type Bits = u64;

/// The bit of square `index`.
pub const fn bit(index: usize) -> Bits {
    1 << (index & 63)
}

/// Iterates over the squares of a set, lowest first.
pub fn squares(mut bits: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            index
        })
    })
}

/// Explains why `text` is not a square of a `size` board.
pub fn square_error(text: &str, size: u8) -> String {
    let last_file = char::from(b'a' + size - 1);
    format!("{text:?} is not a square (files a-{last_file}, ranks 1-{size})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_squares() {
        assert_eq!(Square::parse("f6", 6), Some(Square::new(5, 5)));
        assert_eq!(Square::parse("g1", 6), None);
        assert_eq!(Square::parse("z9", 8), None);
        assert_eq!(Square::parse("a10", 8), None);
        assert_eq!(Square::new(7, 7).to_string(), "h8");
        assert_eq!(
            square_error("z9", 6),
            "\"z9\" is not a square (files a-f, ranks 1-6)"
        );
    }
}
