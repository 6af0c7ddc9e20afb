//! `kifu import`: the JSON of `kifu json` back to text records.

use super::Status;
use super::files::{open, paths};
use crate::collection::input::io_reason;
use crate::front::Ran;
use crate::front::args::ImportArgs;
use crate::model::{JsonStop, read_json_records};
use std::io::Write;

/// Runs `kifu import`.
///
/// A record that is JSON but not a record is reported and the others are
/// imported (status 1); text that is not JSON, or breaks a limit, ends its
/// file (status 1), since where the next record starts is unknown; an
/// unreadable file gives status 2.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &ImportArgs, out: &mut dyn Write) -> Ran {
    let mut worst = Status::Ok;
    let mut first = true;
    for path in paths(&args.files) {
        let (name, reader) = match open(&path) {
            Ok(opened) => opened,
            Err(message) => {
                say!("kifu: {message}");
                worst = worst.max(Status::Trouble);
                continue;
            }
        };
        let read = read_json_records(reader, |record| {
            match record.text {
                Ok(text) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    first = false;
                    out.write_all(text.as_bytes())?;
                }
                Err(reason) => {
                    let (line, number) = (record.line, record.number);
                    say!("{name}:{line}: record {number}: {reason}");
                    worst = worst.max(Status::Invalid);
                }
            }
            Ok(())
        });
        match read {
            Ok(0) => {
                say!("kifu: {name}: no record found");
                worst = worst.max(Status::Trouble);
            }
            Ok(_) => {}
            Err(JsonStop::Bad {
                number,
                line,
                reason,
            }) => {
                say!("{name}:{line}: record {number}: {reason}");
                worst = worst.max(Status::Invalid);
            }
            Err(JsonStop::Input { line, error }) => {
                say!("kifu: {name}:{line}: {}", io_reason(&error));
                worst = worst.max(Status::Trouble);
            }
            Err(JsonStop::Output(e)) => return Err(e.into()),
        }
    }
    Ok(worst)
}
