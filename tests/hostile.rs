//! Hostile input through the binary: every case ends with a clear message
//! and status 1 or 2, within 20 seconds and 64 MB of memory.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The longest a case may run.
const TIME_LIMIT: Duration = Duration::from_secs(20);
/// The most memory (peak resident set, in KiB) a case may use.
const MEMORY_LIMIT_KB: u64 = 64 * 1024;
/// GNU time, which reports the peak resident set of the command it runs.
const GNU_TIME: &str = "/usr/bin/time";

/// What a run of kifu gave.
struct Run {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

/// Standard input for a case: written from a thread, a piece at a time.
type Feed = Box<dyn FnOnce(&mut ChildStdin) -> std::io::Result<()> + Send>;

fn feed(bytes: &[u8]) -> Feed {
    let bytes = bytes.to_vec();
    Box::new(move |stdin| stdin.write_all(&bytes))
}

/// Writes `prefix`, then `count` copies of `chunk`, then `suffix`.
fn stream(prefix: &'static [u8], chunk: Vec<u8>, count: usize, suffix: &'static [u8]) -> Feed {
    Box::new(move |stdin| {
        stdin.write_all(prefix)?;
        for _ in 0..count {
            stdin.write_all(&chunk)?;
        }
        stdin.write_all(suffix)
    })
}

fn reader(mut from: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn wait(child: &mut Child) -> Option<i32> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status.code(),
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                panic!("kifu ran for more than {TIME_LIMIT:?}");
            }
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("{e}"),
        }
    }
}

/// Runs `kifu ARGS` with `input` on standard input, within the time and
/// memory limits.
fn kifu(name: &str, args: &[&str], input: Feed) -> Run {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_kifu"));
    let report = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}.rss"));
    let measured = Path::new(GNU_TIME).exists();
    let mut command = if measured {
        let mut command = Command::new(GNU_TIME);
        command
            .arg("-f")
            .arg("%M")
            .arg("-o")
            .arg(&report)
            .arg(&binary);
        command
    } else {
        eprintln!("{GNU_TIME} is missing: the memory of {name} is not measured");
        Command::new(&binary)
    };
    let mut child = command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    // kifu may stop reading early; a broken pipe is then expected.
    let writer = thread::spawn(move || {
        let _ = input(&mut stdin);
    });
    let stdout = reader(child.stdout.take().unwrap_or_else(|| panic!("no stdout")));
    let stderr = reader(child.stderr.take().unwrap_or_else(|| panic!("no stderr")));
    let status = wait(&mut child);
    let _ = writer.join();
    let run = Run {
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        status,
    };
    if measured {
        let text = std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("{e}"));
        let peak: u64 = text
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak memory in {text:?}"));
        assert!(
            peak <= MEMORY_LIMIT_KB,
            "{name}: kifu used {peak} KB, more than {MEMORY_LIMIT_KB} KB"
        );
    }
    run
}

/// `kifu validate -` on `input`: standard output, standard error, status.
fn validate(name: &str, input: Feed) -> (String, String, Option<i32>) {
    let r = kifu(name, &["validate", "-"], input);
    (r.stdout, r.stderr, r.status)
}

fn out(line: &str, status: i32) -> (String, String, Option<i32>) {
    (line.to_owned(), String::new(), Some(status))
}

const LOTUS_TAGS: &str =
    "[Game \"lotus\"]\n[Players \"red green orange blue\"]\n[Course \"LLFLLSLLFLLSLLFLLLS\"]\n\n";

#[test]
fn a_100_mb_line_without_a_newline() {
    let input = stream(b"", vec![b'a'; 1 << 16], 1600, b"");
    assert_eq!(
        validate("long-line", input),
        out(
            "<stdin>:1:1: line is longer than the limit of 1048576 bytes\n",
            1
        )
    );
}

