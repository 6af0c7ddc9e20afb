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
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

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
