//! The one start of a fresh game: the setup options of `kifu new` (or the
//! tags a referee states) become a position, checked as the referee checks
//! a record's tags, with no record written and read back.
//!
//! `kifu new`, `kifu play`, `kifu match`'s openings, `kifu engine`'s
//! `newgame` and `tag`, `kifu serve` and the Python package all start here,
//! so they refuse the same tags with the same words.

use crate::game::{AnyGame, COMMON_TAGS, GameKind, Placing, Tags};
use crate::random::Rng;
use crate::record::{MAX_TAGS, Tag, TagValueFault, is_tag_name, tag_value_fault};
use crate::referee::foreign_tag;

/// The tags the named setup options stand for, in the order they are written.
pub const SETUP_TAGS: [&str; 8] = [
    "Setup", "Position", "Players", "Flowers", "Course", "Rotation", "First", "Discs",
];

/// The choices a fresh game starts from: `kifu new`'s options, each by its
/// tag's name; what they leave open, the game fills in
/// ([`GameKind::default_tag`]: Lotus's players; Escampe's players place
/// its start, [`Start::placing`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartOptions {
    /// The `Setup` tag (Mana, Escampe, Shogun).
    pub setup: Option<String>,
    /// The `Position` tag: start from any position.
    pub position: Option<String>,
    /// The `Players` tag (Lotus): 3 to 6 names in turn order.
    pub players: Option<String>,
    /// The `Flowers` tag (Lotus).
    pub flowers: Option<String>,
    /// The `Course` tag (Lotus).
    pub course: Option<String>,
    /// The `Rotation` tag (Shogun): 0, 90, 180 or 270.
    pub rotation: Option<String>,
    /// The `First` tag (Shogun): white or red.
    pub first: Option<String>,
    /// The `Discs` tag (Shogun).
    pub discs: Option<String>,
    /// Any other tag, by name, in order.
    #[serde(default, deserialize_with = "tag_options")]
    pub tags: Vec<(String, String)>,
    /// Draws the start's tags as `kifu random --seed` does; the options
    /// above win over what is drawn.
    pub seed: Option<u64>,
}

/// A fresh game's start: its tags, the position, and the placement still
/// to make when the players place the start.
#[derive(Debug)]
pub struct Start {
    /// The game.
    pub kind: GameKind,
    /// `Game`, then the tags as given, in their order.
    pub tags: Vec<(String, String)>,
    /// The start position; while the players place it, the pieces placed.
    pub game: Box<dyn AnyGame>,
    /// The start the players place before the first move, if they do
    /// (Escampe without `Setup`): its tag joins `tags` once all have placed.
    pub placing: Option<Box<dyn Placing>>,
}

/// Why a fresh game cannot start from the options or tags given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// A `--tag` option (or the board's `tags`) not written `NAME=VALUE`.
    #[error(transparent)]
    Option(#[from] TagOptionError),
    /// A tag given by two options.
    #[error("tag {0} is given twice")]
    Twice(String),
    /// A tag name no record can hold.
    #[error("{0:?} is not a tag name (ASCII letters, digits and _, from a letter)")]
    NotATagName(String),
    /// A `Game` or `Result` tag among the tags: the game is named apart,
    /// and the result comes from the game itself.
    #[error(
        "tag {0}: it is not a start's tag (the game is named apart, the result comes from the game itself)"
    )]
    NotAStartTag(String),
    /// A value no record can hold: the reason ([`tag_value_fault`]).
    #[error("tag {name}: {why}")]
    Unwritable {
        /// The tag.
        name: String,
        /// Why.
        why: TagValueFault,
    },
    /// More tags than a record holds.
    #[error("the start has more than the limit of {MAX_TAGS} tags")]
    TooManyTags,
    /// A tag the referee refuses: of another game, or a start the game
    /// refuses (`tag Setup: ...`).
    #[error("{message}")]
    Refused {
        /// The referee's code (`tag.foreign`, `mana.setup`...).
        code: &'static str,
        /// Its words.
        message: String,
    },
    /// The tags leave the start to be placed by the players, which a
    /// record or a position cannot wait for.
    #[error(
        "{kind} has no default setup: give one with --setup (like \"{example}\"), draw one with --seed N, or place the pieces in kifu play {kind}"
    )]
    Unplaced {
        /// The game.
        kind: GameKind,
        /// A whole start as its tag writes it.
        example: &'static str,
    },
}

