//! Lotus through the binary: rendered boards (insta snapshots), the final
//! scores of the shared examples, JSON details and hostile input.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn kifu(args: &[&str], stdin: &str) -> (String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(root())
        // The day the records `play` begins are dated: 2026.12.01.
        .env("SOURCE_DATE_EPOCH", "1796083200")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

fn render(file: &str, ply: Option<&str>, ascii: bool) -> String {
    let mut args = vec!["render", file];
    if let Some(ply) = ply {
        args.extend(["--ply", ply]);
    }
    if ascii {
        args.push("--ascii");
    }
    let (out, status) = kifu(&args, "");
    assert_eq!(status, Some(0), "{out}");
    out
}

const THREE: &str = "fixtures/lotus/valid/three-players-stone-flower-leaves.kifu";
const SHORT: &str = "fixtures/lotus/valid/custom-course-short.kifu";

#[test]
fn renders_the_start() {
    insta::assert_snapshot!("start_unicode", render(THREE, Some("0"), false));
}

#[test]
fn renders_mid_turn_with_the_constraint() {
    insta::assert_snapshot!("ply_20_unicode", render(THREE, Some("20"), false));
    insta::assert_snapshot!("ply_20_ascii", render(THREE, Some("20"), true));
}

#[test]
fn renders_the_end_with_the_arrival_and_scores() {
    insta::assert_snapshot!("end_unicode", render(THREE, None, false));
    insta::assert_snapshot!("end_ascii", render(THREE, None, true));
}

#[test]
fn renders_a_custom_course() {
    insta::assert_snapshot!("custom_course_ascii", render(SHORT, Some("25"), true));
}

/// `"38 turns, over=True, scores=[4, 4, 9, 4, 1]"` -> (38, true, scores).
fn parse_why(why: &str) -> (u64, bool, Vec<i64>) {
    let turns = why
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{why}"));
    let over = why.contains("over=True");
    let list = why
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .unwrap_or_else(|| panic!("{why}"));
    let scores = list
        .split(", ")
        .map(|s| s.parse().unwrap_or_else(|e| panic!("{why}: {e}")))
        .collect();
    (turns, over, scores)
}

#[test]
fn valid_examples_end_with_the_known_scores() {
    let expected: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(root().join("fixtures/examples/lotus.json"))
            .unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (verdicts, _) = kifu(
        &[
            "validate",
            "--format",
            "json",
            "fixtures/examples/lotus.kifu",
        ],
        "",
    );
    let (records, _) = kifu(&["json", "--positions", "fixtures/examples/lotus.kifu"], "");
    let verdicts: Vec<Value> = verdicts
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let records: Vec<Value> = records
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let mut checked = 0;
    for (i, want) in expected.iter().enumerate() {
        if want["ok"] != true {
            continue;
        }
        let (turns, over, scores) = parse_why(want["why"].as_str().unwrap_or_default());
        let got = &verdicts[i];
        assert_eq!(got["turns"], turns, "record {}", i + 1);
        assert_eq!(got["outcome"].is_object(), over, "record {}", i + 1);
        let final_scores: Vec<i64> = if over {
            let list = got["outcome"]["scores"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            list.iter().filter_map(|s| s["score"].as_i64()).collect()
        } else {
            let moves = records[i]["moves"].as_array().cloned().unwrap_or_default();
            let last = moves.last().cloned().unwrap_or_default();
            let players = last["position"]["players"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            players.iter().filter_map(|p| p["score"].as_i64()).collect()
        };
        assert_eq!(final_scores, scores, "record {}", i + 1);
        checked += 1;
    }
    assert_eq!(checked, 15);
}

#[test]
fn a_finished_game_is_ranked_with_shared_places() {
    let (out, status) = kifu(
        &[
            "validate",
            "--format",
            "json",
            "fixtures/lotus/valid/five-players-black-exchanges.kifu",
        ],
        "",
    );
    assert_eq!(status, Some(0));
    let verdict: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        verdict["outcome"],
        serde_json::json!({
            "result": "a:10 r:4 g:10 p:1 m:1",
            "reason": "place 4 taken; Amber and Green share the win",
            "decided": "rules",
            "scores": [
                {"player": "Amber", "score": 10, "place": 1},
                {"player": "Red", "score": 4, "place": 3},
                {"player": "Green", "score": 10, "place": 1},
                {"player": "Pearl", "score": 1, "place": 4},
                {"player": "Magenta", "score": 1, "place": 4},
            ],
        })
    );
}

#[test]
fn describes_pawn_moves_and_the_setup() {
    let record = "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Course \"LLFLLSLLFLLSLLFLLLS\"]\n\n1. r0 g0 o0 *\n";
    let (out, status) = kifu(&["json"], record);
    assert_eq!(status, Some(0), "{out}");
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        value["moves"][0]["parts"],
        serde_json::json!({"player": "r", "from": 0, "to": 3})
    );
    assert_eq!(
        value["setup"]["pawns"][0],
        serde_json::json!({"owner": "r", "square": 0})
    );
    assert_eq!(
        value["setup"]["course_flowers"][12],
        serde_json::json!({"square": 18, "flower": "K"})
    );
    let tags = |course: Option<&str>| {
        let mut tags = vec![kifu::record::Tag {
            name: "Players".into(),
            value: "red green orange".into(),
            offset: 0,
        }];
        if let Some(course) = course {
            tags.push(kifu::record::Tag {
                name: "Course".into(),
                value: course.into(),
                offset: 0,
            });
        }
        kifu::GameKind::Lotus
            .start(kifu::game::Tags::new(&tags))
            .map(|g| g.setup_tags())
            .unwrap_or_default()
    };
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        tags(Some("LLFLLSLLFLLSLLFLLLS")),
        [
            pair("Players", "red green orange"),
            pair("Flowers", "PWY/WYPWYPWYPWYP"),
            pair("Course", "LLFLLSLLFLLSLLFLLLS"),
        ]
    );
    assert_eq!(
        tags(Some(kifu::games::lotus::DEFAULT_COURSE)),
        [
            pair("Players", "red green orange"),
            pair("Flowers", "PWY/WYPWYPWYPWYP"),
        ]
    );
}

