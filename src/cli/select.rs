//! `kifu select`: the records that match every criterion, printed exactly
//! as they were written, in input order, judged on several threads.

use super::Status;
use super::files::{files, for_each_file};
use super::parallel;
use super::validate::{Batch, next_batch};
use crate::collection::select::{Criteria, Examined, examine};
use crate::front::Ran;
use crate::front::args::SelectArgs;
use std::collections::HashSet;
use std::io::{self, Write};
use wildmatch::WildMatch;

/// Runs `kifu select`. The status is 0 when a record was selected, 1 when
/// none was (as `grep` does), 2 when a file could not be read.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &SelectArgs, out: &mut dyn Write) -> Ran {
    let criteria = criteria(args);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let mut seen = HashSet::new();
    let mut selected = 0u64;
    let read = for_each_file(files(&args.input), |name, records| {
        let mut input_error = None;
        let batches = std::iter::from_fn(|| next_batch(records, &mut input_error));
        parallel::ordered(
            batches,
            jobs,
            |batch| examine_batch(batch, &criteria),
            |examined| {
                for record in examined {
                    if record.matched == args.invert {
                        continue;
                    }
                    if args.dedupe && !seen.insert(record.key) {
                        continue;
                    }
                    selected += 1;
                    if args.count {
                        continue;
                    }
                    match &record.text {
                        Some(text) => out.write_all(text.as_bytes())?,
                        None => say!(
                            "kifu: {name}:{}: the record is selected but cannot be printed: it was not read whole",
                            record.line
                        ),
                    }
                }
                Ok::<(), io::Error>(())
            },
        )?;
        match input_error {
            Some(e) => Err(e),
            None => Ok(Status::Ok),
        }
    })?;
    if args.count {
        writeln!(out, "{selected}")?;
    }
    let found = if selected > 0 {
        Status::Ok
    } else {
        Status::Invalid
    };
    Ok(read.max(found))
}

/// The criteria that `args` give.
fn criteria(args: &SelectArgs) -> Criteria {
    Criteria {
        game: args.game,
        tags: (args.tag.iter())
            .map(|(name, value)| (name.clone(), WildMatch::new(value)))
            .collect(),
        player: args.player.as_deref().map(WildMatch::new),
        result: args.result.clone(),
        winner: args.winner.as_deref().map(WildMatch::new),
        min_plies: args.min_plies,
        max_plies: args.max_plies,
        valid: match (args.valid, args.invalid || args.fault.is_some()) {
            (true, _) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        },
        fault: args.fault.clone(),
        position: args.position.clone(),
        dedupe: args.dedupe,
    }
}

fn examine_batch(batch: Batch, criteria: &Criteria) -> Vec<Examined> {
    batch
        .into_iter()
        .map(|raw| examine(raw, criteria))
        .collect()
}
