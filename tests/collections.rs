//! `kifu select` and `kifu stats` through the binary, on the fixtures and
//! on random collections.

use crate::support::run;

use run::kifu;

fn random(game: &str, count: &str) -> String {
    kifu(&["random", game, "--seed", "5", "--count", count], b"").0
}

/// The number `select --count` prints for `criteria` on `input`.
fn count(criteria: &[&str], input: &str) -> u64 {
    let mut args = vec!["select", "--count"];
    args.extend_from_slice(criteria);
    let (out, err, _) = kifu(&args, input.as_bytes());
    assert!(err.is_empty(), "{err}");
    out.trim()
        .parse()
        .unwrap_or_else(|e| panic!("{out:?}: {e}"))
}

#[test]
fn select_prints_records_byte_for_byte() {
    let text = random("shogun", "30");
    assert_eq!(
        kifu(&["select"], text.as_bytes()),
        (text.clone(), String::new(), Some(0))
    );
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(kifu(&["select", "-j", "2"], crlf.as_bytes()).0, crlf);
}

#[test]
fn criteria_combine_and_invert() {
    let text = random("mana", "60");
    let total = count(&[], &text);
    assert_eq!(total, 60);
    let black = count(&["--result", "B+"], &text);
    let white = count(&["--result", "W+"], &text);
    assert_eq!(black + white, 60);
    assert_eq!(count(&["--result", "B+", "--invert"], &text), white);
    assert_eq!(count(&["--winner", "Black"], &text), black);
    let long = count(&["--min-plies", "50"], &text);
    let short = count(&["--max-plies", "49"], &text);
    assert_eq!(long + short, 60);
    assert_eq!(
        count(&["--min-plies", "50", "--result", "B+", "--invert"], &text)
            + count(&["--min-plies", "50", "--result", "B+"], &text),
        60
    );
    assert_eq!(count(&["--game", "shogun"], &text), 0);
    assert_eq!(count(&["--game", "mana", "--valid"], &text), 60);
    let f1 = count(&["--tag", "Setup=f1 *"], &text);
    let others = count(&["--tag", "Setup=f1 *", "--invert"], &text);
    assert_eq!(f1 + others, 60);
    assert!(f1 > 0 && others > 0, "{f1} {others}");
    // Nothing selected: status 1, as grep.
    assert_eq!(
        kifu(&["select", "--game", "lotus"], text.as_bytes()),
        (String::new(), String::new(), Some(1))
    );
}

#[test]
fn players_faults_and_duplicates() {
    let fixtures: Vec<String> = std::fs::read_dir("fixtures/mana/invalid")
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".kifu"))
        .collect();
    let mut args = vec!["select", "--count", "--fault", "mana.disobeys-bird"];
    args.extend(fixtures.iter().map(String::as_str));
    assert_eq!(kifu(&args, b"").0, "1\n");
    let record = "[Game \"mana\"]\n[Black \"Ana Kovac\"]\n[White \"Ben\"]\n\n1. f1-e2 *\n\n";
    assert_eq!(count(&["--player", "Ana*"], record), 1);
    assert_eq!(count(&["--player", "Ben"], record), 1);
    assert_eq!(count(&["--player", "Cy"], record), 0);
    let twice = format!("{record}{record}");
    assert_eq!(count(&["--dedupe"], &twice), 1);
    assert_eq!(count(&[], &twice), 2);
}

