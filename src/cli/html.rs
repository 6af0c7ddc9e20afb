//! `kifu html`: one self-contained page that replays the records.

use super::Status;
use super::files::{files, for_each_record};
use super::show::emit;
use crate::front::Ran;
use crate::front::args::HtmlArgs;
use crate::page::{Lines, PageGame, page};
use std::io::Write;

/// Runs `kifu html`: every record of the files, valid or not, on one page.
/// The status is that of `kifu validate` for the same files.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &HtmlArgs, out: &mut dyn Write) -> Ran {
    let mut games = Vec::new();
    let mut lines = Lines::default();
    let status = for_each_record(files(&args.input), |name, item| {
        let game = match item {
            Ok(record) => PageGame::of_record(name, &record, &mut lines),
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
        games.push(game);
        Ok(status)
    })?;
    if status == Status::Trouble && games.is_empty() {
        return Ok(status);
    }
    let title = args.title.clone().unwrap_or_else(|| {
        games
            .first()
            .and_then(|g| g.tags.iter().find(|(name, _)| name == "Event"))
            .map_or_else(|| "kifu: games".to_owned(), |(_, value)| value.clone())
    });
    let written = emit(
        args.output.as_deref(),
        page(&title, &games, &lines).as_bytes(),
        out,
    )?;
    Ok(status.max(written))
}
