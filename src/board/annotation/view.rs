//! A record open as the page shows it: the position at the cursor (as a
//! game's state gives it: the picture, its squares and the legal moves by
//! square), and the moves in the order the record writes them.

use super::Annotation;
use crate::board::position::BoardJson;
use crate::game::GameKind;
use crate::model::OutcomeJson;
use crate::play::{NodeId, NumberedMove};
use crate::record::Dots;

/// A tag as JSON.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "AnnotationTag")]
struct TagJson<'a> {
    name: &'a str,
    value: &'a str,
}

/// A move of the list the page draws, in the order the record writes
/// them: a move, or the bracket opening or closing a variation.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct ItemJson<'a> {
    /// `move`, `open` or `close`.
    kind: &'static str,
    /// The move's node, which requests name.
    #[serde(skip_serializing_if = "Option::is_none")]
    node: Option<usize>,
    /// The number written before it: `3.`, `3...`.
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    glyph: Option<&'a str>,
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    nags: &'a [u8],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    comments: &'a [String],
}

/// The state of a record open for annotation.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct AnnotationJson<'a> {
    id: u64,
    game: GameKind,
    /// The file's index, null for a record pasted.
    file: Option<usize>,
    name: &'a str,
    record: usize,
    tags: Vec<TagJson<'a>>,
    /// The moves, variations and comments as the record writes them.
    items: Vec<ItemJson<'a>>,
    /// The node at the cursor (0: the start).
    cursor: usize,
    /// The nodes from the first move to the cursor: the keys step back
    /// along it.
    path: Vec<usize>,
    /// The move after the cursor on its line, and the end of that line.
    next: Option<usize>,
    end: usize,
    /// Its comments, its glyph and its numeric glyphs.
    comment: String,
    glyph: Option<&'a str>,
    nags: &'a [u8],
    /// The moves from the start to the cursor.
    moves: Vec<String>,
    /// Whether the cursor's node is in a variation.
    in_variation: bool,
    to_move: Option<String>,
    /// The board at the cursor, its legal moves by square.
    #[serde(flatten)]
    board: BoardJson,
    /// The outcome at the cursor, once the game is over there.
    result: Option<OutcomeJson<'a>>,
    /// The record's fault when it was opened.
    fault: Option<&'a str>,
    /// Changed since it was opened or saved.
    unsaved: bool,
    /// The record as a save would write it.
    text: String,
}

impl Annotation {
    /// The items of `moves`, as the record writes them, into `out`.
    fn text_items<'a>(&'a self, moves: &[NumberedMove], out: &mut Vec<ItemJson<'a>>) {
        for numbered in moves {
            let node = self.tree.node(numbered.node);
            out.push(ItemJson {
                kind: "move",
                node: Some(numbered.node.index()),
                number: numbered.number.map(|(n, dots)| match dots {
                    Dots::One => format!("{n}."),
                    _ => format!("{n}..."),
                }),
                text: Some(node.text()),
                glyph: node.glyph(),
                nags: node.nags(),
                comments: node.comments(),
            });
            for variation in &numbered.variations {
                out.push(bracket("open"));
                self.text_items(variation, out);
                out.push(bracket("close"));
            }
        }
    }

    /// `then` of its state, as the page gets it.
    pub(crate) fn with_json<R>(&self, then: impl FnOnce(&AnnotationJson<'_>) -> R) -> R {
        let moves = self.tree.moves_to(self.cursor);
        let game = self.tree.position(self.cursor);
        let node = self.tree.node(self.cursor);
        let view = crate::draw::View {
            last: node.detail().map(|detail| &detail.parts),
            ..Default::default()
        };
        let board = BoardJson::new(game, self.kind, &view, moves.len(), game.legal_details());
        let mut items = Vec::new();
        let numbered = self.tree.numbered(self.tree.line_end(NodeId::START));
        self.text_items(&numbered, &mut items);
        let outcome = game.outcome();
        then(&AnnotationJson {
            id: self.id,
            game: self.kind,
            file: self.file,
            name: &self.name,
            record: self.record,
            tags: (self.tags.iter())
                .map(|(name, value)| TagJson { name, value })
                .collect(),
            items,
            cursor: self.cursor.index(),
            path: (self.tree.path(self.cursor).into_iter())
                .map(NodeId::index)
                .collect(),
            next: node.next().map(NodeId::index),
            end: self.tree.line_end(self.cursor).index(),
            comment: node.comments().join("\n"),
            glyph: node.glyph(),
            nags: node.nags(),
            in_variation: self.tree.variation_of(self.cursor).is_some(),
            to_move: outcome.is_none().then(|| game.turn().mover.to_owned()),
            board,
            result: outcome.as_ref().map(OutcomeJson::new),
            fault: self.fault.as_deref(),
            unsaved: self.unsaved,
            text: self.text(),
            moves,
        })
    }
}

fn bracket(kind: &'static str) -> ItemJson<'static> {
    ItemJson {
        kind,
        node: None,
        number: None,
        text: None,
        glyph: None,
        nags: &[],
        comments: &[],
    }
}
