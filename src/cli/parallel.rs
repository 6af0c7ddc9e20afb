//! Runs work on several threads and hands the results back in input order.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, sync_channel};
use std::thread;

/// Calls `work` on every item on `jobs` threads and `sink` on every result,
/// in the order of the items. With one job everything runs on this thread.
///
/// Each thread takes its next item from `items` itself, under a lock, so
/// whatever `items` allocates is used and freed on one thread, and no thread
/// is spent only on producing items. An item is taken only with one of
/// [`AHEAD_PER_JOB`] `* jobs` permits, which comes back once its result is
/// sunk: however slow one item is, at most that many are taken and not yet
/// sunk, so memory stays bounded.
///
/// # Errors
/// The first error of `sink`; the remaining work is dropped.
pub(super) fn ordered<I, T, E>(
    items: impl Iterator<Item = I> + Send,
    jobs: usize,
    work: impl Fn(I) -> T + Sync,
    mut sink: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
{
    if jobs <= 1 {
        return items.map(&work).try_for_each(sink);
    }
    let ahead = jobs * AHEAD_PER_JOB;
    let (permit_tx, permit_rx) = sync_channel::<()>(ahead);
    let source = Mutex::new(((0u64..).zip(items), permit_rx));
    thread::scope(|scope| {
        // The senders are dropped with this closure: when it returns early,
        // at an error of `sink`, the threads find no more permits nor any
        // taker of results, and stop.
        let permit_tx = permit_tx;
        for _ in 0..ahead {
            // The channel holds exactly `ahead` permits: this cannot block.
            let _ = permit_tx.send(());
        }
        let (result_tx, result_rx) = sync_channel::<(u64, T)>(ahead);
        // As many threads as the system gives, up to `jobs`.
        let started = (0..jobs)
            .map_while(|_| {
                let result_tx = result_tx.clone();
                let (source, work) = (&source, &work);
                let thread = thread::Builder::new().name("kifu-job".to_owned());
                let spawned = thread.spawn_scoped(scope, move || {
                    while let Some((index, item)) = take(source) {
                        if result_tx.send((index, work(item))).is_err() {
                            break;
                        }
                    }
                });
                spawned.ok()
            })
            .count();
        drop(result_tx);
        if started == 0 {
            // No thread at all (a limit on processes): this one does it all.
            while let Some((_, item)) = take(&source) {
                sink(work(item))?;
                let _ = permit_tx.send(());
            }
            return Ok(());
        }
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (index, result) in result_rx.iter() {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&next) {
                sink(result)?;
                next += 1;
                // Permits taken are fewer than `ahead`: this cannot block.
                let _ = permit_tx.send(());
            }
        }
        Ok(())
    })
}

/// How many items per job may be taken and not yet sunk.
const AHEAD_PER_JOB: usize = 4;

/// The items with their indices, and the permits to take one.
type Source<S> = Mutex<(S, Receiver<()>)>;

/// The next item and its index, once a permit is free; `None` at the end,
/// or when the run is abandoned.
fn take<I>(source: &Source<impl Iterator<Item = (u64, I)>>) -> Option<(u64, I)> {
    let mut source = source.lock().ok()?;
    let (items, permits) = &mut *source;
    permits.recv().ok()?;
    items.next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order_whatever_the_thread_count() {
        for jobs in [1, 2, 5] {
            let mut seen = Vec::new();
            let outcome: Result<(), ()> = ordered(
                0..500u32,
                jobs,
                |n| n * 2,
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(outcome, Ok(()));
            assert_eq!(
                seen,
                (0..500).map(|n| n * 2).collect::<Vec<_>>(),
                "{jobs} jobs"
            );
        }
    }

    #[test]
    fn the_first_sink_error_stops_the_run() {
        // Many times over, so that the threads are caught at every point:
        // waiting for a permit, working, or handing a result over.
        for jobs in [2, 3, 4].repeat(30) {
            let mut count = 0;
            let outcome = ordered(
                0..10_000u32,
                jobs,
                |n| n,
                |r| {
                    count += 1;
                    if r == 3 { Err(r) } else { Ok(()) }
                },
            );
            assert_eq!((outcome, count), (Err(3), 4), "{jobs} jobs");
        }
    }

    #[test]
    fn a_slow_item_holds_back_how_many_are_taken_after_it() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let taken = AtomicUsize::new(0);
        let items = (0..1000u32).inspect(|_| {
            taken.fetch_add(1, Ordering::SeqCst);
        });
        let mut taken_when_first_sunk = None;
        let outcome: Result<(), ()> = ordered(
            items,
            2,
            |n| {
                if n == 0 {
                    thread::sleep(std::time::Duration::from_millis(100));
                }
                n
            },
            |n| {
                if n == 0 {
                    taken_when_first_sunk = Some(taken.load(Ordering::SeqCst));
                }
                Ok(())
            },
        );
        assert_eq!(outcome, Ok(()));
        assert_eq!(taken_when_first_sunk, Some(2 * AHEAD_PER_JOB));
    }
}
