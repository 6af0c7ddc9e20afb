//! A seat played by the built-in engine in-process: the very session
//! `kifu engine` serves ([`crate::kep::Session`] of a
//! [`crate::engine::SearchPlayer`]), on a thread of its own, spoken to in
//! KEP's commands and answers without a process or a pipe between. It
//! keeps the deadlines of a program: a move too late is a time-out, and
//! the search is told to stop.

use super::{Clock, Seat};
use crate::engine::{Level, SearchPlayer, Style};
use crate::game::GameKind;
use crate::kep::{
    Answer, Answered, Command, Decision, EngineFailure, GoLimits, Heard, Player, Session,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use web_time::Instant;

/// The built-in engine at a seat.
#[derive(Debug)]
pub struct BuiltInSeat {
    commands: Sender<Command>,
    answers: Receiver<Answer>,
    stop: Arc<AtomicBool>,
    name: String,
}

impl BuiltInSeat {
    /// Starts the engine `kifu engine` runs with no options (or with
    /// `--level`, given `level`), on a thread of its own.
    ///
    /// # Errors
    /// The thread cannot be started (a limit on processes).
    pub fn start(level: Option<Level>) -> Result<Self, EngineFailure> {
        let stop = Arc::new(AtomicBool::new(false));
        let player = SearchPlayer::new(Style::search(None, None), Arc::clone(&stop))
            .at_level(level, crate::random::clock_seed());
        let name = player.name();
        let (commands, received) = channel::<Command>();
        let (answered, answers) = channel();
        let thread = std::thread::Builder::new().name("kifu-built-in-engine".to_owned());
        let started = thread.spawn(move || {
            let mut session = Session::new(player, None);
            for command in received {
                let mut tell = |answer| {
                    let _ = answered.send(answer);
                };
                let reply = session.answer(command, &mut tell);
                reply.answers.into_iter().for_each(&mut tell);
                if reply.quit {
                    return;
                }
            }
        });
        if let Err(e) = started {
            return Err(EngineFailure::CannotStart {
                command: super::BUILT_IN.to_owned(),
                reason: format!("kifu cannot start a thread for it: {e}"),
            });
        }
        Ok(Self {
            commands,
            answers,
            stop,
            name,
        })
    }

    /// Hands `command` to the engine's thread.
    fn send(&self, command: Command) -> Result<(), EngineFailure> {
        (self.commands.send(command)).map_err(|_| EngineFailure::Exited { status: None })
    }
}

impl Seat for BuiltInSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, kind: GameKind, tags: &[(String, String)]) {
        let _ = self.send(Command::NewGame(kind));
        for (name, value) in tags {
            let (name, value) = (name.clone(), value.clone());
            let _ = self.send(Command::Tag { name, value });
        }
    }

    fn ask_only(
        &mut self,
        moves: &[String],
        only: &[String],
        clock: &Clock,
    ) -> Result<Answered, EngineFailure> {
        while self.answers.try_recv().is_ok() {}
        self.send(Command::Position {
            moves: moves.to_vec(),
        })?;
        self.stop.store(false, Ordering::Relaxed);
        self.send(Command::Go(GoLimits {
            searchmoves: only.to_vec(),
            ..clock.limits()
        }))?;
        let (sent, allowed) = (Instant::now(), clock.allowed());
        let deadline = sent + allowed;
        let mut heard = Heard::default();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let answer = match self.answers.recv_timeout(wait) {
                Ok(answer) => answer,
                Err(RecvTimeoutError::Timeout) => {
                    self.stop.store(true, Ordering::Relaxed);
                    return Err(EngineFailure::TimeOut {
                        awaited: "move",
                        allowed,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineFailure::Exited { status: None });
                }
            };
            let decision = match answer {
                Answer::Info(info) => {
                    heard.hear(info);
                    continue;
                }
                Answer::Move(moves) => Decision::Move(moves),
                Answer::Resign => Decision::Resign,
                _ => continue,
            };
            return Ok(heard.answered(decision, sent, Instant::now()));
        }
    }

    fn leave(self: Box<Self>) {
        let _ = self.send(Command::Quit);
    }
}

impl Drop for BuiltInSeat {
    /// Stops a search still running; the thread ends with its commands.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
