//! The one clap definition of the command line: every subcommand's
//! options, for `cli` and `repl` alike. Each turns its raw options into
//! the settings it runs with.

mod analyse;
mod engine;
mod man;
mod matches;
mod play;
mod serve;
mod tune;

pub(crate) use analyse::AnalyseArgs;
pub(crate) use engine::EngineArgs;
pub(crate) use man::ManArgs;
pub(crate) use matches::MatchArgs;
pub(crate) use play::{COMMANDS, PlayArgs, SETUP_IDS, SetupArgs};
pub(crate) use serve::{ServeArgs, SiteArgs};
pub(crate) use tune::{TuneAction, TuneArgs, TuneBookArgs, TuneFitArgs, TuneGenerateArgs};

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
    after_help = "Exit status: 0 every record valid, 1 at least one invalid record, 2 usage error or unreadable input.\nManuals: kifu man | man -l - (commands); kifu man notation (records, JSON), kifu man rules, kifu man engine."
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
    /// Draw the board after a ply (default: the end of the record), as text, SVG or PNG.
    Render(RenderArgs),
    /// List every legal move after a ply, one per line.
    Moves(ShowArgs),
    /// Print a fresh record: tags with a setup (random with --seed).
    New(NewArgs),
    /// Print random complete legal games, for tests and benchmarks.
    Random(RandomArgs),
    /// Print the records that match every criterion, exactly as written.
    #[command(
        after_help = "Exit status: 0 at least one record matched, 1 none did, 2 usage error or unreadable input."
    )]
    Select(Box<SelectArgs>),
    /// Report on a collection: verdicts, results, lengths, openings.
    Stats(StatsArgs),
    /// Write records in one canonical form.
    Fmt(FmtArgs),
    /// Print a shell completion script generated from this command line.
    Completions(CompletionsArgs),
    /// Write one self-contained HTML page that replays the records.
    #[command(
        after_help = "Exit status: 0 every record valid, 1 at least one invalid record (the page is written all the same, each invalid record shown up to its fault), 2 usage error or unreadable input."
    )]
    Html(HtmlArgs),
    /// Play a game interactively, refereed move by move.
    Play(Box<PlayArgs>),
    /// Print a manual page as roff, for `kifu man | man -l -`.
    Man(ManArgs),
    /// Be an engine: speak the engine protocol (KEP) on standard input and output.
    Engine(EngineArgs),
    /// Play engines against each other, refereed, with clocks; print the results table.
    Match(Box<MatchArgs>),
    /// The records back with the engine's score after each move, ?/?? on the
    /// moves that lose much, and its better line as a variation.
    Analyse(AnalyseArgs),
    /// Prove a forced win or loss for the side to move within N plies,
    /// with the line; or say that none exists within N.
    Solve(SolveArgs),
    /// Serve a board in the browser on this machine: play games, open and
    /// save the records of the files named.
    Serve(ServeArgs),
    /// Write the board of `kifu serve` as a folder of static files that
    /// play in any browser with no server: the engine, the rules and the
    /// review run in the page, as WebAssembly.
    #[command(
        after_help = "Serve the folder with any static web server (python3 -m http.server -d FOLDER), or put it on a web site. Exit status: 0 written, 2 the folder holds other files, the JavaScript package is missing, or a file cannot be written."
    )]
    Site(SiteArgs),
    /// Training positions from the engine's self-play, and the
    /// evaluation's weights fitted to their results (Texel's method).
    #[command(
        after_help = "Exit status: 0 done, 2 a usage error, an unreadable file or a line that is no training position (named by its number)."
    )]
    Tune(TuneArgs),
}

/// The records a command reads: files, directories, or standard input.
#[derive(Debug, Args)]
pub(crate) struct Inputs {
    /// Files of records, and directories whose record files (`*.kifu`,
    /// plain or compressed) are read at any depth in sorted order; `-` or
    /// none reads standard input.
    pub files: Vec<PathBuf>,
    /// Read hidden files and directories (`.name`) under a directory too.
    #[arg(long)]
    pub hidden: bool,
    /// Walk symbolic links to directories under a directory too.
    #[arg(short = 'L', long)]
    pub follow: bool,
}

