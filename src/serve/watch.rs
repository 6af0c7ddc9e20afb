//! The games of a match, followed live: from its `--out` file as it grows
//! (`kifu serve --watch FILE`), or told by the match itself (`kifu match
//! --serve`, through [`super::LiveMatch`]).
//!
//! A match appends each game to its `--out` file whole, as soon as the
//! game ends (one write, a blank line before every record but the
//! first). A thread polls the file's length every [`POLL`] and reads only
//! what was added: every record followed by another one is whole, and the
//! last one is taken once its text ends with a newline and its movetext
//! with a result (`B+`, `*`): a record still being written (a torn tail)
//! is waited for. A file that is another file now (another device or
//! inode: replaced by `mv`, `kifu fmt --in-place` or a new match), that
//! shrinks (cut back by `kifu match --resume`), or whose last bytes read
//! changed, is read again from its start. A match that is
//! served hands each record over as its game ends, read the same way,
//! and the games being played as they change (`super::live`).
//!
//! What is kept is bounded: the last [`KEPT_GAMES`] games (each its final
//! position as `kifu render --format svg` draws it, its players and
//! result), the games being played (one a thread of the match), and the
//! results of all the games counted by their distinct values (a few per
//! pairing), from which the table is made as `kifu match --report` makes
//! it ([`Standings::of`]).
//!
//! Routes (behind the guard, as every route):
//!
//! | request | answer |
//! |---------|--------|
//! | `GET /api/watch` | `{"file", "games", "faults", "shown": [game...], "table", "live": [live game...], "over"}`, or 404 (`serve.no-watch`) without `--watch` |
//! | `GET /api/watch/events` | server-sent events: first `watch` with the same JSON, then `game` `{"game", "games", "faults", "table"}` for each game read, `live` (a live game) each time a game being played changes, `watch` again when the file was read anew (a game already in a state sent is not sent again), and `over` (`{}`) when a served match has ended, after which the stream ends; a stream ends after [`STREAM_TIME`] (the browser reconnects), and at most [`MAX_STREAMS`] are open at once (503, `serve.busy`) |
//!
//! A game is `{"number", "round", "game", "players": [{"side",
//! "engine"}], "result", "termination", "plies", "board", "fault"}`:
//! `number` counts the records of the file from 1, `board` is the SVG of
//! its final position; a record that is no game of a match has its
//! `fault` instead of a board and is not counted in the table. A live
//! game is as `super::live` says; `over` is true once a served match has
//! ended.

use super::error::ApiError;
use super::openapi::ApiDoc;
use crate::draw::{View, picture, svg};
use crate::game::MoveDetail;
use crate::model::{GameResult, Standings};
use crate::record::{ItemKind, RawRecord, Record, RecordReader, SyntaxError};
use crate::tournament::{MainLine, RecordResultError, result_of_record};
use axum::Router;
use axum::extract::{FromRef, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often the file's length is looked at.
pub(super) const POLL: Duration = Duration::from_millis(200);

/// The games whose boards are kept, the last ones read.
pub(super) const KEPT_GAMES: usize = 64;

/// The most event streams open at once.
pub(super) const MAX_STREAMS: usize = 16;

/// How long an event stream lasts before it ends (the browser's
/// `EventSource` reconnects by itself and gets the whole state again).
pub(super) const STREAM_TIME: Duration = Duration::from_secs(60);

/// The most bytes read at one poll; a record longer than that without an
/// end is taken as a fault and passed over.
const MAX_READ: usize = 16 << 20;

/// How many of the last bytes read are kept, to see the file rewritten
/// before where the reading stopped.
const SEAM: usize = 64;

/// A game read from the file, as the page shows it.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
pub(super) struct GameJson {
    /// Its record's number in the file, from 1.
    number: usize,
    /// Its `Round` tag.
    round: Option<String>,
    /// Its game (`mana`), when the record names one.
    game: Option<String>,
    /// Each side and its engine, in turn order.
    players: Vec<PlayerJson>,
    /// Its `Result` tag.
    result: Option<String>,
    /// Its `Termination` tag.
    termination: Option<String>,
    /// The plies of its main line.
    plies: usize,
    /// Its final position, as `kifu render --format svg` draws it.
    board: Option<String>,
    /// Its record, as the file holds it, to replay it (none for a record
    /// that is no game of a match).
    record: Option<String>,
    /// Why it is no game of a match, when it is not.
    fault: Option<String>,
}

/// A side and the engine that played it.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
struct PlayerJson {
    side: String,
    engine: String,
}

/// A game being played, as the page shows it (drawn by `super::live`).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub(super) struct LiveJson {
    /// Its round, which names it.
    pub(super) round: usize,
    /// The game (`mana`).
    pub(super) game: &'static str,
    /// Each side, in turn order.
    pub(super) players: Vec<SeatJson>,
    /// The side whose clock runs.
    pub(super) thinking: Option<String>,
    /// The plies played.
    pub(super) plies: usize,
    /// The time control, as the `TimeControl` tag writes it.
    pub(super) control: String,
    /// The position, as `kifu render --format svg` draws it.
    pub(super) board: String,
}

