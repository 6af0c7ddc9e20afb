//! The checks the fuzz targets run, shared by them.
#![forbid(unsafe_code)]

use kifu::draw::{Charset, Drawing};
use kifu::game::{Game, GameKind, GameVisitor, MoveFault, Tags};
use kifu::random::Rng;
use kifu::record::{Record, RecordReader, Tag};
use kifu::referee::{Options, Verdict, judge, judge_record};
use kifu::repl::{Reply, Session};
use std::path::{Path, PathBuf};

/// The record reader, the parser and the referee on any bytes: no panic,
/// a record that parses is judged without panicking, and the verdict of
/// `kifu validate` (tags parsed, movetext judged as it is read) is the
/// verdict of the record parsed whole.
pub fn record_reader(data: &[u8]) {
    let mut reader = RecordReader::new(data);
    while let Ok(Some(raw)) = reader.next_raw() {
        let Ok(raw) = raw else { continue };
        let streamed = raw
            .clone()
            .parse_head()
            .and_then(|record| judge_record(&record))
            .unwrap_or_else(Verdict::of_syntax_error);
        let whole = match raw.parse() {
            Ok(record) => {
                quick_reader(&record);
                let _ = record.locate(record.text().len());
                let options = Options {
                    stop_after: None,
                    details: true,
                };
                judge(&record, options, |_| {}).0
            }
            Err(error) => Verdict::of_syntax_error(error),
        };
        assert_eq!(
            streamed.fault, whole.fault,
            "validate and a whole parse disagree"
        );
        assert_eq!(
            streamed.summary(),
            whole.summary(),
            "validate and a whole parse disagree"
        );
        if let Some(fault) = &whole.fault {
            let _ = fault.to_string();
        }
    }
}

/// The referee's quick move reader agrees with the full one on every move
/// of `record`, read in place with whatever follows it in the text: what
/// `Game::read_move_at` reads is what `Game::parse_move` reads from the
/// same bytes, and those bytes may stand in a move word.
pub fn quick_reader(record: &Record) {
    let Some(kind) = record.tag("Game").and_then(GameKind::from_name) else {
        return;
    };
    kind.visit(QuickReader { record });
}

struct QuickReader<'a> {
    record: &'a Record,
}

impl GameVisitor for QuickReader<'_> {
    type Output = ();

    fn visit<G: Game>(self) {
        let Ok(mut game) = G::from_tags(Tags::new(&self.record.tags)) else {
            return;
        };
        let text = self.record.text();
        for word in self.record.moves() {
            let rest = text.get(word.offset..).unwrap_or_default();
            if let Some((mv, len)) = game.read_move_at(rest.as_bytes()) {
                let read = rest
                    .get(..len)
                    .unwrap_or_else(|| panic!("{rest:?}: read {len} bytes"));
                assert!(
                    !read.is_empty()
                        && !read.contains(|c: char| c.is_whitespace() || "{};!?".contains(c)),
                    "the quick reader read {read:?} as a move"
                );
                assert_eq!(
                    format!(
                        "{:?}",
                        game.read_move(read.as_bytes()).map_err(|e| e.message(read))
                    ),
                    format!("{:?}", Ok::<_, String>(mv)),
                    "the quick reader and the full reader disagree on {read:?}"
                );
            }
            let Ok(mv) = game.read_move(word.text.as_bytes()) else {
                return;
            };
            if game.is_over() || game.check_and_apply(&mv).is_err() {
                return;
            }
        }
    }
}

/// The most moves one input plays: every position checks its whole
/// legal-move list, which is slow under the sanitizer.
const MAX_WORDS: usize = 24;

/// The canonical text of a move, as the legal-move list writes it: Mana
/// lists moves without their bird squares.
fn canonical(kind: GameKind, normalized: &str) -> String {
    match kind {
        GameKind::Mana => normalized.split('@').next().unwrap_or("").to_owned(),
        _ => normalized.to_owned(),
    }
}

