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
fn the_fronts_and_the_collection_tools_name_no_game() {
    // What they need of a game they ask through the trait
    // (`Game::default_tag`, `Game::players_of`, `Game::decided_by`...).
    let games = ["games/mana", "games/escampe", "games/shogun", "games/lotus"];
    for room in ["cli", "repl", "front", "app", "collection"] {
        assert_eq!(offending(room, &games), Vec::<String>::new());
    }
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

/// The games, each in its folder below `games/` (`lines/` is a kit the
/// first two share, not a game).
const GAMES: [&str; 4] = ["mana", "escampe", "shogun", "lotus"];

/// The files every game's folder has, each holding the same part of its
/// game (the module doc of `src/games/mod.rs` says which).
const LAYOUT: [&str; 8] = [
    "mod.rs",
    "rules.rs",
    "notation.rs",
    "setup.rs",
    "position.rs",
    "fault.rs",
    "draw.rs",
    "tests.rs",
];

/// The `.rs` files of a game's folder, by name.
fn game_files(game: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/games")
        .join(game);
    fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs"))
        .collect()
}

/// The items a `use` group names at its top level: `{a, b::{c, d}}`
/// names `a` and `b::{c, d}`.
fn group_items(group: &str) -> Vec<String> {
    let (mut items, mut item, mut depth) = (Vec::new(), String::new(), 0usize);
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(item);
    items
}

/// The modules of its own room (`modules`) a file imports through paths
/// that start with one of `prefixes` (`super::`, `crate::games::mana::`),
/// single or in `use super::{x, y::z}` groups, outside comments and
/// before the file's test module (`mod tests {`).
fn imports_within(text: &str, prefixes: &[String], modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .take_while(|line| !line.trim_start().starts_with("mod tests {"))
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    for prefix in prefixes {
        let mut rest = code.as_str();
        while let Some(at) = rest.find(prefix.as_str()) {
            rest = &rest[at + prefix.len()..];
            let names = match rest.strip_prefix('{') {
                Some(group) => {
                    let mut depth = 1usize;
                    let end = group
                        .char_indices()
                        .find(|&(_, c)| {
                            match c {
                                '{' => depth += 1,
                                '}' => depth -= 1,
                                _ => {}
                            }
                            depth == 0
                        })
                        .map_or(group.len(), |(at, _)| at);
                    group_items(&group[..end])
                }
                None => vec![rest.to_owned()],
            };
            for name in names {
                let first: String = name
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&first) {
                    found.insert(first);
                }
            }
        }
    }
    found
}

/// The rooms whose files make an import graph of their own: each folder
/// of `src/`, with each game's folder below `games/` a room of its own.
fn room_dirs() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut rooms = Vec::new();
    for entry in fs::read_dir(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display())) {
        let path = entry.map(|e| e.path()).unwrap_or_default();
        let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        if !path.is_dir() {
            continue;
        }
        if name == "games" {
            for game in fs::read_dir(&path).into_iter().flatten().flatten() {
                if game.path().is_dir() {
                    rooms.push(format!("games/{}", game.file_name().to_string_lossy()));
                }
            }
        } else {
            rooms.push(name);
        }
    }
    rooms.sort();
    rooms
}

/// The modules of a room's folder whose imports make its graph: its files
/// and its folders, but `mod.rs`, `tests.rs` and the unit tests beside a
/// file (`*_tests.rs`), which may reach any file of their room.
fn room_modules(room: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(room);
    fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter_map(|name| match name.strip_suffix(".rs") {
            Some(module) => Some(module.to_owned()),
            None => (!name.contains('.')).then_some(name),
        })
        .filter(|name| name != "mod" && name != "tests" && !name.ends_with("_tests"))
        .collect()
}

