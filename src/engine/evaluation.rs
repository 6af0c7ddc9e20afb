//! What the engine's search asks of a game beyond its rules: the value of
//! a position and which moves capture ([`Evaluation`]), and the engine's
//! own dispatch from a [`GameKind`] to a type that has them ([`visit`]).
//!
//! The rules trait, [`Game`], knows nothing of this: each game's
//! evaluation is its own file of `src/engine/` (`mana.rs`, `escampe.rs`,
//! `shogun.rs`, `lotus/`), beside the 6x6 kit's in `lines.rs`.

use super::Weight;
use crate::game::{Game, GameKind};
use crate::games::{escampe::Escampe, lotus::Lotus, mana::Mana, shogun::Shogun};

/// A game as the engine's search sees it, beside its rules: what a
/// position is worth and which moves capture.
pub trait Evaluation: Game {
    /// The weights of [`Evaluation::evaluate`], which `kifu engine`
    /// offers as options (none by default).
    const WEIGHTS: &'static [Weight] = &[];

    /// The values of [`Evaluation::WEIGHTS`] that the engine's levels
    /// were rated with (benches/levels.sh), which a level keeps whatever
    /// the defaults become; a weight this leaves out takes its default.
    const RATED: &'static [i32] = &[];

    /// The position's value for the side to move, in hundredths of a
    /// piece, with the values of [`Evaluation::WEIGHTS`] in order (a
    /// weight missing from `weights` takes its default); 0 for a game
    /// that gives none.
    fn evaluate(&self, weights: &[i32]) -> i32 {
        let _ = weights;
        0
    }

    /// Whether `mv` captures, for the search's move ordering and its
    /// quiescence search.
    fn is_capture(&self, mv: &Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// A number below [`MOVE_KEYS`] that tells `mv` from the other moves
    /// of the position (from and to squares), under which the search
    /// keeps how often it refuted a position (history) and which move
    /// answered it (counter-move); `None`, the default, keeps nothing.
    fn move_key(&self, mv: &Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// What `mv` gains the side to move at once, for the playouts of a
    /// game of turns (Lotus's Monte Carlo), which prefer the moves that
    /// gain most; 0 for every move by default, which leaves them uniform.
    fn gain(&self, mv: &Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether the side to move's leader is attacked now (Shogun's
    /// check): the search then looks a ply further.
    fn in_danger(&self) -> bool {
        false
    }

    /// Whether a position with one legal move (a pass included) is
    /// searched a ply further: a forced reply costs the search nothing
    /// in breadth, and in Escampe, whose constraint forces many, it gains
    /// (benches/strength.md, x1).
    const EXTEND_FORCED: bool = false;
}

/// The bound of [`Evaluation::move_key`].
pub const MOVE_KEYS: usize = 4096;

/// Work done with a game's type as the engine sees it, chosen at run
/// time by [`visit`].
pub trait EvaluationVisitor {
    /// What the work gives.
    type Output;
    /// Does the work with the game `G`.
    fn visit<G: Evaluation>(self) -> Self::Output;
}

/// Runs `visitor` with `kind`'s type: the engine's dispatch, as
/// [`GameKind::visit`] is the rules'. The match names every game, so a
/// game registered without its evaluation does not compile.
pub fn visit<V: EvaluationVisitor>(kind: GameKind, visitor: V) -> V::Output {
    match kind {
        GameKind::Mana => visitor.visit::<Mana>(),
        GameKind::Escampe => visitor.visit::<Escampe>(),
        GameKind::Shogun => visitor.visit::<Shogun>(),
        GameKind::Lotus => visitor.visit::<Lotus>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of a game's type.
    struct KindOf;
    impl EvaluationVisitor for KindOf {
        type Output = GameKind;
        fn visit<G: Evaluation>(self) -> GameKind {
            G::KIND
        }
    }

    #[test]
    fn each_kind_visits_its_own_game() {
        for &kind in GameKind::ALL {
            assert_eq!(visit(kind, KindOf), kind, "{kind:?} visits another game");
        }
    }
}
