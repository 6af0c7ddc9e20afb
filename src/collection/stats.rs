//! What `kifu stats` makes of a collection: each record summed up
//! ([`sum_up`]), the sums added into a [`Tally`], and the tally written as
//! the report ([`Tally::report`], a [`StatsJson`]).

use crate::game::{GameKind, Numbering, Tags};
use crate::model::{
    BucketJson, CountJson, GameStatsJson, LengthsJson, SeatJson, ShareJson, StatsJson, Version,
};
use crate::record::{RawRecord, Record, SyntaxError};
use crate::referee::{Options, Verdict, judge};
use std::collections::{BTreeMap, HashMap};

/// How many setups and first moves are listed.
const TOP: usize = 10;
/// How many rows the length histogram has at most.
const HISTOGRAM_ROWS: usize = 10;

/// One record, summed up.
#[derive(Debug)]
pub struct Summary {
    fault: Option<&'static str>,
    game: Option<GameKind>,
    /// Its length, as `validate` counts it: plies, or Lotus turns.
    length: usize,
    /// The result token, `*` for an unfinished game; none for Lotus.
    result: Option<&'static str>,
    /// The first player's score, once the game is over: 1 a win, 0 a loss;
    /// for Lotus, (players - place) / (players - 1).
    first_score: Option<f64>,
    /// The start position, as a `Position` tag value.
    setup: Option<String>,
    /// The first move, as written.
    first_move: Option<String>,
    /// Lotus: each seat's final score and place, once the game is over.
    seats: Vec<(i32, usize)>,
    /// Lotus: the flower colours that decided the game.
    deciding: Vec<char>,
}

/// Reads, judges and sums up one record, or its syntax error.
pub fn sum_up_raw(raw: Result<RawRecord, SyntaxError>) -> Summary {
    match raw.and_then(RawRecord::parse_head) {
        Ok(record) => sum_up(&record),
        Err(error) => {
            let verdict = Verdict::of_syntax_error(error);
            Summary::empty(verdict.fault.as_ref().map(|f| f.code))
        }
    }
}

impl Summary {
    fn empty(fault: Option<&'static str>) -> Self {
        Summary {
            fault,
            game: None,
            length: 0,
            result: None,
            first_score: None,
            setup: None,
            first_move: None,
            seats: Vec::new(),
            deciding: Vec::new(),
        }
    }
}

/// A start position as the tags that set it up say it: the first tag's
/// value as written (`b1 b6`), then each other tag's name and value
/// (`ZXXZSYYX/YZXSZXYX, First red`).
fn setup_words(tags: &[(String, String)]) -> String {
    let mut words = String::new();
    for (i, (name, value)) in tags.iter().enumerate() {
        match i {
            0 => words.push_str(value),
            _ => words.push_str(&format!(", {name} {value}")),
        }
    }
    words
}

/// Judges a record and sums it up.
pub fn sum_up(record: &Record) -> Summary {
    let start = (record.tag("Game").and_then(GameKind::from_name))
        .and_then(|kind| kind.start(Tags::new(&record.tags)).ok());
    let first_mover = start.as_ref().map(|g| g.turn().mover.to_owned());
    let mut first_move = None;
    let (verdict, end) = judge(record, Options::default(), |ply| {
        if ply.index == 0 && ply.depth == 0 {
            first_move = Some(ply.word.text.to_owned());
        }
    });
    let mut summary = Summary::empty(verdict.fault.as_ref().map(|f| f.code));
    summary.game = verdict.kind;
    summary.length = match verdict.kind.map(GameKind::numbering) {
        Some(Numbering::Turns) => verdict.turns as usize,
        _ => verdict.plies,
    };
    summary.setup = start.map(|g| setup_words(&g.setup_tags()));
    summary.first_move = first_move;
    let outcome = verdict.outcome.as_ref();
    // A game ended off the board counts as the win its Result tag declares.
    let declared = verdict.termination.as_ref().and_then(|t| t.declared);
    summary.result = match (verdict.kind, outcome) {
        (Some(kind), _) if kind.scores_results() => None,
        (_, Some(o)) => o.token,
        (_, None) => Some(declared.map_or("*", |win| win.token)),
    };
    match outcome.and_then(|o| o.scores.as_ref()) {
        Some(scores) => {
            summary.seats = scores.iter().map(|s| (s.score, s.place)).collect();
            let players = scores.len().max(2);
            summary.first_score = scores
                .first()
                .map(|s| (players - s.place.min(players)) as f64 / (players - 1) as f64);
            if let Some(end) = end {
                summary.deciding = end.decided_by();
            }
        }
        None if verdict.decided().is_some() => {
            summary.first_score = Some(first_player_points(
                verdict.winner(),
                first_mover.as_deref(),
            ));
        }
        None => {}
    }
    summary
}

/// The first player's points in a two-player game won by `winner`: 1 a
/// win, 0 a loss.
fn first_player_points(winner: Option<&str>, first_mover: Option<&str>) -> f64 {
    if winner == first_mover { 1.0 } else { 0.0 }
}

/// What the whole collection holds.
#[derive(Debug, Default)]
pub struct Tally {
    records: u64,
    valid: u64,
    faults: BTreeMap<&'static str, u64>,
    games: BTreeMap<&'static str, GameTally>,
}

/// What the valid records of one game hold.
#[derive(Debug, Default)]
struct GameTally {
    records: u64,
    results: BTreeMap<&'static str, u64>,
    lengths: BTreeMap<usize, u64>,
    setups: HashMap<String, Share>,
    first_moves: HashMap<String, Share>,
    /// Lotus: by seat, the finished games, the sum of scores and of places.
    seats: Vec<(u64, i64, u64)>,
    /// Lotus: finished games, and how many each colour decided.
    finished: u64,
    deciding: BTreeMap<char, u64>,
}

