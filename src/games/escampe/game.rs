//! The Escampe position and its rules.

use super::notation::EscampeMove;
use super::setup;
use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};
use crate::games::lines::Side;
use crate::games::lines::{
    self, Bits, Cell, bit, can_reach, kind_name, lines, reach, square_name, squares,
};
use serde_json::json;

/// Why an Escampe move is illegal (or not a move at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EscampeError(String);

/// An Escampe position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Escampe {
    /// Each side's pieces, indexed by [`Side::index`].
    pub(super) men: [Bits; 2],
    /// The squares of the two Unicorns.
    pub(super) unicorn: Bits,
    /// The side to move.
    pub(super) to_move: Side,
    /// The number of lines the next move must start from, if any.
    pub(super) constraint: Option<u8>,
    /// Where the opponent's last move ended, when the record shows it.
    last: Option<u8>,
    winner: Option<Side>,
    plies: u32,
}

impl Escampe {
    /// An empty board with `to_move` to play, unconstrained.
    pub(super) fn empty(to_move: Side) -> Self {
        Self {
            men: [0; 2],
            unicorn: 0,
            to_move,
            constraint: None,
            last: None,
            winner: None,
            // Move numbers count White's move first: Black to move opens with `1...`.
            plies: u32::from(to_move == Side::Black),
        }
    }

    fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    fn side_at(&self, square: usize) -> Option<Side> {
        lines::side_at(&self.men, square)
    }

    fn is_unicorn(&self, square: usize) -> bool {
        self.unicorn & bit(square) != 0
    }

    /// The piece letter on `square`: upper case White, lower case Black.
    pub(super) fn piece_letter(&self, square: usize) -> Option<char> {
        let side = self.side_at(square)?;
        let letter = if self.is_unicorn(square) { 'U' } else { 'P' };
        Some(if side == Side::White {
            letter
        } else {
            letter.to_ascii_lowercase()
        })
    }

    /// The squares the piece on `from` can end on: empty squares, and the
    /// opponent's Unicorn for a Paladin.
    fn targets(&self, from: usize) -> Bits {
        let them = self.men[self.to_move.other().index()];
        let prey = if self.is_unicorn(from) {
            0
        } else {
            them & self.unicorn
        };
        reach(from, self.occupied()) & (!self.occupied() | prey)
    }

    /// The mover's pieces that the constraint lets move.
    fn allowed(&self) -> Bits {
        let mine = self.men[self.to_move.index()];
        self.constraint
            .map_or(mine, |n| mine & lines::squares_with_lines(n))
    }

    /// The first legal step, if any.
    fn first_step(&self) -> Option<EscampeMove> {
        squares(self.allowed()).find_map(|from| {
            squares(self.targets(from))
                .next()
                .map(|to| EscampeMove::Step {
                    from: from as u8,
                    to: to as u8,
                    capture: self.occupied() & bit(to) != 0,
                })
        })
    }

    fn illegal<T>(message: impl Into<String>) -> Result<T, EscampeError> {
        Err(EscampeError(message.into()))
    }

    /// Whether the step `from`-`to` is legal: [`Escampe::check_step`]
    /// without the words, for the common case of a legal move.
    #[inline]
    fn is_legal_step(&self, from: usize, to: usize, capture: bool) -> bool {
        let mine = self.men[self.to_move.index()];
        let occupied = self.occupied();
        let lands_well = if occupied & bit(to) != 0 {
            // Only a Paladin takes, and only the Unicorn.
            self.is_unicorn(to) && !self.is_unicorn(from)
        } else {
            !capture
        };
        mine & bit(from) != 0
            && mine & bit(to) == 0
            && can_reach(from, to, occupied)
            && self.constraint.is_none_or(|n| lines(from) == n)
            && lands_well
    }

    /// Checks and plays the step `from`-`to`.
    #[inline]
    fn step(&mut self, from: usize, to: usize, capture: bool) -> Result<(), EscampeError> {
        if !self.is_legal_step(from, to, capture) {
            return self.check_then_step(from, to, capture);
        }
        self.play_step(from, to);
        Ok(())
    }

    /// [`Escampe::step`] for a step that [`Escampe::is_legal_step`]
    /// refused: says why.
    #[cold]
    #[inline(never)]
    fn check_then_step(
        &mut self,
        from: usize,
        to: usize,
        capture: bool,
    ) -> Result<(), EscampeError> {
        self.check_step(from, to, capture)?;
        self.play_step(from, to);
        Ok(())
    }

