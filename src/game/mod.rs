//! The one game abstraction that the CLI, the REPL and the JSON use.
//!
//! Each game implements [`Game`]; the blanket [`AnyGame`] impl turns it into
//! an object that works on move text, so the rest of kifu picks a game at
//! run time through [`GameKind`] and never names a game's types.

mod kind;
mod outcome;
mod tags;

pub use kind::{COMMON_TAGS, GameKind, GameVisitor};
pub use outcome::{Outcome, Score, Scores, rank};
pub use tags::{TagError, Tags};

use serde_json::Value;
use std::fmt;

/// Where a ply stands in the record's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn<'a> {
    /// The move number (two-player games) or turn number (lotus).
    pub number: u32,
    /// Whether the next ply opens a numbered move or turn.
    pub opens: bool,
    /// Who moves, as messages name them (`White`, `red`).
    pub mover: &'a str,
}

impl<'a> Turn<'a> {
    /// The turn of a two-player game after `plies` plies counted from the
    /// first side's first move: pairs numbered from 1, each opened by a ply
    /// of even index.
    pub fn of_pairs(plies: u32, mover: &'a str) -> Self {
        Self {
            number: plies / 2 + 1,
            opens: plies % 2 == 0,
            mover,
        }
    }
}

/// How a game numbers its movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    /// `12.` before the first ply of a pair, `12...` before the second; optional.
    Pairs,
    /// `12.` required before every turn, which must be whole.
    Turns,
}

impl Numbering {
    /// The word used in messages: `move` or `turn`.
    pub fn label(self) -> &'static str {
        match self {
            Numbering::Pairs => "move",
            Numbering::Turns => "turn",
        }
    }
}

/// How to draw a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// Box-drawing characters and symbols.
    Unicode,
    /// Plain ASCII.
    Ascii,
}

/// A move as kifu describes it in JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveDetail {
    /// The move written the canonical way.
    pub normalized: String,
    /// Its parts (squares, pawn, capture, bird, choice...).
    pub parts: Value,
}

/// A game: its rules, its notation and its rendering.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move resolved from its text.
    type Move: Clone + fmt::Display + fmt::Debug;
    /// Why a move's text cannot be read or the move is illegal.
    type Error: fmt::Display;

    /// The game's kind.
    const KIND: GameKind;
    /// The tags this game reads, besides the common ones.
    const TAGS: &'static [&'static str];
    /// How the movetext is numbered.
    const NUMBERING: Numbering;

    /// The start position the tags describe.
    ///
    /// # Errors
    /// The first tag that is missing or wrong.
    fn from_tags(tags: Tags<'_>) -> Result<Self, TagError>;
    /// Reads a move's text in this position.
    ///
    /// # Errors
    /// The text is not a move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;
    /// Reads the move that starts `text`, in its usual form and without
    /// allocating: the move and how many bytes it takes, or `None` to leave
    /// the word to [`Game::parse_move`]. The referee's quick path.
    ///
    /// A move read here is the one `parse_move` reads from those bytes,
    /// which are letters, digits and the move's own signs: never white
    /// space, `{`, `}`, `;`, `!` or `?`. Whether the word ends there is for
    /// the caller to check.
    fn read_move_at(&self, text: &[u8]) -> Option<(Self::Move, usize)> {
        let _ = text;
        None
    }
    /// Checks a move against the position.
    ///
    /// # Errors
    /// Why the move is illegal, as a player would say it.
    fn check(&self, mv: &Self::Move) -> Result<(), Self::Error>;
    /// Plays a move that [`Game::check`] accepted.
    fn apply(&mut self, mv: &Self::Move);
    /// Checks a move and plays it if it is legal; on error nothing changes.
    ///
    /// A game whose check and apply share work may do it once here.
    ///
    /// # Errors
    /// Why the move is illegal, as [`Game::check`] says it.
    fn check_and_apply(&mut self, mv: &Self::Move) -> Result<(), Self::Error> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }
    /// Every legal move, in a stable order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended; cheaper than [`Game::outcome`].
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The scores so far, ranked, for games that keep a score.
    fn scores(&self) -> Option<Scores> {
        None
    }
    /// Where the next ply stands in the numbering, and who plays it.
    fn turn(&self) -> Turn<'_>;
    /// Who played the turn before the one in progress, in a game numbered
    /// by turns ([`Numbering::Turns`]), for a fault that names that turn
    /// (a fourth pawn move); `None` before the first turn, and in games
    /// numbered by pairs. Asked only when such a fault is found, so that
    /// the referee keeps no name per turn.
    fn previous_mover(&self) -> Option<&str> {
        None
    }
    /// The constraint in force, in words (the bird, a check, the pawn to move).
    fn constraint(&self) -> Option<String>;
    /// The board as text.
    fn render(&self, charset: Charset) -> String;
    /// The position as JSON.
    fn position_json(&self) -> Value;
    /// A move's canonical text and parts.
    fn describe(&self, mv: &Self::Move) -> MoveDetail;
    /// The tags a fresh record of this position carries (besides `Game`).
    fn setup_tags(&self) -> Vec<(String, String)>;
    /// Tags for a random start position (the default setup when empty).
    fn random_tags(rng: &mut crate::rng::Rng) -> Vec<(String, String)>
    where
        Self: Sized,
    {
        let _ = rng;
        Vec::new()
    }
}

