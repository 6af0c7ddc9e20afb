//! The files that may be opened, and their records: `GET /api/files` and
//! `GET /api/files/{i}` (`?from=F&count=N` for a page of records).

use super::error::blocking;
use super::extract::Query;
use super::files::{FileJson, Files, RecordsPage};
use super::openapi::ApiDoc;
use super::reply::{json, json_text};
use axum::Router;
use axum::extract::{FromRef, Path, State};
use axum::response::Response;
use axum::routing::get;
use std::sync::Arc;

/// The routes of the files.
pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Files>: FromRef<S>,
{
    Router::new()
        .route("/api/files", get(list_files))
        .route("/api/files/{index}", get(file_records))
}

/// Describes the routes of the files in `doc`.
pub(super) fn describe(doc: &mut ApiDoc) {
    doc.get::<Vec<FileJson>>("/api/files", "Every file the server may read and write.");
    let page = "A page of a file's records, each as kifu json writes it.";
    doc.get_with_query::<Page, RecordsPage>("/api/files/{index}", page);
    let first = ("index", "$response.body#/0/index");
    doc.link(("get", "/api/files"), "200", "/api/files/{index}", first);
}

/// `GET /api/files`.
async fn list_files(State(files): State<Arc<Files>>) -> Response {
    blocking(move || Ok(json(&files.listing()))).await
}

/// The query of `GET /api/files/{index}`: `count` records from the
/// `from`th (0 the first), those before skipped unread; a page holds
/// [`super::files::PAGE_RECORDS`] at most.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Page {
    #[serde(default)]
    from: usize,
    count: Option<usize>,
}

/// `GET /api/files/{index}`.
async fn file_records(
    State(files): State<Arc<Files>>,
    Path(index): Path<String>,
    Query(page): Query<Page>,
) -> Response {
    blocking(move || {
        files
            .records_json(&index, page.from, page.count)
            .map(json_text)
    })
    .await
}
