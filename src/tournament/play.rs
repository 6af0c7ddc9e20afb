//! One refereed game between engines: every move asked for with the
//! clock running, checked as `kifu validate` checks it, and written down.

use super::adjudication::{Resign, Scores};
use super::ending::{Ending, Loser, declared_winner};
use super::opening::Opening;
use super::result::result_of_game;
use super::schedule::Pairing;
use super::spectator::{LiveGame, LiveSeat, Spectator};
use super::termination::Termination;
use crate::game::{AnyGame, MoveParts, Placing};
use crate::kep::{Answered, Decision, EngineFailure, EngineSpec, play_placement, seconds};
use crate::model::GameResult;
use crate::play::RecordBuilder;
use crate::play::check_turn;
use crate::seat::{Clock, Seat, Terms, TimeControl, launch, load_margin};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// What every game of a match shares besides its engines.
#[derive(Debug, Clone)]
pub struct Conditions {
    /// The time each engine gets.
    pub time: TimeControl,
    /// How late a move may come before it loses on time; none: by the
    /// machine's load as each game starts ([`crate::seat::load_margin`]).
    pub margin: Option<Duration>,
    /// The plies after which a game stops unfinished.
    pub max_plies: usize,
    /// When the engines' scores end a game of two (`--resign`).
    pub resign: Option<Resign>,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
    /// Who follows the games as they are played, if anyone does.
    pub spectator: Option<Arc<dyn Spectator>>,
}

/// The engines a game may call on: how to start each, its name, and its
/// seat, if running (started when first needed, dropped, which kills
/// its process, after it failed).
#[derive(Debug)]
pub struct Lineup<'a> {
    /// How each engine starts.
    pub specs: &'a [EngineSpec],
    /// Each engine's name in records and tables.
    pub names: &'a [String],
    /// Each engine's seat.
    pub running: &'a mut [Option<Box<dyn Seat>>],
}

/// A game played.
#[derive(Debug)]
pub struct Played {
    /// Its round, from the pairing.
    pub round: usize,
    /// Its record.
    pub record: String,
    /// Its result, as the standings count it.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
    /// The engine that lost it by failing, if one did.
    pub failure: Option<Failure>,
    /// How many moves (lotus: turns) the engines played.
    pub answers: usize,
    /// The referee's own time over those moves: from each `move` received
    /// to the next `go` sent.
    pub referee_time: Duration,
}

/// How an engine lost a game by failing.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Which engine.
    pub engine: usize,
    /// What happened, as the record's comment says it.
    pub message: String,
    /// The last lines of its standard error.
    pub stderr: Vec<String>,
}

/// The game being played.
struct Table<'a, 'b> {
    lineup: &'a mut Lineup<'b>,
    pairing: &'a Pairing,
    game: Box<dyn AnyGame>,
    /// The tags of its start, as the engines are told them.
    tags: Vec<(String, String)>,
    record: RecordBuilder,
    moves: Vec<String>,
    players: Vec<String>,
    answers: usize,
    referee_time: Duration,
    /// The last `info` line of each seat's engine, for the spectator.
    infos: Vec<Option<String>>,
    /// The parts of the last move, kept for the spectator.
    last: Option<MoveParts>,
}

/// Plays the game `pairing` from `opening`; when its start is left to
/// the players to place ([`Opening::to_place`]), the engines place it
/// first, each on its clock.
pub fn play_game(
    pairing: &Pairing,
    opening: &Opening,
    lineup: &mut Lineup<'_>,
    conditions: &Conditions,
) -> Played {
    let game = opening.start.box_clone();
    let kind = game.kind();
    let players: Vec<String> = game.players().into_iter().map(str::to_owned).collect();
    let terms = Terms {
        time: conditions.time,
        depth: None,
        margin: conditions.margin.unwrap_or_else(load_margin),
    };
    let mut clocks = vec![Clock::new(terms); players.len()];
    let mut table = Table {
        infos: vec![None; players.len()],
        last: None,
        record: RecordBuilder::new(kind, opening.tags.clone()),
        tags: opening.tags.clone(),
        game,
        lineup,
        pairing,
        moves: Vec::new(),
        players,
        answers: 0,
        referee_time: Duration::ZERO,
    };
    let placed = match kind.placing(&opening.tags) {
        Some(placing) => table.place(placing, &mut clocks),
        None => Ok(()),
    };
    table.write_head(conditions);
    for text in &opening.moves {
        table.record.push(table.game.as_ref(), text);
        if table.game.play(text).is_err() {
            break;
        }
        table.moves.push(text.clone());
    }
    let ending = match placed.and_then(|()| table.prepare()) {
        Ok(()) => table.run(conditions, &mut clocks),
        Err(lost) => lost,
    };
    let played = table.finish(ending);
    if let Some(spectator) = &conditions.spectator {
        spectator.ended(played.round, &played.record);
    }
    played
}

