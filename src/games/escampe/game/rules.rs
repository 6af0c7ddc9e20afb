//! The rules of a step and of a pass: whether a move is legal, why not,
//! and playing it.

use super::*;

impl Escampe {
    /// An empty board with `to_move` to play, unconstrained.
    pub(in crate::games::escampe) fn empty(to_move: Side) -> Self {
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

    fn side_at(&self, square: usize) -> Option<Side> {
        lines::side_at(&self.men, square)
    }

    fn is_unicorn(&self, square: usize) -> bool {
        self.unicorn & bit(square) != 0
    }

    /// The piece letter on `square`: upper case White, lower case Black.
    pub(in crate::games::escampe) fn piece_letter(&self, square: usize) -> Option<char> {
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
    pub(super) fn step(
        &mut self,
        from: usize,
        to: usize,
        capture: bool,
    ) -> Result<(), EscampeError> {
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
    pub(super) fn play_step(&mut self, from: usize, to: usize) {
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

    pub(super) fn check_step(
        &self,
        from: usize,
        to: usize,
        capture: bool,
    ) -> Result<(), EscampeError> {
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
    pub(super) fn check_pass(&self) -> Result<(), EscampeError> {
        match self.first_step() {
            Some(step) => Self::illegal(format!(
                "a pass is allowed only when no legal move exists: {step} is legal"
            )),
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

#[cold]
fn false_capture(to: usize) -> EscampeError {
    EscampeError(format!("x on a non-capture: {} is empty", square_name(to)))
}