/// One game driven by the bytes: the first byte picks the default or a
/// random start (seeded by the next eight bytes; always random for Escampe and Lotus); the rest is words, each a
/// move's text or `#n` for the n-th legal move. At every position the
/// legal-move list and the single-move check must agree.
pub fn game(kind: GameKind, data: &[u8]) {
    let (head, rest) = data.split_at(data.len().min(9));
    let mut tags = vec![Tag {
        name: "Game".into(),
        value: kind.name().into(),
        offset: 0,
    }];
    // Escampe has no default setup, Lotus no default players: their start
    // is always random.
    let always_random = matches!(kind, GameKind::Escampe | GameKind::Lotus);
    if always_random || head.first().is_some_and(|b| b & 1 == 1) {
        let mut seed = [0u8; 8];
        for (s, b) in seed.iter_mut().zip(head.iter().skip(1)) {
            *s = *b;
        }
        let mut rng = Rng::new(u64::from_le_bytes(seed));
        for (name, value) in kind.random_tags(&mut rng) {
            tags.push(Tag {
                name: name.into(),
                value: value.into(),
                offset: 0,
            });
        }
    }
    let mut game = match kind.start(Tags::new(&tags)) {
        Ok(game) => game,
        Err(e) => panic!("the start position of {tags:?} is refused: {e}"),
    };
    let text = String::from_utf8_lossy(rest);
    for word in text.split_ascii_whitespace().take(MAX_WORDS) {
        if game.is_over() {
            let _ = game.outcome();
            assert!(game.play(word).is_err(), "{word} played after the end");
            return;
        }
        let legal = game.legal_moves();
        let mut listed = Vec::with_capacity(legal.len());
        for mv in &legal {
            match game.detail(mv) {
                Ok(detail) => listed.push(canonical(kind, &detail.normalized)),
                Err(e) => panic!("listed move {mv} is refused: {e}\n{game:?}"),
            }
        }
        let chosen = match word.strip_prefix('#') {
            Some(n) if !legal.is_empty() => {
                let n: usize = n.parse().unwrap_or(0);
                legal[n % legal.len()].clone()
            }
            _ => word.to_owned(),
        };
        let detail = game.detail(&chosen);
        let mut next = game.box_clone();
        let played = next.play(&chosen);
        assert_eq!(
            detail.is_ok(),
            played.is_ok(),
            "detail and play disagree on {chosen}"
        );
        if let Ok(detail) = detail {
            let canon = canonical(kind, &detail.normalized);
            assert!(
                listed.contains(&canon),
                "{chosen} ({canon}) is played but not listed in {listed:?}\n{game:?}"
            );
            let _ = game.constraint();
            game = next;
        }
    }
    let _ = game.outcome();
    let _ = game.position_json();
    let _ = game.text(&Charset::Ascii.into());
}

/// `kifu import` on any bytes as a stream (NDJSON, objects one after
/// another in any whitespace, arrays of records, in any mix): no panic; the
/// records are numbered from 1 and counted; reading the input whole, a byte
/// at a time or in short chunks gives the same records and the same stop;
/// every record it writes reads back as one record; and when the stream is
/// read to its end, serde_json reads the same values, with the same tags and
/// moves in each record imported. A single object also goes through
/// `text_from_json` (see [`json_object`]).
pub fn json_import(data: &[u8]) {
    json_object(data);
    let whole = json_stream(data, usize::MAX);
    let short = 1 + data.len() % 7;
    for chunk in [1, short] {
        assert_eq!(
            whole,
            json_stream(data, chunk),
            "reads of {chunk} bytes change the records"
        );
    }
    let (records, stop) = whole;
    for (i, (number, text)) in records.iter().enumerate() {
        assert_eq!(*number, i + 1, "records are numbered out of order");
        if let Ok(text) = text {
            reads_back_as_one(text);
        }
    }
    let Ok(count) = stop else { return };
    assert_eq!(
        count,
        records.len(),
        "the count is not the records passed on"
    );
    let text = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let Ok(text) = std::str::from_utf8(text) else {
        panic!("import read a stream that is not UTF-8");
    };
    let mut values = Vec::new();
    for value in serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>() {
        match value {
            Ok(serde_json::Value::Array(elements)) => values.extend(elements),
            Ok(value) => values.push(value),
            // A number at the top is not a record, and ends where the
            // next value starts (`-1-1` is two): only a stream of records
            // must be JSON to serde_json too.
            Err(_) if records.iter().any(|(_, text)| text.is_err()) => return,
            Err(e) => panic!("import read a stream that serde_json refuses: {e}"),
        }
    }
    assert_eq!(
        values.len(),
        records.len(),
        "import and serde_json count differently"
    );
    for (value, (_, text)) in values.iter().zip(&records) {
        if let Ok(text) = text {
            assert!(value.is_object(), "import made a record of {value}");
            same_record(value, text);
        }
    }
}

