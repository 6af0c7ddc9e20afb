//! Between a session and a record: starting from tags, loading a file, and
//! writing the game back as record text.

use super::Session;
use crate::collection::input::OpenError;
use crate::draw::Charset;
use crate::front::Status;
use crate::game::{AnyGame, GameKind, MoveError, SetupError};
use crate::model::{ErrorJson, MoveNode, WrittenMoves, record_json};
use crate::play::{GameTree, Growth, HeardTree, NodeId, Start, StartError, start_of_tags};
use crate::record::{Record, SyntaxError, parse_record, write_record};
use crate::referee::{Options, Ply, judge_with};
use std::io;

/// Why a file cannot be loaded into a session.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LoadError {
    /// The file cannot be opened.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// It holds no record.
    #[error("{0}: no record found")]
    Empty(String),
    /// It cannot be read.
    #[error("{name}: {error}")]
    Input {
        /// The file, as messages name it.
        name: String,
        /// What failed.
        error: io::Error,
    },
    /// Its first record cannot be read.
    #[error("{name}:{error}")]
    Syntax {
        /// The file, as messages name it.
        name: String,
        /// Where and why.
        error: SyntaxError,
    },
    /// Its first record starts no session.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A record of another game than the one asked for.
    #[error("{name}: the record is a game of {found}, not {wanted}")]
    OtherGame {
        /// The file, as messages name it.
        name: String,
        /// The record's game.
        found: GameKind,
        /// The game asked for.
        wanted: GameKind,
    },
}

impl crate::front::Stop for LoadError {
    /// 2 for a bad option or an unreadable file, 1 for an invalid record.
    fn status(&self) -> Status {
        match self {
            LoadError::Open(_) | LoadError::Input { .. } | LoadError::OtherGame { .. } => {
                Status::Trouble
            }
            LoadError::Empty(_) | LoadError::Syntax { .. } | LoadError::Record(_) => {
                Status::Invalid
            }
        }
    }
}

/// Why a record cannot become a session; the message starts with the
/// file's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RecordError {
    /// The referee's fault, as `kifu validate` prints it after `name:`.
    #[error("{0}")]
    Fault(String),
    /// A record of no known game.
    #[error("{0}: the record has no game")]
    NoGame(String),
    /// Its start is at fault.
    #[error("{name}: {error}")]
    Start {
        /// The file, as messages name it.
        name: String,
        /// Why the start is refused.
        error: SetupError,
    },
}

/// Why the game cannot be written as a record yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TextError {
    /// A lotus game stopped in the middle of a turn.
    #[error("{label} {number}: {error}: play the rest of it, or :undo")]
    TurnCut {
        /// `move` or `turn`.
        label: &'static str,
        /// The number of the move or turn.
        number: u32,
        /// Why it cannot end here.
        error: MoveError,
    },
}

impl Session {
    /// A new game of `kind` from these tags (`Game` is added first),
    /// started as every front starts one ([`crate::play::start_of_tags`]).
    ///
    /// # Errors
    /// The first tag at fault, in words.
    pub fn start(
        kind: GameKind,
        tags: &[(String, String)],
        charset: Charset,
    ) -> Result<Session, StartError> {
        Ok(Session::of_start(
            start_of_tags(kind, tags.to_vec())?,
            charset,
        ))
    }

    /// A session of a fresh game's `start`, dated today.
    pub(crate) fn of_start(start: Start, charset: Charset) -> Session {
        let Start {
            kind,
            tags,
            game,
            placing,
        } = start;
        let mut session = match placing {
            Some(placing) => Session::placing(kind, tags, placing, charset),
            None => Session::from_start(kind, tags, game, charset),
        };
        session.date_today();
        session
    }

    /// Dates the game today, unless a `Date` tag was given; the tag goes
    /// after `Game`, where records have it.
    pub(super) fn date_today(&mut self) {
        if !self.tags.iter().any(|(name, _)| name == "Date") {
            let at = self
                .tags
                .iter()
                .position(|(name, _)| name == "Game")
                .map_or(0, |i| i + 1);
            self.tags
                .insert(at, ("Date".to_owned(), crate::game::today()));
        }
    }

    pub(super) fn from_start(
        kind: GameKind,
        tags: Vec<(String, String)>,
        game: Box<dyn AnyGame>,
        charset: Charset,
    ) -> Session {
        Session {
            kind,
            tags,
            tree: GameTree::new(game),
            done: Vec::new(),
            undone: Vec::new(),
            charset,
            file: None,
            saved: super::guard::Saved::default(),
            pending: None,
            fault: false,
            colour: false,
            opponent: None,
            movetime: 1000,
            placing: None,
            placed_from: None,
            cp_said: false,
        }
    }

