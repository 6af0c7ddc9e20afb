//! The games, each behind the [`crate::game::Game`] trait, and the kits
//! they share.
//!
//! The table below is the one place a game is registered: its module and
//! type (the variant of [`GameKind`] too), its name and its title.
//!
//! Every game's folder has the same files, each with the same part of its
//! game:
//! - `mod.rs`: the module docs, the game's type and its `impl Game`;
//! - `rules.rs`: the rules of play: checking and applying a move, the
//!   legal moves, the end of the game and its outcome;
//! - `notation.rs`: the move type, its reader and its writer;
//! - `setup.rs`: the start position from the tags: reading and checking
//!   the setup tags, the tags a position writes, random setups;
//! - `position.rs`: the position's state and its JSON form;
//! - `fault.rs`: the game's errors, their codes and messages;
//! - `draw.rs`: the [`crate::draw::Drawing`] impl: the text board and the
//!   picture;
//! - `tests.rs`: the game's tests (the unit tests of one file may stand
//!   beside it, as `<file>_tests.rs`).
//!
//! Any other file holds a concept of that game alone, named for it (Shogun's
//! `board.rs`, Lotus's `course.rs`). The files of a game import one another
//! in no circle, but for `mod.rs`, which uses them all
//! (`tests/architecture.rs` checks both).

pub mod lines;

/// Declares the games' modules and [`GameKind`] from the table of games
/// below: each line a game's module and type, which is also its variant,
/// then its name and its title. It also lets a game picked at run time
/// draw as its own type does.
macro_rules! games {
    ($($module:ident::$game:ident => $name:literal, $title:literal;)*) => {
        $(pub mod $module;)*

        /// The games kifu referees.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(#[doc = $title] $game,)*
        }

        impl GameKind {
            /// Every game, in the order of the documentation.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$game,)*];

            /// The name used in the `Game` tag, on the command line and in
            /// the JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$game => $name,)*
                }
            }

            /// The game's full title, as `--help` gives it.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$game => $title,)*
                }
            }

            /// Runs `visitor` with this game's type: the one place where a
            /// kind becomes a type, so that work on a game is compiled for
            /// each game.
            pub fn visit<V: $crate::game::GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameKind::$game => visitor.visit::<$module::$game>(),)*
                }
            }
        }

        /// A game picked at run time draws as its own type does: its kind
        /// names the type. A game's kind is its type's (`Game::KIND`, which
        /// the unit tests of `game::kind` check line by line), so the empty
        /// board each method falls back on is never drawn.
        impl $crate::draw::Drawing for dyn $crate::game::AnyGame + '_ {
            fn text(&self, view: &$crate::draw::TextView<'_>) -> String {
                match self.kind() {
                    $(GameKind::$game => self
                        .own::<$module::$game>()
                        .map(|game| $crate::draw::Drawing::text(game, view)),)*
                }
                .unwrap_or_default()
            }

            fn scene(&self, view: &$crate::draw::View<'_>) -> $crate::draw::Scene {
                match self.kind() {
                    $(GameKind::$game => self
                        .own::<$module::$game>()
                        .map(|game| $crate::draw::Drawing::scene(game, view)),)*
                }
                .unwrap_or_else(|| $crate::draw::Scene::new(0.0, 0.0))
            }

            fn placement_text(
                &self,
                open: &[String],
                mover: &str,
                view: &$crate::draw::TextView<'_>,
            ) -> String {
                match self.kind() {
                    $(GameKind::$game => self
                        .own::<$module::$game>()
                        .map(|game| $crate::draw::Drawing::placement_text(game, open, mover, view)),)*
                }
                .unwrap_or_default()
            }

            fn move_squares(&self, parts: &$crate::game::MoveParts) -> [Option<String>; 2] {
                match self.kind() {
                    $(GameKind::$game => self
                        .own::<$module::$game>()
                        .map(|game| $crate::draw::Drawing::move_squares(game, parts)),)*
                }
                .unwrap_or_default()
            }
        }
    };
}

games! {
    mana::Mana => "mana", "Mana (Claude Leroy)";
    escampe::Escampe => "escampe", "Escampe, the first edition of Mana";
    shogun::Shogun => "shogun", "Shogun (Teruo Matsumoto)";
    lotus::Lotus => "lotus", "Flower of the Lotus (Bruno Faidutti)";
}

#[cfg(test)]
mod tests {
    use super::GameKind;
    use crate::draw::{Charset, Drawing, View};
    use crate::game::Tags;
    use crate::random::Rng;
    use crate::record::Tag;

    #[test]
    fn a_game_picked_at_run_time_draws_as_its_own_type_does() {
        for &kind in GameKind::ALL {
            let tags: Vec<Tag> = (kind.random_tags(&mut Rng::new(1)).into_iter())
                .map(|(name, value)| Tag {
                    name: name.into(),
                    value: value.into(),
                    offset: 0,
                })
                .collect();
            let Ok(game) = kind.start(Tags::new(&tags)) else {
                panic!("{kind}: no start");
            };
            let text = game.as_ref().text(&Charset::Ascii.into());
            assert!(text.lines().count() > 5, "{kind}: {text}");
            let scene = game.as_ref().scene(&View::default());
            assert!(
                scene.width > 0.0 && scene.nodes.len() > 10,
                "{kind}: {scene:?}"
            );
        }
    }
}
