//! The `Players`, `Flowers` and `Course` tags, and the start position they give.

use super::course::{self, Course, DEFAULT_COURSE, LILIES, Square};
use super::notation::Flower;
use super::players::Players;
use super::{ALWAYS_BLOCKED, CELLS, Lotus, MAX_PAWNS, Pawn, SHORT_COURSE_SQUARES};
use crate::game::{SetupError, TagError, Tags};
use compact_str::CompactString;

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
fn parse_flowers(value: &str) -> Result<Flowers, TagError> {
    match read_good_flowers(value) {
        Some(flowers) => Ok(flowers),
        None => explain_flowers(value),
    }
}

/// The flowers of the [`DEFAULT_FLOWERS`] value.
const DEFAULT: Flowers = {
    use Flower::{Pink as P, White as W, Yellow as Y};
    Flowers {
        arrival: [P, W, Y],
        lilies: [W, Y, P, W, Y, P, W, Y, P, W, Y, P],
    }
};

/// A good `Flowers` value in one pass over its bytes; `None` leaves the
/// value to [`explain_flowers`].
///
/// Each letter adds [`TALLY`] to a counter, so one comparison checks the
/// colours and their numbers: one each of white, yellow and pink among the
/// arrival places, four each on the lilies, and nothing else.
fn read_good_flowers(value: &str) -> Option<Flowers> {
    let bytes: &[u8; 16] = value.as_bytes().try_into().ok()?;
    if bytes[3] != b'/' {
        return None;
    }
    let mut flowers = DEFAULT;
    let mut arrival = 0;
    for (slot, &letter) in flowers.arrival.iter_mut().zip(&bytes[..3]) {
        *slot = COLOUR[usize::from(letter)];
        arrival += TALLY[usize::from(letter)];
    }
    let mut lilies = 0;
    for (slot, &letter) in flowers.lilies.iter_mut().zip(&bytes[4..]) {
        *slot = COLOUR[usize::from(letter)];
        lilies += TALLY[usize::from(letter)];
    }
    (arrival == tally(1) && lilies == tally(4)).then_some(flowers)
}

/// The [`TALLY`] of `n` flowers of each of white, yellow and pink.
const fn tally(n: u32) -> u32 {
    n << (8 * Flower::White as u32)
        | n << (8 * Flower::Yellow as u32)
        | n << (8 * Flower::Pink as u32)
}

/// What each byte of a `Flowers` value adds to its counter: one in the
/// byte of its colour for white, yellow and pink; one in a fourth byte for
/// anything else, which no good value has.
const TALLY: [u32; 256] = {
    let mut table = [1 << 24; 256];
    table[b'W' as usize] = 1 << (8 * Flower::White as u32);
    table[b'Y' as usize] = 1 << (8 * Flower::Yellow as u32);
    table[b'P' as usize] = 1 << (8 * Flower::Pink as u32);
    table
};

/// The flower of each byte of a good `Flowers` value (white for the
/// others, which [`TALLY`] refuses).
const COLOUR: [Flower; 256] = {
    let mut table = [Flower::White; 256];
    table[b'Y' as usize] = Flower::Yellow;
    table[b'P' as usize] = Flower::Pink;
    table
};

/// Says what is wrong with a `Flowers` value ([`read_good_flowers`] did
/// not take it).
#[cold]
fn explain_flowers(value: &str) -> Result<Flowers, TagError> {
    let fault = |code, message: String| Err(TagError::new("Flowers", code, message));
    let shape = "the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"";
    let Some((places, lilies)) = value.split_once('/') else {
        return fault("lotus.flowers-shape", format!("{value:?}: {shape}"));
    };
    let (arrival, lilies) = (read_flowers::<3>(places), read_flowers::<12>(lilies));
    if arrival == Err(BadFlowers::Letter) || lilies == Err(BadFlowers::Letter) {
        return fault(
            "lotus.flowers-letters",
            format!(
                "{value:?}: only P, W and Y lie on the course and the arrival at the start; {shape}"
            ),
        );
    }
    let (Ok(arrival), Ok(lilies)) = (arrival, lilies) else {
        return fault("lotus.flowers-shape", format!("{value:?}: {shape}"));
    };
    let count = |list: &[Flower], f: Flower| list.iter().filter(|x| **x == f).count();
    let colours = [Flower::Pink, Flower::White, Flower::Yellow];
    if colours.iter().any(|f| count(&arrival, *f) != 1) {
        return fault(
            "lotus.flowers-arrival",
            format!("{value:?}: arrival places 1-3 hold one pink, one white and one yellow flower"),
        );
    }
    if colours.iter().any(|f| count(&lilies, *f) != 4) {
        return fault(
            "lotus.flowers-lilies",
            format!(
                "{value:?}: the twelve lily squares hold four pink, four white and four yellow flowers"
            ),
        );
    }
    Ok(Flowers { arrival, lilies })
}

