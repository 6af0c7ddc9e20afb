//! Shogun move notation: `e1-e2`, `c3xe3`, `a1-a5+`.

use super::board::{parse_square, square_name};
use crate::games::square::square_error;
use std::fmt;

/// A Shogun move as written, resolved to squares.
///
/// Laid out in the order written: the four bytes the referee passes from
/// the reader to the rules then take the fewest steps to put together and
/// to take apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct ShogunMove {
    /// Start square (`rank * 8 + file`).
    pub from: u8,
    /// End square.
    pub to: u8,
    /// Whether `x` was written.
    pub capture: bool,
    /// Whether `+` was written.
    pub check: bool,
}

/// Reads one square at the start of `text`.
fn square_at(text: &str) -> Result<(u8, &str), String> {
    let head = text.get(..2).unwrap_or(text);
    match parse_square(head) {
        Some(square) => Ok((square as u8, text.get(2..).unwrap_or(""))),
        None => Err(square_error(head, 8)),
    }
}

/// Reads a well-formed move (`e1-e2`, `c3xe3+`) straight from its bytes,
/// with nothing to allocate; `None` for anything else, which
/// [`ShogunMove::from_str`] then explains.
///
/// The first four bytes are read as one number, from which `a1-a` is taken
/// away: each byte of a well-formed move then holds a file or rank from 0
/// to 7, or for the separator 0 (`-`) or `'x' - '-'`. A byte below its
/// letter borrows from the next one, but is then itself left at 0x9f or
/// more, which no test below lets through.
#[inline(always)]
fn read_plain(text: &[u8]) -> Option<ShogunMove> {
    let ([a, b, c, d, e], check) = match *text {
        [a, b, c, d, e] => ([a, b, c, d, e], 0),
        [a, b, c, d, e, b'+'] => ([a, b, c, d, e], 1 << 24),
        _ => return None,
    };
    let head = u32::from_le_bytes([a, b, c, d]).wrapping_sub(u32::from_le_bytes(*b"a1-a"));
    let last = u32::from(e.wrapping_sub(b'1'));
    let separator = head >> 16 & 0xff;
    if head & 0xf800_f8f8 != 0 || last > 7 || separator != 0 && separator != 0x4b {
        return None;
    }
    // The move as the four bytes of its layout: the squares, then 1 for
    // `x` (the separator's lowest bit) and 1 for `+`.
    let word =
        (head | head >> 5) & 0x3f | (head >> 16 & 0x700) | last << 11 | head & 0x1_0000 | check;
    Some(ShogunMove {
        from: word as u8,
        to: (word >> 8) as u8,
        capture: word & 0x1_0000 != 0,
        check: word & 0x100_0000 != 0,
    })
}

/// Reads a well-formed move at the start of `text`, as [`read_plain`]
/// does: the move and its length. Mostly eight bytes or more follow the
/// move's start, read at once by [`read_word`].
#[inline]
pub(super) fn read_at(text: &[u8]) -> Option<(ShogunMove, usize)> {
    let word = match text.first_chunk::<8>() {
        Some(word) => *word,
        None => padded(text),
    };
    read_word(&word)
}

/// The bytes of a text shorter than eight, then zeros, which no move
/// holds.
#[cold]
fn padded(text: &[u8]) -> [u8; 8] {
    let mut word = [0; 8];
    for (to, from) in word.iter_mut().zip(text) {
        *to = *from;
    }
    word
}

/// Reads a well-formed move from the first eight bytes of a text, as
/// [`read_plain`] reads the first five or six: the move and its length.
///
/// As there, `a1-a1` is taken away from the first five bytes, read as one
/// number (the last three are left as they are, but for a borrow from a
/// fifth byte that no test lets through). A square is then its file in one
/// byte and its rank in the next, which `v | v >> 5` puts together as
/// `file | rank << 3` in the first.
#[inline(always)]
fn read_word(text: &[u8; 8]) -> Option<(ShogunMove, usize)> {
    let head = u64::from_le_bytes(*text).wrapping_sub(u64::from_le_bytes(*b"a1-a1\0\0\0"));
    let separator = head >> 16 & 0xff;
    if head & 0xf8_f800_f8f8 != 0 || separator != 0 && separator != 0x4b {
        return None;
    }
    let check = text[5] == b'+';
    let squares = head | head >> 5;
    let mv = ShogunMove {
        from: squares as u8 & 0x3f,
        to: (squares >> 24) as u8 & 0x3f,
        capture: separator != 0,
        check,
    };
    Some((mv, 5 + usize::from(check)))
}

impl std::str::FromStr for ShogunMove {
    type Err = String;

    #[inline(always)]
    fn from_str(text: &str) -> Result<Self, String> {
        read_plain(text.as_bytes()).map_or_else(|| read_explained(text), Ok)
    }
}

/// Reads a move piece by piece, saying what is wrong with it; the reference
/// for [`read_plain`], which accepts exactly the same texts.
#[cold]
fn read_explained(text: &str) -> Result<ShogunMove, String> {
    let bad = |why: String| format!("not a Shogun move: {text:?}: {why}");
    let (body, check) = match text.strip_suffix('+') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let (from, rest) = square_at(body).map_err(bad)?;
    let capture = match rest.as_bytes().first() {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => {
            return Err(bad(format!(
                "'-' or 'x' must follow {}",
                square_name(from.into())
            )));
        }
    };
    let (to, rest) = square_at(rest.get(1..).unwrap_or("")).map_err(bad)?;
    if !rest.is_empty() {
        return Err(bad(format!(
            "unexpected {rest:?} after the move (only '+' may follow it)"
        )));
    }
    Ok(ShogunMove {
        from,
        to,
        capture,
        check,
    })
}

