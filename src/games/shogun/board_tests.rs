use super::*;

#[test]
fn a_half_turn_exchanges_a_with_d_and_b_with_c() {
    for s in 0..64 {
        assert_eq!(TYPES[63 - s], TYPES[s] ^ 3, "{}", square_name(s));
    }
}

#[test]
fn a_quarter_turn_moves_the_layout_onto_itself_with_the_types_cycled() {
    // Turning clockwise, the square at (file, rank) goes to (rank, 7 - file):
    // A goes where a B was, B where a D was, D where a C was, C where an A was.
    const CYCLE: [u8; 4] = [1, 3, 0, 2];
    for s in 0..64 {
        let (f, r) = (s % 8, s / 8);
        let turned = (7 - f) * 8 + r;
        assert_eq!(
            TYPES[turned],
            CYCLE[TYPES[s] as usize],
            "{}",
            square_name(s)
        );
    }
}

#[test]
fn a_red_x_on_e1_shows_four() {
    let e1 = 4;
    let t = magnet(e1, Side::Red, false);
    assert_eq!(DEFAULT_DISCS[Kind::X.index()][t as usize], 4);
}

#[test]
fn paths_pass_over_the_right_squares() {
    let name = |bits: Bits| squares(bits).map(square_name).collect::<Vec<_>>();
    let (c3, e4, c6) = (18, 28, 42);
    let l = via(c3, e4);
    assert_eq!(name(l.first), ["d3", "e3"]);
    assert_eq!(name(l.second), ["c4", "d4"]);
    let s = via(c3, c6);
    assert_eq!(name(s.first), ["c4", "c5"]);
    assert_eq!(name(s.second), ["c4", "c5"]);
    assert_eq!(ring(0, 1), bit(1) | bit(8));
    assert!(reaches(c3, e4, 3, bit(19)));
    assert!(!reaches(c3, e4, 3, bit(19) | bit(26)));
    assert!(!reaches(c3, e4, 2, 0));
}
