//! Helpers shared by the hostile-input tests (`tests/hostile_*.rs`): kifu
//! run on input fed a piece at a time, where every case must end with a
//! clear message and status 1 or 2, within 20 seconds and 64 MB of memory.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The longest a case may run.
const TIME_LIMIT: Duration = Duration::from_secs(20);
/// The most memory (peak resident set, in KiB) a case may use.
const MEMORY_LIMIT_KB: u64 = 64 * 1024;
/// GNU time, which reports the peak resident set of the command it runs.
const GNU_TIME: &str = "/usr/bin/time";

/// What a run of kifu gave.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub status: Option<i32>,
}

/// Standard input for a case: written from a thread, a piece at a time.
pub type Feed = Box<dyn FnOnce(&mut ChildStdin) -> std::io::Result<()> + Send>;

pub fn feed(bytes: &[u8]) -> Feed {
    let bytes = bytes.to_vec();
    Box::new(move |stdin| stdin.write_all(&bytes))
}

/// Writes `prefix`, then `count` copies of `chunk`, then `suffix`.
pub fn stream(prefix: &'static [u8], chunk: Vec<u8>, count: usize, suffix: &'static [u8]) -> Feed {
    Box::new(move |stdin| {
        stdin.write_all(prefix)?;
        for _ in 0..count {
            stdin.write_all(&chunk)?;
        }
        stdin.write_all(suffix)
    })
}

/// Writes `prefix`, then `chunk` again and again until kifu stops reading:
/// an input with no end.
pub fn endless(prefix: &'static [u8], chunk: Vec<u8>) -> Feed {
    Box::new(move |stdin| {
        stdin.write_all(prefix)?;
        loop {
            stdin.write_all(&chunk)?;
        }
    })
}

fn reader(mut from: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn wait(child: &mut Child) -> Option<i32> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status.code(),
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                panic!("kifu ran for more than {TIME_LIMIT:?}");
            }
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("{e}"),
        }
    }
}

/// Runs `kifu ARGS` with `input` on standard input, within the time and
/// memory limits.
pub fn kifu(name: &str, args: &[&str], input: Feed) -> Run {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_kifu"));
    let report = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}.rss"));
    let measured = Path::new(GNU_TIME).exists();
    let mut command = if measured {
        let mut command = Command::new(GNU_TIME);
        command
            .arg("-f")
            .arg("%M")
            .arg("-o")
            .arg(&report)
            .arg(&binary);
        command
    } else {
        eprintln!("{GNU_TIME} is missing: the memory of {name} is not measured");
        Command::new(&binary)
    };
    let mut child = command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    // kifu may stop reading early; a broken pipe is then expected.
    let writer = thread::spawn(move || {
        let _ = input(&mut stdin);
    });
    let stdout = reader(child.stdout.take().unwrap_or_else(|| panic!("no stdout")));
    let stderr = reader(child.stderr.take().unwrap_or_else(|| panic!("no stderr")));
    let status = wait(&mut child);
    let _ = writer.join();
    let run = Run {
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        status,
    };
    if measured {
        let text = std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("{e}"));
        let peak: u64 = text
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak memory in {text:?}"));
        assert!(
            peak <= MEMORY_LIMIT_KB,
            "{name}: kifu used {peak} KB, more than {MEMORY_LIMIT_KB} KB"
        );
    }
    run
}

impl Run {
    /// Standard output, standard error and status, to compare at once.
    pub fn parts(self) -> (String, String, Option<i32>) {
        (self.stdout, self.stderr, self.status)
    }
}

/// `kifu validate -` on `input`: standard output, standard error, status.
pub fn validate(name: &str, input: Feed) -> (String, String, Option<i32>) {
    kifu(name, &["validate", "-"], input).parts()
}

/// `kifu import` on `input`: standard output, standard error, status.
pub fn import(name: &str, input: Feed) -> (String, String, Option<i32>) {
    kifu(name, &["import"], input).parts()
}

/// A run that writes `line` to standard output only, and exits `status`.
pub fn out(line: &str, status: i32) -> (String, String, Option<i32>) {
    (line.to_owned(), String::new(), Some(status))
}

/// A run that writes `message` to standard error only, and exits `status`.
pub fn fault(message: &str, status: i32) -> (String, String, Option<i32>) {
    (String::new(), message.to_owned(), Some(status))
}

pub const LOTUS_TAGS: &str =
    "[Game \"lotus\"]\n[Players \"red green orange blue\"]\n[Course \"LLFLLSLLFLLSLLFLLLS\"]\n\n";
