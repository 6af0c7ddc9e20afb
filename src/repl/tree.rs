//! The variations of a game in play: lines of move words that branch off
//! the main line, or off one another, and how a record writes them.
//!
//! A branch hangs at a ply of its line, the first it replaces: a move of a
//! two-player game, the first pawn move of a lotus turn (a lotus variation
//! replaces a whole turn). The branches of a line are kept in the order a
//! record writes them: by the ply they hang at, then as they came.

use crate::game::{AnyGame, MoveError, Numbering, number_before};
use crate::model::MoveNode;
use crate::record::{MoveNumber, WrittenMove};
use crate::referee::{Ply, Visitor};

/// Why the moves of a line do not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ReplayError {
    /// A move of a record that does not replay from its start.
    #[error("{text} {error}")]
    Record {
        /// The move as written.
        text: String,
        /// Why it is refused.
        error: MoveError,
    },
    /// A move of the session that no longer replays.
    #[error("move {word} no longer replays: {error}")]
    Stale {
        /// The move.
        word: String,
        /// Why it is refused.
        error: MoveError,
    },
    /// A variation before any move.
    #[error("a variation with no move")]
    NoMove,
}

/// A variation: the ply of its line where it branches off, and its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Branch {
    /// The index in its line of the first move it replaces.
    pub(super) at: usize,
    pub(super) line: MoveLine,
}

/// A line of moves and the variations that branch off it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct MoveLine {
    pub(super) moves: Vec<String>,
    /// Sorted by `at`.
    pub(super) branches: Vec<Branch>,
}

/// A record's tree of lines, heard from the referee's walk: each ply's
/// word as written, and each variation between its begin and its end.
#[derive(Debug)]
pub(super) struct Heard {
    /// The lines under way, the main line first.
    lines: Vec<Heading>,
}

/// A line of [`Heard`] under way.
#[derive(Debug, Default)]
struct Heading {
    line: MoveLine,
    /// The index, in the line around it, of the move it branches off at
    /// (0 for the main line).
    at: usize,
    /// The index of its move that began the turn under way (every move
    /// begins one in a game of pairs).
    turn_start: usize,
    /// Whether its next move begins a turn.
    opens: bool,
}

impl Default for Heard {
    fn default() -> Self {
        Self {
            lines: vec![Heading::default()],
        }
    }
}

impl Heard {
    /// The main line and its variations.
    pub(super) fn line(mut self) -> MoveLine {
        // A walk stopped inside variations leaves them unclosed.
        while self.lines.len() > 1 {
            self.end_variation();
        }
        self.lines.pop().map(|h| h.line).unwrap_or_default()
    }
}

impl Visitor for Heard {
    fn ply(&mut self, ply: Ply<'_>) {
        let Some(heading) = self.lines.last_mut() else {
            return;
        };
        let index = heading.line.moves.len();
        if heading.opens {
            heading.turn_start = index;
        }
        heading.line.moves.push(ply.word.text.to_owned());
        heading.opens = ply.game.numbering() == Numbering::Pairs || ply.game.turn().opens;
    }

    fn begin_variation(&mut self) {
        // A variation replaces the move (lotus: the turn) last heard.
        let at = self.lines.last().map_or(0, |h| h.turn_start);
        self.lines.push(Heading {
            at,
            ..Heading::default()
        });
    }

    fn end_variation(&mut self) {
        if self.lines.len() < 2 {
            return;
        }
        let Some(Heading { line, at, .. }) = self.lines.pop() else {
            return;
        };
        if let Some(around) = self.lines.last_mut() {
            around.line.branches.push(Branch { at, line });
        }
    }
}

impl MoveLine {
    /// Adds `branch` as the first of those at its ply.
    pub(super) fn add_first(&mut self, branch: Branch) {
        let i = self.branches.partition_point(|b| b.at < branch.at);
        self.branches.insert(i, branch);
    }

    /// Replaces the moves from index `at` on with `moves`: the moves
    /// replaced, with the branches that hang off them, become a branch at
    /// `at`, the first there.
    pub(super) fn replace_from(&mut self, at: usize, moves: Vec<String>) {
        let tail = self.moves.split_off(at.min(self.moves.len()));
        let split = self.branches.partition_point(|b| b.at <= at);
        let inner = self.branches.split_off(split);
        self.moves.extend(moves);
        if tail.is_empty() {
            return;
        }
        let branches = inner.into_iter().map(|b| b.rebased(at, false)).collect();
        self.add_first(Branch {
            at,
            line: MoveLine {
                moves: tail,
                branches,
            },
        });
    }

