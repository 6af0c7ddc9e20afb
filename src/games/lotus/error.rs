//! Why Lotus refuses a pawn move's text, the pawn move or where it stands
//! in the turn: typed reasons, put in words only when a fault is reported
//! ([`MoveFault::message`]).

pub use super::illegal::LotusIllegal;
use super::position::POSITION_CODES;
use super::setup::SETUP_CODES;
use crate::game::MoveFault;
use compact_str::CompactString;

/// A player's name, as a message gives it (kept inline when short).
pub type Name = CompactString;

/// Why Lotus refuses a pawn move.
///
/// Two words: a rule broken, whose reason names players, is boxed, so that
/// the `Result` of a pawn move stays as small as the boxed message it
/// replaces (the syntax and turn faults are small `Copy` values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LotusError {
    /// The text is not a pawn move of this game.
    Syntax(LotusSyntax),
    /// The pawn move breaks a rule in this position.
    Illegal(Box<LotusIllegal>),
    /// The pawn move stands where the turn rules refuse a pawn move.
    Turn(TurnFault),
}

/// What is wrong with the text of a pawn move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotusSyntax {
    /// Not an initial and a square number, with or without a bracket.
    Shape,
    /// A square number with a leading zero.
    LeadingZero,
    /// No player has this initial.
    NoPlayer(u8),
    /// A square number of more digits than any course has squares.
    NoSquare,
    /// This letter of a bracket is no flower.
    NotFlower(u8),
    /// No player has the initial of the exchange's other player.
    NoPartner(u8),
    /// A bracket that is neither an exchange nor a stone's flower.
    Bracket,
}

/// A turn rule: every turn is three pawn moves and starts with its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnFault {
    /// The record's first pawn move has no number before it; the number
    /// of the turn it opens.
    Unnumbered(u32),
    /// A pawn move after the third of a turn, with no number before it.
    FourthPawnMove,
    /// The turn stops before its third pawn move.
    ShortTurn,
}

/// The code of every fault of a Lotus pawn move.
pub(super) const MOVE_CODES: [&str; 19] = [
    "lotus.not-a-pawn-move",
    "lotus.leading-zero",
    "lotus.unknown-initial",
    "lotus.no-such-square",
    "lotus.not-a-flower",
    "lotus.unknown-partner",
    "lotus.bad-bracket",
    "lotus.game-over",
    "lotus.no-such-pawn",
    "lotus.same-pawn-twice",
    "lotus.three-own-pawns",
    "lotus.superfluous-bracket",
    "lotus.missing-choice",
    "lotus.wrong-bracket",
    "lotus.flower-not-held",
    "lotus.impossible-exchange",
    "lotus.unnumbered-turn",
    "lotus.fourth-pawn-move",
    "lotus.short-turn",
];

/// The code of every fault Lotus reports: of pawn moves, of setups, then
/// of `Position` values.
pub(super) const CODES: [&str; MOVE_CODES.len() + SETUP_CODES.len() + POSITION_CODES.len()] = {
    let mut all = [""; MOVE_CODES.len() + SETUP_CODES.len() + POSITION_CODES.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < MOVE_CODES.len() {
            MOVE_CODES[i]
        } else if i < MOVE_CODES.len() + SETUP_CODES.len() {
            SETUP_CODES[i - MOVE_CODES.len()]
        } else {
            POSITION_CODES[i - MOVE_CODES.len() - SETUP_CODES.len()]
        };
        i += 1;
    }
    all
};

impl LotusError {
    /// The error of a rule broken.
    pub(super) fn illegal(reason: LotusIllegal) -> Self {
        LotusError::Illegal(Box::new(reason))
    }
}

impl MoveFault for LotusError {
    fn code(&self) -> &'static str {
        match self {
            LotusError::Syntax(fault) => fault.code(),
            LotusError::Illegal(reason) => reason.code(),
            LotusError::Turn(fault) => fault.code(),
        }
    }

    fn message(&self, text: &str) -> String {
        match self {
            LotusError::Syntax(fault) => fault.message(),
            LotusError::Illegal(reason) => reason.message(text),
            LotusError::Turn(fault) => fault.message(),
        }
    }

    fn is_about_the_move(&self) -> bool {
        match self {
            LotusError::Syntax(_) => true,
            LotusError::Illegal(reason) => **reason != LotusIllegal::GameOver,
            LotusError::Turn(_) => false,
        }
    }
}

impl LotusSyntax {
    fn code(self) -> &'static str {
        match self {
            LotusSyntax::Shape => "lotus.not-a-pawn-move",
            LotusSyntax::LeadingZero => "lotus.leading-zero",
            LotusSyntax::NoPlayer(_) => "lotus.unknown-initial",
            LotusSyntax::NoSquare => "lotus.no-such-square",
            LotusSyntax::NotFlower(_) => "lotus.not-a-flower",
            LotusSyntax::NoPartner(_) => "lotus.unknown-partner",
            LotusSyntax::Bracket => "lotus.bad-bracket",
        }
    }

    fn message(self) -> String {
        let letter = |l: u8| char::from(l);
        match self {
            LotusSyntax::Shape => "not a pawn move: a pawn move is the owner's initial and the pawn's square, like r0 or g12, with [W<>oY] or [-P] when a choice is due".to_owned(),
            LotusSyntax::LeadingZero => {
                "not a pawn move: a square is written without leading zeros".to_owned()
            }
            LotusSyntax::NoPlayer(l) => {
                format!("no such pawn: no player's initial is {:?}", letter(l))
            }
            LotusSyntax::NoSquare => "no such pawn: the course has no such square".to_owned(),
            LotusSyntax::NotFlower(l) => format!(
                "not a pawn move: {:?} is not a flower (W, Y, P, B or K)",
                letter(l)
            ),
            LotusSyntax::NoPartner(l) => format!(
                "impossible exchange: no player's initial is {:?}",
                letter(l)
            ),
            LotusSyntax::Bracket => "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]".to_owned(),
        }
    }
}

impl TurnFault {
    fn code(self) -> &'static str {
        match self {
            TurnFault::Unnumbered(_) => "lotus.unnumbered-turn",
            TurnFault::FourthPawnMove => "lotus.fourth-pawn-move",
            TurnFault::ShortTurn => "lotus.short-turn",
        }
    }

    fn message(self) -> String {
        match self {
            TurnFault::Unnumbered(turn) => format!("a turn must start with its number: {turn}."),
            TurnFault::FourthPawnMove => "a turn is three pawn moves; this is a fourth".to_owned(),
            TurnFault::ShortTurn => "a turn is three pawn moves; this one has fewer".to_owned(),
        }
    }
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
