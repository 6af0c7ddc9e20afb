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
//! - A node is a move; the first child of a node is the move that
//!   follows it on its line, the others are variations, written after
//!   the first child in the order kept. A move played at the cursor goes
//!   to the child that plays it if there is one, else becomes the first
//!   child of a node with none, else a new variation, the last. In Lotus
//!   a variation replaces a whole turn: a different pawn move in the
//!   middle of a turn starts a variation at the turn's first pawn move,
//!   with the turn's earlier pawn moves copied.
//! - Promote makes the variation holding a node the line it branches off
//!   (one level up, as `kifu play`'s `:promote` of one variation); delete
//!   cuts a node and every move after it.
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

use super::api::{ApiError, App, blocking, body, json};
use super::games::{PieceJson, pieces_of};
use crate::draw::{Spot, View, picture, svg};
use crate::game::{AnyGame, GameKind, MoveDetail, Numbering, number_before};
use crate::model::MoveNode;
use crate::model::{OutcomeJson, WrittenMoves};
use crate::record::{Dots, MoveNumber, Record, WrittenMove, write_record_within};
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

/// The most records open at once.
pub(super) const MAX_OPEN: usize = 1000;

/// The width of the movetext lines a save writes, as `kifu fmt`'s.
const LINE_WIDTH: usize = 79;

/// The glyphs a move may carry after its text.
const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The routes of annotation, merged into the server's.
pub(super) fn routes() -> axum::Router<Arc<App>> {
    axum::Router::new()
        .route("/api/files/{index}/records/{record}/open", post(open))
        .route("/api/annotations/{id}", get(state))
        .route("/api/annotations/{id}/{action}", post(act))
}

/// A move of the tree; node 0 is the start, with no move.
#[derive(Debug, Clone, Default)]
struct Node {
    parent: Option<usize>,
    /// The move as the referee reads it, without its glyph.
    text: String,
    /// Its glyph (`!`, `?!`), if any.
    glyph: Option<String>,
    /// `text` then `glyph`, as the record writes it.
    word: String,
    nags: Vec<u8>,
    comments: Vec<String>,
    /// Comments before it, at the start of a variation.
    comments_before: Vec<String>,
    /// The move after it on its line first, then its variations.
    children: Vec<usize>,
}

impl Node {
    fn new(parent: usize, text: &str) -> Self {
        Self {
            parent: Some(parent),
            text: text.to_owned(),
            word: text.to_owned(),
            ..Self::default()
        }
    }

    fn set_glyph(&mut self, glyph: Option<String>) {
        self.word = format!("{}{}", self.text, glyph.as_deref().unwrap_or(""));
        self.glyph = glyph;
    }
}

/// A record open for annotation.
#[derive(Debug)]
pub(super) struct Annotation {
    id: u64,
    /// The file's index, its name, and the record's index in it.
    file: usize,
    name: String,
    record: usize,
    kind: GameKind,
    tags: Vec<(String, String)>,
    start: Box<dyn AnyGame>,
    /// Node 0 is the start; nodes cut off stay, unreachable.
    nodes: Vec<Node>,
    cursor: usize,
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
    seen: (usize, u64),
}

/// Every record open, by id.
#[derive(Debug, Default)]
pub(super) struct Annotations {
    by_id: Mutex<HashMap<u64, Arc<Mutex<Annotation>>>>,
}

impl Annotations {
    fn add(&self, mut annotation: Annotation) -> Result<Arc<Mutex<Annotation>>, ApiError> {
        let mut by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        if by_id.len() >= MAX_OPEN {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "serve.too-many-open",
                format!("this server keeps at most {MAX_OPEN} records open"),
            ));
        }
        let id = by_id.len() as u64 + 1;
        annotation.id = id;
        let shared = Arc::new(Mutex::new(annotation));
        by_id.insert(id, Arc::clone(&shared));
        Ok(shared)
    }

    fn get(&self, id: &str) -> Result<Arc<Mutex<Annotation>>, ApiError> {
        let by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        let found = id.parse::<u64>().ok().and_then(|id| by_id.get(&id));
        found.cloned().ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-annotation",
                "no such record open: POST /api/files/{i}/records/{r}/open opens one".to_owned(),
            )
        })
    }
}

/// The length and hash of a file's text.
pub(super) fn seen(bytes: &[u8]) -> (usize, u64) {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    (bytes.len(), hasher.finish())
}

fn unprocessable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// A record of a file's text: the lines it spans (0-based, its last
/// excluded: the next record's first), whether its first line is known
/// (not for a record whose text could not be split off whole, whose error
/// stands at a later line), and the record or why it cannot be read.
struct Span {
    first: usize,
    end: usize,
    known: bool,
    parsed: Result<Record, String>,
}

