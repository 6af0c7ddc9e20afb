//! Colour on the text boards, through the binary: `kifu render` and the
//! boards of `kifu play` with `--color always` carry ANSI codes for the
//! sides, the last move's squares (reverse video), Mana's bird, Escampe's
//! marks, a Shogun in check and the Lotus players; `--color never`, and
//! `NO_COLOR` with `--color auto`, give no escape byte; without colour the
//! board is the same bytes once the codes are taken out.

use crate::support::run;

use assert_cmd::Command;
use run::kifu;
use std::fs;

const MANA: &str = "fixtures/mana/valid/white-wins-with-bird-squares.kifu";
const ESCAMPE: &str = "fixtures/escampe/valid/short-white-win.kifu";
const SHOGUN: &str = "fixtures/shogun/valid/no-move-shogun-attacked.kifu";
const LOTUS: &str = "fixtures/lotus/valid/three-players-stone-flower-leaves.kifu";

/// The boards of the tests: a file and the ply (`None`: its end).
const BOARDS: [(&str, Option<&str>); 4] = [
    (MANA, Some("12")),
    (ESCAMPE, None),
    (SHOGUN, None),
    (LOTUS, Some("20")),
];

/// `kifu render FILE [--ply N] EXTRA...`, checked to succeed.
fn render(file: &str, ply: Option<&str>, extra: &[&str]) -> String {
    let mut args = vec!["render", file];
    if let Some(ply) = ply {
        args.extend(["--ply", ply]);
    }
    args.extend(extra);
    let (out, err, status) = kifu(&args, b"");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{args:?}");
    out
}

/// The escape character written `\e`, so that snapshots and messages show
/// the codes.
fn visible(text: &str) -> String {
    text.replace('\x1b', "\\e")
}

/// `text` without its SGR codes.
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        out.push_str(&rest[..at]);
        let code = &rest[at..];
        let end = code
            .find('m')
            .unwrap_or_else(|| panic!("unended code in {text:?}"));
        rest = &code[end + 1..];
    }
    out.push_str(rest);
    out
}

/// What a grid board shows between the bars on `square` (`f4`).
fn cell(board: &str, square: &str, bar: char) -> String {
    let (file, rank) = square.split_at(1);
    let file = usize::from(file.as_bytes()[0] - b'a');
    let line = board
        .lines()
        .find(|line| line.starts_with(&format!("{rank} ")))
        .unwrap_or_else(|| panic!("no rank {rank} in\n{board}"));
    let cell = line.split(bar).nth(file + 1);
    visible(cell.unwrap_or_else(|| panic!("no file {file} in {line}")))
}

/// Checks what each square of `expected` shows, codes written `\e`.
fn assert_cells(board: &str, bar: char, expected: &[(&str, &str)]) {
    for &(square, shows) in expected {
        assert_eq!(
            cell(board, square, bar),
            shows,
            "{square} in\n{}",
            visible(board)
        );
    }
}

#[test]
fn coloured_boards_are_pinned() {
    let names = [
        "mana_ply12",
        "escampe_end",
        "shogun_end_ascii",
        "lotus_ply20",
    ];
    for ((file, ply), name) in BOARDS.into_iter().zip(names) {
        let ascii: &[&str] = if name.ends_with("ascii") {
            &["--ascii"]
        } else {
            &[]
        };
        let mut extra = vec!["--color", "always"];
        extra.extend(ascii);
        let coloured = render(file, ply, &extra);
        insta::assert_snapshot!(name, visible(&coloured));
        // The same board, the same bytes, once the codes are out.
        assert_eq!(strip(&coloured), render(file, ply, ascii), "{name}");
    }
}

#[test]
fn mana_shows_the_sides_the_last_move_and_the_bird() {
    // Ply 12 is White's f6xf4@b2: f6 is left empty, f4 holds White's Ronin.
    let board = render(MANA, Some("12"), &["--color", "always"]);
    assert_cells(
        &board,
        '│',
        &[
            ("f6", "\\e[7m·\\e[0m\\e[7m2 \\e[0m"),
            ("f4", "\\e[7m\\e[1;36mr\\e[0m\\e[7m3 \\e[0m"),
        ],
    );
    // Black's Daimyo, in Black's colour; the bird on b2, in blue.
    assert_cells(
        &board,
        '│',
        &[
            ("c1", "\\e[1;35mD\\e[0m2 "),
            ("b2", "·3\\e[1;34m@\\e[0m"),
            ("a2", "\\e[1;35mR\\e[0m1 "),
            ("a1", "·3 "),
        ],
    );
    assert!(
        board.contains("\nupper case Black, lower case White; D Daimyo, R Ronin; @ the bird\n")
    );
}

