//! Flower of the Lotus (Bruno Faidutti): the referee of rules.md §3.
//!
//! One [`Game::Move`] is one pawn move; a turn is three of them, numbered as
//! one (`12. g17 r3 o7[-W]`).

mod course;
mod json;
mod landing;
mod movement;
mod notation;
mod players;
mod render;
mod score;
mod setup;

pub use course::{DEFAULT_COURSE, Kind};
pub use notation::{Choice, Flower, LotusMove};
pub use setup::{DEFAULT_FLOWERS, random_flowers};

use course::Square;
use landing::Landing;
use players::{MAX_PLAYERS, Players};

use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};

/// The most pawns a game has: five players with three each.
const MAX_PAWNS: usize = 15;

/// The longest course, start square included, whose free squares fit the
/// bits of a `u64`.
const SHORT_COURSE_SQUARES: usize = 64;

/// A frog pawn: its owner and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
///
/// Everything but the names and the course lies in fixed arrays sized for
/// six players, so a position costs three allocations (with its box) and a
/// move none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lotus {
    players: Players,
    /// Square 0 (start) to N: the kind, the flower lying there, the pawn.
    squares: Vec<Square>,
    /// The `Flowers` tag, for the setup tags.
    flowers: setup::Flowers,
    /// The pawns by owner in turn order; only the first `pawn_count` play.
    pawn_slots: [Pawn; MAX_PAWNS],
    /// How many pawns play.
    pawn_count: u8,
    /// How many pawns each player has: 3, or 2 with six players.
    per_player: u8,
    /// The pawns on the start square, one bit per pawn index.
    on_start: u16,
    /// The free course squares, one bit per square (bit 0, the start, stays
    /// clear); it answers "the Nth free square" on short courses only
    /// ([`Lotus::is_short`]), longer ones are scanned.
    free: u64,
    /// The lowest position of any pawn: only pawns there are last.
    rearmost: u16,
    /// The flowers still lying on the arrival places.
    arrival: [Option<Flower>; 4],
    /// Pawns in the arrival.
    arrived: u16,
    /// Every player's flowers, counted by colour (empty for absent players).
    hands: [[u8; 5]; MAX_PLAYERS],
    /// The colours each hand holds, one bit per colour ([`Flower::bit`]).
    held: [u8; MAX_PLAYERS],
    /// The turn number from 1.
    turn: u32,
    /// The player whose turn it is: `(turn - 1) % players`.
    mover: u8,
    /// Pawn moves made in this turn (0-2).
    step: u8,
    /// The pawns moved in this turn, one bit per pawn index.
    moved: u16,
    /// How many of them are the mover's own.
    own_moved: u8,
    /// Place 4 is taken.
    finished: bool,
}

fn illegal<T>(message: impl Into<String>) -> Result<T, LotusError> {
    Err(LotusError(message.into()))
}

impl Lotus {
    /// The last course square, N.
    fn end(&self) -> u16 {
        (self.squares.len() - 1) as u16
    }

    /// Whether every course square has a bit in `free`.
    fn is_short(&self) -> bool {
        self.squares.len() <= SHORT_COURSE_SQUARES
    }

    /// The player whose turn it is.
    fn mover(&self) -> u8 {
        self.mover
    }

    fn name(&self, player: u8) -> &str {
        self.players.name(player)
    }

    /// The pawns in the game, by owner in turn order.
    fn pawns(&self) -> &[Pawn] {
        &self.pawn_slots[..usize::from(self.pawn_count)]
    }

    /// The hands of the players in the game, in turn order.
    fn hands(&self) -> &[[u8; 5]] {
        &self.hands[..self.players.count()]
    }

    /// Every player's current score, in turn order.
    fn score_values(&self) -> impl Iterator<Item = i32> + '_ {
        self.hands().iter().map(score::score)
    }

    /// Every player's current score, ranked as [`crate::game::rank`] ranks
    /// them, built without an intermediate list of names.
    fn ranked_scores(&self) -> Vec<crate::game::Score> {
        let mut scores = [0; MAX_PLAYERS];
        for (slot, score) in scores.iter_mut().zip(self.score_values()) {
            *slot = score;
        }
        let scores = &scores[..self.players.count()];
        self.players
            .names()
            .zip(scores)
            .map(|(name, &score)| crate::game::Score {
                player: name.to_owned(),
                score,
                place: 1 + scores.iter().filter(|&&s| s > score).count(),
            })
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

    #[inline(always)]
    fn parse_move(&self, text: &str) -> Result<LotusMove, LotusError> {
        notation::parse(text, |letter| self.players.seat(letter)).map_err(LotusError)
    }

    fn check(&self, mv: &LotusMove) -> Result<(), LotusError> {
        self.resolve(mv).map(|_| ())
    }

    fn apply(&mut self, mv: &LotusMove) {
        // An illegal move changes nothing, as `apply` asks.
        let _ = self.check_and_play(mv);
    }

    #[inline(always)]
    fn check_and_apply(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        self.check_and_play(mv)
    }

    fn legal_moves(&self) -> Vec<LotusMove> {
        let mut moves = Vec::new();
        if self.finished {
            return moves;
        }
        let owes_other = self.owes_other();
        let mover = self.mover();
        for (index, pawn) in self.pawns().iter().enumerate() {
            let first_at_start = self.pawns()[..index]
                .iter()
                .all(|p| !(p.pos == 0 && p.owner == pawn.owner));
            if pawn.pos > self.end()
                || self.moved_this_turn(index)
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
                    letter: self.players.letter(pawn.owner),
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
        Some(self.ranked_scores())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.finished {
            return None;
        }
        let scores = self.ranked_scores();
        let mut tag_value = String::with_capacity(8 * scores.len());
        for (score, &letter) in scores.iter().zip(self.players.letters()) {
            if !tag_value.is_empty() {
                tag_value.push(' ');
            }
            tag_value.push(char::from(letter));
            tag_value.push(':');
            score::push_decimal(&mut tag_value, score.score);
        }
        let mut leaders = scores.iter().filter(|s| s.place == 1);
        let winner = match (leaders.next(), leaders.next()) {
            (Some(leader), None) => Some(leader.player.clone().into()),
            _ => None,
        };
        Some(Outcome {
            token: None,
            tag_value: tag_value.into(),
            winner,
            reason: "place 4 taken".into(),
            scores: Some(scores),
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
            ("Players".to_owned(), self.players.joined()),
            ("Flowers".to_owned(), self.flowers.value()),
        ];
        let course = course::value(&self.squares);
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