#[test]
fn an_unterminated_comment_then_50_mb() {
    let mut line = vec![b'x'; 99];
    line.push(b'\n');
    let input = stream(
        b"[Game \"mana\"]\n\n1. a1-a2 { never closed\n",
        line,
        500_000,
        b"",
    );
    assert_eq!(
        validate("comment", input),
        out(
            "<stdin>:3:10: comment is not closed within the record size limit of 4194304 bytes\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_tags() {
    let mut text = String::from("[Game \"mana\"]\n");
    for i in 0..100_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("\n*\n");
    assert_eq!(
        validate("tags", feed(text.as_bytes())),
        out(
            "<stdin>:1001:1: the record has more than the limit of 1000 tags (at \"[T999 \\\"v\\\"]\")\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_comments() {
    let input = stream(b"[Game \"mana\"]\n\n", b"{c} ".to_vec(), 100_000, b"*\n");
    assert_eq!(
        validate("items", input),
        out(
            "<stdin>:3:40001: the movetext has more than the limit of 10000 items (move numbers, moves, comments) (at \"{c} {c} {c} {c} {c} {c} ...\")\n",
            1
        )
    );
}

#[test]
fn invalid_utf8_and_nul_bytes_each_fault_their_own_record() {
    let input = b"[Game \"mana\"]\n1. a1\xffa2\n\n[Game \"mana\"]\n\n1. a1\0a2 *\n";
    assert_eq!(
        validate("bytes", feed(input)),
        out(
            "<stdin>:2:6: the text is not UTF-8 (byte 0xff)\n<stdin>:6:6: unexpected character '\\0' (at \"\\0a2 *\")\n",
            1
        )
    );
}

#[test]
fn a_30_digit_move_number() {
    let input = b"[Game \"mana\"]\n\n123456789012345678901234567890. a1-a2 *\n";
    assert_eq!(
        validate("number", feed(input)),
        out(
            "<stdin>:3:1: move 1 (Black): move number 123456789012345678901234567890 is out of sequence: expected 1\n",
            1
        )
    );
}

#[test]
fn a_10_mb_tag_value_and_a_5000_byte_one() {
    let input = stream(
        b"[Game \"mana\"]\n[Event \"",
        vec![b'v'; 1000],
        10_000,
        b"\"]\n\n*\n",
    );
    assert_eq!(
        validate("value-10mb", input),
        out(
            "<stdin>:2:1: line is longer than the limit of 1048576 bytes\n",
            1
        )
    );
    let input = stream(
        b"[Game \"mana\"]\n[Event \"",
        vec![b'v'; 1000],
        5,
        b"\"]\n\n*\n",
    );
    assert_eq!(
        validate("value-5000", input),
        out(
            "<stdin>:2:8: tag value is longer than the limit of 4096 bytes (at \"\\\"vvvvvvvvvvvvvvvvvvvvvvv...\")\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_nested_brackets_in_a_lotus_move() {
    let text = format!("{LOTUS_TAGS}1. b0{} *\n", "[".repeat(100_000));
    assert_eq!(
        validate("brackets", feed(text.as_bytes())),
        out(
            "<stdin>:5:4: turn 1 (red) b0[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...: not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]\n",
            1
        )
    );
}

#[test]
fn a_900_kb_mana_move_is_quoted_short() {
    let input = stream(
        b"[Game \"mana\"]\n\n1. b1",
        b"a1-".to_vec(),
        300_000,
        b" *\n",
    );
    assert_eq!(
        validate("long-move", input),
        out(
            "<stdin>:3:4: move 1 (Black) b1a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1...: \"b1a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1...\": '-' or 'x' must follow b1\n",
            1
        )
    );
}

#[test]
fn an_empty_file_a_directory_and_a_missing_file() {
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-empty.kifu");
    std::fs::write(&empty, "").unwrap_or_else(|e| panic!("{e}"));
    let empty = empty.to_string_lossy().into_owned();
    let r = kifu("empty", &["validate", &empty], feed(b""));
    assert_eq!(
        (r.stdout.as_str(), r.stderr, r.status),
        ("", format!("kifu: {empty}: no record found\n"), Some(1))
    );
    let r = kifu("directory", &["validate", "fixtures"], feed(b""));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        ("", "kifu: fixtures: is a directory\n", Some(2))
    );
    let r = kifu("missing", &["json", "no/such.kifu"], feed(b""));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        ("", "kifu: no/such.kifu: no such file\n", Some(2))
    );
}

#[test]
fn an_unknown_game_and_a_lotus_game_with_two_players() {
    assert_eq!(
        validate("unknown", feed(b"[Game \"chess\"]\n\n*\n")),
        out(
            "<stdin>:1:7: unknown game \"chess\" (kifu knows mana, escampe, shogun, lotus)\n",
            1
        )
    );
    assert_eq!(
        validate(
            "two-players",
            feed(b"[Game \"lotus\"]\n[Players \"red green\"]\n\n*\n")
        ),
        out(
            "<stdin>:2:10: tag Players: 2 players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\"\n",
            1
        )
    );
}

#[test]
fn malformed_discs_course_flowers_and_setup_tags() {
    let cases: &[(&str, &str)] = &[
        (
            "[Game \"shogun\"]\n[Discs \"X:1234 Y:4321 Z:2222\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: \"X:1234 Y:4321 Z:2222\": S is missing; each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\"\n",
        ),
        (
            "[Game \"shogun\"]\n[Discs \"X:0234 Y:4321 Z:2222 S:2112\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: \"X:0234\": X takes four numbers from 1 to 4, for magnet types A, B, C and D\n",
        ),
        (
            "[Game \"shogun\"]\n[Discs \"X:1234 X:4321 Z:2222 S:2112\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: X is given twice\n",
        ),
        (
            "[Game \"shogun\"]\n[Setup \"ZXXYSXYZ\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"ZXXYSXYZ\": expected White's rank 1 and Red's rank 8 separated by '/', like \"XXYZSZYX/XYZSZYXX\"\n",
        ),
        (
            "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Course \"LLFLLSLLFLLSLLFLLLX\"]\n\n*\n",
            "<stdin>:3:9: tag Course: square 19 is 'X': the course is written with . (plain), L (lily), F (frog) and S (stone)\n",
        ),
        (
            "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Flowers \"xyz\"]\n\n*\n",
            "<stdin>:3:10: tag Flowers: \"xyz\": the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"\n",
        ),
        (
            "[Game \"mana\"]\n[Setup \"c1\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"c1\": expected two squares, Black's Daimyo then White's, like \"c1 c6\"\n",
        ),
        (
            "[Game \"mana\"]\n[Setup \"zz b6\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"zz\": Black's Daimyo stands on a double square of rank 1: b1, c1 or f1\n",
        ),
        (
            "[Game \"escampe\"]\n[Setup \"\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"\": expected White's six squares, '/', then Black's six, Unicorn first, like \"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1\"\n",
        ),
    ];
    for (i, (record, message)) in cases.iter().enumerate() {
        assert_eq!(
            validate(&format!("tag-{i}"), feed(record.as_bytes())),
            out(message, 1),
            "{record}"
        );
    }
}

#[test]
fn import_refuses_a_100_mb_line_and_bytes_that_are_not_utf8() {
    let input = stream(b"{\"tags\": \"", vec![b'a'; 1 << 16], 1600, b"\"}\n\xff\n");
    let r = kifu("import-long", &["import"], input);
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: the line is longer than the limit of 4194304 bytes\n<stdin>:2: invalid JSON: the line is not UTF-8\n",
            Some(1)
        )
    );
}

#[test]
fn import_of_a_4_mb_line_of_tiny_moves_stays_in_bounds() {
    let input = stream(
        b"{\"tags\": {\"Game\": \"mana\"}, \"moves\": [{\"text\": \"a\"}",
        b",{\"text\":\"a\"}".to_vec(),
        300_000,
        b"]}\n",
    );
    let r = kifu("import-moves", &["import"], input);
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: 300001 moves: a record holds at most 10000 movetext items\n",
            Some(1)
        )
    );
}

#[test]
fn import_refuses_an_empty_record() {
    // Found by the json_import fuzz target: import wrote an empty record.
    let r = kifu("import-empty", &["import"], feed(b"{\"tags\": {}}\n"));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: the record is empty: no tags, comments, moves or result\n",
            Some(1)
        )
    );
}

#[test]
fn import_refuses_a_result_token_that_is_not_one() {
    let input = b"\t[{},[],[],\"\" ]\n{\"tags\":{\"Game\":\"mana\"},\"result_token\":\"1-0\"}\n";
    let r = kifu("bad result token", &["import"], feed(input));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: result token \"\" is not * or a winner's initial and +, like B+\n<stdin>:2: result token \"1-0\" is not * or a winner's initial and +, like B+\n",
            Some(1)
        )
    );
}
