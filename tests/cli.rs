//! The command-line contract: exit statuses, diagnostics, pipelines.

use assert_cmd::Command;
use std::io::Read;
use std::process::Stdio;

fn kifu() -> Command {
    let mut cmd = Command::cargo_bin("kifu").unwrap_or_else(|e| panic!("{e}"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    cmd
}

struct Run {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

fn run(cmd: &mut Command) -> Run {
    let output = cmd.output().unwrap_or_else(|e| panic!("{e}"));
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    }
}

#[test]
fn a_missing_file_is_unreadable_input() {
    let r = run(kifu().args(["validate", "no-such-file.kifu"]));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        ("", "kifu: no-such-file.kifu: no such file\n", Some(2))
    );
}

#[test]
fn a_directory_is_read_for_its_record_files_in_sorted_order() {
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("walked");
    let _ = std::fs::remove_dir_all(&root);
    let write = |name: &str, text: &[u8]| {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&root)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    };
    let record = b"[Game \"mana\"]\n[Setup \"f1 b6\"]\n\n1. d1-d2 *\n";
    write("b/z.kifu", record);
    write("b/a.kifu", record);
    write("a.kifu", record);
    write("notes.txt", b"not a record");
    write(".hidden/h.kifu", record);
    write(".dot.kifu", record);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gzip, record).unwrap_or_else(|e| panic!("{e}"));
    write(
        "c/packed.kifu.gz",
        &gzip.finish().unwrap_or_else(|e| panic!("{e}")),
    );
    std::os::unix::fs::symlink(root.join("b"), root.join("linked"))
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(root.join("empty")).unwrap_or_else(|e| panic!("{e}"));
    let dir = root.display().to_string();
    let names = |args: &[&str]| {
        let r = run(kifu().arg("validate").args(args).arg(&dir));
        let files: Vec<String> = (r.stdout.lines())
            .filter_map(|l| l.split(':').next())
            .map(|f| f.trim_start_matches(&dir).to_owned())
            .collect();
        (files, r.stderr, r.status)
    };
    let summary = |n: usize| format!("{n} records: {n} valid, 0 invalid\n");
    let plain = ["/a.kifu", "/b/a.kifu", "/b/z.kifu", "/c/packed.kifu.gz"];
    assert_eq!(
        names(&[]),
        (plain.map(String::from).to_vec(), summary(4), Some(0))
    );
    let (hidden, _, _) = names(&["--hidden"]);
    assert_eq!(
        hidden,
        [
            "/.dot.kifu",
            "/.hidden/h.kifu",
            "/a.kifu",
            "/b/a.kifu",
            "/b/z.kifu",
            "/c/packed.kifu.gz"
        ]
    );
    let (followed, _, _) = names(&["-L"]);
    assert_eq!(
        followed,
        [
            "/a.kifu",
            "/b/a.kifu",
            "/b/z.kifu",
            "/c/packed.kifu.gz",
            "/linked/a.kifu",
            "/linked/z.kifu"
        ]
    );
    // A file named is read whatever its name; a directory with no record
    // file is an input problem, as a missing file is.
    let hidden_file = format!("{dir}/.dot.kifu");
    let r = run(kifu().args(["validate", &hidden_file]));
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let empty = format!("{dir}/empty");
    let r = run(kifu().args(["json", &empty]));
    assert_eq!(
        (r.stderr, r.status),
        (
            format!("kifu: {empty}: no record file (*.kifu) in the directory\n"),
            Some(2)
        )
    );
}

#[test]
fn an_empty_input_has_no_record_the_same_for_every_command() {
    // No record is a problem of the input, as an unreadable file is: 2.
    for args in [
        &["validate", "-"][..],
        &["json", "-"],
        &["import", "-"],
        &["stats", "-"],
        &["select", "-"],
        &["html", "-"],
        &["render", "-"],
        &["moves", "-"],
    ] {
        let r = run(kifu().args(args).write_stdin("\n"));
        assert_eq!(
            (r.stderr.as_str(), r.status),
            ("kifu: <stdin>: no record found\n", Some(2)),
            "kifu {}",
            args.join(" ")
        );
        // stats reports on the nothing it read.
        let printed = match args[0] {
            "stats" => "records  0\nvalid    0\ninvalid  0\n",
            _ => "",
        };
        assert_eq!(r.stdout, printed, "kifu {}", args.join(" "));
    }
    // fmt's work is the text, and an empty text is formatted as it is.
    let r = run(kifu().args(["fmt", "-"]).write_stdin(""));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        ("", "", Some(0))
    );
}