/// Why a move was refused: its text is not a move, or the move is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MoveError(pub String);

/// A game position behind a pointer, driven by move text.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The game's kind.
    fn kind(&self) -> GameKind;
    /// How the movetext is numbered.
    fn numbering(&self) -> Numbering;
    /// Reads, checks and plays a move; on error nothing changes. Once the
    /// game has ended, every move is refused.
    ///
    /// # Errors
    /// Why the text is not a legal move here.
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    /// The canonical text and parts of a legal move.
    ///
    /// # Errors
    /// Why the text is not a legal move here.
    fn detail(&self, text: &str) -> Result<MoveDetail, MoveError>;
    /// Every legal move as text.
    fn legal_moves(&self) -> Vec<String>;
    /// Counts the legal move sequences of `depth` plies.
    fn perft(&self, depth: u32) -> u64;
    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The scores so far, ranked, for games that keep a score.
    fn scores(&self) -> Option<Scores>;
    /// Where the next ply stands, and who plays it.
    fn turn(&self) -> Turn<'_>;
    /// The constraint in force, in words.
    fn constraint(&self) -> Option<String>;
    /// The board as text.
    fn render(&self, charset: Charset) -> String;
    /// The position as JSON.
    fn position_json(&self) -> Value;
    /// The tags a fresh record of this position carries.
    fn setup_tags(&self) -> Vec<(String, String)>;
    /// A copy of the position.
    fn box_clone(&self) -> Box<dyn AnyGame>;
}

/// Why no move is legal once the game has ended.
const GAME_OVER: &str = "the game is already over";

impl<G: Game> AnyGame for G {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn numbering(&self) -> Numbering {
        G::NUMBERING
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        play(self, text)
    }

    fn detail(&self, text: &str) -> Result<MoveDetail, MoveError> {
        if Game::is_over(self) {
            return Err(MoveError(GAME_OVER.into()));
        }
        let mv = self
            .parse_move(text)
            .map_err(|e| MoveError(e.to_string()))?;
        self.check(&mv).map_err(|e| MoveError(e.to_string()))?;
        Ok(self.describe(&mv))
    }

    fn legal_moves(&self) -> Vec<String> {
        Game::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn scores(&self) -> Option<Scores> {
        Game::scores(self)
    }

    fn turn(&self) -> Turn<'_> {
        Game::turn(self)
    }

    fn constraint(&self) -> Option<String> {
        Game::constraint(self)
    }

    fn render(&self, charset: Charset) -> String {
        Game::render(self, charset)
    }

    fn position_json(&self) -> Value {
        Game::position_json(self)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        Game::setup_tags(self)
    }

    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// Reads, checks and plays a move in `game`; on error nothing changes.
/// Once the game has ended, every move is refused.
///
/// # Errors
/// Why the text is not a legal move here.
#[inline]
pub fn play<G: Game>(game: &mut G, text: &str) -> Result<(), MoveError> {
    if game.is_over() {
        return Err(MoveError(GAME_OVER.into()));
    }
    let mv = game.parse_move(text).map_err(refused::<G>)?;
    game.check_and_apply(&mv).map_err(refused::<G>)
}

/// Checks and plays a move already read, as [`play`] does.
///
/// # Errors
/// Why the move is illegal here.
#[inline(always)]
pub fn play_read<G: Game>(game: &mut G, mv: &G::Move) -> Result<(), MoveError> {
    if game.is_over() {
        return Err(MoveError(GAME_OVER.into()));
    }
    play_read_running(game, mv)
}

/// [`play_read`] in a game its caller found still running.
///
/// # Errors
/// Why the move is illegal here.
#[inline(always)]
pub fn play_read_running<G: Game>(game: &mut G, mv: &G::Move) -> Result<(), MoveError> {
    debug_assert!(!game.is_over(), "the game is running");
    game.check_and_apply(mv).map_err(refused::<G>)
}

/// A game's reason for refusing a move, in words.
#[cold]
fn refused<G: Game>(error: G::Error) -> MoveError {
    MoveError(error.to_string())
}

/// Counts the legal move sequences of `depth` plies from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = game.clone();
            next.apply(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
