//! engine_protocol: see `kifu_fuzz::engine_protocol`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::engine_protocol(data));
