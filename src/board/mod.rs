//! The board's API without a server: the games played on the board
//! ([`play`]), what each request asks and answers ([`asked`]), their
//! refusals ([`ApiError`]), and [`Board`], which answers the requests
//! of the page in one process. `kifu serve` answers the same requests
//! over HTTP (`crate::serve`, which adds the guard, the files named on
//! its command line, other engines and live matches); the static board
//! (`kifu site`) answers them in a Web Worker, through the JavaScript
//! package. Both call the same code, so that the page is one page and
//! a game goes the same way wherever it runs.

pub(crate) mod annotation;
mod asked;
mod local;
pub(crate) mod play;
pub(crate) mod position;

pub(crate) use annotation::pasted;
pub(crate) use asked::{
    AnalyseBody, ClockBody, EngineBody, FlipBody, HintBody, HintJson, MoveBody, NewGame, PlaceBody,
    RecordBody, TakeBackBody, board_at, levels, new_start, read_body, start_of_record,
};
pub use local::{Board, Reply};
pub(crate) use play::{Play, Seats, outcome_of};
/// What `kifu serve` alone names: the schemas of its OpenAPI document,
/// and its reviews' slice.
#[cfg(feature = "server")]
pub(crate) use {
    asked::{BoardAtJson, LevelJson},
    play::{AnalysisJson, EngineJson, GraphJson, REVIEW_SLICE, ReviewJson, StateJson},
};

use http::StatusCode;

/// The most games a board keeps at once (`kifu serve`'s too).
pub(crate) const MAX_GAMES: usize = 1000;

/// A refusal: its status, a stable code and the reason in words, sent as
/// `{"error": reason, "code": code}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

impl ApiError {
    /// A refusal with `status`, `code` and `message`.
    pub(crate) fn new(status: StatusCode, code: &'static str, message: String) -> Self {
        Self {
            status,
            code,
            message,
        }
    }
}

/// The JSON of an [`ApiError`].
#[derive(Debug, serde::Serialize)]
pub(crate) struct ErrorBody<'a> {
    /// The reason, in words.
    pub(crate) error: &'a str,
    /// Its stable code.
    pub(crate) code: &'a str,
}

impl ApiError {
    /// Its JSON body.
    pub(crate) fn body(&self) -> ErrorBody<'_> {
        ErrorBody {
            error: &self.message,
            code: self.code,
        }
    }
}
