//! Randomness that repeats: the seeded generator ([`Rng`]) behind random
//! setups, random players, random games and `--seed`.

mod rng;

pub use rng::Rng;

/// A seed from the clock and the process id, for a run given no seed.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