/// Every `(from, to)` edge between two modules of a room's folder. A file
/// in a folder of the room belongs to that folder's module, and reaches
/// its room's modules through `crate::` paths alone (its `super::` is its
/// own folder).
fn room_edges(room: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let modules = room_modules(room);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(room);
    let mut files = Vec::new();
    walk(&dir, &mut files);
    let mut edges = BTreeSet::new();
    for path in files {
        let relative = path
            .strip_prefix(&dir)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        let from = match relative.split_once('/') {
            Some((folder, _)) => folder.to_owned(),
            None => relative.trim_end_matches(".rs").to_owned(),
        };
        if !modules.contains(&from) {
            continue;
        }
        let mut prefixes = vec![format!("crate::{}::", room.replace('/', "::"))];
        if !relative.contains('/') {
            prefixes.push("super::".to_owned());
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        for to in imports_within(&text, &prefixes, &modules) {
            if to != from {
                edges.insert((from.clone(), to));
            }
        }
    }
    edges.into_iter().collect()
}

/// A circle in the graph of `edges` through some of `nodes`, as
/// `a -> b -> a`; `None` when there is none.
fn circle(nodes: &BTreeSet<String>, edges: &[(String, String)]) -> Option<String> {
    fn visit(
        at: &str,
        edges: &[(String, String)],
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<String> {
        if let Some(start) = path.iter().position(|m| m == at) {
            let mut circle = path[start..].to_vec();
            circle.push(at.to_owned());
            return Some(circle.join(" -> "));
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.to_owned());
        for (_, to) in edges.iter().filter(|(from, _)| from == at) {
            if let Some(circle) = visit(to, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(at.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    nodes
        .iter()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

/// A circle of imports between the modules of a room's folder, `mod`
/// left out (the room's root may use its files, and they the types it
/// defines); `None` when there is none.
fn import_circle(room: &str) -> Option<String> {
    circle(&room_modules(room), &room_edges(room))
}

#[test]
fn the_reader_of_game_imports_sees_super_groups_and_game_paths() {
    let modules: BTreeSet<String> = ["board", "fault", "notation", "rules", "setup"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    let text = "use super::board::{Bits, Side};\n\
                use super::{\n    Shogun, fault::{self, ShogunError},\n    notation,\n};\n\
                // super::rules is a comment\n\
                let x = crate::games::shogun::setup::read(tags);\n\
                #[cfg(test)]\n\
                mod tests {\n    use super::rules::*;\n}";
    let prefixes = ["super::".to_owned(), "crate::games::shogun::".to_owned()];
    let found: Vec<String> = imports_within(text, &prefixes, &modules)
        .into_iter()
        .collect();
    assert_eq!(found, ["board", "fault", "notation", "setup"]);
}

#[test]
fn each_game_folder_has_the_same_layout() {
    let mut missing = Vec::new();
    for game in GAMES {
        let files = game_files(game);
        for file in LAYOUT {
            if !files.contains(file) {
                missing.push(format!("games/{game}/{file}"));
            }
        }
        // The unit tests of one file stand beside it, named for it.
        for name in &files {
            if let Some(file) = name.strip_suffix("_tests.rs")
                && !files.contains(&format!("{file}.rs"))
            {
                missing.push(format!("games/{game}/{file}.rs, for {name}"));
            }
        }
    }
    assert_eq!(missing, Vec::<String>::new());
}

#[test]
fn no_room_s_files_import_each_other_in_a_circle() {
    let rooms = room_dirs();
    assert!(
        rooms.len() > 20 && rooms.contains(&"games/mana".to_owned()),
        "{rooms:?}"
    );
    let circles: Vec<String> = (rooms.iter())
        .filter_map(|room| import_circle(room).map(|circle| format!("{room}: {circle}")))
        .collect();
    assert_eq!(circles, Vec::<String>::new());
}

#[test]
fn the_reader_of_a_room_s_graph_sees_its_files_and_folders() {
    let modules = room_modules("record");
    assert!(
        modules.contains("reader") && modules.contains("parse"),
        "{modules:?}"
    );
    assert!(!modules.contains("mod") && !modules.contains("parse_tests"));
    let edges = room_edges("record");
    // record/reader/split.rs reaches no sibling of `reader` through `super::`.
    assert!(edges.iter().all(|(from, to)| from != to), "{edges:?}");
    let nodes: BTreeSet<String> = ["a", "b", "c"].map(str::to_owned).into();
    let edge = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(circle(&nodes, &[edge("a", "b"), edge("b", "c")]), None);
    let looped = circle(&nodes, &[edge("a", "b"), edge("b", "c"), edge("c", "b")]);
    assert_eq!(looped.as_deref(), Some("b -> c -> b"));
}

#[test]
fn the_game_in_play_stands_below_every_front() {
    let above = [
        "cli",
        "repl",
        "front",
        "app",
        "serve",
        "tournament",
        "kep",
        "seat",
        "engine",
        "page",
        "course",
        "collection",
        "model",
    ];
    assert_eq!(offending("play", &above), Vec::<String>::new());
    // Every front starts its games there (tests/starts.rs shows they refuse
    // alike); none keeps a start of its own that writes a record's text to
    // read it back.
    for room in ["cli", "repl", "serve", "kep", "tournament"] {
        assert!(
            edges()
                .iter()
                .any(|(from, to, _)| from == room && to == "play"),
            "{room} starts no game through play"
        );
    }
}

#[test]
fn random_holds_the_generator_of_numbers_alone() {
    let imports: Vec<String> = (edges().into_iter())
        .filter(|(from, _, _)| from == "random")
        .map(|(from, to, file)| format!("{file}: {from} imports {to}"))
        .collect();
    assert_eq!(imports, Vec::<String>::new());
}

#[test]
fn the_drawing_kit_reaches_into_no_game() {
    let games = [
        "games/mana",
        "games/escampe",
        "games/shogun",
        "games/lotus",
        "games/lines",
    ];
    assert_eq!(offending("draw", &games), Vec::<String>::new());
}

/// The rooms of `edges` in a circle, as `a -> b -> a`; `None` when none is.
fn room_circle(edges: &[(String, String, String)]) -> Option<String> {
    let pairs: Vec<(String, String)> = (edges.iter())
        .map(|(from, to, _)| (from.clone(), to.clone()))
        .collect();
    let rooms: BTreeSet<String> = pairs.iter().map(|(from, _)| from.clone()).collect();
    circle(&rooms, &pairs)
}

#[test]
fn no_circle_across_rooms() {
    assert_eq!(room_circle(&edges()), None);
}

#[test]
fn the_rules_trait_reaches_into_no_game() {
    // The JSON of each game's positions and moves is a contract the games
    // fill in (`game/json/`), not a type the rules trait takes from them.
    let games = [
        "games/mana",
        "games/escampe",
        "games/shogun",
        "games/lotus",
        "games/lines",
    ];
    assert_eq!(offending("game", &games), Vec::<String>::new());
}

#[test]
fn the_reader_of_room_circles_finds_one_across_rooms() {
    let edge = |a: &str, b: &str| (a.to_owned(), b.to_owned(), format!("{a}.rs"));
    let open = [edge("game", "record"), edge("games/mana", "game")];
    assert_eq!(room_circle(&open), None);
    let closed = [edge("game", "games/mana"), edge("games/mana", "game")];
    assert_eq!(
        room_circle(&closed).as_deref(),
        Some("game -> games/mana -> game")
    );
}