/// The records of a file's text.
fn record_lines(text: &str) -> Vec<Span> {
    let mut reader = crate::record::RecordReader::new(text.as_bytes());
    let mut found: Vec<Span> = Vec::new();
    let lines = text.lines().count();
    while let Ok(Some(raw)) = reader.next_raw() {
        let (first, known, parsed) = match raw {
            Ok(raw) => (
                raw.first_line.saturating_sub(1),
                true,
                raw.parse().map_err(|e| e.to_string()),
            ),
            Err(e) => (e.location.line.saturating_sub(1), false, Err(e.to_string())),
        };
        if let Some(last) = found.last_mut() {
            last.end = first.max(last.first);
        }
        found.push(Span {
            first,
            end: lines,
            known,
            parsed,
        });
    }
    found
}

impl Annotation {
    /// Opens record `record` (from 0) of the file's `text`.
    fn open(file: usize, name: &str, text: &[u8], record: usize) -> Result<Annotation, ApiError> {
        let seen = seen(text);
        let text = String::from_utf8_lossy(text);
        let mut records = record_lines(&text);
        if record >= records.len() {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-record",
                format!("{name} holds {} records", records.len()),
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
            start,
            nodes: vec![Node::default()],
            cursor: 0,
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
        annotation.nodes[0].comments = (WrittenMoves::leading_comments(&parsed).into_iter())
            .map(str::to_owned)
            .collect();
        let main: Vec<MoveNode<'_>> = WrittenMoves::new(&parsed).collect();
        let start = annotation.start.box_clone();
        let whole = annotation.fault.is_none();
        annotation.grow(0, &main, start, whole);
        annotation.opened_main = annotation.main_line();
        annotation.cursor = annotation.line_end(0);
        Ok(annotation)
    }

    /// Adds the moves of `line` after node `from`, where `game` is, with
    /// their variations when `whole`; stops at a move that does not play.
    fn grow(
        &mut self,
        from: usize,
        line: &[MoveNode<'_>],
        mut game: Box<dyn AnyGame>,
        whole: bool,
    ) {
        let mut at = from;
        // The node before the turn under way, and the position there.
        let mut turn = (from, game.box_clone());
        for node in line {
            if game.numbering() == Numbering::Pairs || game.turn().opens {
                turn = (at, game.box_clone());
            }
            if game.is_over() || game.play(node.text).is_err() {
                return;
            }
            let mut new = Node::new(at, node.text);
            new.set_glyph(node.glyph.map(str::to_owned));
            new.comments = node.comments.iter().map(|c| (*c).to_owned()).collect();
            if let Some(more) = &node.more {
                new.nags.clone_from(&more.nags);
                new.comments_before = more
                    .comments_before
                    .iter()
                    .map(|c| (*c).to_owned())
                    .collect();
            }
            let id = self.nodes.len();
            self.nodes.push(new);
            self.nodes[at].children.push(id);
            at = id;
            if whole {
                for variation in node.variations() {
                    self.grow(turn.0, variation, turn.1.box_clone(), true);
                }
            }
        }
    }

    /// The nodes from the start to `node`, the start left out.
    fn path(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.nodes.get(at).and_then(|n| n.parent) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `node`.
    fn moves_to(&self, node: usize) -> Vec<String> {
        (self.path(node).into_iter())
            .map(|i| self.nodes[i].text.clone())
            .collect()
    }

    /// The position after `node`.
    fn position(&self, node: usize) -> Box<dyn AnyGame> {
        let mut game = self.start.box_clone();
        for mv in self.moves_to(node) {
            let _ = game.play(&mv);
        }
        game
    }

    /// The last node of the line through `node`'s first children.
    fn line_end(&self, node: usize) -> usize {
        let mut at = node;
        while let Some(&next) = self.nodes[at].children.first() {
            at = next;
        }
        at
    }

    fn main_line(&self) -> Vec<String> {
        self.moves_to(self.line_end(0))
    }

    /// A node of the tree, as the request names it.
    fn node(&self, node: usize) -> Result<usize, ApiError> {
        let reachable = node == 0
            || (node < self.nodes.len()
                && self
                    .path(node)
                    .first()
                    .is_some_and(|&first| self.nodes[0].children.contains(&first)));
        if reachable {
            Ok(node)
        } else {
            Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-node",
                format!("no move {node} in the tree"),
            ))
        }
    }

    /// Plays `text` at the cursor (see the module doc); the cursor moves
    /// to it.
    fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let mut game = self.position(self.cursor);
        if let Some(&child) =
            (self.nodes[self.cursor].children.iter()).find(|&&c| self.nodes[c].text == text)
        {
            self.cursor = child;
            return Ok(());
        }
        game.play(text)
            .map_err(|e| unprocessable(e.code, e.message))?;
        let mut at = self.cursor;
        if game.numbering() == Numbering::Turns && !self.nodes[at].children.is_empty() {
            // A variation replaces the whole turn: it starts where the
            // turn started, with its pawn moves so far.
            let path = self.path(self.cursor);
            let mut before = self.start.box_clone();
            let mut turn_start = 0;
            for (i, &node) in path.iter().enumerate() {
                if before.turn().opens {
                    turn_start = i;
                }
                let _ = before.play(&self.nodes[node].text);
            }
            if !before.turn().opens && turn_start < path.len() {
                at = match turn_start {
                    0 => 0,
                    i => path[i - 1],
                };
                for &node in &path[turn_start..] {
                    let copy = Node::new(at, &self.nodes[node].text.clone());
                    at = self.push(copy);
                }
            }
        }
        let id = self.push(Node::new(at, text));
        self.cursor = id;
        self.unsaved = true;
        Ok(())
    }

