//! The faults of a line-board game's move: the game's syntax reasons and
//! legality reasons kept apart in one [`LineError`]; and the codes of the
//! faults the kit finds, which each game names its own
//! (`mana.not-a-square`, `escampe.not-a-square`).

use crate::game::MoveFault;
use std::fmt;

/// A typed reason of a line-board game, with its stable code and words.
pub trait Reason: fmt::Debug + Clone + Copy {
    /// The stable code.
    fn code(self) -> &'static str;
    /// The reason in words, for the move written `text`.
    fn message(self, text: &str) -> String;
}

/// Why a move of a line-board game is not a move at all (`S`), or is
/// illegal here (`I`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineError<S, I> {
    /// The text is not a move of the game.
    Syntax(S),
    /// The move is illegal in the position.
    Illegal(I),
}

impl<S: Reason, I: Reason> MoveFault for LineError<S, I> {
    fn code(&self) -> &'static str {
        match *self {
            LineError::Syntax(fault) => fault.code(),
            LineError::Illegal(fault) => fault.code(),
        }
    }

    fn message(&self, text: &str) -> String {
        match *self {
            LineError::Syntax(fault) => fault.message(text),
            LineError::Illegal(fault) => fault.message(text),
        }
    }
}

/// The codes a line-board game gives the faults of the shared kit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Codes {
    /// The game's name in messages (`Mana`, `Escampe`).
    pub game: &'static str,
    /// Two bytes that name no square of the board.
    pub not_a_square: &'static str,
    /// A start square followed by neither `-` nor `x`.
    pub no_separator: &'static str,
    /// Text after a whole move.
    pub trailing_text: &'static str,
    /// The start square is empty.
    pub empty_square: &'static str,
    /// The start square holds the opponent's piece.
    pub opponents_piece: &'static str,
    /// The end square holds one of the mover's pieces.
    pub onto_own_piece: &'static str,
    /// No path of the right length joins the two squares.
    pub too_far: &'static str,
    /// Every path of the right length is blocked.
    pub path_blocked: &'static str,
    /// `x` written on a move to an empty square.
    pub false_capture: &'static str,
    /// A record with both `Setup` and `Position`.
    pub setup_and_position: &'static str,
    /// A `Position` value that is not three words.
    pub position_words: &'static str,
    /// A side to move that is not `b` or `w`.
    pub side_to_move: &'static str,
    /// A `Position` board without 6 ranks.
    pub board_ranks: &'static str,
    /// A `Position` rank without 6 squares.
    pub rank_width: &'static str,
    /// A `Position` character that is no piece and no digit.
    pub not_a_piece: &'static str,
    /// A side without exactly one leader (Daimyo, Unicorn).
    pub leader_count: &'static str,
    /// A side with more than five other pieces (Ronins, Paladins).
    pub follower_count: &'static str,
}

impl Codes {
    /// Every code of the table but the game's name.
    pub const fn all(&self) -> [&'static str; 17] {
        [
            self.not_a_square,
            self.no_separator,
            self.trailing_text,
            self.empty_square,
            self.opponents_piece,
            self.onto_own_piece,
            self.too_far,
            self.path_blocked,
            self.false_capture,
            self.setup_and_position,
            self.position_words,
            self.side_to_move,
            self.board_ranks,
            self.rank_width,
            self.not_a_piece,
            self.leader_count,
            self.follower_count,
        ]
    }
}

/// Checks a game's `CODES` against the codes its reasons give, `found`:
/// each found code listed, each listed code found, none listed twice, all
/// under the game's `prefix`.
#[cfg(test)]
pub fn assert_codes_match(listed: &[&str], found: &[&str], prefix: &str) {
    for code in found {
        assert!(listed.contains(code), "{code} is not in CODES");
        assert!(code.starts_with(prefix), "{code}");
    }
    let mut sorted = listed.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), listed.len(), "a code is listed twice");
    for code in listed {
        assert!(found.contains(code), "{code} is listed but never reported");
    }
}
