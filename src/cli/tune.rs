//! `kifu tune`: training positions from the engine's self-play (`kifu
//! tune generate`), and the evaluation's weights fitted to their results
//! (`kifu tune fit`), both [`crate::engine::tune`]'s.

use super::Status;
use super::files::open;
use crate::collection::input::{OpenError, io_reason};
use crate::engine::tune::{
    FitError, Fitted, ReadError, SelfPlay, SelfPlayError, fit, read_samples, self_play,
    write_sample,
};
use crate::front::args::{TuneAction, TuneArgs, TuneFitArgs, TuneGenerateArgs};
use crate::front::{Ran, ReadOnly, SaveError, Stop, Stopped};
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
    }
}

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
