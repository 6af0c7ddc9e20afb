//! `kifu solve`: forced results proven with their lines, the nine
//! standard Mana starts among them, told in text and in JSON; refusals.

use crate::support::run::kifu;

/// A Mana record from `setup` with `moves` played.
fn mana(setup: &str, moves: &str) -> String {
    format!("[Game \"mana\"]\n[Setup \"{setup}\"]\n\n{moves} *\n")
}

#[test]
fn a_standard_mana_start_is_a_forced_win_for_black() {
    let record = mana("c1 c6", "");
    let (out, err, status) = kifu(&["solve"], record.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let (first, second) = out.split_once('\n').unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        first,
        "Black to move wins in 9 plies, whatever the reply: \
         c1-c3 d6-c4 d1-c1 b6-b4 a1-a4 f6-f4 e1-d3 c6-b5 a4xb5"
    );
    assert!(
        second.starts_with("(no win is shorter; ") && second.ends_with(" s)\n"),
        "{second}"
    );
    // The line proves it: played out, it is a valid record Black wins.
    let line = first.rsplit(": ").next().unwrap_or_default();
    let won = mana("c1 c6", &format!("{} B+", numbered(line)));
    let won = won.replace(" B+ *", " B+");
    let (verdict, err, status) = kifu(&["validate", "-"], won.as_bytes());
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(verdict, "<stdin>:1: mana, 9 plies, B+ (Daimyo captured)\n");
}

/// `a b c d` as `1. a b 2. c d`.
fn numbered(line: &str) -> String {
    let moves: Vec<&str> = line.split(' ').collect();
    let pairs: Vec<String> = (moves.chunks(2).enumerate())
        .map(|(at, pair)| format!("{}. {}", at + 1, pair.join(" ")))
        .collect();
    pairs.join(" ")
}

#[test]
fn the_other_white_daimyo_squares_take_eleven_plies() {
    for setup in ["b1 b6", "f1 f6"] {
        let (out, err, status) = kifu(&["solve", "--format", "json"], mana(setup, "").as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)));
        let answer: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(answer["game"], "mana");
        assert_eq!(answer["ply"], 0);
        assert_eq!(answer["mover"], "Black");
        assert_eq!(answer["result"], "win", "{setup}");
        assert_eq!(answer["plies"], 11, "{setup}");
        assert_eq!(answer["depth"], 11, "{setup}");
        assert_eq!(answer["line"].as_array().map(Vec::len), Some(11), "{setup}");
    }
}

#[test]
fn the_loser_is_shown_its_longest_defence_and_a_short_horizon_proves_nothing() {
    let record = mana("c1 c6", "1. c1-c3");
    let (out, _, status) = kifu(&["solve", "--depth", "9"], record.as_bytes());
    assert_eq!(status, Some(0));
    assert!(
        out.starts_with("White to move loses in 8 plies, whatever it plays: "),
        "{out}"
    );
    let (out, _, status) = kifu(&["solve", "--depth", "7"], record.as_bytes());
    assert_eq!(status, Some(0));
    assert!(
        out.starts_with(
            "nothing is forced within 7 plies: neither side can force the end of the game\n("
        ),
        "{out}"
    );
    // At ply 0 of the same record, Black's win.
    let (out, _, _) = kifu(
        &["solve", "--ply", "0", "--format", "json"],
        record.as_bytes(),
    );
    assert!(
        out.contains(r#""ply":0,"mover":"Black","result":"win","plies":9"#),
        "{out}"
    );
}

#[test]
fn a_finished_game_is_over_and_lotus_is_refused() {
    let record = mana(
        "c1 c6",
        "1. c1-c3 d6-c4 2. d1-c1 b6-b4 3. a1-a4 f6-f4 4. e1-d3 c6-b5 5. a4xb5 B+",
    )
    .replace(" B+ *", " B+");
    let (out, err, status) = kifu(&["solve"], record.as_bytes());
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        ("the game is over: B+ (Daimyo captured)\n", "", Some(0))
    );
    let (out, err, status) = kifu(&["solve", "fixtures/lotus/valid/six-players.kifu"], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        (
            "",
            "kifu: kifu solve proves two-player games, and this lotus game has 6 players\n",
            Some(2)
        )
    );
    let (_, err, status) = kifu(&["solve", "--depth", "0"], b"");
    assert_eq!(status, Some(2), "{err}");
    let (_, err, status) = kifu(
        &["solve"],
        b"[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n1. c1-c5 *\n",
    );
    assert_eq!(status, Some(1));
    assert!(err.contains("c1-c5"), "{err}");
}