#[test]
fn escampe_shows_the_sides_and_the_last_move() {
    // The last move is White's c5xc2, which captures the Unicorn.
    let board = render(ESCAMPE, None, &["--color", "always", "--ascii"]);
    assert_cells(
        &board,
        '|',
        &[
            ("c5", "\\e[7m.\\e[0m\\e[7m3 \\e[0m"),
            ("c2", "\\e[7m\\e[1;36mP\\e[0m\\e[7m1 \\e[0m"),
            ("d2", "\\e[1;35mp\\e[0m3 "),
            ("b6", "\\e[1;36mU\\e[0m2 "),
        ],
    );
    assert!(board.contains("\nupper case White, lower case Black; U Unicorn, P Paladin\n"));
}

#[test]
fn escampe_marks_the_pieces_the_constraint_lets_move() {
    // After 1. f6-e5, Black must move from a square of e5's one line.
    let board = render(ESCAMPE, Some("1"), &["--color", "always", "--ascii"]);
    let marked = board.matches("\x1b[1;32m*\x1b[0m").count();
    assert!(marked > 0, "{}", visible(&board));
    assert_eq!(
        marked,
        strip(&board).matches('*').count() - 1,
        "{}",
        visible(&board)
    );
}

#[test]
fn shogun_shows_the_sides_the_last_move_and_the_shogun_in_check() {
    // The last move is White's b1-d3+, which mates Red's Shogun on h3.
    let board = render(SHOGUN, None, &["--color", "always", "--ascii"]);
    assert_cells(
        &board,
        '|',
        &[
            ("b1", "\\e[7m \\e[0m\\e[7m.  \\e[0m"),
            ("d3", "\\e[7m \\e[0m\\e[7m\\e[1;36mZ4\\e[0m\\e[7m \\e[0m"),
            ("h3", " \\e[1;97;41ms2!\\e[0m"),
            ("e2", " \\e[1;36mS2\\e[0m "),
            ("b8", " \\e[1;31mx1\\e[0m "),
        ],
    );
}

#[test]
fn lotus_shows_the_players_and_the_last_move() {
    // Ply 20 is red's pawn from 13 to 15; green is drawn green.
    let board = visible(&render(LOTUS, Some("20"), &["--color", "always"]));
    let lines: Vec<&str> = board.lines().collect();
    let numbers = lines
        .iter()
        .position(|l| l.starts_with("  11"))
        .unwrap_or_else(|| panic!("{board}"));
    assert_eq!(
        lines[numbers],
        "  11  12  \\e[7m13\\e[0m  14  \\e[7m15\\e[0m  16  17  18  19  20"
    );
    assert_eq!(
        lines[numbers + 2],
        "  \\e[1;32mg\\e[0m               \\e[7m\\e[1;31mr\\e[0m   \\e[1;32mg\\e[0m       \\e[1;32mg\\e[0m"
    );
    // The score table is the legend of the colours, in turn order.
    assert!(
        board.contains("\nred    (\\e[1;31mr\\e[0m)  W 1"),
        "{board}"
    );
    assert!(
        board.contains("\ngreen  (\\e[1;32mg\\e[0m)  W 0"),
        "{board}"
    );
    assert!(
        board.contains("\norange (\\e[1;38;5;208mo\\e[0m)  W 0"),
        "{board}"
    );
}

