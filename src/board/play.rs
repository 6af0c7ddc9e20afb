//! One game on the board, in memory: its start, its position, its record
//! so far, its clock, the start being placed, its engine once asked and
//! the views its reviews searched. Every route of the board's API acts on
//! one, whether `kifu serve` or the page's own worker ([`super::Board`])
//! answers it.

use super::ApiError;
use super::position::BoardJson;
use crate::draw::{View, picture, svg};
use crate::engine::Level;
use crate::game::{AnyGame, GameKind, MoveDetail};
use crate::kep::Decision;
use crate::model::OutcomeJson;
use crate::play::{RecordBuilder, Start};
use crate::seat::{Clock, Seat, Terms};
use http::StatusCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use web_time::Instant;

mod analyse;
mod clock;
mod placement;
mod review;

use placement::{Placement, whole_placement};

#[cfg(feature = "server")]
pub(crate) use analyse::{AnalysisJson, GraphJson};
#[cfg(feature = "server")]
pub(crate) use review::{REVIEW_SLICE, ReviewJson};

/// The longest time the engine may be given for a move, in ms.
pub(crate) const MAX_MOVETIME: u64 = 10_000;

/// One game.
#[derive(Debug)]
pub(crate) struct Play {
    id: u64,
    kind: GameKind,
    start: Box<dyn AnyGame>,
    game: Box<dyn AnyGame>,
    record: RecordBuilder,
    moves: Vec<String>,
    /// Who played each move, in order.
    movers: Vec<String>,
    /// The last move's detail, kept as it is played (the board marks it).
    last: Option<MoveDetail>,
    /// Whether the board is seen from the other side.
    pub(crate) flip: bool,
    seat: Option<Box<dyn Seat>>,
    /// The level `seat` plays at (`None`: full strength, as hints and
    /// analyses ask).
    level: Option<Level>,
    /// Whether `seat` is one of those `seats` keeps, counted there.
    kept: bool,
    /// The engines kept between questions, shared by every game.
    seats: Seats,
    /// The engine's command (`kifu serve --engine`), started at the
    /// game's first question to it.
    engine: Arc<str>,
    /// The start the sides are placing, until every side has placed.
    placement: Option<Placement>,
    /// The engine's views its reviews have searched.
    views: review::Views,
    /// Its clock, once set.
    clock: Option<clock::GameClock>,
    /// The longest one request of a review searches for.
    slice: Duration,
}

/// The engines games keep between questions, counted across the games:
/// a game that asks once `most` keep theirs starts its engine for the
/// question and lets it go after, so that a thousand games never hold a
/// thousand engines.
#[derive(Debug, Clone)]
pub(crate) struct Seats {
    kept: Arc<AtomicUsize>,
    most: usize,
}

impl Seats {
    /// None kept yet, at most `most`.
    pub(crate) fn most(most: usize) -> Self {
        Self {
            kept: Arc::default(),
            most,
        }
    }
}

/// A tag as JSON.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct TagJson {
    name: String,
    value: String,
}

/// A game's state, as the API gives it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct StateJson<'a> {
    id: u64,
    game: GameKind,
    /// The tags a record starting from this position carries.
    tags: Vec<TagJson>,
    /// The moves played (lotus: pawn moves).
    moves: &'a [String],
    /// Who played each move (a lotus turn is a player's moves in a row).
    movers: &'a [String],
    /// Every player, in the order of the game's turns.
    players: Vec<&'a str>,
    /// Who plays next; none once the game is over.
    to_move: Option<&'a str>,
    /// The constraint in force, in words.
    constraint: Option<String>,
    /// The board, its legal moves by square.
    #[serde(flatten)]
    board: BoardJson,
    /// The start being placed, until every side has placed.
    placing: Option<PlacingJson<'a>>,
    /// The outcome, once the game is over.
    result: Option<OutcomeJson<'a>>,
    /// The game as a record.
    record: String,
    /// Whether the board is drawn from the other side.
    flip: bool,
    /// The clock, once set.
    clock: Option<clock::ClockJson>,
}

/// A start being placed, as the page asks for it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct PlacingJson<'a> {
    /// Who places.
    mover: Option<&'static str>,
    /// What they give, in words.
    request: String,
    /// The squares given so far, in order.
    given: &'a [String],
    /// The squares the next may be.
    open: Vec<String>,
}

/// What the engine did, with the state after it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct EngineJson<'a> {
    /// The moves it played (lotus: its turn's pawn moves).
    moves: Vec<String>,
    /// Whether it resigned instead (the position is left as it was).
    resigned: bool,
    /// The state after its moves.
    state: StateJson<'a>,
}

/// The outcome a state shows; kept apart so the state can borrow it.
pub(crate) fn outcome_of(play: &Play) -> Option<crate::game::Outcome> {
    play.game.outcome().or_else(|| {
        let clock = play.clock.as_ref()?;
        clock.forfeit(clock.flagged(Instant::now())?, play.game.scores())
    })
}

