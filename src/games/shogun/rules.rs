//! The rules of a move: reach, captures and the check rule.

use super::Shogun;
use super::board::{
    Bits, Kind, Side, bit, distance, in_range, open, reach, square_name, squares, via,
};
use super::{ShogunError, ShogunMove};

fn illegal<T>(message: String) -> Result<T, ShogunError> {
    Err(ShogunError(message))
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
    #[inline(always)]
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
        if self.is_legal(mv) {
            Ok(())
        } else {
            self.explain(mv)
        }
    }

    /// Why the move is illegal, if it is.
    #[cold]
    #[inline(never)]
    fn explain(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        self.check_step_by_step(mv)
    }

    /// Whether the move is legal: the tests of [`Self::check_step_by_step`]
    /// on bit masks, with no words. It never accepts more than the
    /// step-by-step check (which has the last word on anything refused here).
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
}
