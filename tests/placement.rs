//! Escampe's placement, through the binary: `kifu play escampe` without a
//! setup asks each side for its squares in the rules' order (Black, then
//! White), refuses what the rules refuse, writes the `Setup` tag, and an
//! engine places its own side; `kifu engine` places when `go` comes
//! before the start is whole.

use crate::support::play as support;

use support::{kifu, play, read, scratch, validate};

const BLACK: &str = "c1 a1 b2 d1 e2 f1";
const WHITE: &str = "c6 a6 b5 d5 e6 f5";
const SETUP: &str = "[Setup \"c6 a6 b5 d5 e6 f5 / c1 a1 b2 d1 e2 f1\"]";

#[test]
fn each_side_places_in_turn_and_the_setup_tag_is_written() {
    let dir = scratch("placement");
    let script = format!(
        ":save early.kifu\nc1 a1 b2 d1 e2 c5\nc1 a1 b2 d1 e2 c1\nc3 a1 b2 d1 e2 f1\n{BLACK}\n\
         c2 a1 b1 d2 e1 f2\nc6 a6 b5 d5\n{WHITE}\nb5-b4 a1-a4\n:save game.kifu\n:new!\n:tags\n:quit!\n"
    );
    let (out, err, code) = play(&dir, &["escampe"], script.as_bytes());
    let reasons = [
        "line 1: :save early.kifu: not before the pieces are placed. Black places first: the Unicorn's square, then the five Paladins', all on ranks 1-2 or all on ranks 5-6 (like e1 a1 b2 c1 d2 f1)",
        "line 2: Black places c1 a1 b2 d1 e2 c5: Black's group mixes the two edges (c1 and c5): a group stands on ranks 1-2 or on ranks 5-6",
        "line 3: Black places c1 a1 b2 d1 e2 c1: c1 appears twice in Black's group",
        "line 4: Black places c3 a1 b2 d1 e2 f1: Black's c3 is not on ranks 1-2 or 5-6: one group stands on ranks 1-2, the other on ranks 5-6",
        "line 6: White places c2 a1 b1 d2 e1 f2: White places on ranks 5-6: Black holds ranks 1-2",
        "line 7: White places c6 a6 b5 d5: White's group \"c6 a6 b5 d5\" has 4 squares; each side places six, Unicorn first",
    ];
    let expected: String = reasons.iter().map(|r| format!("kifu: {r}\n")).collect();
    assert_eq!((err, code), (expected, Some(1)), "{out}");
    // The board shows the squares open to the side to place, then asks.
    assert!(
        out.contains("Black to place\n* marks the squares Black may place on\nBlack places first:"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "kifu escampe> {BLACK}\n    a   b   c   d   e   f\n"
        )),
        "{out}"
    );
    assert!(
        out.contains("White places: the Unicorn's square, then the five Paladins', all on ranks 5-6 (Black holds the other edge)\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("kifu escampe> {WHITE}\n{SETUP}\n")),
        "{out}"
    );
    assert_eq!(
        read(&dir, "game.kifu"),
        format!("[Game \"escampe\"]\n[Date \"2026.12.01\"]\n{SETUP}\n\n1. b5-b4 a1-a4 *\n")
    );
    assert_eq!(
        validate(&dir, "game.kifu"),
        ("game.kifu:1: escampe, 2 plies, *\n".to_owned(), Some(0))
    );
    // `:new` asks for the placement again: the Setup tag is gone.
    assert!(
        out.ends_with(
            "Black places first: the Unicorn's square, then the five Paladins', all on ranks 1-2 or all on ranks 5-6 (like e1 a1 b2 c1 d2 f1)\n\
             kifu escampe> :tags\n[Game \"escampe\"]\n[Date \"2026.12.01\"]\nkifu escampe> :quit!\n"
        ),
        "{out}"
    );
}

#[test]
fn the_engine_places_its_own_side() {
    let dir = scratch("placement-engine");
    // The user is Black, who places first; the engine places White and
    // moves first.
    let script = format!("{BLACK}\n:save white.kifu\n");
    let (out, err, code) = play(
        &dir,
        &["escampe", "--vs", "engine", "--movetime", "50"],
        script.as_bytes(),
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    let placed = out.lines().find(|l| l.starts_with("The engine places "));
    let squares: Vec<&str> = placed
        .unwrap_or_else(|| panic!("{out}"))
        .split_whitespace()
        .skip(3)
        .collect();
    assert_eq!(squares.len(), 6, "{out}");
    assert!(
        squares.iter().all(|s| s.ends_with('5') || s.ends_with('6')),
        "{out}"
    );
    let saved = read(&dir, "white.kifu");
    let setup = format!("[Setup \"{} / {BLACK}\"]\n", squares.join(" "));
    assert!(saved.contains(&setup), "{saved}");
    assert!(saved.contains("[White \"kifu-engine "), "{saved}");
    assert!(saved.contains("\n1. "), "the engine moved first: {saved}");
    assert_eq!(validate(&dir, "white.kifu").1, Some(0));
    // The user plays White: the engine places Black first, from its book
    // (whose placements all stand on ranks 1-2); `:hint` proposes a
    // placement for White.
    let (out, err, code) = play(
        &dir,
        &[
            "escampe",
            "--vs",
            "engine",
            "--side",
            "white",
            "--movetime",
            "50",
        ],
        b":hint\n:moves\n:quit!\n",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 2: :moves: not before the pieces are placed. White places: the Unicorn's square, then the five Paladins', all on ranks 5-6 (Black holds the other edge)\n",
            Some(1)
        ),
        "{out}"
    );
    assert!(out.starts_with("The engine places "), "{out}");
    let hint = out.lines().find(|l| l.starts_with("hint: ")).unwrap_or("");
    assert_eq!(hint.split_whitespace().count(), 7, "{out}");
}

#[test]
fn kifu_engine_places_when_go_comes_before_the_setup() {
    let dir = scratch("placement-kep");
    let script = "kep 1\nnewgame escampe\ngo movetime 100\n\
                  tag Setup \"- / c1 a1 b2 d1 e2 f1\"\ngo movetime 100\nquit\n";
    for engine in [&["engine"][..], &["engine", "--random"][..]] {
        let output = kifu(&dir)
            .args(engine)
            .write_stdin(script)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let moves: Vec<Vec<&str>> = (text.lines())
            .filter_map(|l| l.strip_prefix("move "))
            .map(|m| m.split_whitespace().collect())
            .collect();
        assert_eq!(moves.len(), 2, "{engine:?}: {text}");
        // Black places on one edge, six squares; White on ranks 5-6.
        assert_eq!(moves[0].len(), 6, "{text}");
        let edge = |s: &&str| if s.ends_with(['1', '2']) { 0 } else { 1 };
        assert!(
            moves[0].iter().all(|s| edge(s) == edge(&moves[0][0])),
            "{text}"
        );
        assert_eq!(moves[1].len(), 6, "{text}");
        assert!(moves[1].iter().all(|s| edge(s) == 1), "{text}");
        let setup = format!("{} / {BLACK}", moves[1].join(" "));
        let record = format!("[Game \"escampe\"]\n[Setup \"{setup}\"]\n\n*\n");
        let verdict = kifu(&dir)
            .args(["validate", "-"])
            .write_stdin(record)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verdict.status.code(), Some(0), "{setup}");
    }
}
