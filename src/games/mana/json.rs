//! The Mana position and moves as JSON.

use super::{Mana, ManaMove, setup};
use crate::game::{Colour, MoveDetail, MoveParts, Position, SquareName};
use crate::games::lines::{Side, bit};
use serde::Serialize;

/// A Mana position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ManaPosition {
    /// The `Position` tag value of the position.
    pub position: String,
    /// Who moves next.
    pub to_move: Colour,
    /// The bird's square, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird: Option<SquareName>,
    /// The number of lines of the bird's square, when the bird is on the
    /// board, also when its square was not written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird_lines: Option<u8>,
    /// The Ronins each side has lost.
    pub captured: Captured,
}

/// The Ronins captured, by the side that lost them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// Black's Ronins taken.
    pub black: u32,
    /// White's Ronins taken.
    pub white: u32,
}

/// A Mana move's parts as JSON, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ManaParts {
    /// A piece moves.
    Move {
        /// Where it starts.
        from: SquareName,
        /// Where it ends.
        to: SquareName,
        /// Whether it takes a piece there.
        capture: bool,
        /// Where the bird goes, when written.
        #[serde(skip_serializing_if = "Option::is_none")]
        bird: Option<SquareName>,
    },
    /// A captured Ronin comes back.
    Reentry {
        /// Where it enters.
        to: SquareName,
        /// Where the bird goes, when written.
        #[serde(skip_serializing_if = "Option::is_none")]
        bird: Option<SquareName>,
    },
    /// The side to move passes.
    Pass,
}

fn name(square: u8) -> SquareName {
    SquareName::of(usize::from(square), crate::games::lines::SIZE)
}

/// The position as JSON.
pub(super) fn position(mana: &Mana) -> Position {
    Position::Mana(ManaPosition {
        position: setup::position_value(mana),
        to_move: mana.to_move.into(),
        bird: mana
            .bird_square()
            .map(|s| SquareName::of(s, crate::games::lines::SIZE)),
        bird_lines: mana.bird_lines(),
        captured: Captured {
            black: mana.captured_ronins(Side::Black),
            white: mana.captured_ronins(Side::White),
        },
    })
}

/// A move's canonical text and parts.
pub(super) fn describe(mana: &Mana, mv: &ManaMove) -> MoveDetail {
    let mut normal = *mv;
    let parts = match *mv {
        ManaMove::Step { from, to, bird, .. } => {
            let capture = mana.occupied() & bit(usize::from(to)) != 0;
            normal = ManaMove::Step {
                from,
                to,
                capture,
                bird,
            };
            ManaParts::Move {
                from: name(from),
                to: name(to),
                capture,
                bird: bird.map(name),
            }
        }
        ManaMove::Enter { to, bird } => ManaParts::Reentry {
            to: name(to),
            bird: bird.map(name),
        },
        ManaMove::Pass => ManaParts::Pass,
    };
    MoveDetail::new(
        &normal,
        MoveParts::Mana(parts),
    )
}
