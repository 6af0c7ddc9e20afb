//! The one clap definition of the command line.

use crate::game::GameKind;
use crate::referee::LineName;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// A referee and notation tool for Mana, Escampe, Shogun and Flower of the Lotus.
#[derive(Debug, Parser)]
#[command(
    name = "kifu",
    version,
    about,
    long_about = None,
    after_help = "Exit status: 0 every record valid, 1 at least one invalid record, 2 usage error or unreadable input.\nManuals: man -l man/kifu.1 (commands), man/kifu.5 (notation, JSON), man/kifu-rules.7 (rules)."
)]
pub(crate) struct Cli {
    /// When to colour the output: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Referee every record of the files and print one verdict per record.
    Validate(ValidateArgs),
    /// Print every record as one JSON object per line (NDJSON).
    Json(JsonArgs),
    /// Turn the JSON of `kifu json` back into text records.
    Import(ImportArgs),
    /// Draw the board after a ply (default: the end of the record).
    Render(ShowArgs),
    /// List every legal move after a ply, one per line.
    Moves(ShowArgs),
    /// Print a fresh record: tags with a setup (random with --seed).
    New(NewArgs),
    /// Print random complete legal games, for tests and benchmarks.
    Random(RandomArgs),
    /// Print a shell completion script generated from this command line.
    Completions(CompletionsArgs),
    /// Play a game interactively, refereed move by move.
    Play(Box<crate::repl::PlayArgs>),
}

/// Arguments of `kifu completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `kifu new`.
#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameKind,
    /// Draw a random setup from this seed (the same seed gives the same record).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Lotus: the players in turn order, separated by spaces.
    #[arg(long)]
    pub players: Option<String>,
}

/// Arguments of `kifu random`.
#[derive(Debug, Args)]
pub(crate) struct RandomArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameKind,
    /// The seed; the same seed gives the same bytes.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many games.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Lotus: the players in turn order (default: random, 3 to 6).
    #[arg(long)]
    pub players: Option<String>,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// How verdicts are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One line per record.
    Text,
    /// One JSON object per record.
    Json,
}

/// Arguments of `kifu validate`.
#[derive(Debug, Args)]
pub(crate) struct ValidateArgs {
    /// Files of records; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Print verdicts as text lines or as JSON objects.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Judge records on this many threads (default: the number of cores); the output is the same.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// Arguments of `kifu json`.
#[derive(Debug, Args)]
pub(crate) struct JsonArgs {
    /// Files of records; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Add the position after every move.
    #[arg(long)]
    pub positions: bool,
}

/// Arguments of `kifu import`.
#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// Files of NDJSON; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
}

/// Arguments of `kifu render` and `kifu moves`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// A file of records; `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The position after this many plies (lotus: pawn moves); default the end.
    /// Along a variation (--line), plies count from the start of the game.
    #[arg(long)]
    pub ply: Option<usize>,
    /// The line to follow: a variation, named by the number of the
    /// variation taken at each depth, counted from 1 in the order written
    /// (2 is the main line's second variation, 2.1 the first one inside
    /// it); 0, the default, is the main line.
    #[arg(long, value_name = "LINE")]
    pub line: Option<LineName>,
    /// Which record of the file, counted from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub record: u64,
    /// Draw with plain ASCII instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
}

/// The clap command, for completions and documentation checks.
pub(crate) fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// The games as clap offers them: the names of the table of games.
impl ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.title()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_definition_is_consistent() {
        super::command().debug_assert();
    }

    /// The man pages must not drift from the code: every subcommand and
    /// every flag of the clap definition is documented in `man/kifu.1`.
    #[test]
    fn every_subcommand_and_flag_is_in_kifu_1() {
        let man = include_str!("../../man/kifu.1");
        let mut missing = Vec::new();
        for sub in super::command().get_subcommands() {
            let name = sub.get_name();
            if name == "help" {
                continue;
            }
            if !man.contains(&format!(".B {name}")) {
                missing.push(format!("subcommand {name}"));
            }
            for arg in sub.get_arguments() {
                if let Some(long) = arg.get_long() {
                    if !man.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))) {
                        missing.push(format!("flag --{long} of {name}"));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "missing from man/kifu.1: {missing:?}");
    }
}
