//! A long Shogun record: `plies` plies of quiet moves (no capture, no
//! check while one is to be had), so that the game goes on.

use kifu::game::{GameKind, Tags};
use kifu::random::Rng;

/// The text of a Shogun record of `plies` plies, or fewer if the game
/// ends first; and the number of plies it holds.
pub fn long_shogun(plies: usize, seed: u64) -> (String, usize) {
    let mut rng = Rng::new(seed);
    let tags: [kifu::record::Tag; 0] = [];
    let Ok(mut game) = GameKind::Shogun.start(Tags::new(&tags)) else {
        return (String::new(), 0);
    };
    let mut text = String::from("[Game \"shogun\"]\n\n");
    let mut played = 0;
    while played < plies && !game.is_over() {
        let moves = game.legal_moves();
        let quiet: Vec<&String> = moves
            .iter()
            .filter(|m| !m.contains('x') && !m.contains('+'))
            .collect();
        let pick = if quiet.is_empty() {
            moves.get(rng.below(moves.len().max(1)))
        } else {
            quiet.get(rng.below(quiet.len())).copied()
        };
        let Some(mv) = pick.cloned() else { break };
        if game.play(&mv).is_err() {
            break;
        }
        text.push_str(&mv);
        text.push(if played % 10 == 9 { '\n' } else { ' ' });
        played += 1;
    }
    text.push_str("*\n");
    (text, played)
}
