//! Shogun's move generation in the perft style: the counts of
//! `fixtures/shogun/perft.txt`, and the same counts found by trying every
//! move through the single-move check.

#[path = "support/shogun.rs"]
mod support;

use kifu::game::{GameKind, Tags, perft};
use kifu::games::shogun::Shogun;
use support::{brute_force, play, start};

/// One entry of `fixtures/shogun/perft.txt`.
struct PerftCase {
    id: String,
    tags: Vec<(String, String)>,
    counts: Vec<(u32, u64)>,
}

fn perft_cases() -> Vec<PerftCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/shogun/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_owned(),
                tags: Vec::new(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("setup ") {
            let case = cases.last_mut().unwrap_or_else(|| panic!("{line}"));
            for part in rest.split(']').filter(|p| !p.trim().is_empty()) {
                let part = part.trim().trim_start_matches('[');
                let (name, value) = part.split_once(' ').unwrap_or_else(|| panic!("{part}"));
                case.tags
                    .push((name.to_owned(), value.trim_matches('"').to_owned()));
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let case = cases.last_mut().unwrap_or_else(|| panic!("{line}"));
            let (depth, count) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
            case.counts.push((
                depth.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                count.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
            ));
        }
    }
    cases
}

fn case_game(case: &PerftCase) -> Shogun {
    let pairs: Vec<(&str, &str)> = case
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    start(&pairs)
}

fn brute_perft(game: &Shogun, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    brute_force(game)
        .iter()
        .map(|text| {
            let mut next = game.clone();
            play(&mut next, text);
            brute_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_match_the_fixture() {
    let cases = perft_cases();
    assert!(cases.len() >= 8, "{} perft cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let game = case_game(case);
        for &(depth, count) in &case.counts {
            let got = perft(&game, depth);
            if got != count {
                wrong.push(format!("{} perft {depth}: {got}, want {count}", case.id));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn brute_force_perft_agrees_to_depth_two() {
    for case in perft_cases() {
        let game = case_game(&case);
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                brute_perft(&game, depth),
                count,
                "{} perft {depth}",
                case.id
            );
        }
    }
}

#[test]
fn any_game_perft_is_the_same() {
    let game = start(&[]);
    let boxed = GameKind::Shogun
        .start(Tags::new(&[]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        kifu::game::AnyGame::perft(boxed.as_ref(), 2),
        perft(&game, 2)
    );
}
