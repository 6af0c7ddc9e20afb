//! The placement of the side that places last, by search: every
//! placement's start is searched for the placer, in rounds, each round a
//! search of the survivors of the one before two plies deeper (1, 3,
//! 5...), keeping the best quarter, as successive halving does: the
//! shallow rounds throw out the placements a short line refutes, and the
//! deep ones weigh the few that are left against the opponent's best
//! replies.

use super::judge::Judge;
use crate::game::{AnyGame, Placing};
use crate::random::Rng;
use web_time::Instant;

/// How many placements the first round searches before it sees how
/// many the time allows.
const SAMPLED_FIRST: usize = 64;

/// The share of the time left the first round may take, as a divisor.
const FIRST_ROUND_SHARE: u32 = 5;

/// How many times longer a search two plies deeper takes, about
/// (escampe's starts: 1, 3, 5, 7 plies take about 8, 40, 200 and
/// 1,000 microseconds).
const DEEPER: f64 = 5.0;

/// How the rounds go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounds {
    /// The deepest round, in plies.
    pub depth: u32,
    /// How many placements a round keeps, at least, while more are left
    /// (a round keeps the best quarter).
    pub keep: usize,
}

/// A placement's words and its start.
type Placed = (Vec<String>, Box<dyn AnyGame>);

/// A placement and its start's value for the placer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weighed {
    /// The start's value for the placer, in the search's units.
    pub score: i32,
    /// The placement's words.
    pub words: Vec<String>,
}

/// Every placement of `placing`'s mover (who places last) ranked, best
/// first, by the last round every placement it kept finished; a round
/// the judge's deadline cuts short is left out, but for the first,
/// ranked as far as it went. The first round searches the placements in
/// an order drawn from `seed`, and, on a deadline, only as many as a
/// fifth of the time allows; each round after it keeps at most as many
/// as half the time left can search (so that the rounds go deeper).
/// Empty when no start could be searched.
pub fn ranked(
    placing: &dyn Placing,
    candidates: Vec<Vec<String>>,
    judge: &mut Judge,
    rounds: Rounds,
    seed: u64,
) -> Vec<Weighed> {
    let Some(placer) = placing.mover() else {
        return Vec::new();
    };
    let mut starts: Vec<Placed> = (candidates.into_iter())
        .filter_map(|words| {
            let mut placed = placing.box_clone();
            placed.place(&words).ok()?;
            Some((words, placed.start()?.ok()?))
        })
        .collect();
    Rng::new(seed).shuffle(&mut starts);
    let mut ranking: Vec<(Weighed, usize)> = Vec::new();
    let mut depth = 1;
    loop {
        let mut round = Vec::new();
        let started = Instant::now();
        for at in 0.. {
            if at > 0 && judge.out_of_time() {
                break;
            }
            if depth == 1 && at == SAMPLED_FIRST {
                // The first round takes a fifth of the time at most:
                // fewer placements, searched deeper, beat more searched
                // a ply deep.
                let each = started.elapsed().as_secs_f64() / SAMPLED_FIRST as f64;
                if let Some(most) = judge.affordable(each, FIRST_ROUND_SHARE) {
                    starts.truncate(SAMPLED_FIRST + most);
                }
            }
            let Some((words, start)) = starts.get(at) else {
                break;
            };
            let Some(judged) = judge.judge(start.as_ref(), depth) else {
                break;
            };
            if judged.depth < depth {
                break;
            }
            let score = match start.turn().mover == placer {
                true => judged.score,
                false => -judged.score,
            };
            let words = words.clone();
            round.push((Weighed { score, words }, at));
        }
        let whole = round.len() == starts.len();
        if whole || ranking.is_empty() {
            round.sort_by_key(|(weighed, _)| -weighed.score);
            ranking = round;
        }
        // A quarter go on, or, on a deadline, as many as half the time
        // left can search two plies deeper (each, [`DEEPER`] times as
        // long): so the rounds go deep within any time.
        let each = started.elapsed().as_secs_f64() / starts.len().max(1) as f64;
        let affordable = judge.affordable(each * DEEPER, 2).unwrap_or(usize::MAX);
        let kept = (starts.len() / 4).min(affordable).max(rounds.keep);
        let settled = ranking
            .first()
            .is_some_and(|(best, _)| best.score > crate::engine::MATE_BOUND);
        if !whole
            || settled
            || kept >= starts.len()
            || depth + 2 > rounds.depth
            || judge.out_of_time()
        {
            break;
        }
        // The survivors, best first.
        let survivors: Vec<usize> = ranking.iter().take(kept).map(|(_, at)| *at).collect();
        let mut taken: Vec<Option<Placed>> = starts.into_iter().map(Some).collect();
        starts = survivors
            .iter()
            .filter_map(|&at| taken.get_mut(at).and_then(Option::take))
            .collect();
        ranking = (ranking.into_iter().take(kept).enumerate())
            .map(|(at, (weighed, _))| (weighed, at))
            .collect();
        depth += 2;
    }
    ranking.into_iter().map(|(weighed, _)| weighed).collect()
}
