//! The game in play as one editable tree of moves, after python-chess's
//! `GameNode` and lichess's tree: an arena of [`GameNode`]s named by
//! [`NodeId`], each with its move (as written and canonical), the
//! position after it (so that going to a node never replays), its glyphs
//! and comments, the move after it on its line, and its variations.
//!
//! - Node [`NodeId::START`] is the start, with no move. Each other node is
//!   the `next` move of the node before it, or a variation of another
//!   move played from the same position: one of that move's `rivals`,
//!   written in parentheses after it (a variation of a variation's first
//!   move is written inside that variation, as a record nests it).
//! - In a game numbered by turns (lotus) a variation replaces a whole
//!   turn: it hangs at the turn's first move, and one begun in the middle
//!   of a turn starts with the turn's earlier moves copied (module
//!   `edit`).
//! - Module `edit` plays, promotes, cuts and annotates; `written` writes
//!   the tree as a record numbers it; `grow` builds it from a record, by
//!   listening to the referee's walk ([`HeardTree`]) or from its moves as
//!   written ([`RecordedMove`]).

mod edit;
mod grow;
mod written;

pub use edit::Demoted;
pub use grow::{Growth, HeardTree, RecordedMove};
pub use written::NumberedMove;

use crate::game::{AnyGame, MoveDetail};

/// A node of a [`GameTree`], as its index in the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(usize);

impl NodeId {
    /// The start, before any move.
    pub const START: NodeId = NodeId(0);

    /// Its index in the arena, as requests name it.
    pub fn index(self) -> usize {
        self.0
    }
}

/// How a node hangs in the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The start.
    Start,
    /// The move after its parent on its line.
    Next,
    /// A variation of this move, played from the same position.
    Rival(NodeId),
    /// Cut off: it stays in the arena, unreachable.
    Cut,
}

/// A move of the tree with the position after it; the start has no move.
#[derive(Debug)]
pub struct GameNode {
    /// The node whose position it is played from.
    parent: Option<NodeId>,
    place: Place,
    /// The move after it on its line.
    next: Option<NodeId>,
    /// The variations written after it, each replacing it.
    rivals: Vec<NodeId>,
    /// The move as written, without its glyph.
    text: String,
    /// `text` then the glyph, as a record writes it.
    word: String,
    glyph: Option<String>,
    /// The move's canonical text and parts (none for the start).
    detail: Option<MoveDetail>,
    /// The position after it.
    position: Box<dyn AnyGame>,
    nags: Vec<u8>,
    /// The comments after it (for the start: the record's leading ones).
    comments: Vec<String>,
    /// The comments before it, at the start of a variation.
    comments_before: Vec<String>,
}

impl GameNode {
    /// A move played from `parent`, hanging at `place`.
    fn new(
        parent: NodeId,
        place: Place,
        text: &str,
        detail: Option<MoveDetail>,
        position: Box<dyn AnyGame>,
    ) -> Self {
        Self {
            parent: Some(parent),
            place,
            next: None,
            rivals: Vec::new(),
            text: text.to_owned(),
            word: text.to_owned(),
            glyph: None,
            detail,
            position,
            nags: Vec::new(),
            comments: Vec::new(),
            comments_before: Vec::new(),
        }
    }

    /// The move as written, without its glyph (empty for the start).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its glyph (`!`, `?!`), if any.
    pub fn glyph(&self) -> Option<&str> {
        self.glyph.as_deref()
    }

    /// Its numeric glyphs.
    pub fn nags(&self) -> &[u8] {
        &self.nags
    }

    /// The comments after it; for the start, those before the first move.
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// Its canonical text and parts; none for the start.
    pub fn detail(&self) -> Option<&MoveDetail> {
        self.detail.as_ref()
    }

    /// The move after it on its line.
    pub fn next(&self) -> Option<NodeId> {
        self.next
    }

    /// The variations written after it, each replacing it.
    pub fn rivals(&self) -> &[NodeId] {
        &self.rivals
    }

    /// The node whose position it is played from; none for the start.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }
}

/// The moves from a start, with their variations: the game in play.
#[derive(Debug)]
pub struct GameTree {
    nodes: Vec<GameNode>,
}

impl GameTree {
    /// No moves yet from `start`.
    pub fn new(start: Box<dyn AnyGame>) -> Self {
        Self {
            nodes: vec![GameNode {
                parent: None,
                place: Place::Start,
                next: None,
                rivals: Vec::new(),
                text: String::new(),
                word: String::new(),
                glyph: None,
                detail: None,
                position: start,
                nags: Vec::new(),
                comments: Vec::new(),
                comments_before: Vec::new(),
            }],
        }
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &GameNode {
        &self.nodes[id.0]
    }

    /// The node of index `index`, if it is in the tree (not cut off).
    pub fn find(&self, index: usize) -> Option<NodeId> {
        let id = NodeId(index);
        let mut at = self.nodes.get(index)?;
        loop {
            match at.place {
                Place::Start => return Some(id),
                Place::Cut => return None,
                Place::Next | Place::Rival(_) => at = &self.nodes[at.parent?.0],
            }
        }
    }

    /// The position before any move.
    pub fn start(&self) -> &dyn AnyGame {
        self.position(NodeId::START)
    }

    /// The position after `id`.
    pub fn position(&self, id: NodeId) -> &dyn AnyGame {
        self.nodes[id.0].position.as_ref()
    }

    /// The nodes from the start to `id`, the start left out.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.nodes[at.0].parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<String> {
        (self.path(id).into_iter())
            .map(|at| self.nodes[at.0].text.clone())
            .collect()
    }

    /// The last node of the line that goes on from `id`.
    pub fn line_end(&self, id: NodeId) -> NodeId {
        let mut at = id;
        while let Some(next) = self.nodes[at.0].next {
            at = next;
        }
        at
    }

    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<String> {
        self.moves_to(self.line_end(NodeId::START))
    }

    /// The nodes of the line from `head` on: it and the moves after it.
    pub fn line(&self, head: NodeId) -> Vec<NodeId> {
        let mut line = vec![head];
        let mut at = head;
        while let Some(next) = self.nodes[at.0].next {
            line.push(next);
            at = next;
        }
        line
    }

    /// The variations of the line from `head`, in the order a record
    /// writes them: those of each of its moves in turn.
    pub fn variations_of_line(&self, head: NodeId) -> Vec<NodeId> {
        (self.line(head).into_iter())
            .flat_map(|at| self.nodes[at.0].rivals.iter().copied())
            .collect()
    }

    /// Every move played from `id`'s position: the move after it, then
    /// its variations (and theirs) in the order written.
    pub fn children(&self, id: NodeId) -> Vec<NodeId> {
        let mut children = Vec::new();
        let mut stack: Vec<NodeId> = self.nodes[id.0].next.into_iter().collect();
        while let Some(at) = stack.pop() {
            children.push(at);
            stack.extend(self.nodes[at.0].rivals.iter().rev());
        }
        children
    }

    /// The variation holding `id`: its first move, the innermost on the
    /// way from the start; `None` on the main line.
    pub fn variation_of(&self, id: NodeId) -> Option<NodeId> {
        let mut at = id;
        loop {
            let node = &self.nodes[at.0];
            match node.place {
                Place::Rival(_) => return Some(at),
                Place::Next => at = node.parent?,
                Place::Start | Place::Cut => return None,
            }
        }
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
