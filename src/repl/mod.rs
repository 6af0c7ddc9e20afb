//! `kifu play`: the interactive referee.
//!
//! A [`Session`] holds the game and its history and answers one line at a
//! time through [`Session::handle`], writing to any [`Write`]; it needs no
//! terminal, so tests drive it directly. [`run()`] wires it to rustyline on a
//! terminal, or to plain lines of standard input otherwise.
//!
//! It knows the games only through [`AnyGame`].
//!
//! [`Session`] and [`Reply`] are public, hidden from the docs, so that the
//! fuzz target `repl` can drive a session: everything else here is the
//! binary's.

mod args;
mod command;
mod helper;
mod record;
mod run;
mod save;
mod tree;
mod variations;

pub(crate) use args::PlayArgs;
pub(crate) use command::{COMMANDS, Command, help};
pub(crate) use helper::KifuHelper;
pub(crate) use run::run;
pub(crate) use save::{ReadOnly, SaveError, save_atomic};

use crate::game::{AnyGame, Charset, GameKind};
use crate::record::check_readable;
use std::io::{self, Write};
use std::path::Path;

/// One line's worth of play: the position before and after, and the moves.
#[derive(Debug)]
struct Step {
    before: Box<dyn AnyGame>,
    after: Box<dyn AnyGame>,
    words: Vec<String>,
}

/// What a line did to the session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reply {
    /// The user asked to leave.
    pub quit: bool,
    /// The line was refused: an illegal move, a bad command, a failed save.
    pub refused: bool,
}

impl Reply {
    const DONE: Reply = Reply {
        quit: false,
        refused: false,
    };
    const REFUSED: Reply = Reply {
        quit: false,
        refused: true,
    };
}

/// A game in play, with its tags, its moves and what was taken back.
#[derive(Debug)]
pub struct Session {
    kind: GameKind,
    /// The tags of the record, `Game` first.
    tags: Vec<(String, String)>,
    start: Box<dyn AnyGame>,
    game: Box<dyn AnyGame>,
    done: Vec<Step>,
    undone: Vec<Step>,
    /// The variations of the main line (module `variations`).
    branches: Vec<tree::Branch>,
    charset: Charset,
    /// Boards in colour (`--color`).
    colour: bool,
}

impl Session {
    /// The game being played.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The current position.
    #[cfg(test)]
    pub(crate) fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> Vec<String> {
        self.done.iter().flat_map(|s| s.words.clone()).collect()
    }

    /// The prompt: `kifu mana> `.
    pub(crate) fn prompt(&self) -> String {
        format!("kifu {}> ", self.kind)
    }

    /// What Tab may complete: the legal moves, then the commands.
    pub fn completions(&self) -> Vec<String> {
        let mut words = if self.game.outcome().is_none() {
            self.game.legal_moves()
        } else {
            Vec::new()
        };
        words.extend(COMMANDS.iter().map(|c| c.name.to_owned()));
        words
    }

