//! The options of `kifu analyse`.

use clap::Args;
use std::path::PathBuf;

/// Arguments of `kifu analyse`.
#[derive(Debug, Args)]
pub(crate) struct AnalyseArgs {
    /// A file of records; `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The engine's time per position, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: u64,
    /// Search each position this many plies deep instead of for a time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The engine: `engine` (the built-in one) or any KEP command line.
    #[arg(long, value_name = "ENGINE", default_value = "engine")]
    pub engine: String,
}
