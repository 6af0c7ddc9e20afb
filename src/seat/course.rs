//! A seat played by a program of the Escampe course ([`crate::course`]):
//! a client that connects to kifu over TCP, as it would to the course's
//! referee server. kifu either starts the program itself, listening on a
//! free loopback port that it puts where the command line says `{port}`
//! ([`CourseSeat::launch`]), or takes a client that connected on its own
//! (`kifu match --listen`, [`CourseSeat::named`]).
//!
//! The seat tells its client the game as the course's server would: its
//! colour once, then, before each of its moves, every move of the other
//! side since its last (`JOUEUR Noir`, `MOUVEMENT C6/A6/B5/D5/E6/F5`), and
//! `JOUEUR` with its own colour, to which it answers with its move; at the
//! end, `FIN!` with the winner. A course client plays one game and exits.

use super::{Clock, Seat};
use crate::course::{self, Colour, ServerLine};
use crate::game::GameKind;
use crate::kep::{
    Answered, Decision, EXIT_WAIT, EngineFailure, EngineSpec, HANDSHAKE_TIME, Heard, LineReader,
    ProtocolError, QUIT_TIME, SpawnError, exit_within, groups, keep_tail, spawn_in_group,
};
use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::net::{Ipv4Addr, Shutdown, TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use web_time::Instant;

/// What stands in a course player's command line for the port kifu
/// listens on.
pub const PORT_MARK: &str = "{port}";

/// What the reader of the connection hands on: a line, or why there is
/// none (a line too long, or not UTF-8).
type Incoming = Result<String, ProtocolError>;

/// A course client at a seat.
#[derive(Debug)]
pub struct CourseSeat {
    name: String,
    colour: Colour,
    stream: TcpStream,
    lines: Receiver<Incoming>,
    program: Option<Program>,
    /// The `Setup` tag of the game: the placements made so far.
    setup: Option<String>,
    /// How many entries of the game's history the client knows.
    told: usize,
}

/// The process of a course client that kifu started, in a process group
/// of its own, with the last lines of its output kept.
#[derive(Debug)]
struct Program {
    child: Child,
    output: Arc<Mutex<VecDeque<String>>>,
}

/// Why the program of a course client could not be started.
#[derive(Debug, thiserror::Error)]
enum ProgramError {
    /// The program itself did not start.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// A thread to keep its output could not be started.
    #[error("kifu cannot start a thread for it: {0}")]
    Thread(std::io::Error),
}

impl CourseSeat {
    /// Starts the program `spec` describes, its command line given the
    /// port of a fresh loopback listener for `{port}`, and takes its
    /// connection to play `colour`.
    ///
    /// # Errors
    /// No `{port}` in the command, a program that cannot start, exits or
    /// does not connect and say its name within [`HANDSHAKE_TIME`].
    pub fn launch(spec: &EngineSpec, colour: Colour) -> Result<Self, EngineFailure> {
        let mut seat = Self::launch_unseated(spec, colour)?;
        seat.write(&ServerLine::Colour(colour))?;
        Ok(seat)
    }

    /// The name the program `spec` describes gives when started, which is
    /// then ended without a game (nor a colour).
    ///
    /// # Errors
    /// As [`CourseSeat::launch`].
    pub fn name_of(spec: &EngineSpec) -> Result<String, EngineFailure> {
        let seat = Self::launch_unseated(spec, Colour::Blanc)?;
        let name = seat.name.clone();
        Box::new(seat).leave();
        Ok(name)
    }

    /// Checks that the command of `spec` says where the port goes.
    ///
    /// # Errors
    /// It holds no `{port}`.
    pub fn check_command(spec: &EngineSpec) -> Result<(), EngineFailure> {
        match spec.command.contains(PORT_MARK) {
            true => Ok(()),
            false => Err(EngineFailure::CannotStart {
                command: spec.command.clone(),
                reason: format!(
                    "a course player's command holds {PORT_MARK}, where kifu puts the port it \
                     listens on"
                ),
            }),
        }
    }

    /// [`CourseSeat::launch`], the colour not yet told.
    fn launch_unseated(spec: &EngineSpec, colour: Colour) -> Result<Self, EngineFailure> {
        let cannot = |reason: String| EngineFailure::CannotStart {
            command: spec.command.clone(),
            reason,
        };
        Self::check_command(spec)?;
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|e| cannot(format!("kifu cannot listen on loopback: {e}")))?;
        let port = (listener.local_addr())
            .map_err(|e| cannot(e.to_string()))?
            .port();
        let command = spec.command.replace(PORT_MARK, &port.to_string());
        let mut program = Program::start(&command).map_err(|e| cannot(e.to_string()))?;
        let deadline = Instant::now() + HANDSHAKE_TIME;
        let stream = loop {
            match listener.accept() {
                Ok((stream, _)) => break stream,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(cannot(format!("kifu cannot take its connection: {e}"))),
            }
            if let Ok(Some(status)) = program.child.try_wait() {
                return Err(EngineFailure::Exited {
                    status: Some(status.to_string()),
                });
            }
            if Instant::now() >= deadline {
                return Err(EngineFailure::TimeOut {
                    awaited: "connection",
                    allowed: HANDSHAKE_TIME,
                });
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let blocking = stream.set_nonblocking(false);
        blocking.map_err(|e| cannot(e.to_string()))?;
        let mut seat = Self::greet(stream, colour)?;
        seat.program = Some(program);
        Ok(seat)
    }

    /// Takes a client that connected: reads its name, within
    /// [`HANDSHAKE_TIME`]; [`CourseSeat::seat`] tells it its colour.
    ///
    /// # Errors
    /// The client says no name in time, or goes away.
    pub fn named(stream: TcpStream) -> Result<Self, EngineFailure> {
        Self::greet(stream, Colour::Blanc)
    }

    /// Tells a client [`CourseSeat::named`] the colour it plays.
    ///
    /// # Errors
    /// The client went away.
    pub fn seat(mut self, colour: Colour) -> Result<Self, EngineFailure> {
        self.colour = colour;
        self.write(&ServerLine::Colour(colour))?;
        Ok(self)
    }

    /// The seat of a client that connected, once it has said its name.
    fn greet(stream: TcpStream, colour: Colour) -> Result<Self, EngineFailure> {
        let gone = |e: std::io::Error| EngineFailure::Exited {
            status: Some(format!("its connection failed: {e}")),
        };
        stream
            .set_write_timeout(Some(HANDSHAKE_TIME))
            .map_err(gone)?;
        // Each line goes at once, not held back to join the next.
        stream.set_nodelay(true).map_err(gone)?;
        let reading = stream.try_clone().map_err(gone)?;
        let (sender, lines) = sync_channel(16);
        let reader = std::thread::Builder::new().name("kifu-course-client".to_owned());
        let started = reader.spawn(move || {
            let mut reader = LineReader::new(BufReader::new(reading));
            while let Ok(Some(line)) = reader.next_line() {
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        started.map_err(|e| EngineFailure::CannotStart {
            command: "a course client".to_owned(),
            reason: format!("kifu cannot start a thread for it: {e}"),
        })?;
        let mut seat = CourseSeat {
            name: String::new(),
            colour,
            stream,
            lines,
            program: None,
            setup: None,
            told: 0,
        };
        let name = seat.next_line("name", Instant::now() + HANDSHAKE_TIME, HANDSHAKE_TIME)?;
        seat.name = client_name(&name);
        Ok(seat)
    }

    /// The colour it plays.
    pub fn colour(&self) -> Colour {
        self.colour
    }

    /// Writes one line of the server, in one write.
    fn write(&mut self, line: &ServerLine) -> Result<(), EngineFailure> {
        let written = self.stream.write_all(format!("{line}\n").as_bytes());
        written.map_err(|_| self.exited())
    }

    /// The next line the client sends, awaited until `deadline`.
    fn next_line(
        &mut self,
        awaited: &'static str,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<String, EngineFailure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(fault)) => Err(EngineFailure::BadLine {
                line: String::new(),
                reason: fault.to_string(),
            }),
            Err(RecvTimeoutError::Timeout) => Err(EngineFailure::TimeOut { awaited, allowed }),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
        }
    }

    /// The failure of a client whose connection closed: how its program
    /// exited, when kifu started it and it has.
    fn exited(&mut self) -> EngineFailure {
        let status =
            (self.program.as_mut()).and_then(|program| exit_within(&mut program.child, EXIT_WAIT));
        EngineFailure::Exited {
            status: Some(status.map_or_else(
                || "it closed the connection".to_owned(),
                |status| status.to_string(),
            )),
        }
    }

    /// Tells the client every entry of `history` it does not know that
    /// the other side made: `JOUEUR` with that side, then `MOUVEMENT`.
    fn tell(&mut self, history: &[(Colour, Vec<String>)]) -> Result<(), EngineFailure> {
        for (colour, words) in history.iter().skip(self.told) {
            if *colour == self.colour {
                continue;
            }
            let text = course::from_kifu(words).unwrap_or_else(|| words.join(" "));
            self.write(&ServerLine::Turn(*colour))?;
            self.write(&ServerLine::Move(text))?;
        }
        self.told = self.told.max(history.len());
        Ok(())
    }
}

impl Seat for CourseSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _: GameKind, tags: &[(String, String)]) {
        self.setup = (tags.iter())
            .find(|(name, _)| name == "Setup")
            .map(|(_, value)| value.clone());
    }

    /// The course's protocol cannot restrict a choice: `only` is not
    /// told, and the client chooses among all.
    fn ask_only(
        &mut self,
        moves: &[String],
        _only: &[String],
        clock: &Clock,
    ) -> Result<Answered, EngineFailure> {
        let history = course::history(self.setup.as_deref(), moves);
        self.tell(&history)?;
        self.write(&ServerLine::Turn(self.colour))?;
        let (sent, allowed) = (Instant::now(), clock.allowed());
        let line = self.next_line("move", sent + allowed, allowed)?;
        let received = Instant::now();
        self.told = history.len() + 1;
        let words = course::to_kifu(&line).map_err(|fault| EngineFailure::BadLine {
            line: crate::kep::shorten(&line),
            reason: fault.to_string(),
        })?;
        Ok(Heard::default().answered(Decision::Move(words), sent, received))
    }

    fn game_over(&mut self, moves: &[String], winner: Option<&str>) -> bool {
        let history = course::history(self.setup.as_deref(), moves);
        let winner = winner.and_then(Colour::of_player);
        let _ = self
            .tell(&history)
            .and_then(|()| self.write(&ServerLine::End(winner)));
        false
    }

    fn stderr_tail(&mut self) -> Vec<String> {
        let Some(program) = &self.program else {
            return Vec::new();
        };
        let tail = program
            .output
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        tail.iter().cloned().collect()
    }

    fn leave(mut self: Box<Self>) {
        let _ = self.stream.shutdown(Shutdown::Both);
        if let Some(program) = &mut self.program {
            // Then dropped: its group is ended.
            let _ = exit_within(&mut program.child, QUIT_TIME);
        }
    }
}

