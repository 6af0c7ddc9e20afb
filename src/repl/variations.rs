//! The session's variations: the line a different move replaces after
//! `:undo` is kept as a variation, `:variations` lists them and
//! `:promote` makes one the main line.
//!
//! The main line of a session is the moves played (those `:undo` took
//! back included, which `:redo` plays again), the main line of its
//! [`crate::play::GameTree`]; a record written from the session holds the
//! variations that hang off the moves played.

use super::show::count;
use super::{Outputs, Reply, Session};
use crate::game::{MoveError, number_before};
use crate::play::{Demoted, GameTree, NodeId};
use crate::referee::LineName;
use std::io;

impl Session {
    /// Plays `words` as the next step. When moves were taken back: as far
    /// as `words` follow them, they play them again, and the moves taken
    /// back after them stay to redo, one step each; where they differ,
    /// the line they replace is kept as a variation (in lotus, of the
    /// whole turn), and nothing stays to redo.
    ///
    /// # Errors
    /// A move the referee refuses; nothing is played.
    pub(super) fn play_step(&mut self, words: &[String]) -> Result<(), MoveError> {
        let at = self.cursor();
        let after: Vec<NodeId> = self.tree.line(at).into_iter().skip(1).collect();
        let same = (words.iter().zip(&after))
            .take_while(|&(word, &node)| word == self.tree.node(node).text())
            .count();
        if same == words.len()
            && let Some(&end) = same.checked_sub(1).and_then(|i| after.get(i))
        {
            self.done.push(end);
            self.undone = after.get(same..).unwrap_or_default().to_vec();
            self.undone.reverse();
            return Ok(());
        }
        let from = same
            .checked_sub(1)
            .and_then(|i| after.get(i).copied())
            .unwrap_or(at);
        let end = self
            .tree
            .replace(from, words.get(same..).unwrap_or_default())?;
        self.done.push(end);
        self.undone.clear();
        Ok(())
    }

    /// Makes the tree's main line the moves played, each a step.
    pub(super) fn play_main_line(&mut self) {
        let end = self.tree.line_end(NodeId::START);
        self.done = self.tree.path(end);
        self.undone.clear();
    }

    /// The variation named by `path` (see [`LineName`]): its first move.
    fn variation(&self, path: &[u32]) -> Option<NodeId> {
        let mut head = self.tree.node(NodeId::START).next()?;
        for &n in path {
            let index = usize::try_from(n).ok()?.checked_sub(1)?;
            head = *self.tree.variations_of_line(head).get(index)?;
        }
        Some(head)
    }

    /// `:variations`: every variation, named as `:promote` and `kifu
    /// render --line` name them, with its moves.
    pub(super) fn list_variations(&self, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let out = &mut *io.out;
        let head = self.tree.node(NodeId::START).next();
        let Some(head) = head.filter(|&head| !self.tree.variations_of_line(head).is_empty()) else {
            writeln!(out, "no variations")?;
            return Ok(Reply::DONE);
        };
        let mut lines = Vec::new();
        describe(&self.tree, head, "", &mut lines);
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(Reply::DONE)
    }

    /// `:promote LINE`: the variation becomes the main line, played to its
    /// end; the line it replaces is kept as a variation in its place.
    pub(super) fn promote(&mut self, name: &LineName, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let path = name.path();
        if path.is_empty() || self.variation(path).is_none() {
            return io.refuse(format_args!(
                "there is no variation {name} (:variations lists them)"
            ));
        }
        // Each variation on the way takes the place of the line it
        // branches off, from the innermost out.
        for depth in (0..path.len()).rev() {
            if let Some(head) = self.variation(&path[..=depth]) {
                self.tree.promote(head, Demoted::InPlace);
            }
        }
        self.play_main_line();
        let moves = count(self.moves().len(), "move");
        writeln!(io.out, "Promoted {name}: {moves}")?;
        self.show(io.out)?;
        Ok(Reply::DONE)
    }
}

/// Describes the variations of the line from `head` whose name starts
/// with `prefix`: one line each, indented by depth.
fn describe(tree: &GameTree, head: NodeId, prefix: &str, lines: &mut Vec<String>) {
    let depth = prefix.matches('.').count() + usize::from(!prefix.is_empty());
    for (i, variation) in tree.variations_of_line(head).into_iter().enumerate() {
        let name = match prefix {
            "" => format!("{}", i + 1),
            prefix => format!("{prefix}.{}", i + 1),
        };
        let text = numbered(tree, variation);
        lines.push(format!("{}{name}  {text}", "  ".repeat(depth)));
        describe(tree, variation, &name, lines);
    }
}

/// The moves of the line from `head`, with the numbers a record writes.
fn numbered(tree: &GameTree, head: NodeId) -> String {
    let mut words = Vec::new();
    for (i, id) in tree.line(head).into_iter().enumerate() {
        let node = tree.node(id);
        let before = tree.position(node.parent().unwrap_or(NodeId::START));
        if let Some((n, dots)) = number_before(before.turn(), i == 0) {
            let dots = if dots == crate::record::Dots::One {
                "."
            } else {
                "..."
            };
            words.push(format!("{n}{dots}"));
        }
        words.push(node.text().to_owned());
    }
    words.join(" ")
}