#[test]
fn an_unknown_subcommand_is_a_usage_error() {
    let r = run(kifu().arg("referee"));
    assert_eq!(r.status, Some(2));
    assert!(
        r.stderr.contains("unrecognized subcommand 'referee'"),
        "{}",
        r.stderr
    );
}

#[test]
fn an_unknown_game_is_a_usage_error() {
    let r = run(kifu().args(["new", "chess"]));
    assert_eq!(r.status, Some(2));
    assert!(r.stderr.contains("invalid value 'chess'"), "{}", r.stderr);
}

#[test]
fn a_syntax_error_does_not_hide_the_records_after_it() {
    let text = "[Game \"mana\"]\n1. e1-e4 {open\n\n[Game \"mana\"]\n[Setup \"c1 c6\n\n[Game \"mana\"]\n\n1. e1-e4 *\n";
    let r = run(kifu().args(["validate", "-"]).write_stdin(text));
    // The unclosed comment swallows the rest of the text up to the limit: it
    // is one record, reported where the comment opens.
    assert_eq!(
        r.stdout,
        "<stdin>:2:10: comment is not closed: '{' has no matching '}' (at \"{open\")\n"
    );
    let text = "[Game \"mana\"]\n[Setup \"c1 c6\n1. e1-e4 *\n\n[Game \"mana\"]\n\n1. e1-e4 *\n";
    let r = run(kifu().args(["validate"]).write_stdin(text));
    assert_eq!(
        (r.stdout.as_str(), r.status),
        (
            "<stdin>:2:8: the tag value has no closing quote (at \"\\\"c1 c6\")\n<stdin>:5: mana, 1 ply, *\n",
            Some(1)
        )
    );
}

#[test]
fn verdicts_are_coloured_only_when_asked_or_on_a_terminal() {
    let file = "fixtures/mana/valid/black-wins.kifu";
    let plain = run(kifu().args(["validate", file]));
    assert!(!plain.stdout.contains('\x1b'));
    let always = run(kifu().args(["--color", "always", "validate", file]));
    assert_eq!(
        always.stdout,
        format!("{file}:1: \x1b[32mmana, 23 plies, B+ (Daimyo captured)\x1b[0m\n")
    );
    let never = run(kifu()
        .args(["--color", "never", "validate", file])
        .env("NO_COLOR", "1"));
    assert_eq!(never.stdout, plain.stdout);
}

#[test]
fn random_games_are_reproducible_and_valid() {
    let first = run(kifu().args(["random", "mana", "--seed", "7", "--count", "50"]));
    let second = run(kifu().args(["random", "mana", "--seed", "7", "--count", "50"]));
    assert_eq!(first.stdout, second.stdout);
    let verdicts = run(kifu()
        .args(["validate", "-"])
        .write_stdin(first.stdout.clone()));
    assert_eq!(verdicts.status, Some(0), "{}", verdicts.stdout);
    assert_eq!(verdicts.stdout.lines().count(), 50);
    let other = run(kifu().args(["random", "mana", "--seed", "8", "--count", "50"]));
    assert_ne!(first.stdout, other.stdout);
}

#[test]
fn json_then_import_then_validate_judges_like_the_original() {
    let files = [
        "fixtures/mana/valid/annotated-with-comments-and-tags.kifu",
        "fixtures/mana/invalid/disobeys-the-bird.kifu",
    ];
    let json = run(kifu().arg("json").args(files));
    for line in json.stdout.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let imported = run(kifu().arg("import").write_stdin(json.stdout.clone()));
    assert_eq!(imported.status, Some(0), "{}", imported.stderr);
    let verdicts = run(kifu()
        .args(["validate", "-"])
        .write_stdin(imported.stdout.clone()));
    assert_eq!(
        verdicts.stdout,
        "<stdin>:1: mana, 23 plies, B+ (Daimyo captured)\n<stdin>:21:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a single square, and a piece of yours on a single square can move, so you must move one of those\n"
    );
    let again = run(kifu().arg("json").write_stdin(imported.stdout));
    let strip = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| {
                let mut v: serde_json::Value =
                    serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}"));
                if let Some(map) = v.as_object_mut() {
                    map.remove("file");
                    map.remove("line");
                }
                v["verdict"]["error"]["line"] = serde_json::Value::Null;
                v["verdict"]["error"]["message"] = serde_json::Value::Null;
                v
            })
            .collect()
    };
    assert_eq!(strip(&again.stdout), strip(&json.stdout));
}

