//! The transposition table: what a search learnt of a position, found
//! again by its Zobrist hash when another order of moves reaches it; and
//! the scores of forced results it keeps, counted from the position.

/// The score of a win now; a win in N plies scores `MATE - N`.
pub const MATE: i32 = 1_000_000;

/// Scores beyond this are wins or losses found by a search.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// The score for `mover` of a game that ended `plies` plies from the
/// root, won by `winner` (none: a draw): sooner wins score higher.
pub(super) fn ended_score(winner: Option<&str>, mover: &str, plies: i32) -> i32 {
    match winner {
        Some(winner) if winner == mover => MATE - plies,
        Some(_) => -(MATE - plies),
        None => 0,
    }
}

/// What a stored score says of the position's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value itself.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One position's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The position's full hash, to tell it from others of its slot.
    pub key: u64,
    /// The depth it was searched to.
    pub depth: i32,
    /// Its score, from the side to move's view (mate scores relative to
    /// this position).
    pub score: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// The best move's index among the legal moves, in their stable order.
    pub best: u16,
}

/// A table of `2^bits` entries, each replaced by the latest search.
#[derive(Debug, Clone)]
pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: u64,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.min(30);
        Self {
            entries: vec![None; size],
            mask: size as u64 - 1,
        }
    }

    /// The entry of the position with hash `key`, if it is stored.
    pub fn get(&self, key: u64) -> Option<Entry> {
        let slot = (key & self.mask) as usize;
        self.entries
            .get(slot)
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    /// Stores an entry, in place of whatever held its slot.
    pub fn put(&mut self, entry: Entry) {
        let slot = (entry.key & self.mask) as usize;
        if let Some(place) = self.entries.get_mut(slot) {
            *place = Some(entry);
        }
    }

    /// The entry of the position `key`, and its score when that decides
    /// the node at once: searched at least `depth` deep, and exact or a
    /// bound beyond the window `(alpha, beta)`; a win or loss counted from
    /// the root, `ply` plies above.
    pub fn probe(
        &self,
        key: Option<u64>,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> (Option<Entry>, Option<i32>) {
        let entry = key.and_then(|key| self.get(key));
        let decided = entry.filter(|e| e.depth >= depth).and_then(|entry| {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            usable.then_some(score)
        });
        (entry, decided)
    }

    /// Keeps what a search of the position `key` found: `score`, with the
    /// index of its best move, searched `depth` deep within the window
    /// `(alpha, beta)`, `ply` plies below the root.
    pub fn store(
        &mut self,
        key: Option<u64>,
        (depth, ply): (i32, usize),
        (alpha, beta): (i32, i32),
        (best, score): (usize, i32),
    ) {
        let Some(key) = key else {
            return;
        };
        let bound = match score {
            s if s <= alpha => Bound::Upper,
            s if s >= beta => Bound::Lower,
            _ => Bound::Exact,
        };
        self.put(Entry {
            key,
            depth,
            score: to_table(score, ply),
            bound,
            best: u16::try_from(best).unwrap_or(u16::MAX),
        });
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }
}

/// A score as the table keeps it: a win counted from the stored position,
/// not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s + ply as i32,
        s if s < -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

/// A score from the table, counted from the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s - ply as i32,
        s if s < -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_by_its_own_key_only() {
        let mut table = Table::new(4);
        let entry = Entry {
            key: 0x1234_5678_0000_0003,
            depth: 3,
            score: 40,
            bound: Bound::Exact,
            best: 2,
        };
        table.put(entry);
        assert_eq!(table.get(entry.key), Some(entry));
        assert_eq!(table.get(0x3), None, "the same slot, another key");
        table.clear();
        assert_eq!(table.get(entry.key), None);
    }
}
