//! The games of a match played on `--concurrency` threads, each with its
//! own engine seats, and handed back as they end.

use super::MatchError;
use super::log::Log;
use super::records::Output;
use crate::kep::EngineSpec;
use crate::model::{GameResult, Points, SprtReport};
use crate::seat::Seat;
use crate::tournament::sprt::{SprtParams, SprtVerdict};
use crate::tournament::{Conditions, Lineup, Opening, Pairing, Played, play_game};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, PoisonError};

/// What every game of the match shares.
#[derive(Debug)]
pub(super) struct Plan<'a> {
    /// How each engine starts.
    pub specs: &'a [EngineSpec],
    /// Each engine's name.
    pub names: &'a [String],
    /// Clocks, limits and tags.
    pub conditions: &'a Conditions,
    /// Games played at the same time.
    pub concurrency: usize,
    /// The sequential test that may stop the match early.
    pub sprt: Option<SprtParams>,
}

/// The games still to play, each with its opening, drawn one by one from
/// the schedule as a thread is free for one (a match of a hundred million
/// games holds no list of them, nor the openings of a large file), and how
/// many there are.
pub(super) struct Pending<'a> {
    /// The games, in order; an opening that could not be read ends them.
    pub games: Games<'a>,
    /// How many.
    pub count: usize,
}

/// The games of [`Pending`].
pub(super) type Games<'a> =
    Box<dyn Iterator<Item = Result<(Pairing, Opening), MatchError>> + Send + 'a>;

impl std::fmt::Debug for Pending<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pending")
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

/// The sequential test of a match as its game pairs end: the first
/// engine's points in each game, by round, until the other game of its
/// pair (rounds 2k - 1 and 2k, one opening with colours swapped, or a
/// race's seats rotated) ends.
#[derive(Debug)]
struct Sequential {
    params: SprtParams,
    first: String,
    waiting: HashMap<usize, Points>,
    /// The pairs by the first engine's half points in them: five bins for
    /// duels (the pentanomial), more for races; empty before the first.
    pairs: Vec<u64>,
    /// Whether the games are races.
    races: bool,
    verdict: SprtVerdict,
    llr: f64,
}

impl Sequential {
    /// Counts the game of round `round`, and says whether the test has
    /// decided; the state after a pair it ends is written to `log`.
    fn count(&mut self, round: usize, result: &GameResult, log: Option<&Log>) -> bool {
        let Some(points) = result.points(&self.first) else {
            return false;
        };
        self.races |= matches!(result, GameResult::Race { .. });
        let pair = round.div_ceil(2);
        let Some(other) = self.waiting.remove(&pair) else {
            self.waiting.insert(pair, points);
            return false;
        };
        if self.verdict != SprtVerdict::Continue {
            return true;
        }
        let bins = other.stake + points.stake + 1;
        if self.pairs.is_empty() {
            self.pairs = vec![0; bins];
        }
        // The schedule gives every pair of a match the same stake.
        let same_stake = self.pairs.len() == bins;
        match self.pairs.get_mut(other.halves + points.halves) {
            Some(bin) if same_stake => *bin += 1,
            _ => return false,
        }
        let state = self.params.test_scores(&self.pairs);
        self.llr = state.llr;
        self.verdict = state.verdict;
        if let Some(log) = log {
            self.tell(log);
        }
        state.verdict != SprtVerdict::Continue
    }

    /// Writes the test's state to `log`.
    fn tell(&self, log: &Log) {
        let (lower, upper) = self.params.bounds();
        let said = match self.verdict {
            SprtVerdict::Continue => String::new(),
            SprtVerdict::AcceptH0 => ": H0 accepted".to_owned(),
            SprtVerdict::AcceptH1 => ": H1 accepted".to_owned(),
        };
        let counts: Vec<String> = self.pairs.iter().map(u64::to_string).collect();
        log.note(&format!(
            "SPRT: LLR {:.2} ({lower:.2}, {upper:.2}) after {} pairs ({}){said}",
            self.llr,
            self.pairs.iter().sum::<u64>(),
            counts.join("-")
        ));
    }

    /// What the test said at the end.
    fn report(&self) -> SprtReport {
        let (lower, upper) = self.params.bounds();
        let thousandths = |x: f64| (x * 1000.0).round() / 1000.0 + 0.0;
        let duels = <[u64; 5]>::try_from(self.pairs.as_slice()).unwrap_or_default();
        SprtReport {
            test: self.params.to_string(),
            pentanomial: (!self.races).then_some(duels),
            pairs: (self.races).then(|| self.pairs.clone()),
            llr: thousandths(self.llr),
            lower: thousandths(lower),
            upper: thousandths(upper),
            accepted: match self.verdict {
                SprtVerdict::Continue => "none",
                SprtVerdict::AcceptH0 => "H0",
                SprtVerdict::AcceptH1 => "H1",
            }
            .to_owned(),
        }
    }
}

