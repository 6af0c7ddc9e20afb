//! A record as a package reads it (Python's and JavaScript's `Record`):
//! its text, or why it cannot be read, judged as `kifu validate` judges
//! it, and given back as `kifu json`, `kifu validate --format json` and
//! `kifu fmt` give it.

use super::format::fmt_text;
use crate::model::{UnreadJson, VerdictJson, record_json};
use crate::record::{RawRecord, Record, SyntaxError, parse_record};
use crate::referee::{Verdict, judge_record};
use std::sync::OnceLock;

/// A record, or why it cannot be read, and its verdict with the line the
/// verdict names (the record's first, or its syntax error's).
#[derive(Debug)]
pub struct Judged {
    /// Its text and first line, or why it cannot be read.
    raw: Result<RawRecord, SyntaxError>,
    /// The whole record, read when first asked for.
    whole: OnceLock<Result<Record, SyntaxError>>,
    line: usize,
    verdict: Verdict,
}

impl Judged {
    /// Judges `raw` as `kifu validate` judges it.
    pub fn of(raw: Result<RawRecord, SyntaxError>) -> Judged {
        let head = raw.clone().and_then(RawRecord::parse_head);
        let (line, verdict) = match &head {
            Ok(record) => match judge_record(record) {
                Ok(verdict) => (record.first_line(), verdict),
                Err(error) => (error.location.line, Verdict::of_syntax_error(error)),
            },
            Err(error) => (error.location.line, Verdict::of_syntax_error(error.clone())),
        };
        Judged {
            raw,
            whole: OnceLock::new(),
            line,
            verdict,
        }
    }

    /// The record of `text`, its first line counted 1.
    pub fn of_text(text: String) -> Judged {
        Judged::of(Ok(RawRecord {
            text,
            first_line: 1,
            crlf: false,
        }))
    }

    /// The whole record: tags, movetext, comments, variations.
    pub fn record(&self) -> &Result<Record, SyntaxError> {
        self.whole.get_or_init(|| match &self.raw {
            Ok(raw) => parse_record(raw.text.clone(), raw.first_line),
            Err(error) => Err(error.clone()),
        })
    }

    /// The line it starts on, or that of its syntax error.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The referee's verdict.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// Its text as read, or why it could not be.
    pub fn text(&self) -> Result<&str, &SyntaxError> {
        self.raw.as_ref().map(|raw| raw.text.as_str())
    }

    /// Its tags in the order written (none when it cannot be read).
    pub fn tags(&self) -> Vec<(String, String)> {
        match self.record() {
            Ok(record) => (record.tags.iter())
                .map(|tag| (tag.name.to_string(), tag.value.to_string()))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The verdict as `kifu validate --format json` gives it, of `file`.
    pub fn verdict_json<'a>(&'a self, file: &'a str) -> VerdictJson<'a> {
        VerdictJson::new(file, self.line, &self.verdict)
    }

    /// The record as `kifu json` writes it, on one line, of `file`
    /// (`positions`: with the position after each move).
    ///
    /// # Errors
    /// The JSON cannot be written (in words).
    pub fn to_json(&self, file: &str, positions: bool) -> Result<String, String> {
        match self.record() {
            Ok(record) => record_json(file, record, positions)
                .map(|(json, _)| json)
                .map_err(|e| e.to_string()),
            Err(error) => {
                let verdict = Verdict::of_syntax_error(error.clone());
                let fault = (verdict.fault.as_ref()).ok_or("a syntax error without a fault")?;
                let unread = UnreadJson::new(file, error.location.line, fault);
                serde_json::to_string(&unread).map_err(|e| e.to_string())
            }
        }
    }

    /// The moves of its main line, each as the referee writes it, up to a
    /// fault (a move after it is written as read, without the referee's
    /// text: the line stops there).
    ///
    /// # Errors
    /// As [`Judged::to_json`].
    pub fn mainline(&self) -> Result<Vec<String>, String> {
        let json: Written =
            serde_json::from_str(&self.to_json("-", false)?).map_err(|e| e.to_string())?;
        Ok((json.moves.into_iter())
            .map_while(|node| node.normalized)
            .collect())
    }

    /// The text `kifu fmt` writes for it: its canonical form when it is
    /// valid and holds no variations, else its text as written.
    ///
    /// # Errors
    /// The record cannot be read.
    pub fn format(&self, width: usize) -> Result<String, &SyntaxError> {
        let record = self.record().as_ref()?;
        Ok(fmt_text(record, &self.verdict, width.max(20)).0)
    }
}

/// What [`Judged::mainline`] reads of `kifu json`'s record: its moves,
/// each with the referee's text where the line is judged.
#[derive(serde::Deserialize)]
struct Written {
    #[serde(default)]
    moves: Vec<WrittenMove>,
}

/// A move of [`Written`].
#[derive(serde::Deserialize)]
struct WrittenMove {
    normalized: Option<String>,
}