    /// Promotes the branch numbered `n` (from 1, in order) to this line:
    /// its moves take the place of those it replaces, which become a
    /// branch in its stead. `None` when there is no such branch.
    pub(super) fn promote(&mut self, n: usize) -> Option<()> {
        let index = n.checked_sub(1).filter(|&i| i < self.branches.len())?;
        let Branch { at, line } = self.branches.remove(index);
        let tail = self.moves.split_off(at.min(self.moves.len()));
        let split = self.branches.partition_point(|b| b.at <= at);
        let inner: Vec<Branch> = self.branches.split_off(split);
        let demoted = Branch {
            at,
            line: MoveLine {
                moves: tail,
                branches: inner.into_iter().map(|b| b.rebased(at, false)).collect(),
            },
        };
        self.branches
            .insert(index.min(self.branches.len()), demoted);
        self.moves.extend(line.moves);
        let promoted = line.branches.into_iter().map(|b| b.rebased(at, true));
        self.branches.extend(promoted);
        self.branches.sort_by_key(|b| b.at);
        Some(())
    }

    /// The branch reached by taking, at each depth, the variation numbered
    /// so (from 1).
    pub(super) fn find(&self, path: &[u32]) -> Option<&MoveLine> {
        let Some((&n, rest)) = path.split_first() else {
            return Some(self);
        };
        let branch = self
            .branches
            .get(usize::try_from(n).ok()?.checked_sub(1)?)?;
        branch.line.find(rest)
    }

    /// The same, to change it.
    pub(super) fn find_mut(&mut self, path: &[u32]) -> Option<&mut MoveLine> {
        let Some((&n, rest)) = path.split_first() else {
            return Some(self);
        };
        let index = usize::try_from(n).ok()?.checked_sub(1)?;
        self.branches.get_mut(index)?.line.find_mut(rest)
    }

    /// The line of a record's moves as [`MoveNode`]s, played from `start`.
    ///
    /// # Errors
    /// A move that does not replay, in words.
    pub(super) fn of_nodes(
        nodes: &[MoveNode<'_>],
        start: &dyn AnyGame,
    ) -> Result<MoveLine, ReplayError> {
        let mut line = MoveLine::default();
        let mut game = start.box_clone();
        // The position before each move, for the variations after it.
        let mut before = Vec::with_capacity(nodes.len());
        let mut turn_start = 0;
        for (i, node) in nodes.iter().enumerate() {
            if game.numbering() == Numbering::Pairs || game.turn().opens {
                turn_start = i;
            }
            before.push(game.box_clone());
            game.play(node.text).map_err(|error| ReplayError::Record {
                text: node.text.to_owned(),
                error,
            })?;
            line.moves.push(node.text.to_owned());
            for variation in node.variations() {
                let from = before.get(turn_start).ok_or(ReplayError::NoMove)?;
                let branch = MoveLine::of_nodes(variation, from.as_ref())?;
                line.branches.push(Branch {
                    at: turn_start,
                    line: branch,
                });
            }
        }
        Ok(line)
    }

    /// The moves of the line as a record writes them, played from
    /// `start`: numbered, each with the variations written after it (those
    /// hanging at the plies `0..limit` only).
    ///
    /// # Errors
    /// A move that no longer replays, in words.
    pub(super) fn written(
        &self,
        start: &dyn AnyGame,
        limit: usize,
    ) -> Result<Vec<WrittenMove<'_>>, ReplayError> {
        let mut game = start.box_clone();
        let mut written: Vec<WrittenMove<'_>> = Vec::with_capacity(self.moves.len());
        let mut before = Vec::with_capacity(self.moves.len());
        let mut branches = self.branches.iter().filter(|b| b.at < limit).peekable();
        let mut turn_start = 0;
        let mut first = true;
        for (i, word) in self.moves.iter().enumerate() {
            if game.numbering() == Numbering::Pairs || game.turn().opens {
                turn_start = i;
            }
            let number = number_before(game.turn(), first);
            before.push(game.box_clone());
            game.play(word).map_err(|error| ReplayError::Stale {
                word: word.clone(),
                error,
            })?;
            let mut variations = Vec::new();
            // A lotus variation stands after the whole turn it replaces.
            let whole = game.numbering() == Numbering::Pairs
                || game.turn().opens
                || game.outcome().is_some()
                || i + 1 == self.moves.len();
            while let Some(branch) = branches.next_if(|b| b.at <= turn_start && whole) {
                let from = before.get(branch.at).ok_or(ReplayError::NoMove)?;
                variations.push(branch.line.written(from.as_ref(), usize::MAX)?);
            }
            first = !variations.is_empty();
            written.push(WrittenMove {
                number: number.map(MoveNumber::from),
                text: word,
                variations,
                ..WrittenMove::default()
            });
        }
        Ok(written)
    }
}

impl Branch {
    /// The branch of a line cut at `at` (`into`: joined after `at` moves
    /// of another), counted from the cut instead.
    fn rebased(self, at: usize, into: bool) -> Branch {
        Branch {
            at: if into { self.at + at } else { self.at - at },
            line: self.line,
        }
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
