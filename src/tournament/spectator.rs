//! Who follows the games of a match while they are played (`kifu match
//! --serve`): each game's position after its start and after every
//! answer, its clocks and its engines' last `info` lines, then its record.

use crate::game::{AnyGame, MoveParts};
use std::time::Duration;

/// Follows the games of a match. It is called from the threads that play
/// them, between an engine's answer and the next question: it should
/// keep what it is shown and return, leaving the drawing to others.
pub trait Spectator: Send + Sync {
    /// A game's position: at its start, and after each answer.
    fn shown(&self, game: &LiveGame<'_>);

    /// A game ended: its round and its record, as `--out` gets it.
    fn ended(&self, round: usize, record: &str);
}

impl std::fmt::Debug for dyn Spectator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Spectator")
    }
}

/// A game of a match as it stands.
#[derive(Debug)]
pub struct LiveGame<'a> {
    /// Its round, which names it in the match.
    pub round: usize,
    /// The position.
    pub position: &'a dyn AnyGame,
    /// The parts of the last move, for the picture to mark.
    pub last: Option<&'a MoveParts>,
    /// The plies played.
    pub plies: usize,
    /// Each side, in turn order, with its engine, clock and last line.
    pub seats: Vec<LiveSeat<'a>>,
    /// The seat whose clock runs, if one does.
    pub thinking: Option<usize>,
    /// The time control, as the `TimeControl` tag writes it.
    pub control: String,
}

/// A side of a game being played.
#[derive(Debug)]
pub struct LiveSeat<'a> {
    /// The side (`White`, `Red`).
    pub side: &'a str,
    /// Its engine's name.
    pub engine: &'a str,
    /// The time its clock has left (with `--movetime`, the time a move may
    /// take).
    pub left: Duration,
    /// The last `info` line its engine sent with a move, as sent.
    pub info: Option<&'a str>,
}
