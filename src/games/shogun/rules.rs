//! The rules of a move: reach, captures and the check rule; every legal
//! move, and the end: whether the side to move has lost.

use super::Shogun;
use super::board::{
    Bits, Side, bit, distance, in_range, number_mask, open, reach, ring, squares, via,
};
use super::{ShogunError, ShogunIllegal, ShogunMove};

fn illegal(fault: ShogunIllegal) -> Result<(), ShogunError> {
    Err(ShogunError::Illegal(fault))
}

impl Shogun {
    /// The lowest of `candidates` (pieces standing at the right distance)
    /// with a path to `target` clear of `occupied`.
    pub(super) fn first_open(candidates: Bits, target: usize, occupied: Bits) -> Option<usize> {
        squares(candidates).find(|&q| open(q, target, occupied))
    }

    /// The opposing piece that attacks the Shogun of `side` now, if any.
    pub fn attacker_of(&self, side: Side) -> Option<usize> {
        let target = usize::from(self.shogun[side.index()]);
        let candidates = in_range(target, &self.showing, side.other().index());
        Self::first_open(candidates, target, self.occupied())
    }

    /// The squares the piece on `from` could move onto now, were each of
    /// them an opposing piece: as far as the number it shows, over a clear
    /// path, its own side's pieces included (the squares it guards), the
    /// check rule aside; none for an empty square. The engine's
    /// evaluation reads mobility, threats and guards from it.
    pub fn covers(&self, from: usize) -> Bits {
        let piece = self.pieces[from & 63];
        if piece == 0 {
            return 0;
        }
        let occupied = self.occupied();
        squares(reach(from, piece))
            .filter(|&to| open(from, to, occupied))
            .fold(0, |bits, to| bits | bit(to))
    }

    /// After `from`-`to` by the side to move: the piece that attacks its own
    /// Shogun, if any. The opposing pieces keep their numbers; one may be
    /// captured on `to`.
    pub(super) fn exposer(&self, from: usize, to: usize) -> Option<usize> {
        let (candidates, target) = self.threats_after(from, to);
        if candidates == 0 {
            // Mostly: no opposing piece stands at the right distance.
            return None;
        }
        let me = self.to_move.index();
        let own = (self.men[me] & !bit(from)) | bit(to);
        let opp = self.men[1 - me] & !bit(to);
        Self::first_open(candidates, target, own | opp)
    }

    /// After `from`-`to` by the side to move: the opposing pieces that stand
    /// as far from its Shogun as the number they show, and the Shogun's
    /// square.
    #[inline]
    fn threats_after(&self, from: usize, to: usize) -> (Bits, usize) {
        let me = self.to_move.index();
        let shogun = usize::from(self.shogun[me]);
        let target = if shogun == from { to } else { shogun };
        (in_range(target, &self.showing, 1 - me) & !bit(to), target)
    }

    /// After `from`-`to` by the side to move: whether it attacks the
    /// opposing Shogun. The moved piece shows the number of its new square.
    #[inline(never)]
    pub(super) fn gives_check(&self, from: usize, to: usize) -> bool {
        let me = self.to_move.index();
        let own = (self.men[me] & !bit(from)) | bit(to);
        let opp = self.men[1 - me] & !bit(to);
        let target = usize::from(self.shogun[1 - me]);
        let others = in_range(target, &self.showing, me) & !bit(from);
        let moved = self.placed_at(to, self.pieces[from & 63]);
        let mover = if reach(to, moved) & bit(target) != 0 {
            bit(to)
        } else {
            0
        };
        Self::first_open(others | mover, target, own | opp).is_some()
    }

    /// Checks a move against the position: a legal move passes the quick
    /// test; anything else is examined step by step for the message.
    #[inline]
    pub(super) fn check_move(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        if self.is_legal(mv) {
            Ok(())
        } else {
            self.explain(mv)
        }
    }

    /// Why the move is illegal, if it is.
    #[inline(never)]
    fn explain(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        self.check_step_by_step(mv)
    }

    /// Whether the move is legal: the tests of [`Self::check_step_by_step`]
    /// on bit masks, with no words. It never accepts more than the
    /// step-by-step check (which has the last word on anything refused here).
    /// Always inlined (see `move_piece`).
    #[inline(always)]
    fn is_legal(&self, mv: &ShogunMove) -> bool {
        let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
        let mine = self.men[self.to_move.index()];
        let occupied = self.occupied();
        mine & bit(from) != 0
            && reach(from, self.pieces[from]) & !mine & bit(to) != 0
            && open(from, to, occupied)
            && (!mv.capture || occupied & bit(to) != 0)
            // A free piece, or (mostly for a Shogun's step) no opposing
            // piece in range after the move, settles the check rule here.
            && (self.free & bit(from) != 0
                || self.threats_after(from, to).0 == 0
                || self.exposer(from, to).is_none())
            && (!mv.check || self.gives_check(from, to))
    }

