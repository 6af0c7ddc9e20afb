//! `kifu tune`: training positions from the engine's self-play (`kifu
//! tune generate`), and the evaluation's weights fitted to their results
//! (`kifu tune fit`), both [`crate::engine::tune`]'s; and a placement
//! book from the engine's search (`kifu tune book`,
//! [`crate::engine::placement`]'s).

use super::Status;
use super::files::open;
use crate::collection::input::{OpenError, io_reason};
use crate::engine::Weights;
use crate::engine::placement::{
    Book, BookEntry, PlayedOut, Rounds, Searcher, build_entry, every, play_out,
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
    /// A `--option` that sets no weight.
    #[error("--option {option:?}: {reason}")]
    Option { option: String, reason: String },
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
/// sample) screened, four times `--keep` of the best weighed deeper,
/// `--keep` of those played out; the book to `--out` or `out`, its
/// progress on standard error.
fn book(args: &TuneBookArgs, out: &mut dyn Write) -> Ran {
    let placing = (args.game.placing(&[])).ok_or(TuneError::NoPlacement(args.game))?;
    let mut candidates = every(placing.as_ref());
    if let Some(sample) = args.sample {
        Rng::new(args.seed).shuffle(&mut candidates);
        candidates.truncate(sample as usize);
    }
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let keep = args.keep as usize;
    // A placing is not shared between threads: each search takes a copy.
    let shared = std::sync::Mutex::new(placing.box_clone());
    let searched = |rounds: Rounds| {
        let shared = &shared;
        move |(at, words): (usize, Vec<String>)| {
            let placing = shared
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .box_clone();
            let mut searcher = Searcher::new(BOOK_TABLE_BITS);
            let mut judge = searcher.judge(None);
            let built = build_entry(
                placing.as_ref(),
                &words,
                &mut judge,
                rounds,
                args.seed ^ at as u64,
            );
            (built, words)
        }
    };
    // The screen: every placement by the best reply of a shallow search.
    let total = candidates.len();
    let mut screened = Vec::new();
    let screen = Rounds {
        depth: args.screen_depth,
        keep: 8,
    };
    super::parallel::ordered(
        candidates.into_iter().enumerate(),
        jobs,
        searched(screen),
        |(built, words)| {
            if let Some(built) = built {
                screened.push((built.score, words));
            }
            if screened.len() % 500 == 0 {
                say!("kifu: screened {} of {total} placements", screened.len());
            }
            Ok::<(), std::convert::Infallible>(())
        },
    )
    .unwrap_or_else(|never| match never {});
    screened.sort_by_key(|(score, _)| -score);
    screened.truncate(4 * keep);
    // The best of them, by a deeper search of the replies.
    let mut weighed = Vec::new();
    let deep = Rounds {
        depth: args.depth,
        keep: 1,
    };
    let best = screened.into_iter().map(|(_, words)| words).enumerate();
    super::parallel::ordered(best, jobs, searched(deep), |(built, words)| {
        if let Some(built) = built {
            weighed.push((built, words));
        }
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    say!(
        "kifu: weighed the best {} against the best reply at depth {}",
        weighed.len(),
        args.depth
    );
    weighed.sort_by_key(|(built, _)| -built.score);
    weighed.truncate(keep);
    // The best of those, played out.
    let mover = placing.mover().unwrap_or_default();
    let mut entries: Vec<BookEntry> = (weighed.into_iter())
        .map(|(built, words)| {
            let mut placed = placing.box_clone();
            let start = (placed.place(&words).ok())
                .and_then(|()| placed.place(&built.reply).ok())
                .and_then(|()| placed.start()?.ok());
            let result = start.map_or(PlayedOut::Unfinished, |start| {
                play_out(start.as_ref(), mover, args.depth, BOOK_MAX_PLIES)
            });
            BookEntry {
                result,
                score: built.score,
                words,
            }
        })
        .collect();
    entries.sort_by_key(|entry| std::cmp::Reverse((entry.result, entry.score)));
    let text = format!(
        "# kifu's placement book for {game}: {mover}'s placements that held best against\n\
         # the best reply, made by `kifu tune book --game {game} --keep {keep} --screen-depth {screen} --depth {depth}{sample} --seed {seed}`\n\
         # ({total} placements screened; docs/training.md). A line: the result of the\n\
         # engine's game against itself from it, its score, its squares.\n{book}",
        game = args.game,
        screen = args.screen_depth,
        depth = args.depth,
        sample = args
            .sample
            .map_or_else(String::new, |n| format!(" --sample {n}")),
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
    let start = start_weights(&args.option)?;
    let fitted = match fit(&samples, &start, args.step) {
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

/// The weights `kifu tune fit` starts from: the engine's, with each
/// `--option NAME=VALUE` set.
fn start_weights(options: &[String]) -> Result<Weights, TuneError> {
    let mut weights = Weights::default();
    for option in options {
        let refused = |reason: String| TuneError::Option {
            option: option.clone(),
            reason,
        };
        let Some((name, value)) = option.split_once('=') else {
            return Err(refused("write it NAME=VALUE".into()));
        };
        match weights.set(name, value) {
            Some(Ok(())) => {}
            Some(Err(error)) => return Err(refused(error.to_string())),
            None => {
                return Err(refused(format!(
                    "{name} is no weight of any game's evaluation"
                )));
            }
        }
    }
    Ok(weights)
}

/// Writes one game's fit: the error and `K` with the weights it started
/// from and with those found, then the options that set them.
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
        "{} {}, K {:.6}, error {:.6}",
        match fitted.start == fitted.defaults() {
            true => "engine's weights:",
            false => "weights given:   ",
        },
        options(&fitted.start),
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