/// A side of a game being played.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub(super) struct SeatJson {
    pub(super) side: String,
    pub(super) engine: String,
    /// Milliseconds left on its clock.
    pub(super) left_ms: u64,
    /// The last `info` line its engine sent with a move.
    pub(super) info: Option<String>,
}

/// What is known of the file.
#[derive(Debug)]
struct Seen {
    /// The bytes of the file read so far: up to the end of the last whole
    /// record.
    consumed: u64,
    /// The lines of the file read so far, to say where a fault is.
    lines: usize,
    /// The file read: its device and inode.
    file: Option<(u64, u64)>,
    /// The last bytes read, at most [`SEAM`].
    seam: Vec<u8>,
    /// The records read.
    games: usize,
    /// The records that are no game of a match.
    faults: usize,
    /// The last [`KEPT_GAMES`] games, oldest first.
    shown: VecDeque<Arc<GameJson>>,
    /// Every result counted, by distinct value, in the order first seen.
    results: Vec<(GameResult, usize)>,
    /// The table of the results.
    table: Standings,
    /// The games being played (`kifu match --serve`), by round.
    live: BTreeMap<usize, Arc<LiveJson>>,
    /// The rounds of the games that ended, whose live boards are gone.
    ended: HashSet<usize>,
    /// Whether the match is over (`kifu match --serve`).
    over: bool,
}

impl Default for Seen {
    fn default() -> Self {
        Self {
            consumed: 0,
            lines: 0,
            file: None,
            seam: Vec::new(),
            games: 0,
            faults: 0,
            shown: VecDeque::new(),
            results: Vec::new(),
            table: Standings::of(&[]),
            live: BTreeMap::new(),
            ended: HashSet::new(),
            over: false,
        }
    }
}

/// What the event streams are told.
#[derive(Debug, Clone)]
enum Update {
    /// A game read: its number and the `game` event's JSON.
    Game(usize, Arc<str>),
    /// The file was read anew: send the whole state again.
    Anew,
    /// A game being played, as the `live` event's JSON.
    Live(Arc<str>),
    /// The match is over.
    Over,
}

/// A match followed: its `--out` file, or the match itself.
#[derive(Debug)]
pub(super) struct Watch {
    /// The file as named on the command line, or what names the match.
    name: String,
    seen: Mutex<Seen>,
    updates: broadcast::Sender<Update>,
    streams: AtomicUsize,
}

/// `GET /api/watch`: the whole state.
#[derive(Debug, Serialize, schemars::JsonSchema)]
struct WatchJson<'a> {
    file: &'a str,
    games: usize,
    faults: usize,
    shown: Vec<&'a GameJson>,
    table: &'a Standings,
    live: Vec<&'a LiveJson>,
    over: bool,
}

