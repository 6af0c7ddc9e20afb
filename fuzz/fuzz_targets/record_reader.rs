//! record_reader: see `kifu_fuzz::record_reader`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::record_reader(data));