#[test]
fn import_names_the_line_of_bad_json() {
    let r = run(kifu()
        .arg("import")
        .write_stdin("{\"tags\": {\"Game\": \"mana\"}}\nnot json\n"));
    assert_eq!(r.stdout, "[Game \"mana\"]\n\n");
    assert_eq!(
        r.stderr,
        "<stdin>:2: record 2: invalid JSON: expected ident at line 2 column 2\n"
    );
    assert_eq!(r.status, Some(1));
}

#[test]
fn validate_json_format_gives_one_object_per_record() {
    let r = run(kifu().args([
        "validate",
        "--format",
        "json",
        "fixtures/mana/invalid/too-far.kifu",
    ]));
    let v: serde_json::Value =
        serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["line"], 4);
    assert_eq!(v["error"]["column"], 19);
    assert_eq!(v["error"]["number"], 2);
    assert_eq!(v["error"]["player"], "Black");
    assert_eq!(v["error"]["move"], "a1-a5");
    let code = v["error"]["code"].as_str().unwrap_or_default();
    assert!(code.starts_with("mana."), "{code:?}");
    assert_eq!(r.status, Some(1));
}

#[test]
fn validate_json_format_gives_the_code_of_every_fault() {
    let input = "[Game \"mana\"]\n1. a1 } x\n\n[Game \"mana\"]\n[Game \"x\"]\n*\n\n\
                 [Game \"mana\"]\n1. e1-e4 {\n";
    let r = run(kifu()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(input));
    let codes: Vec<String> = r
        .stdout
        .lines()
        .map(|line| {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            v["error"]["code"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    assert_eq!(
        codes,
        [
            "record.unmatched-brace",
            "record.duplicate-tag",
            "record.unterminated-comment"
        ]
    );
    assert_eq!(r.status, Some(1));
}

#[test]
fn completions_are_generated_for_bash_zsh_and_fish() {
    for shell in ["bash", "zsh", "fish"] {
        let r = run(kifu().args(["completions", shell]));
        assert_eq!(r.status, Some(0), "{shell}");
        assert!(
            r.stdout.contains("validate")
                && r.stdout.contains("format")
                && r.stdout.contains("positions"),
            "{shell}"
        );
    }
}

#[test]
fn a_broken_pipe_ends_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kifu"))
        .args(["random", "mana", "--seed", "1", "--count", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut first = [0u8; 64];
    if let Some(stdout) = child.stdout.as_mut() {
        stdout
            .read_exact(&mut first)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn parallel_validation_prints_exactly_what_one_thread_prints() {
    let mut text = run(kifu().args(["random", "mana", "--seed", "3", "--count", "600"])).stdout;
    text.push_str("\n[Game \"mana\"]\n\n1. e1-e5 *\n");
    text.push_str(&run(kifu().args(["random", "escampe", "--seed", "4", "--count", "300"])).stdout);
    let one = run(kifu()
        .args(["validate", "-j", "1"])
        .write_stdin(text.clone()));
    let three = run(kifu().args(["validate", "--jobs", "3"]).write_stdin(text));
    assert_eq!(one.stdout.lines().count(), 901);
    assert_eq!((one.stdout, one.status), (three.stdout, three.status));
    assert_eq!(three.status, Some(1));
}

#[test]
fn every_game_round_trips_random_games_through_json_and_import() {
    for game in ["mana", "escampe", "shogun", "lotus"] {
        let games = run(kifu().args(["random", game, "--seed", "7", "--count", "50"]));
        let again = run(kifu().args(["random", game, "--seed", "7", "--count", "50"]));
        assert_eq!(games.stdout, again.stdout, "{game}: same seed, same bytes");
        let verdicts = run(kifu()
            .args(["validate", "-"])
            .write_stdin(games.stdout.clone()));
        assert_eq!(
            (verdicts.status, verdicts.stdout.lines().count()),
            (Some(0), 50),
            "{game}: {}",
            verdicts.stdout
        );
        let json = run(kifu()
            .args(["json", "--positions"])
            .write_stdin(games.stdout));
        assert_eq!(json.status, Some(0), "{game}");
        for line in json.stdout.lines() {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{game}: {e}"));
            assert_eq!(value["game"], game);
            assert!(
                value["moves"]
                    .as_array()
                    .is_some_and(|m| m.iter().all(|m| m["position"].is_object())),
                "{game}"
            );
        }
        let imported = run(kifu().arg("import").write_stdin(json.stdout));
        let judged = run(kifu().args(["validate", "-"]).write_stdin(imported.stdout));
        assert_eq!(
            judged.stdout, verdicts.stdout,
            "{game}: json | import | validate"
        );
    }
}

#[test]
fn new_prints_a_fresh_record_for_every_game() {
    let expected = [
        ("mana", "[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n*\n"),
        (
            "shogun",
            "[Game \"shogun\"]\n[Setup \"XXYZSZYX/XYZSZYXX\"]\n\n*\n",
        ),
    ];
    for (game, text) in expected {
        assert_eq!(run(kifu().args(["new", game])).stdout, text, "{game}");
    }
    let lotus = run(kifu().args(["new", "lotus", "--seed", "3", "--players", "ana ben cy"]));
    assert_eq!(lotus.status, Some(0));
    assert!(
        lotus
            .stdout
            .starts_with("[Game \"lotus\"]\n[Players \"ana ben cy\"]\n[Flowers \""),
        "{}",
        lotus.stdout
    );
    assert_eq!(
        lotus.stdout,
        run(kifu().args(["new", "lotus", "--seed", "3", "--players", "ana ben cy"])).stdout
    );
    // Bare, escampe has no start: its players place their pieces, which a
    // record cannot wait for; lotus starts with three players.
    let escampe = run(kifu().args(["new", "escampe"]));
    assert_eq!(
        (
            escampe.stdout.as_str(),
            escampe.stderr.as_str(),
            escampe.status
        ),
        (
            "",
            "kifu: escampe has no default setup: give one with --setup (like \"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1\"), draw one with --seed N, or place the pieces in kifu play escampe\n",
            Some(2)
        )
    );
    let lotus = run(kifu().args(["new", "lotus"]));
    assert_eq!(
        lotus.stdout,
        "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Flowers \"PWY/WYPWYPWYPWYP\"]\n\n*\n"
    );
    // `new` takes the setup options of `play`, and the same defaults.
    let mana = run(kifu().args(["new", "mana", "--setup", "b1 f6", "--tag", "Event=Club"]));
    assert_eq!(
        mana.stdout,
        "[Game \"mana\"]\n[Setup \"b1 f6\"]\n[Event \"Club\"]\n\n*\n"
    );
    let shogun = run(kifu().args(["new", "shogun", "--first", "red", "--rotation", "90"]));
    assert_eq!(
        shogun.stdout,
        "[Game \"shogun\"]\n[Setup \"XXYZSZYX/XYZSZYXX\"]\n[First \"red\"]\n[Rotation \"90\"]\n\n*\n"
    );
    let bad = run(kifu().args(["new", "mana", "--tag", "Result=B+"]));
    assert_eq!(
        (bad.stderr.as_str(), bad.status),
        (
            "kifu: --tag: the Result tag comes from the game itself\n",
            Some(2)
        )
    );
    let escampe = run(kifu().args(["new", "escampe", "--seed", "1"]));
    let verdict = run(kifu().args(["validate", "-"]).write_stdin(escampe.stdout));
    assert_eq!(verdict.stdout, "<stdin>:1: escampe, 0 plies, *\n");
}

#[test]
fn the_man_pages_render_without_warnings() {
    let Ok(version) = std::process::Command::new("groff")
        .arg("--version")
        .output()
    else {
        eprintln!("groff is not installed: man pages not rendered");
        return;
    };
    assert!(version.status.success());
    for page in ["kifu.1", "kifu.5", "kifu-rules.7", "kifu-engine.7"] {
        let output = std::process::Command::new("groff")
            .args(["-man", "-ww", "-z"])
            .arg(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("man")
                    .join(page),
            )
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(output.status.success(), "{page}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{page}");
    }
}

#[test]
fn moves_of_a_finished_game_says_it_is_over() {
    let r = run(kifu().args(["moves", "fixtures/mana/valid/black-wins.kifu"]));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "kifu: the game is over: B+ (Daimyo captured)\n",
            Some(0)
        )
    );
}
