//! Mana's rules for one move: reach, the bird's obligation, re-entry and
//! where the bird goes.

use super::{Bird, Mana, ManaError};
use crate::games::lines::{self, Bits, bit, kind_name, lines, reach, square_name, squares};

impl Mana {
    /// The squares the piece on `from` can move to.
    pub(super) fn targets(&self, from: usize) -> Bits {
        reach(from, self.occupied()) & !self.men[self.to_move.index()]
    }

    /// The mover's pieces on squares with `n` lines that can move.
    pub(super) fn movable_on(&self, n: Option<u8>) -> bool {
        let mine = self.men[self.to_move.index()];
        let pieces = match n {
            Some(n) => mine & lines::squares_with_lines(n),
            None => mine,
        };
        squares(pieces).any(|from| self.targets(from) != 0)
    }

    /// Whether the mover may re-enter a Ronin (ignoring whether he has one).
    pub(super) fn may_reenter(&self) -> bool {
        !self.movable_on(self.bird_lines())
    }

    pub(super) fn illegal<T>(message: impl Into<String>) -> Result<T, ManaError> {
        Err(ManaError(message.into()))
    }

    pub(super) fn check_step(
        &self,
        from: usize,
        to: usize,
        capture: bool,
    ) -> Result<(), ManaError> {
        lines::check_start(&self.men, self.to_move, from, to).map_err(ManaError)?;
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

    pub(super) fn check_enter(&self, to: usize) -> Result<(), ManaError> {
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
    pub(super) fn check_bird(
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
    pub(super) fn place_bird(&mut self, to: usize, bird: Option<usize>) {
        let n = lines(to);
        let free = lines::squares_with_lines(n) & !self.occupied();
        self.bird = match bird {
            Some(square) => Bird::At(square),
            None if free == 0 => Bird::At(to),
            None => Bird::Lines(n),
        };
    }
}
