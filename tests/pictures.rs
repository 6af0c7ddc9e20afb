//! `kifu render --format svg|png` and `kifu html` through the binary: every
//! game's SVG is pinned by insta, parses as XML and renders with resvg;
//! record text is escaped; files are written whole; the page carries every
//! position `render` draws.

use crate::support::fixtures as support;

use std::path::Path;
use support::{fixtures, run as kifu, scratch};

/// `kifu render --format svg` with these arguments, which must succeed.
fn svg(args: &[&str]) -> String {
    let mut all = vec!["render", "--format", "svg"];
    all.extend_from_slice(args);
    let (out, err, status) = kifu(&all);
    assert_eq!(status, Some(0), "{all:?}: {err}");
    String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks that an SVG is well-formed XML whose root is an `svg` with the
/// game and ply asked for, and that resvg renders it.
fn check_svg(svg: &str, game: &str, ply: Option<&str>) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("data-game"), Some(game));
    if let Some(ply) = ply {
        assert_eq!(root.attribute("data-ply"), Some(ply));
    }
    let pixmap = kifu::draw::png::render(svg).unwrap_or_else(|e| panic!("{e}"));
    assert!(pixmap.width() > 100 && pixmap.height() > 100);
}

/// Each game's example, at the start, after a few plies, at the end and
/// flipped: pinned, parsed and rendered.
fn pin(game: &str, plies: &str) {
    let file = format!("fixtures/examples/{game}.kifu");
    for (name, args, ply) in [
        ("start", vec!["--ply", "0"], Some("0")),
        ("few", vec!["--ply", plies], Some(plies)),
        ("end", vec![], None),
        ("flipped", vec!["--ply", plies, "--flip"], Some(plies)),
    ] {
        let mut all = vec![file.as_str()];
        all.extend(args);
        let picture = svg(&all);
        check_svg(&picture, game, ply);
        insta::assert_snapshot!(format!("{game}_{name}_svg"), picture);
    }
}

#[test]
fn mana_pictures_are_pinned_and_render() {
    pin("mana", "3");
}

#[test]
fn escampe_pictures_are_pinned_and_render() {
    pin("escampe", "3");
}

#[test]
fn shogun_pictures_are_pinned_and_render() {
    pin("shogun", "5");
    let picture = svg(&["fixtures/examples/shogun.kifu", "--ply", "5", "--types"]);
    check_svg(&picture, "shogun", Some("5"));
    insta::assert_snapshot!("shogun_types_svg", picture);
}

#[test]
fn lotus_pictures_are_pinned_and_render() {
    pin("lotus", "7");
}

#[test]
fn every_valid_fixture_draws_well_formed_svg() {
    let mut count = 0;
    for game in ["mana", "escampe", "shogun", "lotus"] {
        for file in fixtures(game, "valid") {
            let name = file.to_string_lossy().into_owned();
            let picture = svg(&[&name]);
            roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(picture.contains(&format!("data-game=\"{game}\"")), "{name}");
            count += 1;
        }
    }
    assert!(count >= 40, "{count} fixtures");
}

