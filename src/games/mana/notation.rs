//! Mana move notation: `b1-b3`, `c3xc5@d4`, `R*d4@b2`, `--`.

use crate::games::lines::{read_step, square_name, square_of};
use crate::games::square::square_error;
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

/// Reads one square at the start of `text`.
pub(crate) fn square_at(text: &str) -> Result<(u8, &str), String> {
    let head = text.get(..2).unwrap_or(text);
    match head.as_bytes() {
        &[file, rank] => square_of(file, rank).map(|square| (square, &text[2..])),
        _ => None,
    }
    .ok_or_else(|| square_error(head, 6))
}

/// Reads `from-to` or `fromxto` at the start of `text`.
pub(crate) fn step_at(text: &str) -> Result<(u8, bool, u8, &str), String> {
    let (from, rest) = square_at(text)?;
    let capture = match rest.as_bytes().first() {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => {
            return Err(format!(
                "{text:?}: '-' or 'x' must follow {}",
                square_name(usize::from(from))
            ));
        }
    };
    let (to, rest) = square_at(&rest[1..])?;
    Ok((from, capture, to, rest))
}

/// Reads an optional `@square` ending the move.
fn bird_at(text: &str, rest: &str) -> Result<Option<u8>, String> {
    match rest.strip_prefix('@') {
        None if rest.is_empty() => Ok(None),
        None => Err(format!("{text:?}: unexpected {rest:?} after the move")),
        Some(square) => {
            let (bird, tail) = square_at(square)?;
            if tail.is_empty() {
                Ok(Some(bird))
            } else {
                Err(format!(
                    "{text:?}: unexpected {tail:?} after the bird's square"
                ))
            }
        }
    }
}

/// Reads an optional bird written exactly as `@d4` (or nothing): the
/// outer `None` says the text is something else.
fn read_bird(bytes: &[u8]) -> Option<Option<u8>> {
    match *bytes {
        [] => Some(None),
        [b'@', file, rank] => square_of(file, rank).map(Some),
        _ => None,
    }
}

impl ManaMove {
    /// Reads the usual forms (`b1-b3`, `c3xc5@d4`, `R*d4@b2`, `--`) byte by
    /// byte, building nothing. `None` says only that the text is something
    /// else; [`ManaMove::read_explained`] then reads it or says what is wrong.
    #[inline]
    fn read_quickly(bytes: &[u8]) -> Option<ManaMove> {
        // Nearly every move is a plain step: read it first.
        match read_step(bytes) {
            Some((from, capture, to)) => Some(ManaMove::Step {
                from,
                to,
                capture,
                bird: None,
            }),
            None => ManaMove::read_other(bytes),
        }
    }

    /// [`ManaMove::read_quickly`] for any form but a plain step.
    #[inline(never)]
    fn read_other(bytes: &[u8]) -> Option<ManaMove> {
        match *bytes {
            [b'-', b'-'] => Some(ManaMove::Pass),
            [b'R', b'*', file, rank, ref bird @ ..] => Some(ManaMove::Enter {
                to: square_of(file, rank)?,
                bird: read_bird(bird)?,
            }),
            _ => {
                let (step, bird) = bytes.split_at_checked(5)?;
                let (from, capture, to) = read_step(step)?;
                Some(ManaMove::Step {
                    from,
                    to,
                    capture,
                    bird: read_bird(bird)?,
                })
            }
        }
    }

    /// Reads any text, explaining what is wrong with it.
    #[cold]
    #[inline(never)]
    fn read_explained(text: &str) -> Result<Self, String> {
        if text == "--" {
            return Ok(ManaMove::Pass);
        }
        if let Some(rest) = text.strip_prefix("R*") {
            let (to, rest) = square_at(rest)?;
            return Ok(ManaMove::Enter {
                to,
                bird: bird_at(text, rest)?,
            });
        }
        if text.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Err(format!(
                "{text:?} is not a Mana move: only a Ronin re-enters, written R*d4"
            ));
        }
        let (from, capture, to, rest) = step_at(text)?;
        Ok(ManaMove::Step {
            from,
            to,
            capture,
            bird: bird_at(text, rest)?,
        })
    }
}

impl std::str::FromStr for ManaMove {
    type Err = String;

    #[inline]
    fn from_str(text: &str) -> Result<Self, String> {
        match ManaMove::read_quickly(text.as_bytes()) {
            Some(mv) => Ok(mv),
            None => ManaMove::read_explained(text),
        }
    }
}

impl fmt::Display for ManaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |square: &u8| square_name(usize::from(*square));
        let bird = |f: &mut fmt::Formatter<'_>, bird: &Option<u8>| match bird {
            Some(b) => write!(f, "@{}", name(b)),
            None => Ok(()),
        };
        match self {
            ManaMove::Step {
                from,
                to,
                capture,
                bird: b,
            } => {
                let sep = if *capture { 'x' } else { '-' };
                write!(f, "{}{sep}{}", name(from), name(to))?;
                bird(f, b)
            }
            ManaMove::Enter { to, bird: b } => {
                write!(f, "R*{}", name(to))?;
                bird(f, b)
            }
            ManaMove::Pass => f.write_str("--"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_form() {
        for text in ["b1-b3", "c3xc5", "b1-b3@d4", "R*d4", "R*d4@b2", "--"] {
            let mv: ManaMove = text.parse().unwrap_or_else(|e| panic!("{e}"));
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

    #[test]
    fn the_quick_reader_agrees_with_the_explaining_one() {
        for text in near_moves() {
            if let Some(mv) = ManaMove::read_quickly(text.as_bytes()) {
                assert_eq!(ManaMove::read_explained(&text), Ok(mv), "{text:?}");
            }
        }
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| t.parse::<ManaMove>().err().unwrap_or_default();
        assert_eq!(
            error("z9-a1"),
            "\"z9\" is not a square (files a-f, ranks 1-6)"
        );
        assert_eq!(error("a1a2"), "\"a1a2\": '-' or 'x' must follow a1");
        assert_eq!(
            error("a1-a2@"),
            "\"\" is not a square (files a-f, ranks 1-6)"
        );
        assert_eq!(
            error("a1-a2#"),
            "\"a1-a2#\": unexpected \"#\" after the move"
        );
        assert_eq!(
            error("D*a1"),
            "\"D*a1\" is not a Mana move: only a Ronin re-enters, written R*d4"
        );
    }
}
