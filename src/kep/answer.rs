//! The answers, engine to referee.

use super::error::{Keyword, ProtocolError};
use super::info::Info;
use super::words::{Value, Words, prepare, shorten, write_words};
use std::fmt;

/// A line the engine sends to the referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `id name NAME` or `id author NAME`, in answer to `kep`.
    Id {
        /// Which: the name or the author.
        key: IdKey,
        /// The rest of the line.
        value: String,
    },
    /// `option NAME default VALUE`, in answer to `kep`.
    Option {
        /// The option's name, one word.
        name: String,
        /// Its default value (quoted on the line when it holds spaces).
        default: String,
    },
    /// `kepok`: the end of the answer to `kep`.
    KepOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `info ...`: what the engine says while it searches.
    Info(Info),
    /// `move M ...`: the move played, one word each (lotus: the turn's
    /// pawn moves, up to three).
    Move(Vec<String>),
    /// `move resign`: the engine gives up.
    Resign,
    /// A line that is no answer of the protocol, which the referee ignores
    /// (except in answer to `go`): the line as it came.
    Unknown(String),
}

/// What an `id` line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKey {
    /// `id name`: the engine's name and version.
    Name,
    /// `id author`: who wrote it.
    Author,
}

impl IdKey {
    /// The word as written.
    pub fn word(self) -> &'static str {
        match self {
            IdKey::Name => "name",
            IdKey::Author => "author",
        }
    }
}

impl Answer {
    /// Reads one line (without its `\n`; a `\r` before the end is
    /// ignored). A line whose first word is no answer is
    /// [`Answer::Unknown`].
    ///
    /// # Errors
    /// Why a line of a known kind is written wrong.
    pub fn read(line: &str) -> Result<Answer, ProtocolError> {
        let line = prepare(line)?;
        let known = Words::first(line)
            .and_then(|(first, at)| Some((Keyword::find(Keyword::ANSWERS, first)?, at)));
        let Some((keyword, at)) = known else {
            return Ok(Answer::Unknown(line.to_owned()));
        };
        let mut words = Words::after(line, at, keyword);
        let answer = match keyword {
            Keyword::Id => {
                let key = match words.word("key (name or author)")? {
                    "name" => IdKey::Name,
                    "author" => IdKey::Author,
                    other => {
                        return Err(
                            words.fail(format!("expected name or author, not {}", shorten(other)))
                        );
                    }
                };
                match words.rest() {
                    "" => return Err(words.fail(format!("the {} is missing", key.word()))),
                    value => Answer::Id {
                        key,
                        value: value.to_owned(),
                    },
                }
            }
            Keyword::Option => {
                let name = words.word("option name")?.to_owned();
                match words.next() {
                    Some("default") => {}
                    Some(other) => {
                        let other = shorten(other);
                        return Err(words.fail(format!("expected default, not {other}")));
                    }
                    None => return Err(words.fail(format!("the default of {name} is missing"))),
                }
                let default = words.value(&format!("default of {name}"))?;
                return Ok(Answer::Option { name, default });
            }
            Keyword::Info => Answer::Info(Info::read(&mut words)?),
            Keyword::Move => {
                let mut moves = Vec::new();
                while let Some(word) = words.next() {
                    moves.push(word.to_owned());
                }
                match moves.as_slice() {
                    [] => return Err(words.fail("the move is missing")),
                    [only] if only == "resign" => Answer::Resign,
                    _ if moves.iter().any(|m| m == "resign") => {
                        return Err(words.fail("resign stands alone"));
                    }
                    _ => Answer::Move(moves),
                }
            }
            Keyword::KepOk => Answer::KepOk,
            Keyword::ReadyOk => Answer::ReadyOk,
            _ => return Ok(Answer::Unknown(line.to_owned())),
        };
        words.end()?;
        Ok(answer)
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Id { key, value } => write!(f, "id {} {value}", key.word()),
            Answer::Option { name, default } => {
                write!(f, "option {name} default {}", Value(default))
            }
            Answer::KepOk => f.write_str("kepok"),
            Answer::ReadyOk => f.write_str("readyok"),
            Answer::Info(info) => info.fmt(f),
            Answer::Move(moves) => {
                f.write_str("move")?;
                write_words(f, moves)
            }
            Answer::Resign => f.write_str("move resign"),
            Answer::Unknown(line) => f.write_str(line),
        }
    }
}
