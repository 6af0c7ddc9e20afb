use super::*;

fn player(letter: u8) -> Option<u8> {
    b"rgo".iter().position(|&l| l == letter).map(|i| i as u8)
}

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
    assert_eq!(error("x3"), "no such pawn: no player's initial is 'x'");
    assert_eq!(error("R3"), SHAPE);
    assert_eq!(error("r"), SHAPE);
    assert_eq!(error("r3x"), SHAPE);
    assert_eq!(
        error("r03"),
        "not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(
        error("r12345"),
        "no such pawn: the course has no such square"
    );
    assert_eq!(
        error("r3[-Q]"),
        "not a pawn move: 'Q' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[W<>xY]"),
        "impossible exchange: no player's initial is 'x'"
    );
    // The order of the questions: the shape of the number, the
    // player, the number's length, then the bracket letter by letter.
    assert_eq!(error(""), SHAPE);
    assert_eq!(error("r[-P]"), SHAPE);
    assert_eq!(
        error("x03"),
        "not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(
        error("r00"),
        "not a pawn move: a square is written without leading zeros"
    );
    assert_eq!(error("x12345"), "no such pawn: no player's initial is 'x'");
    assert_eq!(
        error("r12345[Q"),
        "no such pawn: the course has no such square"
    );
    assert_eq!(
        error("r3[Q<>xZ]"),
        "not a pawn move: 'Q' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[W<>xZ]"),
        "not a pawn move: 'Z' is not a flower (W, Y, P, B or K)"
    );
    assert_eq!(
        error("r3[-PP]"),
        "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]"
    );
    assert_eq!(
        error("r3[W<>oY]x"),
        "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]"
    );
    assert_eq!(error("r3x[-P]"), SHAPE);
    assert_eq!(error("r123x"), SHAPE);
    let nested = format!("r3{}", "[".repeat(100_000));
    assert!(error(&nested).starts_with("not a pawn move: a bracket holds"));
}

#[test]
fn the_quick_reader_reads_the_usual_forms_and_their_length() {
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
fn the_quick_reader_leaves_anything_unusual_to_the_full_reader() {
    // A third digit is a long course's square, for the full reader too.
    for text in [
        "r175",
        "",
        "r",
        "R3",
        "x3",
        "r03",
        "r00",
        "r100",
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
    ] {
        assert_eq!(read_at(text.as_bytes(), player), None, "{text:?}");
    }
}

#[test]
fn what_the_quick_reader_reads_the_full_reader_reads_alike() {
    let words = ["r3", "g12[W<>oY]", "r8[-P]", "r3[-PP]", "r3x", "o5[K<>gB]]"];
    for text in words {
        if let Some((mv, len)) = read_at(text.as_bytes(), player) {
            assert_eq!(parse(&text[..len], player), Ok(mv), "{text:?}");
        }
    }
}
