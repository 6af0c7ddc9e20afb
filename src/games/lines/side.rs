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
    if men[0] & bit(square) != 0 {
        Some(Side::Black)
    } else if men[1] & bit(square) != 0 {
        Some(Side::White)
    } else {
        None
    }
}

/// Checks what every move of `me` needs: his own piece on `from`, no piece of
/// his on `to`, and a clear path of the right length between them.
///
/// # Errors
/// The reason, as a player would say it.
#[inline]
pub fn check_start(men: &[Bits; 2], me: Side, from: usize, to: usize) -> Result<(), String> {
    let mine = men[me.index()];
    let sound =
        mine & bit(from) != 0 && mine & bit(to) == 0 && can_reach(from, to, men[0] | men[1]);
    if sound {
        Ok(())
    } else {
        Err(start_error(men, me, from, to))
    }
}

/// Why [`check_start`] refused a move, in words: the first of its three
/// requirements that fails. Kept apart so that the check itself stays small.
#[cold]
#[inline(never)]
fn start_error(men: &[Bits; 2], me: Side, from: usize, to: usize) -> String {
    match side_at(men, from) {
        None => {
            return format!(
                "no piece of the side to move there: {} is empty",
                square_name(from)
            );
        }
        Some(side) if side != me => {
            return format!(
                "no piece of the side to move there: {} holds a {} piece",
                square_name(from),
                side.name()
            );
        }
        Some(_) => {}
    }
    if men[me.index()] & bit(to) != 0 {
        return format!(
            "the piece cannot reach that square: {} holds one of your own pieces",
            square_name(to)
        );
    }
    format!(
        "the piece cannot reach that square: {}",
        unreachable_reason(from, to)
    )
}
