//! The Mana position and moves as JSON.

use super::{Mana, ManaMove, setup};
use crate::game::{Colour, MoveDetail, MoveParts, Position, SquareName};
use crate::games::lines::{Side, bit};
use schemars::JsonSchema;
use serde::Serialize;

/// A Mana position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ManaPosition {
    /// The Position tag value of the position.
    pub position: String,
    /// Who moves next: black or white.
    pub to_move: Colour,
    /// The bird's square; left out when off the board or not known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird: Option<SquareName>,
    /// The bird's kind: the number of lines of its square, also when its
    /// square was not written; left out when the bird is off the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird_lines: Option<u8>,
    /// The captured Ronins of black and white.
    pub captured: Captured,
}

/// The Ronins captured, by the side that lost them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Captured {
    /// Black's Ronins captured.
    pub black: u32,
    /// White's Ronins captured.
    pub white: u32,
}

/// A Mana move's parts as JSON, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[schemars(deny_unknown_fields)]
pub enum ManaParts {
    /// A piece moves.
    Move {
        /// Where it starts.
        from: SquareName,
        /// Where it ends.
        to: SquareName,
        /// True when a piece was taken.
        capture: bool,
        /// Where the bird goes; left out when not written.
        #[serde(skip_serializing_if = "Option::is_none")]
        bird: Option<SquareName>,
    },
    /// A captured Ronin comes back.
    Reentry {
        /// Where it enters.
        to: SquareName,
        /// Where the bird goes; left out when not written.
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
