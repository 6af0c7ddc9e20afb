//! The engine's placement of a start the players choose (escampe's six
//! squares a side), by search.
//!
//! - The side that places last (escampe's White) weighs every placement
//!   of its own: each start is searched for it, in rounds that keep the
//!   best quarter two plies deeper each time ([`rounds`]), so its choice
//!   holds against the opponent's best replies.
//! - The side that places first (escampe's Black) takes a placement of
//!   its game's book ([`book`]): placements that held best against the
//!   last placer's best reply, found by the same search offline and
//!   played out in self-play (`kifu tune book`). Without a book, it
//!   weighs placements of its own drawn at random, each by the last
//!   placer's best reply, while time is left.
//! - An engine at a level (1 to 8) places as the engine did when the
//!   levels were rated ([`sampled`]): the best of a few random
//!   placements by a short search, so that their ratings hold.

mod book;
mod every;
mod judge;
mod rounds;
mod sampled;

pub use book::{Book, BookEntry, BookError, BuiltEntry, PlayedOut, build_entry, play_out, screen};
pub use every::every;
pub use judge::{Judge, Judged, Searcher};
pub use rounds::{Rounds, Weighed, ranked};
pub use sampled::sampled;

use crate::game::Placing;
use crate::random::Rng;

/// The placement of `placing`'s mover: by the rounds of [`ranked`], no
/// deeper than `depth`, when it places last; from the game's book when it
/// places first (an entry drawn with `seed` among the best), or else
/// its best of placements drawn with `seed`, each weighed by the last
/// placer's best reply, while `judge` has time. Always one placement
/// while the mover has one.
pub(super) fn choose(
    placing: &dyn Placing,
    judge: &mut Judge,
    depth: u32,
    book: Option<&Book>,
    seed: u64,
) -> Vec<String> {
    if placing.mover().is_none() {
        return Vec::new();
    }
    // The book first: it holds the first placer's placements (none
    // once anything is placed), and a draw from it needs no list of
    // every placement.
    if let Some(words) = book.and_then(|book| book.pick(placing, &mut Rng::new(seed))) {
        return words;
    }
    let candidates = every(placing);
    // The placement when time allows no search at all.
    let fallback = candidates.first().cloned().unwrap_or_default();
    let last = (candidates.first()).and_then(|words| {
        let mut placed = placing.box_clone();
        placed.place(words).ok()?;
        Some(placed.mover().is_none())
    });
    let rounds = Rounds { depth, keep: 1 };
    if last == Some(true) {
        let best = ranked(placing, candidates, judge, rounds, seed);
        return best.into_iter().next().map_or(fallback, |w| w.words);
    }
    let best = first_by_replies(placing, candidates, judge, seed);
    if best.is_empty() { fallback } else { best }
}

/// The first placer's best of `candidates` in an order drawn from
/// `seed`, each weighed by the last placer's best reply (its first round
/// alone: a ply deep), while `judge` has time; none when no reply could
/// be searched.
fn first_by_replies(
    placing: &dyn Placing,
    mut candidates: Vec<Vec<String>>,
    judge: &mut Judge,
    seed: u64,
) -> Vec<String> {
    let mut rng = Rng::new(seed);
    rng.shuffle(&mut candidates);
    let mut best: Option<(i32, Vec<String>)> = None;
    for words in candidates {
        if best.is_some() && judge.out_of_time() {
            break;
        }
        let score = screen(
            placing,
            &words,
            judge,
            Rounds { depth: 1, keep: 1 },
            rng.next_u64(),
        );
        let Some(score) = score else {
            continue;
        };
        if best.as_ref().is_none_or(|(top, _)| score > *top) {
            best = Some((score, words));
        }
    }
    best.map(|(_, words)| words).unwrap_or_default()
}

#[cfg(test)]
mod tests;
