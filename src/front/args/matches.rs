//! The options of `kifu match`, and the engines they describe.

use super::SetupArgs;
use crate::game::GameKind;
use crate::kep::{EngineSpec, Protocol};
use crate::seat::TimeControl;
use crate::tournament::Shard;
use clap::error::ErrorKind;
use std::path::PathBuf;

/// What `--listen` plays without, besides the setup options: engines it
/// starts, and what the course's server does not offer.
const LISTEN_CONFLICTS: [&str; 9] = [
    "engine",
    "openings",
    "report",
    "resume",
    "shard",
    "sprt",
    "gauntlet",
    "concurrency",
    "seats",
];

/// Arguments of `kifu match`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
Each --name, --option and --protocol belongs to the --engine before it. \
Two-player games take two engines, or more for a round-robin (every pair) or, \
with --gauntlet, the first against each other; each pair plays each opening \
twice, colours swapped. Lotus takes 3 to 6 seats (--seats, or --players), \
which the engines share in turn. Colours or seats rotate so that each engine \
plays each side equally, and each opening is played from every side.

Exit status: 0 the match was played (whatever its games' results); 1 a record \
of --report or --resume could not be counted; 2 bad options, an engine that \
cannot start, or an output that cannot be written.")]
pub(crate) struct MatchArgs {
    /// An engine's command line, split as a shell would (no shell runs
    /// it); repeat it for each engine.
    #[arg(
        long = "engine",
        value_name = "CMD",
        required_unless_present_any = ["report", "listen"]
    )]
    pub engine: Vec<String>,
    /// The protocol of the engine before it: `kep` (the default), or
    /// `course`, the Escampe course's over TCP, its command holding
    /// `{port}`; after --listen, the protocol of the clients (course).
    #[arg(long = "protocol", value_name = "PROTOCOL", value_enum)]
    pub protocol: Vec<Protocol>,
    /// Wait on ADDR (HOST:PORT, or a PORT on loopback) for two course
    /// clients a game, as the course's server does, the first to connect
    /// playing Blanc (White).
    #[arg(long, value_name = "ADDR", conflicts_with_all = LISTEN_CONFLICTS, conflicts_with_all = super::SETUP_IDS)]
    pub listen: Option<String>,
    /// The name of the engine before it, in records and tables (default:
    /// its `id name`).
    #[arg(long = "name", value_name = "NAME")]
    pub name: Vec<String>,
    /// An option of the engine before it: `setoption NAME VALUE` after the
    /// handshake (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub option: Vec<String>,
    /// The game (may be left out with --openings).
    #[arg(long, value_enum, required_unless_present_any = ["openings", "report", "listen"])]
    pub game: Option<GameKind>,
    /// How the game starts, as for `kifu play`.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Lotus: the number of seats, 3 to 6 (default: the players of
    /// --players, or 3).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=6))]
    pub seats: Option<u8>,
    /// Start the games from the records of FILE, in turn: their start and
    /// their moves. Without it, and without a setup option, a two-player
    /// game starts from kifu's balanced starts, one for each pass.
    #[arg(long, value_name = "FILE", conflicts_with_all = super::SETUP_IDS)]
    pub openings: Option<PathBuf>,
    /// The engines place the start, where the game's players do
    /// (escampe): Black's engine places, then White's, each on its clock,
    /// and the placements make the record's `Setup`.
    #[arg(long, conflicts_with_all = super::SETUP_IDS, conflicts_with = "openings")]
    pub place: bool,
    /// The number of games (default: each opening once from every side;
    /// from the balanced starts, the first).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,
    /// With three engines or more in a two-player game, play the first
    /// against each other instead of every pair (a round-robin).
    #[arg(long)]
    pub gauntlet: bool,
    /// Stop a two-engine match as soon as the sequential probability ratio
    /// test decides: `elo0=0,elo1=10,alpha=0.05,beta=0.05` (normalized Elo,
    /// as fastchess; alpha and beta 0.05 when left out), on game pairs.
    #[arg(long, value_name = "TEST", conflicts_with = "shard")]
    pub sprt: Option<crate::tournament::sprt::SprtParams>,
    /// Games played at the same time.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub concurrency: u16,
    /// The clock: SECONDS+INCREMENT per engine (default 10+0.1).
    #[arg(long, value_name = "SECONDS+INC", conflicts_with = "movetime")]
    pub tc: Option<TimeControl>,
    /// A fixed budget for every move, in milliseconds, instead of a clock.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// How late, in milliseconds, a move may come before it loses on time
    /// (default: 50 divided by the share of a core a busy thread gets on
    /// the machine, measured as games start, at most 300).
    #[arg(long, value_name = "MS")]
    pub timemargin: Option<u64>,
    /// Stop a game unfinished (`*`, Termination "adjudication") after N plies.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// End a game of two engines, won by the side both put ahead, once
    /// each engine's last N scores have put it at least S centipawns
    /// ahead: `moves=N,score=S` (off by default).
    #[arg(long, value_name = "moves=N,score=S")]
    pub resign: Option<crate::tournament::Resign>,
    /// Append every game to FILE as a record once it ends.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Show the match live in the browser, as `kifu serve` serves its
    /// page: every game's board, clocks and engines' last info lines,
    /// and the table as it grows; on a free port of loopback, or on PORT,
    /// or on HOST:PORT (then kifu warns). The address is printed on
    /// standard error.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "0", conflicts_with = "report")]
    pub serve: Option<String>,
    /// Go on from the games already in --out: play only the others.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Play only the I-th of N disjoint slices of the games (like 2/8).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// The Event tag of the records.
    #[arg(long, value_name = "TEXT", default_value = "kifu match", value_parser = tag_value)]
    pub event: String,
    /// Print the results table of the match records of these files
    /// instead of playing.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["engine", "openings", "out"])]
    pub report: Vec<PathBuf>,
    /// Print the results table as text, or as one JSON object.
    #[arg(long, value_enum, default_value_t = super::Format::Text)]
    pub format: super::Format,
    /// The engines, each with its name and options, from the options
    /// in the order given.
    #[arg(skip)]
    pub engines: Vec<EngineSpec>,
}

