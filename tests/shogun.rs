//! Shogun: move generation in the perft style, the single-move check
//! against legal-move generation, tags, messages and the board drawings.

use kifu::game::{Charset, Game, GameKind, Tags, perft};
use kifu::games::shogun::{Kind, Shogun, ShogunMove, Side};
use kifu::record::Tag;
use std::collections::BTreeSet;

/// A small xorshift generator, so that the tests are repeatable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn tags(pairs: &[(&str, &str)]) -> Vec<Tag> {
    pairs
        .iter()
        .map(|(name, value)| Tag {
            name: (*name).to_owned().into(),
            value: (*value).into(),
            offset: 0,
        })
        .collect()
}

fn start(pairs: &[(&str, &str)]) -> Shogun {
    Shogun::from_tags(Tags::new(&tags(pairs))).unwrap_or_else(|e| panic!("{pairs:?}: {e}"))
}

fn tag_error(pairs: &[(&str, &str)]) -> String {
    match Shogun::from_tags(Tags::new(&tags(pairs))) {
        Ok(_) => panic!("{pairs:?} was accepted"),
        Err(e) => e.to_string(),
    }
}

fn play(game: &mut Shogun, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .read_move(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.check(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.apply(&mv);
    }
}

fn error(game: &Shogun, text: &str) -> String {
    match game.read_move(text.as_bytes()) {
        Err(e) => e.to_string(),
        Ok(mv) => match game.check(&mv) {
            Ok(()) => panic!("{text} was accepted"),
            Err(e) => e.to_string(),
        },
    }
}

fn name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

/// The legal moves found by trying every from/to pair through `check`,
/// with the `x` and `+` the move earns.
fn brute_force(game: &Shogun) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    if game.outcome().is_some() {
        return found;
    }
    for from in 0..64u8 {
        for to in 0..64u8 {
            let plain = format!("{}-{}", name(from), name(to));
            let Ok(mv) = game.read_move(plain.as_bytes()) else {
                continue;
            };
            if game.check(&mv).is_err() {
                continue;
            }
            let capture = game
                .read_move(format!("{}x{}", name(from), name(to)).as_bytes())
                .is_ok_and(|m| game.check(&m).is_ok());
            let check = game
                .read_move(format!("{plain}+").as_bytes())
                .is_ok_and(|m| game.check(&m).is_ok());
            found.insert(
                ShogunMove {
                    from,
                    to,
                    capture,
                    check,
                }
                .to_string(),
            );
        }
    }
    found
}

fn generated(game: &Shogun) -> BTreeSet<String> {
    Game::legal_moves(game)
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn brute_perft(game: &Shogun, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = brute_force(game);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|text| {
            let mut next = game.clone();
            play(&mut next, text);
            brute_perft(&next, depth - 1)
        })
        .sum()
}

fn random_rank(rng: &mut Rng, shogun: usize) -> String {
    let mut pieces: Vec<char> = "XXXYYZZ".chars().collect();
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, rng.below(i + 1));
    }
    pieces.insert(shogun, 'S');
    pieces.into_iter().collect()
}

/// A random legal `Position` value, or none when the side not to move is attacked.
fn random_position(rng: &mut Rng) -> Option<Shogun> {
    let mut board = [' '; 64];
    for (side, letters) in [(0, "SXXXYYZZ"), (1, "sxxxyyzz")] {
        let keep = 3 + rng.below(6);
        for c in letters.chars().take(keep) {
            let _ = side;
            loop {
                let square = rng.below(64);
                if board[square] == ' ' {
                    board[square] = c;
                    break;
                }
            }
        }
    }
    let mut value = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        value.push_str(&empty.to_string());
                        empty = 0;
                    }
                    value.push(c);
                }
            }
        }
        if empty > 0 {
            value.push_str(&empty.to_string());
        }
        if rank > 0 {
            value.push('/');
        }
    }
    value.push_str(if rng.below(2) == 0 { " w" } else { " r" });
    let rotation = ["0", "90", "180", "270"][rng.below(4)];
    Shogun::from_tags(Tags::new(&tags(&[
        ("Position", &value),
        ("Rotation", rotation),
    ])))
    .ok()
}

