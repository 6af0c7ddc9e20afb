//! The page and its assets: `GET /` and the scripts and style it loads,
//! each a fixed text built into kifu.

use super::openapi::ApiDoc;
use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// The routes of the page and its assets.
pub(super) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(page))
        .route("/board.js", get(board_script))
        .route("/serve.js", get(script))
        .route("/serve.css", get(style))
        .route("/annotate.js", get(annotate_script))
        .route("/watch.js", get(watch_script))
        .route("/analyse.js", get(analyse_script))
        .route("/rules.js", get(rules_script))
}

/// Describes the page's routes in `doc`.
pub(super) fn describe(doc: &mut ApiDoc) {
    let script = "text/javascript; charset=utf-8";
    doc.get_text(
        "/",
        "The page (with ?token=T, it sets the token's cookie).",
        "text/html; charset=utf-8",
    );
    doc.get_text("/board.js", "The board's script.", script);
    doc.get_text("/serve.js", "The page's script.", script);
    doc.get_text("/serve.css", "The page's style.", "text/css; charset=utf-8");
    doc.get_text("/annotate.js", "The annotation's script.", script);
    doc.get_text("/watch.js", "The watch's script.", script);
    doc.get_text("/analyse.js", "The analysis's script.", script);
    doc.get_text("/rules.js", "The rules' script.", script);
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

/// `GET /analyse.js`: the page's analysis and score graph.
async fn analyse_script() -> Response {
    asset("text/javascript; charset=utf-8", include_str!("analyse.js"))
}

/// `GET /rules.js`: "How to play", each game's rules with live boards.
async fn rules_script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("page-rules.js"),
    )
}

/// `GET /serve.css`.
async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("page.css"))
}
