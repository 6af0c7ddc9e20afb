//! `kifu ARGS` run in the repository with `stdin` on standard input.
#![allow(dead_code)]

use assert_cmd::Command;

/// Standard output, standard error and exit status of `kifu ARGS`.
pub fn kifu(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Checks that one game's result means one thing to every command:
/// `kifu select --count` with every `--result` (`B+`, `W+`, `R+`, `*`) and
/// every `--winner` (a side, or a name in the Black, White or Red tag)
/// counts the records of `files` whose result and winner `kifu json` and
/// `kifu validate --format json` give, and `kifu stats` counts each result
/// as often. The files hold valid two-player records.
pub fn one_result_everywhere(files: &[&str]) {
    use serde_json::Value;
    let lines = |command: &str| -> Vec<Value> {
        let mut args = vec![command, "--format", "json"];
        if command == "json" {
            args.truncate(1);
        }
        args.extend_from_slice(files);
        let (out, err, status) = kifu(&args, b"");
        assert_eq!(status, Some(0), "kifu {command}: {err}");
        (out.lines())
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    };
    let verdicts = lines("validate");
    // Each game's result, winning side and winner's name.
    let games: Vec<(String, Option<String>, Option<String>)> = (lines("json").iter())
        .zip(&verdicts)
        .map(|(record, verdict)| {
            let result = verdict["result"]
                .as_str()
                .unwrap_or_else(|| panic!("{verdict}"));
            assert_eq!(record["verdict"]["result"].as_str(), Some(result));
            assert_eq!(record["outcome"], verdict["outcome"]);
            let side = verdict["outcome"]["winner"].as_str();
            assert_eq!(side.is_some(), result != "*", "{verdict}");
            let name = side.and_then(|side| record["tags"][side].as_str());
            (
                result.to_owned(),
                side.map(str::to_owned),
                name.map(str::to_owned),
            )
        })
        .collect();
    let count = |criterion: &str, value: &str| -> usize {
        let mut args = vec!["select", "--count", criterion, value];
        args.extend_from_slice(files);
        let (out, err, status) = kifu(&args, b"");
        let counted: usize = out
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{out:?}: {e}"));
        // As grep, select exits 1 when it finds nothing.
        let found = if counted == 0 { 1 } else { 0 };
        assert_eq!(
            (err.as_str(), status),
            ("", Some(found)),
            "{criterion} {value}"
        );
        counted
    };
    let mut stats_args = vec!["stats", "--format", "json"];
    stats_args.extend_from_slice(files);
    let (stats, _, _) = kifu(&stats_args, b"");
    let stats: Value = serde_json::from_str(&stats).unwrap_or_else(|e| panic!("{e}: {stats}"));
    for result in ["B+", "W+", "R+", "*"] {
        let expected = games.iter().filter(|(r, _, _)| r == result).count();
        assert_eq!(count("--result", result), expected, "--result {result}");
        let counted: u64 = (stats["games"].as_array().into_iter().flatten())
            .flat_map(|game| game["results"].as_array().into_iter().flatten())
            .filter(|row| row["value"] == result)
            .filter_map(|row| row["count"].as_u64())
            .sum();
        assert_eq!(counted, expected as u64, "stats' {result}");
    }
    let mut winners: Vec<&str> = vec!["Black", "White", "Red"];
    winners.extend(games.iter().filter_map(|(_, _, name)| name.as_deref()));
    for winner in winners {
        let expected = (games.iter())
            .filter(|(_, side, name)| [side, name].iter().any(|w| w.as_deref() == Some(winner)))
            .count();
        assert_eq!(count("--winner", winner), expected, "--winner {winner}");
    }
}
