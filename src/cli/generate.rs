//! `kifu new` and `kifu random`: fresh and random records.

use super::Status;
use crate::front::Ran;
use crate::front::args::{NewArgs, RandomArgs};
use crate::game::{AnyGame, GameKind};
use crate::play::{RecordBuilder, Start, StartError, random_game, start_of_tags};
use crate::random::Rng;
use crate::record::tag_value_fault;
use std::io::Write;

/// Runs `kifu new`: the record `kifu play` would start from the same
/// options.
///
/// # Errors
/// Options that start no game, or a failure to write `out`.
pub(crate) fn new(args: &NewArgs, out: &mut dyn Write) -> Ran {
    let options = args.setup.options(args.seed)?;
    let start = crate::play::start(args.game, &options)?.placed()?;
    let record = RecordBuilder::with_tags(start.record_tags()).text(start.game.as_ref());
    out.write_all(record.as_bytes())?;
    Ok(Status::Ok)
}

/// Runs `kifu random`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn random(args: &RandomArgs, out: &mut dyn Write) -> Ran {
    let mut rng = Rng::new(args.seed);
    for i in 0..args.count {
        if let Some(fault) = args.players.as_deref().and_then(tag_value_fault) {
            say!("kifu: --players: {fault}");
            return Ok(Status::Trouble);
        }
        let game = match start(args.game, &mut rng, args.players.as_deref()) {
            Ok(game) => game,
            Err(message) => {
                say!("kifu: {message}");
                return Ok(Status::Trouble);
            }
        };
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(random_game(game, &mut rng).as_bytes())?;
    }
    Ok(Status::Ok)
}

/// A random start position, with the `Players` tag given, if any.
fn start(
    kind: GameKind,
    rng: &mut Rng,
    players: Option<&str>,
) -> Result<Box<dyn AnyGame>, StartError> {
    let mut tags = kind.random_tags(rng);
    if let Some(value) = players {
        tags.retain(|(name, _)| name != "Players");
        tags.push(("Players".to_owned(), value.to_owned()));
    }
    Ok(start_of_tags(kind, tags).and_then(Start::placed)?.game)
}
