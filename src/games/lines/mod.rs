//! The 6 x 6 board of Mana and Escampe: squares of one, two or three lines,
//! the paths a piece may take, and the drawing of the board.

mod render;
mod side;

pub use crate::games::square::{Bits, bit, squares};
pub use render::{Cell, render};
pub use side::{Side, check_start, side_at};

use super::square::Square;
use std::sync::OnceLock;

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

/// The number of lines of square `index`: how far a piece on it moves.
pub fn lines(index: usize) -> u8 {
    LINES[index % SQUARES]
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

/// Reads a square of this board.
pub fn parse_square(text: &str) -> Option<usize> {
    Square::parse(text, SIZE).map(|s| s.index(SIZE))
}

/// Names a square of this board.
pub fn square_name(index: usize) -> String {
    Square::from_index(index, SIZE).to_string()
}

/// A path of exactly the start square's number of steps: the squares it
/// passes through and the square where it ends.
#[derive(Debug, Clone, Copy)]
struct Path {
    via: Bits,
    to: usize,
}

/// Every self-avoiding path from each square with that square's number of steps.
fn all_paths() -> &'static [Vec<Path>] {
    static PATHS: OnceLock<Vec<Vec<Path>>> = OnceLock::new();
    PATHS.get_or_init(|| {
        (0..SQUARES)
            .map(|from| {
                let mut found = Vec::new();
                walk(from, bit(from), 0, lines(from), &mut found);
                found
            })
            .collect()
    })
}

fn walk(at: usize, visited: Bits, via: Bits, steps_left: u8, found: &mut Vec<Path>) {
    if steps_left == 0 {
        found.push(Path { via, to: at });
        return;
    }
    for next in neighbours(at) {
        if visited & bit(next) == 0 {
            let via = if steps_left > 1 { via | bit(next) } else { via };
            walk(next, visited | bit(next), via, steps_left - 1, found);
        }
    }
}

fn neighbours(index: usize) -> impl Iterator<Item = usize> {
    let (file, rank) = ((index % 6) as i8, (index / 6) as i8);
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .map(move |(df, dr)| (file + df, rank + dr))
        .filter(|&(f, r)| (0..6).contains(&f) && (0..6).contains(&r))
        .map(|(f, r)| (r * 6 + f) as usize)
}

/// Up to three paths join two squares; each is the set of squares it passes.
#[derive(Debug, Clone, Copy, Default)]
struct Joins {
    count: u8,
    via: [Bits; 3],
}

/// For every start and end square, the paths that join them.
fn all_joins() -> &'static [Joins] {
    static JOINS: OnceLock<Vec<Joins>> = OnceLock::new();
    JOINS.get_or_init(|| {
        let mut joins = vec![Joins::default(); SQUARES * SQUARES];
        for (from, paths) in all_paths().iter().enumerate() {
            for path in paths {
                let entry = &mut joins[from * SQUARES + path.to];
                if let Some(slot) = entry.via.get_mut(entry.count as usize) {
                    *slot = path.via;
                    entry.count += 1;
                }
            }
        }
        joins
    })
}

/// Whether a piece on `from` can end on `to` without passing through `blocking`.
pub fn can_reach(from: usize, to: usize, blocking: Bits) -> bool {
    all_joins().get(from * SQUARES + to).is_some_and(|j| {
        j.via[..j.count as usize]
            .iter()
            .any(|via| via & blocking == 0)
    })
}

/// The squares a piece on `from` can end on when the squares of `blocking`
/// may not be passed through (end squares are not checked).
pub fn reach(from: usize, blocking: Bits) -> Bits {
    all_paths().get(from).map_or(0, |paths| {
        paths
            .iter()
            .filter(|p| p.via & blocking == 0)
            .fold(0, |bits, p| bits | bit(p.to))
    })
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
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 6 {
        return Err(format!(
            "{board:?}: the board has 6 ranks separated by '/', not {}",
            ranks.len()
        ));
    }
    let (leader, follower) = (army.leader.0, army.follower.0);
    let mut men = [0; 2];
    let mut leaders = 0;
    for (row, text) in ranks.iter().enumerate() {
        let rank = 5 - row;
        let mut file = 0;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as usize;
                continue;
            }
            let side = match c {
                _ if c == leader || c == follower => army.upper,
                _ if c == leader.to_ascii_lowercase() || c == follower.to_ascii_lowercase() => {
                    army.upper.other()
                }
                _ => {
                    return Err(format!(
                        "{c:?} is not a {} piece ({leader}, {follower}, {}, {}) or a digit",
                        army.game,
                        leader.to_ascii_lowercase(),
                        follower.to_ascii_lowercase()
                    ));
                }
            };
            if file >= 6 {
                return Err(format!(
                    "rank {} ({text:?}) holds more than 6 squares",
                    rank + 1
                ));
            }
            let square = rank * 6 + file;
            men[side.index()] |= bit(square);
            if c.eq_ignore_ascii_case(&leader) {
                leaders |= bit(square);
            }
            file += 1;
        }
        if file != 6 {
            return Err(format!(
                "rank {} ({text:?}) does not hold 6 squares",
                rank + 1
            ));
        }
    }
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
mod tests {
    use super::*;

    #[test]
    fn can_reach_agrees_with_reach() {
        let mut blocking: Bits = 0x0123_4567_89ab;
        for round in 0..50 {
            blocking = blocking.rotate_left(7) ^ (round * 0x9e37_79b9);
            for from in 0..SQUARES {
                let all = reach(from, blocking);
                for to in 0..SQUARES {
                    assert_eq!(
                        can_reach(from, to, blocking),
                        all & bit(to) != 0,
                        "{from} {to}"
                    );
                }
            }
        }
    }

    #[test]
    fn twelve_squares_of_each_kind() {
        for n in 1..=3 {
            assert_eq!(squares_with_lines(n).count_ones(), 12, "{n} lines");
        }
    }

    #[test]
    fn each_home_rank_shows_three_double_squares() {
        let doubles = squares_with_lines(2);
        let rank = |r: usize| (0..6).filter(|f| doubles & bit(r * 6 + f) != 0).count();
        assert_eq!((rank(0), rank(5)), (3, 3));
    }

    #[test]
    fn a_triple_square_piece_reaches_by_turning_paths() {
        let a1 = 0;
        let ends: Vec<_> = squares(reach_on_empty_board(a1)).map(square_name).collect();
        assert_eq!(ends, ["b1", "d1", "a2", "c2", "b3", "a4"]);
        let blocked = reach(a1, bit(1) | bit(6));
        assert_eq!(blocked, 0);
    }
}
