//! The search of two-player games: iterative deepening negamax with
//! alpha-beta pruning, a transposition table keyed by the game's Zobrist
//! hash, moves ordered by the table's best move, captures and killer
//! moves, and a quiescence search of captures at the horizon. It works on
//! any game through its traits: the hash is the rules' ([`Game::zobrist`]),
//! the evaluation and what a capture is the engine's ([`Evaluation`]),
//! each game's own.

use super::Evaluation;
use super::mistakes::{Mistakes, draw};
use super::table::{Bound, Entry, Table};
#[cfg(doc)]
use crate::game::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// The score of a win now; a win in N plies scores `MATE - N`.
pub const MATE: i32 = 1_000_000;

/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// The deepest the quiescence search goes past the horizon.
const QUIESCENCE_PLIES: i32 = 8;

/// How many nodes pass between two looks at the clock and `stop`.
const CHECK_EVERY: u64 = 512;

/// When a search must end.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// When to stop, whatever the depth reached.
    pub deadline: Option<Instant>,
    /// The most nodes to search.
    pub nodes: Option<u64>,
    /// Whether to search captures past the horizon.
    pub quiescence: bool,
    /// How a lower level errs, if it does: every move of the root is
    /// then scored, and the one played drawn by [`super::Mistakes`].
    pub mistakes: Option<Mistakes>,
}

/// What an iteration of the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// The depth completed.
    pub depth: u32,
    /// The nodes searched so far.
    pub nodes: u64,
    /// The time since the search began.
    pub elapsed: Duration,
    /// The score from the mover's view ([`MATE`] for wins).
    pub score: i32,
    /// The line expected, from the best move.
    pub pv: Vec<String>,
}

/// The search of one position.
struct Search<'a, G: Evaluation> {
    table: &'a mut Table,
    stop: &'a AtomicBool,
    limits: Limits,
    weights: &'a [i32],
    nodes: u64,
    next_check: u64,
    aborted: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    /// With [`Limits::mistakes`], each root move's score at the last
    /// iteration done, in the order of the moves.
    scores: Option<Vec<i32>>,
}

/// The best move of `root` within `limits`, by the evaluation with
/// `weights` (the values of [`Evaluation::WEIGHTS`]), telling `report` after
/// each iteration; `None` only when it has no legal move. `stop` set ends
/// the search at once with the best move found so far. With
/// [`Limits::mistakes`], the move played is drawn among all, by their
/// scores at the last iteration done. With moves in `only` (KEP's
/// `searchmoves`), the search chooses among those of them that are legal,
/// and scores even one.
pub fn think<G: Evaluation>(
    root: &G,
    limits: Limits,
    only: &[G::Move],
    weights: &[i32],
    stop: &AtomicBool,
    table: &mut Table,
    mut report: impl FnMut(&Progress),
) -> Option<G::Move> {
    let started = Instant::now();
    let mut moves = root.legal_moves();
    if moves.iter().any(|mv| only.contains(mv)) {
        moves.retain(|mv| only.contains(mv));
    } else if moves.len() == 1 {
        return moves.pop();
    }
    let mut best = moves.first().cloned()?;
    let mut search = Search {
        table,
        stop,
        limits,
        weights,
        nodes: 0,
        next_check: CHECK_EVERY,
        aborted: false,
        killers: Vec::new(),
        scores: None,
    };
    let mut scores = None;
    for depth in 1..=limits.depth.max(1) {
        let Some((index, score)) = search.root(root, &moves, depth as i32) else {
            break;
        };
        if let Some(found) = moves.get(index) {
            best = found.clone();
        }
        scores = search.scores.take();
        report(&Progress {
            depth,
            nodes: search.nodes,
            elapsed: started.elapsed(),
            score,
            pv: search.principal_line(root, depth),
        });
        if score.abs() > MATE_BOUND {
            break;
        }
    }
    let drawn = (limits.mistakes).and_then(|mistakes| draw(scores.as_deref()?, mistakes));
    Some(
        drawn
            .and_then(|index| moves.get(index).cloned())
            .unwrap_or(best),
    )
}