#[test]
fn a_position_reached_at_some_ply_selects_the_record() {
    let text = random("escampe", "20");
    let (json, _, _) = kifu(&["json", "--positions"], text.as_bytes());
    let first = json.lines().next().unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(first).unwrap_or_else(|e| panic!("{e}"));
    let position = value["moves"][7]["position"]["position"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(!position.is_empty());
    assert!(count(&["--position", &position], &text) >= 1);
    assert_eq!(count(&["--position", "6/6/6/6/6/6 w -"], &text), 0);
}

#[test]
fn stats_of_a_random_collection() {
    let text = random("mana", "40");
    let (out, err, code) = kifu(&["stats"], text.as_bytes());
    assert_eq!((err.as_str(), code), ("", Some(0)));
    insta::assert_snapshot!("stats_mana_40", out);
    let text = random("lotus", "30");
    let (out, _, _) = kifu(&["stats"], text.as_bytes());
    insta::assert_snapshot!("stats_lotus_30", out);
}

#[test]
fn stats_counts_lengths_as_validate_does() {
    // Lotus in turns, the other games in plies: the same numbers.
    for (game, unit) in [("lotus", "turns"), ("mana", "plies")] {
        let text = random(game, "12");
        let (out, _, _) = kifu(&["stats", "--format", "json"], text.as_bytes());
        let stats: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
        let lengths = &stats["games"][0];
        let other = if unit == "turns" { "plies" } else { "turns" };
        assert!(lengths.get(other).is_none(), "{game}: {lengths}");
        let (verdicts, _, _) = kifu(&["validate"], text.as_bytes());
        let counted: Vec<u64> = (verdicts.lines())
            .filter_map(|l| {
                l.split(", ")
                    .nth(1)?
                    .strip_suffix(&format!(" {unit}"))?
                    .parse()
                    .ok()
            })
            .collect();
        assert_eq!(counted.len(), 12, "{verdicts}");
        let (min, max) = (counted.iter().min(), counted.iter().max());
        assert_eq!(lengths[unit]["min"].as_u64().as_ref(), min, "{game}");
        assert_eq!(lengths[unit]["max"].as_u64().as_ref(), max, "{game}");
    }
}

#[test]
fn stats_counts_agree_with_validate() {
    let mut args = vec!["stats", "--format", "json"];
    let files: Vec<String> = ["mana", "escampe", "shogun", "lotus"]
        .iter()
        .flat_map(|g| ["valid", "invalid"].map(|v| format!("fixtures/{g}/{v}")))
        .flat_map(|dir| {
            std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .map(|e| e.path().to_string_lossy().into_owned())
                .filter(|p| p.ends_with(".kifu"))
        })
        .collect();
    args.extend(files.iter().map(String::as_str));
    let (out, _, _) = kifu(&args, b"");
    let stats: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let mut validate = vec!["validate"];
    validate.extend(files.iter().map(String::as_str));
    let (verdicts, _, _) = kifu(&validate, b"");
    let lines = verdicts.lines().count() as u64;
    let invalid = verdicts
        .lines()
        .filter(|l| {
            l.split(':')
                .nth(2)
                .is_some_and(|c| c.chars().all(|ch| ch.is_ascii_digit()) && !c.is_empty())
        })
        .count() as u64;
    assert_eq!(stats["kifu"], 1);
    assert_eq!(stats["records"].as_u64(), Some(lines));
    assert_eq!(stats["invalid"].as_u64(), Some(invalid));
    let by_code: u64 = stats["faults"].as_object().map_or(0, |m| {
        m.values().filter_map(serde_json::Value::as_u64).sum()
    });
    assert_eq!(by_code, invalid);
}

#[test]
fn stats_counts_a_game_ended_off_the_board_as_its_declared_result() {
    let files = [
        "fixtures/mana/valid/terminated-time-forfeit-declared-winner.kifu",
        "fixtures/mana/valid/terminated-adjudication-no-winner.kifu",
        "fixtures/mana/valid/terminated-resign-no-result-tag.kifu",
    ];
    let mut args = vec!["stats"];
    args.extend(files);
    let (out, err, code) = kifu(&args, b"");
    assert_eq!((err.as_str(), code), ("", Some(0)));
    let results: Vec<&str> = out
        .lines()
        .skip_while(|l| l.trim() != "results")
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with("plies"))
        .collect();
    assert_eq!(
        results,
        ["    *         2   66.7%", "    B+        1   33.3%"]
    );
    // Black moved first and won on time: the first player scored 1 in
    // that game, and the two others did not end. The setup is shown as its
    // tag says it.
    assert!(out.contains("         3   1.00  f1 c6\n"), "{out}");
}

/// Games won by the rules and games won off the board, the winner
/// declared in the Result tag, in the movetext or in both, or none
/// declared: `select`, `stats`, `validate` and `json` agree on each.
#[test]
fn select_finds_a_game_won_off_the_board_as_validate_and_stats_count_it() {
    run::one_result_everywhere(&[
        "fixtures/mana/valid/black-wins.kifu",
        "fixtures/mana/valid/long-white-win.kifu",
        "fixtures/mana/valid/terminated-time-forfeit-declared-winner.kifu",
        "fixtures/mana/valid/terminated-resign-winner-token-in-movetext.kifu",
        "fixtures/mana/valid/terminated-adjudication-no-winner.kifu",
        "fixtures/mana/valid/terminated-resign-no-result-tag.kifu",
        "fixtures/escampe/valid/terminated-illegal-move-declared-winner.kifu",
        "fixtures/shogun/valid/terminated-engine-crash-declared-winner.kifu",
        "fixtures/shogun/valid/terminated-engine-crash-winner-token-and-tag.kifu",
    ]);
    // The names: engine A won three of them, as Black and as Red.
    let (out, _, _) = kifu(
        &[
            "select",
            "--count",
            "--winner",
            "engine ?",
            "fixtures/mana/valid/terminated-time-forfeit-declared-winner.kifu",
            "fixtures/escampe/valid/terminated-illegal-move-declared-winner.kifu",
            "fixtures/shogun/valid/terminated-engine-crash-declared-winner.kifu",
        ],
        b"",
    );
    assert_eq!(out, "3\n");
}

#[test]
fn select_refuses_a_criterion_value_it_cannot_match_as_a_usage_error() {
    let file = "fixtures/examples/mana.kifu";
    let (out, err, code) = kifu(&["select", "--result", "1-0", file], b"");
    assert_eq!((out.as_str(), code), ("", Some(2)));
    assert!(
        err.starts_with(
            "error: invalid value '1-0' for '--result <RESULT>': a result is B+, W+ or R+ (that side won), * (not over) or a Lotus score list like \"r:12 g:9 o:3\"; chess's 1-0, 0-1 and 1/2-1/2 are not kifu results\n"
        ),
        "{err}"
    );
    let (_, err, code) = kifu(&["select", "--fault", "mana.to-far", file], b"");
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(
            "error: invalid value 'mana.to-far' for '--fault <CODE>': not a fault code of kifu's (did you mean mana.too-far?); `kifu man notation` lists every code\n"
        ),
        "{err}"
    );
    // Values it can match are taken.
    for (flag, value) in [
        ("--result", "B+"),
        ("--result", "r:12 g:9 o:3"),
        ("--fault", "mana.too-far"),
    ] {
        let (_, err, code) = kifu(&["select", flag, value, file], b"");
        assert!(matches!(code, Some(0 | 1)), "{flag} {value}: {err}");
    }
    let (help, _, _) = kifu(&["select", "--help"], b"");
    assert!(
        help.contains("Exit status: 0 at least one record matched, 1 none did, 2 usage error or unreadable input."),
        "{help}"
    );
}
