//! `kifu render` and `kifu moves`: the position after a ply.

use super::Status;
use super::args::ShowArgs;
use super::input::open;
use crate::game::{AnyGame, Charset};
use crate::record::RecordReader;
use crate::referee::{Reached, position_at};
use std::io::{self, Write};
use std::path::PathBuf;

/// Runs `kifu render`.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn render(args: &ShowArgs, out: &mut dyn Write) -> io::Result<Status> {
    let charset = if args.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    with_position(args, |game| out.write_all(game.render(charset).as_bytes()))
}

/// Runs `kifu moves`.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn moves(args: &ShowArgs, out: &mut dyn Write) -> io::Result<Status> {
    with_position(args, |game| {
        if game.outcome().is_none() {
            for mv in game.legal_moves() {
                writeln!(out, "{mv}")?;
            }
        }
        Ok(())
    })
}

/// Finds the record, replays it to the ply asked for and calls `show`.
fn with_position(
    args: &ShowArgs,
    show: impl FnOnce(&dyn AnyGame) -> io::Result<()>,
) -> io::Result<Status> {
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let (name, reader) = match open(&path) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    let wanted = usize::try_from(args.record).unwrap_or(usize::MAX);
    let Some(item) = RecordReader::new(reader).nth(wanted.saturating_sub(1)) else {
        eprintln!("kifu: {name}: there is no record {wanted}");
        return Ok(Status::Trouble);
    };
    let record = match item {
        Ok(Ok(record)) => record,
        Ok(Err(e)) => {
            eprintln!("{name}:{e}");
            return Ok(Status::Invalid);
        }
        Err(e) => {
            eprintln!("kifu: {name}: {e}");
            return Ok(Status::Trouble);
        }
    };
    let line = args.line.clone().unwrap_or_default();
    let game = match position_at(&record, &line, args.ply) {
        Reached::Position(game) => game,
        Reached::Invalid(fault) => {
            eprintln!("{name}:{fault}");
            return Ok(Status::Invalid);
        }
        Reached::NoLine => {
            eprintln!("kifu: {name}: the record has no line {line}");
            return Ok(Status::Trouble);
        }
        Reached::Short(plies) => {
            let ply = args.ply.unwrap_or_default();
            match line.is_main() {
                true => eprintln!("kifu: {name}: the record has {plies} plies, not {ply}"),
                false => eprintln!("kifu: {name}: line {line} ends after {plies} plies, not {ply}"),
            }
            return Ok(Status::Trouble);
        }
    };
    show(game.as_ref())?;
    Ok(Status::Ok)
}
