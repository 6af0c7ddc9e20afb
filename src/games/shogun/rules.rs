//! The rules of a move: reach, captures and the check rule.

use super::Shogun;
use super::board::{Bits, Side, bit, distance, in_range, open, reach, squares};
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
    #[inline]
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
