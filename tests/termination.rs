//! Records that a match referee ended off the board (`kifu match`): a
//! `Termination` tag other than `normal`, moves that stop before the game
//! is over by the rules, then the declared winner's token or `*`, and a
//! `Result` tag that may declare the winner. The fixtures `terminated-*` hold the exact verdicts of each
//! game; these tests hold the JSON, the rules that need no fixture of
//! their own, and the TimeControl tag that such records carry.

use crate::support::run;

use run::kifu;
use serde_json::{Value, json};

/// A Mana record from `f1 c6` with `tags` after the setup, five legal
/// plies, and `end` as its result token.
fn mana(tags: &str, end: &str) -> String {
    format!(
        "[Game \"mana\"]\n[Setup \"f1 c6\"]\n{tags}\n1. c1-d2 d6-f5 2. b1-c2 e6-e5 3. a1-a2 {end}\n"
    )
}

/// What `kifu validate -` says of `text`: standard output, standard error
/// and exit status.
fn validate(text: &str) -> (String, String, Option<i32>) {
    kifu(&["validate", "-"], text.as_bytes())
}

/// The JSON verdict `kifu validate --format json -` prints for `text`.
fn json_verdict(text: &str) -> Value {
    let (out, _, _) = kifu(&["validate", "--format", "json", "-"], text.as_bytes());
    serde_json::from_str(out.trim_end()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The record of the brief of `kifu match`, with legal moves: it
/// validates, with no warning, and tells the declared winner.
#[test]
fn a_match_record_ended_on_time_is_valid() {
    let text = "[Game \"mana\"]\n[Setup \"f1 c6\"]\n[Event \"kifu match\"]\n[Round \"3\"]\n\
        [Date \"2026.12.01\"]\n[Black \"engine A\"]\n[White \"engine B\"]\n\
        [TimeControl \"1+0.01\"]\n[Termination \"time forfeit\"]\n[Result \"B+\"]\n\n\
        1. c1-d2 {0.01s} d6-f5 {0.00s cp 12} 2. b1-c2 {0.02s} \
        {kifu: White lost on time ...} *\n";
    assert_eq!(
        validate(text),
        (
            "<stdin>:1: mana, 3 plies, B+ (time forfeit)\n".into(),
            String::new(),
            Some(0)
        )
    );
    let (_, _, strict) = kifu(&["validate", "--strict", "-"], text.as_bytes());
    assert_eq!(strict, Some(0), "no warning to make a fault of");
}

/// The game's result has one meaning: a game ended off the board has the
/// result and the winner declared, decided off the board, whichever way
/// the record declares them.
#[test]
fn the_json_verdict_gives_the_declared_result_as_the_result() {
    for (tags, end) in [
        ("[Termination \"time forfeit\"]\n[Result \"B+\"]\n", "*"),
        ("[Termination \"time forfeit\"]\n", "B+"),
        ("[Termination \"time forfeit\"]\n[Result \"B+\"]\n", "B+"),
    ] {
        let verdict = json_verdict(&mana(tags, end));
        assert_eq!(verdict["valid"], json!(true), "{tags} {end}");
        assert_eq!(verdict["result"], json!("B+"), "{tags} {end}");
        assert_eq!(
            verdict["outcome"],
            json!({"result": "B+", "winner": "Black", "reason": "time forfeit", "decided": "off-board"}),
            "{tags} {end}"
        );
        assert_eq!(
            verdict["termination"],
            json!({"result": "B+", "winner": "Black", "reason": "time forfeit"}),
            "{tags} {end}"
        );
    }
    // By the rules, the same keys.
    let (out, _, _) = kifu(
        &[
            "validate",
            "--format",
            "json",
            "fixtures/mana/valid/black-wins.kifu",
        ],
        b"",
    );
    let rules: Value = serde_json::from_str(out.trim_end()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules["result"], json!("B+"));
    assert_eq!(
        rules["outcome"],
        json!({"result": "B+", "winner": "Black", "reason": "Daimyo captured", "decided": "rules"})
    );
    assert!(rules.get("termination").is_none(), "{rules}");
    let none = json_verdict(&mana("[Termination \"adjudication\"]\n", "*"));
    assert_eq!(
        none["termination"],
        json!({"result": "*", "reason": "adjudication"})
    );
    assert_eq!(none["result"], json!("*"));
    assert!(none.get("outcome").is_none(), "undecided: {none}");
}

#[test]
fn kifu_json_gives_the_termination_in_the_record_verdict() {
    let text = mana("[Termination \"illegal move\"]\n[Result \"W+\"]\n", "*");
    let (out, _, status) = kifu(&["json", "-"], text.as_bytes());
    assert_eq!(status, Some(0));
    let record: Value = serde_json::from_str(out.trim_end()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        record["verdict"]["termination"],
        json!({"result": "W+", "winner": "White", "reason": "illegal move"})
    );
    assert_eq!(record["verdict"]["result"], json!("W+"));
    assert_eq!(
        record["outcome"],
        json!({"result": "W+", "winner": "White", "reason": "illegal move", "decided": "off-board"})
    );
}

#[test]
fn an_invalid_record_tells_no_termination() {
    let text = mana("[Termination \"time forfeit\"]\n[Result \"R+\"]\n", "*");
    let verdict = json_verdict(&text);
    assert_eq!(verdict["valid"], json!(false));
    assert_eq!(verdict["error"]["code"], json!("result.no-such-winner"));
    assert!(verdict.get("termination").is_none(), "{verdict}");
}

/// Absent, empty or `normal`, the tag changes nothing: a declared winner
/// on an unfinished game disagrees with it, as without the tag.
#[test]
fn termination_normal_or_empty_keeps_the_rules() {
    let without = validate(&mana("[Result \"B+\"]\n", "*"));
    assert_eq!(
        without.0,
        "<stdin>:3:9: tag Result: \"B+\" disagrees with the game, whose result is \"*\"\n"
    );
    for value in ["normal", ""] {
        let tags = format!("[Termination \"{value}\"]\n[Result \"B+\"]\n");
        let (out, _, status) = validate(&mana(&tags, "*"));
        assert_eq!(
            (out.as_str(), status),
            (
                "<stdin>:4:9: tag Result: \"B+\" disagrees with the game, whose result is \"*\"\n",
                Some(1)
            ),
            "{value:?}"
        );
        let (out, _, _) = validate(&mana(&format!("[Termination \"{value}\"]\n"), "*"));
        assert_eq!(out, "<stdin>:1: mana, 5 plies, *\n", "{value:?}");
    }
}

#[test]
fn a_terminated_game_may_leave_out_its_result_token() {
    let (out, _, status) = validate(&mana("[Termination \"resign\"]\n[Result \"W+\"]\n", ""));
    assert_eq!(
        (out.as_str(), status),
        ("<stdin>:1: mana, 5 plies, W+ (resign)\n", Some(0))
    );
}

#[test]
fn a_lotus_game_ended_off_the_board_declares_no_winner() {
    let text = "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Termination \"time forfeit\"]\n\n\
        1. o0 o0 g0 R+\n";
    assert_eq!(
        validate(text).0,
        "<stdin>:5:13: the game is not over: the result is *, not R+; ended off the board (\"time forfeit\"), the game declares no winner\n"
    );
}

#[test]
fn a_lotus_star_after_the_end_tells_the_termination() {
    let text = "[Game \"lotus\"]\n[Players \"red green orange blue\"]\n\
        [Course \"LLFLLSLLFLLSLLFLLLS\"]\n[Termination \"engine crash\"]\n\n\
        1. b0 b0 g0 2. o0 b5 o0[P<>bW] 3. r0 b8 g7[-Y] 4. r0 o9 o0[P<>bY] 5. r5 \
        b11[P<>oY] b0 6. g0 g0 b3 7. g12 o4[-W] r7 8. r0[K<>bP] r6 o13 9. o12 g5 \
        b10[-P] 10. r3[-P] g7[-W] r8 11. b15 r6[W<>bK] g14 12. g11 o9 *\n";
    let (out, _, status) = validate(text);
    assert_eq!(
        (out.as_str(), status),
        (
            "<stdin>:6:208: the game is over (place 4 taken; orange and blue share the win): it takes no result token; it ended by the rules, not by \"engine crash\" as tag Termination says\n",
            Some(1)
        )
    );
}

#[test]
fn time_controls_in_decimal_seconds_are_no_warning() {
    for value in ["1+0.01", "0.5+0", "10+0.1", "60+1", "-"] {
        let tags = format!("[TimeControl \"{value}\"]\n");
        let (out, err, status) = validate(&mana(&tags, "*"));
        assert_eq!(
            (out.as_str(), err.as_str(), status),
            ("<stdin>:1: mana, 5 plies, *\n", "", Some(0)),
            "{value}"
        );
    }
    for value in ["1+", "+1", "1.+2", "abc", ".5+0", "1+0.", "1.5"] {
        let tags = format!("[TimeControl \"{value}\"]\n");
        let (_, err, status) = validate(&mana(&tags, "*"));
        assert_eq!(
            (err, status),
            (
                format!(
                    "<stdin>:3:14: warning: tag TimeControl: \"{value}\" is not SECONDS+INCREMENT (like 60+1) or -\n"
                ),
                Some(0)
            ),
            "{value}"
        );
    }
}

/// `kifu fmt` writes a game won off the board as PGN writes a
/// resignation: the declared winner's token after the last move, whether
/// the record declared it in its Result tag (the older form) or there.
#[test]
fn fmt_ends_the_moves_with_the_declared_winner() {
    for (tags, end) in [
        ("[Termination \"resign\"]\n[Result \"W+\"]\n", "*"),
        ("[Termination \"resign\"]\n[Result \"W+\"]\n", ""),
        ("[Termination \"resign\"]\n", "W+"),
    ] {
        let text = mana(tags, end);
        let (out, err, status) = kifu(&["fmt", "-"], text.as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)), "{text}");
        assert!(
            out.ends_with("\n1. c1-d2 d6-f5 2. b1-c2 e6-e5 3. a1-a2 W+\n"),
            "{out}"
        );
        assert_eq!(validate(&out).0, "<stdin>:1: mana, 5 plies, W+ (resign)\n");
    }
    // Undeclared, it stays *.
    let (out, _, _) = kifu(
        &["fmt", "-"],
        mana("[Termination \"resign\"]\n", "").as_bytes(),
    );
    assert!(out.ends_with(" 3. a1-a2 *\n"), "{out}");
}

