//! Playouts: a position played to the game's end by legal plies, most
//! of them those that gain most at once, the others drawn at random, and
//! what the end is worth to one player.

use crate::engine::Evaluation;
use crate::game::Score;
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

/// In how many plies of a hundred a playout plays the ply that gains most
/// at once ([`Evaluation::gain`]), not one drawn at random: with half of
/// them, the playouts' mean weighs a turn as players who take what lies
/// before them would answer it, at two thirds of the uniform playouts'
/// speed (benches/strength.md, l6).
const GREEDY_PERCENT: usize = 50;

/// The value to `mover` of `position` played to its end, by the plies
/// that gain most or at random ([`GREEDY_PERCENT`]): [`reward`] of its
/// final scores.
pub(super) fn playout<G: Evaluation>(mut position: G, mover: &str, rng: &mut Rng) -> f64 {
    for _ in 0..MAX_PLAYOUT_PLIES {
        if position.is_over() {
            break;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let at = match rng.below(100) < GREEDY_PERCENT {
            true => greediest(&position, &moves, rng),
            false => rng.below(moves.len()),
        };
        let ply = moves.swap_remove(at);
        position.apply(&ply);
    }
    let scores = position.scores();
    reward(scores.as_deref().unwrap_or(&[]), mover)
}

/// The index of the move of `moves` that gains `position`'s mover most
/// at once, drawn at random among those that gain as much.
pub(super) fn greediest<G: Evaluation>(position: &G, moves: &[G::Move], rng: &mut Rng) -> usize {
    let (mut best, mut value, mut ties) = (0, i32::MIN, 0);
    for (at, mv) in moves.iter().enumerate() {
        let gain = position.gain(mv);
        if gain > value {
            (best, value, ties) = (at, gain, 1);
        } else if gain == value {
            ties += 1;
            if rng.below(ties) == 0 {
                best = at;
            }
        }
    }
    best
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