    /// Plays the checked step `from`-`to`: taking the Unicorn wins.
    #[inline]
    fn play_step(&mut self, from: usize, to: usize) {
        let (me, them) = (self.to_move.index(), self.to_move.other().index());
        if self.men[them] & bit(to) != 0 {
            if self.is_unicorn(to) {
                self.winner = Some(self.to_move);
            }
            self.men[them] &= !bit(to);
            self.unicorn &= !bit(to);
        }
        self.men[me] ^= bit(from) | bit(to);
        if self.is_unicorn(from) {
            self.unicorn ^= bit(from) | bit(to);
        }
        self.constraint = Some(lines(to));
        self.last = Some(to as u8);
        self.end_ply();
    }

    /// Hands the move to the other side.
    fn end_ply(&mut self) {
        self.to_move = self.to_move.other();
        self.plies += 1;
    }

    fn check_step(&self, from: usize, to: usize, capture: bool) -> Result<(), EscampeError> {
        lines::check_start(&self.men, self.to_move, from, to).map_err(EscampeError)?;
        if let Some(n) = self.constraint {
            if lines(from) != n {
                return Err(self.breaks_constraint(n, from));
            }
        }
        if self.occupied() & bit(to) != 0 {
            let wrong_prey = !self.is_unicorn(to) || self.is_unicorn(from);
            if wrong_prey {
                return Err(self.forbidden_capture(from, to));
            }
        } else if capture {
            return Err(false_capture(to));
        }
        Ok(())
    }

    /// Why a move from `from` breaks the constraint of `n` lines, in words.
    #[cold]
    fn breaks_constraint(&self, n: u8, from: usize) -> EscampeError {
        let me = self.to_move;
        let cause = self.last.map_or_else(String::new, |last| {
            format!(
                " ({}'s last move ended on {})",
                me.other().name(),
                square_name(usize::from(last))
            )
        });
        EscampeError(format!(
            "breaks the line constraint: {} must move a piece from a {} square{cause}, and {} is a {} square",
            me.name(),
            kind_name(n),
            square_name(from),
            kind_name(lines(from))
        ))
    }

    /// Why the piece on `from` may not take the piece on `to`, in words:
    /// only a Paladin takes, and only the Unicorn.
    #[cold]
    fn forbidden_capture(&self, from: usize, to: usize) -> EscampeError {
        let side = self.side_at(to).map_or("", Side::name);
        EscampeError(if self.is_unicorn(to) {
            format!(
                "only a Paladin may take the Unicorn: the piece on {} is {}'s Unicorn, and {} holds {side}'s",
                square_name(from),
                self.to_move.name(),
                square_name(to),
            )
        } else {
            format!(
                "only the Unicorn may be taken: {} holds a {side} Paladin",
                square_name(to),
            )
        })
    }
}

impl Escampe {
    /// Checks a pass: only a player with no legal move may pass.
    // Rare: kept out of line so that a step stays small.
    #[inline(never)]
    fn check_pass(&self) -> Result<(), EscampeError> {
        match self.first_step() {
            Some(step) => Self::illegal(format!(
                "a pass is allowed only when no legal move exists: {step} is legal"
            )),
            None => Ok(()),
        }
    }

    /// Plays a pass: the next move is free.
    fn pass(&mut self) {
        self.constraint = None;
        self.last = None;
        self.end_ply();
    }
}

#[cold]
fn false_capture(to: usize) -> EscampeError {
    EscampeError(format!("x on a non-capture: {} is empty", square_name(to)))
}

impl Game for Escampe {
    type Move = EscampeMove;
    type Error = EscampeError;

