//! json_import: see `kifu_fuzz::json_import`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::json_import(data));
