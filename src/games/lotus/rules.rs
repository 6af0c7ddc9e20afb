//! The rules of play, a pawn move at a time: which pawn may move and how
//! far it goes; where it stops (the squares it skips, the last-pawn
//! bonus, the arrival places); and what its landing does (what its owner
//! takes, exchanges or gives up, and the bracket the record must write for
//! it).

use super::*;
use super::course::Kind;
use super::flowers::{Flower, colours};
use super::notation::{Choice, LotusMove};
use super::{Lotus, LotusError, LotusIllegal, NO_PAWN, illegal};

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
    #[inline(always)]
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
    #[inline(always)]
    pub(super) fn check_and_play(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        if self.short {
            self.check_and_play_on::<true>(mv)
        } else {
            self.check_and_play_on::<false>(mv)
        }
    }

    /// [`Lotus::check_and_play`] on a short course (`SHORT`), whose squares
    /// are read in place with no bounds to check, or on a long one.
    #[inline(always)]
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
        let refused = self.check_choice(&mv, target, self.landing(mv.owner, target));
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
            return self.check_choice(&mv, dest, Landing::Arrival(place));
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

impl Lotus {
    /// Whether no pawn stands behind this one (a ruling of kifu-rules(7)).
    #[cfg(test)]
    pub(super) fn is_last(&self, pawn: Pawn) -> bool {
        self.none_behind(pawn.pos)
    }

    /// Whether no pawn stands behind the position `pos`.
    fn none_behind(&self, pos: u16) -> bool {
        self.pawns().iter().all(|p| p.pos >= pos)
    }

    /// Where a pawn on `from` (the start or a course square) stops this
    /// pawn move, last-pawn bonus included: a course square, or a number
    /// past the end when it enters the arrival ([`Lotus::reach`] says which
    /// place).
    fn target(&self, from: u16) -> u16 {
        if self.short {
            self.target_on::<true>(from)
        } else {
            self.target_on::<false>(from)
        }
    }

    /// [`Lotus::target`] on a short course (`SHORT`) or a long one.
    #[inline]
    pub(super) fn target_on<const SHORT: bool>(&self, from: u16) -> u16 {
        if SHORT {
            let found = self.target_by_bits(from);
            debug_assert_eq!(
                found.min(self.end + 1),
                self.target_by_scan(from),
                "the bit sets follow the squares"
            );
            found
        } else {
            self.target_by_scan(from)
        }
    }

    /// [`Lotus::target`] on a short course, from the set of occupied
    /// squares: the pawn is last when no bit lies behind it, and stops on
    /// the `count`th clear bit after it, found in [`STOPS`] from the eight
    /// squares ahead when it lies among them. The clear bits past the end
    /// count as free squares, so a search always finds one.
    #[inline]
    fn target_by_bits(&self, from: u16) -> u16 {
        debug_assert!(usize::from(from) < SHORT_COURSE_SQUARES);
        let from = u32::from(from) % 64;
        let last = self.occupied.trailing_zeros() >= from;
        let skipped = usize::from(self.step) + 2 * usize::from(last);
        let window = (self.occupied >> from >> 1) as u8;
        match STOPS[(skipped << 8 | usize::from(window)) % STOPS.len()] {
            0 => self.target_far(from, skipped),
            ahead => from as u16 + u16::from(ahead),
        }
    }

    /// [`Lotus::target_by_bits`] past the eight squares ahead: the
    /// `skipped` lowest clear bits after `from` are cleared, the next is
    /// the target.
    #[inline(never)]
    fn target_far(&self, from: u32, skipped: usize) -> u16 {
        let mut ahead = !(self.occupied | (2u64 << from).wrapping_sub(1));
        for _ in 0..skipped {
            ahead &= ahead.wrapping_sub(1);
        }
        ahead.trailing_zeros() as u16
    }

    /// [`Lotus::target`] square by square (long courses), `end + 1` for
    /// the arrival.
    #[inline(never)]
    fn target_by_scan(&self, from: u16) -> u16 {
        let bonus = if self.none_behind(from) { 2 } else { 0 };
        let mut left = self.base_count() + bonus;
        for (square, s) in self
            .squares()
            .iter()
            .enumerate()
            .skip(usize::from(from) + 1)
        {
            if s.occupant == NO_PAWN {
                left -= 1;
                if left == 0 {
                    return square as u16;
                }
            }
        }
        self.end + 1
    }

