//! The report of `kifu stats --format json`: what a collection of records
//! holds, in one object, with the text tables of `kifu stats` made from it.
//! [`crate::collection::stats`] sums the records up into it.

use super::Version;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// What `kifu stats --format json` prints, its keys in the order printed.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Stats", deny_unknown_fields)]
pub struct StatsJson {
    /// The version of the format: 1.
    pub kifu: Version,
    /// Records read.
    pub records: u64,
    /// Valid records.
    pub valid: u64,
    /// Invalid records.
    pub invalid: u64,
    /// Invalid records by the code of their fault.
    pub faults: BTreeMap<&'static str, u64>,
    /// The valid records of each game, in the order of the games' names.
    pub games: Vec<GameStatsJson>,
}

/// The valid records of one game.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "GameStats", deny_unknown_fields)]
pub struct GameStatsJson {
    /// The game's name.
    pub game: &'static str,
    /// Its valid records.
    pub records: u64,
    /// Results by token (`*` unfinished); left out for Lotus.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<CountJson>,
    /// The lengths of its games, in plies; left out for Lotus, whose
    /// games are counted in turns, as `validate` counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<LengthsJson>,
    /// Lotus: the lengths of its games, in turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<LengthsJson>,
    /// The most frequent start positions, as the tags that set them up
    /// say them: the first tag's value (`b1 b6`), then each other tag's
    /// name and value (`, First red`).
    pub setups: Vec<ShareJson>,
    /// The most frequent first moves.
    pub first_moves: Vec<ShareJson>,
    /// Lotus: by seat, over the finished games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatJson>,
    /// Lotus: how often each flower colour decided a finished game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deciding_flowers: Vec<CountJson>,
}

/// How often a value was seen.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Count", deny_unknown_fields)]
pub struct CountJson {
    /// The value: a result token, a flower's colour.
    pub value: String,
    /// How often.
    pub count: u64,
    /// Of the records counted, in percent, to one decimal.
    pub percent: f64,
}

/// The lengths of a game's records.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Lengths", deny_unknown_fields)]
pub struct LengthsJson {
    /// The shortest.
    pub min: usize,
    /// The median.
    pub median: usize,
    /// The longest.
    pub max: usize,
    /// At most ten rows of equal width, from `min` to `max`.
    pub histogram: Vec<BucketJson>,
}

/// A row of the histogram of lengths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(rename = "Bucket", deny_unknown_fields)]
pub struct BucketJson {
    /// The shortest length it counts.
    pub from: usize,
    /// The longest length it counts.
    pub to: usize,
    /// The records of that length.
    pub count: u64,
}

/// A setup or first move: how often, and the first player's average
/// score (1 a win, 0 a loss) over the games that ended.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Share", deny_unknown_fields)]
pub struct ShareJson {
    /// The setup, as its tags say it, or the move, as written.
    pub value: String,
    /// How many records have it.
    pub count: u64,
    /// The first player's average score, to two decimals; left out when
    /// no game with it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// A Lotus seat, over the finished games.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Seat", deny_unknown_fields)]
pub struct SeatJson {
    /// The seat, from 1 in turn order.
    pub seat: usize,
    /// The finished games with this seat.
    pub games: u64,
    /// Its average score, to two decimals.
    pub average_score: f64,
    /// Its average place, to two decimals.
    pub average_place: f64,
}
