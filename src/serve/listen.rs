//! The accept loop: HTTP/1.1 connections, at most
//! [`MAX_CONNECTIONS`](super::MAX_CONNECTIONS) open, the oldest asked to
//! close when one more comes, and each closed when it sends no whole
//! request head for [`IDLE`](super::IDLE) or reads nothing of its answer
//! for [`UNREAD`](super::UNREAD).

use super::{IDLE, MAX_CONNECTIONS, UNREAD};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// The open connections, oldest first: each its number and the signal
/// that asks it to close.
#[derive(Debug, Default)]
struct Open {
    list: Mutex<VecDeque<(u64, Arc<Notify>)>>,
}

impl Open {
    /// Adds connection `id`, asking the oldest to close while more than
    /// [`MAX_CONNECTIONS`] are open; the signal that asks `id` to close.
    fn add(&self, id: u64) -> Arc<Notify> {
        let close = Arc::new(Notify::new());
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.push_back((id, Arc::clone(&close)));
        while list.len() > MAX_CONNECTIONS {
            if let Some((_, oldest)) = list.pop_front() {
                oldest.notify_one();
            }
        }
        close
    }

    /// Forgets connection `id`, closed.
    fn remove(&self, id: u64) {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|(open, _)| *open != id);
    }
}

/// Accepts connections on `listener` and serves `router` on each, for
/// ever.
pub(super) async fn accept(listener: TcpListener, router: Router) {
    let open = Arc::new(Open::default());
    let mut next = 0u64;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it
            // was accepted: wait a little and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        next += 1;
        let id = next;
        let close = open.add(id);
        let (open, router) = (Arc::clone(&open), router.clone());
        tokio::spawn(async move {
            serve(stream, router, &close).await;
            open.remove(id);
        });
    }
}

/// Serves one connection until it ends, or until `close` asks it to
/// finish (at once when idle, after its answer when busy).
async fn serve(stream: tokio::net::TcpStream, router: Router, close: &Notify) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(IDLE)
        .keep_alive(true);
    let service = TowerToHyperService::new(router);
    // A write that stays pending for UNREAD fails, which ends the
    // connection and frees its answer.
    let mut stream = tokio_io_timeout::TimeoutStream::new(stream);
    stream.set_write_timeout(Some(UNREAD));
    let stream = Box::pin(stream);
    let mut connection = pin!(builder.serve_connection(TokioIo::new(stream), service));
    let mut asked = pin!(close.notified());
    let mut closing = false;
    let _ = std::future::poll_fn(|cx| {
        if !closing && asked.as_mut().poll(cx).is_ready() {
            closing = true;
            connection.as_mut().graceful_shutdown();
        }
        match connection.as_mut().poll(cx) {
            Poll::Ready(result) => Poll::Ready(result),
            Poll::Pending => Poll::Pending,
        }
    })
    .await;
}