impl Play {
    /// The game `id` from `started`, asking `engine` (a seat's command:
    /// [`crate::seat::BUILT_IN`] for the built-in one), its engine kept
    /// among `seats`, a request of its review searching at most `slice`.
    pub(crate) fn new(
        id: u64,
        started: Start,
        engine: Arc<str>,
        seats: Seats,
        slice: Duration,
    ) -> Self {
        let Start {
            tags,
            game: start,
            placing,
            ..
        } = started;
        Play {
            id,
            kind: start.kind(),
            game: start.box_clone(),
            start,
            record: RecordBuilder::with_tags(tags.clone()),
            moves: Vec::new(),
            movers: Vec::new(),
            last: None,
            flip: false,
            seat: None,
            level: None,
            kept: false,
            seats,
            engine,
            placement: placing.map(|placing| Placement {
                placing,
                given: Vec::new(),
                tags,
            }),
            views: review::Views::default(),
            clock: None,
            slice,
        }
    }

    /// Its state, with its `outcome` ([`outcome_of`]).
    pub(crate) fn state<'a>(&'a self, outcome: &'a Option<crate::game::Outcome>) -> StateJson<'a> {
        let game = self.game.as_ref();
        let over = outcome.is_some();
        let placing = self.placement.as_ref().map(|placement| PlacingJson {
            mover: placement.placing.mover(),
            request: placement.placing.request(),
            given: &placement.given,
            open: placement.placing.next_words(&placement.given),
        });
        let legal = match placing {
            Some(_) => Vec::new(),
            None => game.legal_details(),
        };
        let view = View {
            last: self.last.as_ref().map(|detail| &detail.parts),
            flip: self.flip,
            status_beside: true,
            ..View::default()
        };
        let board = BoardJson::new(game, self.kind, &view, self.moves.len(), legal);
        StateJson {
            id: self.id,
            game: self.kind,
            tags: (game.setup_tags().into_iter())
                .map(|(name, value)| TagJson { name, value })
                .collect(),
            moves: &self.moves,
            movers: &self.movers,
            players: game.players(),
            to_move: match &placing {
                Some(placing) => placing.mover,
                None => (!over).then(|| game.turn().mover),
            },
            constraint: game.constraint(),
            board,
            placing,
            result: outcome.as_ref().map(OutcomeJson::new),
            record: self.record(),
            flip: self.flip,
            clock: self.clock.as_ref().map(|clock| clock.json(Instant::now())),
        }
    }

    /// The game as a record to save: 409 while its start is placed.
    ///
    /// # Errors
    /// 409 while the start is being placed.
    #[cfg(feature = "server")]
    pub(crate) fn record_to_save(&self) -> Result<String, ApiError> {
        self.placed()?;
        Ok(self.record())
    }

    /// The game as a record, ending with its result: a loss on time
    /// with its `Termination` and `Result` tags.
    pub(crate) fn record(&self) -> String {
        let forfeit = (self.game.outcome().is_none())
            .then(|| outcome_of(self))
            .flatten();
        match forfeit {
            Some(outcome) => {
                // A race ends with `*`: its record declares no winner.
                let token = outcome.token.unwrap_or("*");
                let mut record = self.record.clone();
                record.tag("Termination", "time forfeit");
                record.tag("Result", token);
                record.text_ending(Some(token))
            }
            None => self.record.text(self.game.as_ref()),
        }
    }

