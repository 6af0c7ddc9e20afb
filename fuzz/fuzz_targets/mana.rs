//! mana: the legal-move list and the single-move check agree.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::game(kifu::GameKind::Mana, data));
