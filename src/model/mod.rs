//! The JSON model of records and verdicts: what `kifu json` and `kifu
//! validate --format json` print, and what `kifu import` reads back; the
//! results table of `kifu match` ([`Standings`]) and the report of `kifu
//! stats` ([`StatsJson`]).
//!
//! Each object is a typed [`serde::Serialize`] struct whose fields are in
//! the order printed, borrowed from the record and its verdict, so that
//! nothing is copied to print it. Every object printed starts with
//! `"kifu": 1`, the version of the format; a field with nothing to say is
//! left out, never written as `null` or `[]`. A record's object is written
//! a field at a time instead, its moves as the referee's walk accepts them
//! ([`RecordJson`] is a visitor of the walk), so that memory does not grow
//! with the length of a record. `kifu.5` describes the fields, and
//! [`schema()`] gives the JSON Schema of each output, from these types.
//!
//! ```
//! use kifu::model::{JSON_WALK, RecordJson, writer::JsonWriter};
//! use kifu::referee::judge_with;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 *\n";
//! let record = kifu::record::parse_record(text.to_string(), 1)?;
//! let mut out = JsonWriter::new(Vec::new());
//! // The referee walks the record; its moves are written as it accepts them.
//! let mut json = RecordJson::begin(&mut out, "game.kifu", &record, false)?;
//! let (verdict, _) = judge_with(&record, JSON_WALK, &mut json);
//! json.finish(&verdict)?;
//! out.flush()?;
//! let line = String::from_utf8(out.into_inner())?;
//! assert!(verdict.is_valid());
//! assert!(line.starts_with("{\"kifu\":1,"));
//! assert!(line.contains("\"text\":\"e1-e4\""));
//! assert_eq!(kifu::model::text_from_json(&line)?, text);
//! # Ok(())
//! # }
//! ```

mod import;
mod moves;
pub mod rating;
mod record;
mod schema;
mod standings;
mod stats;
mod verdict;
pub mod writer;

pub use crate::game::{MoveParts, Position};
pub use import::{
    ImportError, JsonRecord, JsonStop, JsonTextError, MAX_JSON_RECORD_BYTES, MAX_JSON_SPACE_BYTES,
    read_json_records, text_from_json,
};
pub use moves::{Branching, Cursor, More, MoveJson, MoveNode, MoveReport, WrittenMoves};
#[cfg(feature = "server")]
pub(crate) use record::RecordSchema;
pub use record::{
    JSON_WALK, RecordJson, RecordVerdictJson, TagsJson, UnreadJson, UnreadVerdictJson, record_json,
};
pub use schema::{Output, schema, schema_text};
pub use standings::{
    CrosstableRow, DuelStanding, Encounter, GameResult, Matchup, Points, RaceSeat, RaceStanding,
    SprtReport, Standings,
};
pub use stats::{
    BucketJson, CountJson, GameStatsJson, LengthsJson, SeatJson, ShareJson, StatsJson,
};
pub use verdict::{
    Displayed, ErrorJson, FaultJson, OutcomeJson, TerminationJson, VerdictJson, Version,
};
