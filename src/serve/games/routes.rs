//! The routes of the games being played (`/api/games`, the module doc of
//! [`crate::serve`] gives them): each reads its body with
//! [`Json`], finds its game with [`Game`], and does its work on the game,
//! locked, off the runtime's threads.

use super::{Games, Served, Shared};
use crate::board::{
    AnalyseBody, AnalysisJson, BoardAtJson, ClockBody, EngineBody, EngineJson, FlipBody, GraphJson,
    HintBody, HintJson, LevelJson, MoveBody, NewGame, PlaceBody, Play, RecordBody, ReviewJson,
    StateJson, TakeBackBody, board_at, levels, new_start, outcome_of, start_of_record,
};
use crate::serve::error::{ApiError, blocking};
use crate::serve::extract::Json;
use crate::serve::files::Files;
use crate::serve::openapi::ApiDoc;
use crate::serve::reply::json;
use axum::Router;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

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
        .route("/api/games/{id}/board/{ply}", get(look_back))
        .route("/api/levels", get(level_list))
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
        F: FnOnce(&mut Served, B) -> Result<Response, ApiError> + Send + 'static,
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
    let shared = match new_start(&asked).and_then(|started| games.add(started)) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    (StatusCode::CREATED, state_answer(&*shared.lock().await)).into_response()
}

/// `POST /api/games/record`: a game at the end of the main line of the
/// record given, its tags kept but its result (the game has its own),
/// its comments and variations left out; 422 with the referee's words
/// for a record it refuses.
async fn game_of_record(
    State(games): State<Arc<Games>>,
    Json(asked): Json<RecordBody>,
) -> Response {
    let added =
        start_of_record(asked.text).and_then(|(started, moves)| Ok((games.add(started)?, moves)));
    let (shared, moves) = match added {
        Ok(added) => added,
        Err(refused) => return refused.into_response(),
    };
    let mut play = shared.lock().await;
    for text in &moves {
        if let Err(refused) = play.play(text) {
            return refused.into_response();
        }
    }
    (StatusCode::CREATED, state_answer(&play)).into_response()
}

/// `GET /api/games/{id}`.
async fn game_state(Game(shared): Game) -> Response {
    state_answer(&*shared.lock().await)
}

/// `POST /api/games/{id}/moves`.
async fn play_move(game: Game, Json(asked): Json<MoveBody>) -> Response {
    game.act(asked, |play, asked| {
        play.play(&asked.text)?;
        Ok(state_answer(play))
    })
    .await
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

/// `POST /api/games/{id}/hint`.
async fn engine_hint(game: Game, Json(asked): Json<HintBody>) -> Response {
    game.act(asked, |play, asked| {
        let moves = play.engine_moves(asked.movetime, None)?;
        Ok(json(&HintJson::of(moves)))
    })
    .await
}

/// `POST /api/games/{id}/takeback`.
async fn take_back(game: Game, Json(asked): Json<TakeBackBody>) -> Response {
    game.act(asked, |play, asked| {
        play.take_back(asked.kept)?;
        Ok(state_answer(play))
    })
    .await
}

/// `POST /api/games/{id}/flip`.
async fn flip_board(game: Game, Json(asked): Json<FlipBody>) -> Response {
    game.act(asked, |play, asked| {
        play.flip = asked.flip;
        Ok(state_answer(play))
    })
    .await
}

/// `POST /api/games/{id}/clock`: the game's clock, set before its first
/// move; nobody's time runs until that move.
async fn set_clock(game: Game, Json(asked): Json<ClockBody>) -> Response {
    game.act(asked, |play, asked| {
        play.set_clock(asked.base(), asked.increment())?;
        Ok(state_answer(play))
    })
    .await
}

/// `GET /api/games/{id}/board/{ply}`.
async fn look_back(game: Game, Path((_, ply)): Path<(String, String)>) -> Response {
    game.act(ply, |play, ply| Ok(json(&board_at(play, &ply)?)))
        .await
}

/// `GET /api/levels`.
async fn level_list() -> Response {
    json(&levels())
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
