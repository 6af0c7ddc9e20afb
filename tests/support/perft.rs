//! The perft fixtures of every game, `fixtures/GAME/perft.txt`, and the
//! two counts they are checked by: the generator's perft, and a brute
//! force that finds each position's moves without the generator (each
//! game brings its own enumeration of candidate moves) and checks them
//! against the generator's list on the way.
//!
//! The format, as shakmaty's perft files: blocks of lines, each opened by
//! `id NAME`, then `setup` with the setup tags (`[Name "value"] ...`, read
//! as a record's tags), optionally `moves` (moves played from the setup,
//! turn numbers such as `1.` allowed), then `perft DEPTH COUNT` lines.
//! Blank lines and `#` comments are passed over; any other line is an
//! error.
#![allow(dead_code)]

use kifu::game::{Game, MoveFault, Tags, perft};
use kifu::record::Tag;
use std::collections::BTreeSet;

/// One entry of a `perft.txt` fixture.
pub struct PerftCase {
    /// The case's name.
    pub id: String,
    /// The setup tags.
    pub tags: Vec<Tag>,
    /// The moves played from the setup, turn numbers included.
    pub moves: String,
    /// Each depth and its count.
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The setup tags as name and value.
    pub fn tag_pairs(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .map(|tag| (tag.name.to_string(), tag.value.to_string()))
            .collect()
    }

    /// The position to count from: the setup, then the case's moves.
    pub fn game<G: Game>(&self) -> G {
        let mut game =
            G::from_tags(Tags::new(&self.tags)).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        replay(&mut game, &self.moves);
        game
    }
}

/// The setup tags of a `setup` line, read as a record's tags.
fn setup_tags(line: &str, setup: &str) -> Vec<Tag> {
    let head = setup.replace("] [", "]\n[");
    let record = kifu::record::parse_record(format!("{head}\n\n*\n"), 1)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert!(!record.tags.is_empty(), "{line}: no tags");
    record.tags
}

/// The cases of `fixtures/GAME/perft.txt`, at least `at_least` of them,
/// each with a count.
pub fn cases(game: &str, at_least: usize) -> Vec<PerftCase> {
    let path = format!("{}/fixtures/{game}/perft.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_owned(),
                tags: Vec::new(),
                moves: String::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{path}: {line:?} before any id"));
        let number = |text: &str| {
            text.parse::<u64>()
                .unwrap_or_else(|e| panic!("{path}: {line}: {text:?}: {e}"))
        };
        if let Some(setup) = line.strip_prefix("setup ") {
            case.tags.extend(setup_tags(line, setup));
        } else if let Some(moves) = line.strip_prefix("moves ") {
            if !case.moves.is_empty() {
                case.moves.push(' ');
            }
            case.moves.push_str(moves);
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest
                .split_once(' ')
                .unwrap_or_else(|| panic!("{path}: {line}"));
            let depth = u32::try_from(number(depth)).unwrap_or_else(|e| panic!("{line}: {e}"));
            case.counts.push((depth, number(count)));
        } else {
            panic!("{path}: {line:?} is not id, setup, moves or perft");
        }
    }
    assert!(
        cases.len() >= at_least,
        "{path}: {} perft cases",
        cases.len()
    );
    for case in &cases {
        assert!(!case.counts.is_empty(), "{path}: {} has no count", case.id);
    }
    cases
}

/// Plays the moves of `moves`, turn numbers skipped, each one legal.
pub fn replay<G: Game>(game: &mut G, moves: &str) {
    for word in moves.split_whitespace().filter(|w| !w.ends_with('.')) {
        let mv = game
            .read_move(word.as_bytes())
            .unwrap_or_else(|e| panic!("{word}: {}", e.message(word)));
        game.check_and_apply(&mv)
            .unwrap_or_else(|e| panic!("{word}: {}", e.message(word)));
    }
}

/// How the moves a brute force finds must agree with the generator's.
#[derive(Clone, Copy)]
pub enum Agree {
    /// The same move texts.
    Texts,
    /// The same positions after them, as many of each: for games whose
    /// moves keep how they were written (`c2-c3` where the generator
    /// writes `c2xc3`).
    Positions,
}