#[test]
fn the_single_move_check_agrees_with_legal_move_generation() {
    let mut rng = Rng(0x5EED_5140_6A11);
    let mut positions = 0;
    let mut checks = 0;
    let mut ends = 0;
    let rotations = ["0", "90", "180", "270"];
    for game_index in 0..16 {
        let setup = format!("{}/{}", random_rank(&mut rng, 4), random_rank(&mut rng, 3));
        let first = if game_index % 2 == 0 { "white" } else { "red" };
        let mut game = start(&[
            ("Setup", &setup),
            ("First", first),
            ("Rotation", rotations[game_index % 4]),
        ]);
        for _ in 0..40 {
            let expected = brute_force(&game);
            assert_eq!(generated(&game), expected, "{}", game.position_value());
            positions += 1;
            checks += usize::from(game.constraint().is_some());
            let moves = Game::legal_moves(&game);
            if moves.is_empty() {
                ends += 1;
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.apply(&mv);
        }
    }
    for _ in 0..300 {
        if let Some(game) = random_position(&mut rng) {
            assert_eq!(
                generated(&game),
                brute_force(&game),
                "{}",
                game.position_value()
            );
            positions += 1;
            checks += usize::from(game.constraint().is_some());
            ends += usize::from(game.outcome().is_some());
        }
    }
    assert!(positions > 600, "{positions} positions");
    assert!(checks > 20, "{checks} positions in check");
    assert!(ends >= 3, "{ends} finished positions");
}

/// One entry of `fixtures/shogun/perft.txt`.
struct PerftCase {
    id: String,
    tags: Vec<(String, String)>,
    counts: Vec<(u32, u64)>,
}

fn perft_cases() -> Vec<PerftCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/shogun/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_owned(),
                tags: Vec::new(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("setup ") {
            let case = cases.last_mut().unwrap_or_else(|| panic!("{line}"));
            for part in rest.split(']').filter(|p| !p.trim().is_empty()) {
                let part = part.trim().trim_start_matches('[');
                let (name, value) = part.split_once(' ').unwrap_or_else(|| panic!("{part}"));
                case.tags
                    .push((name.to_owned(), value.trim_matches('"').to_owned()));
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let case = cases.last_mut().unwrap_or_else(|| panic!("{line}"));
            let (depth, count) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
            case.counts.push((
                depth.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                count.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
            ));
        }
    }
    cases
}

fn case_game(case: &PerftCase) -> Shogun {
    let pairs: Vec<(&str, &str)> = case
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    start(&pairs)
}

#[test]
fn perft_counts_match_the_fixture() {
    let cases = perft_cases();
    assert!(cases.len() >= 8, "{} perft cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let game = case_game(case);
        for &(depth, count) in &case.counts {
            let got = perft(&game, depth);
            if got != count {
                wrong.push(format!("{} perft {depth}: {got}, want {count}", case.id));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn brute_force_perft_agrees_to_depth_two() {
    for case in perft_cases() {
        let game = case_game(&case);
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                brute_perft(&game, depth),
                count,
                "{} perft {depth}",
                case.id
            );
        }
    }
}

#[test]
fn any_game_perft_is_the_same() {
    let game = start(&[]);
    let boxed = GameKind::Shogun
        .start(Tags::new(&[]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        kifu::game::AnyGame::perft(boxed.as_ref(), 2),
        perft(&game, 2)
    );
}

#[test]
fn pieces_show_the_numbers_of_the_table() {
    let game = start(&[]);
    let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
    // White XXYZSZYX on A B A B D C D C.
    assert_eq!(shown, [4, 2, 2, 4, 1, 3, 1, 3]);
    let red: Vec<u8> = (56..64).map(|f| game.shows(f)).collect();
    // Red XYZSZYXX on B A B A C D C D, read as C D C D B A B A.
    assert_eq!(red, [3, 1, 3, 1, 4, 2, 2, 4]);
    // A Red X on e1 shows 4, as rules.md says.
    let game = Shogun::from_position("3s4/8/8/8/8/8/8/4xS2 w").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.piece_at(4), Some((Side::Red, Kind::X)));
    assert_eq!(game.shows(4), 4);
}

#[test]
fn a_quarter_turn_exchanges_a_with_d_and_b_with_c() {
    for rotation in ["90", "270"] {
        let game = start(&[("Rotation", rotation)]);
        let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
        // White XXYZSZYX now on D C D C A B A B.
        assert_eq!(shown, [1, 3, 1, 3, 1, 4, 2, 2], "{rotation}");
    }
    let half = start(&[("Rotation", "180")]);
    let plain = start(&[]);
    assert_eq!(
        (0..64).map(|s| half.shows(s)).collect::<Vec<_>>(),
        (0..64).map(|s| plain.shows(s)).collect::<Vec<_>>()
    );
}

#[test]
fn discs_replace_the_numbers_table() {
    let game = start(&[("Discs", "S:2112 Z:1111 Y:4444 X:3333")]);
    let shown: Vec<u8> = (0..8).map(|f| game.shows(f)).collect();
    assert_eq!(shown, [3, 3, 4, 1, 2, 1, 4, 3]);
    assert_eq!(
        game.setup_tags(),
        [
            ("Setup".to_owned(), "XXYZSZYX/XYZSZYXX".to_owned()),
            ("Discs".to_owned(), "X:3333 Y:4444 Z:1111 S:2112".to_owned()),
        ]
    );
}

#[test]
fn tags_are_validated_with_exact_messages() {
    assert_eq!(
        tag_error(&[("Discs", "X:4231 Y:2341 Z:1432 S:1221 X:1111")]),
        "tag Discs: X is given twice"
    );
    assert_eq!(
        tag_error(&[("Discs", "X:4231 Y:2341 Z:14321 S:1221")]),
        "tag Discs: \"Z:14321\": Z takes four numbers from 1 to 4, for magnet types A, B, C and D"
    );
    assert_eq!(
        tag_error(&[("Discs", "X4231")]),
        "tag Discs: \"X4231\": expected each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\""
    );
    assert_eq!(
        tag_error(&[("Setup", "XXYZSZYX")]),
        "tag Setup: \"XXYZSZYX\": expected White's rank 1 and Red's rank 8 separated by '/', like \"XXYZSZYX/XYZSZYXX\""
    );
    assert_eq!(
        tag_error(&[("Setup", "XXYZSZYX/XYZZSYXX")]),
        "tag Setup: Red's Shogun must stand on d8, not on e8"
    );
    assert_eq!(
        tag_error(&[("Position", "8/8/8/8/8/8/8/4S3 w")]),
        "tag Position: Red has 0 Shoguns; a side has exactly 1"
    );
    assert_eq!(
        tag_error(&[("Position", "3s4/8/8/8/8/8/8/4S3")]),
        "tag Position: \"3s4/8/8/8/8/8/8/4S3\": expected the board, then the side to move (w or r)"
    );
    assert_eq!(
        tag_error(&[("Position", "3s5/8/8/8/8/8/8/4S3 w")]),
        "tag Position: rank 8 (\"3s5\") does not hold 8 squares"
    );
    assert_eq!(
        tag_error(&[("Position", "3s4/8/8/8/8/8/8/4S3 b")]),
        "tag Position: \"b\": the side to move is w or r"
    );
    assert_eq!(
        tag_error(&[("Position", "3s4/8/8/8/8/8/8/4S3 w"), ("First", "red")]),
        "tag First: \"red\" disagrees with the Position tag, where White is to move"
    );
}

#[test]
fn red_moving_first_opens_each_numbered_move() {
    let mut game = start(&[("First", "red")]);
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (1, true, "Red"));
    play(&mut game, "a8-a5");
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (1, false, "White"));
    play(&mut game, "a1-a5");
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (2, true, "Red"));
}

