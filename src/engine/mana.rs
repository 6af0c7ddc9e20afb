//! Mana's evaluation: the 6x6 kit's ([`super::lines`]), with Mana's
//! weights.

use super::lines;
use super::{Evaluation, Weight, weight_values};
use crate::games::mana::{Mana, ManaMove};

/// The weights of Mana's evaluation (`ManaFreePiece`, `ManaThreat`,
/// `ManaAttack`, `ManaAttacked`, `ManaEscape`): the ratios `kifu tune
/// fit` found on 61,157 self-play positions, at the scale (four times
/// the fit's, Attack 400) that scored best in matches; attacks on the
/// leaders outweigh a Ronin, which re-enters (benches/strength.md, e1).
const WEIGHTS: [Weight; lines::WEIGHTS] = lines::weights([-31, 272, 400, 366, -11]);

impl Evaluation for Mana {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;
    /// The two weights before attacks and escapes were weighed.
    const RATED: &'static [i32] = &[12, 50, 0, 0, 0];

    fn evaluate(&self, weights: &[i32]) -> i32 {
        lines::evaluate(
            &self.pieces(),
            lines::Takers::Any,
            weight_values(weights, &WEIGHTS),
        )
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