/// The records of `data` and how the reading stopped, read through a
/// reader that gives at most `chunk` bytes a read.
type Stream = (Vec<(usize, Result<String, String>)>, Result<usize, String>);

fn json_stream(data: &[u8], chunk: usize) -> Stream {
    struct Short<'a>(&'a [u8], usize);
    impl std::io::Read for Short<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(self.1);
            let (head, rest) = self.0.split_at(n);
            buf[..n].copy_from_slice(head);
            self.0 = rest;
            Ok(n)
        }
    }
    let mut records = Vec::new();
    let stop = kifu::model::read_json_records(Short(data, chunk), |record| {
        records.push((record.number, record.text.map_err(|e| e.to_string())));
        Ok(())
    });
    let stop = stop.map_err(|stop| match stop {
        kifu::model::JsonStop::Bad {
            number,
            line,
            reason,
        } => format!("{line}: record {number}: {reason}"),
        other => panic!("reading bytes in memory failed: {other:?}"),
    });
    (records, stop)
}

/// `text` reads back as exactly one record that parses.
fn reads_back_as_one(text: &str) -> Record {
    let mut reader = RecordReader::new(text.as_bytes());
    let record = match reader.next() {
        Some(Ok(Ok(record))) => record,
        other => panic!("import wrote {text:?}, which reads as {other:?}"),
    };
    if let Some(next) = reader.next() {
        panic!("import wrote {text:?}, which reads as more than one record: {next:?}");
    }
    record
}

/// `kifu import` of one object: no panic, and a record it writes is a
/// record the reader parses with the same tags and moves.
pub fn json_object(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(text) = kifu::model::text_from_json(line) else {
        return;
    };
    let json: serde_json::Value = match serde_json::from_str(line) {
        Ok(json) => json,
        Err(e) => panic!("import accepted invalid JSON: {e}"),
    };
    same_record(&json, &text);
}

/// The record `text` that import wrote of `json` has its tags and moves.
fn same_record(json: &serde_json::Value, text: &str) {
    let record = reads_back_as_one(text);
    let tags = json.get("tags").and_then(|t| t.as_object());
    let written: Vec<(&str, &str)> = tags
        .map(|t| {
            t.iter()
                .filter_map(|(k, v)| Some((k.as_str(), v.as_str()?)))
                .collect()
        })
        .unwrap_or_default();
    let read: Vec<(&str, &str)> = record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(written, read, "tags changed through import: {text:?}");
    let moves: Vec<String> = json
        .get("moves")
        .and_then(|m| m.as_array())
        .map(|m| {
            m.iter()
                .map(|m| {
                    let text = m.get("text").and_then(|t| t.as_str()).unwrap_or("");
                    let glyph = m.get("glyph").and_then(|t| t.as_str()).unwrap_or("");
                    format!("{text}{glyph}")
                })
                .collect()
        })
        .unwrap_or_default();
    let read: Vec<String> = record
        .moves()
        .map(|m| format!("{}{}", m.text, m.glyph.unwrap_or("")))
        .collect();
    assert_eq!(moves, read, "moves changed through import: {text:?}");
}

/// The most lines one input plays: every line draws the board, which is
/// slow under the sanitizer.
const MAX_LINES: usize = 48;

