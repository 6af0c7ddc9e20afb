//! Every placement of the side to place, each once.

use crate::game::Placing;

/// Every placement of `placing`'s mover, each once: the first word (the
/// leader's square: escampe's Unicorn) any open square, then the others
/// (the followers', whose order does not matter) in the order the
/// placing lists them, each after the one before. Escampe: 11,088 for
/// Black (two edges, 12 x 462), 5,544 for White.
pub fn every(placing: &dyn Placing) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for first in placing.next_words(&[]) {
        let given = vec![first];
        let rest = placing.next_words(&given);
        let wanted = pieces(placing, &given, &rest);
        combine(&given, &rest, wanted, &mut all);
    }
    all
}

/// How many more words make a whole placement after `given`: counted by
/// following the first open word until none is open.
fn pieces(placing: &dyn Placing, given: &[String], open: &[String]) -> usize {
    let mut words = given.to_vec();
    let mut next = open.to_vec();
    while let Some(word) = next.first().cloned() {
        words.push(word);
        next = placing.next_words(&words);
    }
    words.len() - given.len()
}

/// Pushes onto `all` every placement of `given` and `wanted` more words
/// of `open`, taken in order.
fn combine(given: &[String], open: &[String], wanted: usize, all: &mut Vec<Vec<String>>) {
    if wanted == 0 {
        all.push(given.to_vec());
        return;
    }
    for (at, word) in open.iter().enumerate() {
        if open.len() - at < wanted {
            break;
        }
        let mut words = given.to_vec();
        words.push(word.clone());
        combine(&words, &open[at + 1..], wanted - 1, all);
    }
}
