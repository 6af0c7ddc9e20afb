//! The routes of the games being played (`/api/games`, the module doc of
//! [`crate::serve`] gives them): each reads its body with
//! [`Json`], finds its game with [`Game`], and does its work on the game,
//! locked, off the runtime's threads.

use super::analyse::{AnalysisJson, GraphJson};
use super::review::ReviewJson;
use super::{EngineJson, Games, Play, Shared, StateJson, outcome_of};
use crate::engine::Level;
use crate::game::GameKind;
use crate::play::{self, Start, StartError, StartOptions, tag_option};
use crate::serve::NewGame;
use crate::serve::error::{ApiError, blocking};
use crate::serve::extract::Json;
use crate::serve::files::Files;
use crate::serve::openapi::ApiDoc;
use crate::serve::reply::json;
use crate::tournament::MainLine;
use axum::Router;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// The routes of the games.
pub(in crate::serve) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Games>: FromRef<S>,
    Arc<Files>: FromRef<S>,
{
    Router::new()
        .route("/api/games", post(new_game))
        .route("/api/games/record", post(game_of_record))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/engine", post(engine_move))
        .route("/api/games/{id}/hint", post(engine_hint))
        .route("/api/games/{id}/placement", post(place_square))
        .route("/api/games/{id}/save", post(save_game))
        .route("/api/games/{id}/analyse", post(analyse_position))
        .route("/api/games/{id}/graph", post(score_graph))
        .route("/api/games/{id}/review", post(review_game))
        .route("/api/games/{id}/takeback", post(take_back))
        .route("/api/games/{id}/flip", post(flip_board))
        .route("/api/games/{id}/clock", post(set_clock))
        .route("/api/games/{id}/board/{ply}", get(board_at))
        .route("/api/levels", get(levels))
}

/// Describes the routes of the games in `doc`.
pub(in crate::serve) fn describe(doc: &mut ApiDoc) {
    doc.post::<NewGame, StateJson>("/api/games", "Starts a game, as kifu new does.", 201);
    let record = "Starts a game at the end of a record's main line, to review it.";
    doc.post::<RecordBody, StateJson>("/api/games/record", record, 201);
    doc.get::<StateJson>("/api/games/{id}", "The game's state.");
    doc.post::<MoveBody, StateJson>("/api/games/{id}/moves", "Plays a move.", 200);
    let engine = "The engine plays the side to move.";
    doc.post::<EngineBody, EngineJson>("/api/games/{id}/engine", engine, 200);
    let hint = "The engine's move, not played.";
    doc.post::<HintBody, HintJson>("/api/games/{id}/hint", hint, 200);
    let place = "Places the mover's next piece of the start.";
    doc.post::<PlaceBody, StateJson>("/api/games/{id}/placement", place, 200);
    let save = "Saves the game as a record to a file.";
    doc.post::<SaveBody, SavedJson>("/api/games/{id}/save", save, 200);
    let analyse = "The engine's view of the position.";
    doc.post::<AnalyseBody, AnalysisJson>("/api/games/{id}/analyse", analyse, 200);
    let clock = "Sets the game's clock, before its first move.";
    doc.post::<ClockBody, StateJson>("/api/games/{id}/clock", clock, 200);
    let flip = "Turns the board to be seen from the other side, or back.";
    doc.post::<FlipBody, StateJson>("/api/games/{id}/flip", flip, 200);
    let at = "The board after the first `ply` moves, drawn, the game unchanged.";
    doc.get::<BoardAtJson>("/api/games/{id}/board/{ply}", at);
    let back = "Takes back the moves after the first `kept`.";
    doc.post::<TakeBackBody, StateJson>("/api/games/{id}/takeback", back, 200);
    doc.get::<Vec<LevelJson>>(
        "/api/levels",
        "The engine's levels, each with its Elo in each game.",
    );
    let graph = "The engine's score of every position.";
    doc.post::<AnalyseBody, GraphJson>("/api/games/{id}/graph", graph, 200);
    let review = "Reviews the game: every move judged; ask again until `review` is given.";
    doc.post::<AnalyseBody, ReviewJson>("/api/games/{id}/review", review, 200);
    let id = ("id", "$response.body#/id");
    doc.link(("post", "/api/games"), "201", "/api/games/{id}", id);
}

