//! Scores: 1 + 2 + ... + n for n flowers of one of white, yellow and pink;
//! +4 for the blue flower, -2 for the black; the players ranked by them;
//! and which colours decided a finished game: a colour decided it when,
//! with every player's points of that colour taken away, the winner would
//! not stand alone in first place (`kifu stats` counts them).

use super::flowers::Flower;
use super::players::MAX_PLAYERS;
use super::{Lotus, Outcome, Score, Scores};
use compact_str::CompactString;

impl Lotus {
    /// Every player's current score and place, in turn order, in fixed
    /// arrays (the first `players.count()` entries count).
    fn standings(&self) -> ([i32; MAX_PLAYERS], [u8; MAX_PLAYERS]) {
        // Absent players score less than anyone, so they move no one down.
        let mut scores = [i32::MIN; MAX_PLAYERS];
        for (slot, hand) in scores.iter_mut().zip(self.hands()) {
            *slot = score(hand);
        }
        let mut places = [1; MAX_PLAYERS];
        for (place, score) in places.iter_mut().zip(&scores) {
            for other in &scores {
                *place += u8::from(other > score);
            }
        }
        (scores, places)
    }

    /// Every player's current score, ranked as [`crate::game::rank`] ranks
    /// them: one allocation, for the list (the names are compact strings,
    /// copied inline).
    pub(super) fn ranked_scores(&self) -> Scores {
        let (scores, places) = self.standings();
        self.players
            .listed()
            .iter()
            .zip(scores.iter().zip(&places))
            .map(|(player, (&score, &place))| Score {
                player: player.clone(),
                score,
                place: usize::from(place),
            })
            .collect()
    }

    /// The outcome of a finished game: the scores, the `Result` value, and
    /// the winner when one player leads alone.
    pub(super) fn final_outcome(&self) -> Outcome {
        let scores = self.ranked_scores();
        let tag_value = tag_value(self.players.letters(), scores.iter().map(|s| s.score));
        let (winner, reason) = winners(&scores);
        Outcome {
            token: None,
            tag_value,
            winner,
            reason: reason.into(),
            scores: Some(scores),
        }
    }
}

/// The score of a bouquet, counted by colour in the order of [`Flower::ALL`].
pub(super) fn score(hand: &[u8; 5]) -> i32 {
    points(hand).iter().sum()
}

/// The points a bouquet has from each colour, in the order of
/// [`Flower::ALL`]: a triangle number for white, yellow and pink, 4 a
/// blue, -2 a black.
fn points(hand: &[u8; 5]) -> [i32; 5] {
    let triangle = |flower: Flower| {
        let n = i32::from(hand[flower.index()]);
        n * (n + 1) / 2
    };
    [
        triangle(Flower::White),
        triangle(Flower::Yellow),
        triangle(Flower::Pink),
        4 * i32::from(hand[Flower::Blue.index()]),
        -2 * i32::from(hand[Flower::Black.index()]),
    ]
}

impl Lotus {
    /// The letters of the colours that decided the game, where one player
    /// leads alone; none when players share first place.
    pub(super) fn deciding_colours(&self) -> Vec<char> {
        let all: Vec<[i32; 5]> = self.hands().iter().map(points).collect();
        let sole_leader = |without: Option<usize>| {
            let total = |points: &[i32; 5]| -> i32 {
                (points.iter().enumerate())
                    .filter(|&(colour, _)| Some(colour) != without)
                    .map(|(_, p)| p)
                    .sum()
            };
            let scores: Vec<i32> = all.iter().map(total).collect();
            let best = scores.iter().copied().max()?;
            let mut leaders = (0..scores.len()).filter(|&i| scores[i] == best);
            match (leaders.next(), leaders.next()) {
                (Some(leader), None) => Some(leader),
                _ => None,
            }
        };
        let Some(winner) = sole_leader(None) else {
            return Vec::new();
        };
        (Flower::ALL.into_iter())
            .filter(|flower| sole_leader(Some(flower.index())) != Some(winner))
            .map(Flower::letter)
            .collect()
    }
}

