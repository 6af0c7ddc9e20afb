//! The import graph of `src/`, read from the source: which room may use
//! which (issue 33). A room is a top-level module (`cli`, `repl`, `game`,
//! ...); for `games/` it is each game's folder (`games/mana`).
//!
//! An import is any `crate::ROOM` path outside a comment, including the
//! rooms named inside `use crate::{...}` groups.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The room of a file under `src/`: its first folder or file name, and the
/// game's folder below `games/`.
fn room_of(relative: &str) -> String {
    let parts: Vec<&str> = relative.trim_end_matches(".rs").split('/').collect();
    match parts.as_slice() {
        ["games", game, ..] => format!("games/{game}"),
        [first, ..] => (*first).to_owned(),
        [] => String::new(),
    }
}

/// The rooms a source text imports through `crate::` paths.
fn imports_of(text: &str) -> BTreeSet<String> {
    let mut rooms = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split(['}', ';'])
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|name| name.trim().to_owned())
                    .collect(),
                None => vec![rest.to_owned()],
            };
            for name in names {
                let mut segments = name.split("::").map(|s| {
                    s.trim_matches(|c: char| !c.is_alphanumeric() && c != '_')
                        .to_owned()
                });
                let first = segments.next().unwrap_or_default();
                let room = match first.as_str() {
                    "games" => match segments.next() {
                        Some(game) if !game.is_empty() => format!("games/{game}"),
                        _ => "games".to_owned(),
                    },
                    _ => first,
                };
                if !room.is_empty() {
                    rooms.insert(room);
                }
            }
        }
    }
    rooms
}

/// Every `(from, to)` edge between rooms, with the file that makes it.
fn edges() -> Vec<(String, String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String, String)>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                let from = room_of(&relative);
                let text = fs::read_to_string(&path).unwrap_or_default();
                for to in imports_of(&text) {
                    if to != from {
                        out.push((from.clone(), to, relative.clone()));
                    }
                }
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

/// The files through which `from` (a room, or a prefix such as `games/`)
/// imports one of `forbidden`.
fn offending(from: &str, forbidden: &[&str]) -> Vec<String> {
    edges()
        .into_iter()
        .filter(|(f, to, _)| {
            (f == from || (from.ends_with('/') && f.starts_with(from)))
                && forbidden.iter().any(|room| to == room)
        })
        .map(|(f, to, file)| format!("{file}: {f} imports {to}"))
        .collect()
}

#[test]
fn the_reader_of_imports_sees_groups_paths_and_games() {
    let text = "use crate::{draw::Scene, game::Game};\n\
                let x = crate::engine::zobrist::keys();\n\
                // crate::repl is a comment\n\
                use crate::games::lotus::Lotus;";
    let rooms: Vec<String> = imports_of(text).into_iter().collect();
    assert_eq!(rooms, ["draw", "engine", "game", "games/lotus"]);
    assert_eq!(room_of("games/shogun/board.rs"), "games/shogun");
    assert_eq!(room_of("cli/matches/log.rs"), "cli");
    assert_eq!(room_of("lib.rs"), "lib");
}

#[test]
fn the_rules_trait_imports_no_engine_and_no_drawing() {
    assert_eq!(offending("game", &["engine", "draw"]), Vec::<String>::new());
}

#[test]
fn the_drawing_kit_stands_below_the_referee_and_the_page_above_it() {
    let above = [
        "referee", "model", "page", "engine", "cli", "repl", "front", "app",
    ];
    assert_eq!(offending("draw", &above), Vec::<String>::new());
    assert!(
        edges()
            .iter()
            .any(|(from, to, _)| from == "page" && to == "referee"),
        "the page judges its records"
    );
}

#[test]
fn the_games_import_no_engine_model_or_front() {
    let forbidden = ["engine", "model", "cli", "repl", "front", "app", "seat"];
    assert_eq!(offending("games/", &forbidden), Vec::<String>::new());
}

#[test]
fn the_command_line_and_the_repl_do_not_import_each_other() {
    assert_eq!(offending("cli", &["repl"]), Vec::<String>::new());
    assert_eq!(offending("repl", &["cli"]), Vec::<String>::new());
    // What both share stands below both.
    assert_eq!(
        offending("front", &["cli", "repl", "app"]),
        Vec::<String>::new()
    );
}
