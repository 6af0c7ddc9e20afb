//! The routes of annotation (the module doc of [`super`] gives them):
//! each reads its body with [`Json`], finds the record open, does one
//! edit and answers with the state ([`Annotation::answer`]), on a thread
//! that may block.
//!
//! | request | body | edit |
//! |---------|------|------|
//! | `POST /api/files/{i}/records/{r}/open` | | opens record `r` of file `i`: 201 |
//! | `POST /api/annotations` | `{"text"}` | opens the first record of a text pasted: 201 |
//! | `GET /api/annotations/{id}` | | none |
//! | `POST /api/annotations/{id}/goto` | `{"node"}` | the cursor to the node |
//! | `POST /api/annotations/{id}/moves` | `{"move"}` | the move played at the cursor |
//! | `POST /api/annotations/{id}/promote` | `{"node"}` | its variation promoted |
//! | `POST /api/annotations/{id}/delete` | `{"node"}` | the node and what follows cut |
//! | `POST /api/annotations/{id}/comment` | `{"node", "comment"}` | its comment |
//! | `POST /api/annotations/{id}/glyph` | `{"node", "glyph", "nags"}` | its glyphs |
//! | `POST /api/annotations/{id}/tags` | `{"tags": [{"name", "value"}]}` | the tags |
//! | `POST /api/annotations/{id}/save` | `{"force"}` | saved in place |

use super::Annotations;
use crate::board::annotation::{
    Annotation, AnnotationJson, CommentBody, GlyphBody, MoveBody, NodeBody, TagsBody,
};
use crate::board::{RecordBody, pasted};
use crate::serve::error::{ApiError, blocking};
use crate::serve::extract::Json;
use crate::serve::files::Files;
use crate::serve::openapi::ApiDoc;
use crate::serve::reply::json;
use axum::Router;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::sync::Arc;

/// The routes of annotation.
pub(in crate::serve) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Annotations>: FromRef<S>,
    Arc<Files>: FromRef<S>,
{
    Router::new()
        .route("/api/files/{index}/records/{record}/open", post(open))
        .route("/api/annotations", post(open_pasted))
        .route("/api/annotations/{id}", get(state))
        .route("/api/annotations/{id}/goto", post(goto))
        .route("/api/annotations/{id}/moves", post(play))
        .route("/api/annotations/{id}/promote", post(promote))
        .route("/api/annotations/{id}/delete", post(delete))
        .route("/api/annotations/{id}/comment", post(comment))
        .route("/api/annotations/{id}/glyph", post(glyph))
        .route("/api/annotations/{id}/tags", post(tags))
        .route("/api/annotations/{id}/save", post(save))
        .route("/api/annotations/{id}/{action}", post(no_action))
}

/// Describes the routes of annotation in `doc`.
pub(in crate::serve) fn describe(doc: &mut ApiDoc) {
    let open = "Opens a record of a file for annotation.";
    doc.post_empty::<AnnotationJson>("/api/files/{index}/records/{record}/open", open, 201);
    let pasted = "Opens the first record of a text pasted for annotation (downloaded, not saved).";
    doc.post::<RecordBody, AnnotationJson>("/api/annotations", pasted, 201);
    doc.get::<AnnotationJson>("/api/annotations/{id}", "The record open's state.");
    let path = "/api/annotations/{id}";
    let goto = "Moves the cursor to a node.";
    doc.post::<NodeBody, AnnotationJson>(&format!("{path}/goto"), goto, 200);
    let play = "Plays a move at the cursor, a variation where it differs.";
    doc.post::<MoveBody, AnnotationJson>(&format!("{path}/moves"), play, 200);
    let promote = "Makes a variation the line it branches off.";
    doc.post::<NodeBody, AnnotationJson>(&format!("{path}/promote"), promote, 200);
    let delete = "Cuts a node and all after it.";
    doc.post::<NodeBody, AnnotationJson>(&format!("{path}/delete"), delete, 200);
    let comment = "Sets a node's comment.";
    doc.post::<CommentBody, AnnotationJson>(&format!("{path}/comment"), comment, 200);
    let glyph = "Sets a node's glyph and numeric glyphs.";
    doc.post::<GlyphBody, AnnotationJson>(&format!("{path}/glyph"), glyph, 200);
    let tags = "Sets the record's tags.";
    doc.post::<TagsBody, AnnotationJson>(&format!("{path}/tags"), tags, 200);
    let save = "Saves the record in place of the one opened.";
    doc.post::<SaveBody, AnnotationJson>(&format!("{path}/save"), save, 200);
    let other = "Any other action: refused.";
    doc.post_refused(&format!("{path}/{{action}}"), other);
    let opened = ("post", "/api/files/{index}/records/{record}/open");
    doc.link(opened, "201", path, ("id", "$response.body#/id"));
}

