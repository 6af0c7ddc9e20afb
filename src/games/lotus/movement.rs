//! A pawn move: which pawn, how far it goes, and what its landing does.

use super::*;

impl Lotus {
    /// Whether the next pawn move must take another player's pawn: the
    /// first two of this turn were the mover's own. The pawns blocked are
    /// then the mover's own, before the pawns moved: asked of them alone.
    pub(super) fn owes_other(&self) -> bool {
        self.step == 2 && self.blocked & !ALWAYS_BLOCKED & !self.own[slot(self.mover)] == 0
    }

    /// The pawns moved in this turn, one bit per pawn index: those kept
    /// apart once the mover owes another player's pawn or the game is
    /// over, else the pawns blocked.
    pub(super) fn moved_pawns(&self) -> u16 {
        if self.finished || self.owes_other() {
            self.moved
        } else {
            self.blocked & !ALWAYS_BLOCKED
        }
    }

    /// Whether a pawn already moved in this turn.
    pub(super) fn moved_this_turn(&self, index: usize) -> bool {
        self.moved_pawns() & pawn_bit(index) != 0
    }

    /// Whether a pawn may not move now: it moved in this turn, or it is the
    /// mover's and the mover owes another player's pawn.
    pub(super) fn is_blocked(&self, index: usize) -> bool {
        self.blocked & pawn_bit(index) != 0
    }

    /// The squares a pawn advances this pawn move, before the last-pawn bonus.
    pub(super) fn base_count(&self) -> u16 {
        u16::from(self.step) + 1
    }

    /// The pawn a move names: the first of its owner's on the start, or
    /// the one on its square. An empty square's occupant is [`NO_PAWN`],
    /// whose owner is nobody, so it needs no test of its own; a move of
    /// [`NOBODY`]'s finds it there, and [`ALWAYS_BLOCKED`] refuses it.
    #[inline]
    fn find_pawn<const SHORT: bool>(&self, mv: &LotusMove) -> Option<usize> {
        if mv.from == 0 {
            let waiting = self.on_start & self.own.get(usize::from(mv.owner))?;
            (waiting != 0).then(|| waiting.trailing_zeros() as usize % 16)
        } else if mv.from > self.end {
            None
        } else {
            let square = self.square::<SHORT>(mv.from);
            let index = usize::from(square.occupant) % self.pawn_slots.len();
            (self.pawn_slots[index].owner == mv.owner).then_some(index)
        }
    }

    /// Why a move names no pawn of its owner ([`Lotus::find_pawn`] found none).
    fn no_such_pawn(&self, mv: LotusMove) -> LotusError {
        let owner = || self.named(mv.owner);
        LotusError::illegal(if self.finished {
            LotusIllegal::GameOver
        } else if mv.from > self.end() {
            LotusIllegal::OffCourse { end: self.end() }
        } else if mv.from == 0 {
            LotusIllegal::NoneOnStart { owner: owner() }
        } else {
            match self.squares()[usize::from(mv.from)].occupant {
                NO_PAWN => LotusIllegal::EmptySquare {
                    square: mv.from,
                    owner: owner(),
                },
                p => LotusIllegal::OthersPawn {
                    square: mv.from,
                    owner: owner(),
                    holder: self.named(self.pawn_slots[usize::from(p)].owner),
                },
            }
        })
    }

    /// Checks a move without playing it; returns where the pawn stops.
    pub(super) fn resolve(&self, mv: &LotusMove) -> Result<u16, LotusError> {
        let (_, target) = if self.short {
            self.aim::<true>(mv)?
        } else {
            self.aim::<false>(mv)?
        };
        let dest = self.stop(target);
        self.check_choice(mv, dest, self.landing(mv.owner, dest))?;
        Ok(dest)
    }

    /// Checks everything but the bracket: returns the pawn and its
    /// [`Lotus::target`].
    ///
    /// Once the game is over every pawn is blocked, so the end of the game
    /// needs no question of its own here: the refusals ask it first.
    #[inline]
    fn aim<const SHORT: bool>(&self, mv: &LotusMove) -> Result<(usize, u16), LotusError> {
        let Some(index) = self.find_pawn::<SHORT>(mv) else {
            return Err(self.no_such_pawn(*mv));
        };
        if self.is_blocked(index) {
            return Err(self.blocked_pawn(*mv, index));
        }
        Ok((index, self.target_on::<SHORT>(mv.from)))
    }

