//! What the tests of `kifu serve --watch` share: a short match's records,
//! played once into a file and split record by record.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

/// The engines of the short match: kifu's random players, seeded.
pub const ENGINES: [&str; 2] = [
    "kifu engine --random --seed 1",
    "kifu engine --random --seed 2",
];

/// Runs `kifu match` of `games` games of mana in `dir`, to `out`; its
/// status.
pub fn play_match(dir: &Path, games: u32, out: &str) -> Option<i32> {
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let engines = ENGINES.map(|e| e.replacen("kifu", kifu, 1));
    Command::new(kifu)
        .args(["match", "--engine", &engines[0], "--engine", &engines[1]])
        .args([
            "--game",
            "mana",
            "--games",
            &games.to_string(),
            "--out",
            out,
        ])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{e}"))
        .code()
}

/// `kifu ARGS` in `dir`: its standard output.
pub fn kifu(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(output.status.success(), "kifu {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("{e}"))
}

/// The SVG `kifu render` draws of record `n` (from 1) of `file`.
pub fn render(dir: &Path, file: &str, n: usize) -> String {
    kifu(
        dir,
        &[
            "render",
            "--format",
            "svg",
            "--record",
            &n.to_string(),
            file,
        ],
    )
}

/// The SVG `kifu render` draws of record `n` (from 1) of `file` after
/// `ply` plies.
pub fn render_ply(dir: &Path, file: &str, n: u64, ply: u64) -> String {
    let (n, ply) = (n.to_string(), ply.to_string());
    kifu(
        dir,
        &[
            "render", "--format", "svg", "--record", &n, "--ply", &ply, file,
        ],
    )
}

/// The table `kifu match --report FILE --format json` gives.
pub fn report(dir: &Path, file: &str) -> serde_json::Value {
    let text = kifu(dir, &["match", "--report", file, "--format", "json"]);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A running `kifu match --serve`, killed when dropped if still running.
pub struct ServedMatch {
    pub child: std::process::Child,
    /// The address it printed, with its token.
    pub url: String,
}

impl Drop for ServedMatch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts, in `dir`, the served match of the tests: `kifu match --serve`
/// of two games of mana between test engines that answer after `delay`
/// ms, one of them with a score, at 60+0, into `m.kifu`; its address read
/// from the line it prints on standard error (the rest of which is
/// drained). The including test file declares `mod matches`.
pub fn serve_match(dir: &Path, delay: u32) -> ServedMatch {
    use std::io::BufRead;
    let engines = [
        super::matches::test_engine(&format!("--delay {delay} --score 12")),
        super::matches::test_engine(&format!("--delay {delay} --seed 3")),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["match", "--engine", &engines[0], "--engine", &engines[1]])
        .args(["--game", "mana", "--setup", "c1 c6", "--games", "2"])
        .args(["--tc", "60+0", "--out", "m.kifu", "--serve"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
    let mut lines = std::io::BufReader::new(stderr).lines();
    let url = loop {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("kifu match --serve printed no address"))
            .unwrap_or_else(|e| panic!("{e}"));
        if let Some(url) = line.strip_prefix("kifu: the match live at ") {
            break url.to_owned();
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    ServedMatch { child, url }
}

/// Interrupts `child`, a `kifu match --serve` whose match is over and
/// whose page stays up, as Ctrl-C does; checks that it ends by that
/// signal.
pub fn interrupt(child: &mut std::process::Child) {
    use rustix::process::{Pid, Signal, kill_process};
    let pid = i32::try_from(child.id()).ok().and_then(Pid::from_raw);
    assert!(pid.is_some_and(|pid| kill_process(pid, Signal::INT).is_ok()));
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    assert_eq!(signal, Some(2), "{status}");
}
