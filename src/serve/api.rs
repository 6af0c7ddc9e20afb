//! The routes: the page and its assets, and the JSON API that the module
//! doc of [`super`] describes. Every request passes the guard first.

use super::files::Files;
use super::games::{Games, Play, outcome_of};
use super::guard::{Admitted, Guard, harden};
use super::{MAX_BODY, NewGame, REQUEST_TIME};
use crate::game::GameKind;
use crate::play::{self, Start, StartOptions, tag_option};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// What the routes share.
#[derive(Debug)]
pub(super) struct App {
    guard: Guard,
    pub(super) files: Files,
    games: Games,
    pub(super) annotations: super::annotate::Annotations,
    /// The match followed with `--watch`, if one is.
    pub(super) watch: Option<Arc<super::watch::Watch>>,
}

impl App {
    /// The routes' shared state.
    pub(super) fn new(guard: Guard, files: Files, engine: Arc<str>) -> Self {
        Self {
            guard,
            files,
            games: Games::asking(engine),
            annotations: super::annotate::Annotations::default(),
            watch: None,
        }
    }
}

/// A refusal: its status, a stable code and the reason in words, sent as
/// `{"error": reason, "code": code}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ApiError {
    pub(super) status: StatusCode,
    pub(super) code: &'static str,
    pub(super) message: String,
}

impl ApiError {
    /// A refusal with `status`, `code` and `message`.
    pub(super) fn new(status: StatusCode, code: &'static str, message: String) -> Self {
        Self {
            status,
            code,
            message,
        }
    }
}

/// The JSON of an [`ApiError`].
#[derive(Debug, Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    code: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            code: self.code,
        };
        (self.status, json(&body)).into_response()
    }
}

/// A value as a JSON answer.
pub(super) fn json<T: Serialize>(value: &T) -> Response {
    match serde_json::to_string(value) {
        Ok(text) => json_text(text),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// JSON text as an answer.
fn json_text(text: String) -> Response {
    let mut response = Response::new(Body::from(text));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// The routes, behind the guard.
pub(super) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/board.js", get(board_script))
        .route("/serve.js", get(script))
        .route("/serve.css", get(style))
        .route("/annotate.js", get(annotate_script))
        .route("/watch.js", get(watch_script))
        .route("/analyse.js", get(analyse_script))
        .route("/api/files", get(list_files))
        .route("/api/files/{index}", get(file_records))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/engine", post(engine_move))
        .route("/api/games/{id}/hint", post(engine_hint))
        .route("/api/games/{id}/placement", post(place_square))
        .route("/api/games/{id}/save", post(save_game))
        .merge(super::annotate::routes())
        .merge(super::watch::routes())
        .route("/api/games/{id}/analyse", post(analyse_position))
        .route("/api/games/{id}/graph", post(score_graph))
        .fallback(no_route)
        .layer(from_fn_with_state(Arc::clone(&app), guarded))
        .with_state(app)
}

/// Every request: the guard's checks, a bounded body, a bounded time, and
/// the headers every answer carries.
async fn guarded(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let admitted = app
        .guard
        .admit(request.method(), request.uri(), request.headers());
    let declared = (request.headers().get(header::CONTENT_LENGTH))
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    let mut response = match admitted {
        Err(refusal) => refusal.into_response(),
        Ok(_) if declared.is_some_and(|length| length > MAX_BODY as u64) => too_large(),
        Ok(admitted) => {
            let answer = tokio::time::timeout(REQUEST_TIME, next.run(request)).await;
            let mut response = answer.unwrap_or_else(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "serve.timeout",
                    format!("no answer within {} s", REQUEST_TIME.as_secs()),
                )
                .into_response()
            });
            if admitted == Admitted::SetCookie
                && let Ok(cookie) = HeaderValue::from_str(&app.guard.cookie())
            {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            response
        }
    };
    harden(response.headers_mut());
    response
}

/// 413: a body over [`MAX_BODY`].
fn too_large() -> Response {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "serve.too-large",
        format!("a request body is at most {MAX_BODY} bytes"),
    )
    .into_response()
}

