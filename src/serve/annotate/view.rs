//! A record open as the page shows it: the position at the cursor (as a
//! game's state gives it: the picture, its squares and the legal moves by
//! square), and the moves in the order the record writes them.

use super::Annotation;
use crate::draw::{Spot, View, picture, svg};
use crate::game::{AnyGame, GameKind, MoveDetail, Numbering, number_before};
use crate::model::OutcomeJson;
use crate::record::Dots;
use crate::serve::board::{PieceJson, pieces_of};
use crate::serve::reply::json;
use axum::response::Response;

/// A tag as JSON.
#[derive(Debug, serde::Serialize)]
struct TagJson<'a> {
    name: &'a str,
    value: &'a str,
}

/// A move of the list the page draws, in the order the record writes
/// them: a move, or the bracket opening or closing a variation.
#[derive(Debug, serde::Serialize)]
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
#[derive(Debug, serde::Serialize)]
struct AnnotationJson<'a> {
    id: u64,
    game: GameKind,
    file: usize,
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
    legal_moves: Vec<String>,
    board: String,
    size: [f32; 2],
    squares: Vec<Spot>,
    pieces: Vec<PieceJson>,
    buttons: Vec<String>,
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
    /// The items of the line from `first`, from `game`, with the
    /// variations as `written` places them.
    fn text_items<'a>(&'a self, first: usize, start: &dyn AnyGame) -> Vec<ItemJson<'a>> {
        let mut out = Vec::new();
        let mut game = start.box_clone();
        let mut at = Some(first);
        let mut is_first = true;
        let mut pending: Vec<(usize, Box<dyn AnyGame>)> = Vec::new();
        while let Some(id) = at {
            let node = &self.tree.nodes[id];
            let number = number_before(game.turn(), is_first).map(|(n, dots)| match dots {
                Dots::One => format!("{n}."),
                _ => format!("{n}..."),
            });
            let before = game.box_clone();
            if game.play(&node.text).is_err() {
                break;
            }
            if let Some(parent) = node.parent
                && self.tree.nodes[parent].children.first() == Some(&id)
            {
                for &other in self.tree.nodes[parent].children.iter().skip(1) {
                    pending.push((other, before.box_clone()));
                }
            }
            out.push(ItemJson {
                kind: "move",
                node: Some(id),
                number,
                text: Some(&node.text),
                glyph: node.glyph.as_deref(),
                nags: &node.nags,
                comments: &node.comments,
            });
            at = node.children.first().copied();
            let whole = game.numbering() == Numbering::Pairs
                || game.turn().opens
                || game.is_over()
                || at.is_none();
            is_first = false;
            if whole && !pending.is_empty() {
                for (other, from) in pending.drain(..) {
                    out.push(bracket("open"));
                    out.extend(self.text_items(other, from.as_ref()));
                    out.push(bracket("close"));
                }
                is_first = true;
            }
        }
        out
    }

    /// The answer that gives its state, as JSON.
    pub(super) fn answer(&self) -> Response {
        let moves = self.tree.moves_to(self.cursor);
        let game = self.tree.position(self.cursor);
        let last = MoveDetail::last_of(self.tree.start.as_ref(), &moves);
        let view = View {
            last: last.as_ref().map(|detail| &detail.parts),
            ..View::default()
        };
        let scene = picture(game.as_ref(), self.kind, &view, moves.len());
        let legal = game.legal_details();
        let (pieces, buttons) = pieces_of(game.as_ref(), &legal);
        let node = &self.tree.nodes[self.cursor];
        let items = match self.tree.nodes[0].children.first() {
            Some(&first) => self.text_items(first, self.tree.start.as_ref()),
            None => Vec::new(),
        };
        let outcome = game.outcome();
        json(&AnnotationJson {
            id: self.id,
            game: self.kind,
            file: self.file,
            name: &self.name,
            record: self.record,
            tags: (self.tags.iter())
                .map(|(name, value)| TagJson { name, value })
                .collect(),
            items,
            cursor: self.cursor,
            path: self.tree.path(self.cursor),
            next: node.children.first().copied(),
            end: self.tree.line_end(self.cursor),
            comment: node.comments.join("\n"),
            glyph: node.glyph.as_deref(),
            nags: &node.nags,
            in_variation: self.tree.variation_of(self.cursor).is_some(),
            to_move: outcome.is_none().then(|| game.turn().mover.to_owned()),
            legal_moves: legal.into_iter().map(|mv| mv.normalized.into()).collect(),
            board: svg::write(&scene, None),
            size: [scene.width, scene.height],
            squares: scene.spots(),
            pieces,
            buttons,
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
