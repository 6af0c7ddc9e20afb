use super::super::values::DEFAULT_SETUP;
use super::*;
use crate::record::Tag;

fn tags(pairs: &[(&str, &str)]) -> Vec<Tag> {
    pairs
        .iter()
        .map(|(name, value)| Tag {
            name: (*name).into(),
            value: (*value).into(),
            offset: 0,
        })
        .collect()
}

/// Every reason the tags are refused, as (tag, code, message).
fn reasons(pairs: &[(&str, &str)]) -> Vec<(String, &'static str, String)> {
    let tags = tags(pairs);
    match read_setup(Tags::new(&tags)).and_then(from_setup) {
        Ok(game) => panic!("{pairs:?} accepted: {}", game.position_value()),
        Err(error) => error
            .reasons()
            .map(|r| (r.tag.clone(), r.code, r.message.clone()))
            .collect(),
    }
}

fn reason(tag: &str, code: &'static str, message: &str) -> (String, &'static str, String) {
    (tag.to_owned(), code, message.to_owned())
}

#[test]
fn the_default_setup_is_the_default_ranks() {
    let tags = tags(&[("Setup", DEFAULT_SETUP)]);
    let read = read_setup(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"));
    let default = read_setup(Tags::new(&[])).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read, default);
    assert_eq!(read.placement, Placement::Ranks(DEFAULT_RANKS));
}

#[test]
fn a_position_reports_its_counts_and_the_attack_on_the_waiting_side() {
    // Four White X, and Red's Shogun on d8 attacked by the Z on d5 (which
    // shows 3 there) with White to move.
    assert_eq!(
        reasons(&[("Position", "3s4/8/8/3Z4/8/8/8/XXXXS3 w")]),
        [
            reason(
                "Position",
                "shogun.position-count",
                "White has 4 Xs; a side has at most 3"
            ),
            reason(
                "Position",
                "shogun.position-attacked",
                "Red's Shogun on d8 is attacked by the piece on d5, but White is to move"
            ),
        ]
    );
}

#[test]
fn the_attack_test_waits_for_one_shogun_a_side_and_readable_numbers() {
    assert_eq!(
        reasons(&[("Position", "3ss3/8/8/3Z4/8/8/8/4S3 w")]),
        [reason(
            "Position",
            "shogun.position-count",
            "Red has 2 Shoguns; a side has exactly 1"
        )]
    );
    let setup = Setup {
        rotation: 45,
        ..read_setup(Tags::new(&tags(&[("Position", "3s4/8/8/3Z4/8/8/8/4S3 w")])))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let error = from_setup(setup).err().map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some("tag Rotation: \"45\": the board is turned by 0, 90, 180 or 270 degrees")
    );
}

#[test]
fn every_tag_that_cannot_be_read_is_reported() {
    assert_eq!(
        reasons(&[
            ("Rotation", "45"),
            ("Discs", "X:4231"),
            ("First", "blue"),
            ("Setup", "XXYZSZYXX/XYZSZYXQ"),
        ]),
        [
            reason(
                "Rotation",
                "shogun.rotation",
                "\"45\": the board is turned by 0, 90, 180 or 270 degrees"
            ),
            reason(
                "Discs",
                "shogun.discs-missing",
                "\"X:4231\": Y is missing; each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\""
            ),
            reason(
                "First",
                "shogun.first",
                "\"blue\": the side that moves first is white or red"
            ),
            reason(
                "Setup",
                "shogun.setup-rank-length",
                "White's rank 1 (\"XXYZSZYXX\") has 9 letters, not 8"
            ),
            reason(
                "Setup",
                "shogun.setup-letter",
                "'Q' is not a Shogun piece (X, Y, Z, S)"
            ),
        ]
    );
}

#[test]
fn each_side_of_a_setup_is_judged() {
    // White: two X and three Y, each count said; Red: its Shogun on e8.
    assert_eq!(
        reasons(&[("Setup", "XYYZSZYX/XYZZSYXX"), ("First", "red")]),
        [
            reason(
                "Setup",
                "shogun.setup-count",
                "White has 2 Xs; a side has exactly 3"
            ),
            reason(
                "Setup",
                "shogun.setup-count",
                "White has 3 Ys; a side has exactly 2"
            ),
            reason(
                "Setup",
                "shogun.setup-shogun-square",
                "Red's Shogun must stand on d8, not on e8"
            ),
        ]
    );
}

