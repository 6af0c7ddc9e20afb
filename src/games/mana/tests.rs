//! Mana unit tests (none yet: the fixtures cover the rules).

#[allow(unused_imports)]
use super::*;
