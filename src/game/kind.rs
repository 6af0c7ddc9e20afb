//! The games kifu referees, picked at run time: the one place a game is
//! registered.

use super::{AnyGame, Game, Numbering, SetupError, Tags};
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
        struct Names;
        impl GameVisitor for Names {
            type Output = &'static [&'static str];
            fn visit<G: Game>(self) -> Self::Output {
                G::TAGS
            }
        }
        self.visit(Names)
    }

    /// How this game numbers its movetext.
    pub fn numbering(self) -> Numbering {
        struct Of;
        impl GameVisitor for Of {
            type Output = Numbering;
            fn visit<G: Game>(self) -> Self::Output {
                G::NUMBERING
            }
        }
        self.visit(Of)
    }

    /// The start position the tags describe.
    ///
    /// # Errors
    /// Every reason found in the tags.
    pub fn start(self, tags: Tags<'_>) -> Result<Box<dyn AnyGame>, SetupError> {
        struct Start<'a>(Tags<'a>);
        impl GameVisitor for Start<'_> {
            type Output = Result<Box<dyn AnyGame>, SetupError>;
            fn visit<G: Game>(self) -> Self::Output {
                Ok(Box::new(G::from_tags(self.0)?))
            }
        }
        self.visit(Start(tags))
    }

    /// Tags for a random start position of this game.
    pub fn random_tags(self, rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
        struct Random<'a>(&'a mut crate::rng::Rng);
        impl GameVisitor for Random<'_> {
            type Output = Vec<(String, String)>;
            fn visit<G: Game>(self) -> Self::Output {
                G::random_tags(self.0)
            }
        }
        self.visit(Random(rng))
    }

    /// Runs `visitor` with this game's type: the one place where a kind
    /// becomes a type, so that work on a game is compiled for each game.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameKind::Mana => visitor.visit::<crate::games::mana::Mana>(),
            GameKind::Escampe => visitor.visit::<crate::games::escampe::Escampe>(),
            GameKind::Shogun => visitor.visit::<crate::games::shogun::Shogun>(),
            GameKind::Lotus => visitor.visit::<crate::games::lotus::Lotus>(),
        }
    }
}

/// Work done with a game's type, chosen at run time by [`GameKind::visit`].
pub trait GameVisitor {
    /// What the work gives.
    type Output;
    /// Does the work with the game `G`.
    fn visit<G: Game>(self) -> Self::Output;
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
