//! The command line: one clap definition, one function per subcommand.

mod args;
mod generate;
mod html;
mod import;
mod input;
mod json;
mod parallel;
mod progress;
mod show;
mod validate;

pub(crate) use args::{Cli, Command, command};

pub(crate) use crate::status::Status;
use clap::Parser;
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                Status::Trouble
            } else {
                Status::Ok
            }
            .into();
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|status| out.flush().map(|()| status));
    match result {
        Ok(status) => status.into(),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Ok.into(),
        Err(e) => {
            eprintln!("kifu: {e}");
            Status::Trouble.into()
        }
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
        Command::Render(args) => show::render(&args, out),
        Command::Moves(args) => show::moves(&args, out),
        Command::Html(args) => html::run(&args, out),
        Command::New(args) => generate::new(&args, out),
        Command::Random(args) => generate::random(&args, out),
        Command::Completions(args) => {
            clap_complete::generate(args.shell, &mut command(), "kifu", out);
            Ok(Status::Ok)
        }
        Command::Play(args) => crate::repl::run(&args, out),
    }
}
