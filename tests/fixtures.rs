//! Every fixture record under `fixtures/GAME/` is validated through the
//! binary; its verdict must be exactly the one stored beside it.
//!
//! A fixture is `NAME.kifu` with `NAME.verdict` holding the exact standard
//! output of `kifu validate fixtures/GAME/KIND/NAME.kifu` (run from the
//! repository root), and `NAME.warnings`, when there is one, the exact
//! standard error, its warnings; without it the standard error must be
//! empty. Fixtures under `valid/` must exit 0, those under `invalid/` must
//! exit 1.

use crate::support::fixtures as support;

use assert_cmd::Command;
use std::path::Path;
use support::fixtures;

fn check(game: &str, kind: &str, minimum: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = fixtures(game, kind);
    assert!(
        files.len() >= minimum,
        "{game}/{kind}: {} fixtures, want at least {minimum}",
        files.len()
    );
    let mut wrong = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(&file);
        let verdict_file = file.with_extension("verdict");
        let expected = std::fs::read_to_string(&verdict_file)
            .unwrap_or_else(|e| panic!("{}: {e}", verdict_file.display()));
        let output = Command::cargo_bin("kifu")
            .unwrap_or_else(|e| panic!("{e}"))
            .current_dir(root)
            .arg("validate")
            .arg(relative)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let warnings = std::fs::read_to_string(file.with_extension("warnings")).unwrap_or_default();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let status = if kind == "valid" { 0 } else { 1 };
        if stdout != expected || stderr != warnings || output.status.code() != Some(status) {
            wrong.push(format!(
                "{}: exit {:?} (want {status})\n  got:  {stdout}  want: {expected}  warnings: {stderr}  want: {warnings}",
                relative.display(),
                output.status.code()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn valid_mana_games_are_accepted() {
    check("mana", "valid", 10);
}

#[test]
fn invalid_mana_records_get_their_exact_verdicts() {
    check("mana", "invalid", 20);
}

#[test]
fn valid_escampe_games_are_accepted() {
    check("escampe", "valid", 8);
}

#[test]
fn invalid_escampe_records_get_their_exact_verdicts() {
    check("escampe", "invalid", 15);
}

#[test]
fn valid_shogun_games_are_accepted() {
    check("shogun", "valid", 10);
}

#[test]
fn invalid_shogun_records_get_their_exact_verdicts() {
    check("shogun", "invalid", 20);
}

#[test]
fn valid_lotus_games_are_accepted() {
    check("lotus", "valid", 10);
}

#[test]
fn invalid_lotus_records_get_their_exact_verdicts() {
    check("lotus", "invalid", 20);
}

/// Every game has fixtures with variations (issue 18): at least five valid
/// records and ten invalid ones, named `variations-*` and `variation-*`.
#[test]
fn every_game_has_fixtures_with_variations() {
    for game in ["mana", "escampe", "shogun", "lotus"] {
        let named = |kind: &str, prefix: &str| {
            fixtures(game, kind)
                .iter()
                .filter(|f| {
                    f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with(prefix))
                })
                .count()
        };
        assert!(named("valid", "variations-") >= 5, "{game}: valid");
        assert!(named("invalid", "variation-") >= 10, "{game}: invalid");
    }
}
