//! The `Players`, `Flowers` and `Course` tags, and the start position they give.

use super::course::{self, DEFAULT_COURSE, Kind, Square};
use super::notation::Flower;
use super::players::Players;
use super::{Lotus, MAX_PAWNS, Pawn};
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

/// Why a part of the `Flowers` value is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BadFlowers {
    /// A letter other than P, W and Y.
    Letter,
    /// The wrong number of flowers.
    Count,
}

/// Reads the flowers of `N` places: only P, W and Y, exactly `N` of them.
fn read_flowers<const N: usize>(text: &str) -> Result<[Flower; N], BadFlowers> {
    let colour = |b: u8| Flower::from_letter(b).filter(|f| f.index() < 3);
    if text.bytes().any(|b| colour(b).is_none()) {
        return Err(BadFlowers::Letter);
    }
    if text.len() != N {
        return Err(BadFlowers::Count);
    }
    let mut out = [Flower::White; N];
    for (slot, b) in out.iter_mut().zip(text.bytes()) {
        *slot = colour(b).ok_or(BadFlowers::Letter)?;
    }
    Ok(out)
}

/// Reads `"PWY/WYPWYPWYPWYP"`.
fn parse_flowers(value: &str) -> Result<Flowers, String> {
    let shape = "the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"";
    let Some((places, lilies)) = value.split_once('/') else {
        return Err(format!("{value:?}: {shape}"));
    };
    let (arrival, lilies) = (read_flowers::<3>(places), read_flowers::<12>(lilies));
    if arrival == Err(BadFlowers::Letter) || lilies == Err(BadFlowers::Letter) {
        return Err(format!(
            "{value:?}: only P, W and Y lie on the course and the arrival at the start; {shape}"
        ));
    }
    let (Ok(arrival), Ok(lilies)) = (arrival, lilies) else {
        return Err(format!("{value:?}: {shape}"));
    };
    let count = |list: &[Flower], f: Flower| list.iter().filter(|x| **x == f).count();
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
    let players = Players::parse(players).map_err(|m| TagError::new("Players", m))?;
    let flowers = parse_flowers(tags.get("Flowers").unwrap_or(DEFAULT_FLOWERS))
        .map_err(|m| TagError::new("Flowers", m))?;
    let squares = course::parse(tags.get("Course").unwrap_or(DEFAULT_COURSE))
        .map_err(|m| TagError::new("Course", m))?;
    Ok(start(players, flowers, squares))
}

/// The start position: every pawn on square 0, the flowers laid out.
fn start(players: Players, flowers: Flowers, mut squares: Vec<Square>) -> Lotus {
    let per_player = if players.count() == 6 { 2 } else { 3 };
    let pawn_count = players.count() * per_player;
    let mut pawn_slots = [Pawn::default(); MAX_PAWNS];
    for (index, pawn) in pawn_slots[..pawn_count].iter_mut().enumerate() {
        pawn.owner = (index / per_player) as u8;
    }
    lay_lily_flowers(&mut squares, &flowers.lilies);
    let arrival = [
        Some(flowers.arrival[0]),
        Some(flowers.arrival[1]),
        Some(flowers.arrival[2]),
        Some(Flower::Blue),
    ];
    let mut game = Lotus {
        players,
        squares,
        flowers,
        pawn_slots,
        pawn_count: pawn_count as u8,
        per_player: per_player as u8,
        on_start: ((1u32 << pawn_count) - 1) as u16,
        free: 0,
        rearmost: 0,
        arrival,
        arrived: 0,
        hands: Default::default(),
        held: [0; super::MAX_PLAYERS],
        turn: 1,
        mover: 0,
        step: 0,
        moved: 0,
        own_moved: 0,
        finished: false,
    };
    game.free = game.course_squares();
    game
}

/// Lays the twelve flowers on the lily squares in course order, and the
/// black flower on the last lily square.
fn lay_lily_flowers(squares: &mut [Square], lilies: &[Flower; 12]) {
    let mut flowers = lilies.iter();
    let mut last = None;
    for square in squares.iter_mut().filter(|s| s.kind == Kind::Lily) {
        square.flower = flowers.next().copied();
        last = Some(square);
    }
    if let Some(last) = last {
        last.flower = Some(Flower::Black);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