    /// Adds `node` as the last child of its parent; its id.
    fn push(&mut self, node: Node) -> usize {
        let id = self.nodes.len();
        let parent = node.parent.unwrap_or(0);
        self.nodes.push(node);
        self.nodes[parent].children.push(id);
        id
    }

    /// The first node on the way from the start to `node` that is a
    /// variation (not its parent's first child), innermost first.
    fn variation_of(&self, node: usize) -> Option<usize> {
        let mut at = node;
        while let Some(parent) = self.nodes[at].parent {
            if self.nodes[parent].children.first() != Some(&at) {
                return Some(at);
            }
            at = parent;
        }
        None
    }

    /// Makes the variation holding `node` the line it branches off.
    fn promote(&mut self, node: usize) -> Result<(), ApiError> {
        let Some(variation) = self.variation_of(node) else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.main-line",
                "this move is on the main line: there is nothing to promote".to_owned(),
            ));
        };
        let parent = self.nodes[variation].parent.unwrap_or(0);
        let children = &mut self.nodes[parent].children;
        children.retain(|&c| c != variation);
        children.insert(0, variation);
        self.unsaved = true;
        Ok(())
    }

    /// Cuts `node` and every move after it; the cursor, if it was cut,
    /// goes to the move before.
    fn delete(&mut self, node: usize) -> Result<(), ApiError> {
        let Some(parent) = self.nodes[node].parent else {
            return Err(unprocessable(
                "serve.no-move",
                "the start is not a move: it cannot be deleted".to_owned(),
            ));
        };
        self.nodes[parent].children.retain(|&c| c != node);
        if self.path(self.cursor).contains(&node) || self.node(self.cursor).is_err() {
            self.cursor = parent;
        }
        self.unsaved = true;
        Ok(())
    }

    /// Replaces the tags, those that set the start kept as they were.
    fn set_tags(&mut self, tags: Vec<(String, String)>) -> Result<(), ApiError> {
        let fixed: Vec<String> = (self.start.setup_tags().into_iter().map(|(name, _)| name))
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

    /// The moves of the line from `first` (a child of the node where
    /// `game` is) as a record writes them, with its variations.
    fn written<'a>(&'a self, first: usize, start: &dyn AnyGame) -> Vec<WrittenMove<'a>> {
        let mut game = start.box_clone();
        let mut written: Vec<WrittenMove<'a>> = Vec::new();
        let mut at = Some(first);
        let mut is_first = true;
        // The variations of the turn under way, with the position they
        // start from, written once the turn is whole.
        let mut pending: Vec<(usize, Box<dyn AnyGame>)> = Vec::new();
        while let Some(id) = at {
            let node = &self.nodes[id];
            let number = number_before(game.turn(), is_first);
            let before = game.box_clone();
            if game.play(&node.text).is_err() {
                break;
            }
            if let Some(parent) = node.parent
                && self.nodes[parent].children.first() == Some(&id)
            {
                for &other in self.nodes[parent].children.iter().skip(1) {
                    pending.push((other, before.box_clone()));
                }
            }
            at = node.children.first().copied();
            let whole = game.numbering() == Numbering::Pairs
                || game.turn().opens
                || game.is_over()
                || at.is_none();
            let mut variations = Vec::new();
            if whole {
                for (other, from) in pending.drain(..) {
                    variations.push(self.written(other, from.as_ref()));
                }
            }
            is_first = !variations.is_empty();
            written.push(WrittenMove {
                comments_before: &node.comments_before,
                number: number.map(MoveNumber::from),
                text: &node.word,
                nags: &node.nags,
                comments: &node.comments,
                variations,
            });
        }
        written
    }

    /// The record as it would be saved.
    fn text(&self) -> String {
        let main = self.main_line();
        let mut end = self.start.box_clone();
        for mv in &main {
            let _ = end.play(mv);
        }
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
        let moves = match self.nodes[0].children.first() {
            Some(&first) => self.written(first, self.start.as_ref()),
            None => Vec::new(),
        };
        write_record_within(
            LINE_WIDTH,
            &tags,
            &self.nodes[0].comments,
            &moves,
            (result.as_deref(), &self.after_result),
        )
    }
}

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
            let node = &self.nodes[id];
            let number = number_before(game.turn(), is_first).map(|(n, dots)| match dots {
                Dots::One => format!("{n}."),
                _ => format!("{n}..."),
            });
            let before = game.box_clone();
            if game.play(&node.text).is_err() {
                break;
            }
            if let Some(parent) = node.parent
                && self.nodes[parent].children.first() == Some(&id)
            {
                for &other in self.nodes[parent].children.iter().skip(1) {
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
    fn answer(&self) -> Response {
        let moves = self.moves_to(self.cursor);
        let game = self.position(self.cursor);
        let last = MoveDetail::last_of(self.start.as_ref(), &moves);
        let view = View {
            last: last.as_ref().map(|detail| &detail.parts),
            ..View::default()
        };
        let scene = picture(game.as_ref(), self.kind, &view, moves.len());
        let legal_moves = game.legal_moves();
        let (pieces, buttons) = pieces_of(game.as_ref(), &legal_moves);
        let node = &self.nodes[self.cursor];
        let items = match self.nodes[0].children.first() {
            Some(&first) => self.text_items(first, self.start.as_ref()),
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
            path: self.path(self.cursor),
            next: node.children.first().copied(),
            end: self.line_end(self.cursor),
            comment: node.comments.join("\n"),
            glyph: node.glyph.as_deref(),
            nags: &node.nags,
            in_variation: self.variation_of(self.cursor).is_some(),
            to_move: outcome.is_none().then(|| game.turn().mover.to_owned()),
            legal_moves,
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

/// `POST /api/files/{index}/records/{record}/open`: 201 and the state.
async fn open(
    State(app): State<Arc<App>>,
    Path((index, record)): Path<(String, String)>,
) -> Response {
    blocking(move || {
        let (file, name, bytes) = app.files.read_whole(&index)?;
        let record = record.parse::<usize>().map_err(|_| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-record",
                format!("{name}: records are named by their index from 0"),
            )
        })?;
        let annotation = Annotation::open(file, &name, &bytes, record)?;
        let shared = app.annotations.add(annotation)?;
        let annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        Ok((StatusCode::CREATED, annotation.answer()).into_response())
    })
    .await
}

/// `GET /api/annotations/{id}`.
async fn state(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    blocking(move || {
        let shared = app.annotations.get(&id)?;
        let annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        Ok(annotation.answer())
    })
    .await
}

/// The body of `goto`, `promote` and `delete`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeBody {
    node: usize,
}

/// The body of `moves`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

/// The body of `comment`: the node's comments become this one, or none
/// when it is empty.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CommentBody {
    node: usize,
    comment: String,
}

