//! [`Board`]: the board's API answered in one process, without a server:
//! what the static board's Web Worker runs (`kifu site`, through the
//! JavaScript package). Each request is a method, a path and a JSON body,
//! as the page sends them to `kifu serve`, and each answer the status
//! and the JSON `kifu serve` gives, from the same code. What needs the
//! machine kifu runs on (the files named on its command line, saving to
//! them, other engines, live matches) is refused in words.

use super::annotation::{
    Annotation, CommentBody, GlyphBody, MAX_OPEN, MoveBody as AnnotatedMove, NO_ANNOTATION,
    NodeBody, TagsBody,
};
use super::{
    AnalyseBody, ApiError, ClockBody, EngineBody, FlipBody, HintBody, HintJson, MAX_GAMES,
    MoveBody, NewGame, PlaceBody, Play, RecordBody, Seats, TakeBackBody, board_at, levels,
    new_start, outcome_of, pasted, read_body, start_of_record,
};
use crate::play::Start;
use http::StatusCode;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;

/// The engines a board in a page keeps between questions: each holds its
/// hash table (24 MiB), and a page's memory never shrinks.
const SEATS: usize = 2;

/// The longest one request of a review searches for: the worker answers
/// one request at a time, so a long slice would hold up the others (a
/// look back, a rules board); the views are kept between slices.
const SLICE: Duration = Duration::from_secs(1);

/// The games of a board in one process, and the records open for
/// annotation, each by id (from 1).
#[derive(Debug)]
pub struct Board {
    games: Vec<Play>,
    annotations: Vec<Annotation>,
    seats: Seats,
}

/// An answer: its HTTP status and its JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The status, as `kifu serve` answers it.
    pub status: u16,
    /// The body, JSON.
    pub body: String,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// A board with no games yet, its engine the built-in one.
    pub fn new() -> Self {
        Self {
            games: Vec::new(),
            annotations: Vec::new(),
            seats: Seats::most(SEATS),
        }
    }

    /// The answer to the request `method` `path` (its query, if any, left
    /// out) with `body`, as `kifu serve` answers it.
    pub fn request(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let answered = match (method, parts.as_slice()) {
            ("GET", ["api", "levels"]) => answer(StatusCode::OK, &levels()),
            ("POST", ["api", "games"]) => self.new_game(body),
            ("POST", ["api", "games", "record"]) => self.game_of_record(body),
            (_, ["api", "games", id, rest @ ..]) => match self.game(id) {
                Ok(play) => on_game(play, method, rest, body),
                Err(refused) => Err(refused),
            },
            ("POST", ["api", "annotations"]) => self.open_pasted(body),
            (_, ["api", "annotations", id, rest @ ..]) => match self.annotation(id) {
                Ok(open) => on_annotation(open, method, rest, body),
                Err(refused) => Err(refused),
            },
            (_, ["api", "files" | "watch" | "openapi.json", ..]) => Err(needs_server()),
            _ => Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-route",
                "no such page: see `kifu man` for the API of kifu serve".to_owned(),
            )),
        };
        answered.unwrap_or_else(|refused| Reply {
            status: refused.status.as_u16(),
            body: json(&refused.body()),
        })
    }

    /// `POST /api/games`.
    fn new_game(&mut self, body: &[u8]) -> Result<Reply, ApiError> {
        let asked: NewGame = read_body(body)?;
        let play = self.add(new_start(&asked)?)?;
        answer(StatusCode::CREATED, &play.state(&outcome_of(play)))
    }

    /// `POST /api/games/record`.
    fn game_of_record(&mut self, body: &[u8]) -> Result<Reply, ApiError> {
        let asked: RecordBody = read_body(body)?;
        let (started, moves) = start_of_record(asked.text)?;
        let play = self.add(started)?;
        for text in &moves {
            play.play(text)?;
        }
        answer(StatusCode::CREATED, &play.state(&outcome_of(play)))
    }

    /// `POST /api/annotations`.
    fn open_pasted(&mut self, body: &[u8]) -> Result<Reply, ApiError> {
        let asked: RecordBody = read_body(body)?;
        let mut open = pasted(&asked.text)?;
        if self.annotations.len() >= MAX_OPEN {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "serve.too-many-open",
                format!("this board keeps at most {MAX_OPEN} records open"),
            ));
        }
        open.set_id(self.annotations.len() as u64 + 1);
        self.annotations.push(open);
        let open = &self.annotations[self.annotations.len() - 1];
        open.with_json(|state| answer(StatusCode::CREATED, state))
    }

    /// The record open of id `id`, as the path writes it.
    ///
    /// # Errors
    /// 404 for no such record open.
    fn annotation(&mut self, id: &str) -> Result<&mut Annotation, ApiError> {
        let index = id.parse::<usize>().ok().and_then(|id| id.checked_sub(1));
        index
            .and_then(|index| self.annotations.get_mut(index))
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    "serve.no-annotation",
                    NO_ANNOTATION.to_owned(),
                )
            })
    }

    /// Keeps a new game from its start.
    ///
    /// # Errors
    /// 503 when [`MAX_GAMES`] are kept.
    fn add(&mut self, started: Start) -> Result<&mut Play, ApiError> {
        if self.games.len() >= MAX_GAMES {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "serve.too-many-games",
                format!("this board keeps at most {MAX_GAMES} games"),
            ));
        }
        let index = self.games.len();
        let engine = Arc::from(crate::seat::BUILT_IN);
        let play = Play::new(index as u64 + 1, started, engine, self.seats.clone(), SLICE);
        self.games.push(play);
        Ok(&mut self.games[index])
    }

    /// The game of id `id`, as the path writes it.
    ///
    /// # Errors
    /// 404 for no such game.
    fn game(&mut self, id: &str) -> Result<&mut Play, ApiError> {
        let index = id.parse::<usize>().ok().and_then(|id| id.checked_sub(1));
        index
            .and_then(|index| self.games.get_mut(index))
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    "serve.no-game",
                    "no such game: POST /api/games starts one".to_owned(),
                )
            })
    }
}