    const KIND: GameKind = GameKind::Escampe;
    const TAGS: &'static [&'static str] = &["White", "Black", "Setup", "Position"];
    const NUMBERING: Numbering = Numbering::Pairs;

    fn from_tags(tags: Tags<'_>) -> Result<Self, TagError> {
        setup::from_tags(tags)
    }

    #[inline]
    fn parse_move(&self, text: &str) -> Result<EscampeMove, EscampeError> {
        text.parse().map_err(EscampeError)
    }

    /// A step, `b1-b3` or `c3xc5`: nearly every move.
    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(EscampeMove, usize)> {
        let (from, capture, to) = crate::games::lines::read_step(text.get(..5)?)?;
        Some((EscampeMove::Step { from, to, capture }, 5))
    }

    #[inline]
    fn check(&self, mv: &EscampeMove) -> Result<(), EscampeError> {
        match *mv {
            EscampeMove::Step { from, to, capture } => {
                self.check_step(usize::from(from), usize::from(to), capture)
            }
            EscampeMove::Pass => self.check_pass(),
        }
    }

    #[inline]
    fn apply(&mut self, mv: &EscampeMove) {
        match *mv {
            EscampeMove::Step { from, to, .. } => {
                self.play_step(usize::from(from), usize::from(to))
            }
            EscampeMove::Pass => self.pass(),
        }
    }

    #[inline]
    fn check_and_apply(&mut self, mv: &EscampeMove) -> Result<(), EscampeError> {
        match *mv {
            EscampeMove::Step { from, to, capture } => {
                self.step(usize::from(from), usize::from(to), capture)
            }
            EscampeMove::Pass => {
                self.check_pass()?;
                self.pass();
                Ok(())
            }
        }
    }

    fn legal_moves(&self) -> Vec<EscampeMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut moves: Vec<EscampeMove> = squares(self.allowed())
            .flat_map(|from| {
                squares(self.targets(from)).map(move |to| EscampeMove::Step {
                    from: from as u8,
                    to: to as u8,
                    capture: self.occupied() & bit(to) != 0,
                })
            })
            .collect();
        if moves.is_empty() {
            moves.push(EscampeMove::Pass);
        }
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|side| Outcome::win(side.token(), side.name(), "Unicorn captured"))
    }

    fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    fn turn(&self) -> Turn<'_> {
        Turn::of_pairs(self.plies, self.to_move.name())
    }

    fn constraint(&self) -> Option<String> {
        let n = self.constraint?;
        let mover = self.to_move.name();
        let mut text = format!("{mover} must move a piece from a {} square", kind_name(n));
        if self.winner.is_none() && self.first_step().is_none() {
            text.push_str(&format!("; none can move, so {mover} must pass"));
        }
        Some(text)
    }

    fn render(&self, charset: Charset) -> String {
        let mut cells = [Cell::default(); 36];
        for (square, cell) in cells.iter_mut().enumerate() {
            cell.piece = self.piece_letter(square);
        }
        let mut footer = Vec::new();
        match self.outcome() {
            Some(o) => footer.push(format!(
                "{} wins: {}",
                o.winner.unwrap_or_default(),
                o.reason
            )),
            None => {
                footer.push(format!("{} to move", self.to_move.name()));
                match self.constraint() {
                    Some(text) => {
                        for square in squares(self.allowed()) {
                            cells[square].mark = Some('*');
                        }
                        footer.push(text);
                        if let Some(last) = self.last {
                            footer.push(format!(
                                "{}'s last move ended on {}",
                                self.to_move.other().name(),
                                square_name(usize::from(last))
                            ));
                        }
                        if self.allowed() != 0 {
                            footer.push("* marks the pieces the constraint lets move".to_owned());
                        }
                    }
                    None => footer.push("no constraint: any piece may move".to_owned()),
                }
            }
        }
        lines::render(&cells, charset, &footer)
    }

    fn position_json(&self) -> serde_json::Value {
        json!({
            "position": setup::position_value(self),
            "to_move": self.to_move.name().to_lowercase(),
            "constraint": self.constraint,
            "last_landing": self.last.map(|square| square_name(usize::from(square))),
        })
    }

    fn describe(&self, mv: &EscampeMove) -> MoveDetail {
        let (normal, parts) = match *mv {
            EscampeMove::Step { from, to, .. } => {
                let capture = self.occupied() & bit(usize::from(to)) != 0;
                let name = |square: u8| square_name(usize::from(square));
                (
                    EscampeMove::Step { from, to, capture },
                    json!({"kind": "move", "from": name(from), "to": name(to), "capture": capture}),
                )
            }
            EscampeMove::Pass => (EscampeMove::Pass, json!({"kind": "pass"})),
        };
        MoveDetail {
            normalized: normal.to_string(),
            parts,
        }
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        vec![("Position".to_owned(), setup::position_value(self))]
    }

    /// Black picks an edge at random; each side fills six random squares of
    /// its two home ranks, Unicorn first.
    fn random_tags(rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
        let low: Vec<usize> = (0..12).collect();
        let high: Vec<usize> = (24..36).collect();
        let (black_ranks, white_ranks) = if rng.below(2) == 0 {
            (low, high)
        } else {
            (high, low)
        };
        let mut group = |mut squares: Vec<usize>| {
            rng.shuffle(&mut squares);
            squares[..6]
                .iter()
                .map(|&s| square_name(s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let white = group(white_ranks);
        let black = group(black_ranks);
        vec![("Setup".to_owned(), format!("{white} / {black}"))]
    }
}

impl Escampe {
    /// The start position of a `Setup` value (White's six squares, `/`,
    /// Black's six, Unicorn first).
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

    /// The position of a `Position` value.
    ///
    /// # Errors
    /// The `Position` value is wrong.
    pub fn with_position(position: &str) -> Result<Self, TagError> {
        let tags = [crate::record::Tag {
            name: "Position".to_owned(),
            value: position.to_owned(),
            offset: 0,
        }];
        setup::from_tags(Tags::new(&tags))
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
