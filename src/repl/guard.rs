//! The unsaved-work guard: `:quit`, `:new`, `:load` and the end of input
//! with unsaved moves, and `:save` over a file that is not the game's.
//!
//! Unsaved means that the moves (or variations) differ from those last
//! loaded or saved: moves played or taken back since. A fresh game with no
//! moves is not unsaved. On a terminal the command asks first; in a script
//! it is refused, naming the `!` form that does it anyway.

use super::show::count;
use super::{Outputs, ReadOnly, Reply, Session};
use crate::play::NodeId;
use std::io;
use std::path::PathBuf;

/// The game as last loaded or saved: the moves played, and the
/// variations, each with the ply of the main line it replaces and its
/// moves as a record writes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Saved {
    moves: Vec<String>,
    variations: Vec<(usize, String)>,
}

/// A command waiting for the user's yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Pending {
    /// Leave, discarding the unsaved moves.
    Quit,
    /// Start again, discarding them.
    New,
    /// Load this file, discarding them.
    Load(PathBuf),
    /// Save over this existing file, which is not the game's.
    Save(PathBuf),
}

impl Session {
    /// The moves played and the variations, to compare with those saved.
    fn now(&self) -> Saved {
        let main = self.tree.node(NodeId::START).next();
        let line = main.map(|head| self.tree.line(head)).unwrap_or_default();
        let mut variations = Vec::new();
        for (ply, &node) in line.iter().enumerate() {
            for &rival in self.tree.node(node).rivals() {
                let written = self.tree.written_line(rival);
                let text = crate::record::write_record(&[], &[], &written, None);
                variations.push((ply, text));
            }
        }
        Saved {
            moves: self.moves(),
            variations,
        }
    }

    /// Takes the game as it is for saved (after a load or a save).
    pub(super) fn mark_saved(&mut self) {
        self.saved = self.now();
    }

    /// What would be lost: `3 unsaved moves` (played or taken back since
    /// the last load or save), or `unsaved variations`; `None` if nothing.
    pub(crate) fn unsaved(&self) -> Option<String> {
        let now = self.now();
        if now == self.saved {
            return None;
        }
        let same = now
            .moves
            .iter()
            .zip(&self.saved.moves)
            .take_while(|(a, b)| a == b)
            .count();
        let changed = now.moves.len() + self.saved.moves.len() - 2 * same;
        Some(match changed {
            0 => "unsaved variations".to_owned(),
            n => count(n, "unsaved move"),
        })
    }

    /// A command that discards unsaved moves: done at once if there are
    /// none; else asked on a terminal, refused in a script.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn guarded(&mut self, pending: Pending, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let Some(unsaved) = self.unsaved() else {
            return self.run_pending(pending, io);
        };
        if io.terminal {
            self.pending = Some(pending);
            return Ok(Reply::ASKS);
        }
        let keep = match self.file {
            Some(_) => ":save keeps them",
            None => ":save FILE keeps them",
        };
        let (name, bang) = match &pending {
            Pending::Quit => (":quit".to_owned(), ":quit! leaves anyway".to_owned()),
            Pending::New => (":new".to_owned(), ":new! starts again anyway".to_owned()),
            Pending::Load(path) => (
                format!(":load {}", path.display()),
                format!(":load! {} loads it anyway", path.display()),
            ),
            Pending::Save(path) => (
                format!(":save {}", path.display()),
                format!(":save! {} saves anyway", path.display()),
            ),
        };
        io.refuse(format_args!(
            "{name}: {unsaved} would be lost ({bang}; {keep})"
        ))
    }

    /// The question a pending command asks, ending `[y/N] `.
    pub(crate) fn question(&self) -> Option<String> {
        let unsaved = self.unsaved().unwrap_or_else(|| "nothing".to_owned());
        Some(match self.pending.as_ref()? {
            Pending::Quit => format!("Quit and lose {unsaved}? [y/N] "),
            Pending::New => format!("Start a new game and lose {unsaved}? [y/N] "),
            Pending::Load(path) => format!("Load {} and lose {unsaved}? [y/N] ", path.display()),
            Pending::Save(path) => format!(
                "Replace {}? This game was neither loaded from it nor saved to it. [y/N] ",
                path.display()
            ),
        })
    }

    /// Asks, as the end of input on a terminal does, whether to quit.
    /// Returns whether there is a question: with no unsaved moves, there
    /// is none, and the session may end.
    pub(crate) fn ask_quit(&mut self) -> bool {
        self.pending = self.unsaved().map(|_| Pending::Quit);
        self.pending.is_some()
    }

    /// The user's answer to the question: `yes` runs the pending command.
    ///
    /// # Errors
    /// Failures to write.
    pub(crate) fn answer(&mut self, yes: bool, io: &mut Outputs<'_>) -> io::Result<Reply> {
        match self.pending.take() {
            Some(pending) if yes => self.run_pending(pending, io),
            Some(_) => {
                writeln!(io.out, "Nothing done: the game is as it was")?;
                Ok(Reply::DONE)
            }
            None => Ok(Reply::DONE),
        }
    }

    /// Runs a command once allowed.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn run_pending(
        &mut self,
        pending: Pending,
        io: &mut Outputs<'_>,
    ) -> io::Result<Reply> {
        match pending {
            Pending::Quit => Ok(Reply::QUIT),
            Pending::New => self.new_game(io.out),
            Pending::Load(path) => self.load(&path, io),
            Pending::Save(path) => self.save(&path, ReadOnly::Refuse, io),
        }
    }
}
