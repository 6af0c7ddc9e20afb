//! `kifu engine`: the built-in engine, speaking KEP on standard input and
//! output.

use crate::game::GameKind;
use crate::kep::{RandomPlayer, ServeError, Session, serve};
use crate::status::Status;
use clap::Args;
use std::io::{self, Write};

/// Arguments of `kifu engine`.
#[derive(Debug, Args)]
pub(crate) struct EngineArgs {
    /// The game until a `newgame` names one.
    #[arg(value_enum)]
    pub game: Option<GameKind>,
    /// Play uniformly random legal moves (for now the only way it plays).
    #[arg(long, required = true)]
    pub random: bool,
    /// The seed of the random moves: the same seed and commands give the
    /// same moves (default: from the clock).
    #[arg(long, allow_negative_numbers = true, value_parser = super::args::whole_number::<u64>)]
    pub seed: Option<u64>,
}

/// Runs the engine until `quit` or the end of standard input.
///
/// # Errors
/// Only failures to write `out` (a referee gone away is no failure); a
/// failure to read standard input ends the engine with status 2.
pub(crate) fn run(args: &EngineArgs, out: &mut dyn Write) -> io::Result<Status> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut session = Session::new(RandomPlayer::new(seed), args.game);
    match serve(&mut session, io::stdin().lock(), out) {
        Ok(()) => Ok(Status::Ok),
        Err(ServeError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Status::Ok),
        Err(ServeError::Write(e)) => Err(e),
        Err(ServeError::Read(e)) => {
            eprintln!("kifu engine: cannot read the commands: {e}");
            Ok(Status::Trouble)
        }
    }
}

/// A seed from the clock and the process id, for a run without `--seed`.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
