//! The engine's eight levels, the same everywhere (`kifu engine --level`,
//! the `Level` option of KEP, `kifu play --level`, `kifu.Engine(level=)`
//! and the board of `kifu serve`): from 1, which a new player can beat
//! because it makes a person's mistakes ([`super::Mistakes`]), not random
//! moves, to 8, the engine at full strength. Each level is a [`Style`]:
//! how deep or how many nodes it searches, and how it errs. What each
//! is worth is measured (benches/levels.sh, its table in
//! benches/README.md), and written beside it.

use super::Style;
use crate::game::GameKind;
use std::time::Duration;

/// A level, 1 to 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// The lowest level and the highest.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// What a level does: how deep it searches (lotus: 1 is one turn ahead,
/// 2 Monte Carlo), the most nodes (lotus: playouts; none: the time it is
/// given), whether it plays captures out, and its temper
/// ([`super::Mistakes`], 0 for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    depth: u32,
    nodes: Option<u64>,
    quiescence: bool,
    temper: u32,
}

/// A step searching `depth` plies, at most `nodes`, erring by `temper`.
const fn step(depth: u32, nodes: Option<u64>, temper: u32) -> Step {
    Step {
        depth,
        nodes,
        quiescence: true,
        temper,
    }
}

/// The first step of a two-player game: a ply deep, captures not played
/// out, erring by `temper`.
const fn first(temper: u32) -> Step {
    Step {
        depth: 1,
        nodes: None,
        quiescence: false,
        temper,
    }
}

/// A game's levels, weakest first, and the Elo of each, measured by
/// benches/levels.sh (each level against the one below, level 1 at
/// 1000: the scale of kifu's own levels, not of chess ratings); `None`
/// where a step is not measured yet (benches/README.md says with how
/// many games each was).
#[derive(Debug, Clone, Copy)]
struct Ladder {
    steps: [Step; 8],
    elo: [Option<i32>; 8],
}

/// Full strength: as deep as the time allows.
const FULL: Step = step(64, None, 0);

// Each game's levels, set so that each beats the one below in 60% to
// 85% of the games (benches/levels.sh): a game's search gains more or
// less from a ply, and lotus's from its playouts.

/// Mana's levels.
const MANA: Ladder = Ladder {
    steps: [
        first(200),
        step(1, None, 100),
        step(2, None, 60),
        step(3, None, 30),
        step(4, None, 0),
        step(64, Some(12_000), 0),
        step(64, Some(25_000), 0),
        FULL,
    ],
    elo: [
        Some(1000),
        Some(1264),
        Some(1443),
        Some(1594),
        Some(1741),
        Some(1986),
        Some(2133),
        Some(2423),
    ],
};

/// Escampe's levels.
const ESCAMPE: Ladder = Ladder {
    steps: [
        first(400),
        step(1, None, 100),
        step(2, None, 60),
        step(3, None, 30),
        step(4, None, 0),
        step(64, Some(5_000), 0),
        step(64, Some(46_000), 0),
        FULL,
    ],
    elo: [
        Some(1000),
        Some(1073),
        Some(1197),
        Some(1283),
        Some(1375),
        Some(1453),
        Some(1523),
        Some(1590),
    ],
};

/// Shogun's levels: a piece left hanging loses the game, so the lowest
/// already plays captures out and errs by little, and from the third on
/// each searches a ply deeper.
const SHOGUN: Ladder = Ladder {
    steps: [
        step(1, None, 25),
        step(2, None, 27),
        step(2, None, 0),
        step(3, None, 0),
        step(4, None, 0),
        step(5, None, 0),
        step(6, None, 0),
        FULL,
    ],
    elo: [
        Some(1000),
        Some(1260),
        Some(1524),
        Some(1763),
        Some(2027),
        Some(2279),
        Some(2446),
        Some(2647),
    ],
};