/// What the session shows: the board and the status line.
fn shown(session: &Session) -> String {
    let mut out = Vec::new();
    if let Err(e) = session.show(&mut out) {
        panic!("show failed on a Vec: {e}");
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One line through `session`: its reply and what it wrote.
fn say(session: &mut Session, line: &str) -> (Reply, String) {
    let mut out = Vec::new();
    match session.handle(line, &mut out) {
        Ok(reply) => (reply, String::from_utf8_lossy(&out).into_owned()),
        Err(e) => panic!("{line:?} failed to write to a Vec: {e}"),
    }
}

/// The directory `:save` and `:load` are pointed to: the process's own,
/// in memory where there is `/dev/shm`.
fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_owned()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!("kifu-fuzz-repl-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("cannot make {}: {e}", dir.display());
    }
    dir
}

/// `kifu play`'s line handler on lines from the bytes. The first byte picks
/// the game, and a default or random start (seeded by the next eight bytes;
/// always random for Escampe and Lotus); the rest is lines, each a command
/// or moves, in which a word `#n` stands for the n-th word Tab completes
/// (the legal moves, then the commands). `:save` and `:load` go to one of
/// two files of a scratch directory, whatever their argument. Checks: no
/// panic; a refused line of moves changes nothing; a line played adds its
/// moves, `:undo` then restores the board and the moves, and `:redo` plays
/// them again; `:new` empties the game; `:json` is JSON; `:quit` quits
/// unless refused (unsaved moves), `:quit!` always;
/// and a record `:save` writes loads back into a fresh session with the
/// same moves and board.
pub fn repl(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let kind = GameKind::ALL[usize::from(first >> 1) % GameKind::ALL.len()];
    let (seed_bytes, rest) = rest.split_at(rest.len().min(8));
    let always_random = matches!(kind, GameKind::Escampe | GameKind::Lotus);
    let tags = if always_random || first & 1 == 1 {
        let mut seed = [0u8; 8];
        seed[..seed_bytes.len()].copy_from_slice(seed_bytes);
        kind.random_tags(&mut Rng::new(u64::from_le_bytes(seed)))
    } else {
        Vec::new()
    };
    let start = |tags: &[(String, String)]| match Session::start(kind, tags, Charset::Ascii) {
        Ok(session) => session,
        Err(e) => panic!("the start of {kind} from {tags:?} is refused: {e}"),
    };
    let mut session = start(&tags);
    let text = String::from_utf8_lossy(rest);
    // Files of an earlier input would make this one's run depend on it.
    let dir = scratch();
    for file in ["a.kifu", "b.kifu"] {
        let _ = std::fs::remove_file(dir.join(file));
    }
    for line in text.split('\n').take(MAX_LINES) {
        let line = resolve(&session, line, &dir);
        let before = (shown(&session), session.moves());
        let (reply, said) = say(&mut session, &line);
        let after = (shown(&session), session.moves());
        let trimmed = line.trim();
        let name = trimmed.split_whitespace().next().unwrap_or("");
        // `:quit` with unsaved moves is refused; `:quit!` always leaves.
        assert_eq!(
            reply.quit,
            trimmed == ":quit!" || (trimmed == ":quit" && !reply.refused),
            "{line:?}: quit is {reply:?}"
        );
        if !trimmed.starts_with(':') {
            if reply.refused {
                assert_eq!(before, after, "{line:?} was refused but changed the game");
                continue;
            }
            if after.1 == before.1 {
                // Only move numbers: nothing to play.
                continue;
            }
            assert!(
                after.1.len() > before.1.len() && after.1.starts_with(&before.1),
                "{line:?} played {:?} after {:?}",
                after.1,
                before.1
            );
            for (command, state) in [(":undo", &before), (":redo", &after)] {
                let (reply, _) = say(&mut session, command);
                assert!(!reply.refused, "{line:?}: {command} refused");
                assert_eq!(
                    &(shown(&session), session.moves()),
                    state,
                    "{line:?}: {command} does not give the game before or after the line"
                );
            }
            continue;
        }
        match name {
            ":new" if !reply.refused => {
                assert!(
                    session.moves().is_empty(),
                    ":new left {:?}",
                    session.moves()
                );
            }
            ":undo" if !reply.refused && !before.1.is_empty() => {
                assert!(
                    after.1.len() < before.1.len() && before.1.starts_with(&after.1),
                    ":undo went from {:?} to {:?}",
                    before.1,
                    after.1
                );
            }
            ":json" if !reply.refused => {
                if let Err(e) = serde_json::from_str::<serde_json::Value>(&said) {
                    panic!(":json wrote {said:?}, not JSON: {e}");
                }
            }
            ":save" | ":save!" if !reply.refused => {
                let mut fresh = start(&tags);
                let load = format!(":load {}", trimmed[name.len()..].trim());
                let (loaded, said) = say(&mut fresh, &load);
                assert!(!loaded.refused, "{load:?} after {line:?}: {said}");
                assert_eq!(
                    (shown(&fresh), fresh.moves()),
                    after,
                    "{line:?}: the record does not load back as the game"
                );
            }
            _ => {}
        }
    }
}

/// `line` with its `#n` words replaced by what Tab completes, and the
/// argument of `:save`, `:save!` and `:load` by a file of `dir`.
fn resolve(session: &Session, line: &str, dir: &Path) -> String {
    // `#n` first: Tab completes the commands too, so `#n` may be `:save`.
    let line = if line.contains('#') {
        let words = session.completions();
        line.split(' ')
            .map(|word| match word.strip_prefix('#') {
                Some(n) if !words.is_empty() => {
                    let n: usize = n.parse().unwrap_or(0);
                    words[n % words.len()].clone()
                }
                _ => word.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        line.to_owned()
    };
    let trimmed = line.trim();
    let name = trimmed.split_whitespace().next().unwrap_or("");
    if matches!(name, ":save" | ":save!" | ":load") {
        let file = if trimmed.len() % 2 == 0 {
            "a.kifu"
        } else {
            "b.kifu"
        };
        return format!("{name} {}", dir.join(file).display());
    }
    line
}

/// The most lines of one input the engine session answers: a `go` lists
/// legal moves, slow under the sanitizer.
const MAX_ENGINE_LINES: usize = 64;

/// The engine protocol on any bytes, a line at a time: no panic; a line
/// that reads as a command or an answer is written back as a line that
/// reads as the same one; the bounded line reader gives the lines split at
/// `\n` (an error for a line past the limit or not UTF-8); and `kifu
/// engine --random` answers the lines as commands with lines that read
/// back as the answers it meant, one `move` for each `go`.
pub fn engine_protocol(data: &[u8]) {
    use kifu::kep::{
        Answer, Command, LineReader, MAX_LINE_BYTES, ProtocolError, RandomPlayer, Session,
    };
    let mut reader = LineReader::new(data);
    let mut session = Session::new(RandomPlayer::new(1), None);
    let mut split = data.split(|&b| b == b'\n').peekable();
    let mut answered = 0;
    while let Some(bytes) = split.next() {
        // The text after the last `\n` is a line only when it is not empty.
        if bytes.is_empty() && split.peek().is_none() {
            break;
        }
        let expected = match std::str::from_utf8(bytes) {
            _ if bytes.len() > MAX_LINE_BYTES => Err(ProtocolError::LineTooLong),
            Ok(line) => Ok(line.to_owned()),
            Err(_) => Err(ProtocolError::NotUtf8),
        };
        match reader.next_line() {
            Ok(Some(line)) => assert_eq!(line, expected, "the line reader"),
            other => panic!("the line reader gave {other:?} for {expected:?}"),
        }
        let Ok(line) = expected else { continue };
        if let Ok(command) = Command::read(&line) {
            let written = command.to_string();
            assert_eq!(
                Command::read(&written),
                Ok(command),
                "{line:?} as {written:?}"
            );
        }
        if let Ok(answer) = Answer::read(&line) {
            let written = answer.to_string();
            assert_eq!(
                Answer::read(&written),
                Ok(answer),
                "{line:?} as {written:?}"
            );
        }
        if answered == MAX_ENGINE_LINES {
            continue;
        }
        answered += 1;
        let is_go = matches!(Command::read(&line), Ok(Command::Go(_)));
        let reply = session.answer_line(&line);
        for answer in &reply.answers {
            let written = answer.to_string();
            assert!(!written.contains('\n'), "{written:?}");
            assert_eq!(Answer::read(&written).as_ref(), Ok(answer), "{written:?}");
        }
        let moves = reply
            .answers
            .iter()
            .filter(|a| matches!(a, Answer::Move(_) | Answer::Resign))
            .count();
        assert_eq!(
            moves,
            usize::from(is_go),
            "{line:?} got {:?}",
            reply.answers
        );
        if reply.quit {
            session = Session::new(RandomPlayer::new(1), None);
        }
    }
    assert!(
        matches!(reader.next_line(), Ok(None)),
        "the line reader went on"
    );
}

/// `kifu fmt`'s canonical form on any bytes: no panic, and every valid
/// record's canonical text reads back as exactly one record, valid, with
/// the same verdict and the same tags, whose canonical text is itself.
pub fn fmt(data: &[u8]) {
    let mut reader = RecordReader::new(data);
    while let Ok(Some(raw)) = reader.next_raw() {
        let Ok(raw) = raw else { continue };
        let Ok(record) = raw.parse() else { continue };
        let Ok(verdict) = judge_record(&record) else {
            continue;
        };
        if !verdict.is_valid() || kifu::collection::format::has_variations(&record) {
            continue;
        }
        let text = kifu::collection::format::format_record(&record, &verdict, 79);
        let again = reads_back_as_one(&text);
        let judged = judge_record(&again).unwrap_or_else(Verdict::of_syntax_error);
        assert_eq!(
            judged.fault,
            None,
            "fmt wrote {text:?} of {:?}",
            record.text()
        );
        assert_eq!(judged.summary(), verdict.summary(), "fmt wrote {text:?}");
        let tags = |r: &Record| {
            let mut tags: Vec<(String, String)> = (r.tags.iter())
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
            tags.sort();
            tags
        };
        assert_eq!(tags(&again), tags(&record), "fmt wrote {text:?}");
        let twice = kifu::collection::format::format_record(&again, &judged, 79);
        assert_eq!(twice, text, "fmt of fmt's text differs");
    }
}

/// `kifu html`'s page writer on any bytes: no panic; the page is one
/// frame with a JSON script element per record parsed and one of the
/// lines, none holding a `<`; each game's element reads as the game, its
/// boards (edits from the one before) decode to the pictures drawn, and
/// every picture's lines are on the page.
pub fn page(data: &[u8]) {
    use kifu::page::{PageGame, PageWriter};
    let mut out = Vec::new();
    let mut games = Vec::new();
    let mut writer = PageWriter::new(&mut out, None);
    let mut reader = RecordReader::new(data);
    while let Ok(Some(raw)) = reader.next_raw() {
        let Ok(raw) = raw else { continue };
        let Ok(record) = raw.parse() else { continue };
        let game = PageGame::of_record("fuzz.kifu", &record, &mut writer.lines);
        writer
            .game(&game)
            .unwrap_or_else(|e| panic!("writing to memory: {e}"));
        games.push(game);
    }
    let lines = serde_json::to_value(&writer.lines).unwrap_or_else(|e| panic!("{e}"));
    writer
        .finish()
        .unwrap_or_else(|e| panic!("writing to memory: {e}"));
    let page = String::from_utf8(out).unwrap_or_else(|e| panic!("the page is not UTF-8: {e}"));
    let elements: Vec<&str> = page
        .split("<script type=\"application/json\"")
        .skip(1)
        .collect();
    assert_eq!(
        elements.len(),
        games.len() + 1,
        "one element a game, and the lines"
    );
    let content = |element: &str| -> serde_json::Value {
        let (_, rest) = element
            .split_once('>')
            .unwrap_or_else(|| panic!("no element"));
        let (json, _) = rest
            .split_once("</script>")
            .unwrap_or_else(|| panic!("unclosed"));
        assert!(!json.contains('<'), "a '<' in a script element: {json:?}");
        serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON ({e}): {json:?}"))
    };
    let shown = content(elements[games.len()]);
    assert_eq!(
        shown, lines,
        "the lines on the page are not the pictures' lines"
    );
    let shown = shown.as_array().map_or(0, Vec::len);
    for (game, element) in games.iter().zip(&elements) {
        let json = content(element);
        assert_eq!(json["verdict"], game.verdict.as_str());
        let tags: Vec<(String, String)> =
            serde_json::from_value(json["tags"].clone()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tags, game.tags);
        let boards: Vec<Vec<i64>> =
            serde_json::from_value(json["boards"].clone()).unwrap_or_else(|e| panic!("{e}"));
        let mut before: Vec<i64> = Vec::new();
        for (board, drawn) in boards.iter().zip(&game.boards) {
            before = decoded(&before, board);
            let drawn: Vec<i64> = drawn.iter().map(|&n| i64::from(n)).collect();
            assert_eq!(before, drawn, "a board decodes to another picture");
            assert!(drawn.iter().all(|&n| (n as usize) < shown));
        }
        assert_eq!(boards.len(), game.boards.len());
    }
}

/// A board of the page from the one before: a whole one, or `-1` and
/// groups of `copy skip add line...`, the rest of `before` copied at the
/// end (as the page's script reads it).
fn decoded(before: &[i64], board: &[i64]) -> Vec<i64> {
    if board.first() != Some(&-1) {
        return board.to_vec();
    }
    let (mut out, mut at, mut rest) = (Vec::new(), 0, &board[1..]);
    while let [copy, skip, add, more @ ..] = rest {
        let (copy, skip, add) = (*copy as usize, *skip as usize, *add as usize);
        out.extend_from_slice(&before[at..at + copy]);
        at += copy + skip;
        out.extend_from_slice(&more[..add]);
        rest = &more[add..];
    }
    assert!(rest.is_empty(), "an edit's groups end short");
    out.extend_from_slice(&before[at..]);
    out
}
