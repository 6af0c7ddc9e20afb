//! Knowledge from data: training positions from the engine's self-play,
//! and Texel's tuning of a game's evaluation weights to the results.
//!
//! - [`Sample`] is one training position, a line of NDJSON
//!   (`docs/training.md`): the game, the tags that set the position up,
//!   the ply, the search's score and the game's final result for the side
//!   to move; [`read_samples`] reads a file of them, naming a bad line;
//! - [`self_play`] plays the built-in engine against itself from random
//!   starts and a few random plies, at a fixed depth (and node bound),
//!   and gives each game's quiet positions ([`SelfPlayed`]): the same
//!   seed gives the same games;
//! - [`fit`] is Texel's method: the scale `K` of `sigmoid(K * eval)`
//!   fitted to the results, then the game's [`crate::engine::Evaluation::WEIGHTS`]
//!   moved a step at a time while the mean squared error falls
//!   ([`Fitted`]).
//!
//! Every game with weights goes through the same code, by the engine's
//! dispatch ([`crate::engine::visit`]); lotus, which has none, is refused.
//!
//! ```
//! use kifu::engine::Weights;
//! use kifu::engine::tune::{SelfPlay, fit, self_play};
//! use kifu::game::GameKind;
//!
//! let settings = SelfPlay { games: 4, depth: 2, seed: 1, ..SelfPlay::new(GameKind::Shogun) };
//! let mut samples = Vec::new();
//! self_play(&settings, &mut |game| {
//!     samples.extend(game.samples);
//!     Ok(())
//! })?;
//! let fitted = fit(&samples, &Weights::default(), 16)?;
//! assert!(fitted.iter().all(|f| f.after <= f.before));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod least_squares;
mod sample;
mod self_play;
mod texel;

pub use sample::{ReadError, Sample, SampleFault, read_samples, write_sample};
pub use self_play::{SelfPlay, SelfPlayError, SelfPlayed, self_play};
pub use texel::{FitError, Fitted, fit, mean_squared_error, sigmoid};

use super::weights::weights_of;
use crate::game::GameKind;

/// The words that refuse a game with no weights to tune (lotus).
fn no_weights(kind: GameKind) -> String {
    format!(
        "{kind} has no evaluation weights to tune: its engine plays races out (Monte Carlo) and weighs no position"
    )
}

/// Whether `kind`'s evaluation has weights to tune.
fn has_weights(kind: GameKind) -> bool {
    !weights_of(kind).is_empty()
}
