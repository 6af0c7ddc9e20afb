//! The session on a terminal: rustyline reads the lines, with completion
//! and history, and questions are asked (discard unsaved moves? replace
//! that file?) and answered y or N.
//!
//! Ctrl-D with unsaved moves asks too; a second Ctrl-D, at the question,
//! leaves without saving them, so that the session never waits on a
//! terminal that is gone.

use super::{KifuHelper, Outputs, Reply, Session};
use crate::front::Status;
use rustyline::Editor;
use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use std::io::{self, Write};
use std::path::PathBuf;

/// What reading a line gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Read {
    /// A line, without its end.
    Line(String),
    /// Ctrl-C: the line is dropped.
    Interrupted,
    /// Ctrl-D, or the end of the input.
    Eof,
}

/// Where a terminal session reads its lines.
pub(super) trait Lines {
    /// The next line, after `prompt`.
    ///
    /// # Errors
    /// The terminal failed.
    fn read(&mut self, prompt: &str) -> Result<Read, ReadlineError>;
    /// Before each prompt: the session as it is now, for completion.
    fn refresh(&mut self, _session: &Session) {}
    /// A line entered, for the history.
    fn remember(&mut self, _line: &str) {}
}

/// Runs a session over `lines`, asking the questions it asks.
///
/// # Errors
/// Failures to write.
pub(super) fn converse(
    session: &mut Session,
    lines: &mut dyn Lines,
    io: &mut Outputs<'_>,
) -> io::Result<Status> {
    loop {
        lines.refresh(session);
        io.out.flush()?;
        let read = lines.read(&session.prompt());
        let (reply, after_eof) = match read {
            Ok(Read::Line(line)) => {
                lines.remember(&line);
                (session.answer_line(&line, io)?, false)
            }
            Ok(Read::Interrupted) => continue,
            Ok(Read::Eof) if session.ask_quit() => (Reply::ASKS, true),
            Ok(Read::Eof) => break,
            Err(e) => {
                io.out.flush()?;
                writeln!(io.err, "kifu: {e}")?;
                return Ok(Status::Trouble);
            }
        };
        let reply = match reply.asks {
            true => ask(session, lines, io, after_eof)?,
            false => reply,
        };
        if reply.quit {
            break;
        }
    }
    io.out.flush()?;
    Ok(if session.unsaved_fault() {
        Status::Invalid
    } else {
        Status::Ok
    })
}

/// Asks the session's question and gives it the answer: `y` or `yes` (any
/// case) is yes, anything else no; Ctrl-D is yes only after a Ctrl-D.
fn ask(
    session: &mut Session,
    lines: &mut dyn Lines,
    io: &mut Outputs<'_>,
    after_eof: bool,
) -> io::Result<Reply> {
    if after_eof {
        writeln!(io.out)?;
    }
    io.out.flush()?;
    let question = session.question().unwrap_or_default();
    let yes = match lines.read(&question) {
        Ok(Read::Line(answer)) => {
            matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
        }
        Ok(Read::Eof) => after_eof,
        Ok(Read::Interrupted) | Err(_) => false,
    };
    session.answer(yes, io)
}

/// The line editor: rustyline with [`KifuHelper`] and the history file.
struct Editing {
    editor: Editor<KifuHelper, DefaultHistory>,
}

impl Lines for Editing {
    fn read(&mut self, prompt: &str) -> Result<Read, ReadlineError> {
        match self.editor.readline(prompt) {
            Ok(line) => Ok(Read::Line(line)),
            Err(ReadlineError::Interrupted) => Ok(Read::Interrupted),
            Err(ReadlineError::Eof) => Ok(Read::Eof),
            Err(e) => Err(e),
        }
    }

    fn refresh(&mut self, session: &Session) {
        if let Some(helper) = self.editor.helper_mut() {
            helper.set_game(session.game());
            helper.set_placing(session.placing_now());
        }
    }

    fn remember(&mut self, line: &str) {
        if !line.trim().is_empty() {
            let _ = self.editor.add_history_entry(line);
        }
    }
}

/// The line editor's session; `None` if no line editor could be set up.
///
/// # Errors
/// Failures to write.
pub(super) fn interactive(
    session: &mut Session,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Option<Status>> {
    let config = Config::builder()
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .build();
    let Ok(mut editor) = Editor::<KifuHelper, DefaultHistory>::with_config(config) else {
        return Ok(None);
    };
    editor.set_helper(Some(KifuHelper::new(session.game())));
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
    let mut editing = Editing { editor };
    let mut io = Outputs {
        out,
        err,
        terminal: true,
    };
    let status = converse(session, &mut editing, &mut io)?;
    save_history(&mut editing.editor, history.as_ref());
    Ok(Some(status))
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

#[cfg(test)]
#[path = "terminal_tests.rs"]
mod tests;