/// Lotus's levels: one turn ahead, erring less and less (the temper in
/// hundredths of a point of lead) up to level 7, which plays the turn of
/// the best lead; level 8 plays races out (Monte Carlo) for all the time
/// it has (a few hundred playouts gain little over the best lead).
const LOTUS: Ladder = Ladder {
    steps: [
        step(1, None, 1500),
        step(1, None, 290),
        step(1, None, 155),
        step(1, None, 104),
        step(1, None, 64),
        step(1, None, 40),
        step(1, None, 0),
        step(2, None, 0),
    ],
    elo: [
        Some(1000),
        Some(1097),
        Some(1226),
        Some(1302),
        Some(1439),
        Some(1542),
        Some(1678),
        Some(1842),
    ],
};

/// The names of the levels, in order.
const NAMES: [&str; 8] = [
    "Beginner",
    "Novice",
    "Casual",
    "Intermediate",
    "Club",
    "Advanced",
    "Expert",
    "Full strength",
];

impl Level {
    /// Full strength.
    pub const FULL: Level = Level(8);

    /// Level `number`, if it is one (1 to 8).
    pub fn new(number: u8) -> Option<Self> {
        LEVELS.contains(&number).then_some(Self(number))
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        LEVELS.map(Level)
    }

    /// Its number, 1 to 8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Its name ("Beginner", ..., "Full strength").
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// Its measured Elo in `kind`, once measured.
    pub fn elo(self, kind: GameKind) -> Option<i32> {
        ladder(kind).elo[self.index()]
    }

    /// How it plays a game of `kind`, given `movetime` a move when `go`
    /// gives no clock.
    pub fn style(self, kind: GameKind, movetime: Duration) -> Style {
        let step = ladder(kind).steps[self.index()];
        Style {
            depth: step.depth,
            movetime,
            quiescence: step.quiescence,
            nodes: step.nodes,
            temper: step.temper,
        }
    }

    fn index(self) -> usize {
        usize::from(self.0.clamp(1, 8) - 1)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// The levels of `kind`.
fn ladder(kind: GameKind) -> &'static Ladder {
    match kind {
        GameKind::Mana => &MANA,
        GameKind::Escampe => &ESCAMPE,
        GameKind::Shogun => &SHOGUN,
        GameKind::Lotus => &LOTUS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_eight_levels_named_weakest_first() {
        let names: Vec<_> = Level::all()
            .map(|level| (level.number(), level.name()))
            .collect();
        assert_eq!(names.len(), 8);
        assert_eq!(names[0], (1, "Beginner"));
        assert_eq!(names[7], (8, "Full strength"));
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(
            Level::new(3).map(|l| l.to_string()),
            Some("level 3".to_owned())
        );
    }

    #[test]
    fn each_level_searches_no_less_than_the_one_below_and_deeper_or_errs_less() {
        let second = Duration::from_secs(1);
        for &kind in GameKind::ALL {
            let styles: Vec<Style> = Level::all()
                .map(|level| level.style(kind, second))
                .collect();
            for pair in styles.windows(2) {
                // A level may err by a larger temper only where it searches
                // a ply deeper (shogun's second level: its scores are of
                // a deeper search).
                let (below, above) = (pair[0], pair[1]);
                let nodes = |style: Style| style.nodes.unwrap_or(u64::MAX);
                let search = |style: Style| (style.depth, nodes(style), style.quiescence);
                assert!(search(above) >= search(below), "{kind:?}: {pair:?}");
                let deeper = search(above) > search(below);
                assert!(deeper || above.temper < below.temper, "{kind:?}: {pair:?}");
                assert!(
                    above.depth > below.depth || above.temper <= below.temper,
                    "{kind:?}: {pair:?}"
                );
            }
            let full = Level::FULL.style(kind, second);
            assert_eq!((full.nodes, full.temper), (None, 0), "{kind:?}");
            assert_eq!(styles[0].movetime, second);
        }
    }
}
