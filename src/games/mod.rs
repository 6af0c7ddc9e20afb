//! The games, each behind the [`crate::game::Game`] trait.

pub mod escampe;
pub mod lines;
pub mod lotus;
pub mod mana;
pub mod shogun;
pub mod square;
