//! Random complete legal games, for `kifu random`, tests, benchmarks and
//! fuzzing.

use super::RecordBuilder;
use crate::game::AnyGame;
use crate::random::Rng;

/// The longest random game; a game still going then is left unfinished (`*`).
pub const MAX_RANDOM_PLIES: usize = 2000;

/// Plays random legal moves from `game` until it ends (or [`MAX_RANDOM_PLIES`])
/// and returns the record's text.
pub fn random_game(mut game: Box<dyn AnyGame>, rng: &mut Rng) -> String {
    let mut record = RecordBuilder::new(game.kind(), game.setup_tags());
    for _ in 0..MAX_RANDOM_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let Some(text) = moves.get(rng.below(moves.len())) else {
            break;
        };
        record.push(game.as_ref(), text);
        if game.play(text).is_err() {
            break;
        }
    }
    record.text(game.as_ref())
}
