//! Flower of the Lotus (Bruno Faidutti): the referee of rules.md §3.
//!
//! One [`Game::Move`] is one pawn move; a turn is three of them, numbered as
//! one (`12. g17 r3 o7[-W]`).

mod course;
mod json;
mod landing;
mod movement;
mod notation;
mod render;
mod score;
mod setup;

pub use course::{DEFAULT_COURSE, Kind};
pub use notation::{Choice, Flower, LotusMove};
pub use setup::{DEFAULT_FLOWERS, random_flowers};

use landing::Landing;

use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};
use std::fmt::Write as _;

/// A frog pawn: its owner and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pawn {
    /// The owner, by index in `Players`.
    owner: u8,
    /// 0 is the start, 1..=N the course, N+1..=N+4 the arrival places.
    pos: u16,
}

/// Why a pawn move is illegal (or not a pawn move at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LotusError(String);

/// A Lotus position: the course, the pawns, the flowers, the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lotus {
    names: Vec<String>,
    letters: Vec<u8>,
    /// Square 0 (start) to N.
    kinds: Vec<Kind>,
    /// The `Flowers` tag, for the setup tags.
    flowers: setup::Flowers,
    /// The flower lying on each square.
    course_flowers: Vec<Option<Flower>>,
    /// 1 + the index of the pawn on each square, 0 when empty (square 0 unused).
    occupant: Vec<u8>,
    pawns: Vec<Pawn>,
    /// The flowers still lying on the arrival places.
    arrival: [Option<Flower>; 4],
    /// Pawns in the arrival.
    arrived: u16,
    /// Every player's flowers, counted by colour.
    hands: Vec<[u8; 5]>,
    /// The turn number from 1.
    turn: u32,
    /// Pawn moves made in this turn (0-2).
    step: u8,
    /// The pawns moved in this turn.
    moved: [u8; 3],
    /// Place 4 is taken.
    finished: bool,
}

fn illegal<T>(message: impl Into<String>) -> Result<T, LotusError> {
    Err(LotusError(message.into()))
}

impl Lotus {
    /// The last course square, N.
    fn end(&self) -> u16 {
        (self.kinds.len() - 1) as u16
    }

    /// The player whose turn it is.
    fn mover(&self) -> u8 {
        ((self.turn - 1) as usize % self.names.len()) as u8
    }

    fn name(&self, player: u8) -> &str {
        self.names.get(usize::from(player)).map_or("?", |n| n)
    }

    /// Every player's current score, in turn order.
    fn score_list(&self) -> Vec<(String, i32)> {
        self.names
            .iter()
            .zip(&self.hands)
            .map(|(name, hand)| (name.clone(), score::score(hand)))
            .collect()
    }
}

impl Game for Lotus {
    type Move = LotusMove;
    type Error = LotusError;

    const KIND: GameKind = GameKind::Lotus;
    const TAGS: &'static [&'static str] = &["Players", "Flowers", "Course"];
    const NUMBERING: Numbering = Numbering::Turns;

    fn from_tags(tags: Tags<'_>) -> Result<Self, TagError> {
        setup::from_tags(tags)
    }

    fn parse_move(&self, text: &str) -> Result<LotusMove, LotusError> {
        notation::parse(text, |letter| {
            self.letters
                .iter()
                .position(|&l| l == letter)
                .map(|i| i as u8)
        })
        .map_err(LotusError)
    }

    fn check(&self, mv: &LotusMove) -> Result<(), LotusError> {
        self.resolve(mv).map(|_| ())
    }

    fn apply(&mut self, mv: &LotusMove) {
        if let Ok((index, dest, landing)) = self.resolve(mv) {
            self.play(mv, index, dest, landing);
        }
    }

    fn check_and_apply(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        let (index, dest, landing) = self.resolve(mv)?;
        self.play(mv, index, dest, landing);
        Ok(())
    }

    fn legal_moves(&self) -> Vec<LotusMove> {
        let mut moves = Vec::new();
        if self.finished {
            return moves;
        }
        let owes_other = self.owes_other();
        let mover = self.mover();
        for (index, pawn) in self.pawns.iter().enumerate() {
            let first_at_start = self.pawns[..index]
                .iter()
                .all(|p| !(p.pos == 0 && p.owner == pawn.owner));
            if pawn.pos > self.end()
                || self.moved[..usize::from(self.step)].contains(&(index as u8))
                || (pawn.pos == 0 && !first_at_start)
                || (owes_other && pawn.owner == mover)
            {
                continue;
            }
            let bonus = if self.is_last(*pawn) { 2 } else { 0 };
            let dest = self.destination(*pawn, self.base_count() + bonus);
            for choice in self.choices(pawn.owner, self.landing(pawn.owner, dest)) {
                moves.push(LotusMove {
                    owner: pawn.owner,
                    letter: self.letters[usize::from(pawn.owner)],
                    from: pawn.pos,
                    choice,
                });
            }
        }
        moves.sort_by_key(|m| (m.from, m.owner));
        moves
    }

    fn is_over(&self) -> bool {
        self.finished
    }

    fn scores(&self) -> Option<Vec<crate::game::Score>> {
        Some(crate::game::rank(&self.score_list()))
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.finished {
            return None;
        }
        let scores = self.score_list();
        let mut tag_value = String::with_capacity(8 * scores.len());
        for ((_, s), l) in scores.iter().zip(&self.letters) {
            if !tag_value.is_empty() {
                tag_value.push(' ');
            }
            // Writing to a String cannot fail.
            let _ = write!(tag_value, "{}:{s}", char::from(*l));
        }
        let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
        let mut leaders = scores.iter().filter(|(_, s)| *s == best);
        let winner = match (leaders.next(), leaders.next()) {
            (Some((name, _)), None) => Some(name.clone()),
            _ => None,
        };
        Some(Outcome {
            token: None,
            tag_value,
            winner,
            reason: "place 4 taken".to_owned(),
            scores: Some(crate::game::rank(&scores)),
        })
    }

    fn turn(&self) -> Turn<'_> {
        Turn {
            number: self.turn,
            opens: self.step == 0,
            mover: self.name(self.mover()),
        }
    }

    fn constraint(&self) -> Option<String> {
        if self.finished {
            return None;
        }
        let count = self.base_count();
        let (ordinal, unit) = match count {
            1 => ("first", "square"),
            2 => ("second", "squares"),
            _ => ("third", "squares"),
        };
        let owes = if self.owes_other() {
            "; the first two were your own pawns, so this one must be another player's"
        } else {
            ""
        };
        Some(format!(
            "{}'s turn: {ordinal} pawn move, {count} {unit} ({} for a last pawn){owes}",
            self.name(self.mover()),
            count + 2
        ))
    }

    fn render(&self, charset: Charset) -> String {
        render::render(self, charset)
    }

    fn position_json(&self) -> serde_json::Value {
        json::position(self)
    }

    fn describe(&self, mv: &LotusMove) -> MoveDetail {
        json::describe(self, mv)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("Players".to_owned(), self.names.join(" ")),
            ("Flowers".to_owned(), self.flowers.value()),
        ];
        let course = course::value(&self.kinds);
        if course != DEFAULT_COURSE {
            tags.push(("Course".to_owned(), course));
        }
        tags
    }

    fn random_tags(rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
        setup::random_tags(rng)
    }
}

#[cfg(test)]
mod tests;
