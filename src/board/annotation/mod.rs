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

mod asked;
mod spans;
mod view;

pub(crate) use asked::{CommentBody, GlyphBody, MoveBody, NodeBody, TagsBody};
pub(crate) use spans::record_lines;
#[cfg(not(feature = "server"))]
use spans::seen;
#[cfg(feature = "server")]
pub(crate) use {
    spans::{Span, seen},
    view::AnnotationJson,
};

use crate::board::ApiError;
use crate::game::GameKind;
use crate::model::{MoveNode, WrittenMoves};
use crate::play::{Demoted, GameTree, Growth, NodeId};
use crate::record::write_record_within;
use http::StatusCode;

/// The width of the movetext lines a record is written with, as
/// `kifu fmt`'s.
const LINE_WIDTH: usize = 79;

/// The glyphs a move may carry after its text.
const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// A record open for annotation: its tree of moves, the cursor in it, and
/// what a save needs to write it back.
#[derive(Debug)]
pub(crate) struct Annotation {
    id: u64,
    /// The file's index (none for a record pasted), its name, and the
    /// record's index in it.
    file: Option<usize>,
    name: String,
    record: usize,
    kind: GameKind,
    tags: Vec<(String, String)>,
    tree: GameTree,
    cursor: NodeId,
    /// The main line as opened, and the result it ended with.
    opened_main: Vec<String>,
    opened_result: Option<String>,
    /// Comments after the result, kept as they were.
    after_result: Vec<String>,
    /// The record's fault when it was opened, as `kifu validate` prints it.
    fault: Option<String>,
    /// Changed since opened or saved.
    unsaved: bool,
    /// The length and hash of the file's text when opened or last saved.
    #[cfg_attr(not(feature = "server"), allow(dead_code))]
    seen: (usize, u64),
}

fn unprocessable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// The most records open at once.
pub(crate) const MAX_OPEN: usize = 1000;

/// The words of 404 (`serve.no-annotation`) for an id no record open has.
pub(crate) const NO_ANNOTATION: &str = "no such record open: POST /api/annotations opens one \
     pasted, POST /api/files/{i}/records/{r}/open one of kifu serve's files";

/// The name a record pasted goes by in messages.
const PASTED: &str = "pasted";

/// The first record of `text`, pasted, open: a record with no file, which
/// is downloaded, not saved.
///
/// # Errors
/// 422 (`serve.record`) for a text that holds no record, or as
/// [`Annotation::open`].
pub(crate) fn pasted(text: &str) -> Result<Annotation, ApiError> {
    if record_lines(text).is_empty() {
        return Err(unprocessable(
            "serve.record",
            "the text pasted holds no record".to_owned(),
        ));
    }
    Annotation::open(None, PASTED, text.as_bytes(), 0)
}

