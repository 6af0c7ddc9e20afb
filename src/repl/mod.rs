//! `kifu play`: the interactive referee.
//!
//! A `Session` holds the game and its history and answers one line at a
//! time through `Session::handle`, writing to any `Write`; it needs no
//! terminal, so tests drive it directly. `run()` wires it to rustyline on a
//! terminal, or to plain lines of standard input otherwise.
//!
//! It knows the games only through `AnyGame`. The module is hidden from
//! the docs, so these names are not links.
//!
//! `Session` and `Reply` are public, hidden from the docs, so that the
//! fuzz target `repl` can drive a session: everything else here is the
//! binary's.

mod channel;
mod command;
mod files;
mod guard;
mod helper;
mod opponent;
mod placement;
mod record;
mod run;
mod show;
mod terminal;
mod variations;

pub(crate) use crate::front::args::COMMANDS;
pub(crate) use crate::front::{ReadOnly, SaveError, SaveReason, save_atomic};
pub(crate) use channel::Outputs;
pub(crate) use command::{Command, CommandError, TagRefused, help};
pub(crate) use helper::KifuHelper;
pub(crate) use run::run;

use crate::draw::Charset;
use crate::game::{AnyGame, GameKind, Placing, with_hint};
use crate::play::{GameTree, NodeId};
use std::io::{self, Write};

/// What a line did to the session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reply {
    /// The user asked to leave.
    pub quit: bool,
    /// The line was refused: an illegal move, a bad command, a failed save.
    pub refused: bool,
    /// The line waits for a yes or no (on a terminal only): the session's
    /// question says what to ask, and its answer goes on.
    pub asks: bool,
}

impl Reply {
    const DONE: Reply = Reply {
        quit: false,
        refused: false,
        asks: false,
    };
    const REFUSED: Reply = Reply {
        refused: true,
        ..Reply::DONE
    };
    const QUIT: Reply = Reply {
        quit: true,
        ..Reply::DONE
    };
    const ASKS: Reply = Reply {
        asks: true,
        ..Reply::DONE
    };
}

/// A game in play, with its tags, its moves and what was taken back.
#[derive(Debug)]
pub struct Session {
    kind: GameKind,
    /// The tags of the record, `Game` first.
    tags: Vec<(String, String)>,
    /// The moves from the start with their variations: the main line is
    /// the moves played, then those taken back (module `variations`).
    tree: GameTree,
    /// The last move of each step played (one input line, which `:undo`
    /// takes back at once), in order.
    done: Vec<NodeId>,
    /// The last move of each step taken back, the next to play again last.
    undone: Vec<NodeId>,
    charset: Charset,
    /// The file loaded or last saved, which `:save` writes by default.
    file: Option<files::GameFile>,
    /// The moves and variations as last loaded or saved (module `guard`).
    saved: guard::Saved,
    /// What waits for the user's yes or no.
    pending: Option<guard::Pending>,
    /// An invalid record was loaded and the game not saved since.
    fault: bool,
    /// Boards in colour (`--color`).
    colour: bool,
    /// The engine of `--vs` or `:hint`, if one was started.
    opponent: Option<opponent::Opponent>,
    /// The engine's time per move, in milliseconds (`--movetime`).
    movetime: u64,
    /// The start the sides are still placing (escampe without a `Setup`):
    /// until it is whole, lines place pieces, and `game` holds the pieces
    /// placed so far (module `placement`).
    placing: Option<Box<dyn Placing>>,
    /// The placement the game was started to ask for, asked again by
    /// `:new`; none for a start the tags gave.
    placed_from: Option<Box<dyn Placing>>,
    /// The unit of an engine's `cp` score has been said.
    cp_said: bool,
}

impl Session {
    /// The game being played.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The current position.
    pub(crate) fn game(&self) -> &dyn AnyGame {
        self.tree.position(self.cursor())
    }

    /// The node of the current position: the last move played.
    fn cursor(&self) -> NodeId {
        self.done.last().copied().unwrap_or(NodeId::START)
    }

    /// The node before step `i` of those played.
    fn step_start(&self, i: usize) -> NodeId {
        i.checked_sub(1)
            .and_then(|i| self.done.get(i).copied())
            .unwrap_or(NodeId::START)
    }

