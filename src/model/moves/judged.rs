//! The moves array of a record, written while the referee judges it.

use super::{Cursor, MoveNode, MoveReport, WrittenMoves};
use crate::game::{MoveDetail, Position};
use crate::record::Record;
use crate::referee::{Options, Ply, Verdict, judge};
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
        let mut seq = serializer.serialize_seq(None)?;
        let mut written = WrittenMoves::new(self.record);
        let mut failed = None;
        // The main line's move under way, written once its variations are.
        let mut pending: Option<MoveNode<'_>> = None;
        let mut cursor = Cursor::default();
        let options = Options {
            stop_after: None,
            details: true,
        };
        let (verdict, _) = judge(self.record, options, |ply: Ply<'_>| {
            if failed.is_some() {
                return;
            }
            let position = self.positions.then(|| ply.game.position_json());
            if ply.depth > 0 {
                let node = pending
                    .as_mut()
                    .and_then(|root| cursor.step(root, ply.depth, ply.opens));
                match node {
                    Some(node) => node.report = Some(report(ply.detail, position)),
                    None => failed = Some(S::Error::custom("a ply with no move written")),
                }
                return;
            }
            if let Some(done) = pending.take() {
                if let Err(e) = seq.serialize_element(&done.json()) {
                    failed = Some(e);
                    return;
                }
            }
            let Some(mut node) = written.next() else {
                failed = Some(S::Error::custom("a ply with no move written"));
                return;
            };
            if node.more.is_none() {
                // Written at once: the move has nothing more to wait for.
                let json = node.json_with(ply.detail.as_ref(), position.as_ref());
                if let Err(e) = seq.serialize_element(&json) {
                    failed = Some(e);
                }
            } else {
                node.report = Some(report(ply.detail, position));
                cursor.root();
                pending = Some(node);
            }
        });
        *self.verdict.borrow_mut() = Some(verdict);
        if let Some(e) = failed {
            return Err(e);
        }
        for node in pending.into_iter().chain(written) {
            seq.serialize_element(&node.json())?;
        }
        seq.end()
    }
}
