//! `kifu tune`: training positions from the engine's self-play (`kifu
//! tune generate`), and the evaluation's weights fitted to their results
//! (`kifu tune fit`), both [`crate::engine::tune`]'s; and a placement
//! book from the engine's search (`kifu tune book`,
//! [`crate::engine::placement`]'s).

use super::Status;
use super::files::open;
use crate::collection::input::{OpenError, io_reason};
use crate::engine::placement::{
    Book, BookEntry, BuiltEntry, PlayedOut, Rounds, Searcher, build_entry, every, play_out,
};
use crate::engine::tune::{
    FitError, Fitted, ReadError, SelfPlay, SelfPlayError, fit, read_samples, self_play,
    write_sample,
};
use crate::front::args::{TuneAction, TuneArgs, TuneBookArgs, TuneFitArgs, TuneGenerateArgs};
use crate::front::{Ran, ReadOnly, SaveError, Stop, Stopped};
use crate::game::GameKind;
use crate::random::Rng;
use std::io::{Read, Write};
use std::path::Path;

/// What stops `kifu tune` (status 2).
#[derive(Debug, thiserror::Error)]
enum TuneError {
    /// The file of positions cannot be opened.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// It cannot be read to its end, or is not text.
    #[error("{name}: {reason}")]
    Unreadable { name: String, reason: String },
    /// A line that is no training position.
    #[error("{name}:{error}")]
    Line { name: String, error: ReadError },
    /// The positions cannot be fitted.
    #[error("{name}: {error}")]
    Fit { name: String, error: FitError },
    /// Self-play cannot run (lotus).
    #[error(transparent)]
    SelfPlay(SelfPlayError),
    /// A game whose players place nothing.
    #[error("{0}'s start is not placed by its players: only escampe has a placement book")]
    NoPlacement(GameKind),
    /// The positions cannot be saved.
    #[error(transparent)]
    Save(#[from] SaveError),
}

impl Stop for TuneError {}

/// Runs `kifu tune`.
///
/// # Errors
/// A game with no weights, a file that cannot be read or saved, a line
/// that is no training position, or a failure to write `out`.
pub(crate) fn run(args: &TuneArgs, out: &mut dyn Write) -> Ran {
    match &args.action {
        TuneAction::Generate(args) => generate(args, out),
        TuneAction::Fit(args) => fit_file(args, out),
        TuneAction::Book(args) => book(args, out),
    }
}

/// The transposition table of each placement's search, in bits of its
/// number of entries: a fresh one for each, so that the book does not
/// depend on the order the threads took them in.
const BOOK_TABLE_BITS: u32 = 16;

/// Runs `kifu tune book`: every placement of the first placer (or a
/// sample) screened, four times `--keep` of the best weighed deeper and
/// played out against the best replies found, the best `--keep` of
/// those kept; the book to `--out` or `out`, its progress on standard
/// error.
fn book(args: &TuneBookArgs, out: &mut dyn Write) -> Ran {
    let placing = (args.game.placing(&[])).ok_or(TuneError::NoPlacement(args.game))?;
    let mut candidates = every(placing.as_ref());
    if let Some(sample) = args.sample {
        Rng::new(args.seed).shuffle(&mut candidates);
        candidates.truncate(sample as usize);
    }
    let total = candidates.len();
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let work = BookWork {
        placing: std::sync::Mutex::new(placing.box_clone()),
        jobs,
        seed: args.seed,
    };
    // The screen: every placement by the best reply of a shallow search.
    let screen = Rounds {
        depth: args.screen_depth,
        keep: 8,
    };
    let mut screened = work.weigh(candidates, screen, |done| {
        if done % 500 == 0 {
            say!("kifu: screened {done} of {total} placements");
        }
    });
    screened.sort_by_key(|(built, _)| -built.score);
    screened.truncate(4 * args.keep as usize);
    // The best of them, by a deeper search of the replies, each played
    // out against the best replies found.
    let deep = Rounds {
        depth: args.depth,
        keep: BOOK_REPLIES,
    };
    let best = screened.into_iter().map(|(_, words)| words).collect();
    let weighed = work.weigh(best, deep, |_| {});
    say!(
        "kifu: weighed the best {} against the best reply at depth {}",
        weighed.len(),
        args.depth
    );
    let mover = placing.mover().unwrap_or_default();
    let mut entries = work.play_out(weighed, mover, args.depth);
    entries.truncate(args.keep as usize);
    let text = format!(
        "# kifu's placement book for {game}: {mover}'s placements that held best against\n\
         # the best replies, made by `kifu tune book --game {game} --keep {keep} --screen-depth {screen} --depth {depth}{sample} --seed {seed}`\n\
         # ({total} placements screened; docs/training.md). A line: the games won of those\n\
         # the engine played against itself from it, its score, its squares.\n{book}",
        game = args.game,
        keep = args.keep,
        screen = args.screen_depth,
        depth = args.depth,
        sample = (args.sample).map_or_else(String::new, |n| format!(" --sample {n}")),
        seed = args.seed,
        book = Book { entries },
    );
    match &args.out {
        Some(path) => {
            crate::front::save_atomic(path, text.as_bytes(), ReadOnly::Refuse)
                .map_err(TuneError::from)?;
        }
        None => out.write_all(text.as_bytes())?,
    }
    Ok(Status::Ok)
}

/// How many of the last placer's best replies each of the book's
/// placements is played out against.
const BOOK_REPLIES: usize = 4;

/// The work of `kifu tune book`, on `jobs` threads.
struct BookWork {
    /// The placing, copied for each search (a placing is not shared
    /// between threads).
    placing: std::sync::Mutex<Box<dyn crate::game::Placing>>,
    jobs: usize,
    seed: u64,
}

impl BookWork {
    /// A copy of the placing.
    fn placing(&self) -> Box<dyn crate::game::Placing> {
        let placing = self.placing.lock();
        placing
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .box_clone()
    }