#[test]
fn lists_legal_pawn_moves_with_their_choices() {
    let record = "[Game \"lotus\"]\n[Players \"red green orange\"]\n\n1. r0 g0 o0 2. g0 o7 x0\n";
    let (out, status) = kifu(&["moves", "--ply", "5"], record);
    // The record is invalid at x0: the moves are listed, the status says so.
    assert_eq!(status, Some(1));
    assert_eq!(out, "r0\ng0[-Y]\no0\nr3\ng5[-Y]\n");
}

#[test]
fn hostile_nesting_is_refused_without_a_crash() {
    let record = format!(
        "[Game \"lotus\"]\n[Players \"red green orange\"]\n\n1. r0{} *\n",
        "[".repeat(100_000)
    );
    let (out, status) = kifu(&["validate"], &record);
    assert_eq!(status, Some(1));
    assert!(
        out.contains(
            ": not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P] ("
        ),
        "{}",
        &out[out.len().saturating_sub(200)..]
    );
}

const FROM_POSITION: &str = "fixtures/lotus/valid/from-position-mid-turn.kifu";

/// The `Position` value of that fixture: orange's turn 35, one pawn move made.
const MID_TURN: &str =
    "r:34,A1,9:YYYPPPP g:15,26,27:- o:25*,30,40:WY v:A2,A3,33:WP 2W,18W,29W,35K,37Y ---B o 35 2";

#[test]
fn renders_a_record_from_a_position() {
    insta::assert_snapshot!(
        "from_position_unicode",
        render(FROM_POSITION, Some("0"), false)
    );
    insta::assert_snapshot!(
        "from_position_ascii",
        render(FROM_POSITION, Some("2"), true)
    );
}

#[test]
fn every_position_of_json_carries_its_position_value() {
    let (out, status) = kifu(&["json", "--positions", FROM_POSITION], "");
    assert_eq!(status, Some(0), "{out}");
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value["setup"]["position"], MID_TURN);
    assert_eq!(
        value["moves"][0]["position"]["position"],
        "r:36*,A1,9:WYYPPPP g:15,26,27:- o:25*,30,40:WY v:A2,A3,33:YP 2W,18W,29W,35K,37Y ---B o 35 3"
    );
    assert_eq!(
        value["moves"][1]["position"]["position"],
        "r:36,A1,9:WYYPPPP g:15,26,31:- o:25,30,40:WY v:A2,A3,33:YP 2W,18W,29W,35K,37Y ---B v 36 1"
    );
    let last = value["moves"].as_array().and_then(|m| m.last()).cloned();
    assert_eq!(
        last.map(|m| m["position"]["position"].clone()),
        Some(Value::from(
            "r:37,A1,9:WYYYYPPP g:15,27,34:- o:28,30,A4:WPB v:A2,A3,38:YP 2W,18W,29W,35K ---- g 38 1"
        ))
    );
}

#[test]
fn new_play_and_moves_start_from_a_position() {
    let players = "red green orange violet";
    let (out, status) = kifu(
        &["new", "lotus", "--players", players, "--position", MID_TURN],
        "",
    );
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(
        out,
        format!("[Game \"lotus\"]\n[Players \"{players}\"]\n[Position \"{MID_TURN}\"]\n\n*\n")
    );
    let (out, status) = kifu(&["moves", "--ply", "0", FROM_POSITION], "");
    assert_eq!(status, Some(0), "{out}");
    // Red's pawn on 9 is last (+2); violet and red land on the frog
    // square 36 and name an exchange; orange's pawn on 25 has moved.
    let expected = [
        "r9",
        "g15",
        "g26",
        "g27",
        "o30",
        "v33[W<>rY]",
        "v33[W<>rP]",
        "v33[W<>oY]",
        "v33[P<>rY]",
        "v33[P<>oW]",
        "v33[P<>oY]",
        "r34[Y<>oW]",
        "r34[Y<>vW]",
        "r34[Y<>vP]",
        "r34[P<>oW]",
        "r34[P<>oY]",
        "r34[P<>vW]",
        "o40",
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    let saved =
        std::env::temp_dir().join(format!("kifu-lotus-position-{}.kifu", std::process::id()));
    let session = format!("r34[Y<>vW] g27\n:save {}\n", saved.display());
    let (out, status) = kifu(
        &[
            "play",
            "lotus",
            "--ascii",
            "--players",
            players,
            "--position",
            MID_TURN,
        ],
        &session,
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("turn 36, violet's turn: first pawn move"),
        "{out}"
    );
    // The rest of turn 35 is numbered as its continuation.
    let text = std::fs::read_to_string(&saved).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_file(&saved);
    assert_eq!(
        text,
        format!(
            "[Game \"lotus\"]\n[Date \"2026.12.01\"]\n[Position \"{MID_TURN}\"]\n[Players \"{players}\"]\n\n35... r34[Y<>vW] g27 *\n"
        )
    );
    let (out, status) = kifu(&["new", "lotus", "--position", "r:0 - ---- r 1 1"], "");
    assert_eq!((out.as_str(), status), ("", Some(2)));
}
