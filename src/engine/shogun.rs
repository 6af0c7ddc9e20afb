//! Shogun's evaluation: material, how close a side's pieces stand to the
//! enemy Shogun, and the cost of being in check.

use super::{Evaluation, Weight, weight_values};
use crate::game::square::squares;
use crate::games::shogun::{Shogun, ShogunMove, Side};

/// The weights of the evaluation beside a piece's 100 (the unit): the
/// value of each step closer to the enemy Shogun, summed over a side's
/// pieces (it leads the search towards a mate it cannot yet see), and
/// the cost of being in check.
const WEIGHTS: [Weight; 2] = [
    Weight {
        name: "Closeness",
        default: 2,
    },
    Weight {
        name: "Check",
        default: 20,
    },
];

impl Evaluation for Shogun {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;

    fn evaluate(&self, weights: &[i32]) -> i32 {
        let [closeness_weight, checked] = weight_values(weights, &WEIGHTS);
        let me = self.to_move();
        let them = me.other();
        let others = |side: Side| i32::from(self.others(side));
        let material = (others(me) - others(them)) * 100;
        let check = match self.attacker_of(me) {
            Some(_) => -checked,
            None => 0,
        };
        material + (closeness(self, me) - closeness(self, them)) * closeness_weight + check
    }

    fn is_capture(&self, mv: &ShogunMove) -> bool {
        self.piece_at(usize::from(mv.to)).is_some()
    }

    fn move_key(&self, mv: &ShogunMove) -> Option<usize> {
        Some(usize::from(mv.from) * 64 + usize::from(mv.to))
    }

    fn in_danger(&self) -> bool {
        self.attacker_of(self.to_move()).is_some()
    }
}

/// How close `side`'s pieces stand to the other side's Shogun: 14 less
/// the distance in files and ranks, summed.
fn closeness(shogun: &Shogun, side: Side) -> i32 {
    let target = shogun.shogun_square(side.other());
    let (tf, tr) = ((target % 8) as i32, (target / 8) as i32);
    squares(shogun.men(side))
        .map(|square| {
            let (f, r) = ((square % 8) as i32, (square / 8) as i32);
            14 - (f - tf).abs() - (r - tr).abs()
        })
        .sum()
}
