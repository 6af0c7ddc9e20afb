//! The page and its assets: `GET /` and the scripts and style it loads,
//! each a fixed text built into kifu ([`ASSETS`], which `kifu site`
//! writes out too).

use super::openapi::ApiDoc;
use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// A fixed text of the page: where it is asked for, its type, what it is
/// and the text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Asset {
    /// Its path (`/` the page).
    pub(crate) path: &'static str,
    /// Its media type.
    pub(crate) kind: &'static str,
    /// What it is, in the API's document.
    pub(crate) about: &'static str,
    /// The text.
    pub(crate) text: &'static str,
}

const SCRIPT: &str = "text/javascript; charset=utf-8";

/// The page and every asset it loads.
pub(crate) const ASSETS: [Asset; 8] = [
    Asset {
        path: "/",
        kind: "text/html; charset=utf-8",
        about: "The page (with ?token=T, it sets the token's cookie).",
        text: include_str!("page.html"),
    },
    Asset {
        path: "/board.js",
        kind: SCRIPT,
        about: "The board's script.",
        text: include_str!("board.js"),
    },
    Asset {
        path: "/serve.js",
        kind: SCRIPT,
        about: "The page's script.",
        text: include_str!("page.js"),
    },
    Asset {
        path: "/serve.css",
        kind: "text/css; charset=utf-8",
        about: "The page's style.",
        text: include_str!("page.css"),
    },
    Asset {
        path: "/annotate.js",
        kind: SCRIPT,
        about: "The annotation's script.",
        text: include_str!("page-annotate.js"),
    },
    Asset {
        path: "/watch.js",
        kind: SCRIPT,
        about: "The watch's script.",
        text: include_str!("page-watch.js"),
    },
    Asset {
        path: "/analyse.js",
        kind: SCRIPT,
        about: "The analysis's script.",
        text: include_str!("analyse.js"),
    },
    Asset {
        path: "/rules.js",
        kind: SCRIPT,
        about: "The rules' script.",
        text: include_str!("page-rules.js"),
    },
];

/// The routes of the page and its assets.
pub(super) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    (ASSETS.iter()).fold(Router::new(), |router, &asset| {
        router.route(asset.path, get(move || async move { answer(asset) }))
    })
}

/// Describes the page's routes in `doc`.
pub(super) fn describe(doc: &mut ApiDoc) {
    for asset in &ASSETS {
        doc.get_text(asset.path, asset.about, asset.kind);
    }
}

/// `asset` as the answer.
fn answer(asset: Asset) -> Response {
    ([(header::CONTENT_TYPE, asset.kind)], asset.text).into_response()
}
