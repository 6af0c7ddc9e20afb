//! Helpers of the `kifu match` tests: the engines' command lines, a
//! match run in a scratch directory, and records with their clock
//! readings and date made stable.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The built `kifu`.
/// A child process that ends with the test, pass or fail: killed and
/// reaped when dropped.
pub struct Ended(pub std::process::Child);

impl Ended {
    /// What it wrote on its standard error (when piped), read to its end,
    /// and its exit status.
    pub fn said(&mut self) -> (String, Option<i32>) {
        let mut said = String::new();
        if let Some(stderr) = self.0.stderr.as_mut() {
            std::io::Read::read_to_string(stderr, &mut said).unwrap_or_else(|e| panic!("{e}"));
        }
        let status = self.0.wait().unwrap_or_else(|e| panic!("{e}"));
        (said, status.code())
    }
}

impl Drop for Ended {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn kifu_path() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_kifu"))
}

/// The example `name` (`examples/NAME.rs`), which `cargo test` builds
/// beside `kifu`; built here when it is not there (`cargo test --test
/// integration` builds no example), one build at a time.
fn example(name: &str) -> PathBuf {
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let path = kifu_path()
        .parent()
        .map(|dir| dir.join("examples").join(name))
        .unwrap_or_default();
    let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let built = std::process::Command::new(cargo)
            .args(["build", "--quiet", "--example", name])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status();
        assert!(
            built.is_ok_and(|s| s.success()) && path.exists(),
            "{} is missing and `cargo build --example {name}` did not make it",
            path.display()
        );
    }
    path
}

/// The misbehaving engine `examples/test_engine.rs`.
pub fn test_engine_path() -> PathBuf {
    example("test_engine")
}

/// The command line of `kifu engine --random --seed SEED`.
pub fn random_engine(seed: u64) -> String {
    let kifu = shell_words::quote(&kifu_path().to_string_lossy()).into_owned();
    format!("{kifu} engine --random --seed {seed}")
}

/// The command line of the test engine with `options`.
pub fn test_engine(options: &str) -> String {
    let engine = shell_words::quote(&test_engine_path().to_string_lossy()).into_owned();
    format!("{engine} {options}")
}

/// A fresh, empty directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("match-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// What a run of `kifu` printed.
#[derive(Debug)]
pub struct Run {
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
    /// The exit status.
    pub status: Option<i32>,
}

/// Runs `kifu ARGS` in `dir`.
pub fn kifu_in(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(kifu_path())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    Run {
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    }
}

/// `kifu match` in `dir` between `engines` (each a command line, then a
/// name) with `options`.
pub fn play_match(dir: &Path, engines: &[(&str, &str)], options: &[&str]) -> Run {
    let mut args = vec!["match"];
    for (command, name) in engines {
        args.extend(["--engine", command, "--name", name]);
    }
    args.extend(options);
    kifu_in(dir, &args)
}

/// The text of `file` in `dir`.
pub fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// `text` with what changes from run to run made fixed: each move's time
/// (`{0.01s` becomes `{T`), the time left of a move that came too late
/// (`within 2.15s` becomes `within Ts`), the referee's time per move,
/// and the date.
pub fn stable(text: &str) -> String {
    let text = clock_readings(text, "{", "");
    let out = clock_readings(&text, "no move within ", "s");
    let out = match out.find("[Date \"") {
        Some(_) => out
            .lines()
            .map(|line| match line.starts_with("[Date \"") {
                true => "[Date \"today\"]",
                false => line,
            })
            .collect::<Vec<_>>()
            .join("\n"),
        None => out,
    };
    match out.find("; the referee's own time per move: ") {
        Some(at) => {
            let end = out[at..].find('\n').map_or(out.len(), |n| at + n);
            format!(
                "{}; the referee's own time per move: N µs{}",
                &out[..at],
                &out[end..]
            )
        }
        None => out,
    }
}

/// `text` with each number of seconds after `before` (`0.01s`) made `T`
/// and what follows `suffix`.
fn clock_readings(text: &str, before: &str, suffix: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(before) {
        out.push_str(&rest[..at + before.len()]);
        rest = &rest[at + before.len()..];
        let digits = rest
            .find('s')
            .filter(|&end| end > 0 && rest[..end].bytes().all(|b| b.is_ascii_digit() || b == b'.'));
        if let Some(end) = digits {
            out.push('T');
            out.push_str(suffix);
            rest = &rest[end + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// The values of tag `name` in the records of `text`, in order.
pub fn tag_values(text: &str, name: &str) -> Vec<String> {
    let start = format!("[{name} \"");
    text.lines()
        .filter_map(|line| line.strip_prefix(&start)?.strip_suffix("\"]"))
        .map(str::to_owned)
        .collect()
}

/// The processes whose command line holds `marker`.
#[cfg(target_os = "linux")]
pub fn processes_with(marker: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).replace('\0', " "))
        .filter(|line| line.contains(marker))
        .collect()
}

/// The stand-in course client `examples/course_client.rs`.
pub fn course_client_path() -> PathBuf {
    example("course_client")
}

/// The command line of the stand-in course client with `options`, to
/// connect to the port kifu puts for `{port}`.
pub fn course_client(options: &str) -> String {
    let client = shell_words::quote(&course_client_path().to_string_lossy()).into_owned();
    format!("{client} {options} 127.0.0.1 {{port}}")
}