    /// Why the pawn `index` may not move.
    #[inline(never)]
    fn blocked_pawn(&self, mv: LotusMove, index: usize) -> LotusError {
        if index == usize::from(NO_PAWN) {
            return self.no_such_pawn(mv);
        }
        LotusError::illegal(if self.finished {
            LotusIllegal::GameOver
        } else if self.moved_this_turn(index) {
            LotusIllegal::SamePawnTwice {
                square: mv.from,
                owner: self.named(mv.owner),
            }
        } else {
            LotusIllegal::ThreeOwnPawns
        })
    }

    /// Checks a move and plays it; on error nothing changes.
    ///
    /// What [`Lotus::resolve`] and [`Lotus::check_choice`] ask, asked here
    /// from the square itself and the bracket, in the order of how often
    /// they come; debug builds check that both agree.
    #[inline]
    pub(super) fn check_and_play(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        if self.short {
            self.check_and_play_on::<true>(mv)
        } else {
            self.check_and_play_on::<false>(mv)
        }
    }

    /// [`Lotus::check_and_play`] on a short course (`SHORT`), whose squares
    /// are read in place with no bounds to check, or on a long one.
    #[inline]
    fn check_and_play_on<const SHORT: bool>(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        let (index, target) = self.aim::<SHORT>(mv)?;
        if target > self.end {
            return self.play_arrival(*mv, index);
        }
        let square = *self.square::<SHORT>(target);
        #[cfg(debug_assertions)]
        let expected = self.check_choice(mv, target, self.landing(mv.owner, target));
        let owner = mv.owner;
        if matches!(mv.choice, Choice::None) {
            if let Some(flower) = square.flower {
                self.move_pawn::<SHORT>(index, mv.from, target);
                self.square_mut::<SHORT>(target).flower = None;
                self.gain(owner, flower);
            } else if self.choice_due(owner, square.kind) {
                return self.refuse_choice(*mv, target);
            } else {
                self.move_pawn::<SHORT>(index, mv.from, target);
            }
        } else {
            self.play_choice::<SHORT>(mv, index, target, square)?;
        }
        #[cfg(debug_assertions)]
        debug_assert_eq!(expected, Ok(()), "check_choice refuses what was played");
        self.end_pawn_move(index);
        Ok(())
    }

    /// Checks and plays the bracket of a move that lands on the course
    /// `square`, `target`.
    #[inline]
    fn play_choice<const SHORT: bool>(
        &mut self,
        mv: &LotusMove,
        index: usize,
        target: u16,
        square: Square,
    ) -> Result<(), LotusError> {
        let owner = mv.owner;
        match mv.choice {
            Choice::Stone(flower)
                if square.kind == Kind::Stone
                    && square.flower.is_none()
                    && self.holds(owner, flower) =>
            {
                self.move_pawn::<SHORT>(index, mv.from, target);
                self.lose(owner, flower);
                self.lay_after::<SHORT>(target, flower);
            }
            Choice::Exchange {
                give, with, take, ..
            } if square.kind == Kind::Frog
                && square.flower.is_none()
                && self.may_exchange(owner, give, with, take) =>
            {
                self.move_pawn::<SHORT>(index, mv.from, target);
                self.lose(owner, give);
                self.gain(owner, take);
                self.lose(with, take);
                self.gain(with, give);
            }
            _ => return self.refuse_choice(*mv, target),
        }
        Ok(())
    }

    /// Whether landing on an empty square of this kind, with no flower,
    /// asks `owner` for a bracket.
    #[inline]
    fn choice_due(&self, owner: u8, kind: Kind) -> bool {
        match kind {
            Kind::Frog => self.exchange_exists(owner),
            Kind::Stone => self.held[slot(owner)] != 0,
            _ => false,
        }
    }

    /// Why the bracket does not fit the landing on the course square `target`.
    #[inline(never)]
    fn refuse_choice(&self, mv: LotusMove, target: u16) -> Result<(), LotusError> {
        let refused = self.explain_choice(&mv, target, self.landing(mv.owner, target));
        debug_assert!(refused.is_err(), "every bracket that fits is played");
        refused
    }

