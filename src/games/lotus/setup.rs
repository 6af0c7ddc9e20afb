//! The `Players`, `Flowers` and `Course` tags, and the start position they give.

use super::course::{self, DEFAULT_COURSE, Kind};
use super::notation::Flower;
use super::{Lotus, Pawn};
use crate::game::{TagError, Tags};

/// The flowers when the record has no `Flowers` tag.
pub const DEFAULT_FLOWERS: &str = "PWY/WYPWYPWYPWYP";

/// The random setup: arrival places 1-3, then the twelve non-black lily squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flowers {
    /// The flowers of arrival places 1, 2 and 3.
    pub arrival: [Flower; 3],
    /// The flowers of the lily squares but the last, in course order.
    pub lilies: [Flower; 12],
}

impl Flowers {
    /// The tag value.
    pub fn value(&self) -> String {
        let mut out: String = self.arrival.iter().map(|f| f.letter()).collect();
        out.push('/');
        out.extend(self.lilies.iter().map(|f| f.letter()));
        out
    }
}

/// Reads `"red green orange"`: 3 to 6 names with unique initials.
fn parse_players(value: &str) -> Result<(Vec<String>, Vec<u8>), String> {
    let names: Vec<&str> = value.split_whitespace().collect();
    if !(3..=6).contains(&names.len()) {
        return Err(format!(
            "{} players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\"",
            names.len()
        ));
    }
    let mut letters = Vec::with_capacity(names.len());
    for name in &names {
        let first = name.as_bytes().first().copied().unwrap_or(b' ');
        if !first.is_ascii_alphabetic() {
            return Err(format!(
                "{name:?}: a player's name starts with a letter a-z, its initial in the movetext"
            ));
        }
        let letter = first.to_ascii_lowercase();
        if let Some(other) = names
            .iter()
            .zip(&letters)
            .find(|(_, l)| **l == letter)
            .map(|(n, _)| n)
        {
            return Err(format!(
                "{other:?} and {name:?} have the same initial {:?}: initials must be unique",
                char::from(letter)
            ));
        }
        letters.push(letter);
    }
    Ok((names.iter().map(|n| (*n).to_owned()).collect(), letters))
}

/// Reads `"PWY/WYPWYPWYPWYP"`.
fn parse_flowers(value: &str) -> Result<Flowers, String> {
    let shape = "the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"";
    let Some((places, lilies)) = value.split_once('/') else {
        return Err(format!("{value:?}: {shape}"));
    };
    let read = |text: &str| -> Option<Vec<Flower>> {
        text.bytes()
            .map(|b| Flower::from_letter(b).filter(|f| f.index() < 3))
            .collect()
    };
    let (Some(places), Some(lilies)) = (read(places), read(lilies)) else {
        return Err(format!(
            "{value:?}: only P, W and Y lie on the course and the arrival at the start; {shape}"
        ));
    };
    let count = |list: &[Flower], f: Flower| list.iter().filter(|x| **x == f).count();
    let (Ok(arrival), Ok(lilies)) = (
        <[Flower; 3]>::try_from(places.as_slice()),
        <[Flower; 12]>::try_from(lilies.as_slice()),
    ) else {
        return Err(format!("{value:?}: {shape}"));
    };
    let colours = [Flower::Pink, Flower::White, Flower::Yellow];
    if colours.iter().any(|f| count(&arrival, *f) != 1) {
        return Err(format!(
            "{value:?}: arrival places 1-3 hold one pink, one white and one yellow flower"
        ));
    }
    if colours.iter().any(|f| count(&lilies, *f) != 4) {
        return Err(format!(
            "{value:?}: the twelve lily squares hold four pink, four white and four yellow flowers"
        ));
    }
    Ok(Flowers { arrival, lilies })
}

/// Builds the start position.
pub fn from_tags(tags: Tags<'_>) -> Result<Lotus, TagError> {
    let Some(players) = tags.get("Players") else {
        return Err(TagError::new(
            "Players",
            "required: the 3 to 6 players in turn order, like [Players \"red green orange\"]",
        ));
    };
    let (names, letters) = parse_players(players).map_err(|m| TagError::new("Players", m))?;
    let flowers = parse_flowers(tags.get("Flowers").unwrap_or(DEFAULT_FLOWERS))
        .map_err(|m| TagError::new("Flowers", m))?;
    let kinds = course::parse(tags.get("Course").unwrap_or(DEFAULT_COURSE))
        .map_err(|m| TagError::new("Course", m))?;
    Ok(start(names, letters, flowers, kinds))
}

