//! Escampe: not refereed yet.

use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};

/// A Escampe position (placeholder until its referee lands).
#[derive(Debug, Clone)]
pub struct Escampe;

impl Game for Escampe {
    type Move = String;
    type Error = String;

    const KIND: GameKind = GameKind::Escampe;
    const TAGS: &'static [&'static str] = &[];
    const NUMBERING: Numbering = Numbering::Pairs;

    fn from_tags(_: Tags<'_>) -> Result<Self, TagError> {
        Err(TagError::new("Game", "escampe is not refereed yet"))
    }
    fn parse_move(&self, text: &str) -> Result<String, String> {
        Ok(text.to_owned())
    }
    fn check(&self, _: &String) -> Result<(), String> {
        Err("not refereed yet".into())
    }
    fn apply(&mut self, _: &String) {}
    fn legal_moves(&self) -> Vec<String> {
        Vec::new()
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn turn(&self) -> Turn<'_> {
        Turn {
            number: 1,
            opens: true,
            mover: "",
        }
    }
    fn constraint(&self) -> Option<String> {
        None
    }
    fn render(&self, _: Charset) -> String {
        String::new()
    }
    fn position_json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    fn describe(&self, mv: &String) -> MoveDetail {
        MoveDetail {
            normalized: mv.clone(),
            parts: serde_json::Value::Null,
        }
    }
    fn setup_tags(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}
