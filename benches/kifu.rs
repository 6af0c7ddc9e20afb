//! criterion benchmarks: record parsing, judging, the check of a single
//! move, legal-move generation (perft) and rendering, for every game.
//!
//! Run with `cargo bench`; see `benches/README.md` for the figures.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kifu::draw::{Charset, Drawing};
use kifu::game::{Game, GameKind, Tags, perft};
use kifu::games::escampe::Escampe;
use kifu::games::lotus::Lotus;
use kifu::games::mana::Mana;
use kifu::games::shogun::Shogun;
use kifu::play::random_game;
use kifu::random::Rng;
use kifu::record::{RawRecord, RecordReader, Tag};
use kifu::referee::judge_record;
use std::hint::black_box;
use std::time::Duration;

/// The games benchmarked.
const KINDS: [GameKind; 4] = [
    GameKind::Mana,
    GameKind::Escampe,
    GameKind::Shogun,
    GameKind::Lotus,
];

/// Records per sample file.
const RECORDS: usize = 20;

/// Plies played from the start before the single-move and perft benches.
const MIDGAME_PLIES: usize = 10;

/// Short runs, so that `cargo bench` ends in a few minutes on 2 cores.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

/// Random start tags for a game, as `kifu random` makes them.
fn start_tags(kind: GameKind, rng: &mut Rng) -> Vec<Tag> {
    kind.random_tags(rng)
        .into_iter()
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect()
}

/// The text of [`RECORDS`] random complete records of a game.
fn sample_text(kind: GameKind) -> String {
    let mut rng = Rng::new(1);
    let mut text = String::new();
    for _ in 0..RECORDS {
        let tags = start_tags(kind, &mut rng);
        let Ok(game) = kind.start(Tags::new(&tags)) else {
            panic!("random tags of {kind} are not accepted");
        };
        text.push_str(&random_game(game, &mut rng));
        text.push('\n');
    }
    text
}

/// A position some random plies into a game, and a legal move there.
fn midgame<G: Game>(kind: GameKind) -> (G, G::Move) {
    let mut rng = Rng::new(7);
    let tags = start_tags(kind, &mut rng);
    let Ok(mut game) = G::from_tags(Tags::new(&tags)) else {
        panic!("random tags of {kind} are not accepted");
    };
    for _ in 0..MIDGAME_PLIES {
        let moves = game.legal_moves();
        match moves.get(rng.below(moves.len())) {
            Some(mv) if !game.is_over() => game.apply(mv),
            _ => break,
        }
    }
    let moves = game.legal_moves();
    let Some(mv) = moves.get(moves.len() / 2).cloned() else {
        panic!("{kind}: no legal move after {MIDGAME_PLIES} plies");
    };
    (game, mv)
}

/// Splitting and parsing records whole (as `kifu json` does), and
/// validating them (as `kifu validate` does: the tags parsed, the movetext
/// judged as it is read).
fn records(c: &mut Criterion) {
    let mut group = c.benchmark_group("records");
    for kind in KINDS {
        let text = sample_text(kind);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", kind), &text, |b, text| {
            b.iter(|| {
                RecordReader::new(text.as_bytes())
                    .filter(|r| matches!(r, Ok(Ok(_))))
                    .count()
            });
        });
        group.bench_with_input(BenchmarkId::new("validate", kind), &text, |b, text| {
            b.iter(|| {
                let mut reader = RecordReader::new(text.as_bytes());
                let mut valid = 0;
                while let Ok(Some(raw)) = reader.next_raw() {
                    let verdict = raw
                        .and_then(RawRecord::parse_head)
                        .and_then(|r| judge_record(&r));
                    valid += usize::from(verdict.is_ok_and(|v| v.is_valid()));
                }
                valid
            });
        });
    }
    group.finish();
}

/// Reading and checking one move, for one game.
fn check_one<G: Game>(c: &mut Criterion, kind: GameKind) {
    let (game, mv) = midgame::<G>(kind);
    let text = mv.to_string();
    c.bench_function(&format!("check/{kind}"), |b| {
        b.iter(|| {
            let mv = game.read_move(black_box(text.as_bytes())).ok();
            mv.map(|mv| game.check(&mv).is_ok())
        });
    });
}

/// The check of a single move for every game.
fn check(c: &mut Criterion) {
    check_one::<Mana>(c, GameKind::Mana);
    check_one::<Escampe>(c, GameKind::Escampe);
    check_one::<Shogun>(c, GameKind::Shogun);
    check_one::<Lotus>(c, GameKind::Lotus);
}

/// perft to `depth` from a middle-game position: legal-move generation
/// (for Shogun with its attack test) and applying moves, in nodes per second.
fn perft_one<G: Game>(c: &mut Criterion, kind: GameKind, depth: u32) {
    let (game, _) = midgame::<G>(kind);
    let nodes = perft(&game, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(BenchmarkId::new(kind.name(), depth), |b| {
        b.iter(|| perft(black_box(&game), depth));
    });
    group.finish();
}

/// Legal-move generation for every game.
fn legal_moves(c: &mut Criterion) {
    perft_one::<Mana>(c, GameKind::Mana, 3);
    perft_one::<Escampe>(c, GameKind::Escampe, 3);
    perft_one::<Shogun>(c, GameKind::Shogun, 2);
    perft_one::<Lotus>(c, GameKind::Lotus, 3);
}

/// Rendering a middle-game board.
fn render_one<G: Game + Drawing>(c: &mut Criterion, kind: GameKind) {
    let (game, _) = midgame::<G>(kind);
    c.bench_function(&format!("render/{kind}"), |b| {
        b.iter(|| black_box(&game).text(&Charset::Unicode.into()).len());
    });
}

/// Rendering for every game.
fn render(c: &mut Criterion) {
    render_one::<Mana>(c, GameKind::Mana);
    render_one::<Escampe>(c, GameKind::Escampe);
    render_one::<Shogun>(c, GameKind::Shogun);
    render_one::<Lotus>(c, GameKind::Lotus);
}

criterion_group! {
    name = benches;
    config = config();
    targets = records, check, legal_moves, render
}
criterion_main!(benches);
