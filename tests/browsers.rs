//! The tests in a real browser, Debian's Chromium driven through
//! chromedriver: a test binary of their own (issue 51), one module a file
//! (`tests/browser*.rs`), beside `integration` (`tests/tests.rs`), which
//! holds every other file of `tests/`. Chromium's processes take the
//! machine's cores while a page is replayed, and in one binary with the
//! rest they starved the tests bound by time (an engine's move within its
//! `--movetime`, a match's clocks) that ran beside them; cargo runs the
//! two binaries one after the other.
//!
//! `cargo test --test browsers` runs them. Without Chromium and
//! chromedriver they say so and pass, except with `CI=true`.

mod support {
    pub mod chromium;
    pub mod fixtures;
    pub mod matches;
    pub mod serve;
    pub mod watch;
}

mod browser;
mod browser_analyse;
mod browser_annotate;
mod browser_players;
mod browser_review;
mod browser_rules;
mod browser_serve;
mod browser_static;
mod browser_watch;
