//! The evaluation weights of every game as `kifu engine`'s options: each
//! is named after its game (`ManaFreePiece`, `ShogunCheck`), so that a
//! self-play match can set one game's weights and leave the rest.

use super::{Evaluation, EvaluationVisitor, Weight, visit};
use crate::game::GameKind;
use crate::kep::OptionError;

/// The largest magnitude an option may give a weight: far beyond any
/// sensible value, and small enough that no sum of weights overflows.
pub(super) const LIMIT: i32 = 100_000;

/// The weights the engine plays with, game by game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Each game with weights, its weights and their values in order.
    games: Vec<(GameKind, &'static [Weight], Vec<i32>)>,
}

impl Default for Weights {
    fn default() -> Self {
        Self::with(|_| &[])
    }
}

impl Weights {
    /// The weights the engine's levels were rated with
    /// ([`Evaluation::RATED`]), game by game.
    pub fn rated() -> Self {
        Self::with(|kind| visit(kind, RatedOf))
    }

    /// Each game's weights, the values `values` gives (a value it leaves
    /// out is the weight's default).
    fn with(values: impl Fn(GameKind) -> &'static [i32]) -> Self {
        let games = GameKind::ALL
            .iter()
            .map(|&kind| {
                let weights = weights_of(kind);
                let given = values(kind);
                let values = (weights.iter().enumerate())
                    .map(|(at, w)| given.get(at).copied().unwrap_or(w.default))
                    .collect();
                (kind, weights, values)
            })
            .filter(|(_, weights, _)| !weights.is_empty())
            .collect();
        Self { games }
    }

    /// The values of `kind`'s weights, in the order of [`Evaluation::WEIGHTS`].
    pub fn of(&self, kind: GameKind) -> &[i32] {
        let game = self.games.iter().find(|(k, _, _)| *k == kind);
        game.map_or(&[], |(_, _, values)| values)
    }

    /// Every weight as an option: its name and its value now.
    pub fn options(&self) -> Vec<(String, String)> {
        let mut options = Vec::new();
        for (kind, weights, values) in &self.games {
            for (weight, value) in weights.iter().zip(values) {
                options.push((option_name(*kind, weight), value.to_string()));
            }
        }
        options
    }

    /// Sets the weight that the option `name` names, if any: `None` when
    /// no weight has that name.
    ///
    /// # Errors
    /// `value` is not a whole number within ±100,000.
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<(), OptionError>> {
        for (kind, weights, values) in &mut self.games {
            let at = weights.iter().position(|w| option_name(*kind, w) == name);
            if let Some(slot) = at.and_then(|at| values.get_mut(at)) {
                return Some(match value.parse::<i32>() {
                    Ok(v) if (-LIMIT..=LIMIT).contains(&v) => {
                        *slot = v;
                        Ok(())
                    }
                    _ => Err(OptionError::NotInRange {
                        name: name.to_owned(),
                        value: value.to_owned(),
                        range: -LIMIT..=LIMIT,
                    }),
                });
            }
        }
        None
    }
}

/// The option that sets `weight` of `kind`: the game's name, capitalised,
/// then the weight's.
pub(super) fn option_name(kind: GameKind, weight: &Weight) -> String {
    let game = kind.name();
    let mut name = String::with_capacity(game.len() + weight.name.len());
    let mut letters = game.chars();
    name.extend(letters.next().map(|c| c.to_ascii_uppercase()));
    name.extend(letters);
    name + weight.name
}

/// The weights of `kind`'s evaluation ([`Evaluation::WEIGHTS`]): none
/// for a game that gives none.
pub(super) fn weights_of(kind: GameKind) -> &'static [Weight] {
    visit(kind, WeightsOf)
}

/// The weights of a game, as its own type.
struct WeightsOf;

impl EvaluationVisitor for WeightsOf {
    type Output = &'static [Weight];

    fn visit<G: Evaluation>(self) -> &'static [Weight] {
        G::WEIGHTS
    }
}

/// The weights a game's levels were rated with, as its own type.
struct RatedOf;

impl EvaluationVisitor for RatedOf {
    type Output = &'static [i32];

    fn visit<G: Evaluation>(self) -> &'static [i32] {
        G::RATED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_an_option_named_after_its_game() {
        let names: Vec<String> = Weights::default()
            .options()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(
            names,
            [
                "ManaFreePiece",
                "ManaThreat",
                "ManaAttack",
                "ManaAttacked",
                "ManaEscape",
                "EscampeFreePiece",
                "EscampeThreat",
                "EscampeAttack",
                "EscampeAttacked",
                "EscampeEscape",
                "ShogunCloseness",
                "ShogunCheck",
                "ShogunMobility",
                "ShogunHanging",
                "ShogunPressure",
                "ShogunEscape",
                "ShogunShows2",
                "ShogunShows3",
                "ShogunShows4"
            ]
        );
    }

    #[test]
    fn the_levels_keep_the_weights_they_were_rated_with() {
        let rated = Weights::rated();
        assert_eq!(rated.of(GameKind::Mana), [12, 50, 0, 0, 0]);
        assert_eq!(rated.of(GameKind::Escampe), [12, 25, 0, 0, 0]);
        assert_eq!(rated.of(GameKind::Shogun), [2, 20, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(rated.of(GameKind::Lotus), [] as [i32; 0]);
    }

    #[test]
    fn an_option_sets_one_games_weight_only() {
        let mut weights = Weights::default();
        assert_eq!(weights.set("EscampeThreat", "40"), Some(Ok(())));
        assert_eq!(weights.of(GameKind::Escampe), [6, 40, 114, 178, 12]);
        assert_eq!(weights.of(GameKind::Mana), [-31, 272, 400, 366, -11]);
        assert_eq!(weights.of(GameKind::Lotus), [] as [i32; 0]);
        assert_eq!(weights.set("Depth", "4"), None);
        let said = |name, value| {
            let set = weights.clone().set(name, value);
            set.map(|set| set.map_err(|e| e.to_string()))
        };
        assert_eq!(
            said("ShogunCheck", "-2147483648"),
            Some(Err(
                "ShogunCheck takes a whole number from -100000 to 100000, not -2147483648".into()
            ))
        );
        assert_eq!(
            said("ShogunCheck", "x"),
            Some(Err(
                "ShogunCheck takes a whole number from -100000 to 100000, not x".into()
            ))
        );
    }
}
