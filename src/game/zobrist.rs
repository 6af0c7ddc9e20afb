//! Zobrist keys: a fixed random 64-bit number per feature of a position
//! (a piece of a side on a square, the side to move, a constraint), which
//! a game XORs together into its hash ([`crate::game::Game::zobrist`]).
//!
//! The keys belong to the rules' side: a hash says what a position is,
//! and the engine's transposition table only reads it.

/// The key of feature `index`: SplitMix64 of it, so that the keys are
/// fixed, spread, and need no table.
pub const fn key(index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The XOR of the keys of the squares set in `bits`, each feature
/// numbered `base + square`.
pub fn squares(bits: u64, base: u64) -> u64 {
    let mut hash = 0;
    let mut rest = bits;
    while rest != 0 {
        let square = u64::from(rest.trailing_zeros());
        hash ^= key(base + square);
        rest &= rest - 1;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_squares_combine_them() {
        let keys: std::collections::HashSet<u64> = (0..10_000).map(key).collect();
        assert_eq!(keys.len(), 10_000);
        assert_eq!(squares(0b101, 7), key(7) ^ key(9));
        assert_eq!(squares(0, 7), 0);
    }
}
