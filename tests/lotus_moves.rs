//! Lotus pawn moves through the library: perft counts of pawn moves from
//! `fixtures/lotus/perft.txt`, re-counted by brute force (every owner
//! initial, square and bracket tried through the one reader and the
//! check), and the agreement of `check` with `check_and_apply`.

use kifu::game::{Game, MoveFault, Tags, perft};
use kifu::games::lotus::{DEFAULT_COURSE, Lotus, LotusMove};
use kifu::record::Tag;
use kifu::rng::Rng;
use serde_json::Value;
use std::collections::BTreeSet;

/// The start position of `tags`.
fn start(tags: &[(String, String)]) -> Lotus {
    let tags: Vec<Tag> = tags
        .iter()
        .map(|(name, value)| Tag {
            name: name.as_str().into(),
            value: value.as_str().into(),
            offset: 0,
        })
        .collect();
    Lotus::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the pawn moves of `moves`, turn numbers skipped.
fn replay(game: &mut Lotus, moves: &str) {
    for word in moves.split_whitespace().filter(|w| !w.ends_with('.')) {
        let mv = game
            .read_move(word.as_bytes())
            .unwrap_or_else(|e| panic!("{word}: {}", e.message(word)));
        game.check_and_apply(&mv)
            .unwrap_or_else(|e| panic!("{word}: {}", e.message(word)));
    }
}

/// What a brute force tries for a game of these players and course: every
/// player's initial and one that no player has, every square of the
/// course and of the arrival, and no bracket, every stone's flower and
/// every exchange's flowers and partner.
struct Candidates {
    initials: Vec<char>,
    squares: u16,
    brackets: Vec<String>,
}

const FLOWERS: [char; 5] = ['W', 'Y', 'P', 'B', 'K'];

impl Candidates {
    fn of(tags: &[(String, String)]) -> Self {
        let value = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let mut initials: Vec<char> = value("Players")
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|name| name.chars().next())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let course = value("Course").unwrap_or(DEFAULT_COURSE);
        let mut brackets = vec![String::new()];
        brackets.extend(FLOWERS.iter().map(|f| format!("[-{f}]")));
        for give in FLOWERS {
            for with in &initials {
                for take in FLOWERS {
                    brackets.push(format!("[{give}<>{with}{take}]"));
                }
            }
        }
        initials.push('z');
        Candidates {
            initials,
            squares: course.len() as u16 + 5,
            brackets,
        }
    }

    /// Every text these candidates write.
    fn texts(&self) -> impl Iterator<Item = String> + '_ {
        self.initials.iter().flat_map(move |initial| {
            (0..=self.squares).flat_map(move |square| {
                self.brackets
                    .iter()
                    .map(move |bracket| format!("{initial}{square}{bracket}"))
            })
        })
    }

    /// The pawn moves that the reader and the check accept in `game`.
    fn legal(&self, game: &Lotus) -> Vec<LotusMove> {
        self.texts()
            .filter_map(|text| game.read_move(text.as_bytes()).ok())
            .filter(|mv| game.check(mv).is_ok())
            .collect()
    }
}

fn texts(moves: &[LotusMove]) -> BTreeSet<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// Perft by brute force: each level's moves found by [`Candidates::legal`],
/// and checked against the generator's list on the way.
fn brute_perft(candidates: &Candidates, game: &Lotus, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = candidates.legal(game);
    assert_eq!(texts(&moves), texts(&game.legal_moves()));
    let mut sequences = 0;
    for mv in &moves {
        let mut next = game.clone();
        next.check_and_apply(mv)
            .unwrap_or_else(|e| panic!("{mv}: {}", e.message(&mv.to_string())));
        sequences += brute_perft(candidates, &next, depth - 1);
    }
    sequences
}

/// One entry of `fixtures/lotus/perft.txt`, a block of lines.
struct PerftCase {
    id: String,
    tags: Vec<(String, String)>,
    moves: String,
    counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The case a block states; its setup tags are read as a record's.
    fn of(block: &str) -> Self {
        let field = |key: &str| {
            block
                .lines()
                .filter_map(|line| line.strip_prefix(key))
                .collect::<Vec<_>>()
        };
        let setup = field("setup ").join("\n").replace("] [", "]\n[");
        let record = kifu::record::parse_record(format!("[Game \"lotus\"]\n{setup}\n\n*\n"), 1)
            .unwrap_or_else(|e| panic!("{block}: {e}"));
        let tags = record
            .tags
            .iter()
            .filter(|tag| tag.name != "Game")
            .map(|tag| (tag.name.to_string(), tag.value.to_string()))
            .collect();
        let number = |text: &str| {
            text.parse::<u64>()
                .unwrap_or_else(|e| panic!("{block}: {text}: {e}"))
        };
        let counts = field("perft ")
            .into_iter()
            .map(|line| {
                let (depth, count) = line.split_once(' ').unwrap_or((line, ""));
                (number(depth) as u32, number(count))
            })
            .collect();
        PerftCase {
            id: field("id ").concat(),
            tags,
            moves: field("moves ").join(" "),
            counts,
        }
    }