/// A JSON body of at most [`MAX_BODY`] bytes, read as `T`.
pub(super) async fn body<T: DeserializeOwned>(request: Request) -> Result<T, Response> {
    let bytes: Bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|_| too_large())?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "serve.body",
            format!("the body is not the JSON expected: {e}"),
        )
        .into_response()
    })
}

/// 404 for any other path.
async fn no_route() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "serve.no-route",
        "no such page: see `kifu man` for the API of kifu serve".to_owned(),
    )
}

/// A fixed text with its type.
fn asset(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

/// `GET /`.
async fn page() -> Response {
    asset("text/html; charset=utf-8", include_str!("page.html"))
}

/// `GET /board.js`: the board that the play and the annotation share,
/// played by clicking or dragging.
async fn board_script() -> Response {
    asset("text/javascript; charset=utf-8", include_str!("board.js"))
}

/// `GET /serve.js`.
async fn script() -> Response {
    asset("text/javascript; charset=utf-8", include_str!("page.js"))
}

/// `GET /annotate.js`: the page's annotation (module `annotate`).
async fn annotate_script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("page-annotate.js"),
    )
}

/// `GET /watch.js`.
async fn watch_script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("page-watch.js"),
    )
}

/// `GET /serve.css`.
async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("page.css"))
}

/// `GET /api/files`.
async fn list_files(State(app): State<Arc<App>>) -> Response {
    blocking(move || Ok(json(&app.files.listing()))).await
}

/// `GET /api/files/{index}`.
async fn file_records(
    State(app): State<Arc<App>>,
    Path(index): Path<String>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
) -> Response {
    let (mut from, mut count) = (0, None);
    for pair in query.as_deref().unwrap_or_default().split('&') {
        match pair.split_once('=') {
            Some(("from", n)) if n.parse::<usize>().is_ok() => from = n.parse().unwrap_or(0),
            Some(("count", n)) if n.parse::<usize>().is_ok() => count = n.parse().ok(),
            _ => {}
        }
    }
    blocking(move || app.files.records_json(&index, from, count).map(json_text)).await
}

/// Runs file or engine work off the runtime's threads.
pub(super) async fn blocking(
    work: impl FnOnce() -> Result<Response, ApiError> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(response)) => response,
        Ok(Err(refusal)) => refusal.into_response(),
        Err(e) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "serve.internal",
            e.to_string(),
        )
        .into_response(),
    }
}

/// A request about game `id` with a JSON body `B`: the game found (404
/// otherwise), the body read (400, 413), then `act` on the game, locked,
/// on a thread that may block (an engine thinks, a file is written); its
/// refusal is the answer.
async fn act_on_game<B, F>(app: &App, id: &str, request: Request, act: F) -> Response
where
    B: DeserializeOwned + Send + 'static,
    F: FnOnce(&mut Play, B) -> Result<Response, ApiError> + Send + 'static,
{
    let shared = match app.games.get(id) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    let asked: B = match body(request).await {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let mut play = shared.lock_owned().await;
    blocking(move || act(&mut play, asked)).await
}

/// The answer that gives `play`'s state.
fn state_answer(play: &Play) -> Response {
    let outcome = outcome_of(play);
    json(&play.state(&outcome))
}

/// `POST /api/games`.
async fn new_game(State(app): State<Arc<App>>, request: Request) -> Response {
    let asked: NewGame = match body(request).await {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let started = match start_of(&asked) {
        Ok(started) => started,
        Err(message) => {
            return ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.setup", message)
                .into_response();
        }
    };
    let shared = match app.games.add(started) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    (StatusCode::CREATED, state_answer(&*shared.lock().await)).into_response()
}

/// The start `asked` for, as `kifu new` starts one from the same options,
/// or, when they leave the start to be placed (Escampe without a `Setup`),
/// the placement to make first.
///
/// # Errors
/// The options at fault, in the words `kifu new` uses.
fn start_of(asked: &NewGame) -> Result<Start, String> {
    let kind = GameKind::from_name(&asked.game).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        format!(
            "no game {:?}: the games are {}",
            asked.game,
            names.join(", ")
        )
    })?;
    let tags = (asked.tags.iter()).map(|tag| tag_option(tag));
    let options = StartOptions {
        tags: tags.collect::<Result<_, _>>().map_err(|e| e.to_string())?,
        ..asked.options.clone()
    };
    play::start(kind, &options).map_err(|e| e.to_string())
}

