//! Lotus pawn moves through the library: perft counts of pawn moves from
//! `fixtures/lotus/perft.txt`, re-counted by brute force (every owner
//! initial, square and bracket tried through the one reader and the
//! check), and the agreement of `check` with `check_and_apply`.

use kifu::game::{Game, MoveFault, MoveParts, Position, Tags};
use kifu::games::lotus::{DEFAULT_COURSE, Lotus, LotusMove};
use kifu::random::Rng;
use kifu::record::Tag;
use std::collections::BTreeSet;

use crate::support::perft;

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

#[test]
fn perft_counts_match_the_fixture() {
    let cases = perft::cases("lotus", 7);
    for case in &cases {
        assert!(case.counts.len() >= 4, "{}", case.id);
    }
    perft::check_generator::<Lotus>(&cases);
}

#[test]
fn brute_force_perft_agrees_to_depth_three() {
    let cases = perft::cases("lotus", 7);
    perft::check_brute::<Lotus, _>(&cases, 3, perft::Agree::Texts, |case| {
        let candidates = Candidates::of(&case.tag_pairs());
        move |game: &Lotus| candidates.legal(game)
    });
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
fn lands_where_described(game: &Lotus, detail: &MoveParts) -> bool {
    let (Position::Lotus(position), MoveParts::Lotus(parts)) = (game.position_json(), detail)
    else {
        return false;
    };
    position.pawns.iter().any(|pawn| {
        pawn.owner == parts.player && pawn.square == parts.to && pawn.arrival == parts.arrival
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
