//! The man pages under `man/`, a section at a time.
#![allow(dead_code)]

use std::path::Path;

/// The section `.SH TITLE` of `man/PAGE`, up to the next `.SH`.
pub fn section(page: &str, title: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(page);
    let man = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    man.split_once(&format!("\n.SH {title}\n"))
        .map(|(_, rest)| rest.split("\n.SH ").next().unwrap_or(rest).to_owned())
        .unwrap_or_else(|| panic!("{page} has no {title} section"))
}
