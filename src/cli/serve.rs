//! `kifu serve`: the local web server of [`crate::serve`], its address
//! printed with its token.

use super::Status;
use crate::front::args::ServeArgs;
use crate::front::{Ran, Stop};
use crate::serve::{Config, LiveMatch, ServeError, Server};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

impl Stop for ServeError {}

/// Runs `kifu serve`: prints the address to open, then serves until the
/// process is stopped.
///
/// # Errors
/// The server cannot start, or `out` cannot be written.
pub(crate) fn run(args: &ServeArgs, out: &mut dyn Write) -> Ran {
    let server = Server::bind(Config {
        paths: args.files.clone(),
        port: args.port,
        listen: args.listen,
        watch: args.watch.clone(),
        live: None,
        engine: args.engine.clone(),
    })?;
    if let Some(address) = args.listen.filter(|address| !address.is_loopback()) {
        warn_beyond_loopback(address);
    }
    // What to do with the address on standard error, just before it; the
    // address alone on standard output, for scripts.
    say!("kifu: open this address in a browser; Ctrl-C stops the server:");
    writeln!(out, "{}", server.url())?;
    out.flush()?;
    if args.open {
        open_page(&server.url());
    }
    server.run()?;
    Ok(Status::Ok)
}

/// Starts the server of `kifu match --serve` on `address`, showing
/// `live`, in a thread of its own (it serves until the process ends), and
/// says its address to open on standard error.
///
/// # Errors
/// The server cannot start.
pub(crate) fn serve_match(address: SocketAddr, live: Arc<LiveMatch>) -> Result<(), ServeError> {
    let ip = address.ip();
    let listen = (ip != IpAddr::V4(Ipv4Addr::LOCALHOST)).then_some(ip);
    let server = Server::bind(Config {
        paths: Vec::new(),
        port: address.port(),
        listen,
        watch: None,
        live: Some(live),
        engine: "engine".to_owned(),
    })?;
    if let Some(address) = listen.filter(|address| !address.is_loopback()) {
        warn_beyond_loopback(address);
    }
    say!("kifu: the match live at {}", server.url());
    let thread = std::thread::Builder::new().name("kifu-serve".to_owned());
    thread
        .spawn(move || {
            if let Err(e) = server.run() {
                say!("kifu: --serve: {e}");
            }
        })
        .map_err(ServeError::Runtime)?;
    Ok(())
}

/// Says that the server listens beyond loopback.
fn warn_beyond_loopback(address: IpAddr) {
    say!(
        "kifu: warning: listening on {address}, not on loopback: whoever reaches it there with the token can play and write the files named"
    );
}

/// Opens `url` in the user's browser: the program `$BROWSER` names (a
/// command line, split as a shell would), or `xdg-open`; one that cannot
/// be started is said, and the server goes on.
fn open_page(url: &str) {
    let browser = std::env::var("BROWSER").unwrap_or_else(|_| "xdg-open".to_owned());
    let words = shell_words::split(&browser).unwrap_or_default();
    let Some((program, before)) = words.split_first() else {
        say!("kifu: --open: $BROWSER names no program; open {url}");
        return;
    };
    let started = std::process::Command::new(program)
        .args(before)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        say!("kifu: --open: cannot start {program}: {e}; open {url}");
    }
}
