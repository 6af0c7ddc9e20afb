//! Lines and their branches: replacing a line keeps it, promoting swaps.

use super::*;

fn line(moves: &str, branches: Vec<Branch>) -> MoveLine {
    MoveLine {
        moves: moves.split_whitespace().map(str::to_owned).collect(),
        branches,
    }
}

fn branch(at: usize, moves: &str, branches: Vec<Branch>) -> Branch {
    Branch {
        at,
        line: line(moves, branches),
    }
}

#[test]
fn a_replaced_line_becomes_the_first_branch_with_the_branches_off_it() {
    let mut main = line(
        "a b c d",
        vec![
            branch(1, "x", vec![]),
            branch(2, "y", vec![]),
            branch(3, "z", vec![]),
        ],
    );
    main.replace_from(2, vec!["q".to_owned()]);
    assert_eq!(
        main,
        line(
            "a b q",
            vec![
                branch(1, "x", vec![]),
                branch(2, "c d", vec![branch(1, "z", vec![])]),
                branch(2, "y", vec![]),
            ]
        )
    );
}

#[test]
fn promoting_swaps_a_branch_and_the_line_it_replaces() {
    let original = line(
        "a b c d",
        vec![
            branch(1, "x", vec![]),
            branch(2, "y1 y2", vec![branch(1, "w", vec![])]),
            branch(3, "z", vec![]),
        ],
    );
    let mut main = original.clone();
    assert_eq!(main.promote(2), Some(()));
    assert_eq!(
        main,
        line(
            "a b y1 y2",
            vec![
                branch(1, "x", vec![]),
                branch(2, "c d", vec![branch(1, "z", vec![])]),
                branch(3, "w", vec![]),
            ]
        )
    );
    assert_eq!(main.promote(4), None);
    assert_eq!(main.promote(0), None);
    assert_eq!(
        main.find(&[2, 1]).map(|l| l.moves.clone()),
        Some(vec!["z".to_owned()])
    );
    assert!(main.find(&[2, 2]).is_none());
}
