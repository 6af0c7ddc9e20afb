//! What the binary's fronts share: the command line ([`crate::cli`]) and
//! `kifu play` ([`crate::repl`]) each stand on this module, and neither
//! imports the other.
//!
//! - [`args`]: the one clap definition of every subcommand's options;
//! - [`status`]: the exit statuses, and an engine's failure in words.

pub(crate) mod args;
pub(crate) mod status;

pub(crate) use crate::play::{ReadOnly, SaveError, SaveReason, save_atomic, save_atomic_with};
pub(crate) use status::{EngineError, Ran, Status, Stop, Stopped};
