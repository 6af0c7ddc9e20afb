//! `kifu match` with more than two engines (a round-robin, a gauntlet),
//! the sequential test that stops a match (`--sprt`), and adjudication by
//! score (`--resign`), through the binary. The crosstable and the ratings
//! are checked against a computation of their own here, from the records.

use crate::support::matches as support;

use serde_json::Value;
use std::collections::HashMap;
use support::{kifu_in, play_match, random_engine, read, scratch, stable, tag_values, test_engine};

/// Each duel of `records` as (White's engine, Black's engine, White's
/// points), read from the tags.
fn duels(records: &str) -> Vec<(String, String, f64)> {
    let whites = tag_values(records, "White");
    let blacks = tag_values(records, "Black");
    let results = tag_values(records, "Result");
    assert_eq!((whites.len(), blacks.len()), (results.len(), results.len()));
    (whites.into_iter().zip(blacks).zip(results))
        .map(|((white, black), result)| {
            let points = match result.as_str() {
                "W+" => 1.0,
                "B+" => 0.0,
                _ => 0.5,
            };
            (white, black, points)
        })
        .collect()
}

/// The ratings of `names` from `games`, fitted here independently of kifu:
/// the Bradley-Terry strengths by Zermelo's iteration (a draw half a win
/// for each side), in Elo with the field's mean 0, and the half-width of
/// each one's 95% interval from the Fisher information under the
/// constraint that the ratings sum to 0, inverted by Gauss-Jordan.
fn reference_ratings(names: &[String], games: &[(String, String, f64)]) -> Vec<(f64, f64)> {
    let k = names.len();
    let at = |name: &String| names.iter().position(|n| n == name).expect("an engine");
    let (mut played, mut won) = (vec![vec![0.0; k]; k], vec![0.0; k]);
    for (white, black, points) in games {
        let (w, b) = (at(white), at(black));
        played[w][b] += 1.0;
        played[b][w] += 1.0;
        won[w] += points;
        won[b] += 1.0 - points;
    }
    let mut strength = vec![1.0_f64; k];
    for _ in 0..20_000 {
        let next: Vec<f64> = (0..k)
            .map(|i| {
                let denominator: f64 = (0..k)
                    .filter(|&j| j != i)
                    .map(|j| played[i][j] / (strength[i] + strength[j]))
                    .sum();
                won[i] / denominator
            })
            .collect();
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / k as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
    }
    let elo: Vec<f64> = strength.iter().map(|s| 400.0 * s.log10()).collect();
    // The information of the ratings, in natural units, and 1/k added to
    // every entry so that the matrix has an inverse.
    let mut info = vec![vec![1.0 / k as f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                let p = strength[i] / (strength[i] + strength[j]);
                let w = played[i][j] * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    let mut inverse: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for column in 0..k {
        let pivot = info[column][column];
        for j in 0..k {
            info[column][j] /= pivot;
            inverse[column][j] /= pivot;
        }
        for row in 0..k {
            if row != column {
                let factor = info[row][column];
                for j in 0..k {
                    info[row][j] -= factor * info[column][j];
                    inverse[row][j] -= factor * inverse[column][j];
                }
            }
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..k)
        .map(|i| {
            let variance = inverse[i][i] - 1.0 / k as f64;
            (elo[i], 1.96 * variance.sqrt() * scale)
        })
        .collect()
}

/// Each cell of `table`'s crosstable holds the points and games of its
/// row's engine against its column's in `games`, counted here.
fn check_crosstable(table: &Value, games: &[(String, String, f64)]) {
    let crosstable = table["crosstable"].as_array().expect("a crosstable");
    assert_eq!(crosstable.len(), 4);
    for row in crosstable {
        let engine = row["engine"].as_str().expect("an engine");
        for cell in row["against"].as_array().expect("cells") {
            let opponent = cell["opponent"].as_str().expect("an opponent");
            let (mut points, mut played) = (0.0, 0);
            for (white, black, white_points) in games {
                if (white, black) == (&engine.to_owned(), &opponent.to_owned()) {
                    (points, played) = (points + white_points, played + 1);
                } else if (white, black) == (&opponent.to_owned(), &engine.to_owned()) {
                    (points, played) = (points + 1.0 - white_points, played + 1);
                }
            }
            assert_eq!(
                cell["points"].as_f64(),
                Some(points),
                "{engine} v {opponent}"
            );
            let total = cell["wins"].as_u64().unwrap_or(0)
                + cell["losses"].as_u64().unwrap_or(0)
                + cell["unfinished"].as_u64().unwrap_or(0);
            assert_eq!(total, played, "{engine} v {opponent}");
        }
    }
}

/// Each engine's rating and interval in `table` are those fitted here
/// ([`reference_ratings`]), to the hundredth they are rounded to.
fn check_ratings(table: &Value, games: &[(String, String, f64)]) {
    let rows = table["duels"].as_array().expect("duels");
    let order: Vec<String> = (rows.iter())
        .map(|row| row["engine"].as_str().expect("a name").to_owned())
        .collect();
    for (row, (elo, error)) in rows.iter().zip(reference_ratings(&order, games)) {
        let name = &row["engine"];
        let got = row["elo"].as_f64().unwrap_or(f64::NAN);
        assert!((got - elo).abs() <= 0.006, "{name}: {got} against {elo}");
        let got = row["elo_error"].as_f64().unwrap_or(f64::NAN);
        assert!(
            (got - error).abs() <= 0.006,
            "{name}: ±{got} against ±{error}"
        );
    }
}

/// A round-robin of four engines: every pair meets from each opening,
/// colours swapped; the crosstable and each engine's rating and interval
/// are those computed here from the records, and `--report` gives the
/// same table.
#[test]
fn a_round_robin_of_four_engines_matches_the_reference() {
    let dir = scratch("round-robin");
    let names = ["r1", "r2", "r3", "r4"];
    let engines: Vec<String> = (1..=4).map(random_engine).collect();
    let lineup: Vec<(&str, &str)> = engines.iter().map(String::as_str).zip(names).collect();
    let run = play_match(
        &dir,
        &lineup,
        &[
            "--game",
            "mana",
            "--games",
            "120",
            "--concurrency",
            "2",
            "--format",
            "json",
            "--out",
            "rr.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "rr.kifu");
    let verdicts = kifu_in(&dir, &["validate", "--quiet", "rr.kifu"]);
    assert_eq!(verdicts.status, Some(0), "{}", verdicts.err);
    let games = duels(&records);
    assert_eq!(games.len(), 120);
    // Every pair, 20 games, ten with each colour.
    let mut met: HashMap<(String, String), usize> = HashMap::new();
    for (white, black, _) in &games {
        *met.entry((white.clone(), black.clone())).or_default() += 1;
    }
    assert_eq!(met.len(), 12);
    assert!(met.values().all(|&n| n == 10), "{met:?}");
    let table: Value = serde_json::from_str(&run.out).expect("JSON");
    check_crosstable(&table, &games);
    check_ratings(&table, &games);
    let report = kifu_in(&dir, &["match", "--format", "json", "--report", "rr.kifu"]);
    let again: Value = serde_json::from_str(&report.out).expect("JSON");
    let sorted = |value: &Value| {
        let mut rows: Vec<String> = (value["duels"].as_array().expect("duels").iter())
            .map(Value::to_string)
            .collect();
        rows.sort();
        rows
    };
    assert_eq!(sorted(&again), sorted(&table));
}

/// A gauntlet: the first engine against each other, and no other pair
/// (mana's first seat is Black), from the standard start; the text
/// table shows the crosstable.
#[test]
fn a_gauntlet_plays_the_first_engine_against_the_others() {
    let dir = scratch("gauntlet");
    let engines: Vec<String> = (1..=4).map(random_engine).collect();
    let names = ["g", "a", "b", "c"];
    let lineup: Vec<(&str, &str)> = engines.iter().map(String::as_str).zip(names).collect();
    let run = play_match(
        &dir,
        &lineup,
        &[
            "--game",
            "mana",
            "--setup",
            "c1 c6",
            "--gauntlet",
            "--out",
            "g.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "g.kifu");
    let pairs: Vec<(String, String)> = (duels(&records).into_iter())
        .map(|(white, black, _)| (white, black))
        .collect();
    let expected: Vec<(String, String)> = ["a", "b", "c"]
        .iter()
        .flat_map(|o| [(*o, "g"), ("g", *o)])
        .map(|(w, b)| (w.to_owned(), b.to_owned()))
        .collect();
    assert_eq!(pairs, expected);
    insta::assert_snapshot!("gauntlet_table", run.out);
    // A longer gauntlet, as JSON: its crosstable and ratings against the
    // computation here (the others meet only the first engine).
    let run = play_match(
        &dir,
        &lineup,
        &[
            "--game",
            "mana",
            "--gauntlet",
            "--games",
            "60",
            "--format",
            "json",
            "--out",
            "g60.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let games = duels(&read(&dir, "g60.kifu"));
    assert_eq!(games.len(), 60);
    assert!(games.iter().all(|(w, b, _)| w == "g" || b == "g"));
    let table: Value = serde_json::from_str(&run.out).expect("JSON");
    check_crosstable(&table, &games);
    check_ratings(&table, &games);
}

/// `--sprt`: the greedy engine against the random one stops as soon as
/// the test accepts H1, long before `--games`; the log shows the LLR as
/// the pairs end, and the table the test's end.
#[test]
fn sprt_stops_the_match_when_the_test_decides() {
    let dir = scratch("sprt");
    let kifu = support::kifu_path();
    let greedy = format!("{} engine --greedy", kifu.display());
    let run = play_match(
        &dir,
        &[(&greedy, "greedy"), (&random_engine(3), "random")],
        &[
            "--game",
            "shogun",
            "--games",
            "400",
            "--sprt",
            "elo0=0,elo1=100",
            "--out",
            "s.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "s.kifu");
    let played = tag_values(&records, "Round").len();
    assert!((2..400).contains(&played), "{played} games");
    // A line for each pair up to the one that decides; the games begun by
    // then (the worker may be ahead of the log) are finished and counted
    // in the table, not in the test.
    let sprt_lines = |log: &str| -> Vec<String> {
        (log.lines())
            .filter(|l| l.starts_with("SPRT: LLR "))
            .map(str::to_owned)
            .collect()
    };
    let llrs = sprt_lines(&run.err);
    assert!((1..=played / 2).contains(&llrs.len()), "{}", run.err);
    let last = llrs.last().cloned().unwrap_or_default();
    assert!(last.ends_with(": H1 accepted"), "{last}");
    assert!(last.contains(" (-2.94, 2.94) after "), "{last}");
    let table = run.out.lines().last().unwrap_or_default();
    assert!(
        table.starts_with("SPRT elo0=0,elo1=100,alpha=0.05,beta=0.05: LLR ")
            && table.contains(", H1 accepted; pairs "),
        "{table}"
    );
    let json = play_match(
        &dir,
        &[(&greedy, "greedy"), (&random_engine(3), "random")],
        &[
            "--game",
            "shogun",
            "--games",
            "400",
            "--sprt",
            "elo0=0,elo1=100",
            "--format",
            "json",
        ],
    );
    let table: Value = serde_json::from_str(&json.out).expect("JSON");
    assert_eq!(table["sprt"]["accepted"], "H1");
    assert_eq!(table["sprt"]["upper"], 2.944);
    let pairs: u64 = (table["sprt"]["pentanomial"]
        .as_array()
        .expect("five counts")
        .iter())
    .filter_map(Value::as_u64)
    .sum();
    assert_eq!(pairs as usize, sprt_lines(&json.err).len());
}

/// The first engine's half points in each race of `records`, read from
/// the tags: a point for each of its seats and each of the other's, to the
/// better score (the better place), half each when they tie.
fn race_halves(records: &str, first: &str) -> Vec<usize> {
    let engines = tag_values(records, "Engines");
    let results = tag_values(records, "Result");
    assert_eq!(engines.len(), results.len());
    (engines.iter().zip(&results))
        .map(|(engines, result)| {
            let scores: Vec<i32> = (result.split(' '))
                .map(|seat| seat.split_once(':').and_then(|(_, n)| n.parse().ok()))
                .collect::<Option<_>>()
                .unwrap_or_else(|| panic!("{result}"));
            let seats: Vec<(&str, i32)> = engines.split(", ").zip(scores).collect();
            let mut halves = 0;
            for (_, own) in seats.iter().filter(|(e, _)| *e == first) {
                for (_, other) in seats.iter().filter(|(e, _)| *e != first) {
                    halves += match own.cmp(other) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
            }
            halves
        })
        .collect()
}

/// The first `pairs` pairs of races of `halves` (the first engine's
/// half points in each race, two races a pair) counted by their half
/// points, 0 to 8: three seats.
fn histogram(halves: &[usize], pairs: u64) -> Vec<u64> {
    let mut counts = vec![0; 9];
    for pair in halves.chunks(2).take(pairs as usize) {
        counts[pair.iter().sum::<usize>()] += 1;
    }
    counts
}

/// `--sprt` in lotus: pairs of races (one setup, the seats rotated) are
/// counted by the first engine's points in the duels of places, nine bins
/// with three seats, each pair as the records say, those of `--resume`
/// too; the greedy player against the random one is accepted as
/// stronger, and the table rates both by place.
#[test]
fn sprt_counts_pairs_of_races_by_place() {
    let dir = scratch("sprt-lotus");
    let kifu = support::kifu_path();
    let greedy = format!("{} engine --greedy", kifu.display());
    let against_random = |resume: bool| {
        let mut options = vec![
            "--game",
            "lotus",
            "--games",
            "200",
            "--sprt",
            "elo0=0,elo1=100",
            "--out",
            "g.kifu",
            "--format",
            "json",
        ];
        options.extend(resume.then_some("--resume"));
        play_match(
            &dir,
            &[(&greedy, "greedy"), (&random_engine(3), "random")],
            &options,
        )
    };
    let run = against_random(false);
    assert_eq!(run.status, Some(0), "{}", run.err);
    let table: Value = serde_json::from_str(&run.out).expect("JSON");
    assert_eq!(table["sprt"]["accepted"], "H1", "{}", run.out);
    assert!(table["sprt"].get("pentanomial").is_none(), "{}", run.out);
    let counts = |table: &Value| -> Vec<u64> {
        (table["sprt"]["pairs"].as_array().expect("the pairs").iter())
            .filter_map(Value::as_u64)
            .collect()
    };
    // The pairs as the records count them, nearly all at 4 points of 4:
    // the greedy player ahead of the random one.
    let pairs = counts(&table);
    let decided = pairs.iter().sum::<u64>();
    let halves = race_halves(&read(&dir, "g.kifu"), "greedy");
    assert!(halves.len() as u64 >= 2 * decided, "{halves:?}");
    assert_eq!(pairs, histogram(&halves, decided), "{halves:?}");
    assert!(pairs[8] * 4 >= decided * 3, "{pairs:?}");
    let joined: Vec<String> = pairs.iter().map(u64::to_string).collect();
    let said = format!(
        "SPRT: LLR {:.2} (-2.94, 2.94) after {decided} pairs ({}): H1 accepted",
        table["sprt"]["llr"].as_f64().unwrap_or_default(),
        joined.join("-")
    );
    let log = run.err.lines().rfind(|l| l.starts_with("SPRT: LLR "));
    assert_eq!(log.unwrap_or_default(), said);
    // Resumed, the file's pairs have decided: no game is played.
    let before = read(&dir, "g.kifu");
    let again = against_random(true);
    assert_eq!(again.status, Some(0), "{}", again.err);
    assert_eq!(read(&dir, "g.kifu"), before);
    let told = format!("{said}\nkifu: 0 games, 0 moves\n");
    assert!(again.err.ends_with(&told), "{}", again.err);
    let resumed: Value = serde_json::from_str(&again.out).expect("JSON");
    assert_eq!(resumed["sprt"], table["sprt"]);
    // Both engines random, the match stopped after 12 races and resumed:
    // the pairs fall in many bins, each as the records count it, those of
    // the first run too, and the table gives the Elo by place.
    let random = |games: &str, resume: bool| {
        let mut options = vec![
            "--game",
            "lotus",
            "--games",
            games,
            "--sprt",
            "elo0=-50,elo1=50",
            "--out",
            "r.kifu",
            "--format",
            "json",
        ];
        options.extend(resume.then_some("--resume"));
        play_match(
            &dir,
            &[(&random_engine(1), "one"), (&random_engine(2), "two")],
            &options,
        )
    };
    let first = random("12", false);
    assert_eq!(first.status, Some(0), "{}", first.err);
    let run = random("24", true);
    assert_eq!(run.status, Some(0), "{}", run.err);
    let table: Value = serde_json::from_str(&run.out).expect("JSON");
    let pairs = counts(&table);
    let halves = race_halves(&read(&dir, "r.kifu"), "one");
    assert_eq!(pairs, histogram(&halves, pairs.iter().sum()), "{halves:?}");
    assert!(
        pairs.iter().sum::<u64>() > 6,
        "{pairs:?}: the first run's pairs are counted"
    );
    assert!(pairs.iter().filter(|&&n| n > 0).count() >= 3, "{pairs:?}");
    assert!(table["races"][0]["elo"].is_number(), "{}", run.out);
    assert_eq!(
        table["races"][0]["elo"],
        -table["races"][1]["elo"].as_f64().unwrap_or(0.0)
    );
}

/// `--resign`: two engines that both say the first is far ahead end each
/// game after three scores each, won by it, and `--report` counts it so.
#[test]
fn resign_adjudicates_when_both_engines_agree() {
    // Not "resign", the directory of `matches::resigning_loses_the_game`:
    // in one test binary the two may run at once.
    let dir = scratch("tournament-resign");
    let up = test_engine("--seed 1 --score 500");
    let down = test_engine("--seed 2 --score -450");
    let run = play_match(
        &dir,
        &[(&up, "up"), (&down, "down")],
        &[
            "--game",
            "mana",
            "--setup",
            "c1 c6",
            "--games",
            "2",
            "--resign",
            "moves=3,score=400",
            "--out",
            "a.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "a.kifu");
    assert_eq!(tag_values(&records, "Termination"), ["adjudication"; 2]);
    assert_eq!(tag_values(&records, "Result"), ["B+", "W+"]);
    insta::assert_snapshot!(
        "resign_first_record",
        stable(records.split("\n\n[").next().unwrap_or(""))
    );
    let verdicts = kifu_in(&dir, &["validate", "a.kifu"]);
    assert_eq!(
        (verdicts.out.as_str(), verdicts.status),
        (
            "a.kifu:1: mana, 6 plies, B+ (adjudication)\na.kifu:17: mana, 6 plies, W+ (adjudication)\n",
            Some(0)
        )
    );
    let report = kifu_in(&dir, &["match", "--report", "a.kifu"]);
    assert_eq!(
        (report.out.as_str(), report.status),
        (run.out.as_str(), Some(0))
    );
    assert!(run.out.contains("up against down: 2-0-0"), "{}", run.out);
}

/// Options that cannot go together: status 2 and what to do.
#[test]
fn tournament_options_are_checked_before_any_game() {
    let dir = scratch("tournament-options");
    let one = random_engine(1);
    let three = [(&*one, "a"), (&*one, "b"), (&*one, "c")];
    for (engines, options, message) in [
        (
            &three[..],
            &["--game", "mana", "--sprt", "elo0=0,elo1=10"][..],
            "kifu: --sprt tests one engine against another: give two --engine\n",
        ),
        (
            &three[..],
            &["--game", "lotus", "--gauntlet"][..],
            "kifu: --gauntlet is for two-player games; the seats of lotus are shared by all the engines\n",
        ),
    ] {
        let run = play_match(&dir, engines, options);
        assert_eq!((run.err.as_str(), run.status), (message, Some(2)));
    }
    for (option, value, why) in [
        (
            "--sprt",
            "elo0=10,elo1=5",
            "elo1 (5) must be greater than elo0 (10)",
        ),
        (
            "--resign",
            "moves=3",
            "give both moves=N and score=S (like moves=3,score=400)",
        ),
    ] {
        let run = play_match(&dir, &three[..2], &["--game", "mana", option, value]);
        assert_eq!(run.status, Some(2));
        assert!(run.err.contains(why), "{}", run.err);
    }
}
