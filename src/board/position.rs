//! The board as the page plays on it, shared by the games played and
//! the records annotated: the legal moves grouped by the square each
//! leaves, so that a piece is chosen, then its target (the rules stay
//! here). It imports no route's module.

use crate::draw::{Drawing, Spot, View, picture, svg};
use crate::game::{AnyGame, GameKind, MoveDetail};

/// The board of a position as the page plays on it: the legal moves, the
/// picture with its squares, and the moves by the square they leave; a
/// game's state and an annotation's both carry it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct BoardJson {
    /// Every legal move.
    legal_moves: Vec<String>,
    /// The board, as `kifu render --format svg` draws it.
    board: String,
    /// The board's size in its own units (its `viewBox`).
    size: [f32; 2],
    /// Its squares, each with its rectangle in those units.
    squares: Vec<Spot>,
    /// The legal moves by the square they leave, in the order of
    /// `legal_moves`; a move that leaves none (a pass, a Mana re-entry)
    /// is in `buttons`.
    pieces: Vec<PieceJson>,
    /// The legal moves that leave no square, each a button.
    buttons: Vec<String>,
}

impl BoardJson {
    /// The board of `game` (of `kind`) after `ply` plies, drawn as `view`
    /// says (the last move, the side seen from), with the moves `legal`
    /// (none while a start is placed).
    pub(crate) fn new(
        game: &dyn AnyGame,
        kind: GameKind,
        view: &View<'_>,
        ply: usize,
        legal: Vec<MoveDetail>,
    ) -> Self {
        let scene = picture(game, kind, view, ply);
        let (pieces, buttons) = pieces_of(game, &legal);
        Self {
            legal_moves: legal.into_iter().map(|mv| mv.normalized.into()).collect(),
            board: svg::write(&scene, None),
            size: [scene.width, scene.height],
            squares: scene.spots(),
            pieces,
            buttons,
        }
    }
}

/// A square the side to move may leave, and where to.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct PieceJson {
    /// The square, as the board's `squares` name it.
    from: String,
    /// Each square it may reach, in the order of the legal moves.
    targets: Vec<TargetJson>,
}

/// A square a piece may reach, and the moves that take it there.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct TargetJson {
    /// The square; none for a move that reaches no square of the board.
    to: Option<String>,
    /// The moves: more than one when the move also chooses (Mana's bird,
    /// a Lotus exchange).
    moves: Vec<String>,
}

/// The legal moves of `game` (`legal`, with their parts from the
/// generator) grouped by the square each leaves: the pieces to choose and
/// the buttons.
fn pieces_of(game: &dyn AnyGame, legal: &[MoveDetail]) -> (Vec<PieceJson>, Vec<String>) {
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
