//! Playouts: a position played to the game's end by uniformly random
//! legal plies, and what the end is worth to one player.

use crate::game::{Game, Score};
use crate::random::Rng;

/// The most plies of a playout, so that nothing can loop.
const MAX_PLAYOUT_PLIES: usize = 400;

/// The points a playout's places are worth besides the final lead: all
/// of them for finishing ahead of every other player, a share for each
/// one finished ahead of (half a share for each tie), as `kifu match`
/// rates races. A lead alone played worse; a bonus for the first place
/// only, which valued second place as last, played about as well
/// (benches/strength.md, l1).
const PLACE_BONUS: f64 = 10.0;

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
/// points, and the bonus of its place: [`PLACE_BONUS`] times its share of
/// the duels of places against the others.
pub(super) fn reward(scores: &[Score], mover: &str) -> f64 {
    let mine = scores
        .iter()
        .find(|s| s.player == mover)
        .map_or(0, |s| s.score);
    let (mut halves, mut others) = (0u32, 0u32);
    for other in scores.iter().filter(|s| s.player != mover) {
        halves += match mine.cmp(&other.score) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
        others += 1;
    }
    let share = f64::from(halves) / f64::from(2 * others.max(1));
    f64::from(lead(scores, mover)) + PLACE_BONUS * share
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
