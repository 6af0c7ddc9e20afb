//! Escampe move notation: `b1-b3`, `c3xc5` (a Paladin takes the Unicorn),
//! `--`, read by nom, one function per production of `grammar/escampe.ebnf`.

use super::fault::EscampeSyntax;
use crate::game::MoveText;
use crate::games::lines::{MoveParsed, StepSyntax, end, square_name, step};
use crate::grammar::{Found, byte, byte_in, fail, placed};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{eof, value};
use std::fmt;

/// An Escampe move as written, resolved to squares (indices from 0 for a1,
/// in bytes: the move is a few bytes, cheap to pass around).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscampeMove {
    /// A piece moves from one square to another; `capture` is the written `x`.
    Step {
        /// Start square.
        from: u8,
        /// End square.
        to: u8,
        /// Whether `x` was written.
        capture: bool,
    },
    /// The forced pass `--`.
    Pass,
}

/// `escampe-move = step | pass`, and the whole word read: a re-entry, a
/// capital or a bird's square, which Escampe has not, are named apart.
#[inline]
fn escampe_move(input: &[u8]) -> MoveParsed<'_, EscampeMove, EscampeSyntax> {
    alt((pass, no_reentry, not_a_move, step_move)).parse(input)
}

/// `pass = "--"`, the whole word.
#[inline]
fn pass(input: &[u8]) -> MoveParsed<'_, EscampeMove, EscampeSyntax> {
    value(EscampeMove::Pass, (tag("--"), eof)).parse(input)
}

/// Mana's re-entry, `R*d4`.
#[inline]
fn no_reentry(input: &[u8]) -> MoveParsed<'_, EscampeMove, EscampeSyntax> {
    let _ = tag("R*").parse(input)?;
    fail(input, Found::Is(EscampeSyntax::NoReentry))
}

/// Any other capital.
#[inline]
fn not_a_move(input: &[u8]) -> MoveParsed<'_, EscampeMove, EscampeSyntax> {
    let _ = byte_in(|b: u8| b.is_ascii_uppercase()).parse(input)?;
    fail(input, Found::Is(EscampeSyntax::NotAMove))
}

/// `step = square, ( "-" | "x" ), square`, to the end of the word: a
/// bird's square after it is named apart.
#[inline]
fn step_move(input: &[u8]) -> MoveParsed<'_, EscampeMove, EscampeSyntax> {
    let (input, (from, capture, to)) = step(input)?;
    let (input, ()) = alt((no_bird, end)).parse(input)?;
    Ok((input, EscampeMove::Step { from, to, capture }))
}

/// Mana's bird, `@d4`.
#[inline]
fn no_bird(input: &[u8]) -> MoveParsed<'_, (), EscampeSyntax> {
    let _ = byte(b'@').parse(input)?;
    fail(input, Found::Is(EscampeSyntax::NoBird))
}

impl EscampeMove {
    /// The reader of Escampe's notation, over the nom parser of
    /// `grammar/escampe.ebnf`: the bytes of one move word (`b1-b3`,
    /// `c3xc5`, `--`) in, the move out.
    ///
    /// # Errors
    /// Why the text is not an Escampe move.
    #[inline]
    pub fn read(bytes: &[u8]) -> Result<EscampeMove, EscampeSyntax> {
        let unnamed = StepSyntax::NotASquare { at: 0 }.into();
        placed(bytes, escampe_move(bytes), unnamed)
    }
}

impl std::str::FromStr for EscampeMove {
    type Err = EscampeSyntax;

    fn from_str(text: &str) -> Result<Self, EscampeSyntax> {
        EscampeMove::read(text.as_bytes())
    }
}

impl fmt::Display for EscampeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl MoveText for EscampeMove {
    fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match self {
            EscampeMove::Step { from, to, capture } => {
                out.write_str(square_name(usize::from(*from)))?;
                out.write_str(if *capture { "x" } else { "-" })?;
                out.write_str(square_name(usize::from(*to)))
            }
            EscampeMove::Pass => out.write_str("--"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::Reason;

    #[test]
    fn round_trips_every_form() {
        for text in ["b1-b3", "c3xc5", "--"] {
            let mv: EscampeMove = text.parse().unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(mv.to_string(), text);
        }
    }

    /// The reader accepts exactly a square, `-` or `x`, a square, or
    /// `--`, and writes back every move it reads as it was written.
    #[test]
    fn the_reader_reads_the_grammar_and_round_trips() {
        let square = |s: &str| {
            let b = s.as_bytes();
            b.len() == 2 && (b'a'..=b'f').contains(&b[0]) && (b'1'..=b'6').contains(&b[1])
        };
        let squares = ["a1", "f6", "c3", "g1", "a7", "A1", "a", ""];
        let mut read = 0;
        for prefix in ["", "R*", "-"] {
            for from in squares {
                for separator in ["-", "x", "+", ""] {
                    for to in squares {
                        for ending in ["", "@b2", "#", " "] {
                            let text = format!("{prefix}{from}{separator}{to}{ending}");
                            let is_move = text == "--"
                                || (prefix.is_empty()
                                    && ending.is_empty()
                                    && square(from)
                                    && matches!(separator, "-" | "x")
                                    && square(to));
                            let result = EscampeMove::read(text.as_bytes());
                            assert_eq!(result.is_ok(), is_move, "{text:?}: {result:?}");
                            match result {
                                Ok(mv) => {
                                    assert_eq!(mv.to_string(), text);
                                    read += 1;
                                }
                                Err(fault) => {
                                    assert!(fault.code().starts_with("escampe."), "{text:?}")
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(read > 10, "{read} texts read");
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| {
            let fault = t
                .parse::<EscampeMove>()
                .err()
                .unwrap_or_else(|| panic!("{t} read"));
            format!("{}: {}", fault.code(), fault.message(t))
        };
        assert_eq!(
            error("b1-b3@d4"),
            "escampe.no-bird: \"b1-b3@d4\": Escampe has no bird; a move ends at its square, like b1-b3"
        );
        assert_eq!(
            error("R*d4"),
            "escampe.no-reentry: \"R*d4\": Escampe has no re-entry (R*); a move is from-to, like b1-b3"
        );
        assert_eq!(
            error("U*d4"),
            "escampe.not-a-move: \"U*d4\" is not an Escampe move: a move is from-to, like b1-b3"
        );
        assert_eq!(
            error("z9-a1"),
            "escampe.not-a-square: \"z9\" is not a square (files a-f, ranks 1-6)"
        );
        assert_eq!(
            error("a1a2"),
            "escampe.no-separator: \"a1a2\": '-' or 'x' must follow a1"
        );
        assert_eq!(
            error("a1-a2#"),
            "escampe.trailing-text: \"a1-a2#\": unexpected \"#\" after the move"
        );
        assert_eq!(
            error("-"),
            "escampe.not-a-square: \"-\" is not a square (files a-f, ranks 1-6)"
        );
    }
}
