//! The options of `kifu play` and the tags they stand for.

use crate::game::GameKind;
use std::path::PathBuf;

/// Arguments of `kifu play`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = "\
One line is one move (or several; lotus: a whole turn or one pawn move), or a \
command: :help :board :moves :undo :redo :new :load FILE :save FILE :json \
:tags :quit.

Without a terminal it reads standard input and prints a transcript. Exit \
status: 0; 1 if a line was refused (an illegal move, a bad command, a failed \
save) or the --load record is invalid; 2 for bad options or an unreadable file.")]
pub(crate) struct PlayArgs {
    /// The game to play (may be left out with --load).
    #[arg(value_enum, required_unless_present = "load")]
    pub game: Option<GameKind>,
    /// Continue the first record of FILE.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// The Setup tag (mana, escampe, shogun).
    #[arg(long, value_name = "SETUP", conflicts_with = "load")]
    pub setup: Option<String>,
    /// The Position tag: start from any position.
    #[arg(long, value_name = "POSITION", conflicts_with = "load")]
    pub position: Option<String>,
    /// The Players tag (lotus): 3 to 6 names in turn order.
    #[arg(long, value_name = "NAMES", conflicts_with = "load")]
    pub players: Option<String>,
    /// The Flowers tag (lotus).
    #[arg(long, value_name = "FLOWERS", conflicts_with = "load")]
    pub flowers: Option<String>,
    /// The Course tag (lotus).
    #[arg(long, value_name = "COURSE", conflicts_with = "load")]
    pub course: Option<String>,
    /// The Rotation tag (shogun): 0, 90, 180 or 270.
    #[arg(long, value_name = "DEGREES", conflicts_with = "load")]
    pub rotation: Option<String>,
    /// The First tag (shogun): white or red.
    #[arg(long, value_name = "SIDE", conflicts_with = "load")]
    pub first: Option<String>,
    /// The Discs tag (shogun).
    #[arg(long, value_name = "DISCS", conflicts_with = "load")]
    pub discs: Option<String>,
    /// Draw lotus's flowers at random from this seed (the same seed, the same flowers).
    #[arg(long, value_name = "N", conflicts_with_all = ["load", "flowers"])]
    pub seed: Option<u64>,
    /// Any other tag, as NAME=VALUE (repeatable).
    #[arg(long = "tag", value_name = "NAME=VALUE", conflicts_with = "load")]
    pub tags: Vec<String>,
    /// Draw with plain ASCII instead of Unicode.
    #[arg(long)]
    pub ascii: bool,
}

impl PlayArgs {
    /// The tags these options stand for, in a fixed order, without `Game`.
    ///
    /// # Errors
    /// A malformed `--tag`, a tag given twice, or `--seed` for a game other
    /// than lotus.
    pub(crate) fn tag_list(&self, kind: GameKind) -> Result<Vec<(String, String)>, String> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let named = [
            ("Setup", &self.setup),
            ("Position", &self.position),
            ("Players", &self.players),
            ("Flowers", &self.flowers),
            ("Course", &self.course),
            ("Rotation", &self.rotation),
            ("First", &self.first),
            ("Discs", &self.discs),
        ];
        for (name, value) in named {
            if let Some(value) = value {
                tags.push((name.to_owned(), value.clone()));
            }
        }
        if let Some(seed) = self.seed {
            if kind != GameKind::Lotus {
                return Err(format!(
                    "--seed draws lotus's flowers; it does not apply to {kind}"
                ));
            }
            tags.push((
                "Flowers".to_owned(),
                crate::games::lotus::random_flowers(&mut crate::rng::Rng::new(seed)),
            ));
        }
        for tag in &self.tags {
            let Some((name, value)) = tag.split_once('=') else {
                return Err(format!("--tag {tag:?}: write it NAME=VALUE"));
            };
            check_name(name)?;
            if tags.iter().any(|(n, _)| n == name) {
                return Err(format!("tag {name} is given twice"));
            }
            tags.push((name.to_owned(), value.to_owned()));
        }
        Ok(tags)
    }
}

/// A tag name the user may give with `--tag`.
fn check_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    match name {
        _ if !well_formed => Err(format!(
            "--tag: {name:?} is not a tag name (ASCII letters, digits and _, from a letter)"
        )),
        "Game" => Err("--tag: the game is the GAME argument, not a tag".to_owned()),
        "Result" => Err("--tag: the Result tag comes from the game itself".to_owned()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_become_tags_in_order() {
        let args = PlayArgs {
            rotation: Some("90".into()),
            setup: Some("XXYZSZYX/XYZSZYXX".into()),
            tags: vec!["White=Ana".into(), "Event=Club night".into()],
            ..PlayArgs::default()
        };
        let tags = args.tag_list(GameKind::Shogun);
        let expected: Vec<(String, String)> = [
            ("Setup", "XXYZSZYX/XYZSZYXX"),
            ("Rotation", "90"),
            ("White", "Ana"),
            ("Event", "Club night"),
        ]
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
        assert_eq!(tags, Ok(expected));
    }

    #[test]
    fn bad_tag_options_are_refused() {
        let with = |tags: &[&str], seed: Option<u64>| PlayArgs {
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            seed,
            ..PlayArgs::default()
        };
        let kind = GameKind::Mana;
        let refused = |tags: &[&str], seed| {
            with(tags, seed)
                .tag_list(kind)
                .map_err(|e| e.to_string())
                .err()
        };
        let cases: [(&[&str], Option<u64>, &str); 6] = [
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
            (
                &[],
                Some(3),
                "--seed draws lotus's flowers; it does not apply to mana",
            ),
        ];
        for (tags, seed, message) in cases {
            assert_eq!(refused(tags, seed).as_deref(), Some(message), "{tags:?}");
        }
        let lotus = with(&[], Some(3)).tag_list(GameKind::Lotus);
        assert_eq!(lotus.map(|t| t.len()), Ok(1));
    }
}