/// The start position: every pawn on square 0, the flowers laid out.
fn start(names: Vec<String>, letters: Vec<u8>, flowers: Flowers, kinds: Vec<Kind>) -> Lotus {
    let per_player = if names.len() == 6 { 2 } else { 3 };
    let pawns = (0..names.len())
        .flat_map(|owner| {
            (0..per_player).map(move |_| Pawn {
                owner: owner as u8,
                pos: 0,
            })
        })
        .collect();
    let mut course_flowers = vec![None; kinds.len()];
    let lily_squares: Vec<usize> = (0..kinds.len())
        .filter(|&i| kinds[i] == Kind::Lily)
        .collect();
    for (square, flower) in lily_squares.iter().zip(flowers.lilies) {
        course_flowers[*square] = Some(flower);
    }
    if let Some(last) = lily_squares.last() {
        course_flowers[*last] = Some(Flower::Black);
    }
    let arrival = [
        Some(flowers.arrival[0]),
        Some(flowers.arrival[1]),
        Some(flowers.arrival[2]),
        Some(Flower::Blue),
    ];
    Lotus {
        hands: vec![[0; 5]; names.len()],
        names,
        letters,
        occupant: vec![0; kinds.len()],
        kinds,
        flowers,
        course_flowers,
        pawns,
        arrival,
        arrived: 0,
        turn: 1,
        step: 0,
        moved: [0; 3],
        finished: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_players() {
        let (names, letters) = parse_players("red Green orange").unwrap_or_default();
        assert_eq!(names, ["red", "Green", "orange"]);
        assert_eq!(letters, b"rgo");
        assert_eq!(
            parse_players("red green").err().unwrap_or_default(),
            "2 players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\""
        );
        assert_eq!(
            parse_players("red rose orange").err().unwrap_or_default(),
            "\"red\" and \"rose\" have the same initial 'r': initials must be unique"
        );
        assert_eq!(
            parse_players("red 9 orange").err().unwrap_or_default(),
            "\"9\": a player's name starts with a letter a-z, its initial in the movetext"
        );
    }

    #[test]
    fn reads_flowers() {
        let flowers = parse_flowers(DEFAULT_FLOWERS);
        assert_eq!(flowers.map(|f| f.value()).as_deref(), Ok(DEFAULT_FLOWERS));
        assert!(parse_flowers("PWW/WYPWYPWYPWYP").is_err());
        assert!(parse_flowers("PWY/WYPWYPWYPWYY").is_err());
        assert!(parse_flowers("PWY/WYPWYPWYPWY").is_err());
        assert!(parse_flowers("PWB/WYPWYPWYPWYP").is_err());
        assert!(parse_flowers("PWYWYPWYPWYPWYP").is_err());
    }
}

/// Names for random games, in turn order; initials all differ.
const RANDOM_PLAYERS: [&str; 6] = ["red", "green", "orange", "violet", "cyan", "amber"];

/// A random `Flowers` value: the arrival places 1-3 a permutation of
/// `P W Y`, `/`, then the twelve lily flowers, four each of `P W Y`.
pub fn random_flowers(rng: &mut crate::rng::Rng) -> String {
    let mut arrival = *b"PWY";
    let mut lilies = *b"PPPPWWWWYYYY";
    rng.shuffle(&mut arrival);
    rng.shuffle(&mut lilies);
    format!(
        "{}/{}",
        String::from_utf8_lossy(&arrival),
        String::from_utf8_lossy(&lilies)
    )
}

/// Random tags: 3 to 6 players and a random flower layout.
pub fn random_tags(rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
    let players = 3 + rng.below(4);
    vec![
        ("Players".to_owned(), RANDOM_PLAYERS[..players].join(" ")),
        ("Flowers".to_owned(), random_flowers(rng)),
    ]
}

#[cfg(test)]
mod random_tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_same_seed_draws_the_same_flowers() {
        let draw = |seed| random_flowers(&mut Rng::new(seed));
        assert_eq!(draw(42), draw(42));
        let drawn: std::collections::HashSet<String> = (0..50).map(draw).collect();
        assert!(drawn.len() > 40, "{drawn:?}");
    }

    #[test]
    fn drawn_flowers_are_a_valid_flowers_tag() {
        for seed in [0, 1, 7, u64::MAX] {
            let value = random_flowers(&mut Rng::new(seed));
            assert!(parse_flowers(&value).is_ok(), "{value}");
            let (arrival, lilies) = value.split_once('/').unwrap_or_default();
            let mut sorted: Vec<char> = arrival.chars().collect();
            sorted.sort_unstable();
            assert_eq!(sorted, ['P', 'W', 'Y'], "{value}");
            for flower in ['P', 'W', 'Y'] {
                assert_eq!(lilies.chars().filter(|&c| c == flower).count(), 4);
            }
        }
    }
}