/// The last board of a game won off the board tells who won and how, as
/// that of a game won by the rules does, in text and in pictures; a board
/// before the end tells who is to move.
#[test]
fn render_tells_how_a_game_ended_off_the_board() {
    let resigned = mana("[Termination \"resign\"]\n", "W+");
    let render = |args: &[&str], text: &str| {
        let mut all = vec!["render", "-"];
        all.extend_from_slice(args);
        let (out, err, status) = kifu(&all, text.as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)), "{args:?}");
        out
    };
    let end = render(&["--ascii"], &resigned);
    assert!(
        end.ends_with("Captured Ronins: Black 0, White 0\nWhite wins: resign (off the board)\n"),
        "{end}"
    );
    // No bird, no pieces it lets move: the game is over.
    assert!(!end.contains("the bird") && !end.contains('~'), "{end}");
    let svg = render(&["--format", "svg"], &resigned);
    assert!(
        svg.contains(">White wins: resign (off the board)<"),
        "{svg}"
    );
    assert!(!svg.contains("class=\"allowed\""), "{svg}");
    // The page's last board says it too, as render draws it.
    let (page, _, status) = kifu(&["html", "-"], resigned.as_bytes());
    assert_eq!(status, Some(0));
    assert!(
        page.contains("\\u003eWhite wins: resign (off the board)\\u003c/text"),
        "{page}"
    );
    let before = render(&["--ascii", "--ply", "4"], &resigned);
    assert!(before.contains("\nBlack to move\n"), "{before}");
    let undeclared = render(&["--ascii"], &mana("[Termination \"adjudication\"]\n", "*"));
    assert!(
        undeclared.ends_with("\nthe game ended off the board: adjudication, no winner declared\n"),
        "{undeclared}"
    );
}
