//! The options of `kifu play` and the tags they stand for.

use crate::game::GameKind;
use crate::play::{StartOptions, TagOptionError, tag_option};
use std::path::PathBuf;

/// What `kifu play --help` says after the options: the REPL's commands,
/// from [`COMMANDS`] (those without `!`), and how a script is read.
fn after_help() -> String {
    let commands: Vec<String> = (COMMANDS.iter())
        .filter(|c| !c.name.ends_with('!'))
        .map(|c| match c.argument {
            Some(argument) => format!("{} {argument}", c.name),
            None => c.name.to_owned(),
        })
        .collect();
    format!(
        "One line is one move (or several; lotus: a whole turn or one pawn move), or a \
         command: {}. With unsaved moves, :quit, :new and :load ask first (a script is \
         refused: :quit! :new! :load! FILE do it anyway).\n\n\
         Without a terminal it reads standard input, prints a transcript, and writes \
         refusals to standard error. Exit status: 0; 1 if a line was refused (an \
         illegal move, a bad command, a failed save) or an invalid record was loaded \
         and not saved since; 2 for bad options or an unreadable file.",
        commands.join(" ")
    )
}

/// A command's name, its argument (if any) and what it does, for `:help`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CommandInfo {
    /// The name with its colon: `:save`.
    pub name: &'static str,
    /// The argument's placeholder, if the command takes one.
    pub argument: Option<&'static str>,
    /// What the command does.
    pub description: &'static str,
}

/// Every command, in the order `:help` lists them.
pub(crate) const COMMANDS: &[CommandInfo] = &[
    info(":help", None, "list the commands"),
    info(":board", None, "draw the board and say whose turn it is"),
    info(":moves", None, "list the legal moves"),
    info(":hint", None, "ask the engine for a move and its score"),
    info(
        ":undo",
        None,
        "take back the last line of moves (against an engine, with its reply)",
    ),
    info(":redo", None, "play again the line last taken back"),
    info(
        ":new",
        None,
        "start again from the setup (asks first if moves are unsaved)",
    ),
    info(":new!", None, "the same, discarding unsaved moves"),
    info(
        ":load",
        Some("FILE"),
        "continue the first record of FILE; an invalid one up to its fault",
    ),
    info(":load!", Some("FILE"), "the same, discarding unsaved moves"),
    info(
        ":save",
        Some("[FILE]"),
        "write the game as a record to FILE, or to the file loaded or last saved",
    ),
    info(
        ":save!",
        Some("[FILE]"),
        "the same, over any existing or read-only FILE too",
    ),
    info(":json", None, "print the game as `kifu json` would"),
    info(":tags", None, "print the tags of the game"),
    info(
        ":tag",
        Some("NAME VALUE"),
        "set a tag of the record: Event, Date, the players' names...",
    ),
    info(
        ":variations",
        None,
        "list the variations (a move played after :undo keeps the line it replaces as one)",
    ),
    info(
        ":promote",
        Some("LINE"),
        "make variation LINE (2, 2.1...) the main line, played to its end",
    ),
    info(
        ":quit",
        None,
        "leave, Ctrl-D too (asks first if moves are unsaved)",
    ),
    info(":quit!", None, "leave, discarding unsaved moves"),
];

const fn info(
    name: &'static str,
    argument: Option<&'static str>,
    description: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        argument,
        description,
    }
}

/// Arguments of `kifu play`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = after_help())]
pub(crate) struct PlayArgs {
    /// The game to play (may be left out with --load).
    #[arg(value_enum, required_unless_present = "load")]
    pub game: Option<GameKind>,
    /// Continue the first record of FILE (an invalid one up to its fault).
    #[arg(long, value_name = "FILE", conflicts_with_all = SETUP_IDS)]
    pub load: Option<PathBuf>,
    /// How the game starts.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Draw a random setup from this seed, as `kifu new --seed` does (the
    /// same seed, the same start); the setup options replace what it draws.
    #[arg(long, value_name = "N", conflicts_with_all = ["load", "position"])]
    pub seed: Option<u64>,
    /// Draw with plain ASCII instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// Play against an engine: `engine` (the built-in one) or the command
    /// line of any program that speaks KEP.
    #[arg(long, value_name = "ENGINE")]
    pub vs: Option<String>,
    /// With --vs, the player you play, as the game names them (`black`,
    /// `white`, `red`, a lotus player; default: the one who moves first).
    #[arg(long, value_name = "PLAYER", requires = "vs")]
    pub side: Option<String>,
    /// With --vs, the engine's level, 1 (a new player can beat it) to 8
    /// (full strength, the default); a program other than the built-in
    /// engine is told it as its `Level` option.
    #[arg(long, value_name = "N", requires = "vs", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: Option<u8>,
    /// The engine's time per move, in milliseconds (--vs and :hint).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: u64,
}

/// The ids of the [`SetupArgs`], which `--load` excludes.
pub(crate) const SETUP_IDS: [&str; 9] = [
    "setup", "position", "players", "flowers", "course", "rotation", "first", "discs", "tags",
];

