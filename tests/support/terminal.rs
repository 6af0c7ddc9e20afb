//! A program run under a real pseudo-terminal, for the tests of the
//! REPL's terminal mode: `script` (util-linux) gives it the terminal, the
//! test types into it and reads what it shows, escape sequences stripped.
//! Every wait has a deadline: a test that waits too long fails with the
//! screen so far, and the program is killed when the `Terminal` is dropped.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A program on a pseudo-terminal.
pub struct Terminal {
    child: Child,
    input: ChildStdin,
    /// Everything the program wrote, as it came.
    output: Arc<Mutex<Vec<u8>>>,
    /// How much of the screen the last answer ended at.
    seen: usize,
}

impl Terminal {
    /// Runs `command` (a shell command line) in `dir` under a terminal
    /// (`TERM=xterm`), with `XDG_STATE_HOME` in `dir`.
    pub fn start(dir: &Path, command: &str) -> Terminal {
        let mut child = Command::new("script")
            .args(["-qfec", command, "/dev/null"])
            .current_dir(dir)
            .env("TERM", "xterm")
            .env("XDG_STATE_HOME", dir.join("state"))
            // The day the records are dated: 2026.12.01.
            .env("SOURCE_DATE_EPOCH", "1796083200")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("script: {e}"));
        let input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
        let mut stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let output = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut chunk = [0; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut chunk) {
                let mut output = shared.lock().unwrap_or_else(PoisonError::into_inner);
                output.extend_from_slice(&chunk[..n]);
            }
        });
        Terminal {
            child,
            input,
            output,
            seen: 0,
        }
    }

    /// Everything shown so far, escape sequences and `\r` removed.
    pub fn screen(&self) -> String {
        let output = self.output.lock().unwrap_or_else(PoisonError::into_inner);
        strip_ansi(&String::from_utf8_lossy(&output))
    }

    /// Types `keys` (a line ends with `\r`, as the Enter key sends).
    pub fn type_keys(&mut self, keys: &str) {
        (self.input.write_all(keys.as_bytes()))
            .and_then(|()| self.input.flush())
            .unwrap_or_else(|e| panic!("typing {keys:?}: {e}\n{}", self.screen()));
    }

    /// Waits until the screen past what was already seen holds a line
    /// end and then ends with `prompt`: the program has taken the line
    /// typed and is waiting again. Returns what it showed in between (the
    /// typed line's editing, up to its Enter, left out).
    pub fn answer(&mut self, prompt: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let screen = self.screen();
            let new = screen.get(self.seen..).unwrap_or_default();
            if let Some((_, answer)) = new.split_once('\n')
                && let Some(answer) = answer.strip_suffix(prompt)
            {
                let answer = answer.to_owned();
                self.seen = screen.len();
                return answer;
            }
            if Instant::now() > deadline {
                self.fail(&format!("no {prompt:?} within {timeout:?}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the first `prompt`: what was shown before it.
    pub fn first(&mut self, prompt: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let screen = self.screen();
            if let Some(shown) = screen.strip_suffix(prompt) {
                self.seen = screen.len();
                return shown.to_owned();
            }
            if Instant::now() > deadline {
                self.fail(&format!("no {prompt:?} within {timeout:?}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Types `line` and Enter, and waits for the next `prompt`: the answer.
    pub fn ask(&mut self, line: &str, prompt: &str, timeout: Duration) -> String {
        self.type_keys(&format!("{line}\r"));
        self.answer(prompt, timeout)
    }

    /// Waits for the program to exit: its status code.
    pub fn exit(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.code(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Ok(None) => self.fail(&format!("still running after {timeout:?}")),
                Err(e) => self.fail(&e.to_string()),
            }
        }
    }

    /// Fails the test with the end of the screen.
    pub fn fail(&self, why: &str) -> ! {
        let screen = self.screen();
        let tail: String = screen
            .chars()
            .rev()
            .take(3000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        panic!("{why}; the screen ends:\n{tail}");
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` without its escape sequences (CSI `ESC [ ... final`, OSC
/// `ESC ] ... BEL`, and two-character `ESC x`) and without `\r`.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => match chars.next() {
                Some('[') => {
                    // Parameters and intermediates, then a final byte in @..~.
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\x07' || (c == '\x1b' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}
