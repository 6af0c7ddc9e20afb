//! `kifu man`: the manual pages, printed as roff, so that they can be read
//! after an install, away from the repository.

use super::Status;
use crate::front::Ran;
use crate::front::args::ManArgs;
use std::io::Write;

/// Runs `kifu man`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &ManArgs, out: &mut dyn Write) -> Ran {
    out.write_all(args.page.roff().as_bytes())?;
    Ok(Status::Ok)
}