    /// The session a record leaves: its tags (less `Result`), its moves,
    /// each one a step that `:undo` takes back, and its variations; with
    /// the referee's fault, after `name:` as `kifu validate` prints it, if
    /// the record is invalid. An invalid record is played up to its fault,
    /// on its main line only (its variations are left out).
    ///
    /// # Errors
    /// A record of no known game, or whose start is at fault.
    pub(crate) fn from_record(
        record: &Record,
        name: &str,
        charset: Charset,
    ) -> Result<(Session, Option<String>), RecordError> {
        // A record whose tags are at fault still names its game.
        let named = || {
            let tag = record.tags.iter().find(|t| t.name == "Game")?;
            GameKind::from_name(&tag.value)
        };
        // The tree is heard from the walk, from the record's start.
        let known = crate::referee::game_of(record).or_else(named);
        let mut heard = (known
            .and_then(|kind| kind.start(crate::game::Tags::new(&record.tags)).ok()))
        .map(HeardTree::new);
        let (verdict, _) = match heard.as_mut() {
            Some(heard) => {
                let options = Options {
                    details: true,
                    ..Options::default()
                };
                judge_with(record, options, heard)
            }
            None => judge_with(record, Options::default(), &mut |_: Ply<'_>| {}),
        };
        let fault = verdict.fault.map(|fault| format!("{name}:{fault}"));
        let nothing = || match &fault {
            Some(fault) => RecordError::Fault(fault.clone()),
            None => RecordError::NoGame(name.to_owned()),
        };
        let kind = verdict
            .kind
            .or_else(|| crate::referee::game_of(record))
            .or_else(named)
            .ok_or_else(nothing)?;
        // The result comes from the game, and so does how it ends: a
        // match referee's Termination stops holding once play goes on.
        let tags: Vec<(String, String)> = record
            .tags
            .iter()
            .filter(|t| t.name != "Result" && t.name != "Termination")
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        let start = match kind.start(crate::game::Tags::new(&record.tags)) {
            Ok(start) => start,
            Err(error) => {
                return Err(match fault {
                    Some(fault) => RecordError::Fault(fault),
                    None => RecordError::Start {
                        name: name.to_owned(),
                        error,
                    },
                });
            }
        };
        let tree = match (&fault, heard) {
            (None, Some(heard)) => heard.into_tree(),
            _ => legal_prefix(record, start.as_ref()),
        };
        let mut session = Session::from_start(kind, tags, start, charset);
        session.tree = tree;
        session.play_main_line();
        session.mark_saved();
        session.fault = fault.is_some();
        Ok((session, fault))
    }

    /// The game as record text: the tags, the numbered moves and the result.
    ///
    /// With `whole_turns`, a game whose turn in progress cannot end here (a
    /// lotus game stopped in the middle of a turn) is refused, since such a
    /// record does not validate.
    ///
    /// # Errors
    /// Why the game cannot be written yet.
    pub(crate) fn record_text(&self, whole_turns: bool) -> Result<String, TextError> {
        let game = self.game();
        if whole_turns && !game.is_over() {
            game.check_turn_ends().map_err(|error| TextError::TurnCut {
                label: game.numbering().label(),
                number: game.turn().number,
                error,
            })?;
        }
        let written = self.tree.written(self.cursor());
        let result = match game.outcome() {
            Some(outcome) => outcome.token,
            None => Some("*"),
        };
        Ok(write_record(&self.tags, &[], &written, result))
    }

    /// The game as `kifu json` prints it, on one line.
    pub(crate) fn json(&self) -> String {
        let error = |e: &str| serde_json::to_string(&ErrorJson::new(e)).unwrap_or_default();
        let text = match self.record_text(false) {
            Ok(text) => text,
            Err(e) => return error(&e.to_string()),
        };
        match parse_record(text, 1) {
            Ok(record) => match record_json("<play>", &record, false) {
                Ok((line, _)) => line,
                Err(e) => error(&e.to_string()),
            },
            Err(e) => error(&e.to_string()),
        }
    }
}

/// The main line of an invalid record, up to its first move that does
/// not play, with the variations of the moves before it if they all play.
fn legal_prefix(record: &Record, start: &dyn AnyGame) -> GameTree {
    let nodes: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
    let mut tree = GameTree::new(start.box_clone());
    let mut growth = Growth {
        variations: true,
        annotations: false,
        flat: false,
    };
    if !tree.grow(NodeId::START, &nodes, growth) {
        growth.variations = false;
        tree = GameTree::new(start.box_clone());
        tree.grow(NodeId::START, &nodes, growth);
    }
    tree
}

/// A session loaded from a file, and the record's fault if it is invalid.
#[derive(Debug)]
pub(super) struct Loaded {
    /// The session, at the end of the record or at its fault.
    pub session: Session,
    /// The fault, ready to print, if the record is invalid.
    pub fault: Option<String>,
}
