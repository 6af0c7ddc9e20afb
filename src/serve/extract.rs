//! The extractors of what a request asks: [`Json`] reads its body and
//! [`Query`] its query string, through axum's extractors of the same
//! names, with one refusal, an [`ApiError`], in place of axum's own
//! rejections. It imports no route's module.
//!
//! - A body is read whole up to [`MAX_BODY`] bytes (413,
//!   `serve.too-large`, past that), then read as JSON as the static
//!   board reads it ([`crate::board::read_body`]), whatever its
//!   `Content-Type`; a body that is not the JSON expected (bad syntax, a
//!   missing or unknown field, a wrong type, an array where serde would
//!   read a struct's fields in order) is 400, `serve.body`, with
//!   serde_json's words.
//! - A query string is read by axum's `Query`: a value of the wrong type
//!   is 400, `serve.query`; names not expected are passed over.

use super::MAX_BODY;
use super::error::ApiError;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::error::Error;

/// A JSON body read as `T`, refused as an [`ApiError`].
#[derive(Debug)]
pub(super) struct Json<T>(pub(super) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, _: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
            .await
            .map_err(|_| super::error::too_large())?;
        crate::board::read_body(&bytes).map(Json)
    }
}

/// A query string read as `T`, refused as an [`ApiError`].
#[derive(Debug)]
pub(super) struct Query<T>(pub(super) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(asked)) => Ok(Query(asked)),
            Err(rejection) => Err(query_refusal(&rejection)),
        }
    }
}

/// 400, `serve.query`: the query string is not the one expected.
fn query_refusal(rejection: &QueryRejection) -> ApiError {
    let words = match rejection.source().and_then(Error::source) {
        Some(cause) => cause.to_string(),
        None => rejection.body_text(),
    };
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "serve.query",
        format!("the query is not the one expected: {words}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Save {
        file: usize,
    }

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Page {
        from: Option<usize>,
        count: Option<usize>,
    }

    fn run<F: Future>(future: F) -> F::Output {
        let runtime = tokio::runtime::Builder::new_current_thread().build();
        runtime.expect("a runtime").block_on(future)
    }

    fn body<T: DeserializeOwned>(text: impl Into<Body>) -> Result<T, ApiError> {
        let request = Request::new(text.into());
        run(Json::<T>::from_request(request, &())).map(|Json(asked)| asked)
    }

    fn query(uri: &str) -> Result<Page, ApiError> {
        let request = Request::builder().uri(uri).body(Body::empty());
        let (mut parts, _) = request.expect("a request").into_parts();
        run(Query::<Page>::from_request_parts(&mut parts, &())).map(|Query(asked)| asked)
    }

    fn refused(code: &'static str, words: &str) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, words.to_owned())
    }

    #[test]
    fn a_body_is_read_whatever_its_content_type() {
        assert_eq!(body::<Save>(r#"{"file": 2}"#), Ok(Save { file: 2 }));
    }

    #[test]
    fn a_bad_body_is_refused_in_serde_json_words_without_a_path() {
        let expected = "the body is not the JSON expected: ";
        let pinned = refused(
            "serve.body",
            &format!(
                "{expected}invalid type: string \"../outside/secret.kifu\", expected usize at line 1 column 32"
            ),
        );
        assert_eq!(
            body::<Save>(r#"{"file":"../outside/secret.kifu"}"#),
            Err(pinned)
        );
        for text in [
            r#"{"file": 1, "x": 2}"#,
            "{}",
            r#"{"file": 1"#,
            r#"{"file": 1} x"#,
            "",
            r#"{"file": -1}"#,
        ] {
            let words = serde_json::from_str::<Save>(text).map(|_| ()).unwrap_err();
            let refusal = refused("serve.body", &format!("{expected}{words}"));
            assert_eq!(body::<Save>(text), Err(refusal), "{text}");
        }
    }

    #[test]
    fn an_array_is_no_body_even_of_a_struct_s_fields() {
        let array = refused(
            "serve.body",
            "the body is not the JSON expected: an array, where an object is expected",
        );
        assert_eq!(body::<Save>(" [2]"), Err(array.clone()));
        assert_eq!(body::<Page>("[null, null]"), Err(array));
        assert_eq!(
            body::<Page>("{}"),
            Ok(Page {
                from: None,
                count: None
            })
        );
    }

    #[test]
    fn a_body_over_the_limit_is_413() {
        let text = format!("{{\"file\": 1{}}}", " ".repeat(MAX_BODY));
        assert_eq!(body::<Save>(text), Err(crate::serve::error::too_large()));
        let text = format!("{{\"file\": 1{}}}", " ".repeat(MAX_BODY - 11));
        assert_eq!(body::<Save>(text), Ok(Save { file: 1 }));
    }

    #[test]
    fn a_query_passes_over_names_not_expected() {
        let page = query("/api/files/0?token=ab&from=10&count=5");
        let expected = Page {
            from: Some(10),
            count: Some(5),
        };
        assert_eq!(page, Ok(expected));
        let none = Page {
            from: None,
            count: None,
        };
        assert_eq!(query("/api/files/0"), Ok(none));
    }

    #[test]
    fn a_bad_query_is_refused_as_a_bad_body_is() {
        assert_eq!(
            query("/api/files/0?from=ten"),
            Err(refused(
                "serve.query",
                "the query is not the one expected: from: invalid digit found in string"
            ))
        );
    }
}
