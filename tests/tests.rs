//! The integration tests: one binary of modules, one module a file of
//! `tests/` (as ripgrep keeps `tests/tests.rs`). Each test binary links
//! the whole crate, and the 63 there were, one a file, were most of the
//! test build's time (issue 51, `benches/README.md`); so `Cargo.toml`
//! sets `autotests = false` and names the two there are: this one, and
//! `tests/browsers.rs`, the tests in Chromium, which run apart because a
//! browser takes the cores that the timing-bound tests here (engines'
//! move times, clocks) count on. A new file of `tests/` is a `mod` line
//! in one of them, or it is never built (`every_file_of_tests_is_a_module`
//! says so).
//!
//! `cargo test --test integration MODULE::` runs one file's tests. Their
//! insta snapshots are `tests/snapshots/integration__MODULE__NAME.snap`.
//! A helper shared by several files is a module of `support`.

mod support {
    pub mod fixtures;
    pub mod hostile;
    pub mod long;
    pub mod man;
    pub mod matches;
    pub mod perft;
    pub mod play;
    pub mod run;
    pub mod serve;
    pub mod shogun;
    pub mod terminal;
    pub mod watch;
}

mod analyse;
mod architecture;
mod board;
mod cli;
mod closed_pipes;
mod codes;
mod collections;
mod colour;
mod compressed;
mod course;
mod engine;
mod escampe;
mod examples;
mod first_hour;
mod fixtures;
mod fmt;
mod hostile_endless;
mod hostile_import;
mod hostile_input;
mod hostile_limits;
mod hostile_output;
mod import;
mod invalid_records;
mod json_escapes;
mod json_long;
mod json_writer;
mod levels;
mod lotus;
mod lotus_moves;
mod mana;
mod match_out;
mod matches;
mod no_threads;
mod orphans;
mod packages;
mod pictures;
mod placement;
mod play;
mod play_engine;
mod play_errors;
mod play_guard;
mod play_save;
mod play_terminal;
mod positions;
mod properties;
mod readme;
mod regressions;
mod schema;
mod serve;
mod serve_annotate;
mod serve_clock;
mod serve_guard;
mod serve_losses;
mod serve_play;
mod serve_review;
mod serve_watch;
mod shogun_check;
mod shogun_moves;
mod shogun_perft;
mod shogun_setup;
mod solve;
mod starts;
mod terminal_escapes;
mod termination;
mod tournaments;
mod tune;
mod variations;
mod writers;

/// Every `.rs` file of `tests/` is a module of this binary or of
/// `tests/browsers.rs`: with `autotests = false`, cargo builds no other.
#[test]
fn every_file_of_tests_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let roots = [include_str!("tests.rs"), include_str!("browsers.rs")];
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let name = entry.unwrap_or_else(|e| panic!("{e}")).file_name();
        let name = name.to_string_lossy();
        if let Some(module) = name.strip_suffix(".rs")
            && !["tests", "browsers"].contains(&module)
            && !roots
                .iter()
                .any(|root| root.contains(&format!("\nmod {module};\n")))
        {
            missing.push(name.into_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "not a module of tests/tests.rs or tests/browsers.rs: {missing:?}"
    );
}
