//! Why a match cannot be played, or go on: each reason worded once, for
//! standard error (status 2).

use crate::game::GameKind;
use crate::kep::EngineFailure;
use crate::play::{StartError, TagOptionError};
use crate::record::SyntaxError;
use crate::tournament::{OpeningError, RecordResultError};
use std::path::PathBuf;

/// Why `kifu match` cannot play.
#[derive(Debug, thiserror::Error)]
pub(crate) enum MatchError {
    /// Neither `--game` nor `--openings`.
    #[error("--game or --openings says which game to play")]
    NoGame,
    /// `--seats` for a two-player game.
    #[error("--seats is for lotus; {0} has two players")]
    SeatsOfTwoPlayers(GameKind),
    /// The setup options do not stand for tags.
    #[error(transparent)]
    Options(#[from] TagOptionError),
    /// The setup options give a tag twice.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The setup options start no game.
    #[error(transparent)]
    Opening(OpeningError),
    /// No opening at all.
    #[error("no opening to play")]
    NoOpening,
    /// Not one thread to play games on could be started.
    #[error("cannot start a thread to play on: {0}")]
    Thread(std::io::Error),
    /// A course player in a match of another game than escampe.
    #[error("a course player (--protocol course) plays escampe, not {0}")]
    CourseGame(GameKind),
    /// A course player with a start given: it places its own pieces.
    #[error(
        "a course player (--protocol course) places its own pieces: a match with one takes no --setup, --position or --openings"
    )]
    CourseStart,
    /// `--place` in a game whose players place nothing.
    #[error("--place: the players of {0} place nothing (escampe's do)")]
    NothingToPlace(GameKind),
    /// The address of `--listen` cannot be listened on.
    #[error("--listen {address}: {reason}")]
    Listen {
        /// The address given.
        address: String,
        /// Why.
        reason: String,
    },
    /// The server of `--serve` cannot start.
    #[error("--serve {address}: {reason}")]
    Serve {
        /// The address given.
        address: String,
        /// Why.
        reason: String,
    },
    /// Not two engines for a two-player game.
    #[error("{kind} is a two-player game: give two --engine or more, not {engines}")]
    TwoPlayers {
        /// The game.
        kind: GameKind,
        /// The engines given.
        engines: usize,
    },
    /// `--gauntlet` in a game of more than two seats.
    #[error("--gauntlet is for two-player games; the seats of {0} are shared by all the engines")]
    GauntletOfRaces(GameKind),
    /// `--sprt` in a match that is not of two engines.
    #[error("--sprt tests one engine against another: give two --engine")]
    SprtOfTwo,
    /// More engines than seats.
    #[error("{engines} engines for {seats} seats: give at most {seats} --engine, or more --seats")]
    TooManyEngines {
        /// The engines given.
        engines: usize,
        /// The seats of the game.
        seats: usize,
    },
    /// An engine that cannot start, or refuses its options.
    #[error("engine {number} ({command}): {failure} ({code})", code = .failure.code())]
    Engine {
        /// Its place among the `--engine`, from 1.
        number: usize,
        /// Its command line.
        command: String,
        /// What went wrong.
        failure: EngineFailure,
    },
    /// A record of `--out` that `--resume` cannot go on from.
    #[error("cannot go on from this record: {file}:{reason}")]
    Resume {
        /// The file, as messages name it.
        file: String,
        /// Why, after the record's line.
        reason: RecordReason,
    },
    /// An `--out` file that `--resume` cannot read.
    #[error("cannot go on from {}", .0.display())]
    Unresumable(PathBuf),
    /// A record of `--openings` that cannot open games.
    #[error("--openings: {file}:{reason}")]
    Openings {
        /// The file, as messages name it.
        file: String,
        /// Why, after the record's line.
        reason: RecordReason,
    },
    /// An `--openings` path that is not a file, which cannot be read again.
    #[error(
        "--openings {}: not a file: kifu reads the openings again as the games need them, \
         which standard input and pipes cannot give",
        .0.display()
    )]
    OpeningsNotAFile(PathBuf),
    /// An `--openings` file that could no longer be read.
    #[error("--openings: {file}: {reason}")]
    OpeningsUnread {
        /// The file, as messages name it.
        file: String,
        /// Why, in words.
        reason: String,
    },
    /// Fewer openings than when the match began.
    #[error("--openings: the files hold fewer openings than when the match began")]
    OpeningsChanged,
    /// An `--openings` file with no opening.
    #[error("--openings: no opening read from {}", .0.display())]
    NoOpenings(PathBuf),
    /// An `--out` file that exists, without `--resume`.
    #[error("--out {} exists: --resume goes on from it, or name another file", .0.display())]
    OutExists(PathBuf),
    /// An `--out` file that cannot be opened.
    #[error("--out {}: {reason}", .path.display())]
    OutUnopened {
        /// The file.
        path: PathBuf,
        /// Why, in words.
        reason: String,
    },
    /// A game that could not be written to `--out`.
    #[error("cannot write {}: {reason}", .path.display())]
    Unwritten {
        /// The file.
        path: PathBuf,
        /// Why, in words.
        reason: String,
    },
}

/// Why a record of a match's files cannot be counted or open games; each
/// but [`RecordReason::Twice`] starts with the record's line.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RecordReason {
    /// It cannot be read.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// It opens no game: it is invalid, or its game has ended.
    #[error(transparent)]
    Opening(OpeningError),
    /// It counts no result: it is invalid, or its tags do not say it.
    #[error(transparent)]
    Result(RecordResultError),
    /// It is a game of another kind.
    #[error("{line}: it is not a game of {kind}")]
    NotOfGame {
        /// Its first line.
        line: usize,
        /// The match's game.
        kind: GameKind,
    },
    /// Its `Round` tag is missing or no number.
    #[error("{line}: it has no Round tag with a number")]
    NoRound {
        /// Its first line.
        line: usize,
    },
    /// An opening of another game than the others.
    #[error("{line}: a game of {kind}, not of {wanted}")]
    OtherGame {
        /// Its first line.
        line: usize,
        /// Its game.
        kind: GameKind,
        /// The game of the openings.
        wanted: GameKind,
    },
    /// A round played twice, as `: round N is there twice` after the file.
    #[error(" round {0} is there twice")]
    Twice(usize),
}

impl crate::front::Stop for MatchError {}
