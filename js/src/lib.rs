//! kifu for JavaScript: the WebAssembly side. `js/kifu.js` gives these
//! bindings JavaScript's manners (`new Game("mana", {setup: "c1 c6"})`,
//! `IllegalMove`, objects for JSON); here each is a thin call of kifu's
//! library, the very code of the `kifu` command and the Python package.
//! Values cross as JSON text, which `kifu.js` reads.

use kifu::collection::input::decoded;
use kifu::collection::judged::Judged;
use kifu::engine::Level;
use kifu::game::{GameKind, MoveDetail, MoveParts, Scores};
use kifu::kep::Decision;
use kifu::kep::GoLimits;
use kifu::play::{self, Played, StartError, StartOptions};
use kifu::record::RecordReader;
use kifu::seat::{InlineSeat, Seat};
use serde::Serialize;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// An error for `kifu.js` to throw, as JSON: the class (`name`), the
/// message, and for an illegal move its `code`, `reason` and `move`.
#[derive(Serialize, Default)]
struct Thrown<'a> {
    name: &'a str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
}

impl Thrown<'_> {
    /// Its JSON text, as a JavaScript value.
    fn value(&self) -> JsValue {
        JsValue::from_str(&serde_json::to_string(self).unwrap_or_default())
    }
}

/// A plain `Error` of `message`.
fn error(message: impl std::fmt::Display) -> JsValue {
    let message = message.to_string();
    Thrown {
        name: "Error",
        message,
        ..Thrown::default()
    }
    .value()
}

/// JSON text of `value`.
fn to_json(value: &impl Serialize) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(error)
}

/// A game's outcome, as the Python package gives it.
#[derive(Serialize)]
struct OutcomeJson<'a> {
    result: &'a str,
    winner: Option<&'a str>,
    reason: &'a str,
    scores: Option<&'a Scores>,
}

/// The engine's answer: its moves (none when it resigns), its score and
/// line, and the depth, nodes and milliseconds of its last `info`.
#[derive(Serialize)]
struct AnswerJson {
    moves: Vec<String>,
    resigned: bool,
    score: Option<String>,
    pv: Vec<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<u64>,
}

/// A move as JSON: its text and its parts, as `kifu json` gives them.
#[derive(Serialize)]
struct MoveJson<'a> {
    text: &'a str,
    parts: &'a MoveParts,
}

/// The JSON of `detail`.
fn move_json(detail: &MoveDetail) -> MoveJson<'_> {
    MoveJson {
        text: &detail.normalized,
        parts: &detail.parts,
    }
}

/// The `IllegalMove` of `text` refused with `code` for `reason`.
fn illegal(text: &str, code: &str, reason: &str) -> JsValue {
    Thrown {
        name: "IllegalMove",
        message: format!("{text}: {reason} ({code})"),
        code: Some(code),
        reason: Some(reason),
        text: Some(text),
    }
    .value()
}

/// The game named `name`.
fn kind_of(name: &str) -> Result<GameKind, JsValue> {
    GameKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        error(format!(
            "no game {name:?}: the games are {}",
            names.join(", ")
        ))
    })
}

/// The names of the games.
#[wasm_bindgen]
pub fn games() -> Vec<String> {
    GameKind::ALL.iter().map(|k| k.name().to_owned()).collect()
}

/// A game played move by move: `Game` of `kifu.js`.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    played: Played,
}

