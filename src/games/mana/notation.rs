//! Mana move notation: `b1-b3`, `c3xc5@d4`, `R*d4@b2`, `--`, read by nom,
//! one function per production of `grammar/mana.ebnf`.

use super::fault::ManaSyntax;
use crate::game::MoveText;
use crate::games::lines::{MoveParsed, StepSyntax, end, square, square_name, step};
use crate::grammar::{Found, byte, byte_in, fail, placed};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{eof, opt, value};
use nom::sequence::preceded;
use std::fmt;

/// A Mana move as written, resolved to squares (indices from 0 for a1, in
/// bytes: the move is a few bytes, cheap to pass around).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManaMove {
    /// A piece moves from one square to another; `capture` is the written `x`.
    Step {
        /// Start square.
        from: u8,
        /// End square.
        to: u8,
        /// Whether `x` was written.
        capture: bool,
        /// Where the bird goes, when written.
        bird: Option<u8>,
    },
    /// A captured Ronin re-enters the board.
    Enter {
        /// The square of entry.
        to: u8,
        /// Where the bird goes, when written.
        bird: Option<u8>,
    },
    /// The pass `--`.
    Pass,
}

/// `mana move = step | reentry | pass`, and the whole word read: a
/// capital other than the re-entry's `R*` is named apart.
#[inline]
fn mana_move(input: &[u8]) -> MoveParsed<'_, ManaMove, ManaSyntax> {
    alt((pass, reentry, not_a_ronin, step_move)).parse(input)
}

/// `pass = "--"`, the whole word.
#[inline]
fn pass(input: &[u8]) -> MoveParsed<'_, ManaMove, ManaSyntax> {
    value(ManaMove::Pass, (tag("--"), eof)).parse(input)
}

/// `reentry = "R*", square, [ bird ]`, to the end of the word.
#[inline]
fn reentry(input: &[u8]) -> MoveParsed<'_, ManaMove, ManaSyntax> {
    let (input, _) = tag("R*").parse(input)?;
    let (input, to) = square(input)?;
    let (input, bird) = bird_and_end(input)?;
    Ok((input, ManaMove::Enter { to, bird }))
}

/// A capital that starts no re-entry: only a Ronin re-enters.
#[inline]
fn not_a_ronin(input: &[u8]) -> MoveParsed<'_, ManaMove, ManaSyntax> {
    let _ = byte_in(|b: u8| b.is_ascii_uppercase()).parse(input)?;
    fail(input, Found::Is(ManaSyntax::NotARonin))
}

/// `step = square, ( "-" | "x" ), square, [ bird ]`, to the end of the word.
#[inline]
fn step_move(input: &[u8]) -> MoveParsed<'_, ManaMove, ManaSyntax> {
    let (input, (from, capture, to)) = step(input)?;
    let (input, bird) = bird_and_end(input)?;
    let mv = ManaMove::Step {
        from,
        to,
        capture,
        bird,
    };
    Ok((input, mv))
}

/// `bird = "@", square`.
#[inline]
fn bird(input: &[u8]) -> MoveParsed<'_, u8, ManaSyntax> {
    preceded(byte(b'@'), square).parse(input)
}

/// `[ bird ]` and the end of the word: text after the move, or after the
/// bird's square, is a fault.
#[inline]
fn bird_and_end(input: &[u8]) -> MoveParsed<'_, Option<u8>, ManaSyntax> {
    match opt(bird).parse(input)? {
        (rest, None) => end(rest).map(|(rest, ())| (rest, None)),
        (rest @ [], bird) => Ok((rest, bird)),
        (rest, Some(_)) => fail(rest, Found::At(|at| ManaSyntax::AfterBird { at })),
    }
}

impl ManaMove {
    /// The reader of Mana's notation, over the nom parser of
    /// `grammar/mana.ebnf`: the bytes of one move word (`b1-b3`,
    /// `c3xc5@d4`, `R*d4@b2`, `--`) in, the move out.
    ///
    /// # Errors
    /// Why the text is not a Mana move.
    #[inline]
    pub fn read(bytes: &[u8]) -> Result<ManaMove, ManaSyntax> {
        placed(bytes, mana_move(bytes), StepSyntax::NotASquare { at: 0 }.into())
    }
}

impl std::str::FromStr for ManaMove {
    type Err = ManaSyntax;

    fn from_str(text: &str) -> Result<Self, ManaSyntax> {
        ManaMove::read(text.as_bytes())
    }
}

