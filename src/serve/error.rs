//! [`ApiError`] (the board's refusal: its status, its stable code and
//! its words) and how it is answered over HTTP. Every route refuses with it; it imports no
//! route's module.

use super::MAX_BODY;
use super::reply::json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

pub(super) use crate::board::ApiError;

/// 413: a body over [`MAX_BODY`].
pub(super) fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "serve.too-large",
        format!("a request body is at most {MAX_BODY} bytes"),
    )
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, json(&self.body())).into_response()
    }
}

/// Runs file or engine work off the runtime's threads; its refusal is the
/// answer.
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
