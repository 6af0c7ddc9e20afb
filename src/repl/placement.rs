//! A start the sides place before the first move (escampe without a
//! `Setup`): each side in the rules' order gives its squares on one line
//! (Tab completes the squares open), or the engine of `--vs` places for
//! its side; once all have placed, the `Setup` tag is written and play
//! begins.

use super::{Command, Outputs, Reply, Session};
use crate::draw::Charset;
use crate::game::{GameKind, Placing};
use crate::play::GameTree;
use std::io;

impl Session {
    /// A session of `kind` whose sides first place the start `placing`
    /// leaves open; `tags` are its record's tags, `Game` first.
    pub(super) fn placing(
        kind: GameKind,
        tags: Vec<(String, String)>,
        placing: Box<dyn Placing>,
        charset: Charset,
    ) -> Session {
        let mut session = Session::from_start(kind, tags, placing.board(), charset);
        session.placed_from = Some(placing.box_clone());
        session.placing = Some(placing);
        session
    }

    /// Places the mover's pieces on the squares `words` name, all or none;
    /// once every side has placed, the game begins from the `Setup` tag.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn place(&mut self, words: &[String], io: &mut Outputs<'_>) -> io::Result<Reply> {
        let Some(placing) = self.placing.as_mut() else {
            return Ok(Reply::DONE);
        };
        let mover = placing.mover().unwrap_or_default();
        if let Err(reason) = placing.place(words) {
            return io.refuse(format_args!("{mover} places {}: {reason}", words.join(" ")));
        }
        if placing.mover().is_some() {
            self.tree = GameTree::new(placing.board());
            self.show(io.out)?;
            return Ok(Reply::DONE);
        }
        let (Some((name, value)), Some(start)) = (placing.tag(), placing.start()) else {
            return Ok(Reply::DONE);
        };
        let start = match start {
            Ok(start) => start,
            Err(e) => return io.refuse(format_args!("{name} {value:?}: {e}")),
        };
        writeln!(io.out, "[{name} \"{value}\"]")?;
        self.tags.retain(|(n, _)| *n != name);
        self.tags.push((name, value));
        self.placing = None;
        self.tree = GameTree::new(start);
        self.mark_saved();
        self.show(io.out)?;
        Ok(Reply::DONE)
    }

    /// Why `command` waits until the pieces are placed, if it does: it
    /// needs moves, or a whole start.
    pub(super) fn before_placed(&self, command: &Command) -> Option<String> {
        let placing = self.placing.as_ref()?;
        let waits = matches!(
            command,
            Command::Moves
                | Command::Json
                | Command::Save(_)
                | Command::SaveForced(_)
                | Command::Promote(_)
        );
        waits.then(|| {
            format!(
                "{command}: not before the pieces are placed. {}",
                placing.request()
            )
        })
    }

    /// `:new` in a game whose sides placed its start: they place again.
    pub(super) fn place_again(&mut self) {
        let Some(placing) = &self.placed_from else {
            return;
        };
        let name = placing.tag_name();
        self.tags.retain(|(n, _)| n != name);
        self.tree = GameTree::new(placing.board());
        self.placing = Some(placing.box_clone());
    }

    /// The start tags an engine is told: those of the placement so far
    /// while the sides place, else the start's own.
    pub(super) fn engine_tags(&self) -> Vec<(String, String)> {
        match &self.placing {
            Some(placing) => placing.tag().into_iter().collect(),
            None => self.tree.start().setup_tags(),
        }
    }

    /// The placement in progress, if the sides are placing.
    pub(crate) fn placing_now(&self) -> Option<&dyn Placing> {
        self.placing.as_deref()
    }
}
