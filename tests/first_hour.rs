//! The stumbles of a new user's first hour, each through the binary: the
//! messages for common slips, warnings that are not verdicts, verdicts to
//! skim, and the manual pages after an install.

use crate::support::run;

use run::kifu;

/// The verdict `kifu validate -` gives for `text`, and its status.
fn judged(text: &str) -> (String, Option<i32>) {
    let (out, _, status) = kifu(&["validate", "-"], text.as_bytes());
    (out, status)
}

const MANA: &str = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n";

#[test]
fn a_chess_result_says_how_kifu_writes_results() {
    for result in ["1-0", "0-1", "1/2-1/2"] {
        let (out, status) = judged(&format!("{MANA}1. e1-e4 a6-a5 {result}\n"));
        assert_eq!(
            out,
            format!(
                "<stdin>:4:16: {result:?} is a chess result: kifu ends the movetext with the winner's colour, W+, B+ or R+, or with * for a game not finished (at {result:?})\n"
            )
        );
        assert_eq!(status, Some(1));
    }
}

#[test]
fn upper_case_squares_are_named_as_the_slip() {
    let (out, _) = judged("[Game \"shogun\"]\n\n1. A1-A4 *\n");
    assert_eq!(
        out,
        "<stdin>:3:4: move 1 (White, ply 1) A1-A4: not a Shogun move: \"A1-A4\": \"A1\" is not a square (files a-h, ranks 1-8); squares are written in lower case, like a1-a4 (the record has no Setup tag: it was judged from the default, Setup \"XXYZSZYX/XYZSZYXX\")\n"
    );
}

#[test]
fn an_illegal_move_shows_the_legal_moves_of_its_piece_or_the_nearest() {
    let (out, _) = judged(&format!("{MANA}1. e1-e5 *\n"));
    assert_eq!(
        out,
        "<stdin>:4:4: move 1 (Black, ply 1) e1-e5: the piece cannot reach that square: the piece on e1 stands on a triple square and must move exactly 3 steps; the legal moves of the piece on e1: e1-c2, e1-d3, e1-f3, e1-e4\n"
    );
    let (out, _) = judged(&format!("{MANA}1. c3-c4 *\n"));
    assert_eq!(
        out,
        "<stdin>:4:4: move 1 (Black, ply 1) c3-c4: no piece of the side to move there: c3 is empty; did you mean c1-c3?\n"
    );
}

#[test]
fn the_bird_message_reads_as_a_player_says_it() {
    let (out, _) = judged(&format!("{MANA}1. e1-e4 b6-b4 *\n"));
    assert_eq!(
        out,
        "<stdin>:4:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a single square, and a piece of yours on a single square can move, so you must move one of those\n"
    );
}

#[test]
fn a_record_without_setup_names_the_default_it_was_judged_from() {
    let (out, _) = judged("[Game \"mana\"]\n\n1. e1-e5 *\n");
    assert!(
        out.ends_with(
            "(the record has no Setup tag: it was judged from the default, Setup \"c1 c6\")\n"
        ),
        "{out}"
    );
    // With a setup tag, nothing is added.
    let (out, _) = judged(&format!("{MANA}1. e1-e5 *\n"));
    assert!(!out.contains("default"), "{out}");
}

#[test]
fn the_lotus_stone_hint_names_a_flower_the_player_holds() {
    let file = "fixtures/lotus/invalid/missing-bracket-stone.kifu";
    let (out, _, _) = kifu(&["validate", file], b"");
    assert!(
        out.contains("green must give up a flower, written like g0[-Y]"),
        "{out}"
    );
    let (json, _, _) = kifu(&["json", file], b"");
    assert!(json.contains("\"text\":\"g0\""), "{json}");
    // Green holds a yellow flower at that point: the hint's move is legal.
    let (moves, _, _) = kifu(&["moves", file, "--ply", "5"], b"");
    assert!(moves.lines().any(|m| m == "g0[-Y]"), "{moves}");
}

