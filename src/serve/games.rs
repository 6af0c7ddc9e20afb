//! The games being played through the server, in memory: each its start,
//! its position, its record so far, its engine once asked, and what its
//! saves left in the files.

use super::api::ApiError;
use super::files::Saved;
use crate::builder::RecordBuilder;
use crate::draw::{View, picture, svg};
use crate::game::{AnyGame, GameKind, MoveDetail};
use crate::kep::Decision;
use crate::model::OutcomeJson;
use crate::seat::{Clock, Seat, Terms};
use axum::http::StatusCode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most games kept at once.
pub(super) const MAX_GAMES: usize = 1000;

/// The longest time the engine may be given for a move, in ms.
pub(super) const MAX_MOVETIME: u64 = 10_000;

/// One game.
#[derive(Debug)]
pub(super) struct Play {
    id: u64,
    kind: GameKind,
    start: Box<dyn AnyGame>,
    game: Box<dyn AnyGame>,
    record: RecordBuilder,
    moves: Vec<String>,
    seat: Option<Box<dyn Seat>>,
    /// What this game's saves left in each file, by index.
    pub(super) saved: HashMap<usize, Saved>,
}

/// A game shared between the requests that name it, one at a time.
pub(super) type Shared = Arc<tokio::sync::Mutex<Play>>;

/// Every game, by id.
#[derive(Debug, Default)]
pub(super) struct Games {
    by_id: Mutex<HashMap<u64, Shared>>,
}

impl Games {
    /// Keeps a new game from its start; its id.
    ///
    /// # Errors
    /// 503 when [`MAX_GAMES`] are kept.
    pub(super) fn add(
        &self,
        tags: Vec<(String, String)>,
        start: Box<dyn AnyGame>,
    ) -> Result<Shared, ApiError> {
        let mut by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        if by_id.len() >= MAX_GAMES {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "serve.too-many-games",
                format!("this server keeps at most {MAX_GAMES} games"),
            ));
        }
        let id = by_id.len() as u64 + 1;
        let play = Play {
            id,
            kind: start.kind(),
            game: start.box_clone(),
            start,
            record: RecordBuilder::with_tags(tags),
            moves: Vec::new(),
            seat: None,
            saved: HashMap::new(),
        };
        let shared = Arc::new(tokio::sync::Mutex::new(play));
        by_id.insert(id, Arc::clone(&shared));
        Ok(shared)
    }

    /// The game of id `id`, as the request wrote it.
    ///
    /// # Errors
    /// 404 for no such game.
    pub(super) fn get(&self, id: &str) -> Result<Shared, ApiError> {
        let by_id = self.by_id.lock().unwrap_or_else(|e| e.into_inner());
        let found = id.parse::<u64>().ok().and_then(|id| by_id.get(&id));
        found.cloned().ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-game",
                "no such game: POST /api/games starts one".to_owned(),
            )
        })
    }
}

/// A tag as JSON.
#[derive(Debug, serde::Serialize)]
pub(super) struct TagJson {
    name: String,
    value: String,
}

/// A game's state, as the API gives it.
#[derive(Debug, serde::Serialize)]
pub(super) struct StateJson<'a> {
    id: u64,
    game: GameKind,
    /// The tags a record starting from this position carries.
    tags: Vec<TagJson>,
    /// The moves played (lotus: pawn moves).
    moves: &'a [String],
    /// Who plays next; none once the game is over.
    to_move: Option<&'a str>,
    /// The constraint in force, in words.
    constraint: Option<String>,
    /// Every legal move.
    legal_moves: Vec<String>,
    /// The board, as `kifu render --format svg` draws it.
    board: String,
    /// The outcome, once the game is over.
    result: Option<OutcomeJson<'a>>,
    /// The game as a record.
    record: String,
}

