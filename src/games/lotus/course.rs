//! The course: square 0 (the start), squares 1..N by kind, and the `Course` tag.

use super::CELLS;
use crate::game::TagError;

/// The course of kifu-rules(7), FLOWER OF THE LOTUS, when the record has no `Course` tag.
pub const DEFAULT_COURSE: &str = ".L.FL..S.L.FL.L.SL.FL.L.SL.FL.L.SL.F.L..";

/// The number of lily squares every course has.
pub(super) const LILIES: usize = 13;

/// The longest course accepted.
pub(super) const MAX_SQUARES: usize = 999;

/// What a course square is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The start, square 0.
    Start,
    /// A plain square, `.`.
    Plain,
    /// A lily square, `L`.
    Lily,
    /// A frog square, `F`.
    Frog,
    /// A stone square, `S`.
    Stone,
}

impl Kind {
    /// The letter of the `Course` tag.
    pub fn letter(self) -> char {
        match self {
            Kind::Start => '0',
            Kind::Plain => '.',
            Kind::Lily => 'L',
            Kind::Frog => 'F',
            Kind::Stone => 'S',
        }
    }

    /// The kind in words.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Start => "start",
            Kind::Plain => "plain",
            Kind::Lily => "lily",
            Kind::Frog => "frog",
            Kind::Stone => "stone",
        }
    }

    /// Whether a flower may lie here (plain and lily squares).
    pub fn holds_flowers(self) -> bool {
        matches!(self, Kind::Plain | Kind::Lily)
    }
}

/// One square of the course: its kind, and what lies or stands on it.
///
/// Four bytes rather than three: a square's address is then its number
/// times a scale the processor applies for free, which spares the referee
/// a multiplication and a register on every square it reads (callgrind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(align(4))]
pub(super) struct Square {
    /// What the square is.
    pub kind: Kind,
    /// The flower lying here.
    pub flower: Option<super::Flower>,
    /// The index of the pawn standing here, [`super::NO_PAWN`] when empty
    /// (always on the start).
    pub occupant: u8,
}

impl Square {
    /// An empty square of this kind.
    const fn bare(kind: Kind) -> Self {
        Square {
            kind,
            flower: None,
            occupant: super::NO_PAWN,
        }
    }
}

/// A course read from its tag: the squares, start included, bare, and
/// where its lily squares lie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Course {
    /// Square 0 (the start) to N.
    pub squares: Vec<Square>,
    /// The lily squares, in course order.
    pub lilies: [u16; LILIES],
}

impl Course {
    /// The course of [`DEFAULT_COURSE`].
    pub(super) fn standard() -> Self {
        Course {
            squares: DEFAULT_SQUARES.to_vec(),
            lilies: DEFAULT_LILIES,
        }
    }
}

/// The squares of [`DEFAULT_COURSE`], start included, read once at compile
/// time: most records have no `Course` tag.
const DEFAULT_SQUARES: [Square; DEFAULT_COURSE.len() + 1] = default_squares();

/// [`DEFAULT_SQUARES`] as a short course keeps them in place, bare plain
/// squares past the end.
pub(super) const DEFAULT_CELLS: [Square; CELLS] = {
    let mut cells = [Square::bare(Kind::Plain); CELLS];
    let mut i = 0;
    while i < DEFAULT_SQUARES.len() {
        cells[i] = DEFAULT_SQUARES[i];
        i += 1;
    }
    cells
};

/// The squares of a short course as it keeps them in place, bare plain
/// squares past the end.
pub(super) fn cells(squares: &[Square]) -> [Square; CELLS] {
    let mut cells = [Square::bare(Kind::Plain); CELLS];
    cells[..squares.len()].copy_from_slice(squares);
    cells
}

/// The lily squares of [`DEFAULT_COURSE`].
pub(super) const DEFAULT_LILIES: [u16; LILIES] = default_lilies();

/// Reads [`DEFAULT_COURSE`] as [`parse`] does, at compile time.
const fn default_squares() -> [Square; DEFAULT_COURSE.len() + 1] {
    let letters = DEFAULT_COURSE.as_bytes();
    let mut squares = [Square::bare(Kind::Start); DEFAULT_COURSE.len() + 1];
    let mut i = 0;
    while i < letters.len() {
        let kind = match letters[i] {
            b'L' => Kind::Lily,
            b'F' => Kind::Frog,
            b'S' => Kind::Stone,
            _ => Kind::Plain,
        };
        squares[i + 1] = Square::bare(kind);
        i += 1;
    }
    squares
}

