//! The solver: a proof of a forced win or loss in a two-player game, by
//! an AND/OR search over the move generator. Unlike the engine's search
//! ([`super::think`]) it knows no evaluation: a position the horizon cuts
//! off is unknown (scored 0, as a draw is), so a win or loss it reports
//! is a line of real moves ending in the game's own end, every reply of
//! the loser tried. Iterative deepening makes it the shortest: a win is
//! reported in the fewest plies the winner can force, a loss in the most
//! the loser can hold out. The transposition table ([`Table`]) keeps what
//! each position was proven to be; a move that ends the game is tried
//! first, then captures.
//!
//! It prunes nothing the rules allow and reduces no depth, so that the
//! engine's search may change without touching a proof.

use super::table::{MATE, MATE_BOUND, Table, ended_score};
use super::{Evaluation, EvaluationVisitor, visit};
use crate::game::AnyGame;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// How many nodes pass between two looks at the clock and `stop`.
const CHECK_EVERY: u64 = 1024;

/// A forced result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proven {
    /// It wins, whatever the other side plays, in this many plies at
    /// most (the fewest it can force).
    Win(u32),
    /// It loses, whatever it plays, in this many plies at most (the
    /// most it can hold out).
    Loss(u32),
}

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The forced result, if one was proven.
    pub proven: Option<Proven>,
    /// The line that proves it: the winner's fastest moves against the
    /// loser's longest defence, in notation; empty when nothing was
    /// proven.
    pub line: Vec<String>,
    /// The deepest search done to its end, in plies: no forced result
    /// is shorter (when `proven` is `None`, none exists within it).
    pub depth: u32,
    /// The positions searched.
    pub nodes: u64,
    /// The time it took.
    pub elapsed: Duration,
}

/// When the solver must give up.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bounds {
    /// The longest result to look for, in plies.
    pub depth: u32,
    /// When to stop, whatever the depth reached.
    pub deadline: Option<Instant>,
}

/// Proves a forced result of `root` within `bounds.depth` plies, if one
/// exists, searching 1, 2, ... plies deep and telling `report` after each
/// depth done; `stop` set or the deadline passed ends it with what the
/// depths done proved. A finished game proves nothing: it has no move.
pub fn solve<G: Evaluation>(
    root: &G,
    bounds: Bounds,
    stop: &AtomicBool,
    table: &mut Table,
    mut report: impl FnMut(&Solved),
) -> Solved {
    let started = Instant::now();
    let mut solver = Solver {
        table,
        stop,
        deadline: bounds.deadline,
        nodes: 0,
        next_check: CHECK_EVERY,
        aborted: false,
    };
    let mut solved = Solved {
        proven: None,
        line: Vec::new(),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if root.is_over() {
        return solved;
    }
    for depth in 1..=bounds.depth {
        let score = solver.value(root, depth as i32, 0, -MATE - 1, MATE + 1);
        if solver.aborted {
            break;
        }
        solved.depth = depth;
        solved.nodes = solver.nodes;
        solved.elapsed = started.elapsed();
        solved.proven = proven(score);
        if solved.proven.is_some() {
            solved.line = solver.line(root, depth);
            solved.nodes = solver.nodes;
        }
        report(&solved);
        if solved.proven.is_some() {
            break;
        }
    }
    solved.elapsed = started.elapsed();
    solved
}

/// [`solve`] of a game picked at run time, with a table of 2^20
/// entries; `None` for a game of more than two players.
pub fn solve_game(
    game: &dyn AnyGame,
    bounds: Bounds,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Solved),
) -> Option<Solved> {
    if game.players().len() != 2 {
        return None;
    }
    let solving = Solving {
        game,
        bounds,
        stop,
        report,
    };
    visit(game.kind(), solving)
}

/// [`solve`] as work done with a game's own type.
struct Solving<'a> {
    game: &'a dyn AnyGame,
    bounds: Bounds,
    stop: &'a AtomicBool,
    report: &'a mut dyn FnMut(&Solved),
}

impl EvaluationVisitor for Solving<'_> {
    type Output = Option<Solved>;

    fn visit<G: Evaluation>(self) -> Option<Solved> {
        let root = self.game.own::<G>()?;
        let mut table = Table::new(20);
        Some(solve(root, self.bounds, self.stop, &mut table, self.report))
    }
}

/// A score as a proven result: wins and losses counted from the root.
fn proven(score: i32) -> Option<Proven> {
    let plies = |s: i32| u32::try_from(MATE - s.abs()).unwrap_or(u32::MAX);
    match score {
        s if s > MATE_BOUND => Some(Proven::Win(plies(s))),
        s if s < -MATE_BOUND => Some(Proven::Loss(plies(s))),
        _ => None,
    }
}

/// One proof search.
struct Solver<'a> {
    table: &'a mut Table,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    nodes: u64,
    next_check: u64,
    aborted: bool,
}

