//! The moves array of a record, written as the referee judges it.

use super::{Cursor, MoveNode, MoveReport, WrittenMoves};
use crate::game::{MoveDetail, Position};
use crate::model::writer::{JsonWriter, Streamed};
use crate::record::Record;
use crate::referee::Ply;
use std::io::{self, Write};

/// What the referee said of a move, kept until its main line's move is
/// written.
#[inline(never)]
fn report(detail: Option<MoveDetail>, position: Option<Position>) -> Box<MoveReport> {
    Box::new(MoveReport { detail, position })
}

/// The moves array of a record under way: each move as written, with what
/// the referee says of it as it walks the record. A move of the main line
/// is written once its variations are judged, and dropped.
#[derive(Debug)]
pub(in crate::model) struct MovesWriter<'r> {
    array: Streamed,
    written: WrittenMoves<'r>,
    /// The main line's move under way, written once its variations are.
    pending: Option<MoveNode<'r>>,
    cursor: Cursor,
    /// Whether each move carries the position after it.
    positions: bool,
}

impl<'r> MovesWriter<'r> {
    /// Opens the array of `record`'s moves as the field `moves` of
    /// `object`.
    pub(in crate::model) fn open<W: Write>(
        out: &mut JsonWriter<W>,
        object: &mut Streamed,
        record: &'r Record,
        positions: bool,
    ) -> Self {
        Self {
            array: object.array_field(out, "moves"),
            written: WrittenMoves::new(record),
            pending: None,
            cursor: Cursor::default(),
            positions,
        }
    }

    /// A ply the referee accepted.
    ///
    /// # Errors
    /// A failure to write, or a ply with no move written for it.
    pub(in crate::model) fn ply<W: Write>(
        &mut self,
        out: &mut JsonWriter<W>,
        ply: Ply<'_>,
    ) -> io::Result<()> {
        let no_move = || io::Error::other("a ply with no move written");
        let position = self.positions.then(|| ply.game.position_json());
        if ply.depth > 0 {
            let root = self.pending.as_mut().ok_or_else(no_move)?;
            let node = self.cursor.step(root).ok_or_else(no_move)?;
            node.report = Some(report(ply.detail, position));
            return Ok(());
        }
        if let Some(done) = self.pending.take() {
            self.array.element(out, &done.json())?;
        }
        let mut node = self.written.next().ok_or_else(no_move)?;
        if node.more.is_none() {
            // Written at once: the move has nothing more to wait for.
            let json = node.json_with(ply.detail.as_ref(), position.as_ref());
            self.array.element(out, &json)
        } else {
            node.report = Some(report(ply.detail, position));
            self.cursor.root();
            self.pending = Some(node);
            Ok(())
        }
    }

    /// A variation begins.
    pub(in crate::model) fn begin_variation(&mut self) {
        self.cursor.begin();
    }

    /// The variation last begun ends.
    pub(in crate::model) fn end_variation(&mut self) {
        self.cursor.end();
    }

    /// Once the walk is over: writes the move under way and every move
    /// the referee did not reach, and closes the array.
    ///
    /// # Errors
    /// A failure to write.
    pub(in crate::model) fn close<W: Write>(mut self, out: &mut JsonWriter<W>) -> io::Result<()> {
        for node in self.pending.take().into_iter().chain(self.written) {
            self.array.element(out, &node.json())?;
        }
        self.array.close(out);
        Ok(())
    }
}
