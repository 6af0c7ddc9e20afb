//! The forms of an answer every route shares: a value as JSON, JSON text,
//! a fixed asset. It imports nothing of the server's.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A value as a JSON answer.
pub(super) fn json<T: Serialize>(value: &T) -> Response {
    match serde_json::to_string(value) {
        Ok(text) => json_text(text),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// JSON text as an answer.
pub(super) fn json_text(text: String) -> Response {
    let mut response = Response::new(Body::from(text));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
