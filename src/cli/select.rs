//! `kifu select`: the records that match every criterion, printed exactly
//! as they were written, in input order, judged on several threads.

use super::Status;
use super::input::for_each_file;
use super::parallel;
use super::validate::{Batch, next_batch};
use crate::front::args::SelectArgs;
use crate::game::{GameKind, Tags};
use crate::record::{RawRecord, Record, SyntaxError};
use crate::referee::{Options, Verdict, judge, judge_record};
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, Write};
use wildmatch::WildMatch;

/// The tags that name the players of a two-player game.
const SIDE_TAGS: [&str; 3] = ["Black", "White", "Red"];

/// Runs `kifu select`. The status is 0 when a record was selected, 1 when
/// none was (as `grep` does), 2 when a file could not be read.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &SelectArgs, out: &mut dyn Write) -> io::Result<Status> {
    let criteria = Criteria::new(args);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let mut seen = HashSet::new();
    let mut selected = 0u64;
    let read = for_each_file(&args.files, |name, records| {
        let mut input_error = None;
        let batches = std::iter::from_fn(|| next_batch(records, &mut input_error));
        parallel::ordered(
            batches,
            jobs,
            |batch| examine_batch(batch, &criteria),
            |examined| {
                for record in examined {
                    if record.matched == args.invert {
                        continue;
                    }
                    if args.dedupe && !seen.insert(record.key) {
                        continue;
                    }
                    selected += 1;
                    if args.count {
                        continue;
                    }
                    match &record.text {
                        Some(text) => out.write_all(text.as_bytes())?,
                        None => eprintln!(
                            "kifu: {name}:{}: the record is selected but cannot be printed: it was not read whole",
                            record.line
                        ),
                    }
                }
                Ok::<(), io::Error>(())
            },
        )?;
        match input_error {
            Some(e) => Err(e),
            None => Ok(Status::Ok),
        }
    })?;
    if args.count {
        writeln!(out, "{selected}")?;
    }
    let found = if selected > 0 {
        Status::Ok
    } else {
        Status::Invalid
    };
    Ok(read.max(found))
}

/// A record looked at: whether it matches, what identifies its game for
/// `--dedupe`, and its text as written (none when it could not be read).
struct Examined {
    matched: bool,
    key: u64,
    line: usize,
    text: Option<String>,
}

fn examine_batch(batch: Batch, criteria: &Criteria) -> Vec<Examined> {
    batch
        .into_iter()
        .map(|raw| examine(raw, criteria))
        .collect()
}

/// Judges one record and matches it against the criteria.
fn examine(raw: Result<RawRecord, SyntaxError>, criteria: &Criteria) -> Examined {
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

/// The criteria of `kifu select`, ready to match.
struct Criteria {
    game: Option<GameKind>,
    tags: Vec<(String, WildMatch)>,
    player: Option<WildMatch>,
    result: Option<String>,
    winner: Option<WildMatch>,
    min_plies: Option<usize>,
    max_plies: Option<usize>,
    valid: Option<bool>,
    fault: Option<String>,
    position: Option<String>,
    dedupe: bool,
}

impl Criteria {
    fn new(args: &SelectArgs) -> Self {
        Self {
            game: args.game,
            tags: (args.tag.iter())
                .map(|(name, value)| (name.clone(), WildMatch::new(value)))
                .collect(),
            player: args.player.as_deref().map(WildMatch::new),
            result: args.result.clone(),
            winner: args.winner.as_deref().map(WildMatch::new),
            min_plies: args.min_plies,
            max_plies: args.max_plies,
            valid: match (args.valid, args.invalid || args.fault.is_some()) {
                (true, _) => Some(true),
                (false, true) => Some(false),
                (false, false) => None,
            },
            fault: args.fault.clone(),
            position: args.position.clone(),
            dedupe: args.dedupe,
        }
    }

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
        let outcome = verdict.outcome.as_ref();
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
            && self.result.as_deref().is_none_or(|result| match outcome {
                Some(o) => o.tag_value == result || o.token == Some(result),
                None => result == "*",
            })
            && self.winner.as_ref().is_none_or(|winner| {
                let side = outcome.and_then(|o| o.winner.as_deref());
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
