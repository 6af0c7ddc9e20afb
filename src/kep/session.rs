//! An engine's side of the conversation: the game the referee describes,
//! and the answers to each command.

use super::answer::{Answer, IdKey};
use super::command::{Command, GoLimits};
use super::info::Info;
use super::lines::LineReader;
use super::player::Player;
use super::{VERSION, words::shorten};
use crate::game::{AnyGame, GameKind, MoveError, Placing};
use crate::play::{Start, StartError, start_of_tags};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;

/// The position the last `position` stated.
#[derive(Debug)]
enum Position {
    /// No `position` since the game or its tags were given: `go` plays
    /// from the start the tags describe.
    Start,
    /// The position reached.
    Reached(Box<dyn AnyGame>),
    /// Why the last `position` was refused.
    Refused(PositionError),
}

/// Why the position a `position` states cannot be reached.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum PositionError {
    /// No `newgame` named the game.
    #[error("no game: newgame GAME comes first")]
    NoGame,
    /// The tags describe no start.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A move refused.
    #[error("ply {ply} {text}: {error}")]
    Move {
        /// The ply, from 1.
        ply: usize,
        /// The move as written, shortened.
        text: String,
        /// Why it is refused.
        error: MoveError,
    },
}

/// An engine's session: the game so far, and the [`Player`] that moves.
#[derive(Debug)]
pub struct Session<P> {
    player: P,
    game: Option<GameKind>,
    /// The tags given since `newgame`, each name once.
    tags: Vec<(String, String)>,
    position: Position,
}

/// What a line gets: the answers to write, and whether to exit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// The lines to write, in order.
    pub answers: Vec<Answer>,
    /// Whether the engine exits now (`quit`).
    pub quit: bool,
}

impl Reply {
    /// The reply of one answer.
    fn of(answers: Vec<Answer>) -> Self {
        Self {
            answers,
            quit: false,
        }
    }
}

impl<P: Player> Session<P> {
    /// A session of `player`; `game` is the game until a `newgame` names one.
    pub fn new(player: P, game: Option<GameKind>) -> Self {
        Self {
            player,
            game,
            tags: Vec::new(),
            position: Position::Start,
        }
    }

    /// The player's name, as `id name` gives it.
    pub fn player_name(&self) -> String {
        self.player.name()
    }

    /// The reply to one line from the referee, the `info` lines of a
    /// search included. A line that is no command gets an `info string`
    /// that says why, and changes nothing; an empty line gets nothing.
    pub fn answer_line(&mut self, line: &str) -> Reply {
        let mut told = Vec::new();
        let mut reply = self.answer_line_telling(line, &mut |answer| told.push(answer));
        told.append(&mut reply.answers);
        reply.answers = told;
        reply
    }

    /// [`Session::answer_line`], the `info` lines of a search handed to
    /// `tell` as the player finds them, to be written at once.
    pub fn answer_line_telling(&mut self, line: &str, tell: &mut dyn FnMut(Answer)) -> Reply {
        match Command::read(line) {
            Ok(command) => self.answer(command, tell),
            Err(super::ProtocolError::EmptyLine) => Reply::default(),
            Err(e) => Reply::of(vec![info(format!("ignored: {e} ({})", e.code()))]),
        }
    }

    /// The reply to a command; a search's `info` lines go to `tell`.
    pub fn answer(&mut self, command: Command, tell: &mut dyn FnMut(Answer)) -> Reply {
        let answers = match command {
            Command::Kep(version) => self.handshake(version),
            Command::SetOption { name, value } => match self.player.set_option(&name, &value) {
                Ok(()) => Vec::new(),
                Err(reason) => vec![info(format!("setoption ignored: {reason}"))],
            },
            Command::IsReady => vec![Answer::ReadyOk],
            Command::NewGame(kind) => {
                self.game = Some(kind);
                self.tags.clear();
                self.position = Position::Start;
                self.player.new_game();
                Vec::new()
            }
            Command::Tag { name, value } => {
                self.tags.retain(|(other, _)| *other != name);
                self.tags.push((name, value));
                self.position = Position::Start;
                Vec::new()
            }
            Command::Position { moves } => self.set_position(&moves),
            Command::Go(limits) => self.go(&limits, tell),
            // Every `go` is answered before the next line is read: there
            // is nothing to stop.
            Command::Stop => Vec::new(),
            Command::Quit => {
                return Reply {
                    answers: Vec::new(),
                    quit: true,
                };
            }
        };
        Reply::of(answers)
    }

