use super::*;
use crate::game::MoveFault;
use crate::games::shogun::ShogunError;

fn read(text: &str) -> Result<ShogunMove, ShogunSyntax> {
    read_move(text.as_bytes())
}

#[test]
fn round_trips_every_form() {
    for text in ["e1-e2", "c3xe3", "a1-a5+", "h8xa1+"] {
        let mv = read(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(mv.to_string(), text);
    }
    assert_eq!(
        "b2xc4+".parse(),
        Ok(ShogunMove {
            from: 9,
            to: 26,
            capture: true,
            check: true
        })
    );
}

/// The message of the fault `read_move` finds in `text`.
fn error(text: &str) -> (&'static str, String) {
    match read(text) {
        Ok(mv) => panic!("{text:?} read as {mv}"),
        Err(syntax) => {
            let fault = ShogunError::Syntax(syntax);
            (fault.code(), fault.message(text))
        }
    }
}

#[test]
fn explains_bad_text() {
    let not_a_square = "shogun.not-a-square";
    assert_eq!(
        error("i1-a1"),
        (
            not_a_square,
            "not a Shogun move: \"i1-a1\": \"i1\" is not a square (files a-h, ranks 1-8)".into()
        )
    );
    assert_eq!(
        error("a1a2"),
        (
            "shogun.no-separator",
            "not a Shogun move: \"a1a2\": '-' or 'x' must follow a1".into()
        )
    );
    assert_eq!(
        error("a1-a2#"),
        (
            "shogun.text-after-move",
            "not a Shogun move: \"a1-a2#\": unexpected \"#\" after the move (only '+' may follow it)".into()
        )
    );
    assert_eq!(
        error("a1-"),
        (
            not_a_square,
            "not a Shogun move: \"a1-\": \"\" is not a square (files a-h, ranks 1-8)".into()
        )
    );
    assert_eq!(
        error("é1-a1"),
        (
            not_a_square,
            "not a Shogun move: \"é1-a1\": \"é\" is not a square (files a-h, ranks 1-8)".into()
        )
    );
    assert_eq!(
        error("aé-a1").1,
        "not a Shogun move: \"aé-a1\": \"aé-a1\" is not a square (files a-h, ranks 1-8)"
    );
    assert_eq!(
        error("a1-a2++"),
        (
            "shogun.text-after-move",
            "not a Shogun move: \"a1-a2++\": unexpected \"+\" after the move (only '+' may follow it)".into()
        )
    );
    assert_eq!(
        error("a1+").1,
        "not a Shogun move: \"a1+\": '-' or 'x' must follow a1"
    );
    assert_eq!(
        error("a1-+").1,
        "not a Shogun move: \"a1-+\": \"\" is not a square (files a-h, ranks 1-8)"
    );
}

#[test]
fn a_move_read_at_the_start_is_the_move_read_whole() {
    // Every text of up to 6 bytes from an alphabet around the grammar,
    // then bytes that may follow it.
    let alphabet = b"a1h8-x+`0";
    let tails: [&[u8]; 5] = [b"", b" ", b"+", b"+ 1-0", b"\xff\xff"];
    let mut text = Vec::new();
    let mut read = 0;
    fn each(alphabet: &[u8], tails: &[&[u8]], text: &mut Vec<u8>, read: &mut u32) {
        for tail in tails {
            let full = [&text[..], tail].concat();
            if let Ok((mv, len)) = read_start(&full) {
                assert_eq!(read_move(&full[..len]), Ok(mv), "{full:?}");
                *read += 1;
            }
        }
        if let Ok(mv) = read_move(text) {
            assert_eq!(read_start(text), Ok((mv, text.len())));
        }
        if text.len() < 6 {
            for &b in alphabet {
                text.push(b);
                each(alphabet, tails, text, read);
                text.pop();
            }
        }
    }
    each(alphabet, &tails, &mut text, &mut read);
    // File a or h, rank 1 or 8, `-` or `x`, file a or h, rank 1 or 8,
    // alone or before any byte of the alphabet, then each tail.
    assert_eq!(read, 32 * (1 + 9) * 5);
}
