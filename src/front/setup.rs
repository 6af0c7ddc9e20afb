//! A fresh game from the setup options: the tags they stand for, checked
//! as the referee checks a record's, for `kifu play`, `kifu new` and
//! `kifu match`.

use super::args::{SETUP_TAGS, SetupArgs, TagOptionError};
use crate::builder::RecordBuilder;
use crate::game::{AnyGame, GameKind};
use crate::record::{parse_record, write_record};
use crate::referee::{Options, judge};

/// A new game's start, and the tags it was made from.
#[derive(Debug)]
pub(crate) struct Start {
    /// The tags, `Game` first.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub game: Box<dyn AnyGame>,
}

/// Why a new game cannot start from the options and tags given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// The options do not stand for tags.
    #[error(transparent)]
    Options(#[from] TagOptionError),
    /// The tags do not make a record: the reader's message.
    #[error("{0}")]
    Unreadable(String),
    /// A tag at fault: the referee's message.
    #[error("{0}")]
    Refused(String),
    /// The tags start no game.
    #[error("{0} cannot start from these tags")]
    NoStart(GameKind),
    /// The tags leave the start to be placed by the players, which a
    /// record cannot wait for.
    #[error(
        "{kind} has no default setup: give one with --setup (like \"{example}\"), draw one with --seed N, or place the pieces in kifu play {kind}"
    )]
    Unplaced {
        /// The game.
        kind: GameKind,
        /// A whole start as its tag writes it.
        example: &'static str,
    },
}

/// The start of a new game of `kind` from these tags (`Game` is added
/// first).
///
/// The tags are checked as the referee checks a record's: a tag of
/// another game, a bad `Date` and every [`crate::game::TagError`] are
/// refused with the referee's message. The record stops before its end
/// is judged: a position in the middle of a lotus turn is a start to play
/// the turn from.
///
/// # Errors
/// The first tag at fault, in words.
pub(crate) fn start(kind: GameKind, tags: &[(String, String)]) -> Result<Start, NewGameError> {
    let mut all = vec![("Game".to_owned(), kind.name().to_owned())];
    all.extend(tags.iter().cloned());
    let text = write_record(&all, &[], &[], None);
    let record = parse_record(text, 1).map_err(|e| NewGameError::Unreadable(e.message))?;
    let options = Options {
        stop_after: Some(0),
        details: false,
    };
    let (verdict, game) = judge(&record, options, |_| {});
    if let Some(fault) = verdict.fault {
        return Err(NewGameError::Refused(fault.message));
    }
    let game = game.ok_or(NewGameError::NoStart(kind))?;
    Ok(Start { tags: all, game })
}

/// A fresh game started as `kifu play` starts one from the same options,
/// with tags `drawn` at random (`--seed`) where no option gives them: the
/// tags of its record (the game writes its own setup tags; the other tags
/// given follow) and its start, for `kifu new` and `kifu serve`.
///
/// # Errors
/// The options or the tags at fault, in words.
pub(crate) fn fresh(
    kind: GameKind,
    setup: &SetupArgs,
    drawn: Vec<(String, String)>,
) -> Result<Start, NewGameError> {
    let tags = setup.tag_list(kind, drawn)?;
    if let Some(placing) = kind.placing(&tags) {
        let example = placing.example();
        return Err(NewGameError::Unplaced { kind, example });
    }
    let Start { game, .. } = start(kind, &tags)?;
    let own = game.setup_tags();
    let mut written = vec![("Game".to_owned(), kind.name().to_owned())];
    written.extend(own.iter().cloned());
    written.extend(tags.into_iter().filter(|(name, _)| {
        !SETUP_TAGS.contains(&name.as_str()) && !own.iter().any(|(n, _)| n == name)
    }));
    Ok(Start {
        tags: written,
        game,
    })
}

/// `kifu new`: the record of a [`fresh`] game.
///
/// # Errors
/// The options or the tags at fault, in words.
pub(crate) fn new_record(
    kind: GameKind,
    setup: &SetupArgs,
    drawn: Vec<(String, String)>,
) -> Result<String, NewGameError> {
    let Start { tags, game } = fresh(kind, setup, drawn)?;
    Ok(RecordBuilder::with_tags(tags).text(game.as_ref()))
}

impl super::Stop for NewGameError {}
