//! The paths a piece may take, worked out once at compile time: from each
//! square, every self-avoiding path of exactly that square's number of steps
//! along the grid lines.
//!
//! Two tables answer the two questions a move asks. [`PATHS`] lists the
//! paths from a square, for "where can this piece go?"; [`JOINS`] lists the
//! (at most three) paths between two squares, for "can this piece go there?",
//! which every checked move asks and which is then a handful of instructions.

use super::{Bits, SQUARES, bit, lines};

/// A path of exactly the start square's number of steps: the squares it
/// passes through (neither end) and the square where it ends.
#[derive(Debug, Clone, Copy)]
struct Path {
    via: Bits,
    to: u8,
}

/// The most paths from one square: three steps, four ways then three, three.
const MAX_PATHS: usize = 4 * 3 * 3;

/// The paths from one square: the first `len` of `list`.
#[derive(Debug, Clone, Copy)]
struct Paths {
    len: usize,
    list: [Path; MAX_PATHS],
}

impl Paths {
    fn as_slice(&self) -> &[Path] {
        self.list.get(..self.len).unwrap_or_default()
    }
}

/// The most paths joining two given squares; [`build_joins`] refuses to
/// compile if some pair had more.
const MAX_JOINS: usize = 3;

/// A square off the board, standing in every unused slot of [`Joins`]:
/// [`can_reach`] always counts it as blocking, so an unused slot never
/// passes, and the test needs neither a count nor a loop bound.
const UNUSED: Bits = 1 << 63;

/// The paths joining two squares, each as the set of squares it passes
/// through; [`UNUSED`] fills the slots of missing paths.
type Joins = [Bits; MAX_JOINS];

/// For every square, the paths from it.
static PATHS: [Paths; SQUARES] = build_paths();

/// For every start square and end square, the paths joining them.
static JOINS: [[Joins; SQUARES]; SQUARES] = build_joins();

/// The square one step from `index` towards `direction` (east, west, north,
/// south), if it is on the board.
const fn step(index: usize, direction: usize) -> Option<usize> {
    let (file, rank) = (index % 6, index / 6);
    match direction {
        0 if file < 5 => Some(index + 1),
        1 if file > 0 => Some(index - 1),
        2 if rank < 5 => Some(index + 6),
        3 if rank > 0 => Some(index - 6),
        _ => None,
    }
}

/// Adds to `paths` every self-avoiding continuation of `steps_left` steps
/// from `at`, `visited` holding the squares already on the path.
const fn walk(at: usize, visited: Bits, via: Bits, steps_left: u8, paths: &mut Paths) {
    if steps_left == 0 {
        // Out of bounds here stops the build: MAX_PATHS would be wrong.
        paths.list[paths.len] = Path { via, to: at as u8 };
        paths.len += 1;
        return;
    }
    let mut direction = 0;
    while direction < 4 {
        if let Some(next) = step(at, direction) {
            if visited & bit(next) == 0 {
                let via = if steps_left > 1 { via | bit(next) } else { via };
                walk(next, visited | bit(next), via, steps_left - 1, paths);
            }
        }
        direction += 1;
    }
}

const fn build_paths() -> [Paths; SQUARES] {
    let none = Paths {
        len: 0,
        list: [Path { via: 0, to: 0 }; MAX_PATHS],
    };
    let mut all = [none; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        walk(from, bit(from), 0, lines(from), &mut all[from]);
        from += 1;
    }
    all
}

const fn build_joins() -> [[Joins; SQUARES]; SQUARES] {
    let mut joins = [[[UNUSED; MAX_JOINS]; SQUARES]; SQUARES];
    let paths = build_paths();
    let mut from = 0;
    while from < SQUARES {
        let mut i = 0;
        while i < paths[from].len {
            let path = paths[from].list[i];
            let entry = &mut joins[from][path.to as usize];
            let mut slot = 0;
            while entry[slot] != UNUSED {
                // Out of bounds here stops the build: MAX_JOINS would be wrong.
                slot += 1;
            }
            entry[slot] = path.via;
            i += 1;
        }
        from += 1;
    }
    joins
}

/// Whether a piece on `from` can end on `to` without passing through `blocking`.
pub fn can_reach(from: usize, to: usize, blocking: Bits) -> bool {
    let blocked = blocking | UNUSED;
    JOINS
        .get(from)
        .and_then(|row| row.get(to))
        .is_some_and(|joins| joins.iter().any(|via| via & blocked == 0))
}

/// The squares a piece on `from` can end on when the squares of `blocking`
/// may not be passed through (end squares are not checked).
pub fn reach(from: usize, blocking: Bits) -> Bits {
    PATHS.get(from).map_or(0, |paths| {
        paths
            .as_slice()
            .iter()
            .filter(|p| p.via & blocking == 0)
            .fold(0, |bits, p| bits | bit(usize::from(p.to)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paths as a plain recursive search finds them, for comparison.
    fn search(at: usize, visited: Bits, via: Bits, steps_left: u8, found: &mut Vec<(Bits, usize)>) {
        if steps_left == 0 {
            found.push((via, at));
            return;
        }
        let (file, rank) = ((at % 6) as i8, (at / 6) as i8);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (f, r) = (file + df, rank + dr);
            if !((0..6).contains(&f) && (0..6).contains(&r)) {
                continue;
            }
            let next = (r * 6 + f) as usize;
            if visited & bit(next) == 0 {
                let via = if steps_left > 1 { via | bit(next) } else { via };
                search(next, visited | bit(next), via, steps_left - 1, found);
            }
        }
    }

    #[test]
    fn the_tables_hold_every_path_of_a_plain_search() {
        for from in 0..SQUARES {
            let mut found = Vec::new();
            search(from, bit(from), 0, lines(from), &mut found);
            let table: Vec<(Bits, usize)> = PATHS[from]
                .as_slice()
                .iter()
                .map(|p| (p.via, usize::from(p.to)))
                .collect();
            assert_eq!(table, found, "paths from {from}");
            for (to, joins) in JOINS[from].iter().enumerate() {
                let mut joining: Vec<Bits> = found
                    .iter()
                    .filter(|&&(_, end)| end == to)
                    .map(|&(via, _)| via)
                    .collect();
                let mut joins: Vec<Bits> =
                    joins.iter().copied().filter(|&via| via != UNUSED).collect();
                joining.sort_unstable();
                joins.sort_unstable();
                assert_eq!(joins, joining, "paths from {from} to {to}");
            }
        }
    }
}