#[test]
fn an_unknown_tag_close_to_a_known_one_is_a_warning_at_its_name() {
    let text = "[Game \"mana\"]\n[setup \"b1 c6\"]\n[Date \"2024-05-01\"]\n\n1. e1-e4 *\n";
    let (out, err, status) = kifu(&["validate", "-"], text.as_bytes());
    assert_eq!(out, "<stdin>:1: mana, 1 ply, *\n");
    assert_eq!(
        err,
        "<stdin>:2:2: warning: tag setup is not one kifu reads: did you mean Setup?\n\
         <stdin>:3:7: warning: tag Date: \"2024-05-01\" is not a date of the form YYYY.MM.DD (?? for unknown parts)\n"
    );
    assert_eq!(status, Some(0));
    let (out, err, status) = kifu(&["validate", "--strict", "-"], text.as_bytes());
    assert_eq!(
        out,
        "<stdin>:2:2: tag setup is not one kifu reads: did you mean Setup?\n"
    );
    assert_eq!(
        err,
        "<stdin>:3:7: warning: tag Date: \"2024-05-01\" is not a date of the form YYYY.MM.DD (?? for unknown parts)\n"
    );
    assert_eq!(status, Some(1));
    let (json, _, _) = kifu(&["validate", "--format", "json", "-"], text.as_bytes());
    assert!(json.contains("\"valid\":true"), "{json}");
    assert!(
        json.contains("\"warnings\":[{\"line\":2,\"column\":2,\"code\":\"tag.misspelt\""),
        "{json}"
    );
    // Two letters swapped are one slip.
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n[Reslut \"W+\"]\n\n*\n";
    let (out, _, status) = kifu(&["validate", "--strict", "-"], text.as_bytes());
    assert_eq!(
        (out.as_str(), status),
        (
            "<stdin>:3:2: tag Reslut is not one kifu reads: did you mean Result?\n",
            Some(1)
        )
    );
}

#[test]
fn a_time_control_not_of_its_form_is_a_warning() {
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n[TimeControl \"5 min\"]\n\n1. e1-e4 *\n";
    let (out, err, status) = kifu(&["validate", "-"], text.as_bytes());
    assert_eq!(
        (out.as_str(), status),
        ("<stdin>:1: mana, 1 ply, *\n", Some(0))
    );
    assert_eq!(
        err,
        "<stdin>:3:14: warning: tag TimeControl: \"5 min\" is not SECONDS+INCREMENT (like 60+1) or -\n"
    );
}

#[test]
fn a_lotus_verdict_names_the_winners() {
    let (out, _, _) = kifu(
        &[
            "validate",
            "fixtures/lotus/valid/custom-course-stone-at-the-end.kifu",
        ],
        b"",
    );
    assert!(
        out.ends_with("r:8 g:0 o:23 (place 4 taken; orange wins)\n"),
        "{out}"
    );
    let (out, _, _) = kifu(
        &["validate", "fixtures/lotus/valid/custom-course-short.kifu"],
        b"",
    );
    assert!(
        out.ends_with("(place 4 taken; orange and blue share the win)\n"),
        "{out}"
    );
}

#[test]
fn many_records_end_with_a_count_and_quiet_prints_only_the_invalid() {
    let files = [
        "fixtures/mana/valid/black-wins.kifu",
        "fixtures/mana/valid/long-white-win.kifu",
        "fixtures/mana/invalid/too-far.kifu",
    ];
    let (out, err, status) = kifu(&[&["validate"][..], &files].concat(), b"");
    assert_eq!(out.lines().count(), 3);
    assert_eq!(err, "3 records: 2 valid, 1 invalid\n");
    assert_eq!(status, Some(1));
    let (quiet, err, status) = kifu(&[&["validate", "--quiet"][..], &files].concat(), b"");
    assert_eq!(
        quiet,
        out.lines()
            .nth(2)
            .map(|l| format!("{l}\n"))
            .unwrap_or_default()
    );
    assert_eq!(
        (err.as_str(), status),
        ("3 records: 2 valid, 1 invalid\n", Some(1))
    );
    // One record: no count.
    let (_, err, _) = kifu(&["validate", files[0]], b"");
    assert_eq!(err, "");
    // Thousands are grouped.
    let (many, _, _) = kifu(&["random", "mana", "--seed", "1", "--count", "1001"], b"");
    let (_, err, _) = kifu(&["validate", "-q", "-"], many.as_bytes());
    assert_eq!(err, "1,001 records: 1,001 valid, 0 invalid\n");
}

#[test]
fn validate_on_a_terminal_says_it_reads_standard_input() {
    // `script` (util-linux) gives kifu a terminal; ^D ends its input.
    // `timeout` turns a kifu that waits on past ^D into a failure, not a hang.
    let mut child = std::process::Command::new("timeout")
        .args([
            "20",
            "script",
            "-qec",
            &format!("{} validate", env!("CARGO_BIN_EXE_kifu")),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("script: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(b"\x04");
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&output.stdout);
    assert_ne!(
        output.status.code(),
        Some(124),
        "kifu still waited after ^D"
    );
    assert!(
        text.starts_with("kifu: reading records from standard input (end with Ctrl-D)\r\n"),
        "{text:?}"
    );
    // Without a terminal it says nothing.
    let (_, err, _) = kifu(&["validate"], b"");
    assert_eq!(err, "kifu: <stdin>: no record found\n");
}

#[test]
fn the_manual_pages_are_printed_as_roff() {
    for (page, head) in [
        (None, ".TH KIFU 1 "),
        (Some("kifu"), ".TH KIFU 1 "),
        (Some("notation"), ".TH KIFU 5 "),
        (Some("rules"), ".TH KIFU\\-RULES 7 "),
    ] {
        let args: Vec<&str> = ["man"].into_iter().chain(page).collect();
        let (out, err, status) = kifu(&args, b"");
        assert!(
            out.starts_with(head),
            "{page:?}: {}",
            &out[..40.min(out.len())]
        );
        assert_eq!((err.as_str(), status), ("", Some(0)));
        let file = match page {
            Some("notation") => "man/kifu.5",
            Some("rules") => "man/kifu-rules.7",
            _ => "man/kifu.1",
        };
        let shipped = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out, shipped, "{page:?}");
    }
    let (_, err, status) = kifu(&["man", "chess"], b"");
    assert_eq!(status, Some(2), "{err}");
}

/// A `.TP` entry's tag as the reader sees it: its one line, escapes and
/// quotes of the font macros taken out.
fn tag_text(line: &str) -> String {
    let line = ["\\fB", "\\fI", "\\fR", "\\fP", "\\-", "\\(bu"]
        .iter()
        .fold(line.to_owned(), |text, escape| text.replace(escape, ""));
    match line.split_once(' ') {
        Some((macro_name, rest)) if macro_name.starts_with('.') => rest.replace('"', ""),
        _ => line,
    }
}

#[test]
fn every_entry_of_the_manual_pages_is_written_whole() {
    // roff takes a `.TP` entry's tag from the one line after it: a tag
    // split over two lines loses its end to the body.
    for page in ["kifu.1", "kifu.5", "kifu-rules.7", "kifu-engine.7"] {
        let path = format!("man/{page}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if *line != ".TP" {
                continue;
            }
            let tag = tag_text(lines.get(i + 1).copied().unwrap_or_default());
            let opened = |open: char, close: char| {
                tag.chars().filter(|c| *c == open).count()
                    == tag.chars().filter(|c| *c == close).count()
            };
            assert!(
                opened('[', ']') && opened('(', ')'),
                "{path}:{}: the entry's tag {tag:?} goes on past its line",
                i + 2
            );
        }
    }
    // Rendered, where groff is at hand, the engine's commands read whole.
    let Ok(mut groff) = std::process::Command::new("groff")
        .args(["-man", "-Tutf8", "-P-cbou", "man/kifu-engine.7"])
        .output()
    else {
        return;
    };
    groff.stdout.retain(|b| *b != b'\r');
    let rendered = String::from_utf8_lossy(&groff.stdout);
    let lines: Vec<String> = rendered
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for entry in [
        "position [moves M1 M2 ...]",
        "go [time MS] [inc MS] [movetime MS] [depth N] [nodes N]",
    ] {
        assert!(
            lines.iter().any(|l| l == entry),
            "{entry:?} not whole in:\n{rendered}"
        );
    }
}
