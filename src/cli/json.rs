//! `kifu json`: every record as one JSON object per line.

use super::Status;
use super::files::{files, for_each_record};
use super::validate::verdict_of;
use crate::front::Ran;
use crate::front::args::JsonArgs;
use crate::model::writer::JsonWriter;
use crate::model::{JSON_WALK, RecordJson, UnreadJson};
use crate::referee::judge_with;
use std::io::Write;

/// Runs `kifu json`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &JsonArgs, out: &mut dyn Write) -> Ran {
    let mut out = JsonWriter::new(out);
    let status = for_each_record(files(&args.input), |name, record| {
        let valid = match record {
            Ok(record) => {
                // The referee walks the record, and its moves are written
                // as it accepts them.
                let mut json = RecordJson::begin(&mut out, name, &record, args.positions)?;
                let (verdict, _) = judge_with(&record, JSON_WALK, &mut json);
                json.finish(&verdict)?;
                if let Some(fault) = &verdict.fault {
                    // The moves up to the fault are in the JSON; the fault
                    // is told as validate tells it.
                    say!("{name}:{fault}");
                }
                verdict.is_valid()
            }
            Err(e) => {
                let (line, verdict) = verdict_of(Err(e));
                if let Some(fault) = &verdict.fault {
                    say!("{name}:{fault}");
                    out.write(&UnreadJson::new(name, line, fault))?;
                }
                false
            }
        };
        out.raw(b"\n")?;
        Ok(if valid { Status::Ok } else { Status::Invalid })
    });
    out.flush()?;
    Ok(status?)
}
