//! The Shogun position and moves as JSON.

use super::Shogun;
use super::board::{Kind, SIZE, Side, bit, magnet, squares, type_letter};
use super::notation::ShogunMove;
use super::setup::position_value;
use super::setup::discs_value;
use crate::game::json::shogun::{Attacked, ShogunParts, ShogunPiece, ShogunPosition};
use crate::game::{MoveDetail, MoveParts, Position, SquareName};

fn name(square: usize) -> SquareName {
    SquareName::of(square & 63, SIZE)
}

/// The position as JSON: the `Position` value, the side to move, the
/// rotation, the discs, every piece with the number it shows, and checks.
pub(super) fn position(game: &Shogun) -> Position {
    let quarter = game.rotation % 180 == 90;
    let pieces = squares(game.occupied())
        .filter_map(|square| {
            let (side, kind) = game.piece_at(square)?;
            Some(ShogunPiece {
                square: name(square),
                side: side.into(),
                kind: kind.letter(),
                magnet: type_letter(magnet(square, side, quarter)),
                shows: game.shows(square),
            })
        })
        .collect();
    Position::Shogun(ShogunPosition {
        position: position_value(game),
        to_move: game.to_move.into(),
        rotation: game.rotation,
        discs: discs_value(&game.discs),
        pieces,
        attacked: Attacked {
            white: game.attacker_of(Side::White).map(name),
            red: game.attacker_of(Side::Red).map(name),
        },
    })
}

/// A move's canonical text and parts.
pub(super) fn describe(game: &Shogun, mv: &ShogunMove) -> MoveDetail {
    let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
    // With its `x` and `+` as the position has them. The move may not be
    // legal: the referee describes a move before it plays it.
    let normal = ShogunMove {
        capture: game.occupied() & bit(to) != 0,
        check: game.gives_check(from, to),
        ..*mv
    };
    let (side, kind) = game.piece_at(from).unwrap_or((game.to_move, Kind::X));
    MoveDetail::new(
        &normal,
        MoveParts::Shogun(ShogunParts {
            from: name(from),
            to: name(to),
            side: side.into(),
            piece: kind.letter(),
            shows: game.shows(from),
            capture: game.piece_at(to).map(|(_, k)| k.letter()),
            check: normal.check,
        }),
    )
}
