//! `kifu stats`: what a collection holds. Each record is summed up as it
//! is judged, so memory grows with the distinct setups and first moves,
//! not with the records.

use super::Status;
use super::files::{files, for_each_file};
use super::parallel;
use super::validate::{Batch, next_batch};
use crate::collection::stats::{Summary, Tally, sum_up_raw};
use crate::front::Ran;
use crate::front::args::{Format, StatsArgs};
use crate::model::{LengthsJson, StatsJson};
use crate::record::VisibleWriter;
use std::io::{self, Write};

/// Runs `kifu stats`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &StatsArgs, out: &mut dyn Write) -> Ran {
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let mut tally = Tally::default();
    let status = for_each_file(files(&args.input), |_, records| {
        let mut input_error = None;
        let batches = std::iter::from_fn(|| next_batch(records, &mut input_error));
        parallel::ordered(batches, jobs, sum_up_batch, |summaries| {
            summaries.into_iter().for_each(|s| tally.add(s));
            Ok::<(), io::Error>(())
        })?;
        match input_error {
            Some(e) => Err(e),
            None => Ok(Status::Ok),
        }
    })?;
    write(&tally, args.format, out)?;
    Ok(status)
}

/// Sums up every record of a batch.
fn sum_up_batch(batch: Batch) -> Vec<Summary> {
    batch.into_iter().map(sum_up_raw).collect()
}

/// Writes the report of `tally` in `format`.
fn write(tally: &Tally, format: Format, out: &mut dyn Write) -> io::Result<()> {
    let report = tally.report();
    match format {
        Format::Json => {
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)
        }
        // Names and setups come from records: shown, not obeyed.
        Format::Text => write_text(&report, &mut VisibleWriter(out)),
    }
}

/// The widest bar of the histogram, in characters.
const BAR_WIDTH: u64 = 40;

/// The report as text tables.
fn write_text(report: &StatsJson, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "records  {}", report.records)?;
    writeln!(out, "valid    {}", report.valid)?;
    writeln!(out, "invalid  {}", report.invalid)?;
    for (code, count) in &report.faults {
        writeln!(out, "  {count:>6}  {code}")?;
    }
    for game in &report.games {
        let records = match game.records {
            1 => "1 valid record".to_owned(),
            n => format!("{n} valid records"),
        };
        writeln!(out, "\n{}: {records}", game.game)?;
        if !game.results.is_empty() {
            writeln!(out, "  results")?;
            for r in &game.results {
                writeln!(
                    out,
                    "    {:<4} {:>6}  {:>5.1}%",
                    r.value, r.count, r.percent
                )?;
            }
        }
        for (unit, lengths) in [("plies", &game.plies), ("turns", &game.turns)] {
            if let Some(lengths) = lengths {
                write_lengths(out, unit, lengths)?;
            }
        }
        for (title, shares) in [("setups", &game.setups), ("first moves", &game.first_moves)] {
            writeln!(out, "  {title} (count, first player's score)")?;
            for s in shares {
                let score = s.score.map_or("-".to_owned(), |x| format!("{x:.2}"));
                writeln!(out, "    {:>6}  {score:>5}  {}", s.count, s.value)?;
            }
        }
        if !game.seats.is_empty() {
            writeln!(out, "  seats (games, average score, average place)")?;
            for s in &game.seats {
                writeln!(
                    out,
                    "    {:>2}  {:>6}  {:>6.2}  {:>5.2}",
                    s.seat, s.games, s.average_score, s.average_place
                )?;
            }
        }
        if !game.deciding_flowers.is_empty() {
            writeln!(out, "  flowers that decided a finished game")?;
            for f in &game.deciding_flowers {
                writeln!(out, "    {}  {:>6}  {:>5.1}%", f.value, f.count, f.percent)?;
            }
        }
    }
    Ok(())
}

/// The lengths of a game's records, in `unit`, with their histogram.
fn write_lengths(out: &mut dyn Write, unit: &str, p: &LengthsJson) -> io::Result<()> {
    writeln!(
        out,
        "  {unit:<8} min {}  median {}  max {}",
        p.min, p.median, p.max
    )?;
    let most = p
        .histogram
        .iter()
        .map(|b| b.count)
        .max()
        .unwrap_or(1)
        .max(1);
    for b in &p.histogram {
        let bar = "#".repeat((b.count * BAR_WIDTH).div_ceil(most) as usize);
        let row = format!("    {:>5}-{:<5} {:>6}  {bar}", b.from, b.to, b.count);
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}
