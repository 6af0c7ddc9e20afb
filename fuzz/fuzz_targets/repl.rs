//! repl: see `kifu_fuzz::repl`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::repl(data));
