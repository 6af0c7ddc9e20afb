//! kifu: a referee and notation tool for Mana, Escampe, Shogun and Flower of
//! the Lotus.
//!
//! - [`record`] reads records (tags, movetext, comments, results) and knows no game;
//! - [`game`] is the one trait every game implements, and [`GameKind`] picks one;
//! - [`games`] holds the games;
//! - [`referee`] judges a record through the trait;
//! - [`cli`] is the command line;
//! - [`repl`] is `kifu play`, the interactive referee.
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations, missing_docs)]

pub mod builder;
pub mod cli;
pub mod game;
pub mod games;
pub mod random;
pub mod record;
pub mod referee;
pub mod repl;
pub mod rng;

pub use game::{AnyGame, Game, GameKind};
