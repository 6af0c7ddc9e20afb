//! The 6 x 6 board of Mana and Escampe, the kit both games are made of:
//! squares of one, two or three lines, the step reader, the paths a piece
//! may take and the checks of a step, the `Position` board parser, and
//! the board writer (the drawing and the `Position` text).

mod board;
mod draw;
mod fault;
mod notation;
mod paths;
mod pieces;
mod side;
mod text;

pub use crate::game::square::{Bits, bit, squares};
pub use board::{
    Army, Board, Position, Start, check_board, failed, none_found, position_fault, read_board,
    read_position, setup_or_position, words,
};
pub use draw::{LinePicture, index, piece_on, scene, with_lines};
#[cfg(test)]
pub use fault::assert_codes_match;
pub use fault::{Codes, LineError, Reason};
pub(crate) use notation::{MoveParsed, end, square, step};
pub use notation::{StepSyntax, read_step};
pub use paths::{can_reach, reach};
pub use pieces::Pieces;
pub use side::{Side, StepFault, StepRules, check_and_play, check_start, side_at};
pub use text::{Cell, board_text, cells, status, text};

use crate::game::square::Square;

/// The board is 6 squares wide and high.
pub const SIZE: u8 = 6;
/// The number of squares.
pub const SQUARES: usize = 36;

/// The number of lines of every square, rank 1 first, from file a.
const LINES: [u8; SQUARES] = [
    3, 2, 2, 1, 3, 2, // rank 1
    1, 3, 1, 3, 1, 2, // rank 2
    2, 1, 3, 2, 3, 1, // rank 3
    2, 3, 1, 2, 1, 3, // rank 4
    3, 1, 3, 1, 3, 2, // rank 5
    1, 2, 2, 3, 1, 2, // rank 6
];

/// [`LINES`] repeated to fill 64 entries, so that [`lines`] can look a
/// square up the way [`bit`] does, by its low six bits, with no division.
const LINES_BY_LOW_BITS: [u8; 64] = {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = LINES[i % SQUARES];
        i += 1;
    }
    table
};

/// The number of lines of square `index`: how far a piece on it moves.
pub const fn lines(index: usize) -> u8 {
    LINES_BY_LOW_BITS[index & 63]
}

/// `WITH_LINES[n]`: the squares with `n` lines, worked out at compile time.
const WITH_LINES: [Bits; 4] = {
    let mut sets = [0; 4];
    let mut i = 0;
    while i < SQUARES {
        sets[LINES[i] as usize] |= bit(i);
        i += 1;
    }
    sets
};

/// The squares with `n` lines.
pub fn squares_with_lines(n: u8) -> Bits {
    WITH_LINES.get(usize::from(n)).copied().unwrap_or(0)
}

/// `SAME_KIND[square & 63]`: the squares with as many lines as `square`,
/// repeated like [`LINES_BY_LOW_BITS`].
const SAME_KIND: [Bits; 64] = {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = WITH_LINES[LINES[i % SQUARES] as usize];
        i += 1;
    }
    table
};

/// The squares with as many lines as `square`: [`squares_with_lines`] of
/// [`lines`]`(square)` in one look-up.
pub const fn same_kind(square: usize) -> Bits {
    SAME_KIND[square & 63]
}

/// Reads a square of this board.
pub fn parse_square(text: &str) -> Option<usize> {
    Square::parse(text, SIZE).map(|s| s.index(SIZE))
}

/// In [`FILE_PART`] and [`RANK_PART`], a byte that names no file or rank:
/// any sum with it is 64 or more, and a square's index is below 36.
const OFF: u8 = 64;

/// `FILE_PART[byte]`: the file of the letter `byte` (`a` = 0 to `f` = 5),
/// or [`OFF`].
const FILE_PART: [u8; 256] = {
    let mut table = [OFF; 256];
    let mut file = 0;
    while file < SIZE {
        table[(b'a' + file) as usize] = file;
        file += 1;
    }
    table
};

/// `RANK_PART[byte]`: the index of the first square of the rank of the digit
/// `byte` (`1` = 0, `2` = 6, up to `6` = 30), or [`OFF`].
const RANK_PART: [u8; 256] = {
    let mut table = [OFF; 256];
    let mut rank = 0;
    while rank < SIZE {
        table[(b'1' + rank) as usize] = rank * SIZE;
        rank += 1;
    }
    table
};

/// The square written as the two bytes `file` (`a` to `f`) and `rank`
/// (`1` to `6`): [`parse_square`] for text already split into bytes. Two
/// look-ups and an addition; the sum is 64 or more when either byte
/// names nothing.
#[inline]
pub fn square_of(file: u8, rank: u8) -> Option<u8> {
    let square = FILE_PART[usize::from(file)] + RANK_PART[usize::from(rank)];
    (square < OFF).then_some(square)
}

/// Names a square of this board.
pub fn square_name(index: usize) -> &'static str {
    Square::from_index(index, SIZE).name()
}

/// The squares a piece on `from` could end on with no piece in the way.
pub fn reach_on_empty_board(from: usize) -> Bits {
    reach(from, 0)
}

/// Words for a square's kind: `single`, `double` or `triple`.
pub fn kind_name(lines: u8) -> &'static str {
    match lines {
        1 => "single",
        2 => "double",
        _ => "triple",
    }
}

#[cfg(test)]
mod tests;
