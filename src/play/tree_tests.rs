//! The game tree: moves played, reused and varied (in lotus, whole turns),
//! a line replaced, promoted and cut, glyphs and comments, and the record
//! written with nested variations, from a record's walk and from its
//! moves as written.

use super::*;
use crate::game::Tags;
use crate::record::{Record, parse_record, write_record};
use crate::referee::{Options, game_of, judge_with};

/// A record with a variation, and one inside it of its first move.
const MANA: &str = "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
                    1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) a6-a5 *\n";

fn record(text: &str) -> Record {
    parse_record(text.to_owned(), 1).unwrap_or_else(|e| panic!("{e}"))
}

fn start_of(record: &Record) -> Box<dyn AnyGame> {
    let kind = game_of(record).unwrap_or_else(|| panic!("no game"));
    (kind.start(Tags::new(&record.tags))).unwrap_or_else(|e| panic!("{e}"))
}

/// The tree heard from the walk of the valid record `text`.
fn heard(text: &str) -> GameTree {
    let record = record(text);
    let mut heard = HeardTree::new(start_of(&record));
    let options = Options {
        details: true,
        ..Options::default()
    };
    let (verdict, _) = judge_with(&record, options, &mut heard);
    assert_eq!(verdict.fault, None);
    heard.into_tree()
}

/// The movetext written up to `until`, without tags or result.
fn text(tree: &GameTree, until: NodeId) -> String {
    write_record(&[], &[], &tree.written(until), None)
        .trim()
        .replace('\n', " ")
}

/// The movetext of the whole tree.
fn whole(tree: &GameTree) -> String {
    text(tree, tree.line_end(NodeId::START))
}

/// The node of the main line after `plies` plies.
fn main_at(tree: &GameTree, plies: usize) -> NodeId {
    let mut at = NodeId::START;
    for _ in 0..plies {
        at = tree.node(at).next().unwrap_or_else(|| panic!("too short"));
    }
    at
}

#[test]
fn a_record_heard_from_its_walk_is_written_back_with_its_nested_variations() {
    let tree = heard(MANA);
    let tags = [
        ("Game".to_owned(), "mana".to_owned()),
        ("Setup".to_owned(), "c1 b6".to_owned()),
    ];
    let end = tree.line_end(NodeId::START);
    assert_eq!(
        write_record(&tags, &[], &tree.written(end), Some("*")),
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) 2... a6-a5\n*\n"
    );
    assert_eq!(tree.main_line(), ["a1-c2@b3", "e6-e5", "e1-f3@b3", "a6-a5"]);
    // Each node keeps its detail and the position after it.
    let third = main_at(&tree, 3);
    let detail = tree.node(third).detail().map(|d| d.normalized.to_string());
    assert_eq!(detail.as_deref(), Some("e1-f3@b3"));
    let mut replayed = tree.start().box_clone();
    for mv in tree.moves_to(third) {
        replayed.play(&mv).unwrap_or_else(|e| panic!("{e:?}"));
    }
    assert_eq!(tree.position(third).legal_moves(), replayed.legal_moves());
    // Up to a move, only the variations of the moves written so far.
    assert_eq!(text(&tree, NodeId::START), "");
    assert_eq!(text(&tree, main_at(&tree, 2)), "1. a1-c2@b3 e6-e5");
    assert_eq!(
        text(&tree, third),
        "1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4)"
    );
    let variation = tree.node(third).rivals()[0];
    assert_eq!(tree.variation_of(variation), Some(variation));
    let inner = tree.node(variation).rivals()[0];
    assert_eq!(
        tree.moves_to(tree.line_end(inner)),
        ["a1-c2@b3", "e6-e5", "e1-e4", "a6-a5"]
    );
    assert_eq!(tree.variations_of_line(main_at(&tree, 1)), [variation]);
    assert_eq!(tree.variations_of_line(variation), [inner]);
}

#[test]
fn a_move_played_is_reused_else_added_after_else_a_new_variation_the_last() {
    let record = record(MANA);
    let mut tree = GameTree::new(start_of(&record));
    let legal = tree.start().legal_moves();
    let (first, second, third) = (&legal[0], &legal[1], &legal[2]);
    let (a, new) = tree
        .play(NodeId::START, first)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(new);
    assert_eq!(tree.play(NodeId::START, first).ok(), Some((a, false)));
    let (b, _) = tree
        .play(NodeId::START, second)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let (c, _) = tree
        .play(NodeId::START, third)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(tree.node(NodeId::START).next(), Some(a));
    assert_eq!(tree.node(a).rivals(), [b, c]);
    assert_eq!(tree.children(NodeId::START), [a, b, c]);
    assert_eq!(tree.variation_of(c), Some(c));
    assert_eq!(tree.variation_of(a), None);
    assert_eq!(tree.moves_to(c), std::slice::from_ref(third));
    assert!(tree.play(b, "z9-z9").is_err());
    let after = tree.position(b).legal_moves();
    let (d, _) = tree.play(b, &after[0]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(tree.path(d), [b, d]);
    assert_eq!(tree.line_end(b), d);
    assert_eq!(tree.find(d.index()), Some(d));
    assert_eq!(tree.find(99), None);
}

#[test]
fn a_replaced_line_becomes_the_first_variation_with_the_variations_off_it() {
    let mut tree = heard(MANA);
    let at = main_at(&tree, 2);
    let end = tree.replace(at, &["e1-e4".to_owned()]);
    let end = end.unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(tree.line_end(NodeId::START), end);
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-e4 (2. e1-f3@b3 a6-a5) (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4)"
    );
    // A line that ends is only made longer.
    let longer = tree.replace(end, &["a6-a5".to_owned()]);
    assert_eq!(tree.node(end).next(), longer.ok());
}