/// Plays `pending`, appending each game to `output` as it ends, and
/// gives their results in the order of their rounds, and what the
/// sequential test said, if one ran (it stops the match once it decides:
/// the games in play are finished, no more are started). The test counts
/// the games of `resumed` (round, result) first, and when they decide it
/// no game is played.
///
/// # Errors
/// The output could not be written: the games in play are finished, no
/// more are started.
pub(super) fn play_all(
    plan: &Plan<'_>,
    resumed: &[(usize, GameResult)],
    pending: Pending<'_>,
    mut output: Option<Output>,
) -> Result<(Vec<GameResult>, Option<SprtReport>), MatchError> {
    let mut sequential = plan.sprt.map(|params| Sequential {
        params,
        first: plan.names.first().cloned().unwrap_or_default(),
        waiting: HashMap::new(),
        pairs: Vec::new(),
        races: false,
        verdict: SprtVerdict::Continue,
        llr: 0.0,
    });
    let mut log = Log::start(pending.count);
    let threads = plan.concurrency.min(pending.count).max(1);
    let queue = Mutex::new(pending.games);
    let stop = AtomicBool::new(false);
    if let Some(test) = sequential.as_mut() {
        let mut rounds: Vec<&(usize, GameResult)> = resumed.iter().collect();
        rounds.sort_by_key(|(round, _)| *round);
        for (round, result) in rounds {
            test.count(*round, result, None);
        }
        if !test.pairs.is_empty() {
            test.tell(&log);
        }
        stop.store(test.verdict != SprtVerdict::Continue, Ordering::Relaxed);
    }
    let (sender, receiver) = channel::<Played>();
    let mut results = Vec::new();
    let mut trouble = None;
    let mut refused = None;
    let mut unread = None;
    let started = std::thread::scope(|scope| {
        // As many threads as the system gives, up to `threads`.
        let started: Vec<_> = (0..threads)
            .map_while(|_| {
                let (sender, queue, stop) = (sender.clone(), &queue, &stop);
                let thread = std::thread::Builder::new().name("kifu-match".to_owned());
                let spawned =
                    thread.spawn_scoped(scope, move || play_queue(plan, queue, stop, &sender));
                spawned.map_err(|e| refused = Some(e)).ok()
            })
            .collect();
        drop(sender);
        for played in receiver {
            if let Some(Err(e)) = output.as_mut().map(|out| out.append(&played.record)) {
                stop.store(true, Ordering::Relaxed);
                trouble.get_or_insert(e);
            }
            log.game(&played, plan.names);
            if let Some(test) = sequential.as_mut() {
                if test.count(played.round, &played.result, Some(&log)) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            results.push((played.round, played.result));
        }
        let count = started.len();
        for thread in started {
            if let Ok(Some(e)) = thread.join() {
                unread.get_or_insert(e);
            }
        }
        count
    });
    log.finish();
    if let (0, Some(refused)) = (started, refused) {
        return Err(MatchError::Thread(refused));
    }
    if let Some(trouble) = trouble.or(unread) {
        return Err(trouble);
    }
    results.sort_by_key(|(round, _)| *round);
    let results = results.into_iter().map(|(_, result)| result).collect();
    Ok((results, sequential.as_ref().map(Sequential::report)))
}

/// Plays games from `queue` until it is empty or `stop` is set, then
/// quits this thread's engines; gives the error of an opening that could
/// not be read (which stops the other threads too).
fn play_queue(
    plan: &Plan<'_>,
    queue: &Mutex<Games<'_>>,
    stop: &AtomicBool,
    sender: &Sender<Played>,
) -> Option<MatchError> {
    let mut running: Vec<Option<Box<dyn Seat>>> = plan.specs.iter().map(|_| None).collect();
    let mut failed = None;
    while !stop.load(Ordering::Relaxed) {
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
        let (pairing, opening) = match next {
            None => break,
            Some(Ok(game)) => game,
            Some(Err(e)) => {
                stop.store(true, Ordering::Relaxed);
                failed = Some(e);
                break;
            }
        };
        let mut lineup = Lineup {
            specs: plan.specs,
            names: plan.names,
            running: &mut running,
        };
        let played = play_game(&pairing, &opening, &mut lineup, plan.conditions);
        if sender.send(played).is_err() {
            break;
        }
    }
    for engine in running.into_iter().flatten() {
        engine.leave();
    }
    failed
}
