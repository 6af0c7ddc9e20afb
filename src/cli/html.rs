//! `kifu html`: one self-contained page that replays the records.

use super::Status;
use super::files::{files, for_each_record};
use crate::front::args::HtmlArgs;
use crate::front::{Ran, ReadOnly};
use crate::page::{PageGame, PageWriter};
use std::io::{self, Write};

/// Runs `kifu html`: every record of the files, valid or not, on one page,
/// written as the records are read (to `--output` atomically). The status
/// is that of `kifu validate` for the same files.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &HtmlArgs, out: &mut dyn Write) -> Ran {
    let Some(path) = args.output.as_deref() else {
        return Ok(write_page(args, out)?.unwrap_or(Status::Trouble));
    };
    let mut status = None;
    let saved = crate::front::save_atomic_with(path, ReadOnly::Refuse, |file| {
        status = write_page(args, file)?;
        match status {
            Some(_) => Ok(()),
            // No page: the file is left as it was.
            None => Err(io::Error::other("no page")),
        }
    });
    match (saved, status) {
        (Ok(()), Some(status)) => Ok(status),
        (_, None) => Ok(Status::Trouble),
        (Err(e), Some(_)) => {
            say!("kifu: {e}");
            Ok(Status::Trouble)
        }
    }
}

/// Writes the page of the records of the files to `out`, and gives the
/// status; `None` when no file could be read, and no page is written.
///
/// # Errors
/// Failures to write `out`.
fn write_page(args: &HtmlArgs, out: &mut dyn Write) -> io::Result<Option<Status>> {
    let mut page = PageWriter::new(out, args.title.clone());
    let mut any = false;
    let status = for_each_record(files(&args.input), |name, item| {
        let game = match item {
            Ok(record) => PageGame::of_record(name, &record, &mut page.lines),
            Err(e) => PageGame {
                source: format!("{name}:{}", e.location.line),
                verdict: format!("the record cannot be read: {}", e.message),
                fault: Some(e.to_string()),
                result: "*".to_owned(),
                ..PageGame::default()
            },
        };
        let status = if let Some(fault) = &game.fault {
            // The page shows the game up to its fault, and so does this.
            say!("{name}:{fault}");
            Status::Invalid
        } else {
            Status::Ok
        };
        page.game(&game)?;
        any = true;
        Ok(status)
    })?;
    if status == Status::Trouble && !any {
        return Ok(None);
    }
    page.finish()?;
    Ok(Some(status))
}
