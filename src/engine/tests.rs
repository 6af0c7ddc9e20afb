//! The search on positions of seeded random games of every game: the
//! wins it finds are forced (checked by trying every reply), found at
//! the depth they need and not before, and every move it plays is one
//! the referee accepts.

use super::{Evaluation, EvaluationVisitor, visit};
use super::{Level, Limits, MATE, MATE_BOUND, SearchPlayer, Style, Table, think};
use crate::game::{AnyGame, Game, GameKind, Tags};
use crate::games::{escampe::Escampe, mana::Mana, shogun::Shogun};
use crate::kep::{GoLimits, Player};
use crate::play::check_turn;
use crate::random::Rng;
use crate::record::Tag;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A start of `kind` with random tags from `rng`.
fn start(kind: GameKind, rng: &mut Rng) -> Box<dyn AnyGame> {
    let tags: Vec<Tag> = (kind.random_tags(rng).into_iter())
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    kind.start(Tags::new(&tags))
        .expect("random tags start a game")
}

/// The positions of `games` random games of `kind` from `seed`, every
/// ply of each, unfinished.
fn positions(kind: GameKind, seed: u64, games: usize) -> Vec<Box<dyn AnyGame>> {
    let mut rng = Rng::new(seed);
    let mut all = Vec::new();
    for _ in 0..games {
        let mut game = start(kind, &mut rng);
        while !game.is_over() && all.len() < 100_000 {
            all.push(game.box_clone());
            let moves = game.legal_moves();
            let Some(mv) = moves.get(rng.below(moves.len())) else {
                break;
            };
            game.play(mv).expect("a legal move");
        }
    }
    all
}

/// The limits of a search to `depth`, with no clock.
fn to_depth(depth: u32) -> Limits {
    Limits {
        depth,
        deadline: None,
        nodes: None,
        quiescence: true,
        mistakes: None,
        soft: None,
    }
}

/// The best move of `position` at `depth` and its score.
fn search<G: Evaluation>(position: &G, depth: u32) -> (G::Move, i32) {
    let mut score = 0;
    let stop = AtomicBool::new(false);
    let mut table = Table::new(16);
    let best = think(
        position,
        to_depth(depth),
        &[],
        &[],
        &stop,
        &mut table,
        |p| score = p.score,
    );
    (best.expect("a running game has a move"), score)
}

/// Whether the side to move in `position` wins by force within `plies`
/// plies, every reply of the other side tried.
fn wins_within<G: Game>(position: &G, plies: i32) -> bool {
    let mover = position.turn().mover.to_owned();
    plies > 0
        && position.legal_moves().iter().any(|mv| {
            let mut next = position.clone();
            next.apply(mv);
            match next.outcome().and_then(|o| o.winner) {
                Some(winner) => winner == mover,
                None if next.is_over() => false,
                None => {
                    plies >= 3
                        && next.legal_moves().iter().all(|reply| {
                            let mut after = next.clone();
                            after.apply(reply);
                            !after.is_over() && wins_within(&after, plies - 2)
                        })
                }
            }
        })
}

/// Checks, on random positions of `G`, every win in 1, 3 and 5 plies the
/// search announces: found at that depth, not one ply-pair shallower,
/// and forced. Gives how many of each it found.
struct ForcedWins;

impl EvaluationVisitor for ForcedWins {
    type Output = [usize; 3];

    fn visit<G: Evaluation>(self) -> [usize; 3] {
        let mut found = [0; 3];
        for position in positions(G::KIND, 7, 40).iter().step_by(3) {
            let position = position.own::<G>().expect("its own type");
            for (n, plies) in [1, 3, 5].into_iter().enumerate() {
                if found[n] >= 3 {
                    continue;
                }
                let (best, score) = search(position, plies as u32);
                if score != MATE - plies {
                    continue;
                }
                let mut after = position.clone();
                after.apply(&best);
                assert!(
                    plies > 1 || after.is_over(),
                    "{best} wins at once in {position:?}"
                );
                assert!(
                    wins_within(position, plies),
                    "{best}: no forced win in {plies} plies"
                );
                assert!(
                    !wins_within(position, plies - 2),
                    "a win in {plies} plies where a shorter one stands"
                );
                found[n] += 1;
                break;
            }
        }
        found
    }
}

#[test]
fn the_wins_the_search_finds_are_forced_and_found_at_their_depth() {
    for kind in [GameKind::Mana, GameKind::Escampe, GameKind::Shogun] {
        let found = visit(kind, ForcedWins);
        assert_eq!(found, [3, 3, 3], "{kind:?}: wins in 1, 3, 5 plies found");
    }
}

