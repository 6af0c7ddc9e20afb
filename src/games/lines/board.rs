//! The `Position` tag of both games: the board (rank 6 down to rank 1,
//! `/` between ranks, digits counting empty squares), the side to move,
//! and the game's own third word; read first, then checked.

use super::{Bits, Codes, Side, bit};
use crate::game::{SetupError, TagError, Tags};

/// The pieces of a line game as a `Position` board names them, and the
/// words of its messages.
#[derive(Debug, Clone, Copy)]
pub struct Army {
    /// The game's codes.
    pub codes: &'static Codes,
    /// The side written in upper case.
    pub upper: Side,
    /// The leader's upper-case letter and name (`'D'`, `"Daimyo"`).
    pub leader: (char, &'static str),
    /// The other pieces' upper-case letter and name (`'R'`, `"Ronin"`).
    pub follower: (char, &'static str),
    /// The side letters, as messages list them (`b or w`).
    pub sides: &'static str,
    /// The words of a `Position` value, as messages list them.
    pub words: &'static str,
}

impl Army {
    /// The letter of the piece on `square` of `board`, if any: the
    /// upper side's in upper case.
    pub fn letter(&self, board: &Board, square: usize) -> Option<char> {
        let side = super::side_at(&board.men, square)?;
        let (letter, _) = if board.leaders & bit(square) != 0 {
            self.leader
        } else {
            self.follower
        };
        Some(if side == self.upper {
            letter
        } else {
            letter.to_ascii_lowercase()
        })
    }

    /// The `Position` value of `board` with `to_move` to play, `mark`
    /// its third word.
    pub fn position_value(&self, board: &Board, to_move: Side, mark: &str) -> String {
        let text = super::board_text(|square| self.letter(board, square));
        let side = match to_move {
            Side::Black => 'b',
            Side::White => 'w',
        };
        format!("{text} {side} {mark}")
    }
}

/// A board as a `Position` value writes it, not yet checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Each side's pieces, indexed by [`Side::index`].
    pub men: [Bits; 2],
    /// The squares of the leaders of both sides.
    pub leaders: Bits,
}

/// A `Position` value, read and not yet checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position<T> {
    /// The board.
    pub board: Board,
    /// The side to move.
    pub to_move: Side,
    /// The game's third word: the bird's square, the line constraint.
    pub mark: T,
}

/// Which start tag a record gives: `Setup` (or none), or `Position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start<'a> {
    /// The `Setup` value, if any.
    Setup(Option<&'a str>),
    /// The `Position` value.
    Position(&'a str),
}

/// The start tag the record gives.
///
/// # Errors
/// The record gives both.
pub fn setup_or_position<'a>(tags: Tags<'a>, codes: &Codes) -> Result<Start<'a>, TagError> {
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            codes.setup_and_position,
            "a record has Setup or Position, never both",
        )),
        (_, Some(position)) => Ok(Start::Position(position)),
        (setup, None) => Ok(Start::Setup(setup)),
    }
}

/// A fault of the `Position` tag.
pub fn position_fault(code: &'static str, message: String) -> TagError {
    TagError::new("Position", code, message)
}

/// Reads a `Position` value: the board, the side to move, then the third
/// word through `mark`.
///
/// # Errors
/// Every word that cannot be read.
pub fn read_position<T>(
    value: &str,
    army: &Army,
    mark: impl FnOnce(&str) -> Result<T, TagError>,
) -> Result<Position<T>, SetupError> {
    let codes = army.codes;
    let Some([board, side, third]) = words(value) else {
        let message = format!("{value:?}: expected {}", army.words);
        return Err(position_fault(codes.position_words, message).into());
    };
    let to_move = match side {
        "b" => Ok(Side::Black),
        "w" => Ok(Side::White),
        _ => Err(position_fault(
            codes.side_to_move,
            format!("{side:?}: the side to move is {}", army.sides),
        )),
    };
    match (to_move, read_board(board, army), mark(third)) {
        (Ok(to_move), Ok(board), Ok(mark)) => Ok(Position {
            board,
            to_move,
            mark,
        }),
        (to_move, board, mark) => Err(failed(
            [to_move.err(), board.err(), mark.err()],
            codes.position_words,
        )),
    }
}

