//! The search of two-player games: iterative deepening negamax with
//! alpha-beta pruning and a principal-variation search (the first move
//! with the full window, the others with a null window, searched again
//! when they beat it), aspiration windows at the root, a transposition
//! table keyed by the game's Zobrist hash (proven wins and losses kept
//! and reused), moves ordered by the table's best move, captures, killer
//! moves, the counter-move and the history of refutations, late quiet
//! moves searched a ply shallower first, a ply more for a forced move
//! where the game asks it (Escampe), and a quiescence search of captures
//! at the horizon. It works on any game through its traits: the hash is the
//! rules' ([`Game::zobrist`]), the evaluation, what a capture is and a
//! move's key the engine's ([`Evaluation`]), each game's own.

use super::Evaluation;
use super::evaluation::MOVE_KEYS;
use super::mistakes::{Mistakes, draw};
use super::table::{MATE, MATE_BOUND, Table, ended_score};
#[cfg(doc)]
use crate::game::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// The deepest the quiescence search goes past the horizon.
const QUIESCENCE_PLIES: i32 = 8;

/// How many nodes pass between two looks at the clock and `stop`.
const CHECK_EVERY: u64 = 512;

/// The half-width of the root's first window around the last depth's
/// score, from [`ASPIRATION_DEPTH`] on; it widens fourfold on a miss.
const ASPIRATION: i32 = 40;

/// How many times the window widens before the full one is taken.
const ASPIRATION_MISSES: u32 = 3;

/// The first depth searched within an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;

/// The shallowest node where late quiet moves are reduced.
const REDUCTION_DEPTH: i32 = 3;

/// How many moves of a node are searched at full depth before the
/// quiet ones are reduced.
const FULL_DEPTH_MOVES: usize = 3;

/// Whether a node whose leader is attacked is searched a ply further:
/// off, since in Shogun, where most positions of the opening are a
/// check, it made a search to depth 5 cost 65 times the nodes
/// (benches/strength.md).
const EXTEND_DANGER: bool = false;

/// The largest history score; every score is halved when one passes it.
const HISTORY_LIMIT: i32 = 1 << 20;

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
    /// When to begin no further depth: a clock's share of its time, which
    /// an unsettled search (its best move changed at the last depth, or
    /// its score fell) may stretch towards the `deadline`.
    pub soft: Option<Duration>,
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
    /// How often each move (by side to move and [`Evaluation::move_key`])
    /// refuted a position, weighted by the depth left; empty until a
    /// move first refutes one (a shallow search, as the placement runs
    /// thousands of, never fills it).
    history: Vec<i32>,
    /// The quiet move that last refuted each move of the other side (by
    /// side to move and the other side's move key).
    counters: Vec<Option<G::Move>>,
    /// The side that moves at the root, which tells the sides apart.
    root_mover: String,
    /// The depth of the iteration under way.
    iteration: usize,
    /// With [`Limits::mistakes`], each root move's score at the last
    /// iteration done, in the order of the moves.
    scores: Option<Vec<i32>>,
}

