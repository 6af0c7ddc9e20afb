//! `kifu engine`: the built-in engine, speaking KEP on standard input and
//! output.

use crate::engine::{SearchPlayer, Style};
use crate::game::GameKind;
use crate::kep::{RandomPlayer, ServeError, Session, serve, serve_stoppable};
use crate::status::Status;
use clap::Args;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `kifu engine`.
#[derive(Debug, Args)]
pub(crate) struct EngineArgs {
    /// The game until a `newgame` names one.
    #[arg(value_enum)]
    pub game: Option<GameKind>,
    /// Play uniformly random legal moves instead of searching.
    #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes", "greedy"])]
    pub random: bool,
    /// Play the move the evaluation likes best one ply deep, without search.
    #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes"])]
    pub greedy: bool,
    /// Search at most N plies deep (default: as deep as the time allows).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The time per move, in milliseconds, when `go` gives no clock (default 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search at most N nodes a move, when `go` gives no `nodes` (default:
    /// no limit): a bound that, unlike time, does not depend on the
    /// machine, for matches that must repeat.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search threads (only 1 for now).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=1))]
    pub threads: u8,
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
    if args.random {
        let seed = args.seed.unwrap_or_else(clock_seed);
        let mut session = Session::new(RandomPlayer::new(seed), args.game);
        // It answers every `go` at once: nothing to stop, no thread needed.
        return status_of(serve(&mut session, io::stdin().lock(), out));
    }
    let style = match args.greedy {
        true => Style::greedy(),
        false => Style {
            nodes: args.nodes,
            ..Style::search(args.depth, args.movetime.map(Duration::from_millis))
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut session = Session::new(SearchPlayer::new(style, Arc::clone(&stop)), args.game);
    let input = io::BufReader::new(io::stdin());
    status_of(serve_stoppable(&mut session, input, out, &stop))
}

/// The exit status of a session that ended so.
///
/// # Errors
/// A failure to write the answers, but for a referee gone away.
fn status_of(served: Result<(), ServeError>) -> io::Result<Status> {
    match served {
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
