//! The pieces and the constraint of a 6x6 line game (Mana, Escampe), as
//! both games hold them, and the Zobrist hash of a position made of them.
//! The engine evaluates them too (`src/engine/lines.rs`).

use super::{Bits, Side};
use crate::game::zobrist;

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
}
