//! Prints a long Shogun record of quiet moves, for `benches/json.sh`:
//! `cargo run --release --example long_shogun -- 10000`.

#[path = "../tests/support/long.rs"]
mod long;

fn main() {
    let plies = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let (text, _) = long::long_shogun(plies, 1);
    print!("{text}");
}
