//! Escampe's faults: why a text is not an Escampe move ([`EscampeSyntax`])
//! and why a move is illegal here ([`EscampeIllegal`]), with their codes
//! and messages.

use super::EscampeMove;
use super::setup::LINE_CODES;
use crate::games::lines::{
    self, Reason, Side, StepFault, StepSyntax, kind_name, lines, square_name,
};

/// Why an Escampe move is not a move at all, or is illegal here.
pub type EscampeError = lines::LineError<EscampeSyntax, EscampeIllegal>;

/// Why a text is not an Escampe move. Positions count bytes of the move
/// as written, which the message quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscampeSyntax {
    /// The step, or what follows it, is wrong.
    Step(StepSyntax),
    /// A re-entry, `R*d4`, which Escampe has not.
    NoReentry,
    /// A move that starts with a capital.
    NotAMove,
    /// A bird's square, `@d4`, which Escampe has not.
    NoBird,
}

impl Reason for EscampeSyntax {
    fn code(self) -> &'static str {
        match self {
            EscampeSyntax::Step(fault) => fault.code(&LINE_CODES),
            EscampeSyntax::NoReentry => "escampe.no-reentry",
            EscampeSyntax::NotAMove => "escampe.not-a-move",
            EscampeSyntax::NoBird => "escampe.no-bird",
        }
    }

    fn message(self, text: &str) -> String {
        match self {
            EscampeSyntax::Step(fault) => fault.message(text),
            EscampeSyntax::NoReentry => {
                format!("{text:?}: Escampe has no re-entry (R*); a move is from-to, like b1-b3")
            }
            EscampeSyntax::NotAMove => {
                format!("{text:?} is not an Escampe move: a move is from-to, like b1-b3")
            }
            EscampeSyntax::NoBird => {
                format!("{text:?}: Escampe has no bird; a move ends at its square, like b1-b3")
            }
        }
    }
}

impl From<StepSyntax> for EscampeSyntax {
    fn from(fault: StepSyntax) -> Self {
        EscampeSyntax::Step(fault)
    }
}

/// Why an Escampe move is illegal here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscampeIllegal {
    /// A check every step of the line board makes.
    Step(StepFault),
    /// `mover` moves from `from` while the constraint asks for a square of
    /// `lines` lines, set by the opponent's move to `last`, when known.
    BreaksConstraint {
        /// The side to move.
        mover: Side,
        /// The lines of the constraint.
        lines: u8,
        /// The start square.
        from: u8,
        /// Where the opponent's last move ended, when the record shows it.
        last: Option<u8>,
    },
    /// `mover`'s Unicorn on `from` ends on the Unicorn on `to`.
    UnicornTakes {
        /// The side to move.
        mover: Side,
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// Whose Unicorn stands on `to`.
        owner: Side,
    },
    /// A move ends on a Paladin of `owner`.
    PaladinTaken {
        /// The end square.
        to: u8,
        /// Whose Paladin stands there.
        owner: Side,
    },
    /// A pass while the step `legal` is legal.
    PassWithAMove {
        /// The first legal step.
        legal: EscampeMove,
    },
}

impl Reason for EscampeIllegal {
    fn code(self) -> &'static str {
        match self {
            EscampeIllegal::Step(fault) => fault.code(&LINE_CODES),
            EscampeIllegal::BreaksConstraint { .. } => "escampe.breaks-constraint",
            EscampeIllegal::UnicornTakes { .. } => "escampe.unicorn-takes",
            EscampeIllegal::PaladinTaken { .. } => "escampe.paladin-taken",
            EscampeIllegal::PassWithAMove { .. } => "escampe.pass-with-a-move",
        }
    }

    fn message(self, _text: &str) -> String {
        let name = |square: u8| square_name(usize::from(square));
        match self {
            EscampeIllegal::Step(fault) => fault.message(),
            EscampeIllegal::BreaksConstraint {
                mover,
                lines: n,
                from,
                last,
            } => {
                let cause = last.map_or_else(String::new, |last| {
                    format!(
                        " ({}'s last move ended on {})",
                        mover.other().name(),
                        name(last)
                    )
                });
                format!(
                    "breaks the line constraint: {} must move a piece from a {} square{cause}, and {} is a {} square",
                    mover.name(),
                    kind_name(n),
                    name(from),
                    kind_name(lines(usize::from(from)))
                )
            }
            EscampeIllegal::UnicornTakes {
                mover,
                from,
                to,
                owner,
            } => format!(
                "only a Paladin may take the Unicorn: the piece on {} is {}'s Unicorn, and {} holds {}'s",
                name(from),
                mover.name(),
                name(to),
                owner.name()
            ),
            EscampeIllegal::PaladinTaken { to, owner } => format!(
                "only the Unicorn may be taken: {} holds a {} Paladin",
                name(to),
                owner.name()
            ),
            EscampeIllegal::PassWithAMove { legal } => {
                format!("a pass is allowed only when no legal move exists: {legal} is legal")
            }
        }
    }
}