/// How often a setup or first move was played, and what the first player
/// scored in the games that ended.
#[derive(Debug, Default, Clone, Copy)]
struct Share {
    games: u64,
    finished: u64,
    points: f64,
}

impl Tally {
    /// Adds one record's sum.
    pub fn add(&mut self, summary: Summary) {
        self.records += 1;
        if let Some(code) = summary.fault {
            *self.faults.entry(code).or_default() += 1;
            return;
        }
        self.valid += 1;
        let Some(kind) = summary.game else {
            return;
        };
        let game = self.games.entry(kind.name()).or_default();
        game.records += 1;
        if let Some(result) = summary.result {
            *game.results.entry(result).or_default() += 1;
        }
        *game.lengths.entry(summary.length).or_default() += 1;
        for (key, shares) in [
            (summary.setup, &mut game.setups),
            (summary.first_move, &mut game.first_moves),
        ] {
            if let Some(key) = key {
                let share = shares.entry(key).or_default();
                share.games += 1;
                if let Some(points) = summary.first_score {
                    share.finished += 1;
                    share.points += points;
                }
            }
        }
        if !summary.seats.is_empty() {
            game.finished += 1;
            if game.seats.len() < summary.seats.len() {
                game.seats.resize(summary.seats.len(), (0, 0, 0));
            }
            for (seat, (score, place)) in game.seats.iter_mut().zip(summary.seats) {
                *seat = (seat.0 + 1, seat.1 + i64::from(score), seat.2 + place as u64);
            }
            for colour in summary.deciding {
                *game.deciding.entry(colour).or_default() += 1;
            }
        }
    }
}

/// `part` of `whole` in percent, to one decimal.
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        (1000.0 * part as f64 / whole as f64).round() / 10.0
    }
}

/// Two decimals.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Tally {
    /// The report of what the collection holds.
    pub fn report(&self) -> StatsJson {
        let tally = self;
        StatsJson {
            kifu: Version,
            records: tally.records,
            valid: tally.valid,
            invalid: tally.records - tally.valid,
            faults: tally.faults.clone(),
            games: (tally.games.iter())
                .map(|(game, t)| game_report(game, t))
                .collect(),
        }
    }
}

/// The report on the valid records of `game`.
fn game_report(game: &'static str, t: &GameTally) -> GameStatsJson {
    let finished: u64 = t.finished;
    let in_turns = GameKind::from_name(game).map(GameKind::numbering) == Some(Numbering::Turns);
    GameStatsJson {
        game,
        records: t.records,
        results: (t.results.iter())
            .map(|(&value, &count)| CountJson {
                value: value.to_owned(),
                count,
                percent: percent(count, t.records),
            })
            .collect(),
        plies: (!in_turns).then(|| lengths(&t.lengths)),
        turns: in_turns.then(|| lengths(&t.lengths)),
        setups: top(&t.setups),
        first_moves: top(&t.first_moves),
        seats: (t.seats.iter().enumerate())
            .map(|(i, &(games, scores, places))| SeatJson {
                seat: i + 1,
                games,
                average_score: round2(scores as f64 / games.max(1) as f64),
                average_place: round2(places as f64 / games.max(1) as f64),
            })
            .collect(),
        deciding_flowers: (GameKind::from_name(game)
            .map_or(&[][..], GameKind::marks)
            .iter())
        .filter_map(|colour| Some((colour, t.deciding.get(colour)?)))
        .map(|(&colour, &count)| CountJson {
            value: colour.to_string(),
            count,
            percent: percent(count, finished),
        })
        .collect(),
    }
}

/// The [`TOP`] most frequent keys, the most frequent first, then by key.
fn top(shares: &HashMap<String, Share>) -> Vec<ShareJson> {
    let mut all: Vec<(&String, &Share)> = shares.iter().collect();
    all.sort_by(|a, b| b.1.games.cmp(&a.1.games).then_with(|| a.0.cmp(b.0)));
    (all.into_iter().take(TOP))
        .map(|(value, share)| ShareJson {
            value: value.clone(),
            count: share.games,
            score: (share.finished > 0).then(|| round2(share.points / share.finished as f64)),
        })
        .collect()
}

/// Minimum, median and maximum of the lengths counted in `lengths`, and a
/// histogram of at most [`HISTOGRAM_ROWS`] rows of equal width.
fn lengths(lengths: &BTreeMap<usize, u64>) -> LengthsJson {
    let total: u64 = lengths.values().sum();
    let min = lengths.keys().next().copied().unwrap_or(0);
    let max = lengths.keys().next_back().copied().unwrap_or(0);
    let mut seen = 0;
    let median = (lengths.iter())
        .find(|&(_, &count)| {
            seen += count;
            2 * seen >= total
        })
        .map_or(0, |(&plies, _)| plies);
    let width = (max - min) / HISTOGRAM_ROWS + 1;
    let mut histogram: Vec<BucketJson> = (min..=max)
        .step_by(width)
        .map(|from| BucketJson {
            from,
            to: from + width - 1,
            count: 0,
        })
        .collect();
    for (&plies, &count) in lengths {
        if let Some(bucket) = histogram.get_mut((plies - min) / width) {
            bucket.count += count;
        }
    }
    LengthsJson {
        min,
        median,
        max,
        histogram,
    }
}
