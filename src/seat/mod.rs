//! One seat at the board: whoever plays a player's moves, asked for each
//! under one [`Clock`], with one meaning of `movetime`, `time` and `inc`
//! (`kifu match`'s, in `kifu(1)`): `go` carries the limits, and the move
//! must arrive within the time left and the margin ([`load_margin`]:
//! [`MARGIN`] on an idle machine, more on a busy one; `kifu match
//! --timemargin` may fix it), measured from the end of
//! writing `go`, or it is too late.
//!
//! - [`Seat`] is a player asked for its moves: [`ProcessSeat`], a KEP
//!   program ([`crate::kep::Engine`]); [`BuiltInSeat`], the built-in
//!   engine, in-process, on a thread of its own; [`InlineSeat`], the same
//!   engine in the caller's thread (a browser's, which has no others);
//!   [`CourseSeat`], a client of the Escampe course's
//!   protocol over TCP ([`crate::course`]);
//! - [`Occupant`] says who sits at a seat: a human at the REPL (whose
//!   moves are typed, not asked for) or a [`Seat`];
//! - [`start`] starts the seat of an `--engine`/`--vs` word, [`launch`]
//!   the seat of a match's engine for one of a game's players;
//! - [`Terms`], [`TimeControl`] and [`Clock`] are the time a seat gets.
//!
//! `kifu match`, `kifu play --vs`, `:hint` and `kifu analyse` all ask
//! through [`Seat::ask`]; a network or a browser player is one more
//! implementation of it.

mod built_in;
mod clock;
mod course;
mod inline;
mod process;

pub use built_in::BuiltInSeat;
pub use clock::{
    Clock, MARGIN, MAX_LOAD_FACTOR, PATIENCE, SHARE_AGE, Terms, TimeControl, TimeControlError,
    core_share, load_margin,
};
pub use course::{CourseSeat, PORT_MARK};
pub use inline::InlineSeat;
pub use process::ProcessSeat;

use crate::course::Colour;
use crate::engine::Level;
use crate::game::GameKind;
use crate::kep::{Answered, EngineFailure, EngineSpec, Protocol};

/// A player asked for its moves, each within its clock's time.
pub trait Seat: std::fmt::Debug + Send {
    /// Its name in records and messages.
    fn name(&self) -> &str;

    /// Tells it a new game: `kind` from the start `tags` describe.
    fn new_game(&mut self, kind: GameKind, tags: &[(String, String)]);

    /// Its move after `moves` (lotus: pawn moves) from the start, asked
    /// with `clock`'s limits and awaited for at most its allowed time.
    ///
    /// # Errors
    /// A move too late, a seat gone away, or an answer that is no move.
    fn ask(&mut self, moves: &[String], clock: &Clock) -> Result<Answered, EngineFailure> {
        self.ask_only(moves, &[], clock)
    }

    /// As [`Seat::ask`], choosing among the moves `only` (KEP's
    /// `searchmoves`; lotus: the pawn moves of one turn), so that the
    /// answer scores them; every move when `only` is empty. A seat that
    /// cannot be asked so (a course client) chooses among all, as its
    /// answer shows.
    ///
    /// # Errors
    /// As [`Seat::ask`].
    fn ask_only(
        &mut self,
        moves: &[String],
        only: &[String],
        clock: &Clock,
    ) -> Result<Answered, EngineFailure>;

    /// Tells it the game ended after `moves`, won by the player `winner`
    /// (none when unfinished); gives whether it plays another game (a
    /// course client plays one).
    fn game_over(&mut self, moves: &[String], winner: Option<&str>) -> bool {
        let _ = (moves, winner);
        true
    }

    /// The last lines it wrote on its standard error, if it has one.
    fn stderr_tail(&mut self) -> Vec<String> {
        Vec::new()
    }

    /// Tells it the game is over for good and lets it go.
    fn leave(self: Box<Self>);
}

/// Who sits at a seat, for the move to come.
#[derive(Debug)]
pub enum Occupant<'a> {
    /// A human at the REPL: their moves are typed, never asked for.
    Human,
    /// A player asked for its moves.
    Asked(&'a mut dyn Seat),
}

/// The word of `--engine` and `--vs` that names the built-in engine.
pub const BUILT_IN: &str = "engine";

/// Starts the seat of `command` at `level`: [`BUILT_IN`] is the built-in
/// engine, in-process (in WebAssembly, in the caller's thread:
/// [`InlineSeat`]); anything else a KEP command line, told the level
/// as its `Level` option.
///
/// # Errors
/// Why the program could not be started or made ready (one that has no
/// `Level` option, given a level, refuses it).
pub fn start(command: &str, level: Option<Level>) -> Result<Box<dyn Seat>, EngineFailure> {
    match command {
        // A page has no threads: the engine answers in the caller's.
        #[cfg(target_family = "wasm")]
        BUILT_IN => Ok(Box::new(InlineSeat::new(
            level,
            crate::random::clock_seed(),
        ))),
        #[cfg(not(target_family = "wasm"))]
        BUILT_IN => Ok(Box::new(BuiltInSeat::start(level)?)),
        other => {
            let options = level.map(|level| ("Level".to_owned(), level.number().to_string()));
            let spec = EngineSpec {
                command: other.to_owned(),
                options: options.into_iter().collect(),
                ..EngineSpec::default()
            };
            Ok(Box::new(ProcessSeat::start(&spec)?))
        }
    }
}

/// Starts the seat of `spec` for the player `player` of a game: a KEP
/// program, or a course client (which plays that colour of escampe).
///
/// # Errors
/// Why the program could not be started or made ready.
pub fn launch(spec: &EngineSpec, player: &str) -> Result<Box<dyn Seat>, EngineFailure> {
    match spec.protocol {
        Protocol::Kep => Ok(Box::new(ProcessSeat::start(spec)?)),
        Protocol::Course => {
            let colour = Colour::of_player(player).ok_or_else(|| EngineFailure::CannotStart {
                command: spec.command.clone(),
                reason: format!("a course player plays escampe's White or Black, not {player}"),
            })?;
            Ok(Box::new(CourseSeat::launch(spec, colour)?))
        }
    }
}
