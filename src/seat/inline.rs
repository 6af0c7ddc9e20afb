//! The built-in engine answering in the caller's own thread: the session
//! `kifu engine` serves, as [`super::BuiltInSeat`] runs it, without a
//! thread between. Where there are no threads (WebAssembly in a page, a
//! Web Worker) this is the engine; its search keeps its own time, and no
//! one can stop it sooner.

use super::{Clock, Seat};
use crate::engine::{Level, SearchPlayer, Style};
use crate::game::GameKind;
use crate::kep::{Answer, Answered, Command, Decision, EngineFailure, GoLimits, Heard, Session};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use web_time::Instant;

/// The built-in engine, searching in the thread that asks it.
#[derive(Debug)]
pub struct InlineSeat {
    session: Session<SearchPlayer>,
    name: String,
}

impl InlineSeat {
    /// The engine `kifu engine` runs with no options (or with `--level`,
    /// given `level`, its mistakes drawn from `seed`).
    pub fn new(level: Option<Level>, seed: u64) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let player = SearchPlayer::new(Style::search(None, None), stop).at_level(level, seed);
        let name = crate::kep::Player::name(&player);
        Self {
            session: Session::new(player, None),
            name,
        }
    }

    /// Answers `command`, every answer given to `tell`.
    fn answer(&mut self, command: Command, tell: &mut dyn FnMut(Answer)) {
        let reply = self.session.answer(command, tell);
        reply.answers.into_iter().for_each(tell);
    }
}

impl Seat for InlineSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, kind: GameKind, tags: &[(String, String)]) {
        self.answer(Command::NewGame(kind), &mut drop);
        for (name, value) in tags {
            let (name, value) = (name.clone(), value.clone());
            self.answer(Command::Tag { name, value }, &mut drop);
        }
    }

    fn ask_only(
        &mut self,
        moves: &[String],
        only: &[String],
        clock: &Clock,
    ) -> Result<Answered, EngineFailure> {
        let limits = GoLimits {
            searchmoves: only.to_vec(),
            ..clock.limits()
        };
        self.search(moves, limits)
    }

    fn leave(self: Box<Self>) {}
}

impl InlineSeat {
    /// Its answer after `moves` of the game (as [`Seat::new_game`] gave
    /// it), searched within `limits` as `go` gives them: `nodes` too,
    /// which a [`Clock`] does not set.
    ///
    /// # Errors
    /// The engine answered no move (the game is over, or a move refused).
    pub fn search(
        &mut self,
        moves: &[String],
        limits: GoLimits,
    ) -> Result<Answered, EngineFailure> {
        let moves = moves.to_vec();
        self.answer(Command::Position { moves }, &mut drop);
        let (sent, mut heard, mut decision) = (Instant::now(), Heard::default(), None);
        self.answer(Command::Go(limits), &mut |answer| match answer {
            Answer::Info(info) => heard.hear(info),
            Answer::Move(moves) => decision = Some(Decision::Move(moves)),
            Answer::Resign => decision = Some(Decision::Resign),
            _ => {}
        });
        match decision {
            Some(decision) => Ok(heard.answered(decision, sent, Instant::now())),
            None => Err(EngineFailure::Exited { status: None }),
        }
    }
}
