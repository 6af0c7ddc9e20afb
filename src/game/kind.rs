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
}

/// Defines methods of [`GameKind`] that ask the game's type: each is a
/// [`GameVisitor`] that carries the method's arguments to `G`.
macro_rules! asked_of_the_type {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty = $game:ident => $body:expr;
    )*) => {
        impl GameKind {$(
            $(#[$doc])*
            pub fn $name(self, $($arg: $ty),*) -> $out {
                struct Ask<A>(A);
                impl GameVisitor for Ask<($($ty,)*)> {
                    type Output = $out;
                    fn visit<$game: Game>(self) -> $out {
                        let ($($arg,)*) = self.0;
                        $body
                    }
                }
                self.visit(Ask(($($arg,)*)))
            }
        )*}
    };
}

asked_of_the_type! {
    /// The tags this game reads, besides the common ones.
    fn tags() -> &'static [&'static str] = G => G::TAGS;
    /// The code of every fault the game reports ([`Game::CODES`]).
    fn codes() -> &'static [&'static str] = G => G::CODES;
    /// How this game numbers its movetext.
    fn numbering() -> Numbering = G => G::NUMBERING;
    /// The parts of a score that can decide its games ([`Game::MARKS`]).
    fn marks() -> &'static [char] = G => G::MARKS;
    /// Whether its results are scores, not a winner's token ([`Game::WINS`]
    /// is empty: lotus).
    fn scores_results() -> bool = G => G::WINS.is_empty();
    /// The start position the tags describe.
    ///
    /// # Errors
    /// Every reason found in the tags.
    fn start(tags: Tags<'_>) -> Result<Box<dyn AnyGame>, SetupError> = G => {
        Ok(Box::new(G::from_tags(tags)?))
    };
    /// The tag a fresh game of this kind adds to the tags `given`
    /// ([`Game::default_tag`]).
    fn default_tag(given: &[(String, String)]) -> Option<(&'static str, String)> = G => {
        G::default_tag(given)
    };
    /// The start the players still place, when the tags `given` leave it
    /// open ([`Game::placing`]).
    fn placing(given: &[(String, String)]) -> Option<Box<dyn super::Placing>> = G => {
        G::placing(given)
    };
    /// The `Players` value of a game of `seats` players, for a game whose
    /// tags set how many play ([`Game::players_of`]).
    fn players_of(seats: usize) -> Option<String> = G => G::players_of(seats);
    /// Tags for a random start position of this game.
    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> = G => {
        G::random_tags(rng)
    };
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
