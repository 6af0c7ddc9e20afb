"""kifu.read and kifu.validate: every fixture read, its verdicts those of
`kifu validate --format json`; records written back as `kifu fmt` writes
them, and to and from `kifu json`; compressed files and file objects read
one record at a time."""

import bz2
import gzip
import io
import lzma
import subprocess
import sys

import pytest
import zstandard

import kifu
from conftest import FIXTURES, ROOT, cli_json_lines


def fixture_files():
    return sorted(str(p.relative_to(ROOT)) for p in FIXTURES.rglob("*.kifu"))


def test_every_fixture_has_the_verdicts_of_the_command_line(kifu_bin, monkeypatch):
    monkeypatch.chdir(ROOT)
    files = fixture_files()
    assert len(files) > 300
    expected = cli_json_lines(kifu_bin, "validate", "--format", "json", "-j", "1", *files)
    got = [verdict for path in files for verdict in kifu.validate(path)]
    assert len(got) == len(expected)
    for mine, theirs in zip(got, expected):
        assert mine == theirs


def test_every_fixture_reads_as_kifu_json_writes_it(kifu_bin, monkeypatch):
    monkeypatch.chdir(ROOT)
    files = fixture_files()
    expected = cli_json_lines(kifu_bin, "json", *files)
    got = [record.json() for path in files for record in kifu.read(path)]
    assert got == expected


def test_a_record_has_its_tags_main_line_variations_comments_and_glyphs():
    path = FIXTURES / "mana" / "valid" / "variations-first-and-last-moves.kifu"
    (record,) = kifu.read(path)
    assert record.tags["Game"] == "mana"
    assert record.tags == {"Game": "mana", "Setup": "c1 f6"}
    assert record.mainline()[:4] == ["f1-f3", "a6-a5", "a1-b3", "e6-e5"]
    first = record.json()["moves"][0]
    assert [m["normalized"] for m in first["variations"][0]] == ["c1-c3", "d6-e4"]
    annotated = next(
        r for p in sorted((FIXTURES / "mana" / "valid").glob("annotated*.kifu")) for r in kifu.read(p)
    )
    nodes = annotated.json()["moves"]
    assert any(n.get("comments") for n in nodes)


def test_a_game_won_off_the_board_has_its_declared_winner_as_its_result():
    """A resignation recorded either way: the result and the winner are
    those declared, decided off the board, as on the command line."""
    moves = "1. c1-d2 d6-f5 2. b1-c2"
    for tags, end in [('[Result "W+"]\n', "*"), ("", "W+")]:
        text = f'[Game "mana"]\n[Setup "f1 c6"]\n[Termination "resign"]\n{tags}\n{moves} {end}\n'
        (record,) = kifu.read(io.BytesIO(text.encode()))
        verdict = record.validate()
        assert verdict["valid"], verdict
        assert verdict["result"] == "W+"
        assert verdict["outcome"] == {
            "result": "W+",
            "winner": "White",
            "reason": "resign",
            "decided": "off-board",
        }
        assert record.format().endswith(f"{moves} W+\n")


