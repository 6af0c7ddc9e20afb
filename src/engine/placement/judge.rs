//! A whole start's value by the engine's search, for the placement.

use crate::engine::{Evaluation, EvaluationVisitor, Limits, Table, Weights, think, visit};
use crate::game::AnyGame;
use std::sync::atomic::AtomicBool;
use web_time::Instant;

/// The engine's search of whole starts: each searched for its first
/// mover to a depth, all with one transposition table, until a deadline.
#[derive(Debug)]
pub struct Judge<'a> {
    /// The table the searches share.
    pub table: &'a mut Table,
    /// The evaluation's weights.
    pub weights: &'a Weights,
    /// Stops every search when set.
    pub stop: &'a AtomicBool,
    /// When every search stops, whatever its depth.
    pub deadline: Option<Instant>,
}

/// What a [`Judge`] searches with, its own: for work outside a player
/// (`kifu tune book`, tests).
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    weights: Weights,
    stop: AtomicBool,
}

impl Searcher {
    /// A table of `2^bits` entries and the engine's weights.
    pub fn new(bits: u32) -> Self {
        Self {
            table: Table::new(bits),
            weights: Weights::default(),
            stop: AtomicBool::new(false),
        }
    }

    /// A judge with these, until `deadline`.
    pub fn judge(&mut self, deadline: Option<Instant>) -> Judge<'_> {
        Judge {
            table: &mut self.table,
            weights: &self.weights,
            stop: &self.stop,
            deadline,
        }
    }
}

/// What one search of a start found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judged {
    /// The start's value for its first mover, in the search's units
    /// (forced results near [`crate::engine::MATE`]).
    pub score: i32,
    /// The depth the search completed.
    pub depth: u32,
}

impl Judge<'_> {
    /// The value of `start` for its first mover, by a search `depth`
    /// plies deep, or less when the deadline comes first; `None` when no
    /// depth was completed (or the start has no move).
    pub fn judge(&mut self, start: &dyn AnyGame, depth: u32) -> Option<Judged> {
        visit(
            start.kind(),
            Judging {
                judge: self,
                start,
                depth,
            },
        )
    }

    /// How many searches of `each` seconds fit in the `share`th part
    /// of the time left (`None`: no deadline).
    pub fn affordable(&self, each: f64, share: u32) -> Option<usize> {
        let left = self.deadline?.saturating_duration_since(Instant::now());
        let part = left.as_secs_f64() / f64::from(share.max(1));
        Some((part / each.max(1e-9)) as usize)
    }

    /// Whether the deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// One search, as the game's own type.
struct Judging<'j, 'a> {
    judge: &'j mut Judge<'a>,
    start: &'j dyn AnyGame,
    depth: u32,
}

impl EvaluationVisitor for Judging<'_, '_> {
    type Output = Option<Judged>;

    fn visit<G: Evaluation>(self) -> Option<Judged> {
        let root = self.start.own::<G>()?;
        let judge = self.judge;
        let limits = Limits {
            depth: self.depth.clamp(1, 64),
            deadline: judge.deadline,
            nodes: None,
            quiescence: true,
            mistakes: None,
            soft: None,
        };
        // Every move named, so that a start with a single move is
        // searched too (the search plays a lone move unsearched).
        let every = root.legal_moves();
        let weights = judge.weights.of(G::KIND);
        let mut found = None;
        think(
            root,
            limits,
            &every,
            weights,
            judge.stop,
            judge.table,
            |p| {
                found = Some(Judged {
                    score: p.score,
                    depth: p.depth,
                });
            },
        );
        found
    }
}
