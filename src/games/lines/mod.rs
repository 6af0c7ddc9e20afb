//! The 6 x 6 board of Mana and Escampe: squares of one, two or three lines,
//! the paths a piece may take, and the drawing of the board.

mod paths;
mod render;
mod side;

pub use crate::games::square::{Bits, bit, squares};
pub use paths::{can_reach, reach};
pub use render::{Cell, render};
pub use side::{Side, check_start, side_at};

use super::square::Square;

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

/// The index of the square written `file` `rank`, below 36; or, when the
/// two bytes name no square, 64 or more. Two look-ups and an addition, with
/// no branch: the readers of moves test the squares of a move together.
#[inline]
fn index_or_off(file: u8, rank: u8) -> u8 {
    FILE_PART[usize::from(file)] + RANK_PART[usize::from(rank)]
}

/// The square written as the two bytes `file` (`a` to `f`) and `rank`
/// (`1` to `6`): [`parse_square`] for text already split into bytes.
pub fn square_of(file: u8, rank: u8) -> Option<u8> {
    let square = index_or_off(file, rank);
    (square < OFF).then_some(square)
}

/// Reads a step written exactly as `b1-b3` or `c3xc5` on this board,
/// nothing before or after: the start square's index, whether `x` was
/// written, the end square's index.
///
/// This is the quick reader of the usual text; `None` says only that the
/// text is something else, and each game's full reader explains what.
#[inline]
pub fn read_step(bytes: &[u8]) -> Option<(u8, bool, u8)> {
    let [from_file, from_rank, separator, to_file, to_rank] = *bytes else {
        return None;
    };
    let from = index_or_off(from_file, from_rank);
    let to = index_or_off(to_file, to_rank);
    let capture = separator == b'x';
    // Both squares are on the board when neither has a bit of OFF or above.
    ((from | to) < OFF && (capture || separator == b'-')).then_some((from, capture, to))
}

