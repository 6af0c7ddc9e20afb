//! The `Position` tag: written, read and checked.

use super::*;
use crate::game::{Game, SetupError};
use crate::games::lotus::{LotusSetup, random_flowers};
use crate::random::Rng;

const THREE: &str = "red green orange";

/// The start of `players` on `course` (default when `None`), or the
/// position `position` states there.
fn game(players: &str, course: Option<&str>, position: Option<&str>) -> Result<Lotus, SetupError> {
    Lotus::from_setup(LotusSetup {
        players: Some(players.into()),
        course: course.map(Into::into),
        position: position.map(Into::into),
        flowers: None,
    })
}

/// Every reason a position of three players on the default course is
/// refused for, `code: message`.
fn reasons(position: &str) -> Vec<String> {
    match game(THREE, None, Some(position)) {
        Ok(_) => Vec::new(),
        Err(error) => error
            .reasons()
            .map(|r| format!("{}: {}", r.code, r.message))
            .collect(),
    }
}

/// The start of a three-player game on the default course, as a value.
const START: &str = "r:0,0,0:- g:0,0,0:- o:0,0,0:- 2W,5Y,10P,13W,15Y,18P,21W,23Y,26P,29W,31Y,34P,38K PWYB r 1 1";

/// A long course (65 squares, past the bit sets) with every kind.
fn long_course() -> String {
    "L.F.S".repeat(13)
}

#[test]
fn writes_the_start_of_a_game() {
    let start = game(THREE, None, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value(&start), START);
    assert_eq!(game(THREE, None, Some(START)), Ok(start));
}

#[test]
fn every_position_of_random_games_reads_back_as_itself() {
    let long = long_course();
    let courses = [None, Some("LLFLLSLLFLLSLLFLLLS"), Some(long.as_str())];
    let all_players = ["a b c", "a b c d", "a b c d e", "a b c d e f"];
    let mut finished = 0;
    for seed in 0..36u64 {
        let mut rng = Rng::new(seed);
        let players = all_players[seed as usize % 4];
        let course = courses[seed as usize / 4 % 3];
        let mut played = Lotus::from_setup(LotusSetup {
            players: Some(players.into()),
            flowers: Some(random_flowers(&mut rng).into()),
            course: course.map(Into::into),
            position: None,
        })
        .unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..600 {
            let written = value(&played);
            let read = game(players, course, Some(&written));
            assert_eq!(read.as_ref(), Ok(&played), "seed {seed}: {written}");
            if played.is_over() {
                finished += 1;
                break;
            }
            let moves = played.legal_moves();
            played.apply(&moves[rng.below(moves.len())]);
        }
    }
    assert_eq!(finished, 36, "every game ends");
}

#[test]
fn a_fresh_record_of_a_start_names_its_flowers_and_of_any_other_position_the_position() {
    let mut played = game(THREE, None, None).unwrap_or_else(|e| panic!("{e}"));
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        played.setup_tags(),
        [pair("Players", THREE), pair("Flowers", "PWY/WYPWYPWYPWYP")]
    );
    let from_position = game(THREE, None, Some(START)).map(|g| g.setup_tags());
    assert_eq!(from_position, Ok(played.setup_tags()));
    let first = played.legal_moves()[0];
    played.apply(&first);
    assert_eq!(
        played.setup_tags(),
        [pair("Players", THREE), pair("Position", &value(&played))]
    );
    // Turn 1 not begun, but on a later turn number: a position too.
    let later = START.replace(" r 1 1", " r 4 1");
    let tags = game(THREE, None, Some(&later)).map(|g| g.setup_tags());
    assert_eq!(tags, Ok(vec![pair("Players", THREE), pair("Position", &later)]));
}

#[test]
fn a_position_in_the_middle_of_a_turn_carries_on_with_its_rules() {
    // Red moved two of his own pawns: the third must be another player's.
    let owing = "r:3*,5*,0:- g:0,0,0:- o:0,0,0:- - PWYB r 7 3";
    let position = game(THREE, None, Some(owing)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        position.constraint().as_deref(),
        Some(
            "red's turn: third pawn move, 3 squares (5 for a last pawn); the first two were your own pawns, so this one must be another player's"
        )
    );
    let movers: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(movers, ["g0", "o0"]);
    assert_eq!(position.turn().number, 7);
    assert!(!position.turn().opens);
    // Orange to move on turn 1: the players after orange follow in turn order.
    let orange = "r:0,0,0:- g:0,0,0:- o:0,0,0:- - PWYB o 1 1";
    let position = game(THREE, None, Some(orange)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!([1, 2, 3].map(|n| position.mover_of(n)), ["orange", "red", "green"]);
}

#[test]
fn a_finished_game_stays_finished() {
    let over = "r:A1,A4*,9:PB g:A2,30,31:W o:A3,10,11:Y - ---- g 12 2";
    let position = game(THREE, None, Some(over)).unwrap_or_else(|e| panic!("{e}"));
    assert!(position.is_over());
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.outcome().map(|o| o.tag_value.to_string()).as_deref(),
        Some("r:5 g:1 o:1")
    );
    assert_eq!(value(&position), over);
}

