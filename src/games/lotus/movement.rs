//! A pawn move: which pawn, how far it goes, and what its landing does.

use super::*;

/// The most free squares a pawn move advances: three on the third pawn
/// move of a turn, and two more for a last pawn.
const MAX_ADVANCE: u16 = 5;

impl Lotus {
    /// Whether the next pawn move must take another player's pawn: the
    /// first two of this turn were the mover's own.
    pub(super) fn owes_other(&self) -> bool {
        self.step == 2 && self.own_moved == 2
    }

    /// Whether a pawn already moved in this turn.
    pub(super) fn moved_this_turn(&self, index: usize) -> bool {
        self.moved & pawn_bit(index) != 0
    }

    /// The squares a pawn advances this pawn move, before the last-pawn bonus.
    pub(super) fn base_count(&self) -> u16 {
        u16::from(self.step) + 1
    }

    /// Whether no pawn stands behind this one (rules.md ruling).
    pub(super) fn is_last(&self, pawn: Pawn) -> bool {
        pawn.pos <= self.rearmost
    }

    /// The lowest position of any pawn.
    fn lowest_position(&self) -> u16 {
        self.pawns().iter().map(|p| p.pos).min().unwrap_or(0)
    }

    /// The lowest position of any pawn, from the sets where they answer it:
    /// the start while a pawn waits there, else on a short course the
    /// first occupied square (some pawn is always on the course then: the
    /// game ends with the fourth pawn in the arrival).
    fn rearmost_position(&self) -> u16 {
        let found = if self.on_start != 0 {
            0
        } else if self.is_short() {
            let occupied = !self.free & self.course_squares();
            match occupied {
                0 => self.lowest_position(),
                _ => occupied.trailing_zeros() as u16,
            }
        } else {
            self.lowest_position()
        };
        debug_assert_eq!(found, self.lowest_position());
        found
    }

    /// Every course square (1 to N) that has a bit, as a set of squares.
    pub(super) fn course_squares(&self) -> u64 {
        square_bit(self.end() + 1).wrapping_sub(1) & !1
    }

    /// Where a pawn stops after `count` free squares: a square or an arrival place.
    #[inline]
    pub(super) fn destination(&self, pawn: Pawn, count: u16) -> u16 {
        let found = if self.is_short() {
            self.nth_free_by_bits(pawn.pos, count)
        } else {
            self.nth_free_by_scan(pawn.pos, count)
        };
        debug_assert_eq!(found, self.nth_free_by_scan(pawn.pos, count));
        found.unwrap_or(self.end() + self.arrived + 1)
    }

    /// The `count`th free square after `from`, read from the bit set of
    /// free squares (short courses only).
    #[inline]
    fn nth_free_by_bits(&self, from: u16, count: u16) -> Option<u16> {
        debug_assert!(
            count <= MAX_ADVANCE,
            "a pawn moves at most {MAX_ADVANCE} squares"
        );
        let mut ahead = self.free & u64::MAX.checked_shl(u32::from(from) + 1).unwrap_or(0);
        // Always the same number of rounds, each one a choice rather than a
        // jump: a loop of `count - 1` rounds ends where the processor
        // cannot guess.
        for round in 1..MAX_ADVANCE {
            let without_lowest = ahead & ahead.wrapping_sub(1);
            ahead = if round < count { without_lowest } else { ahead };
        }
        (ahead != 0).then(|| ahead.trailing_zeros() as u16)
    }

    /// The `count`th free square after `from`, found square by square.
    fn nth_free_by_scan(&self, from: u16, count: u16) -> Option<u16> {
        let mut left = count;
        for (square, s) in self.squares.iter().enumerate().skip(usize::from(from) + 1) {
            if s.occupant == 0 {
                left -= 1;
                if left == 0 {
                    return Some(square as u16);
                }
            }
        }
        None
    }

    /// The pawns of `owner`, one bit per pawn index.
    fn pawns_of(&self, owner: u8) -> u16 {
        let per_player = u32::from(self.per_player);
        let first = u32::from(owner) * per_player;
        let own = ((1u32 << per_player) - 1).checked_shl(first).unwrap_or(0);
        own as u16
    }

