//! Which flower colours decided a finished game: a colour decided it when,
//! with every player's points of that colour taken away, the winner would
//! not stand alone in first place. `kifu stats` counts them.

use super::json::{Bouquet, LotusPosition};

/// The colours, by letter, in the order the notation writes them.
pub const COLOURS: [char; 5] = ['W', 'Y', 'P', 'B', 'K'];

/// The points a bouquet has from each colour, in [`COLOURS`] order: a
/// triangle number for white, yellow and pink, 4 a blue, -2 a black.
fn points(bouquet: &Bouquet) -> [i32; 5] {
    let triangle = |n: u8| i32::from(n) * (i32::from(n) + 1) / 2;
    [
        triangle(bouquet.white),
        triangle(bouquet.yellow),
        triangle(bouquet.pink),
        4 * i32::from(bouquet.blue),
        -2 * i32::from(bouquet.black),
    ]
}

/// The colours that decided the game of `position`, where one player won
/// alone; none when players share first place.
pub fn deciding_colours(position: &LotusPosition) -> Vec<char> {
    let all: Vec<[i32; 5]> = (position.players.iter())
        .map(|p| points(&p.flowers))
        .collect();
    let total = |points: &[i32; 5], without: Option<usize>| -> i32 {
        (points.iter().enumerate())
            .filter(|&(colour, _)| Some(colour) != without)
            .map(|(_, p)| p)
            .sum()
    };
    let sole_leader = |without: Option<usize>| {
        let scores: Vec<i32> = all.iter().map(|p| total(p, without)).collect();
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
    (0..COLOURS.len())
        .filter(|&colour| sole_leader(Some(colour)) != Some(winner))
        .map(|colour| COLOURS[colour])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bouquet(counts: [u8; 5]) -> Bouquet {
        let [white, yellow, pink, blue, black] = counts;
        Bouquet {
            white,
            yellow,
            pink,
            blue,
            black,
        }
    }

    #[test]
    fn triangle_numbers_and_the_blue_and_black_weights() {
        assert_eq!(points(&bouquet([3, 1, 0, 1, 1])), [6, 1, 0, 4, -2]);
    }
}
