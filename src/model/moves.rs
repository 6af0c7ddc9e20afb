//! The moves of a record as a JSON array written while the referee walks
//! them: each move of the main line is serialized once the referee has
//! judged it and its variations, and dropped, so that memory does not grow
//! with the number of plies.

mod cursor;
mod judged;

pub use cursor::{Branching, Cursor};
pub(super) use judged::MovesWriter;

use crate::game::{MoveDetail, MoveParts, Position};
use crate::record::{Item, ItemKind, Record};
use schemars::JsonSchema;
use serde::Serialize;

/// One move of a record, as JSON. A field with nothing to say is left out.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Move", deny_unknown_fields)]
pub struct MoveJson<'a> {
    /// The comments written before it, at the start of a variation; left
    /// out when none (those before the main line's first move are the
    /// record's).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(length(min = 1))]
    pub comments_before: &'a [&'a str],
    /// The move number written before it, like `12.` or `12...`; left out
    /// when none is written.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(r"^[0-9]+\.(\.\.)?$"))]
    pub number: Option<&'a str>,
    /// The move as written, without its glyph.
    pub text: &'a str,
    /// Its annotation glyph (`!`, `?`...); left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "glyphs")]
    pub glyph: Option<&'a str>,
    /// Its numeric annotation glyphs (`$1` is 1), in the order written;
    /// left out when none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(length(min = 1))]
    pub nags: &'a [u8],
    /// The canonical text: with `x`, `+` and brackets as they apply; left
    /// out for a move after the first fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<&'a str>,
    /// Its parts; left out after the first fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<&'a MoveParts>,
    /// The comments after it; left out when none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(length(min = 1))]
    pub comments: &'a [&'a str],
    /// With `--positions`: the position after it; left out after the first
    /// fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<&'a Position>,
    /// The variations written after it, each an alternative to it (lotus:
    /// to its whole turn) as a list of moves, in the order written; left
    /// out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub variations: Vec<Vec<MoveJson<'a>>>,
}

/// The schema of an annotation glyph.
fn glyphs(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::game::string_enum(crate::record::GLYPHS)
}

/// A move as a record writes it, with its variations, and what the
/// referee said of it once judged.
///
/// What few moves have is boxed, so that a move stays small as it is
/// handed from the items to the JSON.
#[derive(Debug, Clone, Default)]
pub struct MoveNode<'r> {
    /// The move number written before it.
    pub number: Option<&'r str>,
    /// The move as written, without its glyph.
    pub text: &'r str,
    /// Its annotation glyph.
    pub glyph: Option<&'r str>,
    /// The comments after it.
    pub comments: Vec<&'r str>,
    /// Its numeric glyphs, variations and opening comments, if any.
    pub more: Option<Box<More<'r>>>,
    /// What the referee said of it, once judged.
    pub report: Option<Box<MoveReport>>,
}

/// What few moves have: numeric glyphs, variations, and the comments
/// before the first move of a variation.
#[derive(Debug, Clone, Default)]
pub struct More<'r> {
    /// The comments before it at the start of a variation.
    pub comments_before: Vec<&'r str>,
    /// Its numeric annotation glyphs.
    pub nags: Vec<u8>,
    /// Its variations, each a line of moves.
    pub variations: Vec<Vec<MoveNode<'r>>>,
}

/// What the referee said of a move.
#[derive(Debug, Clone, Default)]
pub struct MoveReport {
    /// Its canonical text and parts.
    pub detail: Option<MoveDetail>,
    /// The position after it, when asked for.
    pub position: Option<Position>,
}

impl<'r> MoveNode<'r> {
    /// Its variations, each a line of moves.
    pub fn variations(&self) -> &[Vec<MoveNode<'r>>] {
        self.more.as_ref().map_or(&[], |more| &more.variations)
    }

    /// What few moves have, made when first needed.
    fn more(&mut self) -> &mut More<'r> {
        self.more.get_or_insert_with(Box::default)
    }

    /// The move as JSON.
    pub fn json(&self) -> MoveJson<'_> {
        let report = self.report.as_deref();
        self.json_with(
            report.and_then(|r| r.detail.as_ref()),
            report.and_then(|r| r.position.as_ref()),
        )
    }

    /// The move as JSON, with what the referee said of it.
    #[inline]
    pub fn json_with<'a>(
        &'a self,
        detail: Option<&'a MoveDetail>,
        position: Option<&'a Position>,
    ) -> MoveJson<'a> {
        let more = self.more.as_deref();
        MoveJson {
            comments_before: more.map_or(&[], |m| &m.comments_before),
            number: self.number,
            text: self.text,
            glyph: self.glyph,
            nags: more.map_or(&[], |m| &m.nags),
            normalized: detail.map(|d| d.normalized.as_str()),
            parts: detail.map(|d| &d.parts),
            comments: &self.comments,
            position,
            variations: match more {
                None => Vec::new(),
                Some(more) => (more.variations.iter())
                    .map(|line| line.iter().map(MoveNode::json).collect())
                    .collect(),
            },
        }
    }
}

