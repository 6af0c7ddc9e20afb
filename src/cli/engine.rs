//! `kifu engine`: the built-in engine, speaking KEP on standard input and
//! output.

use crate::engine::{SearchPlayer, Style};
use crate::front::Ran;
use crate::front::Status;
use crate::front::args::EngineArgs;
use crate::kep::{RandomPlayer, ServeError, Session, serve, serve_stoppable};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs the engine until `quit` or the end of standard input.
///
/// # Errors
/// Only failures to write `out` (a referee gone away is no failure); a
/// failure to read standard input ends the engine with status 2.
pub(crate) fn run(args: &EngineArgs, out: &mut dyn Write) -> Ran {
    if args.random {
        let seed = args.seed.unwrap_or_else(clock_seed);
        let mut session = Session::new(RandomPlayer::new(seed), args.game);
        // It answers every `go` at once: nothing to stop, no thread needed.
        return Ok(status_of(serve(&mut session, io::stdin().lock(), out))?);
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
    Ok(status_of(serve_stoppable(&mut session, input, out, &stop))?)
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
            say!("kifu engine: cannot read the commands: {e}");
            Ok(Status::Trouble)
        }
        Err(ServeError::Thread(e)) => {
            say!("kifu engine: cannot start a thread: {e}");
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