/// What the engine did, with the state after it.
#[derive(Debug, serde::Serialize)]
pub(super) struct EngineJson<'a> {
    /// The moves it played (lotus: its turn's pawn moves).
    moves: Vec<String>,
    /// Whether it resigned instead (the position is left as it was).
    resigned: bool,
    /// The state after its moves.
    state: StateJson<'a>,
}

/// The outcome a state shows; kept apart so the state can borrow it.
pub(super) fn outcome_of(play: &Play) -> Option<crate::game::Outcome> {
    play.game.outcome()
}

impl Play {
    /// Its state, with its `outcome` ([`outcome_of`]).
    pub(super) fn state<'a>(&'a self, outcome: &'a Option<crate::game::Outcome>) -> StateJson<'a> {
        let last = MoveDetail::last_of(self.start.as_ref(), &self.moves);
        let view = View {
            last: last.as_ref().map(|detail| &detail.parts),
            ..View::default()
        };
        let game = self.game.as_ref();
        let board = svg::write(&picture(game, self.kind, &view, self.moves.len()), None);
        let over = outcome.is_some();
        StateJson {
            id: self.id,
            game: self.kind,
            tags: (game.setup_tags().into_iter())
                .map(|(name, value)| TagJson { name, value })
                .collect(),
            moves: &self.moves,
            to_move: (!over).then(|| game.turn().mover),
            constraint: game.constraint(),
            legal_moves: game.legal_moves(),
            board,
            result: outcome.as_ref().map(OutcomeJson::new),
            record: self.record(),
        }
    }

    /// The game as a record, ending with its result.
    pub(super) fn record(&self) -> String {
        self.record.text(self.game.as_ref())
    }

    /// Plays `text`; on a refusal nothing changes.
    ///
    /// # Errors
    /// 422 with the referee's reason and its fault code.
    pub(super) fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let before = self.game.box_clone();
        match self.game.play(text) {
            Ok(()) => {
                self.record.push(before.as_ref(), text);
                self.moves.push(text.to_owned());
                Ok(())
            }
            Err(e) => Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                e.code,
                e.message,
            )),
        }
    }

    /// The built-in engine plays the player to move, `movetime` ms a
    /// move: its moves, or `None` when it resigns. Blocks while it thinks.
    ///
    /// # Errors
    /// 409 once the game is over, 422 for a movetime out of range, 500
    /// when the engine fails or answers a move the referee refuses.
    pub(super) fn engine(&mut self, movetime: u64) -> Result<Option<Vec<String>>, ApiError> {
        if !(1..=MAX_MOVETIME).contains(&movetime) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.movetime",
                format!("movetime is from 1 to {MAX_MOVETIME} ms"),
            ));
        }
        if self.game.is_over() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                crate::game::GAME_OVER,
                "the game is over".to_owned(),
            ));
        }
        let failed = |message: String| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "serve.engine", message)
        };
        let seat = match &mut self.seat {
            Some(seat) => seat,
            None => self.seat.insert(
                crate::seat::start(crate::seat::BUILT_IN).map_err(|e| failed(e.to_string()))?,
            ),
        };
        seat.new_game(self.kind, &self.start.setup_tags());
        let clock = Clock::new(Terms::movetime(Duration::from_millis(movetime)));
        let answer = seat
            .ask(&self.moves, &clock)
            .map_err(|e| failed(e.to_string()))?;
        let Decision::Move(moves) = answer.decision else {
            return Ok(None);
        };
        for mv in &moves {
            self.play(mv)
                .map_err(|e| failed(format!("the engine played {mv}: {}", e.message)))?;
        }
        Ok(Some(moves))
    }

    /// What the engine did, and the state after it.
    pub(super) fn engine_json<'a>(
        &'a self,
        moves: Option<Vec<String>>,
        outcome: &'a Option<crate::game::Outcome>,
    ) -> EngineJson<'a> {
        EngineJson {
            resigned: moves.is_none(),
            moves: moves.unwrap_or_default(),
            state: self.state(outcome),
        }
    }
}
