//! Mana's rules for one move: reach, the bird's obligation, re-entry,
//! where the bird goes, and playing a checked step.

use super::{Bird, Mana, ManaError};
use crate::games::lines::{
    self, Bits, bit, can_reach, kind_name, lines, reach, square_name, squares,
};

impl Mana {
    /// The squares the piece on `from` can move to.
    pub(super) fn targets(&self, from: usize) -> Bits {
        reach(from, self.occupied()) & !self.men[self.to_move.index()]
    }

    /// The mover's pieces on squares with `n` lines that can move.
    #[inline(never)]
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

    /// Whether the step `from`-`to` is legal: [`Mana::check_step`] without
    /// the words, for the common case of a legal move.
    #[inline]
    pub(super) fn is_legal_step(&self, from: usize, to: usize, capture: bool) -> bool {
        let mine = self.men[self.to_move.index()];
        let occupied = self.occupied();
        let n = self.bird.lines;
        mine & bit(from) != 0
            && mine & bit(to) == 0
            && can_reach(from, to, occupied)
            && (n == 0 || lines(from) == n || !self.movable_on(Some(n)))
            && (!capture || occupied & bit(to) != 0)
    }

    pub(super) fn check_step(
        &self,
        from: usize,
        to: usize,
        capture: bool,
    ) -> Result<(), ManaError> {
        lines::check_start(&self.men, self.to_move, from, to).map_err(ManaError)?;
        // A piece on a square of the bird's kind obeys; any other piece
        // may move only when none of those can.
        let n = self.bird.lines;
        if n != 0 && lines(from) != n && self.movable_on(Some(n)) {
            return Err(disobeys_bird(n));
        }
        if capture && self.occupied() & bit(to) == 0 {
            return Err(false_capture(to));
        }
        Ok(())
    }

    /// Checks a pass: only a player with no legal action may pass.
    // Rare: kept out of line so that `check` stays small for a step.
    #[inline(never)]
    pub(super) fn check_pass(&self) -> Result<(), ManaError> {
        if self.movable_on(None) {
            Self::illegal("a pass is allowed only with no legal action: a piece of yours can move")
        } else if self.captured_ronins(self.to_move) > 0 {
            Self::illegal("a pass is allowed only with no legal action: you can re-enter a Ronin")
        } else {
            Ok(())
        }
    }

    /// Checks a re-entry on `to` and the bird's square it names.
    // Rare: kept out of line so that `check` stays small for a step.
    #[inline(never)]
    pub(super) fn check_entry(&self, to: usize, bird: Option<usize>) -> Result<(), ManaError> {
        self.check_enter(to)?;
        self.check_bird(None, to, bird)
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

    /// Checks the bird's square, when the move names one, for a piece
    /// landing on `to`.
    #[inline]
    pub(super) fn check_bird(
        &self,
        from: Option<usize>,
        to: usize,
        bird: Option<usize>,
    ) -> Result<(), ManaError> {
        match bird {
            None => Ok(()),
            Some(bird) => self.check_bird_square(from, to, bird),
        }
    }

    /// Checks that `bird` may take the bird after a piece lands on `to`.
    #[inline(never)]
    fn check_bird_square(
        &self,
        from: Option<usize>,
        to: usize,
        bird: usize,
    ) -> Result<(), ManaError> {
        let after = (self.occupied() & !from.map_or(0, bit)) | bit(to);
        let n = lines(to);
        if lines(bird) != n {
            return Err(bird_of_another_kind(to, bird));
        }
        let free = lines::squares_with_lines(n) & !after;
        if after & bit(bird) != 0 && !(free == 0 && bird == to) {
            return Err(bird_on_a_piece(bird));
        }
        Ok(())
    }

    /// Moves the mover's piece from `from` to `to`, taking what stands
    /// there: taking the Daimyo wins.
    #[inline]
    pub(super) fn move_piece(&mut self, from: usize, to: usize) {
        let (me, them) = (self.to_move.index(), self.to_move.other().index());
        if self.men[them] & bit(to) != 0 {
            if self.daimyo & bit(to) != 0 {
                self.winner = Some(self.to_move);
            }
            self.men[them] &= !bit(to);
            self.daimyo &= !bit(to);
        }
        self.men[me] ^= bit(from) | bit(to);
        if self.daimyo & bit(from) != 0 {
            self.daimyo ^= bit(from) | bit(to);
        }
    }

    /// Puts a captured Ronin of the mover back on `to`, the bird on `bird`
    /// or where [`Mana::place_bird`] puts it.
    pub(super) fn put_back(&mut self, to: usize, bird: Option<usize>) {
        self.men[self.to_move.index()] |= bit(to);
        self.place_bird(to, bird);
    }

    /// Where the bird goes after a piece lands on `to`: on `bird` when the
    /// move names it, else on some free square of `to`'s kind, or on the
    /// piece itself when none is free.
    #[inline]
    pub(super) fn place_bird(&mut self, to: usize, bird: Option<usize>) {
        let free = lines::same_kind(to) & !self.occupied();
        self.bird = match bird {
            Some(square) => Bird::at(square),
            None if free == 0 => Bird::at(to),
            None => Bird::on_lines(lines(to)),
        };
    }
}

// The messages of the checks above, built only when a move is refused and
// kept out of the checks so that the common case, a legal move, stays small.

#[cold]
fn disobeys_bird(n: u8) -> ManaError {
    ManaError(format!(
        "disobeys the bird: it stands on a {} square, and a piece of yours on a {} square can move",
        kind_name(n),
        kind_name(n)
    ))
}

#[cold]
fn false_capture(to: usize) -> ManaError {
    ManaError(format!("x on a non-capture: {} is empty", square_name(to)))
}

#[cold]
fn bird_of_another_kind(to: usize, bird: usize) -> ManaError {
    ManaError(format!(
        "bad bird square: the bird goes on a {} square like {}, and {} is a {} square",
        kind_name(lines(to)),
        square_name(to),
        square_name(bird),
        kind_name(lines(bird))
    ))
}

#[cold]
fn bird_on_a_piece(bird: usize) -> ManaError {
    ManaError(format!(
        "bad bird square: a piece stands on {}",
        square_name(bird)
    ))
}

impl Mana {
    /// Checks and plays the step `from`-`to` with no bird written.
    #[inline]
    pub(super) fn step(&mut self, from: usize, to: usize, capture: bool) -> Result<(), ManaError> {
        if !self.is_legal_step(from, to, capture) {
            return self.check_then_step(from, to, capture);
        }
        self.play_step(from, to);
        Ok(())
    }

    /// [`Mana::step`] for a step that [`Mana::is_legal_step`] refused:
    /// says why.
    #[cold]
    #[inline(never)]
    fn check_then_step(&mut self, from: usize, to: usize, capture: bool) -> Result<(), ManaError> {
        self.check_step(from, to, capture)?;
        self.play_step(from, to);
        Ok(())
    }

    /// Plays the checked step `from`-`to` with no bird written.
    #[inline]
    fn play_step(&mut self, from: usize, to: usize) {
        self.move_piece(from, to);
        self.place_bird(to, None);
        self.end_ply();
    }

    /// Checks and plays the re-entry of a Ronin on `to` with no bird written.
    #[inline(never)]
    pub(super) fn reenter(&mut self, to: usize) -> Result<(), ManaError> {
        self.check_enter(to)?;
        self.put_back(to, None);
        self.end_ply();
        Ok(())
    }

    /// Hands the move to the other side.
    pub(super) fn end_ply(&mut self) {
        self.to_move = self.to_move.other();
        self.plies += 1;
    }
}
