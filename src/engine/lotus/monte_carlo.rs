//! Monte Carlo over whole turns: the best turns one turn ahead, each
//! weighed by playouts to the game's end, shared among them by UCB1; the
//! turn with the best mean final lead is played.

use super::Until;
use super::playout::playout;
use super::turns::{Candidate, candidates};
use crate::engine::{Evaluation, Limits};
use crate::random::Rng;
use std::sync::atomic::AtomicBool;
use web_time::Instant;

/// The seed of every search's playouts: a search with a node limit
/// plays the same turn every time.
const SEED: u64 = 0x6c6f_7475_7324;

/// The most candidate turns played out: the best by the one-turn value.
/// Many turns often give the same lead, and the first twelve of them
/// left out turns the playouts would have liked (24 against 12:
/// benches/strength.md, l7).
const CANDIDATES: usize = 24;

/// UCB1's exploration, in points of final lead.
const EXPLORATION: f64 = 10.0;

/// The playouts of one candidate turn so far.
#[derive(Debug, Clone, Copy, Default)]
struct Arm {
    total: f64,
    count: u32,
}

impl Arm {
    /// The mean value of its playouts.
    fn mean(self) -> f64 {
        self.total / f64::from(self.count.max(1))
    }
}

/// What the playouts found of the turn chosen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Weighed {
    /// The playouts of all candidates.
    pub playouts: u64,
    /// The chosen turn's mean reward, in points.
    pub mean: f64,
}

/// The best whole turn of `root`'s mover within `limits`, or until `stop`
/// is set: a third of the time to find the candidates, the rest to play
/// them out; no playouts past `limits.nodes`; a turn that wins the race
/// at once played after one. Empty only when `root` has no move; weighed
/// unless it had one turn only.
pub(super) fn best_turn<G: Evaluation>(
    root: &G,
    limits: Limits,
    stop: &AtomicBool,
) -> (Vec<G::Move>, Option<Weighed>) {
    let started = Instant::now();
    let listing = Until {
        deadline: (limits.deadline).map(|d| started + d.saturating_duration_since(started) / 3),
        stop,
    };
    let mut turns = candidates(root, listing, CANDIDATES);
    if turns.len() <= 1 {
        return (turns.pop().map(|turn| turn.plies).unwrap_or_default(), None);
    }
    if turns.first().is_some_and(|turn| turn.wins) {
        // No playout can place better than a race won now (a lead played
        // out might be bigger, a place not): one playout scores it.
        turns.truncate(1);
        let once = Limits {
            nodes: Some(1),
            ..limits
        };
        return weigh(root, turns, once, stop);
    }
    weigh(root, turns, limits, stop)
}

/// The turn of `turns`, turns of `root`'s mover, with the best mean
/// playout, each played out in turn by UCB1 within `limits`, or until
/// `stop` is set: even one turn is played out, so that its mean is known.
/// Empty, and not weighed, only when `turns` is.
pub(super) fn weigh<G: Evaluation>(
    root: &G,
    mut turns: Vec<Candidate<G>>,
    limits: Limits,
    stop: &AtomicBool,
) -> (Vec<G::Move>, Option<Weighed>) {
    let mover = root.turn().mover;
    let mut arms = vec![Arm::default(); turns.len()];
    let mut rng = Rng::new(SEED);
    let budget = limits.nodes.unwrap_or(u64::MAX);
    let mut played = 0u64;
    let until = Until {
        deadline: limits.deadline,
        stop,
    };
    // One playout at least, so that a turn is weighed however short the
    // time.
    while played == 0 || (played < budget && !until.reached()) {
        let at = next_arm(&arms, played, EXPLORATION);
        let Some(turn) = turns.get(at) else {
            break;
        };
        let value = playout(turn.after.clone(), mover, &mut rng);
        if let Some(arm) = arms.get_mut(at) {
            arm.total += value;
            arm.count += 1;
        }
        played += 1;
    }
    let best = best_mean(&arms);
    let weighed = arms.get(best).map(|arm| Weighed {
        playouts: played,
        mean: arm.mean(),
    });
    match best < turns.len() {
        true => (turns.swap_remove(best).plies, weighed),
        false => (Vec::new(), None),
    }
}

/// The arm of the best mean, of those played out; the first on a tie
/// (the best by the one-turn value), and the first when none was.
fn best_mean(arms: &[Arm]) -> usize {
    let mut best: Option<(usize, f64)> = None;
    for (at, arm) in arms.iter().enumerate().filter(|(_, arm)| arm.count > 0) {
        if best.is_none_or(|(_, mean)| arm.mean() > mean) {
            best = Some((at, arm.mean()));
        }
    }
    best.map_or(0, |(at, _)| at)
}

/// The arm to play out next, by UCB1: each once in order, then the best
/// mean plus `explore` points times the bonus of the less tried.
fn next_arm(arms: &[Arm], played: u64, explore: f64) -> usize {
    if let Some(untried) = arms.iter().position(|arm| arm.count == 0) {
        return untried;
    }
    let log = (played.max(1) as f64).ln();
    let bound = |arm: &Arm| arm.mean() + explore * (log / f64::from(arm.count)).sqrt();
    let mut best = (f64::NEG_INFINITY, 0);
    for (at, arm) in arms.iter().enumerate() {
        let value = bound(arm);
        if value > best.0 {
            best = (value, at);
        }
    }
    best.1
}