    /// The moves played from node `from` to node `to`, a move after it.
    fn words_between(&self, from: NodeId, to: NodeId) -> Vec<String> {
        let before = self.tree.path(from).len();
        self.tree.moves_to(to).split_off(before)
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> Vec<String> {
        self.tree.moves_to(self.cursor())
    }

    /// The prompt: `kifu mana> `.
    pub(crate) fn prompt(&self) -> String {
        format!("kifu {}> ", self.kind)
    }

    /// Whether an invalid record was loaded and the game not saved since.
    pub(crate) fn unsaved_fault(&self) -> bool {
        self.fault
    }

    /// What Tab may complete at the start of a line: the legal moves, then
    /// the commands.
    pub fn completions(&self) -> Vec<String> {
        let mut words = if let Some(placing) = &self.placing {
            placing.next_words(&[])
        } else if self.game().outcome().is_none() {
            self.game().legal_moves()
        } else {
            Vec::new()
        };
        words.extend(COMMANDS.iter().map(|c| c.name.to_owned()));
        words
    }

    /// Answers one line, as for a script, writing everything to `out`
    /// (refusals last).
    ///
    /// # Errors
    /// Only failures to write `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Reply> {
        let mut err = Vec::new();
        let mut io = Outputs {
            out,
            err: &mut err,
            terminal: false,
        };
        let reply = self.answer_line(line, &mut io)?;
        out.write_all(&err)?;
        Ok(reply)
    }

    /// Answers one line: a `:command`, or moves.
    ///
    /// # Errors
    /// Only failures to write.
    pub(crate) fn answer_line(&mut self, line: &str, io: &mut Outputs<'_>) -> io::Result<Reply> {
        self.pending = None;
        let line = line.trim();
        if line.is_empty() {
            return Ok(Reply::DONE);
        }
        if line.starts_with(':') {
            return match line.parse::<Command>() {
                Ok(command) => self.command(command, io),
                Err(e) => io.refuse(e),
            };
        }
        if let Some(error) = CommandError::without_colon(line) {
            return io.refuse(error);
        }
        let reply = self.play_line(line, io)?;
        match reply.refused {
            true => Ok(reply),
            false => self.engine_plays(io),
        }
    }

    /// How many steps `:undo` takes back: the last one; against an
    /// engine, the user's last line with the engine's replies after it, so
    /// that the user is never left to move for the engine (none when the
    /// user has not moved yet).
    fn steps_to_undo(&self) -> usize {
        let from_end = (0..self.done.len())
            .rev()
            .position(|i| self.users_turn(self.tree.position(self.step_start(i))));
        from_end.map_or(0, |i| i + 1)
    }

    /// How many steps `:redo` plays again: the last one taken back; against
    /// an engine, with the engine's replies after it.
    fn steps_to_redo(&self) -> usize {
        let back = self.undone.iter().rev();
        let to = back
            .map(|&end| self.tree.position(end))
            .position(|after| self.users_turn(after) || after.is_over());
        to.map_or(self.undone.len(), |i| i + 1)
    }

    /// Sets the tag `name` of the record to `value`, or adds it: any tag
    /// but `Game`, the result and those that shape the game (its players'
    /// names are welcome). The value it had, if any.
    fn set_tag(&mut self, name: String, value: String) -> Result<Option<String>, TagRefused> {
        if !crate::record::is_tag_name(&name) {
            return Err(TagRefused::Name(name));
        }
        // The game's own tags shape it, but for its players' names.
        let players = self.game().players();
        let shapes = self.kind.tags().contains(&name.as_str()) && !players.contains(&name.as_str());
        if name == "Game" || shapes {
            return Err(TagRefused::Setup(name));
        }
        if name == "Result" {
            return Err(TagRefused::Result);
        }
        if value.len() > crate::record::MAX_TAG_VALUE_BYTES {
            return Err(TagRefused::Long(name));
        }
        match self.tags.iter_mut().find(|(n, _)| *n == name) {
            Some((_, old)) => Ok(Some(std::mem::replace(old, value))),
            None => {
                self.tags.push((name, value));
                Ok(None)
            }
        }
    }

    /// Whether the user moves in `game`: always, but against an engine.
    fn users_turn(&self, game: &dyn AnyGame) -> bool {
        let mover = game.turn().mover;
        self.opponent.as_ref().is_none_or(|o| !o.plays(mover))
    }

