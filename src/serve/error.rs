//! [`ApiError`]: a refusal, its status, its stable code and its words,
//! and how it is answered. Every route refuses with it; it imports no
//! route's module.

use super::MAX_BODY;
use super::reply::json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

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

    /// 413: a body over [`MAX_BODY`].
    pub(super) fn too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "serve.too-large",
            format!("a request body is at most {MAX_BODY} bytes"),
        )
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
