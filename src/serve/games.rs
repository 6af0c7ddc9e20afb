//! The games being played through the server, in memory: each a
//! [`Play`] of the board (its start, its position, its record so far,
//! its engine once asked), behind a lock of its own, with what its saves
//! left in the files.

use super::error::ApiError;
use super::files::Saved;
use super::state::Registry;
use crate::board::{MAX_GAMES, Play, REVIEW_SLICE, Seats};
use crate::play::Start;
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

mod routes;

pub(super) use routes::{describe, routes};

/// The most games that keep their engine between questions: a game that
/// asks once this many keep theirs starts it for the question and lets
/// it go after, so that a thousand games never hold a thousand engine
/// processes.
pub(super) const MAX_SEATS: usize = 16;

/// A game played through the server, and what its saves left in each
/// file, by index.
#[derive(Debug)]
pub(super) struct Served {
    play: Play,
    pub(super) saved: HashMap<usize, Saved>,
}

impl Deref for Served {
    type Target = Play;

    fn deref(&self) -> &Play {
        &self.play
    }
}

impl DerefMut for Served {
    fn deref_mut(&mut self) -> &mut Play {
        &mut self.play
    }
}

/// A game shared between the requests that name it, one at a time.
pub(super) type Shared = Arc<tokio::sync::Mutex<Served>>;

/// Every game, by id.
#[derive(Debug)]
pub(super) struct Games {
    by_id: Registry<Shared>,
    /// The engine each game asks (`--engine`); the built-in one if empty.
    pub(super) engine: Arc<str>,
    /// The engines games keep between questions.
    seats: Seats,
}

impl Games {
    /// No games yet, each to ask `engine` (`--engine`).
    pub(super) fn asking(engine: Arc<str>) -> Self {
        Self {
            by_id: Registry::new(
                MAX_GAMES,
                (
                    "serve.too-many-games",
                    format!("this server keeps at most {MAX_GAMES} games"),
                ),
                (
                    "serve.no-game",
                    "no such game: POST /api/games starts one".to_owned(),
                ),
            ),
            engine,
            seats: Seats::most(MAX_SEATS),
        }
    }

    /// Keeps a new game from its start; its id.
    ///
    /// # Errors
    /// 503 when [`MAX_GAMES`] are kept.
    pub(super) fn add(&self, started: Start) -> Result<Shared, ApiError> {
        self.by_id.add(|id| {
            let engine = match &*self.engine {
                "" => Arc::from(crate::seat::BUILT_IN),
                _ => Arc::clone(&self.engine),
            };
            let play = Play::new(id, started, engine, self.seats.clone(), REVIEW_SLICE);
            Arc::new(tokio::sync::Mutex::new(Served {
                play,
                saved: HashMap::new(),
            }))
        })
    }

    /// The game of id `id`, as the request wrote it.
    ///
    /// # Errors
    /// 404 for no such game.
    pub(super) fn get(&self, id: &str) -> Result<Shared, ApiError> {
        self.by_id.get(id)
    }
}
