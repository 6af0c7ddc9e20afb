//! `kifu new` and `kifu random`: fresh and random records.

use super::Status;
use super::args::{NewArgs, RandomArgs};
use crate::builder::RecordBuilder;
use crate::game::{AnyGame, GameKind, Tags};
use crate::random::random_game;
use crate::record::Tag;
use crate::rng::Rng;
use std::io::{self, Write};

/// Runs `kifu new`.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn new(args: &NewArgs, out: &mut dyn Write) -> io::Result<Status> {
    let mut rng = args.seed.map(Rng::new);
    let given = Given {
        players: args.players.as_deref(),
        position: args.position.as_deref(),
    };
    let game = match start(args.game, rng.as_mut(), given) {
        Ok(game) => game,
        Err(message) => {
            eprintln!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    let record = RecordBuilder::new(args.game, game.setup_tags());
    out.write_all(record.text(game.as_ref()).as_bytes())?;
    Ok(Status::Ok)
}

/// Runs `kifu random`.
///
/// # Errors
/// Failures to write `out`.
pub(super) fn random(args: &RandomArgs, out: &mut dyn Write) -> io::Result<Status> {
    let mut rng = Rng::new(args.seed);
    for i in 0..args.count {
        let given = Given {
            players: args.players.as_deref(),
            position: None,
        };
        let game = match start(args.game, Some(&mut rng), given) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("kifu: {message}");
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

/// The tags given on the command line, each replacing a random one.
#[derive(Debug, Clone, Copy)]
struct Given<'a> {
    /// The `Players` tag (lotus).
    players: Option<&'a str>,
    /// The `Position` tag.
    position: Option<&'a str>,
}

/// The start position: random tags when a generator is given, and the
/// tags given.
fn start(
    kind: GameKind,
    rng: Option<&mut Rng>,
    given: Given<'_>,
) -> Result<Box<dyn AnyGame>, String> {
    let mut tags: Vec<Tag> = rng
        .map(|rng| kind.random_tags(rng))
        .unwrap_or_default()
        .into_iter()
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    for (name, value) in [("Players", given.players), ("Position", given.position)] {
        if let Some(value) = value {
            tags.retain(|t| t.name != name);
            tags.push(Tag {
                name: name.into(),
                value: value.into(),
                offset: 0,
            });
        }
    }
    kind.start(Tags::new(&tags)).map_err(|e| e.to_string())
}
