//! The exit statuses of kifu, shared by the command line and `kifu play`;
//! what stops a command ([`Stopped`]), turned into its message and its
//! status in one place, the binary's edge (`app`); and the failure of an
//! engine as both fronts say it.

use std::io;
use std::process::ExitCode;

/// The exit statuses of kifu (kifu(1), EXIT STATUS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// Every record valid, or the command succeeded.
    Ok = 0,
    /// At least one record invalid.
    Invalid = 1,
    /// A usage error or unreadable input.
    Trouble = 2,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status as u8)
    }
}

/// An engine that failed a front which asked it for a move (`kifu play
/// --vs`, `:hint`, `kifu analyse`).
#[derive(Debug, thiserror::Error)]
#[error("the engine: {0}")]
pub(crate) struct EngineError(#[from] pub crate::kep::EngineFailure);

/// An error that stops a command: its message (after `kifu: `, on
/// standard error) and the exit status it stands for.
pub(crate) trait Stop: std::error::Error + Send + Sync {
    /// The exit status: 2 (a usage error, an unreadable file, an engine
    /// that fails) unless the error says otherwise.
    fn status(&self) -> Status {
        Status::Trouble
    }
}

/// Why a command stopped before its end: an error it reports, or a
/// failure to write its output.
#[derive(Debug)]
pub(crate) enum Stopped {
    /// An error for the user, with its status.
    Error(Box<dyn Stop>),
    /// The output could not be written.
    Output(io::Error),
}

impl From<io::Error> for Stopped {
    fn from(e: io::Error) -> Self {
        Stopped::Output(e)
    }
}

impl<E: Stop + 'static> From<E> for Stopped {
    fn from(e: E) -> Self {
        Stopped::Error(Box::new(e))
    }
}

/// What a command gives: its exit status, or why it stopped.
pub(crate) type Ran = Result<Status, Stopped>;

impl Stop for EngineError {}

impl Stop for crate::play::StartError {}

impl Stop for crate::play::TagOptionError {}
