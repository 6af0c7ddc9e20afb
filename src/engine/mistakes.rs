//! The mistakes of the engine's lower levels: instead of the best move, a
//! move drawn among all the moves scored, each as likely as
//! `exp(-(best - score) / temper)`. A move nearly as good as the best is
//! often played, a much worse one seldom, and one that loses outright
//! (a score far below) practically never while another does not: the
//! slips of a person who sees the board but not every consequence, not
//! random moves.

use crate::random::Rng;

/// How a level errs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistakes {
    /// How much worse than the best a move may be and still be played
    /// often, in the evaluation's units (a follower of Mana or Escampe
    /// is 100; lotus: points of lead).
    pub temper: u32,
    /// The seed of this move's draw.
    pub seed: u64,
}

/// The index in `scores` (each move's score, from the mover's view) of
/// the move played; `None` only when `scores` is empty.
pub(super) fn draw(scores: &[i32], mistakes: Mistakes) -> Option<usize> {
    let best = *scores.iter().max()?;
    let temper = f64::from(mistakes.temper.max(1));
    let weights: Vec<f64> = (scores.iter())
        .map(|&score| (-f64::from(best.saturating_sub(score)) / temper).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // A uniform number in [0, total), from the top 53 bits.
    let unit = (Rng::new(mistakes.seed).next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let mut left = unit * total;
    for (index, weight) in weights.iter().enumerate() {
        if left < *weight {
            return Some(index);
        }
        left -= weight;
    }
    scores.iter().position(|&score| score == best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(scores: &[i32], temper: u32, draws: u64) -> Vec<u64> {
        let mut counts = vec![0; scores.len()];
        for seed in 0..draws {
            let index = draw(scores, Mistakes { temper, seed }).expect("a move");
            counts[index] += 1;
        }
        counts
    }

    #[test]
    fn a_move_is_drawn_as_often_as_its_weight_says() {
        // Weights 1, e^-1 and e^-2 of 1.503: 66.5%, 24.5%, 9.0%.
        let counts = drawn(&[50, -50, -150], 100, 10_000);
        assert!((6_400..6_900).contains(&counts[0]), "{counts:?}");
        assert!((2_250..2_650).contains(&counts[1]), "{counts:?}");
        assert!((750..1_050).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn a_lost_move_is_never_played_while_another_is_not() {
        let mate = crate::engine::MATE;
        let counts = drawn(&[-(mate - 3), 0, -(mate - 1)], 300, 5_000);
        assert_eq!(counts, [0, 5_000, 0]);
    }

    #[test]
    fn equal_moves_are_drawn_alike_and_none_is_drawn_of_nothing() {
        let counts = drawn(&[7, 7], 1, 10_000);
        assert!((4_800..5_200).contains(&counts[0]), "{counts:?}");
        assert_eq!(
            draw(
                &[],
                Mistakes {
                    temper: 10,
                    seed: 1
                }
            ),
            None
        );
    }
}
