//! Mana (Claude Leroy): the referee of rules.md §1.

mod notation;
mod setup;

pub use notation::ManaMove;
#[allow(unused_imports)] // for Escampe, which reads moves the same way
pub(crate) use notation::{square_at, step_at};

use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};
use crate::games::lines::{self, Bits, Cell, bit, kind_name, lines, reach, square_name, squares};
use serde_json::json;

/// A side of a two-player line-board game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Black, who moves first in Mana.
    Black,
    /// White.
    White,
}

impl Side {
    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// `Black` or `White`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The result token of a win by this side.
    pub fn token(self) -> &'static str {
        match self {
            Side::Black => "B+",
            Side::White => "W+",
        }
    }
}

/// Where the Mana bird is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bird {
    /// Off the board: the next move is unconstrained.
    Off,
    /// On some square with this many lines; the record did not say which.
    Lines(u8),
    /// On this square.
    At(usize),
}

/// Why a Mana move is illegal (or not a move at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ManaError(String);

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
            bird: Bird::Off,
            winner: None,
            plies: 0,
        }
    }

    fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    fn side_at(&self, square: usize) -> Option<Side> {
        [Side::Black, Side::White]
            .into_iter()
            .find(|s| self.men[s.index()] & bit(square) != 0)
    }

    fn piece_letter(&self, square: usize) -> Option<char> {
        let side = self.side_at(square)?;
        let letter = if self.daimyo & bit(square) != 0 {
            'D'
        } else {
            'R'
        };
        Some(if side == Side::Black {
            letter
        } else {
            letter.to_ascii_lowercase()
        })
    }

    fn captured_ronins(&self, side: Side) -> u32 {
        5u32.saturating_sub((self.men[side.index()] & !self.daimyo).count_ones())
    }

    fn bird_lines(&self) -> Option<u8> {
        match self.bird {
            Bird::Off => None,
            Bird::Lines(n) => Some(n),
            Bird::At(square) => Some(lines(square)),
        }
    }

    fn bird_square(&self) -> Option<usize> {
        match self.bird {
            Bird::At(square) => Some(square),
            _ => None,
        }
    }

    /// The squares the piece on `from` can move to.
    fn targets(&self, from: usize) -> Bits {
        reach(from, self.occupied()) & !self.men[self.to_move.index()]
    }

    /// The mover's pieces on squares with `n` lines that can move.
    fn movable_on(&self, n: Option<u8>) -> bool {
        let mine = self.men[self.to_move.index()];
        let pieces = match n {
            Some(n) => mine & lines::squares_with_lines(n),
            None => mine,
        };
        squares(pieces).any(|from| self.targets(from) != 0)
    }

    /// Whether the mover may re-enter a Ronin (ignoring whether he has one).
    fn may_reenter(&self) -> bool {
        !self.movable_on(self.bird_lines())
    }

    fn illegal<T>(message: impl Into<String>) -> Result<T, ManaError> {
        Err(ManaError(message.into()))
    }

    fn check_step(&self, from: usize, to: usize, capture: bool) -> Result<(), ManaError> {
        let me = self.to_move;
        match self.side_at(from) {
            None => {
                return Self::illegal(format!(
                    "no piece of the side to move there: {} is empty",
                    square_name(from)
                ));
            }
            Some(side) if side != me => {
                return Self::illegal(format!(
                    "no piece of the side to move there: {} holds a {} piece",
                    square_name(from),
                    side.name()
                ));
            }
            Some(_) => {}
        }
        if self.men[me.index()] & bit(to) != 0 {
            return Self::illegal(format!(
                "the piece cannot reach that square: {} holds one of your own pieces",
                square_name(to)
            ));
        }
        if reach(from, self.occupied()) & bit(to) == 0 {
            return Self::illegal(format!(
                "the piece cannot reach that square: {}",
                lines::unreachable_reason(from, to)
            ));
        }
        if let Some(n) = self.bird_lines() {
            if lines(from) != n && self.movable_on(Some(n)) {
                return Self::illegal(format!(
                    "disobeys the bird: it stands on a {} square, and a piece of yours on a {} square can move",
                    kind_name(n),
                    kind_name(n)
                ));
            }
        }
        if capture && self.occupied() & bit(to) == 0 {
            return Self::illegal(format!("x on a non-capture: {} is empty", square_name(to)));
        }
        Ok(())
    }

    fn check_enter(&self, to: usize) -> Result<(), ManaError> {
        if self.captured_ronins(self.to_move) == 0 {
            return Self::illegal("re-entry not allowed here: you have no captured Ronin");
        }
        if self.occupied() & bit(to) != 0 {
            return Self::illegal(format!(
                "re-entry not allowed here: {} is occupied",
                square_name(to)
            ));
        }
        if !self.may_reenter() {
            return Self::illegal(match self.bird_lines() {
                Some(n) => format!("re-entry not allowed here: a piece of yours on a {} square can move, so the bird must be obeyed", kind_name(n)),
                None => "re-entry not allowed here: the bird is off the board and a piece of yours can move".to_owned(),
            });
        }
        Ok(())
    }

    /// Checks the bird's square for a piece landing on `to`.
    fn check_bird(
        &self,
        from: Option<usize>,
        to: usize,
        bird: Option<usize>,
    ) -> Result<(), ManaError> {
        let Some(bird) = bird else { return Ok(()) };
        let after = (self.occupied() & !from.map_or(0, bit)) | bit(to);
        let n = lines(to);
        if lines(bird) != n {
            return Self::illegal(format!(
                "bad bird square: the bird goes on a {} square like {}, and {} is a {} square",
                kind_name(n),
                square_name(to),
                square_name(bird),
                kind_name(lines(bird))
            ));
        }
        let free = lines::squares_with_lines(n) & !after;
        if after & bit(bird) != 0 && !(free == 0 && bird == to) {
            return Self::illegal(format!(
                "bad bird square: a piece stands on {}",
                square_name(bird)
            ));
        }
        Ok(())
    }

    /// Where the bird goes after a piece lands on `to`.
    fn place_bird(&mut self, to: usize, bird: Option<usize>) {
        let n = lines(to);
        let free = lines::squares_with_lines(n) & !self.occupied();
        self.bird = match bird {
            Some(square) => Bird::At(square),
            None if free == 0 => Bird::At(to),
            None => Bird::Lines(n),
        };
    }
}

