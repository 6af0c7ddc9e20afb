//! The commands of README.md's "Use" section run as written, with the
//! `kifu` just built first on `PATH`: each exits with 0 or 1 (never a
//! usage error or a crash), in a scratch directory that sees the
//! repository's fixtures, so that the files they write land there.
//! `kifu serve`, which serves until stopped, must print its address, and
//! is then stopped.

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};

/// The lines of the first `sh` block after `## Use` that holds a `kifu`
/// command other than `cargo install`, without their comments.
fn use_commands() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap_or_else(|e| panic!("{e}"));
    let (_, section) = readme
        .split_once("\n## Use\n")
        .unwrap_or_else(|| panic!("README.md has no Use section"));
    let section = section.split("\n## ").next().unwrap_or(section);
    let blocks = section.split("```sh\n").skip(1);
    let commands: Vec<String> = blocks
        .filter_map(|block| block.split("\n```").next())
        .flat_map(str::lines)
        .map(|line| line.split(" # ").next().unwrap_or(line).trim().to_owned())
        .filter(|line| line.starts_with("kifu ") || line.starts_with("printf "))
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    commands
}

#[test]
fn every_command_of_the_use_section_runs_as_written() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap_or_else(|e| panic!("{e}"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::os::unix::fs::symlink(root.join("fixtures"), scratch.join("fixtures"))
        .unwrap_or_else(|e| panic!("{e}"));
    let bin = Path::new(env!("CARGO_BIN_EXE_kifu"))
        .parent()
        .unwrap_or_else(|| panic!("no directory"));
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut wrong = Vec::new();
    for command in use_commands() {
        // `man` may be missing: the page is then only printed.
        let command = command.replace("| man -l -", "> manual.1");
        if command.starts_with("kifu serve ") {
            if let Err(wrong_serve) = serves(&command, &scratch, &path) {
                wrong.push(wrong_serve);
            }
            continue;
        }
        let output = Command::new("sh")
            .args(["-c", &command])
            .current_dir(&scratch)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        let code = output.status.code();
        if !matches!(code, Some(0 | 1)) || stderr.contains("panicked") {
            wrong.push(format!("{command}: exit {code:?}\n{stderr}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for written in ["board.svg", "board.png", "games.html", "manual.1"] {
        let size = std::fs::metadata(scratch.join(written)).map_or(0, |m| m.len());
        assert!(size > 100, "{written}: {size} bytes");
    }
}

/// Runs `kifu serve ...` until it prints its address, then stops it.
fn serves(command: &str, dir: &Path, path: &str) -> Result<(), String> {
    let mut child = Command::new("sh")
        .args(["-c", &format!("exec {command}")])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut line = String::new();
    if let Some(stdout) = child.stdout.take() {
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
    }
    let _ = child.kill();
    let _ = child.wait();
    if line.starts_with("http://127.0.0.1:") && line.contains("/?token=") {
        Ok(())
    } else {
        Err(format!("{command}: printed {line:?}, not its address"))
    }
}

#[test]
fn the_players_page_shows_only_screenshots_that_are_shipped() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page =
        std::fs::read_to_string(root.join("docs/players.md")).unwrap_or_else(|e| panic!("{e}"));
    let images: Vec<&str> = page
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(link, _)| link))
        .filter(|link| link.ends_with(".png"))
        .collect();
    assert!(images.len() >= 8, "{images:?}");
    for image in images {
        assert!(
            root.join("docs").join(image).is_file(),
            "docs/players.md shows {image}, not shipped"
        );
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        readme.contains("(docs/players.md)"),
        "README.md does not point to docs/players.md"
    );
}
