//! The games, each behind the [`crate::game::Game`] trait, and the kits
//! they share.
//!
//! The table below is the one place a game is registered: its module and
//! type (the variant of [`GameKind`] too), its name and its title.

pub mod lines;
pub mod square;

crate::game::games! {
    mana::Mana => "mana", "Mana (Claude Leroy)";
    escampe::Escampe => "escampe", "Escampe, the first edition of Mana";
    shogun::Shogun => "shogun", "Shogun (Teruo Matsumoto)";
    lotus::Lotus => "lotus", "Flower of the Lotus (Bruno Faidutti)";
}
