//! A review written into its record: after each move the score of the
//! position it reached (`{cp 35}`), its class's glyph (`?!`, `?`, `??`,
//! or `$6`, `$2`, `$4` beside a glyph of the record's own), and the
//! engine's better line as a variation of the move it betters.

use super::Review;
use crate::model::{MoveNode, WrittenMoves};
use crate::play::{GameTree, NodeId};
use crate::record::{Record, write_record};

/// The text of `record` with `review` written into its main line; the
/// record's tags, result, comments and glyphs kept, its own variations
/// not.
pub(super) fn annotated(record: &Record, review: &Review) -> String {
    let tags: Vec<(String, String)> = (record.tags.iter())
        .map(|t| (t.name.to_string(), t.value.to_string()))
        .collect();
    let result = record.result_token().map(|(token, _)| token);
    let leading: Vec<String> = (WrittenMoves::leading_comments(record).into_iter())
        .map(str::to_owned)
        .collect();
    let Some(start) = review.positions.first() else {
        return write_record(&tags, &leading, &[], result);
    };
    // The record's own glyphs and comments, kept beside the engine's.
    let own: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
    let mut tree = GameTree::new(start.box_clone());
    let mut at = NodeId::START;
    let mut better: Vec<(NodeId, &[String])> = Vec::new();
    let mut units = review.moves.iter().zip(review.plies.iter().skip(1));
    let mut unit = units.next();
    let mut unit_start = at;
    for (ply, played) in review.line.iter().enumerate() {
        let Ok((id, _)) = tree.play(at, played) else {
            break;
        };
        let node = own.get(ply);
        let mut nags = node
            .and_then(|n| n.more.as_ref())
            .map_or_else(Vec::new, |m| m.nags.clone());
        let mut glyph = node.and_then(|n| n.glyph);
        let mut said: Vec<String> = node.map_or_else(Vec::new, |n| {
            n.comments.iter().map(|c| (*c).to_owned()).collect()
        });
        // A move (lotus: a turn) is judged at its last ply.
        if let Some((judged, _)) = unit.filter(|(_, end)| **end == ply + 1) {
            let class = judged.class();
            // A move that has a glyph of its own gets the review's as a
            // number.
            match glyph {
                Some(_) => nags.extend(class.map(|c| c.nag())),
                None => glyph = class.map(|c| c.glyph()),
            }
            let ended = tree.position(id).is_over();
            said.extend(judged.after.filter(|_| !ended).map(|s| s.to_string()));
            if let Some(line) = judged.better.as_ref().filter(|_| judged.bettered()) {
                better.push((unit_start, line.line.as_slice()));
            }
            unit = units.next();
            unit_start = id;
        }
        tree.set_glyph(id, glyph.map(str::to_owned));
        tree.set_nags(id, nags);
        tree.set_comments(id, said);
        at = id;
    }
    // Each better line, as far as its moves are legal, once the main line
    // is whole: a variation beside the move it betters.
    for (from, line) in better {
        let mut node = from;
        for text in line {
            match tree.play(node, text) {
                Ok((id, _)) => node = id,
                Err(_) => break,
            }
        }
    }
    write_record(&tags, &leading, &tree.written(at), result)
}