    /// Checks and plays a move into the arrival (the pawn `index` counts
    /// past the end).
    #[inline]
    fn play_arrival(&mut self, mv: LotusMove, index: usize) -> Result<(), LotusError> {
        let place = self.arrived + 1;
        let dest = self.end + place;
        if mv.choice != Choice::None {
            return self.explain_choice(&mv, dest, Landing::Arrival(place));
        }
        self.pawn_slots[index].pos = dest;
        if self.short {
            self.leave::<true>(index, mv.from);
        } else {
            self.leave::<false>(index, mv.from);
        }
        self.arrive(mv.owner, place);
        self.end_pawn_move(index);
        if self.finished {
            // The pawns moved in this turn are kept apart, as
            // [`Lotus::moved_pawns`] finds them once the game is over.
            if !self.owes_other() {
                self.moved = self.blocked & !ALWAYS_BLOCKED;
            }
            self.blocked = u16::MAX;
        }
        Ok(())
    }

    /// Moves the pawn `index` from `from` (the start or a course square)
    /// to the course square `to`, before its landing is played.
    #[inline]
    fn move_pawn<const SHORT: bool>(&mut self, index: usize, from: u16, to: u16) {
        self.pawn_slots[index].pos = to;
        self.square_mut::<SHORT>(to).occupant = index as u8;
        self.leave::<SHORT>(index, from);
        if SHORT {
            self.occupied |= 1u64 << (to % 64);
        }
    }

    /// Notes that the pawn `index` leaves `from`, the start or a course
    /// square (the start's occupant is always [`NO_PAWN`]).
    #[inline]
    fn leave<const SHORT: bool>(&mut self, index: usize, from: u16) {
        self.square_mut::<SHORT>(from).occupant = NO_PAWN;
        self.on_start &= !pawn_bit(index);
        if SHORT {
            self.occupied =
                (self.occupied & !(1u64 << (from % 64))) | u64::from(self.on_start != 0);
        }
    }

    /// A pawn of `owner` takes the arrival `place` and its flower; place 4
    /// ends the game.
    fn arrive(&mut self, owner: u8, place: u16) {
        self.arrived += 1;
        if let Some(flower) = self
            .arrival
            .get_mut(usize::from(place) - 1)
            .and_then(Option::take)
        {
            self.gain(owner, flower);
        }
        if place >= 4 {
            self.finished = true;
        }
    }

    /// Counts the pawn move of pawn `index` and passes the turn after the
    /// third, which marks no pawn: the next turn starts with none moved.
    /// After the second, blocks the mover's pawns if both were the mover's
    /// own.
    #[inline]
    fn end_pawn_move(&mut self, index: usize) {
        if self.step == 2 {
            self.step = 0;
            self.moved = 0;
            self.blocked = ALWAYS_BLOCKED;
            self.turn += 1;
            let next = self.mover + 1;
            self.mover = if usize::from(next) == self.players.count() {
                0
            } else {
                next
            };
        } else {
            self.blocked |= pawn_bit(index);
            self.step += 1;
            if self.owes_other() {
                // The pawns moved are the mover's own: all are blocked,
                // and the two moved are kept apart.
                self.moved = self.blocked & !ALWAYS_BLOCKED;
                self.blocked = self.own[slot(self.mover)] | ALWAYS_BLOCKED;
            }
        }
        debug_assert_eq!(
            self.occupied,
            self.occupied_by_scan(),
            "the occupied squares follow the pawns"
        );
    }

    /// What [`Lotus::occupied`] holds, from the pawns.
    pub(super) fn occupied_by_scan(&self) -> u64 {
        if !self.short {
            return 0;
        }
        self.pawns()
            .iter()
            .filter(|p| p.pos <= self.end)
            .fold(0, |set, p| set | 1u64 << p.pos)
    }

    /// Gives `player` one `flower`.
    #[inline]
    fn gain(&mut self, player: u8, flower: Flower) {
        let player = slot(player);
        self.hands[player][flower.index()] += 1;
        self.held[player] |= flower.bit();
    }

    /// Takes one `flower` from `player`, who holds one.
    #[inline]
    fn lose(&mut self, player: u8, flower: Flower) {
        let player = slot(player);
        let count = &mut self.hands[player][flower.index()];
        *count -= 1;
        if *count == 0 {
            self.held[player] &= !flower.bit();
        }
    }
}

/// A pawn's bit in the sets of pawns.
fn pawn_bit(index: usize) -> u16 {
    1 << (index % 16)
}

/// A player's index into the arrays of eight (the first six are players,
/// whose indices the notation checked).
pub(super) fn slot(player: u8) -> usize {
    usize::from(player) % 8
}
