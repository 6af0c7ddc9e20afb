//! The games kifu referees, picked at run time: the one place a game is
//! registered.

use super::{AnyGame, Game, TagError, Tags};
use std::fmt;

/// The games kifu referees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Mana (Claude Leroy).
    Mana,
    /// Escampe, the first edition of Mana.
    Escampe,
    /// Shogun (Teruo Matsumoto).
    Shogun,
    /// Flower of the Lotus (Bruno Faidutti).
    Lotus,
}

/// Tags every record may carry, whatever the game.
pub const COMMON_TAGS: &[&str] = &[
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Annotator",
    "Result",
];

impl GameKind {
    /// Every game, in the order of the documentation.
    pub const ALL: [GameKind; 4] = [
        GameKind::Mana,
        GameKind::Escampe,
        GameKind::Shogun,
        GameKind::Lotus,
    ];

    /// The name used in the `Game` tag.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Mana => "mana",
            GameKind::Escampe => "escampe",
            GameKind::Shogun => "shogun",
            GameKind::Lotus => "lotus",
        }
    }

    /// The game named by a `Game` tag value.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The tags this game reads, besides the common ones.
    pub fn tags(self) -> &'static [&'static str] {
        match self {
            GameKind::Mana => crate::games::mana::Mana::TAGS,
            GameKind::Escampe => crate::games::escampe::Escampe::TAGS,
            GameKind::Shogun => crate::games::shogun::Shogun::TAGS,
            GameKind::Lotus => crate::games::lotus::Lotus::TAGS,
        }
    }

    /// The start position the tags describe.
    ///
    /// # Errors
    /// The first tag that is missing or wrong.
    pub fn start(self, tags: Tags<'_>) -> Result<Box<dyn AnyGame>, TagError> {
        fn boxed<G: Game + fmt::Debug>(tags: Tags<'_>) -> Result<Box<dyn AnyGame>, TagError> {
            Ok(Box::new(G::from_tags(tags)?))
        }
        match self {
            GameKind::Mana => boxed::<crate::games::mana::Mana>(tags),
            GameKind::Escampe => boxed::<crate::games::escampe::Escampe>(tags),
            GameKind::Shogun => boxed::<crate::games::shogun::Shogun>(tags),
            GameKind::Lotus => boxed::<crate::games::lotus::Lotus>(tags),
        }
    }
}

impl GameKind {
    /// Tags for a random start position of this game.
    pub fn random_tags(self, rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
        match self {
            GameKind::Mana => crate::games::mana::Mana::random_tags(rng),
            GameKind::Escampe => crate::games::escampe::Escampe::random_tags(rng),
            GameKind::Shogun => crate::games::shogun::Shogun::random_tags(rng),
            GameKind::Lotus => crate::games::lotus::Lotus::random_tags(rng),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
