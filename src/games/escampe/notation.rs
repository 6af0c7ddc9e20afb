//! Escampe move notation: `b1-b3`, `c3xc5` (a Paladin takes the Unicorn), `--`.

use crate::games::lines::{read_step, square_name};
use crate::games::mana::step_at;
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

impl EscampeMove {
    /// Reads the usual forms (`b1-b3`, `c3xc5`, `--`) byte by byte, building
    /// nothing. `None` says only that the text is something else;
    /// [`EscampeMove::read_explained`] then reads it or says what is wrong.
    #[inline]
    fn read_quickly(bytes: &[u8]) -> Option<EscampeMove> {
        match read_step(bytes) {
            Some((from, capture, to)) => Some(EscampeMove::Step { from, to, capture }),
            None => (bytes == b"--").then_some(EscampeMove::Pass),
        }
    }

    /// Reads any text, explaining what is wrong with it.
    #[cold]
    #[inline(never)]
    fn read_explained(text: &str) -> Result<Self, String> {
        if text == "--" {
            return Ok(EscampeMove::Pass);
        }
        if text.starts_with("R*") {
            return Err(format!(
                "{text:?}: Escampe has no re-entry (R*); a move is from-to, like b1-b3"
            ));
        }
        if text.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Err(format!(
                "{text:?} is not an Escampe move: a move is from-to, like b1-b3"
            ));
        }
        let (from, capture, to, rest) = step_at(text)?;
        if rest.starts_with('@') {
            return Err(format!(
                "{text:?}: Escampe has no bird; a move ends at its square, like b1-b3"
            ));
        }
        if !rest.is_empty() {
            return Err(format!("{text:?}: unexpected {rest:?} after the move"));
        }
        Ok(EscampeMove::Step { from, to, capture })
    }
}

impl std::str::FromStr for EscampeMove {
    type Err = String;

    #[inline]
    fn from_str(text: &str) -> Result<Self, String> {
        match EscampeMove::read_quickly(text.as_bytes()) {
            Some(mv) => Ok(mv),
            None => EscampeMove::read_explained(text),
        }
    }
}

impl fmt::Display for EscampeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EscampeMove::Step { from, to, capture } => {
                let sep = if *capture { 'x' } else { '-' };
                let name = |square: &u8| square_name(usize::from(*square));
                write!(f, "{}{sep}{}", name(from), name(to))
            }
            EscampeMove::Pass => f.write_str("--"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_form() {
        for text in ["b1-b3", "c3xc5", "--"] {
            let mv: EscampeMove = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn the_quick_reader_agrees_with_the_explaining_one() {
        let squares = ["a1", "f6", "c3", "g1", "a7", "A1", "a", ""];
        for prefix in ["", "R*", "-"] {
            for from in squares {
                for separator in ["-", "x", "+", ""] {
                    for to in squares {
                        for ending in ["", "@b2", "#", " "] {
                            let text = format!("{prefix}{from}{separator}{to}{ending}");
                            if let Some(mv) = EscampeMove::read_quickly(text.as_bytes()) {
                                assert_eq!(EscampeMove::read_explained(&text), Ok(mv), "{text:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| t.parse::<EscampeMove>().err().unwrap_or_default();
        assert_eq!(
            error("b1-b3@d4"),
            "\"b1-b3@d4\": Escampe has no bird; a move ends at its square, like b1-b3"
        );
        assert_eq!(
            error("R*d4"),
            "\"R*d4\": Escampe has no re-entry (R*); a move is from-to, like b1-b3"
        );
        assert_eq!(
            error("U*d4"),
            "\"U*d4\" is not an Escampe move: a move is from-to, like b1-b3"
        );
        assert_eq!(
            error("z9-a1"),
            "\"z9\" is not a square (files a-f, ranks 1-6)"
        );
        assert_eq!(error("a1a2"), "\"a1a2\": '-' or 'x' must follow a1");
        assert_eq!(
            error("a1-a2#"),
            "\"a1-a2#\": unexpected \"#\" after the move"
        );
        assert_eq!(error("-"), "\"-\" is not a square (files a-f, ranks 1-6)");
    }
}
