//! An engine across the board: `kifu play --vs` (the built-in engine, or
//! any program that speaks KEP) plays one side, and `:hint` asks it for
//! a move in any game. The engine is told the whole game at every move,
//! so `:undo`, `:new` and `:load` need nothing more.

use super::{Outputs, Reply, Session};
use crate::kep::{Decision, Engine, EngineSpec, Game, GoLimits, Score};
use std::io;

/// The engine of a session.
#[derive(Debug)]
pub(crate) struct Opponent {
    engine: Engine,
    /// The player the user plays, as the game names them (`White`): the
    /// engine plays all the others. None when it only gives hints.
    user: Option<String>,
    /// Its time per move.
    movetime: u64,
}

/// `engine` on the command line: the built-in engine, this very program.
pub(crate) const BUILT_IN: &str = "engine";

impl Opponent {
    /// Starts the engine `command` (`engine` for the built-in one) to play
    /// against `user` (or only to give hints), `movetime` ms a move.
    ///
    /// # Errors
    /// Why the engine could not start, in words.
    pub(crate) fn start(
        command: &str,
        user: Option<String>,
        movetime: u64,
    ) -> Result<Self, String> {
        let spec = engine_spec(command)?;
        let engine = Engine::start(&spec).map_err(|e| format!("the engine: {e}"))?;
        Ok(Self {
            engine,
            user,
            movetime,
        })
    }

    /// The engine's turn in `session`'s position and its last score.
    fn think(&mut self, session: &Session) -> Result<(Decision, Option<Score>), String> {
        let tags = session.start.setup_tags();
        let moves = session.moves();
        let game = Game {
            kind: session.kind,
            tags: &tags,
            moves: &moves,
        };
        let limits = GoLimits {
            movetime: Some(self.movetime),
            ..GoLimits::default()
        };
        let allowed =
            std::time::Duration::from_millis(self.movetime.saturating_mul(2).saturating_add(1000));
        let answer =
            (self.engine.think(&game, limits, allowed)).map_err(|e| format!("the engine: {e}"))?;
        Ok((answer.decision, answer.score))
    }
}

/// How to start the engine `command`: `engine` is the built-in one, this
/// very program's `kifu engine`; anything else a KEP command line.
///
/// # Errors
/// This program's own path cannot be found.
pub(crate) fn engine_spec(command: &str) -> Result<EngineSpec, String> {
    let command = match command {
        BUILT_IN => {
            let me = std::env::current_exe().map_err(|e| format!("the engine: {e}"))?;
            format!("{} engine", shell_words::quote(&me.to_string_lossy()))
        }
        other => other.to_owned(),
    };
    Ok(EngineSpec {
        command,
        ..EngineSpec::default()
    })
}

/// `cp 35`, or nothing.
fn score_words(score: Option<Score>) -> String {
    score.map_or_else(String::new, |score| format!(" ({score})"))
}

impl Session {
    /// Gives the session an engine.
    pub(crate) fn set_opponent(&mut self, opponent: Opponent) {
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
            let Some(opponent) = self.opponent.take() else {
                return Ok(Reply::DONE);
            };
            let mover = self.game.turn().mover;
            let users = opponent.user.as_deref().is_none_or(|user| user == mover);
            if self.game.is_over() || users {
                self.opponent = Some(opponent);
                return Ok(Reply::DONE);
            }
            let mut opponent = opponent;
            let thought = opponent.think(self);
            self.opponent = Some(opponent);
            let words = match thought {
                Ok((Decision::Move(words), score)) => {
                    writeln!(
                        io.out,
                        "The engine plays {}{}",
                        words.join(" "),
                        score_words(score)
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
        if self.game.is_over() {
            return io.refuse("the game is over: there is no move to hint");
        }
        let mut opponent = match self.opponent.take() {
            Some(opponent) => opponent,
            None => match Opponent::start(BUILT_IN, None, self.movetime) {
                Ok(opponent) => opponent,
                Err(e) => return io.refuse(e),
            },
        };
        let thought = opponent.think(self);
        self.opponent = Some(opponent);
        match thought {
            Ok((Decision::Move(words), score)) => {
                writeln!(io.out, "hint: {}{}", words.join(" "), score_words(score))?;
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