/// How a fresh game starts, for `kifu play` and `kifu new`: the tags the
/// options stand for. What they leave open, the game fills in
/// ([`GameKind::default_tag`]: lotus's players; escampe's players place
/// its start, [`GameKind::placing`]).
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct SetupArgs {
    /// The Setup tag (mana, escampe, shogun).
    #[arg(long, value_name = "SETUP")]
    pub setup: Option<String>,
    /// The Position tag: start from any position.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// The Players tag (lotus): 3 to 6 names in turn order.
    #[arg(long, value_name = "NAMES")]
    pub players: Option<String>,
    /// The Flowers tag (lotus).
    #[arg(long, value_name = "FLOWERS")]
    pub flowers: Option<String>,
    /// The Course tag (lotus).
    #[arg(long, value_name = "COURSE")]
    pub course: Option<String>,
    /// The Rotation tag (shogun): 0, 90, 180 or 270.
    #[arg(long, value_name = "DEGREES")]
    pub rotation: Option<String>,
    /// The First tag (shogun): white or red.
    #[arg(long, value_name = "SIDE")]
    pub first: Option<String>,
    /// The Discs tag (shogun).
    #[arg(long, value_name = "DISCS")]
    pub discs: Option<String>,
    /// Any other tag, as NAME=VALUE (repeatable).
    #[arg(long = "tag", value_name = "NAME=VALUE")]
    pub tags: Vec<String>,
}

impl PlayArgs {
    /// The start these options choose, `--seed` among them.
    ///
    /// # Errors
    /// As [`SetupArgs::options`].
    pub(crate) fn options(&self) -> Result<StartOptions, TagOptionError> {
        self.setup.options(self.seed)
    }
}

impl SetupArgs {
    /// The start these options choose, with the tags drawn from `seed`
    /// where no option gives them.
    ///
    /// # Errors
    /// A malformed `--tag`.
    pub(crate) fn options(&self, seed: Option<u64>) -> Result<StartOptions, TagOptionError> {
        Ok(StartOptions {
            setup: self.setup.clone(),
            position: self.position.clone(),
            players: self.players.clone(),
            flowers: self.flowers.clone(),
            course: self.course.clone(),
            rotation: self.rotation.clone(),
            first: self.first.clone(),
            discs: self.discs.clone(),
            tags: (self.tags.iter())
                .map(|tag| tag_option(tag))
                .collect::<Result<_, _>>()?,
            seed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_become_tags_in_order() {
        let args = PlayArgs {
            setup: SetupArgs {
                rotation: Some("90".into()),
                setup: Some("XXYZSZYX/XYZSZYXX".into()),
                tags: vec!["White=Ana".into(), "Event=Club night".into()],
                ..SetupArgs::default()
            },
            ..PlayArgs::default()
        };
        let tags = args.options().map(|o| o.tag_list(GameKind::Shogun));
        let expected: Vec<(String, String)> = [
            ("Setup", "XXYZSZYX/XYZSZYXX"),
            ("Rotation", "90"),
            ("White", "Ana"),
            ("Event", "Club night"),
        ]
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
        assert_eq!(tags, Ok(Ok(expected)));
    }

    #[test]
    fn bad_tag_options_are_refused() {
        let with = |tags: &[&str], seed: Option<u64>| PlayArgs {
            setup: SetupArgs {
                tags: tags.iter().map(|t| (*t).to_owned()).collect(),
                ..SetupArgs::default()
            },
            seed,
            ..PlayArgs::default()
        };
        let kind = GameKind::Mana;
        let refused = |tags: &[&str], seed| match with(tags, seed).options() {
            Ok(options) => options.tag_list(kind).err().map(|e| e.to_string()),
            Err(e) => Some(e.to_string()),
        };
        let cases: [(&[&str], Option<u64>, &str); 5] = [
            (&["White"], None, "--tag \"White\": write it NAME=VALUE"),
            (
                &["9x=1"],
                None,
                "--tag: \"9x\" is not a tag name (ASCII letters, digits and _, from a letter)",
            ),
            (
                &["Game=mana"],
                None,
                "--tag: the game is the GAME argument, not a tag",
            ),
            (
                &["Result=B+"],
                None,
                "--tag: the Result tag comes from the game itself",
            ),
            (&["A=1", "A=2"], None, "tag A is given twice"),
        ];
        for (tags, seed, message) in cases {
            assert_eq!(refused(tags, seed).as_deref(), Some(message), "{tags:?}");
        }
    }

    #[test]
    fn a_seed_draws_the_setup_kifu_new_draws_under_the_options_given() {
        for &kind in GameKind::ALL {
            let drawn = kind.random_tags(&mut crate::random::Rng::new(3));
            let seeded = PlayArgs {
                seed: Some(3),
                ..PlayArgs::default()
            };
            let tags = seeded.options().map(|o| o.tag_list(kind));
            assert_eq!(tags, Ok(Ok(drawn.clone())), "{kind}");
        }
        let players = PlayArgs {
            seed: Some(3),
            setup: SetupArgs {
                players: Some("ana ben cy".into()),
                ..SetupArgs::default()
            },
            ..PlayArgs::default()
        };
        let options = players.options().unwrap_or_default();
        let tags = options.tag_list(GameKind::Lotus).unwrap_or_default();
        let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Players", "Flowers"]);
        assert_eq!(tags[0].1, "ana ben cy");
    }
}