/// The body of `glyph`: each field given replaces the node's (an empty
/// glyph takes it off).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GlyphBody {
    node: usize,
    glyph: Option<String>,
    nags: Option<Vec<u8>>,
}

/// The body of `tags`: every tag, in order.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TagsBody {
    tags: Vec<TagOwned>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TagOwned {
    name: String,
    value: String,
}

/// The body of `save`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveBody {
    /// Save even over a file changed since it was opened.
    #[serde(default)]
    force: bool,
}

/// What a request asks of a record open.
#[derive(Debug)]
enum Edit {
    Goto(NodeBody),
    Move(MoveBody),
    Promote(NodeBody),
    Delete(NodeBody),
    Comment(CommentBody),
    Glyph(GlyphBody),
    Tags(TagsBody),
    Save(SaveBody),
}

/// `POST /api/annotations/{id}/{action}`: the new state.
async fn act(
    State(app): State<Arc<App>>,
    Path((id, action)): Path<(String, String)>,
    request: Request,
) -> Response {
    let edit = match action.as_str() {
        "goto" => body(request).await.map(Edit::Goto),
        "moves" => body(request).await.map(Edit::Move),
        "promote" => body(request).await.map(Edit::Promote),
        "delete" => body(request).await.map(Edit::Delete),
        "comment" => body(request).await.map(Edit::Comment),
        "glyph" => body(request).await.map(Edit::Glyph),
        "tags" => body(request).await.map(Edit::Tags),
        "save" => body(request).await.map(Edit::Save),
        _ => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "serve.no-route",
            format!("no such request on a record open: {action}"),
        )
        .into_response()),
    };
    let edit = match edit {
        Ok(edit) => edit,
        Err(refused) => return refused,
    };
    blocking(move || {
        let shared = app.annotations.get(&id)?;
        let mut annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        annotation.apply(edit, &app)?;
        Ok(annotation.answer())
    })
    .await
}

