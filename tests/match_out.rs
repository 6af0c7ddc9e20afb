//! `kifu match --out` keeps whole records whatever happens: a write that
//! fails (here the file-size limit stands for a full disk) leaves no part
//! of a record, and `--resume` goes on from any file a match left: an
//! empty one, or one whose last record was torn.

use crate::support::matches as support;

use std::path::Path;
use support::{kifu_in, kifu_path, random_engine, read, scratch};

/// The arguments of a match of `games` games of mana to `out.kifu`.
fn match_args(games: &str) -> Vec<String> {
    [
        "match",
        "--game",
        "mana",
        "--setup",
        "f1 c6",
        "--engine",
        &random_engine(1),
        "--engine",
        &random_engine(2),
        "--games",
        games,
        "--out",
        "out.kifu",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// `kifu ARGS` in `dir` through `sh`, after the shell commands `limits`
/// (`ulimit -v 100000`), which set the limits kifu runs under.
fn limited(dir: &Path, limits: &str, args: &[String]) -> std::process::Command {
    let quoted: Vec<String> = std::iter::once(kifu_path().to_string_lossy().into_owned())
        .chain(args.iter().cloned())
        .map(|a| shell_words::quote(&a).into_owned())
        .collect();
    let mut command = std::process::Command::new("sh");
    command
        .current_dir(dir)
        .args(["-c", &format!("{limits}; exec {}", quoted.join(" "))]);
    command
}

/// `validate`'s summary of the records in `dir/out.kifu`, and its status.
fn judged(dir: &Path) -> (String, Option<i32>) {
    let run = kifu_in(dir, &["validate", "out.kifu"]);
    (run.err, run.status)
}

#[test]
fn an_empty_out_file_resumes() {
    let dir = scratch("out-empty");
    std::fs::write(dir.join("out.kifu"), "").unwrap_or_else(|e| panic!("{e}"));
    let mut args = match_args("2");
    args.push("--resume".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = kifu_in(&dir, &args);
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(
        judged(&dir),
        ("2 records: 2 valid, 0 invalid\n".to_owned(), Some(0))
    );
}

#[test]
fn a_torn_last_record_is_cut_off_and_played_again() {
    let dir = scratch("out-torn");
    let args = match_args("2");
    let first: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(kifu_in(&dir, &first).status, Some(0));
    let whole = read(&dir, "out.kifu");
    // A third record, cut inside a tag value, as a killed match leaves it.
    let torn = format!("{whole}\n[Game \"mana\"]\n[Setup \"f1 c6\"]\n[Event \"kifu ma");
    std::fs::write(dir.join("out.kifu"), &torn).unwrap_or_else(|e| panic!("{e}"));
    let mut args = match_args("3");
    args.push("--resume".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = kifu_in(&dir, &args);
    assert_eq!(run.status, Some(0), "{}", run.err);
    let line = whole.lines().count() + 4;
    assert!(
        run.err.starts_with(&format!(
            "kifu: out.kifu:{line}:8: the tag value has no closing quote (at \"\\\"kifu ma\"): taken for the last record torn by a match stopped while writing it: it is cut off, and its game is played again\n"
        )),
        "{}",
        run.err
    );
    let now = read(&dir, "out.kifu");
    assert!(now.starts_with(&whole), "the games before are kept");
    assert_eq!(
        judged(&dir),
        ("3 records: 3 valid, 0 invalid\n".to_owned(), Some(0))
    );
}

/// The file-size limit (`ulimit -f`, SIGXFSZ ignored) makes a write fail
/// part way, as a full disk does: the file keeps only whole records, and
/// `--resume` then plays the rest.
#[test]
fn a_failed_write_leaves_only_whole_records() {
    let dir = scratch("out-full");
    let args = match_args("8");
    let output = limited(&dir, "trap '' XFSZ; ulimit -f 16", &args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("kifu: cannot write out.kifu: File too large"),
        "{err}"
    );
    let (summary, status) = judged(&dir);
    assert_eq!(status, Some(0), "{summary}");
    let kept: usize = summary
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!((1..8).contains(&kept), "{summary}");
    let mut args = args;
    args.push("--resume".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = kifu_in(&dir, &args);
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(
        judged(&dir),
        ("8 records: 8 valid, 0 invalid\n".to_owned(), Some(0))
    );
}

/// A match of a hundred million games draws its games from the schedule
/// as it plays them: under 300 MB of address space it plays its first
/// games (it once allocated the whole schedule, 2.7 GB, and aborted).
#[test]
fn a_hundred_million_games_start_in_bounded_memory() {
    let dir = scratch("out-huge");
    let mut kifu = limited(&dir, "ulimit -v 300000", &match_args("100000000"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let start = std::time::Instant::now();
    let out = dir.join("out.kifu");
    while std::fs::metadata(&out).map_or(0, |m| m.len()) == 0
        && start.elapsed() < std::time::Duration::from_secs(30)
        && matches!(kifu.try_wait(), Ok(None))
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = i32::try_from(kifu.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw);
    if let Some(pid) = pid {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    }
    let status = kifu.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(15),
        "{status}"
    );
    let (summary, code) = judged(&dir);
    assert_eq!(code, Some(0), "{summary}");
}

/// 400,000 openings in a small gzip: `--games 4` plays from the first two
/// under 100 MB of address space, each as the file gives it (a match once
/// held every opening's game: 167 MB here, 1.8 GB for a 0.6 MB gzip).
#[test]
fn openings_are_read_as_the_games_need_them() {
    let dir = scratch("openings-huge");
    let mut gzip = flate2::write::GzEncoder::new(
        std::fs::File::create(dir.join("openings.kifu.gz")).unwrap_or_else(|e| panic!("{e}")),
        flate2::Compression::fast(),
    );
    for index in 0..400_000 {
        let setup = ["b1 c6", "c1 f6"][usize::from(index % 2 == 1)];
        let record = format!("[Game \"mana\"]\n[Setup \"{setup}\"]\n\n1. b1-a2 *\n\n");
        std::io::Write::write_all(&mut gzip, record.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    }
    gzip.finish().unwrap_or_else(|e| panic!("{e}"));
    let args = [
        "match",
        "--openings",
        "openings.kifu.gz",
        "--engine",
        &random_engine(1),
        "--engine",
        &random_engine(2),
        "--games",
        "4",
        "--out",
        "out.kifu",
    ]
    .map(str::to_owned);
    let output = limited(&dir, "ulimit -v 100000", &args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = read(&dir, "out.kifu");
    let setups: Vec<&str> = (text.lines())
        .filter_map(|line| line.strip_prefix("[Setup \""))
        .map(|value| value.trim_end_matches("\"]"))
        .collect();
    assert_eq!(setups, ["b1 c6", "b1 c6", "c1 f6", "c1 f6"]);
    assert_eq!(judged(&dir).1, Some(0));
}