impl Inputs {
    /// How the directories among the files are walked.
    pub(crate) fn walk(&self) -> crate::collection::paths::DirWalk {
        crate::collection::paths::DirWalk {
            hidden: self.hidden,
            follow: self.follow,
        }
    }
}

/// Arguments of `kifu select`: the criteria combine with AND.
#[derive(Debug, Args)]
pub(crate) struct SelectArgs {
    #[command(flatten)]
    pub input: Inputs,
    /// Records of this game.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    /// Records whose tag NAME has a value matching VALUE (`*` and `?` are
    /// wildcards); may be given more than once.
    #[arg(long, value_name = "NAME=VALUE", value_parser = tag_criterion)]
    pub tag: Vec<(String, String)>,
    /// Records in which NAME plays, on any side or seat, or as the engine of
    /// one (wildcards too).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Records with this result: `B+`, `W+`, `R+`, `*`, or a Lotus score
    /// list like `r:12 g:9 o:3`.
    #[arg(long, value_name = "RESULT", value_parser = result_criterion)]
    pub result: Option<String>,
    /// Records won by NAME: a player's name or a side (`Black`).
    #[arg(long, value_name = "NAME")]
    pub winner: Option<String>,
    /// Records of at least N plies (lotus: pawn moves).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole_number::<usize>)]
    pub min_plies: Option<usize>,
    /// Records of at most N plies.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole_number::<usize>)]
    pub max_plies: Option<usize>,
    /// Valid records only.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,
    /// Invalid records only.
    #[arg(long)]
    pub invalid: bool,
    /// Invalid records whose fault has this code (`mana.disobeys-bird`).
    #[arg(long, value_name = "CODE", value_parser = fault_code)]
    pub fault: Option<String>,
    /// Records that reach this position (a Position tag value) at some ply.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// Select the records that do not match instead.
    #[arg(long)]
    pub invert: bool,
    /// Keep only the first of records with the same start and moves.
    #[arg(long)]
    pub dedupe: bool,
    /// Print only the number of records selected.
    #[arg(long)]
    pub count: bool,
    /// Examine records on this many threads (default: the number of cores); the output is the same.
    #[arg(short, long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// Arguments of `kifu stats`.
#[derive(Debug, Args)]
pub(crate) struct StatsArgs {
    #[command(flatten)]
    pub input: Inputs,
    /// Print the report as text tables, or as one JSON object.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Arguments of `kifu fmt`.
#[derive(Debug, Args)]
pub(crate) struct FmtArgs {
    #[command(flatten)]
    pub input: Inputs,
    /// The widest movetext line, in characters (a longer word stands alone).
    #[arg(long, default_value_t = crate::collection::format::FMT_WIDTH as u16, value_parser = clap::value_parser!(u16).range(20..))]
    pub width: u16,
    /// Print what would change in each file that is not canonical, as a
    /// unified diff, and exit 1 if any.
    #[arg(long, conflicts_with = "in_place")]
    pub check: bool,
    /// Rewrite each file that is not canonical, atomically.
    #[arg(long)]
    pub in_place: bool,
    /// Write the valid records without their comments, variations or
    /// glyphs; may be given more than once, or as a list (`comments,glyphs`).
    #[arg(long, value_enum, value_name = "WHAT", value_delimiter = ',')]
    pub strip: Vec<crate::record::Strip>,
}

/// `NAME=VALUE`.
fn tag_criterion(text: &str) -> Result<(String, String), ValueError> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_owned(), value.to_owned())),
        _ => Err(ValueError::TagCriterion),
    }
}

/// A result to select: a winner's token, `*`, or a Lotus score list.
fn result_criterion(text: &str) -> Result<String, ValueError> {
    let token = text == "*" || matches!(text.as_bytes(), [b'B' | b'W' | b'R', b'+']);
    let score = |part: &str| {
        part.split_once(':').is_some_and(|(seat, n)| {
            matches!(seat.as_bytes(), [b'a'..=b'z'])
                && !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
        })
    };
    let scores = !text.is_empty() && text.split(' ').all(score);
    match token || scores {
        true => Ok(text.to_owned()),
        false => Err(ValueError::Result {
            chess: ["1-0", "0-1", "1/2-1/2", "½-½"].contains(&text),
        }),
    }
}

