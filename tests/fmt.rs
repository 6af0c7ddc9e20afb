//! `kifu fmt` through the binary: canonical, idempotent, and faithful to
//! every verdict, move and comment; invalid records come back unchanged.

use crate::support::run;

use proptest::prelude::*;
use run::kifu;
use std::fs;
use std::path::{Path, PathBuf};

fn valid_fixtures() -> Vec<PathBuf> {
    ["mana", "escampe", "shogun", "lotus"]
        .iter()
        .flat_map(|g| {
            fs::read_dir(format!("fixtures/{g}/valid"))
                .into_iter()
                .flatten()
        })
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "kifu"))
        .collect()
}

/// What must survive `fmt`: each record's verdict, and its moves as the
/// referee reads them, with their glyphs, numeric glyphs and comments.
fn meaning(text: &str) -> Vec<String> {
    let (json, _, _) = kifu(&["json", "-"], text.as_bytes());
    json.lines()
        .map(|line| {
            let mut v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            let moves: Vec<String> = (v["moves"].as_array().cloned().unwrap_or_default().iter())
                .map(|m| {
                    let parts = [&m["normalized"], &m["glyph"], &m["nags"], &m["comments"]];
                    format!("{parts:?}")
                })
                .collect();
            let mut verdict = v["verdict"].take();
            // fmt puts the tags in order: a warning's place moves with its tag.
            for warning in (verdict["warnings"].as_array_mut().into_iter()).flatten() {
                warning["line"].take();
                warning["message"].take();
            }
            format!(
                "{verdict} {} {moves:?} {}",
                v["comments"],
                v["tags"].as_object().map_or(0, |t| t.len())
            )
        })
        .collect()
}

#[test]
fn fmt_is_idempotent_and_keeps_every_fixture_s_meaning() {
    for path in valid_fixtures() {
        let original = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let (once, err, code) = kifu(&["fmt", "-"], original.as_bytes());
        assert_eq!((err.as_str(), code), ("", Some(0)), "{}", path.display());
        let (twice, _, _) = kifu(&["fmt", "-"], once.as_bytes());
        assert_eq!(twice, once, "{}: fmt of fmt", path.display());
        assert_eq!(meaning(&once), meaning(&original), "{}", path.display());
    }
}

#[test]
fn tags_numbers_captures_and_checks_become_canonical() {
    let record = "[Setup \"ZZYYSXXX/XZYSXZYX\"]\n[Event \"x\"]\n[Game \"shogun\"]\n[Zeta \"z\"]\n\nf1-h2 e8-d7 d1-e3 *\n";
    let (out, err, code) = kifu(&["fmt", "-"], record.as_bytes());
    assert_eq!((err.as_str(), code), ("", Some(0)));
    assert_eq!(
        out,
        "[Game \"shogun\"]\n[Event \"x\"]\n[Setup \"ZZYYSXXX/XZYSXZYX\"]\n[Zeta \"z\"]\n\n1. f1-h2 e8-d7 2. d1-e3 *\n"
    );
    let (narrow, _, _) = kifu(&["fmt", "--width", "20", "-"], record.as_bytes());
    assert!(
        narrow
            .lines()
            .all(|l| l.starts_with('[') || l.chars().count() <= 20),
        "{narrow}"
    );
}