impl Solver<'_> {
    /// Whether the search must end now, looked at once every
    /// [`CHECK_EVERY`] nodes.
    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }

    /// The value of `position` for its side to move within `depth` plies,
    /// at `ply` from the root: a win in N plies from the root scores
    /// `MATE - N`, a loss `-(MATE - N)`, anything unproven 0.
    fn value<G: Evaluation>(
        &mut self,
        position: &G,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = position.zobrist();
        let (remembered, decided) = self.table.probe(key, depth, ply as usize, (alpha, beta));
        if let Some(score) = decided {
            return score;
        }
        let moves = position.legal_moves();
        let mover = position.turn().mover;
        let original_alpha = alpha;
        let mut best = (0usize, -MATE - 1);
        for index in ordered(position, &moves, remembered.map(|e| e.best)) {
            let mut child = position.clone();
            child.apply(&moves[index]);
            let score = match child.outcome() {
                Some(outcome) => ended_score(outcome.winner.as_deref(), mover, ply + 1),
                None if depth <= 1 => 0,
                None => -self.value(&child, depth - 1, ply + 1, -beta, -alpha),
            };
            if self.aborted {
                return 0;
            }
            if score > best.1 {
                best = (index, score);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if best.1 < -MATE {
            // No legal move and yet no end: the rules never leave a
            // position so; nothing is proven of it.
            return 0;
        }
        let at = (depth, ply as usize);
        self.table.store(key, at, (original_alpha, beta), best);
        best.1
    }

    /// The line that proves `root`'s result within `depth` plies: at each
    /// position its best move, searched again with a full window (the
    /// table makes that cheap), until the game ends.
    fn line<G: Evaluation>(&mut self, root: &G, depth: u32) -> Vec<String> {
        let mut line = Vec::new();
        let mut position = root.clone();
        let mut left = depth as i32;
        while left > 0 && !position.is_over() {
            let score = self.value(&position, left, 0, -MATE - 1, MATE + 1);
            let entry = position.zobrist().and_then(|key| self.table.get(key));
            let moves = position.legal_moves();
            let best = entry.and_then(|e| moves.get(usize::from(e.best)));
            let Some(mv) = best.filter(|_| proven(score).is_some()) else {
                break;
            };
            line.push(mv.to_string());
            position.apply(mv);
            left -= 1;
        }
        line
    }
}

/// The indices of `moves` in the order to try them: the table's best,
/// then captures, then the rest, each in the moves' own order.
fn ordered<G: Evaluation>(position: &G, moves: &[G::Move], best: Option<u16>) -> Vec<usize> {
    let rank = |index: usize| -> u8 {
        if best == Some(index as u16) {
            0
        } else if position.is_capture(&moves[index]) {
            1
        } else {
            2
        }
    };
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by_key(|&index| rank(index));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Tags};
    use crate::games::mana::Mana;
    use crate::record::Tag;

    /// Mana from the setup `value` (`"c1 c6"`: Black's Daimyo, White's).
    fn mana(value: &str) -> Mana {
        let tags = [Tag {
            name: "Setup".into(),
            value: value.into(),
            offset: 0,
        }];
        Mana::from_tags(Tags::new(&tags)).expect("a standard setup")
    }

    fn solved(game: &Mana, depth: u32) -> Solved {
        let bounds = Bounds {
            depth,
            deadline: None,
        };
        solve(
            game,
            bounds,
            &AtomicBool::new(false),
            &mut Table::new(18),
            |_| {},
        )
    }

    /// Every one of Mana's nine setups is a forced win for Black, the
    /// first to move: in 9 plies when White's Daimyo stands on c6, in 11
    /// when on b6 or f6, wherever Black's stands.
    #[test]
    fn every_standard_mana_start_is_a_win_for_black() {
        for black in ["b1", "c1", "f1"] {
            for (white, plies) in [("b6", 11), ("c6", 9), ("f6", 11)] {
                let setup = format!("{black} {white}");
                let game = mana(&setup);
                let found = solved(&game, 11);
                assert_eq!(found.proven, Some(Proven::Win(plies)), "{setup}");
                assert_eq!(found.depth, plies, "{setup}: no shorter win");
                assert_eq!(found.line.len(), plies as usize, "{setup}");
                // The line is played out to Black's capture of White's Daimyo.
                let mut end = game.clone();
                for text in &found.line {
                    let mv = end.read_move(text.as_bytes()).expect("notation");
                    end.check_and_apply(&mv).expect("a legal move");
                }
                let outcome = Game::outcome(&end).expect("the line ends the game");
                assert_eq!(
                    outcome.winner.as_deref(),
                    Some("Black"),
                    "{setup}: {:?}",
                    found.line
                );
                assert_eq!(outcome.reason, "Daimyo captured");
            }
        }
    }

    /// From White's side of the same start, a ply after Black's first
    /// move of the proof, White is lost: a loss, as long as it can last.
    #[test]
    fn the_loser_is_told_its_longest_defence() {
        let mut game = mana("c1 c6");
        let first = solved(&game, 9);
        let mv = game.read_move(first.line[0].as_bytes()).expect("notation");
        game.apply(&mv);
        let found = solved(&game, 9);
        assert_eq!(found.proven, Some(Proven::Loss(8)));
        assert_eq!(found.line.len(), 8);
        // A shorter horizon proves nothing.
        let short = solved(&game, 7);
        assert_eq!((short.proven, short.depth, short.line.len()), (None, 7, 0));
    }
}