    /// Each placement of `all` weighed by the last placer's replies in
    /// `rounds`, each search with a table of its own (so that the result
    /// does not depend on the threads), in order; `done` told how many
    /// so far.
    fn weigh(
        &self,
        all: Vec<Vec<String>>,
        rounds: Rounds,
        mut done: impl FnMut(usize),
    ) -> Vec<(BuiltEntry, Vec<String>)> {
        let search = |(at, words): (usize, Vec<String>)| {
            let mut searcher = Searcher::new(BOOK_TABLE_BITS);
            let mut judge = searcher.judge(None);
            let seed = self.seed ^ at as u64;
            let built = build_entry(self.placing().as_ref(), &words, &mut judge, rounds, seed);
            built.map(|built| (built, words))
        };
        let mut weighed = Vec::new();
        let sink = |built: Option<(BuiltEntry, Vec<String>)>| {
            weighed.extend(built);
            done(weighed.len());
            Ok::<(), std::convert::Infallible>(())
        };
        let all = all.into_iter().enumerate();
        super::parallel::ordered(all, self.jobs, search, sink)
            .unwrap_or_else(|never| match never {});
        weighed
    }

    /// Each of `weighed` played out against its best replies at `depth`,
    /// as book entries for `mover`, best first.
    fn play_out(
        &self,
        weighed: Vec<(BuiltEntry, Vec<String>)>,
        mover: &str,
        depth: u32,
    ) -> Vec<BookEntry> {
        let games = |(built, words): (BuiltEntry, Vec<String>)| {
            let mut won = 0;
            let replies = built.replies.iter().take(BOOK_REPLIES);
            let played = replies.clone().count() as u32;
            for reply in replies {
                let mut placed = self.placing();
                let start = (placed.place(&words).ok())
                    .and_then(|()| placed.place(reply).ok())
                    .and_then(|()| placed.start()?.ok());
                let result =
                    start.map(|start| play_out(start.as_ref(), mover, depth, BOOK_MAX_PLIES));
                won += u32::from(result == Some(PlayedOut::Won));
            }
            BookEntry {
                won,
                played,
                score: built.score,
                words,
            }
        };
        let mut entries = Vec::new();
        let sink = |entry| {
            entries.push(entry);
            Ok::<(), std::convert::Infallible>(())
        };
        super::parallel::ordered(weighed.into_iter(), self.jobs, games, sink)
            .unwrap_or_else(|never| match never {});
        Book { entries }.sorted().entries
    }
}

/// The longest game `kifu tune book` plays out, in plies.
const BOOK_MAX_PLIES: u32 = 300;

/// Runs `kifu tune generate`: the positions to `--out`, saved atomically
/// once every game is played, or to `out` a game at a time; how many on
/// standard error.
fn generate(args: &TuneGenerateArgs, out: &mut dyn Write) -> Ran {
    let settings = SelfPlay {
        game: args.game,
        games: args.games,
        depth: args.depth,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        seed: args.seed,
    };
    let mut file = Vec::new();
    let sink: &mut dyn Write = match args.out {
        Some(_) => &mut file,
        None => out,
    };
    let (mut positions, mut cut) = (0, 0);
    let played = self_play(&settings, &mut |game| {
        positions += game.samples.len();
        cut += usize::from(game.outcome.is_none());
        game.samples.iter().try_for_each(|s| write_sample(sink, s))
    });
    match played {
        Ok(()) => {}
        Err(SelfPlayError::Io(e)) => return Err(Stopped::Output(e)),
        Err(e) => return Err(TuneError::SelfPlay(e).into()),
    }
    if let Some(path) = &args.out {
        crate::front::save_atomic(path, &file, ReadOnly::Refuse).map_err(TuneError::from)?;
    }
    let cut = match cut {
        0 => String::new(),
        n => format!(" ({n} cut at {} plies left out)", args.max_plies),
    };
    say!(
        "kifu: {} games of {}{cut}, {positions} positions",
        args.games,
        args.game
    );
    Ok(Status::Ok)
}

/// Runs `kifu tune fit`: each game's fit, the weights found as options.
fn fit_file(args: &TuneFitArgs, out: &mut dyn Write) -> Ran {
    let path = args.file.as_deref().unwrap_or(Path::new("-"));
    let (name, mut reader) = open(path).map_err(TuneError::from)?;
    let mut text = String::new();
    if let Err(e) = reader.read_to_string(&mut text) {
        let reason = io_reason(&e);
        return Err(TuneError::Unreadable { name, reason }.into());
    }
    let samples = match read_samples(&text) {
        Ok(samples) => samples,
        Err(error) => return Err(TuneError::Line { name, error }.into()),
    };
    let fitted = match fit(&samples, args.step) {
        Ok(fitted) => fitted,
        Err(error) => return Err(TuneError::Fit { name, error }.into()),
    };
    for (at, game) in fitted.iter().enumerate() {
        if at > 0 {
            writeln!(out)?;
        }
        report(game, out)?;
    }
    Ok(Status::Ok)
}

/// Writes one game's fit: the error and `K` with the engine's weights and
/// with those found, then the options that set them.
fn report(fitted: &Fitted, out: &mut dyn Write) -> std::io::Result<()> {
    let names = fitted.options();
    let options = |values: &[i32]| -> String {
        (names.iter().zip(values))
            .map(|((name, _), value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(
        out,
        "{}: {} positions, {} passes",
        fitted.game, fitted.positions, fitted.passes
    )?;
    writeln!(
        out,
        "engine's weights: {}, K {:.6}, error {:.6}",
        options(&fitted.defaults),
        fitted.scale_before,
        fitted.before
    )?;
    writeln!(
        out,
        "weights found:    {}, K {:.6}, error {:.6}",
        options(&fitted.weights),
        fitted.scale,
        fitted.after
    )?;
    let set: Vec<String> = (names.iter())
        .map(|(name, value)| format!("--option {name}={value}"))
        .collect();
    writeln!(out, "{}", set.join(" "))
}
