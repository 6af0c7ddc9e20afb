//! The moves of a record as a JSON array written while the referee walks
//! them: each move is serialized as the referee accepts it, and dropped,
//! so that memory does not grow with the number of plies.

use crate::game::{MoveParts, Position};
use crate::record::{Item, ItemKind, Record};
use crate::referee::{Options, Verdict, judge};
use schemars::JsonSchema;
use serde::Serialize;
use serde::ser::{Error as _, SerializeSeq};
use std::cell::RefCell;

/// One move of a record, as JSON. A field with nothing to say is left out.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Move", deny_unknown_fields)]
pub struct MoveJson<'a> {
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
    /// The canonical text: with `x`, `+` and brackets as they apply; left
    /// out for a move after the first fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<&'a str>,
    /// Its parts; left out after the first fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<&'a MoveParts>,
    /// The comments after it; left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub comments: Vec<&'a str>,
    /// With `--positions`: the position after it; left out after the first
    /// fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<&'a Position>,
}

/// The schema of an annotation glyph.
fn glyphs(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::game::string_enum(crate::record::GLYPHS)
}

/// The moves of a record as written, in order, each with the number before
/// it and the comments after it; without what the referee says of them.
#[derive(Debug, Clone)]
pub struct WrittenMoves<'r> {
    record: &'r Record,
    /// The items not yet looked at.
    items: &'r [Item],
}

impl<'r> WrittenMoves<'r> {
    /// The moves of `record`.
    pub fn new(record: &'r Record) -> Self {
        Self {
            record,
            items: &record.items,
        }
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

impl<'r> Iterator for WrittenMoves<'r> {
    type Item = MoveJson<'r>;

    fn next(&mut self) -> Option<MoveJson<'r>> {
        let record = self.record;
        let mut number = None;
        // Comments before the move went with the move before it, or with
        // the record's leading comments.
        let at = loop {
            let (item, rest) = self.items.split_first()?;
            self.items = rest;
            match item.kind() {
                ItemKind::Number { .. } => number = Some(record.slice(&item.span())),
                ItemKind::Move { .. } => break item,
                ItemKind::Comment | ItemKind::Result | ItemKind::Open | ItemKind::Close | ItemKind::Nag { .. } => {}
            }
        };
        let quiet = match self.items.first() {
            None => true,
            Some(next) => matches!(next.kind(), ItemKind::Move { .. }),
        };
        let comments = if quiet {
            Vec::new()
        } else {
            self.items
                .iter()
                .take_while(|item| !matches!(item.kind(), ItemKind::Move { .. }))
                .filter(|item| item.kind() == ItemKind::Comment)
                .map(|item| record.slice(&item.span()))
                .collect()
        };
        Some(MoveJson {
            number,
            text: record.slice(&at.span()),
            glyph: record.move_word(at).and_then(|w| w.glyph),
            normalized: None,
            parts: None,
            comments,
            position: None,
        })
    }
}

/// The moves array of a record, serialized by judging the record: the
/// verdict is kept for the fields after the moves.
#[derive(Debug)]
pub(super) struct JudgedMoves<'r> {
    pub(super) record: &'r Record,
    pub(super) positions: bool,
    pub(super) verdict: RefCell<Option<Verdict>>,
}

impl JudgedMoves<'_> {
    /// Judges the record without writing anything, once it has no moves.
    pub(super) fn judge_silently(&self) {
        let options = Options {
            stop_after: None,
            details: false,
        };
        let (verdict, _) = judge(self.record, options, |_| {});
        *self.verdict.borrow_mut() = Some(verdict);
    }
}

impl Serialize for JudgedMoves<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let mut written = WrittenMoves::new(self.record);
        let mut failed = None;
        let options = Options {
            stop_after: None,
            details: true,
        };
        let (verdict, _) = judge(self.record, options, |ply| {
            let Some(mut json) = written.next() else {
                failed.get_or_insert_with(|| S::Error::custom("a ply with no move written"));
                return;
            };
            if failed.is_some() {
                return;
            }
            let position = self.positions.then(|| ply.game.position_json());
            json.normalized = ply.detail.as_ref().map(|d| d.normalized.as_str());
            json.parts = ply.detail.as_ref().map(|d| &d.parts);
            json.position = position.as_ref();
            if let Err(e) = seq.serialize_element(&json) {
                failed = Some(e);
            }
        });
        *self.verdict.borrow_mut() = Some(verdict);
        if let Some(e) = failed {
            return Err(e);
        }
        for json in written {
            seq.serialize_element(&json)?;
        }
        seq.end()
    }
}