#[test]
fn a_win_in_one_is_played_whatever_the_depth() {
    let mut checked = 0;
    for position in positions(GameKind::Mana, 11, 20) {
        let mana = position.own::<Mana>().expect("mana");
        if !wins_within(mana, 1) {
            continue;
        }
        for depth in [1, 2, 4] {
            let (best, score) = search(mana, depth);
            let mut after = mana.clone();
            after.apply(&best);
            assert!(
                Game::is_over(&after),
                "depth {depth}: {best} does not win at once"
            );
            assert_eq!(score, MATE - 1);
        }
        checked += 1;
    }
    assert!(checked >= 5, "{checked} positions with a win in one");
}

/// The engine's answer to `go` in 2,500 random positions of each game
/// (10,000 in all) is a move, or a lotus turn, that the referee accepts.
#[test]
fn the_engine_never_plays_an_illegal_move() {
    let stop = Arc::new(AtomicBool::new(false));
    let mut player = SearchPlayer::new(Style::search(Some(2), None), stop);
    let limits = GoLimits {
        movetime: Some(12),
        ..GoLimits::default()
    };
    for kind in GameKind::ALL {
        let all = positions(*kind, 3, 400);
        let step = (all.len() / 2500).max(1);
        let chosen: Vec<_> = all.iter().step_by(step).take(2500).collect();
        assert_eq!(chosen.len(), 2500, "{kind:?}");
        for position in chosen {
            let moves = player.turn(position.as_ref(), &limits, &mut |_| {});
            let turn = check_turn(position.as_ref(), &moves);
            assert!(turn.is_ok(), "{kind:?}: {moves:?}: {turn:?}");
        }
    }
}

#[test]
fn a_stopped_search_answers_at_once_with_a_legal_move() {
    let mut rng = Rng::new(5);
    let game = start(GameKind::Shogun, &mut rng);
    let shogun = game.own::<Shogun>().expect("shogun");
    // Depth 64 would not end in a lifetime: that it ends at all is `stop`.
    let stop = AtomicBool::new(true);
    let best = think(
        shogun,
        to_depth(64),
        &[],
        &[],
        &stop,
        &mut Table::new(16),
        |_| {},
    );
    let best = best.expect("a move");
    assert!(shogun.check(&best).is_ok());
    let escampe = start(GameKind::Escampe, &mut rng);
    let escampe = escampe.own::<Escampe>().expect("escampe");
    assert!(escampe.check(&search(escampe, 3).0).is_ok());
}

#[test]
fn no_weight_makes_an_evaluation_pass_for_a_win() {
    // Closeness at 100,000 a step would score a lead of ten steps past
    // the scores of wins, were evaluations not kept below them: a ply
    // deep, a win is found with those weights where, and only where, it
    // is found with the defaults.
    let stop = AtomicBool::new(false);
    let score = |shogun: &Shogun, weights: &[i32]| {
        let mut last = None;
        let mut table = Table::new(16);
        think(shogun, to_depth(1), &[], weights, &stop, &mut table, |p| {
            last = Some(p.score);
        });
        last.expect("a score")
    };
    let mut wins = 0;
    for position in positions(GameKind::Shogun, 3, 20).iter().step_by(7) {
        let shogun = position.own::<Shogun>().expect("shogun");
        let heavy = score(shogun, &[100_000, -100_000]);
        let default = score(shogun, &[]);
        assert_eq!(
            heavy.abs() > MATE_BOUND,
            default.abs() > MATE_BOUND,
            "{heavy} {default}"
        );
        wins += usize::from(default > MATE_BOUND);
    }
    assert!(wins > 0);
}

/// The player at `level`, its mistakes drawn from `seed`.
fn at_level(level: u8, seed: u64) -> SearchPlayer {
    let stop = Arc::new(AtomicBool::new(false));
    SearchPlayer::new(Style::search(None, None), stop).at_level(Level::new(level), seed)
}

