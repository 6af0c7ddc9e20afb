//! `kifu match`: engines against engines, every game refereed move by
//! move, with clocks, and written down as a record.
//!
//! - [`Schedule`] says which engine takes which seat of which game, from
//!   which [`Opening`] (a round-robin or a gauntlet of encounters, in
//!   two-player games), and [`Shard`] slices it;
//! - [`play_game`] plays one game with the engines of a [`Lineup`] under
//!   the [`Conditions`] (a [`crate::seat::TimeControl`] among them), each
//!   engine a [`crate::seat::Seat`] with its [`crate::seat::Clock`], checking each
//!   answer with [`crate::play::check_turn`], and gives the record and the
//!   [`Termination`];
//! - [`result_of_game`] and [`result_of_record`] turn a game or a record into
//!   the result that [`crate::model::Standings`] counts;
//! - a [`Spectator`] follows the games as they are played (`kifu match
//!   --serve`);
//! - [`sprt`] is the sequential probability ratio test of a two-engine
//!   match, in game pairs.

mod adjudication;
mod balanced;
mod ending;
mod opening;
mod play;
mod result;
mod schedule;
mod spectator;
pub mod sprt;
mod termination;

pub use adjudication::{Resign, ResignSyntax};
pub use balanced::{balanced_openings, balanced_records};
pub use opening::{MainLine, MainLineError, Opening, OpeningError};
pub use play::{Conditions, Failure, Lineup, Played, play_game};
pub use result::{RecordResultError, ResultTagsError, result_of_game, result_of_record};
pub use schedule::{Pairing, Pairings, Schedule, Shard, ShardError};
pub use spectator::{LiveGame, LiveSeat, Spectator};
pub use termination::Termination;
