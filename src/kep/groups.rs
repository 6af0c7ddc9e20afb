//! The engines' process groups: each engine runs in a group of its own, so
//! that what it starts (an engine run through `sh wrapper.sh` is two
//! processes) ends with it, when its seat ends and when kifu is ended by
//! a signal (SIGINT, SIGTERM, SIGHUP), which would otherwise leave every
//! engine still thinking running.

#[cfg(unix)]
use rustix::process::{Pid, Signal, kill_process_group};
#[cfg(unix)]
use std::sync::Once;
use std::sync::{Mutex, PoisonError};

/// The groups of the engines running now, by their leaders' process ids.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// The watch for signals is set once, with the first engine.
#[cfg(unix)]
static WATCH: Once = Once::new();

/// Notes the group led by `leader` as running; the first time, starts
/// the thread that ends every such group when kifu is ended by a signal.
pub(crate) fn enter(leader: u32) {
    #[cfg(unix)]
    WATCH.call_once(watch_signals);
    RUNNING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(leader);
}

/// Ends every process of the group led by `leader`, and forgets it.
pub(crate) fn end(leader: u32) {
    kill(leader);
    let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    running.retain(|&pid| pid != leader);
}

/// Sends SIGKILL to the group led by `leader`; a group already gone is
/// not an error.
#[cfg(unix)]
fn kill(leader: u32) {
    if let Some(pid) = i32::try_from(leader).ok().and_then(Pid::from_raw) {
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// Where there are no process groups (a browser), nothing to end.
#[cfg(not(unix))]
fn kill(_leader: u32) {}

/// Starts the thread that, at SIGINT, SIGTERM or SIGHUP, ends every group
/// running and then ends kifu as the signal would have. The signals are
/// caught only once the thread runs: where it cannot be started, they end
/// kifu as before, and only the engines' groups are left.
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    let (give, take) = std::sync::mpsc::channel::<Signals>();
    let watch = std::thread::Builder::new()
        .name("kifu-signals".to_owned())
        .spawn(move || {
            let Ok(mut signals) = take.recv() else { return };
            if let Some(signal) = signals.forever().next() {
                let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
                running.iter().copied().for_each(kill);
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        });
    if watch.is_ok() {
        if let Ok(signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            let _ = give.send(signals);
        }
    }
}