/// A fault code to select, one that kifu gives.
fn fault_code(text: &str) -> Result<String, ValueError> {
    let codes: Vec<&str> = crate::referee::every_code().collect();
    if codes.contains(&text) {
        return Ok(text.to_owned());
    }
    let nearest = (codes.iter())
        .map(|code| (strsim::osa_distance(code, text), *code))
        .min()
        .filter(|(distance, _)| *distance <= 3)
        .map(|(_, code)| code.to_owned());
    Err(ValueError::FaultCode { nearest })
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
#[command(after_help = "\
Mana: with best play, every standard setup (the Daimyos on b, c or f) is a \
win for Black, who moves first: Black forces the capture of White's Daimyo \
in 9 plies when it stands on c6, in 11 when on b6 or f6 (kifu solve proves \
it). For a start that is not decided, give --position.")]
pub(crate) struct NewArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameKind,
    /// Draw a random setup from this seed (the same seed gives the same
    /// record); the setup options replace what it draws.
    #[arg(long, allow_negative_numbers = true, value_parser = whole_number::<u64>, conflicts_with = "position")]
    pub seed: Option<u64>,
    /// How the game starts, as for `kifu play`.
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// Arguments of `kifu random`.
#[derive(Debug, Args)]
pub(crate) struct RandomArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameKind,
    /// The seed; the same seed gives the same bytes.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = whole_number::<u64>)]
    pub seed: u64,
    /// How many games.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole_number::<u64>)]
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

impl ColorChoice {
    /// Whether to colour standard output: `auto` colours a terminal
    /// without `NO_COLOR`.
    pub(crate) fn paints(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// How a command prints what it found: each command's `--format` says
/// what that is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Text, for people.
    Text,
    /// JSON, for programs (`kifu man notation` describes its fields).
    Json,
}

/// Arguments of `kifu validate`.
#[derive(Debug, Args)]
pub(crate) struct ValidateArgs {
    #[command(flatten)]
    pub input: Inputs,
    /// Print each verdict as a line of text, or as a JSON object on a line
    /// of its own.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Judge records on this many threads (default: the number of cores); the output is the same.
    #[arg(short, long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Print only the verdicts of invalid records.
    #[arg(short, long)]
    pub quiet: bool,
    /// Make warnings (a malformed Date, a misspelt tag name) faults.
    #[arg(long)]
    pub strict: bool,
}

/// Arguments of `kifu json`.
#[derive(Debug, Args)]
pub(crate) struct JsonArgs {
    #[command(flatten)]
    pub input: Inputs,
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
    /// The record and the position in it.
    #[command(flatten)]
    pub at: At,
    /// Draw with plain ASCII instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
}

/// A position in a record: which record of which file, along which line,
/// after how many plies.
#[derive(Debug, Clone, Args)]
pub(crate) struct At {
    /// A file of records; `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The position after this many plies (lotus: pawn moves); default the end.
    /// Along a variation (--line), plies count from the start of the game.
    #[arg(long, allow_negative_numbers = true, value_parser = whole_number::<usize>)]
    pub ply: Option<usize>,
    /// The line to follow: a variation, named by the number of the
    /// variation taken at each depth, counted from 1 in the order written
    /// (2 is the main line's second variation, 2.1 the first one inside
    /// it); 0, the default, is the main line.
    #[arg(long, value_name = "LINE")]
    pub line: Option<LineName>,
    /// Which record of the file, counted from 1.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = record_number)]
    pub record: u64,
}

/// Arguments of `kifu solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
A win is proven in the fewest plies the side to move can force, a loss in \
the most it can hold out, every reply of the loser tried; nothing is \
guessed. Two-player games only.

Exit status: 0 answered (a forced result or none within --depth), 1 the \
record is invalid, 2 usage error, unreadable input or a lotus game.")]
pub(crate) struct SolveArgs {
    /// The record and the position in it (default: the end of the first
    /// record).
    #[command(flatten)]
    pub at: At,
    /// The longest forced result to look for, in plies.
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Give up after this many seconds, with what the depths searched
    /// to their end proved.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time: Option<u64>,
    /// Print the answer as text, or as one JSON object.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Why an option's value cannot be read; clap writes it after the option.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ValueError {
    /// Not `NAME=VALUE`.
    #[error("expected NAME=VALUE, like Event=Club*")]
    TagCriterion,
    /// Not a whole number of 0 or more.
    #[error("expected a whole number of 0 or more, like 12")]
    WholeNumber,
    /// Not a record number.
    #[error("expected a record number, counted from 1")]
    RecordNumber,
    /// Not a result.
    #[error(
        "a result is B+, W+ or R+ (that side won), * (not over) or a Lotus score list like \"r:12 g:9 o:3\"{}",
        if *.chess { "; chess's 1-0, 0-1 and 1/2-1/2 are not kifu results" } else { "" }
    )]
    Result {
        /// It is a chess result.
        chess: bool,
    },
    /// No fault code of kifu's.
    #[error(
        "not a fault code of kifu's{}; `kifu man notation` lists every code",
        .nearest.as_ref().map(|c| format!(" (did you mean {c}?)")).unwrap_or_default()
    )]
    FaultCode {
        /// The code closest to it, if one is close.
        nearest: Option<String>,
    },
}