/// The error of the reasons found by readers of which one at least failed;
/// `code` stands for a reason only if none did, which cannot happen.
pub fn failed<const N: usize>(reasons: [Option<TagError>; N], code: &'static str) -> SetupError {
    let reasons = reasons.into_iter().flatten().collect();
    SetupError::of(reasons)
        .unwrap_or_else(|| TagError::new("Position", code, "cannot be read").into())
}

/// `Ok(())` when no reason was found, else every reason.
///
/// # Errors
/// The reasons found.
pub fn none_found(reasons: Vec<TagError>) -> Result<(), SetupError> {
    SetupError::of(reasons).map_or(Ok(()), Err)
}

/// Reads the board of a `Position` value: each side's pieces and the
/// leaders among them, each rank six squares wide.
///
/// # Errors
/// The first thing wrong with the board as text.
pub fn read_board(board: &str, army: &Army) -> Result<Board, TagError> {
    let codes = army.codes;
    let rank_count = board.bytes().filter(|&b| b == b'/').count() + 1;
    if rank_count != 6 {
        let message =
            format!("{board:?}: the board has 6 ranks separated by '/', not {rank_count}");
        return Err(position_fault(codes.board_ranks, message));
    }
    let [leader, follower] = [army.leader.0, army.follower.0].map(|c| c as u8);
    let mut read = Board {
        men: [0; 2],
        leaders: 0,
    };
    // The ranks are split at '/', which is ASCII: each is text of its own.
    for (row, rank) in board.as_bytes().split(|&b| b == b'/').enumerate() {
        let mut file = 0;
        for (at, &byte) in rank.iter().enumerate() {
            if byte.is_ascii_digit() {
                file += usize::from(byte - b'0');
                continue;
            }
            let upper = byte.to_ascii_uppercase();
            if upper != leader && upper != follower {
                return Err(not_a_piece(rank, at, army));
            }
            if file >= 6 {
                return Err(wrong_width(rank, row, "holds more than", codes));
            }
            let square = bit((5 - row) * 6 + file);
            let side = if byte == upper {
                army.upper
            } else {
                army.upper.other()
            };
            read.men[side.index()] |= square;
            if upper == leader {
                read.leaders |= square;
            }
            file += 1;
        }
        if file != 6 {
            return Err(wrong_width(rank, row, "does not hold", codes));
        }
    }
    Ok(read)
}

/// Why the rank `row` ranks below the top, `rank`, is not 6 squares wide.
fn wrong_width(rank: &[u8], row: usize, holds: &str, codes: &Codes) -> TagError {
    let text = String::from_utf8_lossy(rank);
    let message = format!("rank {} ({text:?}) {holds} 6 squares", 6 - row);
    position_fault(codes.rank_width, message)
}

/// Why the character at `at` in `rank` of a `Position` board is not a
/// piece (the whole character, when it is not ASCII), naming the pieces
/// there are.
fn not_a_piece(rank: &[u8], at: usize, army: &Army) -> TagError {
    let text = String::from_utf8_lossy(rank.get(at..).unwrap_or_default());
    let c = text.chars().next().unwrap_or_default();
    let (leader, follower) = (army.leader.0, army.follower.0);
    let game = army.codes.game;
    let article = match game.starts_with(['A', 'E', 'I', 'O', 'U']) {
        true => "an",
        false => "a",
    };
    let message = format!(
        "{c:?} is not {article} {game} piece ({leader}, {follower}, {}, {}) or a digit",
        leader.to_ascii_lowercase(),
        follower.to_ascii_lowercase()
    );
    position_fault(army.codes.not_a_piece, message)
}

/// Checks a board's armies: each side has one leader and at most five other
/// pieces. Every fault found is added to `reasons`.
pub fn check_board(board: &Board, army: &Army, reasons: &mut Vec<TagError>) {
    let codes = army.codes;
    for side in [army.upper, army.upper.other()] {
        let mine = board.men[side.index()];
        let (n, name) = ((mine & board.leaders).count_ones(), army.leader.1);
        if n != 1 {
            let message = format!("{} has {n} {name}s; each side has exactly one", side.name());
            reasons.push(position_fault(codes.leader_count, message));
        }
        let (n, name) = ((mine & !board.leaders).count_ones(), army.follower.1);
        if n > 5 {
            let message = format!(
                "{} has {n} {name}s; each side has at most five",
                side.name()
            );
            reasons.push(position_fault(codes.follower_count, message));
        }
    }
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
