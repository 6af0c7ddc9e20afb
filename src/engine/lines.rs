//! The evaluation of a 6x6 line game (Mana, Escampe), from the pieces and
//! the constraint both games hold ([`Pieces`]): followers on the board,
//! the pieces the constraint leaves free to move, the enemy pieces within
//! reach of each leader; and what a capture is.

use super::Weight;
use crate::games::lines::{Pieces, bit, reach_on_empty_board, squares, squares_with_lines};

/// The value of a follower (Ronin, Paladin) on the board.
const FOLLOWER: i32 = 100;

/// The weights of the evaluation beside a follower's 100 (the unit),
/// with a game's defaults: the value of each piece of the mover that the
/// constraint lets move (`FreePiece`), and the cost of each enemy piece
/// within a move's reach of one's leader, board empty (`Threat`).
pub(super) const fn weights(free_piece: i32, threat: i32) -> [Weight; 2] {
    [
        Weight {
            name: "FreePiece",
            default: free_piece,
        },
        Weight {
            name: "Threat",
            default: threat,
        },
    ]
}

/// The value of `pieces` for the side to move: followers on the board,
/// the pieces the constraint leaves free to move, and the enemy pieces
/// near each leader, by the values of [`weights`].
pub(super) fn evaluate(pieces: &Pieces, [free_piece, threat]: [i32; 2]) -> i32 {
    let me = pieces.to_move.index();
    let them = 1 - me;
    let followers = |side: usize| (pieces.men[side] & !pieces.leaders).count_ones() as i32;
    let material = (followers(me) - followers(them)) * FOLLOWER;
    let free = match pieces.constraint {
        Some(n) => pieces.men[me] & squares_with_lines(n),
        None => pieces.men[me],
    };
    let freedom = free.count_ones() as i32 * free_piece;
    material + freedom - (threats(pieces, me) - threats(pieces, them)) * threat
}

/// A move's key for the search's history: its from and to squares (a
/// re-entry's from its own square, which no step has), below
/// [`PASS_KEY`].
pub(super) fn step_key(from: u8, to: u8) -> usize {
    usize::from(from) * 36 + usize::from(to)
}

/// The pass's key, after every step's.
pub(super) const PASS_KEY: usize = 36 * 36;

/// Whether a step to `to` captures: a piece of either side stands there.
pub(super) fn captures(pieces: &Pieces, to: u8) -> bool {
    (pieces.men[0] | pieces.men[1]) & bit(usize::from(to)) != 0
}

/// How many pieces of the other side could reach `side`'s leader on an
/// empty board.
fn threats(pieces: &Pieces, side: usize) -> i32 {
    let leader = pieces.men[side] & pieces.leaders;
    squares(pieces.men[1 - side])
        .filter(|&from| reach_on_empty_board(from) & leader != 0)
        .count() as i32
}