/// Why a `--tag` option (`NAME=VALUE`) stands for no tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TagOptionError {
    /// A `--tag` without `=`.
    #[error("--tag {0:?}: write it NAME=VALUE")]
    NoValue(String),
    /// A `--tag` whose name is not a tag name.
    #[error("--tag: {0:?} is not a tag name (ASCII letters, digits and _, from a letter)")]
    NotATagName(String),
    /// `--tag Game=...`.
    #[error("--tag: the game is the GAME argument, not a tag")]
    Game,
    /// `--tag Result=...`.
    #[error("--tag: the Result tag comes from the game itself")]
    Result,
}

/// The tag a `--tag` option stands for: `Event=Club` is `Event`, `Club`.
///
/// # Errors
/// No `=`, a name that is no tag name, or `Game` or `Result`.
pub fn tag_option(text: &str) -> Result<(String, String), TagOptionError> {
    let Some((name, value)) = text.split_once('=') else {
        return Err(TagOptionError::NoValue(text.to_owned()));
    };
    match name {
        _ if !is_tag_name(name) => Err(TagOptionError::NotATagName(name.to_owned())),
        "Game" => Err(TagOptionError::Game),
        "Result" => Err(TagOptionError::Result),
        _ => Ok((name.to_owned(), value.to_owned())),
    }
}

/// The board's `tags`, each written `NAME=VALUE` as `--tag` takes it.
fn tag_options<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(String, String)>, D::Error> {
    let texts: Vec<String> = serde::Deserialize::deserialize(deserializer)?;
    (texts.iter())
        .map(|text| tag_option(text).map_err(serde::de::Error::custom))
        .collect()
}

impl StartOptions {
    /// The options that `tags` stand for: the setup tags by name, the
    /// others in order.
    pub fn of_tags(tags: impl IntoIterator<Item = (String, String)>) -> Self {
        let mut options = StartOptions::default();
        for (name, value) in tags {
            match options.named(&name) {
                Some(slot) if slot.is_none() => *slot = Some(value),
                _ => options.tags.push((name, value)),
            }
        }
        options
    }

    /// The option that stands for the setup tag `name`.
    fn named(&mut self, name: &str) -> Option<&mut Option<String>> {
        Some(match name {
            "Setup" => &mut self.setup,
            "Position" => &mut self.position,
            "Players" => &mut self.players,
            "Flowers" => &mut self.flowers,
            "Course" => &mut self.course,
            "Rotation" => &mut self.rotation,
            "First" => &mut self.first,
            "Discs" => &mut self.discs,
            _ => return None,
        })
    }

    /// The tags these options stand for, without `Game`, in a fixed
    /// order: the setup options; the tags drawn from the seed that no
    /// option gives; the other tags; and first of all the tag the game
    /// adds where the start is still open (Lotus's players).
    ///
    /// # Errors
    /// A tag given twice.
    pub fn tag_list(&self, kind: GameKind) -> Result<Vec<(String, String)>, StartError> {
        let values = [
            &self.setup,
            &self.position,
            &self.players,
            &self.flowers,
            &self.course,
            &self.rotation,
            &self.first,
            &self.discs,
        ];
        let mut tags: Vec<(String, String)> = Vec::new();
        for (name, value) in SETUP_TAGS.into_iter().zip(values) {
            if let Some(value) = value {
                tags.push((name.to_owned(), value.clone()));
            }
        }
        let drawn = (self.seed)
            .map(|seed| kind.random_tags(&mut Rng::new(seed)))
            .unwrap_or_default();
        for (name, value) in drawn {
            if !tags.iter().any(|(n, _)| *n == name) {
                tags.push((name, value));
            }
        }
        for (name, value) in &self.tags {
            if tags.iter().any(|(n, _)| n == name) {
                return Err(StartError::Twice(name.clone()));
            }
            tags.push((name.clone(), value.clone()));
        }
        if let Some((name, value)) = kind.default_tag(&tags) {
            tags.insert(0, (name.to_owned(), value));
        }
        Ok(tags)
    }
}