/// Finds the lily squares of [`DEFAULT_COURSE`] at compile time.
const fn default_lilies() -> [u16; LILIES] {
    let letters = DEFAULT_COURSE.as_bytes();
    let mut lilies = [0; LILIES];
    let mut found = 0;
    let mut i = 0;
    while i < letters.len() {
        if letters[i] == b'L' {
            lilies[found] = i as u16 + 1;
            found += 1;
        }
        i += 1;
    }
    lilies
}

/// Reads a `Course` value: square 0 is the start, then one kind per letter.
///
/// The squares come bare: no flower, no pawn.
///
/// # Errors
/// A letter that is no kind, a wrong number of lily squares, a course too long.
pub(super) fn parse(value: &str) -> Result<Course, TagError> {
    let fault = |code, message: String| Err(TagError::new("Course", code, message));
    if value == DEFAULT_COURSE {
        return Ok(Course::standard());
    }
    let mut squares = Vec::with_capacity(value.len().min(MAX_SQUARES) + 1);
    squares.push(Square::bare(Kind::Start));
    let mut lilies = [0; LILIES];
    let mut found = 0;
    for (i, c) in value.chars().enumerate() {
        let kind = match c {
            '.' => Kind::Plain,
            'L' => Kind::Lily,
            'F' => Kind::Frog,
            'S' => Kind::Stone,
            _ => {
                return fault(
                    "lotus.course-letter",
                    format!(
                        "square {} is {c:?}: the course is written with . (plain), L (lily), F (frog) and S (stone)",
                        i + 1
                    ),
                );
            }
        };
        if i == MAX_SQUARES {
            return fault(
                "lotus.course-length",
                format!("a course has at most {MAX_SQUARES} squares"),
            );
        }
        if kind == Kind::Lily {
            if let Some(slot) = lilies.get_mut(found) {
                *slot = squares.len() as u16;
            }
            found += 1;
        }
        squares.push(Square::bare(kind));
    }
    if found != LILIES {
        return fault(
            "lotus.course-lilies",
            format!("a course has exactly {LILIES} lily squares (L), this one has {found}"),
        );
    }
    Ok(Course { squares, lilies })
}

/// Writes a course back as its tag value.
pub(super) fn value(squares: &[Square]) -> String {
    squares.iter().skip(1).map(|s| s.kind.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_course_is_the_ruled_one() {
        let course = parse(DEFAULT_COURSE).unwrap_or_else(|e| panic!("{e}"));
        let kinds = course.squares;
        let at = |kind| -> Vec<usize> {
            (0..kinds.len())
                .filter(|&i| kinds[i].kind == kind)
                .collect()
        };
        assert_eq!(kinds.len(), 41);
        assert_eq!(
            at(Kind::Lily),
            [2, 5, 10, 13, 15, 18, 21, 23, 26, 29, 31, 34, 38]
        );
        assert_eq!(at(Kind::Frog), [4, 12, 20, 28, 36]);
        assert_eq!(at(Kind::Stone), [8, 17, 25, 33]);
        assert_eq!(value(&kinds), DEFAULT_COURSE);
        assert_eq!(course.lilies.map(usize::from), at(Kind::Lily)[..]);
    }

    #[test]
    fn the_ready_made_default_course_reads_as_any_other() {
        // One square more takes the general path; without it, the squares match.
        let read = parse(&format!("{DEFAULT_COURSE}.")).map(|mut course| {
            course.squares.pop();
            course
        });
        assert_eq!(read, Ok(Course::standard()));
        assert_eq!(cells(&DEFAULT_SQUARES), DEFAULT_CELLS);
    }

    fn fault(value: &str) -> String {
        parse(value).map_or_else(|e| format!("{}: {}", e.code, e.message), |_| String::new())
    }

    #[test]
    fn rejects_bad_courses() {
        assert_eq!(
            fault("LLLL"),
            "lotus.course-lilies: a course has exactly 13 lily squares (L), this one has 4"
        );
        assert_eq!(
            fault(".x"),
            "lotus.course-letter: square 2 is 'x': the course is written with . (plain), L (lily), F (frog) and S (stone)"
        );
        assert_eq!(
            fault(&".".repeat(2000)),
            "lotus.course-length: a course has at most 999 squares"
        );
    }
}
