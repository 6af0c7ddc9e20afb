//! A [`GameTree`] as a record writes it: the moves of the main line, each
//! with the number the record writes before it and the variations it
//! writes after it (in lotus, after the whole turn they replace), the
//! number said again after variations; each variation written whole.

use super::{GameTree, NodeId};
use crate::game::{Numbering, number_before};
use crate::record::{Dots, MoveNumber, WrittenMove};

/// A move of the tree in the order a record writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberedMove {
    /// The move.
    pub node: NodeId,
    /// The number written before it, if any.
    pub number: Option<(u32, Dots)>,
    /// The variations written after it, each a line of moves.
    pub variations: Vec<Vec<NumberedMove>>,
}

impl GameTree {
    /// The main line up to `until` (a node of it: the start writes no
    /// move) with the variations of its moves, as a record writes them.
    pub fn numbered(&self, until: NodeId) -> Vec<NumberedMove> {
        match self.nodes[NodeId::START.0].next {
            Some(first) if until != NodeId::START => self.numbered_line(first, Some(until)),
            _ => Vec::new(),
        }
    }

    /// The line from `head` up to `until` (if on it), with its variations.
    fn numbered_line(&self, head: NodeId, until: Option<NodeId>) -> Vec<NumberedMove> {
        let mut line = Vec::new();
        let mut at = Some(head);
        let mut first = true;
        // The variations of the turn under way, written once it is whole.
        let mut pending: Vec<NodeId> = Vec::new();
        while let Some(id) = at {
            let node = &self.nodes[id.0];
            let before = self.position(node.parent.unwrap_or(NodeId::START));
            let number = number_before(before.turn(), first);
            pending.extend(&node.rivals);
            at = node.next.filter(|_| Some(id) != until);
            let game = node.position.as_ref();
            let whole = game.numbering() == Numbering::Pairs
                || game.turn().opens
                || game.is_over()
                || at.is_none();
            let mut variations = Vec::new();
            if whole {
                for rival in pending.drain(..) {
                    variations.push(self.numbered_line(rival, None));
                }
            }
            first = !variations.is_empty();
            line.push(NumberedMove {
                node: id,
                number,
                variations,
            });
        }
        line
    }

    /// The main line up to `until` with its variations, as
    /// [`crate::record::write_record`] takes them: with their glyphs,
    /// numeric glyphs and comments.
    pub fn written(&self, until: NodeId) -> Vec<WrittenMove<'_>> {
        self.as_written(self.numbered(until))
    }

    /// The line from `head` whole, with its variations, as
    /// [`crate::record::write_record`] takes them.
    pub fn written_line(&self, head: NodeId) -> Vec<WrittenMove<'_>> {
        self.as_written(self.numbered_line(head, None))
    }

    /// Numbered moves as a record writes them.
    fn as_written(&self, moves: Vec<NumberedMove>) -> Vec<WrittenMove<'_>> {
        (moves.into_iter())
            .map(|numbered| {
                let node = &self.nodes[numbered.node.0];
                WrittenMove {
                    comments_before: &node.comments_before,
                    number: numbered.number.map(MoveNumber::from),
                    text: &node.word,
                    nags: &node.nags,
                    comments: &node.comments,
                    variations: (numbered.variations.into_iter())
                        .map(|line| self.as_written(line))
                        .collect(),
                }
            })
            .collect()
    }
}
