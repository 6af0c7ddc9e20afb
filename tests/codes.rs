//! Fault codes are a contract: every code a verdict can carry is declared
//! (by the referee, the record layer or a game), well formed, unique and
//! documented in `man/kifu.5`; and every invalid fixture's verdict carries
//! one of them through `kifu validate --format json`.

use crate::support::fixtures as support;
use crate::support::man;

use kifu::game::GameKind;
use std::collections::BTreeSet;
use std::path::Path;
use support::{fixtures, verdict};

/// Every declared code, with where it is declared.
fn declared() -> Vec<(String, &'static str)> {
    let mut codes: Vec<(String, &'static str)> = Vec::new();
    codes.extend(kifu::referee::CODES.iter().map(|c| ("referee".into(), *c)));
    codes.extend(kifu::record::CODES.iter().map(|c| ("record".into(), *c)));
    for kind in GameKind::ALL {
        codes.extend(kind.codes().iter().map(|c| (kind.name().into(), *c)));
    }
    codes
}

#[test]
fn codes_are_well_formed_unique_and_named_after_their_layer_or_game() {
    let mut seen = BTreeSet::new();
    for (owner, code) in declared() {
        let (prefix, reason) = code.split_once('.').unwrap_or(("", ""));
        assert!(
            !reason.is_empty()
                && reason
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{owner}: {code:?} is not LAYER.kebab-reason"
        );
        if owner != "referee" {
            assert_eq!(prefix, owner, "{code:?} is declared by {owner}");
        }
        assert!(seen.insert(code), "{code:?} is declared twice");
    }
}

/// The subsection of `man/kifu.5`'s FAULT CODES that lists the codes of
/// `owner` (`referee`, `record` or a game): `.SS Owner` up to the next
/// `.SS` or `.SH`.
fn man_subsection<'a>(faults: &'a str, owner: &str) -> &'a str {
    let mut chars = owner.chars();
    let title: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let heading = format!("\n.SS {title}\n");
    let start = faults
        .find(&heading)
        .unwrap_or_else(|| panic!("kifu.5 FAULT CODES has no {heading:?}"))
        + heading.len();
    let rest = &faults[start..];
    let end = rest.find("\n.S").map_or(rest.len(), |end| end + 1);
    &rest[..end]
}

/// Every declared code has a `.TP` / `.B code` entry in the subsection of
/// FAULT CODES for its owner: the referee's, the record's and each game's
/// (from `GameKind::codes`).
#[test]
fn every_code_is_documented_in_kifu_5() {
    let faults = format!("\n{}", man::section("kifu.5", "FAULT CODES"));
    let declared = declared();
    for owner in ["referee", "record"]
        .into_iter()
        .chain(GameKind::ALL.iter().map(|kind| kind.name()))
    {
        assert!(
            declared.iter().any(|(o, _)| o == owner),
            "{owner} declares no code"
        );
    }
    let missing: Vec<_> = declared
        .iter()
        .filter(|(owner, code)| {
            let entry = format!(".TP\n.B {}\n", code.replace('-', "\\-"));
            !man_subsection(&faults, owner).contains(&entry)
        })
        .map(|(owner, code)| format!("{owner}: {code}"))
        .collect();
    assert!(missing.is_empty(), "not in kifu.5 FAULT CODES: {missing:?}");
}

#[test]
fn every_invalid_fixture_reports_a_declared_code() {
    let codes: BTreeSet<&str> = declared().into_iter().map(|(_, c)| c).collect();
    let mut wrong = Vec::new();
    for kind in GameKind::ALL {
        for file in fixtures(kind.name(), "invalid") {
            let (verdict, _) = verdict(&file);
            let code = verdict["error"]["code"].as_str().unwrap_or("");
            if !codes.contains(code) {
                wrong.push(format!("{}: code {code:?}", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_verdict_in_json_names_its_code_beside_its_message() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = [
        (
            "lotus",
            "four-pawn-moves-in-a-turn",
            "lotus.fourth-pawn-move",
        ),
        ("lotus", "moves-after-the-end", "move.game-over"),
    ];
    for (game, name, code) in cases {
        let file = root.join(format!("fixtures/{game}/invalid/{name}.kifu"));
        let (verdict, status) = verdict(&file);
        assert_eq!(verdict["error"]["code"], code, "{name}");
        assert_eq!(status, Some(1));
    }
}

/// Codes no record brings out of `kifu validate`, each with why. Every
/// other declared code is produced by some fixture.
const NO_FIXTURE: &[(&str, &str)] = &[(
    "lotus.game-over",
    "the referee refuses a move after the end with move.game-over before \
         it asks the game; the game answers lotus.game-over only to callers \
         that ask it directly (kifu play, kifu serve)",
)];

/// Every declared code but those of [`NO_FIXTURE`] is produced by a
/// fixture through `kifu validate --format json`: a fault by an invalid
/// fixture, a warning by any fixture, whose exact text `tests/fixtures.rs`
/// pins. So every documented fault is reached from a real record.
#[test]
fn every_code_is_produced_by_a_fixture() {
    let mut produced = BTreeSet::new();
    for kind in GameKind::ALL {
        for folder in ["valid", "invalid"] {
            for file in fixtures(kind.name(), folder) {
                let (verdict, _) = verdict(&file);
                let warnings = verdict["warnings"].as_array().cloned().unwrap_or_default();
                let codes = std::iter::once(&verdict["error"])
                    .chain(&warnings)
                    .filter_map(|fault| fault["code"].as_str());
                produced.extend(codes.map(str::to_owned));
            }
        }
    }
    let exempt: BTreeSet<&str> = NO_FIXTURE.iter().map(|(code, _)| *code).collect();
    let missing: Vec<_> = declared()
        .into_iter()
        .map(|(_, code)| code)
        .filter(|code| !produced.contains(*code) && !exempt.contains(code))
        .collect();
    assert!(missing.is_empty(), "no fixture produces {missing:#?}");
    let declared: BTreeSet<&str> = declared().into_iter().map(|(_, c)| c).collect();
    for code in exempt {
        assert!(
            declared.contains(code),
            "{code:?} is exempt but not declared"
        );
        assert!(
            !produced.contains(code),
            "{code:?} is exempt, yet a fixture produces it"
        );
    }
}

/// Every code kifu.5 FAULT CODES lists is declared: the page names no
/// code kifu never gives.
#[test]
fn kifu_5_lists_no_undeclared_code() {
    let faults = man::section("kifu.5", "FAULT CODES");
    let declared: BTreeSet<String> = declared()
        .into_iter()
        .map(|(_, c)| c.replace('-', "\\-"))
        .collect();
    let listed: Vec<&str> = faults
        .split(".TP\n.B ")
        .skip(1)
        .filter_map(|entry| entry.lines().next())
        .collect();
    assert!(
        listed.len() >= declared.len(),
        "{} codes listed",
        listed.len()
    );
    let unknown: Vec<_> = listed.iter().filter(|c| !declared.contains(**c)).collect();
    assert!(
        unknown.is_empty(),
        "kifu.5 lists undeclared codes {unknown:?}"
    );
}
