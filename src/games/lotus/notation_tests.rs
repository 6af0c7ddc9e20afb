use super::*;
use crate::game::MoveFault;
use crate::games::lotus::LotusError;

fn player(letter: u8) -> Option<u8> {
    b"rgo".iter().position(|&l| l == letter).map(|i| i as u8)
}

/// The move `text` reads as, or the message and code of its fault.
fn parse(text: &str, player: fn(u8) -> Option<u8>) -> Result<LotusMove, String> {
    read_move(text.as_bytes(), player).map_err(|fault| {
        let error = LotusError::Syntax(fault);
        format!("{}: {}", error.code(), error.message(text))
    })
}

fn read_at(text: &[u8], player: fn(u8) -> Option<u8>) -> Option<(LotusMove, usize)> {
    read_move_at(text, player)
}

const SHAPE: &str = "lotus.not-a-pawn-move: not a pawn move: a pawn move is the owner's initial and the pawn's square, like r0 or g12, with [W<>oY] or [-P] when a choice is due";

#[test]
fn round_trips_every_form() {
    for text in ["r0", "g17", "g12[W<>oY]", "r8[-P]", "o40[K<>rB]"] {
        let mv = parse(text, player).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mv.to_string(), text);
    }
}

#[test]
fn reads_squares_of_every_length() {
    let from = |t: &str| parse(t, player).map(|m| m.from);
    assert_eq!(from("r0"), Ok(0));
    assert_eq!(from("r7"), Ok(7));
    assert_eq!(from("r10"), Ok(10));
    assert_eq!(from("r99"), Ok(99));
    assert_eq!(from("r100[-P]"), Ok(100));
    assert_eq!(from("o9999"), Ok(9999));
    let mv = parse("g123[W<>oY]", player).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mv.to_string(), "g123[W<>oY]");
}

#[test]
fn explains_bad_text() {
    let error = |t: &str| parse(t, player).err().unwrap_or_default();
    assert_eq!(
        error("x3"),
        "lotus.unknown-initial: no such pawn: no player's initial is 'x'"
    );
    assert_eq!(error("R3"), SHAPE);
    assert_eq!(error("r"), SHAPE);
    assert_eq!(error("r3x"), SHAPE);
    assert_eq!(
        error("r03"),
        "lotus.leading-zero: not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(
        error("r12345"),
        "lotus.no-such-square: no such pawn: the course has no such square"
    );
    assert_eq!(
        error("r3[-Q]"),
        "lotus.not-a-flower: not a pawn move: 'Q' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[W<>xY]"),
        "lotus.unknown-partner: impossible exchange: no player's initial is 'x'"
    );
    // The order of the questions: the shape of the number, the
    // player, the number's length, then the bracket letter by letter.
    assert_eq!(error(""), SHAPE);
    assert_eq!(error("r[-P]"), SHAPE);
    assert_eq!(
        error("x03"),
        "lotus.leading-zero: not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(
        error("r00"),
        "lotus.leading-zero: not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(
        error("x12345"),
        "lotus.unknown-initial: no such pawn: no player's initial is 'x'"
    );
    assert_eq!(
        error("r12345[Q"),
        "lotus.no-such-square: no such pawn: the course has no such square"
    );
    assert_eq!(
        error("r3[Q<>xZ]"),
        "lotus.not-a-flower: not a pawn move: 'Q' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[W<>xZ]"),
        "lotus.not-a-flower: not a pawn move: 'Z' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[-PP]"),
        "lotus.bad-bracket: not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]"
    );
    assert_eq!(
        error("r3[W<>oY]x"),
        "lotus.bad-bracket: not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]"
    );
    // A bracket's letters are asked only of a bracket that ends the word.
    for text in ["r3[W<>xY]z", "r3[-Q]x", "r3[-P]]"] {
        assert!(error(text).starts_with("lotus.bad-bracket: "), "{text}");
    }
    assert_eq!(error("r3x[-P]"), SHAPE);
    assert_eq!(error("r123x"), SHAPE);
    let nested = format!("r3{}", "[".repeat(100_000));
    assert!(error(&nested).starts_with("lotus.bad-bracket: not a pawn move: a bracket holds"));
}

#[test]
fn the_reader_at_a_slice_reads_the_usual_moves_and_their_length() {
    for word in [
        "r0",
        "g7",
        "g17",
        "o99",
        "g12[W<>oY]",
        "r8[-P]",
        "o40[K<>rB]",
    ] {
        for after in ["", " ", "\n", "{x}", ")", "x"] {
            let text = format!("{word}{after}");
            let expected = parse(word, player).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                read_at(text.as_bytes(), player),
                Some((expected, word.len())),
                "{text:?}"
            );
        }
    }
}

#[test]
fn the_reader_at_a_slice_leaves_what_is_no_move_to_the_word_reader() {
    for text in [
        "",
        "r",
        "R3",
        "x3",
        "r03",
        "r00",
        "r[-P]",
        "r3[",
        "r3[-Q]",
        "r3[-P",
        "r3[-PP]",
        "r3[W<>xY]",
        "r3[Q<>oY]",
        "r3[W<>oZ]",
        "r3[W<oY]",
        "r3[W<>oY",
        "r3[]",
        " r3",
        "r0[",
        "r17[",
        "r175",
        "o9999[-P]",
    ] {
        assert_eq!(read_at(text.as_bytes(), player), None, "{text:?}");
    }
}

#[test]
fn what_the_reader_at_a_slice_reads_the_word_reader_reads_alike() {
    let words = ["r3", "g12[W<>oY]", "r8[-P]", "r3[-PP]", "r3x", "o5[K<>gB]]"];
    for text in words {
        if let Some((mv, len)) = read_at(text.as_bytes(), player) {
            assert_eq!(parse(&text[..len], player), Ok(mv), "{text:?}");
        }
    }
}