impl Table<'_, '_> {
    /// The tags after the setup's: the event, the players' engines, the
    /// time control.
    fn write_head(&mut self, conditions: &Conditions) {
        self.record.tag("Event", &conditions.event);
        self.record.tag("Date", &conditions.date);
        self.record.tag("Round", &self.pairing.round.to_string());
        let names: Vec<String> = (0..self.players.len())
            .map(|seat| self.name_of(seat).to_owned())
            .collect();
        match self.players.len() {
            2 => {
                for (player, name) in self.players.iter().zip(&names) {
                    self.record.tag(player, name);
                }
            }
            _ => {
                let engines = names.join(", ");
                self.record.tag("Engines", &engines);
            }
        }
        self.record.tag("TimeControl", &conditions.time.tag_value());
    }

    /// The engine of `seat`.
    fn engine_of(&self, seat: usize) -> usize {
        self.pairing.seats.get(seat).copied().unwrap_or(0)
    }

    /// The name of the engine of `seat`.
    fn name_of(&self, seat: usize) -> &str {
        let names = self.lineup.names;
        names.get(self.engine_of(seat)).map_or("?", String::as_str)
    }

    /// `White (random)`: a seat and its engine, as messages name them.
    fn who(&self, seat: usize) -> String {
        let player = self.players.get(seat).map_or("?", String::as_str);
        format!("{player} ({})", self.name_of(seat))
    }

    /// Asks the engines, in the order the game says, to place its start,
    /// each on its clock; then the game starts from what they placed. An
    /// engine that fails or places wrongly loses the game, and the squares
    /// left open are filled with the first open ones, so that the record
    /// states a start (its comment says so).
    fn place(&mut self, mut placing: Box<dyn Placing>, clocks: &mut [Clock]) -> Result<(), Ending> {
        let kind = self.game.kind();
        let mut placed = loop {
            let Some(mover) = placing.mover() else {
                break Ok(());
            };
            let seat = self.players.iter().position(|p| p == mover).unwrap_or(0);
            let tags: Vec<(String, String)> = placing.tag().into_iter().collect();
            let Some(clock) = clocks.get_mut(seat) else {
                break Err(Ending::lost(
                    seat,
                    Termination::IllegalMove,
                    format!("{mover} has no seat"),
                    Vec::new(),
                ));
            };
            let answer = self.running(seat).and_then(|running| {
                running.new_game(kind, &tags);
                running.ask(&[], clock)
            });
            let answer = match answer {
                Ok(answer) => answer,
                Err(failure) => break Err(self.failed(seat, &failure)),
            };
            clock.spend(answer.elapsed());
            self.answers += 1;
            let words = match self.words_of(seat, &answer) {
                Ok(words) => words,
                Err(resigned) => break Err(resigned),
            };
            if let Err(reason) = placing.place(words) {
                break Err(self.refused(seat, "placed", words, &reason));
            }
        };
        if placing.mover().is_some() {
            while placing.mover().is_some() {
                let words = play_placement(placing.as_ref(), |open| open.first().cloned());
                if placing.place(&words).is_err() {
                    break;
                }
            }
            if let Err(ending) = &mut placed {
                if let Some(loser) = &mut ending.loser {
                    loser.message.push_str(
                        "; the pieces not placed stand on the first open squares, for the record",
                    );
                }
            }
        }
        let tags: Vec<(String, String)> = placing.tag().into_iter().collect();
        match Opening::of_tags(kind, &tags) {
            Ok(opening) => {
                // The start as placed: the `Setup` tag, as the players
                // gave it.
                self.record = RecordBuilder::new(kind, tags.clone());
                self.tags = tags;
                self.game = opening.start;
            }
            Err(reason) => {
                let message = format!("the placement states no start: {reason}");
                placed = placed.and(Err(Ending::lost(
                    0,
                    Termination::IllegalMove,
                    message,
                    Vec::new(),
                )));
            }
        }
        placed
    }

    /// Starts every engine of the game that is not running, and tells
    /// each the new game.
    fn prepare(&mut self) -> Result<(), Ending> {
        for seat in 0..self.players.len() {
            let engine = self.engine_of(seat);
            if self.pairing.seats[..seat].contains(&engine) {
                continue;
            }
            let (kind, tags) = (self.game.kind(), self.tags.clone());
            match self.running(seat) {
                Ok(running) => running.new_game(kind, &tags),
                Err(failure) => return Err(self.failed(seat, &failure)),
            }
        }
        Ok(())
    }

