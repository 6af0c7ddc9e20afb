//! `kifu stats`: what a collection holds. Each record is summed up as it
//! is judged, so memory grows with the distinct setups and first moves,
//! not with the records.

mod report;

use super::Status;
use super::input::for_each_file;
use super::parallel;
use super::validate::{Batch, next_batch};
use crate::front::args::StatsArgs;
use crate::game::{GameKind, Position, Tags};
use crate::games::lotus::deciding_colours;
use crate::record::{RawRecord, Record};
use crate::referee::{Options, Verdict, judge};
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

/// Runs `kifu stats`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &StatsArgs, out: &mut dyn Write) -> io::Result<Status> {
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let mut tally = Tally::default();
    let status = for_each_file(&args.files, |_, records| {
        let mut input_error = None;
        let batches = std::iter::from_fn(|| next_batch(records, &mut input_error));
        parallel::ordered(batches, jobs, sum_up_batch, |summaries| {
            summaries.into_iter().for_each(|s| tally.add(s));
            Ok::<(), io::Error>(())
        })?;
        match input_error {
            Some(e) => Err(e),
            None => Ok(Status::Ok),
        }
    })?;
    report::write(&tally, args.format, out)?;
    Ok(status)
}

/// One record, summed up.
struct Summary {
    fault: Option<&'static str>,
    game: Option<GameKind>,
    plies: usize,
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

fn sum_up_batch(batch: Batch) -> Vec<Summary> {
    batch
        .into_iter()
        .map(|raw| match raw.and_then(RawRecord::parse_head) {
            Ok(record) => sum_up(&record),
            Err(error) => {
                let verdict = Verdict::of_syntax_error(error);
                Summary::empty(verdict.fault.as_ref().map(|f| f.code))
            }
        })
        .collect()
}

impl Summary {
    fn empty(fault: Option<&'static str>) -> Self {
        Summary {
            fault,
            game: None,
            plies: 0,
            result: None,
            first_score: None,
            setup: None,
            first_move: None,
            seats: Vec::new(),
            deciding: Vec::new(),
        }
    }
}

/// Judges a record and sums it up.
fn sum_up(record: &Record) -> Summary {
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
    summary.plies = verdict.plies;
    summary.setup = start.map(|g| g.position_json().value().to_owned());
    summary.first_move = first_move;
    let outcome = verdict.outcome.as_ref();
    // A game ended off the board counts as the win its Result tag declares.
    let declared = verdict.termination.as_ref().and_then(|t| t.declared);
    summary.result = match (verdict.kind, outcome) {
        (Some(GameKind::Lotus), _) => None,
        (_, Some(o)) => o.token,
        (_, None) => Some(declared.map_or("*", |win| win.token)),
    };
    let Some(outcome) = outcome else {
        if let Some(win) = declared {
            summary.first_score = Some(first_player_points(
                Some(win.winner),
                first_mover.as_deref(),
            ));
        }
        return summary;
    };
    match &outcome.scores {
        Some(scores) => {
            summary.seats = scores.iter().map(|s| (s.score, s.place)).collect();
            let players = scores.len().max(2);
            summary.first_score = scores
                .first()
                .map(|s| (players - s.place.min(players)) as f64 / (players - 1) as f64);
            if let Some(Position::Lotus(end)) = end.map(|g| g.position_json()) {
                summary.deciding = deciding_colours(&end);
            }
        }
        None => {
            summary.first_score = Some(first_player_points(
                outcome.winner.as_deref(),
                first_mover.as_deref(),
            ));
        }
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
struct Tally {
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
    fn add(&mut self, summary: Summary) {
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
        *game.lengths.entry(summary.plies).or_default() += 1;
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