/// The `game` event.
#[derive(Debug, Serialize)]
struct GameEvent<'a> {
    game: &'a GameJson,
    games: usize,
    faults: usize,
    table: &'a Standings,
}

impl Watch {
    /// A watch of the match `name`, told its games by the match itself.
    pub(super) fn new(name: &str) -> Arc<Watch> {
        let (updates, _) = broadcast::channel(256);
        Arc::new(Watch {
            name: name.to_owned(),
            seen: Mutex::new(Seen::default()),
            updates,
            streams: AtomicUsize::new(0),
        })
    }

    /// Follows `path`, from a thread that polls it every [`POLL`] for as
    /// long as the process runs.
    pub(super) fn follow(path: &Path) -> Arc<Watch> {
        let watch = Watch::new(&path.display().to_string());
        let polled = Arc::clone(&watch);
        let path = path.to_path_buf();
        std::thread::spawn(move || {
            loop {
                polled.poll(&path);
                std::thread::sleep(POLL);
            }
        });
        watch
    }

    fn seen(&self) -> MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reads what was added to the file at `path` since the last poll,
    /// or the whole file again when it is another file now, or changed
    /// before where the last poll stopped. A file that cannot be read now
    /// (not there yet) is tried again at the next.
    fn poll(&self, path: &Path) {
        let Ok(meta) = std::fs::metadata(path) else {
            return;
        };
        let mut seen = self.seen();
        let file = identity(&meta);
        if meta.len() < seen.consumed || (seen.consumed > 0 && file != seen.file) {
            self.anew(&mut seen);
        }
        seen.file = file;
        if meta.len() == seen.consumed {
            return;
        }
        let seam = seen.seam.len();
        let Ok(mut chunk) = read_from(path, seen.consumed - seam as u64) else {
            return;
        };
        if chunk.starts_with(&seen.seam) {
            chunk.drain(..seam);
        } else {
            self.anew(&mut seen);
            seen.file = file;
            let Ok(whole) = read_from(path, 0) else {
                return;
            };
            chunk = whole;
        }
        let (games, used, lines) = whole_records(&chunk, seen.lines);
        let mut last = std::mem::take(&mut seen.seam);
        last.extend_from_slice(&chunk[used.saturating_sub(SEAM)..used]);
        seen.seam = last.split_off(last.len().saturating_sub(SEAM));
        seen.consumed += used as u64;
        seen.lines += lines;
        self.take(&mut seen, games);
    }

    /// Forgets what was read, to read the file again from its start, and
    /// tells the streams.
    fn anew(&self, seen: &mut Seen) {
        *seen = Seen::default();
        let _ = self.updates.send(Update::Anew);
    }

    /// Counts and shows the records read, and tells the streams.
    fn take(&self, seen: &mut Seen, games: Vec<Read1>) {
        for (record, fault) in games {
            seen.games += 1;
            let number = seen.games;
            let game = Arc::new(match record {
                Some(record) => game_of_record(number, &record, seen),
                None => {
                    seen.faults += 1;
                    GameJson::fault(number, None, fault)
                }
            });
            if seen.shown.len() == KEPT_GAMES {
                seen.shown.pop_front();
            }
            seen.shown.push_back(Arc::clone(&game));
            let event = GameEvent {
                game: &game,
                games: seen.games,
                faults: seen.faults,
                table: &seen.table,
            };
            if let Ok(text) = serde_json::to_string(&event) {
                let _ = self.updates.send(Update::Game(number, text.into()));
            }
        }
    }

    /// A game of the match being played, its `live` JSON: shown unless it
    /// has ended meanwhile.
    pub(super) fn live(&self, game: LiveJson) {
        let mut seen = self.seen();
        if seen.ended.contains(&game.round) {
            return;
        }
        if let Ok(text) = serde_json::to_string(&game) {
            let _ = self.updates.send(Update::Live(text.into()));
        }
        seen.live.insert(game.round, Arc::new(game));
    }