    /// Where a pawn on `from` stops this pawn move: a course square or an
    /// arrival place (N+1 to N+4).
    pub(super) fn reach(&self, from: u16) -> u16 {
        self.stop(self.target(from))
    }

    /// The position a [`Lotus::target`] stands for.
    pub(super) fn stop(&self, target: u16) -> u16 {
        if target > self.end {
            self.end + self.arrived + 1
        } else {
            target
        }
    }
}

/// For each number of free squares a pawn move skips (its count less one,
/// 0 to 7, of which a move reaches 0 to 4), times 256, plus each occupancy
/// of the eight squares after the pawn (bit `i` for the square `i + 1`
/// ahead): how many squares ahead the pawn stops; 0 when it passes all
/// eight.
pub(super) const STOPS: [u8; 8 * 256] = stops();

/// Builds [`STOPS`].
const fn stops() -> [u8; 8 * 256] {
    let mut table = [0; 8 * 256];
    let mut skipped = 0;
    while skipped < 8 {
        let mut window = 0;
        while window < 256 {
            let mut left = skipped + 1;
            let mut i = 0;
            while i < 8 {
                if window >> i & 1 == 0 {
                    left -= 1;
                    if left == 0 {
                        table[skipped << 8 | window] = i as u8 + 1;
                        break;
                    }
                }
                i += 1;
            }
            window += 1;
        }
        skipped += 1;
    }
    table
}

/// What a landing asks of the pawn's owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Landing {
    /// The pawn takes this arrival place (1-4).
    Arrival(u16),
    /// The owner takes the flower lying there.
    Flower(Flower),
    /// A frog square; whether an exchange exists.
    Frog(bool),
    /// A stone square; whether the owner holds a flower.
    Stone(bool),
    /// Nothing happens.
    Nothing,
}

impl Lotus {
    /// Whether `owner` can exchange a flower with another player: give a
    /// colour they hold for another colour someone else holds.
    ///
    /// With the colours as bit sets, that fails only when either side holds
    /// nothing, or both hold the one same colour.
    pub(super) fn exchange_exists(&self, owner: u8) -> bool {
        let owner = slot(owner);
        let mine = self.held[owner];
        // The hands' colour sets side by side, one byte each, the owner's
        // cleared, then folded onto one byte.
        let mut theirs = u64::from_le_bytes(self.held) & !(0xff << (8 * owner));
        theirs |= theirs >> 32;
        theirs |= theirs >> 16;
        theirs |= theirs >> 8;
        let theirs = theirs as u8;
        debug_assert!(
            self.hands()
                .iter()
                .zip(&self.held)
                .all(|(hand, &set)| colours(hand) == set),
            "the colour sets follow the hands"
        );
        mine != 0 && theirs != 0 && !(mine == theirs && mine.is_power_of_two())
    }

    /// What landing on `dest` (a square or an arrival place) asks of `owner`.
    #[inline]
    pub(super) fn landing(&self, owner: u8, dest: u16) -> Landing {
        let end = self.end();
        if dest > end {
            return Landing::Arrival(dest - end);
        }
        let square = self.squares()[usize::from(dest)];
        if let Some(flower) = square.flower {
            return Landing::Flower(flower);
        }
        match square.kind {
            Kind::Frog => Landing::Frog(self.exchange_exists(owner)),
            Kind::Stone => Landing::Stone(self.held[slot(owner)] != 0),
            _ => Landing::Nothing,
        }
    }

    /// Whether `owner` may give `give` to the owner of the frog, `with`,
    /// for its `take`: another player, another colour, both held.
    #[inline]
    pub(super) fn may_exchange(&self, owner: u8, give: Flower, with: u8, take: Flower) -> bool {
        with != owner && give != take && self.holds(owner, give) && self.holds(with, take)
    }

    /// Whether `player` holds a `flower` (no one else than a player does).
    #[inline]
    pub(super) fn holds(&self, player: u8, flower: Flower) -> bool {
        self.held
            .get(usize::from(player))
            .is_some_and(|&colours| colours & flower.bit() != 0)
    }

    /// An exchange `owner` can make, the first in the order of the players
    /// and colours: the flower given, the partner's initial, the flower
    /// taken.
    fn an_exchange(&self, owner: u8) -> Option<(Flower, u8, Flower)> {
        (0..self.players.count() as u8).find_map(|with| {
            Flower::ALL.into_iter().find_map(|give| {
                (Flower::ALL.into_iter())
                    .find(|&take| self.may_exchange(owner, give, with, take))
                    .map(|take| (give, self.players.letter(with), take))
            })
        })
    }