#[test]
fn moves_are_refused_with_a_reason() {
    let mut game = start(&[]);
    assert_eq!(
        error(&game, "a1-a2"),
        "the piece cannot reach that square: the X on a1 shows 4, and a2 is 1 square away"
    );
    assert_eq!(
        error(&game, "g1-h2"),
        "the piece cannot reach that square: the Y on g1 shows 1, and h2 is 2 squares away (a piece never moves diagonally)"
    );
    assert_eq!(
        error(&game, "d1-d2"),
        "the piece cannot reach that square: the Z on d1 shows 4, and d2 is 1 square away"
    );
    assert_eq!(
        error(&game, "d1-d3"),
        "the piece cannot reach that square: the Z on d1 shows 4, and d3 is 2 squares away (a path of 4 squares there would need more than one turn)"
    );
    // a1-d2 is open by a2, b2, c2 though b1, c1, d1 block the other L path.
    let open = game
        .read_move("a1-d2".as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.check(&open), Ok(()));
    assert_eq!(
        error(&game, "e8-e7"),
        "no piece of the side to move there: e8 holds a Red piece and White is to move"
    );
    assert_eq!(error(&game, "e1xe2"), "x on a non-capture: e2 is empty");
    assert_eq!(
        error(&game, "e1-e2+"),
        "+ on a move that does not attack: after the move no White piece attacks the Red Shogun on d8"
    );
    assert_eq!(
        error(&game, "e1-e9"),
        "not a Shogun move: \"e1-e9\": \"e9\" is not a square (files a-h, ranks 1-8)"
    );
    // The Z on d1 goes to d5, where it shows 3 and attacks d8.
    play(&mut game, "d1-d5+");
    assert_eq!(
        game.constraint().as_deref(),
        Some("Red's Shogun on d8 is attacked by the White Z on d5: the move must end the attack")
    );
    assert_eq!(
        error(&game, "a8-a5"),
        "leaves own shogun attacked: it was attacked and still is: after the move the White Z on d5 (showing 3) could reach the Red Shogun on d8"
    );
}

#[test]
fn the_default_setup_is_drawn() {
    let game = start(&[]);
    insta::assert_snapshot!("default_unicode", game.render(Charset::Unicode));
    insta::assert_snapshot!("default_ascii", game.render(Charset::Ascii));
}