    /// Checks a move one rule after the other, saying which one it breaks.
    fn check_step_by_step(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
        let (from_u8, to_u8) = (from as u8, to as u8);
        let mover = self.to_move;
        let (side, kind) = match self.piece_at(from) {
            None => return illegal(ShogunIllegal::EmptySquare { from: from_u8 }),
            Some(piece) => piece,
        };
        if side != mover {
            return illegal(ShogunIllegal::OpponentPiece {
                from: from_u8,
                mover,
            });
        }
        let shows = self.shows(from);
        if from == to {
            return illegal(ShogunIllegal::StaysPut {
                kind,
                from: from_u8,
                shows,
            });
        }
        if self.men[mover.index()] & bit(to) != 0 {
            return illegal(ShogunIllegal::OwnPiece { to: to_u8 });
        }
        if distance(from, to) != u32::from(shows) {
            return illegal(ShogunIllegal::WrongDistance {
                kind,
                from: from_u8,
                to: to_u8,
                shows,
            });
        }
        let occupied = self.occupied();
        if !open(from, to, occupied) {
            return illegal(ShogunIllegal::PathBlocked {
                from: from_u8,
                to: to_u8,
                occupied,
            });
        }
        if mv.capture && occupied & bit(to) == 0 {
            return illegal(ShogunIllegal::FalseCaptureMark { to: to_u8 });
        }
        if let Some(q) = self.exposer(from, to) {
            let shogun = usize::from(self.shogun[mover.index()]);
            let (_, attacker) = self.piece_at(q).unwrap_or((side, kind));
            return illegal(ShogunIllegal::LeavesShogunAttacked {
                mover,
                shogun: if shogun == from { to_u8 } else { shogun as u8 },
                kind: attacker,
                at: q as u8,
                shows: self.shows(q),
                was_attacked: self.attacker_of(mover).is_some(),
            });
        }
        if mv.check && !self.gives_check(from, to) {
            return illegal(ShogunIllegal::FalseCheckMark {
                mover,
                shogun: self.shogun[mover.other().index()],
            });
        }
        Ok(())
    }
}

impl Shogun {
    /// Every legal move of the side to move, written canonically.
    pub(super) fn generate(&self) -> Vec<ShogunMove> {
        let mut moves = Vec::new();
        let occupied = self.occupied();
        for from in squares(self.men[self.to_move.index()]) {
            for to in self.reachable(from) {
                if self.exposer(from, to).is_none() {
                    moves.push(ShogunMove {
                        from: from as u8,
                        to: to as u8,
                        capture: occupied & bit(to) != 0,
                        check: self.gives_check(from, to),
                    });
                }
            }
        }
        moves
    }

    /// The pieces of the side to move, its Shogun excepted, that cannot
    /// leave their own Shogun attacked, wherever they go.
    ///
    /// Only an opposing piece standing as far from the Shogun as the number
    /// it shows (a threat) can attack it. While no threat has an open path,
    /// moving another piece opens one only by leaving a square on a threat's
    /// path (what it captures or lands on only blocks more), so every piece
    /// off those paths is free. While the Shogun is attacked, none is.
    #[inline]
    pub(super) fn free_pieces(&self) -> Bits {
        let me = self.to_move.index();
        let shogun = usize::from(self.shogun[me]);
        let others = self.men[me] & !bit(shogun);
        match in_range(shogun, &self.showing, 1 - me) {
            0 => others,
            threats => others & !self.threat_paths(threats, shogun),
        }
    }

    /// The squares on the paths from `threats` to the Shogun on `shogun`;
    /// every square when one of them is open.
    #[inline(never)]
    fn threat_paths(&self, threats: Bits, shogun: usize) -> Bits {
        if Self::first_open(threats, shogun, self.occupied()).is_some() {
            return !0;
        }
        squares(threats).fold(0, |bits, q| {
            let via = via(q, shogun);
            bits | via.first | via.second
        })
    }

    /// Whether the side to move has a legal move. Stops at the first one,
    /// looking first among the free pieces, which need no check test.
    #[inline]
    pub(super) fn has_legal_move(&self) -> bool {
        squares(self.free).any(|from| self.reachable(from).next().is_some())
            || self.a_bound_piece_can_move()
    }

