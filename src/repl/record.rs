//! Between a session and a record: starting from tags, loading a file, and
//! writing the game back as record text.

use super::Session;
use super::tree::Line;
use crate::game::{AnyGame, Charset, GameKind};
use crate::model::{ErrorJson, MoveNode, RecordJson, WrittenMoves};
use crate::record::{Record, RecordReader, parse_record, write_record};
use crate::referee::{Options, judge};
use std::path::Path;

/// Why a session could not start; `usage` marks a bad option or an
/// unreadable file (exit status 2) as against an invalid record (1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StartError {
    /// The message, ready to print.
    pub message: String,
    /// Whether the fault is in the command line or the file system.
    pub usage: bool,
}

impl StartError {
    fn usage(message: String) -> Self {
        Self {
            message,
            usage: true,
        }
    }

    fn invalid(message: String) -> Self {
        Self {
            message,
            usage: false,
        }
    }
}

impl Session {
    /// A new game of `kind` from these tags (`Game` is added first).
    ///
    /// The tags are checked as the referee checks a record's: a tag of
    /// another game, a bad `Date` and every [`crate::game::TagError`] are
    /// refused with the referee's message. The record stops before its
    /// end is judged: a position in the middle of a lotus turn is a start
    /// to play the turn from.
    ///
    /// # Errors
    /// The first tag at fault, in words.
    pub fn start(
        kind: GameKind,
        tags: &[(String, String)],
        charset: Charset,
    ) -> Result<Session, String> {
        let mut all = vec![("Game".to_owned(), kind.name().to_owned())];
        all.extend(tags.iter().cloned());
        let text = write_record(&all, &[], &[], None);
        let record = parse_record(text, 1).map_err(|e| e.message)?;
        let options = Options {
            stop_after: Some(0),
            details: false,
        };
        let (verdict, game) = judge(&record, options, |_| {});
        if let Some(fault) = verdict.fault {
            return Err(fault.message);
        }
        let game = game.ok_or_else(|| format!("{kind} cannot start from these tags"))?;
        Ok(Session::from_start(kind, all, game, charset))
    }

    fn from_start(
        kind: GameKind,
        tags: Vec<(String, String)>,
        game: Box<dyn AnyGame>,
        charset: Charset,
    ) -> Session {
        Session {
            kind,
            tags,
            start: game.box_clone(),
            game,
            done: Vec::new(),
            undone: Vec::new(),
            branches: Vec::new(),
            charset,
            colour: false,
        }
    }

    /// The session a valid record leaves: its tags (less `Result`), its
    /// moves, each one a step that `:undo` takes back, and its variations.
    ///
    /// # Errors
    /// The referee's fault, after `name:` as `kifu validate` prints it.
    pub(crate) fn from_record(
        record: &Record,
        name: &str,
        charset: Charset,
    ) -> Result<Session, String> {
        let (verdict, _) = judge(record, Options::default(), |_| {});
        if let Some(fault) = verdict.fault {
            return Err(format!("{name}:{fault}"));
        }
        let kind = verdict
            .kind
            .ok_or_else(|| format!("{name}: the record has no game"))?;
        let tags: Vec<(String, String)> = record
            .tags
            .iter()
            .filter(|t| t.name != "Result")
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        let start = kind
            .start(crate::game::Tags::new(&record.tags))
            .map_err(|e| format!("{name}: {e}"))?;
        let nodes: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
        let line = Line::of_nodes(&nodes, start.as_ref()).map_err(|e| format!("{name}: {e}"))?;
        let mut session = Session::from_start(kind, tags, start, charset);
        session
            .set_main_line(line)
            .map_err(|e| format!("{name}: {e}"))?;
        Ok(session)
    }

    /// The game as record text: the tags, the numbered moves and the result.
    ///
    /// With `whole_turns`, a game whose turn in progress cannot end here (a
    /// lotus game stopped in the middle of a turn) is refused, since such a
    /// record does not validate.
    ///
    /// # Errors
    /// Why the game cannot be written yet.
    pub(crate) fn record_text(&self, whole_turns: bool) -> Result<String, String> {
        if whole_turns && !self.game.is_over() {
            self.game.check_turn_ends().map_err(|e| {
                let label = self.game.numbering().label();
                let number = self.game.turn().number;
                format!("{label} {number}: {e}: play the rest of it, or :undo")
            })?;
        }
        let line = Line {
            moves: self.moves(),
            branches: self.branches.clone(),
        };
        let written = line.written(self.start.as_ref(), line.moves.len())?;
        let result = match self.game.outcome() {
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
            Err(e) => return error(&e),
        };
        match parse_record(text, 1) {
            Ok(record) => serde_json::to_string(&RecordJson::new("<play>", &record, false))
                .unwrap_or_else(|e| error(&e.to_string())),
            Err(e) => error(&e.to_string()),
        }
    }
}

/// Reads the first record of a file and makes a session of it; when `kind`
/// is given the record must be of that game.
///
/// # Errors
/// A [`StartError`]: unreadable file (usage) or invalid record.
pub(super) fn load(
    path: &Path,
    kind: Option<GameKind>,
    charset: Charset,
) -> Result<Session, StartError> {
    let input = crate::input::open(path).map_err(StartError::usage)?;
    let name = input.name;
    let record = match RecordReader::new(input.text).next() {
        None => return Err(StartError::invalid(format!("{name}: no record found"))),
        Some(Err(e)) => return Err(StartError::usage(format!("{name}: {e}"))),
        Some(Ok(Err(e))) => return Err(StartError::invalid(format!("{name}:{e}"))),
        Some(Ok(Ok(record))) => record,
    };
    let session = Session::from_record(&record, &name, charset).map_err(StartError::invalid)?;
    match kind {
        Some(kind) if kind != session.kind => Err(StartError::usage(format!(
            "{name}: the record is a game of {}, not {kind}",
            session.kind
        ))),
        _ => Ok(session),
    }
}