#[test]
fn a_rotated_board_shows_other_numbers() {
    let game = start(&[("Setup", "ZYXXSXZY/ZXYSXZXY"), ("Rotation", "90")]);
    insta::assert_snapshot!("rotation_90_unicode", game.render(Charset::Unicode));
}

#[test]
fn a_shogun_in_check_is_marked() {
    let mut game = start(&[]);
    play(
        &mut game,
        "d1-d5 c8-d6 d5-e7 d6-b6 f1-f4 h8-h4 c1-b2 h4-g4 e7-e6+",
    );
    assert!(game.outcome().is_none());
    insta::assert_snapshot!("check_unicode", game.render(Charset::Unicode));
    insta::assert_snapshot!("check_ascii", game.render(Charset::Ascii));
}

#[test]
fn a_finished_game_names_the_winner() {
    let mut game = start(&[
        ("Setup", "ZYZXSXYX/XYXSYXZZ"),
        ("First", "red"),
        ("Rotation", "270"),
    ]);
    play(
        &mut game,
        "e8-b7 b1-c4 d8-e8 c1-b2 g8-g5 d1-d4 e8-f7 e1-e2 b7-d5+ e2-g2 c8-b7 d4-e7+ f7-h7 c4-a5 g5-f5+",
    );
    let outcome = game.outcome().unwrap_or_else(|| panic!("not over"));
    assert_eq!(outcome.token, Some("R+"));
    assert_eq!(outcome.tag_value, "R+");
    assert_eq!(outcome.winner.as_deref(), Some("Red"));
    assert_eq!(outcome.reason, "White has no legal move (Shogun attacked)");
    assert!(Game::legal_moves(&game).is_empty());
    insta::assert_snapshot!("mate_ascii", game.render(Charset::Ascii));
}

#[test]
fn the_canonical_move_says_x_and_plus() {
    // The Z on d1 shows 4; on d5 (type C) it shows 3 and attacks d8.
    let game = start(&[]);
    let mv = game
        .read_move("d1-d5".as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let detail = game.describe(&mv);
    assert_eq!(detail.normalized, "d1-d5+");
    assert_eq!(
        detail.parts,
        serde_json::json!({"from": "d1", "to": "d5", "side": "white", "piece": "Z",
            "shows": 4, "capture": null, "check": true})
    );
    // The X on d1 (type B) shows 2; the Red Y on d3 can be taken.
    let game = Shogun::from_position("3s4/8/8/8/8/3y4/8/3XSX2 w").unwrap_or_else(|e| panic!("{e}"));
    let moves: Vec<String> = Game::legal_moves(&game)
        .iter()
        .filter(|m| m.from == 3)
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["d1-b1", "d1-c2", "d1-e2", "d1xd3"]);
    let mv = game
        .read_move("d1-d3".as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.describe(&mv).normalized, "d1xd3");
}

#[test]
fn odd_text_never_panics() {
    let game = start(&[]);
    for text in [
        "", "-", "x", "+", "a", "a1", "a1-", "a1x", "a1-a", "é1-a1", "a1-é1", "a1—a2", "a1-a2+x",
        "+a1-a2", "a0-a1", "a1-a9", "i1-a1", "A1-A2", "a1-a2 ", "a1 -a2", "a1--a2", "a1xxa2",
    ] {
        assert!(game.read_move(text.as_bytes()).is_err(), "{text:?}");
    }
    for value in [
        "",
        "/",
        "8/8/8/8/8/8/8/8/8 w",
        "9/8/8/8/8/8/8/8 w",
        "0s7/8/8/8/8/8/8/4S3 w",
        "3s4/8/8/8/8/8/8/4S3 w extra",
        "3s4/8/8/8/8/8/8/4S3 W",
        "3é4/8/8/8/8/8/8/4S3 w",
        "3s4/8/8/8/8/8/8/4S3/ w",
        "44s/8/8/8/8/8/8/4S3 w",
    ] {
        assert!(Shogun::from_position(value).is_err(), "{value:?}");
    }
}

#[test]
fn random_tags_give_legal_setups_of_every_rotation_and_first_player() {
    let mut rotations = BTreeSet::new();
    let mut firsts = BTreeSet::new();
    let mut rng = kifu::rng::Rng::new(7);
    for _ in 0..64 {
        let pairs = GameKind::Shogun.random_tags(&mut rng);
        let borrowed: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        let game = start(&borrowed);
        assert_eq!(Game::legal_moves(&game).len() as u64, perft(&game, 1));
        rotations.insert(
            pairs
                .iter()
                .find(|(n, _)| n == "Rotation")
                .map_or("0".to_owned(), |(_, v)| v.clone()),
        );
        firsts.insert(game.to_move().name());
    }
    assert_eq!(rotations.len(), 4, "{rotations:?}");
    assert_eq!(firsts.len(), 2, "{firsts:?}");
}
