//! The board as the page plays on it, shared by the games played and
//! the records annotated: the legal moves grouped by the square each
//! leaves, so that a piece is chosen, then its target (the rules stay
//! here). It imports no route's module.

use crate::draw::Drawing;
use crate::game::{AnyGame, MoveDetail};

/// A square the side to move may leave, and where to.
#[derive(Debug, serde::Serialize)]
pub(super) struct PieceJson {
    /// The square, as the board's `squares` name it.
    from: String,
    /// Each square it may reach, in the order of the legal moves.
    targets: Vec<TargetJson>,
}

/// A square a piece may reach, and the moves that take it there.
#[derive(Debug, serde::Serialize)]
pub(super) struct TargetJson {
    /// The square; none for a move that reaches no square of the board.
    to: Option<String>,
    /// The moves: more than one when the move also chooses (Mana's bird,
    /// a Lotus exchange).
    moves: Vec<String>,
}

/// The legal moves of `game` (`legal`, with their parts from the
/// generator) grouped by the square each leaves: the pieces to choose and
/// the buttons.
pub(super) fn pieces_of(game: &dyn AnyGame, legal: &[MoveDetail]) -> (Vec<PieceJson>, Vec<String>) {
    let mut pieces: Vec<PieceJson> = Vec::new();
    let mut buttons = Vec::new();
    for detail in legal {
        let mv = detail.normalized.to_string();
        let [from, to] = game.move_squares(&detail.parts);
        let Some(from) = from else {
            buttons.push(mv);
            continue;
        };
        let at = match pieces.iter().position(|piece| piece.from == from) {
            Some(at) => at,
            None => {
                pieces.push(PieceJson {
                    from,
                    targets: Vec::new(),
                });
                pieces.len() - 1
            }
        };
        let targets = &mut pieces[at].targets;
        match targets.iter_mut().find(|target| target.to == to) {
            Some(target) => target.moves.push(mv),
            None => targets.push(TargetJson {
                to,
                moves: vec![mv],
            }),
        }
    }
    (pieces, buttons)
}