    /// The answer to `kep`.
    fn handshake(&self, version: u32) -> Vec<Answer> {
        let mut answers = Vec::new();
        if version != VERSION {
            answers.push(info(format!(
                "this engine speaks KEP {VERSION}, not {version}"
            )));
        }
        answers.push(Answer::Id {
            key: IdKey::Name,
            value: self.player.name(),
        });
        answers.push(Answer::Id {
            key: IdKey::Author,
            value: self.player.author(),
        });
        for (name, default) in self.player.options() {
            answers.push(Answer::Option { name, default });
        }
        answers.push(Answer::KepOk);
        answers
    }

    /// The start position the game and tags describe, started as every
    /// front starts one ([`crate::play::start_of_tags`]).
    fn start(&self) -> Result<Box<dyn AnyGame>, PositionError> {
        let kind = self.game.ok_or(PositionError::NoGame)?;
        let tags = (self.tags.iter())
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        let start = start_of_tags(kind, tags).and_then(Start::placed);
        Ok(start?.game)
    }

    /// The start the players still place, when the tags leave it open
    /// (escampe without a whole `Setup`): `go` asks for a placement then.
    fn placing(&self) -> Option<Box<dyn Placing>> {
        self.game?.placing(&self.tags)
    }

    /// Plays `moves` from the start; a refusal is kept, and said.
    fn set_position(&mut self, moves: &[String]) -> Vec<Answer> {
        let reached = self.start().and_then(|mut game| {
            for (ply, text) in moves.iter().enumerate() {
                game.play(text).map_err(|error| PositionError::Move {
                    ply: ply + 1,
                    text: shorten(text),
                    error,
                })?;
            }
            Ok(game)
        });
        match reached {
            Ok(game) => {
                self.position = Position::Reached(game);
                Vec::new()
            }
            Err(reason) => {
                let answer = info(format!("position refused: {reason}"));
                self.position = Position::Refused(reason);
                vec![answer]
            }
        }
    }

    /// The answer to `go`: always one `move` line, `move resign` (after an
    /// `info string` that says why) when there is no position to play in,
    /// or no move in it. The search's `info` lines go to `tell`.
    fn go(&mut self, limits: &GoLimits, tell: &mut dyn FnMut(Answer)) -> Vec<Answer> {
        if let Some(placing) = self.placing() {
            let words = (self.player).place(placing.as_ref(), limits, &mut |line| {
                tell(Answer::Info(line));
            });
            return match words.is_empty() {
                true => resign("nothing to place".to_owned()),
                false => vec![Answer::Move(words)],
            };
        }
        let started;
        let game = match &self.position {
            Position::Reached(game) => game.as_ref(),
            Position::Refused(reason) => return resign(format!("no position: {reason}")),
            Position::Start => match self.start() {
                Ok(game) => {
                    started = game;
                    started.as_ref()
                }
                Err(reason) => return resign(reason.to_string()),
            },
        };
        if game.is_over() {
            return resign("the game is over".to_owned());
        }
        let moves = self
            .player
            .turn(game, limits, &mut |line| tell(Answer::Info(line)));
        match moves.is_empty() {
            true => resign("no move to play".to_owned()),
            false => vec![Answer::Move(moves)],
        }
    }
}

/// An `info string` line; a control character that a message quotes from
/// its line (a tab, a carriage return) is written as `?`, so that the
/// line reads back as written.
fn info(text: String) -> Answer {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    Answer::Info(Info::string(text))
}

/// `info string REASON`, then `move resign`.
fn resign(reason: String) -> Vec<Answer> {
    vec![info(format!("resigning: {reason}")), Answer::Resign]
}

