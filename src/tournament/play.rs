//! One refereed game between engines: every move asked for with the
//! clock running, checked as `kifu validate` checks it, and written down.

use super::ending::{Ending, Loser, declared_winner};
use super::opening::Opening;
use super::result::result_of_game;
use super::schedule::Pairing;
use super::termination::Termination;
use super::turn::check_turn;
use crate::builder::RecordBuilder;
use crate::game::AnyGame;
use crate::kep::{Answered, Decision, EngineFailure, EngineSpec, seconds};
use crate::model::GameResult;
use crate::seat::{Clock, ProcessSeat, Seat, Terms, TimeControl};
use std::time::{Duration, Instant};

/// What every game of a match shares besides its engines.
#[derive(Debug, Clone)]
pub struct Conditions {
    /// The time each engine gets.
    pub time: TimeControl,
    /// How late a move may come before it loses on time.
    pub margin: Duration,
    /// The plies after which a game stops unfinished.
    pub max_plies: usize,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
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
    record: RecordBuilder,
    moves: Vec<String>,
    players: Vec<String>,
    answers: usize,
    referee_time: Duration,
}

/// Plays the game `pairing` from `opening`.
pub fn play_game(
    pairing: &Pairing,
    opening: &Opening,
    lineup: &mut Lineup<'_>,
    conditions: &Conditions,
) -> Played {
    let game = opening.start.box_clone();
    let players: Vec<String> = game.players().into_iter().map(str::to_owned).collect();
    let mut table = Table {
        record: RecordBuilder::new(game.kind(), opening.tags.clone()),
        game,
        lineup,
        pairing,
        moves: Vec::new(),
        players,
        answers: 0,
        referee_time: Duration::ZERO,
    };
    table.write_head(conditions);
    for text in &opening.moves {
        table.record.push(table.game.as_ref(), text);
        if table.game.play(text).is_err() {
            break;
        }
        table.moves.push(text.clone());
    }
    let ending = match table.prepare(opening) {
        Ok(()) => table.run(conditions),
        Err(lost) => lost,
    };
    table.finish(ending)
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

    /// Starts every engine of the game that is not running, and tells
    /// each the new game.
    fn prepare(&mut self, opening: &Opening) -> Result<(), Ending> {
        for seat in 0..self.players.len() {
            let engine = self.engine_of(seat);
            if self.pairing.seats[..seat].contains(&engine) {
                continue;
            }
            let kind = self.game.kind();
            match self.running(engine) {
                Ok(running) => running.new_game(kind, &opening.tags),
                Err(failure) => return Err(self.failed(seat, &failure)),
            }
        }
        Ok(())
    }

    /// The seat of `engine`, its process started if need be.
    fn running(&mut self, engine: usize) -> Result<&mut Box<dyn Seat>, EngineFailure> {
        let slot =
            (self.lineup.running.get_mut(engine)).ok_or(EngineFailure::Exited { status: None })?;
        if slot.is_none() {
            let spec = self.lineup.specs.get(engine).cloned().unwrap_or_default();
            *slot = Some(Box::new(ProcessSeat::start(&spec)?));
        }
        slot.as_mut().ok_or(EngineFailure::Exited { status: None })
    }

    /// Asks for moves until the game ends by the rules, reaches the limit
    /// of plies, or an engine fails.
    fn run(&mut self, conditions: &Conditions) -> Ending {
        let terms = Terms {
            time: conditions.time,
            depth: None,
            margin: conditions.margin,
        };
        let mut clocks = vec![Clock::new(terms); self.players.len()];
        let mut last_received: Option<Instant> = None;
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
            let Some(clock) = clocks.get_mut(seat) else {
                let message = format!("{mover} has no seat");
                return Ending::lost(seat, Termination::IllegalMove, message, Vec::new());
            };
            let (engine, moves) = (self.engine_of(seat), self.moves.clone());
            let answer = (self.running(engine)).and_then(|running| running.ask(&moves, clock));
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
            if let Err(ending) = self.take(seat, &answer) {
                return ending;
            }
        }
    }

    /// Plays the engine's answer, or says how it lost the game.
    fn take(&mut self, seat: usize, answer: &Answered) -> Result<(), Ending> {
        let words = match &answer.decision {
            Decision::Resign => {
                let message = format!("{} resigned", self.who(seat));
                let stderr = self.stderr_of(seat);
                return Err(Ending::lost(seat, Termination::Resign, message, stderr));
            }
            Decision::Move(words) => words,
        };
        let turn = check_turn(self.game.as_ref(), words).map_err(|reason| {
            let message = format!("{} played {}: {reason}", self.who(seat), words.join(" "));
            Ending::lost(
                seat,
                Termination::IllegalMove,
                message,
                self.stderr_of(seat),
            )
        })?;
        for text in turn {
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
        self.record.tag("Termination", termination.tag_value());
        let record = match (termination, self.game.outcome()) {
            (Termination::Normal, Some(outcome)) => {
                self.record.tag("Result", &outcome.tag_value);
                self.record.text(self.game.as_ref())
            }
            _ => {
                if let Some(token) = declared_winner(&self.players, loser) {
                    self.record.tag("Result", &token);
                }
                self.record.text_ending(Some("*"))
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
