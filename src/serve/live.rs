//! `kifu match --serve`: the games of a running match, shown live.
//!
//! The match's threads show [`LiveMatch`] each game at its start and
//! after every answer ([`Spectator::shown`]); it keeps a copy of the
//! position and returns. A thread of its own draws the games shown since
//! it last drew, then rests [`THROTTLE`], off the match's threads: each game
//! drawn becomes a `live` event of the watch (`watch`), and a game that
//! ends leaves the live boards for the finished ones, its record read as
//! a record of a `--out` file is.
//!
//! A live game is `{"round", "game", "players": [{"side", "engine",
//! "left_ms", "info"}], "thinking", "plies", "control", "board"}`:
//! `left_ms` is the time left on each side's clock when it was drawn
//! (with `--movetime`, the time a move may take), `thinking` the side
//! whose clock runs, `info` the last `info` line its engine sent with a
//! move, `control` the `TimeControl` tag, `board` the SVG of the position
//! as `kifu render --format svg` draws it, its last move marked.

use super::watch::{LiveJson, SeatJson, Watch};
use crate::draw::{View, picture, svg};
use crate::game::{AnyGame, MoveParts};
use crate::tournament::{LiveGame, Spectator};
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The least time between two rounds of drawing.
pub(super) const THROTTLE: Duration = Duration::from_millis(100);

/// How long the end of a match waits for the pages to be told.
pub(super) const GRACE: Duration = Duration::from_secs(2);

/// A match shown live: what its threads show it, drawn for the page.
#[derive(Debug)]
pub struct LiveMatch {
    watch: Arc<Watch>,
    /// The games shown since they were last drawn, by round.
    waiting: Mutex<HashMap<usize, Snapshot>>,
    wake: Condvar,
}

/// A game as it was shown, kept to be drawn.
#[derive(Debug)]
struct Snapshot {
    position: Box<dyn AnyGame>,
    last: Option<MoveParts>,
    plies: usize,
    seats: Vec<SeatJson>,
    thinking: Option<usize>,
    control: String,
    /// When it was shown: the running clock has run since.
    at: Instant,
}

impl LiveMatch {
    /// A match named `name` (its `--out` file, or `match`), shown live,
    /// with the thread that draws its games.
    pub fn start(name: &str) -> Arc<LiveMatch> {
        let live = Arc::new(LiveMatch {
            watch: Watch::new(name),
            waiting: Mutex::new(HashMap::new()),
            wake: Condvar::new(),
        });
        let drawer = Arc::clone(&live);
        std::thread::spawn(move || drawer.draw_forever());
        live
    }

    /// The watch the server answers from.
    pub(super) fn watch(&self) -> Arc<Watch> {
        Arc::clone(&self.watch)
    }

    /// The match is over: the pages are told, and given at most
    /// [`GRACE`] to hear it.
    pub fn finish(&self) {
        self.watch.finish(GRACE);
    }

    fn waiting(&self) -> MutexGuard<'_, HashMap<usize, Snapshot>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Draws the games shown since the last drawing, then rests
    /// [`THROTTLE`], for as long as the process runs.
    fn draw_forever(&self) {
        loop {
            let games: Vec<(usize, Snapshot)> = {
                let mut waiting = self.waiting();
                while waiting.is_empty() {
                    waiting = self.wake.wait(waiting).unwrap_or_else(|e| e.into_inner());
                }
                waiting.drain().collect()
            };
            for (round, snapshot) in games {
                self.watch.live(snapshot.drawn(round));
            }
            std::thread::sleep(THROTTLE);
        }
    }
}

impl Snapshot {
    /// The game drawn, the running clock run down to now.
    fn drawn(self, round: usize) -> LiveJson {
        let view = View {
            last: self.last.as_ref(),
            ..View::default()
        };
        let position = self.position.as_ref();
        let scene = picture(position, position.kind(), &view, self.plies);
        let mut players = self.seats;
        let run = u64::try_from(self.at.elapsed().as_millis()).unwrap_or(u64::MAX);
        if let Some(seat) = self.thinking.and_then(|seat| players.get_mut(seat)) {
            seat.left_ms = seat.left_ms.saturating_sub(run);
        }
        LiveJson {
            round,
            game: position.kind().name(),
            thinking: (self.thinking)
                .and_then(|seat| players.get(seat))
                .map(|seat| seat.side.clone()),
            players,
            plies: self.plies,
            control: self.control,
            board: svg::write(&scene, None),
        }
    }
}

impl Spectator for LiveMatch {
    fn shown(&self, game: &LiveGame<'_>) {
        let seats = (game.seats.iter())
            .map(|seat| SeatJson {
                side: seat.side.to_owned(),
                engine: seat.engine.to_owned(),
                left_ms: u64::try_from(seat.left.as_millis()).unwrap_or(u64::MAX),
                info: seat.info.map(str::to_owned),
            })
            .collect();
        let snapshot = Snapshot {
            position: game.position.box_clone(),
            last: game.last.cloned(),
            plies: game.plies,
            seats,
            thinking: game.thinking,
            control: game.control.clone(),
            at: Instant::now(),
        };
        self.waiting().insert(game.round, snapshot);
        self.wake.notify_one();
    }

    fn ended(&self, round: usize, record: &str) {
        self.waiting().remove(&round);
        self.watch.ended(round, record);
    }
}