impl fmt::Display for ShogunMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(
            f,
            "{}{sep}{}{}",
            square_name(self.from.into()),
            square_name(self.to.into()),
            if self.check { "+" } else { "" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_form() {
        for text in ["e1-e2", "c3xe3", "a1-a5+", "h8xa1+"] {
            let mv: ShogunMove = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(mv.to_string(), text);
        }
        let mv: ShogunMove = "b2xc4+".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            mv,
            ShogunMove {
                from: 9,
                to: 26,
                capture: true,
                check: true
            }
        );
    }

    #[test]
    fn the_quick_reader_accepts_what_the_full_reader_accepts() {
        // Every text of up to 6 bytes from an alphabet around the grammar.
        let alphabet = b"ai18-x+";
        let mut text = Vec::new();
        let mut count = 0;
        fn each(alphabet: &[u8], text: &mut Vec<u8>, count: &mut u32) {
            let quick = read_plain(text);
            let full = std::str::from_utf8(text)
                .ok()
                .and_then(|t| read_explained(t).ok());
            assert_eq!(quick, full, "{:?}", String::from_utf8_lossy(text));
            *count += u32::from(quick.is_some());
            if text.len() < 6 {
                for &b in alphabet {
                    text.push(b);
                    each(alphabet, text, count);
                    text.pop();
                }
            }
        }
        each(alphabet, &mut text, &mut count);
        // File `a`, rank 1 or 8, `-` or `x`, file `a`, rank 1 or 8, `+` or not.
        assert_eq!(count, 2 * 2 * 2 * 2);
    }

    #[test]
    fn the_quick_reader_refuses_what_borrows() {
        // Per byte, the edges of what is allowed there, and bytes below them,
        // which borrow from the next byte when `a1-a` is taken away.
        let files: &[u8] = b"`ahi\0";
        let ranks: &[u8] = b"0189/";
        let separators: &[u8] = b"-x,.wy\0";
        let mut text = Vec::new();
        let mut accepted = 0;
        for &a in files {
            for &b in ranks {
                for &c in separators {
                    for &d in files {
                        for &e in ranks {
                            for tail in [&b""[..], b"+", b"++", b"x", b"\xff"] {
                                text.clear();
                                text.extend_from_slice(&[a, b, c, d, e]);
                                text.extend_from_slice(tail);
                                let quick = read_plain(&text);
                                let full = std::str::from_utf8(&text)
                                    .ok()
                                    .and_then(|t| read_explained(t).ok());
                                assert_eq!(quick, full, "{:?}", String::from_utf8_lossy(&text));
                                accepted += u32::from(quick.is_some());
                            }
                        }
                    }
                }
            }
        }
        // Files a and h, ranks 1 and 8, `-` or `x`, `+` or not.
        assert_eq!(accepted, 2 * 2 * 2 * 2 * 2 * 2);
    }

    /// Reads a well-formed move at the start of `text` with [`read_plain`]:
    /// the move and its length; the reference for [`read_at`].
    fn read_short(text: &[u8]) -> Option<(ShogunMove, usize)> {
        let len = if text.get(5) == Some(&b'+') { 6 } else { 5 };
        Some((read_plain(text.get(..len)?)?, len))
    }

    #[test]
    fn the_word_reader_reads_what_the_short_reader_reads() {
        // Every text of up to 6 bytes from an alphabet around the grammar,
        // then bytes that may follow it: shorter than eight bytes in all
        // (zeros added), or not.
        let alphabet = b"a1h8-x+`0";
        let tails: [&[u8]; 7] = [
            b"",
            b" ",
            b"+",
            b"+ 1-0",
            b"\xff\xff\xff",
            b"\0\0\0",
            b"++++",
        ];
        let mut text = Vec::new();
        let mut accepted = 0;
        fn each(alphabet: &[u8], tails: &[&[u8]], text: &mut Vec<u8>, accepted: &mut u32) {
            for tail in tails {
                let full = [&text[..], tail].concat();
                let read = read_at(&full);
                assert_eq!(
                    read,
                    read_short(&full),
                    "{:?}",
                    String::from_utf8_lossy(&full)
                );
                *accepted += u32::from(read.is_some());
            }
            if text.len() < 6 {
                for &b in alphabet {
                    text.push(b);
                    each(alphabet, tails, text, accepted);
                    text.pop();
                }
            }
        }
        each(alphabet, &tails, &mut text, &mut accepted);
        // File a or h, rank 1 or 8, `-` or `x`, file a or h, rank 1 or 8,
        // alone or before any byte of the alphabet, then each tail: whatever
        // follows a move is for the caller to judge.
        assert_eq!(accepted, 32 * (1 + 9) * 7);
    }

    #[test]
    fn explains_bad_text() {
        let error = |t: &str| t.parse::<ShogunMove>().err().unwrap_or_default();
        assert_eq!(
            error("i1-a1"),
            "not a Shogun move: \"i1-a1\": \"i1\" is not a square (files a-h, ranks 1-8)"
        );
        assert_eq!(
            error("a1a2"),
            "not a Shogun move: \"a1a2\": '-' or 'x' must follow a1"
        );
        assert_eq!(
            error("a1-a2#"),
            "not a Shogun move: \"a1-a2#\": unexpected \"#\" after the move (only '+' may follow it)"
        );
        assert_eq!(
            error("a1-"),
            "not a Shogun move: \"a1-\": \"\" is not a square (files a-h, ranks 1-8)"
        );
        assert_eq!(
            error("é1-a1"),
            "not a Shogun move: \"é1-a1\": \"é\" is not a square (files a-h, ranks 1-8)"
        );
        assert_eq!(
            error("a1-a2++"),
            "not a Shogun move: \"a1-a2++\": unexpected \"+\" after the move (only '+' may follow it)"
        );
    }
}