/// [`MANA`] with `e1-e4` played after `:undo` twice, as `kifu play`
/// does: its third move has two variations, the second with one inside
/// it, which is returned.
fn replaced() -> (GameTree, NodeId) {
    let mut tree = heard(MANA);
    tree.replace(main_at(&tree, 2), &["e1-e4".to_owned()])
        .unwrap_or_else(|e| panic!("{e:?}"));
    let outer = tree.node(main_at(&tree, 3)).rivals()[1];
    (tree, outer)
}

#[test]
fn promoting_swaps_a_variation_and_the_line_it_replaces() {
    let (mut tree, outer) = replaced();
    let inner = tree.node(outer).rivals()[0];
    // `kifu play`'s `:promote 2.1`: the inner one, then the outer.
    assert!(tree.promote(inner, Demoted::InPlace));
    assert!(tree.promote(inner, Demoted::InPlace));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-e4 (2. e1-f3@b3 a6-a5) (2. e1-e4) (2. e1-d3 f6-f4) 2... a6-a5"
    );
    assert!(!tree.promote(main_at(&tree, 4), Demoted::InPlace));
}

#[test]
fn the_board_s_promote_puts_the_line_replaced_first() {
    let (mut tree, outer) = replaced();
    // A move inside the variation names it.
    assert!(tree.promote(tree.line_end(outer), Demoted::First));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-d3 (2. e1-e4) (2. e1-f3@b3 a6-a5) (2. e1-e4 a6-a5) 2... f6-f4"
    );
    let (mut tree, outer) = replaced();
    assert!(tree.promote(outer, Demoted::InPlace));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-d3 (2. e1-f3@b3 a6-a5) (2. e1-e4) (2. e1-e4 a6-a5) 2... f6-f4"
    );
}

#[test]
fn a_cut_node_goes_with_what_follows_and_its_first_variation_takes_its_place() {
    let mut tree = heard(MANA);
    assert_eq!(tree.cut(NodeId::START), None);
    let third = main_at(&tree, 3);
    let fourth = main_at(&tree, 4);
    let variation = tree.node(third).rivals()[0];
    assert_eq!(tree.cut(third), Some(main_at(&tree, 2)));
    assert_eq!(tree.find(third.index()), None);
    assert_eq!(tree.find(fourth.index()), None);
    assert_eq!(tree.find(variation.index()), Some(variation));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4"
    );
    let inner = tree.node(variation).rivals()[0];
    tree.cut(tree.line_end(inner));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-d3 (2. e1-e4) 2... f6-f4"
    );
    tree.cut(inner);
    assert_eq!(whole(&tree), "1. a1-c2@b3 e6-e5 2. e1-d3 f6-f4");
}

#[test]
fn glyphs_numeric_glyphs_and_comments_are_written_and_changes_told() {
    let mut tree = heard(MANA);
    let second = main_at(&tree, 2);
    assert!(tree.set_glyph(second, Some("!?".to_owned())));
    assert!(!tree.set_glyph(second, Some("!?".to_owned())));
    assert!(tree.set_nags(second, vec![13]));
    assert!(!tree.set_nags(second, vec![13]));
    assert!(tree.set_comments(second, vec!["a try".to_owned()]));
    assert!(!tree.set_comments(second, vec!["a try".to_owned()]));
    assert_eq!(tree.node(second).glyph(), Some("!?"));
    assert_eq!(tree.node(second).text(), "e6-e5");
    assert!(
        whole(&tree).starts_with("1. a1-c2@b3 e6-e5!? $13 {a try} 2. e1-f3@b3"),
        "{}",
        whole(&tree)
    );
    assert!(tree.set_glyph(second, None));
    assert!(whole(&tree).starts_with("1. a1-c2@b3 e6-e5 $13"));
}

