//! Runs a session: with rustyline on a terminal (module `terminal`), or
//! over plain lines of standard input, echoed after the prompt so that
//! standard output reads as a transcript; refusals go to standard error,
//! each after `kifu: line N: `.
//!
//! Exit status: 2 for bad options or an unreadable `--load` file; 1 when
//! an invalid record was loaded (`--load` or `:load`, played up to its
//! fault) and the game not saved since, or when the `--load` record does
//! not start a game at all; otherwise 0, except that without a terminal a
//! session in which any line was refused (an illegal move, a bad command,
//! a failed save or load, a line that is not UTF-8) ends with 1, so a
//! script knows that not every line was played.

use super::files::load;
use super::opponent::Opponent;
use super::record::Loaded;
use super::{Outputs, Session, terminal};
use crate::draw::Charset;
use crate::engine::Level;
use crate::front::Status;
use crate::front::args::PlayArgs;
use crate::front::{Ran, Stop};
use crate::game::AnyGame;
use std::io::{self, BufRead, IsTerminal, Read, Write};

/// The longest line read without a terminal; longer lines are refused.
const MAX_LINE: usize = 1 << 16;

/// Runs `kifu play`, its boards in colour when `colour`.
///
/// # Errors
/// A file that cannot be loaded, options that start no game, or an engine that cannot start, or a failure to write `out`.
pub(crate) fn run(args: &PlayArgs, colour: bool, out: &mut dyn Write) -> Ran {
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    let charset = if args.ascii || !io::stdout().is_terminal() {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let session = match (&args.load, args.game) {
        (Some(path), kind) => match load(path, kind, charset) {
            Ok(Loaded { session, fault }) => {
                if let Some(fault) = fault {
                    say!("kifu: {fault}");
                }
                session
            }
            Err(e) => return Err(e.into()),
        },
        (None, Some(kind)) => {
            let start = crate::play::start(kind, &args.options()?)?;
            Session::of_start(start, charset)
        }
        (None, None) => return Err(PlayError::NoGame.into()),
    };
    let mut session = session;
    session.colour = colour;
    session.movetime = args.movetime;
    let mut err = io::stderr();
    if let Some(vs) = &args.vs {
        let user = user_of(session.game(), args.side.as_deref())?;
        session.set_opponent(Opponent::start(
            vs,
            args.level.and_then(Level::new),
            Some(user),
            args.movetime,
        )?);
        let mut io = Outputs {
            out: &mut *out,
            err: &mut err,
            terminal,
        };
        session.engine_plays(&mut io)?;
    }
    if terminal {
        if let Some(status) = terminal::interactive(&mut session, out, &mut err)? {
            return Ok(status);
        }
    }
    let stdin = io::stdin();
    Ok(piped(&mut session, &mut stdin.lock(), out, &mut err)?)
}

/// Why `kifu play` cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum PlayError {
    /// Neither a game nor `--load`.
    #[error("play needs a GAME or --load FILE")]
    NoGame,
    /// A `--side` that is no player of the game.
    #[error("--side {side}: the players are {}", .players.join(", "))]
    Side {
        /// The side given.
        side: String,
        /// The game's players.
        players: Vec<String>,
    },
}

impl Stop for PlayError {}

/// The player the user plays: `side` (any letter case), or the one to
/// move.
///
/// # Errors
/// A side that is no player of the game.
fn user_of(game: &dyn AnyGame, side: Option<&str>) -> Result<String, PlayError> {
    let players = game.players();
    match side {
        None => Ok(game.turn().mover.to_owned()),
        Some(side) => (players.iter())
            .find(|player| player.eq_ignore_ascii_case(side))
            .map(|player| (*player).to_owned())
            .ok_or_else(|| PlayError::Side {
                side: side.to_owned(),
                players: players.iter().map(|p| (*p).to_owned()).collect(),
            }),
    }
}

/// Reads lines from `input` until `:quit` or its end, printing a
/// transcript to `out` and the refusals to `err`. At the end of the input,
/// unsaved moves are discarded with a warning.
///
/// # Errors
/// Failures to write.
pub(super) fn piped(
    session: &mut Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let mut refused = false;
    let mut quit = false;
    session.show(out)?;
    let mut bytes = Vec::new();
    for number in 1usize.. {
        bytes.clear();
        let mut limited = input.take(MAX_LINE as u64 + 1);
        let read = match limited.read_until(b'\n', &mut bytes) {
            Ok(read) => read,
            Err(e) => {
                writeln!(err, "kifu: line {number}: cannot read the input: {e}")?;
                return Ok(Status::Trouble);
            }
        };
        if read == 0 {
            break;
        }
        // The line may have no end (`/dev/zero`): the session stops there,
        // rather than skipping to a newline that never comes.
        let too_long = bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n');
        while matches!(bytes.last(), Some(b'\n' | b'\r')) {
            bytes.pop();
        }
        let prompt = session.prompt();
        let mut said = Vec::new();
        let reply = match std::str::from_utf8(&bytes) {
            _ if too_long => {
                writeln!(out, "{prompt}{}...", String::from_utf8_lossy(&bytes[..40]))?;
                writeln!(
                    err,
                    "kifu: line {number}: the line is longer than {MAX_LINE} bytes: the input is read no further"
                )?;
                refused = true;
                break;
            }
            Ok(line) => {
                writeln!(out, "{prompt}{line}")?;
                let mut io = Outputs {
                    out: &mut *out,
                    err: &mut said,
                    terminal: false,
                };
                session.answer_line(line, &mut io)?
            }
            Err(_) => {
                writeln!(out, "{prompt}{}", String::from_utf8_lossy(&bytes))?;
                writeln!(err, "kifu: line {number}: the line is not UTF-8 text")?;
                refused = true;
                continue;
            }
        };
        for line in String::from_utf8_lossy(&said).lines() {
            writeln!(err, "kifu: line {number}: {line}")?;
        }
        refused |= reply.refused;
        if reply.quit {
            quit = true;
            break;
        }
    }
    out.flush()?;
    if let Some(unsaved) = session.unsaved().filter(|_| !quit) {
        writeln!(
            err,
            "kifu: warning: {unsaved} discarded at the end of the input (end with :save FILE to keep the game, or :quit! to leave without this warning)"
        )?;
    }
    Ok(if refused || session.unsaved_fault() {
        Status::Invalid
    } else {
        Status::Ok
    })
}