impl fmt::Display for ManaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl MoveText for ManaMove {
    fn write_text<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let name = |square: &u8| square_name(usize::from(*square));
        let bird = match self {
            ManaMove::Step {
                from,
                to,
                capture,
                bird,
            } => {
                out.write_str(name(from))?;
                out.write_str(if *capture { "x" } else { "-" })?;
                out.write_str(name(to))?;
                bird
            }
            ManaMove::Enter { to, bird } => {
                out.write_str("R*")?;
                out.write_str(name(to))?;
                bird
            }
            ManaMove::Pass => return out.write_str("--"),
        };
        match bird {
            Some(square) => {
                out.write_str("@")?;
                out.write_str(name(square))
            }
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::Reason;

    #[test]
    fn round_trips_every_form() {
        for text in ["b1-b3", "c3xc5", "b1-b3@d4", "R*d4", "R*d4@b2", "--"] {
            let mv: ManaMove = text.parse().unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(mv.to_string(), text);
        }
    }

    /// Texts near the move forms: good and bad squares, separators,
    /// prefixes and endings in every combination.
    fn near_moves() -> Vec<String> {
        let squares = ["a1", "f6", "c3", "g1", "a7", "A1", "a", ""];
        let mut texts = vec!["--".to_owned(), "-".to_owned(), "---".to_owned()];
        for prefix in ["", "R*", "D*", "R"] {
            for from in squares {
                for separator in ["-", "x", "+", ""] {
                    for to in squares {
                        for ending in ["", "@b2", "@d4", "@z9", "@", "#", "@b2x", " "] {
                            texts.push(format!("{prefix}{from}{separator}{to}{ending}"));
                        }
                    }
                }
            }
        }
        texts
    }

    /// Whether `text` is a move by the grammar of kifu.5, told apart
    /// without the reader: `--`, `R*` and a square, or a square, `-` or
    /// `x` and a square; then, but for `--`, `@` and a square or nothing.
    fn is_move_text(text: &str) -> bool {
        let square = |s: &str| {
            let b = s.as_bytes();
            b.len() == 2 && (b'a'..=b'f').contains(&b[0]) && (b'1'..=b'6').contains(&b[1])
        };
        if text == "--" {
            return true;
        }
        let (body, bird) = match text.split_once('@') {
            Some((body, bird)) => (body, Some(bird)),
            None => (text, None),
        };
        let body_ok = match body.strip_prefix("R*") {
            Some(to) => square(to),
            None => {
                body.len() == 5
                    && square(&body[..2])
                    && matches!(&body[2..3], "-" | "x")
                    && square(&body[3..])
            }
        };
        body_ok && bird.is_none_or(square)
    }

    /// The reader accepts exactly the texts of the grammar, and writes
    /// back every move it reads as it was written.
    #[test]
    fn the_reader_reads_the_grammar_and_round_trips() {
        let mut read = 0;
        for text in near_moves() {
            let result = ManaMove::read(text.as_bytes());
            assert_eq!(result.is_ok(), is_move_text(&text), "{text:?}: {result:?}");
            match result {
                Ok(mv) => {
                    assert_eq!(mv.to_string(), text, "{text:?}");
                    read += 1;
                }
                Err(fault) => assert!(fault.code().starts_with("mana."), "{text:?}"),
            }
        }
        assert!(read > 50, "{read} texts read");
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| {
            let fault = t
                .parse::<ManaMove>()
                .err()
                .unwrap_or_else(|| panic!("{t} read"));
            (fault.code(), fault.message(t))
        };
        assert_eq!(
            error("z9-a1"),
            (
                "mana.not-a-square",
                "\"z9\" is not a square (files a-f, ranks 1-6)".to_owned()
            )
        );
        assert_eq!(
            error("a1a2"),
            (
                "mana.no-separator",
                "\"a1a2\": '-' or 'x' must follow a1".to_owned()
            )
        );
        assert_eq!(
            error("a1-a2@"),
            (
                "mana.not-a-square",
                "\"\" is not a square (files a-f, ranks 1-6)".to_owned()
            )
        );
        assert_eq!(
            error("a1-a2#"),
            (
                "mana.trailing-text",
                "\"a1-a2#\": unexpected \"#\" after the move".to_owned()
            )
        );
        assert_eq!(
            error("R*a1@b2x"),
            (
                "mana.after-bird",
                "\"R*a1@b2x\": unexpected \"x\" after the bird's square".to_owned()
            )
        );
        assert_eq!(
            error("D*a1"),
            (
                "mana.not-a-ronin",
                "\"D*a1\" is not a Mana move: only a Ronin re-enters, written R*d4".to_owned()
            )
        );
    }
}
