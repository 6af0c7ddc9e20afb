//! fmt: see `kifu_fuzz::fmt`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::fmt(data));
