//! The exit statuses of kifu, shared by the command line and `kifu play`.

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
