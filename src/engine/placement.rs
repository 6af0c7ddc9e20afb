//! The engine's placement of a start the players choose (escampe's six
//! squares a side): of some random placements of its pieces, the one whose
//! start a short search scores best for it, each scored against a few
//! random placements of the sides still to place, while time is left.

use crate::game::{AnyGame, Placing};
use crate::kep::{Score, random_placement};
use crate::random::Rng;
use web_time::Instant;

/// How many placements of its own are weighed, at most.
const CANDIDATES: usize = 24;
/// How many placements of the sides after it each is weighed against.
const REPLIES: usize = 3;
/// The score of a forced win, above every evaluation.
const WON: i32 = 1_000_000;

/// The placement of `placing`'s mover that scores best, by `score`: the
/// score of a whole start from the view of its first mover (`None` when
/// it cannot tell). The choice follows from the placement so far alone,
/// so that the same question gets the same answer; the search stops
/// weighing at `deadline`, with at least one placement weighed.
pub(super) fn best(
    placing: &dyn Placing,
    deadline: Instant,
    mut score: impl FnMut(&dyn AnyGame) -> Option<Score>,
) -> Vec<String> {
    let Some(mover) = placing.mover() else {
        return Vec::new();
    };
    let mut rng = Rng::new(seed(placing));
    let mut best: Option<(i64, Vec<String>)> = None;
    for _ in 0..CANDIDATES {
        if best.is_some() && Instant::now() >= deadline {
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
            let points = score(start.as_ref()).map_or(0, |s| view * value(s));
            total += i64::from(points);
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

/// A score as one number: forced results beyond every evaluation.
fn value(score: Score) -> i32 {
    let plies = |n: u32| i32::try_from(n).unwrap_or(i32::MAX / 2).min(1000);
    match score {
        Score::Cp(cp) => cp,
        Score::Win(n) => WON - plies(n),
        Score::Loss(n) => plies(n) - WON,
    }
}

/// The seed of the random placements: the tag of the placement so far,
/// hashed (FNV-1a).
fn seed(placing: &dyn Placing) -> u64 {
    let text = placing.tag().map(|(_, value)| value).unwrap_or_default();
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
