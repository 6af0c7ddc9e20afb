//! The moves of a record on the page, with their variations, and the
//! board of each ply put into the move it stands for as the referee tells
//! the plies.

use crate::model::{Branching, Cursor, MoveNode};
use crate::referee::Ply;
use serde::Serialize;

/// One move on the page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PageMove {
    /// The comments before it, at the start of a variation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<String>,
    /// The move number written before it (`12.`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// The move as written.
    pub text: String,
    /// Its glyph (`!?`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glyph: Option<String>,
    /// The comments after it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The index in [`super::PageGame::boards`] of the position after it;
    /// none for a move after the record's fault, which was never played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<usize>,
    /// How many plies of the game (lotus: pawn moves) are played after
    /// it, counted from the start of the game along its line; none when it
    /// was never played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The other lines that could replace this move (lotus: its whole
    /// turn, whose last move it is), each a list of moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<PageMove>>,
}

impl PageMove {
    /// A move as written, with its variations, none of them played yet.
    pub fn written(node: &MoveNode<'_>) -> Self {
        let more = node.more.as_deref();
        Self {
            comments_before: more.map_or_else(Vec::new, |m| owned(&m.comments_before)),
            number: node.number.map(str::to_owned),
            text: node.text.to_owned(),
            glyph: node.glyph.map(str::to_owned),
            comments: owned(&node.comments),
            board: None,
            ply: None,
            variations: (node.variations().iter())
                .map(|line| line.iter().map(Self::written).collect())
                .collect(),
        }
    }
}

/// Texts, owned.
fn owned(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| (*t).to_owned()).collect()
}

impl Branching for PageMove {
    fn variations_mut(&mut self) -> Option<&mut Vec<Vec<Self>>> {
        Some(&mut self.variations)
    }
}

/// Puts each ply's board into the move it stands for, the plies told in
/// the order written.
#[derive(Debug, Default)]
pub(super) struct Boards {
    /// How many plies of the main line have been told.
    main: usize,
    /// Where the last ply stands in the tree of its main line's move.
    cursor: Cursor,
}

impl Boards {
    /// Gives the move of `moves` (the main line) that `ply` stands for its
    /// `board` and ply; a ply with no move written is left out.
    pub(super) fn place(&mut self, moves: &mut [PageMove], ply: &Ply<'_>, board: usize) {
        let node = if ply.depth == 0 {
            self.main += 1;
            self.cursor.root();
            moves.get_mut(self.main - 1)
        } else {
            (self.main.checked_sub(1))
                .and_then(|i| moves.get_mut(i))
                .and_then(|root| self.cursor.step(root))
        };
        if let Some(node) = node {
            node.board = Some(board);
            node.ply = Some(ply.index + 1);
        }
    }

    /// A variation begins after the move last placed.
    pub(super) fn begin_variation(&mut self) {
        self.cursor.begin();
    }

    /// The variation last begun ends.
    pub(super) fn end_variation(&mut self) {
        self.cursor.end();
    }
}