impl Game for Mana {
    type Move = ManaMove;
    type Error = ManaError;

    const KIND: GameKind = GameKind::Mana;
    const TAGS: &'static [&'static str] = &["Black", "White", "Setup", "Position"];
    const NUMBERING: Numbering = Numbering::Pairs;

    fn from_tags(tags: Tags<'_>) -> Result<Self, TagError> {
        setup::from_tags(tags)
    }

    fn parse_move(&self, text: &str) -> Result<ManaMove, ManaError> {
        text.parse().map_err(ManaError)
    }

    fn check(&self, mv: &ManaMove) -> Result<(), ManaError> {
        match *mv {
            ManaMove::Step {
                from,
                to,
                capture,
                bird,
            } => {
                self.check_step(from, to, capture)?;
                self.check_bird(Some(from), to, bird)
            }
            ManaMove::Enter { to, bird } => {
                self.check_enter(to)?;
                self.check_bird(None, to, bird)
            }
            ManaMove::Pass => {
                if self.movable_on(None) {
                    Self::illegal(
                        "a pass is allowed only with no legal action: a piece of yours can move",
                    )
                } else if self.captured_ronins(self.to_move) > 0 {
                    Self::illegal(
                        "a pass is allowed only with no legal action: you can re-enter a Ronin",
                    )
                } else {
                    Ok(())
                }
            }
        }
    }

    fn apply(&mut self, mv: &ManaMove) {
        let me = self.to_move.index();
        let them = self.to_move.other().index();
        match *mv {
            ManaMove::Step { from, to, bird, .. } => {
                if self.men[them] & bit(to) != 0 {
                    if self.daimyo & bit(to) != 0 {
                        self.winner = Some(self.to_move);
                    }
                    self.men[them] &= !bit(to);
                    self.daimyo &= !bit(to);
                }
                self.men[me] = (self.men[me] & !bit(from)) | bit(to);
                if self.daimyo & bit(from) != 0 {
                    self.daimyo = (self.daimyo & !bit(from)) | bit(to);
                }
                self.place_bird(to, bird);
            }
            ManaMove::Enter { to, bird } => {
                self.men[me] |= bit(to);
                self.place_bird(to, bird);
            }
            ManaMove::Pass => self.bird = Bird::Off,
        }
        self.to_move = self.to_move.other();
        self.plies += 1;
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
                    from,
                    to,
                    capture,
                    bird: None,
                });
            }
        }
        if self.captured_ronins(self.to_move) > 0 && self.may_reenter() {
            moves.extend(
                squares(!self.occupied() & ((1 << 36) - 1))
                    .map(|to| ManaMove::Enter { to, bird: None }),
            );
        }
        if moves.is_empty() {
            moves.push(ManaMove::Pass);
        }
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|side| Outcome {
            token: Some(side.token().to_owned()),
            tag_value: side.token().to_owned(),
            winner: Some(side.name().to_owned()),
            reason: "Daimyo captured".to_owned(),
            scores: None,
        })
    }

    fn turn(&self) -> Turn<'_> {
        Turn {
            number: self.plies / 2 + 1,
            opens: self.plies % 2 == 0,
            mover: self.to_move.name(),
        }
    }

    fn constraint(&self) -> Option<String> {
        let n = self.bird_lines()?;
        let place = self
            .bird_square()
            .map_or_else(String::new, |s| format!(" {}", square_name(s)));
        let obey = if self.movable_on(Some(n)) {
            format!("move a piece from a {} square", kind_name(n))
        } else {
            "no piece there can move: move any piece or re-enter a Ronin".to_owned()
        };
        Some(format!(
            "the bird is on{place}, a {} square: {obey}",
            kind_name(n)
        ))
    }

    fn render(&self, charset: Charset) -> String {
        let mut cells = [Cell::default(); 36];
        for (square, cell) in cells.iter_mut().enumerate() {
            cell.piece = self.piece_letter(square);
        }
        if let Some(square) = self.bird_square() {
            cells[square].mark = Some('@');
        }
        let mut footer = vec![format!(
            "Captured Ronins: Black {}, White {}",
            self.captured_ronins(Side::Black),
            self.captured_ronins(Side::White)
        )];
        match self.outcome() {
            Some(o) => footer.push(format!(
                "{} wins: {}",
                o.winner.unwrap_or_default(),
                o.reason
            )),
            None => {
                footer.push(format!("{} to move", self.to_move.name()));
                footer.push(
                    self.constraint().unwrap_or_else(|| {
                        "the bird is off the board: any piece may move".to_owned()
                    }),
                );
            }
        }
        lines::render(&cells, charset, &footer)
    }

    fn position_json(&self) -> serde_json::Value {
        json!({
            "position": setup::position_value(self),
            "to_move": self.to_move.name().to_lowercase(),
            "bird": self.bird_square().map(square_name),
            "bird_lines": self.bird_lines(),
            "captured": {
                "black": self.captured_ronins(Side::Black),
                "white": self.captured_ronins(Side::White),
            },
        })
    }

    fn describe(&self, mv: &ManaMove) -> MoveDetail {
        let mut normal = *mv;
        let parts = match mv {
            ManaMove::Step { from, to, bird, .. } => {
                let capture = self.occupied() & bit(*to) != 0;
                normal = ManaMove::Step {
                    from: *from,
                    to: *to,
                    capture,
                    bird: *bird,
                };
                json!({"kind": "move", "from": square_name(*from), "to": square_name(*to), "capture": capture, "bird": bird.map(square_name)})
            }
            ManaMove::Enter { to, bird } => {
                json!({"kind": "reentry", "to": square_name(*to), "bird": bird.map(square_name)})
            }
            ManaMove::Pass => json!({"kind": "pass"}),
        };
        MoveDetail {
            normalized: normal.to_string(),
            parts,
        }
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        vec![("Position".to_owned(), setup::position_value(self))]
    }
}

impl Mana {
    /// The standard start position with the Daimyos on the given squares.
    ///
    /// # Errors
    /// The `Setup` value is wrong.
    pub fn with_setup(setup: &str) -> Result<Self, TagError> {
        let tags = [crate::record::Tag {
            name: "Setup".to_owned(),
            value: setup.to_owned(),
            offset: 0,
        }];
        setup::from_tags(Tags::new(&tags))
    }
}

#[cfg(test)]
mod tests;
