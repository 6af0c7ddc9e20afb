//! Randomness that repeats: the seeded generator ([`Rng`]) behind random
//! setups, random players, random games and `--seed`.

mod rng;

pub use rng::Rng;
