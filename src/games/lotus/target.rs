//! Where a pawn stops: the squares it skips, the last-pawn bonus, the
//! arrival places.

use super::*;

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

/// For each number of free squares a pawn move skips (its count less one:
/// 0 to 4), times 256, plus each occupancy of the eight squares after the
/// pawn (bit `i` for the square `i + 1` ahead): how many squares ahead the
/// pawn stops; 0 when it passes all eight. Rows past 4 stay 0.
const STOPS: [u8; 8 * 256] = stops();

/// Builds [`STOPS`].
const fn stops() -> [u8; 8 * 256] {
    let mut table = [0; 8 * 256];
    let mut skipped = 0;
    while skipped < MAX_ADVANCE as usize {
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
