//! What tests/mana.rs and tests/escampe.rs share: perft (the fixture
//! reader, and a count of the plies found by trying every move text
//! through the one reader and the single-move check, without the game's
//! move generator), and the check that kifu.5 lists the game's codes.

use kifu::game::{Game, Tags, perft};
use kifu::record::Tag;

/// One entry of a `perft.txt` fixture.
pub struct PerftCase {
    /// The case's name.
    pub id: String,
    /// The setup tags.
    pub tags: Vec<Tag>,
    /// Each depth and its count.
    pub counts: Vec<(u32, u64)>,
}

/// The cases of `fixtures/GAME/perft.txt`.
pub fn cases(game: &str) -> Vec<PerftCase> {
    let path = format!("{}/fixtures/{game}/perft.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_owned(),
                tags: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let Some(case) = cases.last_mut() else {
            continue;
        };
        if let Some(rest) = line.strip_prefix("setup ") {
            for part in rest.split(']').filter(|p| !p.trim().is_empty()) {
                let part = part.trim().trim_start_matches('[');
                let (name, value) = part.split_once(' ').unwrap_or_else(|| panic!("{part}"));
                case.tags.push(Tag {
                    name: name.to_owned().into(),
                    value: value.trim_matches('"').into(),
                    offset: 0,
                });
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
            case.counts.push((
                depth.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                count.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
            ));
        }
    }
    cases
}

/// The start position of a case.
pub fn start<G: Game>(case: &PerftCase) -> G {
    G::from_tags(Tags::new(&case.tags)).unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

/// The name of square `index` of the 6 x 6 board.
pub fn name(index: usize) -> String {
    format!("{}{}", char::from(b'a' + (index % 6) as u8), index / 6 + 1)
}

/// Every step text `a1-a1` to `f6-f6`, and the pass.
pub fn step_texts() -> Vec<String> {
    let mut texts = vec!["--".to_owned()];
    for from in 0..36 {
        for to in 0..36 {
            texts.push(format!("{}-{}", name(from), name(to)));
        }
    }
    texts
}

/// The sequences of `depth` plies from `game` whose every ply is one of
/// `texts`, read by `read_move` and accepted by `check`.
pub fn brute_perft<G: Game>(game: &G, depth: u32, texts: &[String]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    let mut count = 0;
    for text in texts {
        let mv = game
            .read_move(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        if game.check(&mv).is_ok() {
            let mut next = game.clone();
            next.apply(&mv);
            count += brute_perft(&next, depth - 1, texts);
        }
    }
    count
}

/// Checks every count of the fixture against the generator's perft, and
/// those up to `brute_depth` against [`brute_perft`] over `texts`.
pub fn check_fixture<G: Game>(game: &str, texts: &[String], brute_depth: u32) {
    let cases = cases(game);
    assert!(cases.len() >= 5, "{} perft cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let start: G = start(case);
        for &(depth, count) in &case.counts {
            let generated = perft(&start, depth);
            if generated != count {
                wrong.push(format!(
                    "{} perft {depth}: {generated}, want {count}",
                    case.id
                ));
            }
            if depth <= brute_depth {
                let brute = brute_perft(&start, depth, texts);
                if brute != count {
                    wrong.push(format!("{} brute {depth}: {brute}, want {count}", case.id));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Checks that `man/kifu.5` has an entry for each of `codes`.
pub fn check_man_page_lists(codes: &[&str]) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/man/kifu.5");
    let man = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for code in codes {
        let entry = format!(".TP\n.B {}\n", code.replace('-', "\\-"));
        assert!(man.contains(&entry), "kifu.5 does not list {code}");
    }
}
