//! `kifu engine`: the built-in engine, speaking KEP on standard input and
//! output.

use crate::course;
use crate::engine::{Level, SearchPlayer, Style};
use crate::front::Ran;
use crate::front::Status;
use crate::front::args::EngineArgs;
use crate::kep::{
    GoLimits, Player, Protocol, RandomPlayer, ServeError, Session, serve, serve_stoppable,
};
use std::io::{self, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs the engine until `quit` or the end of standard input.
///
/// # Errors
/// Only failures to write `out` (a referee gone away is no failure); a
/// failure to read standard input ends the engine with status 2.
pub(crate) fn run(args: &EngineArgs, out: &mut dyn Write) -> Ran {
    if let Some(address) = &args.connect {
        return connect(args, address);
    }
    if args.random {
        let seed = seed(args);
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
    let player = SearchPlayer::new(style, Arc::clone(&stop)).at_level(level(args), seed(args));
    let mut session = Session::new(player, args.game);
    let input = io::BufReader::new(io::stdin());
    Ok(status_of(serve_stoppable(&mut session, input, out, &stop))?)
}

/// Plays one game as a client of the course's server at `address`, and
/// says on standard error how it ended.
///
/// # Errors
/// None: a failure is said, with status 2.
fn connect(args: &EngineArgs, address: &str) -> Ran {
    if args.protocol != Some(Protocol::Course) {
        say!("kifu engine: --connect speaks the course's protocol: give --protocol course");
        return Ok(Status::Trouble);
    }
    let stream = match TcpStream::connect(address).and_then(|s| s.set_nodelay(true).map(|()| s)) {
        Ok(stream) => stream,
        Err(e) => {
            say!("kifu engine: cannot connect to {address}: {e}");
            return Ok(Status::Trouble);
        }
    };
    let limits = GoLimits {
        movetime: Some(args.movetime.unwrap_or(DEFAULT_MOVETIME)),
        depth: args.depth,
        nodes: args.nodes,
        ..GoLimits::default()
    };
    let played = match args.random {
        true => {
            let player = RandomPlayer::new(args.seed.unwrap_or_else(crate::random::clock_seed));
            client(Session::new(player, None), args, limits, &stream)
        }
        false => {
            let style = match args.greedy {
                true => Style::greedy(),
                false => Style::search(args.depth, None),
            };
            let player = SearchPlayer::new(style, Arc::new(AtomicBool::new(false)))
                .at_level(level(args), seed(args));
            client(Session::new(player, None), args, limits, &stream)
        }
    };
    match played {
        Ok(played) => {
            let result = match played.winner {
                Some(winner) if winner == played.colour => "won",
                Some(_) => "lost",
                None => "no winner",
            };
            say!(
                "kifu engine: played {} against {address}: {result} after {} moves",
                played.colour.word(),
                played.moves.len()
            );
            Ok(Status::Ok)
        }
        Err(e) => {
            say!("kifu engine: {e}");
            Ok(Status::Trouble)
        }
    }
}

/// The level of `--level`, if given.
fn level(args: &EngineArgs) -> Option<Level> {
    args.level.and_then(Level::new)
}

/// The seed of `--seed`, or one from the clock.
fn seed(args: &EngineArgs) -> u64 {
    args.seed.unwrap_or_else(crate::random::clock_seed)
}

/// The time a move takes as a client of the course's server, which gives
/// no clock, unless --movetime says otherwise: a second.
const DEFAULT_MOVETIME: u64 = 1000;

/// One game of `session` as a client on `stream`, named by `--name` or
/// the engine.
fn client<P: Player>(
    mut session: Session<P>,
    args: &EngineArgs,
    limits: GoLimits,
    stream: &TcpStream,
) -> Result<course::Played, course::ClientError> {
    let name = args.name.clone().unwrap_or_else(|| session.player_name());
    let input = io::BufReader::new(stream.try_clone()?);
    let mut output = stream;
    course::play(&mut session, &name, limits, input, &mut output)
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
