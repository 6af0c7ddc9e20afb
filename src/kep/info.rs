//! `info` lines: what an engine says while it searches.

use super::error::ProtocolError;
use super::words::{Words, number_once, once, shorten, write_words};
use std::fmt;

/// The fields of an `info` line, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth N`: the depth searched, in plies.
    pub depth: Option<u32>,
    /// `nodes N`: the positions searched.
    pub nodes: Option<u64>,
    /// `time MS`: the time spent, in milliseconds.
    pub time: Option<u64>,
    /// `score S`: the evaluation, from the mover's view.
    pub score: Option<Score>,
    /// `pv M1 M2 ...`: the line expected (empty for none).
    pub pv: Vec<String>,
    /// `string TEXT`: free text, the rest of the line.
    pub string: Option<String>,
}

/// An evaluation from the mover's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// `cp N`: hundredths of a piece (lotus: of a point).
    Cp(i32),
    /// `win N`: a forced win in N plies.
    Win(u32),
    /// `loss N`: a forced loss in N plies.
    Loss(u32),
}

/// The words that start a field of an `info` line.
const FIELDS: &[&str] = &["depth", "nodes", "time", "score", "pv", "string"];

impl Info {
    /// An `info string TEXT` line.
    pub fn string(text: impl Into<String>) -> Self {
        Self {
            string: Some(text.into()),
            ..Self::default()
        }
    }

    /// Reads the fields after `info`, in any order, each at most once;
    /// `pv` takes the words up to the next field, `string` the rest of
    /// the line.
    pub(crate) fn read(words: &mut Words<'_>) -> Result<Info, ProtocolError> {
        let mut info = Info::default();
        let mut pv = false;
        while let Some(word) = words.next() {
            match word {
                "depth" => number_once(words, &mut info.depth, word)?,
                "nodes" => number_once(words, &mut info.nodes, word)?,
                "time" => number_once(words, &mut info.time, word)?,
                "score" => {
                    once(words, &info.score, word)?;
                    info.score = Some(read_score(words)?);
                }
                "pv" => {
                    once(words, &pv.then_some(()), word)?;
                    pv = true;
                    while let Some(mv) = words.peek().filter(|w| !FIELDS.contains(w)) {
                        info.pv.push(mv.to_owned());
                        words.next();
                    }
                }
                "string" => info.string = Some(words.rest().to_owned()),
                _ => {
                    return Err(words.fail(format!(
                        "unknown field {} (expected depth, nodes, time, score, pv or string)",
                        shorten(word)
                    )));
                }
            }
        }
        Ok(info)
    }
}

/// The score after `score`: `cp N`, `win N` or `loss N`.
fn read_score(words: &mut Words<'_>) -> Result<Score, ProtocolError> {
    match words.next() {
        Some("cp") => Ok(Score::Cp(words.number("score cp")?)),
        Some("win") => Ok(Score::Win(words.number("score win")?)),
        Some("loss") => Ok(Score::Loss(words.number("score loss")?)),
        Some(other) => Err(words.fail(format!(
            "score must be cp, win or loss, not {}",
            shorten(other)
        ))),
        None => Err(words.fail("score needs cp, win or loss and a number")),
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("time", self.time),
        ];
        for (name, value) in numbers {
            if let Some(value) = value {
                write!(f, " {name} {value}")?;
            }
        }
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            write_words(f, &self.pv)?;
        }
        match &self.string {
            Some(text) if text.is_empty() => f.write_str(" string"),
            Some(text) => write!(f, " string {text}"),
            None => Ok(()),
        }
    }
}