#[test]
fn a_lotus_move_in_the_middle_of_a_turn_varies_the_whole_turn() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/lotus/valid/variations-first-and-last-turns.kifu"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let mut tree = heard(&text);
    assert!(whole(&tree).starts_with("1. r0 v0 v0 (1. r0 r0 v0) 2. v5 o0 r0"));
    let second = main_at(&tree, 2);
    let other = (tree.position(second).legal_moves().into_iter())
        .find(|m| m != "v0")
        .unwrap_or_else(|| panic!("no other move"));
    let (played, new) = tree
        .play(second, &other)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(new);
    assert_eq!(tree.moves_to(played), ["r0", "v0", other.as_str()]);
    let head = tree.variation_of(played).unwrap_or(played);
    assert_eq!(tree.node(main_at(&tree, 1)).rivals()[1], head);
    assert!(
        whole(&tree).starts_with(&format!(
            "1. r0 v0 v0 (1. r0 r0 v0) (1. r0 v0 {other}) 2. v5"
        )),
        "{}",
        whole(&tree)
    );
    // Played again, the same move is reused.
    assert_eq!(
        tree.play(tree.node(played).parent().unwrap_or(NodeId::START), &other)
            .ok(),
        Some((played, false))
    );
    // As `kifu play` plays it after `:undo`: the new turn is the main line.
    let mut replaced = heard(&text);
    let end = replaced.replace(main_at(&replaced, 2), std::slice::from_ref(&other));
    assert_eq!(
        end.map(|end| replaced.moves_to(end)).ok(),
        Some(vec!["r0".to_owned(), "v0".to_owned(), other.clone()])
    );
    assert!(
        whole(&replaced).starts_with(&format!("1. r0 v0 {other} (1. r0 v0 v0 2. v5")),
        "{}",
        whole(&replaced)
    );
}

/// A move as written, for growing a tree without a record.
#[derive(Debug, Default)]
struct Written {
    text: &'static str,
    glyph: Option<&'static str>,
    nags: Vec<u8>,
    comments: Vec<&'static str>,
    comments_before: Vec<&'static str>,
    variations: Vec<Vec<Written>>,
}

impl RecordedMove for Written {
    fn text(&self) -> &str {
        self.text
    }

    fn glyph(&self) -> Option<&str> {
        self.glyph
    }

    fn nags(&self) -> &[u8] {
        &self.nags
    }

    fn comments(&self) -> &[&str] {
        &self.comments
    }

    fn comments_before(&self) -> &[&str] {
        &self.comments_before
    }

    fn variations(&self) -> &[Vec<Self>] {
        &self.variations
    }
}

fn written(text: &'static str) -> Written {
    Written {
        text,
        ..Written::default()
    }
}

/// The moves of [`MANA`], annotated, with `bad` as the inner variation's
/// last move.
fn mana_moves(bad: &'static str) -> Vec<Written> {
    let inner = vec![written("e1-e4"), written(bad)];
    let outer = vec![
        Written {
            comments_before: vec!["instead"],
            variations: vec![inner],
            ..written("e1-d3")
        },
        written("f6-f4"),
    ];
    vec![
        written("a1-c2@b3"),
        Written {
            glyph: Some("!"),
            nags: vec![1],
            comments: vec!["good"],
            ..written("e6-e5")
        },
        Written {
            variations: vec![outer],
            ..written("e1-f3@b3")
        },
        written("a6-a5"),
        written("z9-z9"),
    ]
}

#[test]
fn a_tree_grows_from_moves_as_written_up_to_the_first_that_does_not_play() {
    let start = start_of(&record(MANA));
    let everything = Growth {
        variations: true,
        annotations: true,
        flat: false,
    };
    let mut tree = GameTree::new(start.box_clone());
    assert!(tree.grow(NodeId::START, &mana_moves("a6-a5"), everything));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5! $1 {good} 2. e1-f3@b3 ({instead} 2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) 2... a6-a5"
    );
    let bare = Growth {
        variations: true,
        annotations: false,
        flat: false,
    };
    let mut tree = GameTree::new(start.box_clone());
    assert!(!tree.grow(NodeId::START, &mana_moves("z9-z9"), bare));
    assert_eq!(
        whole(&tree),
        "1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4) 2... f6-f4) 2... a6-a5"
    );
    let main = Growth {
        variations: false,
        annotations: false,
        flat: false,
    };
    let mut tree = GameTree::new(start.box_clone());
    assert!(tree.grow(NodeId::START, &mana_moves("z9-z9"), main));
    assert_eq!(whole(&tree), "1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5");
    // Flat, the inner variation is opened beside the one it was in.
    let flat = Growth {
        flat: true,
        ..everything
    };
    let mut tree = GameTree::new(start);
    assert!(tree.grow(NodeId::START, &mana_moves("a6-a5"), flat));
    assert!(
        whole(&tree).contains("2. e1-f3@b3 ({instead} 2. e1-d3 f6-f4) (2. e1-e4 a6-a5) 2... a6-a5"),
        "{}",
        whole(&tree)
    );
}
