//! Runs work on several threads and hands the results back in input order.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::sync_channel;
use std::thread;

/// Calls `work` on every item on `jobs` threads and `sink` on every result,
/// in the order of the items. With one job everything runs on this thread.
///
/// Each thread takes its next item from `items` itself, under a lock, so
/// whatever `items` allocates is used and freed on one thread, and no thread
/// is spent only on producing items. At most a few results per thread wait
/// to be taken, so memory stays bounded.
///
/// # Errors
/// The first error of `sink`; the remaining work is dropped.
pub fn ordered<I, T, E>(
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
    let items = Mutex::new((0u64..).zip(items));
    thread::scope(|scope| {
        let (result_tx, result_rx) = sync_channel::<(u64, T)>(jobs * 2);
        for _ in 0..jobs {
            let result_tx = result_tx.clone();
            let (items, work) = (&items, &work);
            scope.spawn(move || {
                loop {
                    let next = match items.lock() {
                        Ok(mut items) => items.next(),
                        Err(_) => None,
                    };
                    let Some((index, item)) = next else { break };
                    if result_tx.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(result_tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (index, result) in result_rx.iter() {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&next) {
                sink(result)?;
                next += 1;
            }
        }
        Ok(())
    })
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
        let mut count = 0;
        let outcome = ordered(
            0..10_000u32,
            2,
            |n| n,
            |r| {
                count += 1;
                if r == 3 { Err(r) } else { Ok(()) }
            },
        );
        assert_eq!((outcome, count), (Err(3), 4));
    }
}
