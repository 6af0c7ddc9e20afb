//! The searches through movetext for the bytes that matter: `[`, `{`, `;`,
//! and once brackets are frequent, `\n` in place of `[`.

/// A search for the first of three bytes, set up once.
///
/// [`memchr::memchr3`] chooses its routine and sets up its needles on each
/// call. Lotus moves carry brackets (`o15[-P]`), some thirty bytes apart, so
/// the search is called often on short stretches and that setup is much of
/// its cost: on x86-64 the AVX2 searcher is built once, for the whole input.
#[derive(Debug, Clone, Copy)]
pub(super) struct Search3 {
    needles: [u8; 3],
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::Three>,
}

impl Search3 {
    /// The search for `a`, `b` and `c` this machine runs best.
    fn new(a: u8, b: u8, c: u8) -> Self {
        Self {
            needles: [a, b, c],
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::Three::new(a, b, c),
        }
    }

    /// The offset of the first of the three bytes in `haystack`.
    pub(super) fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = &self.avx2 {
            return avx2.find(haystack);
        }
        let [a, b, c] = self.needles;
        memchr::memchr3(a, b, c, haystack)
    }
}

/// The two searches through movetext.
#[derive(Debug, Clone, Copy)]
pub(super) struct Marks {
    /// `[`, `{` and `;`: from bracket to bracket, for movetext with few.
    pub(super) brackets: Search3,
    /// `\n`, `{` and `;`: a line at a time, for movetext with many brackets.
    pub(super) lines: Search3,
}

impl Marks {
    /// Both searches, set up.
    pub(super) fn new() -> Self {
        Self {
            brackets: Search3::new(b'[', b'{', b';'),
            lines: Search3::new(b'\n', b'{', b';'),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn finds_the_first_mark_at_any_distance() {
        let marks = Marks::new();
        for (search, needles) in [(marks.brackets, b"[{;"), (marks.lines, b"\n{;")] {
            for len in [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 200] {
                let mut text = vec![b'a'; len];
                assert_eq!(search.find(&text), None, "{len} bytes, no mark");
                for &mark in needles {
                    text.push(mark);
                    text.extend_from_slice(b"x[{;\n");
                    assert_eq!(search.find(&text), Some(len), "{len} bytes, then {mark}");
                    text.truncate(len);
                }
            }
        }
    }
}
