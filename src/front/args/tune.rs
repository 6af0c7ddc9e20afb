//! The options of `kifu tune`: training positions from self-play, and
//! the evaluation's weights fitted to them.

use crate::game::GameKind;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Arguments of `kifu tune`.
#[derive(Debug, Args)]
pub(crate) struct TuneArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TuneAction,
}

/// The actions of `kifu tune`.
#[derive(Debug, Subcommand)]
pub(crate) enum TuneAction {
    /// Play the built-in engine against itself and write each quiet
    /// position it searched with its score and the game's result, one
    /// JSON object a line (docs/training.md).
    Generate(TuneGenerateArgs),
    /// Fit the evaluation's weights to the results of training positions
    /// (Texel's method); print the error before and after and the weights
    /// as `kifu engine` options.
    Fit(TuneFitArgs),
    /// Find the placements that hold best against the best reply, for
    /// the side that places first (escampe's Black), and write them as a
    /// placement book (docs/training.md): every placement screened by a
    /// shallow search of the replies, the best weighed by a deeper one,
    /// the best of those played out by the engine against itself.
    Book(TuneBookArgs),
}

/// Arguments of `kifu tune book`.
#[derive(Debug, Args)]
pub(crate) struct TuneBookArgs {
    /// The game (escampe: the only one whose players place).
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// How many placements the book keeps.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub keep: u32,
    /// How deep the screen searches each reply, in plies.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub screen_depth: u32,
    /// How deep the best placements' replies are searched, and each move
    /// of the games played out, in plies.
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Screen only this many placements, drawn with the seed (default:
    /// every one).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub sample: Option<u32>,
    /// The seed of the sample and of the order replies are searched in.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = super::whole_number::<u64>)]
    pub seed: u64,
    /// Search on this many threads (default: the number of cores); the
    /// book is the same.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Write to this file, atomically, instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `kifu tune generate`.
#[derive(Debug, Args)]
pub(crate) struct TuneGenerateArgs {
    /// The game (mana, escampe or shogun: lotus has no weights).
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// How many games.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The depth of each move's search, in plies.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// The most nodes of each move's search (default: no bound).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// How many random plies open each game (from a random start).
    #[arg(long, value_name = "N", default_value_t = 8, allow_negative_numbers = true, value_parser = super::whole_number::<u32>)]
    pub random_plies: u32,
    /// The longest game, in plies: one still going then is left out.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// The seed of the starts and the random plies: the same seed and
    /// options give the same bytes.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = super::whole_number::<u64>)]
    pub seed: u64,
    /// Write to this file, atomically, instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `kifu tune fit`.
#[derive(Debug, Args)]
pub(crate) struct TuneFitArgs {
    /// A file of training positions; `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The first step of each weight, where no least-squares fit came
    /// first (after one, the steps start at 1); it halves when no weight
    /// moves.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub step: u32,
    /// A weight to start the fit from instead of the engine's, named as
    /// `kifu engine`'s option (`ManaAttack=40`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub option: Vec<String>,
}
