//! The moves array of a record, written while the referee judges it.

use super::{Cursor, MoveNode, MoveReport, WrittenMoves};
use crate::game::{MoveDetail, Position};
use crate::record::Record;
use crate::referee::{Options, Ply, Verdict, Visitor, judge, judge_with};
use serde::Serialize;
use serde::ser::{Error as _, SerializeSeq};
use std::cell::RefCell;

/// The moves array of a record, serialized by judging the record: the
/// verdict is kept for the fields after the moves.
#[derive(Debug)]
pub(in crate::model) struct JudgedMoves<'r> {
    pub(in crate::model) record: &'r Record,
    pub(in crate::model) positions: bool,
    pub(in crate::model) verdict: RefCell<Option<Verdict>>,
}

impl JudgedMoves<'_> {
    /// Judges the record without writing anything, once it has no moves.
    pub(in crate::model) fn judge_silently(&self) {
        let options = Options {
            stop_after: None,
            details: false,
        };
        let (verdict, _) = judge(self.record, options, |_| {});
        *self.verdict.borrow_mut() = Some(verdict);
    }
}

/// What the referee said of a move, kept until its main line's move is
/// written.
#[inline(never)]
fn report(detail: Option<MoveDetail>, position: Option<Position>) -> Box<MoveReport> {
    Box::new(MoveReport { detail, position })
}

impl Serialize for JudgedMoves<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut writer = MovesWriter {
            seq: serializer.serialize_seq(None)?,
            written: WrittenMoves::new(self.record),
            failed: None,
            pending: None,
            cursor: Cursor::default(),
            positions: self.positions,
        };
        let options = Options {
            stop_after: None,
            details: true,
        };
        let (verdict, _) = judge_with(self.record, options, &mut writer);
        *self.verdict.borrow_mut() = Some(verdict);
        let MovesWriter {
            mut seq,
            written,
            failed,
            pending,
            ..
        } = writer;
        if let Some(e) = failed {
            return Err(e);
        }
        for node in pending.into_iter().chain(written) {
            seq.serialize_element(&node.json())?;
        }
        seq.end()
    }
}

/// The walk of a record written as its moves array: a move of the main
/// line is written once its variations are judged.
struct MovesWriter<'r, Q: SerializeSeq> {
    seq: Q,
    written: WrittenMoves<'r>,
    /// The first failure to write, after which nothing more is written.
    failed: Option<Q::Error>,
    /// The main line's move under way, written once its variations are.
    pending: Option<MoveNode<'r>>,
    cursor: Cursor,
    /// Whether each move carries the position after it.
    positions: bool,
}

impl<Q: SerializeSeq> Visitor for MovesWriter<'_, Q> {
    fn ply(&mut self, ply: Ply<'_>) {
        if self.failed.is_some() {
            return;
        }
        let position = self.positions.then(|| ply.game.position_json());
        if ply.depth > 0 {
            let node = self
                .pending
                .as_mut()
                .and_then(|root| self.cursor.step(root));
            match node {
                Some(node) => node.report = Some(report(ply.detail, position)),
                None => self.failed = Some(Q::Error::custom("a ply with no move written")),
            }
            return;
        }
        if let Some(done) = self.pending.take() {
            if let Err(e) = self.seq.serialize_element(&done.json()) {
                self.failed = Some(e);
                return;
            }
        }
        let Some(mut node) = self.written.next() else {
            self.failed = Some(Q::Error::custom("a ply with no move written"));
            return;
        };
        if node.more.is_none() {
            // Written at once: the move has nothing more to wait for.
            let json = node.json_with(ply.detail.as_ref(), position.as_ref());
            if let Err(e) = self.seq.serialize_element(&json) {
                self.failed = Some(e);
            }
        } else {
            node.report = Some(report(ply.detail, position));
            self.cursor.root();
            self.pending = Some(node);
        }
    }

    fn begin_variation(&mut self) {
        self.cursor.begin();
    }

    fn end_variation(&mut self) {
        self.cursor.end();
    }
}