def test_a_record_becomes_a_game_at_any_ply(kifu_bin):
    """As python-chess's `game.board()`: the game after any ply of the
    main line, to go on with; an invalid record's line stops at its fault."""
    (record,) = kifu.read(FIXTURES / "mana" / "valid" / "black-wins.kifu")
    line = record.mainline()
    assert len(line) == 23
    end = record.game()
    assert end.is_game_over() and end.result() == "B+"
    assert str(end.peek()) == line[-1]
    fourth = record.game(4)
    assert [str(m) for m in fourth.moves] == line[:4]
    assert fourth.result() == "*" and not fourth.is_game_over()
    fourth.push(line[4])
    assert fourth.position() == record.game(5).position()
    moves = subprocess.run(
        [kifu_bin, "moves", str(FIXTURES / "mana" / "valid" / "black-wins.kifu"), "--ply", "4"],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert [str(m) for m in record.game(4).legal_moves()] == moves
    assert record.game(0).moves == []
    with pytest.raises(IndexError, match="the main line has 23 plies, not 24"):
        record.game(24)
    with pytest.raises(IndexError):
        kifu.Game("mana").peek()
    # Up to the fault: 1. a1-c2 a6-a5 2. c2-c4 is refused.
    (bad,) = kifu.read(io.BytesIO(b'[Game "mana"]\n[Setup "b1 c6"]\n\n1. a1-c2 a6-a5 2. c2-c4 c6-c5 *\n'))
    assert bad.mainline() == ["a1-c2", "a6-a5"]
    assert bad.game().moves == ["a1-c2", "a6-a5"]


def test_the_package_has_its_version_and_start_errors_cite_no_file():
    import importlib.metadata

    assert kifu.__version__ == importlib.metadata.version("kifu")
    assert kifu.__version__.count(".") == 2
    with pytest.raises(ValueError) as refused:
        kifu.Game("mana", setup="c1")
    assert str(refused.value) == 'tag Setup: "c1": expected two squares, Black\'s Daimyo then White\'s, like "c1 c6"'


def test_writing_back_gives_what_kifu_fmt_gives(kifu_bin):
    for path in sorted((FIXTURES / "shogun" / "valid").glob("*.kifu"))[:10]:
        fmt = subprocess.run([kifu_bin, "fmt", str(path)], capture_output=True, text=True).stdout
        written = "\n".join(record.format() for record in kifu.read(path))
        assert written == fmt, path


def test_json_goes_there_and_back_as_kifu_json_and_kifu_import(kifu_bin, tmp_path):
    path = FIXTURES / "lotus" / "valid"
    for file in sorted(path.glob("*.kifu"))[:10]:
        for record in kifu.read(file):
            again = kifu.Record.from_json(record.to_json())
            assert again.mainline() == record.mainline()
            assert again.tags == record.tags
            imported = subprocess.run(
                [kifu_bin, "import"], input=record.to_json(), capture_output=True, text=True
            ).stdout
            assert again.text() == imported


def test_compressed_files_and_file_objects_are_read(tmp_path):
    text = (FIXTURES / "examples" / "mana.kifu").read_bytes()
    plain = [r.mainline() for r in kifu.read(FIXTURES / "examples" / "mana.kifu")]
    assert len(plain) > 1
    (tmp_path / "m.kifu.gz").write_bytes(gzip.compress(text))
    (tmp_path / "m.kifu.bz2").write_bytes(bz2.compress(text))
    (tmp_path / "m.kifu.xz").write_bytes(lzma.compress(text) + lzma.compress(b"\n"))
    half = len(text) // 2
    zstd = zstandard.ZstdCompressor()
    (tmp_path / "m.kifu.zst").write_bytes(zstd.compress(text[:half]) + zstd.compress(text[half:]))
    for name in ["m.kifu.gz", "m.kifu.bz2", "m.kifu.xz", "m.kifu.zst"]:
        assert [r.mainline() for r in kifu.read(tmp_path / name)] == plain
        assert [r.mainline() for r in kifu.read(str(tmp_path / name))] == plain
    assert [r.mainline() for r in kifu.read(io.BytesIO(gzip.compress(text)))] == plain
    assert [r.mainline() for r in kifu.read(io.BytesIO(bz2.compress(text)))] == plain
    assert kifu.validate(io.BytesIO(lzma.compress(text))) == kifu.validate(io.BytesIO(text))
    assert [r.mainline() for r in kifu.read(io.BytesIO(text))] == plain
    assert [r.mainline() for r in kifu.read(io.StringIO(text.decode()))] == plain
    with open(FIXTURES / "examples" / "mana.kifu", "rb") as f:
        assert [r.file for r in kifu.read(f)] == [str(FIXTURES / "examples" / "mana.kifu")] * len(plain)


def test_an_unreadable_record_has_its_verdict_and_a_missing_file_raises(kifu_bin, tmp_path):
    bad = tmp_path / "bad.kifu"
    bad.write_text('[Game "mana"\n\n1. c1-c3 *\n')
    (record,) = kifu.read(bad)
    verdict = record.validate()
    assert verdict["valid"] is False
    assert verdict == cli_json_lines(kifu_bin, "validate", "--format", "json", str(bad))[0]
    assert record.json() == cli_json_lines(kifu_bin, "json", str(bad))[0]
    with pytest.raises(ValueError):
        record.format()
    with pytest.raises(OSError, match="no such file"):
        kifu.read(tmp_path / "absent.kifu")


def test_a_long_file_is_read_one_record_at_a_time(tmp_path, kifu_bin):
    path = tmp_path / "many.kifu"
    with open(path, "w") as out:
        subprocess.run([kifu_bin, "random", "mana", "--seed", "1", "--count", "2000"], stdout=out, check=True)
    reader = kifu.read(path)
    first = next(reader)
    assert first.is_valid()
    rest = sum(1 for _ in reader)
    assert rest == 1999
    assert list(reader) == []


SHARED_READER = """
import io, sys, threading
import kifu

data = open(sys.argv[1], "rb").read()
# A Python file object: the reading thread needs the interpreter to read it.
reader = kifu.read(io.BytesIO(data))
taken = [[], []]

def take(mine):
    for record in reader:
        mine.append(record.text())

threads = [threading.Thread(target=take, args=(mine,)) for mine in taken]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(len(taken[0]) + len(taken[1]), len(set(taken[0]) | set(taken[1])), min(map(len, taken)))
"""


def test_one_reader_shared_by_two_threads_gives_each_record_once(tmp_path, kifu_bin):
    path = tmp_path / "many.kifu"
    with open(path, "w") as out:
        subprocess.run([kifu_bin, "random", "mana", "--seed", "3", "--count", "3000"], stdout=out, check=True)
    # In a process of its own: a deadlock freezes every thread of its
    # interpreter, this test's too, which the timeout ends.
    done = subprocess.run(
        [sys.executable, "-c", SHARED_READER, str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    total, distinct, fewest = map(int, done.stdout.split())
    assert (total, distinct) == (3000, 3000)


class Raising(io.RawIOBase):
    """A binary file object that gives `data`, then raises `error`."""

    def __init__(self, data, error):
        self.data, self.error = data, error

    def readable(self):
        return True

    def read(self, size=-1):
        if self.data:
            chunk, self.data = self.data[:size], self.data[size:]
            return chunk
        raise self.error


def test_what_a_file_object_raises_passes_through_unchanged():
    text = (FIXTURES / "examples" / "mana.kifu").read_bytes()
    with pytest.raises(KeyboardInterrupt):
        kifu.read(Raising(b"", KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        list(kifu.read(Raising(text, KeyboardInterrupt())))
    refused = PermissionError(13, "not today")
    with pytest.raises(PermissionError) as caught:
        list(kifu.read(Raising(text * 50, refused)))
    assert caught.value is refused
    reader = kifu.read(Raising(text * 50, ValueError("a bad chunk")))
    with pytest.raises(ValueError, match="a bad chunk"):
        for _ in reader:
            pass
    assert list(reader) == []
