//! The Shogun board: squares, sides, kinds, the magnets under the squares,
//! the numbers the pieces show, and the paths a piece may take.

use crate::game::{Colour, Win};
use crate::game::square::Square;
use crate::game::square::bit as shift_bit;
pub(super) use crate::game::square::{Bits, squares};

/// The bit of square `index`: a load from a table, where a shift by a
/// register takes three steps on the baseline x86-64.
#[inline]
pub(super) fn bit(index: usize) -> Bits {
    TABLES.bit[index & 63]
}

/// The tables of the board, in one piece so that one address reaches them
/// all.
struct Tables {
    /// `bit[i]` is `1 << i`.
    bit: [Bits; 64],
    /// `ring[from][slot(v)]`: the squares exactly `v` orthogonal steps from
    /// `from`, for `v` from 1 to 4 (a piece shows no other number), ring 4
    /// in slot 0. Four slots a square, so that the look-up needs no bounds
    /// check.
    ring: [[Bits; 4]; 64],
    /// `via[from][to]`: the paths between two squares.
    via: [[Via; 64]; 64],
    /// The magnet types, as [`TYPES`].
    types: [u8; 64],
}

/// The tables are built by the compiler, so a look-up is a plain load.
static TABLES: Tables = Tables {
    bit: {
        let mut bits = [0; 64];
        let mut i = 0;
        while i < 64 {
            bits[i] = shift_bit(i);
            i += 1;
        }
        bits
    },
    ring: ring_table(),
    via: via_table(),
    types: TYPES,
};

/// The board is 8 squares wide and high.
pub(super) const SIZE: u8 = 8;

/// Names a square of this board.
pub(super) fn square_name(index: usize) -> &'static str {
    Square::from_index(index & 63, SIZE).name()
}

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// White, home rank 1; moves first unless the record says otherwise.
    White,
    /// Red, home rank 8.
    Red,
}

impl From<Side> for Colour {
    fn from(side: Side) -> Self {
        match side {
            Side::White => Colour::White,
            Side::Red => Colour::Red,
        }
    }
}

impl Side {
    /// 0 for White, 1 for Red.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Red,
            Side::Red => Side::White,
        }
    }

    /// `White` or `Red`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Red => "Red",
        }
    }

    /// The result token of a win by this side.
    pub const fn token(self) -> &'static str {
        match self {
            Side::White => "W+",
            Side::Red => "R+",
        }
    }

    /// A win by this side: its token and name.
    pub const fn win(self) -> Win {
        Win {
            token: self.token(),
            winner: self.name(),
        }
    }
}

/// A kind of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Three per side.
    X,
    /// Two per side.
    Y,
    /// Two per side.
    Z,
    /// The Shogun, one per side.
    S,
}

impl Kind {
    /// Every kind, in the order of the numbers table.
    pub const ALL: [Kind; 4] = [Kind::X, Kind::Y, Kind::Z, Kind::S];

    /// 0 to 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::X => 'X',
            Kind::Y => 'Y',
            Kind::Z => 'Z',
            Kind::S => 'S',
        }
    }

    /// The kind of an upper-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// How many pieces of this kind a side owns at the start.
    pub const fn count(self) -> u32 {
        match self {
            Kind::X => 3,
            Kind::Y | Kind::Z => 2,
            Kind::S => 1,
        }
    }

    /// How a message names a piece of this kind.
    pub const fn noun(self) -> &'static str {
        match self {
            Kind::X => "X",
            Kind::Y => "Y",
            Kind::Z => "Z",
            Kind::S => "Shogun",
        }
    }
}

/// The numbers each kind shows on magnet types A, B, C, D.
pub type Discs = [[u8; 4]; 4];

/// The numbers table of kifu-rules(7).
pub(super) const DEFAULT_DISCS: Discs = [[4, 2, 3, 1], [2, 3, 4, 1], [1, 4, 3, 2], [1, 2, 2, 1]];

/// The magnet type of every square seen from White's side (0 = A ... 3 = D),
/// rank 1 first, from file a.
const TYPES: [u8; 64] = {
    const A: u8 = 0;
    const B: u8 = 1;
    const C: u8 = 2;
    const D: u8 = 3;
    [
        A, B, A, B, D, C, D, C, // rank 1
        C, D, C, D, B, A, B, A, // rank 2
        A, B, A, B, D, C, D, C, // rank 3
        C, D, C, D, B, A, B, A, // rank 4
        D, C, D, C, A, B, A, B, // rank 5
        B, A, B, A, C, D, C, D, // rank 6
        D, C, D, C, A, B, A, B, // rank 7
        B, A, B, A, C, D, C, D, // rank 8
    ]
};

/// The letter of a magnet type.
pub(super) fn type_letter(t: u8) -> char {
    char::from(b'A' + (t & 3))
}

/// The magnet type of `square` as `side` reads it with the board turned
/// (`quarter` is true for 90 and 270 degrees): Red and a quarter turn each
/// exchange A<->D and B<->C.
pub(super) fn magnet(square: usize, side: Side, quarter: bool) -> u8 {
    turned(layout(square), side, quarter)
}

/// The magnet type under `square` as White reads it on the unturned board.
pub(super) fn layout(square: usize) -> u8 {
    // Always 0 to 3 already; the mask only spares its users a bounds check.
    TABLES.types[square & 63] & 3
}

/// The type `side` reads for a magnet White reads as `t` on the unturned
/// board, with the board turned a quarter (or not).
pub(super) const fn turned(t: u8, side: Side, quarter: bool) -> u8 {
    let mut t = t;
    if matches!(side, Side::Red) {
        t ^= 3;
    }
    if quarter {
        t ^= 3;
    }
    t & 3
}