    /// Runs one command.
    fn command(&mut self, command: Command, io: &mut Outputs<'_>) -> io::Result<Reply> {
        if let Some(refusal) = self.before_placed(&command) {
            return io.refuse(refusal);
        }
        let out = &mut *io.out;
        match command {
            Command::Help => out.write_all(help().as_bytes())?,
            Command::Board => self.show(out)?,
            Command::Moves => self.list_moves(out)?,
            Command::Hint => return self.hint(io),
            Command::Undo => match self.steps_to_undo() {
                0 => writeln!(out, "nothing to undo")?,
                n => {
                    let (from, to) = (self.step_start(self.done.len() - n), self.cursor());
                    let words = self.words_between(from, to);
                    writeln!(out, "Took back {}", words.join(" "))?;
                    let taken = self.done.split_off(self.done.len() - n);
                    self.undone.extend(taken.into_iter().rev());
                    self.show(out)?;
                }
            },
            Command::Redo => match self.steps_to_redo() {
                0 => writeln!(out, "nothing to redo")?,
                n => {
                    let again = self.undone.split_off(self.undone.len() - n);
                    let to = again.first().copied().unwrap_or(NodeId::START);
                    let words = self.words_between(self.cursor(), to);
                    writeln!(out, "Played again {}", words.join(" "))?;
                    self.done.extend(again.into_iter().rev());
                    self.show(out)?;
                }
            },
            Command::New => return self.guarded(guard::Pending::New, io),
            Command::NewForced => return self.run_pending(guard::Pending::New, io),
            Command::Load(path) => return self.guarded(guard::Pending::Load(path), io),
            Command::LoadForced(path) => return self.run_pending(guard::Pending::Load(path), io),
            Command::Save(path) => return self.save_command(path, false, io),
            Command::SaveForced(path) => return self.save_command(path, true, io),
            Command::Json => {
                let value = self.json();
                writeln!(out, "{value}")?;
            }
            Command::Tags => {
                for (name, value) in &self.tags {
                    writeln!(out, "{}", tag_line(name, value))?;
                }
            }
            // Says what it set, and what it replaced.
            Command::Tag(name, value) => {
                let line = tag_line(&name, &value);
                let shown_name = name.clone();
                match self.set_tag(name, value) {
                    Ok(None) => writeln!(out, "set {line}")?,
                    Ok(Some(old)) => {
                        writeln!(out, "set {line}, replacing {}", tag_line(&shown_name, &old))?
                    }
                    Err(refused) => return io.refuse(refused),
                }
            }
            Command::Variations => return self.list_variations(io),
            Command::Promote(line) => return self.promote(&line, io),
            Command::Quit => return self.guarded(guard::Pending::Quit, io),
            Command::QuitForced => return Ok(Reply::QUIT),
        }
        Ok(Reply::DONE)
    }

    /// `:new!`, or `:new` once allowed: the game again from its setup, a
    /// new record not yet saved anywhere.
    fn new_game(&mut self, out: &mut dyn Write) -> io::Result<Reply> {
        self.tree = GameTree::new(self.tree.start().box_clone());
        self.place_again();
        // A new game is played today.
        self.tags.retain(|(name, _)| name != "Date");
        self.date_today();
        self.done.clear();
        self.undone.clear();
        self.file = None;
        self.fault = false;
        self.mark_saved();
        writeln!(out, "New game")?;
        self.show(out)?;
        Ok(Reply::DONE)
    }

    /// Plays the moves of a line, all or none.
    /// Why `words` (an engine's move, or its placement) cannot be played
    /// here, worded as a refusal of the line; nothing is played.
    fn refusal_of(&self, words: &[String]) -> Option<String> {
        if let Some(placing) = &self.placing {
            let mover = placing.mover().unwrap_or_default();
            let mut placing = placing.box_clone();
            return (placing.place(words).err())
                .map(|reason| format!("{mover} places {}: {reason}", words.join(" ")));
        }
        refusal(self.game().box_clone().as_mut(), words).map(|(_, reason)| reason)
    }

    fn play_line(&mut self, line: &str, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let words = move_words(line);
        if words.is_empty() {
            return Ok(Reply::DONE);
        }
        if self.placing.is_some() {
            return self.place(&words, io);
        }
        if let Some((i, refusal)) = refusal(self.game().box_clone().as_mut(), &words) {
            let reply = io.refuse(refusal)?;
            if i > 0 {
                writeln!(io.err, "nothing from this line was played")?;
            }
            return Ok(reply);
        }
        if let Err(e) = self.play_step(&words) {
            return io.refuse(e.message);
        }
        self.show(io.out)?;
        Ok(Reply::DONE)
    }
}

/// Plays `words` on `game` until one is refused: its index, and why, after
/// the move (`move 3 (White) e1-e9: ...`). A refused move leaves the
/// position as it was.
fn refusal(game: &mut dyn AnyGame, words: &[String]) -> Option<(usize, String)> {
    for (i, word) in words.iter().enumerate() {
        let turn = game.turn();
        let context = format!(
            "{} {} ({}) {word}",
            game.numbering().label(),
            turn.number,
            turn.mover
        );
        let refused = match game.outcome() {
            Some(_) => Some("the game is already over".to_owned()),
            None => game.play(word).err().map(|e| match e.about_the_move {
                true => with_hint(e.message, &game.legal_moves(), word),
                false => e.message,
            }),
        };
        if let Some(reason) = refused {
            return Some((i, format!("{context}: {reason}")));
        }
    }
    None
}

/// The moves of a line: its words less move numbers and glyphs.
fn move_words(line: &str) -> Vec<String> {
    line.split_whitespace()
        .filter(|w| !is_move_number(w))
        .map(|w| strip_glyph(w).to_owned())
        .collect()
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

/// A tag as a record writes it: `[Event "Club night"]`.
fn tag_line(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]")
}

#[cfg(test)]
mod tests;
