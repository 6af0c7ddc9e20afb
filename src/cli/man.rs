//! `kifu man`: the manual pages, printed as roff, so that they can be read
//! after an install, away from the repository.

use super::Status;
use crate::front::args::ManArgs;
use std::io::{self, Write};

/// Runs `kifu man`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &ManArgs, out: &mut dyn Write) -> io::Result<Status> {
    out.write_all(args.page.roff().as_bytes())?;
    Ok(Status::Ok)
}
