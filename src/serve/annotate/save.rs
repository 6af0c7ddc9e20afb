//! A record open, saved: written as a record (its tree, its tags, its
//! result) and put in place of the one opened in the file's text,
//! atomically, unless the file changed since it was opened or saved.

use crate::board::annotation::{Annotation, Span, record_lines, seen};
use crate::serve::error::ApiError;
use crate::serve::files::Files;
use axum::http::StatusCode;

impl Annotation {
    /// Writes the record in place of the one opened; refused with 409
    /// when the file changed since it was opened or saved, unless `force`,
    /// or when it is not all UTF-8 text. The file is read and written
    /// under its lock ([`Files::rewrite`]).
    /// A record pasted is refused with 409 (`serve.pasted`): it has no
    /// file to go back to.
    pub(super) fn save(&mut self, force: bool, files: &Files) -> Result<(), ApiError> {
        let Some(file) = self.file() else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.pasted",
                "a record pasted has no file to be saved to: download it".to_owned(),
            ));
        };
        let seen = files.rewrite(file, |name, bytes| {
            let new = self.saved_over(force, name, bytes)?;
            let seen = seen(new.as_bytes());
            Ok((new.into_bytes(), seen))
        })?;
        self.saved(seen);
        Ok(())
    }

    /// The text of the file once the record is put in place of the one
    /// opened in `bytes`, what the file `name` holds now.
    fn saved_over(&self, force: bool, name: &str, bytes: &[u8]) -> Result<String, ApiError> {
        if seen(bytes) != self.seen() && !force {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.changed",
                format!(
                    "{name} changed since this record was opened: saving would replace record {} of what it holds now (save with force to do it anyway)",
                    self.record() + 1
                ),
            ));
        }
        let old = std::str::from_utf8(bytes).map_err(|_| {
            ApiError::new(
                StatusCode::CONFLICT,
                "serve.not-utf8",
                format!("{name} is not all UTF-8 text: it is not written over"),
            )
        })?;
        let record = self.text();
        let found = record_lines(old);
        let unsplit = (found.iter().skip(self.record()).take(2)).any(|span| !span.known);
        if unsplit {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.unsplit",
                format!(
                    "{name}: where record {} ends is not known (it or the next cannot be read whole): it is not written over",
                    self.record() + 1
                ),
            ));
        }
        // The file's other bytes are kept as they are, line ends and all:
        // the record's lines are cut out by their offsets.
        let offset =
            |line: usize| -> usize { (old.split_inclusive('\n').take(line)).map(str::len).sum() };
        let mut new = String::new();
        match found.get(self.record()) {
            Some(&Span { first, end, .. }) => {
                let rest = &old[offset(end)..];
                new.push_str(&old[..offset(first)]);
                new.push_str(&record);
                if !rest.is_empty() {
                    new.push('\n');
                    new.push_str(rest);
                }
            }
            None => {
                new.push_str(old);
                if !new.is_empty() {
                    if !new.ends_with('\n') {
                        new.push('\n');
                    }
                    new.push('\n');
                }
                new.push_str(&record);
            }
        }
        Ok(new)
    }
}
