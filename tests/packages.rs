//! The library without its default features, and the Python and
//! JavaScript packages built on it, link none of the binary's crates: no
//! command line, REPL, progress bars, web server or C compression library
//! (issue 55). Read from `cargo tree`, as a person would check it.

use std::collections::BTreeSet;
use std::process::Command;

/// The crates only the binary may link: each name, and the crates named
/// after it (`clap_builder`, `zstd-sys`, `liblzma-sys`...).
const BINARY_ONLY: [&str; 11] = [
    "clap",
    "rustyline",
    "indicatif",
    "axum",
    "tokio",
    "hyper",
    "zstd",
    "bzip2",
    "libbz2",
    "liblzma",
    "xz",
];

/// The names of the crates `cargo tree ARGS` shows (normal dependencies).
fn crates(args: &[&str]) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree", "--quiet", "--edges", "normal", "--prefix", "none", "--format", "{p}",
        ])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let names = text
        .lines()
        .filter_map(|line| line.split_whitespace().next());
    names.map(str::to_owned).collect()
}

/// The crates of `crates` that only the binary may link.
fn binary_only(crates: &BTreeSet<String>) -> Vec<&str> {
    let of = |name: &str, root: &str| {
        name == root
            || name.starts_with(&format!("{root}-"))
            || name.starts_with(&format!("{root}_"))
    };
    (crates.iter())
        .filter(|name| BINARY_ONLY.iter().any(|root| of(name, root)))
        .map(String::as_str)
        .collect()
}

#[test]
fn the_library_alone_links_none_of_the_binarys_crates() {
    let library = crates(&["--package", "kifu", "--no-default-features"]);
    assert!(library.contains("nom") && library.contains("serde_json"));
    assert_eq!(binary_only(&library), Vec::<&str>::new());
}

#[test]
fn the_python_package_links_none_of_them() {
    let python = crates(&["--package", "kifu-python"]);
    assert!(python.contains("pyo3") && python.contains("kifu"));
    assert_eq!(binary_only(&python), Vec::<&str>::new());
}

#[test]
fn the_javascript_package_links_none_of_them() {
    let js = crates(&["--package", "kifu-js", "--target", "wasm32-unknown-unknown"]);
    assert!(js.contains("wasm-bindgen") && js.contains("kifu"));
    assert_eq!(binary_only(&js), Vec::<&str>::new());
}

#[test]
fn the_binary_links_them_all() {
    let binary = crates(&["--package", "kifu"]);
    let found = binary_only(&binary);
    // Each but xz, which kifu reads through liblzma.
    for root in BINARY_ONLY.iter().filter(|&&root| root != "xz") {
        assert!(
            found.iter().any(|name| name.starts_with(root)),
            "{root} in {found:?}"
        );
    }
}
