//! The engines of a match before it starts: each started once, to learn
//! its name and check its options, so that a bad command line fails at
//! once rather than in every game.

use super::MatchError;
use crate::kep::{Engine, EngineFailure, EngineSpec, Protocol};
use crate::record::readable_tag_value;
use crate::seat::CourseSeat;

/// The longest name of an engine, in bytes: six of them, with their
/// ` (N)`, fit in lotus's `Engines` tag.
pub(super) const MAX_NAME_BYTES: usize = 255;

/// The name of each engine in records and tables: its `--name`, or its
/// `id name`, with ` (2)`, ` (3)`... after a name already taken, and any
/// comma (which separates lotus's `Engines`) made a semicolon. A name over
/// [`MAX_NAME_BYTES`], or with a line end, is made one that a record holds
/// ([`readable_tag_value`]), and said on standard error.
///
/// # Errors
/// The first engine that cannot start, or refuses its options.
pub(super) fn names(specs: &[EngineSpec]) -> Result<Vec<String>, MatchError> {
    let mut names: Vec<String> = Vec::new();
    for (number, spec) in specs.iter().enumerate() {
        let given = given_name(spec).map_err(|failure| MatchError::Engine {
            number: number + 1,
            command: spec.command.clone(),
            failure,
        })?;
        let name = record_name(&names, &given, &format!("engine {}", number + 1));
        names.push(name);
    }
    Ok(names)
}

/// The name an engine gives itself: its `--name`, its `id name`, or the
/// name a course client sends first.
fn given_name(spec: &EngineSpec) -> Result<String, EngineFailure> {
    match spec.protocol {
        Protocol::Kep => {
            let engine = Engine::start(spec)?;
            let name = engine.name().to_owned();
            engine.quit();
            Ok(name)
        }
        Protocol::Course => match &spec.name {
            Some(name) => CourseSeat::check_command(spec).map(|()| name.clone()),
            None => CourseSeat::name_of(spec),
        },
    }
}

/// The name `given` as records and tables write it beside the names
/// `taken`: a comma (which separates lotus's `Engines`) made a semicolon,
/// a name over [`MAX_NAME_BYTES`] or with a line end made one a record
/// holds (and said on standard error, of `whose` name), and ` (2)`,
/// ` (3)`... after a name already taken.
pub(super) fn record_name(taken: &[String], given: &str, whose: &str) -> String {
    let given = given.replace(',', ";");
    let name = readable_tag_value(&given, MAX_NAME_BYTES).into_owned();
    if name != given {
        say!(
            "kifu: {whose}'s name ({} bytes{}) is written as \"{name}\"",
            given.len(),
            if given.contains(['\n', '\r']) {
                ", with a line end"
            } else {
                ""
            },
        );
    }
    distinct(taken, name)
}

/// `name`, or `name (N)` with the first N from 2 that no name in `taken` has.
fn distinct(taken: &[String], name: String) -> String {
    if !taken.contains(&name) {
        return name;
    }
    (2..)
        .map(|n| format!("{name} ({n})"))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_distinct() {
        let mut taken = Vec::new();
        for _ in 0..3 {
            let name = distinct(&taken, "random".to_owned());
            taken.push(name);
        }
        assert_eq!(taken, ["random", "random (2)", "random (3)"]);
    }
}