impl MatchArgs {
    /// Gathers each `--name` and `--option` with the `--engine` before it,
    /// by their places on the command line.
    ///
    /// # Errors
    /// A `--name` or `--option` before any `--engine`, a second `--name`
    /// for one engine, or an option not written NAME=VALUE.
    pub(crate) fn gather_engines(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        let places = |id: &str| -> Vec<usize> {
            matches
                .indices_of(id)
                .map_or_else(Vec::new, Iterator::collect)
        };
        let engines = places("engine");
        let owner = |flag: &str, place: usize| {
            engines.iter().rposition(|&e| e < place).ok_or_else(|| {
                usage(format!(
                    "{flag} belongs to an --engine: give it after the --engine it is for"
                ))
            })
        };
        self.engines = (self.engine.iter())
            .map(|command| EngineSpec {
                command: command.clone(),
                ..EngineSpec::default()
            })
            .collect();
        for (name, place) in self.name.iter().zip(places("name")) {
            let Some(spec) = self.engines.get_mut(owner("--name", place)?) else {
                continue;
            };
            if spec.name.is_some() {
                return Err(usage(format!(
                    "--name {name:?}: this engine has a name already"
                )));
            }
            if name.contains(',') || name.trim().is_empty() {
                return Err(usage(format!(
                    "--name {name:?}: a name is not empty and holds no comma"
                )));
            }
            spec.name = Some(name.clone());
        }
        for (protocol, place) in self.protocol.iter().zip(places("protocol")) {
            if self.listen.is_some() {
                if *protocol != Protocol::Course {
                    return Err(usage(
                        "--listen waits for clients of the course's protocol: give --protocol course".to_owned(),
                    ));
                }
                continue;
            }
            let index = owner("--protocol", place)?;
            if let Some(spec) = self.engines.get_mut(index) {
                spec.protocol = *protocol;
            }
        }
        if self.listen.is_some() && self.protocol.is_empty() {
            return Err(usage(
                "--listen waits for clients of the course's protocol: give --protocol course"
                    .to_owned(),
            ));
        }
        for (option, place) in self.option.iter().zip(places("option")) {
            let index = owner("--option", place)?;
            let Some((name, value)) = option.split_once('=').filter(|(n, _)| !n.is_empty()) else {
                return Err(usage(format!("--option {option:?}: write it NAME=VALUE")));
            };
            if let Some(spec) = self.engines.get_mut(index) {
                spec.options.push((name.to_owned(), value.to_owned()));
            }
        }
        Ok(())
    }

    /// The time control: `--movetime`, `--tc`, or 10+0.1.
    pub(crate) fn time_control(&self) -> TimeControl {
        match (self.movetime, self.tc) {
            (Some(ms), _) => TimeControl::MoveTime(std::time::Duration::from_millis(ms)),
            (None, Some(tc)) => tc,
            (None, None) => TimeControl::Clock {
                base: std::time::Duration::from_secs(10),
                increment: std::time::Duration::from_millis(100),
            },
        }
    }
}

/// A usage error of `kifu match`, as clap reports its own.
fn usage(message: String) -> clap::Error {
    let mut kifu = super::command();
    match kifu.find_subcommand_mut("match") {
        Some(command) => {
            (command.clone().bin_name("kifu match")).error(ErrorKind::ValueValidation, message)
        }
        None => clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n")),
    }
}

/// A value a record's tag holds ([`crate::record::tag_value_fault`]).
///
/// # Errors
/// Why it cannot be a tag's value.
fn tag_value(value: &str) -> Result<String, crate::record::TagValueFault> {
    match crate::record::tag_value_fault(value) {
        Some(fault) => Err(fault),
        None => Ok(value.to_owned()),
    }
}