    /// Checks the bracket against what the landing asks for: why it does
    /// not fit, if it does not.
    fn check_choice(
        &self,
        mv: &LotusMove,
        dest: u16,
        landing: Landing,
    ) -> Result<(), LotusError> {
        use LotusIllegal as I;
        let owner = || self.named(mv.owner);
        let me = slot(mv.owner);
        // An exchange the owner can make: one exists wherever a frog square
        // asks for one (the fallback is never shown).
        let example = || {
            self.an_exchange(mv.owner)
                .unwrap_or((Flower::White, b'?', Flower::Yellow))
        };
        let square = dest;
        let bracket = !matches!(mv.choice, Choice::None);
        let reason = match (landing, mv.choice) {
            (Landing::Arrival(place), _) if bracket => I::BracketOnArrival { place },
            (Landing::Flower(flower), _) if bracket => I::BracketOnFlower {
                square,
                owner: owner(),
                flower,
            },
            (Landing::Nothing, _) if bracket => I::BracketOnBareSquare {
                square,
                kind: self.squares()[usize::from(dest)].kind,
            },
            (Landing::Frog(false), _) if bracket => I::BracketWithoutExchange {
                square,
                owner: owner(),
            },
            (Landing::Stone(false), _) if bracket => I::BracketWithoutFlower {
                square,
                owner: owner(),
            },
            (Landing::Frog(true), Choice::None) => I::ExchangeDue {
                square,
                owner: owner(),
                example: example(),
            },
            (Landing::Stone(true), Choice::None) => I::FlowerDue {
                square,
                owner: owner(),
                held: (Flower::ALL.into_iter())
                    .find(|&flower| self.holds(mv.owner, flower))
                    .unwrap_or(Flower::Pink),
            },
            (Landing::Frog(true), Choice::Stone(_)) => I::StoneOnFrog {
                square,
                example: example(),
            },
            (Landing::Stone(true), Choice::Exchange { .. }) => I::ExchangeOnStone { square },
            (Landing::Stone(true), Choice::Stone(flower)) => {
                if self.hands[me][flower.index()] > 0 {
                    return Ok(());
                }
                I::NoFlowerToGiveUp {
                    owner: owner(),
                    flower,
                }
            }
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) => {
                if with == mv.owner {
                    I::ExchangeWithOneself { owner: owner() }
                } else if give == take {
                    I::SameColours
                } else if self.hands[me][give.index()] == 0 {
                    I::NoFlowerToGive {
                        owner: owner(),
                        flower: give,
                    }
                } else if self.hands[slot(with)][take.index()] == 0 {
                    I::PartnerLacks {
                        partner: self.named(with),
                        flower: take,
                    }
                } else {
                    return Ok(());
                }
            }
            (_, _) => return Ok(()),
        };
        illegal(reason)
    }

    /// Lays a flower given up on `stone`: first plain or lily square after it
    /// holding neither pawn nor flower, or out of the game.
    /// On a short course (`SHORT`) the squares are read in place.
    #[inline]
    pub(super) fn lay_after<const SHORT: bool>(&mut self, stone: u16, flower: Flower) {
        for at in stone + 1..=self.end() {
            let square = self.square_mut::<SHORT>(at);
            if square.kind.holds_flowers() && square.occupant == NO_PAWN && square.flower.is_none()
            {
                square.flower = Some(flower);
                return;
            }
        }
    }

    /// Each choice a landing allows, given to `each` in turn (one
    /// `Choice::None` when none is due): no list is made, as the move
    /// generator calls it for every pawn of every ply.
    pub(super) fn each_choice(&self, owner: u8, landing: Landing, mut each: impl FnMut(Choice)) {
        let hand = &self.hands[slot(owner)];
        match landing {
            Landing::Frog(true) => {
                for give in Flower::ALL.into_iter().filter(|g| hand[g.index()] > 0) {
                    for (with, theirs) in self.hands().iter().enumerate() {
                        if with == usize::from(owner) {
                            continue;
                        }
                        for take in Flower::ALL {
                            if take != give && theirs[take.index()] > 0 {
                                each(Choice::Exchange {
                                    give,
                                    with: with as u8,
                                    with_letter: self.players.letter(with as u8),
                                    take,
                                });
                            }
                        }
                    }
                }
            }
            Landing::Stone(true) => Flower::ALL
                .into_iter()
                .filter(|f| hand[f.index()] > 0)
                .for_each(|f| each(Choice::Stone(f))),
            _ => each(Choice::None),
        }
    }
}