    /// The engine of `seat`, started for that seat if it is not running.
    fn running(&mut self, seat: usize) -> Result<&mut Box<dyn Seat>, EngineFailure> {
        let engine = self.engine_of(seat);
        let player = self.players.get(seat).cloned().unwrap_or_default();
        let slot =
            (self.lineup.running.get_mut(engine)).ok_or(EngineFailure::Exited { status: None })?;
        if slot.is_none() {
            let spec = self.lineup.specs.get(engine).cloned().unwrap_or_default();
            *slot = Some(launch(&spec, &player)?);
        }
        slot.as_mut().ok_or(EngineFailure::Exited { status: None })
    }

    /// Asks for moves until the game ends by the rules, reaches the limit
    /// of plies, or an engine fails.
    fn run(&mut self, conditions: &Conditions, clocks: &mut [Clock]) -> Ending {
        let mut last_received: Option<Instant> = None;
        let two = self.players.len() == 2;
        let mut scores = conditions.resign.filter(|_| two).map(Scores::new);
        loop {
            if self.game.is_over() {
                return Ending::without_loser(Termination::Normal);
            }
            if self.moves.len() >= conditions.max_plies {
                let plies = conditions.max_plies;
                self.record.comment(&format!(
                    "kifu: adjudicated unfinished after {plies} plies (--max-plies {plies})"
                ));
                return Ending::without_loser(Termination::Adjudication);
            }
            let mover = self.game.turn().mover;
            let seat = self.players.iter().position(|p| p == mover).unwrap_or(0);
            if let Some(spectator) = &conditions.spectator {
                self.show(spectator.as_ref(), conditions, clocks, seat);
            }
            let Some(clock) = clocks.get_mut(seat) else {
                let message = format!("{mover} has no seat");
                return Ending::lost(seat, Termination::IllegalMove, message, Vec::new());
            };
            let moves = self.moves.clone();
            let answer = (self.running(seat)).and_then(|running| running.ask(&moves, clock));
            let answer = match answer {
                Ok(answer) => answer,
                Err(failure) => return self.failed(seat, &failure),
            };
            if let Some(received) = last_received {
                self.referee_time += answer.sent.saturating_duration_since(received);
            }
            last_received = Some(answer.received);
            clock.spend(answer.elapsed());
            self.answers += 1;
            let watched = conditions.spectator.is_some();
            if let Err(ending) = self.take(seat, &answer, watched) {
                return ending;
            }
            let adjudged = scores.as_mut().and_then(|s| s.count(seat, answer.score));
            if let (Some(winner), Some(rule)) = (adjudged, conditions.resign) {
                if !self.game.is_over() {
                    let message = format!(
                        "adjudicated: both engines' last {} scores put {} ahead by {} cp or more \
                         (--resign {rule})",
                        rule.moves,
                        self.who(winner),
                        rule.score
                    );
                    return Ending::lost(
                        1 - winner,
                        Termination::Adjudication,
                        message,
                        Vec::new(),
                    );
                }
            }
        }
    }

