//! The JSON model of records and verdicts: what `kifu json` and `kifu
//! validate --format json` print, and what `kifu import` reads back.
//!
//! Each object is a typed [`serde::Serialize`] struct whose fields are in
//! the order printed, borrowed from the record and its verdict, so that
//! nothing is copied to print it. `kifu.5` describes the fields.
//!
//! ```
//! use kifu::model::JudgedRecord;
//!
//! let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 *\n";
//! let record = kifu::record::parse_record(text.to_string(), 1).unwrap();
//! let judged = JudgedRecord::judge(&record, false);
//! assert!(judged.verdict().is_valid());
//! let value = serde_json::to_value(judged.json("game.kifu")).unwrap();
//! assert_eq!(value["moves"][0]["text"], "e1-e4");
//! let back = kifu::model::text_from_json(&value.to_string()).unwrap();
//! assert_eq!(back, text);
//! ```

mod import;
mod record;
mod verdict;

pub use import::{
    JsonRecord, JsonStop, MAX_JSON_RECORD_BYTES, MAX_JSON_SPACE_BYTES, read_json_records,
    text_from_json,
};
pub use record::{
    JudgedRecord, MoveJson, RecordJson, RecordVerdictJson, TagsJson, UnreadJson, UnreadVerdictJson,
};
pub use verdict::{Displayed, FaultJson, OutcomeJson, VerdictJson};
