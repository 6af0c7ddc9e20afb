//! Mana (Claude Leroy): the referee of the MANA section of kifu-rules(7).
//!
//! Its files, the same in every game's folder:
//! - `mod.rs`: the position `Mana`, with its bird, and its `Game` impl;
//! - `rules.rs`: a move's reach, the bird's obligation, re-entry, where
//!   the bird goes, and playing a checked step;
//! - `notation.rs`: the move `ManaMove`, its reader and its writer;
//! - `setup.rs`: the `Setup` and `Position` tags, read and checked into a
//!   start, and the tags a position writes;
//! - `position.rs`: the position and its moves as JSON;
//! - `fault.rs`: `ManaSyntax` and `ManaIllegal`, their codes and messages;
//! - `draw.rs`: the text board and the picture;
//! - `tests.rs`: the game's tests.

mod draw;
mod fault;
mod notation;
mod position;
mod rules;
mod setup;

pub use crate::games::lines::Side;
pub use fault::{ManaError, ManaIllegal, ManaSyntax};
pub use notation::ManaMove;
pub use crate::game::json::mana::{Captured, ManaParts, ManaPosition};
pub use setup::{BirdMark, ManaSetup};

use crate::game::{
    Game, GameKind, MoveDetail, Numbering, Outcome, Position, SetupError, Tags, Turn, Win,
};
use crate::games::lines::{self, Bits, bit, kind_name, lines, square_name, squares};
use crate::draw::Ended;

/// Where the Mana bird is: off the board, on some square of a known number
/// of lines (the record did not say which), or on a known square.
///
/// Kept as two bytes, so that the question every move asks, how many lines
/// the bird's square has, is one load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bird {
    /// The number of lines of the bird's square; 0 when the bird is off.
    lines: u8,
    /// The bird's square, or [`NOWHERE`] when the record did not say.
    at: u8,
}

/// No square: the bird's square is not known.
const NOWHERE: u8 = u8::MAX;

impl Bird {
    /// Off the board: the next move is unconstrained.
    const OFF: Bird = Bird {
        lines: 0,
        at: NOWHERE,
    };

    /// On this square.
    fn at(square: usize) -> Bird {
        Bird {
            lines: lines(square),
            at: square as u8,
        }
    }

    /// On some square with `n` lines; the record did not say which.
    fn on_lines(n: u8) -> Bird {
        Bird {
            lines: n,
            at: NOWHERE,
        }
    }

    /// The bird's square, when it is known.
    fn square(self) -> Option<usize> {
        (self.at != NOWHERE).then_some(usize::from(self.at))
    }
}

/// A Mana position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mana {
    men: [Bits; 2],
    daimyo: Bits,
    to_move: Side,
    bird: Bird,
    winner: Option<Side>,
    plies: u32,
}

impl Mana {
    fn empty(to_move: Side) -> Self {
        Self {
            men: [0; 2],
            daimyo: 0,
            to_move,
            bird: Bird::OFF,
            winner: None,
            plies: 0,
        }
    }

    fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    fn piece_letter(&self, square: usize) -> Option<char> {
        setup::piece_letter(self, square)
    }

    /// The lines under the board: captures, who moves or won (or how the
    /// game `ended` off the board), the bird.
    fn footer(&self, ended: Option<Ended<'_>>) -> Vec<String> {
        let captured = format!(
            "Captured Ronins: Black {}, White {}",
            self.captured_ronins(Side::Black),
            self.captured_ronins(Side::White)
        );
        let status = match ended {
            Some(ended) => ended.status(),
            None => lines::status(self.outcome().as_ref(), self.to_move),
        };
        let mut footer = vec![captured, status];
        if !self.is_over() && ended.is_none() {
            footer.push(
                self.constraint()
                    .unwrap_or_else(|| "the bird is off the board: any piece may move".to_owned()),
            );
        }
        footer
    }

