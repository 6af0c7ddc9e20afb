//! No orphans: every engine runs in a process group of its own, and the
//! whole group ends when its seat ends (an engine run through a shell
//! script without `exec` is two processes) and when `match` or `analyse`
//! is ended by a signal while an engine thinks.
#![cfg(target_os = "linux")]

use crate::support::matches as support;

use rustix::process::{Pid, Signal, kill_process};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{kifu_path, processes_with, scratch, test_engine};

/// Waits up to `limit` for `done`; whether it came.
fn within(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

/// A shell script that runs `command` as its child (no `exec`).
fn wrapper(dir: &std::path::Path, command: &str) -> String {
    let script = dir.join("wrapper.sh");
    std::fs::write(&script, format!("#!/bin/sh\n{command}\n")).unwrap_or_else(|e| panic!("{e}"));
    format!("sh {}", script.display())
}

#[test]
fn an_engine_behind_a_shell_that_loses_on_time_leaves_nothing() {
    let marker = format!("kifu-orphan-time-{}", std::process::id());
    let dir = scratch("orphan-time");
    let sleeper = wrapper(
        &dir,
        &test_engine(&format!("--delay 60000 --marker {marker}")),
    );
    let random = support::random_engine(1);
    let run = support::kifu_in(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--setup",
            "f1 c6",
            "--engine",
            &sleeper,
            "--engine",
            &random,
            "--games",
            "1",
            "--movetime",
            "100",
            "--timemargin",
            "50",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert!(run.err.contains("lost on time"), "{}", run.err);
    assert_eq!(processes_with(&marker), Vec::<String>::new());
}

/// Runs `kifu ARGS` in `dir`, sends it SIGTERM once an engine with
/// `marker` runs, and checks that kifu ends by the signal and leaves no
/// process with `marker`.
fn terminated_while_thinking(dir: &std::path::Path, args: &[&str], marker: &str) {
    let mut kifu = Command::new(kifu_path())
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let thinking = within(Duration::from_secs(20), || {
        !processes_with(marker).is_empty()
    });
    assert!(thinking, "the engine never started");
    // Long enough for the engine to be asked for its move.
    std::thread::sleep(Duration::from_millis(300));
    let pid = i32::try_from(kifu.id()).ok().and_then(Pid::from_raw);
    assert!(pid.is_some_and(|pid| kill_process(pid, Signal::TERM).is_ok()));
    let status = kifu.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(15)
    );
    let gone = within(Duration::from_secs(2), || processes_with(marker).is_empty());
    assert!(gone, "left running: {:?}", processes_with(marker));
}

#[test]
fn sigterm_to_match_ends_the_engines_still_thinking() {
    let marker = format!("kifu-orphan-match-{}", std::process::id());
    let dir = scratch("orphan-match");
    let slow = wrapper(
        &dir,
        &test_engine(&format!("--delay 60000 --marker {marker}")),
    );
    terminated_while_thinking(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--setup",
            "f1 c6",
            "--engine",
            &slow,
            "--engine",
            &slow,
            "--games",
            "2",
            "--concurrency",
            "2",
            "--movetime",
            "60000",
        ],
        &marker,
    );
}

#[test]
fn sigterm_to_analyse_ends_its_engine() {
    let marker = format!("kifu-orphan-analyse-{}", std::process::id());
    let dir = scratch("orphan-analyse");
    let record = dir.join("game.kifu");
    std::fs::write(
        &record,
        "[Game \"mana\"]\n[Setup \"f1 c6\"]\n\n1. f1-e2 e6-e5 *\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let slow = test_engine(&format!("--delay 60000 --marker {marker}"));
    let record = record.to_string_lossy().into_owned();
    terminated_while_thinking(
        &dir,
        &["analyse", "--engine", &slow, "--movetime", "60000", &record],
        &marker,
    );
}
