//! Tests of the standings: exact counts, scores and Elo for duels, averages
//! for races, the text table and the JSON, against its schema.

use super::*;
use crate::model::{Output, schema};

/// `wins` + `losses` + `unfinished` duels of `engine` against `opponent`,
/// the sides swapped every game, with `engine`'s results in that order.
fn duels(
    engine: &str,
    opponent: &str,
    wins: usize,
    losses: usize,
    unfinished: usize,
) -> Vec<GameResult> {
    let results = std::iter::repeat_n(Some(true), wins)
        .chain(std::iter::repeat_n(Some(false), losses))
        .chain(std::iter::repeat_n(None, unfinished));
    results
        .enumerate()
        .map(|(i, won)| {
            let side = i % 2;
            let mut engines = [opponent.to_owned(), opponent.to_owned()];
            engines[side] = engine.to_owned();
            let winner = won.map(|won| if won { side } else { 1 - side });
            GameResult::Duel { engines, winner }
        })
        .collect()
}

/// A race of `seats`: engine, score and place.
fn race(seats: &[(&str, i32, usize)]) -> GameResult {
    let seats = seats.iter().map(|&(engine, score, place)| RaceSeat {
        engine: engine.to_owned(),
        score,
        place,
    });
    GameResult::Race {
        seats: seats.collect(),
    }
}

/// Three races of A, B and C, D in the last.
fn races() -> Vec<GameResult> {
    vec![
        race(&[("A", 12, 1), ("B", 9, 2), ("C", 3, 3)]),
        race(&[("B", 10, 1), ("C", 10, 1), ("A", 4, 3)]),
        race(&[("C", 7, 1), ("A", 5, 2), ("B", 5, 2), ("D", 1, 4)]),
    ]
}

/// Checks `standings`' JSON against the schema of `kifu match`.
fn assert_valid(standings: &Standings) {
    let schema = schema(Output::Match);
    let validator = jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{e}"));
    let json = serde_json::to_value(standings).unwrap_or_else(|e| panic!("{e}"));
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{json}");
}

/// 6 wins, 3 losses, 1 unfinished of 10: p = 6.5 / 10 = 0.65;
/// v = 0.6·0.35² + 0.3·0.65² + 0.1·0.15² = 0.0735 + 0.12675 + 0.00225 =
/// 0.2025; s = sqrt(0.2025 / 10) = 0.1423025; 1.96 s = 0.2789129, so the
/// bounds are 0.3710871 and 0.9289129; elo(0.65) = -400 log10(0.35 / 0.65)
/// = 107.538; elo(0.9289129) = 446.474, elo(0.3710871) = -91.646; the
/// error is (446.474 + 91.646) / 2 = 269.060.
#[test]
fn six_wins_three_losses_one_unfinished() {
    let tally = WinsLosses {
        wins: 6,
        losses: 3,
        unfinished: 1,
    };
    let (elo, error) = elo_interval(tally);
    assert!(
        (elo.unwrap_or_default() - 107.538_124_917).abs() < 1e-6,
        "{elo:?}"
    );
    assert!(
        (error.unwrap_or_default() - 269.059_750_906).abs() < 1e-6,
        "{error:?}"
    );

    let standings = Standings::of(&duels("A", "B", 6, 3, 1));
    assert_eq!(standings.games, 10);
    let [a, b] = standings.duels.as_slice() else {
        panic!("{standings:?}");
    };
    assert_eq!(
        *a,
        DuelStanding {
            engine: "A".into(),
            games: 10,
            wins: 6,
            losses: 3,
            unfinished: 1,
            points: 6.5,
            score: 65.0,
            elo: Some(107.54),
            elo_error: Some(269.06),
        }
    );
    // B's score is 0.35, the mirror of A's: the same variance and margin.
    assert_eq!((b.wins, b.losses, b.unfinished, b.points), (3, 6, 1, 3.5));
    assert_eq!(
        (b.score, b.elo, b.elo_error),
        (35.0, Some(-107.54), Some(269.06))
    );
    let matchup = Matchup {
        engine: "A".into(),
        opponent: "B".into(),
        wins: 6,
        losses: 3,
        unfinished: 1,
    };
    assert_eq!(standings.matchup, Some(matchup));
    assert_valid(&standings);
}

/// The table of the usage example: 52 wins, 45 losses, 3 unfinished of
/// 100: p = 0.535, v = 0.241275, s = 0.0491198, bounds 0.4387253 and
/// 0.6312747, elo 24.36, error (93.406 + 42.793) / 2 = 68.10.
#[test]
fn a_hundred_games_as_a_table() {
    let standings = Standings::of(&duels("random A", "random B", 52, 45, 3));
    assert_eq!(standings.duels[0].elo, Some(24.36));
    assert_eq!(standings.duels[0].elo_error, Some(68.1));
    insta::assert_snapshot!(standings.to_string());
}