impl Drop for CourseSeat {
    /// Closes the connection, which ends the thread that reads it.
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

impl Program {
    /// Starts `command` in a process group of its own, its standard input
    /// empty and the last lines of its output (both streams) kept.
    ///
    /// # Errors
    /// The program or a thread for its output could not be started.
    fn start(command: &str) -> Result<Program, ProgramError> {
        let mut child = spawn_in_group(command, Stdio::null())?;
        let output = Arc::new(Mutex::new(VecDeque::new()));
        let streams = [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ];
        for stream in streams.into_iter().flatten() {
            let tail = Arc::clone(&output);
            let thread = std::thread::Builder::new().name("kifu-course-output".to_owned());
            if let Err(e) = thread.spawn(move || keep_tail(stream, &tail)) {
                groups::end(child.id());
                let _ = child.wait();
                return Err(ProgramError::Thread(e));
            }
        }
        Ok(Program { child, output })
    }
}

impl Drop for Program {
    /// Ends the program's whole process group, and reaps it.
    fn drop(&mut self) {
        groups::end(self.child.id());
        let _ = self.child.wait();
    }
}

/// The name a client's first line gives, without the NUL bytes and blanks
/// around it (the course's clients may end a line with `\0`); `course
/// player` for a line with none.
fn client_name(line: &str) -> String {
    let name = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    match name.is_empty() {
        true => "course player".to_owned(),
        false => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::client_name;

    #[test]
    fn a_client_s_name_is_its_line_without_nuls_and_blanks() {
        assert_eq!(client_name("  Alpha Beta\0 "), "Alpha Beta");
        assert_eq!(client_name("\0bob\0"), "bob");
        assert_eq!(client_name("bob"), "bob");
        for nameless in ["", "\0", " \0 \t"] {
            assert_eq!(client_name(nameless), "course player", "{nameless:?}");
        }
    }
}
