//! `kifu site`: the board as a folder of static files
//! ([`crate::serve::site`]); the folder printed, and how to serve it.

use super::Status;
use crate::front::args::SiteArgs;
use crate::front::{Ran, Stop};
use crate::serve::site::{SiteError, write};
use std::io::Write;

impl Stop for SiteError {}

/// Runs `kifu site`: writes the folder, then prints its path.
///
/// # Errors
/// The site cannot be written, or `out` cannot be written.
pub(crate) fn run(args: &SiteArgs, out: &mut dyn Write) -> Ran {
    let names = write(&args.folder, &args.package)?;
    say!(
        "kifu: {} files written; serve the folder with any static web server, for example: python3 -m http.server -d {}",
        names.len(),
        args.folder.display()
    );
    writeln!(out, "{}", args.folder.display())?;
    Ok(Status::Ok)
}
