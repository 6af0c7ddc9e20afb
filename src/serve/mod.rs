//! `kifu serve`: a local web server with a board in the browser. The
//! referee, the engine and the files stay in kifu: the page asks, this
//! module answers. Nothing here prints; `kifu serve` (the binary's front)
//! prints the address and the warnings.
//!
//! - [`Server::bind`] binds the address (loopback unless one is given)
//!   and draws the token; [`Server::run`] serves until the process ends;
//! - `guard`: every request passes the same checks, in this order: its
//!   `Host` must be the server's own (`127.0.0.1:PORT`, `localhost:PORT`,
//!   `[::1]:PORT`, or the address given), else 421, which stops DNS
//!   rebinding; an `Origin`, when present, must be `http://` and one of
//!   those hosts, else 403, which stops cross-site requests; then it
//!   must carry the token, else 401: `GET /?token=T` (the address
//!   printed) sets it as an HttpOnly, SameSite=Strict cookie that later
//!   requests carry, and scripts may send `Authorization: Bearer T`;
//! - `listen`: at most [`MAX_CONNECTIONS`] connections are open: a new
//!   one asks the oldest to close (at once when idle, after its answer
//!   when busy), so idle connections cannot keep a real request out; a
//!   connection that sends no whole request head for [`IDLE`] is closed,
//!   and so is one that reads nothing of its answer for [`UNREAD`]; a
//!   request is answered within [`REQUEST_TIME`] or gets 408, and a body
//!   over [`MAX_BODY`] bytes gets 413;
//! - `files`: the records the server may read and write are those of
//!   the files and directories named at its start (a directory walked
//!   for `*.kifu` as `kifu validate DIR` walks it, where a file reached
//!   through a symbolic link that leaves the directory is left out),
//!   named in requests by their index in that list, never by a path;
//! - `games`: the games being played, in memory, each a
//!   [`crate::board::Play`] behind a lock of its own;
//! - `annotate`: the records open for annotation, in memory, and their
//!   routes (`/api/files/{i}/records/{r}/open`, `/api/annotations/...`),
//!   which its module doc describes;
//! - `watch`: a match followed live, from its `--out` file (`--watch`)
//!   or told by the match (`kifu match --serve`), its routes and events;
//! - `live`: [`LiveMatch`], what `kifu match --serve` shows its games
//!   to, and how their boards are drawn for the page (it feeds `watch`);
//! - `page`: the page and its scripts; `listing`: `GET /api/files`;
//! - `router`: the routes of every module merged behind the guard, with
//!   their shared state, the one module that names them all.
//!
//! The modules of routes (`page`, `listing`, `games`, `annotate`,
//! `watch`) import none of each other, nor `router`: each takes the state
//! it needs by type (`State<Arc<Games>>`, through axum's `FromRef` from
//! the router's `App`) and imports only what every route shares, which
//! imports none of them: `error` (`ApiError`, the one
//! refusal), `extract` (axum's `Json` and `Query`, refused as an
//! `ApiError`), `state` (the registry of the games and the records open,
//! by id), `files` and `reply`; what a game does, and what its requests
//! ask and answer, is [`crate::board`]'s, which the static board answers
//! too.
//!
//! The API (every body is JSON; an error is `{"error": "...", "code":
//! "..."}` with the status; a body that is not the JSON a request takes
//! is 400, `serve.body`, and a query that is not the one it takes 400,
//! `serve.query`):
//!
//! | request | answer |
//! |---------|--------|
//! | `GET /` | the page, which plays a game by clicking or dragging its legal moves |
//! | `GET /api/openapi.json` | the OpenAPI 3.1 document of every route: the JSON Schema of each body and answer, generated from the types that read and write them (module `openapi`) |
//! | `GET /api/files` | `[{"index", "name", "exists", "records"}]`: the files that may be opened |
//! | `GET /api/files/{i}` | `{"index", "name", "records": [...], "next"}`: a page of records, each as `kifu json` gives it, verdict included: at most 100 (`files::PAGE_RECORDS`), and no more once past 1 MiB (`files::PAGE_BYTES`); `?from=F&count=N` gives up to N records from the Fth (0 the first), those before skipped unread; `next` is the number of the first record left for another page, or `null` |
//! | `POST /api/games` `{"game": "mana", "setup": "c1 c6"}` | 201 and the new game's state; the other fields are those of `kifu new`: `position`, `players`, `flowers`, `course`, `rotation`, `first`, `discs`, `tags` (`["Event=Club"]`) and `seed` |
//! | `GET /api/games/{id}` | the game's state |
//! | `POST /api/games/{id}/moves` `{"move": "e1-e4"}` | the new state, or 422 with the referee's refusal and its fault code |
//! | `POST /api/games/{id}/engine` `{"movetime": 500}` | the engine plays the side to move (lotus: its whole turn), or while the start is placed places the mover's (its squares the `moves`); `{"moves", "resigned", "state"}` |
//! | `POST /api/games/{id}/hint` `{"movetime": 500}` | the engine's move for the side to move (or placement for the side to place), not played: `{"moves", "resigned"}` |
//! | `POST /api/games/{id}/placement` `{"square": "c1"}` | the mover of a start being placed gives its next square; the new state, or 422 for a square not open |
//! | `POST /api/games/{id}/save` `{"file": i}` | the game written as a record to file `i`: `{"file", "name", "records"}` |
//! | `POST /api/games/{id}/analyse` `{"movetime": 500}` or `{"depth": 6}` | the engine's view of the position shown: `{"ply", "to_move", "score", "pv", "best"}` (`score` as KEP writes it, `cp 35`, from the view of the player to move) |
//! | `POST /api/games/{id}/graph` `{"movetime": 100}` | the score of every position from the start: `{"player", "points": [{"ply", "score", "value"}]}`, `value` from `player`'s view within ±1000 (at most 20 s of search in all; not for Lotus) |
//!
//! The engine of `engine`, `hint`, `analyse` and `graph` is `--engine`'s
//! (the built-in one unless given): each game starts its own seat at its
//! first question and keeps it (at most `games::MAX_SEATS` games keep
//! theirs; past that a seat lives for one question) and lets it go when
//! it fails, which is a 502
//! (`serve.engine`) with the game unchanged; `GET /api/files` counts a
//! file's records again only when its length or time of change differ.
//!
//! A game's state is `{"id", "game", "tags", "moves", "players",
//! "to_move", "constraint", "legal_moves", "board", "size", "squares",
//! "pieces", "buttons", "placing", "result", "record"}`: `tags` are those
//! a record starting from the position carries (its `Position`), `board`
//! the SVG picture of `kifu render --format svg`, `result` the outcome
//! once the game is over, `record` the game as a record. What the page
//! needs to play by clicking, the rules staying here: `size` is the
//! board's `viewBox` (width, height), `squares` each square of the
//! picture (`{"square", "x", "y", "w", "h"}`, by its `data-square`
//! name: `e4`, or a Lotus place `0`, `17`, `arrival-2`;
//! [`crate::draw::Scene::spots`]), `pieces` the legal moves by the square
//! they leave (`[{"from", "targets": [{"to", "moves"}]}]`, as each game's
//! [`crate::draw::Drawing::move_squares`] names them; a target with
//! several moves is a choice, Mana's bird or a Lotus exchange), and
//! `buttons` the legal moves that leave no square (a pass, a Mana
//! re-entry). While the start is placed (Escampe without a `Setup`:
//! [`crate::play::Start::placing`]), `placing` is `{"mover", "request", "given",
//! "open"}`, the squares given so far and those open to the next, there
//! are no legal moves, and moves, analyses and saves get 409
//! (`serve.placing`); the engine places for the mover as `kifu match`
//! asks a seat (a new game from the placement's tag, asked with no
//! moves), its squares checked as clicked ones are and replacing any
//! clicked (an engine that places wrongly is a 502, nothing placed), and
//! a hint gives them unplaced; once every side has placed, the start's
//! tag joins the record's tags after `Game`.
//!
//! The page marks the squares with transparent spots laid over the
//! picture (`.spot` elements placed from `squares`, by `board.js`, which
//! the play and the annotation share), so that the SVG stays the very
//! picture `kifu render` draws. A move is entered by clicking the piece
//! then its target, or by dragging the piece onto its target (Pointer
//! Events: mouse, touch or pen; a press chooses the piece and marks its
//! targets, the target under the pointer is marked `.over`, and a
//! release on a target plays as a click there would; a release anywhere
//! else leaves the piece chosen). The new-game form shows the fields of
//! `kifu new` that the chosen game takes (Setup; Lotus's Players,
//! Flowers and Course; Shogun's Rotation, First and Discs; Position,
//! Seed and tags for any) and shows the server's refusal of a bad value.
//! It is busy (`<html data-state="busy">`) while a request runs, and when
//! the side to move (or to place a start) is the one chosen under
//! "Engine plays", asks the engine at once.
//!
//! The page's annotate list shows a file's records a page of 100 at a
//! time (`GET /api/files/{i}?from=F&count=100`, the file's total from
//! `GET /api/files`), with previous and next pages and a record number
//! that lists its page and opens it, so that a collection of 10,000
//! records opens as fast as one of 100 (`benches/browser_serve.sh`).
//!
//! A save appends the game's record to the file, atomically (the whole
//! new text is written beside the file and renamed over it, as `kifu
//! play`'s `:save` does). A game saved again to the same file replaces
//! the record it wrote there, if the file is as it left it; otherwise it
//! appends again. So a file that `kifu serve` creates (named on its
//! command line, not yet there) holds the game saved there, and a file
//! that others write loses nothing.
//!

