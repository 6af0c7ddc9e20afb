//! `kifu render` and `kifu moves`: the position after a ply.

use super::Status;
use super::files::open;
use crate::draw::{Charset, Drawing, Ended};
use crate::draw::{TextView, View, picture, png, svg};
use crate::front::Ran;
use crate::front::args::{At, ColorChoice, Picture, RenderArgs, ShowArgs};
use crate::game::{AnyGame, MoveDetail};
use crate::record::RecordReader;
use crate::referee::{Options, Reached, judge, judge_record, position_at};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Runs `kifu render`. A text board is in colour as `color` says, but a
/// board written to `--output` only with `--color always`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn render(args: &RenderArgs, color: ColorChoice, out: &mut dyn Write) -> Ran {
    let colour = match args.output {
        Some(_) => color == ColorChoice::Always,
        None => color.paints(),
    };
    let charset = if args.show.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    if args.format == Picture::Text && (args.flip || args.types || args.size.is_some()) {
        say!("kifu: --flip, --size and --types draw pictures: give --format svg or png");
        return Ok(Status::Trouble);
    }
    if args.format == Picture::Png && args.output.is_none() && io::stdout().is_terminal() {
        say!("kifu: a PNG is not for a terminal: give --output FILE or redirect standard output");
        return Ok(Status::Trouble);
    }
    let mut drawn = None;
    let status = with_position(&args.show.at, |game, last, ply, ended| {
        let view = View {
            flip: args.flip,
            types: args.types,
            last: last.map(|detail| &detail.parts),
            ended,
            status_beside: false,
        };
        drawn = Some(match args.format {
            Picture::Text => {
                let text = TextView {
                    charset,
                    colour,
                    last: view.last,
                    ended,
                };
                game.text(&text).into_bytes()
            }
            Picture::Svg => {
                svg::write(&picture(game, game.kind(), &view, ply), args.size).into_bytes()
            }
            Picture::Png => {
                let svg = svg::write(&picture(game, game.kind(), &view, ply), args.size);
                png::png(&svg).map_err(io::Error::other)?
            }
        });
        Ok(())
    });
    match status {
        Ok(status) => match drawn {
            Some(bytes) => Ok(emit(args.output.as_deref(), &bytes, out)?.max(status)),
            None => Ok(status),
        },
        Err(e) if e.kind() == io::ErrorKind::Other => {
            say!("kifu: {e}");
            Ok(Status::Trouble)
        }
        Err(e) => Err(e.into()),
    }
}

/// Writes what a command made to `output`, atomically, or to `out`.
///
/// # Errors
/// Failures to write `out`; a file that cannot be saved is reported on
/// standard error and gives [`Status::Trouble`].
pub(super) fn emit(output: Option<&Path>, bytes: &[u8], out: &mut dyn Write) -> io::Result<Status> {
    match output {
        None => out.write_all(bytes).map(|()| Status::Ok),
        Some(path) => {
            match crate::front::save_atomic(path, bytes, crate::front::ReadOnly::Refuse) {
                Ok(()) => Ok(Status::Ok),
                Err(e) => {
                    say!("kifu: {e}");
                    Ok(Status::Trouble)
                }
            }
        }
    }
}

/// Runs `kifu moves`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn moves(args: &ShowArgs, out: &mut dyn Write) -> Ran {
    let status = with_position(&args.at, |game, _, _, _| {
        match game.outcome() {
            // No move is legal: standard error says why.
            Some(o) => say!("kifu: the game is over: {} ({})", o.tag_value, o.reason),
            None => {
                for mv in game.legal_moves() {
                    writeln!(out, "{mv}")?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// Finds the record, replays it to the ply asked for and calls `show` with
/// the position, the last move played, the number of plies played and,
/// at the end of a game that ended off the board, how.
pub(super) fn with_position(
    args: &At,
    show: impl FnOnce(&dyn AnyGame, Option<&MoveDetail>, usize, Option<Ended<'_>>) -> io::Result<()>,
) -> io::Result<Status> {
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let (name, reader) = match open(&path) {
        Ok(opened) => opened,
        Err(message) => {
            say!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    let wanted = usize::try_from(args.record).unwrap_or(usize::MAX);
    let mut seen = 0;
    let found = RecordReader::new(reader).find(|_| {
        seen += 1;
        seen >= wanted
    });
    let Some(item) = found else {
        match seen {
            0 => say!("kifu: {name}: no record found"),
            n => say!("kifu: {name}: there is no record {wanted}: the input holds {n}"),
        }
        return Ok(Status::Trouble);
    };
    let record = match item {
        Ok(Ok(record)) => record,
        Ok(Err(e)) => {
            say!("{name}:{e}");
            return Ok(Status::Invalid);
        }
        Err(e) => {
            say!("kifu: {name}: {e}");
            return Ok(Status::Trouble);
        }
    };
    let line = args.line.clone().unwrap_or_default();
    if !line.is_main() {
        // A position inside a variation, drawn without a last move.
        let game = match position_at(&record, &line, args.ply) {
            Reached::Position(game) => game,
            Reached::Invalid(fault) => {
                say!("{name}:{fault}");
                return Ok(Status::Invalid);
            }
            Reached::NoLine => {
                say!("kifu: {name}: the record has no line {line}");
                return Ok(Status::Trouble);
            }
            Reached::Short(plies) => {
                let ply = args.ply.unwrap_or_default();
                say!("kifu: {name}: line {line} ends after {plies} plies, not {ply}");
                return Ok(Status::Trouble);
            }
        };
        show(game.as_ref(), None, args.ply.unwrap_or_default(), None)?;
        return Ok(Status::Ok);
    }
    let options = Options {
        stop_after: args.ply,
        details: true,
    };
    let mut last = None;
    let (verdict, game) = judge(&record, options, |ply| {
        if ply.depth == 0 {
            last = ply.detail;
        }
    });
    // An invalid record is shown up to its fault: the fault is told, and
    // the status says the record is invalid.
    let whole = match &verdict.fault {
        Some(_) => None,
        // The record stopped at the ply asked for: the rest is judged too.
        None if args.ply.is_some() => judge_record(&record).ok(),
        None => Some(verdict.clone()),
    };
    let fault = match &verdict.fault {
        Some(fault) => Some(fault.clone()),
        None => whole.as_ref().and_then(|v| v.fault.clone()),
    };
    let status = if let Some(fault) = &fault {
        say!("{name}:{fault}");
        Status::Invalid
    } else {
        Status::Ok
    };
    let Some(game) = game else {
        return Ok(Status::Invalid);
    };
    if let Some(ply) = args.ply.filter(|&p| p > verdict.plies) {
        let plies = verdict.plies;
        if verdict.fault.is_some() {
            say!(
                "kifu: {name}: ply {ply} is past the fault: --ply {plies} shows the position before it"
            );
            return Ok(Status::Invalid);
        }
        say!("kifu: {name}: the record has {plies} plies, not {ply}");
        return Ok(Status::Trouble);
    }
    // The end of a game that ended off the board tells how.
    let ply = args.ply.unwrap_or(verdict.plies);
    let ended = (whole.as_ref())
        .filter(|whole| whole.is_valid() && whole.plies == ply)
        .and_then(|whole| whole.termination.as_ref())
        .map(|termination| Ended {
            winner: termination.declared.map(|win| win.winner),
            reason: &termination.reason,
        });
    show(game.as_ref(), last.as_ref(), ply, ended)?;
    Ok(status)
}
