use super::*;
use crate::game::Game;
use crate::games::shogun::Shogun;

/// One fault of every variant.
pub(in crate::games::shogun) fn every_variant() -> Vec<ShogunError> {
    let (from, to, kind, shows, mover) = (0, 8, Kind::X, 4, Side::White);
    let syntax = [
        ShogunSyntax::FromSquare,
        ShogunSyntax::NoSeparator { from },
        ShogunSyntax::ToSquare,
        ShogunSyntax::TextAfterMove,
    ];
    let illegal = [
        ShogunIllegal::EmptySquare { from },
        ShogunIllegal::OpponentPiece { from, mover },
        ShogunIllegal::StaysPut { kind, from, shows },
        ShogunIllegal::OwnPiece { to },
        ShogunIllegal::WrongDistance {
            kind,
            from,
            to,
            shows,
        },
        ShogunIllegal::PathBlocked {
            from,
            to: 16,
            occupied: 1 << 8,
        },
        ShogunIllegal::FalseCaptureMark { to },
        ShogunIllegal::LeavesShogunAttacked {
            mover,
            shogun: 4,
            kind,
            at: 36,
            shows,
            was_attacked: false,
        },
        ShogunIllegal::FalseCheckMark { mover, shogun: 59 },
    ];
    let syntax = syntax.into_iter().map(ShogunError::Syntax);
    syntax
        .chain(illegal.into_iter().map(ShogunError::Illegal))
        .collect()
}

#[test]
fn every_code_is_listed() {
    let faults = every_variant();
    for fault in &faults {
        assert!(Shogun::CODES.contains(&fault.code()), "{fault:?}");
    }
    // One code per legality fault; the syntax faults share one for a bad
    // square, at either end.
    let codes: std::collections::BTreeSet<_> = faults.iter().map(MoveFault::code).collect();
    assert_eq!(codes.len(), faults.len() - 1);
}

#[test]
fn a_message_quotes_the_text_it_is_given() {
    let fault = ShogunError::Syntax(ShogunSyntax::TextAfterMove);
    assert_eq!(
        fault.message("a1-a2xxxxxxxxxx..."),
        "not a Shogun move: \"a1-a2xxxxxxxxxx...\": unexpected \"xxxxxxxxxx...\" after the move (only '+' may follow it)"
    );
    // A legality fault quotes nothing.
    let fault = ShogunError::Illegal(ShogunIllegal::OwnPiece { to: 1 });
    assert_eq!(
        fault.message("anything"),
        "the piece cannot reach that square: b1 holds one of your own pieces"
    );
}

#[test]
fn the_blocked_paths_are_named() {
    let (c3, e4, c6) = (18, 28, 42);
    let d3_c4 = (1 << 19) | (1 << 26);
    let fault = ShogunIllegal::PathBlocked {
        from: c3,
        to: e4,
        occupied: d3_c4,
    };
    assert_eq!(
        fault.why(),
        "the piece cannot reach that square: both L paths are blocked: the path turning at e3 by d3, the path turning at c4 by c4 (a piece never jumps, and turns at most once)"
    );
    let fault = ShogunIllegal::PathBlocked {
        from: c3,
        to: c6,
        occupied: d3_c4,
    };
    assert_eq!(
        fault.why(),
        "the piece cannot reach that square: the straight path is blocked at c4"
    );
}
