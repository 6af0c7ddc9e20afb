//! What the engine's search sees of a 6x6 line game (Mana, Escampe): the
//! Zobrist hash of a position and its value for the side to move.

use super::{Bits, Side, reach_on_empty_board, squares, squares_with_lines};
use crate::engine::zobrist;
use crate::game::Weight;

/// The pieces and the constraint of a position, as both games hold them.
#[derive(Debug, Clone, Copy)]
pub struct Pieces {
    /// Each side's pieces, by [`Side::index`].
    pub men: [Bits; 2],
    /// The leaders of both sides (Daimyo, Unicorn).
    pub leaders: Bits,
    /// The side to move.
    pub to_move: Side,
    /// The number of lines the mover's piece must start from, if any:
    /// all that matters of Mana's bird, whose square never does.
    pub constraint: Option<u8>,
}

/// The value of a follower (Ronin, Paladin) on the board.
const FOLLOWER: i32 = 100;

/// The weights of the evaluation beside a follower's 100 (the unit),
/// with a game's defaults: the value of each piece of the mover that the
/// constraint lets move (`FreePiece`), and the cost of each enemy piece
/// within a move's reach of one's leader, board empty (`Threat`).
pub const fn weights(free_piece: i32, threat: i32) -> [Weight; 2] {
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

impl Pieces {
    /// The Zobrist hash: each piece (side, kind, square), the side to
    /// move, the constraint.
    pub fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for side in 0..2u64 {
            let men = self.men[side as usize];
            hash ^= zobrist::squares(men & !self.leaders, side * 128);
            hash ^= zobrist::squares(men & self.leaders, side * 128 + 64);
        }
        hash ^= zobrist::key(256 + self.to_move.index() as u64);
        hash ^ zobrist::key(260 + u64::from(self.constraint.unwrap_or(0)))
    }

    /// The value for the side to move: followers on the board, the
    /// pieces the constraint leaves free to move, and the enemy pieces
    /// near each leader, by the values of [`weights`].
    pub fn evaluate(&self, [free_piece, threat]: [i32; 2]) -> i32 {
        let me = self.to_move.index();
        let them = 1 - me;
        let followers = |side: usize| (self.men[side] & !self.leaders).count_ones() as i32;
        let material = (followers(me) - followers(them)) * FOLLOWER;
        let free = match self.constraint {
            Some(n) => self.men[me] & squares_with_lines(n),
            None => self.men[me],
        };
        let freedom = free.count_ones() as i32 * free_piece;
        material + freedom - (self.threats(me) - self.threats(them)) * threat
    }

    /// How many pieces of the other side could reach `side`'s leader on
    /// an empty board.
    fn threats(&self, side: usize) -> i32 {
        let leader = self.men[side] & self.leaders;
        squares(self.men[1 - side])
            .filter(|&from| reach_on_empty_board(from) & leader != 0)
            .count() as i32
    }
}