    /// Whether a piece that is not free (the Shogun, or a piece on a threat's
    /// path) has a legal move. The Shogun is tried first: when it is
    /// attacked, as it mostly is here, stepping away is the likeliest way out,
    /// and stepping back toward its own home rank the likeliest way of all
    /// (the attackers mostly come from the other side).
    #[inline]
    fn a_bound_piece_can_move(&self) -> bool {
        let me = self.to_move.index();
        let shogun = usize::from(self.shogun[me]) & 63;
        let mine = self.men[me];
        let occupied = self.occupied();
        let mut ends = reach(shogun, self.pieces[shogun]) & !mine;
        while ends != 0 {
            // White's home rank holds the lowest squares, Red's the highest.
            let to = if me == Side::White.index() {
                lowest(ends)
            } else {
                highest(ends)
            };
            ends &= !bit(to);
            // Where the Shogun goes, no opposing piece but one it captures
            // may reach it over the squares then taken.
            if open(shogun, to, occupied) {
                let threats = in_range(to, &self.showing, 1 - me) & !bit(to);
                if threats == 0
                    || Self::first_open(threats, to, occupied & !bit(shogun) | bit(to)).is_none()
                {
                    return true;
                }
            }
        }
        squares(mine & !self.free & !bit(shogun)).any(|from| {
            self.reachable(from)
                .any(|to| self.exposer(from, to).is_none())
        })
    }

    /// The squares the piece of the side to move on `from` may end on,
    /// lowest first, ignoring the check rule.
    fn reachable(&self, from: usize) -> impl Iterator<Item = usize> {
        let occupied = self.occupied();
        let ends = reach(from, self.pieces[from & 63]) & !self.men[self.to_move.index()];
        squares(ends).filter(move |&to| open(from, to, occupied))
    }

    /// Whether the side to move has certainly not lost: it has more than
    /// its Shogun and one piece, and one of two quick tries finds it a legal
    /// move, as one of them does in most positions. The first is a step of
    /// one by the lowest of its free pieces showing 1 (such a step passes
    /// over nothing); the second takes the lowest free piece to the lowest
    /// square it may end on. A free piece cannot leave its Shogun attacked.
    #[inline]
    pub(super) fn surely_playing(&self) -> bool {
        let me = self.to_move.index();
        let mine = self.men[me];
        if self.others[me] <= 1 {
            return false;
        }
        let ones = self.free & self.showing[number_mask(1, me)];
        if ones != 0 && ring(lowest(ones), 1) & !mine != 0 {
            return true;
        }
        if self.free == 0 {
            return false;
        }
        let from = lowest(self.free);
        let ends = reach(from, self.pieces[from]) & !mine;
        ends != 0 && open(from, lowest(ends), self.occupied())
    }

    /// Why the side to move has lost, if it has.
    #[inline]
    pub(super) fn find_loss(&self) -> Option<Loss> {
        if let Some(others) = few_others(self.men[self.to_move.index()]) {
            Some(if others == 0 {
                Loss::ShogunAlone
            } else {
                Loss::ShogunAndOne
            })
        } else if !self.has_legal_move() {
            Some(if self.attacker_of(self.to_move).is_some() {
                Loss::NoMoveAttacked
            } else {
                Loss::NoMove
            })
        } else {
            None
        }
    }
}

/// The lowest square of a set that is not empty.
#[inline]
fn lowest(bits: Bits) -> usize {
    bits.trailing_zeros() as usize & 63
}

/// The highest square of a set that is not empty.
#[inline]
fn highest(bits: Bits) -> usize {
    (63 - bits.leading_zeros() as usize) & 63
}

/// How many pieces a side with `men` has besides its Shogun, when that is
/// at most one. Clearing the lowest piece twice says so without counting
/// every piece (a `count_ones` is some 15 instructions on the baseline x86-64
/// this is built for).
pub(super) fn few_others(men: Bits) -> Option<u32> {
    let without_one = men & men.wrapping_sub(1);
    let without_two = without_one & without_one.wrapping_sub(1);
    (without_two == 0).then_some(u32::from(without_one != 0))
}

/// Why the side to move has lost. No data in the variants, so that the
/// position keeps its end in one byte, written in one step every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Loss {
    /// Only the Shogun is left.
    ShogunAlone,
    /// Only the Shogun and one other piece are left.
    ShogunAndOne,
    /// No legal move, the Shogun attacked.
    NoMoveAttacked,
    /// No legal move, the Shogun not attacked.
    NoMove,
}

impl Loss {
    /// The reason in words, for the side that lost.
    pub(super) fn reason(self, side: Side) -> String {
        match self {
            Loss::ShogunAndOne => {
                format!("{} has only the Shogun and one piece left", side.name())
            }
            Loss::ShogunAlone => format!("{} has only the Shogun left", side.name()),
            Loss::NoMoveAttacked => format!("{} has no legal move (Shogun attacked)", side.name()),
            Loss::NoMove => {
                format!("{} has no legal move (Shogun not attacked)", side.name())
            }
        }
    }
}
