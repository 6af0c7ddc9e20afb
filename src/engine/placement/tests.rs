//! The placement by search: every placement once, the last placer's
//! rounds, the book.

use super::*;
use crate::engine::MATE;
use crate::game::{GameKind, Placing};
use std::collections::HashSet;
use web_time::Instant;

/// Escampe's placing with nothing placed.
fn fresh() -> Box<dyn Placing> {
    GameKind::Escampe.placing(&[]).expect("escampe is placed")
}

/// Escampe's placing after Black's `words`.
fn after_black(words: &str) -> Box<dyn Placing> {
    let mut placing = fresh();
    let words: Vec<String> = words.split(' ').map(str::to_owned).collect();
    placing.place(&words).expect("a legal placement");
    placing
}

/// The start once White places `words` in `placing`.
fn started(placing: &dyn Placing, words: &[String]) -> Box<dyn crate::game::AnyGame> {
    let mut placed = placing.box_clone();
    placed.place(words).expect("a legal placement");
    placed.start().expect("all placed").expect("a start")
}

#[test]
fn every_placement_is_listed_once() {
    let black = every(fresh().as_ref());
    let white = every(after_black("b6 a6 c6 d6 e6 f6").as_ref());
    assert_eq!((black.len(), white.len()), (11_088, 5_544));
    for (placing, all) in [
        (fresh(), &black),
        (after_black("b6 a6 c6 d6 e6 f6"), &white),
    ] {
        let mut seen = HashSet::new();
        for words in all.iter() {
            let mut placed = placing.box_clone();
            placed.place(words).expect("every one legal");
            assert!(seen.insert(placed.tag()), "{words:?} twice");
        }
    }
}

#[test]
fn the_last_placer_takes_a_win_its_first_move_forces() {
    // Black's Unicorn on b5: a Paladin on b2 (three lines) takes it at
    // White's first move, which any placement with one there wins.
    let placing = after_black("b5 a6 c6 d6 e6 f6");
    let mut searcher = Searcher::new(16);
    let mut judge = searcher.judge(None);
    let words = choose(placing.as_ref(), &mut judge, 3, None, 7);
    let start = started(placing.as_ref(), &words);
    let judged = judge.judge(start.as_ref(), 1).expect("searched");
    assert_eq!(judged.score, MATE - 1, "{words:?}");
}

#[test]
fn the_rounds_rank_every_placement_and_keep_the_best_first() {
    let placing = after_black("b6 a6 c6 d5 e6 f5");
    let mut searcher = Searcher::new(16);
    let mut judge = searcher.judge(None);
    // One round: every placement, ranked by a one-ply search.
    let one = Rounds { depth: 1, keep: 1 };
    let all = ranked(
        placing.as_ref(),
        every(placing.as_ref()),
        &mut judge,
        one,
        1,
    );
    assert_eq!(all.len(), 5_544);
    assert!(all.windows(2).all(|w| w[0].score >= w[1].score));
    // Deeper rounds keep the best quarter each time, down to a handful.
    let deep = Rounds { depth: 5, keep: 4 };
    let kept = ranked(
        placing.as_ref(),
        every(placing.as_ref()),
        &mut judge,
        deep,
        1,
    );
    assert!((4..=1_386).contains(&kept.len()), "{}", kept.len());
    assert!(kept.windows(2).all(|w| w[0].score >= w[1].score));
    // Each survived the first round among its best quarter.
    let first: HashSet<&Vec<String>> = all.iter().take(1_386).map(|w| &w.words).collect();
    assert!(kept.iter().all(|w| first.contains(&w.words)));
}

#[test]
fn a_placement_is_given_when_time_is_already_up() {
    for placing in [fresh(), after_black("b6 a6 c6 d5 e6 f5")] {
        let mut searcher = Searcher::new(10);
        let mut judge = searcher.judge(Some(Instant::now()));
        let words = choose(placing.as_ref(), &mut judge, 9, None, 3);
        assert_eq!(words.len(), 6);
        assert!(placing.box_clone().place(&words).is_ok(), "{words:?}");
    }
}

#[test]
fn the_shipped_book_holds_distinct_placements_of_black_best_first() {
    let book = Book::shipped(GameKind::Escampe).expect("escampe's book");
    assert!(book.entries.len() >= 8, "{}", book.entries.len());
    let mut seen = HashSet::new();
    for entry in &book.entries {
        let mut placing = fresh();
        placing
            .place(&entry.words)
            .expect("a legal placement of Black's");
        assert!(seen.insert(placing.tag()), "{:?} twice", entry.words);
    }
    let keys: Vec<_> = book.entries.iter().map(|e| (e.result, e.score)).collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
    assert!(Book::shipped(GameKind::Mana).is_none());
}

#[test]
fn the_book_draws_among_its_best_and_only_for_the_first_placement() {
    let book = Book::read(
        "# a comment\n\
         won 30 b6 a6 c6 d5 e6 f5\n\
         won -10 a6 b6 c6 d6 e6 f6\n\
         won -90 c6 a6 b6 d6 e6 f6\n\
         lost 500 d6 a6 b6 c6 e6 f6\n",
    )
    .expect("a book");
    assert_eq!(book.entries.len(), 4);
    let mut drawn = HashSet::new();
    for seed in 0..40 {
        let words = book
            .pick(fresh().as_ref(), &mut Rng::new(seed))
            .expect("an entry");
        drawn.insert(words.join(" "));
    }
    let expected: HashSet<String> = ["b6 a6 c6 d5 e6 f5", "a6 b6 c6 d6 e6 f6"]
        .map(str::to_owned)
        .into();
    assert_eq!(drawn, expected);
    // White places after Black: the book has nothing for it.
    let white = after_black("b6 a6 c6 d5 e6 f5");
    assert_eq!(book.pick(white.as_ref(), &mut Rng::new(0)), None);
    // Written back, it reads the same.
    assert_eq!(Book::read(&book.to_string()), Ok(book));
}

#[test]
fn a_book_line_that_is_no_placement_is_refused_with_its_number() {
    let refused = |text: &str| Book::read(text).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(
        refused("won 1 a6 b6 c6 d6 e6 f6\nmaybe 3 a6\n"),
        Err("line 2: a placement starts with won, lost or unfinished".to_owned())
    );
    assert_eq!(
        refused("lost x a6"),
        Err("line 1: the result is followed by a score, a whole number".to_owned())
    );
    assert_eq!(
        refused("\n\nunfinished 0"),
        Err("line 3: the score is followed by the placement's squares".to_owned())
    );
}
