//! The moves array of a record, written while the referee judges it.

use super::{Judged, MoveNode, WrittenMoves};
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

/// Where the last ply told stands in the tree of the main line's move
/// under way: for each depth of variation, which variation of the move
/// above and which move of it; and how many variations of the move at
/// each depth have been entered.
#[derive(Debug, Default)]
struct Cursor {
    path: Vec<(usize, usize)>,
    entered: Vec<usize>,
}

impl Cursor {
    /// A ply of the main line: its move is the root.
    fn root(&mut self) {
        self.path.clear();
        self.entered.clear();
        self.entered.push(0);
    }

    /// The move of `root`'s tree that a ply `depth` variations deep
    /// stands for: the first of the next variation when it `opens` one,
    /// else the next of its variation.
    fn step<'n, 'r>(
        &mut self,
        root: &'n mut MoveNode<'r>,
        depth: usize,
        opens: bool,
    ) -> Option<&'n mut MoveNode<'r>> {
        if opens {
            self.path.truncate(depth - 1);
            let entered = self.entered.get_mut(depth - 1)?;
            self.path.push((*entered, 0));
            *entered += 1;
        } else {
            self.path.truncate(depth);
            self.path.last_mut()?.1 += 1;
        }
        self.entered.truncate(depth);
        self.entered.push(0);
        let mut node = root;
        for &(variation, index) in &self.path {
            node = node.variations_mut()?.get_mut(variation)?.get_mut(index)?;
        }
        Some(node)
    }
}

/// What the referee said of a move, kept until its main line's move is
/// written.
#[inline(never)]
fn judged(detail: Option<MoveDetail>, position: Option<Position>) -> Box<Judged> {
    Box::new(Judged { detail, position })
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
                    Some(node) => node.judged = Some(judged(ply.detail, position)),
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
                node.judged = Some(judged(ply.detail, position));
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
