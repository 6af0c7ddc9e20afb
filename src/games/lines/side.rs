//! The two sides of the line-board games, and the first checks of any move:
//! whose piece stands on the start square, where it may end, and whether a
//! clear path joins the two.

use super::{Bits, Codes, bit, can_reach, kind_name, lines, reach, square_name};
use crate::game::{Colour, Win};

/// A side of a two-player line-board game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Black (who moves first in Mana, second in Escampe).
    Black,
    /// White.
    White,
}

impl From<Side> for Colour {
    fn from(side: Side) -> Self {
        match side {
            Side::Black => Colour::Black,
            Side::White => Colour::White,
        }
    }
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
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The result token of a win by this side.
    pub const fn token(self) -> &'static str {
        match self {
            Side::Black => "B+",
            Side::White => "W+",
        }
    }

    /// A win by this side: its token and name.
    pub const fn win(self) -> Win {
        Win {
            token: self.token(),
            winner: self.name(),
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

/// Why a step is illegal on any line board: the checks every move of
/// both games makes first, and a written `x` with nothing to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepFault {
    /// The start square is empty.
    EmptySquare {
        /// The start square.
        from: u8,
    },
    /// The start square holds a piece of `side`, not of the mover.
    OpponentsPiece {
        /// The start square.
        from: u8,
        /// Whose piece stands there.
        side: Side,
    },
    /// The end square holds one of the mover's pieces.
    OntoOwnPiece {
        /// The end square.
        to: u8,
    },
    /// No path of the start square's number of steps joins the squares.
    TooFar {
        /// The start square.
        from: u8,
    },
    /// Every path of the right length from `from` to `to` is blocked.
    PathBlocked {
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
    },
    /// `x` was written and the end square is empty.
    FalseCapture {
        /// The end square.
        to: u8,
    },
}

impl StepFault {
    /// The code the game's `codes` give this fault.
    pub fn code(self, codes: &Codes) -> &'static str {
        match self {
            StepFault::EmptySquare { .. } => codes.empty_square,
            StepFault::OpponentsPiece { .. } => codes.opponents_piece,
            StepFault::OntoOwnPiece { .. } => codes.onto_own_piece,
            StepFault::TooFar { .. } => codes.too_far,
            StepFault::PathBlocked { .. } => codes.path_blocked,
            StepFault::FalseCapture { .. } => codes.false_capture,
        }
    }

    /// The fault in words.
    pub fn message(self) -> String {
        let name = |square: u8| square_name(usize::from(square));
        match self {
            StepFault::EmptySquare { from } => format!(
                "no piece of the side to move there: {} is empty",
                name(from)
            ),
            StepFault::OpponentsPiece { from, side } => format!(
                "no piece of the side to move there: {} holds a {} piece",
                name(from),
                side.name()
            ),
            StepFault::OntoOwnPiece { to } => format!(
                "the piece cannot reach that square: {} holds one of your own pieces",
                name(to)
            ),
            StepFault::TooFar { from } => {
                format!("the piece cannot reach that square: {}", exact_steps(from))
            }
            StepFault::PathBlocked { from, to } => format!(
                "the piece cannot reach that square: {}; every such path to {} is blocked",
                exact_steps(from),
                name(to)
            ),
            StepFault::FalseCapture { to } => {
                format!("x on a non-capture: {} is empty", name(to))
            }
        }
    }
}

/// How far the piece on `from` moves, in words.
fn exact_steps(from: u8) -> String {
    let n = lines(usize::from(from));
    let steps = if n == 1 {
        "1 step".to_owned()
    } else {
        format!("{n} steps")
    };
    format!(
        "the piece on {} stands on a {} square and must move exactly {steps}",
        square_name(usize::from(from)),
        kind_name(n)
    )
}

/// Checks what every move of `me` needs: his own piece on `from`, no piece of
/// his on `to`, and a clear path of the right length between them.
///
/// # Errors
/// The first of the three requirements that fails.
#[inline]
pub fn check_start(men: &[Bits; 2], me: Side, from: usize, to: usize) -> Result<(), StepFault> {
    let mine = men[me.index()];
    let sound =
        mine & bit(from) != 0 && mine & bit(to) == 0 && can_reach(from, to, men[0] | men[1]);
    if sound {
        Ok(())
    } else {
        Err(start_fault(men, me, from, to))
    }
}

/// Why [`check_start`] refused a move: the first of its three requirements
/// that fails. Kept apart so that the check itself stays small.
#[inline(never)]
fn start_fault(men: &[Bits; 2], me: Side, from: usize, to: usize) -> StepFault {
    let (from_u8, to_u8) = (from as u8, to as u8);
    match side_at(men, from) {
        None => StepFault::EmptySquare { from: from_u8 },
        Some(side) if side != me => StepFault::OpponentsPiece {
            from: from_u8,
            side,
        },
        Some(_) if men[me.index()] & bit(to) != 0 => StepFault::OntoOwnPiece { to: to_u8 },
        Some(_) if reach(from, 0) & bit(to) == 0 => StepFault::TooFar { from: from_u8 },
        Some(_) => StepFault::PathBlocked {
            from: from_u8,
            to: to_u8,
        },
    }
}

/// A line-board game's rules of a plain step, which [`check_and_play`]
/// puts together.
pub trait StepRules {
    /// Why a step is illegal.
    type Illegal;
    /// Checks the step.
    ///
    /// # Errors
    /// Why it is illegal.
    fn check_step(&self, from: usize, to: usize, capture: bool) -> Result<(), Self::Illegal>;
    /// Plays a step found legal.
    fn play_step(&mut self, from: usize, to: usize);
}

/// Checks and plays a plain step.
///
/// # Errors
/// Why the step is illegal; nothing changes then.
pub fn check_and_play<G: StepRules>(
    game: &mut G,
    from: usize,
    to: usize,
    capture: bool,
) -> Result<(), G::Illegal> {
    game.check_step(from, to, capture)?;
    game.play_step(from, to);
    Ok(())
}