/// Runs `session` on `input` and `output` until `quit` or the end of the
/// input, writing each reply whole before reading on.
///
/// # Errors
/// A failure to read `input` or write `output`.
pub fn serve<P: Player>(
    session: &mut Session<P>,
    input: impl BufRead,
    output: &mut dyn Write,
) -> Result<(), ServeError> {
    let mut lines = LineReader::new(input);
    let lines = std::iter::from_fn(|| lines.next_line().transpose());
    answer_all(session, lines, output)
}

/// [`serve`], with `input` read on a thread of its own: a `stop` (or
/// `quit`) that comes while the player searches sets `stop` at once, and
/// the player answers with the best move it has. A `stop` ends the `go`s
/// read before it, whenever their searches begin: the reading thread
/// counts the `go`s and notes the last one each `stop` ends, and each
/// `go` clears `stop` as it is answered unless it is one of those (a
/// pipelined `go`, `stop`, `go` ends the first search at once, and the
/// second runs).
///
/// # Errors
/// A failure to read `input` or write `output`.
pub fn serve_stoppable<P: Player>(
    session: &mut Session<P>,
    input: impl BufRead + Send + 'static,
    output: &mut dyn Write,
    stop: &Arc<AtomicBool>,
) -> Result<(), ServeError> {
    let (sender, lines) = sync_channel(64);
    // The number of the last `go` (from 1) that a `stop` ends.
    let stopped = Arc::new(AtomicU64::new(0));
    let (flag, ended) = (Arc::clone(stop), Arc::clone(&stopped));
    let reader = std::thread::Builder::new().name("kifu-engine-commands".to_owned());
    let started = reader.spawn(move || {
        let mut reader = LineReader::new(input);
        let mut gos = 0;
        while let Some(next) = reader.next_line().transpose() {
            // Each `go` goes with its number, for the answering side.
            let mut go = None;
            if let Ok(Ok(line)) = &next {
                match Command::read(line) {
                    Ok(Command::Go(_)) => {
                        gos += 1;
                        go = Some(gos);
                    }
                    Ok(Command::Stop | Command::Quit) => {
                        ended.store(gos, Ordering::SeqCst);
                        flag.store(true, Ordering::SeqCst);
                    }
                    _ => {}
                }
            }
            let failed = next.is_err();
            if sender.send((go, next)).is_err() || failed {
                return;
            }
        }
    });
    started.map_err(ServeError::Thread)?;
    let lines = lines.into_iter().map(|(go, line)| {
        if let Some(go) = go {
            // Cleared, then set again if a stop for this go was read
            // meanwhile: the reader notes the go before it sets the flag.
            stop.store(false, Ordering::SeqCst);
            if stopped.load(Ordering::SeqCst) >= go {
                stop.store(true, Ordering::SeqCst);
            }
        }
        line
    });
    answer_all(session, lines, output)
}

/// Answers each line of `lines` until `quit` or their end.
fn answer_all<P: Player>(
    session: &mut Session<P>,
    lines: impl Iterator<Item = io::Result<Result<String, super::ProtocolError>>>,
    output: &mut dyn Write,
) -> Result<(), ServeError> {
    for line in lines {
        // The first failure to write is kept; what follows it is not
        // written.
        let mut written: io::Result<()> = Ok(());
        let mut write = |answer: &Answer| {
            if written.is_ok() {
                written = writeln!(output, "{answer}").and_then(|()| output.flush());
            }
        };
        let reply = match line.map_err(ServeError::Read)? {
            Ok(line) => session.answer_line_telling(&line, &mut |answer| write(&answer)),
            Err(e) => Reply::of(vec![info(format!("ignored: {e} ({})", e.code()))]),
        };
        reply.answers.iter().for_each(&mut write);
        written.map_err(ServeError::Write)?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}

/// Why [`serve`] stopped before `quit` or the end of its input.
#[derive(Debug)]
pub enum ServeError {
    /// The commands could not be read.
    Read(io::Error),
    /// The answers could not be written.
    Write(io::Error),
    /// The thread that reads the commands could not be started.
    Thread(io::Error),
}
