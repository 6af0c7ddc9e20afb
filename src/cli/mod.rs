//! The command line: one clap definition, one function per subcommand.

mod analyse;
mod args;
pub(crate) mod engine;
mod fmt;
mod generate;
mod html;
mod import;
mod input;
mod json;
mod man;
mod matches;
mod parallel;
mod progress;
mod select;
mod show;
mod stats;
mod validate;

pub(crate) use args::{Cli, Command, command};

pub(crate) use crate::status::Status;
use std::io::{self, Write};
use std::process::ExitCode;

/// Whether to colour standard output.
fn paint(choice: args::ColorChoice) -> bool {
    use std::io::IsTerminal;
    match choice {
        args::ColorChoice::Always => true,
        args::ColorChoice::Never => false,
        args::ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// Runs kifu with the process arguments and returns its exit status.
pub fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match parse() {
        Ok(cli) => run(cli, &mut out),
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            Ok(Status::Trouble)
        }
        // Help and version go to standard output, and a failure to write
        // them is a failure like any other.
        Err(e) => write_help(&e, &mut out).map(|()| Status::Ok),
    };
    let result = result.and_then(|status| out.flush().map(|()| status));
    match result {
        Ok(status) => status.into(),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Ok.into(),
        Err(e) => {
            eprintln!("kifu: cannot write the output: {e}");
            Status::Trouble.into()
        }
    }
}

/// The command line, parsed; `kifu match` gathers each engine's
/// `--name` and `--option` by their places.
fn parse() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let matches = command().try_get_matches()?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Match(args), Some(("match", sub))) = (&mut cli.command, matches.subcommand()) {
        args.gather_engines(sub)?;
    }
    Ok(cli)
}

/// Writes the help or version text that clap gives as `e`, in colour on
/// a terminal as clap would.
fn write_help(e: &clap::Error, out: &mut dyn Write) -> io::Result<()> {
    use std::io::IsTerminal;
    let text = e.render();
    let colour =
        io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    match colour {
        true => write!(out, "{}", text.ansi()),
        false => write!(out, "{text}"),
    }
}

/// Runs one parsed command, writing results to `out`.
///
/// # Errors
/// Only failures to write `out`; everything else becomes a status.
pub(crate) fn run(cli: Cli, out: &mut dyn Write) -> io::Result<Status> {
    match cli.command {
        Command::Validate(args) => validate::run(&args, paint(cli.color), out),
        Command::Json(args) => json::run(&args, out),
        Command::Import(args) => import::run(&args, out),
        Command::Render(args) => show::render(&args, cli.color, out),
        Command::Moves(args) => show::moves(&args, out),
        Command::Html(args) => html::run(&args, out),
        Command::New(args) => generate::new(&args, out),
        Command::Random(args) => generate::random(&args, out),
        Command::Select(args) => select::run(&args, out),
        Command::Stats(args) => stats::run(&args, out),
        Command::Fmt(args) => fmt::run(&args, out),
        Command::Completions(args) => {
            // Into memory first: clap_complete panics when a write fails.
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut command(), "kifu", &mut script);
            out.write_all(&script)?;
            Ok(Status::Ok)
        }
        Command::Play(args) => crate::repl::run(&args, paint(cli.color), out),
        Command::Engine(args) => engine::run(&args, out),
        Command::Match(args) => matches::run(&args, out),
        Command::Analyse(args) => analyse::run(&args, out),
        Command::Man(args) => man::run(&args, out),
    }
}