#[test]
fn first_must_agree_with_the_position_beside_its_other_faults() {
    assert_eq!(
        reasons(&[("Position", "3s4/8/8/8/8/8/8/XXXXS3 w"), ("First", "red")]),
        [
            reason(
                "Position",
                "shogun.position-count",
                "White has 4 Xs; a side has at most 3"
            ),
            reason(
                "First",
                "shogun.first-disagrees",
                "\"red\" disagrees with the Position tag, where White is to move"
            ),
        ]
    );
}

#[test]
fn discs_out_of_range_are_found_in_a_setup_built_by_hand() {
    let mut discs = DEFAULT_DISCS;
    discs[Kind::Y.index()] = [0, 1, 2, 3];
    discs[Kind::S.index()] = [1, 2, 3, 1];
    let setup = Setup {
        discs,
        ..read_setup(Tags::new(&[])).unwrap_or_else(|e| panic!("{e}"))
    };
    let error = from_setup(setup).err().map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some(
            "tag Discs: \"Y:0123\": Y takes four numbers from 1 to 4, for magnet types A, B, C and D; \
             tag Discs: \"S:1231\": S takes four numbers from 1 to 2, for magnet types A, B, C and D"
        )
    );
}

#[test]
fn every_setup_code_is_listed() {
    use crate::game::Game;
    use std::collections::BTreeSet;
    let cases: &[&[(&str, &str)]] = &[
        &[("Rotation", "1")],
        &[("Discs", "X")],
        &[("Discs", "Q:1111")],
        &[("Discs", "X:1111 X:1111")],
        &[("Discs", "X:1")],
        &[("Discs", "X:1111")],
        &[("First", "x")],
        &[("Setup", DEFAULT_SETUP), ("Position", "8/8/8/8/8/8/8/8 w")],
        &[("Setup", "X")],
        &[("Setup", "X/X")],
        &[("Setup", "XXYZSZYQ/XYZSZYXX")],
        &[("Setup", "XXYZSZYY/XYZSZYXX")],
        &[("Setup", "XXYSZZYX/XYZSZYXX")],
        &[("Position", "8")],
        &[("Position", "8 b")],
        &[("Position", "8/8 w")],
        &[("Position", "9/8/8/8/8/8/8/8 w")],
        &[("Position", "q7/8/8/8/8/8/8/8 w")],
        &[("Position", "8/8/8/8/8/8/8/8 w")],
        &[("Position", "3s4/8/8/3Z4/8/8/8/4S3 w")],
        &[("Position", "3s4/8/8/8/8/8/8/4S3 w"), ("First", "red")],
    ];
    let mut codes = BTreeSet::new();
    for pairs in cases {
        for (tag, code, message) in reasons(pairs) {
            assert!(Shogun::CODES.contains(&code), "{tag}: {code}: {message}");
            codes.insert(code);
        }
    }
    // Every code of a tag: all but those of a move.
    let moves: BTreeSet<_> = super::super::fault::tests::every_variant()
        .iter()
        .map(crate::game::MoveFault::code)
        .collect();
    assert_eq!(Shogun::CODES.len() - moves.len(), codes.len(), "{codes:?}");
}

#[test]
fn a_setup_error_lists_every_reason_whatever_else_is_wrong() {
    let listed = reasons(&[
        ("Setup", "XXXXXXXX/YYYYYYYY"),
        ("Rotation", "45"),
        ("First", "blue"),
    ]);
    let tags: Vec<&str> = listed.iter().map(|(tag, _, _)| tag.as_str()).collect();
    assert_eq!(tags[..2], ["Rotation", "First"]);
    let setup: Vec<&str> = listed[2..].iter().map(|(_, _, m)| m.as_str()).collect();
    assert_eq!(
        setup,
        [
            "White has 8 Xs; a side has exactly 3",
            "White has 0 Ys; a side has exactly 2",
            "White has 0 Zs; a side has exactly 2",
            "White has 0 Shoguns; a side has exactly 1",
            "Red has 0 Xs; a side has exactly 3",
            "Red has 8 Ys; a side has exactly 2",
            "Red has 0 Zs; a side has exactly 2",
            "Red has 0 Shoguns; a side has exactly 1",
        ]
    );
}
