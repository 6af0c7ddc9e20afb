//! Completion driven through rustyline's `Completer`, as Tab calls it.

use super::*;
use crate::draw::Charset;
use crate::game::GameKind;
use crate::repl::Session;
use rustyline::history::DefaultHistory;

fn helper(kind: GameKind, tags: &[(&str, &str)]) -> KifuHelper {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
    match Session::start(kind, &tags, Charset::Ascii) {
        Ok(session) => {
            let mut helper = KifuHelper::new(session.game());
            helper.set_placing(session.placing_now());
            helper
        }
        Err(e) => panic!("{e}"),
    }
}

/// What Tab offers with the cursor at the end of `line`: where the
/// replacement starts, and the replacements.
fn tab(h: &KifuHelper, line: &str) -> (usize, Vec<String>) {
    let history = DefaultHistory::new();
    let ctx = Context::new(&history);
    match h.complete(line, line.len(), &ctx) {
        Ok((start, pairs)) => (start, pairs.into_iter().map(|p| p.replacement).collect()),
        Err(e) => panic!("{line:?}: {e}"),
    }
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| (*w).to_owned()).collect()
}

#[test]
fn moves_complete_for_the_position_after_the_moves_typed() {
    let h = helper(GameKind::Mana, &[]);
    assert_eq!(
        tab(&h, "e1-"),
        (0, words(&["e1-c2", "e1-d3", "e1-f3", "e1-e4"]))
    );
    // After e1-e4 it is White's move, under the bird.
    assert_eq!(tab(&h, "e1-e4 a6-"), (6, words(&["a6-a5"])));
    assert_eq!(tab(&h, "1. e1-e4 "), (9, words(&["a6-a5", "e6-e5"])));
    // The bird on e5, a triple square: only a1 may move.
    assert_eq!(
        tab(&h, "e1-e4! e6-e5 "),
        (13, words(&["a1-c2", "a1-b3", "a1-a4"]))
    );
    assert_eq!(tab(&h, "e1-e4! e6-e5 b1-"), (13, Vec::new()));
    // A move typed that is not legal: nothing to offer after it.
    assert_eq!(tab(&h, "e1-e5 a6-"), (6, Vec::new()));
    // Commands only as the first word, and nothing after a command.
    assert_eq!(tab(&h, ":qu"), (0, words(&[":quit", ":quit!"])));
    assert_eq!(tab(&h, "e1-e4 :"), (6, Vec::new()));
    assert_eq!(tab(&h, ":promote "), (9, Vec::new()));
}

#[test]
fn mana_bird_squares_complete_after_the_at_sign() {
    let h = helper(GameKind::Mana, &[]);
    // e4 is a single square: the bird goes to a free single square (d1,
    // a6 and e6 are taken, and so is e4 once the piece is there).
    let (start, found) = tab(&h, "e1-e4@");
    assert_eq!(start, 0);
    assert_eq!(
        found,
        words(&[
            "e1-e4@a2", "e1-e4@c2", "e1-e4@e2", "e1-e4@b3", "e1-e4@f3", "e1-e4@c4", "e1-e4@b5",
            "e1-e4@d5",
        ])
    );
    assert_eq!(tab(&h, "e1-e4@b"), (0, words(&["e1-e4@b3", "e1-e4@b5"])));
    assert_eq!(tab(&h, "e1-e4 a6-a5@a"), (6, Vec::<String>::new()));
    // Not after a move that is not legal, nor in a game without a bird.
    assert_eq!(tab(&h, "e1-e5@"), (0, Vec::new()));
    let escampe = helper(
        GameKind::Escampe,
        &[("Setup", "c6 a6 b6 d6 e6 f6 / c1 a1 b1 d1 e1 f1")],
    );
    assert_eq!(tab(&escampe, "a6-a5"), (0, words(&["a6-a5"])));
    assert_eq!(tab(&escampe, "a6-a5@"), (0, Vec::new()));
}

#[test]
fn file_names_complete_after_load_and_save() {
    let dir = std::env::temp_dir().join(format!("kifu-complete-{}", std::process::id()));
    assert!(std::fs::create_dir_all(&dir).is_ok());
    for name in ["game one.kifu", "game two.kifu", "other.kifu"] {
        assert!(std::fs::write(dir.join(name), "").is_ok());
    }
    let h = helper(GameKind::Mana, &[]);
    let base = dir.display().to_string();
    for command in [":load", ":load!", ":save", ":save!"] {
        let line = format!("{command} {base}/game");
        let (start, found) = tab(&h, &line);
        assert_eq!(start, command.len() + 1, "{line}");
        assert_eq!(
            found,
            [
                format!("{base}/game\\ one.kifu"),
                format!("{base}/game\\ two.kifu")
            ],
            "{line}"
        );
    }
    let (_, found) = tab(&h, &format!(":load {base}/oth"));
    assert_eq!(found, [format!("{base}/other.kifu")]);
    // The command name itself still completes as a command.
    assert_eq!(tab(&h, ":loa"), (0, words(&[":load", ":load!"])));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odd_positions_do_not_panic() {
    let h = helper(GameKind::Mana, &[]);
    assert_eq!(h.candidates("é", 1).0, 0);
    assert_eq!(h.candidates("", 5).0, 0);
    assert_eq!(h.candidates("e1-e4@é", 9).0, 0);
}

#[test]
fn placements_complete_the_squares_open_to_the_side_to_place() {
    // Escampe without a setup: Black places first, on either edge, then
    // only on the edge of his first square, each square once.
    let h = helper(GameKind::Escampe, &[]);
    let (_, all) = tab(&h, "");
    assert!(all.contains(&"a1".to_owned()) && all.contains(&"f6".to_owned()));
    assert!(!all.iter().any(|w| w.ends_with('3') || w.ends_with('4')));
    assert!(all.contains(&":help".to_owned()), "{all:?}");
    assert_eq!(tab(&h, "c1 a"), (3, words(&["a1", "a2"])));
    assert_eq!(tab(&h, "c6 c"), (3, words(&["c5"])));
    assert_eq!(tab(&h, "c1 a1 b1 d1 e1 f1 "), (18, words(&[])));
    // White, once Black has placed (KEP's form), only on the other edge.
    let h = helper(GameKind::Escampe, &[("Setup", "- / c1 a1 b2 d1 e2 f1")]);
    assert_eq!(tab(&h, "e"), (0, words(&["e5", "e6"])));
}
