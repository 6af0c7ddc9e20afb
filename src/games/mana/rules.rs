//! Mana's rules for one move: reach, the bird's obligation, re-entry,
//! where the bird goes, and playing a checked step.

use super::fault::ManaIllegal;
use super::{Bird, Mana, ManaMove};
use crate::games::lines::{
    self, Bits, StepFault, StepRules, bit, lines, reach, squares,
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

    /// Checks a pass: only a player with no legal action may pass.
    // Rare: kept out of line so that `check` stays small for a step.
    #[inline(never)]
    pub(super) fn check_pass(&self) -> Result<(), ManaIllegal> {
        if self.movable_on(None) {
            Err(ManaIllegal::PassWithAMove)
        } else if self.captured_ronins(self.to_move) > 0 {
            Err(ManaIllegal::PassWithARonin)
        } else {
            Ok(())
        }
    }

    /// Checks a re-entry on `to` and the bird's square it names.
    // Rare: kept out of line so that `check` stays small for a step.
    #[inline(never)]
    pub(super) fn check_entry(&self, to: usize, bird: Option<usize>) -> Result<(), ManaIllegal> {
        self.check_enter(to)?;
        self.check_bird(None, to, bird)
    }

    pub(super) fn check_enter(&self, to: usize) -> Result<(), ManaIllegal> {
        if self.captured_ronins(self.to_move) == 0 {
            return Err(ManaIllegal::NoCapturedRonin);
        }
        if self.occupied() & bit(to) != 0 {
            return Err(ManaIllegal::EntryOccupied { to: to as u8 });
        }
        if !self.may_reenter() {
            return Err(ManaIllegal::EntryWhilePieceMoves {
                lines: self.bird_lines(),
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
    ) -> Result<(), ManaIllegal> {
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
    ) -> Result<(), ManaIllegal> {
        let after = (self.occupied() & !from.map_or(0, bit)) | bit(to);
        let n = lines(to);
        if lines(bird) != n {
            return Err(ManaIllegal::BirdWrongKind {
                to: to as u8,
                bird: bird as u8,
            });
        }
        let free = lines::squares_with_lines(n) & !after;
        if after & bit(bird) != 0 && !(free == 0 && bird == to) {
            return Err(ManaIllegal::BirdOnPiece { bird: bird as u8 });
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

impl Mana {
    /// Checks and plays the re-entry of a Ronin on `to` with no bird written.
    #[inline(never)]
    pub(super) fn reenter(&mut self, to: usize) -> Result<(), ManaIllegal> {
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

impl Mana {
    /// [`crate::game::Game::check`]: whether `mv` is legal here.
    #[inline]
    pub(super) fn check_move(&self, mv: &ManaMove) -> Result<(), ManaIllegal> {
        match *mv {
            ManaMove::Step {
                from,
                to,
                capture,
                bird,
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                self.check_step(from, to, capture)?;
                self.check_bird(Some(from), to, bird.map(usize::from))
            }
            ManaMove::Enter { to, bird } => {
                self.check_entry(usize::from(to), bird.map(usize::from))
            }
            ManaMove::Pass => self.check_pass(),
        }
    }
}

impl StepRules for Mana {
    type Illegal = ManaIllegal;

    fn check_step(&self, from: usize, to: usize, capture: bool) -> Result<(), ManaIllegal> {
        lines::check_start(&self.men, self.to_move, from, to).map_err(ManaIllegal::Step)?;
        // A piece on a square of the bird's kind obeys; any other piece
        // may move only when none of those can.
        let n = self.bird.lines;
        if n != 0 && lines(from) != n && self.movable_on(Some(n)) {
            return Err(ManaIllegal::DisobeysBird { lines: n });
        }
        if capture && self.occupied() & bit(to) == 0 {
            return Err(ManaIllegal::Step(StepFault::FalseCapture { to: to as u8 }));
        }
        Ok(())
    }

    /// Plays the checked step `from`-`to` with no bird written.
    #[inline]
    fn play_step(&mut self, from: usize, to: usize) {
        self.move_piece(from, to);
        self.place_bird(to, None);
        self.end_ply();
    }
}