/// The game the path names (`/api/games/{id}/...`), found before the
/// body is read: 404 (`serve.no-game`) when there is none.
struct Game(Shared);

impl<S> FromRequestParts<S> for Game
where
    S: Send + Sync,
    Arc<Games>: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = params.get("id").map_or("", String::as_str);
        let games = Arc::<Games>::from_ref(state);
        games.get(id).map(Game).map_err(IntoResponse::into_response)
    }
}

impl Game {
    /// `act` on the game, locked, with what was `asked`, on a thread that
    /// may block (an engine thinks, a file is written); its refusal is
    /// the answer.
    async fn act<B, F>(self, asked: B, act: F) -> Response
    where
        B: Send + 'static,
        F: FnOnce(&mut Play, B) -> Result<Response, ApiError> + Send + 'static,
    {
        let mut play = self.0.lock_owned().await;
        blocking(move || act(&mut play, asked)).await
    }
}

/// The answer that gives `play`'s state.
fn state_answer(play: &Play) -> Response {
    let outcome = outcome_of(play);
    json(&play.state(&outcome))
}

/// `POST /api/games`.
async fn new_game(State(games): State<Arc<Games>>, Json(asked): Json<NewGame>) -> Response {
    let started = match start_of(&asked) {
        Ok(started) => started,
        Err(refused) => {
            let message = refused.to_string();
            return ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.setup", message)
                .into_response();
        }
    };
    let shared = match games.add(started) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    (StatusCode::CREATED, state_answer(&*shared.lock().await)).into_response()
}

/// The body of `POST /api/games/record`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    /// The record, as a file holds it (its first record is taken).
    text: String,
}

/// `POST /api/games/record`: a game at the end of the main line of the
/// record given, its tags kept but its result (the game has its own),
/// its comments and variations left out; 422 with the referee's words
/// for a record it refuses.
async fn game_of_record(
    State(games): State<Arc<Games>>,
    Json(asked): Json<RecordBody>,
) -> Response {
    let refused = |message: String| {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.record", message).into_response()
    };
    let record = match crate::record::parse_record(asked.text, 1) {
        Ok(record) => record,
        Err(e) => return refused(format!("line {e}")),
    };
    let line = match MainLine::of(&record) {
        Ok(line) => line,
        Err(e) => return refused(format!("line {e}")),
    };
    let tags = (record.tags.iter())
        .filter(|tag| !matches!(&*tag.name, "Result" | "Termination"))
        .map(|tag| (tag.name.to_string(), tag.value.to_string()))
        .collect();
    let started = Start {
        kind: line.start.kind(),
        tags,
        game: line.start,
        placing: None,
    };
    let shared = match games.add(started) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    let mut play = shared.lock().await;
    for text in &line.moves {
        if let Err(refused) = play.play(text) {
            return refused.into_response();
        }
    }
    (StatusCode::CREATED, state_answer(&play)).into_response()
}