/// `POST /api/files/{index}/records/{record}/open`: 201 and the state.
async fn open(
    State(files): State<Arc<Files>>,
    State(annotations): State<Arc<Annotations>>,
    Path((index, record)): Path<(String, String)>,
) -> Response {
    blocking(move || {
        let (file, name, bytes) = files.read_whole(&index)?;
        let record = record.parse::<usize>().map_err(|_| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-record",
                format!("{name}: records are named by their index from 0"),
            )
        })?;
        let annotation = Annotation::open(Some(file), &name, &bytes, record)?;
        let shared = annotations.add(annotation)?;
        let annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        Ok((
            StatusCode::CREATED,
            annotation.with_json(|state| json(state)),
        )
            .into_response())
    })
    .await
}

/// `POST /api/annotations`: the first record of the text pasted, open:
/// 201 and the state.
async fn open_pasted(
    State(annotations): State<Arc<Annotations>>,
    Json(asked): Json<RecordBody>,
) -> Response {
    blocking(move || {
        let shared = annotations.add(pasted(&asked.text)?)?;
        let annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        Ok((
            StatusCode::CREATED,
            annotation.with_json(|state| json(state)),
        )
            .into_response())
    })
    .await
}

/// `GET /api/annotations/{id}`.
async fn state(State(annotations): State<Arc<Annotations>>, Path(id): Path<String>) -> Response {
    edit(annotations, id, |_| Ok(())).await
}

/// Does `act` to the record open `id` (404 when none is), off the
/// runtime's threads: the new state, or its refusal.
async fn edit(
    annotations: Arc<Annotations>,
    id: String,
    act: impl FnOnce(&mut Annotation) -> Result<(), ApiError> + Send + 'static,
) -> Response {
    blocking(move || {
        let shared = annotations.get(&id)?;
        let mut annotation = shared.lock().unwrap_or_else(|e| e.into_inner());
        act(&mut annotation)?;
        Ok(annotation.with_json(|state| json(state)))
    })
    .await
}

/// `POST /api/annotations/{id}/goto`.
async fn goto(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<NodeBody>,
) -> Response {
    edit(annotations, id, move |open| open.goto(asked.node)).await
}

/// `POST /api/annotations/{id}/moves`.
async fn play(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<MoveBody>,
) -> Response {
    edit(annotations, id, move |open| open.play(&asked.text)).await
}

/// `POST /api/annotations/{id}/promote`.
async fn promote(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<NodeBody>,
) -> Response {
    edit(annotations, id, move |open| open.promote(asked.node)).await
}

/// `POST /api/annotations/{id}/delete`.
async fn delete(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<NodeBody>,
) -> Response {
    edit(annotations, id, move |open| open.delete(asked.node)).await
}

/// `POST /api/annotations/{id}/comment`.
async fn comment(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<CommentBody>,
) -> Response {
    edit(annotations, id, move |open| {
        open.comment(asked.node, &asked.comment)
    })
    .await
}

/// `POST /api/annotations/{id}/glyph`.
async fn glyph(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<GlyphBody>,
) -> Response {
    edit(annotations, id, move |open| {
        open.glyph(asked.node, asked.glyph, asked.nags)
    })
    .await
}

/// `POST /api/annotations/{id}/tags`.
async fn tags(
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<TagsBody>,
) -> Response {
    edit(annotations, id, move |open| open.set_tags(asked.pairs())).await
}

/// The body of `save`.
#[derive(Debug, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AnnotationSaveBody")]
struct SaveBody {
    /// Save even over a file changed since it was opened.
    #[serde(default)]
    force: bool,
}

/// `POST /api/annotations/{id}/save`.
async fn save(
    State(files): State<Arc<Files>>,
    State(annotations): State<Arc<Annotations>>,
    Path(id): Path<String>,
    Json(asked): Json<SaveBody>,
) -> Response {
    edit(annotations, id, move |open| open.save(asked.force, &files)).await
}

/// `POST /api/annotations/{id}/{action}` for any other action: 404,
/// the body unread.
async fn no_action(Path((_, action)): Path<(String, String)>) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "serve.no-route",
        format!("no such request on a record open: {action}"),
    )
}
