//! An engine across the board: `kifu play --vs` (the built-in engine, or
//! any program that speaks KEP) plays one side, and `:hint` asks it for
//! a move in any game. It is a [`Seat`], asked under the terms of
//! `--movetime` as `kifu match` asks its engines; it is told the whole
//! game at every move, so `:undo`, `:new` and `:load` need nothing more.

use super::{Outputs, Reply, Session};
use crate::engine::Level;
use crate::front::EngineError;
use crate::kep::{Decision, Score};
use crate::seat::{BUILT_IN, Clock, Occupant, Seat, Terms};
use std::io;
use std::time::Duration;

/// The engine of a session.
#[derive(Debug)]
pub(crate) struct Opponent {
    seat: Box<dyn Seat>,
    /// The player the user plays, as the game names them (`White`): the
    /// engine plays all the others. None when it only gives hints.
    user: Option<String>,
    /// The time it gets for a move.
    terms: Terms,
}

impl Opponent {
    /// Starts the engine `command` (`engine` for the built-in one) at
    /// `level` to play against `user` (or only to give hints), `movetime`
    /// ms a move.
    ///
    /// # Errors
    /// Why the engine could not start.
    pub(crate) fn start(
        command: &str,
        level: Option<Level>,
        user: Option<String>,
        movetime: u64,
    ) -> Result<Self, EngineError> {
        let seat = crate::seat::start(command, level)?;
        Ok(Self {
            seat,
            user,
            terms: Terms::patient(Duration::from_millis(movetime)),
        })
    }

    /// Whether the engine plays `player`.
    pub(super) fn plays(&self, player: &str) -> bool {
        self.user.as_deref().is_some_and(|user| user != player)
    }

    /// Who plays `player`: the user (everyone, when the engine only
    /// gives hints), or the engine.
    fn occupant_of(&mut self, player: &str) -> Occupant<'_> {
        match self.plays(player) {
            true => Occupant::Asked(self.seat.as_mut()),
            false => Occupant::Human,
        }
    }
}

/// The turn of `seat`, under `terms`, in `session`'s position, and its
/// last score.
fn think(
    seat: &mut dyn Seat,
    terms: Terms,
    session: &Session,
) -> Result<(Decision, Option<Score>), EngineError> {
    seat.new_game(session.kind, &session.engine_tags());
    let clock = Clock::new(terms);
    let answer = seat.ask(&session.moves(), &clock)?;
    Ok((answer.decision, answer.score))
}

impl Session {
    /// ` (cp 35)`, or nothing; the session's first `cp` score says its
    /// unit once: ` (cp 35; 100 cp is a piece)` (lotus: a point); a
    /// forced result says what it means: ` (win 7: a forced win in 7
    /// plies)`.
    fn score_words(&mut self, score: Option<Score>) -> String {
        let plies = |n: u32| {
            if n == 1 {
                "1 ply".to_owned()
            } else {
                format!("{n} plies")
            }
        };
        match score {
            None => String::new(),
            Some(Score::Win(n)) => format!(" (win {n}: a forced win in {})", plies(n)),
            Some(Score::Loss(n)) => format!(" (loss {n}: a forced loss in {})", plies(n)),
            Some(Score::Cp(n)) if !self.cp_said => {
                self.cp_said = true;
                let unit = match self.kind.scores_results() {
                    true => "a point",
                    false => "a piece",
                };
                format!(" (cp {n}; 100 cp is {unit})")
            }
            Some(score) => format!(" ({score})"),
        }
    }

    /// Gives the session an engine; the record names it as the players it
    /// plays, where the game has a tag for their names and none is given.
    pub(crate) fn set_opponent(&mut self, opponent: Opponent) {
        let players: Vec<String> = (self.game().players().into_iter())
            .map(str::to_owned)
            .collect();
        for player in &players {
            let player = player.as_str();
            let named = self.tags.iter().any(|(name, _)| name == player);
            if opponent.plays(player) && self.kind.tags().contains(&player) && !named {
                self.tags
                    .push((player.to_owned(), opponent.seat.name().to_owned()));
            }
        }
        self.opponent = Some(opponent);
    }

    /// Lets the engine play while the game goes on and the player to move
    /// is not the user's, showing each of its moves as the user's are
    /// shown.
    ///
    /// # Errors
    /// Failures to write.
    pub(crate) fn engine_plays(&mut self, io: &mut Outputs<'_>) -> io::Result<Reply> {
        loop {
            let Some(mut opponent) = self.opponent.take() else {
                return Ok(Reply::DONE);
            };
            let (mover, terms) = (self.game().turn().mover, opponent.terms);
            let thought = match opponent.occupant_of(mover) {
                Occupant::Asked(seat) if !self.game().is_over() => Some(think(seat, terms, self)),
                _ => None,
            };
            self.opponent = Some(opponent);
            let Some(thought) = thought else {
                return Ok(Reply::DONE);
            };
            let words = match thought {
                Ok((Decision::Move(words), score)) => {
                    let verb = if self.placing.is_some() {
                        "places"
                    } else {
                        "plays"
                    };
                    writeln!(
                        io.out,
                        "The engine {verb} {}{}",
                        words.join(" "),
                        self.score_words(score)
                    )?;
                    words.join(" ")
                }
                Ok((Decision::Resign, _)) => {
                    writeln!(io.out, "The engine resigns.")?;
                    self.opponent = None;
                    return Ok(Reply::DONE);
                }
                Err(e) => {
                    self.opponent = None;
                    return io.refuse(format_args!("{e}; it plays no more"));
                }
            };
            let reply = self.play_line(&words, io)?;
            if reply.refused {
                self.opponent = None;
                return io.refuse("the engine's move was refused; it plays no more");
            }
        }
    }

    /// `:hint`: the engine's move here and its score, without playing it;
    /// the built-in engine is started for it when the session has none.
    ///
    /// # Errors
    /// Failures to write.
    pub(crate) fn hint(&mut self, io: &mut Outputs<'_>) -> io::Result<Reply> {
        if self.game().is_over() {
            return io.refuse("the game is over: there is no move to hint");
        }
        let mut opponent = match self.opponent.take() {
            Some(opponent) => opponent,
            None => match Opponent::start(BUILT_IN, None, None, self.movetime) {
                Ok(opponent) => opponent,
                Err(e) => return io.refuse(e),
            },
        };
        let thought = think(opponent.seat.as_mut(), opponent.terms, self);
        self.opponent = Some(opponent);
        match thought {
            Ok((Decision::Move(words), score)) => {
                if let Some(refused) = self.refusal_of(&words) {
                    let hint = words.join(" ");
                    return io.refuse(format_args!(
                        "the engine failed: its hint {hint:?} is refused: {refused}"
                    ));
                }
                let score = self.score_words(score);
                writeln!(io.out, "hint: {}{score}", words.join(" "))?;
                Ok(Reply::DONE)
            }
            Ok((Decision::Resign, _)) => {
                writeln!(io.out, "hint: the engine would resign")?;
                Ok(Reply::DONE)
            }
            Err(e) => {
                self.opponent = None;
                io.refuse(e)
            }
        }
    }
}
