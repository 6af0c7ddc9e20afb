//! Runs a session: with rustyline on a terminal, or over plain lines of
//! standard input, echoed after the prompt so the output reads as a
//! transcript.
//!
//! Exit status: 2 for bad options or an unreadable `--load` file, 1 for an
//! invalid `--load` record; otherwise 0, except that without a terminal a
//! session in which any line was refused (an illegal move, a bad command, a
//! failed save or load, a line that is not UTF-8) ends with 1, so a script
//! knows that not every line was played.

use super::record::load;
use super::{KifuHelper, PlayArgs, Session};
use crate::game::Charset;
use crate::status::Status;
use rustyline::Editor;
use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;

/// The longest line read without a terminal; longer lines are refused.
const MAX_LINE: usize = 1 << 16;

/// Runs `kifu play`, its boards in colour when `colour`.
///
/// # Errors
/// Only failures to write `out`.
pub(crate) fn run(args: &PlayArgs, colour: bool, out: &mut dyn Write) -> io::Result<Status> {
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    let charset = if args.ascii || !io::stdout().is_terminal() {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let session = match (&args.load, args.game) {
        (Some(path), kind) => match load(path, kind, charset) {
            Ok(session) => session,
            Err(e) => {
                eprintln!("kifu: {}", e.message);
                return Ok(if e.usage {
                    Status::Trouble
                } else {
                    Status::Invalid
                });
            }
        },
        (None, Some(kind)) => {
            let started = args
                .tag_list(kind)
                .and_then(|tags| Session::start(kind, &tags, charset));
            match started {
                Ok(session) => session,
                Err(message) => {
                    eprintln!("kifu: {message}");
                    return Ok(Status::Trouble);
                }
            }
        }
        (None, None) => {
            eprintln!("kifu: play needs a GAME or --load FILE");
            return Ok(Status::Trouble);
        }
    };
    let mut session = session;
    session.colour = colour;
    if terminal {
        if let Some(status) = interactive(&mut session, out)? {
            return Ok(status);
        }
    }
    let stdin = io::stdin();
    piped(&mut session, &mut stdin.lock(), out)
}

/// Reads lines from `input` until `:quit` or its end, printing a transcript.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn piped(
    session: &mut Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Status> {
    let mut refused = false;
    session.show(out)?;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let mut limited = input.take(MAX_LINE as u64 + 1);
        let read = match limited.read_until(b'\n', &mut bytes) {
            Ok(read) => read,
            Err(e) => {
                writeln!(out, "cannot read the input: {e}")?;
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
        let reply = match std::str::from_utf8(&bytes) {
            _ if too_long => {
                writeln!(out, "{prompt}{}...", String::from_utf8_lossy(&bytes[..40]))?;
                writeln!(
                    out,
                    "the line is longer than {MAX_LINE} bytes: the input is read no further"
                )?;
                refused = true;
                break;
            }
            Ok(line) => {
                writeln!(out, "{prompt}{line}")?;
                session.handle(line, out)?
            }
            Err(_) => {
                writeln!(out, "{prompt}{}", String::from_utf8_lossy(&bytes))?;
                writeln!(out, "the line is not UTF-8 text")?;
                refused = true;
                continue;
            }
        };
        refused |= reply.refused;
        if reply.quit {
            break;
        }
    }
    out.flush()?;
    Ok(if refused { Status::Invalid } else { Status::Ok })
}

/// The line editor's session; `None` if no line editor could be set up.
///
/// # Errors
/// Failures to write `out`.
fn interactive(session: &mut Session, out: &mut dyn Write) -> io::Result<Option<Status>> {
    let config = Config::builder()
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .build();
    let Ok(mut editor) = Editor::<KifuHelper, DefaultHistory>::with_config(config) else {
        return Ok(None);
    };
    editor.set_helper(Some(KifuHelper::new(session.completions())));
    let history = history_file();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    writeln!(
        out,
        "kifu play {}: type a move, or :help for the commands",
        session.kind()
    )?;
    session.show(out)?;
    out.flush()?;
    loop {
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let reply = session.handle(&line, out)?;
                out.flush()?;
                if let Some(helper) = editor.helper_mut() {
                    helper.set_words(session.completions());
                }
                if reply.quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {}
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("kifu: {e}");
                save_history(&mut editor, history.as_ref());
                return Ok(Some(Status::Trouble));
            }
        }
    }
    save_history(&mut editor, history.as_ref());
    Ok(Some(Status::Ok))
}

/// Saves the history; failing to is not an error.
fn save_history(editor: &mut Editor<KifuHelper, DefaultHistory>, path: Option<&PathBuf>) {
    if let Some(path) = path {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
}

/// `$XDG_STATE_HOME/kifu/history`, by default `~/.local/state/kifu/history`.
pub(super) fn history_file() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|home| PathBuf::from(home).join(".local").join("state"))
        })?;
    let dir = state.join("kifu");
    let _ = std::fs::create_dir_all(&dir);
    Some(dir.join("history"))
}
