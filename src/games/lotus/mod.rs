//! Flower of the Lotus (Bruno Faidutti): the referee of rules.md §3.
//!
//! One [`Game::Move`] is one pawn move; a turn is three of them, numbered as
//! one (`12. g17 r3 o7[-W]`).

mod course;
mod json;
mod landing;
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

    /// Whether the next pawn move must take another player's pawn.
    fn owes_other(&self) -> bool {
        let mover = self.mover();
        self.step == 2
            && self.moved[..2]
                .iter()
                .all(|&p| self.pawns[usize::from(p)].owner == mover)
    }

    /// The squares a pawn advances this pawn move, before the last-pawn bonus.
    fn base_count(&self) -> u16 {
        u16::from(self.step) + 1
    }

    /// Whether no pawn stands behind this one (rules.md ruling).
    fn is_last(&self, pawn: Pawn) -> bool {
        pawn.pos == 0 || !self.pawns.iter().any(|p| p.pos < pawn.pos)
    }

    /// Where a pawn stops after `count` free squares: a square or an arrival place.
    fn destination(&self, pawn: Pawn, count: u16) -> u16 {
        let end = self.end();
        let mut left = count;
        let mut square = pawn.pos;
        while square < end {
            square += 1;
            if self.occupant[usize::from(square)] == 0 {
                left -= 1;
                if left == 0 {
                    return square;
                }
            }
        }
        end + self.arrived + 1
    }

    /// The pawn a move names.
    fn find_pawn(&self, mv: &LotusMove) -> Result<usize, LotusError> {
        let owner = self.name(mv.owner);
        if mv.from > self.end() {
            return illegal(format!(
                "no such pawn: the course has squares 0 to {} (pawns in the arrival never move again)",
                self.end()
            ));
        }
        if mv.from == 0 {
            return match self
                .pawns
                .iter()
                .position(|p| p.owner == mv.owner && p.pos == 0)
            {
                Some(pawn) => Ok(pawn),
                None => illegal(format!(
                    "no such pawn: {owner} has no pawn on the start square"
                )),
            };
        }
        match self.occupant[usize::from(mv.from)] {
            0 => illegal(format!(
                "no such pawn: square {} is empty, {owner} has no pawn there",
                mv.from
            )),
            p => {
                let pawn = usize::from(p - 1);
                let holder = self.pawns[pawn].owner;
                if holder == mv.owner {
                    Ok(pawn)
                } else {
                    illegal(format!(
                        "no such pawn: the pawn on {} is {}'s, not {owner}'s",
                        mv.from,
                        self.name(holder)
                    ))
                }
            }
        }
    }

    /// Checks a move and returns the pawn, its destination and the landing.
    fn resolve(&self, mv: &LotusMove) -> Result<(usize, u16, Landing), LotusError> {
        if self.finished {
            return illegal("the game is over: place 4 is taken");
        }
        let index = self.find_pawn(mv)?;
        let owner = self.name(mv.owner);
        if self.moved[..usize::from(self.step)].contains(&(index as u8)) {
            return illegal(format!(
                "the same pawn twice: {owner}'s pawn on {} has already moved this turn",
                mv.from
            ));
        }
        if mv.owner == self.mover() && self.owes_other() {
            return illegal(
                "three own pawns: at least one of the three pawns must belong to another player",
            );
        }
        let pawn = self.pawns[index];
        let bonus = if self.is_last(pawn) { 2 } else { 0 };
        let dest = self.destination(pawn, self.base_count() + bonus);
        let landing = self.landing(mv.owner, dest);
        self.check_choice(mv, dest, landing)?;
        Ok((index, dest, landing))
    }

    /// Plays a resolved move.
    fn play(&mut self, mv: &LotusMove, index: usize, dest: u16, landing: Landing) {
        let owner = usize::from(mv.owner);
        let from = self.pawns[index].pos;
        if from > 0 && from <= self.end() {
            self.occupant[usize::from(from)] = 0;
        }
        self.pawns[index].pos = dest;
        if dest <= self.end() {
            self.occupant[usize::from(dest)] = index as u8 + 1;
        }
        match (landing, mv.choice) {
            (Landing::Arrival(place), _) => {
                self.arrived += 1;
                if let Some(flower) = self
                    .arrival
                    .get_mut(usize::from(place) - 1)
                    .and_then(Option::take)
                {
                    self.hands[owner][flower.index()] += 1;
                }
                if place >= 4 {
                    self.finished = true;
                }
            }
            (Landing::Flower(flower), _) => {
                self.course_flowers[usize::from(dest)] = None;
                self.hands[owner][flower.index()] += 1;
            }
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) => {
                let with = usize::from(with);
                self.hands[owner][give.index()] -= 1;
                self.hands[owner][take.index()] += 1;
                self.hands[with][take.index()] -= 1;
                self.hands[with][give.index()] += 1;
            }
            (Landing::Stone(true), Choice::Stone(flower)) => {
                self.hands[owner][flower.index()] -= 1;
                self.lay_after(dest, flower);
            }
            _ => {}
        }
        self.moved[usize::from(self.step)] = index as u8;
        self.step += 1;
        if self.step == 3 {
            self.step = 0;
            self.turn += 1;
        }
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