impl Annotation {
    /// Does what `edit` asks.
    fn apply(&mut self, edit: Edit, app: &App) -> Result<(), ApiError> {
        match edit {
            Edit::Goto(asked) => self.cursor = self.node(asked.node)?,
            Edit::Move(asked) => self.play(&asked.text)?,
            Edit::Promote(asked) => {
                let node = self.node(asked.node)?;
                self.promote(node)?;
            }
            Edit::Delete(asked) => {
                let node = self.node(asked.node)?;
                self.delete(node)?;
            }
            Edit::Comment(asked) => {
                let node = self.node(asked.node)?;
                let comments = match asked.comment.trim() {
                    "" => Vec::new(),
                    comment => vec![comment.to_owned()],
                };
                if self.nodes[node].comments != comments {
                    self.nodes[node].comments = comments;
                    self.unsaved = true;
                }
            }
            Edit::Glyph(asked) => self.glyph(asked)?,
            Edit::Tags(asked) => {
                let tags = (asked.tags.into_iter())
                    .map(|tag| (tag.name, tag.value))
                    .collect();
                self.set_tags(tags)?;
            }
            Edit::Save(asked) => self.save(asked.force, app)?,
        }
        Ok(())
    }

    /// Sets a move's glyph or numeric glyphs.
    fn glyph(&mut self, asked: GlyphBody) -> Result<(), ApiError> {
        let node = self.node(asked.node)?;
        if node == 0 {
            return Err(unprocessable(
                "serve.no-move",
                "the start is not a move: it takes no glyph".to_owned(),
            ));
        }
        if let Some(glyph) = asked.glyph {
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
            if glyph != self.nodes[node].glyph {
                self.nodes[node].set_glyph(glyph);
                self.unsaved = true;
            }
        }
        if let Some(nags) = asked.nags
            && nags != self.nodes[node].nags
        {
            self.nodes[node].nags = nags;
            self.unsaved = true;
        }
        Ok(())
    }

    /// Writes the record in place of the one opened; refused with 409
    /// when the file changed since it was opened or saved, unless `force`.
    fn save(&mut self, force: bool, app: &App) -> Result<(), ApiError> {
        let (_, name, bytes) = app.files.read_whole(&self.file.to_string())?;
        if seen(&bytes) != self.seen && !force {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.changed",
                format!(
                    "{name} changed since this record was opened: saving would replace record {} of what it holds now (save with force to do it anyway)",
                    self.record + 1
                ),
            ));
        }
        let old = std::str::from_utf8(&bytes).map_err(|_| {
            ApiError::new(
                StatusCode::CONFLICT,
                "serve.not-utf8",
                format!("{name} is not all UTF-8 text: it is not written over"),
            )
        })?;
        let record = self.text();
        let lines: Vec<&str> = old.lines().collect();
        let found = record_lines(old);
        let unsplit = (found.iter().skip(self.record).take(2)).any(|span| !span.known);
        if unsplit {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.unsplit",
                format!(
                    "{name}: where record {} ends is not known (it or the next cannot be read whole): it is not written over",
                    self.record + 1
                ),
            ));
        }
        let new = match found.get(self.record) {
            Some(&Span { first, end, .. }) => {
                let mut new = String::new();
                for line in lines.get(..first).unwrap_or_default() {
                    new.push_str(line);
                    new.push('\n');
                }
                new.push_str(&record);
                let rest = lines.get(end..).unwrap_or_default();
                if !rest.is_empty() {
                    new.push('\n');
                    for line in rest {
                        new.push_str(line);
                        new.push('\n');
                    }
                }
                new
            }
            None => {
                let mut new = old.to_owned();
                if !new.is_empty() {
                    if !new.ends_with('\n') {
                        new.push('\n');
                    }
                    new.push('\n');
                }
                new.push_str(&record);
                new
            }
        };
        app.files.write_whole(self.file, &new)?;
        self.seen = seen(new.as_bytes());
        self.unsaved = false;
        Ok(())
    }
}
