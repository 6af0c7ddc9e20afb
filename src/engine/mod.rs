//! The built-in engine's search: what `kifu engine` plays with.
//!
//! - [`think`] searches a two-player game: iterative deepening alpha-beta
//!   with a transposition [`Table`] keyed by the game's Zobrist hash
//!   ([`crate::game::Game::zobrist`], a rule of the position), move
//!   ordering and quiescence, over any game with an [`Evaluation`];
//! - [`Evaluation`] is the engine's side of a game, beside the rules
//!   trait: its [`Weight`]s, its evaluation and its capture test, one
//!   file per game (`mana.rs`, `escampe.rs`, `shogun.rs`, `lotus/`; the
//!   6x6 kit Mana and Escampe share in `lines.rs`). The engine picks a
//!   game's type with its own dispatch, [`visit`]: the engine imports
//!   the games, the games never import the engine;
//! - [`Level`]s, 1 to 8, are styles of that player, the lower ones
//!   erring as a person does ([`Mistakes`]);
//! - [`SearchPlayer`] is `kifu engine`'s player: that search in the
//!   two-player games, Monte Carlo over whole turns in lotus (one turn
//!   ahead when greedy), in the time `go` gives, as a [`Style`] asks (the
//!   greedy one is a ply deep);
//! - [`tune`] makes training positions from the engine's self-play and
//!   fits a game's [`Weight`]s to their results (Texel's method), for
//!   `kifu tune`.

mod escampe;
mod evaluation;
mod level;
mod lines;
mod lotus;
mod mana;
mod mistakes;
pub mod placement;
mod player;
mod search;
mod shogun;
mod solve;
mod table;
pub mod tune;
mod weight;
mod weights;

#[cfg(test)]
mod tests;

pub use evaluation::{Evaluation, EvaluationVisitor, MOVE_KEYS, visit};
pub use level::{LEVELS, Level};
pub use mistakes::Mistakes;
pub use player::{SearchPlayer, Style};
pub use search::{Limits, Progress, think};
pub use solve::{Bounds, Proven, Solved, solve, solve_game};
pub use table::{Bound, Entry, MATE, MATE_BOUND, Table};
pub use weight::{Weight, weight_values};
pub use weights::Weights;