/// Exactly `N` words of `text`, as [`str::split_whitespace`] separates
/// them, or `None` when there are fewer or more.
pub fn words<const N: usize>(text: &str) -> Option<[&str; N]> {
    if !text.is_ascii() {
        return exactly(text.split_whitespace());
    }
    // The same split, byte by byte.
    let bytes = text.as_bytes();
    let mut found = [""; N];
    let (mut count, mut at) = (0, 0);
    while at < bytes.len() {
        if is_ascii_space(bytes[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && !is_ascii_space(bytes[at]) {
            at += 1;
        }
        *found.get_mut(count)? = text.get(start..at)?;
        count += 1;
    }
    (count == N).then_some(found)
}

/// Whether `byte` is white space to [`str::split_whitespace`]: in ASCII, tab
/// to carriage return and the space. Most bytes are above the space, which
/// the first test settles.
fn is_ascii_space(byte: u8) -> bool {
    byte <= b' ' && matches!(byte, b'\t'..=b'\r' | b' ')
}

/// The `N` items of `items`, or `None` when there are fewer or more.
fn exactly<'a, const N: usize>(mut items: impl Iterator<Item = &'a str>) -> Option<[&'a str; N]> {
    let mut found = [""; N];
    for slot in &mut found {
        *slot = items.next()?;
    }
    items.next().is_none().then_some(found)
}

/// Names a square of this board.
pub fn square_name(index: usize) -> String {
    Square::from_index(index, SIZE).to_string()
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

/// Explains why `from` cannot reach `to`: too far, or every path blocked.
pub fn unreachable_reason(from: usize, to: usize) -> String {
    let n = lines(from);
    let steps = if n == 1 {
        "1 step".to_owned()
    } else {
        format!("{n} steps")
    };
    let base = format!(
        "the piece on {} stands on a {} square and must move exactly {steps}",
        square_name(from),
        kind_name(n)
    );
    if reach_on_empty_board(from) & bit(to) == 0 {
        base
    } else {
        format!("{base}; every such path to {} is blocked", square_name(to))
    }
}

/// The pieces of a line game as a `Position` board names them.
#[derive(Debug, Clone, Copy)]
pub struct Army {
    /// The game, for messages.
    pub game: &'static str,
    /// The side written in upper case.
    pub upper: Side,
    /// The leader's upper-case letter and name (`'D'`, `"Daimyo"`).
    pub leader: (char, &'static str),
    /// The other pieces' upper-case letter and name (`'R'`, `"Ronin"`).
    pub follower: (char, &'static str),
}

/// Reads the board of a `Position` value (rank 6 down to rank 1, `/`
/// between ranks, digits counting empty squares): each side's pieces and
/// the leaders among them. Each side must have one leader and at most five
/// other pieces.
///
/// # Errors
/// What is wrong with the board, in words.
pub fn parse_army(board: &str, army: &Army) -> Result<([Bits; 2], Bits), String> {
    // A wrong number of ranks is the first thing to say: the board is read
    // in one pass, and only what it finds wrong makes the ranks counted.
    read_army(board, army).map_err(|error| wrong_rank_count(board).unwrap_or(error))
}

/// Why `board` has not 6 ranks, if it has not.
#[cold]
fn wrong_rank_count(board: &str) -> Option<String> {
    let rank_count = board.bytes().filter(|&b| b == b'/').count() + 1;
    (rank_count != 6)
        .then(|| format!("{board:?}: the board has 6 ranks separated by '/', not {rank_count}"))
}

/// [`parse_army`] but for the number of ranks: any board without 6 ranks is
/// refused here, with some error.
fn read_army(board: &str, army: &Army) -> Result<([Bits; 2], Bits), String> {
    let [leader, follower] = [army.leader.0, army.follower.0].map(|c| c as u8);
    let [lower_leader, lower_follower] = [leader, follower].map(|b| b.to_ascii_lowercase());
    // Each side's pieces (upper case, lower case) and the leaders of both.
    let (mut upper, mut lower, mut leaders) = (0, 0, 0);
    // One pass over the whole board: `row` counts the '/' seen (rank 6 is
    // row 0) and `file` the squares of the current rank so far.
    let (mut row, mut file) = (0, 0);
    for (at, &byte) in board.as_bytes().iter().enumerate() {
        let (is_upper, is_leader) = match byte {
            b'/' if row == 5 => return Err("more than 6 ranks".into()),
            b'/' => {
                check_rank_width(board, row, file)?;
                (row, file) = (row + 1, 0);
                continue;
            }
            b'0'..=b'9' => {
                file += usize::from(byte - b'0');
                continue;
            }
            _ if byte == leader => (true, true),
            _ if byte == follower => (true, false),
            _ if byte == lower_leader => (false, true),
            _ if byte == lower_follower => (false, false),
            _ => return Err(not_a_piece(board, at, byte, army)),
        };
        if file >= 6 {
            return Err(format!(
                "rank {} ({:?}) holds more than 6 squares",
                6 - row,
                rank_text(board, row)
            ));
        }
        let square = bit((5 - row) * 6 + file);
        if is_upper {
            upper |= square;
        } else {
            lower |= square;
        }
        if is_leader {
            leaders |= square;
        }
        file += 1;
    }
    let mut men = [0; 2];
    men[army.upper.index()] = upper;
    men[army.upper.other().index()] = lower;
    if row != 5 {
        return Err("fewer than 6 ranks".into());
    }
    check_rank_width(board, row, file)?;
    for side in [army.upper, army.upper.other()] {
        let mine = men[side.index()];
        let (n, name) = ((mine & leaders).count_ones(), army.leader.1);
        if n != 1 {
            return Err(format!(
                "{} has {n} {name}s; each side has exactly one",
                side.name()
            ));
        }
        let (n, name) = ((mine & !leaders).count_ones(), army.follower.1);
        if n > 5 {
            return Err(format!(
                "{} has {n} {name}s; each side has at most five",
                side.name()
            ));
        }
    }
    Ok((men, leaders))
}

/// Why `byte`, at `at` in a `Position` board, is not a piece: its
/// character (whole, when it is not ASCII) and the pieces there are.
#[cold]
fn not_a_piece(board: &str, at: usize, byte: u8, army: &Army) -> String {
    let (leader, follower) = (army.leader.0, army.follower.0);
    let c = board
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::from(byte));
    format!(
        "{c:?} is not a {} piece ({leader}, {follower}, {}, {}) or a digit",
        army.game,
        leader.to_ascii_lowercase(),
        follower.to_ascii_lowercase()
    )
}

/// The text of the rank `row` ranks below the top of a `Position` board.
fn rank_text(board: &str, row: usize) -> &str {
    board.split('/').nth(row).unwrap_or_default()
}

/// Checks that the rank `row` ranks below the top ended after `file`
/// squares, exactly six.
///
/// # Errors
/// The rank does not hold 6 squares.
fn check_rank_width(board: &str, row: usize, file: usize) -> Result<(), String> {
    if file == 6 {
        return Ok(());
    }
    Err(format!(
        "rank {} ({:?}) does not hold 6 squares",
        6 - row,
        rank_text(board, row)
    ))
}

/// Writes the board of a `Position` value, `letter` naming each square's piece.
pub fn board_text(letter: impl Fn(usize) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..6).rev() {
        let mut empty = 0;
        for file in 0..6 {
            match letter(rank * 6 + file) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests;
