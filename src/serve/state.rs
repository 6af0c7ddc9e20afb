//! The state the routes keep between requests: a [`Registry`] of the
//! things they open (the games played, the records annotated), by id.
//! It imports no route's module: each route's module keeps its own state
//! in a registry and says what it holds.

use super::error::ApiError;
use axum::http::StatusCode;
use std::collections::HashMap;
use std::sync::Mutex;

/// Entries by id, given from 1 in the order they come, at most `most`
/// of them; each entry a handle (an `Arc`) that requests share.
#[derive(Debug)]
pub(super) struct Registry<T> {
    by_id: Mutex<HashMap<u64, T>>,
    most: usize,
    /// The refusal of one more once `most` are kept (503).
    full: ApiError,
    /// The refusal of an id not kept (404).
    missing: ApiError,
}

impl<T: Clone> Registry<T> {
    /// No entries yet; at most `most`, refused with 503 as `full` (its
    /// code and words) past that; an id not kept refused with 404 as
    /// `missing`.
    pub(super) fn new(
        most: usize,
        full: (&'static str, String),
        missing: (&'static str, String),
    ) -> Self {
        Self {
            by_id: Mutex::new(HashMap::new()),
            most,
            full: ApiError::new(StatusCode::SERVICE_UNAVAILABLE, full.0, full.1),
            missing: ApiError::new(StatusCode::NOT_FOUND, missing.0, missing.1),
        }
    }

    /// Keeps the entry `make` makes with its id.
    ///
    /// # Errors
    /// 503 when `most` are kept.
    pub(super) fn add(&self, make: impl FnOnce(u64) -> T) -> Result<T, ApiError> {
        let mut by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        if by_id.len() >= self.most {
            return Err(self.full.clone());
        }
        let id = by_id.len() as u64 + 1;
        let entry = make(id);
        by_id.insert(id, entry.clone());
        Ok(entry)
    }

    /// The entry of id `id`, as the request wrote it.
    ///
    /// # Errors
    /// 404 for no such entry.
    pub(super) fn get(&self, id: &str) -> Result<T, ApiError> {
        let by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        let found = id.parse::<u64>().ok().and_then(|id| by_id.get(&id));
        found.cloned().ok_or_else(|| self.missing.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn registry(most: usize) -> Registry<Arc<u64>> {
        Registry::new(
            most,
            ("test.full", "full".to_owned()),
            ("test.missing", "missing".to_owned()),
        )
    }

    #[test]
    fn ids_count_from_1_and_name_their_entries() {
        let kept = registry(3);
        for expected in 1..=3 {
            let entry = kept.add(|id| Arc::new(id * 10));
            assert_eq!(entry.map(|e| *e), Ok(expected * 10));
        }
        assert_eq!(kept.get("2").map(|e| *e), Ok(20));
        assert!(Arc::ptr_eq(
            &kept.get("3").unwrap_or_default(),
            &kept.get("3").unwrap_or_default()
        ));
    }

    #[test]
    fn past_the_most_one_more_is_refused_with_503() {
        let kept = registry(1);
        assert!(kept.add(Arc::new).is_ok());
        let refused = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "test.full",
            "full".to_owned(),
        );
        assert_eq!(kept.add(Arc::new), Err(refused));
    }

    #[test]
    fn an_id_not_kept_is_404() {
        let kept = registry(2);
        assert!(kept.add(Arc::new).is_ok());
        let missing = ApiError::new(StatusCode::NOT_FOUND, "test.missing", "missing".to_owned());
        for id in ["0", "2", "-1", "one", "", "1.0", "18446744073709551616"] {
            assert_eq!(kept.get(id), Err(missing.clone()), "{id:?}");
        }
    }
}