#[wasm_bindgen]
impl Game {
    /// A new game of `game` from the start its `tags` give (JSON pairs
    /// `[["Setup", "c1 c6"]]`: the start tags by name, any case), or drawn
    /// from `seed`; by default the start `kifu new` gives.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, tags: &str, seed: Option<f64>) -> Result<Game, JsValue> {
        let kind = kind_of(game)?;
        let given: Vec<(String, String)> = serde_json::from_str(tags).map_err(error)?;
        let mut named = Vec::new();
        for (name, value) in given {
            named.push((tag_name(kind, &name)?, value));
        }
        let options = StartOptions {
            seed: seed.map(|seed| seed as u64),
            ..StartOptions::of_tags(named)
        };
        let refused = |e: StartError| match e {
            StartError::Unplaced { .. } => error(format!(
                "{kind} has no default setup: give one with setup, or draw one with seed"
            )),
            _ => error(e),
        };
        let started = play::start(kind, &options).map_err(refused)?;
        let played = Played::of_start(started).map_err(refused)?;
        Ok(Game { played })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.played.kind().name().to_owned()
    }

    /// The start's tags, as JSON pairs.
    #[wasm_bindgen(js_name = startTags)]
    pub fn start_tags(&self) -> Result<String, JsValue> {
        to_json(&self.played.tags())
    }

    /// Every player, in the order of the turns.
    pub fn players(&self) -> Vec<String> {
        let position = self.played.position();
        position.players().into_iter().map(str::to_owned).collect()
    }

    /// The player to move, or `undefined` once the game is over.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> Option<String> {
        self.played.turn().map(str::to_owned)
    }

    /// The rule in force on the next move, in words, if any.
    pub fn constraint(&self) -> Option<String> {
        self.played.position().constraint()
    }

    /// The moves played, as JSON.
    pub fn moves(&self) -> Result<String, JsValue> {
        to_json(&self.played.moves().map(move_json).collect::<Vec<_>>())
    }

    /// Every legal move, as JSON.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<String, JsValue> {
        let legal = self.played.position().legal_details();
        to_json(&legal.iter().map(move_json).collect::<Vec<_>>())
    }

    /// Plays the move written `text`; an `IllegalMove` when refused.
    pub fn push(&mut self, text: &str) -> Result<String, JsValue> {
        match self.played.play(text) {
            Ok(detail) => to_json(&move_json(detail)),
            Err(e) => Err(illegal(text, e.code, &e.message)),
        }
    }

    /// Lotus: plays a whole turn; other games: one move.
    #[wasm_bindgen(js_name = pushTurn)]
    pub fn push_turn(&mut self, words: Vec<String>) -> Result<String, JsValue> {
        match self.played.play_turn(&words) {
            Ok(played) => to_json(&played.iter().map(move_json).collect::<Vec<_>>()),
            Err(reason) => Err(illegal(&words.join(" "), "move.turn", &reason.to_string())),
        }
    }

    /// Takes back the last move and gives it (JSON), `undefined` at the start.
    pub fn pop(&mut self) -> Option<String> {
        let mv = self.played.pop()?;
        to_json(&move_json(&mv)).ok()
    }

    /// The outcome once over, as JSON (`{result, winner, reason, scores}`).
    pub fn outcome(&self) -> Option<String> {
        let outcome = self.played.position().outcome()?;
        let json = OutcomeJson {
            result: &outcome.tag_value,
            winner: outcome.winner.as_deref(),
            reason: &outcome.reason,
            scores: outcome.scores.as_ref(),
        };
        to_json(&json).ok()
    }

    /// The position as a `Position` tag's value.
    pub fn position(&self) -> String {
        self.played.position_tag()
    }

    /// The position as `kifu json --positions` describes it, as JSON.
    #[wasm_bindgen(js_name = positionJson)]
    pub fn position_json(&self) -> Result<String, JsValue> {
        to_json(&self.played.position().position_json())
    }

    /// The count of legal move sequences of `depth` plies from here.
    pub fn perft(&self, depth: u32) -> f64 {
        self.played.position().perft(depth) as f64
    }

    /// The board as `kifu render --format svg` draws it.
    pub fn svg(&self, flip: bool) -> String {
        self.played.svg(flip)
    }

    /// The game as a record.
    pub fn record(&self) -> String {
        self.played.record()
    }

    /// A copy.
    pub fn copy(&self) -> Game {
        self.clone()
    }
}

/// The tag a keyword names, in any case: `setup` is `Setup`.
fn tag_name(kind: GameKind, keyword: &str) -> Result<String, JsValue> {
    let known: Vec<&str> = ["Setup", "Position"]
        .into_iter()
        .chain(kind.tags().iter().copied())
        .collect();
    (known.iter().find(|tag| tag.eq_ignore_ascii_case(keyword)))
        .map(|tag| (*tag).to_owned())
        .ok_or_else(|| {
            let names: Vec<String> = known.iter().map(|t| t.to_lowercase()).collect();
            error(format!(
                "{kind} takes no {keyword}: its start is given by {}",
                names.join(", ")
            ))
        })
}

/// A record read and judged: `Record` of `kifu.js`.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Record {
    file: String,
    judged: Judged,
}

#[wasm_bindgen]
impl Record {
    /// The line it starts on, or that of its syntax error.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> usize {
        self.judged.line()
    }

    /// Its tags in the order written, as JSON pairs.
    pub fn tags(&self) -> Result<String, JsValue> {
        to_json(&self.judged.tags())
    }

    /// The verdict as `kifu validate --format json` gives it, as JSON.
    pub fn validate(&self) -> Result<String, JsValue> {
        to_json(&self.judged.verdict_json(&self.file))
    }

    /// The record as `kifu json` writes it (`positions`: with each
    /// position).
    pub fn json(&self, positions: bool) -> Result<String, JsValue> {
        self.judged.to_json(&self.file, positions).map_err(error)
    }

    /// The moves of its main line, up to a fault.
    pub fn mainline(&self) -> Result<Vec<String>, JsValue> {
        self.judged.mainline().map_err(error)
    }

    /// The text `kifu fmt` writes for it.
    pub fn format(&self, width: usize) -> Result<String, JsValue> {
        (self.judged.format(width)).map_err(|e| {
            error(format!(
                "{}:{e}: the record cannot be written back",
                self.file
            ))
        })
    }

    /// Its text as read.
    pub fn text(&self) -> Result<String, JsValue> {
        (self.judged.text())
            .map(str::to_owned)
            .map_err(|e| error(format!("{}:{e}", self.file)))
    }

    /// The game after `ply` plies of its main line (by default its end).
    pub fn game(&self, ply: Option<usize>) -> Result<Game, JsValue> {
        let moves = self.mainline()?;
        let ply = ply.unwrap_or(moves.len());
        if ply > moves.len() {
            let plies = moves.len();
            return Err(error(format!("the main line has {plies} plies, not {ply}")));
        }
        let record =
            (self.judged.record().as_ref()).map_err(|e| error(format!("{}:{e}", self.file)))?;
        let kind = (self.judged.verdict().kind)
            .ok_or_else(|| error(format!("{}: the record names no game", self.file)))?;
        match Played::of_record(kind, &record.tags, &moves[..ply]) {
            Ok(played) => Ok(Game { played }),
            Err(e) => Err(error(e)),
        }
    }
}

