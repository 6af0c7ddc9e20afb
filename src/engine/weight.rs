//! The weights of a game's evaluation: `kifu engine` offers each one as
//! an option, so that self-play matches can tune them.

/// One weight of a game's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weight {
    /// Its name, as the engine's option names it after the game's
    /// (`ManaFreePiece`).
    pub name: &'static str,
    /// The value the engine plays with unless told otherwise.
    pub default: i32,
}

/// The values of `of`'s weights from `weights`, in order; a weight that
/// `weights` is too short to hold takes its default.
pub fn weight_values<const N: usize>(weights: &[i32], of: &[Weight; N]) -> [i32; N] {
    std::array::from_fn(|at| weights.get(at).copied().unwrap_or(of[at].default))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: [Weight; 2] = [
        Weight {
            name: "A",
            default: 1,
        },
        Weight {
            name: "B",
            default: 2,
        },
    ];

    #[test]
    fn values_come_from_the_slice_then_the_defaults() {
        assert_eq!(weight_values(&[7, 8], &TWO), [7, 8]);
        assert_eq!(weight_values(&[7], &TWO), [7, 2]);
        assert_eq!(weight_values(&[], &TWO), [1, 2]);
    }
}