/// Where a node stands: its depth left, its ply from the root, and the
/// key of the move that reached it.
#[derive(Debug, Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    previous: Option<usize>,
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
        history: Vec::new(),
        counters: Vec::new(),
        root_mover: root.turn().mover.to_owned(),
        iteration: 0,
        scores: None,
    };
    let mut scores = None;
    let mut last: Option<(usize, i32)> = None;
    for depth in 1..=limits.depth.max(1) {
        let Some((index, score)) = search.aspired(root, &moves, depth as i32, last) else {
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
        // A forced result ends the deepening once the depth covers it. A
        // longer one rests on the table's word for positions searched
        // before, and where positions recur (a side that can only pass)
        // two such words can each lean on the other: deeper, the search
        // proves it again, or finds a shorter one.
        if score.abs() > MATE_BOUND && MATE - score.abs() <= depth as i32 {
            break;
        }
        let unsettled = last.is_some_and(|(was, before)| was != index || score < before - 30);
        last = Some((index, score));
        if let Some(soft) = limits.soft {
            // A depth takes about as long as all before it: one begun past
            // half the share would end past it.
            let share = if unsettled { soft * 2 } else { soft };
            if started.elapsed() * 2 >= share {
                break;
            }
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

    /// One iteration at the root within a window around the last one's
    /// score (`last`: its best move's index and score), widened and
    /// searched again when the score falls outside it.
    fn aspired(
        &mut self,
        root: &G,
        moves: &[G::Move],
        depth: i32,
        last: Option<(usize, i32)>,
    ) -> Option<(usize, i32)> {
        let full = (-MATE - 1, MATE + 1);
        let mut window = match last {
            Some((_, score))
                if depth >= ASPIRATION_DEPTH
                    && score.abs() < MATE_BOUND
                    && self.limits.mistakes.is_none() =>
            {
                (score - ASPIRATION, score + ASPIRATION)
            }
            _ => full,
        };
        let mut width = ASPIRATION;
        for misses in 0.. {
            let (index, score) = self.root(root, moves, depth, window)?;
            let (alpha, beta) = window;
            if (score > alpha && score < beta) || window == full {
                return Some((index, score));
            }
            width *= 4;
            window = match score {
                _ if misses >= ASPIRATION_MISSES => full,
                s if s <= alpha => ((s - width).max(full.0), beta),
                s => (alpha, (s + width).min(full.1)),
            };
        }
        None
    }

    /// One iteration at the root within `(alpha, beta)`: the best move's
    /// index and its score, or `None` if the search was stopped before
    /// it was done. With [`Limits::mistakes`], every move is searched
    /// with a full window, its exact score kept in `scores`.
    fn root(
        &mut self,
        root: &G,
        moves: &[G::Move],
        depth: i32,
        (mut alpha, beta): (i32, i32),
    ) -> Option<(usize, i32)> {
        self.iteration = depth as usize;
        let remembered = root.zobrist().and_then(|key| self.table.get(key));
        let node = Node {
            depth,
            ply: 0,
            previous: None,
        };
        let order = self.ordered(root, moves, remembered.map(|e| e.best), node);
        let original_alpha = alpha;
        let every = self.limits.mistakes.is_some();
        let mut scores = every.then(|| vec![0; moves.len()]);
        let mut best: Option<(usize, i32)> = None;
        let mover = root.turn().mover;
        for (tried, index) in order.into_iter().enumerate() {
            let next = (depth - 1, QUIESCENCE_PLIES);
            let score = if every {
                self.child(root, &moves[index], mover, next, node, -MATE - 1, MATE + 1)
            } else if tried == 0 {
                self.child(root, &moves[index], mover, next, node, -beta, -alpha)
            } else {
                let probe = self.child(root, &moves[index], mover, next, node, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.aborted {
                    self.child(root, &moves[index], mover, next, node, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.aborted {
                return None;
            }
            if let Some(slot) = scores.as_mut().and_then(|scores| scores.get_mut(index)) {
                *slot = score;
            }
            if best.is_none_or(|(_, top)| score > top) {
                best = Some((index, score));
            }
            alpha = alpha.max(score);
            if alpha >= beta && !every {
                break;
            }
        }
        let (index, score) = best?;
        (self.table).store(
            root.zobrist(),
            (depth, 0),
            (original_alpha, beta),
            (index, score),
        );
        self.scores = scores;
        Some((index, score))
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

    /// The score for `mover` of playing `mv` in `position`, a node at
    /// `node.ply`: the finished game's, sooner wins scoring higher, or the
    /// search of the position reached `depth` plies deep, or when that is
    /// 0 its captures `captures` plies deep.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        position: &G,
        mv: &G::Move,
        mover: &str,
        (depth, captures): (i32, i32),
        node: Node,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut child = position.clone();
        child.apply(mv);
        if child.is_over() {
            self.nodes += 1;
            let plies = node.ply as i32 + 1;
            let winner = child.outcome().and_then(|o| o.winner);
            return ended_score(winner.as_deref(), mover, plies);
        }
        let next = Node {
            depth,
            ply: node.ply + 1,
            previous: position.move_key(mv),
        };
        match depth {
            d if d > 0 => -self.negamax(&child, next, alpha, beta),
            _ => -self.quiesce(&child, captures, next.ply, alpha, beta),
        }
    }

    /// The value of `position` searched `node.depth` plies deep.
    fn negamax(&mut self, position: &G, node: Node, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let Node { depth, ply, .. } = node;
        let key = position.zobrist();
        let (remembered, decided) = self.table.probe(key, depth, ply, (alpha, beta));
        if let Some(score) = decided {
            return score;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            return self.evaluation(position);
        }
        // A forced move (the only legal one, a pass included) where the
        // game asks, and, were it on, the attacked leader's answers are
        // searched a ply further, while the line is short of twice its
        // nominal length.
        let forced =
            (G::EXTEND_FORCED && moves.len() == 1) || (EXTEND_DANGER && position.in_danger());
        let extended = forced && ply < 2 * self.iteration;
        let base = if extended { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = (0, -MATE - 1);
        let mover = position.turn().mover;
        let side = self.side(mover);
        let order = self.ordered(position, &moves, remembered.map(|e| e.best), node);
        let mut quiets_tried: Vec<usize> = Vec::new();
        for (tried, index) in order.into_iter().enumerate() {
            let mv = &moves[index];
            let quiet = !position.is_capture(mv);
            let next = (base, QUIESCENCE_PLIES);
            let score = if tried == 0 {
                self.child(position, mv, mover, next, node, -beta, -alpha)
            } else {
                let reduce = depth >= REDUCTION_DEPTH
                    && tried >= FULL_DEPTH_MOVES
                    && quiet
                    && !extended
                    && !self.is_killer(ply, mv);
                let reduction = match reduce {
                    true if tried >= 3 * FULL_DEPTH_MOVES && depth >= 6 => 2,
                    true => 1,
                    false => 0,
                };
                let null = (-alpha - 1, -alpha);
                let shallow = (base - reduction, QUIESCENCE_PLIES);
                let mut score = self.child(position, mv, mover, shallow, node, null.0, null.1);
                if reduction > 0 && score > alpha && !self.aborted {
                    score = self.child(position, mv, mover, next, node, null.0, null.1);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = self.child(position, mv, mover, next, node, -beta, -alpha);
                }
                score
            };
            if self.aborted {
                return 0;
            }
            if score > best.1 {
                best = (index, score);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if quiet {
                    self.refuted_by(position, mv, node, side, &quiets_tried, &moves);
                }
                break;
            }
            if quiet {
                quiets_tried.push(index);
            }
        }
        (self.table).store(key, (depth, ply), (original_alpha, beta), best);
        best.1
    }

    /// Which side `mover` is: 0 the root's mover, 1 the other.
    fn side(&self, mover: &str) -> usize {
        usize::from(mover != self.root_mover)
    }

    /// Learns from `mv`, a quiet move of `side` that refuted `position`:
    /// a killer at its ply, the counter-move of the move before, and its
    /// history raised by the depth left squared, the quiet moves tried
    /// before it (`tried`, indices into `moves`) lowered alike.
    fn refuted_by(
        &mut self,
        position: &G,
        mv: &G::Move,
        node: Node,
        side: usize,
        tried: &[usize],
        moves: &[G::Move],
    ) {
        self.remember_killer(node.ply, mv);
        if self.history.is_empty() {
            self.history = vec![0; 2 * MOVE_KEYS];
            self.counters = vec![None; 2 * MOVE_KEYS];
        }
        if let Some(slot) =
            (node.previous).and_then(|key| self.counters.get_mut(side * MOVE_KEYS + key))
        {
            *slot = Some(mv.clone());
        }
        let bonus = node.depth * node.depth;
        let mut overflow = false;
        if let Some(key) = position.move_key(mv) {
            if let Some(score) = self.history.get_mut(side * MOVE_KEYS + key) {
                *score += bonus;
                overflow = *score > HISTORY_LIMIT;
            }
        }
        for &index in tried {
            let key = moves.get(index).and_then(|other| position.move_key(other));
            if let Some(score) = key.and_then(|key| self.history.get_mut(side * MOVE_KEYS + key)) {
                *score -= bonus;
                overflow |= *score < -HISTORY_LIMIT;
            }
        }
        if overflow {
            self.history.iter_mut().for_each(|score| *score /= 2);
        }
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
            let node = Node {
                depth: 0,
                ply,
                previous: None,
            };
            let score = self.child(position, &mv, mover, (0, depth - 1), node, -beta, -alpha);
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
    /// best move, captures, this ply's killer moves, the counter-move to
    /// the move before, then the quiet moves by their history.
    fn ordered(
        &self,
        position: &G,
        moves: &[G::Move],
        best: Option<u16>,
        node: Node,
    ) -> Vec<usize> {
        let killers = self.killers.get(node.ply);
        let side = self.side(position.turn().mover);
        let counter = (node.previous)
            .and_then(|key| self.counters.get(side * MOVE_KEYS + key))
            .and_then(Option::as_ref);
        let rank = |index: usize, mv: &G::Move| -> i64 {
            if best == Some(index as u16) {
                return i64::MAX;
            }
            if position.is_capture(mv) {
                return 4 << 40;
            }
            if let Some(at) =
                killers.and_then(|k| k.iter().position(|killer| killer.as_ref() == Some(mv)))
            {
                return (3 << 40) - at as i64;
            }
            if counter == Some(mv) {
                return 2 << 40;
            }
            let key = position.move_key(mv);
            let history = key.and_then(|key| self.history.get(side * MOVE_KEYS + key));
            i64::from(history.copied().unwrap_or(0))
        };
        let mut order: Vec<(i64, usize)> = (moves.iter().enumerate())
            .map(|(index, mv)| (rank(index, mv), index))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        order.into_iter().map(|(_, index)| index).collect()
    }

    /// Whether `mv` is a killer move at `ply`.
    fn is_killer(&self, ply: usize, mv: &G::Move) -> bool {
        (self.killers.get(ply)).is_some_and(|k| k.iter().flatten().any(|killer| killer == mv))
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
