//! Between a session and a record: starting from tags, loading a file, and
//! writing the game back as record text.

use super::Session;
use super::files::GameFile;
use super::tree::Line;
use crate::draw::Charset;
use crate::game::{AnyGame, GameKind};
use crate::model::{ErrorJson, MoveNode, RecordJson, WrittenMoves};
use crate::record::{Record, RecordReader, parse_record, write_record};
use crate::referee::{Options, judge};
use std::io::Read;
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
    /// A new game of `kind` from these tags (`Game` is added first),
    /// checked as `front::setup::start` checks them.
    ///
    /// # Errors
    /// The first tag at fault, in words.
    pub fn start(
        kind: GameKind,
        tags: &[(String, String)],
        charset: Charset,
    ) -> Result<Session, String> {
        let start = crate::front::setup::start(kind, tags)?;
        Ok(Session::from_start(kind, start.tags, start.game, charset))
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
            file: None,
            saved: Line::default(),
            pending: None,
            fault: false,
            colour: false,
            opponent: None,
            movetime: 1000,
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
    ) -> Result<(Session, Option<String>), String> {
        let (verdict, _) = judge(record, Options::default(), |_| {});
        let fault = verdict.fault.map(|fault| format!("{name}:{fault}"));
        let nothing = || {
            fault
                .clone()
                .unwrap_or_else(|| format!("{name}: the record has no game"))
        };
        // A record whose tags are at fault still names its game.
        let named = || {
            let tag = record.tags.iter().find(|t| t.name == "Game")?;
            GameKind::from_name(&tag.value)
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
            Err(e) => return Err(fault.unwrap_or_else(|| format!("{name}: {e}"))),
        };
        let nodes: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
        let line = match &fault {
            None => Line::of_nodes(&nodes, start.as_ref()).map_err(|e| format!("{name}: {e}"))?,
            Some(_) => legal_prefix(&nodes, start.as_ref()),
        };
        let mut session = Session::from_start(kind, tags, start, charset);
        session
            .set_main_line(line)
            .map_err(|e| format!("{name}: {e}"))?;
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

/// The main line of an invalid record, up to its first move that does
/// not play, with the variations of the moves before it if they play.
fn legal_prefix(nodes: &[MoveNode<'_>], start: &dyn AnyGame) -> Line {
    let mut game = start.box_clone();
    let legal = nodes
        .iter()
        .take_while(|node| !game.is_over() && game.play(node.text).is_ok())
        .count();
    let nodes = nodes.get(..legal).unwrap_or_default();
    Line::of_nodes(nodes, start).unwrap_or_else(|_| Line {
        moves: nodes.iter().map(|n| n.text.to_owned()).collect(),
        branches: Vec::new(),
    })
}

/// A session loaded from a file, and the record's fault if it is invalid.
#[derive(Debug)]
pub(super) struct Loaded {
    /// The session, at the end of the record or at its fault.
    pub session: Session,
    /// The fault, ready to print, if the record is invalid.
    pub fault: Option<String>,
}

/// Reads the first record of a file and makes a session of it; when `kind`
/// is given the record must be of that game. The file becomes the game's
/// file (which `:save` writes) unless it is standard input, compressed, or
/// holds more records than the first, which a save would lose.
///
/// # Errors
/// A [`StartError`]: unreadable file (usage), or a record that does not
/// start a game.
pub(super) fn load(
    path: &Path,
    kind: Option<GameKind>,
    charset: Charset,
) -> Result<Loaded, StartError> {
    let input = crate::collection::input::open(path).map_err(StartError::usage)?;
    let name = input.name;
    let mut records = RecordReader::new(input.text);
    let record = match records.next() {
        None => return Err(StartError::invalid(format!("{name}: no record found"))),
        Some(Err(e)) => return Err(StartError::usage(format!("{name}: {e}"))),
        Some(Ok(Err(e))) => return Err(StartError::invalid(format!("{name}:{e}"))),
        Some(Ok(Ok(record))) => record,
    };
    let (mut session, fault) =
        Session::from_record(&record, &name, charset).map_err(StartError::invalid)?;
    if let Some(kind) = kind.filter(|&k| k != session.kind) {
        return Err(StartError::usage(format!(
            "{name}: the record is a game of {}, not {kind}",
            session.kind
        )));
    }
    let alone = records.next().is_none();
    if alone && path.as_os_str() != "-" && !compressed(path) {
        session.file = Some(GameFile::of(path));
    }
    Ok(Loaded { session, fault })
}

/// Whether the file at `path` starts like a compressed stream.
fn compressed(path: &Path) -> bool {
    let mut head = [0u8; 8];
    let read = std::fs::File::open(path).and_then(|mut f| f.read(&mut head));
    read.is_ok_and(|n| crate::collection::input::is_compressed(head.get(..n).unwrap_or_default()))
}