/// The answer to `method` on `/api/games/{id}/REST` for `play`.
fn on_game(play: &mut Play, method: &str, rest: &[&str], body: &[u8]) -> Result<Reply, ApiError> {
    let state = |play: &Play| answer(StatusCode::OK, &play.state(&outcome_of(play)));
    match (method, rest) {
        ("GET", []) => state(play),
        ("GET", ["board", ply]) => answer(StatusCode::OK, &board_at(play, ply)?),
        ("POST", ["moves"]) => {
            let asked: MoveBody = read_body(body)?;
            play.play(&asked.text)?;
            state(play)
        }
        ("POST", ["engine"]) => {
            let asked: EngineBody = read_body(body)?;
            let moves = play.engine(asked.movetime, asked.level()?)?;
            let outcome = outcome_of(play);
            answer(StatusCode::OK, &play.engine_json(moves, &outcome))
        }
        ("POST", ["hint"]) => {
            let asked: HintBody = read_body(body)?;
            let moves = play.engine_moves(asked.movetime, None)?;
            answer(StatusCode::OK, &HintJson::of(moves))
        }
        ("POST", ["placement"]) => {
            let asked: PlaceBody = read_body(body)?;
            play.place(&asked.square)?;
            state(play)
        }
        ("POST", ["takeback"]) => {
            let asked: TakeBackBody = read_body(body)?;
            play.take_back(asked.kept)?;
            state(play)
        }
        ("POST", ["flip"]) => {
            let asked: FlipBody = read_body(body)?;
            play.flip = asked.flip;
            state(play)
        }
        ("POST", ["clock"]) => {
            let asked: ClockBody = read_body(body)?;
            play.set_clock(asked.base(), asked.increment())?;
            state(play)
        }
        ("POST", ["analyse"]) => {
            let asked: AnalyseBody = read_body(body)?;
            answer(StatusCode::OK, &play.analyse(asked.movetime, asked.depth)?)
        }
        ("POST", ["review"]) => {
            let asked: AnalyseBody = read_body(body)?;
            answer(StatusCode::OK, &play.review(asked.movetime, asked.depth)?)
        }
        ("POST", ["graph"]) => {
            let asked: AnalyseBody = read_body(body)?;
            answer(StatusCode::OK, &play.graph(asked.movetime, asked.depth)?)
        }
        ("POST", ["save"]) => Err(needs_server()),
        _ => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "serve.no-route",
            "no such page: see `kifu man` for the API of kifu serve".to_owned(),
        )),
    }
}

/// The answer to `method` on `/api/annotations/{id}/REST` for `open`.
fn on_annotation(
    open: &mut Annotation,
    method: &str,
    rest: &[&str],
    body: &[u8],
) -> Result<Reply, ApiError> {
    match (method, rest) {
        ("GET", []) => {}
        ("POST", ["goto"]) => open.goto(read_body::<NodeBody>(body)?.node)?,
        ("POST", ["moves"]) => open.play(&read_body::<AnnotatedMove>(body)?.text)?,
        ("POST", ["promote"]) => open.promote(read_body::<NodeBody>(body)?.node)?,
        ("POST", ["delete"]) => open.delete(read_body::<NodeBody>(body)?.node)?,
        ("POST", ["comment"]) => {
            let asked: CommentBody = read_body(body)?;
            open.comment(asked.node, &asked.comment)?;
        }
        ("POST", ["glyph"]) => {
            let asked: GlyphBody = read_body(body)?;
            open.glyph(asked.node, asked.glyph, asked.nags)?;
        }
        ("POST", ["tags"]) => open.set_tags(read_body::<TagsBody>(body)?.pairs())?,
        ("POST", ["save"]) => return Err(needs_server()),
        ("POST", [action]) => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-route",
                format!("no such request on a record open: {action}"),
            ));
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-route",
                "no such page: see `kifu man` for the API of kifu serve".to_owned(),
            ));
        }
    }
    open.with_json(|state| answer(StatusCode::OK, state))
}

/// 404 (`board.needs-server`): what only `kifu serve` can do.
fn needs_server() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "board.needs-server",
        "this needs kifu serve, on the machine: the files it was given, saving to them, \
         other engines and live matches"
            .to_owned(),
    )
}

/// The answer of `status` with `value` as its body.
fn answer(status: StatusCode, value: &impl Serialize) -> Result<Reply, ApiError> {
    Ok(Reply {
        status: status.as_u16(),
        body: json(value),
    })
}

/// `value` as JSON.
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        format!(r#"{{"error":"the answer cannot be written: {e}","code":"serve.internal"}}"#)
    })
}