    /// A game of the match ended: its live board goes, its record is read
    /// as a record of the `--out` file is.
    pub(super) fn ended(&self, round: usize, record: &str) {
        let mut seen = self.seen();
        seen.live.remove(&round);
        seen.ended.insert(round);
        let text = format!("{}\n", record.trim_end());
        let lines = seen.lines;
        let (games, _, used_lines) = whole_records(text.as_bytes(), lines);
        seen.lines += used_lines;
        self.take(&mut seen, games);
    }

    /// The match is over: the streams say so and end. Waits, at most
    /// `grace`, until they have.
    pub(super) fn finish(&self, grace: Duration) {
        self.seen().over = true;
        let _ = self.updates.send(Update::Over);
        let until = std::time::Instant::now() + grace;
        while self.streams.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The whole state as JSON.
    fn state_json(seen: &Seen, name: &str) -> String {
        let live = seen.live.values().map(AsRef::as_ref).collect();
        let state = WatchJson {
            file: name,
            games: seen.games,
            faults: seen.faults,
            shown: seen.shown.iter().map(AsRef::as_ref).collect(),
            table: &seen.table,
            live,
            over: seen.over,
        };
        serde_json::to_string(&state).unwrap_or_default()
    }
}

/// The device and inode of a file, which another file put in its place
/// does not share.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

/// No identity where the system gives none: a replaced file is known by
/// its bytes alone.
#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// The bytes of `path` from `at`, at most [`MAX_READ`].
fn read_from(path: &Path, at: u64) -> std::io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?;
    file.seek(SeekFrom::Start(at))?;
    let mut chunk = Vec::new();
    file.take(MAX_READ as u64).read_to_end(&mut chunk)?;
    Ok(chunk)
}

/// A whole record read, or its fault.
type Read1 = (Option<Record>, String);

