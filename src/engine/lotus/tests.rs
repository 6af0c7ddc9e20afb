//! The Monte Carlo search of lotus: its turns are legal, it repeats
//! itself with a node limit, and it takes a turn that wins at once.

use super::best_turn;
use crate::engine::Limits;
use crate::game::{AnyGame, GameKind, Tags};
use crate::kep::Score;
use crate::play::check_turn;
use crate::random::Rng;
use crate::record::Tag;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

/// A lotus start from `tags`.
fn start(tags: Vec<(String, String)>) -> Box<dyn AnyGame> {
    let tags: Vec<Tag> = (tags.into_iter())
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    GameKind::Lotus
        .start(Tags::new(&tags))
        .expect("the tags start a game")
}

/// Every `step`th position of `games` random lotus games from `seed`,
/// mid-turn ones too, unfinished.
fn positions(seed: u64, games: usize, step: usize) -> Vec<Box<dyn AnyGame>> {
    let mut rng = Rng::new(seed);
    let mut all = Vec::new();
    for _ in 0..games {
        let mut game = start(GameKind::Lotus.random_tags(&mut rng));
        let mut ply = 0;
        while !game.is_over() {
            if ply % step == 0 {
                all.push(game.box_clone());
            }
            let moves = game.legal_moves();
            game.play(&moves[rng.below(moves.len())]).expect("legal");
            ply += 1;
        }
    }
    all
}

/// A Monte Carlo search of `nodes` playouts, or of the time to
/// `deadline`.
fn limits(nodes: Option<u64>, deadline: Option<Instant>) -> Limits {
    Limits {
        depth: 64,
        deadline,
        nodes,
        quiescence: false,
        mistakes: None,
        soft: None,
    }
}