impl Annotation {
    /// Opens record `record` (from 0) of the file's `text`.
    pub(crate) fn open(
        file: Option<usize>,
        name: &str,
        text: &[u8],
        record: usize,
    ) -> Result<Annotation, ApiError> {
        let seen = seen(text);
        let text = String::from_utf8_lossy(text);
        let mut records = record_lines(&text);
        if record >= records.len() {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-record",
                match records.len() {
                    1 => format!("{name} holds 1 record"),
                    n => format!("{name} holds {n} records"),
                },
            ));
        }
        let parsed = records
            .swap_remove(record)
            .parsed
            .map_err(|e| unprocessable("serve.syntax", format!("{name}:{e}")))?;
        let verdict = crate::referee::judge_record(&parsed)
            .map_err(|e| unprocessable("serve.syntax", format!("{name}:{e}")))?;
        let fault = verdict.fault.as_ref().map(|f| format!("{name}:{f}"));
        let kind = (verdict.kind)
            .or_else(|| crate::referee::game_of(&parsed))
            .or_else(|| {
                let tag = parsed.tags.iter().find(|t| t.name == "Game")?;
                GameKind::from_name(&tag.value)
            });
        let no_start = |why: String| {
            unprocessable(
                "serve.no-start",
                fault.clone().unwrap_or_else(|| format!("{name}: {why}")),
            )
        };
        let kind = kind.ok_or_else(|| no_start("the record has no game".to_owned()))?;
        let start = kind
            .start(crate::game::Tags::new(&parsed.tags))
            .map_err(|e| no_start(e.to_string()))?;
        let tags = (parsed.tags.iter())
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        let mut annotation = Annotation {
            id: 0,
            file,
            name: name.to_owned(),
            record,
            kind,
            tags,
            tree: GameTree::new(start),
            cursor: NodeId::START,
            opened_main: Vec::new(),
            opened_result: parsed.result_token().map(|(token, _)| token.to_owned()),
            after_result: WrittenMoves::after_result(&parsed)
                .into_iter()
                .map(str::to_owned)
                .collect(),
            fault,
            unsaved: false,
            seen,
        };
        let leading = (WrittenMoves::leading_comments(&parsed).into_iter())
            .map(str::to_owned)
            .collect();
        annotation.tree.set_comments(NodeId::START, leading);
        let main: Vec<MoveNode<'_>> = WrittenMoves::new(&parsed).collect();
        let growth = Growth {
            variations: annotation.fault.is_none(),
            annotations: true,
            flat: true,
        };
        annotation.tree.grow(NodeId::START, &main, growth);
        annotation.opened_main = annotation.tree.main_line();
        annotation.cursor = annotation.tree.line_end(NodeId::START);
        Ok(annotation)
    }

    /// The node of the tree that a request names.
    ///
    /// # Errors
    /// 404 for none in the tree.
    fn node(&self, node: usize) -> Result<NodeId, ApiError> {
        self.tree.find(node).ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-node",
                format!("no move {node} in the tree"),
            )
        })
    }

    /// Moves the cursor to `node`.
    pub(crate) fn goto(&mut self, node: usize) -> Result<(), ApiError> {
        self.cursor = self.node(node)?;
        Ok(())
    }

    /// Plays `text` at the cursor (see the module doc); the cursor moves
    /// to it.
    pub(crate) fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let (node, new) =
            (self.tree.play(self.cursor, text)).map_err(|e| unprocessable(e.code, e.message))?;
        self.cursor = node;
        self.unsaved |= new;
        Ok(())
    }

    /// Makes the variation holding `node` the line it branches off.
    pub(crate) fn promote(&mut self, node: usize) -> Result<(), ApiError> {
        let node = self.node(node)?;
        if !self.tree.promote(node, Demoted::First) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.main-line",
                "this move is on the main line: there is nothing to promote".to_owned(),
            ));
        }
        self.unsaved = true;
        Ok(())
    }

    /// Cuts `node` and every move after it; the cursor, if it was cut,
    /// goes to the move before.
    pub(crate) fn delete(&mut self, node: usize) -> Result<(), ApiError> {
        let node = self.node(node)?;
        let Some(parent) = self.tree.cut(node) else {
            return Err(unprocessable(
                "serve.no-move",
                "the start is not a move: it cannot be deleted".to_owned(),
            ));
        };
        if self.tree.find(self.cursor.index()).is_none() {
            self.cursor = parent;
        }
        self.unsaved = true;
        Ok(())
    }

    /// The comments of `node` become `comment`, or none when it is empty.
    pub(crate) fn comment(&mut self, node: usize, comment: &str) -> Result<(), ApiError> {
        let node = self.node(node)?;
        let comments = match comment.trim() {
            "" => Vec::new(),
            comment => vec![comment.to_owned()],
        };
        self.unsaved |= self.tree.set_comments(node, comments);
        Ok(())
    }

    /// Sets the glyph (an empty one takes it off) or the numeric glyphs
    /// of move `node`, each when given.
    pub(crate) fn glyph(
        &mut self,
        node: usize,
        glyph: Option<String>,
        nags: Option<Vec<u8>>,
    ) -> Result<(), ApiError> {
        let node = self.node(node)?;
        if node == NodeId::START {
            return Err(unprocessable(
                "serve.no-move",
                "the start is not a move: it takes no glyph".to_owned(),
            ));
        }
        if let Some(glyph) = glyph {
            let glyph = match glyph.as_str() {
                "" => None,
                g if GLYPHS.contains(&g) => Some(glyph),
                _ => {
                    return Err(unprocessable(
                        "serve.glyph",
                        format!("{glyph:?} is not a glyph: {}", GLYPHS.join(" ")),
                    ));
                }
            };
            self.unsaved |= self.tree.set_glyph(node, glyph);
        }
        if let Some(nags) = nags {
            self.unsaved |= self.tree.set_nags(node, nags);
        }
        Ok(())
    }

    /// Replaces the tags, those that set the start kept as they were.
    pub(crate) fn set_tags(&mut self, tags: Vec<(String, String)>) -> Result<(), ApiError> {
        let fixed: Vec<String> = (self
            .tree
            .start()
            .setup_tags()
            .into_iter()
            .map(|(name, _)| name))
        .chain(["Game", "Setup", "Position", "Result"].map(str::to_owned))
        .collect();
        let of = |tags: &[(String, String)], name: &str| -> Vec<String> {
            (tags.iter().filter(|(n, _)| n == name))
                .map(|(_, v)| v.clone())
                .collect()
        };
        for name in &fixed {
            if of(&tags, name) != of(&self.tags, name) {
                return Err(unprocessable(
                    "serve.tag-fixed",
                    format!(
                        "the {name} tag cannot be changed here: it sets the game's start or result"
                    ),
                ));
            }
        }
        for (name, value) in &tags {
            let good = !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && name.starts_with(|c: char| c.is_ascii_alphabetic());
            if !good {
                return Err(unprocessable(
                    "serve.tag-name",
                    format!("{name:?} is not a tag name: letters, digits and _ from a letter"),
                ));
            }
            if value.chars().any(char::is_control) {
                return Err(unprocessable(
                    "serve.tag-value",
                    format!("the {name} tag's value holds a control character"),
                ));
            }
        }
        if tags != self.tags {
            self.tags = tags;
            self.unsaved = true;
        }
        Ok(())
    }

    /// The record as it would be saved.
    pub(crate) fn text(&self) -> String {
        let main = self.tree.main_line();
        let last = self.tree.line_end(NodeId::START);
        let end = self.tree.position(last);
        let kept = main == self.opened_main;
        // A game over by the rules ends with its token, if it takes one
        // (Lotus takes none).
        let result = match end.outcome() {
            Some(outcome) => outcome.token.map(str::to_owned),
            None if kept => Some(self.opened_result.clone().unwrap_or_else(|| "*".to_owned())),
            None => Some("*".to_owned()),
        };
        let tags: Vec<(String, String)> = (self.tags.iter())
            .filter(|(name, _)| kept || name != "Termination")
            .map(|(name, value)| match (name.as_str(), end.outcome()) {
                ("Result", Some(outcome)) => (name.clone(), outcome.tag_value.to_string()),
                ("Result", None) if !kept => (name.clone(), "*".to_owned()),
                _ => (name.clone(), value.clone()),
            })
            .collect();
        let moves = self.tree.written(last);
        write_record_within(
            LINE_WIDTH,
            &tags,
            self.tree.node(NodeId::START).comments(),
            &moves,
            (result.as_deref(), &self.after_result),
        )
    }

    /// Its id, taken when it was kept.
    pub(crate) fn set_id(&mut self, id: u64) {
        self.id = id;
    }

    /// The file's index, none for a record pasted.
    #[cfg(feature = "server")]
    pub(crate) fn file(&self) -> Option<usize> {
        self.file
    }

    /// The record's index in its file, from 0.
    #[cfg(feature = "server")]
    pub(crate) fn record(&self) -> usize {
        self.record
    }

    /// The length and hash of the file's text when opened or last saved.
    #[cfg(feature = "server")]
    pub(crate) fn seen(&self) -> (usize, u64) {
        self.seen
    }

    /// Notes it saved, the file's text now as `seen`.
    #[cfg(feature = "server")]
    pub(crate) fn saved(&mut self, seen: (usize, u64)) {
        self.seen = seen;
        self.unsaved = false;
    }
}
