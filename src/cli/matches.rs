//! `kifu match`: engines against engines, and `kifu match --report`.

mod engines;
mod error;
mod listen;
mod lobby;
mod log;
mod records;
mod workers;

use super::Status;
use crate::front::Ran;
use crate::front::args::Format;
use crate::front::args::{MatchArgs, SetupArgs};
use crate::game::GameKind;
use crate::kep::Protocol;
use crate::model::{GameResult, SprtReport, Standings};
use crate::play::StartOptions;
use crate::serve::LiveMatch;
use crate::tournament::{
    Conditions, Opening, Pairings, Schedule, Shard, Spectator, balanced_openings,
};
use error::MatchError;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

/// Runs `kifu match`.
///
/// # Errors
/// Why the match cannot be played ([`MatchError`]), or a failure to write `out`.
pub(crate) fn run(args: &MatchArgs, out: &mut dyn Write) -> Ran {
    if !args.report.is_empty() {
        let (results, status) = records::read_results(&args.report);
        print_table(args.format, &results, out)?;
        return Ok(status);
    }
    let (results, sprt, status) = play(args)?;
    let mut standings = Standings::of(&results);
    standings.sprt = sprt;
    write_standings(args.format, &standings, out)?;
    if args.serve.is_some() {
        // The page of the match stays up, its games replayable, until the
        // person who started it stops it.
        out.flush()?;
        say!("kifu: the match is over; its page stays up until Ctrl-C");
        loop {
            std::thread::park();
        }
    }
    Ok(status)
}

/// Writes the results table of `results`.
fn print_table(format: Format, results: &[GameResult], out: &mut dyn Write) -> io::Result<()> {
    write_standings(format, &Standings::of(results), out)
}

/// Writes `standings` as text or JSON.
fn write_standings(format: Format, standings: &Standings, out: &mut dyn Write) -> io::Result<()> {
    match format {
        // The names come from records and engines: shown, not obeyed.
        Format::Text => writeln!(crate::record::VisibleWriter(out), "{standings}"),
        Format::Json => {
            serde_json::to_writer(&mut *out, standings)?;
            writeln!(out)
        }
    }
}

/// Plays the match the options describe, and gives the results of all
/// its games (those of `--resume` too).
///
/// # Errors
/// Why the match cannot be played, for standard error (status 2).
fn play(args: &MatchArgs) -> Result<(Vec<GameResult>, Option<SprtReport>, Status), MatchError> {
    let live = args
        .serve
        .as_deref()
        .map(|at| serve(at, args))
        .transpose()?;
    let conditions = Conditions {
        time: args.time_control(),
        margin: args.timemargin.map(Duration::from_millis),
        max_plies: args.max_plies as usize,
        resign: args.resign,
        event: args.event.clone(),
        date: crate::game::today(),
        spectator: live.clone().map(|live| live as Arc<dyn Spectator>),
    };
    let played = match &args.listen {
        Some(address) => listen::serve(args, address, &conditions)
            .map(|(results, status)| (results, None, status)),
        None => play_scheduled(args, &conditions),
    };
    if let Some(live) = live {
        live.finish();
    }
    played
}

/// Starts the server of `--serve` on `at`, showing the match live.
///
/// # Errors
/// An address that names none, or a server that cannot start.
fn serve(at: &str, args: &MatchArgs) -> Result<Arc<LiveMatch>, MatchError> {
    let error = |reason: String| MatchError::Serve {
        address: at.to_owned(),
        reason,
    };
    let address = listen::address(at).map_err(|e| error(e.to_string()))?;
    let name =
        (args.out.as_ref()).map_or_else(|| args.event.clone(), |out| out.display().to_string());
    let live = LiveMatch::start(&name);
    super::serve::serve_match(address, Arc::clone(&live)).map_err(|e| error(e.to_string()))?;
    Ok(live)
}

