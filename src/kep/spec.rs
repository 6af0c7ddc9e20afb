//! What the referee's side of KEP deals in: how an engine is started, a
//! game as an engine is told it, and what it answers to `go`.

use super::info::{Info, Score};
use std::time::Duration;
use web_time::Instant;

/// How an engine is started: its command line, the protocol it speaks,
/// the name to give it, and the options to set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line, split as a POSIX shell would (no shell runs it).
    pub command: String,
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The name in records and tables (default: the engine's `id name`).
    pub name: Option<String>,
    /// Options to set after the handshake: `setoption NAME VALUE`.
    pub options: Vec<(String, String)>,
}

/// The protocol a player program speaks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Protocol {
    /// KEP, on the program's standard input and output.
    #[default]
    Kep,
    /// The Escampe course's, over TCP ([`crate::course`]): kifu listens,
    /// the program connects to the port its command line is given.
    Course,
}

/// A game as an engine is told it: the game, its start's tags, the moves
/// so far.
#[derive(Debug, Clone, Copy)]
pub struct GameSoFar<'a> {
    /// The game.
    pub kind: crate::game::GameKind,
    /// The start's tags (`Setup`, `Position`, `Players`...).
    pub tags: &'a [(String, String)],
    /// The moves from the start (lotus: pawn moves).
    pub moves: &'a [String],
}

/// What an engine decided in answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// `move ...`: the words of the move (lotus: the turn's pawn moves).
    Move(Vec<String>),
    /// `move resign`.
    Resign,
}

/// An answer to `go`, with the score of the last `info` and its timing.
#[derive(Debug, Clone)]
pub struct Answered {
    /// The move, or resignation.
    pub decision: Decision,
    /// The score of the last `info` line that had one.
    pub score: Option<Score>,
    /// The line of the last `info` line that had one.
    pub pv: Vec<String>,
    /// The last `info` line, whatever it held.
    pub info: Option<Info>,
    /// When `go` had been written.
    pub sent: Instant,
    /// When the `move` line arrived.
    pub received: Instant,
}

/// What an engine said in its `info` lines while it searched.
#[derive(Debug, Default)]
pub struct Heard {
    score: Option<Score>,
    pv: Vec<String>,
    last: Option<Info>,
}

impl Heard {
    /// Takes one more `info` line: its score and line, when it has them,
    /// replace those heard before.
    pub fn hear(&mut self, info: Info) {
        self.score = info.score.or(self.score);
        if !info.pv.is_empty() {
            self.pv.clone_from(&info.pv);
        }
        self.last = Some(info);
    }

    /// The answer of `decision`, with what was heard before it.
    pub fn answered(self, decision: Decision, sent: Instant, received: Instant) -> Answered {
        Answered {
            decision,
            score: self.score,
            pv: self.pv,
            info: self.last,
            sent,
            received,
        }
    }
}

impl Answered {
    /// The time the engine took.
    pub fn elapsed(&self) -> Duration {
        self.received.saturating_duration_since(self.sent)
    }
}
