//! The options of `kifu engine`.

use crate::game::GameKind;
use clap::Args;

/// Arguments of `kifu engine`.
#[derive(Debug, Args)]
pub(crate) struct EngineArgs {
    /// The game until a `newgame` names one.
    #[arg(value_enum)]
    pub game: Option<GameKind>,
    /// Play uniformly random legal moves instead of searching.
    #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes", "greedy", "level"])]
    pub random: bool,
    /// Play at level N, 1 (a new player can beat it: it makes a person's
    /// mistakes) to 8 (full strength); also the `Level` option.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8),
          conflicts_with_all = ["depth", "nodes", "greedy"])]
    pub level: Option<u8>,
    /// Play the move the evaluation likes best one ply deep, without search.
    #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes"])]
    pub greedy: bool,
    /// Search at most N plies deep (default: as deep as the time allows).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The time per move, in milliseconds, when `go` gives no clock (default 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search at most N nodes a move, when `go` gives no `nodes` (default:
    /// no limit): a bound that, unlike time, does not depend on the
    /// machine, for matches that must repeat.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search threads (only 1 for now).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=1))]
    pub threads: u8,
    /// Play one game as a client of the server at HOST:PORT (with
    /// --protocol course: the Escampe course's server, or `kifu match
    /// --listen`), instead of speaking KEP on standard input and output.
    #[arg(long, value_name = "HOST:PORT", requires = "protocol")]
    pub connect: Option<String>,
    /// The protocol of --connect: course.
    #[arg(long, value_name = "PROTOCOL", value_enum, requires = "connect")]
    pub protocol: Option<crate::kep::Protocol>,
    /// The name the client gives the server (default: the engine's name).
    #[arg(long, value_name = "NAME", requires = "connect")]
    pub name: Option<String>,
    /// The seed of the random moves, and of a level's mistakes: the same
    /// seed and commands give the same moves (default: from the clock).
    #[arg(long, allow_negative_numbers = true, value_parser = super::whole_number::<u64>)]
    pub seed: Option<u64>,
}