/// The code of every fault of a Lotus setup.
pub const SETUP_CODES: [&str; 11] = [
    "lotus.players-missing",
    "lotus.players-count",
    "lotus.players-initial",
    "lotus.players-same-initial",
    "lotus.flowers-shape",
    "lotus.flowers-letters",
    "lotus.flowers-arrival",
    "lotus.flowers-lilies",
    "lotus.course-letter",
    "lotus.course-length",
    "lotus.course-lilies",
];

/// A Lotus start as its tags state it, not yet checked: the values of the
/// `Players`, `Flowers` and `Course` tags, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LotusSetup {
    /// The `Players` value: 3 to 6 names in turn order, apart by white
    /// space, with unique initials; `None` when the tag is missing.
    pub players: Option<CompactString>,
    /// The `Flowers` value; `None` for [`DEFAULT_FLOWERS`].
    pub flowers: Option<CompactString>,
    /// The `Course` value; `None` for [`DEFAULT_COURSE`].
    pub course: Option<CompactString>,
}

/// Reads the setup of the tags, in one pass over them.
pub fn read_setup(tags: Tags<'_>) -> LotusSetup {
    let [players, flowers, course] = setup_values(tags).map(|v| v.map(CompactString::new));
    LotusSetup {
        players,
        flowers,
        course,
    }
}

/// Checks a setup and builds its start position; each tag is checked on
/// its own, and every tag at fault is reported.
///
/// # Errors
/// The first fault of each tag that has one, in the order of the fields.
pub fn from_setup(setup: &LotusSetup) -> Result<Lotus, SetupError> {
    let players = match &setup.players {
        Some(value) => Players::parse(value),
        None => Err(TagError::new(
            "Players",
            "lotus.players-missing",
            "required: the 3 to 6 players in turn order, like [Players \"red green orange\"]",
        )),
    };
    let flowers = setup
        .flowers
        .as_deref()
        .map_or(Ok(DEFAULT), parse_flowers);
    let board = match setup.course.as_deref() {
        None => Ok(Board::standard()),
        Some(value) => course::parse(value).map(Board::of),
    };
    match (players, flowers, board) {
        (Ok(players), Ok(flowers), Ok(board)) => Ok(start(players, flowers, board)),
        (Err(first), flowers, board) => Err(every_reason(first, [flowers.err(), board.err()])),
        (Ok(_), Err(first), board) => Err(every_reason(first, [board.err()])),
        (Ok(_), Ok(_), Err(first)) => Err(first.into()),
    }
}

/// The error of the reasons found: `first`, then those `more` holds.
#[cold]
fn every_reason<const N: usize>(first: TagError, more: [Option<TagError>; N]) -> SetupError {
    let mut reasons = vec![first];
    reasons.extend(more.into_iter().flatten());
    let first = reasons[0].clone();
    SetupError::of(reasons).unwrap_or_else(|| first.into())
}

/// The values of the `Players`, `Flowers` and `Course` tags, found in one
/// pass over the tags, each name read once.
fn setup_values<'a>(tags: Tags<'a>) -> [Option<&'a str>; 3] {
    let mut values = [None; 3];
    for (name, value) in tags.iter() {
        let slot = match name {
            "Players" => &mut values[0],
            "Flowers" => &mut values[1],
            "Course" => &mut values[2],
            _ => continue,
        };
        // The first one, as `Tags::get` finds it.
        slot.get_or_insert(value);
    }
    values
}