    /// Notes that the pawn `index` leaves `square` (the start or a course square).
    fn leave(&mut self, index: usize, square: u16) {
        if square == 0 {
            self.on_start &= !pawn_bit(index);
        } else if square <= self.end() {
            self.squares[usize::from(square)].occupant = 0;
            self.free |= square_bit(square);
        }
    }

    /// Notes that the pawn `index` stops on `square` (a course square or an
    /// arrival place).
    fn enter(&mut self, index: usize, square: u16) {
        if square <= self.end() {
            self.squares[usize::from(square)].occupant = index as u8 + 1;
            self.free &= !square_bit(square);
        }
    }

    /// The pawn a move names.
    #[inline]
    pub(super) fn find_pawn(&self, mv: &LotusMove) -> Result<usize, LotusError> {
        let found = if mv.from == 0 {
            let waiting = self.on_start & self.pawns_of(mv.owner);
            (waiting != 0).then(|| waiting.trailing_zeros() as usize)
        } else {
            self.squares
                .get(usize::from(mv.from))
                .and_then(|square| usize::from(square.occupant).checked_sub(1))
                .filter(|&pawn| self.pawn_slots[pawn].owner == mv.owner)
        };
        found.ok_or_else(|| self.no_such_pawn(mv))
    }

    /// Why a move names no pawn of its owner ([`Lotus::find_pawn`] found none).
    #[cold]
    fn no_such_pawn(&self, mv: &LotusMove) -> LotusError {
        let owner = self.name(mv.owner);
        let message = if mv.from > self.end() {
            format!(
                "no such pawn: the course has squares 0 to {} (pawns in the arrival never move again)",
                self.end()
            )
        } else if mv.from == 0 {
            format!("no such pawn: {owner} has no pawn on the start square")
        } else {
            match self.squares[usize::from(mv.from)].occupant {
                0 => format!(
                    "no such pawn: square {} is empty, {owner} has no pawn there",
                    mv.from
                ),
                p => format!(
                    "no such pawn: the pawn on {} is {}'s, not {owner}'s",
                    mv.from,
                    self.name(self.pawn_slots[usize::from(p - 1)].owner)
                ),
            }
        };
        LotusError(message)
    }

    /// Checks a move without playing it; returns where the pawn stops.
    pub(super) fn resolve(&self, mv: &LotusMove) -> Result<u16, LotusError> {
        let (_, dest) = self.aim(mv)?;
        self.check_choice(mv, dest, self.landing(mv.owner, dest))?;
        Ok(dest)
    }

    /// Checks everything but the bracket: returns the pawn and where it stops.
    #[inline(always)]
    fn aim(&self, mv: &LotusMove) -> Result<(usize, u16), LotusError> {
        if self.finished {
            return Err(refusal(Refusal::GameOver, self, mv));
        }
        let index = self.find_pawn(mv)?;
        if self.moved_this_turn(index) {
            return Err(refusal(Refusal::SamePawnTwice, self, mv));
        }
        if mv.owner == self.mover && self.owes_other() {
            return Err(refusal(Refusal::ThreeOwnPawns, self, mv));
        }
        let pawn = self.pawn_slots[index];
        let bonus = if self.is_last(pawn) { 2 } else { 0 };
        Ok((index, self.destination(pawn, self.base_count() + bonus)))
    }

