//! A client of the course's server: one game played by a KEP
//! [`Session`], which is told the game in KEP's commands as the server
//! tells it in its own (`kifu engine --connect HOST:PORT --protocol
//! course`).

use super::{Colour, ServerLine, from_kifu, to_kifu};
use crate::game::GameKind;
use crate::kep::{Answer, Command, GoLimits, LineReader, Player, Session};
use std::io::{self, BufRead, Write};

/// How a game as a client ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The colour the server gave.
    pub colour: Colour,
    /// The winner `FIN!` named, if any.
    pub winner: Option<Colour>,
    /// The moves of both sides, placements first, as the course writes them.
    pub moves: Vec<String>,
}

/// Why a game as a client stopped before `FIN!`.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error("the connection failed: {0}")]
    Io(#[from] io::Error),
    /// The server closed the connection.
    #[error("the server closed the connection before FIN!")]
    Closed,
    /// A line of the server that is none of its own.
    #[error("the server wrote {line:?}: {reason}")]
    BadLine {
        /// The line.
        line: String,
        /// Why it is wrong.
        reason: String,
    },
    /// The player found no move to play.
    #[error("the engine found no move: {0}")]
    NoMove(String),
}

/// Plays one game as the client `name` on `input` and `output` (the two
/// halves of a connection): says the name, takes the colour, answers each
/// `JOUEUR` of that colour with `session`'s move under `limits`, until
/// `FIN!`.
///
/// # Errors
/// The connection fails or closes, the server writes a line that is
/// none of its own, or the player has no move.
pub fn play<P: Player>(
    session: &mut Session<P>,
    name: &str,
    limits: GoLimits,
    input: impl BufRead,
    output: &mut dyn Write,
) -> Result<Played, ClientError> {
    output.write_all(format!("{name}\n").as_bytes())?;
    let mut lines = LineReader::new(input);
    let mut next = move || -> Result<(String, ServerLine), ClientError> {
        let line = lines.next_line()?.ok_or(ClientError::Closed)?;
        let line = line.map_err(|e| ClientError::BadLine {
            line: String::new(),
            reason: e.to_string(),
        })?;
        match ServerLine::read(&line) {
            Ok(read) => Ok((line, read)),
            Err(fault) => Err(ClientError::BadLine {
                line,
                reason: fault.to_string(),
            }),
        }
    };
    let colour = match next()? {
        (_, ServerLine::Colour(colour)) => colour,
        (line, _) => {
            return Err(ClientError::BadLine {
                line,
                reason: "the first line is the client's colour, Blanc or Noir".to_owned(),
            });
        }
    };
    let mut history: Vec<Vec<String>> = Vec::new();
    loop {
        match next()? {
            (_, ServerLine::End(winner)) => {
                let moves = history
                    .iter()
                    .filter_map(|words| from_kifu(words))
                    .collect();
                return Ok(Played {
                    colour,
                    winner,
                    moves,
                });
            }
            (_, ServerLine::Turn(mover)) if mover == colour => {
                let words = choose(session, &history, limits.clone())?;
                let text = from_kifu(&words)
                    .ok_or_else(|| ClientError::NoMove(format!("{words:?} is no course move")))?;
                output.write_all(format!("{text}\n").as_bytes())?;
                history.push(words);
            }
            (_, ServerLine::Turn(_)) => {}
            (line, ServerLine::Move(text)) => {
                let words = to_kifu(&text).map_err(|fault| ClientError::BadLine {
                    line,
                    reason: fault.to_string(),
                })?;
                history.push(words);
            }
            (line, ServerLine::Colour(_)) => {
                return Err(ClientError::BadLine {
                    line,
                    reason: "the colour was given already".to_owned(),
                });
            }
        }
    }
}

/// The session's move after `history` (the placements, Black's first,
/// then the moves), told as KEP's `newgame`, `tag Setup`, `position` and
/// `go`.
fn choose<P: Player>(
    session: &mut Session<P>,
    history: &[Vec<String>],
    limits: GoLimits,
) -> Result<Vec<String>, ClientError> {
    let mut commands = vec![Command::NewGame(GameKind::Escampe)];
    let placed = history.len().min(2);
    let setup = match &history[..placed] {
        [] => None,
        [black] => Some(format!("- / {}", black.join(" "))),
        [black, white, ..] => Some(format!("{} / {}", white.join(" "), black.join(" "))),
    };
    if let Some(value) = setup {
        commands.push(Command::Tag {
            name: "Setup".to_owned(),
            value,
        });
    }
    let moves = history[placed..].iter().flatten().cloned().collect();
    commands.push(Command::Position { moves });
    commands.push(Command::Go(limits));
    let mut answers = Vec::new();
    for command in commands {
        let reply = session.answer(command, &mut |answer| answers.push(answer));
        answers.extend(reply.answers);
    }
    let mut said = Vec::new();
    for answer in answers {
        match answer {
            Answer::Move(words) => return Ok(words),
            Answer::Info(info) => said.extend(info.string),
            _ => {}
        }
    }
    Err(ClientError::NoMove(said.join("; ")))
}
