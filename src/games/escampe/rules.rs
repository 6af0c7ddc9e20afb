//! The rules of a step and of a pass: whether a move is legal, why not,
//! and playing it.

use super::fault::EscampeIllegal;
use super::{Escampe, EscampeMove};
use crate::games::lines::{
    self, Bits, Side, StepFault, StepRules, bit, lines, reach, squares,
};

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

    pub(super) fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    fn is_unicorn(&self, square: usize) -> bool {
        self.unicorn & bit(square) != 0
    }

    /// The squares the piece on `from` can end on: empty squares, and the
    /// opponent's Unicorn for a Paladin.
    pub(super) fn targets(&self, from: usize) -> Bits {
        let them = self.men[self.to_move.other().index()];
        let prey = if self.is_unicorn(from) {
            0
        } else {
            them & self.unicorn
        };
        reach(from, self.occupied()) & (!self.occupied() | prey)
    }

    /// The mover's pieces that the constraint lets move.
    pub(super) fn allowed(&self) -> Bits {
        let mine = self.men[self.to_move.index()];
        self.constraint
            .map_or(mine, |n| mine & lines::squares_with_lines(n))
    }

    /// The first legal step, if any.
    pub(super) fn first_step(&self) -> Option<EscampeMove> {
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

    /// Hands the move to the other side.
    fn end_ply(&mut self) {
        self.to_move = self.to_move.other();
        self.plies += 1;
    }
}

impl Escampe {
    /// Checks a pass: only a player with no legal move may pass.
    // Rare: kept out of line so that a step stays small.
    #[inline(never)]
    pub(super) fn check_pass(&self) -> Result<(), EscampeIllegal> {
        match self.first_step() {
            Some(legal) => Err(EscampeIllegal::PassWithAMove { legal }),
            None => Ok(()),
        }
    }

    /// Plays a pass: the next move is free.
    pub(super) fn pass(&mut self) {
        self.constraint = None;
        self.last = None;
        self.end_ply();
    }
}

impl Escampe {
    /// [`crate::game::Game::check`]: whether `mv` is legal here.
    #[inline]
    pub(super) fn check_move(&self, mv: &EscampeMove) -> Result<(), EscampeIllegal> {
        match *mv {
            EscampeMove::Step { from, to, capture } => {
                self.check_step(usize::from(from), usize::from(to), capture)
            }
            EscampeMove::Pass => self.check_pass(),
        }
    }
}

impl StepRules for Escampe {
    type Illegal = EscampeIllegal;

    fn check_step(&self, from: usize, to: usize, capture: bool) -> Result<(), EscampeIllegal> {
        lines::check_start(&self.men, self.to_move, from, to).map_err(EscampeIllegal::Step)?;
        let (from_u8, to_u8) = (from as u8, to as u8);
        if let Some(n) = self.constraint {
            if lines(from) != n {
                return Err(EscampeIllegal::BreaksConstraint {
                    mover: self.to_move,
                    lines: n,
                    from: from_u8,
                    last: self.last,
                });
            }
        }
        // `check_start` refused a step onto the mover's own piece.
        let owner = self.to_move.other();
        if self.occupied() & bit(to) == 0 {
            if capture {
                return Err(EscampeIllegal::Step(StepFault::FalseCapture { to: to_u8 }));
            }
        } else if !self.is_unicorn(to) {
            return Err(EscampeIllegal::PaladinTaken { to: to_u8, owner });
        } else if self.is_unicorn(from) {
            return Err(EscampeIllegal::UnicornTakes {
                mover: self.to_move,
                from: from_u8,
                to: to_u8,
                owner,
            });
        }
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
}
