//! Variations judged: where a fault in one is said to be, the main line
//! going on after it, and the order a visitor hears their plies and bounds.

use crate::record::{ItemKind, parse_head, parse_record};
use crate::referee::{Options, Ply, Visitor, judge_record, judge_with};

/// The verdict line of a mana record with this movetext, as `kifu
/// validate` reads it.
fn verdict(movetext: &str) -> String {
    let text = format!("[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n{movetext}\n");
    let judged = parse_head(text, 1).and_then(|record| judge_record(&record));
    match judged {
        Ok(verdict) => match verdict.fault {
            Some(fault) => fault.to_string(),
            None => verdict.summary(),
        },
        Err(error) => format!("syntax {error}"),
    }
}

#[test]
fn the_main_line_goes_on_after_a_variation_and_may_restate_its_number() {
    assert_eq!(
        verdict("1. e1-e4 (1. a1-c2) a6-a5 2. a1-c2 *"),
        "mana, 3 plies, *"
    );
    assert_eq!(
        verdict("1. e1-e4 (1. a1-c2) 1... a6-a5 (1... e6-e5 2. a1-b3) 2. a1-c2 *"),
        "mana, 3 plies, *"
    );
    assert_eq!(
        verdict("1. e1-e4 (1. a1-c2) 2. a6-a5 *"),
        "4:21: move 1 (White, ply 2): move number 2 is out of sequence: expected 1"
    );
}

#[test]
fn a_fault_says_which_variation_it_is_in() {
    assert_eq!(
        verdict("1. e1-e4 a6-a5 (1... e6-e5 2. a1-b3 (2. a1-c2 b6-b4)) *"),
        "4:47: move 2 (White, ply 4) b6-b4 in the variation after 2. a1-b3 in the variation after \
         1... a6-a5: disobeys the bird: the bird is on a single square, and a piece of yours on \
         a single square can move, so you must move one of those"
    );
    // The main line is judged up to the variation, and no further.
    assert_eq!(
        verdict("1. e1-e4 (1. e1-e1) a6-a6 *"),
        "4:14: move 1 (Black, ply 1) e1-e1 in the variation after 1. e1-e4: the piece cannot reach \
         that square: e1 holds one of your own pieces; the legal moves of the piece on e1: \
         e1-c2, e1-d3, e1-f3, e1-e4"
    );
}

#[test]
fn the_result_and_the_verdict_are_the_main_lines() {
    // A variation may end the game; the main line's result stands.
    let won = "1. e1-e4 a6-a5 2. a1-c2 e6-e5@e3 3. f1-f3 b6-c5 4. e4xe5@e1 c5-b5 5. f3-f4 \
               d6-e4@a6 6. d1-e1 a5-b3@a2 7. c2-b2 R*a4 8. b1-a2 b5-c5 9. f4-d3 c6-d5 10. \
               a2-a1@e3 c5-e6 11. a1xb3 e4-e3@b4 12. e5xd5@e4";
    assert_eq!(
        verdict(&format!("{won} (12. e5-f5) B+")),
        "mana, 23 plies, B+ (Daimyo captured)"
    );
    assert_eq!(
        verdict(&format!("1. e1-e4 ({} B+) *", &won[3..])),
        "syntax 4:205: a result token may not stand inside a variation: the result is the \
         main line's (at \"B+) *\")"
    );
}

/// The walk as a visitor hears it: each ply as `index depth move`, each
/// variation's begin and end, each comment and the fault.
#[derive(Default)]
struct Heard(Vec<String>);

impl Visitor for Heard {
    fn ply(&mut self, ply: Ply<'_>) {
        let normalized = ply
            .detail
            .map(|d| d.normalized.to_string())
            .unwrap_or_default();
        self.0
            .push(format!("{} {} {normalized}", ply.index, ply.depth));
    }

    fn begin_variation(&mut self) {
        self.0.push("(".to_owned());
    }

    fn end_variation(&mut self) {
        self.0.push(")".to_owned());
    }

    fn comment(&mut self, text: &str) {
        self.0.push(format!("{{{text}}}"));
    }

    fn fault(&mut self, fault: &crate::referee::Fault) {
        self.0.push(format!("fault {}", fault.code));
    }
}

#[test]
fn a_visitor_hears_every_ply_and_variation_in_the_order_written() {
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n\
                1. e1-e4 {main} (1. a1-c2 a6-a5 (1... e6-e5 {deep}) 2. e1-f3) (1. f1-f3) 1... a6-a5 *\n";
    let record = parse_record(text.to_owned(), 1).unwrap_or_default();
    let options = Options {
        stop_after: None,
        details: true,
    };
    let mut heard = Heard::default();
    let (verdict, _) = judge_with(&record, options, &mut heard);
    assert!(verdict.is_valid(), "{:?}", verdict.fault);
    assert_eq!(
        heard.0,
        [
            "0 0 e1-e4",
            "{main}",
            "(",
            "0 1 a1-c2",
            "1 1 a6-a5",
            "(",
            "1 2 e6-e5",
            "{deep}",
            ")",
            "2 1 e1-f3",
            ")",
            "(",
            "0 1 f1-f3",
            ")",
            "1 0 a6-a5",
        ]
    );
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 (1. a1-a6) a6-a5 *\n";
    let record = parse_record(text.to_owned(), 1).unwrap_or_default();
    let mut heard = Heard::default();
    judge_with(&record, options, &mut heard);
    let last = heard.0.last().map(String::as_str);
    assert_eq!(last, Some("fault mana.too-far"), "{:?}", heard.0);
}

#[test]
fn a_variation_of_the_first_ply_numbers_it_as_a_record_may() {
    let verdict = |movetext: &str| {
        let text = format!(
            "[Game \"mana\"]\n[Position \"r1rdrr/6/3r2/2R3/6/R1DRRR w a3\"]\n\n{movetext}\n"
        );
        let judged = parse_head(text, 1).and_then(|record| judge_record(&record));
        judged.map(|v| {
            v.fault
                .as_ref()
                .map_or_else(|| v.summary(), ToString::to_string)
        })
    };
    for movetext in [
        "1... c6-c4 (1... d4-e3) 2. d1-d2 *",
        "1... c6-c4 (1. d4-e3) 2. d1-d2 *",
        "1. c6-c4 (1. d4-e3) d1-d2 *",
        "1. c6-c4 (1... d4-e3) d1-d2 *",
    ] {
        assert_eq!(
            verdict(movetext),
            Ok("mana, 2 plies, *".to_owned()),
            "{movetext}"
        );
    }
    assert_eq!(
        verdict("1. c6-c4 (d4-e3 1... d1-d2) d1-d2 *"),
        Ok(
            "4:17: move 2 (Black, ply 2) in the variation after 1. c6-c4: move number 1 is out of \
            sequence: expected 2"
                .to_owned()
        )
    );
}

#[test]
fn a_variation_passed_over_is_read_up_to_its_own_close() {
    let text =
        "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 (1. a1-c2 (1. a1-b3) b6-b5) a6-a5 *\n";
    let Ok(record) = parse_head(text.to_owned(), 1) else {
        panic!("the record reads");
    };
    let mut items = record.movetext();
    while items
        .next()
        .is_some_and(|item| item.kind() != ItemKind::Open)
    {}
    assert!(super::skip(&mut items).is_none());
    let next = items
        .next()
        .map(|item| record.slice(&item.span()).to_owned());
    assert_eq!(next.as_deref(), Some("a6-a5"));
}
