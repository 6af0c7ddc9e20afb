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

/// Writes a score in decimal, as `{}` would, without the formatting machinery.
pub fn push_decimal(out: &mut String, score: i32) {
    if score < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 10];
    let mut left = score.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (left % 10) as u8;
        left /= 10;
        if left == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_scores_as_display_does() {
        for score in [0, 7, -2, 10, -10, 123, i32::MAX, i32::MIN] {
            let mut out = String::new();
            push_decimal(&mut out, score);
            assert_eq!(out, score.to_string());
        }
    }

    #[test]
    fn counts_as_the_rules_say() {
        assert_eq!(score(&[0; 5]), 0);
        assert_eq!(score(&[1, 2, 3, 0, 0]), 1 + 3 + 6);
        assert_eq!(score(&[5, 4, 0, 1, 1]), 15 + 10 + 4 - 2);
        assert_eq!(score(&[0, 0, 0, 0, 1]), -2);
    }
}
