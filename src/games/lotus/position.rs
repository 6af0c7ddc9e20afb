//! The `Position` tag of Lotus: any position of a game, written and read.
//!
//! `r:14*,9,0:WY g:6,3,0:- o:A1,17*,12:WWK 2W,5P,10P -WPB o 7 3` is a word
//! per player in turn order (the initial, the pawns in the order they left
//! the start, `*` on each pawn moved in this turn, `A1` to `A4` for the
//! arrival places, then the bouquet or `-`), the flowers on the course by
//! square (or `-`), the four arrival places (`-` once taken), the player to
//! move, the turn number and which pawn move of it is next. kifu.5 and
//! `grammar/lotus.ebnf` describe it; the value read back from a position
//! written is that very position.

use super::course::Square;
use super::movement::slot;
use super::notation::Flower;
use super::{ALWAYS_BLOCKED, Lotus};
use crate::game::{SetupError, TagError};

#[path = "position_check.rs"]
mod check;
#[path = "position_read.rs"]
mod read;

/// The code of every fault of a `Position` value.
pub(super) const POSITION_CODES: [&str; 13] = [
    "lotus.flowers-and-position",
    "lotus.position-words",
    "lotus.position-player",
    "lotus.position-pawn",
    "lotus.position-pawn-count",
    "lotus.position-hand",
    "lotus.position-course-flower",
    "lotus.position-arrival",
    "lotus.position-mover",
    "lotus.position-turn",
    "lotus.position-shared-square",
    "lotus.position-flower-count",
    "lotus.position-moved",
];

/// The highest turn number a `Position` states.
const MAX_TURN: u32 = 999_999;

/// The code of a record with both `Flowers` and `Position`.
pub(super) const FLOWERS_AND_POSITION: &str = POSITION_CODES[0];

/// A fault of the `Position` tag.
fn fault(code: &'static str, message: String) -> TagError {
    TagError::new("Position", code, message)
}

/// A `Position` value as written: each part that could be read, `None`
/// for a part at fault (its reason is told already).
#[derive(Debug, Default)]
struct Written {
    /// Each player's pawns in turn order: the position as the game keeps
    /// it (the arrival places past the course's end), and whether the
    /// pawn moved in this turn.
    pawns: Vec<Option<Vec<(u16, bool)>>>,
    /// Each player's bouquet, counted by colour in the order of [`Flower::ALL`].
    hands: Vec<Option<[u8; 5]>>,
    /// The flowers on the course, by square.
    course: Option<Vec<(u16, Flower)>>,
    /// The flower on each arrival place, `None` once it is taken.
    arrival: Option<[Option<Flower>; 4]>,
    /// The player to move.
    mover: Option<u8>,
    /// The turn number.
    turn: Option<u32>,
    /// The pawn move of the turn that comes next, 1 to 3.
    pawn_move: Option<u8>,
}

/// The position a `Position` value states, played on the course and by
/// the players of `game`, a start position.
///
/// # Errors
/// Every part that cannot be read, and every rule the position breaks.
pub(super) fn read(game: Lotus, value: &str) -> Result<Lotus, SetupError> {
    let mut reasons = Vec::new();
    let written = read::parts(&game, value, &mut reasons)?;
    check::rules(&game, &written, &mut reasons);
    match SetupError::of(reasons) {
        Some(error) => Err(error),
        None => Ok(build(game, &written)),
    }
}

/// Sets the position `written` states, which breaks no rule, on `game`.
fn build(mut game: Lotus, written: &Written) -> Lotus {
    let end = game.end;
    for square in game.squares_mut() {
        square.flower = None;
    }
    let (mut on_start, mut marked, mut index) = (0u16, 0u16, 0usize);
    for pawns in written.pawns.iter().flatten() {
        for &(pos, moved) in pawns {
            // The seats keep each player's pawns together, in turn order.
            game.pawn_slots[index].pos = pos;
            if pos == 0 {
                on_start |= 1 << index;
            } else if pos <= end {
                game.squares_mut()[usize::from(pos)].occupant = index as u8;
            }
            marked |= u16::from(moved) << index;
            index += 1;
        }
    }
    for &(square, flower) in written.course.iter().flatten() {
        game.squares_mut()[usize::from(square)].flower = Some(flower);
    }
    for (player, hand) in written.hands.iter().flatten().enumerate() {
        game.hands[player] = *hand;
        game.held[player] = Flower::ALL
            .into_iter()
            .filter(|f| hand[f.index()] > 0)
            .fold(0, |set, f| set | f.bit());
    }
    game.on_start = on_start;
    game.occupied = game.occupied_by_scan();
    game.arrival = written.arrival.unwrap_or_default();
    game.arrived = game.pawns().iter().filter(|p| p.pos > end).count() as u16;
    game.finished = game.arrived >= 4;
    game.turn = written.turn.unwrap_or(1);
    game.mover = written.mover.unwrap_or(0);
    game.step = written.pawn_move.unwrap_or(1) - 1;
    // As `end_pawn_move` leaves a turn: the pawns moved are blocked, or
    // kept apart once the mover owes another player's pawn or the game is over.
    let own = game.own[slot(game.mover)];
    (game.moved, game.blocked) = if game.finished {
        (marked, u16::MAX)
    } else if game.step == 2 && marked & !own == 0 {
        (marked, own | ALWAYS_BLOCKED)
    } else {
        (0, marked | ALWAYS_BLOCKED)
    };
    game
}

impl Lotus {
    /// Square 0 (start) to N, to change.
    fn squares_mut(&mut self) -> &mut [Square] {
        if self.short {
            &mut self.cells[..=usize::from(self.end)]
        } else {
            &mut self.long_squares
        }
    }
}

/// The `Position` value of a position: one string, written in one pass.
pub(super) fn value(game: &Lotus) -> String {
    let end = game.end();
    let moved = game.moved_pawns();
    let mut out = String::with_capacity(64 + 12 * game.players.count());
    let mut digits = itoa::Buffer::new();
    for (player, &letter) in game.players.letters().iter().enumerate() {
        out.push(char::from(letter));
        let mut separator = ':';
        for (index, pawn) in game.pawns().iter().enumerate() {
            if usize::from(pawn.owner) != player {
                continue;
            }
            out.push(separator);
            separator = ',';
            if pawn.pos > end {
                out.push('A');
                out.push_str(digits.format(pawn.pos - end));
            } else {
                out.push_str(digits.format(pawn.pos));
            }
            if moved >> index & 1 != 0 {
                out.push('*');
            }
        }
        out.push(':');
        let hand = &game.hands[player];
        if *hand == [0; 5] {
            out.push('-');
        }
        for flower in Flower::ALL {
            for _ in 0..hand[flower.index()] {
                out.push(flower.letter());
            }
        }
        out.push(' ');
    }
    let mut separator = "";
    for (square, at) in game.squares().iter().enumerate() {
        if let Some(flower) = at.flower {
            out.push_str(separator);
            separator = ",";
            out.push_str(digits.format(square));
            out.push(flower.letter());
        }
    }
    if separator.is_empty() {
        out.push('-');
    }
    out.push(' ');
    out.extend(game.arrival.iter().map(|f| f.map_or('-', Flower::letter)));
    out.push(' ');
    out.push(char::from(game.players.letter(game.mover)));
    out.push(' ');
    out.push_str(digits.format(game.turn));
    out.push(' ');
    out.push(char::from(b'1' + game.step));
    out
}

#[cfg(test)]
#[path = "position_tests.rs"]
mod tests;
