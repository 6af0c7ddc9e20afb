//! The greedy choice (`--greedy`, depth 1): one whole turn ahead. Of
//! every turn it may play (within the time), the one after which the
//! mover's score leads the best of the others' by most; the first such
//! turn found on a tie.

use crate::engine::Limits;
use crate::game::AnyGame;
use std::time::Instant;

/// The most whole turns weighed.
const MAX_TURNS: usize = 50_000;

/// The turns explored so far, and the best one.
struct Explorer<'a> {
    mover: &'a str,
    deadline: Option<Instant>,
    weighed: usize,
    best: Option<(i64, Vec<String>)>,
}

/// The best whole turn of the mover of `game`, a running game, within
/// `limits`; the plies of the first turn found when time is short.
pub(super) fn best_turn(game: &dyn AnyGame, limits: Limits) -> Vec<String> {
    let mover = game.turn().mover.to_owned();
    let mut explorer = Explorer {
        mover: &mover,
        deadline: limits.deadline,
        weighed: 0,
        best: None,
    };
    explorer.explore(game, &mut Vec::new());
    explorer.best.map(|(_, turn)| turn).unwrap_or_default()
}

impl Explorer<'_> {
    /// Weighs every turn that starts with `turn`, played to `position`.
    fn explore(&mut self, position: &dyn AnyGame, turn: &mut Vec<String>) {
        let ended = position.is_over() || position.turn().mover != self.mover;
        if !turn.is_empty() && ended {
            self.weighed += 1;
            let value = self.value(position);
            if self.best.as_ref().is_none_or(|(best, _)| value > *best) {
                self.best = Some((value, turn.clone()));
            }
            return;
        }
        for ply in position.legal_moves() {
            if self.best.is_some() && self.out_of_time() {
                return;
            }
            let mut next = position.box_clone();
            if next.play(&ply).is_err() {
                continue;
            }
            turn.push(ply);
            self.explore(next.as_ref(), turn);
            turn.pop();
        }
    }

    /// Whether the turns weighed or the time are used up.
    fn out_of_time(&self) -> bool {
        self.weighed >= MAX_TURNS || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The mover's lead over the best other player after a turn, in
    /// points.
    fn value(&self, position: &dyn AnyGame) -> i64 {
        let scores = position.scores();
        let scores = scores.iter().flat_map(|s| s.iter());
        let (mut mine, mut others) = (0i64, i64::MIN);
        for score in scores {
            match score.player == self.mover {
                true => mine = i64::from(score.score),
                false => others = others.max(i64::from(score.score)),
            }
        }
        mine - others.max(0)
    }
}
