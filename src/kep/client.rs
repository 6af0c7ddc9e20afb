//! The referee's side of KEP: an engine as a child process, spoken to
//! line by line, never waited for without a deadline.
//!
//! Three threads per engine write its standard input (so that an engine
//! that stops reading cannot block the referee), read its standard output
//! (into a bounded channel, so a flood only makes the engine wait) and
//! its standard error (keeping only the last lines). Deadlines are
//! measured with
//! [`Instant`], a monotonic clock. [`Engine::quit`] and dropping an
//! [`Engine`] reap the process: nothing is left behind, not even a zombie.

use super::answer::Answer;
use super::command::{Command, GoLimits};
use super::failure::EngineFailure;
use super::groups;
use super::spec::{Answered, Decision, EngineSpec, GameSoFar, Heard};
use super::streams::{Received, keep_tail, program_name, read_output, write_input};
use super::words::shorten;
use crate::game::GameKind;
use std::collections::VecDeque;
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use web_time::Instant;

/// How long an engine may take to answer `kep 1` or `isready`.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_TIME: Duration = Duration::from_secs(1);

/// How long the status of an engine whose output ended is waited for.
pub(crate) const EXIT_WAIT: Duration = Duration::from_millis(200);

/// How long the end of an exited engine's standard error is waited for.
pub const STDERR_WAIT: Duration = Duration::from_millis(500);

/// How many lines of standard output wait to be read before the engine
/// itself has to wait.
const PENDING_LINES: usize = 256;

/// A running engine.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    input: Sender<String>,
    written: Receiver<Option<Instant>>,
    unwritten: usize,
    /// Lines sent and not yet handed to the writer: they go together,
    /// in one write, when the referee next waits on the engine.
    unsent: String,
    lines: Receiver<Received>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_ended: Receiver<()>,
    name: String,
    declared: Vec<(String, String)>,
}

/// Why a command could not be started as a program.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SpawnError {
    /// The command's quotes do not close.
    #[error(transparent)]
    Unquoted(#[from] shell_words::ParseError),
    /// The command has no word.
    #[error("the command is empty")]
    Empty,
    /// A program named without a `/` that no directory of `PATH` holds.
    #[error("the program {0:?} was not found on PATH")]
    NotOnPath(String),
    /// A program named by its path that is not there.
    #[error("there is no program {0:?}")]
    NoProgram(String),
    /// A program that may not be run.
    #[error("{0:?} cannot be run (is it executable?)")]
    NotExecutable(String),
    /// Any other failure of the system to start it, in the system's words.
    #[error(transparent)]
    System(std::io::Error),
}

impl SpawnError {
    /// The error of `program` not started for `error`: a program not
    /// found is named as such, with where it was looked for.
    fn of(program: &str, error: std::io::Error) -> Self {
        match error.kind() {
            std::io::ErrorKind::NotFound if !program.contains('/') => {
                Self::NotOnPath(program.to_owned())
            }
            std::io::ErrorKind::NotFound => Self::NoProgram(program.to_owned()),
            std::io::ErrorKind::PermissionDenied => Self::NotExecutable(program.to_owned()),
            _ => Self::System(error),
        }
    }
}

/// Starts `command`, split as a POSIX shell would (no shell runs it),
/// with `input` as its standard input and its output and standard error
/// piped, in a process group of its own, ended whole with it
/// ([`groups`]).
///
/// # Errors
/// Why it could not be started.
pub(crate) fn spawn_in_group(command: &str, input: Stdio) -> Result<Child, SpawnError> {
    let words = shell_words::split(command)?;
    let (program, args) = words.split_first().ok_or(SpawnError::Empty)?;
    let mut engine = std::process::Command::new(program);
    engine
        .args(args)
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut engine, 0);
    let child = engine.spawn().map_err(|e| SpawnError::of(program, e))?;
    groups::enter(child.id());
    Ok(child)
}