#[test]
fn never_and_no_color_give_no_escape_byte() {
    for (file, ply) in BOARDS {
        let plain = render(file, ply, &[]);
        assert!(!plain.contains('\x1b'), "{file}");
        assert_eq!(render(file, ply, &["--color", "never"]), plain, "{file}");
        let mut args = vec!["render", file, "--color", "auto"];
        if let Some(ply) = ply {
            args.extend(["--ply", ply]);
        }
        let output = Command::cargo_bin("kifu")
            .unwrap_or_else(|e| panic!("{e}"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .args(&args)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(output.status.code(), Some(0), "{file}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), plain, "{file}");
    }
}

/// `kifu ARGS` run by `script` on a pseudo-terminal, `NO_COLOR` set to
/// `no_color` if given: its output, or `None` where `script` cannot run.
fn on_a_terminal(args: &str, no_color: Option<&str>) -> Option<String> {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_kifu"));
    let mut script = std::process::Command::new("script");
    script
        .args(["-qec", &command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        script.env("NO_COLOR", value);
    }
    let output = script.output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn auto_colours_a_terminal_unless_no_color_is_set() {
    let args = format!("render {MANA} --ply 12");
    let Some(coloured) = on_a_terminal(&args, None) else {
        eprintln!("no pseudo-terminal here (script failed): skipped");
        return;
    };
    assert!(coloured.contains("\x1b[7m"), "{}", visible(&coloured));
    let plain = on_a_terminal(&args, Some("1")).unwrap_or_default();
    assert!(plain.contains("Black to move"), "{plain}");
    assert!(!plain.contains('\x1b'), "{}", visible(&plain));
    // An empty NO_COLOR does not count, as no-color.org says.
    let empty = on_a_terminal(&args, Some("")).unwrap_or_default();
    assert!(empty.contains("\x1b[7m"), "{}", visible(&empty));
}

#[test]
fn a_file_written_by_render_is_plain_unless_always() {
    let dir = std::env::temp_dir().join(format!("kifu-colour-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("board.txt");
    let path = file.to_string_lossy().into_owned();
    let (_, err, status) = kifu(&["render", MANA, "--output", &path], b"");
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let plain = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain, render(MANA, None, &[]));
    let (_, err, status) = kifu(
        &["render", MANA, "--output", &path, "--color", "always"],
        b"",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let coloured = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(coloured, render(MANA, None, &["--color", "always"]));
    assert!(coloured.contains('\x1b'));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_repl_boards_are_in_colour_with_always() {
    let dir = std::env::temp_dir().join(format!("kifu-colour-play-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let saved = dir.join("game.kifu").to_string_lossy().into_owned();
    let script = format!("a1-c2@b3 e6-e5 e1-f3@b3\n:undo\n:save {saved}\n:load {saved}\n:quit\n");
    let args = ["play", "mana", "--setup", "c1 b6", "--color", "always"];
    let (out, err, status) = kifu(&args, script.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let boards: Vec<&str> = out
        .split("    a   b   c   d   e   f\n  +")
        .skip(1)
        .collect();
    assert_eq!(boards.len(), 4, "{}", visible(&out));
    // The start: the sides in colour, no last move.
    assert!(
        boards[0].contains("|\x1b[1;35mR\x1b[0m3 |"),
        "{}",
        visible(boards[0])
    );
    assert!(
        boards[0].contains("|\x1b[1;36mr\x1b[0m2 |"),
        "{}",
        visible(boards[0])
    );
    assert!(!boards[0].contains("\x1b[7m"), "{}", visible(boards[0]));
    // After a1-c2@b3 e6-e5 e1-f3@b3: the last move is Black's e1-f3@b3,
    // f3 now holds Black's Ronin, and the bird is on b3.
    let after = format!("\n{}", boards[1]);
    assert_cells(
        &after,
        '|',
        &[
            ("e1", "\\e[7m.\\e[0m\\e[7m3 \\e[0m"),
            ("f3", "\\e[7m\\e[1;35mR\\e[0m\\e[7m1 \\e[0m"),
            ("a1", ".3 "),
            ("e6", ".1 "),
            ("e5", "\\e[1;36mr\\e[0m3 "),
            ("b3", ".1\\e[1;34m@\\e[0m"),
        ],
    );
    // :undo takes the line back, to the start: nothing is lit.
    assert!(!boards[2].contains("\x1b[7m"), "{}", visible(boards[2]));
    // :load keeps the colour.
    assert!(
        boards[3].contains("|\x1b[1;35mR\x1b[0m3 |"),
        "{}",
        visible(boards[3])
    );
    // Without --color, a script's boards are plain.
    fs::remove_file(&saved).unwrap_or_else(|e| panic!("{e}"));
    let (plain, _, _) = kifu(&args[..4], script.as_bytes());
    assert!(!plain.contains('\x1b'), "{}", visible(&plain));
    assert_eq!(plain, strip(&out));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_lotus_player_named_after_a_colour_is_drawn_in_it() {
    // The first record's seats: orange violet magenta red cyan.
    let text = render(
        "fixtures/examples/lotus.kifu",
        Some("20"),
        &["--color", "always"],
    );
    for (initial, code) in [
        ('o', "\x1b[1;38;5;208m"),
        ('v', "\x1b[1;38;5;99m"),
        ('m', "\x1b[1;35m"),
        ('r', "\x1b[1;31m"),
        ('c', "\x1b[1;36m"),
    ] {
        assert!(
            text.contains(&format!("{code}{initial}\x1b[0m")),
            "{initial}: {}",
            visible(&text)
        );
    }
}
