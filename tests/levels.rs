//! The engine's levels as the board names them: each level's Elo
//! (`Level::elo`) is the chain of the steps measured in benches/README.md's
//! levels table (level 1 at 1000, each step's Elo added), so that the
//! figures a player sees are the ones measured.

use kifu::engine::Level;
use kifu::game::GameKind;

/// The levels table of benches/README.md: its games, in its column
/// order, and each step's Elo (`None` where not measured).
fn table() -> (Vec<GameKind>, Vec<Vec<Option<i32>>>) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("benches/README.md")).unwrap_or_else(|e| panic!("{e}"));
    let (_, rest) = text
        .split_once("| step | mana | escampe | shogun | lotus |")
        .unwrap_or_else(|| panic!("benches/README.md has no levels table"));
    let games = vec![
        GameKind::Mana,
        GameKind::Escampe,
        GameKind::Shogun,
        GameKind::Lotus,
    ];
    let mut steps = Vec::new();
    for row in rest
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with("| "))
    {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let elo = |cell: &str| {
            let (_, after) = cell.rsplit_once(", ")?;
            after
                .split(' ')
                .next()?
                .trim_start_matches('+')
                .parse::<i32>()
                .ok()
        };
        steps.push(cells[1..].iter().map(|cell| elo(cell)).collect());
    }
    (games, steps)
}

#[test]
fn each_level_s_elo_is_the_chain_of_the_steps_measured() {
    let (games, steps) = table();
    assert_eq!(steps.len(), 7, "{steps:?}");
    for (column, &kind) in games.iter().enumerate() {
        let mut chained = Some(1000);
        let mut expected = vec![chained];
        for row in &steps {
            chained = chained.zip(row[column]).map(|(sum, step)| sum + step);
            expected.push(chained);
        }
        let shown: Vec<Option<i32>> = Level::all().map(|level| level.elo(kind)).collect();
        assert_eq!(shown, expected, "{kind:?}");
    }
}
