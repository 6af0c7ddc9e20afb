//! The edits of a [`GameTree`]: a move played at a node (a child reused,
//! or a new variation, the last), a line played as the new main
//! continuation (`kifu play` after `:undo`), a variation promoted one
//! level up, a node cut with what follows it, and its glyphs and
//! comments. In lotus a variation replaces a whole turn: one begun in the
//! middle of a turn starts with the turn's earlier moves copied.

use super::{GameNode, GameTree, NodeId, Place};
use crate::game::{AnyGame, MoveDetail, MoveError, Numbering};

/// Where [`GameTree::promote`] puts the line a variation replaces among
/// the variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Demoted {
    /// In the promoted variation's place, so that the others keep their
    /// numbers (`kifu play`'s `:promote`).
    InPlace,
    /// First, before the others (the annotation board).
    First,
}

/// A move played: its text, its detail and the position after it.
type Played = (String, MoveDetail, Box<dyn AnyGame>);

impl GameTree {
    /// Adds a node played from `parent`, hanging at `place`: the move
    /// after `parent`, or the last variation of the move it rivals.
    pub(super) fn add(&mut self, parent: NodeId, place: Place, node: GameNode) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(node);
        match place {
            Place::Next => self.nodes[parent.0].next = Some(id),
            Place::Rival(of) => self.nodes[of.0].rivals.push(id),
            Place::Start | Place::Cut => {}
        }
        id
    }

    /// Where a new move played from `parent` hangs: after it when nothing
    /// follows it, else as the last variation of the move that does.
    pub(super) fn place_after(&self, parent: NodeId) -> Place {
        match self.nodes[parent.0].next {
            None => Place::Next,
            Some(next) => Place::Rival(next),
        }
    }

    /// A copy of node `of` (its move and position, not its glyphs or
    /// comments) played from `parent`, hanging at `place`.
    fn copy(&mut self, parent: NodeId, place: Place, of: NodeId) -> NodeId {
        let original = &self.nodes[of.0];
        let node = GameNode::new(
            parent,
            place,
            &original.text,
            original.detail.clone(),
            original.position.box_clone(),
        );
        self.add(parent, place, node)
    }

    /// Where a variation of the move after `at` begins: at `at`, or in
    /// the middle of a lotus turn at the node before the turn's first
    /// move, with the moves of the turn up to `at`, to copy.
    fn variation_start(&self, at: NodeId) -> (NodeId, Vec<NodeId>) {
        let game = self.position(at);
        if game.numbering() == Numbering::Pairs || game.turn().opens {
            return (at, Vec::new());
        }
        let mut first = at;
        while let Some(parent) = self.nodes[first.0].parent {
            if parent == NodeId::START || self.position(parent).turn().opens {
                break;
            }
            first = parent;
        }
        let Some(from) = self.nodes[first.0].parent else {
            return (at, Vec::new());
        };
        let path = self.path(at);
        let copies = path.iter().skip_while(|&&n| n != first).copied().collect();
        (from, copies)
    }

    /// Plays `moves` from `at`: each move's text, detail and position.
    fn played(&self, at: NodeId, moves: &[String]) -> Result<Vec<Played>, MoveError> {
        let mut game = self.position(at).box_clone();
        let mut played = Vec::with_capacity(moves.len());
        for text in moves {
            let detail = game.play_detailed(text)?;
            played.push((text.clone(), detail, game.box_clone()));
        }
        Ok(played)
    }

    /// Adds `moves` (played already) after `at`, the first hanging at
    /// `place`, each next one after it: the last node.
    fn chain(&mut self, mut at: NodeId, mut place: Place, moves: Vec<Played>) -> NodeId {
        for (text, detail, position) in moves {
            at = self.add(
                at,
                place,
                GameNode::new(at, place, &text, Some(detail), position),
            );
            place = Place::Next;
        }
        at
    }

    /// Plays `text` at `at`: the node that plays it and whether it is new.
    /// A move already played there is reused; else it becomes the move
    /// after `at` if none follows, else a new variation, the last (in the
    /// middle of a lotus turn, a variation of the whole turn, its earlier
    /// moves copied).
    ///
    /// # Errors
    /// The referee's refusal.
    pub fn play(&mut self, at: NodeId, text: &str) -> Result<(NodeId, bool), MoveError> {
        if let Some(child) = (self.children(at).into_iter()).find(|&c| self.nodes[c.0].text == text)
        {
            return Ok((child, false));
        }
        let played = self.played(at, &[text.to_owned()])?;
        if self.nodes[at.0].next.is_none() {
            return Ok((self.chain(at, Place::Next, played), true));
        }
        let (from, copies) = self.variation_start(at);
        let mut last = from;
        let mut place = self.place_after(from);
        for of in copies {
            last = self.copy(last, place, of);
            place = Place::Next;
        }
        Ok((self.chain(last, place, played), true))
    }

    /// Plays `moves` from `at` as the new main continuation there: the
    /// line that went on from `at` (in lotus, from the start of its turn)
    /// is kept as its first variation. The last node.
    ///
    /// # Errors
    /// The referee's refusal of a move; nothing is changed.
    pub fn replace(&mut self, at: NodeId, moves: &[String]) -> Result<NodeId, MoveError> {
        let played = self.played(at, moves)?;
        if played.is_empty() || self.nodes[at.0].next.is_none() {
            return Ok(self.chain(at, Place::Next, played));
        }
        let (from, copies) = self.variation_start(at);
        let Some(old) = self.nodes[from.0].next else {
            return Ok(self.chain(at, Place::Next, played));
        };
        let mut last = from;
        let mut head = None;
        for of in copies {
            last = self.copy(last, Place::Next, of);
            head = head.or(Some(last));
        }
        let end = self.chain(last, Place::Next, played);
        let head = head.or(self.nodes[from.0].next).unwrap_or(end);
        let mut rivals = vec![old];
        rivals.append(&mut self.nodes[old.0].rivals);
        self.set_rivals(head, rivals);
        Ok(end)
    }

    /// Makes `rivals` the variations of `of`.
    fn set_rivals(&mut self, of: NodeId, rivals: Vec<NodeId>) {
        for &rival in &rivals {
            self.nodes[rival.0].place = Place::Rival(of);
        }
        self.nodes[of.0].rivals = rivals;
    }

    /// Puts `new` in the place of `old` (`new` in no place yet).
    fn take_place(&mut self, old: NodeId, new: NodeId) {
        let place = self.nodes[old.0].place;
        self.nodes[new.0].place = place;
        match place {
            Place::Next => {
                if let Some(parent) = self.nodes[old.0].parent {
                    self.nodes[parent.0].next = Some(new);
                }
            }
            Place::Rival(of) => {
                for rival in &mut self.nodes[of.0].rivals {
                    if *rival == old {
                        *rival = new;
                    }
                }
            }
            Place::Start | Place::Cut => {}
        }
    }

    /// Makes the variation holding `id` the line it branches off: its
    /// first move takes the place of the move it rivals, which becomes a
    /// variation where `demoted` says; the variations of that first move
    /// follow the others. `false` for a node of the main line.
    pub fn promote(&mut self, id: NodeId, demoted: Demoted) -> bool {
        let Some(variation) = self.variation_of(id) else {
            return false;
        };
        let Place::Rival(rivalled) = self.nodes[variation.0].place else {
            return false;
        };
        let mut rivals = std::mem::take(&mut self.nodes[rivalled.0].rivals);
        match demoted {
            Demoted::InPlace => {
                for rival in &mut rivals {
                    if *rival == variation {
                        *rival = rivalled;
                    }
                }
            }
            Demoted::First => {
                rivals.retain(|&rival| rival != variation);
                rivals.insert(0, rivalled);
            }
        }
        rivals.append(&mut self.nodes[variation.0].rivals);
        self.take_place(rivalled, variation);
        self.set_rivals(variation, rivals);
        true
    }

    /// Cuts `id` and every move after it (it stays in the arena,
    /// unreachable): the node before it, or `None` for the start. Its
    /// first variation takes its place, with the others as its own.
    pub fn cut(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.nodes[id.0].parent?;
        let mut rivals = std::mem::take(&mut self.nodes[id.0].rivals);
        match self.nodes[id.0].place {
            Place::Rival(of) => {
                let mut kept = Vec::with_capacity(self.nodes[of.0].rivals.len() + rivals.len());
                for &sibling in &self.nodes[of.0].rivals {
                    match sibling == id {
                        true => kept.append(&mut rivals),
                        false => kept.push(sibling),
                    }
                }
                self.set_rivals(of, kept);
            }
            _ if rivals.is_empty() => self.nodes[parent.0].next = None,
            _ => {
                let first = rivals.remove(0);
                rivals.append(&mut self.nodes[first.0].rivals);
                self.take_place(id, first);
                self.set_rivals(first, rivals);
            }
        }
        self.nodes[id.0].place = Place::Cut;
        Some(parent)
    }

    /// Sets the comments of `id`; whether they changed.
    pub fn set_comments(&mut self, id: NodeId, comments: Vec<String>) -> bool {
        let node = &mut self.nodes[id.0];
        let changed = node.comments != comments;
        node.comments = comments;
        changed
    }

    /// Sets the comments before `id`, at the start of a variation.
    pub(super) fn set_comments_before(&mut self, id: NodeId, comments: Vec<String>) {
        self.nodes[id.0].comments_before = comments;
    }

    /// Sets the glyph of `id` (none takes it off); whether it changed.
    pub fn set_glyph(&mut self, id: NodeId, glyph: Option<String>) -> bool {
        let node = &mut self.nodes[id.0];
        if node.glyph == glyph {
            return false;
        }
        node.word = format!("{}{}", node.text, glyph.as_deref().unwrap_or(""));
        node.glyph = glyph;
        true
    }

    /// Writes every move as the referee writes it (its detail's canonical
    /// text: `x` on captures, `+` on Shogun checks), its glyph kept.
    pub fn canonical(&mut self) {
        for node in &mut self.nodes {
            if let Some(detail) = &node.detail {
                node.text = detail.normalized.to_string();
                node.word = format!("{}{}", node.text, node.glyph.as_deref().unwrap_or(""));
            }
        }
    }

    /// Sets the numeric glyphs of `id`; whether they changed.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) -> bool {
        let node = &mut self.nodes[id.0];
        let changed = node.nags != nags;
        node.nags = nags;
        changed
    }
}
