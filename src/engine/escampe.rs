//! Escampe's evaluation: the 6x6 kit's ([`super::lines`]), with
//! Escampe's weights.

use super::lines;
use super::{Evaluation, Weight, weight_values};
use crate::games::escampe::{Escampe, EscampeMove};

/// The weights of Escampe's evaluation (`EscampeFreePiece`,
/// `EscampeThreat`): self-play found none better (benches/README.md).
const WEIGHTS: [Weight; 2] = lines::weights(12, 25);

impl Evaluation for Escampe {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;

    fn evaluate(&self, weights: &[i32]) -> i32 {
        lines::evaluate(&self.pieces(), weight_values(weights, &WEIGHTS))
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
