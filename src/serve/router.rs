//! The router: the routes of every module of the server merged, behind
//! the guard, with the state they share. It only assembles: each route's
//! module holds its handlers and says the state they take (by
//! [`FromRef`]: the games, the files, the records open, the watch); the
//! [`App`] here holds them all, and no module imports this one.

use super::annotate::{self, Annotations};
use super::error::ApiError;
use super::files::Files;
use super::games::{self, Games};
use super::guard::{Admitted, Guard, harden};
use super::openapi::ApiDoc;
use super::reply::json;
use super::watch::{self, Watch};
use super::{MAX_BODY, REQUEST_TIME, listing, page};
use axum::Router;
use axum::extract::{FromRef, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// What the routes share: the state of each module of routes, which
/// takes its own part of it.
#[derive(Debug, Clone)]
pub(super) struct App {
    files: Arc<Files>,
    games: Arc<Games>,
    annotations: Arc<Annotations>,
    /// The match followed with `--watch`, if one is.
    watch: Option<Arc<Watch>>,
}

impl FromRef<App> for Arc<Files> {
    fn from_ref(app: &App) -> Self {
        Arc::clone(&app.files)
    }
}

impl FromRef<App> for Arc<Games> {
    fn from_ref(app: &App) -> Self {
        Arc::clone(&app.games)
    }
}

impl FromRef<App> for Arc<Annotations> {
    fn from_ref(app: &App) -> Self {
        Arc::clone(&app.annotations)
    }
}

impl FromRef<App> for Option<Arc<Watch>> {
    fn from_ref(app: &App) -> Self {
        app.watch.clone()
    }
}

/// The routes, behind `guard`: the files, the games asking `engine`
/// (`--engine`), the records open, and the match `watch`ed, if one is.
pub(super) fn router(
    guard: Guard,
    files: Files,
    engine: Arc<str>,
    watch: Option<Arc<Watch>>,
) -> Router {
    let app = App {
        files: Arc::new(files),
        games: Arc::new(Games::asking(engine)),
        annotations: Arc::new(Annotations::new()),
        watch,
    };
    Router::new()
        .merge(page::routes())
        .merge(listing::routes())
        .merge(games::routes())
        .merge(annotate::routes())
        .merge(watch::routes())
        .route("/api/openapi.json", get(api_document))
        .fallback(no_route)
        .layer(from_fn_with_state(Arc::new(guard), guarded))
        .with_state(app)
}

/// The OpenAPI document of every route, which each module of routes
/// describes ([`ApiDoc`]).
pub(super) fn document() -> serde_json::Value {
    let mut doc = ApiDoc::new();
    page::describe(&mut doc);
    listing::describe(&mut doc);
    games::describe(&mut doc);
    annotate::describe(&mut doc);
    watch::describe(&mut doc);
    let this = "This document: the API's routes, each with its body and answer.";
    doc.get::<serde_json::Value>("/api/openapi.json", this);
    doc.document()
}

/// `GET /api/openapi.json`.
async fn api_document() -> Response {
    static DOCUMENT: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    json(DOCUMENT.get_or_init(document))
}

/// Every request: the guard's checks, a bounded body, a bounded time, and
/// the headers every answer carries.
async fn guarded(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let admitted = guard.admit(request.method(), request.uri(), request.headers());
    let declared = (request.headers().get(header::CONTENT_LENGTH))
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    let mut response = match admitted {
        Err(refusal) => refusal.into_response(),
        Ok(_) if declared.is_some_and(|length| length > MAX_BODY as u64) => {
            super::error::too_large().into_response()
        }
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
                && let Ok(cookie) = HeaderValue::from_str(&guard.cookie())
            {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            response
        }
    };
    harden(response.headers_mut());
    response
}

/// 404 for any other path.
async fn no_route() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "serve.no-route",
        "no such page: see `kifu man` for the API of kifu serve".to_owned(),
    )
}
