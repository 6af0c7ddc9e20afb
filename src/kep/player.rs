//! What chooses an engine's moves: the [`Player`] trait, and the random
//! player of `kifu engine --random`.

use super::command::GoLimits;
use super::info::Info;
use crate::game::{AnyGame, Placing};
use crate::random::Rng;
use std::ops::RangeInclusive;

/// The most plies one turn may take: more than any game's turn (lotus has
/// three), so that a game that never says its turn ended cannot loop.
const MAX_TURN_PLIES: usize = 16;

/// Why an engine does not take a `setoption`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The engine declares no option at all.
    #[error("unknown option {0}: this engine has none")]
    NoOptions(String),
    /// The engine declares no option of that name.
    #[error("unknown option {0}")]
    Unknown(String),
    /// An option that takes a whole number within a range, given another value.
    #[error("{name} takes a whole number from {} to {}, not {value}", .range.start(), .range.end())]
    NotInRange {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The numbers it takes.
        range: RangeInclusive<i32>,
    },
}

/// An engine's mind: its name, its options and its moves. A
/// [`super::Session`] does the talking.
pub trait Player {
    /// The `id name` line: the engine's name and version (by default
    /// kifu's own engine's).
    fn name(&self) -> String {
        format!("kifu-engine {}", env!("CARGO_PKG_VERSION"))
    }
    /// The `id author` line.
    fn author(&self) -> String {
        "the kifu authors".to_owned()
    }
    /// The options declared in the handshake: each name and default
    /// value (by default none).
    fn options(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// Sets an option.
    ///
    /// # Errors
    /// The option is unknown or the value wrong (by default every option
    /// is unknown).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let _ = value;
        Err(OptionError::NoOptions(name.to_owned()))
    }
    /// The turn to play in `game`, a running game: one word per ply
    /// (lotus: up to three pawn moves), none to resign. What the search
    /// finds on the way goes to `tell`, which writes it at once.
    fn turn(
        &mut self,
        game: &dyn AnyGame,
        limits: &GoLimits,
        tell: &mut dyn FnMut(Info),
    ) -> Vec<String>;
    /// Its placement of the start `placing` leaves open (escampe: its six
    /// squares, Unicorn first), when `go` comes before the start is whole;
    /// by default the first square open at each step.
    fn place(
        &mut self,
        placing: &dyn Placing,
        limits: &GoLimits,
        tell: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        let _ = (limits, tell);
        play_placement(placing, |open| open.first().cloned())
    }
    /// Forgets what it learnt of the last game (`newgame`).
    fn new_game(&mut self) {}
}

/// The mover's placement in `placing`, word by word, each chosen by
/// `choose` among the words open after those before it.
pub fn play_placement(
    placing: &dyn Placing,
    mut choose: impl FnMut(Vec<String>) -> Option<String>,
) -> Vec<String> {
    let mut words = Vec::new();
    while words.len() < MAX_TURN_PLIES {
        let open = placing.next_words(&words);
        match choose(open) {
            Some(word) => words.push(word),
            None => break,
        }
    }
    words
}

/// A placement of the mover's pieces in `placing`, each square drawn by
/// `rng` among those open.
pub fn random_placement(placing: &dyn Placing, rng: &mut Rng) -> Vec<String> {
    play_placement(placing, |mut open| {
        let at = rng.below(open.len());
        (at < open.len()).then(|| open.swap_remove(at))
    })
}

/// The plies of one whole turn from `game`, each chosen by `choose` in the
/// position it is played in: plies follow one another until the game
/// says the turn may end there ([`AnyGame::check_turn_ends`]) or the game
/// ends. The turn stops short, with the plies so far, when `choose` gives
/// no move or its move is refused.
pub fn play_turn(
    game: &dyn AnyGame,
    mut choose: impl FnMut(&dyn AnyGame) -> Option<String>,
) -> Vec<String> {
    let mut position = game.box_clone();
    let mut plies = Vec::new();
    while plies.len() < MAX_TURN_PLIES && !position.is_over() {
        let Some(ply) = choose(position.as_ref()) else {
            break;
        };
        if position.play(&ply).is_err() {
            break;
        }
        plies.push(ply);
        if position.check_turn_ends().is_ok() {
            break;
        }
    }
    plies
}

/// Plays uniformly random legal moves, from a seed.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A player whose moves follow from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn place(
        &mut self,
        placing: &dyn Placing,
        _: &GoLimits,
        _: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        random_placement(placing, &mut self.rng)
    }

    fn turn(&mut self, game: &dyn AnyGame, _: &GoLimits, _: &mut dyn FnMut(Info)) -> Vec<String> {
        play_turn(game, |position| {
            let mut moves = position.legal_moves();
            let at = self.rng.below(moves.len());
            (at < moves.len()).then(|| moves.swap_remove(at))
        })
    }
}
