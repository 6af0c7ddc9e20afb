//! The commands, referee to engine.

use super::error::{Keyword, ProtocolError};
use super::words::{Value, Words, number_once, prepare, shorten, write_words};
use crate::game::GameKind;
use crate::record::is_tag_name;
use std::fmt;

/// A line the referee sends to the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `kep N`: the first line, with the protocol version.
    Kep(u32),
    /// `setoption NAME VALUE`: sets an option the engine declared.
    SetOption {
        /// The option's name, one word.
        name: String,
        /// Its value (quoted on the line when it holds spaces).
        value: String,
    },
    /// `isready`: answered by `readyok`.
    IsReady,
    /// `newgame GAME`: a new game; the engine forgets all state.
    NewGame(GameKind),
    /// `tag NAME VALUE`: a start tag of the game.
    Tag {
        /// The tag's name (a letter, then letters, digits or `_`).
        name: String,
        /// Its value (quoted on the line when it holds spaces).
        value: String,
    },
    /// `position [moves M1 M2 ...]`: the game from its start.
    Position {
        /// The moves from the start, one word each (lotus: pawn moves).
        moves: Vec<String>,
    },
    /// `go ...`: search and answer with a move.
    Go(GoLimits),
    /// `stop`: answer now.
    Stop,
    /// `quit`: exit.
    Quit,
}

/// The limits of a `go`, each optional, and the moves it may choose.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// `time MS`: the mover's clock, in milliseconds.
    pub time: Option<u64>,
    /// `inc MS`: the mover's increment per move, in milliseconds.
    pub inc: Option<u64>,
    /// `movetime MS`: an exact budget for this move, in milliseconds.
    pub movetime: Option<u64>,
    /// `depth N`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes N`: search this many nodes.
    pub nodes: Option<u64>,
    /// `searchmoves M1 M2 ...`, last on the line: choose among these
    /// moves only, and score the one chosen, as UCI's `searchmoves`
    /// (lotus: the pawn moves of one whole turn, which is then played and
    /// scored); empty for every move. A review asks it to score a move
    /// played that is not the engine's.
    pub searchmoves: Vec<String>,
}

impl Command {
    /// Reads one line (without its `\n`; a `\r` before the end is ignored).
    ///
    /// # Errors
    /// Why the line is not a command.
    pub fn read(line: &str) -> Result<Command, ProtocolError> {
        let line = prepare(line)?;
        let (first, at) = Words::first(line).ok_or(ProtocolError::EmptyLine)?;
        let Some(keyword) = Keyword::find(Keyword::COMMANDS, first) else {
            return Err(ProtocolError::UnknownCommand(shorten(first)));
        };
        let mut words = Words::after(line, at, keyword);
        let command = match keyword {
            Keyword::Kep => Command::Kep(words.number("kep")?),
            Keyword::SetOption => {
                let name = words.word("option name")?.to_owned();
                let value = words.value(&format!("value of {name}"))?;
                return Ok(Command::SetOption { name, value });
            }
            Keyword::NewGame => {
                let name = words.word("game (mana, escampe, shogun or lotus)")?;
                let kind = GameKind::from_name(name).ok_or_else(|| {
                    words.fail(format!(
                        "unknown game {} (expected mana, escampe, shogun or lotus)",
                        shorten(name)
                    ))
                })?;
                Command::NewGame(kind)
            }
            Keyword::Tag => {
                let name = words.word("tag name")?;
                if !is_tag_name(name) {
                    return Err(words.fail(format!(
                        "{} is not a tag name (a letter, then letters, digits or _)",
                        shorten(name)
                    )));
                }
                let value = words.value(&format!("value of {name}"))?;
                return Ok(Command::Tag {
                    name: name.to_owned(),
                    value,
                });
            }
            Keyword::Position => read_position(&mut words)?,
            Keyword::Go => Command::Go(read_go(&mut words)?),
            Keyword::IsReady => Command::IsReady,
            Keyword::Stop => Command::Stop,
            Keyword::Quit => Command::Quit,
            _ => return Err(ProtocolError::UnknownCommand(shorten(first))),
        };
        words.end()?;
        Ok(command)
    }
}

/// The rest of a `position` line: nothing, or `moves` and the moves.
fn read_position(words: &mut Words<'_>) -> Result<Command, ProtocolError> {
    let mut moves = Vec::new();
    if let Some(word) = words.next() {
        if word != "moves" {
            return Err(words.fail(format!("expected moves, not {}", shorten(word))));
        }
        while let Some(mv) = words.next() {
            moves.push(mv.to_owned());
        }
    }
    Ok(Command::Position { moves })
}

/// The limits of a `go` line, in any order, each at most once.
fn read_go(words: &mut Words<'_>) -> Result<GoLimits, ProtocolError> {
    let mut limits = GoLimits::default();
    while let Some(word) = words.next() {
        match word {
            "time" => number_once(words, &mut limits.time, word)?,
            "inc" => number_once(words, &mut limits.inc, word)?,
            "movetime" => number_once(words, &mut limits.movetime, word)?,
            "depth" => number_once(words, &mut limits.depth, word)?,
            "nodes" => number_once(words, &mut limits.nodes, word)?,
            "searchmoves" => {
                limits.searchmoves = std::iter::from_fn(|| words.next())
                    .map(str::to_owned)
                    .collect();
                if limits.searchmoves.is_empty() {
                    return Err(words.fail("searchmoves names no move"));
                }
            }
            _ => {
                return Err(words.fail(format!(
                    "unknown limit {} (expected time, inc, movetime, depth, nodes or searchmoves)",
                    shorten(word)
                )));
            }
        }
    }
    Ok(limits)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Kep(version) => write!(f, "kep {version}"),
            Command::SetOption { name, value } => write!(f, "setoption {name} {}", Value(value)),
            Command::IsReady => f.write_str("isready"),
            Command::NewGame(kind) => write!(f, "newgame {kind}"),
            Command::Tag { name, value } => write!(f, "tag {name} {}", Value(value)),
            Command::Position { moves } if moves.is_empty() => f.write_str("position"),
            Command::Position { moves } => {
                f.write_str("position moves")?;
                write_words(f, moves)
            }
            Command::Go(limits) => {
                f.write_str("go")?;
                let fields = [
                    ("time", limits.time),
                    ("inc", limits.inc),
                    ("movetime", limits.movetime),
                    ("depth", limits.depth.map(u64::from)),
                    ("nodes", limits.nodes),
                ];
                for (name, value) in fields {
                    if let Some(value) = value {
                        write!(f, " {name} {value}")?;
                    }
                }
                if !limits.searchmoves.is_empty() {
                    f.write_str(" searchmoves")?;
                    write_words(f, &limits.searchmoves)?;
                }
                Ok(())
            }
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}