/// A score of 100% or 0% has an infinite Elo difference: both fields are
/// left out, and the text says `-`.
#[test]
fn all_wins_leave_the_elo_out() {
    let standings = Standings::of(&duels("A", "B", 4, 0, 0));
    for row in &standings.duels {
        assert_eq!((row.elo, row.elo_error), (None, None), "{row:?}");
    }
    assert_eq!(standings.duels[0].score, 100.0);
    assert_eq!(standings.duels[1].score, 0.0);
    let text = standings.to_string();
    let rows: Vec<&str> = text.lines().skip(1).take(2).collect();
    assert!(rows.iter().all(|row| row.ends_with("%    -")), "{text}");
    assert_valid(&standings);
}

/// Unfinished games only: p = 0.5 exactly and no variance, so 0 ± 0.
#[test]
fn unfinished_games_only_are_even() {
    let standings = Standings::of(&duels("A", "B", 0, 0, 3));
    for row in &standings.duels {
        assert_eq!((row.points, row.score), (1.5, 50.0));
        assert_eq!((row.elo, row.elo_error), (Some(0.0), Some(0.0)), "{row:?}");
    }
    assert!(standings.to_string().contains("50.0%  0 ± 0\n"));
    assert_valid(&standings);
}

/// 9 wins, 1 loss: p = 0.9, s = sqrt(0.09 / 10) = 0.0948683, so the upper
/// bound 1.0859 is past 1: elo(0.9) = 381.70, the error left out, `inf`.
#[test]
fn an_unbounded_interval_leaves_the_error_out() {
    let standings = Standings::of(&duels("A", "B", 9, 1, 0));
    let a = &standings.duels[0];
    assert_eq!((a.elo, a.elo_error), (Some(381.7), None));
    assert_eq!(standings.duels[1].elo, Some(-381.7));
    assert!(standings.to_string().contains("90.0%  +382 ± inf\n"));
    assert_valid(&standings);
}

/// Even results have an Elo of 0, never -0.
#[test]
fn even_results_are_zero() {
    let standings = Standings::of(&duels("A", "B", 5, 5, 0));
    let json = serde_json::to_string(&standings.duels[0]).unwrap_or_default();
    assert!(json.contains("\"elo\":0.0,\"elo_error\":251.78}"), "{json}");
}

#[test]
fn races_count_seats_firsts_and_averages() {
    let standings = Standings::of(&races());
    assert_eq!(standings.games, 3);
    assert!(standings.duels.is_empty() && standings.matchup.is_none());
    let rows: Vec<(&str, usize, usize, f64, f64)> = standings
        .races
        .iter()
        .map(|r| {
            let engine = r.engine.as_str();
            (engine, r.seats, r.firsts, r.average_place, r.average_score)
        })
        .collect();
    assert_eq!(
        rows,
        [
            // places 1 3 2, scores 12 4 5.
            ("A", 3, 1, 2.0, 7.0),
            // places 2 1 2, scores 9 10 5.
            ("B", 3, 1, 1.67, 8.0),
            // places 3 1 1, scores 3 10 7.
            ("C", 3, 2, 1.67, 6.67),
            ("D", 1, 0, 4.0, 1.0),
        ]
    );
    // The shares of the points against the other engines' seats: A 1, 0
    // and 3/6, mean 1/2; B 2/4, 3/4, 3/6; C 0, 3/4, 6/6 (its interval
    // reaches 100%); D 0 alone.
    let elos: Vec<_> = (standings.races.iter())
        .map(|r| (r.engine.as_str(), r.elo, r.elo_error))
        .collect();
    assert_eq!(
        elos,
        [
            ("A", Some(0.0), Some(561.24)),
            ("B", Some(58.45), Some(98.06)),
            ("C", Some(58.45), None),
            ("D", None, None),
        ]
    );
    assert_valid(&standings);
}

/// Duels of three engines and races: two tables, no matchup.
#[test]
fn duels_and_races_make_two_tables() {
    let mut games = duels("alpha", "beta", 2, 1, 1);
    games.extend(duels("gamma", "alpha", 3, 0, 0));
    games.extend(races());
    let standings = Standings::of(&games);
    assert_eq!(standings.games, 10);
    assert_eq!(standings.matchup, None);
    let engines: Vec<&str> = standings.duels.iter().map(|r| r.engine.as_str()).collect();
    assert_eq!(engines, ["alpha", "beta", "gamma"]);
    // alpha: 2 wins, 1 loss, 1 unfinished against beta, 3 losses to gamma.
    let alpha = &standings.duels[0];
    assert_eq!((alpha.games, alpha.wins, alpha.losses), (7, 2, 4));
    assert_eq!((alpha.points, alpha.score), (2.5, 35.71));
    assert_valid(&standings);
    insta::assert_snapshot!(standings.to_string());
}