/// Who won a finished game (when one player did) and why the game ended,
/// naming the winners: `place 4 taken; red wins`, or `place 4 taken; red,
/// green and orange share the win`.
pub(super) fn winners(scores: &Scores) -> (Option<CompactString>, String) {
    let leaders: Vec<&str> = (scores.iter())
        .filter(|s| s.place == 1)
        .map(|s| s.player.as_str())
        .collect();
    match leaders.as_slice() {
        [leader] => (
            Some((*leader).into()),
            format!("place 4 taken; {leader} wins"),
        ),
        [first @ .., last] => (
            None,
            format!("place 4 taken; {} and {last} share the win", first.join(", ")),
        ),
        [] => (None, "place 4 taken".to_owned()),
    }
}

/// The `Result` value of a finished game: each player's initial and
/// score, in turn order (`r:12 g:7 o:-2`).
///
/// Written into bytes on the stack, then copied once into the compact
/// string, inline when it is short.
pub(super) fn tag_value(letters: &[u8], scores: impl Iterator<Item = i32>) -> CompactString {
    // Six players, each `x:-2147483648 ` at the longest.
    let mut out = [0u8; 6 * 14];
    let mut len = 0;
    for (&letter, score) in letters.iter().zip(scores).take(6) {
        if len > 0 {
            out[len] = b' ';
            len += 1;
        }
        out[len] = letter;
        out[len + 1] = b':';
        len = write_decimal(&mut out, len + 2, score);
    }
    std::str::from_utf8(&out[..len]).map_or_else(|_| CompactString::default(), CompactString::new)
}

/// Writes a score in decimal into `out` at `at`, as `{}` would, without
/// the formatting machinery; returns where it ends.
fn write_decimal(out: &mut [u8], mut at: usize, score: i32) -> usize {
    if score < 0 {
        out[at] = b'-';
        at += 1;
    }
    let mut left = score.unsigned_abs();
    // Most scores have one or two digits.
    if left < 100 {
        if left >= 10 {
            out[at] = b'0' + (left / 10) as u8;
            at += 1;
        }
        out[at] = b'0' + (left % 10) as u8;
        return at + 1;
    }
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (left % 10) as u8;
        left /= 10;
        if left == 0 {
            break;
        }
    }
    for &digit in &digits[start..] {
        out[at] = digit;
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_numbers_and_the_blue_and_black_weights() {
        assert_eq!(points(&[3, 1, 0, 1, 1]), [6, 1, 0, 4, -2]);
        assert_eq!(score(&[3, 1, 0, 1, 1]), 9);
    }

    #[test]
    fn writes_scores_as_display_does() {
        for score in [0, 7, -2, 9, 10, -10, 99, 100, 123, i32::MAX, i32::MIN] {
            let mut out = [b'x'; 12];
            let end = write_decimal(&mut out, 1, score);
            assert_eq!(out[1..end], *score.to_string().as_bytes());
            assert_eq!(out[0], b'x');
        }
    }

    #[test]
    fn writes_the_result_value() {
        assert_eq!(tag_value(b"rgo", [12, 0, -2].into_iter()), "r:12 g:0 o:-2");
        let extremes = [i32::MIN, i32::MAX, i32::MIN, i32::MAX, i32::MIN, i32::MAX];
        let expected =
            "a:-2147483648 b:2147483647 c:-2147483648 d:2147483647 e:-2147483648 f:2147483647";
        assert_eq!(tag_value(b"abcdef", extremes.into_iter()), expected);
        assert_eq!(tag_value(b"", std::iter::empty()), "");
    }

    #[test]
    fn names_the_winners() {
        let scores = |places: &[usize]| -> Scores {
            (["red", "green", "orange", "violet"].iter().zip(places))
                .map(|(&player, &place)| crate::game::Score {
                    player: player.into(),
                    score: 0,
                    place,
                })
                .collect()
        };
        let one = winners(&scores(&[2, 1, 3]));
        assert_eq!(one, (Some("green".into()), "place 4 taken; green wins".into()));
        let two = winners(&scores(&[1, 3, 1]));
        assert_eq!(two.1, "place 4 taken; red and orange share the win");
        let three = winners(&scores(&[1, 1, 4, 1]));
        assert_eq!(three.1, "place 4 taken; red, green and violet share the win");
        assert_eq!(winners(&scores(&[])), (None, "place 4 taken".into()));
    }

    #[test]
    fn counts_as_the_rules_say() {
        assert_eq!(score(&[0; 5]), 0);
        assert_eq!(score(&[1, 2, 3, 0, 0]), 1 + 3 + 6);
        assert_eq!(score(&[5, 4, 0, 1, 1]), 15 + 10 + 4 - 2);
        assert_eq!(score(&[0, 0, 0, 0, 1]), -2);
    }
}