impl Agree {
    /// Checks that `found`, the moves of `game` found without the
    /// generator, agree with the moves the generator lists.
    pub fn check<G: Game>(self, game: &G, found: &[G::Move]) {
        let generated = game.legal_moves();
        match self {
            Agree::Texts => {
                let texts = |moves: &[G::Move]| -> BTreeSet<String> {
                    moves.iter().map(ToString::to_string).collect()
                };
                assert_eq!(texts(found), texts(&generated), "{game:?}");
            }
            Agree::Positions => {
                let after = |moves: &[G::Move]| -> Vec<String> {
                    let mut positions: Vec<String> = moves
                        .iter()
                        .map(|mv| {
                            let mut next = game.clone();
                            next.apply(mv);
                            format!("{next:?}")
                        })
                        .collect();
                    positions.sort();
                    positions
                };
                assert_eq!(after(found), after(&generated), "{game:?}");
            }
        }
    }
}

/// Perft by brute force: each level's moves found by `legal`, checked
/// against the generator's list on the way as `agree` says, and each
/// played through `check_and_apply`.
pub fn brute_perft<G: Game>(
    game: &G,
    depth: u32,
    legal: &impl Fn(&G) -> Vec<G::Move>,
    agree: Agree,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(game);
    agree.check(game, &moves);
    let mut sequences = 0;
    for mv in &moves {
        let mut next = game.clone();
        next.check_and_apply(mv)
            .unwrap_or_else(|e| panic!("{mv}: {}", e.message(&mv.to_string())));
        sequences += brute_perft(&next, depth - 1, legal, agree);
    }
    sequences
}

/// Checks every count of the cases against the generator's perft.
pub fn check_generator<G: Game>(cases: &[PerftCase]) {
    let mut wrong = Vec::new();
    for case in cases {
        let game: G = case.game();
        for &(depth, count) in &case.counts {
            let generated = perft(&game, depth);
            if generated != count {
                wrong.push(format!(
                    "{} perft {depth}: {generated}, want {count}",
                    case.id
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Checks the counts of the cases up to `max_depth` against
/// [`brute_perft`] with the moves that `legal_for(case)` finds.
pub fn check_brute<G: Game, L: Fn(&G) -> Vec<G::Move>>(
    cases: &[PerftCase],
    max_depth: u32,
    agree: Agree,
    legal_for: impl Fn(&PerftCase) -> L,
) {
    let mut wrong = Vec::new();
    for case in cases {
        let game: G = case.game();
        let legal = legal_for(case);
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
            let brute = brute_perft(&game, depth, &legal, agree);
            if brute != count {
                wrong.push(format!("{} brute {depth}: {brute}, want {count}", case.id));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Checks the cases of `fixtures/GAME/perft.txt` (at least `at_least`)
/// against the generator, and those up to `max_depth` against a brute
/// force over every text of `texts` ([`legal_among`]), agreeing on the
/// positions reached.
pub fn check_with_texts<G: Game>(game: &str, at_least: usize, texts: &[String], max_depth: u32) {
    let cases = cases(game, at_least);
    check_generator::<G>(&cases);
    check_brute::<G, _>(&cases, max_depth, Agree::Positions, |_| {
        |game: &G| legal_among(game, texts)
    });
}

/// The moves of `game` among `texts` (none once the game is over): each
/// text must be read by the one move reader, and is kept if the
/// single-move check accepts it.
pub fn legal_among<G: Game>(game: &G, texts: &[String]) -> Vec<G::Move> {
    if game.is_over() {
        return Vec::new();
    }
    texts
        .iter()
        .map(|text| {
            game.read_move(text.as_bytes())
                .unwrap_or_else(|e| panic!("{text}: {e:?}"))
        })
        .filter(|mv| game.check(mv).is_ok())
        .collect()
}

/// The name of square `index` of the 6 x 6 board (Mana, Escampe).
pub fn name6(index: usize) -> String {
    format!("{}{}", char::from(b'a' + (index % 6) as u8), index / 6 + 1)
}

/// Every step text `a1-a1` to `f6-f6` of the 6 x 6 board, and the pass.
pub fn step_texts6() -> Vec<String> {
    let mut texts = vec!["--".to_owned()];
    for from in 0..36 {
        for to in 0..36 {
            texts.push(format!("{}-{}", name6(from), name6(to)));
        }
    }
    texts
}
