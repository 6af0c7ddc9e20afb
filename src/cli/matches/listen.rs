//! `kifu match --listen ADDR --protocol course`: a drop-in for the Escampe
//! course's referee server. It waits for two clients a game (the
//! [`Lobby`]), the first to say its name playing Blanc (White), and
//! referees their game as every match game is refereed: clocks, records,
//! the table.

use super::engines::record_name;
use super::lobby::Lobby;
use super::log::Log;
use super::records::Output;
use super::{MatchError, Status};
use crate::course::Colour;
use crate::front::args::MatchArgs;
use crate::game::GameKind;
use crate::kep::{EngineSpec, Protocol};
use crate::model::GameResult;
use crate::seat::Seat;
use crate::tournament::{Conditions, Lineup, Opening, Pairing, play_game};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};

/// Why `--listen` or `--serve` names no address.
#[derive(Debug, thiserror::Error)]
pub(super) enum AddressError {
    /// Neither `HOST:PORT` nor a port: the resolver's reason.
    #[error("not HOST:PORT or a PORT ({0})")]
    NotAnAddress(std::io::Error),
    /// A host that resolves to no address.
    #[error("it names no address")]
    NoAddress,
}

/// The address `--listen` or `--serve` names: `HOST:PORT`, or a port
/// alone on loopback.
///
/// # Errors
/// Why it names no address.
pub(super) fn address(text: &str) -> Result<SocketAddr, AddressError> {
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    let mut addresses = (text.to_socket_addrs()).map_err(AddressError::NotAnAddress)?;
    addresses.next().ok_or(AddressError::NoAddress)
}

/// Serves `args.games` games (default 1) to the clients that connect on
/// `args.listen`, one game after another.
///
/// # Errors
/// The address cannot be listened on, or `--out` cannot be written.
pub(super) fn serve(
    args: &MatchArgs,
    listen: &str,
    conditions: &Conditions,
) -> Result<(Vec<GameResult>, Status), MatchError> {
    if let Some(kind) = args.game.filter(|&kind| kind != GameKind::Escampe) {
        return Err(MatchError::CourseGame(kind));
    }
    let at = address(listen).map_err(|e| MatchError::Listen {
        address: listen.to_owned(),
        reason: e.to_string(),
    })?;
    let listener = TcpListener::bind(at).map_err(|e| MatchError::Listen {
        address: listen.to_owned(),
        reason: e.to_string(),
    })?;
    let bound = listener.local_addr().unwrap_or(at);
    if !bound.ip().is_loopback() {
        say!(
            "kifu: warning: listening on {bound}, beyond loopback: any machine that reaches it may play"
        );
    }
    let games = args.games.map_or(1, |n| n as usize);
    let plural = if games == 1 { "" } else { "s" };
    say!("kifu: listening on {bound} for course clients, two a game, {games} game{plural}");
    let mut output = match &args.out {
        Some(path) => Some(Output::open(path, false)?),
        None => None,
    };
    let opening = Opening::to_place(GameKind::Escampe).ok_or(MatchError::NoOpening)?;
    let spec = EngineSpec {
        protocol: Protocol::Course,
        ..EngineSpec::default()
    };
    let specs = [spec.clone(), spec];
    let mut log = Log::start(games);
    let mut results = Vec::new();
    let lobby = Lobby::open(listener);
    let stopped = || MatchError::Listen {
        address: listen.to_owned(),
        reason: "kifu stopped taking connections".to_owned(),
    };
    for round in 1..=games {
        let blanc = lobby.next(Colour::Blanc).ok_or_else(stopped)?;
        let noir = lobby.next(Colour::Noir).ok_or_else(stopped)?;
        let mut names = Vec::new();
        for seat in [&blanc, &noir] {
            let name = record_name(&names, seat.name(), "a client");
            names.push(name);
        }
        let mut running: Vec<Option<Box<dyn Seat>>> = vec![Some(blanc), Some(noir)];
        let mut lineup = Lineup {
            specs: &specs,
            names: &names,
            running: &mut running,
        };
        // Escampe's players are White, then Black: Blanc, then Noir.
        let pairing = Pairing {
            round,
            opening: 0,
            seats: vec![0, 1],
        };
        let played = play_game(&pairing, &opening, &mut lineup, conditions);
        for seat in running.into_iter().flatten() {
            seat.leave();
        }
        if let Some(out) = output.as_mut() {
            out.append(&played.record)?;
        }
        log.game(&played, &names);
        results.push(played.result);
    }
    log.finish();
    Ok((results, Status::Ok))
}
