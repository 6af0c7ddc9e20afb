//! Annotating a record of a named file in the browser: the record opened
//! as a tree of moves on the server (its main line, its variations, their
//! comments and glyphs, its tags), a cursor in it, and the edits the page
//! asks for; saved back over the same record of the same file.
//!
//! The tree is kept here, never in the page: the page gets the position
//! at the cursor (as a game's state gives it: the picture, its squares
//! and the legal moves by square) and the moves in the order a record
//! writes them, and sends the node clicked or the move played.
//!
//! - A node is a move of the game in play's tree
//!   ([`crate::play::GameTree`]): the move that follows it on its line,
//!   then its variations, written after it in the order kept (a
//!   variation of a variation's first move, which a record may nest in
//!   it, is opened beside it). A move played at the cursor goes to the move that plays
//!   it there if there is one, else becomes the move after a node with
//!   none, else a new variation, the last. In Lotus a variation replaces
//!   a whole turn: a different pawn move in the middle of a turn starts a
//!   variation at the turn's first pawn move, with the turn's earlier pawn
//!   moves copied.
//! - Promote makes the variation holding a node the line it branches off
//!   (one level up, as `kifu play`'s `:promote` of one variation), the
//!   line it replaces the first of the variations; delete cuts a node and
//!   every move after it (its first variation, if any, takes its place).
//! - A record that is invalid opens up to its fault, on its main line
//!   only (as `kifu play` loads it), with the fault as `kifu validate`
//!   prints it.
//! - A save writes the record in place of the one opened, atomically
//!   ([`crate::play::save_atomic`]); the file's text is remembered when opened and
//!   saved, and a save over a file changed since is refused with 409
//!   (`serve.changed`) unless forced, the guard `kifu play`'s `:save`
//!   has against a file that is not the game's. The result written is
//!   the referee's when the main line ends the game; otherwise the
//!   record's own (and its `Termination`) while its main line is as
//!   opened, else `*`.
//!
//! The tree is the game in play's own, which `kifu play` keeps too. The
//! parts here: `spans` (where each record of a file's text lies),
//! `view` (the state as the page gets it), `save` (the record written
//! back) and `routes` (one thin handler a request, over [`Annotation`]'s
//! edits, which this module holds).

mod routes;
mod save;

pub(super) use routes::{describe, routes};

use crate::board::annotation::{Annotation, MAX_OPEN, NO_ANNOTATION};
use crate::serve::error::ApiError;
use crate::serve::state::Registry;
use std::sync::{Arc, Mutex};

/// A record open, shared between the requests that name it.
type Open = Arc<Mutex<Annotation>>;

/// Every record open, by id.
#[derive(Debug)]
pub(super) struct Annotations {
    by_id: Registry<Open>,
}

impl Annotations {
    /// No records open yet.
    pub(super) fn new() -> Self {
        Self {
            by_id: Registry::new(
                MAX_OPEN,
                (
                    "serve.too-many-open",
                    format!("this server keeps at most {MAX_OPEN} records open"),
                ),
                ("serve.no-annotation", NO_ANNOTATION.to_owned()),
            ),
        }
    }

    /// Keeps `annotation` open; it takes its id.
    ///
    /// # Errors
    /// 503 when [`MAX_OPEN`] are open.
    fn add(&self, mut annotation: Annotation) -> Result<Open, ApiError> {
        self.by_id.add(|id| {
            annotation.set_id(id);
            Arc::new(Mutex::new(annotation))
        })
    }

    /// The record open of id `id`, as the request wrote it.
    ///
    /// # Errors
    /// 404 for no such record open.
    fn get(&self, id: &str) -> Result<Open, ApiError> {
        self.by_id.get(id)
    }
}