#[test]
fn an_invalid_record_is_written_back_unchanged() {
    let bad = "[Game \"mana\"]\n\n1. f1-f2   {odd  spacing} *\n";
    let good = "[Game \"mana\"]\n\n1.   f1-e2 *\n";
    let (out, err, code) = kifu(&["fmt", "-"], format!("{bad}\n{good}").as_bytes());
    assert_eq!(code, Some(1));
    assert_eq!(out, format!("{bad}\n[Game \"mana\"]\n\n1. f1-e2 *\n"));
    assert!(
        err.starts_with("<stdin>:3:4: move 1 (Black, ply 1) f1-f2: "),
        "{err}"
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fmt-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[test]
fn check_shows_a_diff_and_in_place_rewrites() {
    let dir = scratch("in-place");
    let messy = dir.join("messy.kifu");
    let tidy = dir.join("tidy.kifu");
    fs::write(&messy, "[Game \"mana\"]\n\nf1-e2   e6-e5 *\n").unwrap_or_else(|e| panic!("{e}"));
    fs::write(&tidy, "[Game \"mana\"]\n\n1. f1-e2 *\n").unwrap_or_else(|e| panic!("{e}"));
    let (m, t) = (
        messy.to_string_lossy().into_owned(),
        tidy.to_string_lossy().into_owned(),
    );
    assert_eq!(
        kifu(&["fmt", "--check", &m, &t], b""),
        (
            format!(
                "--- {m}\n+++ {m}\n@@ -1,3 +1,3 @@\n [Game \"mana\"]\n \n-f1-e2   e6-e5 *\n+1. f1-e2 e6-e5 *\n"
            ),
            String::new(),
            Some(1)
        )
    );
    assert_eq!(
        kifu(&["fmt", "--check", &t], b""),
        (String::new(), String::new(), Some(0))
    );
    assert_eq!(
        kifu(&["fmt", "--in-place", &m, &t], b""),
        (String::new(), String::new(), Some(0))
    );
    assert_eq!(
        fs::read_to_string(&messy).ok().as_deref(),
        Some("[Game \"mana\"]\n\n1. f1-e2 e6-e5 *\n")
    );
    assert_eq!(kifu(&["fmt", "--check", &m], b"").2, Some(0));
    let mut names: Vec<_> = fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["messy.kifu", "tidy.kifu"]);
}

#[test]
fn strip_takes_out_comments_variations_and_glyphs_of_valid_records() {
    let record =
        "[Game \"mana\"]\n[Setup \"f1 b6\"]\n\n{start} 1. d1-d2! $1 {fine} (1. e1-d3?) d6-b5 *\n";
    let strip = |what: &str| kifu(&["fmt", "--strip", what, "-"], record.as_bytes());
    let head = "[Game \"mana\"]\n[Setup \"f1 b6\"]\n\n";
    let expected = |movetext: &str| (format!("{head}{movetext}\n"), String::new(), Some(0));
    assert_eq!(
        strip("variations"),
        expected("{start} 1. d1-d2! $1 {fine} d6-b5 *")
    );
    assert_eq!(
        strip("comments"),
        expected(" 1. d1-d2! $1 (1. e1-d3?) d6-b5 *")
    );
    assert_eq!(
        strip("glyphs,variations"),
        expected("{start} 1. d1-d2 {fine} d6-b5 *")
    );
    assert_eq!(
        strip("comments,variations,glyphs"),
        expected("1. d1-d2 d6-b5 *")
    );
    // An invalid record is written back as it was, untouched.
    let invalid = "[Game \"mana\"]\n[Setup \"f1 b6\"]\n\n1. d1-d6 {far} *\n";
    let (out, err, code) = kifu(&["fmt", "--strip", "comments", "-"], invalid.as_bytes());
    assert_eq!((out.as_str(), code), (invalid, Some(1)), "{err}");
    let (_, err, code) = kifu(&["fmt", "--strip", "moves", "-"], b"");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("[possible values: comments, variations, glyphs]"),
        "{err}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn fmt_keeps_the_meaning_of_random_games(seed in 0u64..1_000_000, game in 0usize..4) {
        let game = ["mana", "escampe", "shogun", "lotus"][game];
        let (text, _, _) = kifu(&["random", game, "--seed", &seed.to_string(), "--count", "3"], b"");
        // Comments between the moves, which fmt must keep in place.
        let commented = text.replacen(" 3. ", " {a note} 3. ", 3);
        let (out, err, code) = kifu(&["fmt", "-"], commented.as_bytes());
        prop_assert_eq!((err.as_str(), code), ("", Some(0)));
        prop_assert_eq!(meaning(&out), meaning(&commented));
        prop_assert_eq!(kifu(&["fmt", "-"], out.as_bytes()).0, out);
    }
}

