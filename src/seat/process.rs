//! A seat played by a KEP program: [`crate::kep::Engine`], the
//! referee's side of the protocol, with its deadlines, its standard error
//! kept, and its process reaped.

use super::{Clock, Seat};
use crate::game::GameKind;
use crate::kep::{Answered, Command, Engine, EngineFailure, EngineSpec, GoLimits};

/// A KEP engine process at a seat.
#[derive(Debug)]
pub struct ProcessSeat {
    engine: Engine,
}

impl ProcessSeat {
    /// Starts the engine `spec` describes and makes it ready.
    ///
    /// # Errors
    /// Why it could not be started or made ready.
    pub fn start(spec: &EngineSpec) -> Result<Self, EngineFailure> {
        Engine::start(spec).map(|engine| Self { engine })
    }
}

impl Seat for ProcessSeat {
    fn name(&self) -> &str {
        self.engine.name()
    }

    fn new_game(&mut self, kind: GameKind, tags: &[(String, String)]) {
        self.engine.new_game(kind, tags);
    }

    fn ask_only(
        &mut self,
        moves: &[String],
        only: &[String],
        clock: &Clock,
    ) -> Result<Answered, EngineFailure> {
        self.engine.send(&Command::Position {
            moves: moves.to_vec(),
        });
        let limits = GoLimits {
            searchmoves: only.to_vec(),
            ..clock.limits()
        };
        self.engine.go(limits, clock.allowed())
    }

    fn stderr_tail(&mut self) -> Vec<String> {
        self.engine.stderr_tail()
    }

    fn leave(self: Box<Self>) {
        self.engine.quit();
    }
}
