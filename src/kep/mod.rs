//! KEP, the kifu engine protocol (`kifu-engine(7)`): how a referee talks
//! to a game-playing program over its standard input and output.
//!
//! - [`Command`] is a line the referee sends, [`Answer`] a line the engine
//!   sends; each has `read` (one line in, the typed message or a
//!   [`ProtocolError`] with a stable code) and `Display` (the exact line);
//! - [`LineReader`] reads lines with a bound on their length;
//! - [`Session`] is an engine's side of a conversation: it keeps the game
//!   the referee describes and asks a [`Player`] for its moves;
//!   [`RandomPlayer`] plays uniformly random legal moves (`kifu engine
//!   --random`), and [`serve`] runs a session on a pair of streams;
//! - [`Engine`] is the referee's side: a program started from an
//!   [`EngineSpec`] and spoken to with deadlines; whatever goes wrong
//!   becomes an [`EngineFailure`], with a stable code.
//!
//! ```
//! use kifu::kep::{Answer, Command, GoLimits, Score};
//!
//! let go = Command::read("go time 60000 inc 1000")?;
//! assert_eq!(go, Command::Go(GoLimits { time: Some(60000), inc: Some(1000), ..GoLimits::default() }));
//! assert_eq!(go.to_string(), "go time 60000 inc 1000");
//!
//! let Answer::Info(info) = Answer::read("info depth 6 score cp 35 pv b1-b3 e5-e3")? else {
//!     return Err("not an info line".into());
//! };
//! assert_eq!(info.score, Some(Score::Cp(35)));
//!
//! let error = Command::read("go time x").err().ok_or("go time x reads")?;
//! assert_eq!(error.code(), "engine.bad-go");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answer;
mod client;
mod command;
mod error;
mod failure;
pub(crate) mod groups;
mod info;
mod lines;
mod player;
mod session;
mod spec;
mod streams;
mod words;

#[cfg(test)]
mod error_tests;
#[cfg(test)]
mod tests;

pub use answer::{Answer, IdKey};
pub(crate) use client::{EXIT_WAIT, SpawnError, exit_within, spawn_in_group};
pub use client::{Engine, HANDSHAKE_TIME, QUIT_TIME, STDERR_WAIT};
pub use command::{Command, GoLimits};
pub use error::{CODES, Keyword, ProtocolError};
pub use failure::{EngineFailure, FAILURE_CODES, seconds};
pub use info::{Info, Score};
pub use lines::LineReader;
pub use player::{OptionError, Player, RandomPlayer, play_placement, play_turn, random_placement};
pub use session::{Reply, ServeError, Session, serve, serve_stoppable};
pub use spec::{Answered, Decision, EngineSpec, GameSoFar, Heard, Protocol};
pub use streams::STDERR_LINES;
pub(crate) use streams::keep_tail;
pub(crate) use words::shorten;

/// The protocol version this crate speaks: the number of `kep 1`.
pub const VERSION: u32 = 1;

/// The longest line read, in bytes, without its end of line: a longer
/// line is a [`ProtocolError::LineTooLong`], never unbounded memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