/// The records of the bytes of a file, `text` (named `file`), each
/// judged, read as `kifu validate` reads a file (gzip too).
#[wasm_bindgen(js_name = readRecords)]
pub fn read_records(text: Vec<u8>, file: &str) -> Result<Vec<Record>, JsValue> {
    let input = decoded(file.to_owned(), std::io::Cursor::new(text)).map_err(error)?;
    let mut records = Vec::new();
    let mut reader = RecordReader::new(input.text);
    while let Some(raw) = reader.next_raw().map_err(error)? {
        records.push(Record {
            file: file.to_owned(),
            judged: Judged::of(raw),
        });
    }
    Ok(records)
}

/// The built-in engine: `Engine` of `kifu.js`, searching in the thread
/// that asks it (a Web Worker's, in a page).
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    seat: InlineSeat,
}

/// The time of a search given a depth and no time: as the Python package's.
const DEPTH_ONLY: Duration = Duration::from_secs(600);

#[wasm_bindgen]
impl Engine {
    /// The engine at full strength, or at `level` (1 to 8), its mistakes
    /// drawn from `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(level: Option<u8>, seed: Option<f64>) -> Result<Engine, JsValue> {
        let level = match level {
            None => None,
            Some(n) => {
                Some(Level::new(n).ok_or_else(|| error(format!("the level is 1 to 8, not {n}")))?)
            }
        };
        let seed = seed.map_or_else(kifu::random::clock_seed, |seed| seed as u64);
        Ok(Engine {
            seat: InlineSeat::new(level, seed),
        })
    }

    /// The engine's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.seat.name().to_owned()
    }

    /// Its move in `game` within `movetime` ms (100 by default), at most
    /// `depth` plies and `nodes` nodes, as the Python package's `search`:
    /// JSON `{moves, resigned, score, pv, depth, nodes, time}` (the depth,
    /// nodes and milliseconds of its last `info`).
    pub fn search(
        &mut self,
        game: &Game,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<f64>,
    ) -> Result<String, JsValue> {
        let played = &game.played;
        if played.position().is_over() {
            return Err(error("the game is over"));
        }
        let time = match (movetime, depth.or(nodes.map(|_| 0))) {
            (Some(ms), _) => Duration::from_millis((ms as u64).max(1)),
            (None, Some(_)) => DEPTH_ONLY,
            (None, None) => Duration::from_millis(100),
        };
        let limits = GoLimits {
            movetime: Some(time.as_millis() as u64),
            depth,
            nodes: nodes.map(|nodes| nodes as u64),
            ..GoLimits::default()
        };
        self.seat.new_game(played.kind(), played.tags());
        let answered = (self.seat.search(&played.move_texts(), limits)).map_err(error)?;
        let (moves, resigned) = match answered.decision {
            Decision::Move(moves) => (moves, false),
            Decision::Resign => (Vec::new(), true),
        };
        let info = answered.info.unwrap_or_default();
        to_json(&AnswerJson {
            moves,
            resigned,
            score: answered.score.map(|score| score.to_string()),
            pv: answered.pv,
            depth: info.depth,
            nodes: info.nodes,
            time: info.time,
        })
    }
}

/// The board's API answered in this thread: `kifu::board::Board`, what
/// the static board's Web Worker (`board-worker.js`) asks in place of
/// `kifu serve`.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Board {
    board: kifu::board::Board,
}

/// An answer of the board: its HTTP status and its JSON body.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug)]
pub struct Reply {
    /// The status, as `kifu serve` answers it.
    pub status: u16,
    /// The body, JSON.
    pub body: String,
}

#[wasm_bindgen]
impl Board {
    /// A board with no games yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Board {
        Board::default()
    }

    /// The answer to `method` `path` with the JSON `body`.
    pub fn request(&mut self, method: &str, path: &str, body: &str) -> Reply {
        let kifu::board::Reply { status, body } = self.board.request(method, path, body.as_bytes());
        Reply { status, body }
    }
}
