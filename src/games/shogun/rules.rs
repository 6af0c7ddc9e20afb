//! The rules of a move: reach, captures, the check rule and the end.

use super::Shogun;
use super::board::{
    Bits, Kind, Side, bit, distance, in_range, number_mask, open, reach, ring, square_name,
    squares, via,
};
use super::{ShogunError, ShogunMove};

fn illegal<T>(message: String) -> Result<T, ShogunError> {
    Err(ShogunError(message))
}

impl Shogun {
    /// The lowest of `candidates` (pieces standing at the right distance)
    /// with a path to `target` clear of `occupied`.
    fn first_open(candidates: Bits, target: usize, occupied: Bits) -> Option<usize> {
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
    fn exposer(&self, from: usize, to: usize) -> Option<usize> {
        let me = self.to_move.index();
        let shogun = usize::from(self.shogun[me]);
        let target = if shogun == from { to } else { shogun };
        let candidates = in_range(target, &self.showing, 1 - me) & !bit(to);
        if candidates == 0 {
            // Mostly: no opposing piece stands at the right distance.
            return None;
        }
        let own = (self.men[me] & !bit(from)) | bit(to);
        let opp = self.men[1 - me] & !bit(to);
        Self::first_open(candidates, target, own | opp)
    }

    /// After `from`-`to` by the side to move: whether it attacks the
    /// opposing Shogun. The moved piece shows the number of its new square.
    #[inline(never)]
    fn gives_check(&self, from: usize, to: usize) -> bool {
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

    /// Describes the piece on `square`: `the Red X on c3 (showing 2)`.
    fn piece_words(&self, square: usize, as_if_on: usize) -> String {
        let (side, kind) = self.piece_at(square).unwrap_or((Side::White, Kind::X));
        let shows = self.shows_there(square, as_if_on);
        format!(
            "the {} {} on {} (showing {shows})",
            side.name(),
            kind.noun(),
            square_name(as_if_on)
        )
    }

    /// Checks a move against the position: a legal move passes the quick
    /// test; anything else is examined step by step for the message.
    #[inline(always)]
    pub(super) fn check_move(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        // The parts one by one, so that the quick test reads them from
        // registers and the move is put together again only to explain.
        let ShogunMove {
            from,
            to,
            capture,
            check,
        } = *mv;
        if self.is_legal(usize::from(from) & 63, usize::from(to) & 63, capture, check) {
            Ok(())
        } else {
            self.explain(from, to, capture, check)
        }
    }

    /// Why the move of these parts is illegal, if it is.
    #[cold]
    #[inline(never)]
    fn explain(&self, from: u8, to: u8, capture: bool, check: bool) -> Result<(), ShogunError> {
        self.check_step_by_step(&ShogunMove {
            from,
            to,
            capture,
            check,
        })
    }

    /// Whether the move `from`-`to` (with `x` written when `capture`, `+`
    /// when `check`) is legal: the tests of [`Self::check_step_by_step`] on
    /// bit masks, with no words. It never accepts more than the step-by-step
    /// check (which has the last word on anything refused here).
    #[inline(always)]
    fn is_legal(&self, from: usize, to: usize, capture: bool, check: bool) -> bool {
        let mine = self.men[self.to_move.index()];
        let occupied = self.occupied();
        mine & bit(from) != 0
            && reach(from, self.pieces[from]) & !mine & bit(to) != 0
            && open(from, to, occupied)
            && (!capture || occupied & bit(to) != 0)
            && (self.free & bit(from) != 0 || self.exposer(from, to).is_none())
            && (!check || self.gives_check(from, to))
    }

    /// Checks a move one rule after the other, saying which one it breaks.
    fn check_step_by_step(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
        let me = self.to_move;
        let (side, kind) = match self.piece_at(from) {
            None => {
                return illegal(format!(
                    "no piece of the side to move there: {} is empty",
                    square_name(from)
                ));
            }
            Some((side, kind)) => (side, kind),
        };
        if side != me {
            return illegal(format!(
                "no piece of the side to move there: {} holds a {} piece and {} is to move",
                square_name(from),
                side.name(),
                me.name()
            ));
        }
        let v = self.shows(from);
        let piece = || format!("the {} on {} shows {v}", kind.noun(), square_name(from));
        if from == to {
            return illegal(format!(
                "the piece cannot reach that square: a move must leave its square, and {}",
                piece()
            ));
        }
        if self.men[me.index()] & bit(to) != 0 {
            return illegal(format!(
                "the piece cannot reach that square: {} holds one of your own pieces",
                square_name(to)
            ));
        }
        let d = distance(from, to);
        if d != u32::from(v) {
            let (df, dr) = (
                (from % 8).abs_diff(to % 8) as u32,
                (from / 8).abs_diff(to / 8) as u32,
            );
            let steps = if d == 1 { "square" } else { "squares" };
            let mut why = format!("{}, and {} is {d} {steps} away", piece(), square_name(to));
            if df == dr && df == u32::from(v) {
                why.push_str(" (a piece never moves diagonally)");
            } else if d < u32::from(v) && (u32::from(v) - d) % 2 == 0 {
                why.push_str(&format!(
                    " (a path of {v} squares there would need more than one turn)"
                ));
            }
            return illegal(format!("the piece cannot reach that square: {why}"));
        }
        let occupied = self.occupied();
        let paths = via(from, to);
        if paths.first & occupied != 0 && paths.second & occupied != 0 {
            let names = |bits: Bits| {
                squares(bits & occupied)
                    .map(square_name)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let why = if paths.first == paths.second {
                format!("the straight path is blocked at {}", names(paths.first))
            } else {
                let (ff, fr, tf, tr) = (from % 8, from / 8, to % 8, to / 8);
                format!(
                    "both L paths are blocked: the path turning at {} by {}, the path turning at {} by {} (a piece never jumps, and turns at most once)",
                    square_name(fr * 8 + tf),
                    names(paths.first),
                    square_name(tr * 8 + ff),
                    names(paths.second)
                )
            };
            return illegal(format!("the piece cannot reach that square: {why}"));
        }
        if mv.capture && occupied & bit(to) == 0 {
            return illegal(format!("x on a non-capture: {} is empty", square_name(to)));
        }
        if let Some(q) = self.exposer(from, to) {
            let shogun = usize::from(self.shogun[me.index()]);
            let target = if shogun == from { to } else { shogun };
            let was = if self.attacker_of(me).is_some() {
                "it was attacked and still is: "
            } else {
                ""
            };
            return illegal(format!(
                "leaves own shogun attacked: {was}after the move {} could reach the {} Shogun on {}",
                self.piece_words(q, q),
                me.name(),
                square_name(target)
            ));
        }
        if mv.check && !self.gives_check(from, to) {
            return illegal(format!(
                "+ on a move that does not attack: after the move no {} piece attacks the {} Shogun on {}",
                me.name(),
                me.other().name(),
                square_name(usize::from(self.shogun[me.other().index()]))
            ));
        }
        Ok(())
    }

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
    #[inline(always)]
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
    #[inline(always)]
    pub(super) fn has_legal_move(&self) -> bool {
        squares(self.free).any(|from| self.reachable(from).next().is_some())
            || self.a_bound_piece_can_move()
    }

    /// Whether a piece that is not free (the Shogun, or a piece on a threat's
    /// path) has a legal move. The Shogun is tried first: when it is
    /// attacked, as it mostly is here, stepping away is the likeliest way out,
    /// and stepping back toward its own home rank the likeliest way of all
    /// (the attackers mostly come from the other side).
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
#[inline(always)]
fn lowest(bits: Bits) -> usize {
    bits.trailing_zeros() as usize & 63
}

/// The highest square of a set that is not empty.
#[inline(always)]
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
