//! What the binary's fronts share: the command line ([`crate::cli`]) and
//! `kifu play` ([`crate::repl`]) each stand on this module, and neither
//! imports the other.
//!
//! - [`args`]: the one clap definition of every subcommand's options;
//! - [`setup`]: a fresh game from the setup options, checked as the
//!   referee checks a record's tags, and `kifu new`'s record of it;
//! - [`save`]: atomic saving, which no user's file survives half-written;
//! - [`status`]: the exit statuses, and an engine's failure in words.

pub(crate) mod args;
pub(crate) mod save;
pub(crate) mod setup;
pub(crate) mod status;

pub(crate) use save::{ReadOnly, SaveError, SaveReason, save_atomic, save_atomic_with};
pub(crate) use status::{EngineError, Ran, Status, Stop, Stopped};