    fn captured_ronins(&self, side: Side) -> u32 {
        5u32.saturating_sub((self.men[side.index()] & !self.daimyo).count_ones())
    }

    fn bird_lines(&self) -> Option<u8> {
        (self.bird.lines != 0).then_some(self.bird.lines)
    }

    fn bird_square(&self) -> Option<usize> {
        self.bird.square()
    }

    /// The pieces and the bird's number of lines, as the engine's
    /// evaluation and the hash see them.
    pub fn pieces(&self) -> lines::Pieces {
        lines::Pieces {
            men: self.men,
            leaders: self.daimyo,
            to_move: self.to_move,
            constraint: self.bird_lines(),
        }
    }
}

impl Game for Mana {
    type Move = ManaMove;
    type Error = ManaError;
    type Setup = ManaSetup;

    const KIND: GameKind = GameKind::Mana;
    const TAGS: &'static [&'static str] = &["Black", "White", "Setup", "Position"];
    const SETUP_TAGS: &'static [&'static str] = &["Setup", "Position"];
    const NUMBERING: Numbering = Numbering::Pairs;
    const WINS: &'static [Win] = &[Side::Black.win(), Side::White.win()];
    const CODES: &'static [&'static str] = &[
        "mana.not-a-square",
        "mana.no-separator",
        "mana.trailing-text",
        "mana.after-bird",
        "mana.not-a-ronin",
        "mana.empty-square",
        "mana.opponents-piece",
        "mana.onto-own-piece",
        "mana.too-far",
        "mana.path-blocked",
        "mana.false-capture",
        "mana.disobeys-bird",
        "mana.pass-with-a-move",
        "mana.pass-with-a-ronin",
        "mana.no-captured-ronin",
        "mana.entry-occupied",
        "mana.entry-while-a-piece-moves",
        "mana.bird-wrong-kind",
        "mana.bird-on-piece",
        "mana.setup-and-position",
        "mana.setup-words",
        "mana.daimyo-square",
        "mana.position-words",
        "mana.side-to-move",
        "mana.board-ranks",
        "mana.rank-width",
        "mana.not-a-piece",
        "mana.daimyo-count",
        "mana.ronin-count",
        "mana.bird-square",
        "mana.bird-on-occupied",
    ];

    fn read_setup(tags: Tags<'_>) -> Result<ManaSetup, SetupError> {
        setup::read(tags)
    }

    fn from_setup(setup: ManaSetup) -> Result<Self, SetupError> {
        setup::check(setup)
    }

    #[inline]
    fn read_move(&self, text: &[u8]) -> Result<ManaMove, ManaError> {
        ManaMove::read(text).map_err(ManaError::Syntax)
    }

    /// A step with no bird, `b1-b3` or `c3xc5`: nearly every move, read by
    /// the step reader of [`ManaMove::read`].
    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(ManaMove, usize)> {
        let (from, capture, to) = lines::read_step(text).ok()?;
        let step = ManaMove::Step {
            from,
            to,
            capture,
            bird: None,
        };
        Some((step, 5))
    }

    #[inline]
    fn check(&self, mv: &ManaMove) -> Result<(), ManaError> {
        self.check_move(mv).map_err(ManaError::Illegal)
    }

    #[inline]
    fn apply(&mut self, mv: &ManaMove) {
        match *mv {
            ManaMove::Step { from, to, bird, .. } => {
                self.move_piece(usize::from(from), usize::from(to));
                self.place_bird(usize::from(to), bird.map(usize::from));
            }
            ManaMove::Enter { to, bird } => {
                self.put_back(usize::from(to), bird.map(usize::from));
            }
            ManaMove::Pass => self.bird = Bird::OFF,
        }
        self.end_ply();
    }

    /// Checks and plays a plain step or re-entry (no bird written), nearly
    /// every move of a record, in one go; any other move is checked, then
    /// applied.
    #[inline]
    fn check_and_apply(&mut self, mv: &ManaMove) -> Result<(), ManaError> {
        match *mv {
            ManaMove::Step {
                from,
                to,
                capture,
                bird: None,
            } => lines::check_and_play(self, usize::from(from), usize::from(to), capture),
            ManaMove::Enter { to, bird: None } => self.reenter(usize::from(to)),
            other => self.check_and_apply_other(other),
        }
        .map_err(ManaError::Illegal)
    }

    fn legal_moves(&self) -> Vec<ManaMove> {
        let mut moves = Vec::new();
        if self.winner.is_some() {
            return moves;
        }
        let mine = self.men[self.to_move.index()];
        let obeying = self
            .bird_lines()
            .filter(|&n| self.movable_on(Some(n)))
            .map_or(mine, |n| mine & lines::squares_with_lines(n));
        for from in squares(obeying) {
            for to in squares(self.targets(from)) {
                let capture = self.occupied() & bit(to) != 0;
                moves.push(ManaMove::Step {
                    from: from as u8,
                    to: to as u8,
                    capture,
                    bird: None,
                });
            }
        }
        if self.captured_ronins(self.to_move) > 0 && self.may_reenter() {
            moves.extend(
                squares(!self.occupied() & ((1 << 36) - 1)).map(|to| ManaMove::Enter {
                    to: to as u8,
                    bird: None,
                }),
            );
        }
        if moves.is_empty() {
            moves.push(ManaMove::Pass);
        }
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|side| Outcome::win(side.win(), "Daimyo captured"))
    }

    fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    fn zobrist(&self) -> Option<u64> {
        Some(self.pieces().zobrist())
    }

    fn turn(&self) -> Turn<'_> {
        Turn::of_pairs(self.plies, self.to_move.name())
    }

    fn players(&self) -> Vec<&str> {
        vec![Side::Black.name(), Side::White.name()]
    }

    fn constraint(&self) -> Option<String> {
        let n = self.bird_lines()?;
        let kind = kind_name(n);
        // A move written without the bird's square tells only its kind.
        let place = match self.bird_square() {
            Some(s) => format!("on {}, a {kind} square", square_name(s)),
            None => format!("on one of the {kind} squares (which one does not matter)"),
        };
        let obey = if self.movable_on(Some(n)) {
            format!("move a piece from a {kind} square")
        } else {
            "no piece there can move: move any piece or re-enter a Ronin".to_owned()
        };
        Some(format!("the bird is {place}: {obey}"))
    }

    fn position_json(&self) -> Position {
        position::position(self)
    }

    fn describe(&self, mv: &ManaMove) -> MoveDetail {
        position::describe(self, mv)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        match setup::setup_value(self) {
            Some(value) => vec![("Setup".to_owned(), value)],
            None => vec![("Position".to_owned(), setup::position_value(self))],
        }
    }

    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> {
        let files = ['b', 'c', 'f'];
        let black = files[rng.below(3)];
        let white = files[rng.below(3)];
        vec![("Setup".to_owned(), format!("{black}1 {white}6"))]
    }
}

impl Mana {
    /// [`Game::check_and_apply`] for any move but a plain step or re-entry.
    // The move is taken by value: a reference would make the caller keep
    // every move in memory.
    #[inline(never)]
    fn check_and_apply_other(&mut self, mv: ManaMove) -> Result<(), ManaIllegal> {
        self.check_move(&mv)?;
        self.apply(&mv);
        Ok(())
    }

    /// The standard start position with the Daimyos on the given squares.
    ///
    /// # Errors
    /// The `Setup` value is wrong.
    pub fn with_setup(setup: &str) -> Result<Self, SetupError> {
        let tags = [crate::record::Tag {
            name: "Setup".into(),
            value: setup.into(),
            offset: 0,
        }];
        Self::from_tags(Tags::new(&tags))
    }
}

#[cfg(test)]
mod tests;
