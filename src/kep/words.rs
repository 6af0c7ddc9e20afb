//! The words of a line: blanks between them, values that may be quoted,
//! numbers; shared by the commands and the answers.

use super::MAX_LINE_BYTES;
use super::error::{Keyword, ProtocolError};
use crate::record::{QuoteFault, Quoted, read_quoted};
use std::fmt;
use std::str::FromStr;

/// The longest word quoted back in a message, in characters.
const QUOTED_CHARS: usize = 40;

/// `line` checked against [`MAX_LINE_BYTES`], without the `\r`s and blanks
/// at its end (in any order: `move\t\r\t` is `move`, which writes back
/// as it reads).
///
/// # Errors
/// [`ProtocolError::LineTooLong`].
pub(crate) fn prepare(line: &str) -> Result<&str, ProtocolError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(ProtocolError::LineTooLong);
    }
    Ok(line.trim_end_matches(['\r', ' ', '\t']))
}

/// `word` cut short for a message.
pub(crate) fn shorten(word: &str) -> String {
    match word.char_indices().nth(QUOTED_CHARS) {
        Some((at, _)) => format!("{}...", &word[..at]),
        None => word.to_owned(),
    }
}

/// Whether a byte separates words: a space or a tab.
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// A line read a word at a time, for the message of `keyword`.
#[derive(Debug, Clone)]
pub(crate) struct Words<'a> {
    line: &'a str,
    at: usize,
    keyword: Keyword,
}

impl<'a> Words<'a> {
    /// The words of `line` after its first word, which is `keyword`'s.
    pub(crate) fn after(line: &'a str, at: usize, keyword: Keyword) -> Self {
        Self { line, at, keyword }
    }

    /// Splits off the first word of `line`: the word and where the rest starts.
    pub(crate) fn first(line: &'a str) -> Option<(&'a str, usize)> {
        let mut words = Self::after(line, 0, Keyword::Kep);
        words.next().map(|word| (word, words.at))
    }

    /// The error of this line, for `reason`.
    pub(crate) fn fail(&self, reason: impl Into<String>) -> ProtocolError {
        ProtocolError::Malformed {
            keyword: self.keyword,
            reason: reason.into(),
        }
    }

    /// Moves past blanks.
    fn skip_blanks(&mut self) {
        let bytes = self.line.as_bytes();
        while bytes.get(self.at).copied().is_some_and(is_blank) {
            self.at += 1;
        }
    }

    /// The next word, if any.
    pub(crate) fn next(&mut self) -> Option<&'a str> {
        self.skip_blanks();
        let rest = self.line.get(self.at..).unwrap_or_default();
        let len = rest.bytes().position(is_blank).unwrap_or(rest.len());
        self.at += len;
        rest.get(..len).filter(|word| !word.is_empty())
    }

    /// The next word, without taking it.
    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.clone().next()
    }

    /// The rest of the line after the blanks, as it is.
    pub(crate) fn rest(&mut self) -> &'a str {
        self.skip_blanks();
        let rest = self.line.get(self.at..).unwrap_or_default();
        self.at = self.line.len();
        rest
    }

    /// Checks that no word is left.
    ///
    /// # Errors
    /// The words left.
    pub(crate) fn end(mut self) -> Result<(), ProtocolError> {
        match self.rest() {
            "" => Ok(()),
            rest => Err(self.fail(format!("unexpected words at the end: {}", shorten(rest)))),
        }
    }

    /// The next word, which `what` names in the message when it is missing.
    ///
    /// # Errors
    /// The missing word.
    pub(crate) fn word(&mut self, what: &str) -> Result<&'a str, ProtocolError> {
        self.next()
            .ok_or_else(|| self.fail(format!("the {what} is missing")))
    }

    /// A value, the last thing on its line: a word, or a double-quoted
    /// value with `\"` and `\\` escapes (as a record's tag value).
    ///
    /// # Errors
    /// A missing or badly quoted value, or words after it.
    pub(crate) fn value(mut self, what: &str) -> Result<String, ProtocolError> {
        self.skip_blanks();
        if self.line.as_bytes().get(self.at) != Some(&b'"') {
            let value = self.word(what)?;
            self.end()?;
            return Ok(value.to_owned());
        }
        match read_quoted(self.line, self.at, MAX_LINE_BYTES) {
            Ok((value, after)) => {
                self.at = after;
                self.end()?;
                Ok(value.into())
            }
            Err((_, QuoteFault::BadEscape)) => {
                Err(self.fail(format!("only \\\" and \\\\ are escapes in the {what}")))
            }
            Err(_) => Err(self.fail(format!("the {what} has no closing quote"))),
        }
    }

    /// The next word as a whole number of type `T`, which `what` names in
    /// the message.
    ///
    /// # Errors
    /// A missing word, or one that is not such a number.
    pub(crate) fn number<T: FromStr>(&mut self, what: &str) -> Result<T, ProtocolError> {
        let word = self
            .next()
            .ok_or_else(|| self.fail(format!("{what} needs a number")))?;
        let digits = word.strip_prefix('-').unwrap_or(word);
        let parsed = match digits.bytes().all(|b| b.is_ascii_digit()) {
            true => word.parse().ok(),
            false => None,
        };
        parsed.ok_or_else(|| {
            self.fail(format!(
                "{what} must be a whole number, not {}",
                shorten(word)
            ))
        })
    }
}

/// A value as [`Words::value`] reads it: a word, or in double quotes when
/// it is empty or holds a blank, a quote, a backslash or a control
/// character.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Value<'a>(pub &'a str);

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = !self.0.is_empty()
            && !self
                .0
                .chars()
                .any(|c| c == '"' || c == '\\' || c == ' ' || c.is_control());
        match plain {
            true => f.write_str(self.0),
            false => Quoted(self.0).fmt(f),
        }
    }
}

/// Writes `words` each after a space.
pub(crate) fn write_words(f: &mut fmt::Formatter<'_>, words: &[String]) -> fmt::Result {
    words.iter().try_for_each(|word| write!(f, " {word}"))
}

/// Reads the number of the field `what` into `slot`, which must be empty.
///
/// # Errors
/// `what` given twice, or without a whole number.
pub(crate) fn number_once<T: FromStr>(
    words: &mut Words<'_>,
    slot: &mut Option<T>,
    what: &str,
) -> Result<(), ProtocolError> {
    once(words, slot, what)?;
    *slot = Some(words.number(what)?);
    Ok(())
}

/// Checks that `what` was not given before in the line.
///
/// # Errors
/// `what` given twice.
pub(crate) fn once<T>(
    words: &Words<'_>,
    slot: &Option<T>,
    what: &str,
) -> Result<(), ProtocolError> {
    match slot {
        Some(_) => Err(words.fail(format!("{what} given twice"))),
        None => Ok(()),
    }
}
