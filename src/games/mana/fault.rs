//! Mana's faults: why a text is not a Mana move ([`ManaSyntax`]) and why a
//! move is illegal here ([`ManaIllegal`]), with their codes and messages.

use super::setup::LINE_CODES;
use crate::games::lines::{self, Reason, StepFault, StepSyntax, kind_name, lines, square_name};

/// Why a Mana move is not a move at all, or is illegal here.
pub type ManaError = lines::LineError<ManaSyntax, ManaIllegal>;

/// Why a text is not a Mana move. Positions count bytes of the move as
/// written, which the message quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManaSyntax {
    /// The step, or what follows it, is wrong.
    Step(StepSyntax),
    /// Text from `at` on, after the bird's square.
    AfterBird {
        /// Where it starts.
        at: u8,
    },
    /// A move that starts with a capital other than the re-entry's `R*`.
    NotARonin,
}

impl Reason for ManaSyntax {
    fn code(self) -> &'static str {
        match self {
            ManaSyntax::Step(fault) => fault.code(&LINE_CODES),
            ManaSyntax::AfterBird { .. } => "mana.after-bird",
            ManaSyntax::NotARonin => "mana.not-a-ronin",
        }
    }

    fn message(self, text: &str) -> String {
        match self {
            ManaSyntax::Step(fault) => fault.message(text),
            ManaSyntax::AfterBird { at } => format!(
                "{text:?}: unexpected {:?} after the bird's square",
                text.get(usize::from(at)..).unwrap_or("")
            ),
            ManaSyntax::NotARonin => {
                format!("{text:?} is not a Mana move: only a Ronin re-enters, written R*d4")
            }
        }
    }
}

impl From<StepSyntax> for ManaSyntax {
    fn from(fault: StepSyntax) -> Self {
        ManaSyntax::Step(fault)
    }
}

/// Why a Mana move is illegal here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManaIllegal {
    /// A check every step of the line board makes.
    Step(StepFault),
    /// A piece off the bird's kind of square moves while one on it can.
    DisobeysBird {
        /// The lines of the bird's square.
        lines: u8,
    },
    /// A pass while a piece can move.
    PassWithAMove,
    /// A pass while a captured Ronin can re-enter.
    PassWithARonin,
    /// A re-entry with no captured Ronin.
    NoCapturedRonin,
    /// A re-entry on an occupied square.
    EntryOccupied {
        /// The square of entry.
        to: u8,
    },
    /// A re-entry while a piece can obey the bird (`lines`), or move when
    /// the bird is off (`None`).
    EntryWhilePieceMoves {
        /// The lines of the bird's square, if it is on the board.
        lines: Option<u8>,
    },
    /// The bird's square is not of the kind of the square `to` the piece
    /// landed on.
    BirdWrongKind {
        /// Where the piece landed.
        to: u8,
        /// The bird's square as written.
        bird: u8,
    },
    /// The bird's square holds a piece.
    BirdOnPiece {
        /// The bird's square as written.
        bird: u8,
    },
}

impl Reason for ManaIllegal {
    fn code(self) -> &'static str {
        match self {
            ManaIllegal::Step(fault) => fault.code(&LINE_CODES),
            ManaIllegal::DisobeysBird { .. } => "mana.disobeys-bird",
            ManaIllegal::PassWithAMove => "mana.pass-with-a-move",
            ManaIllegal::PassWithARonin => "mana.pass-with-a-ronin",
            ManaIllegal::NoCapturedRonin => "mana.no-captured-ronin",
            ManaIllegal::EntryOccupied { .. } => "mana.entry-occupied",
            ManaIllegal::EntryWhilePieceMoves { .. } => "mana.entry-while-a-piece-moves",
            ManaIllegal::BirdWrongKind { .. } => "mana.bird-wrong-kind",
            ManaIllegal::BirdOnPiece { .. } => "mana.bird-on-piece",
        }
    }

    fn message(self, _text: &str) -> String {
        let name = |square: u8| square_name(usize::from(square));
        match self {
            ManaIllegal::Step(fault) => fault.message(),
            ManaIllegal::DisobeysBird { lines: n } => {
                let kind = kind_name(n);
                format!(
                    "disobeys the bird: the bird is on a {kind} square, and a piece of yours on a {kind} square can move, so you must move one of those"
                )
            }
            ManaIllegal::PassWithAMove => {
                "a pass is allowed only with no legal action: a piece of yours can move".to_owned()
            }
            ManaIllegal::PassWithARonin => {
                "a pass is allowed only with no legal action: you can re-enter a Ronin".to_owned()
            }
            ManaIllegal::NoCapturedRonin => {
                "re-entry not allowed here: you have no captured Ronin".to_owned()
            }
            ManaIllegal::EntryOccupied { to } => {
                format!("re-entry not allowed here: {} is occupied", name(to))
            }
            ManaIllegal::EntryWhilePieceMoves { lines: Some(n) } => format!(
                "re-entry not allowed here: a piece of yours on a {} square can move, so the bird must be obeyed",
                kind_name(n)
            ),
            ManaIllegal::EntryWhilePieceMoves { lines: None } => {
                "re-entry not allowed here: the bird is off the board and a piece of yours can move"
                    .to_owned()
            }
            ManaIllegal::BirdWrongKind { to, bird } => format!(
                "bad bird square: the bird goes on a {} square like {}, and {} is a {} square",
                kind_name(lines(usize::from(to))),
                name(to),
                name(bird),
                kind_name(lines(usize::from(bird)))
            ),
            ManaIllegal::BirdOnPiece { bird } => {
                format!("bad bird square: a piece stands on {}", name(bird))
            }
        }
    }
}