#[test]
fn the_last_move_is_highlighted() {
    let picture = svg(&["fixtures/examples/mana.kifu", "--ply", "1"]);
    let doc = roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{e}"));
    let lit: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("data-last") == Some("1"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(lit, ["a1", "c2"]);
    let start = svg(&["fixtures/examples/mana.kifu", "--ply", "0"]);
    assert!(!start.contains("data-last"));
}

#[test]
fn record_text_is_escaped_in_svg() {
    let picture = svg(&["tests/support/hostile-pictures.kifu"]);
    check_svg(&picture, "lotus", Some("3"));
    assert!(!picture.contains("<script"));
    assert!(picture.contains("s&lt;script&gt;window.pwned=3&lt;/script&gt; (s)"));
    assert!(picture.contains("x]]&gt;y (x)"));
    assert!(picture.contains("q&quot;&gt;&lt;img (q)"));
}

#[test]
fn png_is_a_png_of_the_size_asked_for() {
    let dir = scratch("png");
    let target = dir.join("board.png");
    let target_name = target.to_string_lossy().into_owned();
    let (out, err, status) = kifu(&[
        "render",
        "fixtures/examples/shogun.kifu",
        "--format",
        "png",
        "--size",
        "200",
        "-o",
        &target_name,
    ]);
    assert_eq!((status, err.as_str(), out.len()), (Some(0), "", 0));
    let png = std::fs::read(&target).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // The IHDR chunk: width and height, big-endian.
    assert_eq!(
        u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
        200
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers, [std::ffi::OsString::from("board.png")]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_to_a_missing_directory_fails_cleanly() {
    let (out, err, status) = kifu(&[
        "render",
        "fixtures/examples/mana.kifu",
        "--format",
        "svg",
        "-o",
        "/nonexistent-kifu-dir/board.svg",
    ]);
    assert_eq!(status, Some(2));
    assert!(out.is_empty());
    assert_eq!(
        err,
        "kifu: cannot save /nonexistent-kifu-dir/board.svg: no such directory /nonexistent-kifu-dir\n"
    );
}

#[test]
fn picture_flags_are_refused_for_text() {
    for flag in [&["--flip"][..], &["--types"], &["--size", "300"]] {
        let mut args = vec!["render", "fixtures/examples/mana.kifu"];
        args.extend_from_slice(flag);
        let (out, err, status) = kifu(&args);
        assert_eq!((status, out.len()), (Some(2), 0), "{flag:?}");
        assert_eq!(
            err,
            "kifu: --flip, --size and --types draw pictures: give --format svg or png\n"
        );
    }
}

#[test]
fn render_refuses_a_size_out_of_range() {
    let (_, err, status) = kifu(&["render", "fixtures/examples/mana.kifu", "--size", "5"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("5 is not in 16..=4096"), "{err}");
}

/// The data the page carries, as `{"lines": [...], "games": [...]}`:
/// each game's JSON script, its boards made whole again (a board after the
/// first may be its edit from the one before: `-1`, then `copy skip add
/// line...` groups), and the lines' script.
fn page_data(page: &str) -> serde_json::Value {
    let scripts = |open: &str| -> Vec<serde_json::Value> {
        page.match_indices(open)
            .map(|(at, _)| {
                let start = at + open.len();
                let end = start
                    + page[start..]
                        .find("</script>")
                        .unwrap_or_else(|| panic!("no end"));
                serde_json::from_str(&page[start..end]).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect()
    };
    let mut games = scripts("<script type=\"application/json\" class=\"kifu-game\">");
    for game in &mut games {
        let mut before: Vec<serde_json::Value> = Vec::new();
        let boards: Vec<serde_json::Value> =
            (game["boards"].as_array().cloned().unwrap_or_default())
                .into_iter()
                .map(|board| {
                    let numbers = board.as_array().cloned().unwrap_or_default();
                    if numbers.first().and_then(serde_json::Value::as_i64) == Some(-1) {
                        // `copy skip add line...` groups, the rest copied.
                        let n = |i: usize| numbers[i].as_u64().unwrap_or(u64::MAX) as usize;
                        let (mut next, mut at, mut i) = (Vec::new(), 0, 1);
                        while i + 2 < numbers.len() {
                            let (copy, skip, add) = (n(i), n(i + 1), n(i + 2));
                            next.extend_from_slice(&before[at..at + copy]);
                            at += copy + skip;
                            next.extend_from_slice(&numbers[i + 3..i + 3 + add]);
                            i += 3 + add;
                        }
                        next.extend_from_slice(&before[at..]);
                        before = next;
                    } else {
                        before = numbers;
                    }
                    serde_json::Value::from(before.clone())
                })
                .collect();
        game["boards"] = boards.into();
    }
    let lines = scripts("<script type=\"application/json\" id=\"kifu-lines\">");
    assert_eq!(lines.len(), 1, "one script of lines");
    serde_json::json!({ "lines": lines[0], "games": games })
}

/// The pictures of game `game` of a page's data, in the order of its
/// boards.
fn pictures(data: &serde_json::Value, game: usize) -> Vec<String> {
    let lines: Vec<&str> = data["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("no lines"))
        .iter()
        .filter_map(|l| l.as_str())
        .collect();
    // A picture is the numbers of its lines, each line followed by a line feed.
    data["games"][game]["boards"]
        .as_array()
        .unwrap_or_else(|| panic!("no boards"))
        .iter()
        .map(|board| {
            let numbers = board.as_array().unwrap_or_else(|| panic!("{board}"));
            numbers
                .iter()
                .map(|n| format!("{}\n", lines[n.as_u64().unwrap_or(u64::MAX) as usize]))
                .collect()
        })
        .collect()
}

#[test]
fn every_picture_s_legend_names_exactly_the_marks_drawn() {
    // Each mark, the attribute that draws it, and its legend entry.
    let marks = [
        ("class=\"bird\"", "blue diamond: the bird"),
        ("class=\"bird-kind\"", "hollow blue diamonds: the"),
        ("class=\"allowed\"", "green dots:"),
        ("data-last=\"1\"", "yellow: the last move"),
        ("class=\"attacked\"", "red ring: an attacked Shogun"),
    ];
    let mut seen = [[false; 2]; 5];
    for game in ["mana", "escampe", "shogun", "lotus"] {
        let file = format!("fixtures/examples/{game}.kifu");
        let (out, _, _) = kifu(&["html", &file]);
        let data = page_data(&String::from_utf8(out).unwrap_or_else(|e| panic!("{e}")));
        let records = data["games"].as_array().map_or(0, Vec::len);
        for record in 0..records {
            for (ply, picture) in pictures(&data, record).iter().enumerate() {
                // The legend's words, joined again where they were wrapped.
                let captions: Vec<&str> = (picture.split("class=\"caption\">").skip(1))
                    .filter_map(|t| t.split('<').next())
                    .collect();
                let legend = captions.join(" ");
                for (i, (drawn_by, entry)) in marks.iter().enumerate() {
                    let drawn = picture.contains(drawn_by);
                    seen[i][usize::from(drawn)] = true;
                    assert_eq!(
                        legend.contains(entry),
                        drawn,
                        "{file} record {} ply {ply}: {entry:?} drawn: {drawn}; legend: {legend}",
                        record + 1
                    );
                }
            }
        }
    }
    // Each mark is both drawn and not drawn somewhere, so each was tried.
    assert_eq!(seen, [[true; 2]; 5]);
}

/// After a move written without the bird's square, only its number of
/// lines is known: the SVG marks every square of that number with a
/// hollow diamond, and no bird; the legend says the square does not
/// matter; the PNG shows the diamonds in the bird's blue.
#[test]
fn a_bird_whose_square_was_not_written_marks_the_squares_of_its_kind() {
    let picture = svg(&["fixtures/mana/valid/black-wins.kifu", "--ply", "3"]);
    let doc = roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{e}"));
    let squares = |class: &str, lines: Option<&str>| -> Vec<&str> {
        let mut squares: Vec<&str> = (doc.descendants())
            .filter(|n| n.attribute("class") == Some(class))
            .filter(|n| lines.is_none() || n.attribute("data-lines") == lines)
            .filter_map(|n| n.attribute("data-square"))
            .collect();
        squares.sort_unstable();
        squares
    };
    let single = squares("lines", Some("1"));
    assert_eq!(single.len(), 12);
    assert_eq!(squares("bird-kind", None), single);
    assert_eq!(squares("bird", None), Vec::<&str>::new());
    let captions: Vec<&str> = (doc.descendants())
        .filter(|n| n.attribute("class") == Some("caption"))
        .filter_map(|n| n.text())
        .collect();
    let legend = captions.join(" ");
    assert!(
        legend.contains(
            "hollow blue diamonds: the single squares, the bird is on one of them (which one does not matter)"
        ),
        "{legend}"
    );
    assert!(
        legend.contains("the bird is on one of the single squares (which one does not matter): move a piece from a single square"),
        "{legend}"
    );
    // The PNG: the middle of each diamond's upper right edge is drawn in
    // the bird's blue (#1565c0).
    let pixmap = kifu::draw::png::render(&picture).unwrap_or_else(|e| panic!("{e}"));
    let diamonds: Vec<_> = (doc.descendants())
        .filter(|n| n.attribute("class") == Some("bird-kind"))
        .collect();
    for diamond in diamonds {
        let points: Vec<f32> = (diamond.attribute("points").unwrap_or_default())
            .split([' ', ','])
            .filter_map(|v| v.parse().ok())
            .collect();
        let (x, y) = ((points[0] + points[2]) / 2.0, (points[1] + points[3]) / 2.0);
        let pixel = pixmap
            .pixel(x.round() as u32, y.round() as u32)
            .unwrap_or_else(|| panic!("no pixel at {x},{y}"));
        let (r, g, b) = (pixel.red(), pixel.green(), pixel.blue());
        assert!(
            b > 120 && r < 100 && g < 140,
            "{:?}: ({r}, {g}, {b}) at {x},{y}",
            diamond.attribute("data-square")
        );
    }
}

/// The fill of each player's pawns in a Lotus picture, by initial.
fn pawn_fills(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}"));
    let mut fills: Vec<(String, String)> = (doc.descendants())
        .filter(|n| n.attribute("class") == Some("piece"))
        .filter_map(|pawn| {
            let disc = pawn.children().find(|c| c.has_tag_name("circle"))?;
            Some((
                pawn.attribute("data-piece")?.to_owned(),
                disc.attribute("fill")?.to_owned(),
            ))
        })
        .collect();
    fills.sort();
    fills.dedup();
    fills
}

#[test]
fn a_lotus_player_named_after_a_colour_is_drawn_in_it() {
    let fills = |file: &str| pawn_fills(&svg(&[file, "--ply", "0"]));
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect()
    };
    // orange violet magenta red cyan: each in its own colour.
    assert_eq!(
        fills("fixtures/examples/lotus.kifu"),
        pairs(&[
            ("c", "#00838f"),
            ("m", "#c51162"),
            ("o", "#ef6c00"),
            ("r", "#d32f2f"),
            ("v", "#7c4dff")
        ])
    );
    // Names that are no colour take the colours left, in seat order.
    let dir = scratch("lotus-names");
    let file = dir.join("names.kifu");
    std::fs::write(&file, "[Game \"lotus\"]\n[Players \"ann red bob\"]\n\n*\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        fills(&file.to_string_lossy()),
        pairs(&[("a", "#1565c0"), ("b", "#2e7d32"), ("r", "#d32f2f")])
    );
}

#[test]
fn the_page_carries_every_position_render_draws() {
    let file = "fixtures/escampe/valid/black-wins.kifu";
    let (out, err, status) = kifu(&["html", file]);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    let page = String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"));
    let data = page_data(&page);
    let game = &data["games"][0];
    let boards = pictures(&data, 0);
    let moves = game["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("no moves"));
    assert_eq!(boards.len(), moves.len() + 1);
    for ply in [0, 1, 4, moves.len()] {
        let drawn = svg(&[file, "--ply", &ply.to_string()]);
        assert!(
            boards[ply] == drawn,
            "ply {ply}: the page's picture is not render's"
        );
    }
    let verdict = std::fs::read_to_string("fixtures/escampe/valid/black-wins.verdict")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        verdict,
        format!(
            "{file}:1: {}\n",
            game["verdict"].as_str().unwrap_or_default()
        )
    );
}

#[test]
fn the_page_shows_an_invalid_record_up_to_its_fault() {
    let file = fixtures("mana", "invalid")
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no invalid fixture"));
    let name = file.to_string_lossy().into_owned();
    let (out, _, status) = kifu(&["html", &name]);
    assert_eq!(status, Some(1));
    let data = page_data(&String::from_utf8_lossy(&out));
    let game = &data["games"][0];
    let fault = game["fault"].as_str().unwrap_or_else(|| panic!("no fault"));
    let verdict_line =
        std::fs::read_to_string(file.with_extension("verdict")).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        verdict_line.contains(fault),
        "{fault} not in {verdict_line}"
    );
    let played = game["boards"].as_array().map_or(0, Vec::len);
    let unplayed = game["moves"]
        .as_array()
        .map_or(0, |m| m.iter().filter(|m| m.get("board").is_none()).count());
    assert!(played >= 1 && unplayed >= 1, "{played} {unplayed}");
    // The help says so: exit status 1, and the page written all the same.
    let (help, _, _) = kifu(&["html", "--help"]);
    let help = String::from_utf8_lossy(&help);
    // The words, unwrapped.
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "Exit status: 0 every record valid, 1 at least one invalid record (the page is written all the same, each invalid record shown up to its fault), 2 usage error or unreadable input."
        ),
        "{help}"
    );
}

#[test]
fn the_page_keeps_hostile_record_text_out_of_its_markup() {
    let (out, _, status) = kifu(&["html", "tests/support/hostile-pictures.kifu"]);
    assert_eq!(status, Some(0));
    let page = String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"));
    // The page's own scripts, and no other: one a game (two here), the
    // lines of the pictures, the script.
    assert_eq!(page.matches("<script").count(), 4);
    assert_eq!(page.matches("</script").count(), 4);
    assert_eq!(
        page.matches("<script type=\"application/json\" class=\"kifu-game\">")
            .count(),
        2
    );
    assert!(!page.contains("<img"));
    assert!(!page.contains("<svg onload"));
    assert!(page.contains("<title>&quot;&gt;&lt;img src=x onerror=window.pwned=1&gt;</title>"));
    let data = page_data(&page);
    assert_eq!(
        data["games"][0]["comments"][0],
        "<script>window.pwned=4</script> ]]> \"><img src=x onerror=window.pwned=5>"
    );
    assert_eq!(
        data["games"][1]["players"],
        "<svg onload=window.pwned=8> - \"><img src=x onerror=window.pwned=7>"
    );
}

#[test]
fn the_page_writes_its_file_atomically() {
    let dir = scratch("html");
    let target = dir.join("games.html");
    let name = target.to_string_lossy().into_owned();
    let (out, _, status) = kifu(&[
        "html",
        "fixtures/mana/valid/black-wins.kifu",
        "--title",
        "Club",
        "-o",
        &name,
    ]);
    assert_eq!((status, out.len()), (Some(0), 0));
    let page = std::fs::read_to_string(&target).unwrap_or_else(|e| panic!("{e}"));
    assert!(page.contains("<title>Club</title>"));
    assert!(Path::new(&target).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Checks every move of the variations of `moves`, the line `line` of a
/// page's game whose pictures are `boards`, and of the variations inside
/// them: it has a board, the one `kifu render --line L --ply P` draws of
/// `file`, and P, its ply. A variation's first move replaces the move it
/// follows, or (lotus) that move's whole turn of `turn` plies: its ply is
/// the ply of that move less `turn - 1`. Returns how many were checked.
fn check_variations(
    file: &str,
    boards: &[String],
    moves: &[serde_json::Value],
    line: &str,
    turn: u64,
) -> usize {
    let mut checked = 0;
    let mut numbered = 0;
    for m in moves {
        let ply = m["ply"].as_u64().unwrap_or_else(|| panic!("{file}: {m}"));
        if line != "0" {
            let board = m["board"].as_u64().unwrap_or_else(|| panic!("{file}: {m}"));
            let drawn = svg(&[file, "--line", line, "--ply", &ply.to_string()]);
            assert!(
                boards[board as usize] == drawn,
                "{file}: {} of line {line}, ply {ply}: the page's picture is not render's",
                m["text"]
            );
            checked += 1;
        }
        for variation in m["variations"].as_array().into_iter().flatten() {
            numbered += 1;
            let name = match line {
                "0" => numbered.to_string(),
                _ => format!("{line}.{numbered}"),
            };
            let moves = variation.as_array().map_or(&[][..], Vec::as_slice);
            assert_eq!(
                moves.first().and_then(|first| first["ply"].as_u64()),
                Some(ply + 1 - turn),
                "{file}: the first move of line {name}"
            );
            checked += check_variations(file, boards, moves, &name, turn);
        }
    }
    checked
}

#[test]
fn the_page_gives_every_move_of_every_variation_its_board_and_ply() {
    for (file, turn, count) in [
        (
            "fixtures/mana/valid/variations-nested-three-deep.kifu",
            1,
            10,
        ),
        (
            "fixtures/lotus/valid/variations-nested-three-deep.kifu",
            3,
            18,
        ),
        (
            "fixtures/lotus/valid/variations-several-on-one-turn.kifu",
            3,
            15,
        ),
        (
            "fixtures/shogun/valid/variations-nested-three-deep.kifu",
            1,
            10,
        ),
    ] {
        let (out, err, status) = kifu(&["html", file]);
        assert_eq!((status, err.as_str()), (Some(0), ""), "{file}");
        let data = page_data(&String::from_utf8_lossy(&out));
        let boards = pictures(&data, 0);
        let moves = data["games"][0]["moves"]
            .as_array()
            .map_or(&[][..], Vec::as_slice);
        let checked = check_variations(file, &boards, moves, "0", turn);
        assert_eq!(checked, count, "{file}: moves in variations");
        // One picture for the start and for each ply, variations' too.
        let plies = count_moves(moves);
        assert_eq!(boards.len(), plies + 1, "{file}");
    }
    // Lotus: the variation after the third turn (`3. g7 g3 g8`, plies 7
    // to 9) replaces the whole turn, so its first move is ply 7 again.
    let (out, _, _) = kifu(&[
        "html",
        "fixtures/lotus/valid/variations-nested-three-deep.kifu",
    ]);
    let data = page_data(&String::from_utf8_lossy(&out));
    let turn = &data["games"][0]["moves"][8];
    assert_eq!((&turn["text"], &turn["ply"]), (&"g8".into(), &9.into()));
    let first = &turn["variations"][0][0];
    assert_eq!((&first["text"], &first["ply"]), (&"r9".into(), &7.into()));
}

/// How many moves `moves` has, those of its variations included.
fn count_moves(moves: &[serde_json::Value]) -> usize {
    moves
        .iter()
        .map(|m| {
            1 + (m["variations"].as_array().into_iter().flatten())
                .map(|v| count_moves(v.as_array().map_or(&[][..], Vec::as_slice)))
                .sum::<usize>()
        })
        .sum()
}

/// The page is written as the records are read: with its input still open,
/// the games read so far are already on standard output (`html` once held
/// every picture of every game until the end, 475 times its input).
#[test]
fn the_page_is_written_while_the_records_are_read() {
    use std::io::{Read, Write};
    let (records, _, _) = kifu(&["random", "mana", "--seed", "5", "--count", "20"]);
    let mut html = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["html", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut input = html.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    input.write_all(&records).unwrap_or_else(|e| panic!("{e}"));
    let mut output = html.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let (first, came) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 1 << 16];
        let mut told = false;
        loop {
            let n = output.read(&mut buffer).unwrap_or(0);
            if n == 0 {
                return seen;
            }
            seen.extend_from_slice(&buffer[..n]);
            if !told && String::from_utf8_lossy(&seen).contains("class=\"kifu-game\"") {
                told = first.send(()).is_ok();
            }
        }
    });
    // The input stays open: nothing but streaming can put games out.
    let streamed = came.recv_timeout(std::time::Duration::from_secs(60));
    drop(input);
    let seen = reader.join().unwrap_or_default();
    assert!(
        streamed.is_ok(),
        "no game on the page while its input was open"
    );
    assert!(html.wait().is_ok_and(|s| s.success()));
    let page = String::from_utf8_lossy(&seen);
    assert_eq!(page_data(&page)["games"].as_array().map(Vec::len), Some(20));
}
