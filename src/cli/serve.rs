//! `kifu serve`: the local web server of [`crate::serve`], given what it
//! asks of the fronts (a new game from the options of `kifu new`, the
//! atomic save), its address printed with its token.

use super::Status;
use crate::front::args::{ServeArgs, SetupArgs};
use crate::front::{Ran, ReadOnly, Stop, save_atomic};
use crate::game::GameKind;
use crate::random::Rng;
use crate::serve::{Backend, Config, LiveMatch, NewGame, ServeError, Server, Started};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;

/// What `kifu serve` lends the server of the fronts.
#[derive(Debug)]
struct Fronts;

impl Backend for Fronts {
    fn start(&self, request: &NewGame) -> Result<Started, String> {
        let kind = GameKind::from_name(&request.game).ok_or_else(|| {
            let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            format!(
                "no game {:?}: the games are {}",
                request.game,
                names.join(", ")
            )
        })?;
        let setup = SetupArgs {
            setup: request.setup.clone(),
            position: request.position.clone(),
            players: request.players.clone(),
            flowers: request.flowers.clone(),
            course: request.course.clone(),
            rotation: request.rotation.clone(),
            first: request.first.clone(),
            discs: request.discs.clone(),
            tags: request.tags.clone(),
        };
        let drawn = (request.seed)
            .map(|seed| kind.random_tags(&mut Rng::new(seed)))
            .unwrap_or_default();
        let tags = setup
            .tag_list(kind, drawn.clone())
            .map_err(|e| e.to_string())?;
        if let Some(placing) = kind.placing(&tags) {
            let mut all = vec![("Game".to_owned(), kind.name().to_owned())];
            all.extend(tags);
            return Ok(Started {
                tags: all,
                game: placing.board(),
                placing: Some(placing),
            });
        }
        let start = crate::front::setup::fresh(kind, &setup, drawn).map_err(|e| e.to_string())?;
        Ok(Started {
            tags: start.tags,
            game: start.game,
            placing: None,
        })
    }

    fn save(&self, path: &Path, text: &str) -> Result<(), String> {
        save_atomic(path, text, ReadOnly::Refuse).map_err(|e| e.to_string())
    }
}

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
        backend: Arc::new(Fronts),
    })?;
    if let Some(address) = args.listen {
        warn_beyond_loopback(address);
    }
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
        backend: Arc::new(Fronts),
    })?;
    if let Some(address) = listen {
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
