//! The rules of a move: reach, captures, the check rule and the end.

use super::Shogun;
use super::board::{
    Bits, Kind, Side, bit, distance, near, reaches, ring, square_name, squares, via,
};
use super::{ShogunError, ShogunMove};

fn illegal<T>(message: String) -> Result<T, ShogunError> {
    Err(ShogunError(message))
}

impl Shogun {
    /// The first opposing piece (of `by`) among `pieces` that attacks
    /// `target` with `occupied` on the board, if the piece on `from` stood
    /// on `to` instead.
    pub(super) fn attacker_after(
        &self,
        target: usize,
        pieces: Bits,
        occupied: Bits,
        from: usize,
        to: usize,
    ) -> Option<usize> {
        // Only pieces at most 4 steps away can reach the target.
        squares(pieces & near(target)).find(|&q| {
            let cell = if q == to {
                self.cells[from & 63]
            } else {
                self.cells[q]
            };
            reaches(q, target, self.shows_cell(q, cell), occupied)
        })
    }

    /// The opposing piece that attacks the Shogun of `side` now, if any.
    pub fn attacker_of(&self, side: Side) -> Option<usize> {
        let target = usize::from(self.shogun[side.index()]);
        self.attacker_after(
            target,
            self.men[side.other().index()],
            self.occupied(),
            64,
            64,
        )
    }

    /// After `from`-`to` by the side to move: the piece that attacks its own
    /// Shogun, if any.
    fn exposer(&self, from: usize, to: usize) -> Option<usize> {
        let me = self.to_move.index();
        let own = (self.men[me] & !bit(from)) | bit(to);
        let opp = self.men[1 - me] & !bit(to);
        let shogun = usize::from(self.shogun[me]);
        let target = if shogun == from { to } else { shogun };
        self.attacker_after(target, opp, own | opp, from, to)
    }

    /// After `from`-`to` by the side to move: whether it attacks the
    /// opposing Shogun.
    fn gives_check(&self, from: usize, to: usize) -> bool {
        let me = self.to_move.index();
        let own = (self.men[me] & !bit(from)) | bit(to);
        let opp = self.men[1 - me] & !bit(to);
        let target = usize::from(self.shogun[1 - me]);
        self.attacker_after(target, own, own | opp, from, to)
            .is_some()
    }

    /// Describes the piece on `square`: `the Red X on c3 (showing 2)`.
    fn piece_words(&self, square: usize, as_if_on: usize) -> String {
        let (side, kind) = self.piece_at(square).unwrap_or((Side::White, Kind::X));
        let shows = self.shows_cell(as_if_on, self.cells[square & 63]);
        format!(
            "the {} {} on {} (showing {shows})",
            side.name(),
            kind.noun(),
            square_name(as_if_on)
        )
    }

    /// Checks a move against the position.
    pub(super) fn check_move(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
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

    /// The squares the piece on `from` may end on, ignoring the check rule.
    fn targets(&self, from: usize) -> Bits {
        let me = self.to_move.index();
        let occupied = self.occupied();
        let ends = ring(from, self.shows(from)) & !self.men[me];
        squares(ends)
            .filter(|&to| {
                let p = via(from, to);
                p.first & occupied == 0 || p.second & occupied == 0
            })
            .fold(0, |bits, to| bits | bit(to))
    }

    /// Every legal move of the side to move, written canonically.
    pub(super) fn generate(&self) -> Vec<ShogunMove> {
        let mut moves = Vec::new();
        let occupied = self.occupied();
        for from in squares(self.men[self.to_move.index()]) {
            for to in squares(self.targets(from)) {
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

    /// Whether the side to move has a legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        let mine = self.men[self.to_move.index()];
        let occupied = self.occupied();
        // Stops at the first legal move, without listing a piece's targets first.
        squares(mine).any(|from| {
            squares(ring(from, self.shows(from)) & !mine).any(|to| {
                let paths = via(from, to);
                (paths.first & occupied == 0 || paths.second & occupied == 0)
                    && self.exposer(from, to).is_none()
            })
        })
    }

    /// Why the side to move has lost, if it has.
    pub(super) fn find_loss(&self) -> Option<Loss> {
        let others = self.men[self.to_move.index()]
            .count_ones()
            .saturating_sub(1);
        if others <= 1 {
            Some(Loss::Pieces(others))
        } else if !self.has_legal_move() {
            Some(Loss::NoMove(self.attacker_of(self.to_move).is_some()))
        } else {
            None
        }
    }
}

/// Why the side to move has lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Loss {
    /// Only the Shogun and this many other pieces (0 or 1) are left.
    Pieces(u32),
    /// No legal move; whether the Shogun is attacked.
    NoMove(bool),
}

impl Loss {
    /// The reason in words, for the side that lost.
    pub(super) fn reason(self, side: Side) -> String {
        match self {
            Loss::Pieces(1) => format!("{} has only the Shogun and one piece left", side.name()),
            Loss::Pieces(_) => format!("{} has only the Shogun left", side.name()),
            Loss::NoMove(true) => format!("{} has no legal move (Shogun attacked)", side.name()),
            Loss::NoMove(false) => {
                format!("{} has no legal move (Shogun not attacked)", side.name())
            }
        }
    }
}
