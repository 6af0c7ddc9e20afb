//! Playing moves through the trait: read, check, apply, and count.

use super::{Game, MoveError};

/// Reads, checks and plays a move in `game`; on error nothing changes.
/// Once the game has ended, every move is refused.
///
/// # Errors
/// Why the text is not a legal move here.
pub fn play<G: Game>(game: &mut G, text: &str) -> Result<(), MoveError> {
    if game.is_over() {
        return Err(MoveError::game_over());
    }
    let refused = |e| MoveError::of(&e, text);
    let mv = game.read_move(text.as_bytes()).map_err(refused)?;
    game.check_and_apply(&mv).map_err(refused)
}

/// Checks and plays a move already read, in a game still running; on
/// error nothing changes.
///
/// # Errors
/// The game's typed reason.
#[inline]
pub fn play_read<G: Game>(game: &mut G, mv: &G::Move) -> Result<(), G::Error> {
    debug_assert!(!game.is_over(), "the game is running");
    game.check_and_apply(mv)
}

/// Counts the legal move sequences of `depth` plies from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = game.clone();
            next.apply(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
