//! kifu: a referee and notation tool for Mana, Escampe, Shogun and Flower of
//! the Lotus.
//!
//! - [`record`] reads records (tags, movetext, comments, results) and knows no game;
//! - [`game`] is the one trait every game implements, and [`GameKind`] picks one;
//! - [`games`] holds the games, each in a folder of the same files (rules,
//!   notation, setup, position, fault, draw: see [`games`]);
//! - [`referee`] judges a record through the trait;
//! - [`model`] is the JSON of records, verdicts, match tables and
//!   collection reports, with their schemas;
//! - [`collection`] is what `select`, `stats` and `fmt` make of many
//!   records, and the opening of (compressed) input files;
//! - [`draw`] makes pictures (SVG, PNG) and text boards: the [`draw::Drawing`]
//!   each game implements, below the referee; [`page`], above it, is the
//!   replay page of `kifu html`;
//! - [`kep`] is the engine protocol (KEP): both sides of it, the referee's
//!   and `kifu engine`'s, and the random player;
//! - [`engine`] is the built-in engine's search and each game's evaluation
//!   (one file a game, behind [`engine::Evaluation`]), [`seat`] the one
//!   player abstraction (a KEP engine process or the built-in engine, with
//!   one clock) that `kifu match`, `kifu play --vs`, `:hint` and
//!   `kifu analyse` ask for moves, and [`tournament`] the refereeing of
//!   engine against engine (`kifu match`); [`course`] is the protocol of
//!   the Escampe course's programs, which `kifu match` referees too;
//! - [`review`] judges every move of a record's main line by the chance of
//!   winning it gave away against the engine's best move, for `kifu
//!   analyse` and the board's review alike;
//! - [`play`] is the game in play, below every front: its one start from
//!   the setup options, the record written as it is played, random games;
//!   [`random`] holds the seeded generator ([`random::Rng`]);
//! - [`board`] is the board's API without a server: the games played on
//!   the board, what each request asks and answers, and [`board::Board`],
//!   which answers them in one process (the static board's Web Worker);
//! - [`serve`] is the local web server of `kifu serve`: its guard (token,
//!   `Host`, `Origin`), its bounded connections, and its JSON API over
//!   the named files and the games played in the browser (the board's,
//!   over HTTP).
//!
//! The binary's fronts are private: `app` is its entry, which parses the
//! command line and hands each command to `cli` (one function per
//! subcommand) or to `repl` (`kifu play`); `front` holds what both share
//! (every clap definition, the exit
//! statuses, and the `Stop` errors that `app` alone turns into a message
//! and a status), and neither imports the other (`tests/architecture.rs`).
//! `kifu::repl::Session` is public, hidden from the docs, only so that a
//! fuzz target can drive a session line by line.
//! The rules are those of `kifu-rules(7)`, the record format that of
//! `kifu(5)`.
//!
//! Judging a record:
//!
//! ```
//! use kifu::record::parse_record;
//! use kifu::referee::judge_record;
//!
//! let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 *\n";
//! let record = parse_record(text.to_string(), 1)?;
//! let verdict = judge_record(&record)?;
//! assert!(verdict.is_valid());
//! assert_eq!(verdict.plies, 2);
//! assert_eq!(verdict.summary(), "mana, 2 plies, *");
//!
//! // A move that breaks a rule: the fault says where, why, and its code.
//! let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 b6-b4 *\n";
//! let verdict = judge_record(&parse_record(text.to_string(), 1)?)?;
//! let fault = verdict.fault.expect("b6-b4 disobeys the bird");
//! assert_eq!(
//!     fault.to_string(),
//!     "4:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a \
//!      single square, and a piece of yours on a single square can move, so you \
//!      must move one of those"
//! );
//! assert_eq!(fault.code, "mana.disobeys-bird");
//! # Ok::<(), kifu::record::SyntaxError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(unreachable_pub)]
#![warn(missing_debug_implementations, missing_docs)]

/// Writes a line to standard error, as `eprintln!` does, and goes on when
/// standard error is closed (`kifu validate 2>&1 | head -1`), where
/// `eprintln!` panics: nothing kifu says there is worth a crash.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

#[cfg(feature = "cli")]
mod app;
pub mod board;
#[cfg(feature = "cli")]
mod cli;
pub mod collection;
pub mod course;
pub mod draw;
pub mod engine;
#[cfg(feature = "cli")]
mod front;
pub mod game;
pub mod games;
mod grammar;
pub mod kep;
pub mod model;
pub mod page;
pub mod play;
pub mod random;
pub mod record;
pub mod referee;
/// `kifu play`'s session, for the fuzz targets and tests: not a stable API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod repl;
pub mod review;
pub mod seat;
#[cfg(feature = "server")]
pub mod serve;
pub mod tournament;

#[cfg(feature = "cli")]
pub use app::main;
pub use game::{AnyGame, Game, GameKind};