/// The squares passed over (start and end excluded) on the paths from one
/// square to another: the straight line (twice) or the two L paths.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Via {
    /// The first path; for an L, the one that moves along the rank first.
    pub first: Bits,
    /// The second path; the same as the first for a straight line.
    pub second: Bits,
}

const fn ring_table() -> [[Bits; 4]; 64] {
    let mut ring = [[0; 4]; 64];
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            let d = distance(from, to);
            if d <= 4 && d > 0 {
                ring[from][slot(d as u8)] |= shift_bit(to);
            }
            to += 1;
        }
        from += 1;
    }
    ring
}

const fn via_table() -> [[Via; 64]; 64] {
    let mut via = [[Via {
        first: 0,
        second: 0,
    }; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let (ff, fr) = ((from % 8) as i32, (from / 8) as i32);
        let mut to = 0;
        while to < 64 {
            let (tf, tr) = ((to % 8) as i32, (to / 8) as i32);
            via[from][to] = Via {
                first: walk((ff, fr), (tf, fr), (tf, tr)),
                second: walk((ff, fr), (ff, tr), (tf, tr)),
            };
            to += 1;
        }
        from += 1;
    }
    via
}

/// The squares passed over going from `start` to `corner` to `end` in
/// straight segments, `start` and `end` excluded.
const fn walk(start: (i32, i32), corner: (i32, i32), end: (i32, i32)) -> Bits {
    let mut bits = 0;
    let (mut f, mut r) = start;
    let corners = [corner, end];
    let mut i = 0;
    while i < corners.len() {
        let (tf, tr) = corners[i];
        while f != tf || r != tr {
            f += (tf - f).signum();
            r += (tr - r).signum();
            bits |= shift_bit((r * 8 + f) as usize);
        }
        i += 1;
    }
    bits & !shift_bit((r * 8 + f) as usize)
}

/// Where the squares and pieces of number `v` (1 to 4) are kept in a
/// table of four: `v` itself, 4 in slot 0.
#[inline]
pub(super) const fn slot(v: u8) -> usize {
    (v & 3) as usize
}

/// The squares exactly `v` orthogonal steps from `from`, for `v` from 1 to
/// 4: the numbers a piece shows, and the only ones asked about.
#[inline]
pub(super) fn ring(from: usize, v: u8) -> Bits {
    debug_assert!((1..=4).contains(&v), "ring {v}");
    TABLES.ring[from & 63][slot(v)]
}

/// The paths from `from` to `to`.
pub(super) fn via(from: usize, to: usize) -> Via {
    TABLES.via[from & 63][to & 63]
}

/// Whether one of the paths from `from` to `to` is clear of `occupied`
/// (whatever the distance).
pub(super) fn open(from: usize, to: usize, occupied: Bits) -> bool {
    let paths = via(from, to);
    paths.first & occupied == 0 || paths.second & occupied == 0
}

/// Whether a piece on `from` may reach `to`, exactly `v` steps away, with
/// the squares of `occupied` in the way.
#[cfg(test)]
pub(crate) fn reaches(from: usize, to: usize, v: u8, occupied: Bits) -> bool {
    ring(from, v) & bit(to) != 0 && open(from, to, occupied)
}

/// A piece as kept on its square: 0 for none, else `0x20 | kind << 3 |
/// slot(v) << 1 | side`, for the number `v` it shows there ([`slot`]).
///
/// The lowest three bits are where the masks of [`in_range`] keep the
/// piece, and bits 1 and 2 where [`reach`] finds its ring; bits 0, 3 and
/// 4 (`piece & 0x19`) are the piece whatever it shows.
pub(super) type Piece = u8;

/// The [`Piece`] of `side` and `kind` showing `v` (1 to 4).
pub(super) const fn piece(side: Side, kind: Kind, v: u8) -> Piece {
    0x20 | (kind as u8) << 3 | (slot(v) as u8) << 1 | side as u8
}

/// The number a [`Piece`] shows; 0 for none.
pub(super) const fn number_of(piece: Piece) -> u8 {
    if piece == 0 {
        0
    } else {
        ((piece >> 1).wrapping_add(3) & 3) + 1
    }
}

/// Where the masks of [`in_range`] keep `piece`: number slot first, then
/// side.
#[inline]
pub(super) const fn mask_of(piece: Piece) -> usize {
    (piece & 7) as usize
}

/// Where the masks of [`in_range`] keep the pieces of `side` showing `v`.
#[inline]
pub(super) const fn number_mask(v: u8, side: usize) -> usize {
    slot(v) << 1 | (side & 1)
}

/// The squares `piece` reaches from `from`: as far as the number it shows.
#[inline]
pub(super) fn reach(from: usize, piece: Piece) -> Bits {
    TABLES.ring[from & 63][usize::from(piece >> 1 & 3)]
}

/// The pieces that stand exactly as far from `target` as the number they
/// show, whatever stands between: `showing[number_mask(v, side)]` holds
/// the pieces of `side` showing `v`.
#[inline]
pub(super) fn in_range(target: usize, showing: &[Bits; 8], side: usize) -> Bits {
    let ring = &TABLES.ring[target & 63];
    let side = side & 1;
    ring[0] & showing[side]
        | ring[1] & showing[2 | side]
        | ring[2] & showing[4 | side]
        | ring[3] & showing[6 | side]
}

/// The number of orthogonal steps between two squares.
pub(super) const fn distance(from: usize, to: usize) -> u32 {
    let (ff, fr) = ((from % 8) as i32, (from / 8) as i32);
    let (tf, tr) = ((to % 8) as i32, (to / 8) as i32);
    (tf - ff).unsigned_abs() + (tr - fr).unsigned_abs()
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
