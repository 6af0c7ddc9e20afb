use super::*;

#[test]
fn can_reach_agrees_with_reach() {
    let mut blocking: Bits = 0x0123_4567_89ab;
    for round in 0..50 {
        blocking = blocking.rotate_left(7) ^ (round * 0x9e37_79b9);
        for from in 0..SQUARES {
            let all = reach(from, blocking);
            for to in 0..SQUARES {
                assert_eq!(
                    can_reach(from, to, blocking),
                    all & bit(to) != 0,
                    "{from} {to}"
                );
            }
        }
    }
}

#[test]
fn words_splits_as_split_whitespace_does() {
    let texts = [
        "",
        " ",
        "a",
        "a b",
        " a  b ",
        "a\tb\nc",
        "a\x0bb",
        "a\x0cb\rc",
        "a\x1cb",
        "a\u{a0}b",
        "é b",
        "a b c",
        "a b c d",
        "\u{3000}a b",
    ];
    for text in texts {
        let all: Vec<&str> = text.split_whitespace().collect();
        let two: Option<Vec<&str>> = words::<2>(text).map(Vec::from);
        let three: Option<Vec<&str>> = words::<3>(text).map(Vec::from);
        assert_eq!(two, (all.len() == 2).then(|| all.clone()), "{text:?}");
        assert_eq!(three, (all.len() == 3).then(|| all.clone()), "{text:?}");
    }
}

#[test]
fn twelve_squares_of_each_kind() {
    for n in 1..=3 {
        assert_eq!(squares_with_lines(n).count_ones(), 12, "{n} lines");
    }
}

#[test]
fn each_home_rank_shows_three_double_squares() {
    let doubles = squares_with_lines(2);
    let rank = |r: usize| (0..6).filter(|f| doubles & bit(r * 6 + f) != 0).count();
    assert_eq!((rank(0), rank(5)), (3, 3));
}

#[test]
fn a_triple_square_piece_reaches_by_turning_paths() {
    let a1 = 0;
    let ends: Vec<_> = squares(reach_on_empty_board(a1)).map(square_name).collect();
    assert_eq!(ends, ["b1", "d1", "a2", "c2", "b3", "a4"]);
    let blocked = reach(a1, bit(1) | bit(6));
    assert_eq!(blocked, 0);
}

#[test]
fn the_squares_of_a_kind_are_those_with_as_many_lines() {
    for square in 0..SQUARES {
        let kind = squares_with_lines(lines(square));
        assert_eq!(same_kind(square), kind, "{}", square_name(square));
        assert_eq!(kind.count_ones(), 12);
        assert!(squares(kind).all(|s| lines(s) == lines(square)));
    }
    assert_eq!(squares_with_lines(0) | squares_with_lines(4), 0);
}

#[test]
fn the_zobrist_hash_is_the_xor_of_a_key_for_each_part() {
    let pieces = |men: [Bits; 2], leaders: Bits, to_move: Side, constraint: Option<u8>| Pieces {
        men,
        leaders,
        to_move,
        constraint,
    };
    let empty = pieces([0, 0], 0, Side::Black, None).zobrist();
    // Each part alone: a piece (side, leader or not, square), the other
    // side to move, a constraint; each hashes apart from the rest.
    let mut seen = std::collections::HashSet::from([empty]);
    for side in 0..2 {
        for leader in [false, true] {
            for square in 0..SQUARES {
                let mut men = [0; 2];
                men[side] = bit(square);
                let leaders = if leader { bit(square) } else { 0 };
                let hash = pieces(men, leaders, Side::Black, None).zobrist();
                assert!(seen.insert(hash), "{side} {leader} {square}");
            }
        }
    }
    let others = [
        (Side::White, None),
        (Side::Black, Some(1)),
        (Side::Black, Some(2)),
        (Side::Black, Some(3)),
    ];
    for (to_move, constraint) in others {
        assert!(seen.insert(pieces([0, 0], 0, to_move, constraint).zobrist()));
    }
    // Parts together: the XOR of their hashes.
    let a = pieces([bit(0) | bit(7), bit(35)], bit(7), Side::Black, None);
    let b = pieces([bit(14), bit(20) | bit(29)], bit(29), Side::Black, None);
    let both = pieces(
        [a.men[0] | b.men[0], a.men[1] | b.men[1]],
        a.leaders | b.leaders,
        Side::Black,
        None,
    );
    assert_eq!(both.zobrist(), a.zobrist() ^ b.zobrist() ^ empty);
    // The side to move and the constraint change any pieces' hash alike.
    for (to_move, constraint) in others {
        let change =
            |p: &Pieces| pieces(p.men, p.leaders, to_move, constraint).zobrist() ^ p.zobrist();
        let on_empty = change(&pieces([0, 0], 0, Side::Black, None));
        for p in [a, b, both] {
            assert_eq!(change(&p), on_empty, "{to_move:?} {constraint:?}");
        }
    }
}