mod annotate;
mod error;
mod extract;
mod files;
mod games;
mod guard;
mod listen;
mod listing;
mod live;
mod openapi;
pub(crate) mod page;
mod reply;
mod router;
pub mod site;
mod state;
mod watch;

pub use files::FilesError;
pub use live::LiveMatch;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The most connections open at once; one more closes the oldest.
pub const MAX_CONNECTIONS: usize = 64;

/// How long a connection may wait without sending a whole request head
/// (a new connection, or one kept alive between requests).
pub const IDLE: Duration = Duration::from_secs(10);

/// How long a connection may leave its answer unread (no byte of it
/// taken) before it is closed: a client that asks and never reads holds
/// neither the answer's memory nor its place for longer.
pub const UNREAD: Duration = Duration::from_secs(10);

/// How long a request may take, its body read and its answer made.
pub const REQUEST_TIME: Duration = Duration::from_secs(30);

/// The largest request body, in bytes: 1 MiB.
pub const MAX_BODY: usize = 1 << 20;

/// What `kifu serve` was asked to serve.
pub struct Config {
    /// The files and directories named on the command line.
    pub paths: Vec<PathBuf>,
    /// The port; 0 for a free one.
    pub port: u16,
    /// The address to bind instead of 127.0.0.1 (`--listen`).
    pub listen: Option<IpAddr>,
    /// The `--out` file of a match to follow (`--watch`): see `watch`.
    pub watch: Option<PathBuf>,
    /// The match to show live (`kifu match --serve`): see `live`.
    pub live: Option<Arc<LiveMatch>>,
    /// The engine's command (`--engine`): `engine` for the built-in one.
    pub engine: String,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("paths", &self.paths)
            .field("port", &self.port)
            .field("listen", &self.listen)
            .finish_non_exhaustive()
    }
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address cannot be bound.
    #[error("cannot listen on {address}: {error}")]
    Bind {
        /// The address.
        address: SocketAddr,
        /// Why.
        error: std::io::Error,
    },
    /// `--listen` gave an address that stands for every address.
    #[error("--listen {0}: give the one address to serve on (requests must name it in their Host)")]
    Unspecified(IpAddr),
    /// The operating system gave no random bytes for the token.
    #[error("cannot draw a token: {0}")]
    Token(getrandom::Error),
    /// The runtime cannot start.
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    /// A file named cannot be served.
    #[error(transparent)]
    File(#[from] FilesError),
}

