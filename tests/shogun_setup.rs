//! Shogun's tags: the setups and positions they state, the numbers the
//! pieces show by discs and rotation, every reason a setup is refused,
//! and the start positions drawn.

use crate::support::shogun as support;

use kifu::draw::{Charset, Drawing};
use kifu::game::{Game, GameKind, perft};
use kifu::games::shogun::{Kind, Shogun, Side};
use std::collections::BTreeSet;
use support::{position, start, tag_error};

#[test]
fn pieces_show_the_numbers_of_the_table() {
    let game = start(&[]);
    let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
    // White XXYZSZYX on A B A B D C D C.
    assert_eq!(shown, [4, 2, 2, 4, 1, 3, 1, 3]);
    let red: Vec<u8> = (56..64).map(|f| game.shows(f)).collect();
    // Red XYZSZYXX on B A B A C D C D, read as C D C D B A B A.
    assert_eq!(red, [3, 1, 3, 1, 4, 2, 2, 4]);
    // A Red X on e1 shows 4, as kifu-rules(7) says.
    let game = position("3s4/8/8/8/8/8/8/4xS2 w");
    assert_eq!(game.piece_at(4), Some((Side::Red, Kind::X)));
    assert_eq!(game.shows(4), 4);
}

#[test]
fn a_quarter_turn_exchanges_a_with_d_and_b_with_c() {
    for rotation in ["90", "270"] {
        let game = start(&[("Rotation", rotation)]);
        let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
        // White XXYZSZYX now on D C D C A B A B.
        assert_eq!(shown, [1, 3, 1, 3, 1, 4, 2, 2], "{rotation}");
    }
    let half = start(&[("Rotation", "180")]);
    let plain = start(&[]);
    assert_eq!(
        (0..64).map(|s| half.shows(s)).collect::<Vec<_>>(),
        (0..64).map(|s| plain.shows(s)).collect::<Vec<_>>()
    );
}

#[test]
fn discs_replace_the_numbers_table() {
    let game = start(&[("Discs", "S:2112 Z:1111 Y:4444 X:3333")]);
    let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
    assert_eq!(shown, [3, 3, 4, 1, 2, 1, 4, 3]);
    assert_eq!(
        game.setup_tags(),
        [
            ("Setup".to_owned(), "XXYZSZYX/XYZSZYXX".to_owned()),
            ("Discs".to_owned(), "X:3333 Y:4444 Z:1111 S:2112".to_owned()),
        ]
    );
}

/// The code and words of a refused setup.
fn refused(code: &'static str, message: &str) -> (&'static str, String) {
    (code, message.to_owned())
}

/// Tags, and the code and message of the first reason they are refused.
type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, String);

#[test]
fn tags_are_validated_with_exact_messages() {
    let kinds = "each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\"";
    let discs_z = "Z takes four numbers from 1 to 4, for magnet types A, B, C and D";
    let setup_form =
        "expected White's rank 1 and Red's rank 8 separated by '/', like \"XXYZSZYX/XYZSZYXX\"";
    let position_form = "expected the board, then the side to move (w or r)";
    let white = ("Position", "3s4/8/8/8/8/8/8/4S3 w");
    let cases: [Case<'_>; 11] = [
        (
            &[("Discs", "X:4231 Y:2341 Z:1432 S:1221 X:1111")],
            "shogun.discs-twice",
            "tag Discs: X is given twice".into(),
        ),
        (
            &[("Discs", "X:4231 Y:2341 Z:14321 S:1221")],
            "shogun.discs-numbers",
            format!("tag Discs: \"Z:14321\": {discs_z}"),
        ),
        (
            &[("Discs", "X4231")],
            "shogun.discs-form",
            format!("tag Discs: \"X4231\": expected {kinds}"),
        ),
        (
            &[("Discs", "XY:4231")],
            "shogun.discs-kind",
            "tag Discs: \"XY\" is not a kind of piece (X, Y, Z or S)".into(),
        ),
        (
            &[("Setup", "XXYZSZYX")],
            "shogun.setup-form",
            format!("tag Setup: \"XXYZSZYX\": {setup_form}"),
        ),
        (
            &[("Setup", "XXYZSZYX/XYZZSYXX")],
            "shogun.setup-shogun-square",
            "tag Setup: Red's Shogun must stand on d8, not on e8".into(),
        ),
        (
            &[("Position", "8/8/8/8/8/8/8/4S3 w")],
            "shogun.position-count",
            "tag Position: Red has 0 Shoguns; a side has exactly 1".into(),
        ),
        (
            &[("Position", "3s4/8/8/8/8/8/8/4S3")],
            "shogun.position-form",
            format!("tag Position: \"3s4/8/8/8/8/8/8/4S3\": {position_form}"),
        ),
        (
            &[("Position", "3s5/8/8/8/8/8/8/4S3 w")],
            "shogun.position-rank-width",
            "tag Position: rank 8 (\"3s5\") does not hold 8 squares".into(),
        ),
        (
            &[("Position", "3s4/8/8/8/8/8/8/4S3 b")],
            "shogun.position-side",
            "tag Position: \"b\": the side to move is w or r".into(),
        ),
        (
            &[white, ("First", "red")],
            "shogun.first-disagrees",
            "tag First: \"red\" disagrees with the Position tag, where White is to move".into(),
        ),
    ];
    for (pairs, code, message) in cases {
        assert_eq!(tag_error(pairs), (code, message), "{pairs:?}");
    }
}

