//! The session's variations: the line a different move replaces after
//! `:undo` is kept as a variation, `:variations` lists them and
//! `:promote` makes one the main line.
//!
//! The main line of a session is the moves played (those `:undo` took
//! back included, which `:redo` plays again); its variations are kept in
//! [`Session::branches`], by the ply they hang at, and a record written
//! from the session holds those that hang off the moves played.

use super::show::count;
use super::tree::{MoveLine, ReplayError};
use super::{Outputs, Reply, Session, Step};
use crate::game::{AnyGame, Numbering, number_before};
use crate::referee::LineName;
use std::io;

impl Session {
    /// The moves taken back, in the order they were played.
    fn undone_words(&self) -> impl Iterator<Item = &String> {
        self.undone.iter().rev().flat_map(|s| &s.words)
    }

    /// The main line: the moves played, then those taken back; with the
    /// variations, which the session no longer holds until
    /// [`Session::set_main_line`] gives them back.
    fn take_main_line(&mut self) -> MoveLine {
        let mut moves = self.moves();
        moves.extend(self.undone_words().cloned());
        MoveLine {
            moves,
            branches: std::mem::take(&mut self.branches),
        }
    }

    /// Where a line that `moves` leave after their first `ply` plies is
    /// replaced: at that ply, or in lotus at the start of its turn, since a
    /// variation replaces a whole turn.
    fn branch_point(&self, moves: &[String], ply: usize) -> usize {
        if self.game.numbering() == Numbering::Pairs {
            return ply;
        }
        let mut game = self.start.box_clone();
        let mut start = 0;
        for (i, word) in moves.iter().take(ply).enumerate() {
            if game.turn().opens {
                start = i;
            }
            if game.play(word).is_err() {
                break;
            }
        }
        if game.turn().opens {
            start = ply;
        }
        start
    }

    /// Before `words` are played as the next step, when moves were taken
    /// back: as far as `words` follow the moves taken back, they play them
    /// again, and the moves taken back after them stay to redo, as
    /// returned; where they differ, the line they replace is kept as a
    /// variation, and nothing stays to redo.
    pub(super) fn keep_replaced(&mut self, words: &[String]) -> Vec<String> {
        if self.undone.is_empty() {
            return Vec::new();
        }
        let undone: Vec<String> = self.undone_words().cloned().collect();
        let same = words
            .iter()
            .zip(&undone)
            .take_while(|(a, b)| a == b)
            .count();
        if same == words.len() {
            return undone.get(same..).unwrap_or_default().to_vec();
        }
        let played = self.done_plies();
        let mut main = self.take_main_line();
        let mut new_main = main.moves.get(..played).unwrap_or_default().to_vec();
        new_main.extend(words.iter().cloned());
        let at = self.branch_point(&new_main, played + same);
        main.replace_from(at, new_main.get(at..).unwrap_or_default().to_vec());
        self.branches = main.branches;
        Vec::new()
    }

    /// The steps that redo `words` from `game`, the last one first, as
    /// `:undo` leaves them.
    pub(super) fn redo_steps(game: &dyn AnyGame, words: Vec<String>) -> Vec<Step> {
        let mut game = game.box_clone();
        let mut steps = Vec::with_capacity(words.len());
        for word in words {
            let mut after = game.box_clone();
            if after.play(&word).is_err() {
                break;
            }
            steps.push(Step {
                before: std::mem::replace(&mut game, after.box_clone()),
                after,
                words: vec![word],
            });
        }
        steps.reverse();
        steps
    }

    /// The plies played.
    fn done_plies(&self) -> usize {
        self.done.iter().map(|s| s.words.len()).sum()
    }

    /// Makes `line` the main line, played whole.
    pub(super) fn set_main_line(&mut self, line: MoveLine) -> Result<(), ReplayError> {
        let mut game = self.start.box_clone();
        let mut done = Vec::with_capacity(line.moves.len());
        for word in &line.moves {
            let mut after = game.box_clone();
            after.play(word).map_err(|error| ReplayError::Stale {
                word: word.clone(),
                error,
            })?;
            done.push(Step {
                before: std::mem::replace(&mut game, after.box_clone()),
                after,
                words: vec![word.clone()],
            });
        }
        self.game = game;
        self.done = done;
        self.undone.clear();
        self.branches = line.branches;
        Ok(())
    }

    /// `:variations`: every variation, named as `:promote` and `kifu
    /// render --line` name them, with its moves.
    pub(super) fn list_variations(&self, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let out = &mut *io.out;
        if self.branches.is_empty() {
            writeln!(out, "no variations")?;
            return Ok(Reply::DONE);
        }
        let mut moves = self.moves();
        moves.extend(self.undone_words().cloned());
        let main = MoveLine {
            moves,
            branches: self.branches.clone(),
        };
        let mut lines = Vec::new();
        describe(&main, self.start.as_ref(), "", &mut lines);
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(Reply::DONE)
    }

    /// `:promote LINE`: the variation becomes the main line, played to its
    /// end; the line it replaces is kept as a variation in its place.
    pub(super) fn promote(&mut self, name: &LineName, io: &mut Outputs<'_>) -> io::Result<Reply> {
        let mut main = self.take_main_line();
        let path = name.path();
        let found = !path.is_empty() && main.find(path).is_some();
        if !found {
            self.branches = main.branches;
            return io.refuse(format_args!(
                "there is no variation {name} (:variations lists them)"
            ));
        }
        // Each variation on the way takes the place of the line it
        // branches off, from the innermost out.
        for depth in (0..path.len()).rev() {
            let (around, n) = (&path[..depth], path[depth]);
            if let Some(line) = main.find_mut(around) {
                line.promote(n as usize);
            }
        }
        if let Err(e) = self.set_main_line(main) {
            return io.refuse(e);
        }
        let moves = count(self.moves().len(), "move");
        writeln!(io.out, "Promoted {name}: {moves}")?;
        self.show(io.out)?;
        Ok(Reply::DONE)
    }
}

/// Describes the variations of `line`, played from `start`, whose name
/// starts with `prefix`: one line each, indented by depth.
fn describe(line: &MoveLine, start: &dyn AnyGame, prefix: &str, lines: &mut Vec<String>) {
    let mut game = start.box_clone();
    let mut before = Vec::with_capacity(line.moves.len() + 1);
    for word in &line.moves {
        before.push(game.box_clone());
        if game.play(word).is_err() {
            break;
        }
    }
    before.push(game);
    let depth = prefix.matches('.').count() + usize::from(!prefix.is_empty());
    for (i, branch) in line.branches.iter().enumerate() {
        let name = match prefix {
            "" => format!("{}", i + 1),
            prefix => format!("{prefix}.{}", i + 1),
        };
        let Some(from) = before.get(branch.at) else {
            continue;
        };
        let text = numbered(&branch.line.moves, from.as_ref());
        lines.push(format!("{}{name}  {text}", "  ".repeat(depth)));
        describe(&branch.line, from.as_ref(), &name, lines);
    }
}

/// Moves played from `start`, with the numbers a record writes.
fn numbered(moves: &[String], start: &dyn AnyGame) -> String {
    let mut game = start.box_clone();
    let mut words = Vec::with_capacity(moves.len());
    for (i, word) in moves.iter().enumerate() {
        if let Some((n, dots)) = number_before(game.turn(), i == 0) {
            let dots = if dots == crate::record::Dots::One {
                "."
            } else {
                "..."
            };
            words.push(format!("{n}{dots}"));
        }
        words.push(word.clone());
        if game.play(word).is_err() {
            break;
        }
    }
    words.join(" ")
}