/// The start of a fresh game of `kind` from `options`: [`start_of_tags`]
/// of the tags they stand for.
///
/// # Errors
/// The first option or tag at fault.
pub fn start(kind: GameKind, options: &StartOptions) -> Result<Start, StartError> {
    start_of_tags(kind, options.tag_list(kind)?)
}

/// The start of a fresh game of `kind` from `tags` (without `Game`), checked
/// as the referee checks a record's tags: each a tag a record can hold,
/// none of another game, and a start the game accepts. Tags that leave the
/// start to the players (Escampe without `Setup`) give the placement to
/// make, [`Start::placing`].
///
/// # Errors
/// The first tag at fault.
pub fn start_of_tags(kind: GameKind, tags: Vec<(String, String)>) -> Result<Start, StartError> {
    if tags.len() + 1 > MAX_TAGS {
        return Err(StartError::TooManyTags);
    }
    for (i, (name, value)) in tags.iter().enumerate() {
        check_tag(kind, name, value)?;
        if tags[..i].iter().any(|(other, _)| other == name) {
            return Err(StartError::Twice(name.clone()));
        }
    }
    let mut all = vec![("Game".to_owned(), kind.name().to_owned())];
    if let Some(placing) = kind.placing(&tags) {
        all.extend(tags);
        return Ok(Start {
            kind,
            tags: all,
            game: placing.board(),
            placing: Some(placing),
        });
    }
    let read: Vec<Tag> = (tags.iter())
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    let game = kind
        .start(Tags::new(&read))
        .map_err(|error| StartError::Refused {
            code: error.first().code,
            message: error.to_string(),
        })?;
    all.extend(tags);
    Ok(Start {
        kind,
        tags: all,
        game,
        placing: None,
    })
}

/// Checks one tag of a fresh game as a record's is checked: a name and a
/// value a record can hold, and a tag of this game or of every game.
fn check_tag(kind: GameKind, name: &str, value: &str) -> Result<(), StartError> {
    if !is_tag_name(name) {
        return Err(StartError::NotATagName(name.to_owned()));
    }
    if matches!(name, "Game" | "Result") {
        return Err(StartError::NotAStartTag(name.to_owned()));
    }
    if let Some(why) = tag_value_fault(value) {
        let name = name.to_owned();
        return Err(StartError::Unwritable { name, why });
    }
    let known = COMMON_TAGS.contains(&name) || kind.tags().contains(&name);
    match foreign_tag(kind, name).filter(|_| !known) {
        Some((code, message)) => Err(StartError::Refused { code, message }),
        None => Ok(()),
    }
}

impl Start {
    /// The tags of a fresh record of this start, as `kifu new` writes
    /// them: `Game`, the game's own setup tags (as it writes them), then
    /// the other tags given.
    pub fn record_tags(&self) -> Vec<(String, String)> {
        let own = self.game.setup_tags();
        let mut written = vec![("Game".to_owned(), self.kind.name().to_owned())];
        written.extend(own.iter().cloned());
        let others = self.tags.iter().skip(1).filter(|(name, _)| {
            !SETUP_TAGS.contains(&name.as_str()) && !own.iter().any(|(n, _)| n == name)
        });
        written.extend(others.cloned());
        written
    }

    /// This start, refused while its players have yet to place it.
    ///
    /// # Errors
    /// [`StartError::Unplaced`].
    pub fn placed(self) -> Result<Start, StartError> {
        match &self.placing {
            Some(placing) => Err(StartError::Unplaced {
                kind: self.kind,
                example: placing.example(),
            }),
            None => Ok(self),
        }
    }
}

#[cfg(test)]
#[path = "start_tests.rs"]
mod tests;
