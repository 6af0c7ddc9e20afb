//! The built-in engine's search: what `kifu engine` plays with.
//!
//! - [`think`] searches a two-player game: iterative deepening alpha-beta
//!   with a transposition [`Table`] keyed by [`zobrist`] hashes, move
//!   ordering and quiescence, over any [`crate::game::Game`] through its
//!   trait (the evaluation, the hash and captures are each game's own);
//! - [`SearchPlayer`] is `kifu engine`'s player: that search in the
//!   two-player games, Monte Carlo over whole turns in lotus (one turn
//!   ahead when greedy), in the time `go` gives, as a [`Style`] asks (the
//!   greedy one is a ply deep).

mod lotus;
mod player;
mod search;
mod table;
mod weights;
pub mod zobrist;

#[cfg(test)]
mod tests;

pub use player::{SearchPlayer, Style};
pub use search::{Limits, MATE, MATE_BOUND, Progress, think};
pub use table::{Bound, Entry, Table};
pub use weights::Weights;
