//! What the session shows: the board, whose turn it is, the legal moves.

use super::Session;
use crate::game::{AnyGame, GameKind, Numbering};
use std::io::{self, Write};

impl Session {
    /// Draws the board, then whose turn it is and the constraint, or the result.
    ///
    /// # Errors
    /// Only failures to write `out`.
    pub fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        let board = self.board_text();
        out.write_all(board.as_bytes())?;
        if !board.is_empty() && !board.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        if let Some(placing) = &self.placing {
            return writeln!(out, "{}", placing.request());
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

    /// The board as text, the last move shown; while the sides place, the
    /// pieces placed so far and the squares open to the mover.
    fn board_text(&self) -> String {
        let last = (self.done.last()).and_then(|&end| self.tree.node(end).detail());
        let view = crate::draw::TextView {
            charset: self.charset,
            colour: self.colour,
            last: last.map(|detail| &detail.parts),
            ended: None,
        };
        let game = self.game();
        match &self.placing {
            Some(placing) => {
                let mover = placing.mover().unwrap_or_default();
                crate::draw::Drawing::placement_text(game, &placing.next_words(&[]), mover, &view)
            }
            None => crate::draw::Drawing::text(game, &view),
        }
    }

    /// Whose turn it is and the constraint in force, or how the game ended,
    /// shown as a terminal is to show it (lotus's names come from records).
    pub fn status(&self) -> String {
        crate::record::Visible(&self.status_words()).to_string()
    }

    /// [`Session::status`], as the game words it.
    fn status_words(&self) -> String {
        if let Some(outcome) = self.game().outcome() {
            return format!("Game over: {} ({})", outcome.tag_value, outcome.reason);
        }
        let turn = self.game().turn();
        let label = match self.game().numbering().label() {
            "move" => "Move",
            _ => "Turn",
        };
        let mut status = format!("{label} {}: {} to play", turn.number, turn.mover);
        if let Some(constraint) = self.game().constraint() {
            status.push('\n');
            status.push_str(&constraint);
        }
        status
    }

    /// `:moves`: the legal moves, wrapped, and how many.
    pub(super) fn list_moves(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.game().outcome().is_some() {
            return writeln!(out, "the game is over: there is no legal move");
        }
        let moves = self.game().legal_moves();
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
        writeln!(out, "{}", count(moves.len(), "legal move"))
    }
}

/// The length of a game of `kind` at `game` after `plies` plies, as
/// `kifu validate` says it: `1 ply`, `57 plies`; in a game numbered by
/// turns, the number of the last turn begun (`12 turns`).
pub(super) fn length(kind: GameKind, game: &dyn AnyGame, plies: usize) -> String {
    match kind.numbering() {
        Numbering::Pairs if plies == 1 => "1 ply".to_owned(),
        Numbering::Pairs => format!("{plies} plies"),
        Numbering::Turns => {
            let turn = game.turn();
            let turns = match (plies, turn.opens) {
                (0, _) => 0,
                (_, true) => turn.number.saturating_sub(1),
                (_, false) => turn.number,
            };
            count(turns as usize, "turn")
        }
    }
}

/// `1 move`, `5 moves`: `n` and `noun`, plural unless `n` is 1.
pub(super) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