    /// Checks a move and plays it; on error nothing changes.
    ///
    /// What [`Lotus::resolve`] and [`Lotus::check_choice`] ask, asked again
    /// here in one `match` on the landing that also plays it: the landing
    /// of a record's move is anyone's guess, and a guess missed once costs
    /// less than a guess missed twice. Debug builds check that both agree.
    #[inline(always)]
    pub(super) fn check_and_play(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        let (index, dest) = self.aim(mv)?;
        let landing = self.landing(mv.owner, dest);
        #[cfg(debug_assertions)]
        let expected = self.check_choice(mv, dest, landing);
        let owner = usize::from(mv.owner);
        match (landing, mv.choice) {
            (Landing::Nothing | Landing::Frog(false) | Landing::Stone(false), Choice::None) => {
                self.move_pawn(index, dest);
            }
            (Landing::Flower(flower), Choice::None) => {
                self.move_pawn(index, dest);
                self.squares[usize::from(dest)].flower = None;
                self.gain(owner, flower);
            }
            (Landing::Arrival(place), Choice::None) => {
                self.move_pawn(index, dest);
                self.arrive(owner, place);
            }
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) if self.may_exchange(mv.owner, give, with, take) => {
                let with = usize::from(with);
                self.move_pawn(index, dest);
                self.lose(owner, give);
                self.gain(owner, take);
                self.lose(with, take);
                self.gain(with, give);
            }
            (Landing::Stone(true), Choice::Stone(flower)) if self.holds(mv.owner, flower) => {
                self.move_pawn(index, dest);
                self.lose(owner, flower);
                self.lay_after(dest, flower);
            }
            _ => {
                let refused = self.explain_choice(mv, dest, landing);
                debug_assert!(refused.is_err(), "every bracket that fits is played above");
                return refused;
            }
        }
        #[cfg(debug_assertions)]
        debug_assert_eq!(expected, Ok(()), "check_choice refuses what was played");
        self.end_pawn_move(index, mv.owner);
        Ok(())
    }

    /// Moves the pawn `index` to `dest`, before its landing is played.
    #[inline(always)]
    fn move_pawn(&mut self, index: usize, dest: u16) {
        let from = self.pawn_slots[index].pos;
        self.leave(index, from);
        self.pawn_slots[index].pos = dest;
        self.enter(index, dest);
        if from == self.rearmost {
            self.rearmost = self.rearmost_position();
        }
    }

    /// A pawn of `owner` takes the arrival `place` and its flower; place 4
    /// ends the game.
    fn arrive(&mut self, owner: usize, place: u16) {
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

    /// Counts the pawn move of pawn `index`, which `owner` owns, and passes
    /// the turn after the third.
    fn end_pawn_move(&mut self, index: usize, owner: u8) {
        self.moved |= pawn_bit(index);
        self.own_moved += u8::from(owner == self.mover);
        self.step += 1;
        if self.step == 3 {
            self.step = 0;
            self.moved = 0;
            self.own_moved = 0;
            self.turn += 1;
            self.mover = if usize::from(self.mover) + 1 == self.players.count() {
                0
            } else {
                self.mover + 1
            };
        }
    }

    /// Gives `player` one `flower`.
    fn gain(&mut self, player: usize, flower: Flower) {
        self.hands[player][flower.index()] += 1;
        self.held[player] |= flower.bit();
    }

    /// Takes one `flower` from `player`, who holds one.
    fn lose(&mut self, player: usize, flower: Flower) {
        let count = &mut self.hands[player][flower.index()];
        *count -= 1;
        if *count == 0 {
            self.held[player] &= !flower.bit();
        }
    }
}

/// A pawn's bit in the sets of pawns.
fn pawn_bit(index: usize) -> u16 {
    1 << index
}

/// A course square's bit in the set of free squares (none past square 63).
fn square_bit(square: u16) -> u64 {
    1u64.checked_shl(u32::from(square)).unwrap_or(0)
}

/// A rule a move breaks before its landing is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// Place 4 is taken.
    GameOver,
    /// The pawn already moved in this turn.
    SamePawnTwice,
    /// The third pawn move of a turn takes the mover's own pawn again.
    ThreeOwnPawns,
}

/// The error for a broken rule, out of the way of legal moves.
#[cold]
fn refusal(refusal: Refusal, game: &Lotus, mv: &LotusMove) -> LotusError {
    LotusError(match refusal {
        Refusal::GameOver => "the game is over: place 4 is taken".to_owned(),
        Refusal::SamePawnTwice => format!(
            "the same pawn twice: {}'s pawn on {} has already moved this turn",
            game.name(mv.owner),
            mv.from
        ),
        Refusal::ThreeOwnPawns => {
            "three own pawns: at least one of the three pawns must belong to another player"
                .to_owned()
        }
    })
}