impl<G: Evaluation> Search<'_, G> {
    /// The game's evaluation of `position`, kept below the scores of
    /// wins and losses whatever weights an option gave it.
    fn evaluation(&self, position: &G) -> i32 {
        let bound = MATE_BOUND - 1;
        position.evaluate(self.weights).clamp(-bound, bound)
    }

    /// One iteration at the root: the best move's index and its score,
    /// or `None` if the search was stopped before it was done. With
    /// [`Limits::mistakes`], every move is searched with a full window,
    /// its exact score kept in `scores`.
    fn root(&mut self, root: &G, moves: &[G::Move], depth: i32) -> Option<(usize, i32)> {
        let remembered = root.zobrist().and_then(|key| self.table.get(key));
        let order = self.ordered(root, moves, remembered.map(|e| e.best), 0);
        let (mut alpha, beta) = (-MATE - 1, MATE + 1);
        let every = self.limits.mistakes.is_some();
        let mut scores = every.then(|| vec![0; moves.len()]);
        let mut best = None;
        let mover = root.turn().mover;
        for index in order {
            let next = (depth - 1, QUIESCENCE_PLIES);
            let floor = if every { -MATE - 1 } else { alpha };
            let score = self.child(root, &moves[index], mover, next, 0, -beta, -floor);
            if self.aborted {
                return None;
            }
            if let Some(slot) = scores.as_mut().and_then(|scores| scores.get_mut(index)) {
                *slot = score;
            }
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some(index);
            }
        }
        let best = best?;
        if let Some(key) = root.zobrist() {
            self.table.put(Entry {
                key,
                depth,
                score: alpha,
                bound: Bound::Exact,
                best: best as u16,
            });
        }
        self.scores = scores;
        Some((best, alpha))
    }

    /// Whether the search must end now: `stop`, the deadline or the
    /// nodes, looked at once every [`CHECK_EVERY`] nodes.
    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                || self.limits.nodes.is_some_and(|n| self.nodes >= n);
        }
        self.aborted
    }

    /// The score for `mover` of playing `mv` in `position`, at `ply`:
    /// the finished game's, sooner wins scoring higher, or the search of
    /// the position reached `depth` plies deep, or when that is 0 its
    /// captures `captures` plies deep.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        position: &G,
        mv: &G::Move,
        mover: &str,
        (depth, captures): (i32, i32),
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut child = position.clone();
        child.apply(mv);
        if child.is_over() {
            self.nodes += 1;
            let plies = ply as i32 + 1;
            return match child.outcome().and_then(|o| o.winner) {
                Some(winner) if winner == mover => MATE - plies,
                Some(_) => -(MATE - plies),
                None => 0,
            };
        }
        match depth {
            d if d > 0 => -self.negamax(&child, d, ply + 1, alpha, beta),
            _ => -self.quiesce(&child, captures, ply + 1, alpha, beta),
        }
    }

    /// The value of `position` searched `depth` plies deep.
    fn negamax(&mut self, position: &G, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = position.zobrist();
        let remembered = key.and_then(|key| self.table.get(key));
        if let Some(entry) = remembered.filter(|e| e.depth >= depth) {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            return self.evaluation(position);
        }
        let original_alpha = alpha;
        let mut best = (0, -MATE - 1);
        let mover = position.turn().mover;
        for index in self.ordered(position, &moves, remembered.map(|e| e.best), ply) {
            let next = (depth - 1, QUIESCENCE_PLIES);
            let score = self.child(position, &moves[index], mover, next, ply, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score > best.1 {
                best = (index, score);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if !position.is_capture(&moves[index]) {
                    self.remember_killer(ply, &moves[index]);
                }
                break;
            }
        }
        if let Some(key) = key {
            let bound = match best.1 {
                s if s <= original_alpha => Bound::Upper,
                s if s >= beta => Bound::Lower,
                _ => Bound::Exact,
            };
            self.table.put(Entry {
                key,
                depth,
                score: to_table(best.1, ply),
                bound,
                best: best.0 as u16,
            });
        }
        best.1
    }

    /// The value of `position` once its captures have been played out:
    /// the side to move may stand on the evaluation, or capture.
    fn quiesce(&mut self, position: &G, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let standing = self.evaluation(position);
        if !self.limits.quiescence || depth <= 0 || standing >= beta {
            return standing;
        }
        alpha = alpha.max(standing);
        let mover = position.turn().mover;
        for mv in position.legal_moves() {
            if !position.is_capture(&mv) {
                continue;
            }
            let score = self.child(position, &mv, mover, (0, depth - 1), ply, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        alpha
    }

    /// The indices of `moves` in the order to search them: the table's
    /// best move, captures, this ply's killer moves, the rest.
    fn ordered(
        &self,
        position: &G,
        moves: &[G::Move],
        best: Option<u16>,
        ply: usize,
    ) -> Vec<usize> {
        let killers = self.killers.get(ply);
        let rank = |index: usize, mv: &G::Move| -> u8 {
            if best == Some(index as u16) {
                0
            } else if position.is_capture(mv) {
                1
            } else if killers.is_some_and(|k| k.iter().flatten().any(|killer| killer == mv)) {
                2
            } else {
                3
            }
        };
        let mut order: Vec<(u8, usize)> = (moves.iter().enumerate())
            .map(|(index, mv)| (rank(index, mv), index))
            .collect();
        order.sort_unstable();
        order.into_iter().map(|(_, index)| index).collect()
    }

    /// Keeps `mv`, a quiet move that refuted a position at `ply`, to try
    /// early in its siblings.
    fn remember_killer(&mut self, ply: usize, mv: &G::Move) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        if let Some(slot) = self.killers.get_mut(ply) {
            if slot[0].as_ref() != Some(mv) {
                slot[1] = slot[0].take();
                slot[0] = Some(mv.clone());
            }
        }
    }

    /// The line the table holds from `root`, at most `depth` moves.
    fn principal_line(&self, root: &G, depth: u32) -> Vec<String> {
        let mut line = Vec::new();
        let mut position = root.clone();
        while line.len() < depth as usize && !position.is_over() {
            let entry = position.zobrist().and_then(|key| self.table.get(key));
            let moves = position.legal_moves();
            let Some(mv) = entry.and_then(|e| moves.get(usize::from(e.best))) else {
                break;
            };
            line.push(mv.to_string());
            position.apply(mv);
        }
        line
    }
}

/// A score as the table keeps it: a win counted from the stored position,
/// not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s + ply as i32,
        s if s < -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

/// A score from the table, counted from the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s - ply as i32,
        s if s < -MATE_BOUND => s + ply as i32,
        s => s,
    }
}