/// A whole number of 0 or more: clap's own message for `-1` suggested
/// `-- -1`, and for `x` spoke of digits.
pub(crate) fn whole_number<T: std::str::FromStr>(text: &str) -> Result<T, ValueError> {
    text.parse().map_err(|_| ValueError::WholeNumber)
}

/// A record's number in its file, counted from 1.
fn record_number(text: &str) -> Result<u64, ValueError> {
    match whole_number(text) {
        Ok(0) | Err(_) => Err(ValueError::RecordNumber),
        Ok(n) => Ok(n),
    }
}

/// What `kifu render` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Picture {
    /// The board as text.
    Text,
    /// An SVG image.
    Svg,
    /// A PNG image.
    Png,
}

/// Arguments of `kifu render`.
#[derive(Debug, Args)]
pub(crate) struct RenderArgs {
    /// The record, the ply and the character set.
    #[command(flatten)]
    pub show: ShowArgs,
    /// Draw the board as text, as an SVG image or as a PNG image.
    #[arg(long, value_enum, default_value_t = Picture::Text)]
    pub format: Picture,
    /// See the board from the other side (lotus: the course turned half round).
    #[arg(long)]
    pub flip: bool,
    /// The width of the picture in pixels (SVG and PNG; the height follows).
    #[arg(long, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: Option<u32>,
    /// Shogun: write the magnet type (A to D) in the corner of every square.
    #[arg(long)]
    pub types: bool,
    /// Write to this file, atomically, instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Arguments of `kifu html`.
#[derive(Debug, Args)]
pub(crate) struct HtmlArgs {
    #[command(flatten)]
    pub input: Inputs,
    /// The page's title (default: the title of the first record).
    #[arg(long)]
    pub title: Option<String>,
    /// Write the page to this file, atomically, instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// The clap command, for completions and documentation checks.
pub(crate) fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// The command line, parsed; `kifu match` gathers each engine's
/// `--name` and `--option` by their places.
pub(crate) fn parse() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let mut command = command();
    let matches = command.try_get_matches_from_mut(std::env::args_os())?;
    // clap's tree of every subcommand and option is kept, not dropped, for
    // the process's one run: dropping it cost 109k instructions a run, a
    // sixth of a percent of `kifu validate`'s (benches/README.md, session
    // 32); an error above drops it, and its message is said.
    std::mem::forget(command);
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Match(args), Some(("match", sub))) = (&mut cli.command, matches.subcommand()) {
        args.gather_engines(sub)?;
    }
    Ok(cli)
}

/// The protocols a player program may speak, as clap offers them.
impl ValueEnum for crate::kep::Protocol {
    fn value_variants<'a>() -> &'a [Self] {
        &[crate::kep::Protocol::Kep, crate::kep::Protocol::Course]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(match self {
            crate::kep::Protocol::Kep => clap::builder::PossibleValue::new("kep")
                .help("KEP on standard input and output (kifu-engine(7))"),
            crate::kep::Protocol::Course => clap::builder::PossibleValue::new("course")
                .help("the Escampe course's protocol over TCP"),
        })
    }
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
