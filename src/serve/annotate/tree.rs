//! The tree of moves of a record open for annotation: its main line, its
//! variations, their comments and glyphs, each move a [`TreeMove`] of the
//! [`Tree`], how a move played joins it, and how a variation is promoted
//! or cut (the module doc of [`super`] says the rules). It knows nothing
//! of files, JSON or routes.

use super::unprocessable;
use crate::game::{AnyGame, Numbering};
use crate::model::MoveNode;
use crate::serve::error::ApiError;
use axum::http::StatusCode;

/// A move of the tree; node 0 is the start, with no move.
#[derive(Debug, Clone, Default)]
pub(super) struct TreeMove {
    pub(super) parent: Option<usize>,
    /// The move as the referee reads it, without its glyph.
    pub(super) text: String,
    /// Its glyph (`!`, `?!`), if any.
    pub(super) glyph: Option<String>,
    /// `text` then `glyph`, as the record writes it.
    pub(super) word: String,
    pub(super) nags: Vec<u8>,
    pub(super) comments: Vec<String>,
    /// Comments before it, at the start of a variation.
    pub(super) comments_before: Vec<String>,
    /// The move after it on its line first, then its variations.
    pub(super) children: Vec<usize>,
}

impl TreeMove {
    pub(super) fn new(parent: usize, text: &str) -> Self {
        Self {
            parent: Some(parent),
            text: text.to_owned(),
            word: text.to_owned(),
            ..Self::default()
        }
    }

    pub(super) fn set_glyph(&mut self, glyph: Option<String>) {
        self.word = format!("{}{}", self.text, glyph.as_deref().unwrap_or(""));
        self.glyph = glyph;
    }
}

/// The moves from a start: node 0 is the start, with no move; nodes cut
/// off stay, unreachable.
#[derive(Debug)]
pub(super) struct Tree {
    /// The position before any move.
    pub(super) start: Box<dyn AnyGame>,
    pub(super) nodes: Vec<TreeMove>,
}

impl Tree {
    /// No moves yet from `start`.
    pub(super) fn new(start: Box<dyn AnyGame>) -> Self {
        Self {
            start,
            nodes: vec![TreeMove::default()],
        }
    }

    /// Adds the moves of `line` after node `from`, where `game` is, with
    /// their variations when `whole`; stops at a move that does not play.
    pub(super) fn grow(
        &mut self,
        from: usize,
        line: &[MoveNode<'_>],
        mut game: Box<dyn AnyGame>,
        whole: bool,
    ) {
        let mut at = from;
        // The node before the turn under way, and the position there.
        let mut turn = (from, game.box_clone());
        for node in line {
            if game.numbering() == Numbering::Pairs || game.turn().opens {
                turn = (at, game.box_clone());
            }
            if game.is_over() || game.play(node.text).is_err() {
                return;
            }
            let mut new = TreeMove::new(at, node.text);
            new.set_glyph(node.glyph.map(str::to_owned));
            new.comments = node.comments.iter().map(|c| (*c).to_owned()).collect();
            if let Some(more) = &node.more {
                new.nags.clone_from(&more.nags);
                new.comments_before = more
                    .comments_before
                    .iter()
                    .map(|c| (*c).to_owned())
                    .collect();
            }
            let id = self.nodes.len();
            self.nodes.push(new);
            self.nodes[at].children.push(id);
            at = id;
            if whole {
                for variation in node.variations() {
                    self.grow(turn.0, variation, turn.1.box_clone(), true);
                }
            }
        }
    }

    /// The nodes from the start to `node`, the start left out.
    pub(super) fn path(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.nodes.get(at).and_then(|n| n.parent) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `node`.
    pub(super) fn moves_to(&self, node: usize) -> Vec<String> {
        (self.path(node).into_iter())
            .map(|i| self.nodes[i].text.clone())
            .collect()
    }

    /// The position after `node`.
    pub(super) fn position(&self, node: usize) -> Box<dyn AnyGame> {
        let mut game = self.start.box_clone();
        for mv in self.moves_to(node) {
            let _ = game.play(&mv);
        }
        game
    }

    /// The last node of the line through `node`'s first children.
    pub(super) fn line_end(&self, node: usize) -> usize {
        let mut at = node;
        while let Some(&next) = self.nodes[at].children.first() {
            at = next;
        }
        at
    }

    pub(super) fn main_line(&self) -> Vec<String> {
        self.moves_to(self.line_end(0))
    }

    /// A node of the tree, as the request names it.
    pub(super) fn node(&self, node: usize) -> Result<usize, ApiError> {
        let reachable = node == 0
            || (node < self.nodes.len()
                && self
                    .path(node)
                    .first()
                    .is_some_and(|&first| self.nodes[0].children.contains(&first)));
        if reachable {
            Ok(node)
        } else {
            Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-node",
                format!("no move {node} in the tree"),
            ))
        }
    }

