//! The Escampe position and moves as JSON.

use super::{Escampe, EscampeMove, setup};
use crate::game::json::escampe::{EscampeParts, EscampePosition};
use crate::game::{MoveDetail, MoveParts, Position, SquareName};
use crate::games::lines::{SIZE, bit};

fn name(square: u8) -> SquareName {
    SquareName::of(usize::from(square), SIZE)
}

/// The position as JSON.
pub(super) fn position(escampe: &Escampe) -> Position {
    Position::Escampe(EscampePosition {
        position: setup::position_value(escampe),
        to_move: escampe.to_move.into(),
        constraint: escampe.constraint,
        last_landing: escampe.last.map(name),
    })
}

/// A move's canonical text and parts.
pub(super) fn describe(escampe: &Escampe, mv: &EscampeMove) -> MoveDetail {
    let (normal, parts) = match *mv {
        EscampeMove::Step { from, to, .. } => {
            let capture = escampe.occupied() & bit(usize::from(to)) != 0;
            (
                EscampeMove::Step { from, to, capture },
                EscampeParts::Move {
                    from: name(from),
                    to: name(to),
                    capture,
                },
            )
        }
        EscampeMove::Pass => (EscampeMove::Pass, EscampeParts::Pass),
    };
    MoveDetail::new(
        &normal,
        MoveParts::Escampe(parts),
    )
}
