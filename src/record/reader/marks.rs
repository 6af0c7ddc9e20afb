//! The search for the bytes that matter in movetext: `[`, `{` and `;`.

/// Finds the first `[`, `{` or `;` in movetext.
///
/// [`memchr::memchr3`] chooses its routine and sets up its needles on each
/// call. Lotus moves carry brackets (`o15[-P]`), some thirty bytes apart, so
/// the search is called often on short stretches and that setup is much of
/// its cost: on x86-64 the AVX2 searcher is built once, for the whole input.
#[derive(Debug, Clone, Copy)]
pub(super) struct Marks {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::Three>,
}

impl Marks {
    /// The searcher this machine runs best.
    pub(super) fn new() -> Self {
        Self {
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::Three::new(b'[', b'{', b';'),
        }
    }

    /// The offset of the first `[`, `{` or `;` in `haystack`.
    pub(super) fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = &self.avx2 {
            return avx2.find(haystack);
        }
        memchr::memchr3(b'[', b'{', b';', haystack)
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn finds_the_first_mark_at_any_distance() {
        let marks = Marks::new();
        for len in [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 200] {
            let mut text = vec![b'a'; len];
            assert_eq!(marks.find(&text), None, "{len} bytes, no mark");
            for mark in [b'[', b'{', b';'] {
                text.push(mark);
                text.extend_from_slice(b"x[{;");
                assert_eq!(marks.find(&text), Some(len), "{len} bytes, then {mark}");
                text.truncate(len);
            }
        }
    }
}