/// Every level, in 30 random positions of each game, plays a move (a
/// lotus turn) the referee accepts; the lowest level, asked twenty times
/// with twenty seeds in one position, plays more than one move, and
/// never passes up a win in one that it sees.
#[test]
fn every_level_plays_legal_moves_and_the_lowest_errs_but_takes_a_win_in_one() {
    let limits = GoLimits {
        movetime: Some(20),
        ..GoLimits::default()
    };
    for &kind in GameKind::ALL {
        let all = positions(kind, 11, 30);
        for level in crate::engine::LEVELS {
            let mut player = at_level(level, u64::from(level));
            for position in all.iter().step_by((all.len() / 30).max(1)).take(30) {
                let moves = player.turn(position.as_ref(), &limits, &mut |_| {});
                let turn = check_turn(position.as_ref(), &moves);
                assert!(turn.is_ok(), "{kind:?} level {level}: {moves:?}: {turn:?}");
            }
        }
    }
    let (mut varied, mut wins) = (0, 0);
    for position in positions(GameKind::Mana, 5, 20).iter().step_by(7) {
        let mut played = std::collections::BTreeSet::new();
        let winning: Vec<String> = (position.legal_moves().into_iter())
            .filter(|mv| {
                let mut after = position.box_clone();
                after.play(mv).is_ok() && after.outcome().and_then(|o| o.winner).is_some()
            })
            .collect();
        for seed in 0..20 {
            let moves = at_level(1, seed).turn(position.as_ref(), &limits, &mut |_| {});
            if !winning.is_empty() {
                assert!(
                    winning.contains(&moves[0]),
                    "{moves:?} passes up {winning:?}"
                );
            }
            played.insert(moves);
        }
        varied += usize::from(played.len() > 1);
        wins += usize::from(!winning.is_empty());
    }
    assert!(
        varied >= 10,
        "level 1 varied its move in {varied} positions"
    );
    assert!(wins >= 1, "{wins} positions with a win in one");
}

#[test]
fn searchmoves_chooses_among_the_moves_given_and_scores_even_one() {
    let stop = AtomicBool::new(false);
    let mut asked = 0;
    for position in positions(GameKind::Shogun, 11, 4).iter().step_by(5) {
        let shogun = position.own::<Shogun>().expect("shogun");
        let moves = Game::legal_moves(shogun);
        let (best, _) = search(shogun, 2);
        let Some(other) = moves.iter().find(|&mv| *mv != best) else {
            continue;
        };
        let mut score = None;
        let mut table = Table::new(16);
        let only = [*other];
        let chosen = think(shogun, to_depth(2), &only, &[], &stop, &mut table, |p| {
            score = Some(p.score)
        });
        assert_eq!(chosen.as_ref(), Some(other));
        assert!(score.is_some(), "{other} not scored");
        // A move that is not legal there leaves every move to choose.
        let none: Vec<_> = (positions(GameKind::Shogun, 12, 1).iter())
            .filter_map(|p| p.own::<Shogun>().and_then(|s| Game::legal_moves(s).pop()))
            .filter(|mv| !moves.contains(mv))
            .take(1)
            .collect();
        let mut table = Table::new(16);
        let chosen = think(shogun, to_depth(2), &none, &[], &stop, &mut table, |_| {});
        assert!(chosen.is_some_and(|mv| moves.contains(&mv)));
        asked += 1;
    }
    assert!(asked >= 3, "{asked} positions asked");
}

/// Without a level, Black's placement comes from the book, drawn by the
/// player's seed; at a level, it is the placement the levels were rated
/// with, the same whatever the seed (it follows the placement so far).
#[test]
fn full_strength_places_from_the_book_and_a_level_as_it_was_rated() {
    let placing = GameKind::Escampe.placing(&[]).expect("escampe is placed");
    let book = super::placement::Book::shipped(GameKind::Escampe).expect("its book");
    let booked: Vec<&Vec<String>> = book.entries.iter().map(|e| &e.words).collect();
    // Time enough for a level to weigh all its samples however loaded the
    // machine: the placement then depends on the seed alone.
    let limits = GoLimits {
        movetime: Some(10_000),
        ..GoLimits::default()
    };
    let mut leveled = Vec::new();
    for seed in 0..4 {
        let stop = Arc::new(AtomicBool::new(false));
        let mut full = SearchPlayer::new(Style::search(None, None), stop).at_level(None, seed);
        let words = full.place(placing.as_ref(), &limits, &mut |_| {});
        assert!(booked.contains(&&words), "{words:?}");
        let words = at_level(4, seed).place(placing.as_ref(), &limits, &mut |_| {});
        assert!(placing.box_clone().place(&words).is_ok(), "{words:?}");
        leveled.push(words);
    }
    assert!(leveled.windows(2).all(|w| w[0] == w[1]), "{leveled:?}");
}

#[test]
fn escampe_searches_a_forced_reply_a_ply_further() {
    // Searched 3 plies deep, Escampe finds wins longer than 3 plies along
    // lines of forced replies (one legal move, or a pass), each a win
    // that every reply was tried against.
    let mut longer = Vec::new();
    for position in positions(GameKind::Escampe, 7, 40).iter().step_by(2) {
        let escampe = position.own::<Escampe>().expect("escampe");
        let (_, score) = search(escampe, 3);
        let plies = MATE - score;
        if score > MATE_BOUND && plies > 3 {
            assert!(wins_within(escampe, plies), "no forced win in {plies}");
            longer.push(plies);
        }
    }
    assert!(longer.len() >= 3, "wins beyond depth 3: {longer:?}");
}
