//! Mana's evaluation: the 6x6 kit's ([`super::lines`]), with Mana's
//! weights.

use super::lines;
use super::{Evaluation, Weight, weight_values};
use crate::games::mana::{Mana, ManaMove};

/// The weights of Mana's evaluation (`ManaFreePiece`, `ManaThreat`): a
/// threat costs 50, tuned by self-play (it scored 60% of 400 games at
/// 20 ms a move against 25, escampe's; benches/README.md).
const WEIGHTS: [Weight; 2] = lines::weights(12, 50);

impl Evaluation for Mana {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;

    fn evaluate(&self, weights: &[i32]) -> i32 {
        lines::evaluate(&self.pieces(), weight_values(weights, &WEIGHTS))
    }

    fn is_capture(&self, mv: &ManaMove) -> bool {
        match *mv {
            ManaMove::Step { to, .. } => lines::captures(&self.pieces(), to),
            _ => false,
        }
    }

    fn move_key(&self, mv: &ManaMove) -> Option<usize> {
        Some(match *mv {
            ManaMove::Step { from, to, .. } => lines::step_key(from, to),
            ManaMove::Enter { to, .. } => lines::step_key(to, to),
            ManaMove::Pass => lines::PASS_KEY,
        })
    }
}
