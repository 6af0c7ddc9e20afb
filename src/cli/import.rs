//! `kifu import`: the JSON of `kifu json` back to text records.

use super::Status;
use super::args::ImportArgs;
use super::input::{io_reason, open, paths};
use crate::model::text_from_json;
use std::io::{self, BufRead, Write};

/// The longest line `kifu import` reads; a longer line is an error.
pub(super) const MAX_JSON_LINE_BYTES: usize = 4 << 20;

/// Runs `kifu import`.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn run(args: &ImportArgs, out: &mut dyn Write) -> io::Result<Status> {
    let mut worst = Status::Ok;
    let mut first = true;
    for path in paths(&args.files) {
        let (name, mut reader) = match open(&path) {
            Ok(opened) => opened,
            Err(message) => {
                eprintln!("kifu: {message}");
                worst = worst.max(Status::Trouble);
                continue;
            }
        };
        let mut bytes = Vec::new();
        let mut number = 0;
        loop {
            let too_long = match read_line(&mut reader, &mut bytes) {
                Ok(Some(too_long)) => too_long,
                Ok(None) => break,
                Err(e) => {
                    eprintln!("kifu: {name}:{}: {}", number + 1, io_reason(&e));
                    worst = worst.max(Status::Trouble);
                    break;
                }
            };
            number += 1;
            if too_long {
                eprintln!(
                    "{name}:{number}: the line is longer than the limit of {MAX_JSON_LINE_BYTES} bytes"
                );
                worst = worst.max(Status::Invalid);
                continue;
            }
            let Ok(line) = std::str::from_utf8(&bytes) else {
                eprintln!("{name}:{number}: invalid JSON: the line is not UTF-8");
                worst = worst.max(Status::Invalid);
                continue;
            };
            if line.trim().is_empty() {
                continue;
            }
            match text_from_json(line) {
                Ok(text) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    first = false;
                    out.write_all(text.as_bytes())?;
                }
                Err(message) => {
                    eprintln!("{name}:{number}: {message}");
                    worst = worst.max(Status::Invalid);
                }
            }
        }
    }
    Ok(worst)
}

/// Reads one line, without its end, into `line`: `Some(true)` when it is
/// longer than [`MAX_JSON_LINE_BYTES`] (and dropped), `None` at the end.
fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if too_long || line.len() + chunk.len() > MAX_JSON_LINE_BYTES {
            too_long = true;
            line.clear();
        } else {
            line.extend_from_slice(chunk);
        }
        input.consume(used);
        if end {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(any.then_some(too_long))
}