/// Where a course's squares are kept: in place when it is short, else in a
/// list of their own.
struct Board {
    /// The squares of a short course, in place.
    cells: [Square; CELLS],
    /// The squares of a long course.
    long_squares: Vec<Square>,
    /// The last square, N.
    end: u16,
    /// The lily squares, in course order.
    lilies: [u16; LILIES],
}

impl Board {
    /// The default course.
    fn standard() -> Self {
        Board {
            cells: course::DEFAULT_CELLS,
            long_squares: Vec::new(),
            end: DEFAULT_COURSE.len() as u16,
            lilies: course::DEFAULT_LILIES,
        }
    }

    /// A course read from its tag: kept in place when it is short.
    fn of(Course { squares, lilies }: Course) -> Self {
        let end = (squares.len() - 1) as u16;
        if squares.len() <= SHORT_COURSE_SQUARES {
            Board {
                cells: course::cells(&squares),
                long_squares: Vec::new(),
                end,
                lilies,
            }
        } else {
            Board {
                cells: course::DEFAULT_CELLS,
                long_squares: squares,
                end,
                lilies,
            }
        }
    }

    /// Whether the course is short enough to keep in place, in `cells`.
    fn short(&self) -> bool {
        usize::from(self.end) < SHORT_COURSE_SQUARES
    }

    /// Lays the lily flowers of `flowers` out, and the black one on the
    /// last lily.
    fn lay(&mut self, flowers: &Flowers) {
        let squares = if self.short() {
            &mut self.cells[..=usize::from(self.end)]
        } else {
            &mut self.long_squares[..]
        };
        for (&lily, &flower) in self.lilies.iter().zip(&flowers.lilies) {
            squares[usize::from(lily)].flower = Some(flower);
        }
        squares[usize::from(self.lilies[LILIES - 1])].flower = Some(Flower::Black);
    }
}

/// A game's pawns and each player's set of pawns, by number of players.
#[derive(Clone, Copy)]
struct Seats {
    /// Every pawn on the start, owned by its player; nobody's past the last.
    pawn_slots: [Pawn; MAX_PAWNS + 1],
    /// Each player's pawns, one bit per pawn index.
    own: [u16; 8],
    /// How many pawns play.
    pawn_count: u8,
}

/// The [`Seats`] of 3, 4, 5 and 6 players, built at compile time: three
/// pawns each, two with six players.
const SEATS: [Seats; 4] = [seats(3), seats(4), seats(5), seats(6)];

/// Builds the [`Seats`] of `players` players.
const fn seats(players: usize) -> Seats {
    let per_player = if players == 6 { 2 } else { 3 };
    let mut seats = Seats {
        pawn_slots: [Pawn::NONE; MAX_PAWNS + 1],
        own: [0; 8],
        pawn_count: (players * per_player) as u8,
    };
    let mut pawn = 0;
    while pawn < players * per_player {
        let owner = pawn / per_player;
        seats.pawn_slots[pawn].owner = owner as u8;
        seats.own[owner] |= 1 << pawn;
        pawn += 1;
    }
    seats
}

/// The start position: every pawn on square 0, the flowers laid out.
///
/// The flowers are laid on the board before the game is built, so that
/// the game is built where the caller wants it: changed after, it was
/// copied once more (600 bytes). Out of line, it builds the game in the
/// caller's `Result` rather than beside it (one copy fewer).
#[inline(never)]
fn start(players: Players, flowers: Flowers, mut board: Board) -> Lotus {
    let Seats {
        pawn_slots,
        own,
        pawn_count,
    } = SEATS[players.count().clamp(3, 6) - 3];
    board.lay(&flowers);
    let short = board.short();
    Lotus {
        players,
        end: board.end,
        cells: board.cells,
        long_squares: board.long_squares,
        short,
        flowers,
        pawn_slots,
        pawn_count,
        own,
        on_start: ((1u32 << pawn_count) - 1) as u16,
        occupied: u64::from(short),
        arrival: [
            Some(flowers.arrival[0]),
            Some(flowers.arrival[1]),
            Some(flowers.arrival[2]),
            Some(Flower::Blue),
        ],
        arrived: 0,
        hands: [[0; 5]; 8],
        held: [0; 8],
        turn: 1,
        moved: 0,
        blocked: ALWAYS_BLOCKED,
        mover: 0,
        step: 0,
        finished: false,
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
#[path = "setup_tests.rs"]
mod tests;

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
