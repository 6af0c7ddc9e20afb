//! What `kifu select` keeps: the criteria a record must meet, matched
//! against its verdict, and the key `--dedupe` tells games apart by.

use crate::game::{GameKind, Tags};
use crate::record::{RawRecord, Record, SyntaxError};
use crate::referee::{Options, Verdict, judge, judge_record};
use std::hash::{DefaultHasher, Hash, Hasher};
use wildmatch::WildMatch;

/// The tags that name the players of a two-player game.
const SIDE_TAGS: [&str; 3] = ["Black", "White", "Red"];

/// A record looked at: whether it matches, what identifies its game for
/// `--dedupe`, and its text as written (none when it could not be read).
#[derive(Debug)]
pub struct Examined {
    /// Whether it meets every criterion.
    pub matched: bool,
    /// The hash of its game, start and moves as the referee reads them
    /// (of its text, for a record that is not valid).
    pub key: u64,
    /// The line it starts on.
    pub line: usize,
    /// Its text as written, with its line ends.
    pub text: Option<String>,
}

/// Judges one record and matches it against `criteria`.
pub fn examine(raw: Result<RawRecord, SyntaxError>, criteria: &Criteria) -> Examined {
    let raw = match raw {
        Ok(raw) => raw,
        Err(error) => {
            let line = error.location.line;
            let verdict = Verdict::of_syntax_error(error);
            return Examined {
                matched: criteria.matches(None, &verdict, false),
                key: hash_of(&line),
                line,
                text: None,
            };
        }
    };
    let text = match raw.crlf {
        true => raw.text.replace('\n', "\r\n"),
        false => raw.text.clone(),
    };
    let line = raw.first_line;
    let record = match raw.parse_head() {
        Ok(record) => record,
        Err(error) => {
            let verdict = Verdict::of_syntax_error(error);
            return Examined {
                matched: criteria.matches(None, &verdict, false),
                key: hash_of(&text),
                line,
                text: Some(text),
            };
        }
    };
    let (verdict, reached, key) = criteria.judge(&record);
    Examined {
        matched: criteria.matches(Some(&record), &verdict, reached),
        key: key.unwrap_or_else(|| hash_of(&text)),
        line,
        text: Some(text),
    }
}

fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The criteria of `kifu select`, ready to match: a record meets those
/// that are set.
#[derive(Debug, Default)]
pub struct Criteria {
    /// Its game.
    pub game: Option<GameKind>,
    /// Tags whose values match these patterns.
    pub tags: Vec<(String, WildMatch)>,
    /// A player (side, lotus player or engine) matching this pattern.
    pub player: Option<WildMatch>,
    /// Its result, as a tag value or a game's token.
    pub result: Option<String>,
    /// Its winner, by side or by name, matching this pattern.
    pub winner: Option<WildMatch>,
    /// At least this many plies.
    pub min_plies: Option<usize>,
    /// At most this many plies.
    pub max_plies: Option<usize>,
    /// Valid, or not.
    pub valid: Option<bool>,
    /// The code of its fault.
    pub fault: Option<String>,
    /// A position it reaches, as a `Position` value.
    pub position: Option<String>,
    /// Whether [`Examined::key`] must tell games apart by their moves.
    pub dedupe: bool,
}

impl Criteria {
    /// The verdict on `record`; whether it reaches `--position`; and, for
    /// `--dedupe`, the hash of its game, start and moves as the referee
    /// reads them (none for an invalid record, known by its text).
    fn judge(&self, record: &Record) -> (Verdict, bool, Option<u64>) {
        if self.position.is_none() && !self.dedupe {
            let verdict = judge_record(record).unwrap_or_else(Verdict::of_syntax_error);
            return (verdict, false, None);
        }
        let start = record
            .tag("Game")
            .and_then(GameKind::from_name)
            .and_then(|kind| kind.start(Tags::new(&record.tags)).ok());
        let start_value = start.as_ref().map(|g| g.position_json().value().to_owned());
        let mut reached = start_value.is_some() && start_value == self.position;
        let mut hasher = DefaultHasher::new();
        start_value.hash(&mut hasher);
        let options = Options {
            stop_after: None,
            details: self.dedupe,
        };
        let (verdict, _) = judge(record, options, |ply| {
            if let Some(detail) = &ply.detail {
                detail.normalized.hash(&mut hasher);
            }
            if let (false, Some(position)) = (reached, self.position.as_deref()) {
                reached = ply.game.position_json().value() == position;
            }
        });
        let key = verdict.is_valid().then(|| hasher.finish());
        (verdict, reached, key)
    }

    /// Whether a record (none when it does not parse) with `verdict`
    /// matches every criterion; `reached` says it reaches `--position`.
    fn matches(&self, record: Option<&Record>, verdict: &Verdict, reached: bool) -> bool {
        let tag = |name: &str| record.and_then(|r| r.tag(name));
        let fault_code = verdict.fault.as_ref().map(|f| f.code);
        self.game.is_none_or(|game| verdict.kind == Some(game))
            && (self.tags.iter()).all(|(name, value)| tag(name).is_some_and(|v| value.matches(v)))
            && self.player.as_ref().is_none_or(|player| {
                let names = tag("Players").into_iter().flat_map(str::split_whitespace);
                let engines = tag("Engines").into_iter().flat_map(|e| e.split(", "));
                let sides = SIDE_TAGS.iter().filter_map(|side| tag(side));
                sides
                    .chain(names)
                    .chain(engines)
                    .any(|name| player.matches(name))
            })
            && (self.result.as_deref()).is_none_or(|result| verdict.result() == result)
            && self.winner.as_ref().is_none_or(|winner| {
                let side = verdict.winner();
                let name = side.and_then(tag);
                side.into_iter().chain(name).any(|w| winner.matches(w))
            })
            && self.min_plies.is_none_or(|min| verdict.plies >= min)
            && self.max_plies.is_none_or(|max| verdict.plies <= max)
            && self.valid.is_none_or(|valid| verdict.is_valid() == valid)
            && self
                .fault
                .as_deref()
                .is_none_or(|code| fault_code == Some(code))
            && (self.position.is_none() || reached)
    }
}
