//! Randomness that repeats: the seeded generator ([`Rng`]) behind random
//! setups, random players, random games and `--seed`.

mod rng;

pub use rng::Rng;

/// A seed from the clock and the process id, for a run given no seed.
pub fn clock_seed() -> u64 {
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ process_id().rotate_left(32)
}

/// The process's id, which tells apart runs started at once; a browser
/// has none (and its clock tells only milliseconds).
fn process_id() -> u64 {
    #[cfg(not(target_family = "wasm"))]
    return u64::from(std::process::id());
    #[cfg(target_family = "wasm")]
    return 0;
}
