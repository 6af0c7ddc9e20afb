//! The clients of `kifu match --listen` waiting for a game. Each
//! connection says its name on a thread of its own, so that one that
//! never speaks delays no other; at most [`MAX_NAMING`] connections wait
//! to say theirs at once (one more closes the oldest), and at most
//! [`MAX_NAMED`] clients that said it wait for a game (one more is turned
//! away), so that no flood of connections holds kifu's memory or keeps
//! the players out. Clients play in the order they said their names.

use crate::course::Colour;
use crate::seat::{CourseSeat, Seat};
use std::collections::VecDeque;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most connections waiting to say their names at once.
pub(super) const MAX_NAMING: usize = 16;

/// The most clients that said their names waiting for a game.
pub(super) const MAX_NAMED: usize = 16;

/// A client that said its name, and where it connected from.
type Named = (CourseSeat, SocketAddr);

/// The clients that said their names, in that order, taken from the
/// connections to a listener by a thread of its own.
pub(super) struct Lobby {
    named: Receiver<Named>,
}

/// The connections waiting to say their names, oldest first: each its
/// number and a handle that closes it.
#[derive(Debug, Default)]
struct Naming {
    list: Mutex<VecDeque<(u64, TcpStream)>>,
}

impl Naming {
    /// Adds connection `id`, closing the oldest while more than
    /// [`MAX_NAMING`] wait.
    fn add(&self, id: u64, stream: &TcpStream) {
        let Ok(handle) = stream.try_clone() else {
            return;
        };
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.push_back((id, handle));
        while list.len() > MAX_NAMING {
            if let Some((_, oldest)) = list.pop_front() {
                let _ = oldest.shutdown(Shutdown::Both);
            }
        }
    }

    /// Forgets connection `id`, named or gone.
    fn remove(&self, id: u64) {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|(waiting, _)| *waiting != id);
    }
}

impl Lobby {
    /// Takes the connections to `listener` from now on.
    pub(super) fn open(listener: TcpListener) -> Lobby {
        let (sender, named) = sync_channel(MAX_NAMED);
        std::thread::spawn(move || accept(&listener, &sender));
        Lobby { named }
    }

    /// The next client that said its name, told that it plays `colour`;
    /// one gone meanwhile is passed over. `None` once no connection can
    /// come.
    pub(super) fn next(&self, colour: Colour) -> Option<Box<dyn Seat>> {
        loop {
            let (seat, from) = self.named.recv().ok()?;
            let name = crate::record::Visible(seat.name()).to_string();
            match seat.seat(colour) {
                Ok(seat) => {
                    say!("kifu: {name} ({from}) plays {}", colour.word());
                    return Some(Box::new(seat));
                }
                Err(failure) => say!("kifu: {name} ({from}) is passed over: {failure}"),
            }
        }
    }
}

/// Takes every connection to `listener`, each named on a thread of its
/// own and handed to `named`.
fn accept(listener: &TcpListener, named: &SyncSender<Named>) {
    let naming = Arc::new(Naming::default());
    let mut next = 0u64;
    for accepted in listener.incoming() {
        let stream = match accepted {
            Ok(stream) => stream,
            // Out of file descriptors, or a connection reset before it
            // was accepted: wait a little and go on.
            Err(e) => {
                say!("kifu: a connection failed: {e}");
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        let Ok(from) = stream.peer_addr() else {
            continue;
        };
        next += 1;
        let id = next;
        naming.add(id, &stream);
        let (waiting, named) = (Arc::clone(&naming), named.clone());
        let started = std::thread::Builder::new()
            .name("kifu-course-name".to_owned())
            .spawn(move || {
                let seat = CourseSeat::named(stream);
                waiting.remove(id);
                let seat = match seat {
                    Ok(seat) => seat,
                    Err(failure) => {
                        say!("kifu: the client from {from} is passed over: {failure}");
                        return;
                    }
                };
                if let Err(TrySendError::Full((seat, _))) = named.try_send((seat, from)) {
                    say!(
                        "kifu: {} ({from}) is turned away: {MAX_NAMED} clients already wait for a game",
                        crate::record::Visible(seat.name())
                    );
                }
            });
        if let Err(e) = started {
            naming.remove(id);
            say!(
                "kifu: the client from {from} is passed over: kifu cannot start a thread for it: {e}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// Whether the server closed the connection of `client`.
    fn closed(client: &mut TcpStream) -> bool {
        client
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap_or_else(|e| panic!("{e}"));
        matches!(client.read(&mut [0; 1]), Ok(0))
    }

    /// Past [`MAX_NAMING`] connections waiting to say their names, the
    /// oldest still waiting is closed; one that said its name is not.
    #[test]
    fn the_oldest_connection_still_waiting_is_closed_past_the_bound() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
        let address = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
        let naming = Naming::default();
        let mut connections = Vec::new();
        let mut connect = |id: u64| {
            let client = TcpStream::connect(address).unwrap_or_else(|e| panic!("{e}"));
            let (server, _) = listener.accept().unwrap_or_else(|e| panic!("{e}"));
            naming.add(id, &server);
            connections.push((client, server));
        };
        for id in 1..=MAX_NAMING as u64 {
            connect(id);
        }
        // The first said its name: it waits no more.
        naming.remove(1);
        connect(MAX_NAMING as u64 + 1);
        connect(MAX_NAMING as u64 + 2);
        let closed: Vec<usize> = (connections.iter_mut().enumerate())
            .filter_map(|(i, (client, _))| closed(client).then_some(i + 1))
            .collect();
        assert_eq!(closed, [2]);
    }
}