impl Engine {
    /// Starts the engine, performs the `kep 1` handshake, sets its options
    /// and waits until it is ready.
    ///
    /// # Errors
    /// Why the engine could not be started or made ready.
    pub fn start(spec: &EngineSpec) -> Result<Engine, EngineFailure> {
        let cannot = |reason: String| EngineFailure::CannotStart {
            command: spec.command.clone(),
            reason,
        };
        let spawned = spawn_in_group(&spec.command, Stdio::piped());
        let mut child = spawned.map_err(|e| cannot(e.to_string()))?;
        let streams = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(input), Some(output), Some(errors)) = streams else {
            end_child(&mut child);
            return Err(cannot("its standard streams are not pipes".to_owned()));
        };
        let (to_write, lines_to_write) = channel();
        let (was_written, written) = channel();
        let (sender, lines) = sync_channel(PENDING_LINES);
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let (ended, stderr_ended) = sync_channel(1);
        let started = start_thread("kifu-engine-input", move || {
            write_input(input, &lines_to_write, &was_written);
        })
        .and_then(|()| start_thread("kifu-engine-output", move || read_output(output, &sender)))
        .and_then(|()| {
            start_thread("kifu-engine-stderr", move || {
                keep_tail(errors, &tail);
                let _ = ended.send(());
            })
        });
        if let Err(e) = started {
            end_child(&mut child);
            return Err(cannot(format!("kifu cannot start a thread for it: {e}")));
        }
        let mut engine = Engine {
            child,
            input: to_write,
            written,
            unwritten: 0,
            unsent: String::new(),
            lines,
            stderr,
            stderr_ended,
            name: spec.name.clone().unwrap_or_default(),
            declared: Vec::new(),
        };
        engine.handshake(spec)?;
        if engine.name.is_empty() {
            // Its program's file name (the command split as it started).
            let words = shell_words::split(&spec.command).unwrap_or_default();
            engine.name = program_name(words.first().map_or("", String::as_str));
        }
        Ok(engine)
    }

    /// The `kep 1` exchange, the options, and `isready`.
    fn handshake(&mut self, spec: &EngineSpec) -> Result<(), EngineFailure> {
        self.send(&Command::Kep(super::VERSION));
        let deadline = Instant::now() + HANDSHAKE_TIME;
        loop {
            match Answer::read(&self.next_line("kepok", deadline, HANDSHAKE_TIME)?) {
                Ok(Answer::KepOk) => break,
                Ok(Answer::Id {
                    key: super::IdKey::Name,
                    value,
                }) if spec.name.is_none() => self.name = value,
                Ok(Answer::Option { name, default }) => self.declared.push((name, default)),
                _ => {}
            }
        }
        for (name, value) in &spec.options {
            if !self.declared.iter().any(|(declared, _)| declared == name) {
                return Err(EngineFailure::UnknownOption {
                    name: name.clone(),
                    declared: self.declared_names(),
                });
            }
            self.send(&Command::SetOption {
                name: name.clone(),
                value: value.clone(),
            });
        }
        self.send(&Command::IsReady);
        let deadline = Instant::now() + HANDSHAKE_TIME;
        while !matches!(
            Answer::read(&self.next_line("readyok", deadline, HANDSHAKE_TIME)?),
            Ok(Answer::ReadyOk)
        ) {}
        Ok(())
    }

    /// The names of the options the engine declared, or `none`.
    fn declared_names(&self) -> String {
        match self.declared.is_empty() {
            true => "none".to_owned(),
            false => (self.declared.iter())
                .map(|(name, _)| name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The engine's name: the one asked for, or its `id name`, or the
    /// program's file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The options the engine declared, with their defaults.
    pub fn declared_options(&self) -> &[(String, String)] {
        &self.declared
    }

    /// Queues one command line; it is written, with the others queued,
    /// before the referee next waits on the engine, and [`Engine::go`]
    /// waits until it is. A write that fails is told then.
    pub fn send(&mut self, command: &Command) {
        use std::fmt::Write as _;
        let _ = writeln!(self.unsent, "{command}");
    }

    /// Hands the queued lines to the writer, as one write.
    ///
    /// # Errors
    /// [`EngineFailure::Exited`] when the engine no longer reads.
    fn hand_over(&mut self) -> Result<(), EngineFailure> {
        if self.unsent.is_empty() {
            return Ok(());
        }
        match self.input.send(std::mem::take(&mut self.unsent)) {
            Ok(()) => {
                self.unwritten += 1;
                Ok(())
            }
            Err(_) => Err(self.exited()),
        }
    }

    /// Hands over the queued lines and waits, until `deadline`, for every
    /// line handed to the writer to be written; gives the time the last
    /// one was.
    fn written_by(
        &mut self,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<Instant, EngineFailure> {
        self.hand_over()?;
        let mut last = Instant::now();
        while self.unwritten > 0 {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.written.recv_timeout(wait) {
                Ok(Some(at)) => {
                    self.unwritten -= 1;
                    last = at;
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineFailure::TimeOut {
                        awaited: "move",
                        allowed,
                    });
                }
            }
        }
        Ok(last)
    }

    /// Sends `go` and waits, at most `allowed`, for the `move`, reading
    /// `info` lines on the way. Lines left over from before are dropped
    /// unread, as the protocol says: those already come, and, through an
    /// `isready` written with the `go`, every line the engine writes
    /// before its `readyok` (a second `move` a moment late).
    ///
    /// # Errors
    /// A time-out, an exit, or a line that is neither `info` nor `move`.
    pub fn go(&mut self, limits: GoLimits, allowed: Duration) -> Result<Answered, EngineFailure> {
        while self.lines.try_recv().is_ok() {}
        self.send(&Command::IsReady);
        self.send(&Command::Go(limits));
        let sent = self.written_by(Instant::now() + allowed, allowed)?;
        let deadline = sent + allowed;
        self.skip_to_ready(deadline, allowed)?;
        let mut heard = Heard::default();
        loop {
            let line = self.next_line("move", deadline, allowed)?;
            let received = Instant::now();
            let decision = match Answer::read(&line) {
                Ok(Answer::Info(info)) => {
                    heard.hear(info);
                    continue;
                }
                Ok(Answer::Unknown(text)) if text.is_empty() => continue,
                Ok(Answer::Move(moves)) => Decision::Move(moves),
                Ok(Answer::Resign) => Decision::Resign,
                Ok(_) => return Err(bad_line(&line, "a line in answer to go is info or move")),
                Err(e) => return Err(bad_line(&line, &e.to_string())),
            };
            return Ok(heard.answered(decision, sent, received));
        }
    }

    /// Drops every line, good or bad, up to the next `readyok`.
    ///
    /// # Errors
    /// No `readyok` before `deadline` (awaiting the `move`), or an exit.
    fn skip_to_ready(&mut self, deadline: Instant, allowed: Duration) -> Result<(), EngineFailure> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Received::Text(line)) if Answer::read(&line) == Ok(Answer::ReadyOk) => {
                    return Ok(());
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineFailure::TimeOut {
                        awaited: "move",
                        allowed,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// Queues `newgame` and the start's tags.
    pub fn new_game(&mut self, kind: GameKind, tags: &[(String, String)]) {
        self.send(&Command::NewGame(kind));
        for (name, value) in tags {
            let (name, value) = (name.clone(), value.clone());
            self.send(&Command::Tag { name, value });
        }
    }

    /// Tells the engine a whole game, a new one to it: `newgame`, the
    /// start's tags and the moves so far; then [`Engine::go`].
    ///
    /// # Errors
    /// As [`Engine::go`].
    pub fn think(
        &mut self,
        game: &GameSoFar<'_>,
        limits: GoLimits,
        allowed: Duration,
    ) -> Result<Answered, EngineFailure> {
        self.new_game(game.kind, game.tags);
        self.send(&Command::Position {
            moves: game.moves.to_vec(),
        });
        self.go(limits, allowed)
    }

    /// The next line, before `deadline`, which is `allowed` after the
    /// command awaiting it.
    fn next_line(
        &mut self,
        awaited: &'static str,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<String, EngineFailure> {
        self.hand_over()?;
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Received::Text(line)) => Ok(line),
            Ok(Received::Bad(e)) => Err(bad_line("", &e.to_string())),
            Err(RecvTimeoutError::Timeout) => Err(EngineFailure::TimeOut { awaited, allowed }),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
        }
    }

    /// The failure of an engine that went away: its exit status, if it
    /// comes within a moment.
    fn exited(&mut self) -> EngineFailure {
        let status = exit_within(&mut self.child, EXIT_WAIT);
        EngineFailure::Exited {
            status: status.map(|status| status.to_string()),
        }
    }

    /// The last lines the engine wrote on its standard error: once it
    /// has exited, all of them, read to the end (waiting at most
    /// [`STDERR_WAIT`] for a stream that another process holds open).
    pub fn stderr_tail(&mut self) -> Vec<String> {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.stderr_ended.recv_timeout(STDERR_WAIT);
        }
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        tail.iter().cloned().collect()
    }

    /// Sends `quit`, waits [`QUIT_TIME`] for the engine to exit, kills it
    /// if it has not, and reaps it; what it started ends with it.
    pub fn quit(mut self) {
        self.send(&Command::Quit);
        let _ = self.hand_over();
        // Then dropped: its group is ended.
        let _ = exit_within(&mut self.child, QUIT_TIME);
    }
}

/// How `child` exited, waited for at most `time`; `None` while it runs
/// (or cannot be asked).
pub(crate) fn exit_within(child: &mut Child, time: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + time;
    loop {
        match child.try_wait() {
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(status) => return status,
            Err(_) => return None,
        }
    }
}

impl Drop for Engine {
    /// Ends the engine's whole process group, and reaps the engine.
    fn drop(&mut self) {
        end_child(&mut self.child);
    }
}

/// Ends the process group `child` leads (while it is not reaped, its id
/// cannot be taken by another group), and reaps it.
fn end_child(child: &mut Child) {
    groups::end(child.id());
    let _ = child.wait();
}

/// Starts a thread for an engine's stream, or says why it cannot be.
fn start_thread(name: &str, run: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(run)
        .map(drop)
}

/// A [`EngineFailure::BadLine`] of `line`.
fn bad_line(line: &str, reason: &str) -> EngineFailure {
    EngineFailure::BadLine {
        line: shorten(line),
        reason: reason.to_owned(),
    }
}
