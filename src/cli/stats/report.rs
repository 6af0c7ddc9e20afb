//! The report of `kifu stats`: one typed JSON object, or text tables made
//! from it.

use super::{GameTally, Share, Tally};
use crate::front::args::Format;
use crate::games::lotus::COLOURS;
use crate::model::Version;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

/// How many setups and first moves are listed.
const TOP: usize = 10;
/// How many rows the length histogram has at most.
const HISTOGRAM_ROWS: usize = 10;
/// The widest bar of the histogram, in characters.
const BAR_WIDTH: u64 = 40;

/// Writes the report in `format`.
pub(super) fn write(tally: &Tally, format: Format, out: &mut dyn Write) -> io::Result<()> {
    let report = StatsJson::of(tally);
    match format {
        Format::Json => {
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)
        }
        Format::Text => write_text(&report, out),
    }
}

/// What `kifu stats --format json` prints.
#[derive(Debug, Serialize)]
struct StatsJson {
    kifu: Version,
    /// Records read.
    records: u64,
    /// Valid records.
    valid: u64,
    /// Invalid records.
    invalid: u64,
    /// Invalid records by the code of their fault.
    faults: BTreeMap<&'static str, u64>,
    /// The valid records of each game.
    games: Vec<GameJson>,
}

/// The valid records of one game.
#[derive(Debug, Serialize)]
struct GameJson {
    game: &'static str,
    records: u64,
    /// Results by token (`*` unfinished); not for Lotus.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    results: Vec<CountJson>,
    plies: LengthsJson,
    /// The most frequent start positions, as `Position` values.
    setups: Vec<ShareJson>,
    /// The most frequent first moves.
    first_moves: Vec<ShareJson>,
    /// Lotus: by seat, over the finished games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    seats: Vec<SeatJson>,
    /// Lotus: how often each flower colour decided a finished game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    deciding_flowers: Vec<CountJson>,
}

#[derive(Debug, Serialize)]
struct CountJson {
    value: String,
    count: u64,
    percent: f64,
}

#[derive(Debug, Serialize)]
struct LengthsJson {
    min: usize,
    median: usize,
    max: usize,
    histogram: Vec<BucketJson>,
}

#[derive(Debug, Serialize)]
struct BucketJson {
    from: usize,
    to: usize,
    count: u64,
}

/// A setup or first move: how often, and the first player's average
/// score (1 a win, 0 a loss) over the games that ended.
#[derive(Debug, Serialize)]
struct ShareJson {
    value: String,
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
}

#[derive(Debug, Serialize)]
struct SeatJson {
    seat: usize,
    games: u64,
    average_score: f64,
    average_place: f64,
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

impl StatsJson {
    fn of(tally: &Tally) -> Self {
        StatsJson {
            kifu: Version,
            records: tally.records,
            valid: tally.valid,
            invalid: tally.records - tally.valid,
            faults: tally.faults.clone(),
            games: (tally.games.iter())
                .map(|(game, t)| GameJson::of(game, t))
                .collect(),
        }
    }
}

impl GameJson {
    fn of(game: &'static str, t: &GameTally) -> Self {
        let finished: u64 = t.finished;
        GameJson {
            game,
            records: t.records,
            results: (t.results.iter())
                .map(|(&value, &count)| CountJson {
                    value: value.to_owned(),
                    count,
                    percent: percent(count, t.records),
                })
                .collect(),
            plies: lengths(&t.lengths),
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
            deciding_flowers: (COLOURS.iter())
                .filter_map(|colour| Some((colour, t.deciding.get(colour)?)))
                .map(|(&colour, &count)| CountJson {
                    value: colour.to_string(),
                    count,
                    percent: percent(count, finished),
                })
                .collect(),
        }
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

fn write_text(report: &StatsJson, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "records  {}", report.records)?;
    writeln!(out, "valid    {}", report.valid)?;
    writeln!(out, "invalid  {}", report.invalid)?;
    for (code, count) in &report.faults {
        writeln!(out, "  {count:>6}  {code}")?;
    }
    for game in &report.games {
        writeln!(out, "\n{}: {} valid records", game.game, game.records)?;
        if !game.results.is_empty() {
            writeln!(out, "  results")?;
            for r in &game.results {
                writeln!(
                    out,
                    "    {:<4} {:>6}  {:>5.1}%",
                    r.value, r.count, r.percent
                )?;
            }
        }
        let p = &game.plies;
        writeln!(
            out,
            "  plies    min {}  median {}  max {}",
            p.min, p.median, p.max
        )?;
        let most = p
            .histogram
            .iter()
            .map(|b| b.count)
            .max()
            .unwrap_or(1)
            .max(1);
        for b in &p.histogram {
            let bar = "#".repeat((b.count * BAR_WIDTH).div_ceil(most) as usize);
            let row = format!("    {:>5}-{:<5} {:>6}  {bar}", b.from, b.to, b.count);
            writeln!(out, "{}", row.trim_end())?;
        }
        for (title, shares) in [("setups", &game.setups), ("first moves", &game.first_moves)] {
            writeln!(out, "  {title} (count, first player's score)")?;
            for s in shares {
                let score = s.score.map_or("-".to_owned(), |x| format!("{x:.2}"));
                writeln!(out, "    {:>6}  {score:>5}  {}", s.count, s.value)?;
            }
        }
        if !game.seats.is_empty() {
            writeln!(out, "  seats (games, average score, average place)")?;
            for s in &game.seats {
                writeln!(
                    out,
                    "    {:>2}  {:>6}  {:>6.2}  {:>5.2}",
                    s.seat, s.games, s.average_score, s.average_place
                )?;
            }
        }
        if !game.deciding_flowers.is_empty() {
            writeln!(out, "  flowers that decided a finished game")?;
            for f in &game.deciding_flowers {
                writeln!(out, "    {}  {:>6}  {:>5.1}%", f.value, f.count, f.percent)?;
            }
        }
    }
    Ok(())
}
