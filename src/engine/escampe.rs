//! Escampe's evaluation: the 6x6 kit's ([`super::lines`]), with
//! Escampe's weights.

use super::lines;
use super::{Evaluation, Weight, weight_values};
use crate::games::escampe::{Escampe, EscampeMove};

/// The weights of Escampe's evaluation (`EscampeFreePiece`,
/// `EscampeThreat`, `EscampeAttack`, `EscampeAttacked`,
/// `EscampeEscape`): as `kifu tune fit` found them on 63,520 self-play
/// positions (benches/strength.md, e1).
const WEIGHTS: [Weight; lines::WEIGHTS] = lines::weights([6, 89, 114, 178, 12]);

impl Evaluation for Escampe {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;
    /// The two weights before attacks and escapes were weighed.
    const RATED: &'static [i32] = &[12, 25, 0, 0, 0];
    const EXTEND_FORCED: bool = true;

    fn evaluate(&self, weights: &[i32]) -> i32 {
        lines::evaluate(
            &self.pieces(),
            lines::Takers::Followers,
            weight_values(weights, &WEIGHTS),
        )
    }

    fn is_capture(&self, mv: &EscampeMove) -> bool {
        match *mv {
            EscampeMove::Step { to, .. } => lines::captures(&self.pieces(), to),
            EscampeMove::Pass => false,
        }
    }

    fn move_key(&self, mv: &EscampeMove) -> Option<usize> {
        Some(match *mv {
            EscampeMove::Step { from, to, .. } => lines::step_key(from, to),
            EscampeMove::Pass => lines::PASS_KEY,
        })
    }
}
