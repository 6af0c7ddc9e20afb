//! Why Shogun refuses a move: the reason as a value, with a stable code,
//! and its words built only when the fault is reported.

use super::board::{Bits, Kind, Side, square_name, squares, via};
use crate::game::MoveFault;
use crate::game::square::square_error;

/// Why a Shogun move is refused: its text is not a move, or the move is
/// illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShogunError {
    /// The text is not a Shogun move.
    Syntax(ShogunSyntax),
    /// The move breaks a rule.
    Illegal(ShogunIllegal),
}

/// Why a text is not a Shogun move (`e1-e2`, `c3xe3`, `a1-a5+`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShogunSyntax {
    /// The text does not open with a square of the board.
    FromSquare,
    /// Neither `-` nor `x` follows the start square.
    NoSeparator {
        /// The start square.
        from: u8,
    },
    /// No square of the board follows the `-` or `x`.
    ToSquare,
    /// Something other than one `+` follows the end square.
    TextAfterMove,
}

/// Why a Shogun move is illegal, in the order the rules are checked
/// (kifu-rules.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShogunIllegal {
    /// The start square is empty.
    EmptySquare {
        /// The start square.
        from: u8,
    },
    /// The start square holds a piece of the side not to move.
    OpponentPiece {
        /// The start square.
        from: u8,
        /// The side to move.
        mover: Side,
    },
    /// The move ends where it starts.
    StaysPut {
        /// The piece's kind.
        kind: Kind,
        /// Its square.
        from: u8,
        /// The number it shows.
        shows: u8,
    },
    /// The end square holds a piece of the mover's own.
    OwnPiece {
        /// The end square.
        to: u8,
    },
    /// The end square is not as far as the number the piece shows.
    WrongDistance {
        /// The piece's kind.
        kind: Kind,
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// The number the piece shows.
        shows: u8,
    },
    /// Every path to the end square passes over a piece.
    PathBlocked {
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// The occupied squares of the board.
        occupied: Bits,
    },
    /// `x` on a move to an empty square.
    FalseCaptureMark {
        /// The end square.
        to: u8,
    },
    /// After the move, an opposing piece could reach the mover's Shogun.
    LeavesShogunAttacked {
        /// The side that moved.
        mover: Side,
        /// Where its Shogun stands after the move.
        shogun: u8,
        /// The kind of the attacking piece.
        kind: Kind,
        /// Its square.
        at: u8,
        /// The number it shows.
        shows: u8,
        /// Whether the Shogun was attacked before the move too.
        was_attacked: bool,
    },
    /// `+` on a move after which the opposing Shogun is not attacked.
    FalseCheckMark {
        /// The side that moved.
        mover: Side,
        /// The opposing Shogun's square.
        shogun: u8,
    },
}

impl MoveFault for ShogunError {
    fn code(&self) -> &'static str {
        match self {
            ShogunError::Syntax(syntax) => match syntax {
                ShogunSyntax::FromSquare | ShogunSyntax::ToSquare => "shogun.not-a-square",
                ShogunSyntax::NoSeparator { .. } => "shogun.no-separator",
                ShogunSyntax::TextAfterMove => "shogun.text-after-move",
            },
            ShogunError::Illegal(illegal) => match illegal {
                ShogunIllegal::EmptySquare { .. } => "shogun.empty-square",
                ShogunIllegal::OpponentPiece { .. } => "shogun.opponent-piece",
                ShogunIllegal::StaysPut { .. } => "shogun.stays-put",
                ShogunIllegal::OwnPiece { .. } => "shogun.own-piece",
                ShogunIllegal::WrongDistance { .. } => "shogun.wrong-distance",
                ShogunIllegal::PathBlocked { .. } => "shogun.path-blocked",
                ShogunIllegal::FalseCaptureMark { .. } => "shogun.false-capture-mark",
                ShogunIllegal::LeavesShogunAttacked { .. } => "shogun.leaves-shogun-attacked",
                ShogunIllegal::FalseCheckMark { .. } => "shogun.false-check-mark",
            },
        }
    }

    fn message(&self, text: &str) -> String {
        match self {
            ShogunError::Syntax(syntax) => {
                format!("not a Shogun move: {text:?}: {}", syntax.why(text))
            }
            ShogunError::Illegal(illegal) => illegal.why(),
        }
    }
}

/// The first square of `text` as a message quotes it: its first two
/// bytes, or the whole text when they do not end a character.
fn square_text(text: &str) -> &str {
    text.get(..2).unwrap_or(text)
}

