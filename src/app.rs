//! The binary's entry: the command line parsed ([`crate::front::args`]),
//! and each command handed to the function that runs it, in [`crate::cli`]
//! or, for `kifu play`, [`crate::repl`].

use crate::front::args::{Cli, ColorChoice, Command, command, parse};
use crate::front::{Ran, Status, Stopped};
use crate::{cli, repl};
use anyhow::Context;
use std::io::{self, Write};
use std::process::ExitCode;

/// Runs kifu with the process arguments and returns its exit status.
///
/// As ripgrep's `main`: what stopped a command for the user has said so
/// and chosen its status in [`try_main`]; what is left is a failure to
/// write the output, said with its context, and a closed pipe (`kifu
/// validate | head -1`) is no failure at all.
pub fn main() -> ExitCode {
    match try_main() {
        Ok(status) => status.into(),
        Err(error) if error.chain().any(is_broken_pipe) => Status::Ok.into(),
        Err(error) => {
            say!("kifu: {error:#}");
            Status::Trouble.into()
        }
    }
}

/// Parses the command line and runs the command: its exit status, or the
/// failure to write its output.
///
/// # Errors
/// The output cannot be written.
fn try_main() -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = match parse() {
        Ok(cli) => match run(cli, &mut out) {
            Ok(status) => status,
            // The one place where what stopped a command becomes its
            // message and its exit status.
            Err(Stopped::Error(error)) => {
                let _ = out.flush();
                say!("kifu: {error}");
                error.status()
            }
            Err(Stopped::Output(e)) => return Err(e).context(CANNOT_WRITE),
        },
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            Status::Trouble
        }
        // Help and version go to standard output, and a failure to write
        // them is a failure like any other.
        Err(e) => write_help(&e, &mut out)
            .map(|()| Status::Ok)
            .context(CANNOT_WRITE)?,
    };
    out.flush().context(CANNOT_WRITE)?;
    Ok(status)
}

/// The context of a failure to write the output.
const CANNOT_WRITE: &str = "cannot write the output";

/// Whether `cause` is a closed pipe.
fn is_broken_pipe(cause: &(dyn std::error::Error + 'static)) -> bool {
    (cause.downcast_ref::<io::Error>()).is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Writes the help or version text that clap gives as `e`, in colour on
/// a terminal as clap would.
fn write_help(e: &clap::Error, out: &mut dyn Write) -> io::Result<()> {
    let text = e.render();
    match ColorChoice::Auto.paints() {
        true => write!(out, "{}", text.ansi()),
        false => write!(out, "{text}"),
    }
}

/// Runs one parsed command, writing results to `out`.
///
/// # Errors
/// What stopped the command: an error for the user, or a failure to
/// write `out`.
fn run(cli: Cli, out: &mut dyn Write) -> Ran {
    match cli.command {
        Command::Validate(args) => cli::validate::run(&args, cli.color.paints(), out),
        Command::Json(args) => cli::json::run(&args, out),
        Command::Import(args) => cli::import::run(&args, out),
        Command::Render(args) => cli::show::render(&args, cli.color, out),
        Command::Moves(args) => cli::show::moves(&args, out),
        Command::Html(args) => cli::html::run(&args, out),
        Command::New(args) => cli::generate::new(&args, out),
        Command::Random(args) => cli::generate::random(&args, out),
        Command::Select(args) => cli::select::run(&args, out),
        Command::Stats(args) => cli::stats::run(&args, out),
        Command::Fmt(args) => cli::fmt::run(&args, out),
        Command::Completions(args) => {
            // Into memory first: clap_complete panics when a write fails.
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut command(), "kifu", &mut script);
            out.write_all(&script)?;
            Ok(Status::Ok)
        }
        Command::Play(args) => repl::run(&args, cli.color.paints(), out),
        Command::Engine(args) => cli::engine::run(&args, out),
        Command::Match(args) => cli::matches::run(&args, out),
        Command::Analyse(args) => cli::analyse::run(&args, out),
        Command::Solve(args) => cli::solve::run(&args, out),
        Command::Man(args) => cli::man::run(&args, out),
        Command::Serve(args) => cli::serve::run(&args, out),
        Command::Site(args) => cli::site::run(&args, out),
        Command::Tune(args) => cli::tune::run(&args, out),
    }
}