#[test]
fn with_a_node_limit_the_search_repeats_itself() {
    let mut weighed = 0;
    for position in positions(17, 3, 7) {
        let mut told = Vec::new();
        let first = best_turn(
            position.as_ref(),
            limits(Some(60), None),
            &[],
            &AtomicBool::new(false),
            &mut |info| {
                told.push(info);
            },
        );
        let second = best_turn(
            position.as_ref(),
            limits(Some(60), None),
            &[],
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert_eq!(first, second);
        assert!(check_turn(position.as_ref(), &first).is_ok(), "{first:?}");
        // One line tells the playouts, the chosen turn's mean, the turn.
        if let [info] = told.as_slice() {
            assert_eq!((info.nodes, &info.pv), (Some(60), &first), "{info:?}");
            assert!(matches!(info.score, Some(Score::Cp(_))), "{info:?}");
            weighed += 1;
        } else {
            // Only a position with one turn to play is not weighed.
            assert!(told.is_empty(), "{told:?}");
        }
    }
    assert!(weighed > 0, "no position was weighed");
}

#[test]
fn every_turn_it_plays_is_legal() {
    let mut checked = 0;
    for position in positions(29, 12, 2) {
        let soon = Instant::now() + Duration::from_millis(4);
        for nodes in [Some(30), None] {
            let turn = best_turn(
                position.as_ref(),
                limits(nodes, Some(soon)),
                &[],
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let checked_turn = check_turn(position.as_ref(), &turn);
            assert!(checked_turn.is_ok(), "{turn:?}: {checked_turn:?}");
        }
        checked += 1;
    }
    assert!(checked >= 100, "{checked} positions");
}

#[test]
fn it_takes_the_blue_flower_when_that_wins() {
    // Red leads 6 to 1 and 1; its pawn on 39 moved second or third enters
    // the arrival's last place and ends the game.
    let tags = [
        ("Players", "red green orange"),
        (
            "Position",
            "r:A1,39,10:WWW g:A2,12,14:P o:A3,16,20:Y 2W,5Y,38K ---B r 20 1",
        ),
    ];
    let game = start(tags.map(|(n, v)| (n.to_owned(), v.to_owned())).to_vec());
    for nodes in [Some(1), Some(200)] {
        let turn = best_turn(
            game.as_ref(),
            limits(nodes, None),
            &[],
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let mut after = game.box_clone();
        for ply in &turn {
            after.play(ply).expect("a legal ply");
        }
        assert!(after.is_over(), "{turn:?} does not end the game");
        let scores = after.scores().expect("scores");
        let red = scores.iter().find(|s| s.player == "red").expect("red");
        assert_eq!((red.place, red.score), (1, 10), "{turn:?}");
    }
}

#[test]
fn a_turn_asked_for_is_played_and_scored_below_the_winning_one() {
    // As it_takes_the_blue_flower_when_that_wins: red's first listed pawn
    // moves make a turn that does not win, which `searchmoves` weighs.
    let tags = [
        ("Players", "red green orange"),
        (
            "Position",
            "r:A1,39,10:WWW g:A2,12,14:P o:A3,16,20:Y 2W,5Y,38K ---B r 20 1",
        ),
    ];
    let game = start(tags.map(|(n, v)| (n.to_owned(), v.to_owned())).to_vec());
    let scored = |only: &[String]| {
        let mut score = None;
        let turn = best_turn(
            game.as_ref(),
            limits(Some(300), None),
            only,
            &AtomicBool::new(false),
            &mut |info| score = info.score,
        );
        (turn, score)
    };
    let (best, won) = scored(&[]);
    let mut other = game.box_clone();
    let mut asked = Vec::new();
    while asked.is_empty() || other.check_turn_ends().is_err() {
        let ply = other.legal_moves().remove(0);
        other.play(&ply).expect("a legal ply");
        asked.push(ply);
    }
    assert!(!other.is_over() && asked != best, "{asked:?}");
    let (turn, score) = scored(&asked);
    assert_eq!(turn, asked);
    let (Some(Score::Cp(won)), Some(Score::Cp(score))) = (won, score) else {
        panic!("{won:?} {score:?}");
    };
    // The win: red's 10 points lead the best other's 1 by 9, and a first
    // place is worth 10 more.
    assert_eq!(won, 1900);
    assert!(score < won, "{score} against {won}");
    // A turn that is not one (too short, or illegal) is not asked: the
    // search chooses among all.
    assert_eq!(scored(&asked[..1]).0, best);
    assert_eq!(scored(&["r38".to_owned()]).0, best);
}

#[test]
fn a_stopped_search_answers_at_once_with_a_legal_turn() {
    // No deadline and no node limit: that it ends at all is `stop`.
    let stop = AtomicBool::new(true);
    for position in positions(41, 2, 3) {
        let turn = best_turn(
            position.as_ref(),
            limits(None, None),
            &[],
            &stop,
            &mut |_| {},
        );
        assert!(check_turn(position.as_ref(), &turn).is_ok(), "{turn:?}");
    }
}

/// A playout's end is worth its final lead over the best other player,
/// and ten points shared among the duels of places: all of them ahead of
/// everyone, half for each of two others beaten, half a half for a tie.
#[test]
fn a_playout_is_worth_its_lead_and_its_places() {
    use super::playout::reward;
    let scores = |all: &[(&str, i32)]| {
        let all: Vec<_> = all.iter().map(|&(p, s)| (p.into(), s)).collect();
        crate::game::rank(&all)
    };
    let race = scores(&[("red", 10), ("green", 8), ("orange", 12)]);
    assert_eq!(reward(&race, "red"), -2.0 + 5.0);
    assert_eq!(reward(&race, "orange"), 2.0 + 10.0);
    assert_eq!(reward(&race, "green"), -4.0);
    let tied = scores(&[("red", 9), ("green", 9), ("orange", 3), ("blue", 1)]);
    assert_eq!(reward(&tied, "red"), 0.0 + 10.0 * 5.0 / 6.0);
}

/// A playout's greedy ply is one that gains its mover most at once,
/// drawn at random among those that gain as much.
#[test]
fn a_greedy_ply_gains_most_and_ties_are_drawn() {
    use super::playout::greediest;
    use crate::engine::Evaluation;
    use crate::game::Game;
    use crate::games::lotus::Lotus;
    let mut rng = Rng::new(3);
    let (mut gaining, mut drawn) = (0, 0);
    for position in positions(41, 6, 1) {
        let Some(lotus) = position.own::<Lotus>() else {
            panic!("a lotus position");
        };
        let moves = Game::legal_moves(lotus);
        let gains: Vec<i32> = moves.iter().map(|mv| lotus.gain(mv)).collect();
        let most = gains
            .iter()
            .copied()
            .max()
            .expect("a running game has moves");
        let chosen: std::collections::HashSet<usize> = (0..12)
            .map(|_| greediest(lotus, &moves, &mut rng))
            .collect();
        assert!(
            chosen.iter().all(|&at| gains[at] == most),
            "{gains:?} {chosen:?}"
        );
        gaining += usize::from(most > 0);
        let tied = gains.iter().filter(|&&g| g == most).count();
        drawn += usize::from(tied > 1 && chosen.len() > 1);
    }
    assert!(
        gaining > 100 && drawn > 100,
        "{gaining} gaining, {drawn} drawn"
    );
}