impl crate::play::RecordedMove for MoveNode<'_> {
    fn text(&self) -> &str {
        self.text
    }

    fn glyph(&self) -> Option<&str> {
        self.glyph
    }

    fn nags(&self) -> &[u8] {
        self.more.as_ref().map_or(&[], |more| &more.nags)
    }

    fn comments(&self) -> &[&str] {
        &self.comments
    }

    fn comments_before(&self) -> &[&str] {
        self.more.as_ref().map_or(&[], |more| &more.comments_before)
    }

    fn variations(&self) -> &[Vec<Self>] {
        MoveNode::variations(self)
    }
}

impl Branching for MoveNode<'_> {
    fn variations_mut(&mut self) -> Option<&mut Vec<Vec<Self>>> {
        self.more.as_mut().map(|more| &mut more.variations)
    }
}

/// The moves of a line of a record as written, in order, each with the
/// number before it, the glyphs and comments after it and its variations;
/// without what the referee says of them.
#[derive(Debug, Clone)]
pub struct WrittenMoves<'r> {
    record: &'r Record,
    /// The items not yet looked at.
    items: &'r [Item],
    /// The line is a variation whose first move is still to come: the
    /// comments before it are its own.
    opening: bool,
}

impl<'r> WrittenMoves<'r> {
    /// The moves of `record`'s main line.
    pub fn new(record: &'r Record) -> Self {
        Self {
            record,
            items: &record.items,
            opening: false,
        }
    }

    /// The moves of the variation whose items, between its parentheses,
    /// are `items`.
    fn variation(record: &'r Record, items: &'r [Item]) -> Self {
        Self {
            record,
            items,
            opening: true,
        }
    }

    /// The comments written after the result token.
    pub fn after_result(record: &'r Record) -> Vec<&'r str> {
        (record.items.iter())
            .skip_while(|item| item.kind() != ItemKind::Result)
            .filter(|item| item.kind() == ItemKind::Comment)
            .map(|item| record.slice(&item.span()))
            .collect()
    }

    /// The comments before the first move.
    pub fn leading_comments(record: &'r Record) -> Vec<&'r str> {
        record
            .items
            .iter()
            .take_while(|item| !matches!(item.kind(), ItemKind::Move { .. }))
            .filter(|item| item.kind() == ItemKind::Comment)
            .map(|item| record.slice(&item.span()))
            .collect()
    }
}

/// The items of a variation whose `(` came just before `items`, and the
/// items after its `)`.
fn split_variation(items: &[Item]) -> (&[Item], &[Item]) {
    let mut depth = 0usize;
    for (i, item) in items.iter().enumerate() {
        match item.kind() {
            ItemKind::Open => depth += 1,
            ItemKind::Close if depth == 0 => {
                return (&items[..i], items.get(i + 1..).unwrap_or_default());
            }
            ItemKind::Close => depth -= 1,
            _ => {}
        }
    }
    (items, &[])
}

impl<'r> Iterator for WrittenMoves<'r> {
    type Item = MoveNode<'r>;

    fn next(&mut self) -> Option<MoveNode<'r>> {
        let record = self.record;
        let mut node = MoveNode::default();
        // Comments, glyphs and variations before the move went with the
        // move before it, or with the record's leading comments.
        let at = loop {
            let (item, rest) = self.items.split_first()?;
            self.items = rest;
            match item.kind() {
                ItemKind::Number { .. } => node.number = Some(record.slice(&item.span())),
                ItemKind::Move { .. } => break item,
                ItemKind::Comment if self.opening => {
                    node.more().comments_before.push(record.slice(&item.span()));
                }
                ItemKind::Open => self.items = split_variation(rest).1,
                ItemKind::Comment | ItemKind::Result | ItemKind::Close | ItemKind::Nag { .. } => {}
            }
        };
        self.opening = false;
        node.text = record.slice(&at.span());
        node.glyph = record.move_word(at).and_then(|w| w.glyph);
        // What follows the move, up to the next move of its line: most
        // often nothing.
        let quiet =
            (self.items.first()).is_none_or(|next| matches!(next.kind(), ItemKind::Move { .. }));
        let mut rest = if quiet { &[][..] } else { self.items };
        while let Some((item, after)) = rest.split_first() {
            rest = after;
            match item.kind() {
                ItemKind::Move { .. } => break,
                ItemKind::Comment => node.comments.push(record.slice(&item.span())),
                ItemKind::Nag { value } => node.more().nags.push(value),
                ItemKind::Open => {
                    let (inside, after) = split_variation(after);
                    let line = WrittenMoves::variation(record, inside).collect();
                    node.more().variations.push(line);
                    rest = after;
                }
                ItemKind::Number { .. } | ItemKind::Result | ItemKind::Close => {}
            }
        }
        Some(node)
    }
}