impl ShogunSyntax {
    /// What is wrong with the move written `text`. The parts it quotes are
    /// found where [`super::notation::read_move`] reads them, in the text
    /// without the one `+` it may end with.
    fn why(self, text: &str) -> String {
        let body = text.strip_suffix('+').unwrap_or(text);
        match self {
            ShogunSyntax::FromSquare => square_error(square_text(body), 8),
            ShogunSyntax::NoSeparator { from } => {
                format!("'-' or 'x' must follow {}", square_name(from.into()))
            }
            ShogunSyntax::ToSquare => square_error(square_text(body.get(3..).unwrap_or("")), 8),
            ShogunSyntax::TextAfterMove => format!(
                "unexpected {:?} after the move (only '+' may follow it)",
                body.get(5..).unwrap_or("")
            ),
        }
    }
}

impl ShogunIllegal {
    /// The rule broken, in words.
    fn why(self) -> String {
        let reach = "the piece cannot reach that square";
        let piece = |kind: Kind, from: u8, v: u8| {
            format!("the {} on {} shows {v}", kind.noun(), name(from))
        };
        match self {
            ShogunIllegal::EmptySquare { from } => format!(
                "no piece of the side to move there: {} is empty",
                name(from)
            ),
            ShogunIllegal::OpponentPiece { from, mover } => format!(
                "no piece of the side to move there: {} holds a {} piece and {} is to move",
                name(from),
                mover.other().name(),
                mover.name()
            ),
            ShogunIllegal::StaysPut { kind, from, shows } => format!(
                "{reach}: a move must leave its square, and {}",
                piece(kind, from, shows)
            ),
            ShogunIllegal::OwnPiece { to } => {
                format!("{reach}: {} holds one of your own pieces", name(to))
            }
            ShogunIllegal::WrongDistance {
                kind,
                from,
                to,
                shows,
            } => format!(
                "{reach}: {}, and {}",
                piece(kind, from, shows),
                distance_words(from, to, shows)
            ),
            ShogunIllegal::PathBlocked { from, to, occupied } => {
                format!("{reach}: {}", blocked_words(from, to, occupied))
            }
            ShogunIllegal::FalseCaptureMark { to } => {
                format!("x on a non-capture: {} is empty", name(to))
            }
            ShogunIllegal::LeavesShogunAttacked {
                mover,
                shogun,
                kind,
                at,
                shows,
                was_attacked,
            } => format!(
                "leaves own shogun attacked: {}after the move the {} {} on {} (showing {shows}) could reach the {} Shogun on {}",
                if was_attacked {
                    "it was attacked and still is: "
                } else {
                    ""
                },
                mover.other().name(),
                kind.noun(),
                name(at),
                mover.name(),
                name(shogun)
            ),
            ShogunIllegal::FalseCheckMark { mover, shogun } => format!(
                "+ on a move that does not attack: after the move no {} piece attacks the {} Shogun on {}",
                mover.name(),
                mover.other().name(),
                name(shogun)
            ),
        }
    }
}

fn name(square: u8) -> &'static str {
    square_name(square.into())
}

/// How far `to` is from `from`, for a piece showing `v`, and what a player
/// may have missed: that pieces never move diagonally, or turn only once.
fn distance_words(from: u8, to: u8, v: u8) -> String {
    let (from, to) = (usize::from(from), usize::from(to));
    let (df, dr) = (
        (from % 8).abs_diff(to % 8) as u32,
        (from / 8).abs_diff(to / 8) as u32,
    );
    let (d, v) = (df + dr, u32::from(v));
    let steps = if d == 1 { "square" } else { "squares" };
    let mut words = format!("{} is {d} {steps} away", square_name(to));
    if df == dr && df == v {
        words.push_str(" (a piece never moves diagonally)");
    } else if d < v && (v - d) % 2 == 0 {
        words.push_str(&format!(
            " (a path of {v} squares there would need more than one turn)"
        ));
    }
    words
}

/// Which squares block the paths from `from` to `to`.
fn blocked_words(from: u8, to: u8, occupied: Bits) -> String {
    let (from, to) = (usize::from(from), usize::from(to));
    let paths = via(from, to);
    let names = |bits: Bits| {
        squares(bits & occupied)
            .map(square_name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if paths.first == paths.second {
        return format!("the straight path is blocked at {}", names(paths.first));
    }
    let (ff, fr, tf, tr) = (from % 8, from / 8, to % 8, to / 8);
    format!(
        "both L paths are blocked: the path turning at {} by {}, the path turning at {} by {} (a piece never jumps, and turns at most once)",
        square_name(fr * 8 + tf),
        names(paths.first),
        square_name(tr * 8 + ff),
        names(paths.second)
    )
}

#[cfg(test)]
#[path = "fault_tests.rs"]
pub(super) mod tests;
