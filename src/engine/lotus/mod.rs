//! Lotus for the engine: three players or more, a turn of three pawn
//! moves with choices, the result a ranking by score.
//!
//! - at depth 1 (`--greedy`), it looks one whole turn ahead
//!   ([`turns::candidates`]): the turn after which the mover leads the
//!   best other score by most, that lead its score, or at the lower levels
//!   one of the best turns drawn by [`crate::engine::Mistakes`];
//! - otherwise [`monte_carlo`] weighs the best of those turns by playouts:
//!   each played to the game's end by a fast policy (one pawn move in
//!   two the one that gains most at once, the others random), the turn
//!   of the best mean final lead and places wins; a turn that wins the
//!   race at once is played. It works on any game numbered by turns,
//!   through its [`Evaluation`] (a [`crate::game::Game`] whose moves say
//!   what they gain at once).

mod monte_carlo;
mod playout;
mod turns;

#[cfg(test)]
mod tests;

use crate::engine::mistakes::draw;
use crate::engine::{Evaluation, EvaluationVisitor, Limits, visit};
use crate::game::AnyGame;
use crate::games::lotus::{Lotus, LotusMove};
use crate::kep::{Info, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// The turns a level that errs draws among, one turn ahead: the best
/// by the lead each gives (so many that a wide temper errs as a
/// beginner does, among nearly every turn).
const MISTAKEN_CANDIDATES: usize = 400;

/// Lotus gives the alpha-beta search nothing to weigh: its player is the
/// Monte Carlo of this folder, whose playouts prefer the pawn moves that
/// gain most at once.
impl Evaluation for Lotus {
    fn gain(&self, mv: &LotusMove) -> i32 {
        self.gain_of(mv)
    }
}

/// When a search must end: at a deadline, or when `stop` is set.
#[derive(Debug, Clone, Copy)]
struct Until<'a> {
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
}

impl Until<'_> {
    /// Whether the search must end now.
    fn reached(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The best whole turn of the mover of `game`, a running game, within
/// `limits` or until `stop` is set: greedy at depth 1, Monte Carlo
/// otherwise, whose playouts `tell` hears of in an `info` line; the plies
/// of the first turn found when time is short. When `only` (KEP's
/// `searchmoves`) holds the pawn moves of a legal whole turn, that turn,
/// played out for its score as the best would be.
pub(super) fn best_turn(
    game: &dyn AnyGame,
    limits: Limits,
    only: &[String],
    stop: &AtomicBool,
    tell: &mut dyn FnMut(Info),
) -> Vec<String> {
    visit(
        game.kind(),
        Searching {
            game,
            limits,
            only,
            stop,
            tell,
        },
    )
}

/// The search of a game of turns, on its own type.
struct Searching<'a> {
    game: &'a dyn AnyGame,
    limits: Limits,
    only: &'a [String],
    stop: &'a AtomicBool,
    tell: &'a mut dyn FnMut(Info),
}

impl EvaluationVisitor for Searching<'_> {
    type Output = Vec<String>;

    fn visit<G: Evaluation>(self) -> Vec<String> {
        let Some(root) = self.game.own::<G>() else {
            return Vec::new();
        };
        let given = turns::given(root, self.only);
        let started = Instant::now();
        let elapsed = || Some(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX));
        if self.limits.depth <= 1 {
            let until = Until {
                deadline: self.limits.deadline,
                stop: self.stop,
            };
            let chosen = match (given, self.limits.mistakes) {
                (Some(given), _) => Some(given),
                (None, None) => turns::candidates(root, until, 1).pop(),
                (None, Some(mistakes)) => {
                    let mut turns = turns::candidates(root, until, MISTAKEN_CANDIDATES);
                    // The leads in hundredths of a point, the unit of a
                    // lotus level's temper.
                    let values: Vec<i32> = (turns.iter())
                        .map(|turn| turn.value.saturating_mul(100))
                        .collect();
                    let drawn = draw(&values, mistakes).filter(|&at| at < turns.len());
                    drawn.map(|at| turns.swap_remove(at))
                }
            };
            let Some(chosen) = chosen else {
                return Vec::new();
            };
            let turn: Vec<String> = chosen.plies.iter().map(ToString::to_string).collect();
            // Its score: the lead the turn gives, in hundredths of a point.
            (self.tell)(Info {
                depth: Some(1),
                nodes: None,
                time: elapsed(),
                score: Some(Score::Cp(chosen.value.saturating_mul(100))),
                pv: turn.clone(),
                string: None,
            });
            return turn;
        }
        let (turn, weighed) = match given {
            Some(given) => monte_carlo::weigh(root, vec![given], self.limits, self.stop),
            None => monte_carlo::best_turn(root, self.limits, self.stop),
        };
        let turn: Vec<String> = turn.iter().map(ToString::to_string).collect();
        if let Some(weighed) = weighed {
            (self.tell)(Info {
                depth: None,
                nodes: Some(weighed.playouts),
                time: elapsed(),
                score: Some(Score::Cp((weighed.mean * 100.0).round() as i32)),
                pv: turn.clone(),
                string: None,
            });
        }
        turn
    }
}
