//! The Mana position and moves as JSON.

use super::{Mana, ManaMove, setup};
use crate::game::json::mana::{Captured, ManaParts, ManaPosition};
use crate::game::{MoveDetail, MoveParts, Position, SquareName};
use crate::games::lines::{Side, bit};

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
