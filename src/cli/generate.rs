//! `kifu new` and `kifu random`: fresh and random records.

use super::Status;
use crate::front::Ran;
use crate::front::args::{NewArgs, RandomArgs};
use crate::game::{AnyGame, GameKind, SetupError, Tags};
use crate::random::Rng;
use crate::random::random_game;
use crate::record::{Tag, tag_value_fault};
use std::io::Write;

/// Runs `kifu new`: the record `kifu play` would start from the same
/// options.
///
/// # Errors
/// Options that start no game, or a failure to write `out`.
pub(crate) fn new(args: &NewArgs, out: &mut dyn Write) -> Ran {
    let drawn = args
        .seed
        .map(|seed| args.game.random_tags(&mut Rng::new(seed)))
        .unwrap_or_default();
    let record = crate::front::setup::new_record(args.game, &args.setup, drawn)?;
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
) -> Result<Box<dyn AnyGame>, SetupError> {
    let mut tags: Vec<Tag> = kind
        .random_tags(rng)
        .into_iter()
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    if let Some(value) = players {
        tags.retain(|t| t.name != "Players");
        tags.push(Tag {
            name: "Players".into(),
            value: value.into(),
            offset: 0,
        });
    }
    kind.start(Tags::new(&tags))
}
