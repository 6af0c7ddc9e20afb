//! A game played move by move from its start, each move taken back in
//! turn: the `Game` of the Python and JavaScript packages, in one place.

use super::{RecordBuilder, Start, StartError, TurnError, check_turn};
use crate::draw::{View, picture, svg};
use crate::game::{AnyGame, GameKind, MoveDetail, MoveError, SetupError, Tags};
use crate::record::Tag;

/// A game: its start, the moves played, and the position they reach.
#[derive(Debug)]
pub struct Played {
    kind: GameKind,
    /// The tags of its start (`Setup`, `Position`, `Players`...).
    tags: Vec<(String, String)>,
    position: Box<dyn AnyGame>,
    /// Each move played, and the position before it.
    played: Vec<(MoveDetail, Box<dyn AnyGame>)>,
}

/// Why a record's main line cannot be played as a [`Played`].
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The tags describe no start.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move of the line is refused.
    #[error("{text}: {error}")]
    Move {
        /// The move as written.
        text: String,
        /// Why it is refused.
        error: MoveError,
    },
}

impl Played {
    /// The game of a fresh `start`, which its players must have placed.
    ///
    /// # Errors
    /// The start still has pieces to place ([`StartError::Unplaced`]).
    pub fn of_start(start: Start) -> Result<Played, StartError> {
        let start = start.placed()?;
        Ok(Played {
            kind: start.kind,
            tags: start.game.setup_tags(),
            position: start.game,
            played: Vec::new(),
        })
    }

    /// The game a record of `kind` starts with its `tags`, with its main
    /// line's `moves` played.
    ///
    /// # Errors
    /// The tags describe no start, or a move is refused.
    pub fn of_record(kind: GameKind, tags: &[Tag], moves: &[String]) -> Result<Played, LineError> {
        let start = kind.start(Tags::new(tags))?;
        let mut game = Played {
            kind,
            tags: start.setup_tags(),
            position: start,
            played: Vec::new(),
        };
        for text in moves {
            (game.play(text)).map_err(|error| LineError::Move {
                text: text.clone(),
                error,
            })?;
        }
        Ok(game)
    }

    /// The kind of game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The tags a record of this game starts with, as an engine is told.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The position reached.
    pub fn position(&self) -> &dyn AnyGame {
        self.position.as_ref()
    }

    /// The moves played from the start.
    pub fn moves(&self) -> impl Iterator<Item = &MoveDetail> {
        self.played.iter().map(|(mv, _)| mv)
    }

    /// The moves played, as text.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves().map(|mv| mv.normalized.to_string()).collect()
    }

    /// The last move played.
    pub fn last(&self) -> Option<&MoveDetail> {
        self.played.last().map(|(mv, _)| mv)
    }

    /// The player to move, or `None` once the game is over.
    pub fn turn(&self) -> Option<&str> {
        (!self.position.is_over()).then(|| self.position.turn().mover)
    }

    /// Plays the move written `text`, read and checked once, and keeps the
    /// position before it for [`Played::pop`].
    ///
    /// # Errors
    /// Why the rules refuse it; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<&MoveDetail, MoveError> {
        let before = self.position.box_clone();
        let detail = self.position.play_detailed(text)?;
        self.played.push((detail, before));
        Ok(&self.played[self.played.len() - 1].0)
    }

    /// Lotus: plays a whole turn, its pawn moves in order, checked as
    /// `kifu match` checks an engine's turn; other games: one move.
    ///
    /// # Errors
    /// Why the turn is refused; the game is unchanged.
    pub fn play_turn(&mut self, words: &[String]) -> Result<Vec<MoveDetail>, TurnError> {
        let turn = check_turn(self.position.as_ref(), words)?;
        let mut played = Vec::new();
        for text in &turn {
            match self.play(text) {
                Ok(detail) => played.push(detail.clone()),
                // check_turn played these very moves: none is refused.
                Err(_) => break,
            }
        }
        Ok(played)
    }

    /// Takes back the last move and gives it; `None` at the start.
    pub fn pop(&mut self) -> Option<MoveDetail> {
        let (mv, before) = self.played.pop()?;
        self.position = before;
        Some(mv)
    }

    /// The position as a `Position` tag's value.
    pub fn position_tag(&self) -> String {
        self.position.position_json().value().to_owned()
    }

    /// The board as `kifu render --format svg` draws it, the last move
    /// marked; `flip` sees it from the other side.
    pub fn svg(&self, flip: bool) -> String {
        let last = self.last().map(|mv| mv.parts.clone());
        let view = View {
            flip,
            last: last.as_ref(),
            ..View::default()
        };
        let scene = picture(self.position(), self.kind, &view, self.played.len());
        svg::write(&scene, None)
    }

    /// The game as a record: its start's tags, its moves, and the result
    /// once it is over.
    pub fn record(&self) -> String {
        let mut record = RecordBuilder::new(self.kind, self.tags.clone());
        let mut replay = self.start();
        for mv in self.moves() {
            record.push(replay.as_ref(), &mv.normalized);
            if replay.play(&mv.normalized).is_err() {
                break;
            }
        }
        record.text(self.position())
    }

    /// The start position.
    fn start(&self) -> Box<dyn AnyGame> {
        match self.played.first() {
            Some((_, start)) => start.box_clone(),
            None => self.position.box_clone(),
        }
    }
}

impl Clone for Played {
    fn clone(&self) -> Played {
        Played {
            kind: self.kind,
            tags: self.tags.clone(),
            position: self.position.box_clone(),
            played: (self.played.iter())
                .map(|(mv, before)| (mv.clone(), before.box_clone()))
                .collect(),
        }
    }
}