/// Why a record of a chunk was not read.
#[derive(Debug, thiserror::Error)]
enum Unread {
    /// Its text is not a record.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The chunk is no text.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The whole records at the start of `chunk` (each parsed, or the fault
/// that keeps it from being parsed), the bytes and the lines they take;
/// `lines` are the lines of the file before `chunk`.
fn whole_records(chunk: &[u8], lines: usize) -> (Vec<Read1>, usize, usize) {
    let mut reader = RecordReader::new(chunk);
    // Each record: its first line in `chunk` (from 1), its last, and the
    // record or its fault; an unreadable chunk (not text) is one fault.
    let mut found: Vec<(usize, usize, Result<Record, Unread>)> = Vec::new();
    loop {
        match reader.next_raw() {
            Ok(Some(Ok(raw))) => {
                let first = raw.first_line;
                let last = first + count_lines(raw.text.as_bytes()).max(1) - 1;
                found.push((first, last, RawRecord::parse(raw).map_err(Unread::from)));
            }
            Ok(Some(Err(e))) => {
                let line = e.location.line;
                found.push((line, line, Err(e.into())));
            }
            Ok(None) => break,
            Err(e) => {
                found.push((1, 1, Err(e.into())));
                break;
            }
        }
    }
    let ends_line = chunk.last() == Some(&b'\n');
    let last_whole = match found.last() {
        Some((_, _, Ok(record))) => ends_line && ends_with_result(record),
        _ => false,
    };
    let all = chunk.len();
    let (used, used_lines) = match found.len() {
        0 => (all, count_lines(chunk)),
        _ if last_whole => (all, count_lines(chunk)),
        // Nothing whole in a chunk as long as a read gets: a fault, passed.
        1 if all >= MAX_READ => (all, count_lines(chunk)),
        _ => {
            // The torn record starts after the one before it (a fault in
            // it may be said on any of its lines).
            found.pop();
            let at = found
                .last()
                .map_or(0, |(_, last, _)| line_start(chunk, last + 1));
            (at, count_lines(&chunk[..at]))
        }
    };
    let games = (found.into_iter())
        .map(|(first, _, parsed)| match parsed {
            Ok(record) => (Some(record), String::new()),
            Err(fault) => (None, format!("line {}: {fault}", lines + first)),
        })
        .collect();
    (games, used, used_lines)
}

/// Whether the movetext of `record` ends with a result.
fn ends_with_result(record: &Record) -> bool {
    record
        .items
        .last()
        .is_some_and(|item| matches!(item.kind(), ItemKind::Result))
}

/// The newlines in `bytes`.
fn count_lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// The offset of line `line` (from 1) of `chunk`.
fn line_start(chunk: &[u8], line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    (chunk.iter().enumerate())
        .filter(|(_, b)| **b == b'\n')
        .nth(line - 2)
        .map_or(chunk.len(), |(at, _)| at + 1)
}

impl GameJson {
    /// A record that is no game of a match.
    fn fault(number: usize, record: Option<&Record>, fault: String) -> Self {
        let tag = |name: &str| record.and_then(|r| r.tag(name)).map(str::to_owned);
        GameJson {
            number,
            round: tag("Round"),
            game: tag("Game"),
            players: Vec::new(),
            result: tag("Result"),
            termination: tag("Termination"),
            plies: 0,
            board: None,
            record: None,
            fault: Some(fault),
        }
    }
}

/// The game of `record`, its result counted into `seen`'s table.
fn game_of_record(number: usize, record: &Record, seen: &mut Seen) -> GameJson {
    let read = (MainLine::of(record).map_err(RecordResultError::from))
        .and_then(|line| Ok((result_of_record(record)?, line)));
    let (result, line) = match read {
        Ok(read) => read,
        Err(fault) => {
            seen.faults += 1;
            return GameJson::fault(number, Some(record), fault.to_string());
        }
    };
    let engines: Vec<String> = match &result {
        GameResult::Duel { engines, .. } => engines.to_vec(),
        GameResult::Race { seats } => seats.iter().map(|s| s.engine.clone()).collect(),
    };
    let players = (line.end.players().iter().zip(engines))
        .map(|(side, engine)| PlayerJson {
            side: (*side).to_owned(),
            engine,
        })
        .collect();
    match seen
        .results
        .iter_mut()
        .find(|(counted, _)| *counted == result)
    {
        Some((_, count)) => *count += 1,
        None => seen.results.push((result, 1)),
    }
    let all: Vec<GameResult> = (seen.results.iter())
        .flat_map(|(result, count)| std::iter::repeat_n(result.clone(), *count))
        .collect();
    seen.table = Standings::of(&all);
    let last = MoveDetail::last_of(line.start.as_ref(), &line.moves);
    let view = View {
        last: last.as_ref().map(|detail| &detail.parts),
        ..View::default()
    };
    let end = line.end.as_ref();
    let scene = picture(end, end.kind(), &view, line.moves.len());
    let mut game = GameJson::fault(number, Some(record), String::new());
    game.players = players;
    game.plies = line.moves.len();
    game.board = Some(svg::write(&scene, None));
    game.record = Some(record.text().to_owned());
    game.fault = None;
    game
}

/// The routes of the watch.
pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Option<Arc<Watch>>: FromRef<S>,
{
    Router::new()
        .route("/api/watch", get(state))
        .route("/api/watch/events", get(events))
}

/// Describes the routes of the watch in `doc`.
pub(super) fn describe(doc: &mut ApiDoc) {
    doc.get::<WatchJson>(
        "/api/watch",
        "The match watched: its games, table and live boards.",
    );
    let events = "The watch's server-sent events: watch, game, live and over.";
    doc.get_text("/api/watch/events", events, "text/event-stream");
}

/// 404 without `--watch`.
fn no_watch() -> Response {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "serve.no-watch",
        "no match is watched: start kifu serve with --watch FILE".to_owned(),
    )
    .into_response()
}

