//! The options of `kifu serve` and `kifu site`.

use clap::Args;
use std::net::IpAddr;
use std::path::PathBuf;

/// Arguments of `kifu serve`.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Files of records the page may open and save games to (one not yet
    /// there is created by a save), and directories whose record files
    /// (`*.kifu`) it may open; nothing else can be read or written.
    pub files: Vec<PathBuf>,
    /// The port to listen on (default: a free one).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub port: u16,
    /// Open the page in the browser: `$BROWSER URL`, or `xdg-open URL`.
    #[arg(long)]
    pub open: bool,
    /// Listen on this address instead of 127.0.0.1: other machines may
    /// then reach the server, so kifu warns.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<IpAddr>,
    /// Show the games of a match live, read from its --out file as it
    /// grows: each finished game's final board and result, and the table.
    #[arg(long, value_name = "FILE")]
    pub watch: Option<PathBuf>,
    /// The engine the page's "Engine move", "Hint" and "Analyse" ask: a
    /// KEP command line, or `engine` for the built-in one.
    #[arg(long, value_name = "CMD", default_value = "engine")]
    pub engine: String,
}

/// Arguments of `kifu site`.
#[derive(Debug, Args)]
pub(crate) struct SiteArgs {
    /// The folder to write the site into: made if missing; one that holds
    /// files of its own is refused (one `kifu site` wrote is rewritten).
    pub folder: PathBuf,
    /// The folder of the JavaScript package built (`js/build.sh`), whose
    /// `kifu_wasm.js` and `kifu_wasm_bg.wasm` the site takes.
    #[arg(long, value_name = "DIR", default_value = "js/pkg")]
    pub package: PathBuf,
}