/// Plays the games of the schedule the options describe.
///
/// # Errors
/// Why the match cannot be played, for standard error (status 2).
fn play_scheduled(
    args: &MatchArgs,
    conditions: &Conditions,
) -> Result<(Vec<GameResult>, Option<SprtReport>, Status), MatchError> {
    let openings = openings(args)?;
    let first = openings.first().ok_or(MatchError::NoOpening)?;
    let (kind, seats) = (first.start.kind(), first.start.players().len());
    check_engine_count(kind, args.engines.len(), seats, args.gauntlet)?;
    if args.sprt.is_some() && args.engines.len() != 2 {
        return Err(MatchError::SprtOfTwo);
    }
    let names = engines::names(&args.engines)?;
    let mut schedule = Schedule {
        engines: args.engines.len(),
        seats,
        openings: openings.count().unwrap_or(1),
        games: 0,
        pairings: match args.gauntlet {
            true => Pairings::Gauntlet,
            false => Pairings::RoundRobin,
        },
    };
    schedule.games = match (args.games, args.sprt) {
        (Some(n), _) => n as usize,
        (None, Some(_)) => SPRT_GAMES,
        (None, None) => schedule.cycle() * schedule.openings,
    };
    if openings.count().is_none() {
        // Setups drawn at random: a new one for each pass.
        schedule.openings = schedule.games.div_ceil(schedule.cycle()).max(1);
    }
    let (done, resumed) = match (&args.out, args.resume) {
        (Some(path), true) => records::resume(path, kind)?,
        _ => Default::default(),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let done_here = (done.iter())
        .filter(|&&round| round <= schedule.games)
        .filter(|&&round| round.checked_sub(1).is_some_and(|index| shard.holds(index)))
        .count();
    let mut opening = openings.reader();
    let pending = workers::Pending {
        count: shard.games_of(schedule.games) - done_here,
        games: Box::new(
            (schedule.games(shard))
                .filter(move |pairing| !done.contains(&pairing.round))
                .map(move |pairing| opening(pairing.opening).map(|o| (pairing, o))),
        ),
    };
    let output = match &args.out {
        Some(path) => Some(records::Output::open(path, args.resume)?),
        None => None,
    };
    let plan = workers::Plan {
        specs: &args.engines,
        names: &names,
        conditions,
        concurrency: usize::from(args.concurrency),
        sprt: args.sprt,
    };
    let (played, sprt) = workers::play_all(&plan, &resumed, pending, output)?;
    let mut results: Vec<GameResult> = resumed.into_iter().map(|(_, result)| result).collect();
    results.extend(played);
    Ok((results, sprt, Status::Ok))
}

/// The most games of a match with `--sprt` and no `--games`: it stops
/// when the test decides, which it does long before at any Elo
/// difference worth testing.
const SPRT_GAMES: usize = 200_000;

/// Where the games of a match start.
#[derive(Debug)]
enum Openings {
    /// The starts of the setup options, held (a few).
    Held(Vec<Opening>),
    /// The records of `--openings`, read as the games need them.
    File(records::OpeningFile),
    /// The balanced starts of a two-player game (a match with no setup
    /// option and no `--openings`): one for each pass of the schedule,
    /// in the order shipped, from the first again after the last.
    Balanced(Vec<Opening>),
    /// Setups drawn at random as the games need them, one for each pass
    /// of the schedule (seeds 1, 2, ...), for a game whose players place
    /// its start.
    Drawn {
        /// The setup of the first pass.
        first: Opening,
        kind: GameKind,
        /// The match's setup options, which the drawn tags join.
        setup: SetupArgs,
    },
}

impl Openings {
    /// The first opening, which gives the game and its seats.
    fn first(&self) -> Option<&Opening> {
        match self {
            Openings::Held(all) => all.first(),
            Openings::File(file) => Some(&file.first),
            Openings::Balanced(all) => all.first(),
            Openings::Drawn { first, .. } => Some(first),
        }
    }

    /// How many there are; `None` for setups drawn at random and the
    /// balanced starts, of which there are as many as the schedule has
    /// passes.
    fn count(&self) -> Option<usize> {
        match self {
            Openings::Held(all) => Some(all.len()),
            Openings::File(file) => Some(file.count),
            Openings::Balanced(_) | Openings::Drawn { .. } => None,
        }
    }

    /// Opening `index` from 0, for the games in the schedule's order.
    fn reader(&self) -> Box<dyn FnMut(usize) -> Result<Opening, MatchError> + Send + '_> {
        match self {
            Openings::Held(all) => {
                Box::new(|index| all.get(index).cloned().ok_or(MatchError::NoOpening))
            }
            Openings::File(file) => {
                let mut reader = records::OpeningReader::new(file);
                Box::new(move |index| reader.get(index))
            }
            Openings::Balanced(all) => Box::new(|index| {
                let at = index.checked_rem(all.len());
                at.and_then(|at| all.get(at))
                    .cloned()
                    .ok_or(MatchError::NoOpening)
            }),
            Openings::Drawn { kind, setup, .. } => {
                Box::new(|index| drawn_opening(*kind, setup, index as u64 + 1))
            }
        }
    }
}