#[test]
fn a_setup_reports_every_independent_reason() {
    // Four White X, and with White to move Red's Shogun on d8 attacked by
    // the Z on d5.
    assert_eq!(
        tag_error(&[("Position", "3s4/8/8/3Z4/8/8/8/XXXXS3 w")]),
        refused(
            "shogun.position-count",
            "tag Position: White has 4 Xs; a side has at most 3; \
             tag Position: Red's Shogun on d8 is attacked by the piece on d5, but White is to move"
        )
    );
    assert_eq!(
        tag_error(&[("Rotation", "45"), ("First", "blue")]),
        refused(
            "shogun.rotation",
            "tag Rotation: \"45\": the board is turned by 0, 90, 180 or 270 degrees; \
             tag First: \"blue\": the side that moves first is white or red"
        )
    );
}

#[test]
fn odd_position_values_are_refused_with_their_code() {
    for (value, code) in [
        ("", "shogun.position-form"),
        ("/", "shogun.position-form"),
        ("8/8/8/8/8/8/8/8/8 w", "shogun.position-ranks"),
        ("9/8/8/8/8/8/8/8 w", "shogun.position-rank-width"),
        ("0s7/8/8/8/8/8/8/4S3 w", "shogun.position-rank-width"),
        ("3s4/8/8/8/8/8/8/4S3 w extra", "shogun.position-form"),
        ("3s4/8/8/8/8/8/8/4S3 W", "shogun.position-side"),
        ("3é4/8/8/8/8/8/8/4S3 w", "shogun.position-letter"),
        ("3s4/8/8/8/8/8/8/4S3/ w", "shogun.position-ranks"),
        ("44s/8/8/8/8/8/8/4S3 w", "shogun.position-rank-width"),
        ("3s4/8/8/8/8/8/8/4S3s w", "shogun.position-rank-width"),
    ] {
        let error = Shogun::from_position(value)
            .err()
            .unwrap_or_else(|| panic!("{value:?} was accepted"));
        assert_eq!(error.first().code, code, "{value:?}: {error}");
        assert_eq!(error.first().tag, "Position", "{value:?}: {error}");
    }
}

#[test]
fn random_tags_give_legal_setups_of_every_rotation_and_first_player() {
    let mut rotations = BTreeSet::new();
    let mut firsts = BTreeSet::new();
    let mut rng = kifu::random::Rng::new(7);
    for _ in 0..64 {
        let pairs = GameKind::Shogun.random_tags(&mut rng);
        let borrowed: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        let game = start(&borrowed);
        assert_eq!(Game::legal_moves(&game).len() as u64, perft(&game, 1));
        rotations.insert(
            pairs
                .iter()
                .find(|(n, _)| n == "Rotation")
                .map_or("0".to_owned(), |(_, v)| v.clone()),
        );
        firsts.insert(game.to_move().name());
    }
    assert_eq!(rotations.len(), 4, "{rotations:?}");
    assert_eq!(firsts.len(), 2, "{firsts:?}");
}

#[test]
fn the_default_setup_is_drawn() {
    let game = start(&[]);
    insta::assert_snapshot!("default_unicode", game.text(&Charset::Unicode.into()));
    insta::assert_snapshot!("default_ascii", game.text(&Charset::Ascii.into()));
}

#[test]
fn a_rotated_board_shows_other_numbers() {
    let game = start(&[("Setup", "ZYXXSXZY/ZXYSXZXY"), ("Rotation", "90")]);
    insta::assert_snapshot!("rotation_90_unicode", game.text(&Charset::Unicode.into()));
}
