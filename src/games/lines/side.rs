//! The two sides of the line-board games, and the first checks of any move:
//! whose piece stands on the start square, where it may end, and whether a
//! clear path joins the two.

use super::{Bits, bit, can_reach, square_name, unreachable_reason};

/// A side of a two-player line-board game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Black (who moves first in Mana, second in Escampe).
    Black,
    /// White.
    White,
}

impl Side {
    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// `Black` or `White`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The result token of a win by this side.
    pub fn token(self) -> &'static str {
        match self {
            Side::Black => "B+",
            Side::White => "W+",
        }
    }
}

/// The side whose piece stands on `square`, `men` holding each side's pieces.
pub fn side_at(men: &[Bits; 2], square: usize) -> Option<Side> {
    [Side::Black, Side::White]
        .into_iter()
        .find(|s| men[s.index()] & bit(square) != 0)
}

/// Checks what every move of `me` needs: his own piece on `from`, no piece of
/// his on `to`, and a clear path of the right length between them.
///
/// # Errors
/// The reason, as a player would say it.
pub fn check_start(men: &[Bits; 2], me: Side, from: usize, to: usize) -> Result<(), String> {
    match side_at(men, from) {
        None => {
            return Err(format!(
                "no piece of the side to move there: {} is empty",
                square_name(from)
            ));
        }
        Some(side) if side != me => {
            return Err(format!(
                "no piece of the side to move there: {} holds a {} piece",
                square_name(from),
                side.name()
            ));
        }
        Some(_) => {}
    }
    if men[me.index()] & bit(to) != 0 {
        return Err(format!(
            "the piece cannot reach that square: {} holds one of your own pieces",
            square_name(to)
        ));
    }
    if !can_reach(from, to, men[0] | men[1]) {
        return Err(format!(
            "the piece cannot reach that square: {}",
            unreachable_reason(from, to)
        ));
    }
    Ok(())
}