/// Runs `kifu ARGS` under a limit of `kib` KiB of address space, its
/// standard output into `out`; gives its standard error and status.
fn kifu_within(kib: u64, args: &[&str], out: &Path) -> (String, Option<i32>) {
    let file = fs::File::create(out).unwrap_or_else(|e| panic!("{e}"));
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdout(file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// 160 MB of records, each with long comments, as one zstd stream: plain
/// `fmt` writes them in bounded memory (it once built its whole output in
/// one string).
#[test]
fn fmt_streams_a_large_text_in_bounded_memory() {
    let dir = scratch("streams");
    let comment = "x".repeat(900_000);
    let record = format!(
        "[Setup \"f1 c6\"]\n[Game \"mana\"]\n\n1. f1-e2\n{{{comment}}}\n{{{comment}}}\n{{{comment}}}\ne6-e5 *\n"
    );
    let records = 60;
    let input = dir.join("large.kifu.zst");
    let mut encoder = zstd::stream::write::Encoder::new(
        fs::File::create(&input).unwrap_or_else(|e| panic!("{e}")),
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..records {
        std::io::Write::write_all(&mut encoder, format!("{record}\n").as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    encoder.finish().unwrap_or_else(|e| panic!("{e}"));
    let (one, _, _) = kifu(&["fmt", "-"], record.as_bytes());
    assert!(one.starts_with("[Game \"mana\"]\n[Setup \"f1 c6\"]\n\n1. f1-e2\n{x"));
    let out = dir.join("out.kifu");
    let path = input.to_string_lossy().into_owned();
    assert_eq!(
        kifu_within(100 << 10, &["fmt", &path], &out),
        (String::new(), Some(0))
    );
    let written = fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
    assert_eq!(written, records * (one.len() as u64 + 1) - 1);
    let _ = fs::remove_dir_all(&dir);
}

/// `--check` and `--in-place` read a file twice: a device or a FIFO is
/// refused at once (`/dev/zero` once grew without limit; a FIFO hung).
#[test]
fn check_and_in_place_refuse_what_is_not_a_regular_file() {
    let dir = scratch("not-regular");
    let fifo = dir.join("pipe.kifu");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_string_lossy().into_owned();
    for path in ["/dev/zero", "/dev/full", fifo.as_str()] {
        for mode in ["--check", "--in-place"] {
            // A hang would be killed by the limit on CPU time.
            let out = dir.join("out");
            let (said, status) = kifu_within(1 << 20, &["fmt", mode, path], &out);
            assert_eq!(
                (said, status),
                (
                    format!(
                        "kifu: {path}: is not a regular file (a device, a FIFO or a socket): --check and --in-place read only regular files\n"
                    ),
                    Some(2)
                ),
                "{mode} {path}"
            );
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

fn compress(format: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let written = match format {
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(&mut out, flate2::Compression::default());
            std::io::Write::write_all(&mut e, bytes).and_then(|()| e.finish().map(drop))
        }
        "zstd" => zstd::stream::copy_encode(bytes, &mut out, 3),
        "bzip2" => {
            let mut e = bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::fast());
            std::io::Write::write_all(&mut e, bytes).and_then(|()| e.finish().map(drop))
        }
        _ => {
            let mut e = liblzma::write::XzEncoder::new(&mut out, 1);
            std::io::Write::write_all(&mut e, bytes).and_then(|()| e.finish().map(drop))
        }
    };
    assert!(written.is_ok(), "{format}");
    out
}

fn decompress(bytes: &[u8]) -> String {
    // kifu itself reads every format: its `fmt` of a canonical file is it.
    let (text, said, status) = kifu(&["fmt", "-"], bytes);
    assert_eq!((said.as_str(), status), ("", Some(0)));
    text
}

/// A compressed file is compared once decompressed, and rewritten in its
/// own compression (a canonical gzip file once "needed formatting").
#[test]
fn compressed_files_are_checked_decompressed_and_rewritten_in_their_format() {
    let dir = scratch("compressed");
    let tidy = "[Game \"mana\"]\n\n1. f1-e2 e6-e5 *\n";
    let messy = "[Game \"mana\"]\n\nf1-e2   e6-e5 *\n";
    for format in ["gzip", "zstd", "bzip2", "xz"] {
        let file = dir.join(format!("{format}.kifu"));
        let path = file.to_string_lossy().into_owned();
        let canonical = compress(format, tidy.as_bytes());
        fs::write(&file, &canonical).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            kifu(&["fmt", "--check", &path], b""),
            (String::new(), String::new(), Some(0)),
            "{format}"
        );
        assert_eq!(
            kifu(&["fmt", "--in-place", &path], b""),
            (String::new(), String::new(), Some(0)),
            "{format}"
        );
        assert_eq!(
            fs::read(&file).ok(),
            Some(canonical),
            "{format}: left as it was"
        );
        fs::write(&file, compress(format, messy.as_bytes())).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            kifu(&["fmt", "--check", &path], b""),
            (
                format!(
                    "--- {path}\n+++ {path}\n@@ -1,3 +1,3 @@\n [Game \"mana\"]\n \n-f1-e2   e6-e5 *\n+1. f1-e2 e6-e5 *\n"
                ),
                String::new(),
                Some(1)
            ),
            "{format}"
        );
        assert_eq!(
            kifu(&["fmt", "--in-place", &path], b""),
            (String::new(), String::new(), Some(0)),
            "{format}"
        );
        let rewritten = fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            rewritten.get(..2),
            compress(format, b"").get(..2),
            "{format}: still {format}"
        );
        assert_eq!(decompress(&rewritten), tidy, "{format}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A file's byte-order mark and line endings stay as they are, for every
/// record, formatted or kept; a comment after the result stays after it.
#[test]
fn the_files_bom_line_ending_and_comments_after_the_result_are_kept() {
    let crlf = "\u{feff}[Setup \"f1 c6\"]\r\n[Game \"mana\"]\r\n\r\n1. f1-e2    e6-e5 * {after}\r\n\r\n[Game \"mana\"]\n\n1. f1-f9 *\n";
    let (text, said, status) = kifu(&["fmt", "-"], crlf.as_bytes());
    assert_eq!(
        text,
        "\u{feff}[Game \"mana\"]\r\n[Setup \"f1 c6\"]\r\n\r\n1. f1-e2 e6-e5 * {after}\r\n\r\n[Game \"mana\"]\r\n\r\n1. f1-f9 *\r\n"
    );
    assert_eq!(status, Some(1), "{said}");
    let (again, _, _) = kifu(&["fmt", "-"], text.as_bytes());
    assert_eq!(again, text);
    let (plain, _, _) = kifu(&["fmt", "-"], b"[Game \"mana\"]\n\n{lead} * {after}\n");
    assert_eq!(plain, "[Game \"mana\"]\n\n{lead} * {after}\n");
}