/// A server bound to its address, with its token and its files.
#[derive(Debug)]
pub struct Server {
    listener: std::net::TcpListener,
    address: SocketAddr,
    token: String,
    files: files::Files,
    watch: Option<PathBuf>,
    live: Option<Arc<LiveMatch>>,
    engine: Arc<str>,
}

impl Server {
    /// Binds the address of `config`, draws the token, and lists the
    /// files it may serve.
    ///
    /// # Errors
    /// An address that cannot be bound, no randomness for the token, or a
    /// file or directory named that cannot be served.
    pub fn bind(config: Config) -> Result<Self, ServeError> {
        let ip = config.listen.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
        if ip.is_unspecified() {
            return Err(ServeError::Unspecified(ip));
        }
        let mut paths = config.paths;
        if let Some(watched) = config.watch.as_ref().filter(|w| !paths.contains(w)) {
            paths.push(watched.clone());
        }
        let files = files::Files::list(&paths)?;
        let token = guard::draw_token().map_err(ServeError::Token)?;
        let wanted = SocketAddr::new(ip, config.port);
        let bind = |error| ServeError::Bind {
            address: wanted,
            error,
        };
        let listener = std::net::TcpListener::bind(wanted).map_err(bind)?;
        let address = listener.local_addr().map_err(bind)?;
        Ok(Self {
            listener,
            address,
            token,
            files,
            watch: config.watch,
            live: config.live,
            engine: Arc::from(config.engine),
        })
    }

    /// The address to open: `http://127.0.0.1:PORT/?token=TOKEN`.
    pub fn url(&self) -> String {
        format!("http://{}/?token={}", self.address, self.token)
    }

    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Serves requests until the process ends.
    ///
    /// # Errors
    /// The runtime or the listener cannot start.
    pub fn run(self) -> Result<(), ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_io()
            .enable_time()
            .build()
            .map_err(ServeError::Runtime)?;
        let guard = guard::Guard::new(self.token, self.address);
        let watch = match (&self.live, &self.watch) {
            (Some(live), _) => Some(live.watch()),
            (None, Some(path)) => Some(watch::Watch::follow(path)),
            (None, None) => None,
        };
        let router = router::router(guard, self.files, self.engine, watch);
        runtime.block_on(async move {
            self.listener
                .set_nonblocking(true)
                .map_err(ServeError::Runtime)?;
            let listener =
                tokio::net::TcpListener::from_std(self.listener).map_err(ServeError::Runtime)?;
            listen::accept(listener, router).await;
            Ok(())
        })
    }
}