/// Why the game `POST /api/games` asks for cannot start.
#[derive(Debug, thiserror::Error)]
enum NewGameError {
    /// No game of that name.
    #[error("no game {0:?}: the games are {names}", names = game_names())]
    UnknownGame(String),
    /// The options start no game, in the words `kifu new` uses.
    #[error(transparent)]
    Start(#[from] StartError),
}

/// The names of the games, joined by `, `.
fn game_names() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// The start `asked` for, as `kifu new` starts one from the same options,
/// or, when they leave the start to be placed (Escampe without a `Setup`),
/// the placement to make first.
///
/// # Errors
/// No such game, or the options at fault.
fn start_of(asked: &NewGame) -> Result<Start, NewGameError> {
    let kind = GameKind::from_name(&asked.game)
        .ok_or_else(|| NewGameError::UnknownGame(asked.game.clone()))?;
    let tags = (asked.tags.iter()).map(|tag| tag_option(tag));
    let options = StartOptions {
        tags: tags.collect::<Result<_, _>>().map_err(StartError::from)?,
        ..asked.options.clone()
    };
    Ok(play::start(kind, &options)?)
}

/// `GET /api/games/{id}`.
async fn game_state(Game(shared): Game) -> Response {
    state_answer(&*shared.lock().await)
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

/// `POST /api/games/{id}/moves`.
async fn play_move(game: Game, Json(asked): Json<MoveBody>) -> Response {
    game.act(asked, |play, asked| {
        play.play(&asked.text)?;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/engine`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct EngineBody {
    /// The engine's time for the move, in ms.
    #[serde(default = "default_movetime")]
    movetime: u64,
    /// The engine's level, 1 to 8 (default: full strength).
    #[serde(default)]
    #[schemars(range(min = 1, max = 8))]
    level: Option<u8>,
}

impl EngineBody {
    /// The level asked, if any.
    ///
    /// # Errors
    /// 422 (`serve.level`) for a level out of 1 to 8.
    fn level(&self) -> Result<Option<Level>, ApiError> {
        match self.level {
            None => Ok(None),
            Some(n) => Level::new(n).map(Some).ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "serve.level",
                    format!("the level is 1 to 8, not {n}"),
                )
            }),
        }
    }
}

/// The engine's time for a move unless the request says: 1 s, as `kifu
/// play --vs`.
fn default_movetime() -> u64 {
    1000
}

/// `POST /api/games/{id}/engine`.
async fn engine_move(game: Game, Json(asked): Json<EngineBody>) -> Response {
    game.act(asked, |play, asked| {
        let moves = play.engine(asked.movetime, asked.level()?)?;
        let outcome = outcome_of(play);
        Ok(json(&play.engine_json(moves, &outcome)))
    })
    .await
}

/// The engine's move for the side to move, shown, not played.
#[derive(Debug, Serialize, schemars::JsonSchema)]
struct HintJson {
    /// The moves it would play (lotus: its turn's pawn moves).
    moves: Vec<String>,
    /// Whether it would resign instead.
    resigned: bool,
}

/// The body of `POST /api/games/{id}/hint`: a hint is always the engine's
/// at full strength.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct HintBody {
    /// The engine's time for the move, in ms.
    #[serde(default = "default_movetime")]
    movetime: u64,
}

/// `POST /api/games/{id}/hint`.
async fn engine_hint(game: Game, Json(asked): Json<HintBody>) -> Response {
    game.act(asked, |play, asked| {
        let moves = play.engine_moves(asked.movetime, None)?;
        Ok(json(&HintJson {
            resigned: moves.is_none(),
            moves: moves.unwrap_or_default(),
        }))
    })
    .await
}

/// The body of `POST /api/games/{id}/takeback`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct TakeBackBody {
    /// How many moves stay (lotus: pawn moves).
    kept: usize,
}

/// `POST /api/games/{id}/takeback`.
async fn take_back(game: Game, Json(asked): Json<TakeBackBody>) -> Response {
    game.act(asked, |play, asked| {
        play.take_back(asked.kept)?;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/flip`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct FlipBody {
    /// Whether the board is seen from the other side.
    flip: bool,
}

/// `POST /api/games/{id}/flip`.
async fn flip_board(game: Game, Json(asked): Json<FlipBody>) -> Response {
    game.act(asked, |play, asked| {
        play.flip = asked.flip;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/clock`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ClockBody {
    /// Each player's time for the game, in ms (10 s to 3 h).
    base_ms: u64,
    /// The time added to a player's once it has moved, in ms (at most
    /// 60 s).
    increment_ms: u64,
}

/// `POST /api/games/{id}/clock`: the game's clock, set before its first
/// move; nobody's time runs until that move.
async fn set_clock(game: Game, Json(asked): Json<ClockBody>) -> Response {
    game.act(asked, |play, asked| {
        let (base, increment) = (asked.base_ms, asked.increment_ms);
        play.set_clock(
            Duration::from_millis(base),
            Duration::from_millis(increment),
        )?;
        Ok(state_answer(play))
    })
    .await
}

/// A position of the game looked back at.
#[derive(Debug, Serialize, schemars::JsonSchema)]
struct BoardAtJson {
    /// The moves played before it.
    ply: usize,
    /// The board, as `kifu render --format svg` draws it.
    board: String,
}

/// `GET /api/games/{id}/board/{ply}`.
async fn board_at(game: Game, Path((_, ply)): Path<(String, String)>) -> Response {
    game.act(ply, |play, ply| {
        let ply = ply.parse::<usize>().map_err(|_| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.ply",
                format!("the ply is a whole number, not {ply:?}"),
            )
        })?;
        let board = play.board_at(ply)?;
        Ok(json(&BoardAtJson { ply, board }))
    })
    .await
}

/// A level of the engine, as the board offers it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
struct LevelJson {
    /// Its number, 1 to 8.
    level: u8,
    /// Its name ("Beginner" ... "Full strength").
    name: &'static str,
    /// Its Elo in each game (benches/levels.sh; level 1 at 1000), null
    /// where not measured yet.
    elo: std::collections::BTreeMap<&'static str, Option<i32>>,
}

/// `GET /api/levels`.
async fn levels() -> Response {
    let levels: Vec<LevelJson> = Level::all()
        .map(|level| LevelJson {
            level: level.number(),
            name: level.name(),
            elo: (GameKind::ALL.iter())
                .map(|&kind| (kind.name(), level.elo(kind)))
                .collect(),
        })
        .collect();
    json(&levels)
}

/// The body of `POST /api/games/{id}/placement`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct PlaceBody {
    /// The mover's next square.
    square: String,
}

/// `POST /api/games/{id}/placement`.
async fn place_square(game: Game, Json(asked): Json<PlaceBody>) -> Response {
    game.act(asked, |play, asked| {
        play.place(&asked.square)?;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/save`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct SaveBody {
    /// The file's index in `GET /api/files`.
    file: usize,
}

/// The answer to a save.
#[derive(Debug, Serialize, schemars::JsonSchema)]
struct SavedJson {
    file: usize,
    name: String,
    /// The records the file holds now.
    records: Option<usize>,
}

/// `POST /api/games/{id}/save`.
async fn save_game(
    State(files): State<Arc<Files>>,
    game: Game,
    Json(asked): Json<SaveBody>,
) -> Response {
    game.act(asked, move |play, asked| {
        let record = play.record_to_save()?;
        let last = play.saved.get(&asked.file).copied();
        let (name, saved) = files.save(asked.file, &record, last)?;
        play.saved.insert(asked.file, saved);
        let records = files.count_of(asked.file);
        Ok(json(&SavedJson {
            file: asked.file,
            name,
            records,
        }))
    })
    .await
}

/// The body of `POST /api/games/{id}/analyse`, `/graph` and `/review`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct AnalyseBody {
    /// The engine's time for each position, in ms.
    movetime: Option<u64>,
    /// Or the depth to search to (`analyse` and `review`).
    depth: Option<u32>,
}

/// `POST /api/games/{id}/analyse`: the engine's score and best line for
/// the position shown.
async fn analyse_position(game: Game, Json(asked): Json<AnalyseBody>) -> Response {
    game.act(asked, |play, asked| {
        Ok(json(&play.analyse(asked.movetime, asked.depth)?))
    })
    .await
}

/// `POST /api/games/{id}/review`: the game reviewed, or how far its review
/// has got.
async fn review_game(game: Game, Json(asked): Json<AnalyseBody>) -> Response {
    game.act(asked, |play, asked| {
        Ok(json(&play.review(asked.movetime, asked.depth)?))
    })
    .await
}

/// `POST /api/games/{id}/graph`: the score of every position of the game.
async fn score_graph(game: Game, Json(asked): Json<AnalyseBody>) -> Response {
    game.act(asked, |play, asked| {
        Ok(json(&play.graph(asked.movetime, asked.depth)?))
    })
    .await
}