    /// Sets the game's clock: `base` each, `increment` a move.
    ///
    /// # Errors
    /// 422 for times out of range, 409 once a move is played.
    pub(crate) fn set_clock(
        &mut self,
        base: Duration,
        increment: Duration,
    ) -> Result<(), ApiError> {
        let clock = clock::GameClock::new(&self.game.players(), base, increment)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.clock", e))?;
        if !self.moves.is_empty() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.clock",
                "a clock is set before the first move".to_owned(),
            ));
        }
        self.clock = Some(clock);
        Ok(())
    }

    /// 409 once the time of the player to move has run out (its clock
    /// then stopped for good).
    fn in_time(&mut self) -> Result<(), ApiError> {
        let now = Instant::now();
        let Some(clock) = self.clock.as_mut() else {
            return Ok(());
        };
        let Some(fallen) = clock.flagged(now).map(str::to_owned) else {
            return Ok(());
        };
        clock.stop(now);
        Err(ApiError::new(
            StatusCode::CONFLICT,
            crate::game::GAME_OVER,
            format!("the game is over: {fallen}'s time ran out"),
        ))
    }

    /// Plays `text`, checked once; on a refusal nothing changes.
    ///
    /// # Errors
    /// 422 with the referee's reason and its fault code.
    pub(crate) fn play(&mut self, text: &str) -> Result<(), ApiError> {
        self.placed()?;
        self.in_time()?;
        // Numbered from the position before the move.
        self.record.push(self.game.as_ref(), text);
        let mover = self.game.turn().mover.to_owned();
        match self.game.play_detailed(text) {
            Ok(detail) => {
                if let Some(clock) = self.clock.as_mut() {
                    let next = (!self.game.is_over()).then(|| self.game.turn().mover);
                    clock.moved(&mover, next, Instant::now());
                }
                self.moves.push(text.to_owned());
                self.movers.push(mover);
                self.last = Some(detail);
                Ok(())
            }
            Err(e) => {
                self.record.pop();
                Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    e.code,
                    e.message,
                ))
            }
        }
    }

    /// The picture of the position after the first `ply` moves (its last
    /// move marked), seen from the side the board is: a look back, the
    /// game unchanged.
    ///
    /// # Errors
    /// 422 (`serve.ply`) for a ply past the moves played.
    pub(crate) fn board_at(&self, ply: usize) -> Result<String, ApiError> {
        let Some(moves) = self.moves.get(..ply) else {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.ply",
                format!("ply {ply} is past the {} moves played", self.moves.len()),
            ));
        };
        let mut game = self.start.box_clone();
        let mut last = None;
        for mv in moves {
            let detail = game
                .play_detailed(mv)
                .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.code, e.message))?;
            last = Some(detail);
        }
        let view = View {
            last: last.as_ref().map(|detail| &detail.parts),
            flip: self.flip,
            status_beside: true,
            ..View::default()
        };
        Ok(svg::write(
            &picture(game.as_ref(), self.kind, &view, ply),
            None,
        ))
    }

    /// Takes back the moves after the first `kept`: the game is played
    /// again from its start to there (a game over goes on again).
    ///
    /// # Errors
    /// 409 while the start is placed; 422 (`serve.takeback`) when `kept`
    /// is not fewer than the moves played.
    pub(crate) fn take_back(&mut self, kept: usize) -> Result<(), ApiError> {
        self.placed()?;
        if kept >= self.moves.len() {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.takeback",
                format!(
                    "{kept} moves would be kept of {}: nothing to take back",
                    self.moves.len()
                ),
            ));
        }
        let mut again = std::mem::take(&mut self.moves);
        again.truncate(kept);
        self.movers.clear();
        while self.record.pop().is_some() {}
        self.game = self.start.box_clone();
        self.last = None;
        // The moves kept are played again off the clock, which then runs
        // for the player to move (for nobody before the first move).
        let clock = self.clock.take();
        let replayed = again.iter().try_for_each(|mv| self.play(mv));
        self.clock = clock;
        if let Some(clock) = self.clock.as_mut() {
            let next = (!self.moves.is_empty()).then(|| self.game.turn().mover);
            clock.turn_to(next, Instant::now());
        }
        replayed
    }

    /// The engine at `level` (`None`: full strength) plays the player to
    /// move, `movetime` ms a move, or places the start for the side to
    /// place: its moves (or squares), or `None` when it resigns. Blocks
    /// while it thinks.
    ///
    /// # Errors
    /// 409 once the game is over, 422 for a movetime out of range, 502
    /// when the engine fails or answers a move (or a placement) the
    /// referee refuses.
    pub(crate) fn engine(
        &mut self,
        movetime: u64,
        level: Option<Level>,
    ) -> Result<Option<Vec<String>>, ApiError> {
        let moves = self.engine_moves(movetime, level)?;
        let Some(moves) = moves else {
            return Ok(None);
        };
        if let Some(placement) = self.placement.as_mut() {
            // The engine's squares, checked whole already, replace any
            // the mover clicked.
            placement.given.clear();
            for square in &moves {
                self.place(square)?;
            }
            return Ok(Some(moves));
        }
        // Every move tried on a copy first, so that a turn the referee
        // refuses half-way leaves the game as it was.
        let mut trial = self.game.box_clone();
        for mv in &moves {
            trial.play(mv).map_err(|e| {
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    "serve.engine",
                    format!("the engine played {mv}: {}", e.message),
                )
            })?;
        }
        for mv in &moves {
            self.play(mv)?;
        }
        Ok(Some(moves))
    }

    /// 409 while the start is being placed.
    fn placed(&self) -> Result<(), ApiError> {
        match &self.placement {
            Some(placement) => Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.placing",
                format!("the start is being placed: {}", placement.placing.request()),
            )),
            None => Ok(()),
        }
    }

    /// The moves the engine at `level` would play for the player to move
    /// (lotus: its turn), `movetime` ms a move, without playing them, or while
    /// the start is placed the squares it would place for the side to
    /// place (asked as `kifu match` asks a seat: a new game from the
    /// placement's tag, no moves), checked as clicked squares are; `None`
    /// when it would resign. Blocks while it thinks.
    ///
    /// # Errors
    /// As [`Play::engine`].
    pub(crate) fn engine_moves(
        &mut self,
        movetime: u64,
        level: Option<Level>,
    ) -> Result<Option<Vec<String>>, ApiError> {
        if !(1..=MAX_MOVETIME).contains(&movetime) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.movetime",
                format!("movetime is from 1 to {MAX_MOVETIME} ms"),
            ));
        }
        let terms = Terms::patient(Duration::from_millis(movetime));
        if let Some(placement) = &self.placement {
            let placing = placement.placing.box_clone();
            let tags: Vec<(String, String)> = placing.tag().into_iter().collect();
            let answer = self.consult(&tags, &[], &[], terms, level)?;
            let Decision::Move(squares) = answer.decision else {
                return Ok(None);
            };
            whole_placement(placing.as_ref(), &squares).map_err(|reason| {
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    "serve.engine",
                    format!("the engine placed {}: {reason}", squares.join(" ")),
                )
            })?;
            return Ok(Some(squares));
        }
        if self.game.is_over() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                crate::game::GAME_OVER,
                "the game is over".to_owned(),
            ));
        }
        self.in_time()?;
        // With a clock, the engine thinks within its time: a twentieth of
        // what it has left and its increment.
        let terms = match &self.clock {
            Some(clock) => {
                let left = clock.left(self.game.turn().mover, Instant::now());
                let budget = (left / 20 + clock.increment).max(Duration::from_millis(10));
                Terms::patient(Duration::from_millis(movetime).min(budget))
            }
            None => terms,
        };
        let tags = self.start.setup_tags();
        let answer = self.consult(&tags, &self.moves.clone(), &[], terms, level)?;
        match answer.decision {
            Decision::Move(moves) => Ok(Some(moves)),
            _ => Ok(None),
        }
    }

    /// The engine's answer at full strength for the position after the
    /// first `ply` moves, searched under `terms` (see [`Play::consult`]).
    ///
    /// # Errors
    /// As [`Play::consult`].
    fn ask(&mut self, ply: usize, terms: Terms) -> Result<crate::kep::Answered, ApiError> {
        let tags = self.start.setup_tags();
        let moves = self.moves.get(..ply).unwrap_or(&self.moves).to_vec();
        self.consult(&tags, &moves, &[], terms, None)
    }

    /// The engine's answer at `level` after `moves` from the start `tags`
    /// state, searched under `terms`, choosing among `only` when it holds
    /// moves (KEP's `searchmoves`); its seat started at the first
    /// question, and again when the level asked changes.
    /// A seat that fails (it cannot start, exits, is late, answers no
    /// move) is let go, so that the next question starts it afresh, and
    /// the game goes on.
    ///
    /// # Errors
    /// 502 (`serve.engine`) with the engine's failure in words.
    fn consult(
        &mut self,
        tags: &[(String, String)],
        moves: &[String],
        only: &[String],
        terms: Terms,
        level: Option<Level>,
    ) -> Result<crate::kep::Answered, ApiError> {
        if self.seat.is_some() && self.level != level {
            self.let_go();
        }
        let command = Arc::clone(&self.engine);
        let failed = |message: String| {
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                "serve.engine",
                format!("the engine gave no move: {message}"),
            )
        };
        let seat = match &mut self.seat {
            Some(seat) => seat,
            None => self
                .seat
                .insert(crate::seat::start(&command, level).map_err(|e| failed(e.to_string()))?),
        };
        self.level = level;
        seat.new_game(self.kind, tags);
        let answered = seat.ask_only(moves, only, &Clock::new(terms));
        let keep = answered.is_ok()
            && (self.kept || self.seats.kept.fetch_add(1, Ordering::SeqCst) < self.seats.most);
        if !keep {
            // Counted only while kept: a failed seat, or one over the
            // bound, is let go (its process group ended).
            if !self.kept && answered.is_ok() {
                self.seats.kept.fetch_sub(1, Ordering::SeqCst);
            }
            self.let_go();
        } else {
            self.kept = true;
        }
        answered.map_err(|e| failed(e.to_string()))
    }

    /// Lets the seat go (its process group ended), uncounted.
    fn let_go(&mut self) {
        if self.kept {
            self.seats.kept.fetch_sub(1, Ordering::SeqCst);
        }
        self.kept = false;
        self.seat = None;
    }

    /// What the engine did, and the state after it.
    pub(crate) fn engine_json<'a>(
        &'a self,
        moves: Option<Vec<String>>,
        outcome: &'a Option<crate::game::Outcome>,
    ) -> EngineJson<'a> {
        EngineJson {
            resigned: moves.is_none(),
            moves: moves.unwrap_or_default(),
            state: self.state(outcome),
        }
    }
}