/// The start of a game of `kind` whose setup is drawn with `seed`, as
/// `kifu new --seed` draws it, joined by the match's setup options.
fn drawn_opening(kind: GameKind, setup: &SetupArgs, seed: u64) -> Result<Opening, MatchError> {
    let tags = setup.options(Some(seed))?.tag_list(kind)?;
    Opening::of_tags(kind, &tags).map_err(MatchError::Opening)
}

/// The openings: those of `--openings`, or the start of the setup options.
fn openings(args: &MatchArgs) -> Result<Openings, MatchError> {
    if (args.engines.iter()).any(|spec| spec.protocol == Protocol::Course) {
        return course_opening(args);
    }
    if args.place {
        let kind = args.game.ok_or(MatchError::NoGame)?;
        let opening = Opening::to_place(kind).ok_or(MatchError::NothingToPlace(kind))?;
        return Ok(Openings::Held(vec![opening]));
    }
    if let Some(path) = &args.openings {
        return records::openings(path, args.game).map(Openings::File);
    }
    let kind = args.game.ok_or(MatchError::NoGame)?;
    let mut setup = args.setup.clone();
    match kind.players_of(usize::from(args.seats.unwrap_or(3))) {
        Some(names) if setup.players.is_none() => setup.players = Some(names),
        None if args.seats.is_some() => return Err(MatchError::SeatsOfTwoPlayers(kind)),
        _ => {}
    }
    let options = args.setup.options(None)?;
    if options == StartOptions::default() {
        if let Some(balanced) = balanced_openings(kind) {
            return Ok(Openings::Balanced(balanced.map_err(MatchError::Opening)?));
        }
    }
    let tags = setup.options(None)?.tag_list(kind)?;
    let flowers_set = (tags.iter()).any(|(name, _)| name == "Flowers" || name == "Position");
    let random_flowers = kind == GameKind::Lotus && !flowers_set;
    if kind.placing(&tags).is_none() && !random_flowers {
        let opening = Opening::of_tags(kind, &tags).map_err(MatchError::Opening)?;
        return Ok(Openings::Held(vec![opening]));
    }
    // A start the players place (escampe), or a lotus race whose flowers
    // no option lays: each pass of the schedule starts from a setup drawn
    // at random, so that no one setup decides a match.
    Ok(Openings::Drawn {
        first: drawn_opening(kind, &setup, 1)?,
        kind,
        setup,
    })
}

/// The opening of a match with a course player: escampe, from the
/// players' own placements, as the course's server plays it.
fn course_opening(args: &MatchArgs) -> Result<Openings, MatchError> {
    let kind = args.game.unwrap_or(GameKind::Escampe);
    if kind != GameKind::Escampe {
        return Err(MatchError::CourseGame(kind));
    }
    if args.openings.is_some() || !args.setup.options(None)?.tag_list(kind)?.is_empty() {
        return Err(MatchError::CourseStart);
    }
    let opening = Opening::to_place(kind).ok_or(MatchError::NoOpening)?;
    Ok(Openings::Held(vec![opening]))
}

/// Checks that the engines can fill the game's seats: two or more for
/// a two-player game (a round-robin or a gauntlet when more), at most
/// the seats of a race.
fn check_engine_count(
    kind: GameKind,
    engines: usize,
    seats: usize,
    gauntlet: bool,
) -> Result<(), MatchError> {
    match seats {
        2 if engines < 2 => Err(MatchError::TwoPlayers { kind, engines }),
        2 => Ok(()),
        _ if gauntlet => Err(MatchError::GauntletOfRaces(kind)),
        _ if engines > seats => Err(MatchError::TooManyEngines { engines, seats }),
        _ => Ok(()),
    }
}
