//! Scores: 1 + 2 + ... + n for n flowers of one of white, yellow and pink;
//! +4 for the blue flower, -2 for the black.

use super::notation::Flower;

/// The score of a bouquet, counted by colour in the order of [`Flower::ALL`].
pub fn score(hand: &[u8; 5]) -> i32 {
    let triangle = |n: u8| {
        let n = i32::from(n);
        n * (n + 1) / 2
    };
    triangle(hand[Flower::White.index()])
        + triangle(hand[Flower::Yellow.index()])
        + triangle(hand[Flower::Pink.index()])
        + 4 * i32::from(hand[Flower::Blue.index()])
        - 2 * i32::from(hand[Flower::Black.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_as_the_rules_say() {
        assert_eq!(score(&[0; 5]), 0);
        assert_eq!(score(&[1, 2, 3, 0, 0]), 1 + 3 + 6);
        assert_eq!(score(&[5, 4, 0, 1, 1]), 15 + 10 + 4 - 2);
        assert_eq!(score(&[0, 0, 0, 0, 1]), -2);
    }
}
