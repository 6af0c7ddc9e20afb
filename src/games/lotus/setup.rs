//! The setup: the `Players`, `Flowers`, `Course` and `Position` tags as
//! written, checked into the start position they give, and the tags a
//! position writes back.
//!
//! The `Position` tag, any position of a game, is read and written by
//! [`super::position_tag`].

use super::course::{self, Course, DEFAULT_COURSE, Kind, LILIES, Square};
use super::flowers::{DEFAULT, Flowers, parse_flowers, random_flowers};
use super::flowers::Flower;
use super::players::Players;
use super::position_tag::{FLOWERS_AND_POSITION, read, value};
use super::{ALWAYS_BLOCKED, CELLS, Lotus, MAX_PAWNS, SHORT_COURSE_SQUARES};
use crate::game::{SetupError, TagError, Tags};
use compact_str::CompactString;

/// The code of every fault of a Lotus setup.
pub(super) const SETUP_CODES: [&str; 11] = [
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
/// `Players`, `Flowers`, `Course` and `Position` tags, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LotusSetup {
    /// The `Players` value: 3 to 6 names in turn order, apart by white
    /// space, with unique initials; `None` when the tag is missing.
    pub players: Option<CompactString>,
    /// The `Flowers` value; `None` for [`DEFAULT_FLOWERS`](super::DEFAULT_FLOWERS).
    pub flowers: Option<CompactString>,
    /// The `Course` value; `None` for [`DEFAULT_COURSE`].
    pub course: Option<CompactString>,
    /// The `Position` value, a start from any position instead of the
    /// `Flowers`; `None` for the start of a game.
    pub position: Option<CompactString>,
}

/// Reads the setup of the tags, in one pass over them.
pub(super) fn read_setup(tags: Tags<'_>) -> LotusSetup {
    let [players, flowers, course, position] =
        setup_values(tags).map(|v| v.map(CompactString::new));
    LotusSetup {
        players,
        flowers,
        course,
        position,
    }
}

/// How a record starts: from the flowers of a game's start, or from a
/// `Position`.
enum Start<'a> {
    /// The start of a game, with these flowers.
    Flowers(Flowers),
    /// The `Position` value.
    Position(&'a str),
}

/// The start position the tags describe, checked as [`from_setup`]
/// checks it, from the values where the tags hold them: no copy of them
/// into a [`LotusSetup`] first.
///
/// # Errors
/// Those of [`from_setup`].
pub(super) fn from_tags(tags: Tags<'_>) -> Result<Lotus, SetupError> {
    from_values(setup_values(tags))
}

/// Checks a setup and builds its start position; each tag is checked on
/// its own, and every tag at fault is reported. A `Position` is read on
/// the players and the course, once both are sound.
///
/// # Errors
/// The first fault of each tag that has one, in the order of the fields;
/// or every reason the `Position` is at fault.
pub(super) fn from_setup(setup: &LotusSetup) -> Result<Lotus, SetupError> {
    let LotusSetup {
        players,
        flowers,
        course,
        position,
    } = setup;
    from_values([players, flowers, course, position].map(Option::as_deref))
}

/// [`from_setup`], on the values of the `Players`, `Flowers`, `Course`
/// and `Position` tags.
fn from_values(
    [players, flowers, course, position]: [Option<&str>; 4],
) -> Result<Lotus, SetupError> {
    let players = match players {
        Some(value) => Players::parse(value),
        None => Err(TagError::new(
            "Players",
            "lotus.players-missing",
            "required: the 3 to 6 players in turn order, like [Players \"red green orange\"]",
        )),
    };
    let begin = match (flowers, position) {
        (None, None) => Ok(Start::Flowers(DEFAULT)),
        (Some(value), None) => parse_flowers(value).map(Start::Flowers),
        (None, Some(value)) => Ok(Start::Position(value)),
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            FLOWERS_AND_POSITION,
            "a record has Flowers or Position, never both",
        )),
    };
    let board = match course {
        None => Ok(Board::standard()),
        Some(value) => course::parse(value).map(Board::of),
    };
    match (players, begin, board) {
        (Ok(players), Ok(Start::Flowers(flowers)), Ok(board)) => Ok(start(players, flowers, board)),
        (Ok(players), Ok(Start::Position(value)), Ok(board)) => {
            read(start(players, DEFAULT, board), value)
        }
        (Err(first), begin, board) => Err(every_reason(first, [begin.err(), board.err()])),
        (Ok(_), Err(first), board) => Err(every_reason(first, [board.err()])),
        (Ok(_), Ok(_), Err(first)) => Err(first.into()),
    }
}