    /// Answers one line: a `:command`, or moves.
    ///
    /// # Errors
    /// Only failures to write `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Reply> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(Reply::DONE);
        }
        if line.starts_with(':') {
            return match line.parse::<Command>() {
                Ok(command) => self.command(command, out),
                Err(e) => {
                    writeln!(out, "{e}")?;
                    Ok(Reply::REFUSED)
                }
            };
        }
        self.play_line(line, out)
    }

    /// Runs one command.
    fn command(&mut self, command: Command, out: &mut dyn Write) -> io::Result<Reply> {
        match command {
            Command::Help => out.write_all(help().as_bytes())?,
            Command::Board => self.show(out)?,
            Command::Moves => self.list_moves(out)?,
            Command::Undo => match self.done.pop() {
                Some(step) => {
                    writeln!(out, "Took back {}", step.words.join(" "))?;
                    self.game = step.before.box_clone();
                    self.undone.push(step);
                    self.show(out)?;
                }
                None => writeln!(out, "nothing to undo")?,
            },
            Command::Redo => match self.undone.pop() {
                Some(step) => {
                    writeln!(out, "Played again {}", step.words.join(" "))?;
                    self.game = step.after.box_clone();
                    self.done.push(step);
                    self.show(out)?;
                }
                None => writeln!(out, "nothing to redo")?,
            },
            Command::New => {
                self.game = self.start.box_clone();
                self.done.clear();
                self.undone.clear();
                self.branches.clear();
                writeln!(out, "New game")?;
                self.show(out)?;
            }
            Command::Load(path) => return self.load(&path, out),
            Command::Save(path) => return self.save(&path, ReadOnly::Refuse, out),
            Command::SaveForced(path) => return self.save(&path, ReadOnly::Replace, out),
            Command::Json => {
                let value = self.json();
                writeln!(out, "{value}")?;
            }
            Command::Tags => {
                for (name, value) in &self.tags {
                    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
                    writeln!(out, "[{name} \"{escaped}\"]")?;
                }
            }
            Command::Variations => return self.list_variations(out),
            Command::Promote(line) => return self.promote(&line, out),
            Command::Quit => {
                return Ok(Reply {
                    quit: true,
                    refused: false,
                });
            }
        }
        Ok(Reply::DONE)
    }

    /// Plays the moves of a line, all or none.
    fn play_line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Reply> {
        let words: Vec<String> = line
            .split_whitespace()
            .filter(|w| !is_move_number(w))
            .map(|w| strip_glyph(w).to_owned())
            .collect();
        if words.is_empty() {
            return Ok(Reply::DONE);
        }
        let mut game = self.game.box_clone();
        for (i, word) in words.iter().enumerate() {
            let turn = game.turn();
            let context = format!(
                "{} {} ({}) {word}",
                game.numbering().label(),
                turn.number,
                turn.mover
            );
            let refusal = if game.outcome().is_some() {
                Some("the game is already over".to_owned())
            } else {
                game.play(word).err().map(|e| e.message)
            };
            if let Some(reason) = refusal {
                writeln!(out, "{context}: {reason}")?;
                if i > 0 {
                    writeln!(out, "nothing from this line was played")?;
                }
                return Ok(Reply::REFUSED);
            }
        }
        let redo = self.keep_replaced(&words);
        self.undone = Session::redo_steps(game.as_ref(), redo);
        self.done.push(Step {
            before: std::mem::replace(&mut self.game, game.box_clone()),
            after: game,
            words,
        });
        self.show(out)?;
        Ok(Reply::DONE)
    }

    /// Draws the board, then whose turn it is and the constraint, or the result.
    ///
    /// # Errors
    /// Only failures to write `out`.
    pub fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        let last = (self.done.last())
            .and_then(|step| crate::game::MoveDetail::last_of(step.before.as_ref(), &step.words));
        let board = self.game.render(&crate::draw::TextView {
            charset: self.charset,
            colour: self.colour,
            last: last.as_ref().map(|detail| &detail.parts),
        });
        out.write_all(board.as_bytes())?;
        if !board.is_empty() && !board.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        let status = self.status();
        // The constraint is said once: some boards already print it.
        for line in status.lines() {
            if line == status.lines().next().unwrap_or("") || !board.contains(line) {
                writeln!(out, "{line}")?;
            }
        }
        Ok(())
    }

    /// Whose turn it is and the constraint in force, or how the game ended.
    pub fn status(&self) -> String {
        if let Some(outcome) = self.game.outcome() {
            return format!("Game over: {} ({})", outcome.tag_value, outcome.reason);
        }
        let turn = self.game.turn();
        let label = match self.game.numbering().label() {
            "move" => "Move",
            _ => "Turn",
        };
        let mut status = format!("{label} {}: {} to play", turn.number, turn.mover);
        if let Some(constraint) = self.game.constraint() {
            status.push('\n');
            status.push_str(&constraint);
        }
        status
    }

    /// Lists the legal moves, wrapped.
    fn list_moves(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.game.outcome().is_some() {
            return writeln!(out, "the game is over: there is no legal move");
        }
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            return writeln!(out, "no legal move");
        }
        let mut width = 0;
        for mv in &moves {
            if width > 0 && width + 1 + mv.len() > 79 {
                out.write_all(b"\n")?;
                width = 0;
            }
            if width > 0 {
                out.write_all(b" ")?;
                width += 1;
            }
            out.write_all(mv.as_bytes())?;
            width += mv.len();
        }
        writeln!(out)?;
        writeln!(out, "{} legal moves", moves.len())
    }

    /// `:load FILE`: replaces the session with the file's first record.
    fn load(&mut self, path: &Path, out: &mut dyn Write) -> io::Result<Reply> {
        match record::load(path, None, self.charset) {
            Ok(session) => {
                *self = Session {
                    colour: self.colour,
                    ..session
                };
                writeln!(
                    out,
                    "Loaded {}: {}",
                    path.display(),
                    count_moves(self.moves().len())
                )?;
                self.show(out)?;
                Ok(Reply::DONE)
            }
            Err(e) => {
                writeln!(out, "{}", e.message)?;
                Ok(Reply::REFUSED)
            }
        }
    }

    /// `:save FILE` and `:save! FILE`: writes the record atomically.
    fn save(&self, path: &Path, read_only: ReadOnly, out: &mut dyn Write) -> io::Result<Reply> {
        let saved = self
            .record_text(true)
            .and_then(|text| match check_readable(&text) {
                Ok(()) => Ok(text),
                Err(e) => Err(format!(
                    "kifu could not read the record back: {}",
                    e.message
                )),
            })
            .map_err(|reason| SaveError {
                path: path.to_owned(),
                reason,
            })
            .and_then(|text| save_atomic(path, &text, read_only));
        match saved {
            Ok(()) => {
                writeln!(
                    out,
                    "Saved {} ({})",
                    path.display(),
                    count_moves(self.moves().len())
                )?;
                Ok(Reply::DONE)
            }
            Err(e) => {
                writeln!(out, "{e}")?;
                Ok(Reply::REFUSED)
            }
        }
    }
}

/// `1 move`, `5 moves`.
fn count_moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// `12.` or `12...`: a move number, which the REPL skips.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A move without its annotation glyph (`!`, `?!`...).
fn strip_glyph(word: &str) -> &str {
    let bare = word.trim_end_matches(['!', '?']);
    if bare.is_empty() { word } else { bare }
}

#[cfg(test)]
mod tests;
