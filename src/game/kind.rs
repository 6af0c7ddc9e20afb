//! The games kifu referees, picked at run time: the one place a game is
//! registered.
//!
//! The `games!` table in `src/games/mod.rs` gives each game its module,
//! its type and variant of [`GameKind`], its name (that of the `Game` tag,
//! the command line and the JSON) and its title; everything else kifu
//! knows of a game it asks the type, through [`GameKind::visit`]. A new
//! game is its own folder under `src/games` and one line of that table.

use super::{AnyGame, Game, Numbering, SetupError, Tags};
pub use crate::games::GameKind;
use std::fmt;

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
    /// The game named by a `Game` tag value.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
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

    /// The code of every fault the game reports ([`Game::CODES`]).
    pub fn codes(self) -> &'static [&'static str] {
        struct Codes;
        impl GameVisitor for Codes {
            type Output = &'static [&'static str];
            fn visit<G: Game>(self) -> Self::Output {
                G::CODES
            }
        }
        self.visit(Codes)
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

    /// The tag a fresh game of this kind adds to the tags `given`
    /// ([`Game::default_tag`]).
    pub fn default_tag(self, given: &[(String, String)]) -> Option<(&'static str, String)> {
        struct Default<'a>(&'a [(String, String)]);
        impl GameVisitor for Default<'_> {
            type Output = Option<(&'static str, String)>;
            fn visit<G: Game>(self) -> Self::Output {
                G::default_tag(self.0)
            }
        }
        self.visit(Default(given))
    }

    /// The `Players` value of a game of `seats` players, for a game whose
    /// tags set how many play ([`Game::players_of`]).
    pub fn players_of(self, seats: usize) -> Option<String> {
        struct Players(usize);
        impl GameVisitor for Players {
            type Output = Option<String>;
            fn visit<G: Game>(self) -> Self::Output {
                G::players_of(self.0)
            }
        }
        self.visit(Players(seats))
    }

    /// The parts of a score that can decide its games ([`Game::MARKS`]).
    pub fn marks(self) -> &'static [char] {
        struct Marks;
        impl GameVisitor for Marks {
            type Output = &'static [char];
            fn visit<G: Game>(self) -> Self::Output {
                G::MARKS
            }
        }
        self.visit(Marks)
    }

    /// Whether its results are scores, not a winner's token ([`Game::WINS`]
    /// is empty: lotus).
    pub fn scores_results(self) -> bool {
        struct Scores;
        impl GameVisitor for Scores {
            type Output = bool;
            fn visit<G: Game>(self) -> Self::Output {
                G::WINS.is_empty()
            }
        }
        self.visit(Scores)
    }

    /// Tags for a random start position of this game.
    pub fn random_tags(self, rng: &mut crate::random::Rng) -> Vec<(String, String)> {
        struct Random<'a>(&'a mut crate::random::Rng);
        impl GameVisitor for Random<'_> {
            type Output = Vec<(String, String)>;
            fn visit<G: Game>(self) -> Self::Output {
                G::random_tags(self.0)
            }
        }
        self.visit(Random(rng))
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

impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl schemars::JsonSchema for GameKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Game".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = super::string_enum(Self::ALL.iter().map(|kind| kind.name()));
        schema.insert("description".into(), "A game, by its name.".into());
        schema
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of a game's type.
    struct KindOf;
    impl GameVisitor for KindOf {
        type Output = GameKind;
        fn visit<G: Game>(self) -> GameKind {
            G::KIND
        }
    }

    #[test]
    fn each_line_of_the_table_has_its_own_game_and_name() {
        // Every variant is in the table by construction (`games!`); each
        // line must name its own game's type, and a name of its own.
        for (i, &kind) in GameKind::ALL.iter().enumerate() {
            assert_eq!(kind.visit(KindOf), kind, "{kind:?} visits another game");
            assert_eq!(GameKind::from_name(kind.name()), Some(kind));
            assert!(!GameKind::ALL[..i].contains(&kind), "{kind:?} twice");
        }
    }

    #[test]
    fn the_json_name_is_the_table_name() {
        for &kind in GameKind::ALL {
            let json = serde_json::to_value(kind).ok();
            assert_eq!(json, Some(serde_json::Value::from(kind.name())));
        }
    }
}