#[test]
fn every_reason_a_position_breaks_the_rules_is_told() {
    let position = "r:3,3,A2*:WWWWWW g:0*,0,0:K o:5,7,9:- 3W,10P,9Y P-BW g 3 2";
    assert_eq!(
        reasons(position),
        [
            "lotus.position-shared-square: square 3 holds 2 pawns, red's and red's: only the start holds more than one",
            "lotus.position-arrival: the pawns in the arrival hold places 2: the places are taken in order, from place 1",
            "lotus.position-arrival: \"P-BW\": place 4 holds the blue flower (B) until a pawn takes it",
            "lotus.position-arrival: \"P-BW\": places 1 to 3 hold a pink, a white and a yellow flower (P, W, Y), one of each, until they are taken",
            "lotus.position-flower-count: 8 white flowers in the bouquets, on the course and in the arrival: the game has 5",
            "lotus.position-course-flower: square 3 holds red's pawn and a flower (W): a pawn takes the flower of the square it lands on",
            "lotus.position-course-flower: square 9 holds orange's pawn and a flower (Y): a pawn takes the flower of the square it lands on",
            "lotus.position-moved: green's pawn on the start is marked *: a pawn that moved in this turn has left the start",
            "lotus.position-moved: pawn move 2 of the turn is next, so 1 pawn has moved in it (marked *), not 2",
        ]
    );
}

#[test]
fn every_part_that_cannot_be_read_is_told() {
    let position = "g:0,0,0:- g:0,x,0:- o:0,0:WQ 8W,41P,0Y,13W,13Y,x P-Y x 0 4";
    assert_eq!(
        reasons(position),
        [
            "lotus.position-player: \"g:0,0,0:-\": the players' words come in the order of Players, and word 1 is red's: r:, the pawns, :, the flowers, like \"r:0,0,0:-\"",
            "lotus.position-pawn: \"x\": green's pawn stands on a square from 0 (the start) to 40, or on an arrival place A1 to A4, with * when it moved in this turn",
            "lotus.position-pawn-count: \"0,0\": orange has 3 pawns, not 2, with 3 players",
            "lotus.position-hand: \"WQ\": orange's flowers are letters W, Y, P, B and K, like WWK, or - for none",
            "lotus.position-course-flower: \"8W\": square 8 is a stone square, and flowers lie only on plain and lily squares",
            "lotus.position-course-flower: \"41P\": the course has squares 1 to 40",
            "lotus.position-course-flower: \"0Y\": the course has squares 1 to 40",
            "lotus.position-course-flower: \"13Y\": square 13 holds one flower at most",
            "lotus.position-course-flower: \"x\": a flower on the course is its square and its letter (W, Y, P, B or K), like 13Y, or - for none",
            "lotus.position-arrival: \"P-Y\": the arrival is its four places, each the flower lying there or - once taken, like -WPB",
            "lotus.position-mover: \"x\": the player to move is one of r, g, o, by initial",
            "lotus.position-turn: \"0\": the turn number is a number from 1 to 999999",
            "lotus.position-turn: \"4\": the pawn move next in the turn is 1, 2 or 3 (a turn is three pawn moves)",
        ]
    );
    assert_eq!(
        reasons("r:0,0,0:- - PWYB r 1 1"),
        ["lotus.position-words: \"r:0,0,0:- - PWYB r 1 1\": expected 8 words: one per player (initial:pawns:flowers), then the flowers on the course, the arrival, the player to move, the turn number and its pawn move (1 to 3)"]
    );
}

#[test]
fn the_arrival_agrees_with_the_pawns_there() {
    let arrival = |pawns: &str, places: &str| {
        reasons(&format!("r:{pawns}:- g:0,0,0:- o:0,0,0:- - {places} r 2 1"))
    };
    assert_eq!(arrival("A1,0,0", "-WPB"), Vec::<String>::new());
    assert_eq!(
        arrival("A1,0,0", "PWYB"),
        ["lotus.position-arrival: \"PWYB\": 1 pawn is in the arrival, so place 1 is taken (-) and the others still hold their flowers"]
    );
    assert_eq!(
        arrival("A1,A2,0", "-WPB"),
        ["lotus.position-arrival: \"-WPB\": 2 pawns are in the arrival, so places 1 to 2 are taken (-) and the others still hold their flowers"]
    );
    assert_eq!(
        arrival("0,0,0", "-WPB"),
        ["lotus.position-arrival: \"-WPB\": no pawn is in the arrival, so every place still holds its flower"]
    );
    assert_eq!(
        arrival("A1,A1,0", "--PB"),
        ["lotus.position-shared-square: arrival place 1 holds 2 pawns, red's and red's: each place holds one"]
    );
}

#[test]
fn flowers_and_position_never_go_together() {
    let refused = Lotus::from_setup(LotusSetup {
        players: Some(THREE.into()),
        flowers: Some("PWY/WYPWYPWYPWYP".into()),
        position: Some(START.into()),
        course: None,
    });
    assert_eq!(
        refused.map_err(|e| e.to_string()),
        Err("tag Position: a record has Flowers or Position, never both".to_owned())
    );
}

#[test]
fn hostile_values_are_refused_without_a_panic() {
    let values = [
        String::new(),
        " ".repeat(100),
        "r:::: g:::: o:::: - - - - -".to_owned(),
        "r:99999999999,A9999,A0:- g:,,:- o:*,**,A:- - ---- r 4294967296 1".to_owned(),
        "r:0,0,0:- g:0,0,0:- o:0,0,0:- 4294967297W PWYB r 999999 3".to_owned(),
        "é:0,0,0:é g:0,0,0:- o:0,0,0:- é é é é é".to_owned(),
        format!("r:0,0,0:{} g:0,0,0:- o:0,0,0:- - PWYB r 1 1", "W".repeat(300)),
    ];
    for value in values {
        assert!(!reasons(&value).is_empty(), "{value:?}");
    }
}