/// `GET /api/watch`.
async fn state(State(watch): State<Option<Arc<Watch>>>) -> Response {
    let Some(watch) = watch else {
        return no_watch();
    };
    let text = Watch::state_json(&watch.seen(), &watch.name);
    let mut response = Response::new(text.into());
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// An open event stream, counted while it lasts.
struct Stream {
    watch: Arc<Watch>,
    updates: broadcast::Receiver<Update>,
    /// The whole state, to send first.
    first: Option<String>,
    /// The games the stream has sent (in a state or one by one): a game
    /// read again after the state that holds it is not sent twice.
    sent: usize,
    until: tokio::time::Instant,
    /// Whether the match is over and the stream has said so: it ends.
    over: bool,
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.watch.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `GET /api/watch/events`.
async fn events(State(watch): State<Option<Arc<Watch>>>) -> Response {
    let Some(watch) = watch else {
        return no_watch();
    };
    let open = watch.streams.fetch_add(1, Ordering::SeqCst);
    let (updates, first, sent, over) = {
        let seen = watch.seen();
        // Subscribed under the lock: no game falls between the state and
        // the events.
        let first = Watch::state_json(&seen, &watch.name);
        (watch.updates.subscribe(), first, seen.games, seen.over)
    };
    let stream = Stream {
        watch: Arc::clone(&watch),
        updates,
        first: Some(first),
        sent,
        until: tokio::time::Instant::now() + STREAM_TIME,
        over,
    };
    if open >= MAX_STREAMS {
        drop(stream);
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "serve.busy",
            format!("at most {MAX_STREAMS} event streams are open at once"),
        )
        .into_response();
    }
    let events = futures_util::stream::unfold(stream, |mut stream| async move {
        if let Some(first) = stream.first.take() {
            let event = Event::default().event("watch").data(first);
            return Some((Ok::<_, std::convert::Infallible>(event), stream));
        }
        if stream.over {
            return None;
        }
        loop {
            let update = tokio::select! {
                update = stream.updates.recv() => update,
                () = tokio::time::sleep_until(stream.until) => return None,
            };
            let event = match update {
                Ok(Update::Game(number, _)) if number <= stream.sent => continue,
                Ok(Update::Game(number, text)) => {
                    stream.sent = number;
                    Event::default().event("game").data(&*text)
                }
                Ok(Update::Anew) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    let text = {
                        let seen = stream.watch.seen();
                        stream.sent = seen.games;
                        Watch::state_json(&seen, &stream.watch.name)
                    };
                    Event::default().event("watch").data(text)
                }
                Ok(Update::Live(text)) => Event::default().event("live").data(&*text),
                Ok(Update::Over) => {
                    stream.over = true;
                    Event::default().event("over").data("{}")
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            return Some((Ok(event), stream));
        }
    });
    Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "[Game \"mana\"]\n[Setup \"c1 c6\"]\n[Round \"1\"]\n[Black \"a\"]\n[White \"b\"]\n[Termination \"normal\"]\n[Result \"*\"]\n\n1. a1-b3 a6-a5 *\n";

    #[test]
    fn a_torn_last_record_is_waited_for() {
        let two = format!("{ONE}\n{ONE}");
        let (games, used, lines) = whole_records(two.as_bytes(), 0);
        assert_eq!((games.len(), used, lines), (2, two.len(), 19));
        for cut in [two.len() - 1, two.len() - 3, ONE.len() + 5, ONE.len() + 40] {
            let (games, used, lines) = whole_records(&two.as_bytes()[..cut], 0);
            assert_eq!((games.len(), used, lines), (1, ONE.len() + 1, 10), "{cut}");
        }
        let (games, used, _) = whole_records(&two.as_bytes()[..ONE.len() - 2], 0);
        assert_eq!((games.len(), used), (0, 0));
    }

    #[test]
    fn lines_start_where_they_start() {
        assert_eq!(line_start(b"a\nb\nc", 1), 0);
        assert_eq!(line_start(b"a\nb\nc", 3), 4);
        assert_eq!(line_start(b"a\nb\n", 4), 4);
    }
}