    /// The words of the engine's answer, or the ending of its resignation.
    fn words_of<'w>(&mut self, seat: usize, answer: &'w Answered) -> Result<&'w [String], Ending> {
        match &answer.decision {
            Decision::Move(words) => Ok(words),
            Decision::Resign => {
                let message = format!("{} resigned", self.who(seat));
                let stderr = self.stderr_of(seat);
                Err(Ending::lost(seat, Termination::Resign, message, stderr))
            }
        }
    }

    /// The ending of a move (or placement) of the engine of `seat` that
    /// the rules refuse for `reason`: `White (x) played e1-e9: ...`.
    fn refused(
        &mut self,
        seat: usize,
        verb: &str,
        words: &[String],
        reason: &dyn std::fmt::Display,
    ) -> Ending {
        let message = format!("{} {verb} {}: {reason}", self.who(seat), words.join(" "));
        let stderr = self.stderr_of(seat);
        Ending::lost(seat, Termination::IllegalMove, message, stderr)
    }

    /// Shows the game to `spectator`, the clock of `thinking` running.
    fn show(
        &self,
        spectator: &dyn Spectator,
        conditions: &Conditions,
        clocks: &[Clock],
        thinking: usize,
    ) {
        let seats = (self.players.iter().enumerate())
            .map(|(seat, side)| LiveSeat {
                side,
                engine: self.name_of(seat),
                left: clocks.get(seat).map_or(Duration::ZERO, Clock::left),
                info: self.infos.get(seat).and_then(Option::as_deref),
            })
            .collect();
        spectator.shown(&LiveGame {
            round: self.pairing.round,
            position: self.game.as_ref(),
            last: self.last.as_ref(),
            plies: self.moves.len(),
            seats,
            thinking: Some(thinking),
            control: conditions.time.tag_value(),
        });
    }

    /// Plays the engine's answer, or says how it lost the game; when the
    /// game is `watched`, keeps its last move's parts and info line.
    fn take(&mut self, seat: usize, answer: &Answered, watched: bool) -> Result<(), Ending> {
        let words = self.words_of(seat, answer)?;
        let turn = (check_turn(self.game.as_ref(), words))
            .map_err(|reason| self.refused(seat, "played", words, &reason))?;
        if watched {
            if let Some(info) = self.infos.get_mut(seat) {
                *info = answer.info.as_ref().map(ToString::to_string);
            }
        }
        for text in turn {
            if watched {
                self.last = self.game.detail(&text).ok().map(|detail| detail.parts);
            }
            self.record.push(self.game.as_ref(), &text);
            if self.game.play(&text).is_err() {
                break;
            }
            self.moves.push(text);
        }
        let mut comment = seconds(answer.elapsed());
        if let Some(score) = answer.score {
            comment = format!("{comment} {score}");
        }
        self.record.comment(&comment);
        Ok(())
    }

    /// The ending of a failure of the engine of `seat`, whose process is
    /// dropped (killed, and started again for the next game).
    fn failed(&mut self, seat: usize, failure: &EngineFailure) -> Ending {
        let what = match failure {
            EngineFailure::TimeOut { .. } => "lost on time",
            EngineFailure::BadLine { .. } => "answered with no move",
            EngineFailure::CannotStart { .. } | EngineFailure::UnknownOption { .. } => {
                "could not be started"
            }
            EngineFailure::Exited { .. } => "crashed",
        };
        let stderr = self.stderr_of(seat);
        if let Some(slot) = self.lineup.running.get_mut(self.engine_of(seat)) {
            *slot = None;
        }
        let message = format!("{} {what}: {failure}", self.who(seat));
        Ending::lost(seat, Termination::of_failure(failure), message, stderr)
    }

    /// Tells each engine of the game how it ended; one that plays no more
    /// games (a course client) leaves its seat.
    fn tell_the_end(&mut self, termination: Termination, loser: Option<usize>) {
        let winner = match (termination, loser) {
            (Termination::Normal, _) => (self.game.outcome())
                .and_then(|outcome| outcome.winner)
                .map(|winner| winner.to_string()),
            (_, Some(loser)) if self.players.len() == 2 => {
                self.players.get(1 - loser.min(1)).cloned()
            }
            _ => None,
        };
        for seat in 0..self.players.len() {
            let engine = self.engine_of(seat);
            if self.pairing.seats[..seat].contains(&engine) {
                continue;
            }
            let Some(slot) = self.lineup.running.get_mut(engine) else {
                continue;
            };
            let plays_on = (slot.as_mut())
                .is_none_or(|running| running.game_over(&self.moves, winner.as_deref()));
            if !plays_on {
                if let Some(running) = slot.take() {
                    running.leave();
                }
            }
        }
    }

    /// The last lines of standard error of the engine of `seat`.
    fn stderr_of(&mut self, seat: usize) -> Vec<String> {
        let engine = self.engine_of(seat);
        (self.lineup.running.get_mut(engine))
            .and_then(Option::as_mut)
            .map(|running| running.stderr_tail())
            .unwrap_or_default()
    }

    /// The game played: its record and result.
    fn finish(mut self, ending: Ending) -> Played {
        let engine_names: Vec<String> = (0..self.players.len())
            .map(|seat| self.name_of(seat).to_owned())
            .collect();
        let loser = ending.loser.as_ref().map(|loser| loser.seat);
        let result = result_of_game(self.game.as_ref(), engine_names, loser);
        let mut failure = None;
        if let Some(Loser {
            seat,
            message,
            stderr,
        }) = ending.loser
        {
            let mut message = format!("kifu: {message}");
            if self.players.len() > 2 {
                let player = self.players.get(seat).map_or("?", String::as_str);
                message.push_str(&format!("; the game ends here, and {player} ranks last"));
            }
            self.record.comment(&message);
            failure = Some(Failure {
                engine: self.engine_of(seat),
                message,
                stderr,
            });
        }
        let termination = ending.termination;
        self.tell_the_end(termination, loser);
        self.record.tag("Termination", termination.tag_value());
        let record = match (termination, self.game.outcome()) {
            (Termination::Normal, Some(outcome)) => {
                self.record.tag("Result", &outcome.tag_value);
                self.record.text(self.game.as_ref())
            }
            _ => {
                // The declared winner ends the movetext too, as PGN
                // writes a resignation.
                let declared = declared_winner(&self.players, loser);
                if let Some(token) = &declared {
                    self.record.tag("Result", token);
                }
                self.record
                    .text_ending(Some(declared.as_deref().unwrap_or("*")))
            }
        };
        Played {
            round: self.pairing.round,
            record,
            result,
            termination,
            failure,
            answers: self.answers,
            referee_time: self.referee_time,
        }
    }
}