/// `GET /api/games/{id}`.
async fn game_state(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let shared = match app.games.get(&id) {
        Ok(shared) => shared,
        Err(refused) => return refused.into_response(),
    };
    state_answer(&*shared.lock().await)
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

/// `POST /api/games/{id}/moves`.
async fn play_move(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: MoveBody| {
        play.play(&asked.text)?;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/engine`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineBody {
    /// The engine's time for the move, in ms.
    #[serde(default = "default_movetime")]
    movetime: u64,
}

/// The engine's time for a move unless the request says: 1 s, as `kifu
/// play --vs`.
fn default_movetime() -> u64 {
    1000
}

/// `POST /api/games/{id}/engine`.
async fn engine_move(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: EngineBody| {
        let moves = play.engine(asked.movetime)?;
        let outcome = outcome_of(play);
        Ok(json(&play.engine_json(moves, &outcome)))
    })
    .await
}

/// The engine's move for the side to move, shown, not played.
#[derive(Debug, Serialize)]
struct HintJson {
    /// The moves it would play (lotus: its turn's pawn moves).
    moves: Vec<String>,
    /// Whether it would resign instead.
    resigned: bool,
}

/// `POST /api/games/{id}/hint`.
async fn engine_hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: EngineBody| {
        let moves = play.engine_moves(asked.movetime)?;
        Ok(json(&HintJson {
            resigned: moves.is_none(),
            moves: moves.unwrap_or_default(),
        }))
    })
    .await
}

/// The body of `POST /api/games/{id}/placement`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceBody {
    /// The mover's next square.
    square: String,
}

/// `POST /api/games/{id}/placement`.
async fn place_square(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: PlaceBody| {
        play.place(&asked.square)?;
        Ok(state_answer(play))
    })
    .await
}

/// The body of `POST /api/games/{id}/save`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveBody {
    /// The file's index in `GET /api/files`.
    file: usize,
}

/// The answer to a save.
#[derive(Debug, Serialize)]
struct SavedJson {
    file: usize,
    name: String,
    /// The records the file holds now.
    records: Option<usize>,
}

/// `POST /api/games/{id}/save`.
async fn save_game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let owned = Arc::clone(&app);
    act_on_game(&app, &id, request, move |play, asked: SaveBody| {
        let app = owned;
        let record = play.record_to_save()?;
        let last = play.saved.get(&asked.file).copied();
        let (name, saved) = app.files.save(asked.file, &record, last)?;
        play.saved.insert(asked.file, saved);
        let records = app.files.count_of(asked.file);
        Ok(json(&SavedJson {
            file: asked.file,
            name,
            records,
        }))
    })
    .await
}

/// The body of `POST /api/games/{id}/analyse` and `/graph`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseBody {
    /// The engine's time for each position, in ms.
    movetime: Option<u64>,
    /// Or the depth to search to (`analyse` only).
    depth: Option<u32>,
}

/// `POST /api/games/{id}/analyse`: the engine's score and best line for
/// the position shown.
async fn analyse_position(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: AnalyseBody| {
        Ok(json(&play.analyse(asked.movetime, asked.depth)?))
    })
    .await
}

/// `POST /api/games/{id}/graph`: the score of every position of the game.
async fn score_graph(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    act_on_game(&app, &id, request, |play, asked: AnalyseBody| {
        Ok(json(&play.graph(asked.movetime, asked.depth)?))
    })
    .await
}

/// `GET /analyse.js`: the page's analysis and score graph.
async fn analyse_script() -> Response {
    asset("text/javascript; charset=utf-8", include_str!("analyse.js"))
}
