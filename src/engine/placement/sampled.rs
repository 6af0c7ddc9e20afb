//! The placement of the engine at a level, as the engine placed before
//! it searched placements (so that the levels' ratings hold): of some random placements of its
//! pieces, the one whose start a two-ply search scores best for it, each
//! scored against a few random placements of the sides still to place,
//! while time is left.

use super::judge::Judge;
use crate::game::{AnyGame, Placing};
use crate::kep::random_placement;
use crate::random::Rng;

/// How many placements of its own are weighed, at most.
const CANDIDATES: usize = 24;
/// How many placements of the sides after it each is weighed against.
const REPLIES: usize = 3;
/// The depth of each start's search.
const DEPTH: u32 = 2;

/// The best of the random placements of `placing`'s mover. The choice
/// follows from the placement so far alone, so that the same question
/// gets the same answer; at least one placement is weighed, however
/// short the judge's time.
pub fn sampled(placing: &dyn Placing, judge: &mut Judge) -> Vec<String> {
    let Some(mover) = placing.mover() else {
        return Vec::new();
    };
    let mut rng = Rng::new(seed(placing));
    let mut best: Option<(i64, Vec<String>)> = None;
    for _ in 0..CANDIDATES {
        if best.is_some() && judge.out_of_time() {
            break;
        }
        let words = random_placement(placing, &mut rng);
        let mut mine = placing.box_clone();
        if mine.place(&words).is_err() {
            continue;
        }
        let mut total = 0i64;
        for _ in 0..REPLIES {
            let Some(start) = completed(mine.as_ref(), &mut rng) else {
                continue;
            };
            let view = if start.turn().mover == mover { 1 } else { -1 };
            let score = judge.judge(start.as_ref(), DEPTH).map_or(0, |j| j.score);
            total += i64::from(view * score);
        }
        if best.as_ref().is_none_or(|(top, _)| total > *top) {
            best = Some((total, words));
        }
    }
    best.map(|(_, words)| words).unwrap_or_default()
}

/// The start once every side after `placing`'s has placed at random.
fn completed(placing: &dyn Placing, rng: &mut Rng) -> Option<Box<dyn AnyGame>> {
    let mut placing = placing.box_clone();
    while placing.mover().is_some() {
        let words = random_placement(placing.as_ref(), rng);
        placing.place(&words).ok()?;
    }
    placing.start()?.ok()
}

/// The seed of the random placements: the tag of the placement so far,
/// hashed (FNV-1a).
fn seed(placing: &dyn Placing) -> u64 {
    let text = placing.tag().map(|(_, value)| value).unwrap_or_default();
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