    /// Plays `text` after node `from` (see the module doc of
    /// [`super`]): the node that plays it, and whether it is new.
    ///
    /// # Errors
    /// 422 with the referee's refusal.
    pub(super) fn play(&mut self, from: usize, text: &str) -> Result<(usize, bool), ApiError> {
        let mut game = self.position(from);
        if let Some(&child) =
            (self.nodes[from].children.iter()).find(|&&c| self.nodes[c].text == text)
        {
            return Ok((child, false));
        }
        game.play(text)
            .map_err(|e| unprocessable(e.code, e.message))?;
        let mut at = from;
        if game.numbering() == Numbering::Turns && !self.nodes[at].children.is_empty() {
            // A variation replaces the whole turn: it starts where the
            // turn started, with its pawn moves so far.
            let path = self.path(from);
            let mut before = self.start.box_clone();
            let mut turn_start = 0;
            for (i, &node) in path.iter().enumerate() {
                if before.turn().opens {
                    turn_start = i;
                }
                let _ = before.play(&self.nodes[node].text);
            }
            if !before.turn().opens && turn_start < path.len() {
                at = match turn_start {
                    0 => 0,
                    i => path[i - 1],
                };
                for &node in &path[turn_start..] {
                    let copy = TreeMove::new(at, &self.nodes[node].text.clone());
                    at = self.push(copy);
                }
            }
        }
        Ok((self.push(TreeMove::new(at, text)), true))
    }

    /// Adds `node` as the last child of its parent; its id.
    pub(super) fn push(&mut self, node: TreeMove) -> usize {
        let id = self.nodes.len();
        let parent = node.parent.unwrap_or(0);
        self.nodes.push(node);
        self.nodes[parent].children.push(id);
        id
    }

    /// The first node on the way from the start to `node` that is a
    /// variation (not its parent's first child), innermost first.
    pub(super) fn variation_of(&self, node: usize) -> Option<usize> {
        let mut at = node;
        while let Some(parent) = self.nodes[at].parent {
            if self.nodes[parent].children.first() != Some(&at) {
                return Some(at);
            }
            at = parent;
        }
        None
    }

    /// Makes the variation holding `node` the line it branches off.
    ///
    /// # Errors
    /// 409 for a move of the main line.
    pub(super) fn promote(&mut self, node: usize) -> Result<(), ApiError> {
        let Some(variation) = self.variation_of(node) else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.main-line",
                "this move is on the main line: there is nothing to promote".to_owned(),
            ));
        };
        let parent = self.nodes[variation].parent.unwrap_or(0);
        let children = &mut self.nodes[parent].children;
        children.retain(|&c| c != variation);
        children.insert(0, variation);
        Ok(())
    }

    /// Cuts `node` and every move after it (it stays, unreachable): the
    /// move before it.
    ///
    /// # Errors
    /// 422 for the start.
    pub(super) fn cut(&mut self, node: usize) -> Result<usize, ApiError> {
        let Some(parent) = self.nodes[node].parent else {
            return Err(unprocessable(
                "serve.no-move",
                "the start is not a move: it cannot be deleted".to_owned(),
            ));
        };
        self.nodes[parent].children.retain(|&c| c != node);
        Ok(parent)
    }
}