/// The error of the reasons found: `first`, then those `more` holds.
fn every_reason<const N: usize>(first: TagError, more: [Option<TagError>; N]) -> SetupError {
    let mut reasons = vec![first];
    reasons.extend(more.into_iter().flatten());
    let first = reasons[0].clone();
    SetupError::of(reasons).unwrap_or_else(|| first.into())
}

/// The values of the `Players`, `Flowers`, `Course` and `Position` tags,
/// found in one pass over the tags, each name read once.
fn setup_values<'a>(tags: Tags<'a>) -> [Option<&'a str>; 4] {
    let mut values = [None; 4];
    for (name, value) in tags.iter() {
        let slot = match name {
            "Players" => &mut values[0],
            "Flowers" => &mut values[1],
            "Course" => &mut values[2],
            "Position" => &mut values[3],
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

/// Whether a course whose last square is `end` is short enough to keep
/// in place ([`SHORT_COURSE_SQUARES`]).
fn is_short(end: u16) -> bool {
    usize::from(end) < SHORT_COURSE_SQUARES
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
        if is_short(end) {
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
        is_short(self.end)
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
    pawn_slots: [super::Pawn; MAX_PAWNS + 1],
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
        pawn_slots: [super::Pawn::NONE; MAX_PAWNS + 1],
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

/// The tags a fresh record of this position carries: `Players`, then
/// `Flowers` at the start of a game or else `Position`, then `Course`
/// unless it is the default.
pub(super) fn tags_of(game: &Lotus) -> Vec<(String, String)> {
    let mut tags = vec![("Players".to_owned(), game.players.joined())];
    tags.push(match start_flowers(game) {
        Some(flowers) => ("Flowers".to_owned(), flowers),
        None => ("Position".to_owned(), value(game)),
    });
    let course = course::value(game.squares());
    if course != DEFAULT_COURSE {
        tags.push(("Course".to_owned(), course));
    }
    tags
}

/// The `Flowers` value of a position that is the start of a game: turn 1
/// not begun, every pawn on the start, no bouquet, the arrival full, a
/// flower on each lily square and none elsewhere; `None` for any other.
fn start_flowers(game: &Lotus) -> Option<String> {
    let untouched = game.turn == 1
        && game.mover == 0
        && game.step == 0
        && game.pawns().iter().all(|p| p.pos == 0)
        && game.hands().iter().all(|hand| *hand == [0; 5]);
    let [Some(first), Some(second), Some(third), Some(Flower::Blue)] = game.arrival else {
        return None;
    };
    let mut lilies = game.squares().iter().filter(|s| s.kind == Kind::Lily);
    let mut flowers = Flowers {
        arrival: [first, second, third],
        lilies: DEFAULT.lilies,
    };
    for (slot, lily) in flowers.lilies.iter_mut().zip(lilies.by_ref()) {
        *slot = lily.flower?;
    }
    let black_on_last = lilies.next()?.flower == Some(Flower::Black);
    let laid = game.squares().iter().filter(|s| s.flower.is_some()).count();
    // The flowers' letters and numbers are those of a `Flowers` value.
    let value = flowers.value();
    (untouched && black_on_last && laid == LILIES && parse_flowers(&value).is_ok()).then_some(value)
}

/// Names for random games, in turn order; initials all differ.
const RANDOM_PLAYERS: [&str; 6] = ["red", "green", "orange", "violet", "cyan", "amber"];

/// The players of a game started without a `Players` tag: three, as in
/// notation.md.
pub(super) const DEFAULT_PLAYERS: &str = "red green orange";

/// The players of `kifu match`'s seats, with distinct first letters, in
/// order.
const SEAT_NAMES: [&str; 6] = ["red", "green", "orange", "blue", "yellow", "purple"];

/// The `Players` value of `seats` seats, from 3 to 6.
pub(super) fn seat_names(seats: usize) -> Option<String> {
    let names = SEAT_NAMES.get(..seats).filter(|names| names.len() >= 3)?;
    Some(names.join(" "))
}

/// Random tags: 3 to 6 players and a random flower layout.
pub(super) fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> {
    let players = 3 + rng.below(4);
    vec![
        ("Players".to_owned(), RANDOM_PLAYERS[..players].join(" ")),
        ("Flowers".to_owned(), random_flowers(rng)),
    ]
}

#[cfg(test)]
#[path = "setup_tests.rs"]
mod tests;