/// A game of an engine against itself counts for both sides; the matchup
/// is of the games between the two engines only.
#[test]
fn a_game_against_itself_counts_twice() {
    let mut games = duels("A", "A", 1, 0, 0);
    games.extend(duels("A", "B", 1, 0, 0));
    let standings = Standings::of(&games);
    let a = &standings.duels[0];
    assert_eq!((a.games, a.wins, a.losses, a.unfinished), (3, 2, 1, 0));
    let matchup = standings.matchup.unwrap_or_else(|| panic!("no matchup"));
    assert_eq!(
        (matchup.wins, matchup.losses, matchup.unfinished),
        (1, 0, 0)
    );
}

/// A winner other than 0 or 1 counts as unfinished.
#[test]
fn a_winner_out_of_range_is_unfinished() {
    let game = GameResult::Duel {
        engines: ["A".into(), "B".into()],
        winner: Some(2),
    };
    let standings = Standings::of(&[game]);
    assert!(standings.duels.iter().all(|r| r.unfinished == 1));
}

#[test]
fn no_games_say_so() {
    let standings = Standings::of(&[]);
    assert_eq!(standings.to_string(), "0 games");
    let json = serde_json::to_string(&standings).unwrap_or_default();
    assert_eq!(json, "{\"kifu\":1,\"games\":0}");
    assert_valid(&standings);
}

#[test]
fn the_json_is_pinned() {
    let mut games = duels("A", "B", 6, 3, 1);
    games.push(race(&[("C", 8, 1), ("D", 8, 1), ("E", 2, 3)]));
    let json = serde_json::to_string(&Standings::of(&games)).unwrap_or_default();
    let expected = concat!(
        "{\"kifu\":1,\"games\":11,",
        "\"matchup\":{\"engine\":\"A\",\"opponent\":\"B\",",
        "\"wins\":6,\"losses\":3,\"unfinished\":1},",
        "\"duels\":[",
        "{\"engine\":\"A\",\"games\":10,\"wins\":6,\"losses\":3,\"unfinished\":1,",
        "\"points\":6.5,\"score\":65.0,\"elo\":107.54,\"elo_error\":269.06},",
        "{\"engine\":\"B\",\"games\":10,\"wins\":3,\"losses\":6,\"unfinished\":1,",
        "\"points\":3.5,\"score\":35.0,\"elo\":-107.54,\"elo_error\":269.06}],",
        "\"races\":[",
        // C and D tie each other and beat E: 3 of 4 points, +190.85 Elo.
        "{\"engine\":\"C\",\"seats\":1,\"firsts\":1,\"average_place\":1.0,\"average_score\":8.0,",
        "\"elo\":190.85},",
        "{\"engine\":\"D\",\"seats\":1,\"firsts\":1,\"average_place\":1.0,\"average_score\":8.0,",
        "\"elo\":190.85},",
        "{\"engine\":\"E\",\"seats\":1,\"firsts\":0,\"average_place\":3.0,\"average_score\":2.0}]}",
    );
    assert_eq!(json, expected);
}

/// The schema rejects what the standings never print.
#[test]
fn the_schema_rejects_what_is_never_printed() {
    let schema = schema(Output::Match);
    let validator = jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{e}"));
    let standings = Standings::of(&duels("A", "B", 6, 3, 1));
    let good = serde_json::to_value(&standings).unwrap_or_else(|e| panic!("{e}"));
    assert!(validator.is_valid(&good));
    let with = |pointer: &str, value: serde_json::Value| {
        let mut wrong = good.clone();
        if let Some(slot) = wrong.pointer_mut(pointer) {
            *slot = value;
        }
        wrong
    };
    let mut extra = good.clone();
    if let Some(row) = extra
        .pointer_mut("/duels/0")
        .and_then(|r| r.as_object_mut())
    {
        row.insert("rank".into(), 1.into());
    }
    let rejected = [
        with("/kifu", 2.into()),
        with("/duels/0/elo", serde_json::Value::Null),
        with("/duels/0/score", 101.0.into()),
        with("/duels", serde_json::Value::Array(Vec::new())),
        extra,
    ];
    for wrong in &rejected {
        assert!(!validator.is_valid(wrong), "{wrong}");
    }
}
