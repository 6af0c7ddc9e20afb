//! Playouts: a position played to the game's end by uniformly random
//! legal plies, and what the end is worth to one player.

use crate::game::{Game, Score};
use crate::random::Rng;

/// The most plies of a playout, so that nothing can loop.
const MAX_PLAYOUT_PLIES: usize = 400;

/// The points a playout's first place is worth besides the final lead
/// (half of it for a shared first place): a lead alone plays worse.
const WIN_BONUS: f64 = 10.0;

/// The value to `mover` of `position` played to its end by random plies:
/// [`reward`] of its final scores.
pub(super) fn playout<G: Game>(mut position: G, mover: &str, rng: &mut Rng) -> f64 {
    for _ in 0..MAX_PLAYOUT_PLIES {
        if position.is_over() {
            break;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let ply = moves.swap_remove(rng.below(moves.len()));
        position.apply(&ply);
    }
    let scores = position.scores();
    reward(scores.as_deref().unwrap_or(&[]), mover)
}

/// The mover's final lead over the best other player in `scores`, in
/// points, and the bonus of a first place.
pub(super) fn reward(scores: &[Score], mover: &str) -> f64 {
    let lead = lead(scores, mover);
    let bonus = match lead {
        l if l > 0 => WIN_BONUS,
        0 => WIN_BONUS / 2.0,
        _ => 0.0,
    };
    f64::from(lead) + bonus
}

/// The lead of `mover` over the best other player in `scores`, in points
/// (its score when it plays alone).
pub(super) fn lead(scores: &[Score], mover: &str) -> i32 {
    let (mut mine, mut others) = (0, None);
    for score in scores {
        match score.player == mover {
            true => mine = score.score,
            false => others = others.max(Some(score.score)),
        }
    }
    mine - others.unwrap_or(0)
}
