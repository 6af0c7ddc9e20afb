//! A record open, saved: written as a record (its tree, its tags, its
//! result) and put in place of the one opened in the file's text,
//! atomically, unless the file changed since it was opened or saved.

use super::Annotation;
use super::spans::{Span, record_lines, seen};
use crate::game::{AnyGame, Numbering, number_before};
use crate::record::{MoveNumber, WrittenMove, write_record_within};
use crate::serve::error::ApiError;
use crate::serve::files::Files;
use axum::http::StatusCode;

/// The width of the movetext lines a save writes, as `kifu fmt`'s.
const LINE_WIDTH: usize = 79;

impl Annotation {
    /// The moves of the line from `first` (a child of the node where
    /// `game` is) as a record writes them, with its variations.
    fn written<'a>(&'a self, first: usize, start: &dyn AnyGame) -> Vec<WrittenMove<'a>> {
        let mut game = start.box_clone();
        let mut written: Vec<WrittenMove<'a>> = Vec::new();
        let mut at = Some(first);
        let mut is_first = true;
        // The variations of the turn under way, with the position they
        // start from, written once the turn is whole.
        let mut pending: Vec<(usize, Box<dyn AnyGame>)> = Vec::new();
        while let Some(id) = at {
            let node = &self.tree.nodes[id];
            let number = number_before(game.turn(), is_first);
            let before = game.box_clone();
            if game.play(&node.text).is_err() {
                break;
            }
            if let Some(parent) = node.parent
                && self.tree.nodes[parent].children.first() == Some(&id)
            {
                for &other in self.tree.nodes[parent].children.iter().skip(1) {
                    pending.push((other, before.box_clone()));
                }
            }
            at = node.children.first().copied();
            let whole = game.numbering() == Numbering::Pairs
                || game.turn().opens
                || game.is_over()
                || at.is_none();
            let mut variations = Vec::new();
            if whole {
                for (other, from) in pending.drain(..) {
                    variations.push(self.written(other, from.as_ref()));
                }
            }
            is_first = !variations.is_empty();
            written.push(WrittenMove {
                comments_before: &node.comments_before,
                number: number.map(MoveNumber::from),
                text: &node.word,
                nags: &node.nags,
                comments: &node.comments,
                variations,
            });
        }
        written
    }

    /// The record as it would be saved.
    pub(super) fn text(&self) -> String {
        let main = self.tree.main_line();
        let mut end = self.tree.start.box_clone();
        for mv in &main {
            let _ = end.play(mv);
        }
        let kept = main == self.opened_main;
        // A game over by the rules ends with its token, if it takes one
        // (Lotus takes none).
        let result = match end.outcome() {
            Some(outcome) => outcome.token.map(str::to_owned),
            None if kept => Some(self.opened_result.clone().unwrap_or_else(|| "*".to_owned())),
            None => Some("*".to_owned()),
        };
        let tags: Vec<(String, String)> = (self.tags.iter())
            .filter(|(name, _)| kept || name != "Termination")
            .map(|(name, value)| match (name.as_str(), end.outcome()) {
                ("Result", Some(outcome)) => (name.clone(), outcome.tag_value.to_string()),
                ("Result", None) if !kept => (name.clone(), "*".to_owned()),
                _ => (name.clone(), value.clone()),
            })
            .collect();
        let moves = match self.tree.nodes[0].children.first() {
            Some(&first) => self.written(first, self.tree.start.as_ref()),
            None => Vec::new(),
        };
        write_record_within(
            LINE_WIDTH,
            &tags,
            &self.tree.nodes[0].comments,
            &moves,
            (result.as_deref(), &self.after_result),
        )
    }

    /// Writes the record in place of the one opened; refused with 409
    /// when the file changed since it was opened or saved, unless `force`.
    pub(super) fn save(&mut self, force: bool, files: &Files) -> Result<(), ApiError> {
        let (_, name, bytes) = files.read_whole(&self.file.to_string())?;
        if seen(&bytes) != self.seen && !force {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.changed",
                format!(
                    "{name} changed since this record was opened: saving would replace record {} of what it holds now (save with force to do it anyway)",
                    self.record + 1
                ),
            ));
        }
        let old = std::str::from_utf8(&bytes).map_err(|_| {
            ApiError::new(
                StatusCode::CONFLICT,
                "serve.not-utf8",
                format!("{name} is not all UTF-8 text: it is not written over"),
            )
        })?;
        let record = self.text();
        let lines: Vec<&str> = old.lines().collect();
        let found = record_lines(old);
        let unsplit = (found.iter().skip(self.record).take(2)).any(|span| !span.known);
        if unsplit {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.unsplit",
                format!(
                    "{name}: where record {} ends is not known (it or the next cannot be read whole): it is not written over",
                    self.record + 1
                ),
            ));
        }
        let new = match found.get(self.record) {
            Some(&Span { first, end, .. }) => {
                let mut new = String::new();
                for line in lines.get(..first).unwrap_or_default() {
                    new.push_str(line);
                    new.push('\n');
                }
                new.push_str(&record);
                let rest = lines.get(end..).unwrap_or_default();
                if !rest.is_empty() {
                    new.push('\n');
                    for line in rest {
                        new.push_str(line);
                        new.push('\n');
                    }
                }
                new
            }
            None => {
                let mut new = old.to_owned();
                if !new.is_empty() {
                    if !new.ends_with('\n') {
                        new.push('\n');
                    }
                    new.push('\n');
                }
                new.push_str(&record);
                new
            }
        };
        files.write_whole(self.file, &new)?;
        self.seen = seen(new.as_bytes());
        self.unsaved = false;
        Ok(())
    }
}