    fn game(&self) -> Lotus {
        let mut game = start(&self.tags);
        replay(&mut game, &self.moves);
        game
    }
}

fn perft_cases() -> Vec<PerftCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/lotus/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split("\n\n")
        .filter(|block| block.starts_with("id "))
        .map(PerftCase::of)
        .collect()
}

#[test]
fn perft_counts_match_the_fixture() {
    let cases = perft_cases();
    assert!(cases.len() >= 7, "{} perft cases", cases.len());
    for case in &cases {
        let game = case.game();
        assert!(case.counts.len() >= 4, "{}", case.id);
        for &(depth, count) in &case.counts {
            assert_eq!(perft(&game, depth), count, "{} perft {depth}", case.id);
        }
    }
}

#[test]
fn brute_force_perft_agrees_to_depth_three() {
    for case in perft_cases() {
        let game = case.game();
        let candidates = Candidates::of(&case.tags);
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(
                brute_perft(&candidates, &game, depth),
                count,
                "{} perft {depth}",
                case.id
            );
        }
    }
}

/// A random candidate: usually a legal move, else a random text.
fn candidate(rng: &mut Rng, game: &Lotus, candidates: &Candidates) -> String {
    let legal = game.legal_moves();
    if !legal.is_empty() && rng.below(3) == 0 {
        return legal[rng.below(legal.len())].to_string();
    }
    let initial = candidates.initials[rng.below(candidates.initials.len())];
    let square = rng.below(usize::from(candidates.squares) + 1);
    let bracket = if rng.below(2) == 0 {
        ""
    } else {
        &candidates.brackets[rng.below(candidates.brackets.len())]
    };
    format!("{initial}{square}{bracket}")
}

/// Whether a pawn of `player` stands where `detail` says the move goes.
fn lands_where_described(game: &Lotus, detail: &Value) -> bool {
    let position = game.position_json();
    let pawns = position["pawns"].as_array().cloned().unwrap_or_default();
    pawns.iter().any(|pawn| {
        pawn["owner"] == detail["player"]
            && pawn["square"] == detail["to"]
            && pawn["arrival"] == detail["arrival"]
    })
}

/// What the candidates found: moves accepted, refused, and the codes.
#[derive(Default)]
struct Tally {
    accepted: usize,
    refused: usize,
    codes: BTreeSet<&'static str>,
}

/// Checks the candidate `text` both ways in `game`: the same verdict, the
/// same error, and the same position after (nothing changed on a refusal).
fn compare(game: &Lotus, text: &str, tally: &mut Tally) {
    let Ok(mv) = game.read_move(text.as_bytes()) else {
        return;
    };
    let checked = game.check(&mv);
    let detail = game.describe(&mv).parts;
    let mut played = game.clone();
    let applied = played.check_and_apply(&mv);
    assert_eq!(checked, applied, "{text}");
    match applied {
        Ok(()) => {
            tally.accepted += 1;
            let mut by_apply = game.clone();
            by_apply.apply(&mv);
            assert_eq!(played, by_apply, "{text}");
            assert!(lands_where_described(&played, &detail), "{text}");
        }
        Err(error) => {
            tally.refused += 1;
            tally.codes.insert(error.code());
            assert_eq!(&played, game, "{text}: a refused move changes nothing");
        }
    }
}

#[test]
fn check_and_check_and_apply_agree_on_every_candidate() {
    let mut rng = Rng::new(16);
    let setups = [
        vec![("Players", "red green orange")],
        vec![
            ("Players", "red green orange violet"),
            ("Flowers", "WYP/PPPPWWWWYYYY"),
        ],
        vec![("Players", "amber red green pearl magenta")],
        vec![("Players", "a b c d e f")],
        vec![
            ("Players", "red green orange"),
            ("Course", "LLFLLSLLFLLSLLFLLLS"),
        ],
        vec![
            ("Players", "red green orange violet"),
            ("Course", "SLFLSLFLSLFLSLFLSLFLSLFLSL"),
        ],
    ];
    let mut tally = Tally::default();
    for game_index in 0..60 {
        let tags: Vec<(String, String)> = setups[game_index % setups.len()]
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect();
        let candidates = Candidates::of(&tags);
        let mut game = start(&tags);
        loop {
            for _ in 0..8 {
                let text = candidate(&mut rng, &game, &candidates);
                compare(&game, &text, &mut tally);
            }
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            game.check_and_apply(&mv)
                .unwrap_or_else(|e| panic!("{mv}: {}", e.message(&mv.to_string())));
        }
        assert!(game.is_over(), "a game stops only at its end");
    }
    assert!(tally.accepted > 2000, "{} accepted", tally.accepted);
    assert!(tally.refused > 2000, "{} refused", tally.refused);
    assert!(tally.codes.len() >= 10, "{:?}", tally.codes);
}
