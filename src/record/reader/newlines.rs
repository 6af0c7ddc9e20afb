//! Counting the lines of a record as the scan passes them.

/// The newlines a scan passed one by one, counted on the way so that its
/// lines need not be searched for them again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct NewlineCount {
    /// The offset up to which newlines are counted.
    pub(super) to: usize,
    /// The newlines before `to`.
    pub(super) lines: usize,
    /// No newline lies between `to` and where the scan is: it skipped none.
    exact: bool,
}

impl NewlineCount {
    /// Nothing counted yet, from offset `at`.
    pub(super) fn from(at: usize) -> Self {
        Self {
            to: at,
            lines: 0,
            exact: true,
        }
    }

    /// Notes that the scan may skip newlines from here on.
    pub(super) fn skip(&mut self) {
        self.exact = false;
    }

    /// Counts the newline at `newline` of `run`, and those skipped before it
    /// since the last one counted.
    pub(super) fn pass(&mut self, run: &[u8], newline: usize) {
        if !self.exact {
            let skipped = &run[self.to..newline];
            self.lines += count_lines(skipped);
            self.exact = true;
        }
        self.lines += 1;
        self.to = newline + 1;
    }

    /// The newlines with offsets counted from `start`.
    pub(super) fn since(self, start: usize) -> Self {
        Self {
            to: self.to - start,
            ..self
        }
    }
}

/// The number of newlines in `bytes`.
pub(super) fn count_lines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

#[cfg(test)]
mod tests {
    use super::NewlineCount;

    #[test]
    fn counts_newlines_passed_one_by_one() {
        let run = b"ab\ncd\n\nef";
        let mut newlines = NewlineCount::from(0);
        for newline in [2, 5, 6] {
            newlines.pass(run, newline);
        }
        assert_eq!((newlines.to, newlines.lines), (7, 3));
        assert_eq!(newlines.since(2).to, 5);
    }

    #[test]
    fn counts_the_newlines_skipped_before_one_passed() {
        let run = b"x\n[a\nb\n{c\nd}\ne\n";
        let mut newlines = NewlineCount::from(2);
        newlines.skip();
        newlines.pass(run, 12);
        assert_eq!((newlines.to, newlines.lines), (13, 4));
        newlines.pass(run, 14);
        assert_eq!((newlines.to, newlines.lines), (15, 5));
    }
}
